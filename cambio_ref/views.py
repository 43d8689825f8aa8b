"""What one player may see: `view(state, player)`.

A view shows a grid card only if that player legitimately knows it (peeked,
looked, saw it revealed or taken from the pile, or open hands); every other card
is ``"?"`` and an empty slot is ``None``.

>>> from cambio_ref.rules import resolve
>>> from cambio_ref.state import new_round
>>> s = new_round(resolve("online"), 2, seed=5)
>>> view(s, 0)["grids"][0]
['?', '?', '?', '?']
"""

from __future__ import annotations

from typing import Any

from cambio_ref.state import OVER, State

HIDDEN = "?"


def view(state: State, player: int) -> dict[str, Any]:
    """The JSON-ready view of `state` for `player`."""
    bit = 1 << player
    over = state.phase == OVER
    grids = [
        [None if c is None else (c.code if over or known & bit else HIDDEN)
         for c, known in zip(grid, knowns, strict=True)]
        for grid, knowns in zip(state.grids, state.known, strict=True)
    ]
    out: dict[str, Any] = {
        "player": player,
        "phase": state.phase,
        "current": state.current,
        "dealer": state.dealer,
        "deck": len(state.deck),
        "pile_top": state.pile[-1].code if state.pile else None,
        "pile_size": len(state.pile),
        "held": state.held.code if state.held is not None and (
            player == state.current and (state.held_from is not None)) else None,
        "grids": grids,
        "caller": state.caller,
        "snap_open": state.window,
    }
    if state.held is not None and state.held_from == "discard":
        out["held"] = state.held.code
    if state.result is not None:
        out["scores"] = list(state.result.scores)
        out["winners"] = list(state.result.winners)
    return out
