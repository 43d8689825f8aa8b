"""The pytest plugin: ``pytest --cambio-impl=...`` runs the same cases and fuzzing as
`cambio conform`, as tests; without the option nothing changes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.conformance.conftest import broken


def _pytest(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider",
                           "--rootdir", str(tmp_path), *args], cwd=tmp_path, capture_output=True,
                          text=True, timeout=600)


# one run of the plugin alone, shared: its items under official, in-process, seed 1
OFFICIAL = ("--cambio-impl", "python:conformance.serve:ReferenceEngine", "--cambio-ruleset",
            "official", "--cambio-fuzz", "2", "--cambio-seed", "1", "-k", "tie or fuzz", "-v")


@pytest.fixture(scope="module")
def alone(tmp_path_factory: pytest.TempPathFactory) -> subprocess.CompletedProcess[str]:
    return _pytest(tmp_path_factory.mktemp("alone"), *OFFICIAL)


def test_an_in_process_implementation_passes(alone: subprocess.CompletedProcess[str]) -> None:
    proc = alone
    assert proc.returncode == 0, proc.stdout
    assert "cambio: --cambio-impl python:conformance.serve:ReferenceEngine, fuzzing seed 1" \
        in proc.stdout
    assert "cambio::tie.caller-ties-lowest[official] PASSED" in proc.stdout
    assert "cambio::fuzz[official] PASSED" in proc.stdout
    assert "SKIPPED" in proc.stdout  # a case that official cannot express is skipped


def test_a_broken_implementation_fails_with_the_details(tmp_path: Path) -> None:
    proc = _pytest(tmp_path, "--cambio-impl", broken("tie"), "--cambio-ruleset", "official",
                   "--cambio-fuzz", "0", "-k", "caller-ties-lowest")
    assert proc.returncode == 1, proc.stdout
    assert "FAILED cambio::tie.caller-ties-lowest[official]" in proc.stdout
    assert "winners: expected [0], got [0, 1]" in proc.stdout
    assert "reproduce: cambio conform --impl" in proc.stdout


def test_without_the_option_the_plugin_adds_nothing(tmp_path: Path) -> None:
    (tmp_path / "test_one.py").write_text("def test_one():\n    pass\n")
    proc = _pytest(tmp_path, "-q")
    assert proc.returncode == 0 and "1 passed" in proc.stdout
    assert "cambio" not in proc.stdout


def test_the_declared_rules_are_the_default_target(tmp_path: Path) -> None:
    impl = "cambio serve --rules 'online(ace=0)'"
    proc = _pytest(tmp_path, "--cambio-impl", impl, "--cambio-fuzz", "2", "--cambio-seed", "1",
                   "-k", "caller-ties or fuzz", "-v")
    assert proc.returncode == 0, proc.stdout
    assert "cambio::tie.caller-ties-lowest[declared] PASSED" in proc.stdout
    assert "cambio::fuzz[declared] PASSED" in proc.stdout


def test_under_xdist_the_same_items_pass(tmp_path: Path,
                                        alone: subprocess.CompletedProcess[str]) -> None:
    import re

    shared = _pytest(tmp_path, *OFFICIAL, "-n", "2")
    assert alone.returncode == 0, alone.stdout
    assert shared.returncode == 0, shared.stdout
    assert "2 workers" in shared.stdout

    def outcomes(out: str) -> set[tuple[str, str]]:
        before = re.findall(r"(PASSED|SKIPPED) (cambio::\S+)", out)  # (xdist's order)
        after = re.findall(r"(cambio::\S+) (PASSED|SKIPPED)", out)
        return {(name, status) for status, name in before} | set(after)

    found = outcomes(alone.stdout)
    assert ("cambio::fuzz[official]", "PASSED") in found
    assert found == outcomes(shared.stdout)


def test_an_item_does_not_take_an_earlier_runs_stop_for_its_own(tmp_path: Path) -> None:
    # A level of conformance.signals left open with a stop recorded in it (as a run an exception cut short
    # could leave it, tests/conformance/test_signals.py): the plugin's handshake and items have a record
    # of their own, so they run (before, the handshake refused its first request: "interrupted by SIGHUP").
    (tmp_path / "conftest.py").write_text(
        "import contextlib, os, signal\n"
        "from conformance.signals import Interrupted, interruptible\n"
        "LEFT_OPEN = interruptible()\n"
        "LEFT_OPEN.__enter__()\n"
        "with contextlib.suppress(Interrupted):\n"
        "    os.kill(os.getpid(), signal.SIGHUP)\n")
    proc = _pytest(tmp_path, "--cambio-impl", "python:conformance.serve:ReferenceEngine", "--cambio-ruleset",
                   "official", "--cambio-fuzz", "0", "-k", "caller-ties-lowest", "-v")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "cambio::tie.caller-ties-lowest[official] PASSED" in proc.stdout
