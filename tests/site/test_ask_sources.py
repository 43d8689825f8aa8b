"""`cambio ask` on the sources themselves: a question that names a part of a source (its Q&A, its main text,
its worked example) asks for that part's reading (spec/glossary.yaml's qa, main-text and worked-example).

The official rules contradict themselves twice (the black king; a drawn 7 swapped into the hand), and each
reading is a dispute of its own (spec/cases/conflicts/). A question naming official asks for official's rule,
so a dispute first gives way to its option (`cambio_ref.asksure.choose`); not when the question names the
part of the source that dispute reads: the option would give the other part's reading.
"""

from __future__ import annotations

import pytest

from cambio_ref.ask import ask
from cambio_ref.askindex import analyse, build_index


def _asked(question: str) -> set[str]:
    return {t for alts in analyse(question, build_index().lexicon).wanted for t in alts}


@pytest.mark.parametrize(("question", "term"), [
    ("the Q&A says what about kings?", "@qa"),  # "Q&A" is no queen and no ace
    ("is that in the faq", "@qa"),
    ("the main text says otherwise", "@main-text"),
    ("the walkthrough shows a 7 firing", "@worked-example"),
])
def test_a_part_of_a_source_is_read_as_its_glossary_term(question, term):
    assert term in _asked(question)


@pytest.mark.parametrize("question", [
    "what does the Q and A say about the black king",
    "the official Q n A says a black king can swap any two, is that right",
    "Q & A section on the black king?",
])
def test_the_q_and_a_spaced_out_in_capitals_is_the_q_and_a_not_a_queen_and_an_ace(question):
    # (issue 30: "the official Q and A says ..." was scored as a hand, a queen and an ace, sure.) After "the",
    # "their" or "its", or before "says" or "section", it names the part of a source (spec/glossary.yaml's qa).
    reply = ask(question)
    assert reply.kind != "hand" and "@qa" in _asked(question)


def test_a_queen_and_an_ace_in_capitals_are_still_a_hand():
    assert ask("I have a Q and A, whats my score").top == "hand:QS AS"


def test_a_part_the_question_sets_aside_is_not_asked_for():
    # "not the FAQ bit", "rather than the Q&A": the question asks for the other part's reading.
    assert "@qa" not in _asked("the main text, not the FAQ bit, says what?")
    assert "@qa" not in _asked("going by the main text rather than the Q&A")
    assert "@main-text" in _asked("going by the main text rather than the Q&A")


@pytest.mark.parametrize(("question", "top"), [
    ("in official, what does the FAQ let a black king do?", "case:conflict.official-black-king-qa"),
    ("official rules, main text only: what can a black king look at and swap?",
     "case:conflict.official-black-king-body"),
    ("official, going by the main text and not the Q&A: what may a black king look at?",
     "case:conflict.official-black-king-body"),
    ("playing official by the worked example, does a 7 I swapped into my grid still peek?",
     "case:conflict.official-swapped-in-seven-body"),
    ("under the official Q&A, does a drawn 7 I keep in my grid give a peek?",
     "case:conflict.official-swapped-in-seven-qa"),
])
def test_a_named_ruleset_keeps_the_reading_of_the_part_its_question_names(question, top):
    reply = ask(question)
    assert (reply.top, reply.sure, reply.ruleset) == (top, True, "official")


def test_a_question_naming_two_parts_asks_for_the_rulesets_own_rule():
    # Which to follow when the Q&A and the example disagree: official's ruling (it follows the Q&A).
    reply = ask("official rules: the Q&A and the worked example disagree on a kept 7, which do we follow?")
    assert reply.top == "option:power.trigger" and reply.sure
    # And a question naming no part gets the rule, as before.
    assert ask("what does a black king do in official?").top == "option:power.king"


def test_a_name_with_its_possessive_before_a_card_is_another_players_card():
    # "Zoe's card" is someone else's card (the glossary's opponent), and a capital word first in a sentence may
    # be no name ("Everyone's cards").
    assert "@opponent" in _asked("I snapped Zoe's card and it wasn't a match. what happens?")
    assert ask("I flipped Ravi's card and it was the wrong one, what now?").top == "case:snap.wrong-other-card"
    assert "@opponent" not in _asked("Everyone's cards are face up")
