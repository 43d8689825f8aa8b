"""Differential fuzzing: Hypothesis draws games, played on the implementation and the
reference in lockstep (`conformance.lockstep`); every distinct deviation is reported.

Each example is one round drawn by `conformance.draws`: rules drawn around a target
from the option values the implementation declared, a player count across the
declared range (2 to 8 by default), a dealer, a deck order and a reshuffle seed,
then a sequence of legal, twisted and illegal actions. The legal actions are
compared after every step when the implementation offers them.

A game goes on past every difference (`conformance.onward`). Deviations are
grouped by root cause (`conformance.grouping.key_of`: the option values that
explain it, found by counterfactual replay in `conformance.diagnosis`, the pair
of codes of a wrong rejection code, or what differs); the first example of each
is shrunk (`conformance.shrink`), all within one shrink budget, and reported with
its count.

>>> from conformance.harness import Driver, parse_impl
>>> from cambio_ref.rules import resolve
>>> driver = Driver(parse_impl("python:conformance.serve:ReferenceEngine"))
>>> report = fuzz(driver, driver.start(), resolve("hearts"), games=3, seed=1)
>>> report.games, report.deviations
(3, {})
>>> driver.close()
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from hypothesis import HealthCheck, Phase, Verbosity, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st

from cambio_ref.errors import CambioError
from cambio_ref.rules import Rules, resolve
from cambio_ref.state import OVER, State
from conformance.covering import Row
from conformance.diagnosis import Diagnoser, Fit
from conformance.disagreement import Known
from conformance.draws import actions_from, draw_game, game_strategy
from conformance.failures import RestartBudgetExhausted
from conformance.grouping import key_of
from conformance.harness import Driver
from conformance.implementation import Reference, Rejection
from conformance.lockstep import Game, with_values
from conformance.onward import Finding, Outcome, play_on
from conformance.protocol import Hello
from conformance.shards import SHRINK_SECONDS, Deviation, FuzzReport, player_range
from conformance.shrink import shrink

ROW_SEED_STEP = 0x9E3779B97F4A7C15  # seeds of the covering array's games, one step apart


def play(driver: Driver, hello: Hello, data: st.DataObject, game: Game,
         diagnoser: Diagnoser | None = None, sweep: bool = False) -> Outcome:
    """Draw one game's actions, then play them on both sides in lockstep (the requests
    sent in batches, the replies compared in order), past every difference: after one
    that an option value explains, the game is drawn again under it; after the
    reference takes over the implementation's state, the rest of it is drawn from there.
    The reference's replies and states of the drawing are played again only as known
    (`conformance.disagreement.Known`), not worked out twice.
    The reference plays the values earlier games confirmed (`Diagnoser.carried`: each
    alone in two games or more) from the start, and the actions are drawn under them, so
    that a later game shows what lies behind them. With `sweep`, the malformed actions
    of `conformance.sweep` come first."""
    as_if = as_if_of(game.rules, diagnoser.carried() if diagnoser is not None else ())
    actions, known, swept = draw_game(data, game.copy(rules=with_values(game.rules, as_if)),
                                      sweep)

    def redraw(state: State | None, rules: Rules) -> list[Any]:
        ref = Reference()
        if state is None:
            ref.new_game(rules, game.players, game.dealer, game.deck, game.seed, game.first)
        else:
            ref.state = state
        return actions_from(data, ref, game.players)

    return play_on(driver, hello, [("new_game", game, "deal"),
                                   # (the sweep's looks: only after its last action)
                                   *(("reject" if i < swept - 1 else "act", action,
                                      f"step {i + 1}")
                                     for i, action in enumerate(actions))],
                   known=known, redraw=redraw, diagnoser=diagnoser, as_if=as_if)


def as_if_of(rules: Rules, fitted: Sequence[Fit]) -> tuple[tuple[str, Any], ...]:
    """The confirmed values `fitted` as as-if values on top of `rules` (none if they
    cannot be played together with them).

    >>> from cambio_ref.rules import resolve
    >>> as_if_of(resolve("hearts"), [Fit("value.red-king=-1", "red_king", -1)])
    (('red_king', -1),)
    """
    values = tuple((fit.key, fit.value) for fit in fitted)
    try:
        with_values(rules, values)
    except CambioError:
        return ()
    return values


class _Grouper:
    """Groups a shard's deviations by root cause (`conformance.grouping.key_of`)."""

    def __init__(self, report: FuzzReport) -> None:
        self.report = report

    def add(self, finding: Finding, game: int) -> None:
        d = finding.d
        key = key_of(d)[1]
        found = self.report.deviations.get(key)
        if found is None:
            found = self.report.deviations[key] = Deviation(key, d, how=finding.how,
                                                            games=[game])
        else:
            found.count += 1
            if game not in found.games:
                found.games.append(game)
        found.behind = found.behind or d.behind


def fuzz(driver: Driver, hello: Hello, base: Rules, games: int, seed: int,
         shrink_seconds: float = SHRINK_SECONDS, *, listed: bool = False) -> FuzzReport:
    """Play `games` drawn games against the reference; report every distinct deviation,
    each shrunk within a share of `shrink_seconds`. The rules drawn change a few option
    values of `base` to other declared ones; with `listed` (around the rules the
    implementation declares), only options its handshake lists with several values."""
    report = play_games(driver, hello, base, games, seed, listed=listed)
    shrink_deviations(driver, hello, report, shrink_seconds)
    return report


@contextlib.contextmanager
def without_local_constants() -> Iterator[None]:
    """Within it, Hypothesis draws no constant from the modules it takes for local code.

    Hypothesis now and then draws a constant found in the "local" modules loaded: those
    outside site-packages. An editable checkout's kit counts and an installed wheel's does
    not; an in-process implementation's own module and whatever else the process imported
    count too. So the games a seed gives would depend on the install and on the adapter
    (issue 29). The kit's draws take their constants from Hypothesis's own list only. No
    public setting does this: the private hook is replaced while the kit draws, and
    Hypothesis's cache of allowed constants is emptied on the way in and out (a Hypothesis
    without that hook has no local constants to turn off).

    >>> from hypothesis.internal.conjecture import providers
    >>> with without_local_constants():
    ...     len(providers._get_local_constants().integers)
    0
    """
    try:
        from hypothesis.internal.conjecture import providers
        from hypothesis.internal.constants_ast import Constants
        hook = providers._get_local_constants
    except (ImportError, AttributeError):  # pragma: no cover (a Hypothesis without them)
        yield
        return
    none = Constants()
    providers.CONSTANTS_CACHE.cache.clear()
    providers._get_local_constants = lambda: none
    try:
        yield
    finally:
        providers._get_local_constants = hook
        providers.CONSTANTS_CACHE.cache.clear()


Visit = Callable[[st.DataObject, Game], bool]
"""What `each_game` hands every game drawn to: it plays (or draws) the game from the
data, and says whether to stop."""


def each_game(hello: Hello, base: Rules, games: int, seed: int, visit: Visit, *,
              listed: bool = False, simplest: bool = True, rows: Sequence[Row] = ()) -> None:
    """Draw the games of one shard with Hypothesis and hand each to `visit`, until it
    says stop or the games are done.

    Hypothesis always tries the simplest example first, whatever the seed: the same
    game. Without `simplest` (every fuzz shard but the first) that example is passed
    over and `games` others are drawn, so a long campaign does not play it once per
    shard. The first games take their rules from `rows` (a covering array's), one each;
    the rest are drawn around `base`."""
    players = player_range(base, hello)
    assert players is not None, "no player count to fuzz"
    stop = False
    pass_over = False  # (the first example of a Hypothesis run: the simplest one)
    strategy = game_strategy(base, hello.support, players, listed)

    def test(data: st.DataObject) -> None:
        nonlocal pass_over, stop
        if stop:
            return
        game = data.draw(strategy)
        if pass_over:  # (drawn but not played: a test that drew nothing would end the run)
            pass_over = False
            return
        stop = visit(data, game)

    def run(games_of: st.SearchStrategy[Game], examples: int, run_seed: int, simple: bool) -> None:
        nonlocal pass_over, strategy
        if stop:
            return
        pass_over, strategy = not simple, games_of
        with without_local_constants():
            settings(max_examples=examples + (0 if simple else 1), deadline=None, database=None,
                     derandomize=False, verbosity=Verbosity.quiet, phases=(Phase.generate,),
                     suppress_health_check=list(HealthCheck))(
                hypothesis_seed(run_seed)(given(st.data())(test)))()

    # a row's game is a Hypothesis run of its own (its rules must not depend on state
    # outside the data drawn), seeded from the shard's seed and its number
    covered = rows[:max(0, games)]
    for k, row in enumerate(covered):
        run(game_strategy(base, hello.support, players, listed, row), 1,
            (seed + (k + 1) * ROW_SEED_STEP) % 2**64, simple=False)
    if games - len(covered) > 0 or not covered:
        run(game_strategy(base, hello.support, players, listed),
            max(1, games - len(covered)), seed, simple=simplest)


def play_games(driver: Driver, hello: Hello, base: Rules, games: int, seed: int, *,
               listed: bool = False, simplest: bool = True,
               diagnoser: Diagnoser | None = None, rows: Sequence[Row] = (),
               sweep: bool = True) -> FuzzReport:
    """The games of `fuzz` (drawn by `each_game`), grouped by signature, without
    shrinking (one shard's work). With `sweep`, the first game played sends the
    malformed actions of `conformance.sweep` right after its deal (every default run
    sends them all, whatever the drawing)."""
    diagnoser = Diagnoser() if diagnoser is None else diagnoser
    report = FuzzReport(base.canonical)
    players = player_range(base, hello)
    assert players is not None, "no player count to fuzz"
    report.players = players
    grouper = _Grouper(report)
    budget: list[str] = []
    started = time.perf_counter()
    swept = not sweep  # (the sweep is sent once, in the first game played)

    def visit(data: st.DataObject, game: Game) -> bool:
        nonlocal swept
        began = time.perf_counter()
        report.games += 1
        outcome = None
        try:
            outcome = play(driver, hello, data, game, diagnoser, not swept)
            swept = True
        except RestartBudgetExhausted as exc:
            budget.append(str(exc))
        finally:
            report.seconds += time.perf_counter() - began
        if outcome is None or outcome.lock is None:
            return bool(budget)
        for finding in outcome.findings:
            grouper.add(finding, report.games)
        lock = outcome.lock
        report.actions += outcome.steps
        report.reshuffles += sum(
            1 for s in game.steps if not isinstance(s.expected, Rejection)
            for e in s.expected if e.get("t") == "reshuffled")
        report.rounds_over += lock.ref.state is not None and lock.ref.state.phase == OVER
        return False

    each_game(hello, base, games, seed, visit, listed=listed, simplest=simplest, rows=rows)
    report.elapsed = time.perf_counter() - started
    if budget:
        report.not_run = budget[0]
    return report


@dataclass
class Drawn:
    """One game as a correct implementation's run draws it: its setup, the actions sent
    and what the reference did at the deal and at each of them (`Known`: entry *i* is
    the state action *i* is sent in)."""

    game: Game
    actions: list[Any]
    known: list[Known]


def draw_games(hello: Hello, base: Rules, games: int, seed: int, *, listed: bool = False,
               simplest: bool = True, rows: Sequence[Row] = (), sweep: bool = True,
               upto: int | None = None) -> list[Drawn]:
    """The games `play_games` plays against an implementation that never differs from
    the reference (the first `upto` of them, if given), drawn without playing them: what
    the drawing reaches, at a fraction of the cost."""
    drawn: list[Drawn] = []

    def visit(data: st.DataObject, game: Game) -> bool:
        actions, known, _ = draw_game(data, game, sweep and not drawn)
        drawn.append(Drawn(game, actions, known))
        return upto is not None and len(drawn) >= upto

    if upto != 0:
        each_game(hello, base, games, seed, visit, listed=listed, simplest=simplest, rows=rows)
    return drawn


def shrink_deviations(driver: Driver, hello: Hello, report: FuzzReport,
                      shrink_seconds: float = SHRINK_SECONDS) -> None:
    """Shrink the first example of each deviation of `report`, all within `shrink_seconds`
    (stops when the restart budget is spent, saying so in ``report.not_run``)."""
    if report.not_run is not None:
        return
    started = time.perf_counter()
    deadline = time.monotonic() + shrink_seconds
    pending = list(report.deviations.values())
    try:
        keep: Rules | None = resolve(report.ruleset)  # (the target's overrides stay)
    except CambioError:
        keep = None
    for n, deviation in enumerate(pending):
        share = (deadline - time.monotonic()) / (len(pending) - n)
        try:
            deviation.shrunk = shrink(driver, hello, deviation.first, time.monotonic() + share,
                                      keep)
        except RestartBudgetExhausted as exc:
            report.not_run = str(exc)
            break
    report.elapsed += time.perf_counter() - started
