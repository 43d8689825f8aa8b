"""`cambio conform --benchmark`: it runs and reports every field, for the cases and for the
fuzz games, and its figures add up (never a threshold: the figures depend on the machine)."""

from __future__ import annotations

import json

import pytest

from cambio_ref.cli import main

FIELDS = ("harness_requests_per_second", "echo_requests_per_second",
          "implementation_requests_per_second", "ratio", "ratio_to_implementation")


def _honest(data: dict[str, object]) -> None:
    """The totals are the sums of the parts, and each part's harness rate is its requests
    over its seconds."""
    parts = data["per_part"]
    assert isinstance(parts, list) and len(parts) == data["parts"]
    for key in ("items", "requests", "batches", "actions"):
        assert data[key] == sum(part[key] for part in parts), key
    for part in parts:
        assert part["harness"] == pytest.approx(part["requests"] / part["seconds"])


def test_benchmark_json_reports_every_field(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conform", "--benchmark", "--json", "--ruleset", "online",
                 "-k", "tie.caller or fuzz", "--fuzz", "2", "--seed", "1"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert "one request line written and its reply line read" in data["definition"]
    assert data["failures"] == 0
    cases, fuzz = data["cases"], data["fuzz"]
    assert cases["items"] >= 1 and cases["requests"] > 0
    assert fuzz["items"] == 1  # (2 games: one shard)
    for section in (cases, fuzz):
        for name in FIELDS:
            assert isinstance(section[name], int | float) and section[name] > 0, name
        _honest(section)
    # fuzzing: the lock-step actions and the requests each (the action, at least one view
    # per player of a two-player game or more, the snapshot and the legal actions that
    # cambio serve offers)
    assert fuzz["actions"] > 0 and fuzz["lockstep_actions_per_second"] > 0
    assert fuzz["requests_per_lockstep_action"] == pytest.approx(
        fuzz["requests"] / fuzz["actions"], abs=0.01)
    assert fuzz["requests_per_lockstep_action"] > 1


def test_benchmark_text_and_an_in_process_implementation(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conform", "--benchmark", "--impl", "python:conformance.serve:ReferenceEngine",
                 "--ruleset", "hearts", "-k", "tie.caller or fuzz", "--fuzz", "1"]) == 0
    out = capsys.readouterr().out
    assert "ratio harness / echo" in out
    assert "implementation alone (bare)      n/a" in out  # (no command line to start alone)
    assert "harness (fuzzing, end to end)" in out and "lock-step actions (harness)" in out


def test_benchmark_without_fuzzing(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conform", "--benchmark", "--json", "--ruleset", "online", "-k", "tie.caller",
                 "--fuzz", "0"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["fuzz"] is None and data["cases"]["items"] >= 1


def test_benchmark_selecting_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conform", "--benchmark", "--ruleset", "online", "-k", "no-such-case",
                 "--fuzz", "0"]) == 2
    assert "selects no case and no fuzz game" in capsys.readouterr().err


def test_json_goes_with_benchmark(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conform", "--json", "--fuzz", "0"]) == 2
    assert "--json goes with --benchmark" in capsys.readouterr().err
