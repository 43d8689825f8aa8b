"""`cambio conform`: every case and the differential fuzzing, against one implementation.

`plan` lists the items of a run: each case under each target (the rules the
implementation declares, or ``--ruleset``; `conformance.targets`), then one
fuzz run per target, filtered by ``-k``. `Runner` plays them through a
`Driver` and gives the results of each item, whatever happens: a crash, a
hang or a protocol error is classified, the implementation is restarted, and
the run goes on until the restart budget is spent (the rest is then
``not_run``). A case runs through `conformance.caserun`; fuzzing through
`conformance.fuzz`, one result per distinct deviation.

>>> from conformance.harness import Driver, parse_impl
>>> from conformance.targets import targets
>>> runner = Runner(Driver(parse_impl("python:conformance.serve:ReferenceEngine")))
>>> items = plan(targets(["official"], None), keyword="caller-ties", fuzz=0)
>>> [item.name for item in items]
['tie.caller-ties-lowest[official]']
>>> runner.start().name
'cambio-ref'
>>> [r.status for item in items for r in runner.run(item)]
['pass']
>>> runner.close()
"""

from __future__ import annotations

import contextlib
import math
import re
import shlex
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cambio_ref.cases import Case, load_case_file, load_cases, read_cases
from cambio_ref.errors import CambioError, SpecError
from conformance import caserun
from conformance.diagnosis import Diagnoser
from conformance.failures import ImplementationFailure
from conformance.grouping import occurrence
from conformance.harness import Driver
from conformance.implementation import jsonable
from conformance.protocol import Hello
from conformance.regression import regression_case, save_regression
from conformance.results import CHECKS, FAILING, LABELS, STATUSES, Result, played
from conformance.shards import (
    SHRINK_SECONDS,
    Deviation,
    FuzzReport,
    merge_reports,
    player_range,
    shard_count,
    shard_games,
    shard_rows,
    shard_seed,
)
from conformance.targets import DEFAULT_RULESETS, Target

if TYPE_CHECKING:  # (conformance.fuzz imports Hypothesis: see conformance.shards)
    from conformance.fuzz import Drawn

DEFAULT_FUZZ = 70  # at least the rows of the covering array (tests/conformance/test_draws.py)
__all__ = ["CHECKS", "DEFAULT_RULESETS", "FAILING", "LABELS", "STATUSES", "Result"]


class HandshakeFailed(CambioError):
    """The implementation never completed the handshake: nothing can be run."""


@dataclass(frozen=True)
class Item:
    """One thing to run: a case under a target, or a fuzz run around a target (its games
    split into shards, `conformance.shards`; `shards` selects some of them)."""

    kind: str
    id: str
    target: Target
    case: Case | None = None
    games: int = 0
    shards: range | None = None
    # the rules of every fuzz target of the run, in order: the targets' games share out
    # the rows of one covering array (`conformance.shards.shard_rows`)
    peers: tuple[str, ...] = ()

    @property
    def shard_indices(self) -> list[int]:
        """The fuzz shards this item plays (all of them unless `shards` selects some)."""
        count = shard_count(self.games)
        chosen = self.shards if self.shards is not None else range(count)
        return list(range(chosen.start, min(chosen.stop, count)))

    @property
    def ruleset(self) -> str:
        return self.target.label

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


def plan(targets: Sequence[Target], *, cases: Mapping[str, Case] | None = None,
         keyword: str | None = None, fuzz: int = DEFAULT_FUZZ,
         shards: range | None = None) -> list[Item]:
    """Every case under every target, then one fuzz item per target sharing `fuzz` games
    (only the fuzz shards in `shards`, when given)."""
    cases = load_cases() if cases is None else cases
    items = [Item("case", case.id, target, case) for case in cases.values() for target in targets]
    if fuzz > 0 and targets:
        share = math.ceil(fuzz / len(targets))
        peers = tuple(t.rerun_name for t in targets)
        items += [Item("fuzz", "fuzz", target, games=share, shards=shards, peers=peers)
                  for target in targets]
    return [item for item in items if keyword_matches(keyword, item.name)]


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

    @contextlib.contextmanager
    def _counting(self, kind: str) -> Iterator[None]:
        """Add the protocol traffic inside to this kind of item's."""
        stats = self.driver.stats
        before = (stats.requests, stats.round_trips, stats.seconds, stats.acts)
        try:
            yield
        finally:
            after = (stats.requests, stats.round_trips, stats.seconds, stats.acts)
            for i, (old, new) in enumerate(zip(before, after, strict=True)):
                self.traffic[kind][i] += new - old

    def run(self, item: Item) -> list[Result]:
        """Run one item (one result; a fuzz item gives one per deviation); never raises
        for anything the implementation does. A fuzz item plays its shards in order."""
        if item.kind != "fuzz":
            return self.run_case(item)
        return self.finish_fuzz(item, merge_reports([(i, self.run_shard(item, i))
                                                     for i in item.shard_indices],
                                                    item.target.rules.canonical))

    def run_case(self, item: Item) -> list[Result]:
        """Run one case item: one result."""
        started = time.perf_counter()
        if self.exhausted is not None:
            result = Result(item.id, item.ruleset, "not_run", item.kind, message=self.exhausted)
        else:
            assert item.case is not None and self.hello is not None
            with self._counting("case"):
                # (each case diagnosed on its own, as each fuzz shard is, so that it
                # finds the same whatever ran before it in this process: the log is the
                # same whatever --jobs; the run as a whole decides, `conformance.grouping`)
                result = caserun.run(self.driver, self.hello, item.case, item.target,
                                     self.impl_text, Diagnoser())
            if result.status == "not_run":
                self.exhausted = result.message
        result.seconds = time.perf_counter() - started
        return [result]

    def run_shard(self, item: Item, index: int) -> FuzzReport:
        """Play shard `index` of a fuzz item (unshrunk; `finish_fuzz` takes the merged shards)."""
        hello = self.hello
        assert hello is not None
        rules = item.target.rules
        report = FuzzReport(rules.canonical)
        if self.exhausted is not None:
            report.not_run = self.exhausted
            return report
        if player_range(rules, hello) is None:
            return report
        from conformance.fuzz import play_games  # (Hypothesis: only where a run fuzzes)

        with self._counting("fuzz"):
            report = play_games(self.driver, hello, rules, **self._shard(item, index))
        self.fuzz_reports.append(report)
        for deviation in report.deviations.values():
            deviation.shard = index
        if report.not_run is not None:
            self.exhausted = report.not_run
        return report

    def _shard(self, item: Item, index: int) -> dict[str, Any]:
        """How shard `index` of a fuzz item draws its games (`conformance.fuzz.each_game`)."""
        from conformance.draws import cover_rows

        assert self.hello is not None
        listed = item.target.label == "declared"
        peers = item.peers or (item.target.rerun_name,)
        rows = shard_rows(cover_rows(self.hello.support, listed, self.seed), index,
                          peers.index(item.target.rerun_name), len(peers))
        return {"games": shard_games(item.games, index),
                "seed": shard_seed(self.seed, item.target.rules.canonical, index),
                "listed": listed, "simplest": index == 0, "rows": rows, "sweep": index == 0}

    def draw_shard(self, item: Item, index: int, upto: int | None = None) -> list[Drawn]:
        """The games shard `index` of a fuzz item plays against an implementation that
        never differs from the reference (the first `upto`), drawn without playing them
        (`conformance.fuzz.draw_games`)."""
        from conformance.fuzz import draw_games

        assert self.hello is not None
        if player_range(item.target.rules, self.hello) is None:
            return []
        return draw_games(self.hello, item.target.rules, **self._shard(item, index), upto=upto)

    def finish_fuzz(self, item: Item, report: FuzzReport) -> list[Result]:
        """The results of a fuzz item from its merged shards: each deviation shrunk."""
        started = time.perf_counter()
        hello = self.hello
        assert hello is not None
        rules = item.target.rules
        res = Result("fuzz", item.ruleset, "pass", "fuzz", rules=rules.canonical)
        if player_range(rules, hello) is None:
            res.status = "not_applicable"
            res.message = (f"the implementation plays {hello.players[0]} to {hello.players[1]}"
                           f" players; {item.ruleset} is played by {rules.min_players} to"
                           f" {rules.max_players}")
            results = [res]
        else:
            if self.exhausted is None:
                from conformance.fuzz import shrink_deviations

                with self._counting("fuzz"):
                    shrink_deviations(self.driver, hello, report, self.shrink_seconds)
                if report.not_run is not None:
                    self.exhausted = report.not_run
            results = self._fuzz_results(item, report, res)
        elapsed = report.elapsed + time.perf_counter() - started
        for result in results:
            result.seconds = elapsed / len(results)
        return results

    def counters(self) -> dict[str, float]:
        """The traffic so far, as numbers that add up across runners (see `throughput`)."""
        stats = self.driver.stats
        return {"acts": stats.acts, "requests": stats.requests, "round_trips": stats.round_trips,
                "seconds": stats.seconds, "restarts": stats.restarts,
                "case_trips": self.traffic["case"][1], "case_seconds": self.traffic["case"][2],
                "case_acts": self.traffic["case"][3], "fuzz_requests": self.traffic["fuzz"][0],
                "fuzz_actions": sum(r.actions for r in self.fuzz_reports),
                "fuzz_seconds": sum(r.seconds for r in self.fuzz_reports)}

    def throughput(self) -> dict[str, Any]:
        """Traffic through the protocol: round trips, requests, actions per second."""
        return throughput(self.counters())

    def _fuzz_results(self, item: Item, report: FuzzReport, res: Result) -> list[Result]:
        res.actions = report.actions
        low, high = report.players
        res.message = played(report.games, (low, high), report.actions, report.rounds_over,
                             report.reshuffles)
        if report.not_run is not None:
            res.status, res.message = "not_run", report.not_run
        if not report.deviations:
            return [res]
        results = [self._deviation(item, report, d) for d in report.deviations.values()]
        if res.status == "not_run":
            results.append(res)
        return results

    def _deviation(self, item: Item, report: FuzzReport, deviation: Deviation) -> Result:
        hello = self.hello
        assert hello is not None
        d = deviation.example
        # (the same targets as the run: they share out the covering array's rows)
        peers = item.peers or (item.target.rerun_name,)
        rerun = (f"cambio conform --impl {self._impl()}"
                 + "".join(f" --ruleset {shlex.quote(p)}" for p in peers)
                 + f" -k fuzz --fuzz {item.games * len(peers)} --seed {self.seed}"
                 f" --fuzz-shards {deviation.shard}")
        res = Result(f"fuzz:{deviation.signature}", item.ruleset, d.status, "fuzz",
                     step=d.where, stderr=d.stderr, rules=item.target.rules.canonical,
                     rule=d.rule, signature=deviation.signature, count=deviation.count)
        res.actions = report.actions
        res.message = (f"{d.message} (rule: {d.rule or 'unexplained'}; in {len(deviation.games)}"
                       f" of {report.games} games; shrunk to {len(d.game.steps)} actions,"
                       f" {d.game.players} players, rules {d.game.rules.canonical})")
        res.expected, res.actual = jsonable(d.expected), jsonable(d.actual)
        res.case = regression_case(d, impl=self.impl_text, seed=self.seed)[1]
        res.repro = [rerun]
        if self.save_failures is not None:
            path = save_regression(d, self.save_failures, impl=self.impl_text, seed=self.seed)
            res.file = str(path)
            res.repro = [f"cambio conform --impl {self._impl()} --fuzz 0 --cases"
                         f" {shlex.quote(str(path))}", f"cambio replay {shlex.quote(str(path))}",
                         rerun]
        else:
            res.repro.append(f"{rerun} --save-failures DIR  (writes the shrunk game as a case)")
        waived = caserun.waiver(hello, deviation.first)
        if waived:
            res.status, res.message = "waived", f"waived ({waived}); {res.message}"
        games = ", ".join(map(str, deviation.games[:8])) + (" ..." if len(deviation.games) > 8
                                                           else "")
        res.deviations = [occurrence(deviation.first, f"fuzz[{item.ruleset}] games {games}",
                                     how=deviation.how, repro=res.repro[0],
                                     rules=res.rules or "", waived=waived,
                                     count=deviation.count, games=len(deviation.games))]
        res.deviations[0]["size"] = len(d.game.steps)
        res.deviations[0]["behind"] = deviation.behind
        return res


def throughput(counters: Mapping[str, float]) -> dict[str, Any]:
    """The throughput line's numbers from `Runner.counters` (summed over runners).

    >>> throughput({"round_trips": 0})
    {}
    """
    c = counters
    if not c.get("round_trips"):
        return {}
    trips, seconds, acts = c["case_trips"], c["case_seconds"], int(c["case_acts"])
    fuzz_actions, fuzz_seconds = int(c["fuzz_actions"]), c["fuzz_seconds"]
    return {
        "acts": int(c["acts"]), "requests": int(c["requests"]),
        "round_trips": int(c["round_trips"]),
        "protocol_seconds": round(c["seconds"], 3),
        "round_trip_us": round(c["seconds"] / c["round_trips"] * 1e6, 1),
        "case_actions": acts,
        "case_round_trip_us": round(seconds / trips * 1e6, 1) if trips else None,
        "case_actions_per_second": round(acts / seconds) if seconds else None,
        "lockstep_actions": fuzz_actions,
        "lockstep_actions_per_second": round(fuzz_actions / fuzz_seconds) if fuzz_seconds else 0,
        "requests_per_lockstep_action": round(c["fuzz_requests"] / fuzz_actions, 1)
        if fuzz_actions else None,
        "restarts": int(c["restarts"]),
    }


def run_all(runner: Runner, items: Iterable[Item]) -> Iterable[Result]:
    """Run items in order, yielding each result as soon as it is known."""
    for item in items:
        yield from runner.run(item)
