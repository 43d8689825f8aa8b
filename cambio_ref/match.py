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
        for seat in range(self.players):
            self.tally[seat] += result.scores[seat]
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
