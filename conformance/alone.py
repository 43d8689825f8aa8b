"""A case played on against the implementation alone, once the reference has lost track.

Where the reference cannot take over the implementation's state (no snapshot, or one
it cannot play on from, `conformance.onward`), the rest of a case is still checked:
the case is played again on the implementation alone (`conformance.scenarios.run_case`
over the protocol), every reply fed to the properties (`conformance.properties.Watch`),
and its hand-written expectations checked against the implementation's replies. What
fails from the step where the reference lost track on is a deviation of its own:
``expect`` (the case's expectation) or the property's name, with the rule it tests.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cambio_ref.cases import Case
from cambio_ref.rules import Rules
from conformance.harness import Client, Driver
from conformance.implementation import Event, Rejection
from conformance.lockstep import Disagreement, Game
from conformance.properties import Watch
from conformance.scenarios import run_case


class Watched:
    """An implementation whose every reply a `Watch` of the game sees too."""

    def __init__(self, impl: Client) -> None:
        self.impl = impl
        self.name = impl.name
        self.watch: Watch | None = None
        self.rounds = 0

    def new_game(self, rules: Rules, players: int, dealer: int, deck: list[str],
                 seed: int, first: int | None = None) -> list[Event]:
        events = self.impl.new_game(rules, players, dealer, deck, seed, first)
        self.rounds += 1
        if self.rounds == 1:  # (the first round only: the calls' places count its steps)
            self.watch = Watch(rules, players, dealer, deck, seed, first)
            self.watch.on_deal(events)
        return events

    def act(self, action: dict[str, Any]) -> list[Event] | Rejection:
        reply = self.impl.act(action)
        if self.watch is not None and self.rounds == 1:
            self.watch.on_reply(action, reply)
        return reply

    def observe(self, player: int) -> dict[str, Any]:
        seen = self.impl.observe(player)
        if self.watch is not None and self.rounds == 1:
            self.watch.on_view(player, seen)
        return seen


def play_alone(driver: Driver, case: Case, key: str, rules: Rules, wheres: Sequence[str],
               lost: int, game: Game) -> list[Disagreement]:
    """The deviations of `case` played on `driver`'s implementation alone at and after
    call `lost` (``wheres``: each call's place, the deal first): the case's expectations
    that fail there, and the properties broken there. `game`: the item's game, for the
    deviations' setup. Only the case's first round is watched by the properties."""
    impl = Watched(Client(driver))
    result = run_case(case, key, impl, rules=rules, strict=False)
    later = set(wheres[lost:])
    found: list[Disagreement] = []
    for failure in result.failures:
        if failure.step is None or failure.step in later:
            d = Disagreement("fail", failure.step or "outcome", "the case's own expectation,"
                             f" checked against the implementation alone: {failure.message}",
                             _at(game, wheres, failure.step), aspect="expectation",
                             field="expect")
            found.append(d)
    if impl.watch is not None:
        for violation in impl.watch.finish():
            if violation.step >= lost:
                d = Disagreement("fail", violation.where, f"{violation.name}:"
                                 f" {violation.message}", _at(game, wheres, violation.where),
                                 aspect="property", field=violation.name)
                d.rule = violation.rule
                found.append(d)
    return found


def _at(game: Game, wheres: Sequence[str], where: str | None) -> Game:
    """`game` cut to the steps played up to `where` (all of them for the outcome)."""
    copy = game.copy()
    if where in wheres:
        del copy.steps[max(0, wheres.index(where)):]
    return copy
