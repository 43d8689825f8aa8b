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
from conformance.reports.log import Log
from conformance.reports.outcome import Meta
from conformance.results import Result
from conformance.sanitise import markdown

ROOT = Path(__file__).resolve().parents[2]


def write_log(path: Path, *, footer: bool = True, header: dict[str, object] | None = None,
              shard: int = 0) -> Path:
    """A small run log as `cambio conform --log` writes it: a header, two passing
    results, and (unless `footer` is false, as when the run was killed) the footer; its
    fuzz item plays `shard` of a campaign of 10 games (2 shards) under one target."""
    meta = Meta(impl="impl", implementation={"name": "impl"}, seed=1, rulesets=["online"],
                started="2026-01-01T00:00:00", fuzz=10, targets={"online": "online"},
                shards={"online": {"played": [[shard, shard]], "of": 2}})
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
    a, b = write_log(tmp_path / "a.jsonl"), write_log(tmp_path / "b.jsonl", shard=1)
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
    ("seed", "x", "\"seed\" must be a whole number from 0 to"),
    ("fuzz", 2.5, '"fuzz" must be a whole number from 0 to'),
    ("rulesets", [1], '"rulesets" must be a list of strings'),
    ("timeout", "1", "\"timeout\" must be a number of seconds from 0 to"),
    ("timeout", 1e308, "\"timeout\" must be a number of seconds from 0 to"),
    ("shards", {"online": {"played": [[1, 0]], "of": 2}}, '"shards" must be an object of'),
    ("shards", {"online": {"played": [[0, 5]], "of": 2}}, '"shards" must be an object of'),
    ("shards", None, '"shards" must be an object of'),
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
    assert "line 2: \"count\" must be a whole number from 0 to" in err


def test_a_killed_shard_fails_the_merge_and_is_named(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    whole = write_log(tmp_path / "shard-0.jsonl")
    killed = write_log(tmp_path / "shard-1.jsonl", footer=False, shard=1)
    report, merged = tmp_path / "r.md", tmp_path / "m.jsonl"
    code, out, _ = merge(capsys, str(whole), str(killed), "--report", str(report),
                         "--log", str(merged))
    assert code == 1  # every result passed: the missing footer alone fails it
    assert f"{killed} has no footer" in out
    assert markdown(f"{killed} has no footer") in report.read_text()
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
    other = write_log(tmp_path / "b.jsonl", shard=1)
    code, out, _ = merge(capsys, str(log), str(other))
    assert code == 1 and "stopped early: signal SIGTERM" in out
    assert merge(capsys, str(log), str(other), "--partial")[0] == 0



@pytest.mark.parametrize(("option", "value"), [("fuzz", 20), ("seed", 8)])
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
                    started="2026-01-01T00:00:00", fuzz=6, targets={"hearts": "hearts"},
                    shards={"hearts": {"played": [[0, 0] if name == "a" else [1, 1]],
                                       "of": 2}})
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


# -- issue 32, item 2: nothing counted twice, nothing missing unsaid ------------------------


def test_a_shard_given_twice_is_refused(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    a = write_log(tmp_path / "a.jsonl")
    err = one_error(*merge(capsys, str(a), str(a))[::2])
    assert "shard 0 of 'online' is in" in err and "count its games twice" in err


def test_overlapping_shard_ranges_are_refused(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    both = write_log(tmp_path / "a.jsonl", header={"shards": {"online": {"played": [[0, 1]],
                                                                          "of": 2}}})
    one = write_log(tmp_path / "b.jsonl", shard=1)
    err = one_error(*merge(capsys, str(both), str(one))[::2])
    assert "b.jsonl: shard 1 of 'online' is in" in err


def test_a_missing_shard_is_named_and_fails_unless_partial(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    second = write_log(tmp_path / "b.jsonl", shard=1)
    merged = tmp_path / "m.jsonl"
    code, out, _ = merge(capsys, str(second), "--log", str(merged))
    assert code == 1 and "online: shard 0 of 0-1 is missing (no log played it)" in out
    code, out, _ = merge(capsys, str(second), "--partial")
    assert code == 0 and "shard 0 of 0-1 is missing" in out  # accepted, still named
    # the merged log of the part merges with the missing part into the whole campaign
    first = write_log(tmp_path / "a.jsonl")
    code, out, _ = merge(capsys, str(merged), str(first), "--log", str(tmp_path / "all.jsonl"))
    assert code == 0 and "missing" not in out
    header = json.loads((tmp_path / "all.jsonl").read_text().splitlines()[0])
    assert header["shards"] == {"online": {"played": [[0, 1]], "of": 2}}


def test_parts_that_cut_a_target_into_different_shards_are_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a = write_log(tmp_path / "a.jsonl")
    b = write_log(tmp_path / "b.jsonl", header={"shards": {"online": {"played": [[1, 1]],
                                                                       "of": 3}}})
    err = one_error(*merge(capsys, str(a), str(b))[::2])
    assert "'online' has 3 fuzz shards, but 2 in" in err


@pytest.mark.parametrize("deviations", [
    "x", [1], [None], [{}], [{"key": "k", "cls": "unexplained"}],
    [{"key": "k", "cls": "code", "status": "fail", "kind": "draw", "field": "f", "item": "i",
      "message": "m"}],  # (no repro)
    [{"key": "k", "cls": "explained", "status": "fail", "kind": "draw", "field": "f",
      "item": "i", "message": "m", "repro": "r", "candidates": ["no.such=1"]}],
    [{"key": "k", "cls": "explained", "status": "fail", "kind": "draw", "field": "f",
      "item": "i", "message": "m", "repro": "r", "candidates": [],
      "plain": {"key": "k", "cls": "unexplained", "item": 5}}],
])
def test_a_malformed_deviations_field_is_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], deviations: object) -> None:
    log = write_log(tmp_path / "a.jsonl")
    lines = log.read_text().splitlines()
    lines[1] = json.dumps({**json.loads(lines[1]), "status": "fail", "deviations": deviations})
    log.write_text("\n".join(lines) + "\n")
    err = one_error(*merge(capsys, str(log))[::2])
    assert 'line 2: "deviations" must be a list of deviation records' in err


@pytest.mark.parametrize(("where", "line", "says"), [
    (3, {"type": "result", "id": "late", "ruleset": "online", "status": "pass"},
     "a result line after the footer"),
    (2, {"type": "header", "harness": "cambio conform"}, "a second header"),
    (2, {"type": "note"}, "not a line of a run log"),
    (2, {"type": "result", "ruleset": "online", "status": "pass"}, '"id" is missing'),
])
def test_the_log_s_structure_is_checked(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                        where: int, line: dict[str, object], says: str) -> None:
    log = write_log(tmp_path / "a.jsonl")
    lines = log.read_text().splitlines()
    lines.insert(where if where < 3 else len(lines), json.dumps(line))
    log.write_text("\n".join(lines) + "\n")
    err = one_error(*merge(capsys, str(log))[::2])
    assert says in err


def test_footer_sums_stay_finite_and_the_merged_log_merges_again(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    parts = []
    for shard in (0, 1):
        log = write_log(tmp_path / f"{shard}.jsonl", shard=shard)
        lines = log.read_text().splitlines()
        lines[-1] = json.dumps({**json.loads(lines[-1]), "elapsed": 1e308})
        log.write_text("\n".join(lines) + "\n")
        parts.append(str(log))
    err = one_error(*merge(capsys, *parts)[::2])  # (beyond any run's time: refused)
    assert '"elapsed" must be a number of seconds from 0 to' in err
    for part in parts:  # the largest time a log may state, in both
        lines = Path(part).read_text().splitlines()
        lines[-1] = json.dumps({**json.loads(lines[-1]), "elapsed": 1e9})
        Path(part).write_text("\n".join(lines) + "\n")
    merged = tmp_path / "m.jsonl"
    assert merge(capsys, *parts, "--log", str(merged))[0] == 0
    footer = json.loads(merged.read_text().splitlines()[-1])
    assert footer["elapsed"] == 1e9  # (the sum, kept to the largest a log may state)
    assert merge(capsys, str(merged))[0] == 0  # and it merges again
