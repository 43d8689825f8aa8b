"""Differential fuzzing: Hypothesis draws games, played on the implementation and the
reference in lockstep (`conformance.lockstep`); every distinct deviation is reported.

Each example is one round drawn by `conformance.draws`: rules drawn around a target
from the option values the implementation declared, a player count across the
declared range (2 to 8 by default), a dealer, a deck order and a reshuffle seed,
then a sequence of legal, twisted and illegal actions. The legal actions are
compared after every step when the implementation offers them.

A game stops at its first disagreement, and fuzzing goes on with the next
game. Disagreements are grouped by their signature (the action kind, the
first field that differs and the rule involved, `conformance.diagnosis`); the
first example of each is shrunk (`conformance.shrink`), all within one shrink
budget, and reported with its count.

>>> from conformance.harness import Driver, parse_impl
>>> from cambio_ref.rules import resolve
>>> driver = Driver(parse_impl("python:conformance.serve:ReferenceEngine"))
>>> report = fuzz(driver, driver.start(), resolve("hearts"), games=3, seed=1)
>>> report.games, report.deviations
(3, {})
>>> driver.close()
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
import time
from dataclasses import dataclass, field

from hypothesis import HealthCheck, Phase, Verbosity, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st

from cambio_ref.rules import Rules
from cambio_ref.state import OVER
from conformance.diagnosis import diagnose
from conformance.draws import draw_actions, game_strategy
from conformance.failures import RestartBudgetExhausted
from conformance.harness import Driver
from conformance.implementation import Rejection
from conformance.lockstep import Disagreement, Game, Lockstep
from conformance.protocol import Hello
from conformance.shrink import shrink

SHRINK_SECONDS = 10.0


@dataclass
class Deviation:
    """One distinct way the implementation departs from the reference."""

    signature: str
    first: Disagreement
    count: int = 1
    shrunk: Disagreement | None = None
    shard: int = 0  # the fuzz shard (`conformance.shards`) the first example comes from

    @property
    def example(self) -> Disagreement:
        return self.shrunk or self.first


@dataclass
class FuzzReport:
    """What one fuzz run (one target) found."""

    ruleset: str
    games: int = 0
    actions: int = 0
    seconds: float = 0.0  # playing games (without shrinking): for the throughput
    elapsed: float = 0.0
    deviations: dict[str, Deviation] = field(default_factory=dict)
    not_run: str | None = None
    reshuffles: int = 0
    rounds_over: int = 0
    players: tuple[int, int] = (2, 8)


def player_range(rules: Rules, hello: Hello) -> tuple[int, int] | None:
    """The player counts fuzzing deals: the declared range within the rules' own.

    >>> from cambio_ref.rules import resolve
    >>> player_range(resolve("online"), Hello("x", players=(2, 2)))
    (2, 2)
    """
    low = max(2, rules.min_players, hello.players[0])
    high = min(rules.max_players, hello.players[1])
    return (low, high) if low <= high else None


def play(lock: Lockstep, data: st.DataObject, game: Game) -> None:
    """Draw one game's actions, then play them on both sides in lockstep (the requests
    sent in batches, the replies compared in order)."""
    actions = draw_actions(data, game)
    lock.replay([("new_game", game, "deal"),
                 *(("act", action, f"step {i + 1}") for i, action in enumerate(actions))])


class _Grouper:
    """Groups disagreements by signature; diagnoses the first of each kind and field
    (trying first the rules found for the same field under other action kinds)."""

    def __init__(self, report: FuzzReport) -> None:
        self.report = report
        self.rules: dict[tuple[str, str], str | None] = {}

    def add(self, d: Disagreement) -> None:
        key = (d.kind, d.field)
        if key not in self.rules:
            # a rule already found for the same field, if it explains this one too
            known = [r for (_, f), r in self.rules.items() if f == d.field and r]
            self.rules[key] = diagnose(d, known)
        d.rule = self.rules[key]
        found = self.report.deviations.get(d.signature)
        if found is None:
            self.report.deviations[d.signature] = Deviation(d.signature, d)
        else:
            found.count += 1


def fuzz(driver: Driver, hello: Hello, base: Rules, games: int, seed: int,
         shrink_seconds: float = SHRINK_SECONDS, *, listed: bool = False) -> FuzzReport:
    """Play `games` drawn games against the reference; report every distinct deviation,
    each shrunk within a share of `shrink_seconds`. The rules drawn change a few option
    values of `base` to other declared ones; with `listed` (around the rules the
    implementation declares), only options its handshake lists with several values."""
    report = play_games(driver, hello, base, games, seed, listed=listed)
    shrink_deviations(driver, hello, report, shrink_seconds)
    return report


NOT_SETTLED = frozenset({"cambio_ref.__main__", "conformance.pytest_plugin"})
"""Modules `settle_local_modules` never imports."""


@functools.cache
def settle_local_modules() -> int:
    """Import every module of cambio_ref and conformance, once; how many there are.

    Hypothesis now and then draws a constant found in the local modules loaded, so
    the games a seed gives would otherwise depend on what the process happened to
    import (a worker of ``--jobs`` imports other modules than the main process).
    `NOT_SETTLED` are left out: the pytest plugin needs pytest, which an installed kit
    may lack (only pytest loads it).

    >>> settle_local_modules() > 40
    True
    """
    count = 0
    for package in ("cambio_ref", "conformance"):
        path = importlib.import_module(package).__path__
        for info in pkgutil.iter_modules(path):
            if f"{package}.{info.name}" not in NOT_SETTLED:
                importlib.import_module(f"{package}.{info.name}")
                count += 1
    return count


def play_games(driver: Driver, hello: Hello, base: Rules, games: int, seed: int, *,
               listed: bool = False, simplest: bool = True) -> FuzzReport:
    """The games of `fuzz`, grouped by signature, without shrinking (one shard's work).

    Hypothesis always tries the simplest example first, whatever the seed: the same
    game. Without `simplest` (every fuzz shard but the first) that example is passed
    over and `games` others are played, so a long campaign does not play it once per
    shard."""
    settle_local_modules()
    report = FuzzReport(base.canonical)
    players = player_range(base, hello)
    assert players is not None, "no player count to fuzz"
    report.players = players
    grouper = _Grouper(report)
    budget: list[str] = []
    started = time.perf_counter()
    strategy = game_strategy(base, hello.support, players, listed)

    pass_over = not simplest  # (the first example: the simplest one)

    def test(data: st.DataObject) -> None:
        nonlocal pass_over
        if budget:
            return
        began = time.perf_counter()
        game = data.draw(strategy)
        if pass_over:  # (drawn but not played: a test that drew nothing would end the run)
            pass_over = False
            return
        lock = Lockstep(driver, hello)
        report.games += 1
        try:
            play(lock, data, game)
        except Disagreement as exc:
            grouper.add(exc)
        except RestartBudgetExhausted as exc:
            budget.append(str(exc))
        finally:
            report.seconds += time.perf_counter() - began
            report.actions += lock.steps
            report.reshuffles += sum(
                1 for s in game.steps if not isinstance(s.expected, Rejection)
                for e in s.expected if e.get("t") == "reshuffled")
            report.rounds_over += lock.ref.state is not None and lock.ref.state.phase == OVER

    run = settings(max_examples=max(1, games) + (0 if simplest else 1), deadline=None, database=None,
                   derandomize=False, verbosity=Verbosity.quiet, phases=(Phase.generate,),
                   suppress_health_check=list(HealthCheck))(
        hypothesis_seed(seed)(given(st.data())(test)))
    run()
    report.elapsed = time.perf_counter() - started
    if budget:
        report.not_run = budget[0]
    return report


def shrink_deviations(driver: Driver, hello: Hello, report: FuzzReport,
                      shrink_seconds: float = SHRINK_SECONDS) -> None:
    """Shrink the first example of each deviation of `report`, all within `shrink_seconds`
    (stops when the restart budget is spent, saying so in ``report.not_run``)."""
    if report.not_run is not None:
        return
    started = time.perf_counter()
    deadline = time.monotonic() + shrink_seconds
    pending = list(report.deviations.values())
    for n, deviation in enumerate(pending):
        share = (deadline - time.monotonic()) / (len(pending) - n)
        try:
            deviation.shrunk = shrink(driver, hello, deviation.first, time.monotonic() + share)
        except RestartBudgetExhausted as exc:
            report.not_run = str(exc)
            break
    report.elapsed += time.perf_counter() - started
