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



@pytest.mark.parametrize(("option", "value"), [("fuzz", 10), ("seed", 8)])
def test_parts_of_another_campaign_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                               option: str, value: int) -> None:
    """Parts of one campaign share --fuzz and --seed (each header states the whole
    campaign's budget, not its part's): a log of another budget or seed is no part of it."""
    a = write_log(tmp_path / "a.jsonl")
    b = write_log(tmp_path / "b.jsonl", header={option: value})
    err = one_error(*merge(capsys, str(a), str(b))[::2])
    assert "another campaign" in err and f"--{option} {value}" in err


def test_the_merged_fuzz_item_counts_every_part_s_games(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    """Two parts of a campaign of 6 games (--fuzz 6): 5 games, then 1. The merged item
    counts 6 games and sums the actions, rounds and reshuffles; the merged header keeps
    the campaign's budget (6, not 12), and the summary says both."""
    parts = []
    for name, message in (("a", "5 games (2 to 8 players), 600 actions, 4 rounds to the end,"
                                 " 1 reshuffle"),
                          ("b", "1 game (3 to 6 players), 140 actions, 1 round to the end,"
                                " 0 reshuffles")):
        meta = Meta(impl="impl", implementation={"name": "impl"}, seed=7, rulesets=["hearts"],
                    started="2026-01-01T00:00:00", fuzz=6, targets={"hearts": "hearts"})
        results = [Result("fuzz", "hearts", "pass", "fuzz", message=message)]
        log = Log(tmp_path / f"{name}.jsonl")
        log.header(meta)
        log.result(results[0])
        log.footer(meta, results)
        log.close()
        parts.append(str(tmp_path / f"{name}.jsonl"))
    code, out, err = merge(capsys, *parts, "--log", str(tmp_path / "m.jsonl"))
    assert code == 0, out + err
    lines = [json.loads(x) for x in (tmp_path / "m.jsonl").read_text().splitlines()]
    assert lines[0]["fuzz"] == 6
    assert lines[1]["message"] == ("6 games (2 to 8 players), 740 actions, 5 rounds to the end,"
                                   " 1 reshuffle")
    assert "fuzz campaign: --fuzz 6 --seed 7; 6 games played (hearts 6)" in out
