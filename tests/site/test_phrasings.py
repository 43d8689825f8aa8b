"""The project's own phrasing set (tests/site/phrasings.yaml) against `cambio ask`.

Each entry is a question in players' words with its expected answer per ruleset (see the
file's header: a case's answers, an option's values in spec/rulesets, a core rule's value,
or a card's or hand's points read off the sources). At least 90% of the top answers must
be right, and a wrong one must never be given with confidence: it comes as "not sure",
with the closest questions.
"""

from __future__ import annotations

import pytest

from cambio_ref.ask import ask
from cambio_ref.cases import load_cases
from cambio_ref.catalogue import load_catalogue
from tests.site.phrasing_check import accepted, load_phrasings, problems

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


def test_at_least_90_percent_right_and_no_confidently_wrong_answer():
    wrong = {e["q"]: (ask(e["q"]), problems(e, ask(e["q"]))) for e in PHRASINGS}
    wrong = {q: (r, p) for q, (r, p) in wrong.items() if p}
    confident = {q: (r.top, p) for q, (r, p) in wrong.items() if r.sure}
    assert confident == {}
    assert len(wrong) <= len(PHRASINGS) // 10, sorted(wrong)


@pytest.mark.parametrize("entry", [e for e in PHRASINGS if "hand" in e or "card" in e], ids=lambda e: e["q"])
def test_every_hand_and_card_is_scored_as_the_sources_say(entry):
    assert problems(entry, ask(entry["q"])) == []
