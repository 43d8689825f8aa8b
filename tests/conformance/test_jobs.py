"""``cambio conform --jobs N``: the same results and log as ``--jobs 1``, fuzz shards that
rerun on their own, ``conform-merge``, and a signal that still stops every worker."""

from __future__ import annotations

import contextlib
import io
import json
import os
import shlex
import signal
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cambio_ref.cli import main
from tests.conformance.conftest import Run, broken, conform_process, still_alive

HOSTILE = Path(__file__).resolve().with_name("hostile.py")
TIMING = ("seconds", "elapsed", "throughput", "started")


def _untimed(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The log without the fields that measure time."""
    return [{k: v for k, v in line.items() if k not in TIMING} for line in lines]


Shared = Callable[..., tuple[Run, Path]]


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Shared:
    """`cambio conform ARGS` (``--jobs 1`` unless ARGS say otherwise), run once in this module
    for the same options in any order: several tests read the same run (the conform
    fixture's, with the log's file beside it). Every ARG is an option and its value."""
    folder = tmp_path_factory.mktemp("runs")
    done: dict[tuple[tuple[str, str], ...], tuple[Run, Path]] = {}

    def run(*args: str) -> tuple[Run, Path]:
        full = (*args, *(() if "--jobs" in args else ("--jobs", "1")))
        assert len(full) % 2 == 0 and all(a.startswith("-") for a in full[::2]), full
        key = tuple(sorted(zip(full[::2], full[1::2], strict=True)))
        if key not in done:
            log = folder / f"run{len(done)}.jsonl"
            out, err = io.StringIO(), io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code = main(["conform", *full, "--log", str(log)])
            lines = [json.loads(x) for x in log.read_text().splitlines()] if log.exists() else []
            done[key] = Run(code, out.getvalue(), err.getvalue(), lines), log
        return done[key]

    return run


@pytest.mark.parametrize("method", ["fork", "spawn"])
def test_two_jobs_give_the_log_of_one(conform: Any, shared: Shared, method: str,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    if method == "fork" and not sys.platform.startswith("linux"):
        pytest.skip("workers are forked only on Linux")
    monkeypatch.setattr("conformance.jobs.start_method", lambda: method)
    impl = "python:conformance.serve:ReferenceEngine"  # (in-process in every worker)
    args = ("--impl", impl, "--ruleset", "official", "--ruleset", "hearts", "-k", "tie or fuzz",
            "--fuzz", "14", "--seed", "4", "--shrink-time", "2")
    one, _ = shared(*args, "--jobs", "1")  # (one job starts no worker: the same run for both)
    two: Run = conform(*args, "--jobs", "2")
    assert one.code == two.code == 0
    assert _untimed(one.log) == _untimed(two.log)
    assert [r["id"] for r in one.results][-2:] == ["fuzz", "fuzz"]  # (in item order)
    assert "7 games" in one.fuzz("official")["message"]  # two shards: 5 and 2


# six games of a broken implementation: shard 0 plays games 1-5 and shard 1 game 6, in
# which value.red-king=10 shows again (the same log whatever --jobs: at --fuzz 10 it once
# differed, when the first run's reports had brought more local constants for Hypothesis
# to draw). The two tests below share the runs of these arguments they both make. (Seed 1:
# short games, 3 s of CPU a run; seed 2's had one of 5 s.)
TWO_BUGS = ("--impl", broken("two-bugs"), "--ruleset", "online", "-k", "fuzz", "--fuzz", "6",
            "--seed", "1", "--shrink-time", "0")


def test_deviations_merge_across_shards_and_each_reruns_its_own_shard(conform: Any, shared: Shared) -> None:
    args = TWO_BUGS
    one, _ = shared(*args, "--jobs", "1")
    two: Run = conform(*args, "--jobs", "2")
    assert one.code == two.code == 1
    assert _untimed(one.log) == _untimed(two.log)
    deviations = one.deviations("online")
    assert deviations and len({r["signature"] for r in deviations}) == len(deviations)
    shards = set()
    for r in deviations:  # (each in at most the 6 games played, numbered across shards)
        games = r["deviations"][0]["item"].split(" games ")[1].removesuffix(" ...").split(", ")
        assert 1 <= len(games) <= r["count"] and all(1 <= int(g) <= 6 for g in games)
        shards |= {int(g) > 5 for g in games}
    assert shards == {False, True}  # (found in both shards: merged across them)
    repro = deviations[0]["repro"][0]
    assert "--fuzz-shards" in repro
    again, _ = shared(*shlex.split(repro)[2:], "--shrink-time", "0")
    found = {r["signature"]: r for r in again.deviations("online")}
    assert deviations[0]["signature"] in found  # that shard alone shows it again


def test_conform_merge_joins_shard_runs(conform: Any, shared: Shared, tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    # (six games: shard 0 plays five, shard 1 one, and a deviation shows in both: see
    # the test above)
    args = (*TWO_BUGS, "--jobs", "1")
    whole, _ = shared(*args)
    # (each a range of shards, the second written as one)
    logs = [shared(*args, "--fuzz-shards", shards)[1] for shards in ("0", "1-1")]
    merged = tmp_path / "merged.jsonl"
    code = main(["conform-merge", *map(str, logs), "--log", str(merged),
                 "--junit", str(tmp_path / "j.xml"), "--report", str(tmp_path / "r.md")])
    out = capsys.readouterr().out
    assert code == 1 and "applicable passed" in out
    lines = [json.loads(x) for x in merged.read_text().splitlines()]
    counts = {r["signature"]: r["count"] for r in lines if r["type"] == "result"}
    assert counts == {r["signature"]: r["count"] for r in whole.deviations("online")}
    assert (tmp_path / "r.md").read_text().startswith("# Cambio conformance")

    other: Run = conform("--ruleset", "online", "-k", "fuzz", "--fuzz", "2", "--seed", "2")
    assert other.code == 0
    code = main(["conform-merge", str(logs[0]), str(tmp_path / "run.jsonl")])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("cambio: error: ") and "another implementation" in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_bad_jobs_and_shards_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    for args in (["--jobs", "0"], ["--fuzz-shards", "3-1"]):
        assert main(["conform", "--fuzz", "0", *args]) == 2
        err = capsys.readouterr().err
        assert err.startswith("cambio: error: ") and len(err.strip().splitlines()) == 1
    assert main(["conform-merge", "/no/such/log.jsonl"]) == 2
    assert "no such file or directory" in capsys.readouterr().err


def test_a_signal_stops_every_worker_and_implementation(tmp_path: Path) -> None:
    pids, log = tmp_path / "pids", tmp_path / "log.jsonl"
    impl = shlex.join([sys.executable, str(HOSTILE), "setsid-child"])
    with conform_process("--impl", impl, "--ruleset", "online", "--fuzz", "100000", "-k",
                         "fuzz", "--seed", "1", "--jobs", "2", "--log", str(log), "--junit",
                         str(tmp_path / "junit.xml"), env={"HOSTILE_PIDS": str(pids)}) as run:
        run.wait_for(lambda: pids.exists() and len(pids.read_text().split()) >= 4)
        stopped = run.stop(signal.SIGTERM, 60)
    assert stopped.code == 128 + signal.SIGTERM, stopped.err
    assert "Traceback" not in stopped.out + stopped.err
    found = [int(x) for x in pids.read_text().split()]
    assert len(found) == 4  # two implementations, each with its escaped grandchild
    assert still_alive(found) == []
    footer = json.loads(log.read_text().splitlines()[-1])
    assert footer["type"] == "footer" and footer["stopped"] == "interrupted by SIGTERM"


def test_workers_are_spawned_while_another_thread_runs() -> None:
    from conformance.jobs import start_method

    release = threading.Event()
    other = threading.Thread(target=release.wait)
    other.start()
    try:
        assert start_method() == "spawn"  # (a fork would copy none of that thread's locks)
    finally:
        release.set()
        other.join()
    if sys.platform.startswith("linux") and threading.active_count() == 1:
        assert start_method() == "fork"


def test_only_the_first_shard_plays_the_simplest_game(monkeypatch: pytest.MonkeyPatch) -> None:
    # Hypothesis opens every run with its simplest example whatever the seed: the same game
    # in every shard, unless the shards after the first pass it over
    from cambio_ref.rules import resolve
    from conformance import fuzz
    from conformance.harness import Driver, parse_impl

    played: list[str] = []
    real_play = fuzz.play

    def recording_play(driver: Any, hello: Any, data: Any, game: Any, *rest: Any) -> Any:
        played.append(repr((game.players, game.deck, game.seed, game.rules.canonical)))
        return real_play(driver, hello, data, game, *rest)

    monkeypatch.setattr(fuzz, "play", recording_play)
    driver = Driver(parse_impl("python:conformance.serve:ReferenceEngine"))
    hello = driver.start()
    rules = resolve("official")
    runs = {}
    try:
        for seed, simplest in ((11, True), (22, True), (22, False)):
            played.clear()
            report = fuzz.play_games(driver, hello, rules, 3, seed, simplest=simplest)
            assert report.games == 3 and len(played) == 3
            runs[seed, simplest] = list(played)
    finally:
        driver.close()
    simplest_game = runs[11, True][0]
    assert runs[22, True][0] == simplest_game  # (another seed, the same first game)
    assert simplest_game not in runs[22, False]
    assert runs[22, False] != runs[22, True]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="subreapers are Linux's")
def test_a_forked_worker_becomes_the_subreaper_of_its_own_implementations() -> None:
    # the kernel does not pass the subreaper bit on to a fork, so a worker must set it again
    # although its parent already did (else an escaped grandchild of its implementation
    # would outlive the run: test_hostile's setsid modes)
    import ctypes
    import ctypes.util

    from conformance.processes import become_subreaper

    assert become_subreaper()
    libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
    pid = os.fork()
    if pid == 0:  # the child: exit 0 only if it is a subreaper after asking to be one
        try:
            flag = ctypes.c_int(0)
            ok = become_subreaper() and libc.prctl(37, ctypes.byref(flag), 0, 0, 0) == 0
            os._exit(0 if ok and flag.value == 1 else 1)  # (37: PR_GET_CHILD_SUBREAPER)
        finally:
            os._exit(2)
    assert os.waitpid(pid, 0)[1] == 0


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("mode", ["ignore-sigterm-hang", "setsid-hang"])
def test_workers_and_implementations_end_when_the_main_process_is_killed(
        tmp_path: Path, mode: str) -> None:
    from conformance.processes import tree

    # Issue 21: SIGKILL leaves the main process no time to stop anything, and a worker
    # busy with an implementation that hangs (ignoring SIGTERM, or after leaving an escaped
    # grandchild) never reads its pipe: it must die with the main process by itself (a
    # parent-death signal) and take its implementation with it
    pids = tmp_path / "pids"
    impl = shlex.join([sys.executable, str(HOSTILE), mode])
    found: list[int] = []
    wanted = 2 if mode == "ignore-sigterm-hang" else 4  # (+ the escaped grandchildren)
    try:
        with conform_process("--impl", impl, "--ruleset", "online", "--fuzz", "100000", "-k",
                             "fuzz", "--seed", "1", "--jobs", "2",
                             env={"HOSTILE_PIDS": str(pids)}) as run:
            run.wait_for(lambda: pids.exists() and len(pids.read_text().split()) >= wanted, 60)
            time.sleep(0.5)  # (both workers are now waiting on a hanging implementation)
            found = sorted({*tree(run.pid)[1:], *map(int, pids.read_text().split())})
            assert len(found) >= 2 + wanted  # two workers and what they started
            run.stop(signal.SIGKILL)
        assert still_alive(found) == []
    finally:
        for pid in found:  # (none is left unless the test failed)
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


def test_an_orphaned_worker_takes_no_further_task(monkeypatch: pytest.MonkeyPatch) -> None:
    # Issue 21: besides the parent-death signal, a worker checks before each task that the
    # main process is still its parent; once it is not, it stops without playing
    import multiprocessing

    from conformance import jobs
    from conformance.conform import plan
    from conformance.targets import targets

    parents = iter([4242, 1])  # the first task, then orphaned
    monkeypatch.setattr(jobs, "die_with_parent", lambda parent: True)
    monkeypatch.setattr(os, "getppid", lambda: next(parents, 1))
    items = plan(targets(["official"], None), keyword="caller-ties or only-one-caller", fuzz=0)
    schedule = jobs.Schedule(items)
    mine, theirs = multiprocessing.Pipe()
    settings = jobs.Settings("python:conformance.serve:ReferenceEngine", seed=1)
    worker = threading.Thread(target=jobs._work, args=(settings, theirs, 4242))
    worker.start()
    got = [mine.recv()[0]]
    mine.send(("items", jobs._bundled(items)))
    for task in schedule.queue:
        mine.send(("task", task))
    worker.join(60)
    while mine.poll():
        got.append(mine.recv()[0])
    mine.close()  # (a worker still waiting sees the pipe close and ends)
    assert not worker.is_alive()
    assert len(schedule.queue) == 2 and got == ["hello", "done"]  # one task played, not two
