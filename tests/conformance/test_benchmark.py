"""`cambio conform --benchmark`: it runs and reports every field (never a threshold: the
figures depend on the machine)."""

from __future__ import annotations

import json

import pytest

from cambio_ref.cli import main

FIELDS = ("harness_requests_per_second", "echo_requests_per_second",
          "implementation_requests_per_second", "ratio", "ratio_to_implementation")


def test_benchmark_json_reports_every_field(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conform", "--benchmark", "--json", "--ruleset", "online",
                 "-k", "tie.caller"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert "one request line written and its reply line read" in data["definition"]
    assert data["items"] >= 1 and data["requests"] > 0 and data["failures"] == 0
    for name in FIELDS:
        assert isinstance(data[name], int | float) and data[name] > 0, name
    assert len(data["per_part"]) == data["parts"]


def test_benchmark_text_and_an_in_process_implementation(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conform", "--benchmark", "--impl", "python:conformance.serve:ReferenceEngine",
                 "--ruleset", "hearts", "-k", "tie.caller"]) == 0
    out = capsys.readouterr().out
    assert "ratio harness / echo" in out
    assert "implementation alone (bare)      n/a" in out  # (no command line to start alone)


def test_json_goes_with_benchmark(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conform", "--json", "--fuzz", "0"]) == 2
    assert "--json goes with --benchmark" in capsys.readouterr().err
