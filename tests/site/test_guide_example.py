"""The authoring guide's shortcut example (issue 13, item 7): the case it includes uses
the case-format conveniences, and it validates, replays, and is published on the site
and in `cambio ask`, like any case written from the guide alone."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from cambio_ref.cases import load_cases
from cambio_ref.cli import main
from cambio_ref.rulebook import dispute_page
from cambio_ref.validate import validate_paths

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "writing-a-dispute.md"
CASE_ID = "turn.draw-out-of-turn"


def included_case() -> Path:
    """The case file the guide's shortcut section pulls in with a snippet line."""
    section = GUIDE.read_text(encoding="utf-8").split("## Shortcuts", 1)[1]
    match = re.search(r'--8<-- "(spec/cases/[^"]+)"', section)
    assert match, "the shortcut section includes a case file"
    return ROOT / match.group(1)


def test_the_example_uses_every_convenience_it_teaches():
    text = included_case().read_text(encoding="utf-8")
    case = load_cases()[CASE_ID]
    assert set(case.rulesets) == {"online", "hearts"}  # only the rulesets it concerns
    assert '"online, hearts"' in text  # one key for two rulesets
    assert "reject: any" in text and "repeat:" in text


def test_the_example_validates_and_replays(capsys: pytest.CaptureFixture[str]):
    assert validate_paths([included_case()]) == []
    assert main(["replay", str(included_case())]) == 0
    out = capsys.readouterr().out
    # online "How to play" and hearts §4/§6: only the player due draws, so seat 1's draw
    # is refused and seat 0, who is due after three turns, draws.
    assert out.count("rejected E_NOT_YOUR_TURN") == 2 and "== online: PASS" in out and "== hearts: PASS" in out


def test_the_example_is_found_by_cambio_ask(capsys: pytest.CaptureFixture[str]):
    assert main(["ask", "can I draw out of turn", "--ruleset", "hearts"]) == 0
    out = capsys.readouterr().out
    assert CASE_ID in out and "hearts §4" in out and f"cambio replay {CASE_ID} --ruleset hearts" in out


def test_the_example_has_its_page_on_the_site():
    # the site's hook builds every dispute page (imported by name: mypy checks docs/hooks
    # as its own tree); here only the cases of the example's folder, not all of spec/cases
    pages = importlib.import_module("docs.hooks.pages")
    dispute = next(d for d in pages.load_disputes(included_case().parent) if d.id == CASE_ID)
    assert dispute_page(CASE_ID) == "disputes/turn-draw-out-of-turn.md"
    assert {a.ruleset for a in dispute.answers if a.applies} == {"online", "hearts"}
