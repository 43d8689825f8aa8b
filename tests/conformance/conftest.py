"""Helpers for the harness self-tests: run `cambio conform` and read its log."""

from __future__ import annotations

import contextlib
import json
import os
import shlex
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from cambio_ref.cli import main

BROKEN = Path(__file__).resolve().with_name("broken.py")
ROOT = BROKEN.parents[2]
# `cambio` once its own code runs (the interpreter's start-up is Python's, not the kit's)
STARTED = ("import sys\nfrom cambio_ref.cli import main\nprint('started', flush=True)\n"
           "sys.exit(main(sys.argv[1:]))")


def broken(mode: str, waive: str | None = None) -> str:
    """The --impl command of one deliberately broken implementation (see broken.py)."""
    return shlex.join([sys.executable, str(BROKEN), mode, *([f"waive={waive}"] if waive else [])])


@dataclass
class Run:
    """What one `cambio conform` run printed and logged."""

    code: int
    out: str
    err: str
    log: list[dict[str, Any]]

    @property
    def results(self) -> list[dict[str, Any]]:
        return [line for line in self.log if line["type"] == "result"]

    def statuses(self) -> Counter[str]:
        return Counter(r["status"] for r in self.results)

    def fuzz(self, label: str) -> dict[str, Any]:
        """The first fuzz result under `label`: the first deviation found, or the pass."""
        found = [r for r in self.results if r["kind"] == "fuzz" and r["ruleset"] == label]
        assert found, f"no fuzz result for {label}; have {[r['id'] for r in self.results]}"
        return found[0]

    def deviations(self, label: str) -> list[dict[str, Any]]:
        """The fuzz deviations found under `label`."""
        return [r for r in self.results if r["kind"] == "fuzz" and r["ruleset"] == label
                and r["status"] != "pass"]

    def result(self, name: str) -> dict[str, Any]:
        found = [r for r in self.results if f"{r['id']}[{r['ruleset']}]" == name]
        assert found, f"no result {name}; have {[r['id'] for r in self.results]}"
        return found[0]


@pytest.fixture
def conform(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Callable[..., Run]:
    def run(*args: str) -> Run:
        log = tmp_path / "run.jsonl"
        # one implementation process unless a test asks for more: the self-tests count its
        # restarts and its processes (test_jobs.py checks --jobs N against --jobs 1)
        jobs = () if "--jobs" in args else ("--jobs", "1")
        # a short shrink unless the test sets one (shrinking stops on time, so a test that
        # compares two runs turns it off)
        shrink = () if "--shrink-time" in args else ("--shrink-time", "2")
        code = main(["conform", *args, *jobs, "--log", str(log), *shrink])
        captured = capsys.readouterr()
        lines = [json.loads(x) for x in log.read_text().splitlines()] if log.exists() else []
        return Run(code, captured.out, captured.err, lines)

    return run


@dataclass
class Stopped:
    """How a `cambio conform` process ended: its exit status and what it printed (after
    the ``started`` line)."""

    code: int
    out: str
    err: str


class Conforming:
    """A `cambio conform` running in its own process (see `conform_process`)."""

    def __init__(self, proc: subprocess.Popen[str]) -> None:
        self.proc = proc

    @property
    def pid(self) -> int:
        return self.proc.pid

    def wait_for(self, ready: Callable[[], bool], seconds: float = 120.0) -> None:
        """Poll `ready` until it holds; the run must not end first, nor take `seconds`."""
        deadline = time.monotonic() + seconds
        while not ready():
            assert self.proc.poll() is None, self.proc.communicate()
            assert time.monotonic() < deadline, f"not ready within {seconds} s"
            time.sleep(0.1)

    def stop(self, sig: signal.Signals, seconds: float = 120.0) -> Stopped:
        """Send `sig`; wait at most `seconds` for the run to end."""
        self.proc.send_signal(sig)
        out, err = self.proc.communicate(timeout=seconds)
        return Stopped(self.proc.returncode, out, err)


@contextlib.contextmanager
def conform_process(*args: str, env: dict[str, str] | None = None) -> Iterator[Conforming]:
    """`cambio conform ARGS` in its own process, given once the kit's own code runs; on the
    way out it is killed if still there, whatever the test did (no process outlives it)."""
    proc = subprocess.Popen([sys.executable, "-c", STARTED, "conform", *args], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, **(env or {})})
    try:
        assert proc.stdout is not None and proc.stdout.readline() == "started\n"
        yield Conforming(proc)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()


def alive(pid: int) -> bool:
    """Whether process `pid` still runs (a zombie does not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rfind(")") + 2] != "Z"


def still_alive(pids: Iterable[int], grace: float = 5.0) -> list[int]:
    """Those of `pids` still running after `grace` seconds at most (a killed process needs a
    moment to be gone)."""
    found = list(pids)
    deadline = time.monotonic() + grace
    while any(map(alive, found)) and time.monotonic() < deadline:
        time.sleep(0.05)
    return [pid for pid in found if alive(pid)]
