"""The reference's legal actions in the protocol's JSON form, built block by block.

Where everyone may snap anyone's cards under multi-burn, a `legal` reply lists
thousands of snaps (up to 270 kB at 8 players), and from one step to the next
they are mostly the same: `cambio_ref.engine.legal_blocks` hands each player's
snaps over as one remembered tuple. Their JSON (`legal_json`, for in-process use
and diagnosis) and their encoded text (`legal_text`: the bytes `cambio serve`
writes and the harness expects from an implementation that encodes as the
reference does) are remembered per block, so a step costs a few joins instead of
thousands of conversions. The other blocks (a turn's actions, made anew at every
step) are converted directly: remembering them would only push the snaps out.

>>> from cambio_ref.rules import resolve
>>> from cambio_ref.state import new_round
>>> from cambio_ref.engine import legal_blocks
>>> blocks = legal_blocks(new_round(resolve("online"), 2, seed=1))
>>> actions = legal_json(blocks)
>>> actions[:2]
[{'t': 'peek', 'player': 0, 'slot': 2}, {'t': 'peek', 'player': 0, 'slot': 3}]
>>> import json
>>> legal_text(blocks) == json.dumps(actions, separators=(",", ":")).encode()
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cambio_ref.actions import Action, action_json, action_to_json
from cambio_ref.memo import per_object
from conformance.strict_json import encode_compact


@per_object(limit=1024)
def _block_json(block: tuple[Action, ...]) -> list[dict[str, Any]]:
    return [action_json(a) for a in block]


@per_object(limit=4096)
def _block_text(block: tuple[Action, ...]) -> bytes:
    return encode_compact([action_to_json(a) for a in block])[1:-1].encode()


def _json(block: Sequence[Action]) -> list[dict[str, Any]]:
    return _block_json(block) if isinstance(block, tuple) else [action_to_json(a) for a in block]


def legal_json(blocks: Sequence[Sequence[Action]]) -> list[dict[str, Any]]:
    """The legal actions of `blocks` (`cambio_ref.engine.legal_blocks`), in order, as
    protocol JSON (the dicts are shared: the caller must not change them)."""
    out: list[dict[str, Any]] = []
    for block in blocks:
        out.extend(_json(block))
    return out


def legal_text(blocks: Sequence[Sequence[Action]]) -> bytes:
    """`legal_json(blocks)` in its compact encoding, as `cambio serve` writes it."""
    pieces = [_block_text(block) if isinstance(block, tuple)
              else encode_compact([action_to_json(a) for a in block])[1:-1].encode()
              for block in blocks]
    return b"[" + b",".join(piece for piece in pieces if piece) + b"]"
