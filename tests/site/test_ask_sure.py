"""When `cambio ask` is sure of its first answer, and when it says "not sure": a players' phrasing, close cases
and their options, a broader or narrower form, the likeness letter by letter, the floor, and questions no rule
answers (another card game, advice, the game's history). How words are read is tests/site/test_ask_words.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cambio_ref.ask import ask, search
from cambio_ref.askdata import shipped_data
from cambio_ref.askindex import engine_for
from cambio_ref.cases import load_cases

CASES = load_cases()
SPEC = Path(__file__).resolve().parents[2] / "spec"


# -- the answer model ----------------------------------------------------------------


def test_a_question_like_a_players_phrasing_is_sure(monkeypatch):
    # How many jokers go into the deck is spec/options/setup.yaml deck.jokers; the project's phrasing set expects that
    # option for this question. Players ask it in spec/asked.yaml as "Do you play with the two jokers or take them
    # out?": the question's likeness to those phrasings, letter by letter (cambio_ref.asklike, at
    # cambio_ref.askindex.LIKE_WEIGHT), sets the option apart, and it is sure; without it the same question is
    # "not sure", though still first.
    import cambio_ref.askindex as askindex

    question = "do we play with jokers"
    reply = ask(question)
    assert reply.sure and reply.top == "option:deck.jokers"
    monkeypatch.setattr(askindex, "LIKE_WEIGHT", 0.0)
    assert not ask(question).sure
    assert search(question)[0].id == "deck.jokers"



def test_two_close_cases_are_not_answered_with_an_option_the_question_does_not_read_as(monkeypatch):
    # The tune half's writer (tests/site/heldout-tune.yaml) expects the dispute snap.give-with-no-card-left for this
    # story: a player with no card left snaps another's card right. Its nearest rival, snap.correct-other-give-card,
    # shares the option snap.give-card with it; that option scores far below the two cases, so the question is the
    # case's, not the option's (cambio_ref.asksure.OPTION_NEAR). Without that bound an option was answered: since
    # only the first case's own first option counts as shared, snap.others, which both cases list too.
    import cambio_ref.asksure as asksure

    # ("i have zero cards left and i just snapped his 7 right, so who fills his empty spot" was the example until the
    # sixth writer's phrasings of spec/asked.yaml, with which the option no longer came first even without the bound;
    # this is the same half's other phrasing of the story.)
    question = "no cards left in my hand but i snapped someone elses card correctly what goes in their gap"
    reply = ask(question)
    assert reply.sure and reply.top == "case:snap.give-with-no-card-left"
    monkeypatch.setattr(asksure, "OPTION_NEAR", 9.0)
    assert ask(question).top == "option:snap.others"


def test_a_broader_form_of_the_first_answer_is_no_rival_when_its_narrower_words_are_asked(monkeypatch):
    # The option match.next-starter asks "Who starts the next round?"-like questions with every word of the option
    # turn.first-player's "Who takes the first turn of a round?" and "next" more. A player asking of the next round
    # asks the narrower question: its lead is not measured against the broader one (cambio_ref.asksure._broader), as
    # a narrower form the player did not ask for is no rival either (_narrower). The dev set's writer
    # (tests/site/heldout-dev.yaml) expects the next round's rule for this story (there "Lucy" won: a name is not
    # asked for, cambio_ref.askpeople). Since the fifth writer's phrasings (spec/asked.yaml) the lead is enough
    # either way, so the reply is sure with or without it; the rival it is measured against still differs.
    import cambio_ref.asksure as asksure

    question = ("My friend won that round. Does she kick off the next one, or does it go to whoever's left of the"
                " dealer again?")
    reply = ask(question)
    assert reply.sure and reply.top in ("option:match.next-starter", "case:match.winner-starts-next-round")
    engine = engine_for(shipped_data())
    query = engine.analyse(question)
    ranked, _ = asksure.choose(engine.rank(query), query)
    rival = asksure._rival(ranked, query)[0]
    assert rival is not None and rival.key != "option:turn.first-player"
    monkeypatch.setattr(asksure, "_broader", lambda doc, top, asked: False)
    rival = asksure._rival(ranked, query)[0]
    assert rival is not None and rival.key == "option:turn.first-player"


# Questions of the held-out tune half (tests/site/heldout-tune.yaml, each written with its answer by an independent
# writer from the sources and a topic list) that the words alone leave "not sure" and the likeness letter by letter
# answers: misspelt words the typo reading does not fix ("snaping", "optinal", "nxt") and slang ("slap").
LIKENESS_FINDS = [
    # Whether snapping is in the game at all: spec/options snap.enabled.
    ("is snaping part of the game or optinal", "option:snap.enabled"),
    # Two players snapping one discard, in slang ("slam"): the dispute snap.race-for-one-discard. ("whos first nxt
    # round" and then "does the winner of last round go first next round?" were the example here; the words alone
    # answer both since cambio_ref.asksure._broader and the fifth and sixth writers' phrasings of spec/asked.yaml.)
    ("dual slam on the same discard lol who wins", "case:snap.race-for-one-discard"),
    # A wrong snap on another player's card: spec/options snap.wrong-other.
    ("wrong slap on someone elses card, whats the punishment", "option:snap.wrong-other"),
]


@pytest.mark.parametrize(("question", "top"), LIKENESS_FINDS)
def test_the_likeness_letter_by_letter_answers_what_words_alone_leave_unsure(monkeypatch, question, top):
    import cambio_ref.askindex as askindex

    reply = ask(question)
    assert reply.sure and reply.top == top
    monkeypatch.setattr(askindex, "LIKE_WEIGHT", 0.0)
    assert not ask(question).sure


def test_a_first_answer_scoring_under_the_floor_is_never_sure(monkeypatch):
    # Whether memorising is hard is no rule: no case, option or core rule answers it. Only players' phrasings of
    # snapping during the opening peek (spec/asked.yaml: "... while everyone is still memorising their cards?") have
    # "memorising", so that option leads every other question by far, at a score under the floor: not sure
    # (cambio_ref.asksure.FLOOR), and it is still offered first among the closest. ("hints for memorising cards" and
    # then "any memorising hacks" were the examples: the first lost its lead with the fifth writer's phrasings, the
    # second asks for advice, never sure whatever the score: test_a_question_asking_for_advice_is_not_sure.)
    import cambio_ref.asksure as asksure

    question = "is memorising hard"
    reply = ask(question)
    assert not reply.sure and reply.closest[0].id == "peek.snap-during"
    monkeypatch.setattr(asksure, "FLOOR", 0.0)
    assert ask(question).sure

@pytest.mark.parametrize("question", ["penalty for a wrong slap?", "slapped the wrong card of sophies, what now"])
def test_a_title_naming_a_number_the_question_does_not_is_no_title_alone(question):
    # A wrong snap's penalty is asked for by every word of the title of the case of a hand already grown to six cards
    # (spec/cases: snap.penalty-past-six-cards), and not by the titles of the rules beside it, each as close: the
    # title-alone rule (cambio_ref.asksure._titled_alone) made it sure. That title names a number the question does
    # not say: the case is narrower than the question. (The second is tests/site/heldout-dev.yaml's, counted
    # confidently wrong; "can I draw out of turn", the rule's own example, stays sure: test_guide_example.)
    reply = ask(question)
    assert not reply.sure and reply.closest
    assert ask("can I draw out of turn").sure


@pytest.mark.parametrize("question", ["In blackjack is an ace 1 or 11?", "in uno can you stack draw cards",
                                      "in poker is an ace high", "how many cards do you deal in 6-card golf?",
                                      "like crazy eights, can you play two eights"])
def test_a_question_about_another_card_game_is_not_sure(question):
    # The games' names are spec/glossary.yaml's "another card game": "In blackjack is an ace 1 or 11?" was answered
    # sure with the ace's value in every ruleset (a question of tests/site/heldout-dev.yaml, as the golf one).
    reply = ask(question)
    assert not reply.sure and reply.closest


@pytest.mark.parametrize(("question", "top"), [("in cambio, like in uno, what is an ace worth", "option:value.ace"),
                                               ("what is an ace worth in online, not blackjack", "option:value.ace")])
def test_another_game_named_beside_cambio_or_a_ruleset_still_gets_its_answer(question, top):
    reply = ask(question)
    assert reply.sure and reply.top == top


ADVICE = ["Is snapping someone else's card actually good for me? I have to give them one of mine",
          "after I snap someone's card, which of my cards should I hand over?",
          "how can you tell when someone is about to call?",
          "With risky fives on, is it worth hanging onto one five hoping for a second?",
          "any tips for remembering my cards", "is it better to call early or late",
          # (spec/glossary.yaml's "strategy" since the floor test's "any memorising hacks" and "memory tricks" were
          # answered with the opening peek's snapping and a power card taken from the pile)
          "any memorising hacks", "memory tricks", "how do i remember where my cards are",
          # ("should i" and a player's move asks what is wise: the first was scored as a hand, sure)
          "should i call early if i have a 3 and a 4", "should i knock now or wait a round"]
HISTORY = ["Is Cambio the same game as Cabo?", "who invented cambio", "where does the name cambio even come from",
           # (the game compared with cabo, its closest relative: the first was sure with when a player may call)
           "is cambio the same as cabo", "cabo vs cambio, what's different"]
MANNERS = ["do i have to apologise if i snap the wrong card", "is it ok to take a photo of my grid during the peek",
           "can i say sorry after i snap your card", "is trash talk allowed when someone calls",
           # (cheating: the first was answered sure with the case of a king looking at the same card twice)
           "what if someone cheats and peeks twice", "is cheating ok if nobody notices"]
RULES_WITH_SHOULD = [("should I get a penalty card if I snap the wrong card?", "case:snap.penalty-past-six-cards"),
                     ("who should deal the next round?", "option:match.dealer-rotation"),
                     ("what should happen if the deck runs out?", "option:deck.empty")]


@pytest.mark.parametrize("question", ADVICE)
def test_a_question_asking_for_advice_is_not_sure(question):
    # The words of asking for advice are spec/glossary.yaml's "strategy" ("is it worth", "good for me", "which of
    # my cards should"): the rules say what a player may do, not what is wise. The first four are questions of
    # tests/site/heldout-dev.yaml no ruleset answers, each answered sure with a rule (a red king's value, the card
    # given after a snap).
    reply = ask(question)
    assert not reply.sure and reply.closest


@pytest.mark.parametrize("question", HISTORY)
def test_a_question_about_the_games_history_is_not_sure(question):
    # spec/glossary.yaml's "the game's history" ("same game as", "who invented"): no rule answers it. "Is Cambio the
    # same game as Cabo?" (tests/site/heldout-dev.yaml) was answered sure with when a player may call, the rule
    # the glossary's "Cambio" points to.
    reply = ask(question)
    assert not reply.sure and reply.closest


@pytest.mark.parametrize("question", MANNERS)
def test_a_question_about_table_manners_is_not_sure(question):
    # spec/glossary.yaml's "table manners" (apologising, photos, trash talk): no source rules on it. Two questions of
    # tests/site/heldout-dev.yaml no ruleset answers ("can I take a photo of my cards during the opening peek",
    # "should you say sorry after you snap someone else's card") were answered sure, with snapping during the peek
    # and snapping another player's card.
    assert engine_for(shipped_data()).analyse(question).aside  # (read as manners, whatever it scores)
    reply = ask(question)
    assert not reply.sure and reply.closest


@pytest.mark.parametrize(("question", "top"), RULES_WITH_SHOULD)
def test_a_rule_asked_with_should_still_gets_its_answer(question, top):
    reply = ask(question)
    assert reply.sure and reply.top == top


TABLE_BOUNDS = [("max players?", "option:players.maximum"), ("maximum players", "option:players.maximum"),
                ("min players?", "option:players.minimum"), ("minimum players", "option:players.minimum")]


@pytest.mark.parametrize(("question", "top"), TABLE_BOUNDS)
def test_the_most_or_fewest_players_is_asked_for_by_its_own_word(question, top):
    # spec/glossary.yaml's "most players" and "fewest players", each pointing to its option: as phrases of "number of
    # players" (which points to both), "max players" swallowed its "max", and was not sure between the two
    # (questions of tests/site/heldout-dev.yaml); "min/max players" was answered sure with the minimum alone.
    reply = ask(question)
    assert reply.sure and reply.top == top
    both = ask("min/max players")
    assert not both.sure and {h.id for h in both.closest[:2]} == {"players.maximum", "players.minimum"}


def test_a_count_of_players_is_no_three_way_tie():
    # "three of us" named the three-way tie, so "can 3 of us play?" asked about ties (issue 30's note);
    # a count of players is a table size. "three way" and "three people" still name the tie.

    engine = engine_for(shipped_data())
    asked = {t for alts in engine.analyse("can 3 of us play?").wanted for t in alts}
    assert "@three-way-tie" not in asked
    assert any("@three-way-tie" in alts for alts in engine.analyse("three way tie").wanted)



def test_a_question_asking_for_the_number_of_players_alone_is_sure_of_both_bounds():
    # spec/glossary.yaml's "number of players" points to the fewest players and the most (`together`), and the
    # reply shows both; they scored within a hair of each other, so the second was the first's rival and the reply
    # was "not sure" ("official rules how many players do you need", tests/site/heldout-tune.yaml).
    reply = ask("how many players do you need")
    assert reply.sure and [f.hit.id for f in reply.found] == ["players.minimum", "players.maximum"]
    assert ask("how many players do you need at most").top == "option:players.maximum"


def test_a_case_gives_way_to_its_own_close_option_unless_its_own_words_are_asked(monkeypatch):
    # The case deck.runs-out-in-final-round ("... during the final round after a call?") and its option deck.empty
    # score within CASE_NEAR of each other for a question about the deck running out: asked without the final round
    # or the call, the rule is the option's (cambio_ref.asksure.CASE_NEAR, _asked_beyond); asked with them, the case.
    import cambio_ref.asksure as asksure

    assert ask("what happens if the deck runs out?").top == "option:deck.empty"
    assert ask("the deck ran out during the final round after the call, what now?").top == \
        "case:deck.runs-out-in-final-round"
    monkeypatch.setattr(asksure, "CASE_NEAR", -1.0)
    assert ask("what happens if the deck runs out?").top == "case:deck.runs-out-in-final-round"
