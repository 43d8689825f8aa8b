"""The rulebook renderer: every option and ruleset has its page, with the catalogue's values."""

from __future__ import annotations

import importlib.util
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from cambio_ref.answers import table_words
from cambio_ref.cases import load_cases
from cambio_ref.catalogue import Citation, load_catalogue
from cambio_ref.rulebook import (
    Answer,
    Deal,
    Dispute,
    Front,
    Round,
    Step,
    case_dispute,
    dispute_page,
    option_page,
    render_site,
    ruleset_page,
    site_nav,
)
from cambio_ref.rulebook.common import prepare_site
from cambio_ref.rulebook.disputes import dispute_md, disputes_index_md
from cambio_ref.rules import explain, format_value, resolve
from tests.site.test_players_words import problems as players_words_problems
from tests.site.words import player_part, visible

CAT = load_catalogue()
CASES = load_cases()
HOOK = Path(__file__).resolve().parents[2] / "docs" / "hooks" / "pages.py"


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    return render_site(CAT)


def answer_block(page: str, case: str, ruleset: str) -> str:
    """The answer block of a dispute page for one ruleset, up to its closing tag."""
    start = page.index(f'id="{case}:{ruleset}"')
    return page[start:page.index("</div>", start)]


def implementers(page: str) -> str:
    """The "For implementers" part of a dispute page."""
    return page[page.index("## For implementers"):]


def implementers_fold(page: str) -> str:
    """The folded "For implementers" block of a ruleset or option page."""
    return page[page.index('??? info "For implementers"'):]


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
        assert f"canonical one-line form is `{resolve(rs).canonical}`" in implementers_fold(page)


def test_ruleset_pages_group_options_by_phase(pages):
    headings = re.findall(r"^## (\w+) \{ #(\w+) \}$", pages[ruleset_page("online")], re.M)
    assert [h[1] for h in headings] == ["setup", "turn", "powers", "snapping", "calling", "scoring", "match"]


def test_known_values_appear(pages):
    from cambio_ref.rulebook.options import said

    # hearts.txt, "Value of the Card": the six of hearts scores -3 (spec/rulesets/hearts.yaml); in words on the
    # ruleset page, the code for implementers.
    hearts = pages[ruleset_page("hearts")]
    assert said(CAT.option("value.six-of-hearts"), -3) == "Minus three points."
    assert "| Minus three points. |" in row(hearts, "value.six-of-hearts")
    assert "hearts §Value of the Card" in row(hearts, "value.six-of-hearts")
    assert "| `value.six-of-hearts` | `-3` |" in implementers_fold(hearts)
    # online.html, "How to play": the red king is worth 40 (spec/rulesets/online.yaml).
    assert "| `value.red-king` | `40` |" in implementers_fold(pages[ruleset_page("online")])
    red_king = pages[option_page("value.red-king")]
    # On the option page in players' words (the alternative's description); the code is for implementers.
    words = said(CAT.option("value.red-king"), 40)
    link = "<span data-ruleset=\"online\"></span>[online](../rulesets/online.md#value.red-king)"
    assert f"| {link} | {words} |" in red_king
    assert "| [online](../rulesets/online.md#value.red-king) | `40` |" in red_king


def test_every_value_comes_from_explain(pages):
    from cambio_ref.rulebook.options import said

    for rs in CAT.rulesets:
        page = pages[ruleset_page(rs)]
        for r in explain(resolve(rs)):
            words = said(r.option, r.value)
            assert re.sub(r"<[^>]+>", "", row(page, r.option.id).split(" | ")[1]) == words.replace("|", "\\|")
            assert f"| `{r.option.id}` | `{format_value(r.value)}` |" in implementers_fold(page)


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


def test_renamed_ids_get_redirect_pages(pages):
    renamed = render_site(CAT, renamed={"snap.wrong-own-card": "snap.wrong-own"})
    redirect = renamed[option_page("snap.wrong-own-card")]
    assert 'redirect: "../snap-wrong-own/#snap.wrong-own"' in redirect
    assert "(snap-wrong-own.md#snap.wrong-own)" in redirect
    assert option_page("snap.wrong-own-card") not in pages


@pytest.mark.parametrize(("renamed", "message"), [
    ({"old.id": "no.such-option"}, "not an option id"),
    ({"snap.others": "snap.wrong-own"}, "still an option id"),
])
def test_bad_renames_are_refused(renamed, message):
    with pytest.raises(ValueError, match=message):
        render_site(CAT, renamed=renamed)


def test_disputes_plug_in():
    # A made-up case: every part of a Dispute reaches its page.
    case = Dispute(
        id="demo.case", question="Demo question?", options=("end.tie",),
        answers=(Answer("demo.case", "hearts", "Demo answer.", outcome="scores 1, 2; seat 0 wins", reference="pass"),
                 Answer("demo.case", "official", "Not applicable: demo.", applies=False)),
        rounds=(Round(Deal(grids=(("AS", "2H", "3D", "X"),), starting="KC", peek=(2, 3)),
                      (Step("Seat 0 acts.", note="why", only=("power.optional=all-optional",), rulesets=("hearts",),
                            checks=(("all", "events called"),)),)),),
        citations=(Citation("hearts", "9", "stated"),), scenario="spec/cases/demo.yaml",
    )
    pages = render_site(CAT, disputes=[case])
    page = pages[dispute_page("demo.case")]
    assert "# Demo question? { #demo.case }" in page
    hearts = answer_block(page, "demo.case", "hearts")
    assert 'data-ruleset="hearts" markdown>' in hearts
    assert "**[hearts](../rulesets/hearts.md#hearts)** Demo answer." in hearts
    # What the reference did is for implementers: under that heading, not in the answer a player reads.
    assert "Reference" not in hearts and "Passes" not in hearts
    assert "- hearts: scores 1, 2; seat 0 wins. Passes ✓." in implementers(page)
    # Neither a citation nor a ruling: said plainly; and every answer links to itself.
    assert '<span class="why">No source given</span> · [link to this answer](#demo.case:hearts)' in hearts
    assert "**[official](../rulesets/official.md#official)** Not applicable: demo." in page
    assert '| 0 (dealer) | <span class="card">A♠</span> | <span class="card red">2♥</span>' in page
    assert '<span class="card">Joker</span> |' in page
    assert ("1. *Why.* Seat 0 acts. Only under [`power.optional=all-optional`]"
            "(../options/power-optional.md#power.optional:all-optional) (hearts).") in page
    assert "        - Must hold under every ruleset: events called." in page
    assert "[hearts §9](../sources.md#hearts) (stated)" in page
    assert "scenario file `spec/cases/demo.yaml`" in page
    assert "(../disputes/demo-case.md#demo.case)" in pages[option_page("end.tie")]
    assert "Demo question?" in pages["disputes/index.md"] and "`demo.case`" not in pages["disputes/index.md"]
    # Menu labels are the questions, not the ids.
    assert site_nav(CAT, disputes=[case])["disputes/index.md"][1] == {
        "Demo": [{"Demo question?": "disputes/demo-case.md"}]}


@dataclass
class Run:
    """Stands in for conformance.scenarios.CaseResult."""

    status: str = "pass"
    scores: Sequence[int] | None = None
    winners: Sequence[int] | None = None
    reason: str | None = "called"
    trace: Sequence[str] = ("deal: 2 players", "    drew: player=1 card=10C (seen by 1)")
    failures: Sequence[object] = field(default_factory=list)


def expected_runs(case_id: str) -> dict[str, Run]:
    """A passing run per applicable ruleset, ending as the case file says."""
    case = CASES[case_id]
    return {rs: Run(scores=o.get("scores"), winners=o.get("winners"))
            for rs, o in case.rulesets.items() if case.applies_to(rs)}


def one_dispute_page(d: Dispute) -> str:
    """The page of dispute `d` as `render_site(CAT, disputes=[d])` writes it (without the
    site's other pages: test_disputes_plug_in shows that the page is among them)."""
    return dispute_md(prepare_site(CAT, [d]), d)


def load_hook() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rulebook_pages_hook", HOOK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def disputes() -> list[Dispute]:
    """Every case as the site shows it: played against the reference by the MkDocs hook."""
    result: list[Dispute] = load_hook().load_disputes()
    return result


@pytest.fixture(scope="module")
def site(disputes: list[Dispute]) -> dict[str, str]:
    return render_site(CAT, disputes=disputes)


def test_the_hook_turns_every_case_into_a_dispute_played_by_the_reference(disputes):
    assert [d.id for d in disputes] == list(CASES)
    for d in disputes:
        case = CASES[d.id]
        assert d.question == case.title and d.options == case.options and d.scenario == case.file
        assert {a.ruleset for a in d.answers} == set(case.rulesets)
        for a in d.answers:
            if case.applies_to(a.ruleset):
                # The reference played it (pass or fail is the conformance tests' business).
                assert a.reference in ("pass", "fail") and a.trace and a.outcome, (d.id, a.ruleset)
            else:
                assert not a.applies and not a.reference and not a.trace, (d.id, a.ruleset)


def test_every_case_has_its_page_with_its_anchor_and_every_answer(site):
    for case in CASES.values():
        page = site[dispute_page(case.id)]
        assert f"# {case.title} {{ #{case.id} }}" in page.splitlines(), case.id
        for rs, outcome in case.rulesets.items():
            block = answer_block(page, case.id, rs)
            plain = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", block)  # glossary and case links as their text
            if case.applies_to(rs):
                said = table_words(" ".join(outcome["answer"].split())).split(" (see")[0]
                assert said[:40] in plain.replace("`", ""), (case.id, rs)
                assert "Passes" not in block and "Fails" not in block, (case.id, rs)
                assert f"\n- {rs}: " in implementers(page), (case.id, rs)
            else:
                assert "Not applicable: " in block and "Reference" not in block, (case.id, rs)
            # Every answer shows what backs it, or says that nothing does, and links to itself.
            assert '<span class="why">' in block and f"[link to this answer](#{case.id}:{rs})" in block
        assert f"scenario file `{case.file}`" in page
        assert page.count("](../sources.md#") >= len(case.data["sources"])


def test_case_dispute_describes_the_scenario():
    d = case_dispute(CASES["tie.caller-ties-lowest"], {}, peek=(2, 3))
    (rnd,) = d.rounds
    assert rnd.deal == Deal(grids=(("AS", "2S", "3S", "4S"), ("AH", "2H", "3H", "4H")), dealer=0,
                            starting="KC", draws=("10C", "10D", "10S"), peek=(2, 3))
    assert len(rnd.steps) == len(CASES["tie.caller-ties-lowest"].data["steps"])
    first, *_ = rnd.steps
    assert first == Step("Seat 1 calls Cambio.", "seat 1 calls at the start of its turn (official, online, awareness)",
                         ("call.timing=start-of-turn",), (),
                         ("awareness", "cambia", "cambio-app", "cambio-bot", "official", "online"))
    assert rnd.steps[4].checks == (("all", "events called (player=1)"),)
    assert rnd.steps[-1].text == "Seat 0 declines this step of the power."
    assert {"end.tie=caller-loses", "end.tie=shared"} <= set(d.exercises)
    assert [c.key for c in d.citations] == ["official", "hearts", "awareness"]
    # Without runs, the answers are the case file's alone.
    assert all(a.applies and not a.reference and not a.outcome for a in d.answers)


def test_case_dispute_takes_the_outcome_from_the_runs():
    d = case_dispute(CASES["tie.most-cards-breaks-tie"], expected_runs("tie.most-cards-breaks-tie"), peek=(2, 3))
    answers = {a.ruleset: a for a in d.answers}
    assert answers["hearts"].outcome == "round over after a call with scores 14, 14; Ann wins"
    assert answers["online"].outcome.endswith("Ann and Ben win")
    assert answers["hearts"].reference == "pass"
    assert answers["official"].text.startswith("Not applicable: the official ruleset has no snapping")
    assert not answers["official"].applies
    assert answers["online"].ruling == "end.tie"
    page = one_dispute_page(d)
    question = CAT.option("end.tie").question
    assert f"By the project's [ruling on \u201c{question}\u201d](../options/end-tie.md#ruling)" in answer_block(
        page, d.id, "online")


def test_a_failing_reference_is_shown_with_why():
    runs: dict[str, Any] = expected_runs("tie.caller-ties-lowest")
    runs["hearts"] = Run(status="fail", scores=[9, 9], winners=[0, 1], failures=["outcome: winners: expected [0]"])
    d = case_dispute(CASES["tie.caller-ties-lowest"], runs, peek=(2, 3))
    page = one_dispute_page(d)
    assert "Fails" not in answer_block(page, "tie.caller-ties-lowest", "hearts")
    assert "Fails ✗ (outcome: winners: expected [0])." in implementers(page)
    assert '??? failure "hearts: the reference fails ✗ (outcome: winners: expected [0])"' in page
    assert '??? success "official: the reference passes ✓"' in page


def test_a_match_case_shows_every_round():
    case = CASES["match.winner-starts-next-round"]
    runs: dict[str, Any] = {rs: Run(scores=[36, 32, 4], winners=[2]) for rs in case.rulesets}
    d = case_dispute(case, runs, peek=(2, 3))
    assert len(d.rounds) == 2 and d.rounds[1].deal.dealer is None
    hearts = next(a for a in d.answers if a.ruleset == "hearts")
    # Round 1 names seat 1 as first; under hearts (counter-clockwise, next seat in the
    # direction of play starts) seat 2 deals it, so the deal passes to seat 1 (Ben),
    # and the winner, seat 2 (Cleo), starts the next round (hearts §10).
    assert hearts.outcome.endswith("then, after 1 round, Ben deals and Cleo plays first")
    page = one_dispute_page(d)
    assert "**Round 2: the deal.**" in page and "the match rules choose the dealer" in page


def test_case_ids_in_prose_link_to_their_cases_by_their_questions(site):
    page = site[dispute_page("tie.most-cards-breaks-tie")]
    question = CASES["tie.caller-ties-lowest"].title
    assert f"(see [{question}](tie-caller-ties-lowest.md#tie.caller-ties-lowest))" in page


# Pages written for editors and implementers: they show option ids and values as codes on purpose. The ruleset
# pages say each rule in words since issue 30 (their codes are folded for implementers), and are walked too.
FOR_IMPLEMENTERS = ("matrix.md", "house-rules.md")


def test_no_player_page_shows_an_id_a_code_the_reference_or_an_error_code(site):
    """Issue 30: every generated page a player reads (disputes, options, sheets, glossary, sources), as a
    reader sees it, outside its "For implementers" parts."""
    ids = frozenset(o.id for o in CAT.options)
    bad = {path: found for path, page in sorted(site.items()) if not path.startswith(FOR_IMPLEMENTERS)
           and (found := players_words_problems(visible(player_part(page)), ids))}
    assert len(site) > 200 and not bad, bad


def test_the_logs_stay_out_of_search(site):
    page = site[dispute_page("tie.caller-ties-lowest")]
    logs = page[page.index("## For implementers"):]
    assert '<section class="case-logs" data-search-exclude markdown>' in logs
    assert logs.index("</section>") > logs.rindex("```")


def test_option_pages_link_to_the_cases_that_exercise_them(site):
    for case in CASES.values():
        for oid in case.options:
            assert f"(../{dispute_page(case.id)}#{case.id})" in site[option_page(oid)], (case.id, oid)
    # tie.most-cards-breaks-tie: hearts caller-loses, cambia caller-wins, awareness most-cards,
    # online and memory shared
    # (for implementers, folded)
    assert "`tie.most-cards-breaks-tie` (`caller-loses`, `caller-wins`, `most-cards`, `shared`)" in site[
        option_page("end.tie")]


def test_disputes_are_grouped_by_the_first_part_of_their_id(disputes):
    nav: list[Any] = site_nav(CAT, disputes=disputes)["disputes/index.md"]
    assert nav[0] == "disputes/index.md"
    groups = {title: [next(iter(e.values())) for e in entries] for g in nav[1:] for title, entries in g.items()}
    assert groups["Ties"] == [dispute_page(c) for c in sorted(c for c in CASES if c.startswith("tie."))]
    assert sorted(p for paths in groups.values() for p in paths) == sorted(dispute_page(c) for c in CASES)
    titles = list(groups)
    # Without docs/front.yaml, groups follow the order of play: ties are settled before the next round.
    assert titles.index("Ties") < titles.index("Matches")


def test_situations_title_and_order_the_disputes_index(disputes):
    front = Front(situations=(("tie", "When scores tie"), ("snap", "When someone snaps a card")))
    nav: list[Any] = site_nav(CAT, disputes=disputes, front=front)["disputes/index.md"]
    assert [next(iter(g)) for g in nav[1:3]] == ["When scores tie", "When someone snaps a card"]
    index = disputes_index_md(prepare_site(CAT, disputes, front))  # (render_site's disputes/index.md)
    assert index.index("## When scores tie") < index.index("## When someone snaps a card")
    # No case id in a label: each entry is the question.
    assert "`tie.caller-ties-lowest`" not in index and CASES["tie.caller-ties-lowest"].title in index


def test_without_cases_the_dispute_index_points_to_the_questions(pages):
    index = pages["disputes/index.md"]
    for opt in CAT.options:
        assert f"(../{option_page(opt.id)}#{opt.id})" in index


@pytest.mark.parametrize("with_cases", [False, True])
def test_nav_covers_every_generated_page(with_cases, disputes, request):
    shown = disputes if with_cases else []
    pages = request.getfixturevalue("site" if with_cases else "pages")  # (render_site(CAT, disputes=shown))
    nav = site_nav(CAT, disputes=shown)

    def paths(entries: list[Any]) -> Iterator[str]:
        for e in entries:
            if isinstance(e, str):
                yield e
            else:
                for v in e.values():
                    yield from ([v] if isinstance(v, str) else paths(v))

    listed = {p for section in nav.values() for p in paths(section)}
    generated = {p for p in pages if p.startswith(("options/", "rulesets/", "disputes/", "sheets/"))}
    assert generated == listed


def test_an_observed_step_names_the_seat_that_looks():
    # The seat-label bug: "the table as seat 1 sees it" must not be followed by seat 0's view.
    d = case_dispute(CASES["snap.wrong-other-card"], {}, peek=(2, 3))
    observed = d.rounds[0].steps[-1]
    assert observed.text == "The table as seat 1 sees it."
    assert observed.checks and all(what.startswith("seat 1's view shows") for _, what in observed.checks)


# -- issue 30: players' words on the option pages ------------------------------------------------


def _outside_implementers(page: str) -> str:
    """The page without its folded "For implementers" part (an indented admonition block)."""
    out, folded = [], False
    for line in page.splitlines():
        if line.startswith('??? info "For implementers"'):
            folded = True
            continue
        if folded and (line.startswith("    ") or not line.strip()):
            continue
        folded = False
        out.append(line)
    return "\n".join(out)


def test_an_option_page_says_values_in_words_and_folds_ids_and_codes_for_implementers():
    from cambio_ref.rulebook.common import prepare_site
    from cambio_ref.rulebook.options import option_md

    cat = load_catalogue()
    site = prepare_site(cat, ())
    codes = {f"`{format_value(a.value)}`" for o in cat.options for a in o.alternatives
             if not isinstance(a.value, int) or isinstance(a.value, bool)}
    for opt in cat.options:
        page = option_md(site, opt)
        assert '??? info "For implementers"' in page and f"Option `{opt.id}`" in page
        shown = _outside_implementers(page.split("\n---\n", 1)[1])
        # power.jack: "blind-swap-any" was the comparison's value; now the alternative's words.
        table = [line for line in shown.splitlines() if line.startswith(("| <span", "### "))]
        assert not [c for c in codes for line in table if c in line.split(" | ")[1 if line[0] == "|" else 0]], opt.id
        assert f"Option `{opt.id}`" not in shown, opt.id
