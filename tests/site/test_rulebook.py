"""The rulebook renderer: every option and ruleset has its page, with the catalogue's values."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from cambio_ref.catalogue import Citation, load_catalogue
from cambio_ref.rulebook import Dispute, dispute_page, option_page, render_site, ruleset_page, site_nav
from cambio_ref.rules import explain, format_value, resolve

CAT = load_catalogue()


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    return render_site(CAT)


def row(page: str, anchor: str) -> str:
    """The table row of a ruleset page that carries the option's anchor."""
    for line in page.splitlines():
        if f'<span id="{anchor}"></span>' in line:
            return line
    raise AssertionError(f"no row for {anchor}")


def test_every_option_has_its_page_with_its_anchor(pages):
    for opt in CAT.options:
        page = pages[option_page(opt.id)]
        assert f"# {opt.question} {{ #{opt.id} }}" in page
        for rs in CAT.rulesets:
            assert f"[{rs}](../rulesets/{rs}.md#{opt.id})" in page


def test_option_page_path_replaces_dots():
    assert option_page("snap.wrong-own") == "options/snap-wrong-own.md"


def test_every_ruleset_has_its_page_with_every_option(pages):
    for rs in CAT.rulesets:
        page = pages[ruleset_page(rs)]
        for opt in CAT.options:
            row(page, opt.id)
        assert f"canonical one-line form is `{resolve(rs).canonical}`" in page


def test_ruleset_pages_group_options_by_phase(pages):
    headings = re.findall(r"^## (\w+) \{ #(\w+) \}$", pages[ruleset_page("online")], re.M)
    assert [h[1] for h in headings] == ["setup", "turn", "powers", "snapping", "calling", "scoring", "match"]


def test_known_values_appear():
    pages = render_site(CAT)
    # hearts.txt, "Value of the Card": the six of hearts scores -3 (spec/rulesets/hearts.yaml).
    assert "| `-3` |" in row(pages[ruleset_page("hearts")], "value.six-of-hearts")
    assert "hearts §Value of the Card" in row(pages[ruleset_page("hearts")], "value.six-of-hearts")
    # online.html, "How to play": the red king is worth 40 (spec/rulesets/online.yaml).
    assert "| `40` |" in row(pages[ruleset_page("online")], "value.red-king")
    red_king = pages[option_page("value.red-king")]
    assert "| [online](../rulesets/online.md#value.red-king) | `40` |" in red_king


def test_every_value_comes_from_explain(pages):
    for rs in CAT.rulesets:
        for r in explain(resolve(rs)):
            assert f"| `{format_value(r.value)}` |" in row(pages[ruleset_page(rs)], r.option.id)


def test_matrix_has_one_column_per_ruleset(pages):
    header = next(line for line in pages["matrix.md"].splitlines() if line.startswith("| option |"))
    assert header.count("](rulesets/") == len(CAT.rulesets)
    body = [line for line in pages["matrix.md"].splitlines() if line.startswith("| ") and "](options/" in line]
    assert len(body) == len(CAT.options)


def test_matrix_highlights_differences(pages):
    matrix = pages["matrix.md"]
    tie = next(line for line in matrix.splitlines() if "#end.tie)" in line)
    assert tie.startswith('| ≠ <span id="end.tie">') and "<mark>" in tie
    same = [line for line in matrix.splitlines() if "](options/" in line and not line.startswith("| ≠")]
    assert all("<mark>" not in line for line in same)


def test_option_page_lists_conflicts_and_rulings(pages):
    match = pages[option_page("snap.match")]
    assert "## Recorded conflicts" in match and '!!! warning "memory: ambiguous"' in match
    tie = pages[option_page("end.tie")]
    assert "## The ruling" in tie and "Silent: memory, online." in tie


def test_house_rules_guide_lists_every_key_and_links_the_schema(pages):
    guide = pages["house-rules.md"]
    assert "(schemas/house-rules.schema.json)" in guide and "cambio validate" in guide
    for opt in CAT.options:
        assert f"| `{opt.key}` | [`{opt.id}`]" in guide


def test_renamed_ids_get_redirect_pages():
    pages = render_site(CAT, renamed={"snap.wrong-own-card": "snap.wrong-own"})
    redirect = pages[option_page("snap.wrong-own-card")]
    assert 'redirect: "../snap-wrong-own/#snap.wrong-own"' in redirect
    assert "(snap-wrong-own.md#snap.wrong-own)" in redirect
    assert option_page("snap.wrong-own-card") not in render_site(CAT)


@pytest.mark.parametrize(("renamed", "message"), [
    ({"old.id": "no.such-option"}, "not an option id"),
    ({"snap.others": "snap.wrong-own"}, "still an option id"),
])
def test_bad_renames_are_refused(renamed, message):
    with pytest.raises(ValueError, match=message):
        render_site(CAT, renamed=renamed)


def test_disputes_plug_in():
    # A made-up case, only to show that case pages render once spec/cases exists.
    case = Dispute(
        id="demo.case", question="Demo question?", options=("end.tie",),
        answers=(("hearts", "Demo answer."),), steps=("Seat 0 acts.",),
        citations=(Citation("hearts", "9", "stated"),), scenario="spec/cases/demo.yaml",
    )
    pages = render_site(CAT, disputes=[case])
    page = pages[dispute_page("demo.case")]
    assert "# Demo question? { #demo.case }" in page
    assert "| [hearts](../rulesets/hearts.md#hearts) | Demo answer. |" in page
    assert "(../disputes/demo-case.md#demo.case)" in pages[option_page("end.tie")]
    assert "demo.case" in pages["disputes/index.md"]
    assert site_nav(CAT, disputes=[case])["disputes/index.md"][1] == {"demo.case": "disputes/demo-case.md"}


def test_without_cases_the_dispute_index_points_to_the_questions(pages):
    index = pages["disputes/index.md"]
    for opt in CAT.options:
        assert f"(../{option_page(opt.id)}#{opt.id})" in index


def test_nav_covers_every_generated_page(pages):
    nav = site_nav(CAT)

    def paths(entries: list[Any]) -> Iterator[str]:
        for e in entries:
            if isinstance(e, str):
                yield e
            else:
                for v in e.values():
                    yield from ([v] if isinstance(v, str) else paths(v))

    listed = {p for section in nav.values() for p in paths(section)}
    generated = {p for p in pages if p.startswith(("options/", "rulesets/", "disputes/"))}
    assert generated == listed
