"""The cards conserved: the table as the implementation's own events move the cards.

`Table` starts from the deal the deck order makes (core.deal: `cambio_ref.state.dealt_slots`,
where the reference's deal puts each card; never the reference's state) and
applies every event the implementation sends: who holds which card where, who knows it
(the events' ``visible_to``), the deck and the pile. An event that moves a card from a
place that does not hold it (a drawn card that is not the deck's top, a discard the
hand does not hold, a snapped card that is not in its slot) is a ``cards`` violation of
core.deal; the table then follows the event, so one fault is reported once, not at every
later step. A snapshot is checked against it and, where they differ, taken over.

>>> from cambio_ref.rules import resolve
>>> from conformance.properties.violation import Violations
>>> rules = resolve("online")
>>> deck = [c.code for c in rules.deck(2)]
>>> table = Table(rules, 2, 0, deck, 0, Violations())
>>> table.grids[1][0], table.deck[-1]  # seat 1 is dealt first; 9S is turned up
('AS', '10S')
>>> table.apply({"t": "drew", "player": 1, "card": "KD", "visible_to": [1]})
>>> table.held, [(v.name, v.rule) for v in table.report.all()]
('KD', [('cards.deck-order', 'core.deal')])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cambio_ref.flags import grid_size
from cambio_ref.rules import Rules
from cambio_ref.shuffle import shuffle
from cambio_ref.state import dealt_slots
from conformance.properties.violation import Violations

Event = Mapping[str, Any]
RULE = "core.deal"  # the deck dealt is every card of the round, in its given order


def seats(visible_to: Any) -> int:
    """The seat mask of an event's ``visible_to``.

    >>> seats([0, 2]), seats(None)
    (5, 0)
    """
    mask = 0
    for seat in visible_to if isinstance(visible_to, list) else ():
        if isinstance(seat, int) and 0 <= seat < 64:
            mask |= 1 << seat
    return mask


class Table:
    """The table as the implementation's events show it (see the module docstring)."""

    def __init__(self, rules: Rules, players: int, dealer: int, deck: Sequence[str],
                 seed: int, report: Violations) -> None:
        self.rules, self.n, self.seed, self.report = rules, players, seed, report
        self.dealt = list(deck)  # every card of the round
        slots = dealt_slots(players, dealer)  # (the deal the deck order makes: core.deal)
        self.expected: list[list[str | None]] = [[None] * grid_size() for _ in range(players)]
        for (seat, slot), card in zip(slots, deck, strict=False):
            self.expected[seat][slot] = card
        top = len(slots) + (1 if rules.starting_discard else 0)
        self.grids: list[list[str | None]] = [list(g) for g in self.expected]
        self.known = [[0] * len(g) for g in self.grids]
        self.pile = list(deck[len(slots):top])  # bottom first
        self.deck = list(deck[top:])[::-1]  # top LAST (as the reference keeps it)
        self.held: str | None = None
        self.held_by: int | None = None
        self.held_seen = 0  # the seats the event that gave the card in hand showed it to
        self.loose: dict[tuple[int, int], str] = {}  # swapped out, not yet discarded
        self.reshuffles = 0
        self.over = False
        self.faulty = False  # an event moved a card from where it was not
        self.changed: set[int] = set()  # seats whose grid the last reply changed
        self._apply: dict[str, Callable[[Event], None]] = {
            "dealt": self._dealt, "turned_up": self._turned_up, "peeked": self._look,
            "looked": self._look, "drew": self._drew, "took": self._took,
            "swapped": self._swapped, "discarded": self._discarded,
            "power_swapped": self._power_swapped, "snapped": self._snapped,
            "snap_late": self._revealed, "snap_wrong": self._revealed,
            "took_wrong": self._took_wrong, "penalty": self._penalty, "gave": self._gave,
            "reshuffled": self._reshuffled, "round_over": self._round_over}

    def wrong(self, what: str, message: str, rule: str = RULE) -> None:
        self.faulty = True
        self.report.add(f"cards.{what}", rule, message)

    def cards(self, seat: int) -> int:
        """How many cards `seat` holds in its grid."""
        return sum(c is not None for c in self.grids[seat])

    def apply(self, event: Event) -> None:
        """Move the cards as `event` says (an event that names no slot of the table is a
        violation of core.slots, and changes nothing)."""
        handler = self._apply.get(str(event.get("t")))
        if handler is None:
            return
        try:
            handler(event)
        except (IndexError, KeyError, TypeError, ValueError):
            self.wrong("slot", f"a {event.get('t')} event names a place the table does not"
                       f" have: {dict(event)}", "core.slots")

    # -- where a card comes from -----------------------------------------------------

    def _at(self, pos: Any, card: Any, what: str) -> None:
        """Check that the grid holds `card` at `pos` (``[owner, slot]``)."""
        owner, slot = pos
        there = self.grids[owner][slot]
        if there != card:
            self.wrong("moved", f"a {what} event names {card} at seat {owner} slot {slot},"
                       f" where the implementation's events put {there}")

    def _put(self, owner: int, slot: int, card: Any, known: int) -> None:
        grid, knowers = self.grids[owner], self.known[owner]
        if slot < 0 or slot > 64:
            raise IndexError(slot)
        while len(grid) <= slot:
            grid.append(None)
            knowers.append(0)
        grid[slot], knowers[slot] = card, known
        self.changed.add(owner)

    def _from_deck(self, card: Any, what: str) -> None:
        """Take `card` off the deck: it must be the top card."""
        if self.deck and self.deck[-1] == card:
            self.deck.pop()
            return
        top = self.deck[-1] if self.deck else "none (the deck is empty)"
        self.wrong("deck-order", f"{what} {card}: the deck's top card is {top} (the deck"
                   " order is given, and cards are drawn from the top)")
        if card in self.deck:
            self.deck.remove(card)

    # -- the events --------------------------------------------------------------------

    def _dealt(self, e: Event) -> None:
        seat, slot, card = e["player"], e["slot"], e["card"]
        want = self.expected[seat][slot]
        if card != want:
            self.wrong("deal", f"seat {seat} slot {slot} is dealt {card}; the deck order"
                       f" deals {want} there")
        self._put(seat, slot, card, seats(e.get("visible_to")))

    def _turned_up(self, e: Event) -> None:
        if self.pile[-1:] != [e["card"]]:
            self.wrong("deal", f"{e['card']} is turned up; the deck order turns up"
                       f" {self.pile[-1] if self.pile else 'no card'}")
            self.pile = [e["card"]]

    def _look(self, e: Event) -> None:
        owner, slot = e["owner"], e["slot"]
        self._at((owner, slot), e["card"], str(e["t"]))
        self.known[owner][slot] |= seats(e.get("visible_to"))

    def _drew(self, e: Event) -> None:
        self._from_deck(e["card"], "drew")
        self.held, self.held_by, self.held_seen = e["card"], e["player"], seats(e.get("visible_to"))

    def _took(self, e: Event) -> None:
        card = e["card"]
        if self.pile[-1:] != [card]:
            self.wrong("moved", f"took {card}, but the top discard is"
                       f" {self.pile[-1] if self.pile else 'none'}")
            if card in self.pile:
                self.pile.remove(card)
        else:
            self.pile.pop()
        self.held, self.held_by, self.held_seen = card, e["player"], seats(e.get("visible_to"))

    def _play_held(self, card: Any, what: str) -> None:
        if self.held != card:
            self.wrong("moved", f"{what} {card}, but the card in hand is {self.held}")
        self.held = self.held_by = None
        self.held_seen = 0

    def _swapped(self, e: Event) -> None:
        seat, slot, card = e["player"], e["slot"], e["card"]
        self._play_held(card, "swapped in")
        old = self.grids[seat][slot]
        if old is not None:
            self.loose[(seat, slot)] = old
        self._put(seat, slot, card, seats(e.get("visible_to")))

    def _discarded(self, e: Event) -> None:
        card, source = e["card"], e.get("from")
        if source is None:
            self._play_held(card, "discarded")
        else:
            old = self.loose.pop((source[0], source[1]), None)
            if old != card:
                self.wrong("moved", f"discarded {card} from seat {source[0]} slot {source[1]},"
                           f" which held {old}")
        self.pile.append(card)

    def _power_swapped(self, e: Event) -> None:
        (oa, sa), (ob, sb) = e["a"], e["b"]
        ga, gb, ka, kb = self.grids[oa], self.grids[ob], self.known[oa], self.known[ob]
        ga[sa], gb[sb] = gb[sb], ga[sa]
        ka[sa], kb[sb] = kb[sb], ka[sa]
        cards = e.get("cards")
        if cards != [ga[sa], gb[sb]]:
            self.wrong("moved", f"power_swapped says {cards} now lie at {[oa, sa]} and"
                       f" {[ob, sb]}; the events put {[ga[sa], gb[sb]]} there")
        seen = seats(e.get("visible_to"))
        ka[sa] |= seen
        kb[sb] |= seen
        self.changed.update((oa, ob))

    def _snapped(self, e: Event) -> None:
        for pos, card in zip(e["targets"], e["cards"], strict=True):
            self._at(pos, card, "snapped")
            self._put(pos[0], pos[1], None, 0)
            self.pile.append(card)

    def _revealed(self, e: Event) -> None:
        # the card stays in its slot, so whoever knew it still does (protocol.md,
        # knowledge rules: a card is known until it leaves its slot); the event only adds
        # the seats it showed the card to
        seen = seats(e.get("visible_to"))
        for pos, card in zip(e["targets"], e["cards"], strict=True):
            self._at(pos, card, str(e["t"]))
            self.known[pos[0]][pos[1]] |= seen

    def _took_wrong(self, e: Event) -> None:
        owner, slot = e["from"]
        self._at((owner, slot), e["card"], "took_wrong")
        self._put(owner, slot, None, 0)
        self._put(e["player"], e["slot"], e["card"], seats(e.get("visible_to")))

    def _penalty(self, e: Event) -> None:
        self._from_deck(e["card"], "a penalty of")
        seat, slot = e["player"], e["slot"]
        if slot < len(self.grids[seat]) and self.grids[seat][slot] is not None:
            self.wrong("moved", f"a penalty card goes to seat {seat} slot {slot}, which holds"
                       f" {self.grids[seat][slot]}")
        self._put(seat, slot, e["card"], seats(e.get("visible_to")))

    def _gave(self, e: Event) -> None:
        if e.get("slot") is None:
            return
        seat, slot, (owner, gap) = e["player"], e["slot"], e["to"]
        self._at((seat, slot), e["card"], "gave")
        known = self.known[seat][slot]
        self._put(seat, slot, None, 0)
        self._put(owner, gap, e["card"], known | seats(e.get("visible_to")))

    def _reshuffled(self, e: Event) -> None:
        order = list(e["order"])
        kept = self.pile[-1:] if len(order) == len(self.pile) - 1 else []
        cards = self.pile[:len(self.pile) - len(kept)]
        self.reshuffles += 1
        if Counter(order) != Counter(cards):
            self.wrong("reshuffle", f"the reshuffled deck holds {len(order)} cards that are"
                       f" not the {len(cards)} of the discard pile", "deck.empty")
        elif order != shuffle(cards, self.seed, self.reshuffles):
            self.wrong("reshuffle-order", "the reshuffled deck is not in the order the seed"
                       f" gives (reshuffle {self.reshuffles}, spec/shuffle.yaml)")
        self.pile = kept
        self.deck = order[::-1]

    def _round_over(self, e: Event) -> None:
        self.over = True
        grids = e.get("grids")
        if grids != self.grids and isinstance(grids, list):
            self.wrong("revealed", "the round's end shows other grids than the events built:"
                       f" {grids} against {self.grids}")
            self.grids = [list(g) if isinstance(g, list) else [] for g in grids]
            self.known = [[0] * len(g) for g in self.grids]

    # -- the snapshot ------------------------------------------------------------------

    def snapshot(self, state: Mapping[str, Any]) -> None:
        """Check a snapshot (deck top first, pile, grids, held): the dealt cards and
        nothing else, where the events put them. Where it differs, it is taken over."""
        deck, pile, grids, held = (state.get(k) for k in ("deck", "pile", "grids", "held"))
        if not isinstance(deck, list) or not isinstance(pile, list) \
                or not isinstance(grids, list) or not all(isinstance(g, list) for g in grids):
            return
        if not self.faulty and held == self.held and pile == self.pile and \
                grids == self.grids and deck == self.deck[::-1]:
            return  # (the table the events built: conserved, as no event moved a card wrong)
        cards = [*deck, *pile, *(c for g in grids for c in g if c is not None)]
        if held is not None:
            cards.append(held)
        have, want = Counter(cards), Counter(self.dealt)
        if have != want:
            lost, extra = sorted((want - have).elements()), sorted((have - want).elements())
            self.report.add("cards.conserved", RULE, f"the snapshot holds {len(cards)} cards for a"
                       f" {len(self.dealt)}-card deck (missing {lost or 'none'}, extra"
                       f" {extra or 'none'})")
        mine = {"deck": self.deck[::-1], "pile": self.pile, "grids": self.grids,
                "held": self.held}
        for key in ("deck", "pile", "grids", "held"):
            if state.get(key) != mine[key]:
                self.report.add(f"consistency.snapshot-{key}", RULE,
                                f"the snapshot's {key} is {state.get(key)}; the"
                                f" implementation's events put {mine[key]} there")
        self.deck, self.pile = list(deck[::-1]), list(pile)
        if grids != self.grids:
            self.grids = [list(g) for g in grids]
            self.known = [(k + [0] * len(g))[:len(g)] for k, g in zip(self.known, grids,
                                                                    strict=False)]
        if held != self.held:
            self.held = held
