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

from collections.abc import Callable, Sequence
from typing import Any

from cambio_ref.actions import (
    Action,
    Call,
    Discard,
    Draw,
    Give,
    Look,
    Pass,
    Peek,
    PowerSwap,
    Skip,
    Snap,
    Swap,
    Take,
    action_json,
    action_to_json,
)
from cambio_ref.memo import per_object
from conformance.differences import action_key

# A block of snaps at a full table of multi-burn rules holds thousands of actions, so the
# memos below are bounded by the actions they keep alive (with their texts or dicts), not
# by blocks: at seed 19891, awareness's first fuzz shard left 290 blocks (32 MB of text,
# and their actions) in the memo of 4,096 blocks.
KEPT_ACTIONS = 1 << 15


@per_object(limit=KEPT_ACTIONS, weigh=len)
def _block_json(block: tuple[Action, ...]) -> list[dict[str, Any]]:
    return [action_json(a) for a in block]


def action_text(action: Action) -> str:
    """``encode_compact(action_to_json(action))`` for an action the engine built (its
    fields are ints), written directly: a tenth of the cost of building the dict and
    encoding it, for the thousands of actions of a big `legal` reply.

    >>> from cambio_ref.actions import Give, PowerSwap, Snap
    >>> action_text(Snap(1, ((0, 2), (3, 4))))
    '{"t":"snap","player":1,"targets":[[0,2],[3,4]]}'
    >>> action_text(PowerSwap(0, (0, 3), (1, 2))), action_text(Give(2, None))
    ('{"t":"power_swap","player":0,"a":[0,3],"b":[1,2]}', '{"t":"give","player":2,"slot":null}')
    """
    return _TEXT[type(action)](action)


def _snap_text(a: Snap) -> str:
    return f'{{"t":"snap","player":{a.player},"targets":[' \
        + ",".join([f"[{o},{s}]" for o, s in a.targets]) + "]}"


def _give_text(a: Give) -> str:
    slot = "null" if a.slot is None else a.slot
    return f'{{"t":"give","player":{a.player},"slot":{slot}}}'


def _plain_text(kind: str) -> Callable[[Any], str]:
    return lambda a: f'{{"t":"{kind}","player":{a.player}}}'


def _slot_text(kind: str) -> Callable[[Any], str]:
    return lambda a: f'{{"t":"{kind}","player":{a.player},"slot":{a.slot}}}'


_TEXT: dict[type, Callable[[Any], str]] = {
    **{cls: _plain_text(cls.kind) for cls in (Draw, Take, Pass, Call, Discard, Skip)},
    **{cls: _slot_text(cls.kind) for cls in (Peek, Swap)},
    Look: lambda a: f'{{"t":"look","player":{a.player},"owner":{a.owner},"slot":{a.slot}}}',
    PowerSwap: lambda a: (f'{{"t":"power_swap","player":{a.player},"a":[{a.a[0]},{a.a[1]}],'
                          f'"b":[{a.b[0]},{a.b[1]}]}}'),
    Snap: _snap_text,
    Give: _give_text,
}


def _text(block: Sequence[Action]) -> bytes:
    return ",".join([action_text(a) for a in block]).encode()


_block_text = per_object(limit=KEPT_ACTIONS, weigh=len)(_text)


def _json(block: Sequence[Action]) -> list[dict[str, Any]]:
    return _block_json(block) if isinstance(block, tuple) else [action_to_json(a) for a in block]


def legal_json(blocks: Sequence[Sequence[Action]]) -> list[dict[str, Any]]:
    """The legal actions of `blocks` (`cambio_ref.engine.legal_blocks`), in order, as
    protocol JSON (the dicts are shared: the caller must not change them)."""
    out: list[dict[str, Any]] = []
    for block in blocks:
        out.extend(_json(block))
    return out


def legal_keys(blocks: Sequence[Sequence[Action]]) -> list[str]:
    """The `conformance.differences.action_key` of each legal action of `blocks`, sorted:
    what a diagnosis compares an implementation's listed actions with, step after step
    (each action's key is remembered with it).

    >>> from cambio_ref.actions import Draw, Snap
    >>> legal_keys([[Draw(0)], (Snap(1, ((1, 0),)),)])
    ['{"player": 0, "t": "draw"}', '{"player": 1, "t": "snap", "targets": [[1, 0]]}']
    """
    return sorted([_key(action) for block in blocks for action in block])


@per_object(limit=KEPT_ACTIONS)
def _key(action: Action) -> str:
    return action_key(action_json(action))


def legal_text(blocks: Sequence[Sequence[Action]]) -> bytes:
    """`legal_json(blocks)` in its compact encoding, as `cambio serve` writes it."""
    pieces = [_block_text(block) if isinstance(block, tuple) else _text(block)
              for block in blocks]
    return b"[" + b",".join(piece for piece in pieces if piece) + b"]"
