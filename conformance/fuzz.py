"""Differential fuzzing: Hypothesis plays the implementation and the reference in lockstep.

Each example is one round: rules drawn around a base ruleset from the option
values the implementation declared, 2 to 4 players, a dealer, a deck order and
a reshuffle seed, then a sequence of actions, mostly legal ones chosen from the
reference's `legal_actions` and some drawn from a wider space (wrong player,
wrong slot, wrong moment, malformed). After every action the harness compares
the implementation's reply with the reference's (events, or the rejection
code), every player's view, and, where the implementation offers them, its
snapshot and its legal actions; and it checks invariants that name the broken
property: card conservation, information hiding, score bounds and termination
(the round ends when the reference's does, and nothing is accepted after it).

The first disagreement raises `Disagreement`; Hypothesis shrinks the game to a
minimal one, which `conformance.regression` writes out as a case file.

>>> from conformance.harness import Driver, parse_impl
>>> from cambio_ref.rules import resolve
>>> driver = Driver(parse_impl("python:conformance.serve:ReferenceEngine"))
>>> report = fuzz(driver, driver.start(), resolve("hearts"), games=3, seed=1)
>>> report.games, report.failure
(3, None)
>>> driver.close()
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from hypothesis import HealthCheck, Phase, Verbosity, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st

from cambio_ref.actions import KINDS, Action, MalformedAction, PowerSwap, Snap, action_from_json, action_to_json
from cambio_ref.engine import _swap_pairs, legal_actions
from cambio_ref.policy import _kinds, _pick_snap
from cambio_ref.rules import Rules, option_keys, resolve
from cambio_ref.state import OVER, State
from cambio_ref.views import HIDDEN, view
from conformance.harness import Driver, ImplementationFailure, RestartBudgetExhausted
from conformance.implementation import Event, Reference, Rejection
from conformance.matching import mismatch
from conformance.protocol import Hello, Message, Support, new_game_request, reply_to_act

MAX_STEPS = 300
MAX_PLAYERS = 4
SHRINK_SECONDS = 10.0
SHRINK_FAILURES = 3  # crashes, hangs or protocol errors tolerated while shrinking
# The order of action kinds when Hypothesis picks one (it shrinks towards the first),
# and their weights: calls are rare so that rounds last and decks run out.
KIND_ORDER = ("peek", "draw", "swap", "discard", "look", "power_swap", "skip", "give", "take",
              "pass", "snap", "call")
WEIGHTS = {"snap": 3, "call": 1}
ILLEGAL_WEIGHT = 2
LEGAL_EVERY = 16  # compare the legal actions after one step in this many (they are long)
FIXED_OPTIONS = ("min_players", "max_players")
Reply = list[Event] | Rejection


@dataclass
class Step:
    """One action of a fuzz game and the reference's reply to it."""

    action: Any
    expected: Reply


@dataclass
class Game:
    """A fuzz game: everything needed to replay it or write it as a case."""

    rules: Rules
    players: int
    dealer: int
    seed: int
    deck: list[str]
    steps: list[Step] = field(default_factory=list)
    deal: list[Event] = field(default_factory=list)


class Disagreement(Exception):
    """The implementation differs from the reference (or broke an invariant, or failed)."""

    def __init__(self, status: str, where: str, message: str, game: Game, *,
                 expected: Any = None, actual: Any = None, stderr: str = "",
                 observe: int | None = None, aspect: str = "events") -> None:
        super().__init__(f"{where}: {message}")
        self.status = status
        self.where = where
        self.message = message
        self.game = game
        self.expected = expected
        self.actual = actual
        self.stderr = stderr
        self.observe = observe  # the player whose view differed
        self.aspect = aspect  # events, rejection, view, snapshot, legal, failure

    def size(self) -> tuple[int, ...]:
        """Smaller is simpler: fewer steps, players and overrides."""
        game = self.game
        return (len(game.steps), game.players, len(game.rules.overrides), game.seed != 0,
                game.dealer)


@dataclass
class FuzzReport:
    """What one fuzz run (one base ruleset) found."""

    ruleset: str
    games: int = 0
    actions: int = 0
    seconds: float = 0.0  # playing games (without shrinking): for the throughput
    elapsed: float = 0.0
    failure: Disagreement | None = None
    not_run: str | None = None
    reshuffles: int = 0
    rounds_over: int = 0


# -- drawing games -------------------------------------------------------------------


@st.composite
def _rules_around(draw: st.DrawFn, base: Rules, support: Support) -> Rules:
    """The base rules with a few options changed to other declared values (and every
    undeclared value replaced by a declared one)."""
    values = base.values()
    overrides: list[tuple[str, Any]] = list(base.overrides)
    keys = [k for k in option_keys() if k not in FIXED_OPTIONS and len(support.choices(k)) > 1]
    forced = [k for k in option_keys() if not support.allows(k, values[k])]
    changed = draw(st.lists(st.sampled_from(keys), max_size=8, unique=True)) if keys else []
    for key in sorted(set(forced) | set(changed)):
        value = draw(st.sampled_from(support.choices(key)))
        if value != values[key] or type(value) is not type(values[key]):
            overrides.append((key, value))
    return resolve(base.name, overrides) if len(overrides) != len(base.overrides) else base


@st.composite
def _game_strategy(draw: st.DrawFn, base: Rules, support: Support) -> Game:
    """Rules, players, dealer, reshuffle seed and deck order of one round."""
    rules = draw(_rules_around(base, support))
    low, high = max(2, rules.min_players), min(MAX_PLAYERS, rules.max_players)
    players = draw(st.integers(low, max(low, high)))
    dealer = draw(st.integers(0, players - 1))
    seed = draw(st.integers(0, 2**32 - 1))
    deck = draw(st.permutations([c.code for c in rules.deck(players)]))
    return Game(rules, players, dealer, seed, list(deck))


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

    def randrange(self, n: int) -> int:  # the one call `policy._pick_snap` makes
        return self.take(n)


MALFORMED = ({"t": "draw", "player": "zero"}, {"t": "fly", "player": 0}, {"t": "swap", "player": 0, "slot": "two"},
             {"t": "snap", "player": 0, "targets": []})
WIDE_KINDS = (*KINDS, "malformed")


def wide_action(digits: _Digits, players: int) -> dict[str, Any]:
    """An action from a wider space: any kind, players and slots slightly out of range,
    now and then a malformed one."""
    kind = WIDE_KINDS[digits.take(len(WIDE_KINDS))]
    if kind == "malformed":
        return dict(MALFORMED[digits.take(len(MALFORMED))])
    action: dict[str, Any] = {"t": kind, "player": digits.take(players + 1)}

    def pos() -> list[int]:
        return [digits.take(players), digits.take(6)]

    if kind in ("peek", "swap"):
        action["slot"] = digits.take(6)
    elif kind == "look":
        action["owner"], action["slot"] = digits.take(players + 1), digits.take(6)
    elif kind == "power_swap":
        action["a"], action["b"] = pos(), pos()
    elif kind == "snap":
        action["targets"] = [pos() for _ in range(1 + digits.take(2))]
    elif kind == "give":
        slot = digits.take(7)
        action["slot"] = None if slot == 6 else slot
    return action


def choose_action(value: int, state: State, players: int, calls: bool) -> Any:
    """A legal action (a kind first, then one of that kind, as `cambio simulate` samples
    them), or now and then one from a wider space, all read from one drawn integer."""
    digits = _Digits(value)
    available, snaps = _kinds(state)
    if not calls and len(available) > 1:
        available.pop("call", None)
    names = sorted(available, key=KIND_ORDER.index)
    weights = [WEIGHTS.get(k, 4) for k in names]
    pick = digits.take(sum(weights) + ILLEGAL_WEIGHT)
    for kind, weight in zip(names, weights, strict=True):
        if pick >= weight:
            pick -= weight
            continue
        if kind == "snap":
            return action_to_json(_pick_snap(state, snaps, digits))  # type: ignore[arg-type]
        if kind == "power_swap":
            pairs = _swap_pairs(state)
            if not pairs:  # (the policy may offer a swap step that has no pair left)
                break
            a, b = pairs[digits.take(len(pairs))]
            return action_to_json(PowerSwap(state.current, a, b))
        listed: list[Action] = [a for a in legal_actions(state) if a.kind == kind]
        if not listed:
            break
        return action_to_json(listed[digits.take(len(listed))])
    return wide_action(digits, players)


# -- comparing -------------------------------------------------------------------


def _clean(value: Any) -> Any:
    """Drop the extension fields (``x_...``) an implementation may add to events."""
    if isinstance(value, dict):
        return {k: v for k, v in value.items() if not (isinstance(k, str) and k.startswith("x_"))}
    return value


def _compact(value: Any, limit: int = 400) -> str:
    text = json.dumps(value, separators=(", ", ": "))
    return text if len(text) <= limit else text[:limit] + " ..."


def events_problem(expected: list[Event], actual: list[Event]) -> str | None:
    """None if the event lists are equal (ignoring ``x_`` fields), else the first difference.

    >>> events_problem([{"t": "drew", "card": "7H"}], [{"t": "drew", "card": "7S"}])
    'event 1 (drew): card: expected 7H, got 7S'
    """
    for i, (want, got) in enumerate(zip(expected, actual, strict=False)):
        got = _clean(got)
        if want != got:
            if want.get("t") != got.get("t"):
                return f"event {i + 1}: expected {want.get('t')!r}, got {got.get('t')!r}"
            for key in sorted(set(want) | set(got)):
                if want.get(key) != got.get(key):
                    if key not in got:
                        return f"event {i + 1} ({want['t']}): missing {key!r}"
                    return (f"event {i + 1} ({want['t']}): {key}: expected"
                            f" {_plain(want.get(key))}, got {_plain(got.get(key))}")
    if len(expected) != len(actual):
        want_kinds = [e.get("t") for e in expected]
        got_kinds = [e.get("t") for e in actual]
        return f"expected {len(expected)} events {want_kinds}, got {len(actual)} {got_kinds}"
    return None


def _plain(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value)


def leak(expected: dict[str, Any], actual: dict[str, Any]) -> str | None:
    """A card the implementation shows where the reference's view hides it, if any.

    >>> leak({"player": 0, "grids": [["?"], ["?"]], "held": None},
    ...      {"player": 0, "grids": [["?"], ["KD"]], "held": None})
    "player 0's view shows KD at player 1's slot 0, which player 0 has not seen"
    """
    player = expected.get("player")
    grids = actual.get("grids")
    if isinstance(grids, list):
        for owner, (want_grid, got_grid) in enumerate(zip(expected["grids"], grids, strict=False)):
            if not isinstance(got_grid, list):
                continue
            for slot, (want, got) in enumerate(zip(want_grid, got_grid, strict=False)):
                if want == HIDDEN and got not in (HIDDEN, None):
                    return (f"player {player}'s view shows {got} at player {owner}'s slot {slot},"
                            f" which player {player} has not seen")
    if expected.get("held") is None and actual.get("held") not in (None, HIDDEN):
        return f"player {player}'s view shows the card in another player's hand ({actual['held']})"
    return None


def _normal_action(data: Any) -> Action:
    """An action read from JSON, snap targets in order (the reference lists them so)."""
    action = action_from_json(data)
    if isinstance(action, Snap):
        return Snap(action.player, tuple(sorted(action.targets)))
    return action


def _few(items: list[str]) -> str:
    return ("[" + ", ".join(items[:3]) + (" ..." if len(items) > 3 else "") + "]") if items else "none"


def score_bounds(rules: Rules, cards: int) -> tuple[int, int]:
    """The lowest and highest score a hand of `cards` cards can have under `rules`.

    >>> from cambio_ref.rules import resolve
    >>> score_bounds(resolve("online"), 4)
    (-4, 160)
    """
    low_card, high_card = min(rules.points.values()), max(rules.points.values())
    risky = list(rules.risky_five_points.values()) if rules.risky_fives else [0]
    low = min(0, cards * low_card + min(0, *risky))
    high = max(0, cards * high_card + max(0, *risky)) + rules.caller_penalty
    return low, high


def conservation(deck: Sequence[str], state: dict[str, Any]) -> str | None:
    """None if the snapshot holds exactly the cards of the deck, else what went missing.

    >>> conservation(["AS", "2S", "3S"], {"deck": ["2S"], "pile": ["AS"], "grids": [[None]],
    ...                                   "held": "2S"})
    "card conservation: the snapshot holds 3 cards for a 3-card deck (missing ['3S'], extra ['2S'])"
    """
    cards: list[Any] = [*state["deck"], *state["pile"]]
    for grid in state["grids"]:
        cards.extend(c for c in (grid if isinstance(grid, list) else []) if c is not None)
    if state.get("held") is not None:
        cards.append(state["held"])
    if len(cards) == len(deck) and sorted(map(str, cards)) == sorted(deck):
        return None
    have, want = Counter(map(str, cards)), Counter(deck)
    lost, extra = sorted((want - have).elements()), sorted((have - want).elements())
    return (f"card conservation: the snapshot holds {len(cards)} cards for a"
            f" {len(deck)}-card deck (missing {lost or 'none'}, extra {extra or 'none'})")


# -- lockstep -------------------------------------------------------------------


class Lockstep:
    """Plays one game on the reference and the implementation side by side."""

    def __init__(self, driver: Driver, hello: Hello) -> None:
        self.driver = driver
        self.snapshots = "snapshot" in hello.commands
        self.legals = "legal" in hello.commands
        self.ref = Reference()
        self.game: Game | None = None
        self.steps = 0

    def _send(self, requests: list[Message], where: str) -> list[Message]:
        assert self.game is not None
        try:
            return self.driver.send(requests)
        except ImplementationFailure as exc:
            raise Disagreement(exc.status, where, exc.message, self.game, stderr=exc.stderr,
                               aspect="failure") from None

    def start(self, game: Game) -> None:
        """Deal on both sides and compare the deal, the views and the snapshot."""
        self.game = game
        game.deal = self.ref.new_game(game.rules, game.players, game.dealer, game.deck, game.seed)
        requests = [new_game_request(game.rules, game.players, game.dealer, game.deck, game.seed),
                    *self._looks(False)]
        replies = self._send(requests, "deal")
        problem = events_problem(game.deal, replies[0]["events"])
        if problem:
            raise Disagreement("fail", "deal", problem, game, expected=game.deal,
                               actual=replies[0]["events"])
        self._compare_table(replies[1:], "deal", False)

    def _looks(self, legal: bool) -> list[Message]:
        assert self.game is not None
        looks: list[Message] = [{"cmd": "observe", "player": p} for p in range(self.game.players)]
        if self.snapshots:
            looks.append({"cmd": "snapshot"})
        if legal and self.legals:
            looks.append({"cmd": "legal"})
        return looks

    def step(self, action: Any, check_legal: bool) -> None:
        """Play `action` on both sides and compare everything."""
        game = self.game
        assert game is not None
        expected = self.ref.act(action)
        game.steps.append(Step(action, expected))
        where = f"step {len(game.steps)}"
        self.steps += 1
        self.driver.stats.acts += 1
        replies = self._send([{"cmd": "act", "action": action}, *self._looks(check_legal)], where)
        actual = reply_to_act(replies[0])
        self._compare_reply(expected, actual, where)
        self._compare_table(replies[1:], where, check_legal)

    def _compare_reply(self, expected: Reply, actual: Reply, where: str) -> None:
        game = self.game
        assert game is not None
        action = _compact(game.steps[-1].action, 200)
        if isinstance(expected, Rejection):
            if not isinstance(actual, Rejection):
                raise Disagreement("accepted_wrongly", where, f"accepted {action}, which the"
                                   f" reference rejects: {expected.message}", game,
                                   expected=expected.code, actual=actual, aspect="rejection")
            if actual.code != expected.code:
                raise Disagreement("rejected_wrongly", where, f"rejected {action} with"
                                   f" {actual.code}; the reference rejects it with"
                                   f" {expected.message}", game, expected=expected.code,
                                   actual=actual.code, aspect="rejection")
            return
        if isinstance(actual, Rejection):
            raise Disagreement("rejected_wrongly", where, f"rejected {action}, a legal action,"
                               f" with {actual.code}: {actual.message}", game,
                               expected=expected, actual=actual.code, aspect="rejection")
        for event in actual:
            if event.get("t") == "round_over" and isinstance(event.get("scores"), list):
                grids = event.get("grids") or []
                for seat, score in enumerate(event["scores"]):
                    cards = sum(c is not None for c in grids[seat]) if seat < len(grids) else 4
                    low, high = score_bounds(game.rules, cards)
                    if not isinstance(score, int) or not low <= score <= high:
                        raise Disagreement("fail", where, f"score bounds: seat {seat} scores"
                                           f" {score}, outside [{low}, {high}] for {cards}"
                                           " cards", game, expected=expected, actual=actual)
        problem = events_problem(expected, actual)
        if problem:
            if self.ref.state is not None and self.ref.state.phase == OVER and \
                    not any(e.get("t") == "round_over" for e in actual):
                problem = f"termination: the round is over but the implementation goes on ({problem})"
            raise Disagreement("fail", where, problem, game, expected=expected, actual=actual)

    def _compare_table(self, replies: list[Message], where: str, check_legal: bool) -> None:
        game, state = self.game, self.ref.state
        assert game is not None and state is not None
        for player in range(game.players):
            want, got = view(state, player), replies[player]["view"]
            if want == got:
                continue
            problem = leak(want, got)
            problem = f"information hiding: {problem}" if problem else mismatch(want, got, "view")
            if problem:  # (equal apart from extra fields is fine)
                raise Disagreement("fail", where, f"player {player}'s {problem}", game,
                                   expected=want, actual=got, observe=player, aspect="view")
        rest = replies[game.players:]
        if self.snapshots:
            snap = rest.pop(0)["state"]
            problem = conservation(game.deck, snap)
            if problem is None:
                want_snap = state.snapshot()
                for key in ("deck", "pile", "grids", "held"):
                    if snap.get(key) != want_snap[key]:
                        problem = (f"snapshot: {key}: expected {_compact(want_snap[key], 300)},"
                                   f" got {_compact(snap.get(key), 300)}")
                        break
            if problem:
                raise Disagreement("fail", where, problem, game, aspect="snapshot")
        if check_legal and self.legals:
            listed = rest.pop(0)["actions"]
            try:
                got_legal = {_normal_action(a) for a in listed}
            except MalformedAction as exc:
                raise Disagreement("fail", where, f"legal actions: {exc}", game,
                                   aspect="legal") from None
            want_legal = set(legal_actions(state))
            if want_legal != got_legal:
                missing = sorted(map(_compact, map(action_to_json, want_legal - got_legal)))
                extra = sorted(map(_compact, map(action_to_json, got_legal - want_legal)))
                raise Disagreement("fail", where, f"legal actions: missing {_few(missing)},"
                                   f" extra {_few(extra)}", game, aspect="legal")


STEP = st.integers(0, 2**32 - 1)


def play(lock: Lockstep, data: st.DataObject, game: Game) -> None:
    """Play one drawn game to its end (or MAX_STEPS), then one action after the end."""
    lock.start(game)
    state = lock.ref.state
    assert state is not None
    patient = data.draw(st.integers(0, 3)) == 0  # no calls for a while: decks run out
    for count in range(MAX_STEPS):
        if state.phase == OVER:
            break
        value = data.draw(STEP)
        check_legal, value = value % LEGAL_EVERY == LEGAL_EVERY - 1, value // LEGAL_EVERY
        lock.step(choose_action(value, state, game.players, not patient or count > 150),
                  check_legal)
    else:
        return
    lock.step({"t": "draw", "player": state.current}, check_legal=False)


def fuzz(driver: Driver, hello: Hello, base: Rules, games: int, seed: int,
         shrink_seconds: float = SHRINK_SECONDS) -> FuzzReport:
    """Play `games` drawn games against the reference; shrink the first disagreement."""
    report = FuzzReport(base.canonical)
    found: list[Disagreement] = []
    budget: list[str] = []
    shrink_started: list[float] = []
    failures_when_found = [0]
    started = time.perf_counter()

    def failures() -> int:
        stats = driver.stats.failures
        return sum(stats.get(k, 0) for k in ("crash", "timeout", "protocol_error"))

    strategy = _game_strategy(base, hello.support)

    def test(data: st.DataObject) -> None:
        if budget:
            return
        if found:  # shrinking: stop early when it gets expensive
            if not shrink_started:
                shrink_started.append(time.monotonic())
            if time.monotonic() - shrink_started[0] > shrink_seconds or \
                    failures() - failures_when_found[0] >= SHRINK_FAILURES:
                return
        generating = not found
        began = time.perf_counter()
        game = data.draw(strategy)
        lock = Lockstep(driver, hello)
        if generating:
            report.games += 1
        try:
            play(lock, data, game)
        except Disagreement as exc:
            if not found:
                failures_when_found[0] = failures()
            found.append(exc)
            raise
        except RestartBudgetExhausted as exc:
            budget.append(str(exc))
            return
        finally:
            if generating:
                report.seconds += time.perf_counter() - began
            if not found:
                report.actions += lock.steps
                report.reshuffles += sum(
                    1 for s in game.steps if not isinstance(s.expected, Rejection)
                    for e in s.expected if e.get("t") == "reshuffled")
                report.rounds_over += lock.ref.state is not None and lock.ref.state.phase == OVER

    run = settings(max_examples=max(1, games), deadline=None, database=None,
                   derandomize=False, verbosity=Verbosity.quiet, report_multiple_bugs=False,
                   phases=(Phase.generate, Phase.shrink),
                   suppress_health_check=list(HealthCheck))(
        hypothesis_seed(seed)(given(st.data())(test)))
    try:
        run()
    except Exception:
        if not found and not budget:
            raise
    report.elapsed = time.perf_counter() - started
    if found:
        report.failure = min(found, key=Disagreement.size)
    if budget:
        report.not_run = budget[0]
    return report
