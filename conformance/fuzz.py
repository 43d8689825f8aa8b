"""Differential fuzzing: Hypothesis draws games, played on the implementation and the
reference in lockstep (`conformance.lockstep`); every distinct deviation is reported.

Each example is one round: rules drawn around a target from the option values
the implementation declared, a player count across the declared range (2 to 8
by default), a dealer, a deck order and a reshuffle seed, then a sequence of
actions: mostly legal ones, some legal ones twisted (played by a player who is
not due, a power swap with its positions reversed, a snap naming a card twice),
and some from a wider space (any kind, negative and out-of-range seats and
slots, empty snap targets, malformed actions). The legal actions are compared
after every step when the implementation offers them.

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
from typing import Any

from hypothesis import HealthCheck, Phase, Verbosity, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st

from cambio_ref.actions import KINDS, Action, PowerSwap, Snap, action_to_json
from cambio_ref.engine import legal_actions
from cambio_ref.policy import kinds
from cambio_ref.rules import Rules, option_keys, resolve
from cambio_ref.state import OVER, State
from conformance.diagnosis import diagnose
from conformance.failures import RestartBudgetExhausted
from conformance.harness import Driver
from conformance.implementation import Reference, Rejection
from conformance.lockstep import Disagreement, Game, Lockstep
from conformance.protocol import Hello, Support
from conformance.shrink import shrink

MAX_STEPS = 300
SHRINK_SECONDS = 10.0
# The order of action kinds when Hypothesis picks one (it shrinks towards the first),
# and their weights: calls are rare so that rounds last and decks run out.
KIND_ORDER = ("peek", "draw", "swap", "discard", "look", "power_swap", "skip", "give", "take",
              "pass", "snap", "call")
WEIGHTS = {"snap": 3, "call": 1}
TWISTED_WEIGHT = 1  # a legal action, twisted (see `twisted`)
ILLEGAL_WEIGHT = 2  # an action from the wide space (see `wide_action`)
FIXED_OPTIONS = ("min_players", "max_players")


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

    >>> player_range(resolve("online"), Hello("x", players=(2, 2)))
    (2, 2)
    """
    low = max(2, rules.min_players, hello.players[0])
    high = min(rules.max_players, hello.players[1])
    return (low, high) if low <= high else None


# -- drawing games -------------------------------------------------------------------


@st.composite
def _rules_around(draw: st.DrawFn, base: Rules, support: Support, listed: bool) -> Rules:
    """The base rules with a few options changed to other declared values (and every
    undeclared value replaced by a declared one). With `listed`, only options the
    implementation lists in its handshake change."""
    values = base.values()
    overrides: list[tuple[str, Any]] = list(base.overrides)
    keys = [k for k in option_keys() if k not in FIXED_OPTIONS and len(support.choices(k)) > 1
            and (not listed or k in support.values)]
    forced = [k for k in option_keys() if not support.allows(k, values[k])]
    changed = draw(st.lists(st.sampled_from(keys), max_size=8, unique=True)) if keys else []
    for key in sorted(set(forced) | set(changed)):
        value = draw(st.sampled_from(support.choices(key)))
        if value != values[key] or type(value) is not type(values[key]):
            overrides.append((key, value))
    return resolve(base.name, overrides) if len(overrides) != len(base.overrides) else base


@st.composite
def _game_strategy(draw: st.DrawFn, base: Rules, support: Support,
                   players: tuple[int, int], listed: bool) -> Game:
    """Rules, players, dealer, reshuffle seed and deck order of one round."""
    rules = draw(_rules_around(base, support, listed))
    low = max(players[0], rules.min_players)
    high = max(low, min(players[1], rules.max_players))
    count = draw(st.integers(low, high))
    dealer = draw(st.integers(0, count - 1))
    seed = draw(st.integers(0, 2**32 - 1))
    deck = draw(st.permutations([c.code for c in rules.deck(count)]))
    return Game(rules, count, dealer, seed, list(deck))


class _Digits:
    """Reads choices out of one drawn integer, so each step costs Hypothesis one draw.

    >>> d = _Digits(7)
    >>> d.take(4), d.take(2), d.take(3)
    (3, 1, 0)
    """

    def __init__(self, value: int) -> None:
        self.value = value

    def take(self, n: int) -> int:
        """A number in ``range(n)``."""
        self.value, digit = divmod(self.value, max(1, n))
        return digit

    def signed(self, n: int) -> int:
        """A number in ``range(-1, n + 1)``: one below and one above ``range(n)``."""
        return self.take(n + 2) - 1


MALFORMED = ({"t": "draw", "player": "zero"}, {"t": "fly", "player": 0},
             {"t": "swap", "player": 0, "slot": "two"}, {"t": "draw"})
WIDE_KINDS = (*KINDS, "malformed")


def wide_action(digits: _Digits, players: int) -> dict[str, Any]:
    """An action from a wider space: any kind, seats and slots from -1 to one past the
    end, empty or repeated snap targets, now and then a malformed one."""
    kind = WIDE_KINDS[digits.take(len(WIDE_KINDS))]
    if kind == "malformed":
        return dict(MALFORMED[digits.take(len(MALFORMED))])
    action: dict[str, Any] = {"t": kind, "player": digits.signed(players)}

    def pos() -> list[int]:
        return [digits.signed(players), digits.signed(6)]

    if kind in ("peek", "swap"):
        action["slot"] = digits.signed(6)
    elif kind == "look":
        action["owner"], action["slot"] = digits.signed(players), digits.signed(6)
    elif kind == "power_swap":
        action["a"], action["b"] = pos(), pos()
    elif kind == "snap":
        count = digits.take(4)  # 0: empty, 3: one target twice
        targets = [pos() for _ in range(min(count, 2))]
        action["targets"] = targets * 2 if count == 3 else targets
    elif kind == "give":
        slot = digits.take(8)
        action["slot"] = None if slot == 7 else slot - 1
    return action


def twisted(action: Action, digits: _Digits, players: int) -> dict[str, Any]:
    """A legal action made illegal in a way engines get wrong: played by another player
    (one who is not due), a power swap with its positions reversed, or a snap naming
    its first target twice.

    >>> twisted(PowerSwap(0, (0, 1), (1, 2)), _Digits(1), 2)
    {'t': 'power_swap', 'player': 0, 'a': [1, 2], 'b': [0, 1]}
    """
    data = action_to_json(action)
    how = digits.take(2)
    if how == 1 and isinstance(action, PowerSwap):
        data["a"], data["b"] = data["b"], data["a"]
    elif how == 1 and isinstance(action, Snap):
        data["targets"] = [data["targets"][0], *data["targets"]]
    else:
        data["player"] = (action.player + 1 + digits.take(max(1, players - 1))) % players
    return data


def choose_action(value: int, state: State, players: int, calls: bool,
                  legal: list[Action] | None = None, calm: bool = False) -> Any:
    """A legal action (a kind first, then one of that kind, as `cambio simulate` samples
    them), a twisted one, or one from the wide space, all read from one drawn integer.
    `legal` is the legal actions now, when already known. A `calm` choice is always
    legal and never a snap (unless nothing else is legal)."""
    digits = _Digits(value)
    available = kinds(state)
    if not calls and len(available) > 1:
        available.pop("call", None)
    if calm and len(available) > 1:
        available.pop("snap", None)
    names = sorted(available, key=KIND_ORDER.index)
    weights = [WEIGHTS.get(k, 4) for k in names]
    pick = digits.take(sum(weights) + (0 if calm else TWISTED_WEIGHT + ILLEGAL_WEIGHT))
    for kind, weight in zip(names, weights, strict=True):
        if pick >= weight:
            pick -= weight
            continue
        legal = legal if legal is not None else legal_actions(state)
        listed = [a for a in legal if a.kind == kind]
        if listed:
            return action_to_json(listed[digits.take(len(listed))])
        pick = ILLEGAL_WEIGHT  # (none of that kind after all: go wide)
        break
    if pick < TWISTED_WEIGHT:
        legal = legal if legal is not None else legal_actions(state)
        if legal:
            return twisted(legal[digits.take(len(legal))], digits, players)
    return wide_action(digits, players)


STEP = st.integers(0, 2**64 - 1)


def draw_actions(data: st.DataObject, game: Game) -> list[Any]:
    """The actions of one drawn game, chosen on the reference alone (the choice never
    depends on the implementation): to the end of the round (or MAX_STEPS), then one
    action after the end."""
    ref = Reference()
    ref.new_game(game.rules, game.players, game.dealer, game.deck, game.seed, game.first)
    state = ref.state
    assert state is not None
    patient = data.draw(st.integers(0, 3)) == 0  # no calls for a while: decks run out
    # a calm game plays only legal actions and never snaps, so that a deviation met
    # early in most games (snapping, illegal actions) does not hide one met later
    calm = data.draw(st.integers(0, 2)) == 0
    actions: list[Any] = []
    for count in range(MAX_STEPS):
        if state.phase == OVER:
            break
        action = choose_action(data.draw(STEP), state, game.players,
                               not patient or count > 150, None, calm)
        ref.act(action)
        actions.append(action)
    else:
        return actions
    actions.append({"t": "draw", "player": state.current})
    return actions


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


@functools.cache
def settle_local_modules() -> int:
    """Import every module of cambio_ref and conformance, once; how many there are.

    Hypothesis now and then draws a constant found in the local modules loaded, so
    the games a seed gives would otherwise depend on what the process happened to
    import (a worker of ``--jobs`` imports other modules than the main process).

    >>> settle_local_modules() > 40
    True
    """
    count = 0
    for package in ("cambio_ref", "conformance"):
        path = importlib.import_module(package).__path__
        for info in pkgutil.iter_modules(path):
            if info.name != "__main__":
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
    strategy = _game_strategy(base, hello.support, players, listed)

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
