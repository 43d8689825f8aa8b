"""The quick-reference sheets teach a new group a whole round, in players' words, and never contradict themselves.

The fast tests read each sheet's Markdown as `render_site` makes it; the browser tests read
the text of the built page, as a reader sees it. Every expectation comes from the catalogue
(the ruleset's option values and spec/core.yaml), never from the sheet's own output.
"""

from __future__ import annotations

import re

import pytest

from cambio_ref.catalogue import load_catalogue
from cambio_ref.rulebook.common import one_line, prepare_site
from cambio_ref.rulebook.sheet import SECTIONS, sheet_md
from cambio_ref.rules import Rules
from tests.site.browsing import Visit
from tests.site.words import developer_tokens

CAT = load_catalogue()
SITE = prepare_site(CAT, ())
RULESETS = sorted(CAT.rulesets)


def sections(page: str) -> dict[str, str]:
    """The sheet's text by section anchor (from its ``## Title { #anchor }`` headings)."""
    parts = re.split(r"^## .*\{ #([a-z]+) \}$", page, flags=re.MULTILINE)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def meaning(option_id: str, rules: Rules) -> str:
    """The description of the ruleset's alternative for an option, as a sheet line carries it."""
    opt = CAT.option(option_id)
    alt = opt.alternative(rules.value(opt.key))
    assert alt is not None
    return one_line(alt.description)


def questions(text: str) -> list[str]:
    return re.findall(r"^- \*\*(.+?)\*\*", text, flags=re.MULTILINE)


@pytest.mark.parametrize("rs", RULESETS)
def test_a_new_group_finds_how_to_deal_take_a_turn_call_and_score(rs: str) -> None:
    rules = SITE.rules[rs]
    by = sections(sheet_md(SITE, rs))
    assert list(by) == [anchor for anchor, _ in SECTIONS]
    # What you need: how many players, decks and jokers.
    for opt in ("players.minimum", "players.maximum", "deck.count", "deck.jokers"):
        assert meaning(opt, rules) in by["need"], opt
    # The deal: how many cards each (core.grid), face down, then the first peek and which cards it sees.
    assert f"deals {CAT.core_value('core.grid')} cards face down" in by["deal"]
    assert f"looks at {CAT.core_value('core.peek-count')} of their cards" in by["deal"]
    assert meaning("peek.which", rules) in by["deal"]
    # A turn: draw, then swap or discard (core.turn-sequence), who starts and which way play goes.
    assert "Draw the top card of the deck" in by["turn"] and "discard pile" in by["turn"]
    for opt in ("turn.direction", "turn.first-player", "turn.take-discard", "turn.pass"):
        assert meaning(opt, rules) in by["turn"], opt
    # Calling: when, and who plays after the call.
    for opt in ("call.timing", "call.final-turns"):
        assert meaning(opt, rules) in by["calling"], opt
    # The end: cards face up, the lowest total wins, ties; the card values of every rank.
    assert "The lowest total wins" in by["end"] and meaning("end.tie", rules) in by["end"]
    values = by["values"]
    for rank in ("A", "J", "Q", "K"):
        assert re.search(rf"^\| [^|]*\b{rank}\b", values, flags=re.MULTILINE), rank
    assert ("| Joker |" in values) == (rules.jokers > 0)


@pytest.mark.parametrize("rs", RULESETS)
def test_a_sheet_says_nothing_a_developer_says(rs: str) -> None:
    page = sheet_md(SITE, rs)
    body = page[page.index("<div class=\"sheet\""):]
    assert developer_tokens(body) == []
    # The interpreter's bound on a round's length is no rule a table plays by.
    assert f"{SITE.rules[rs].max_turns} turns" not in body


@pytest.mark.parametrize("rs", RULESETS)
def test_a_sheet_without_snapping_asks_nothing_about_snapping(rs: str) -> None:
    rules = SITE.rules[rs]
    by = sections(sheet_md(SITE, rs))
    asked = [q for part in by.values() for q in questions(part)]
    about_snaps = [q for q in asked if "snap" in q.lower() or "no cards" in q.lower()]
    if rules.snap:
        assert len(questions(by["snapping"])) > 1
    else:
        # The switch itself is the only snapping question (official: the document never mentions snapping).
        assert about_snaps == [one_line(CAT.option("snap.enabled").question)], about_snaps
    if not rules.snap_others:
        assert one_line(CAT.option("snap.wrong-other").question) not in asked


GLYPH_SUITS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def cards_named(name: str) -> set[str]:
    """The card codes a powers-table cell names: a rank ("7": every suit) or one card ("K♠")."""
    if name[-1] in GLYPH_SUITS:
        return {name[:-1] + GLYPH_SUITS[name[-1]]}
    return {name + suit for suit in GLYPH_SUITS.values()}


@pytest.mark.parametrize("rs", RULESETS)
def test_the_powers_table_lists_exactly_the_cards_that_have_a_power(rs: str) -> None:
    rules = SITE.rules[rs]
    powers = sections(sheet_md(SITE, rs))["powers"]
    rows = [line for line in powers.splitlines() if line.startswith("| ") and not line.startswith("| card")]
    named = set().union(*(cards_named(n.strip()) for line in rows for n in line.split("|")[1].split(",")))
    # online, awareness: kings have no power, so the table has no king row (and no king's colour question).
    assert named == {code for code, power in rules.powers.items() if power.acts}
    assert one_line(CAT.option("power.king-colour").question) not in sheet_md(SITE, rs)
    if not named:
        assert "No card has a power" in powers


def test_the_king_row_names_only_the_kings_that_carry_the_power() -> None:
    # official's Q&A gives the power to black kings only (power.king-colour=black).
    assert SITE.rules["official"].king_colour == "black"
    table = sections(sheet_md(SITE, "official"))["powers"]
    assert "| K♠, K♣ |" in table


@pytest.mark.browser
@pytest.mark.parametrize("rs", RULESETS)
def test_the_built_sheet_reads_as_a_round_on_one_a4_page(visit: Visit, rs: str) -> None:
    page = visit.goto(f"sheets/{rs}/")
    headings = [h.rstrip("¶").strip() for h in page.locator(".sheet h2").all_inner_texts()]
    assert headings == [title for _, title in SECTIONS]
    text = page.locator(".sheet").inner_text()
    assert developer_tokens(text) == []
    assert page.locator(".sheet code").count() == 0
    rules = SITE.rules[rs]
    for opt in ("peek.which", "call.timing", "end.tie"):
        assert " ".join(meaning(opt, rules).split()) in " ".join(text.split()), opt
    # A quick-reference sheet is for the table: printed, it fits one A4 page.
    pages = len(re.findall(rb"/Type\s*/Page\b", page.pdf(format="A4")))
    assert pages == 1, f"the {rs} quick-reference sheet prints on {pages} A4 pages"


# -- issue 30: each sheet checked against its ruleset's own values ----------------------------


def test_the_hearts_sheet_says_the_last_winner_starts_the_next_round_and_the_caller_never_snaps() -> None:
    # hearts (spec/rulesets/hearts.yaml, match.next-starter=last-winner; call.caller-locked=everyone).
    page = sheet_md(SITE, "hearts")
    end = sections(page)["end"]
    assert "first turn of the next round" in end and meaning("match.next-starter", SITE.rules["hearts"]) in end
    assert "May the player who called Cambio still snap" not in page


@pytest.mark.parametrize("rs", [rs for rs in RULESETS if not SITE.rules[rs].snap])
def test_a_sheet_without_snapping_never_mentions_a_snap_outside_its_one_line(rs: str) -> None:
    # official: no snapping, so no "swapped and snapped" under the caller's lock.
    page = sheet_md(SITE, rs)
    by = sections(page)
    said = [line for name, text in by.items() for line in text.splitlines()
            if "snap" in line.lower() and name != "snapping"]
    assert said == []


@pytest.mark.parametrize("rs", [rs for rs in RULESETS if SITE.rules[rs].snap])
def test_a_sheet_with_snapping_says_its_other_names_once_then_says_snap(rs: str) -> None:
    # The sheet's own words: its snapping section names the glossary's other names for a snap
    # (spec/glossary.yaml: flipping, burning, slapping, slamming, sticking) once, and no
    # heading says anything but snap. (The ruleset's summary and some option descriptions, from
    # spec/rulesets and spec/options, still say "flip" or "burn" in passing.)
    page = sheet_md(SITE, rs)
    snapping = sections(page)["snapping"]
    assert snapping.lstrip().startswith(
        "Snapping (some tables say flipping, burning, slapping, slamming or sticking)")
    headings = [line for line in page.splitlines() if line.startswith("#")]
    assert not [h for h in headings if any(w in h.lower() for w in ("flip", "burn", "slap", "slam", "stick"))]
