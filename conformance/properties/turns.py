"""The turn order, the final turns after a call, and the round's end reasons, from the
implementation's own events.

A turn shows as a ``turn`` event, or as an automatic ``called`` for a player out of
cards (call.out-of-cards). Each goes to the next seat in the direction of play
(turn.direction; the first to the seat turn.first-player or the deal names), passing
over the players out of the round (snap.knock-out: tracked from the penalties, as the
protocol says). After a call, each seat still owed a final turn takes exactly one
(call.final-turns), and a round ended by the call ends only when none is owed. The
round's end reason must hold on the table the events built: ``turn-limit`` after
round.max-turns turns, ``deck-exhausted`` with an empty deck, ``empty-hand`` with an
empty grid where end.empty-hand ends the round, ``knocked-out`` with every player out.

>>> from cambio_ref.rules import resolve
>>> from conformance.properties.violation import Violations
>>> turns = Turns(resolve("online"), 3, 0, None, Violations())
>>> turns.next_seat()
1
>>> turns.marker(2)
>>> [(v.name, v.rule) for v in turns.report.all()]
[('turns.order', 'turn.first-player')]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cambio_ref.flags import flags_of
from cambio_ref.rules import Rules
from cambio_ref.state import first_seat
from conformance.properties.violation import Violations


class Turns:
    """Whose turn comes next, and what the round's end must show (see the module)."""

    def __init__(self, rules: Rules, players: int, dealer: int, first: int | None,
                 report: Violations) -> None:
        self.rules, self.n, self.report = rules, players, report
        self.step = flags_of(rules).step
        self.everyone_once = flags_of(rules).everyone_once
        self.first = first_seat(rules, players, dealer) if first is None else first % players
        self.last: int | None = None  # the seat of the last turn
        self.turns = 0
        self.out = 0  # the seats out of the round (a mask)
        self.caller: int | None = None
        self.owed: set[int] | None = None  # after a call: the seats owed a final turn
        self.max_cards: int | None = rules.params.get("knock_out", {}).get("max_cards")

    def in_play(self) -> list[int]:
        """The seats still in the round (every seat, if all are out)."""
        seats = [p for p in range(self.n) if not (self.out >> p) & 1]
        return seats or list(range(self.n))

    def next_seat(self) -> int:
        """The seat whose turn comes next."""
        seat = self.first if self.last is None else (self.last + self.step) % self.n
        for _ in range(self.n):
            if not (self.out >> seat) & 1:
                break
            seat = (seat + self.step) % self.n
        return seat

    def marker(self, seat: Any) -> None:
        """A turn of `seat` begins."""
        want = self.next_seat()
        if seat != want:
            rule = "turn.first-player" if self.last is None else "turn.direction"
            self.report.add("turns.order", rule, f"seat {seat} takes a turn; seat {want} is"
                            f" next{' (the first turn)' if self.last is None else ''}")
        self.turns += 1
        if self.turns > self.rules.max_turns:
            self.report.add("turns.limit", "round.max-turns", f"turn {self.turns} begins;"
                            f" the round ends after {self.rules.max_turns} turns")
        if self.owed is not None:
            if seat not in self.owed:
                self.report.add("turns.final", "call.final-turns", f"seat {seat} takes a turn"
                                f" after seat {self.caller}'s call, but is owed none")
            self.owed.discard(seat)
        if isinstance(seat, int):
            self.last = seat

    def called(self, seat: Any, auto: bool) -> None:
        """`seat` calls (automatically: its turn, out of cards)."""
        if self.caller is not None:
            self.report.add("turns.call", "core.one-caller", f"seat {seat} calls after seat"
                            f" {self.caller} did")
            return
        if auto:
            self.marker(seat)
        under_way = self.last if not auto and self.last != seat else None
        self.caller = seat
        self.owed = {p for p in self.in_play()
                     if (p != seat or self.everyone_once) and p != under_way}

    def snapped(self, seat: int, cards: int) -> None:
        """`seat`'s wrong or late snap has been paid for: it now holds `cards` cards."""
        if self.max_cards is not None and cards > self.max_cards and 0 <= seat < self.n:
            self.out |= 1 << seat
            if self.owed is not None:
                self.owed.discard(seat)

    def round_over(self, event: Mapping[str, Any], deck: int, grids: list[int]) -> None:
        """Check the end's reason on the table: `deck` cards left, `grids` cards each."""
        reason, caller = event.get("reason"), event.get("caller")
        if caller != self.caller:
            self.report.add("turns.caller", "core.one-caller", f"the round's end names caller"
                            f" {caller}; the events show {self.caller}")
        problem, rule = None, "core.round-over"
        if reason == "called":
            owed = sorted((self.owed or set()) - {p for p in range(self.n) if (self.out >> p) & 1})
            rule = "call.final-turns"
            if self.caller is None:
                problem = "the round ends for a call nobody made"
            elif owed:
                problem = f"the round ends with seats {owed} still owed a final turn"
        elif reason == "turn-limit":
            rule = "round.max-turns"
            if self.turns != self.rules.max_turns:
                problem = f"{self.turns} turns were played, not {self.rules.max_turns}"
        elif reason == "deck-exhausted":
            rule = "deck.exhausted"
            if deck:
                problem = f"the deck still holds {deck} cards"
        elif reason == "empty-hand":
            rule = "end.empty-hand"
            if self.rules.empty_hand != "wins-at-once" or all(grids):
                problem = f"with {grids} cards in the grids under {self.rules.canonical}"
        elif reason == "knocked-out":
            rule = "snap.knock-out"
            if self.out != (1 << self.n) - 1:
                problem = "not every player is out of the round"
        else:
            problem = "no such reason"
        if problem:
            self.report.add("turns.reason", rule, f"the round ends for {reason}: {problem}")
