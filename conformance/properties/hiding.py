"""Information hiding, from the implementation's own events: a view shows a card only to
a seat that one of its events showed it to (``visible_to``), and the card in hand only
to a seat the event that gave it (``drew`` or ``took``) showed it to. Until the round is
over: then every card is shown. The rule is info.open-hands, the option that decides who
sees a grid card.

>>> from cambio_ref.rules import resolve
>>> from conformance.properties.cards import Table
>>> from conformance.properties.violation import Violations
>>> rules = resolve("online")
>>> table = Table(rules, 2, 0, [c.code for c in rules.deck(2)], 0, Violations())
>>> table.apply({"t": "peeked", "player": 1, "owner": 1, "slot": 2, "card": "5S",
...              "visible_to": [1]})
>>> view = {"grids": [["?"] * 4, ["?", "?", "5S", "?"]], "held": None}
>>> leaks(view, 1, table), leaks(view, 0, table)
(None, "seat 0's view shows 5S at seat 1 slot 2, which none of the events showed seat 0")
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cambio_ref.views import HIDDEN
from conformance.properties.cards import Table

RULE = "info.open-hands"


def leaks(view: Mapping[str, Any], seat: int, table: Table) -> str | None:
    """What `seat`'s view shows that the events never showed that seat, if anything."""
    if table.over:
        return None
    bit = 1 << seat
    grids = view.get("grids")
    for owner, row in enumerate(grids if isinstance(grids, list) else ()):
        if owner >= len(table.known) or not isinstance(row, list):
            continue
        known = table.known[owner]
        for slot, cell in enumerate(row):
            if cell is None or cell == HIDDEN:
                continue
            if slot >= len(known) or not known[slot] & bit:
                return (f"seat {seat}'s view shows {cell} at seat {owner} slot {slot}, which"
                        f" none of the events showed seat {seat}")
    held = view.get("held")
    if held is not None and not table.held_seen & bit:
        return (f"seat {seat}'s view shows the card in hand, {held}, which no drew or took"
                f" event showed seat {seat}")
    return None
