"""The campaign recipe of docs/developers/campaigns.md works: its miniature runs as
written and merges, and its workflow's parts cover the campaign's shards exactly once."""

from __future__ import annotations

import json
import math
import re
import shlex
from pathlib import Path
from typing import Any

import pytest
import yaml

from conformance.shards import shard_count
from conformance.targets import DEFAULT_RULESETS

PAGE = Path(__file__).resolve().parents[2] / "docs" / "developers" / "campaigns.md"


def _block(language: str) -> str:
    blocks = re.findall(rf"```{language}\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)
    assert len(blocks) == 1, f"expected one {language} block in {PAGE.name}"
    return str(blocks[0])


def _workflow() -> dict[str, Any]:
    workflow = yaml.safe_load(_block("yaml"))
    assert isinstance(workflow, dict)
    return workflow


def _options(command: str) -> set[str]:
    return {word for word in shlex.split(command) if word.startswith("-")}


def test_the_parts_cover_every_shard_of_the_campaign_once() -> None:
    workflow = _workflow()
    games, per_part = int(workflow["env"]["GAMES"]), int(workflow["env"]["SHARDS_PER_PART"])
    parts = workflow["jobs"]["part"]["strategy"]["matrix"]["part"]
    assert games == 100_000  # the campaign the issue asks for
    # each part plays shards part * per_part ... part * per_part + per_part - 1 of every target
    ranges = [range(p * per_part, p * per_part + per_part) for p in parts]
    played = sorted(shard for r in ranges for shard in r)
    per_target = math.ceil(games / len(DEFAULT_RULESETS))
    assert played == list(range(shard_count(per_target))), "a shard missing or played twice"
    merge = " ".join(step.get("run", "") for step in workflow["jobs"]["merge"]["steps"])
    assert f"-eq {len(parts)}" in merge  # the merge counts every part's log


def test_the_workflow_runs_the_commands_of_the_miniature() -> None:
    runs = [step.get("run", "") for job in _workflow()["jobs"].values() for step in job["steps"]]
    part = next(run for run in runs if "cambio conform " in run)
    merge = next(run for run in runs if "cambio conform-merge" in run)
    mini = [line for line in _block("sh").splitlines() if line.strip()]
    # (a shell line continuation joins the workflow's command into one)
    part_command = part.replace("\\\n", " ").split("cambio conform ", 1)[1]
    assert _options(part_command) - {"--impl", "--save-failures"} == _options(mini[0]) - {"--ruleset", "--jobs"}
    assert _options(merge.replace("\\\n", " ").split("conform-merge", 1)[1]) == _options(mini[2])


def test_the_miniature_runs_as_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    from cambio_ref.cli import main

    lines = [line for line in _block("sh").splitlines() if line.strip()]
    assert [shlex.split(line)[:2] for line in lines] == [["cambio", "conform"]] * 2 + [["cambio", "conform-merge"]]
    monkeypatch.chdir(tmp_path)  # (each command as `cambio` runs it, in this process)
    for line in lines:
        code = main(shlex.split(line)[1:])
        done = capsys.readouterr()
        assert code == 0, (line, done.out, done.err)
    merged = [json.loads(x) for x in (tmp_path / "campaign.jsonl").read_text().splitlines()]
    results = [r for r in merged if r["type"] == "result"]
    assert [(r["kind"], r["ruleset"], r["status"]) for r in results] == [("fuzz", "hearts", "pass")]
    # both shards' games are in the one merged item, counted as one: 6 games in shards of 5
    # (shards.SHARD_GAMES), the campaign's budget (--fuzz 6) once, not once per part
    assert re.match(r"6 games \(2 to \d players\), \d+ actions", results[0]["message"]), results
    assert merged[0]["type"] == "header" and merged[0]["fuzz"] == 6
    assert "fuzz campaign: --fuzz 6 --seed 7; 6 games played (hearts 6)" in done.out
    assert merged[-1]["type"] == "footer" and merged[-1]["exit"] == 0
    assert (tmp_path / "campaign.md").read_text().startswith("# Cambio conformance")
    assert (tmp_path / "campaign.xml").read_text().startswith("<?xml")


def test_the_multi_target_example_gives_each_target_s_shards_once() -> None:
    """Issue 33, item 4: shards are per target; the page's example for several targets
    gives ranges that cover each target's shards exactly once, and its game counts."""
    text = PAGE.read_text(encoding="utf-8").split("A smaller campaign under several targets")[1]
    games = int(re.search(r"([\d,]+) games under three rulesets", text).group(1).replace(",", ""))  # type: ignore[union-attr]
    per_target = math.ceil(games / 3)
    assert f"{per_target} games per target" in text
    rows = re.findall(r"^\| (\d+) \| `(\d+)-(\d+)` \| (\d+) \| (\d+) \|$", text, re.M)
    assert rows
    played = sorted(i for _, a, b, _, _ in rows for i in range(int(a), int(b) + 1))
    assert played == list(range(shard_count(per_target)))
    for _, a, b, each, total in rows:
        count = sum(min(5, per_target - 5 * i) for i in range(int(a), int(b) + 1))
        assert (int(each), int(total)) == (count, 3 * count)


def _counts(log: Path) -> tuple[dict[str, Any], list[tuple[str, str, str, str]]]:
    lines = [json.loads(x) for x in log.read_text().splitlines()]
    results = sorted((r["id"], r["ruleset"], r["status"], r["message"]) for r in lines
                     if r["type"] == "result")
    return lines[-1]["totals"], results


def test_a_campaign_split_in_shards_and_merged_counts_as_the_unsplit_run(
        tmp_path: Path) -> None:
    """Issue 32: the same games, totals and messages; any other combination of the parts
    is refused (a part twice) or partial (a part missing)."""
    from cambio_ref.cli import main

    run = ["conform", "--impl", "python:conformance.serve:ReferenceEngine", "--ruleset",
           "hearts", "--ruleset", "online", "-k", "fuzz", "--fuzz", "12", "--seed", "3",
           "--jobs", "1", "--shrink-time", "0"]
    assert main([*run, "--log", str(tmp_path / "whole.jsonl")]) == 0
    # 6 games each: shard 0 of 5 games, shard 1 of one
    parts = [str(tmp_path / f"part-{i}.jsonl") for i in range(2)]
    for i, part in enumerate(parts):
        assert main([*run, "--fuzz-shards", str(i), "--log", part]) == 0
    merged = tmp_path / "merged.jsonl"
    assert main(["conform-merge", *parts, "--log", str(merged)]) == 0
    assert _counts(merged) == _counts(tmp_path / "whole.jsonl")
    assert main(["conform-merge", *parts, parts[0]]) == 2  # a shard twice
    assert main(["conform-merge", *parts[:1]]) == 1  # shard 1 of each target missing
