"""Issue 21, items 2 and 3: nothing passes vacuously, and no report claims more than happened.

A run is green only when something applicable ran and everything applicable passed
(DESIGN.md, "No false green"). Each test builds the situation the issue describes (a
declaration that allows no game, a run in which nothing applies, a case the reference
cannot play or whose expectations it misses, a worker that fails, a run that dies after
its header) and checks what every output then says. The expectations are about the
harness, not about Cambio's rules, except where a case's answer is cited.
"""

from __future__ import annotations

import json
import os
import shlex
import signal
import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, ClassVar

import pytest

from cambio_ref.cases import load_cases
from cambio_ref.resources import cases_dir
from cambio_ref.rules import resolve
from conformance.conform import Item, Runner, plan
from conformance.implementation import Event, Rejection
from conformance.jobs import ParallelPool, SerialPool, Settings
from conformance.protocol import Hello, ProtocolError
from conformance.results import Result
from conformance.serve import ReferenceEngine
from conformance.shards import FuzzReport
from conformance.targets import targets
from tests.conformance.conftest import Run
from tests.conformance.test_own_rules import NON_SOURCE, REJECTED_STEP

Conform = Callable[..., Run]
HERE = "tests.conformance.test_no_false_green"
SCHEMA = Path(__file__).resolve().parents[2] / "spec" / "schemas" / "case.schema.json"


# -- implementations whose declaration allows no game --------------------------------


class NoSeats(ReferenceEngine):
    """Declares official with at least 5 players, but plays 2 or 3 (the issue's example)."""

    name = "no-seats"
    rules = resolve("official(min_players=5)")
    players: ClassVar[dict[str, int]] = {"min": 2, "max": 3}  # type: ignore[misc]


class NoTie(ReferenceEngine):
    """Lists no value at all for the tie option: the fuzzer has nothing to draw."""

    name = "no-tie"
    options: ClassVar[dict[str, Any]] = {"tie": []}


class MinAboveMax(ReferenceEngine):
    """Declares at least 8 players and at most 2."""

    name = "min-above-max"
    options: ClassVar[dict[str, Any]] = {"min_players": [8], "max_players": [2]}


class OwnRulesUndeclared(ReferenceEngine):
    """Declares hearts, whose tie rule is caller-loses, but lists only shared ties."""

    name = "own-rules-undeclared"
    rules = resolve("hearts")
    options: ClassVar[dict[str, Any]] = {"tie": ["shared"]}


class Killer(ReferenceEngine):
    """In-process, it kills its own process (the worker running it) when asked to call."""

    name = "killer"

    def act(self, action: dict[str, Any]) -> list[Event] | Rejection:
        if isinstance(action, dict) and action.get("t") == "call":
            os.kill(os.getpid(), signal.SIGKILL)
        return super().act(action)


def footer(run: Run) -> dict[str, Any]:
    lines = [line for line in run.log if line["type"] == "footer"]
    assert lines, "the log has no footer"
    return lines[-1]


@pytest.mark.parametrize(("factory", "why"), [
    ("NoSeats", "the declared rules official(min_players=5) are played by 5 to 8 players and"
                " 'players' allows 2 to 3: no game can be dealt"),
    ("NoTie", "options.tie lists no value"),
    ("MinAboveMax", "no player count fits 'players' (2 to 8) and options min_players [8],"
                    " max_players [2]"),
    ("OwnRulesUndeclared", "the declared rules hearts need tie=caller-loses, which 'options'"
                           " does not list"),
])
def test_the_handshake_refuses_a_declaration_that_allows_no_game(
        conform: Conform, factory: str, why: str) -> None:
    run = conform("--impl", f"python:{HERE}:{factory}", "--seed", "1", "--fuzz", "5")
    assert run.code == 2
    assert run.err.count("\n") == 1 and why in run.err, run.err
    assert "Traceback" not in run.err + run.out
    assert run.results == [] and footer(run)["exit"] == 2


def test_a_declaration_the_fuzzer_cannot_draw_from_never_reaches_a_worker(
        conform: Conform) -> None:
    # (before: each fuzz worker raised on drawing, the run died with a traceback and the
    # footer already written said exit 0)
    for factory in ("NoTie", "MinAboveMax"):
        run = conform("--impl", f"python:{HERE}:{factory}", "--seed", "1", "-k", "fuzz",
                      "--fuzz", "10", "--jobs", "2")
        assert run.code == 2 and "Traceback" not in run.err, run.err
        assert footer(run)["exit"] == 2


def test_hello_parse_keeps_a_declaration_that_allows_some_game() -> None:
    reply = {"seq": 0, "protocol": 1, "implementation": {"name": "x"},
             "rules": "official(min_players=5)", "players": {"min": 2, "max": 5},
             "options": {"min_players": [3, 5], "max_players": [2, 8]}}
    hello = Hello.parse(reply)
    assert hello.players == (2, 5)
    with pytest.raises(ProtocolError, match="no game can be dealt"):
        Hello.parse({**reply, "players": {"min": 2, "max": 4}})


# -- a run in which nothing applies ------------------------------------------------------


def test_a_run_in_which_no_item_applied_exits_5_and_every_output_says_so(
        conform: Conform, tmp_path: Path) -> None:
    # official plays without snapping, so a case about a wrong snap cannot be set up there
    # (official "Snapping" is not in its rules: spec/rulesets/official.yaml, snap.enabled)
    junit, report = tmp_path / "junit.xml", tmp_path / "report.md"
    run = conform("--ruleset", "official", "-k", "snap.wrong-own-card", "--fuzz", "0",
                  "--junit", str(junit), "--report", str(report))
    assert run.statuses() == {"not_applicable": 1}
    assert run.code == 5 and footer(run)["exit"] == 5
    assert "Nothing was checked: no item applied" in run.out
    assert "- 1 under official: a step (snap) is rejected" in run.out  # (why, by reason)
    assert 'type="nothing_applied"' in junit.read_text()
    assert "Nothing was checked" in report.read_text()


@pytest.mark.parametrize(("select", "why"), [
    (["-k", "no-case-has-this-name"], "-k 'no-case-has-this-name' selects no item"),
    # 70 games under five rulesets are 14 games each: shards 0-2 of each target
    # (conformance.shards), so shards 7-13 are no target's (issue 32, item 3)
    (["-k", "fuzz", "--fuzz", "70", "--fuzz-shards", "7-13"],
     "--fuzz-shards 7-13 selects no shard of any target"),
])
def test_a_selection_that_sends_nothing_exits_5_and_says_why(
        conform: Conform, tmp_path: Path, select: list[str], why: str) -> None:
    rulesets = [arg for rs in ("official", "hearts", "online", "memory", "awareness")
                for arg in ("--ruleset", rs)]
    junit = tmp_path / "junit.xml"
    run = conform(*rulesets, *select, "--junit", str(junit))
    assert run.code == 5 and footer(run)["exit"] == 5, run.out
    assert f"Nothing was checked: {why}" in run.out
    assert 'type="nothing_applied"' in junit.read_text()
    assert set(run.statuses()) <= {"not_applicable"}
    if "--fuzz-shards" in select:  # each target says which shards it has
        assert run.statuses() == {"not_applicable": 5}
        assert "its 14 games are shards 0-2" in run.out


def test_a_run_with_a_pass_still_exits_0(conform: Conform) -> None:
    run = conform("--ruleset", "official", "-k", "snap.wrong-own-card or tie.caller-ties-lowest",
                  "--fuzz", "0")
    assert run.statuses() == {"not_applicable": 1, "pass": 1}
    assert run.code == 0 and footer(run)["exit"] == 0
    assert "Nothing was checked" not in run.out


# -- cases the reference cannot play, or whose expectations it misses -------------------------


def test_conform_cases_fails_a_case_the_reference_cannot_play_as_validate_does(
        conform: Conform, tmp_path: Path) -> None:
    # seat 1 plays first under online, so the case's draw by seat 0 is rejected, and the
    # case carries no `expect: reject` (cambio validate fails it: test_own_rules.py)
    path = tmp_path / "rejected.yaml"
    path.write_text(REJECTED_STEP.format(schema=SCHEMA), encoding="utf-8")
    run = conform("--cases", str(path), "--ruleset", "online", "--fuzz", "0")
    result = run.result("test.rejected-without-expect[online]")
    assert result["status"] == "fail", result
    assert result["message"].startswith("the case is wrong: under online, a ruleset it answers,")
    assert "E_NOT_YOUR_TURN" in result["message"] and str(path) in result["message"]
    assert run.code == 1
    # under rules the case does not answer it cannot be set up: not applicable, and a run
    # of nothing else checked nothing
    run = conform("--cases", str(path), "--ruleset", NON_SOURCE, "--fuzz", "0")
    assert run.statuses() == {"not_applicable": 1} and run.code == 5


def _wrong_copy(tmp_path: Path) -> Path:
    """tie.caller-ties-lowest with its hearts answer made wrong: hearts §9 makes the
    non-caller (seat 0) the winner of a tie with the caller; the copy says seat 1."""
    text = (cases_dir() / "ties" / "caller-ties-lowest.yaml").read_text(encoding="utf-8")
    hearts = "    scores: [9, 9]\n    winners: [0]\n"
    assert text.count(hearts) == 1
    text = text.replace(hearts, "    scores: [9, 9]\n    winners: [1]\n")
    text = text.replace("id: tie.caller-ties-lowest", "id: test.caller-ties-wrongly")
    text = text.replace("../../schemas/case.schema.json", str(SCHEMA))
    path = tmp_path / "wrong.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_expectations_the_reference_misses_under_a_ruleset_the_case_answers_fail_the_case(
        conform: Conform, tmp_path: Path) -> None:
    path = _wrong_copy(tmp_path)
    run = conform("--cases", str(path), "--ruleset", "hearts", "--fuzz", "0")
    result = run.result("test.caller-ties-wrongly[hearts]")
    assert result["status"] == "fail" and result["step"] == "outcome", result
    assert result["message"].startswith("the case is wrong: under hearts, a ruleset it answers,"
                                        " the reference misses its expectation")
    assert "winners: expected [1], got [0]" in result["message"]
    assert f"cambio replay {path} --ruleset hearts" in result["message"]
    assert run.code == 1 and footer(run)["exit"] == 1
    # where its answer is right (official: the caller loses the tie too) it still passes
    run = conform("--cases", str(path), "--ruleset", "official", "--fuzz", "0")
    assert run.statuses() == {"pass": 1} and run.code == 0


def test_a_bundled_case_the_reference_misses_blames_the_reference(
        conform: Conform, monkeypatch: pytest.MonkeyPatch) -> None:
    # the reference is made to disagree with a case of the catalogue by changing the case
    # in memory: for a bundled case the report must name the reference as at fault
    case = load_cases()["tie.caller-ties-lowest"]
    monkeypatch.setitem(case.rulesets["hearts"], "winners", [1])
    run = conform("--ruleset", "hearts", "-k", "tie.caller-ties-lowest", "--fuzz", "0")
    result = run.result("tie.caller-ties-lowest[hearts]")
    assert result["status"] == "fail"
    assert result["message"].startswith("the reference is wrong: under hearts, a ruleset the"
                                        " case answers, it misses the case's expectation")
    assert run.code == 1


# -- worker failures -------------------------------------------------------------------------

STDERR_IMPL = shlex.join([sys.executable, "-c", "import sys; print('engine: warming up',"
                          " file=sys.stderr, flush=True); from conformance.serve import main;"
                          " main()"])


class FaultyRunner(Runner):
    """A runner whose harness raises on fuzz shard 1 (a bug, as a drawing error was)."""

    def run_shard(self, item: Item, index: int) -> FuzzReport:
        if index == 1:
            raise ZeroDivisionError("a bug in the harness")
        return super().run_shard(item, index)


class FaultySettings(Settings):
    def runner(self) -> Runner:
        plain = super().runner()
        return FaultyRunner(plain.driver, seed=self.seed, impl_text=self.impl,
                            shrink_seconds=self.shrink_seconds)


def _run_pool(pool: SerialPool | ParallelPool, items: Sequence[Item]) -> list[Result]:
    out: list[Result] = []
    try:
        pool.start()
        pool.run(items, lambda item, found: None, lambda item, found: out.extend(found))
    finally:
        pool.close()
    return out


@pytest.mark.parametrize("jobs", [1, 2])
def test_an_exception_in_the_harness_is_an_item_result_with_the_stderr_tail(jobs: int) -> None:
    items = plan(targets(["official"], None), keyword="caller-ties or fuzz", fuzz=7)
    settings = FaultySettings(STDERR_IMPL, seed=1, shrink_seconds=0)
    pool = SerialPool(settings) if jobs == 1 else ParallelPool(settings, jobs)
    results = _run_pool(pool, items)
    errors = [r for r in results if r.status == "harness_error"]
    assert len(errors) == 1 and errors[0].name == "fuzz[official]"
    assert "ZeroDivisionError: a bug in the harness" in errors[0].message
    assert "engine: warming up" in errors[0].stderr
    assert {r.name: r.status for r in results if r.kind == "case"} == \
        {"tie.caller-ties-lowest[official]": "pass"}


class KillingRunner(Runner):
    """A runner whose worker process is killed while it plays fuzz shard 1."""

    def run_shard(self, item: Item, index: int) -> FuzzReport:
        if index == 1:
            os.kill(os.getpid(), signal.SIGKILL)
        return super().run_shard(item, index)


class KillingSettings(Settings):
    def runner(self) -> Runner:
        plain = super().runner()
        return KillingRunner(plain.driver, seed=self.seed, impl_text=self.impl,
                             shrink_seconds=self.shrink_seconds)


def test_a_killed_worker_s_result_has_its_implementation_s_stderr_tail() -> None:
    # (before: the tail was only in the dead worker's memory, the result quoted nothing)
    items = plan(targets(["official"], None), keyword="fuzz", fuzz=7)
    pool = ParallelPool(KillingSettings(STDERR_IMPL, seed=1, shrink_seconds=0,
                                        max_restarts=0), 1)
    results = _run_pool(pool, items)
    died = [r for r in results if r.status == "harness_error"]
    assert len(died) == 1 and "died (killed by SIGKILL)" in died[0].message, results
    assert "engine: warming up" in died[0].stderr


def test_a_harness_error_fails_the_run_without_a_traceback(
        conform: Conform, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(Runner, "run_shard", FaultyRunner.run_shard)
    junit = tmp_path / "junit.xml"
    run = conform("--impl", STDERR_IMPL, "--ruleset", "official", "-k", "fuzz", "--fuzz", "7",
                  "--seed", "1", "--junit", str(junit))
    assert run.statuses() == {"harness_error": 1}
    assert "engine: warming up" in run.results[0]["stderr"]
    assert run.code == 1 and footer(run)["exit"] == 1
    assert "Traceback" not in run.out + run.err
    suite = ET.fromstring(junit.read_text()).find("testsuite")
    assert suite is not None and suite.get("errors") == "1"
    assert suite.find("testcase/error[@type='harness_error']") is not None


def test_a_killed_worker_is_an_item_result_and_the_run_goes_on(conform: Conform) -> None:
    # every tie case calls Cambio, so every worker that plays one dies; one replacement
    # (--max-restarts 1) dies too, and what is left is not run, never lost
    run = conform("--impl", f"python:{HERE}:Killer", "--ruleset", "hearts", "-k", "tie",
                  "--fuzz", "0", "--jobs", "2", "--max-restarts", "1")
    statuses = run.statuses()
    assert statuses["harness_error"] == 3, statuses
    assert set(statuses) == {"harness_error", "not_run"}
    assert len(run.results) == sum(1 for case in load_cases() if case.startswith("tie."))
    died = next(r for r in run.results if r["status"] == "harness_error")
    assert "died (killed by SIGKILL)" in died["message"]
    assert run.code == 1 and footer(run)["exit"] == 1
    assert "Traceback" not in run.out + run.err


# -- a run that dies after its header ---------------------------------------------------------


def test_a_run_that_dies_later_never_reports_success(
        conform: Conform, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    original = SerialPool.run

    def dies_after_one(self: SerialPool, items: Sequence[Item], finished: Any,
                       ordered: Any) -> None:
        original(self, items[:1], finished, ordered)
        raise RuntimeError("the main process failed")

    monkeypatch.setattr(SerialPool, "run", dies_after_one)
    junit, report = tmp_path / "junit.xml", tmp_path / "report.html"
    with pytest.raises(RuntimeError):
        conform("--ruleset", "official", "-k", "tie", "--fuzz", "0", "--junit", str(junit),
                "--report", str(report))
    lines = [json.loads(x) for x in (tmp_path / "run.jsonl").read_text().splitlines()]
    assert [x["status"] for x in lines if x["type"] == "result"] == ["pass"]
    end = lines[-1]
    assert end["type"] == "footer" and end["exit"] == 1
    assert end["stopped"] == "the run failed: RuntimeError: the main process failed"
    assert 'type="stopped"' in junit.read_text()
    assert "The run stopped early: the run failed" in report.read_text()


# -- every snapshot field an implementation offers is compared (issue 32) -------------------


class TurnsLie(ReferenceEngine):
    """The reference, but its snapshot's optional `turns` field counts one turn more
    (protocol.md, `snapshot`: the fields of a complete snapshot; `turns` among them)."""

    name = "snapshot-turns-lie"

    def snapshot(self) -> dict[str, Any]:
        state = super().snapshot()
        return {**state, "turns": state["turns"] + 1}


class MinimalSnapshot(ReferenceEngine):
    """The reference, with only the protocol's minimum snapshot (deck, pile, grids, held)."""

    name = "snapshot-minimal"

    def snapshot(self) -> dict[str, Any]:
        state = super().snapshot()
        return {key: state[key] for key in ("deck", "pile", "grids", "held")}


def test_an_offered_optional_snapshot_field_is_compared(conform: Conform) -> None:
    run = conform("--impl", f"python:{HERE}:TurnsLie", "--ruleset", "online", "-k",
                  "tie.caller-ties-lowest", "--fuzz", "0")
    assert run.code == 1, run.out
    result = run.result("tie.caller-ties-lowest[online]")
    assert "snapshot: turns: expected 0, got 1" in result["message"], result


def test_a_snapshot_without_the_optional_fields_is_not_a_deviation(conform: Conform) -> None:
    run = conform("--impl", f"python:{HERE}:MinimalSnapshot", "--ruleset", "online", "-k",
                  "tie.caller-ties-lowest", "--fuzz", "0")
    assert run.code == 0, run.out
