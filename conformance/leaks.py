"""Information hiding, checked on the whole view: no field may show a card its player has not seen.

The reference's view says what a player may know. `secrets` lists the cards
the player must not know now: the grid cards it has not seen, a held card it
may not see, and the deck (until a reshuffle brings seen cards back into it).
`leak` finds any of them in the implementation's view: in a grid slot or the
held card, and in every string of every field that differs from the
reference's, extra fields included, at any depth. Card codes are found as
whole upper-case words (``KD``, ``10H``); jokers (``X``) are too ambiguous in
text to look for.

>>> leak({"player": 0, "grids": [["?"], ["?"]], "held": None},
...      {"player": 0, "grids": [["?"], ["?"]], "held": None, "x_debug": {"next": "KD then 5H"}},
...      frozenset({"KD"}))
"player 0's view shows KD in x_debug.next, which player 0 has not seen"
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from cambio_ref.state import OVER, State
from cambio_ref.views import HIDDEN

CARD = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9AJQK])[SHDC](?![A-Za-z0-9])")


def _strings(value: Any, path: str) -> Iterator[tuple[str, str]]:
    """Every string in a JSON value (keys too), with where it is."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            where = f"{path}.{key}"
            yield where, str(key)
            yield from _strings(item, where)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _strings(item, f"{path}[{i}]")


def secrets(state: State, player: int, seen: dict[str, Any]) -> frozenset[str]:
    """The cards `player` must not learn from a view now (`seen` is the reference's view):
    codes that the view shows legitimately are left out (two decks may share a code)."""
    bit = 1 << player
    hidden: set[str] = set()
    if state.phase != OVER:
        for grid, knowns in zip(state.grids, state.known, strict=True):
            hidden.update(c.code for c, known in zip(grid, knowns, strict=True)
                          if c is not None and not known & bit)
    if state.held is not None and seen.get("held") is None:
        hidden.add(state.held.code)
    if not state.reshuffles:
        hidden.update(card.code for card in state.deck)
    shown = {text for _, text in _strings(seen, "view")}
    return frozenset(hidden - shown)


def leak(expected: dict[str, Any], actual: dict[str, Any], hidden: frozenset[str]) -> str | None:
    """A card of `hidden` (see `secrets`) that the implementation's view shows, if any."""
    player = expected.get("player")
    grids = actual.get("grids")
    if isinstance(grids, list) and isinstance(expected.get("grids"), list):
        for owner, (want_grid, got_grid) in enumerate(zip(expected["grids"], grids, strict=False)):
            if not isinstance(got_grid, list):
                continue
            for slot, (want, got) in enumerate(zip(want_grid, got_grid, strict=False)):
                if want == HIDDEN and got not in (HIDDEN, None):
                    return (f"player {player}'s view shows {got} at player {owner}'s slot {slot},"
                            f" which player {player} has not seen")
    if expected.get("held") is None and actual.get("held") not in (None, HIDDEN):
        return f"player {player}'s view shows the card in another player's hand ({actual['held']})"
    for key, value in actual.items():
        if key in expected and expected[key] == value:
            continue
        for where, text in _strings(value, str(key)):
            for code in CARD.findall(text):
                if code in hidden:
                    return f"player {player}'s view shows {code} in {where}, which player" \
                           f" {player} has not seen"
    return None
