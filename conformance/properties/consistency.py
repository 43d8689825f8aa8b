"""Events, views and legal actions consistent with each other.

- A view shows the table the events built: the cards where the events put them (a
  card a seat knows, shown; an empty slot, empty), the deck's and the pile's sizes,
  the top discard, and the card a seat drew in its holder's view (the rule of the
  cards: core.deal; of what a seat is shown: info.open-hands).
- A listed legal action is accepted and an unlisted one refused (a snap of more than
  two cards excepted: the listing leaves those out). The rule of a refused listed
  action is the one its rejection code stands for (spec/errors.yaml); of an accepted
  unlisted one, core.turn-sequence.
- Once the round is over, every action is refused (core.round-over).

>>> legal = Legal()
>>> legal.listed(b'[{"t":"draw","player":0},{"t":"pass","player":0}]')
>>> legal.answered({"t": "call", "player": 0}, "E_CALL_TIMING")  # unlisted, refused: right
>>> legal.answered({"t": "call", "player": 0}, None)  # unlisted, accepted
'core.turn-sequence'
>>> legal.listed(b'[{"t":"draw","player":0},{"t":"pass","player":0}]')
>>> legal.answered({"player": 0, "t": "pass"}, "E_PASS_FORBIDDEN")  # listed, refused
'turn.pass'

"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cambio_ref.actions import MalformedAction, PowerSwap, Snap, action_from_json
from cambio_ref.catalogue import load_catalogue
from cambio_ref.views import HIDDEN
from conformance.legal import action_text
from conformance.properties.cards import RULE as CARDS
from conformance.properties.cards import Table
from conformance.properties.hiding import RULE as SEEN
from conformance.properties.violation import Violations


def normal_text(action: Any) -> str | None:
    """An action in the reference's compact encoding, a snap's targets and a power swap's
    two positions in order (the listing names each once); None for a malformed action.

    >>> normal_text({"player": 1, "t": "power_swap", "b": [0, 1], "a": [1, 3]})
    '{"t":"power_swap","player":1,"a":[0,1],"b":[1,3]}'
    >>> normal_text({"t": "draw"}) is None
    True
    """
    try:
        parsed = action_from_json(action)
    except (MalformedAction, TypeError, ValueError, KeyError):
        return None
    if isinstance(parsed, Snap):
        parsed = Snap(parsed.player, tuple(sorted(parsed.targets)))
    elif isinstance(parsed, PowerSwap):
        low, high = sorted((parsed.a, parsed.b))
        parsed = PowerSwap(parsed.player, low, high)
    return action_text(parsed)


def _size(action: Mapping[str, Any]) -> int | None:
    """How many targets a snap names (None for any other action, or a malformed one)."""
    targets = action.get("targets") if action.get("t") == "snap" else None
    return len(targets) if isinstance(targets, list) else None


class Legal:
    """The last `legal` listing, checked against the reply to the next action."""

    def __init__(self) -> None:
        self._text: bytes | None = None
        self._actions: Sequence[Any] | None = None

    def listed(self, actions: bytes | Sequence[Any]) -> None:
        """The implementation's legal actions now: parsed, or as bytes when they are the
        reference's own encoding (`conformance.legal.legal_text`)."""
        if isinstance(actions, bytes):
            self._text, self._actions = actions, None
        else:
            self._text, self._actions = None, actions

    def forget(self) -> None:
        """The table changed: the listing no longer applies."""
        self._text = self._actions = None

    def _has(self, text: str, action: Mapping[str, Any]) -> bool:
        if self._text is not None:  # (the reference's own encoding: `normal_text`'s)
            return text.encode() in self._text
        # Only a listed action of the same kind and player (and, for a snap, as many
        # targets) can have the same normal text: the others are not parsed at all (a
        # table of several burns lists hundreds of snaps and swaps at every step).
        kind, player, size = action.get("t"), action.get("player"), _size(action)
        return any(normal_text(a) == text for a in self._actions or ()
                   if isinstance(a, Mapping) and a.get("t") == kind and a.get("player") == player
                   and _size(a) == size)

    def answered(self, action: Any, rejected: str | None) -> str | None:
        """The rule broken by the reply to `action` (`rejected`: the code it was refused
        with, None if accepted) against the listing, if any; the listing is then used up."""
        if self._text is None and self._actions is None:
            return None
        text = normal_text(action)
        listed = text is not None and isinstance(action, Mapping) and self._has(text, action)
        if rejected is None:
            self.forget()
            big = isinstance(action, Mapping) and action.get("t") == "snap" and \
                isinstance(action.get("targets"), list) and len(action["targets"]) > 2
            return None if listed or big else "core.turn-sequence"
        if not listed:
            return None
        code = load_catalogue().errors.get(rejected)
        return code.rule if code is not None else "core.turn-sequence"


def check_view(view: Mapping[str, Any], seat: int, table: Table, report: Violations) -> None:
    """Check that `seat`'s view shows the table the events built."""
    grids = view.get("grids")
    if not isinstance(grids, list):
        return
    bit = 1 << seat
    for owner, row in enumerate(table.grids):
        theirs = grids[owner] if owner < len(grids) and isinstance(grids[owner], list) else []
        known = table.known[owner]
        for slot in range(max(len(row), len(theirs))):
            card = row[slot] if slot < len(row) else None
            cell = theirs[slot] if slot < len(theirs) else None
            if card == cell:
                continue
            where = f"seat {owner} slot {slot}"
            if card is None or cell is None:
                report.add("consistency.view-slots", CARDS, f"seat {seat}'s view shows"
                           f" {cell or 'no card'} at {where}, where the events put"
                           f" {card or 'no card'}")
            elif cell != HIDDEN:
                report.add("consistency.view-cards", CARDS, f"seat {seat}'s view shows {cell}"
                           f" at {where}, where the events put {card}")
            elif table.over or known[slot] & bit:
                report.add("consistency.view-forgets", SEEN, f"seat {seat}'s view hides"
                           f" {card} at {where}, which "
                           + ("the round's end shows everyone" if table.over else
                              f"the events showed seat {seat}"))
            else:
                continue
            return
    counts = (("deck", len(table.deck)), ("pile_size", len(table.pile)),
              ("pile_top", table.pile[-1] if table.pile else None))
    for key, want in counts:
        if key in view and view[key] != want:
            report.add("consistency.view-table", CARDS, f"seat {seat}'s view says {key}"
                       f" {view[key]}; the events leave {want}")
            return
    if table.held is not None and table.held_by == seat and table.held_seen & bit \
            and view.get("held") != table.held:
        report.add("consistency.view-held", SEEN, f"seat {seat} drew or took {table.held},"
                   f" but its view holds {view.get('held')}")
