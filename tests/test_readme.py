"""The README is a short user's manual in step with the code (issue 33): at most 250
lines; its quick start names real make targets; its command table lists every `cambio`
subcommand; every duration it quotes comes from the performance page, which says how it
was measured. (Its "Where things are" map is held to the modules by tests/test_map.py.)
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from cambio_ref.cli import build_parser
from tests.test_map import map_section

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
PERFORMANCE = ROOT / "docs" / "developers" / "performance.md"
FIGURE = re.compile(r"\b\d[\d,.]*(?: to \d[\d,.]*)? (?:s|min|minutes|MB)\b")


def section(text: str, title: str) -> str:
    """The text under a ``## title`` heading, up to the next ``## `` heading.

    >>> section("## A\\nx\\n### a\\ny\\n## B\\nz\\n", "A")
    'x\\n### a\\ny\\n'
    """
    body = text.split(f"## {title}\n", 1)[1]
    end = re.search(r"^## ", body, re.MULTILINE)
    return body[:end.start()] if end else body


def subcommands() -> list[str]:
    actions = [a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)]
    return [name for action in actions for name in action.choices]


def test_the_readme_is_short() -> None:
    assert len(README.read_text(encoding="utf-8").splitlines()) <= 250


def test_the_command_table_lists_every_subcommand() -> None:
    rows = [line for line in section(README.read_text(encoding="utf-8"), "The `cambio` command").splitlines()
            if line.startswith("| `cambio ")]
    listed = {re.match(r"\| `cambio ([a-z-]+)", row).group(1) for row in rows}  # type: ignore[union-attr]
    assert len(subcommands()) >= 11
    assert sorted(set(subcommands()) - listed) == []
    assert sorted(listed - set(subcommands())) == []


def test_the_quick_start_names_the_make_targets_it_runs() -> None:
    quick = section(README.read_text(encoding="utf-8"), "Quick start")
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    commands = re.findall(r"^make (\w+)", quick, re.MULTILINE)
    assert commands == ["run", "test"]
    assert all(re.search(rf"^{name}:", makefile, re.MULTILINE) for name in commands)
    # the annotated output is that of the main job's conform step
    assert "--seed 1" in quick and re.search(r"cambio conform --impl .* --seed 1$", makefile, re.MULTILINE)


def test_every_figure_comes_from_the_performance_page() -> None:
    quick = section(README.read_text(encoding="utf-8"), "Quick start")
    page = " ".join(PERFORMANCE.read_text(encoding="utf-8").split())
    figures = FIGURE.findall(" ".join(quick.split("```text")[0].split()))
    assert len(figures) >= 3
    assert [f for f in figures if f not in page] == []
    assert "performance.md" in quick
    assert "developers/performance.md" in (ROOT / "mkdocs.yml").read_text(encoding="utf-8")


def test_where_things_are_is_there() -> None:
    assert "cambio_ref/cli.py" in map_section(README.read_text(encoding="utf-8"))
