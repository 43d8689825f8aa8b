"""`cambio conform` and `cambio serve` on the command line: usage errors give one line and
exit 2, declared options and skips are honoured, and every output file is written."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest

from cambio_ref.cli import main
from tests.conformance.conftest import Run

Conform = Callable[..., Run]


@pytest.mark.parametrize(("args", "message"), [
    (["--impl", "no-such-program-xyz"], "cannot start it"),
    (["--impl", "python:no_such_module:make"], "cannot import module 'no_such_module'"),
    (["--impl", "python:conformance.serve:nothing"], "has no callable 'nothing'"),
    (["--impl", f"{sys.executable} -c 'print(\"starting\")'"], "not a JSON line in reply to hello"),
    (["--impl", f"{sys.executable} -c 'print(42)'"], "is not a JSON object: 42"),
    (["--impl", f"{sys.executable} -c 'import sys; sys.exit(4)'"], "exited with status 4"),
    (["--report", "out.txt"], "must end in .md or .html"),
    (["--ruleset", "nope"], "unknown ruleset 'nope'"),
    (["-k", "tie and"], "ends too soon"),
    (["--timeout", "0"], "--timeout must be a number above 0"),
    (["--fuzz", "-1"], "--fuzz must be an integer from 0"),
    (["--cases", "missing.yaml"], "no such file or directory"),
    (["--junit", "no/such/dir/j.xml"], "no such directory"),
])
def test_usage_errors_give_one_line_and_exit_2(args: list[str], message: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conform", "--fuzz", "0", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cambio: error: ") and message in err, err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_no_traceback_from_the_console_script() -> None:
    proc = subprocess.run([sys.executable, "-m", "cambio_ref.cli", "conform", "--impl",
                           "no-such-program-xyz"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr


def test_every_output_is_written(conform: Conform, tmp_path: Path) -> None:
    junit, md, html = tmp_path / "junit.xml", tmp_path / "report.md", tmp_path / "report.html"
    run = conform("--ruleset", "hearts", "--ruleset", "official", "-k", "tie or fuzz",
                  "--fuzz", "2", "--seed", "5", "--junit", str(junit), "--report", str(md))
    assert run.code == 0
    header, footer = run.log[0], run.log[-1]
    assert header["seed"] == 5 and header["implementation"]["name"] == "cambio-ref"
    assert header["rulesets"] == ["hearts", "official"]
    assert footer["totals"]["pass"] == sum(1 for r in run.results if r["status"] == "pass")
    assert footer["throughput"]["acts"] > 0 and footer["throughput"]["round_trip_us"] > 0
    suites = ET.parse(junit).getroot().findall("testsuite")
    assert [s.get("name") for s in suites] == ["hearts", "official"]
    assert sum(int(s.get("tests", 0)) for s in suites) == len(run.results)
    assert "| ruleset | pass | fail |" in md.read_text()
    assert conform("--ruleset", "hearts", "-k", "tie.three-way", "--fuzz", "0", "--report",
                   str(html)).code == 0
    assert html.read_text().startswith("<!doctype html>")
    assert "hearts" in run.out and "applicable passed" in run.out


def test_declared_options_and_skips(conform: Conform) -> None:
    impl = "python:tests.conformance.limited:Limited"
    run = conform("--impl", impl, "--ruleset", "memory", "--ruleset", "official",
                  "-k", "tie or fuzz", "--fuzz", "6", "--seed", "2")
    # memory snaps by points and its ties are shared: its cases need snap_match=points
    memory = [r for r in run.results if r["ruleset"] == "memory" and r["kind"] == "case"]
    assert memory and all(r["status"] == "not_applicable" for r in memory)
    assert any("needs snap_match=points" in r["message"] for r in memory)
    skipped = run.result("tie.three-way[official]")
    assert skipped["status"] == "skipped" and "not implemented" in skipped["message"]
    # fuzzing draws only declared values (Limited fails on any other)
    assert run.fuzz("memory")["status"] == "pass"
    assert run.fuzz("official")["status"] == "pass"
    assert run.code == 1  # the declared skip counts against it
    assert "skipped" in run.out


def test_a_house_ruleset_runs_every_case_against_the_reference(conform: Conform) -> None:
    run = conform("--ruleset", "official(tie=shared)", "-k", "tie", "--fuzz", "0")
    assert run.code == 0
    statuses = run.statuses()
    assert statuses["pass"] >= 1
    # official's expectation (the caller wins the tie) is keyed to official's tie rule,
    # which these rules change: it does not apply, and the case still compares the
    # implementation with the reference step by step
    result = run.result("tie.caller-ties-lowest[official(tie=shared)]")
    assert result["status"] == "pass" and result["checks"] == "reference only"


def test_cambio_serve_is_the_default_implementation_end_to_end(tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    proc = subprocess.run([sys.executable, "-m", "cambio_ref.cli", "conform", "--ruleset", "online",
                           "-k", "turn or fuzz", "--fuzz", "2", "--seed", "1", "--log", str(log)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    header = json.loads(log.read_text().splitlines()[0])
    assert header["impl"] == "cambio serve"
    assert "cambio conform: cambio-ref" in proc.stdout


def test_the_reproducer_reruns_one_case(conform: Conform) -> None:
    from tests.conformance.conftest import broken

    run = conform("--impl", broken("tie"), "--ruleset", "official", "-k", "caller-ties-lowest",
                  "--fuzz", "0")
    repro = run.result("tie.caller-ties-lowest[official]")["repro"][0]
    args = shlex.split(repro)
    assert args[:2] == ["cambio", "conform"]
    again = conform(*args[2:])
    assert [r["status"] for r in again.results] == ["fail"]
