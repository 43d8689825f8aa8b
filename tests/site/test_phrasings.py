"""The project's own phrasing set (tests/site/phrasings.yaml) against `cambio ask`.

Each entry is a question in players' words with its expected answer per ruleset (see the
file's header: a case's answers, an option's values in spec/rulesets, a core rule's value,
or a card's or hand's points read off the sources). At least 90% must be right first or,
when two questions fit as well, "not sure" with the right one among the closest offered; at
most 1% may be wrong with confidence (issue 30's bar).
"""

from __future__ import annotations

from typing import Any

import pytest

from cambio_ref.ask import ask
from cambio_ref.cases import load_cases
from cambio_ref.catalogue import load_catalogue
from tests.site.phrasing_check import accepted, load_phrasings, problems
from tests.site.replies import SharedReplies

PHRASINGS = load_phrasings()


def test_the_phrasing_set_is_large_and_names_only_real_answers():
    assert len(PHRASINGS) >= 150
    assert len({e["q"] for e in PHRASINGS}) == len(PHRASINGS), "a question is listed twice"
    cat, cases = load_catalogue(), load_cases()
    for e in PHRASINGS:
        for top in accepted(e):
            kind, _, ident = top.partition(":")
            assert (kind != "case" or ident in cases) and (kind != "option" or cat.has_option(ident)) and (
                kind != "rule" or ident in cat.core_rules), (e["q"], top)
        assert ("card" in e) == ("points" in e) and ("hand" in e) == ("totals" in e), e["q"]


def _own_option(entry: dict[str, Any], top: str) -> bool:
    """`top` is an option that one of the entry's expected cases turns on: the rule the case plays out."""
    cases = load_cases()
    return top.startswith("option:") and any(
        top.removeprefix("option:") in cases[t.removeprefix("case:")].options
        for t in accepted(entry) if t.startswith("case:"))


def test_no_confidently_wrong_answer_and_90_percent_right_or_offered(replies: SharedReplies) -> None:
    """Issue 30: an answer is given only when it clearly leads (cambio_ref.asksure.choose), so a phrasing
    that two questions fit as well is "not sure", with the right one among the three it offers. At least
    90% must be right first or offered so, at least 70% right first; at most 1% wrong with confidence, issue 30's
    bar (an expected case's own option, the rule the case plays out, is not wrong). It was none until the likeness
    letter by letter (cambio_ref.asklike): "how many rounds in a game" is then answered, sure, with the number of
    round wins of a first-to-N match (match.round-wins), not when a match ends (match.end), which this set expects."""
    # (the replies shared with the site search's agreement test, which asks the same questions: tests/site/replies.py)
    got = replies(e["q"] for e in PHRASINGS)
    wrong = {e["q"]: (got[e["q"]], p) for e in PHRASINGS if (p := problems(e, got[e["q"]]))}
    confident = {e["q"]: (got[e["q"]].top, wrong[e["q"]][1]) for e in PHRASINGS if e["q"] in wrong
                 and got[e["q"]].sure and not _own_option(e, got[e["q"]].top)}
    offered = {e["q"] for e in PHRASINGS if e["q"] in wrong and not got[e["q"]].sure
               and accepted(e) & {f"{h.kind}:{h.id}" for h in got[e["q"]].closest}}
    assert len(confident) <= len(PHRASINGS) // 100, confident
    assert len(wrong) - len(offered) <= len(PHRASINGS) // 10, sorted(set(wrong) - offered)
    assert len(wrong) <= len(PHRASINGS) * 3 // 10, sorted(wrong)


@pytest.mark.parametrize("entry", [e for e in PHRASINGS if "hand" in e or "card" in e], ids=lambda e: e["q"])
def test_every_hand_and_card_is_scored_as_the_sources_say(entry):
    assert problems(entry, ask(entry["q"])) == []


def test_one_card_asked_as_a_hand_is_judged_by_the_hands_totals():
    # A hand of one card is answered as that card (cambio_ref.ask): its points under a ruleset are the hand's total.
    # online §How to play: a red king is forty points.
    reply = ask("what is a red king worth in online")
    assert reply.kind == "card"
    assert problems({"q": "my last card is a red king", "hand": ["KH"], "totals": {"online": 40}}, reply) == []
    assert problems({"q": "my last card is a red king", "hand": ["KH"], "totals": {"online": 39}}, reply) != []
