"""The site's engine pages (issue 29, item 7) render from the files committed beside each
adapter in examples/engines/ (rules.json and the seed-1 run log), with no engine present:
each page shows the engine's commit and the run's date, every declared option with its
place in the engine's code, and every deviation line of the log."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cambio_ref.rulebook.engines import engine_md, engine_pages, read_engine
from conformance.merge import read_log

ROOT = Path(__file__).resolve().parents[2]
ENGINES = ROOT / "examples" / "engines"
FOLDERS = sorted(p.name for p in ENGINES.iterdir() if (p / "rules.json").is_file())


def log_lines(folder: str, kind: str) -> list[dict[str, object]]:
    lines = (ENGINES / folder / "run-seed1.jsonl").read_text(encoding="utf-8").splitlines()
    return [r for r in map(json.loads, lines) if r["type"] == kind]


def test_both_engines_have_their_committed_files() -> None:
    assert FOLDERS == ["cambia", "cambio"]


@pytest.mark.parametrize("folder", FOLDERS)
def test_the_page_shows_the_declared_rules_and_the_run(folder: str) -> None:
    rules = json.loads((ENGINES / folder / "rules.json").read_text(encoding="utf-8"))
    header = log_lines(folder, "header")[0]
    page = engine_md(read_engine(ENGINES / folder))
    assert rules["commit"] in page
    assert str(header["started"])[:10] in page  # the run's date
    assert str(header["implementation"]["version"]) == rules["commit"][:7]  # type: ignore[index]
    for option in rules["options"]:
        assert f"[{option['id']}](../options/" in page
    deviations = log_lines(folder, "deviation")
    assert f"## Its deviations ({len(deviations)})" in page
    for i, _ in enumerate(deviations, 1):
        assert f"\n{i}. " in page


@pytest.mark.parametrize("folder", FOLDERS)
def test_the_committed_log_is_a_run_log_the_kit_reads(folder: str) -> None:
    # (a log the kit cannot read, as `cambio conform-merge` reads it, would be a page
    # built from a log no tool checks: the logs of 9079070 lacked the header's shards)
    header, results, footer = read_log(ENGINES / folder / "run-seed1.jsonl")
    assert header["seed"] == 1 and footer is not None and results
    assert {r.ruleset for r in results} == {"declared"}


def test_the_pages_and_their_index_link_each_other() -> None:
    runs = [read_engine(ENGINES / folder) for folder in FOLDERS]
    pages = engine_pages(runs)
    assert set(pages) == {"engines/index.md", *(f"engines/{f}.md" for f in FOLDERS)}
    for folder in FOLDERS:
        assert f"]({folder}.md)" in pages["engines/index.md"]


def test_a_folder_without_its_log_is_refused_by_name(tmp_path: Path) -> None:
    (tmp_path / "rules.json").write_text("{}", encoding="utf-8")
    with pytest.raises(ValueError, match=r"run-seed1\.jsonl: missing"):
        read_engine(tmp_path)
