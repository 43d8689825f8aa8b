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
HIDDEN_TEXT = f'"{HIDDEN}"'  # (in JSON)


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
        "held": held_seen(state, player),
        "grids": grids,
        "caller": state.caller,
        "snap_open": state.window,
    }
    if state.result is not None:
        out["scores"] = list(state.result.scores)
        out["winners"] = list(state.result.winners)
    return out


def held_seen(state: State, player: int) -> str | None:
    """The card in hand as `player` sees it: the one taken from the pile is seen by all,
    the one drawn from the deck by the player whose turn it is only."""
    if state.held is None:
        return None
    if state.held_from == "discard" or (player == state.current and state.held_from is not None):
        return state.held.code
    return None


def views_text(state: State) -> str:
    """Every player's view, seat 0 first, as compact JSON text: the very text of
    ``json.dumps([view(state, p) for p in range(state.n)], separators=(",", ":"))``,
    written directly (the parts every view shares once, each grid cell as seen by
    each player). The harness expects it of an implementation's `views` reply.

    >>> from cambio_ref.rules import resolve
    >>> from cambio_ref.state import new_round
    >>> import json
    >>> s = new_round(resolve("online"), 3, seed=5)
    >>> views_text(s) == json.dumps([view(s, p) for p in range(3)], separators=(",", ":"))
    True
    """
    over = state.phase == OVER

    def text(value: Any) -> str:  # (ints, None, card codes and phase names only)
        return "null" if value is None else f'"{value}"' if isinstance(value, str) else str(value)

    middle = (f',"phase":"{state.phase}","current":{state.current},"dealer":{state.dealer},'
              f'"deck":{len(state.deck)},'
              f'"pile_top":{text(state.pile[-1].code if state.pile else None)},'
              f'"pile_size":{len(state.pile)},"held":')
    end = f',"caller":{text(state.caller)},"snap_open":{"true" if state.window else "false"}'
    if state.result is not None:
        end += (f',"scores":[{",".join(map(str, state.result.scores))}],'
                f'"winners":[{",".join(map(str, state.result.winners))}]')
    end += "}"
    # each seat's cells: the text when seen, and who sees it (an empty slot: everyone);
    # the row as shown to a player who sees none of its cards; who sees any of them
    everyone = -1 if over else 0
    seats = []
    for grid, knowns in zip(state.grids, state.known, strict=True):
        cells = [("null", -1) if c is None else (f'"{c.code}"', known | everyone)
                 for c, known in zip(grid, knowns, strict=True)]
        blind = "[" + ",".join(["null" if c is None else HIDDEN_TEXT for c in grid]) + "]"
        seeing = 0
        for c, known in zip(grid, knowns, strict=True):
            if c is not None:
                seeing |= known | everyone
        seats.append((cells, blind, seeing))
    out = []
    for player in range(state.n):
        bit = 1 << player
        grids = ",".join([
            blind if not seeing & bit
            else "[" + ",".join([shown if known & bit else HIDDEN_TEXT
                                 for shown, known in cells]) + "]"
            for cells, blind, seeing in seats])
        out.append(f'{{"player":{player}{middle}{text(held_seen(state, player))},'
                   f'"grids":[{grids}]{end}')
    return "[" + ",".join(out) + "]"
