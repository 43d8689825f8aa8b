"""`cambio conform`: every case and the differential fuzzing, against one implementation.

`plan` lists the items of a run: each case under each ruleset, then one fuzz
run per ruleset, filtered by ``-k``. `Runner` plays them through a `Driver`
and gives one `Result` per item, whatever happens: a crash, a hang or a
protocol error is classified, the implementation is restarted, and the run
goes on until the restart budget is spent (the rest is then ``not_run``).

A case is *not applicable* when the case says so for the ruleset, when its
rules need option values the implementation did not declare, or when its
expectations do not hold for the reference under the rules given (a house
ruleset can change what a case expects). A case the implementation declares
it skips counts against it (``skipped``).

>>> from conformance.harness import Driver, parse_impl
>>> runner = Runner(Driver(parse_impl("python:conformance.serve:ReferenceEngine")))
>>> items = plan(["official"], keyword="caller-ties", fuzz=0)
>>> [item.name for item in items]
['tie.caller-ties-lowest[official]']
>>> runner.start().name
'cambio-ref'
>>> [r.status for r in map(runner.run, items)]
['pass']
>>> runner.close()
"""

from __future__ import annotations

import math
import re
import shlex
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cambio_ref.cases import Case, load_case_file, load_cases, read_cases
from cambio_ref.errors import CambioError, SpecError
from cambio_ref.rules import Rules, resolve
from conformance.fuzz import SHRINK_SECONDS, FuzzReport, events_problem, fuzz
from conformance.harness import (
    Client,
    Driver,
    ImplementationFailure,
    RestartBudgetExhausted,
)
from conformance.implementation import Event, Implementation, Reference, Rejection
from conformance.matching import mismatch
from conformance.protocol import Hello
from conformance.regression import save_regression
from conformance.scenarios import CaseResult, run_case

STATUSES = ("pass", "fail", "rejected_wrongly", "accepted_wrongly", "crash", "timeout",
            "protocol_error", "skipped", "not_run", "not_applicable")
LABELS = {s: s.replace("_", " ") for s in STATUSES}
FAILING = frozenset(STATUSES) - {"pass", "not_applicable"}
DEFAULT_RULESETS = ("memory", "online", "hearts", "official", "awareness")
DEFAULT_FUZZ = 200


class HandshakeFailed(CambioError):
    """The implementation never completed the handshake: nothing can be run."""


@dataclass
class Result:
    """The outcome of one item of a run."""

    id: str
    ruleset: str
    status: str
    kind: str = "case"
    step: str | None = None
    message: str = ""
    expected: Any = None
    actual: Any = None
    stderr: str = ""
    repro: list[str] = field(default_factory=list)
    seconds: float = 0.0
    actions: int = 0
    file: str | None = None
    trace: list[str] = field(default_factory=list)

    @property
    def name(self) -> str:
        return f"{self.id}[{self.ruleset}]"

    @property
    def failed(self) -> bool:
        return self.status in FAILING

    def to_json(self) -> dict[str, Any]:
        return {"type": "result", "id": self.id, "ruleset": self.ruleset, "kind": self.kind,
                "status": self.status, "step": self.step, "message": self.message,
                "expected": self.expected, "actual": self.actual, "stderr": self.stderr,
                "repro": self.repro, "seconds": round(self.seconds, 4), "actions": self.actions,
                "file": self.file}


@dataclass(frozen=True)
class Item:
    """One thing to run: a case under a ruleset, or a fuzz run around a ruleset."""

    kind: str
    id: str
    ruleset: str
    rules: Rules
    case: Case | None = None
    games: int = 0

    @property
    def name(self) -> str:
        return f"{self.id}[{self.ruleset}]"


# -- planning ------------------------------------------------------------------


def load_case_paths(paths: Sequence[Path]) -> dict[str, Case]:
    """Cases from files and directories (every problem at once), or spec/cases by default."""
    if not paths:
        return load_cases()
    cases: dict[str, Case] = {}
    problems = []
    for path in paths:
        if path.is_dir():
            found, bad = read_cases(path)
            problems += bad
            cases.update(found)
        elif path.is_file():
            try:
                case = load_case_file(path)
            except SpecError as exc:
                problems += exc.problems
                continue
            cases[case.id] = case
        else:
            raise CambioError(f"--cases {path}: no such file or directory")
    if problems:
        raise SpecError(problems)
    return cases


_TOKEN = re.compile(r"\s*(\(|\)|[^\s()]+)")


def keyword_matches(expr: str | None, name: str) -> bool:
    """pytest-style ``-k``: substrings of the item name joined by and, or, not, parentheses.

    >>> keyword_matches("tie and not fuzz", "tie.caller-ties-lowest[hearts]")
    True
    >>> keyword_matches("fuzz or match", "tie.caller-ties-lowest[hearts]")
    False
    """
    if not expr:
        return True
    tokens = _TOKEN.findall(expr)
    pos = 0
    low = name.lower()

    def peek() -> str | None:
        return tokens[pos] if pos < len(tokens) else None

    def take() -> str:
        nonlocal pos
        if pos >= len(tokens):
            raise CambioError(f"-k {expr!r}: the expression ends too soon")
        pos += 1
        token: str = tokens[pos - 1]
        return token

    def either() -> bool:
        value = both()
        while peek() == "or":
            take()
            value = both() or value
        return value

    def both() -> bool:
        value = negated()
        while peek() == "and":
            take()
            value = negated() and value
        return value

    def negated() -> bool:
        token = take()
        if token == "not":
            return not negated()
        if token == "(":
            value = either()
            if take() != ")":
                raise CambioError(f"-k {expr!r}: missing ')'")
            return value
        if token in ("and", "or", ")"):
            raise CambioError(f"-k {expr!r}: unexpected {token!r}")
        return token.lower() in low

    result = either()
    if pos != len(tokens):
        raise CambioError(f"-k {expr!r}: unexpected {tokens[pos]!r}")
    return result


def plan(rulesets: Sequence[str] = DEFAULT_RULESETS, *, cases: Mapping[str, Case] | None = None,
         keyword: str | None = None, fuzz: int = DEFAULT_FUZZ) -> list[Item]:
    """Every case under every ruleset, then one fuzz item per ruleset sharing `fuzz` games."""
    cases = load_cases() if cases is None else cases
    resolved = [resolve(r) for r in (rulesets or DEFAULT_RULESETS)]
    labels = [r.canonical for r in resolved]
    if len(set(labels)) != len(labels):
        raise CambioError(f"--ruleset names the same rules twice: {', '.join(labels)}")
    items = [Item("case", case.id, rules.canonical, rules, case)
             for case in cases.values() for rules in resolved]
    if fuzz > 0:
        share = math.ceil(fuzz / len(resolved))
        items += [Item("fuzz", "fuzz", rules.canonical, rules, games=share) for rules in resolved]
    return [item for item in items if keyword_matches(keyword, item.name)]


# -- recording -----------------------------------------------------------------


class Recorder:
    """An Implementation that remembers every call and its reply (to find where two differ)."""

    def __init__(self, impl: Implementation) -> None:
        self.impl = impl
        self.name = impl.name
        self.calls: list[list[Any]] = []

    def new_game(self, rules: Rules, players: int, dealer: int, deck: list[str],
                 seed: int, first: int | None = None) -> list[Event]:
        self.calls.append(["new_game", {"players": players, "dealer": dealer, "seed": seed,
                                        "first": first}, None])
        self.calls[-1][2] = events = self.impl.new_game(rules, players, dealer, deck, seed, first)
        return events

    def act(self, action: dict[str, Any]) -> list[Event] | Rejection:
        self.calls.append(["act", action, None])
        self.calls[-1][2] = reply = self.impl.act(action)
        return reply

    def observe(self, player: int) -> dict[str, Any]:
        self.calls.append(["observe", player, None])
        self.calls[-1][2] = seen = self.impl.observe(player)
        return seen

    @property
    def actions(self) -> int:
        return sum(1 for c in self.calls if c[0] == "act")


def _as_json(reply: Any) -> Any:
    if isinstance(reply, Rejection):
        return {"rejected": reply.code, "message": reply.message}
    return reply


@dataclass(frozen=True)
class Divergence:
    """The first call the implementation answered differently from the reference."""

    where: str
    status: str
    problem: str
    expected: Any
    actual: Any


def _differs(kind: str, want: Any, got: Any) -> tuple[str, str] | None:
    """(status, problem) if the implementation's reply `got` differs from `want`."""
    if isinstance(want, Rejection) or isinstance(got, Rejection):
        if isinstance(want, Rejection) and isinstance(got, Rejection):
            if want.code == got.code:
                return None
            return "rejected_wrongly", f"rejected with {got.code}, not {want.code}"
        if isinstance(want, Rejection):
            return "accepted_wrongly", f"accepted; the reference rejects it with {want.code}"
        return "rejected_wrongly", f"rejected with {got.code}; the reference accepts it"
    problem = mismatch(want, got, "view") if kind == "observe" else events_problem(want, got)
    return ("fail", problem) if problem else None


def divergence(expected: Recorder, actual: Recorder) -> Divergence | None:
    """Where the implementation first replied differently from the reference, if anywhere."""
    acts = 0
    for want, got in zip(expected.calls, actual.calls, strict=False):
        acts += want[0] == "act"
        found = _differs(want[0], want[2], got[2])
        if found:
            what = {"new_game": "the deal", "observe": f"observe player {want[1]}"}.get(
                want[0], f"action {acts} {want[1]}")
            return Divergence(what, found[0], found[1], _as_json(want[2]), _as_json(got[2]))
    return None


def classify(result: CaseResult) -> str:
    """The status of a case run by its first failure: rejected or accepted wrongly, or fail.

    >>> from conformance.scenarios import Failure
    >>> r = CaseResult("c", "hearts", "fail", [Failure("step 2", "expected rejection"
    ...                " E_LOCKED, but the action was accepted")])
    >>> classify(r)
    'accepted_wrongly'
    """
    if result.status != "fail" or not result.failures:
        return result.status
    message = result.failures[0].message
    if message.startswith("expected rejection") and "accepted" in message:
        return "accepted_wrongly"
    if message.startswith("expected rejection") or (
            message.startswith("expected the action to be accepted")) or "was rejected" in message:
        return "rejected_wrongly"
    return "fail"


# -- running -------------------------------------------------------------------


class Runner:
    """Runs items against one implementation, restarting it after failures."""

    def __init__(self, driver: Driver, *, seed: int = 0, save_failures: Path | None = None,
                 impl_text: str | None = None, shrink_seconds: float = SHRINK_SECONDS) -> None:
        self.driver = driver
        self.shrink_seconds = shrink_seconds
        self.seed = seed
        self.save_failures = save_failures
        self.impl_text = impl_text or driver.spec.text
        self.hello: Hello | None = None
        self.exhausted: str | None = None
        self.fuzz_reports: list[FuzzReport] = []
        # per item kind: requests, round trips, seconds spent in them, actions
        self.traffic: dict[str, list[float]] = {"case": [0, 0, 0.0, 0], "fuzz": [0, 0, 0.0, 0]}

    def start(self) -> Hello:
        """The handshake; HandshakeFailed if the implementation cannot even do that."""
        try:
            self.hello = self.driver.start()
        except ImplementationFailure as exc:
            tail = " ".join(exc.stderr.split()[-40:])
            raise HandshakeFailed(f"--impl {self.impl_text}: {exc.message}"
                                  + (f"; its stderr ends: {tail}" if tail else "")) from None
        return self.hello

    def close(self) -> None:
        self.driver.close()

    def _impl(self) -> str:
        return shlex.quote(self.impl_text)

    def run(self, item: Item) -> Result:
        """Run one item; never raises for anything the implementation does."""
        started = time.perf_counter()
        stats = self.driver.stats
        before = (stats.requests, stats.round_trips, stats.seconds, stats.acts)
        if self.exhausted is not None:
            result = Result(item.id, item.ruleset, "not_run", item.kind, message=self.exhausted)
        elif item.kind == "fuzz":
            result = self._fuzz(item)
        else:
            result = self._case(item)
        result.seconds = time.perf_counter() - started
        after = (stats.requests, stats.round_trips, stats.seconds, stats.acts)
        for i, (old, new) in enumerate(zip(before, after, strict=True)):
            self.traffic[item.kind][i] += new - old
        return result

    def throughput(self) -> dict[str, Any]:
        """Traffic through the protocol: round trips, requests, actions per second."""
        stats = self.driver.stats
        if not stats.round_trips:
            return {}
        _, trips, seconds, acts = self.traffic["case"]
        fuzz_actions = sum(r.actions for r in self.fuzz_reports)
        fuzz_seconds = sum(r.seconds for r in self.fuzz_reports)
        fuzz_requests = self.traffic["fuzz"][0]
        return {
            "acts": stats.acts, "requests": stats.requests, "round_trips": stats.round_trips,
            "protocol_seconds": round(stats.seconds, 3),
            "round_trip_us": round(stats.seconds / stats.round_trips * 1e6, 1),
            "case_actions": int(acts),
            "case_round_trip_us": round(seconds / trips * 1e6, 1) if trips else None,
            "case_actions_per_second": round(acts / seconds) if seconds else None,
            "lockstep_actions": fuzz_actions,
            "lockstep_actions_per_second": round(fuzz_actions / fuzz_seconds) if fuzz_seconds else 0,
            "requests_per_lockstep_action": round(fuzz_requests / fuzz_actions, 1)
            if fuzz_actions else None,
            "restarts": stats.restarts,
        }

    def _case(self, item: Item) -> Result:
        case, hello = item.case, self.hello
        assert case is not None and hello is not None
        base = item.rules.name
        res = Result(case.id, item.ruleset, "pass")
        if base not in case.rulesets or not case.applies_to(base):
            res.status = "not_applicable"
            res.message = str(case.rulesets.get(base, {}).get("not_applicable", "not listed"))
            return res
        try:
            rules = case.rules_for(item.rules)
        except CambioError as exc:
            res.status, res.message = "not_applicable", f"the case's rules: {exc}"
            return res
        missing = hello.support.missing(rules)
        if missing:
            res.status = "not_applicable"
            res.message = f"needs {', '.join(missing)}, which the implementation does not declare"
            return res
        if case.id in hello.skip:
            res.status, res.message = "skipped", f"the implementation skips it: {hello.skip[case.id]}"
            return res
        reference = Recorder(Reference())
        expected = run_case(case, base, reference, rules=rules)
        if expected.status != "pass":
            res.status = "not_applicable"
            res.message = (f"its expectations do not hold under {rules.canonical} even for the"
                           f" reference: {expected.failures[0] if expected.failures else ''}")
            return res
        where = f" --cases {shlex.quote(case.file)}" if not _in_spec(case) else ""
        res.repro = [f"cambio conform --impl {self._impl()} --ruleset"
                     f" {shlex.quote(item.ruleset)} --fuzz 0 -k {shlex.quote(case.id)}{where}",
                     f"cambio replay {shlex.quote(case.id if not where else case.file)}"
                     f" --ruleset {shlex.quote(item.ruleset)}"]
        actual = Recorder(Client(self.driver))
        try:
            result = run_case(case, base, actual, rules=rules)
        except ImplementationFailure as exc:
            res.status, res.message, res.stderr = exc.status, exc.message, exc.stderr
            pending = actual.calls[-1] if actual.calls else None
            res.step = f"action {actual.actions}" if pending and pending[0] == "act" else exc.cmd
            if pending and pending[0] == "act":
                res.message += f"; the action was {pending[1]}"
            res.actions = actual.actions
            return res
        except RestartBudgetExhausted as exc:
            self.exhausted = str(exc)
            res.status, res.message = "not_run", str(exc)
            return res
        res.actions = actual.actions
        res.trace = result.trace
        res.status = classify(result)
        if res.failed:
            res.step = result.failures[0].step or "outcome"
            res.message = "; ".join(str(f) for f in result.failures[:3])
            first = divergence(reference, actual)
            if first is not None:
                # the first difference is the cause; later expectations fail because of it
                res.status, res.expected, res.actual = first.status, first.expected, first.actual
                res.message = (f"first difference from the reference at {first.where}:"
                               f" {first.problem}; then {res.message}")
        return res

    def _fuzz(self, item: Item) -> Result:
        hello = self.hello
        assert hello is not None
        res = Result("fuzz", item.ruleset, "pass", "fuzz")
        # (option values of the base the implementation did not declare are replaced by
        # declared ones, so fuzzing always applies)
        report = fuzz(self.driver, hello, item.rules, item.games, self.seed, self.shrink_seconds)
        self.fuzz_reports.append(report)
        res.actions = report.actions
        res.message = (f"{report.games} games, {report.actions} actions, {report.rounds_over}"
                       f" rounds to the end, {report.reshuffles} reshuffles")
        rerun = (f"cambio conform --impl {self._impl()} --ruleset {shlex.quote(item.ruleset)}"
                 f" -k fuzz --fuzz {item.games} --seed {self.seed}")
        if report.not_run is not None:
            self.exhausted = report.not_run
            res.status, res.message = "not_run", report.not_run
        d = report.failure
        if d is None:
            return res
        res.status, res.step, res.stderr = d.status, d.where, d.stderr
        res.message = f"{d.message} (shrunk to {len(d.game.steps)} actions," \
                      f" {d.game.players} players, rules {d.game.rules.canonical})"
        res.expected, res.actual = _jsonable(d.expected), _jsonable(d.actual)
        res.repro = [rerun]
        if self.save_failures is not None:
            path = save_regression(d, self.save_failures, impl=self.impl_text, seed=self.seed)
            res.file = str(path)
            res.repro = [f"cambio conform --impl {self._impl()} --fuzz 0 --cases"
                         f" {shlex.quote(str(path))}", f"cambio replay {shlex.quote(str(path))}",
                         rerun]
        else:
            res.repro.append(f"{rerun} --save-failures DIR  (writes the shrunk game as a case)")
        return res


def _in_spec(case: Case) -> bool:
    try:
        return load_cases().get(case.id) is case
    except CambioError:
        return False


def _jsonable(value: Any) -> Any:
    if isinstance(value, Rejection):
        return {"rejected": value.code, "message": value.message}
    return value


def run_all(runner: Runner, items: Iterable[Item]) -> Iterable[Result]:
    """Run items in order, yielding each result as soon as it is known."""
    for item in items:
        yield runner.run(item)
