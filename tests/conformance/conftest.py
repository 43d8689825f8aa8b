"""Helpers for the harness self-tests: run `cambio conform` and read its log."""

from __future__ import annotations

import json
import shlex
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from cambio_ref.cli import main

BROKEN = Path(__file__).resolve().with_name("broken.py")


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
