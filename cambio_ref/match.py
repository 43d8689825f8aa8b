"""Matches: several rounds with a running tally, dealer rotation and match end.

>>> from cambio_ref.rules import resolve
>>> m = Match(resolve("memory"), players=3)
>>> m.dealer, m.first_player()
(0, 1)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cambio_ref.cards import Card
from cambio_ref.rules import Rules
from cambio_ref.state import OVER, RoundResult, State, first_seat, new_round


def round_bonus(rules: Rules, result: RoundResult) -> list[int]:
    """Each seat's bonus for its place in the round (match.round-bonus).

    Places go by round score; the caller wins a tie for a place, other tied players
    all take the better place. The bonus per place comes from the alternative's
    parameters: ``two-1`` for two players, ``four-1``/``four-2`` for three or four,
    ``more-1``..``more-3`` for five or more.

    >>> from cambio_ref.rules import resolve
    >>> r = RoundResult((3, 3, 9, 1), (3, 3, 9, 1), (3,), 1, "called", (4, 4, 4, 4))
    >>> round_bonus(resolve("online(round_bonus=tournament)"), r)
    [0, -2, 0, -5]
    >>> round_bonus(resolve("online"), r)
    [0, 0, 0, 0]
    """
    n = len(result.scores)
    table = rules.params.get("round_bonus")
    if table is None:
        return [0] * n
    size = "two" if n == 2 else "four" if n <= 4 else "more"

    def key(seat: int) -> tuple[int, int]:
        return (result.scores[seat], 0 if seat == result.caller else 1)

    out = []
    for seat in range(n):
        place = 1 + sum(1 for q in range(n) if key(q) < key(seat)
                        and not (result.scores[q] == result.scores[seat] and q != result.caller))
        out.append(table.get(f"{size}-{place}", 0))
    return out


@dataclass
class Match:
    """A match in progress. Round k (from 0) deals from ``seed + k`` unless a deck is given."""

    rules: Rules
    players: int
    seed: int = 0
    dealer: int = 0
    rounds: list[RoundResult] = field(default_factory=list)
    tally: list[int] = field(init=False)
    wins: list[int] = field(init=False)

    def __post_init__(self) -> None:
        self.tally = [0] * self.players
        self.wins = [0] * self.players

    def _next_seat(self, seat: int) -> int:
        return (seat + (1 if self.rules.direction == "clockwise" else -1)) % self.players

    def first_player(self) -> int:
        """Who starts the coming round (match.next-starter)."""
        if self.rules.next_starter == "last-winner" and self.rounds:
            winners = set(self.rounds[-1].winners)
            seat = self._next_seat(self.dealer)
            for _ in range(self.players):
                if seat in winners:
                    return seat
                seat = self._next_seat(seat)
        return first_seat(self.rules, self.players, self.dealer)

    def new_round(self, deck: list[Card | str] | None = None) -> State:
        """Deal the next round."""
        return new_round(self.rules, self.players, deck=deck, seed=self.seed + len(self.rounds),
                         dealer=self.dealer, first=self.first_player())

    def record(self, state: State) -> RoundResult:
        """Add a finished round to the tally and pass the deal (match.dealer-rotation)."""
        if state.phase != OVER or state.result is None:
            raise ValueError("the round is not over")
        return self.add(state.result)

    def add(self, result: RoundResult) -> RoundResult:
        """Add a round's result to the tally and pass the deal."""
        self.rounds.append(result)
        bonus = round_bonus(self.rules, result)
        target = self.rules.target_score
        for seat in range(self.players):
            self.tally[seat] += result.scores[seat] + bonus[seat]
            if self.rules.exact_reset and self.tally[seat] == target:
                self.tally[seat] = 0
        for seat in result.winners:
            self.wins[seat] += 1
        self.dealer = self._next_seat(self.dealer)
        return result

    @property
    def over(self) -> bool:
        """True once the match has a winner (never, for a running tally)."""
        if self.rules.match_end == "first-to-wins":
            return max(self.wins) >= self.rules.round_wins
        if self.rules.match_end == "target-score":
            return max(self.tally) >= self.rules.target_score
        return False

    @property
    def winners(self) -> tuple[int, ...]:
        """The match winners so far: most round wins (first-to-wins) or lowest tally."""
        if self.rules.match_end == "first-to-wins":
            best = max(self.wins)
            return tuple(s for s in range(self.players) if self.wins[s] == best)
        low = min(self.tally)
        return tuple(s for s in range(self.players) if self.tally[s] == low)

    def summary(self) -> dict[str, Any]:
        return {"rounds": len(self.rounds), "tally": list(self.tally), "wins": list(self.wins),
                "over": self.over, "winners": list(self.winners), "dealer": self.dealer}
