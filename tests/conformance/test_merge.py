"""``cambio conform-merge`` reads run logs as carefully as every other input (issue 21,
item 4): through the input layer, with its limits, one line per problem and exit 2; and a
shard whose run was killed fails the merge unless ``--partial`` accepts it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cambio_ref.cli import main
from conformance.report import Log, Meta
from conformance.results import Result

ROOT = Path(__file__).resolve().parents[2]


def write_log(path: Path, *, footer: bool = True, header: dict[str, object] | None = None
              ) -> Path:
    """A small run log as `cambio conform --log` writes it: a header, two passing
    results, and (unless `footer` is false, as when the run was killed) the footer."""
    meta = Meta(impl="impl", implementation={"name": "impl"}, seed=1, rulesets=["online"],
                started="2026-01-01T00:00:00", fuzz=5, targets={"online": "online"})
    results = [Result("tie.a", "online", "pass"), Result("fuzz", "online", "pass", "fuzz")]
    log = Log(path)
    log.header(meta)
    for result in results:
        log.result(result)
    if footer:
        log.footer(meta, results)
    log.close()
    if header:
        lines = path.read_text().splitlines()
        lines[0] = json.dumps({**json.loads(lines[0]), **header})
        path.write_text("\n".join(lines) + "\n")
    return path


def merge(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["conform-merge", *args])
    out, err = capsys.readouterr()
    return code, out, err


def one_error(code: int, err: str) -> str:
    assert code == 2, err
    assert err.startswith("cambio: error: ") and len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err
    return err


def test_complete_logs_merge_and_pass(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a, b = write_log(tmp_path / "a.jsonl"), write_log(tmp_path / "b.jsonl")
    code, out, err = merge(capsys, str(a), str(b))
    assert code == 0, out + err
    assert "stopped early" not in out


def test_a_device_is_refused_without_reading_it(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    good = write_log(tmp_path / "a.jsonl")
    err = one_error(*merge(capsys, str(good), "/dev/zero")[::2])
    assert "/dev/zero: a device, expected a regular file" in err


def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "shard.jsonl"
    os.mkfifo(fifo)
    proc = subprocess.run([sys.executable, "-m", "cambio_ref.cli", "conform-merge", str(fifo)],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    err = one_error(proc.returncode, proc.stderr)
    assert "a FIFO (named pipe), expected a regular file" in err


def test_a_log_past_the_size_limit_is_refused(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("conformance.merge.MAX_LOG_BYTES", 200)
    log = write_log(tmp_path / "a.jsonl")
    err = one_error(*merge(capsys, str(log))[::2])
    assert "the limit is 200" in err


@pytest.mark.parametrize("line", [0, 1])
def test_deep_nesting_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                  line: int) -> None:
    log = write_log(tmp_path / "a.jsonl")
    lines = log.read_text().splitlines()
    lines[line] = "[" * 100_000 + "]" * 100_000
    log.write_text("\n".join(lines) + "\n")
    err = one_error(*merge(capsys, str(log))[::2])
    assert f"line {line + 1}: " in err and "nested deeper than" in err


@pytest.mark.parametrize(("field", "value", "says"), [
    ("seed", "x", "\"seed\" must be an integer, not 'x'"),
    ("fuzz", 2.5, '"fuzz" must be an integer, not float'),
    ("rulesets", [1], '"rulesets" must be a list of strings'),
    ("timeout", "1", "\"timeout\" must be a number, not '1'"),
])
def test_a_header_field_of_the_wrong_type_is_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], field: str, value: object,
        says: str) -> None:
    log = write_log(tmp_path / "a.jsonl", header={field: value})
    err = one_error(*merge(capsys, str(log))[::2])
    assert f"a.jsonl: line 1: {says}" in err


def test_a_result_field_of_the_wrong_type_is_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = write_log(tmp_path / "a.jsonl")
    lines = log.read_text().splitlines()
    lines[1] = json.dumps({**json.loads(lines[1]), "count": "many"})
    lines[2] = json.dumps({**json.loads(lines[2]), "status": "great"})
    log.write_text("\n".join(lines) + "\n")
    err = one_error(*merge(capsys, str(log))[::2])
    assert "line 2: \"count\" must be an integer, not 'many'" in err


def test_a_killed_shard_fails_the_merge_and_is_named(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    whole = write_log(tmp_path / "shard-0.jsonl")
    killed = write_log(tmp_path / "shard-1.jsonl", footer=False)
    report, merged = tmp_path / "r.md", tmp_path / "m.jsonl"
    code, out, _ = merge(capsys, str(whole), str(killed), "--report", str(report),
                         "--log", str(merged))
    assert code == 1  # every result passed: the missing footer alone fails it
    assert f"{killed} has no footer" in out
    assert f"{killed} has no footer" in report.read_text()
    footer = json.loads(merged.read_text().splitlines()[-1])
    assert footer["type"] == "footer" and footer["exit"] == 1
    assert str(killed) in footer["stopped"]

    code, out, _ = merge(capsys, str(whole), str(killed), "--partial")
    assert code == 0 and f"{killed} has no footer" in out  # accepted, still named


def test_a_shard_stopped_early_fails_the_merge(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = write_log(tmp_path / "a.jsonl")
    lines = log.read_text().splitlines()
    lines[-1] = json.dumps({**json.loads(lines[-1]), "stopped": "signal SIGTERM"})
    log.write_text("\n".join(lines) + "\n")
    code, out, _ = merge(capsys, str(log))
    assert code == 1 and "stopped early: signal SIGTERM" in out
    assert merge(capsys, str(log), "--partial")[0] == 0
