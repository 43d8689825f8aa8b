"""How `cambio ask` reads a question's words: typos, contractions, everyday English and slang, a ruleset's
name, stop words, and a rule said on or off (issue 30). Sureness is tests/site/test_ask_sure.py; hands and card
values, tests/site/test_ask_hands.py; the answer model and the command, tests/site/test_ask.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cambio_ref.ask import ask, tokens
from cambio_ref.askdata import shipped_data
from cambio_ref.askindex import analyse, build_index, engine_for, raw_words
from cambio_ref.cases import load_cases
from cambio_ref.catalogue import load_catalogue

CASES = load_cases()
SPEC = Path(__file__).resolve().parents[2] / "spec"


# -- the answer model ----------------------------------------------------------------


# -- issue 30: typos, contractions, everyday words, the cached data ------------------------


def test_a_question_asking_how_many_wants_a_number_not_a_person():
    # "how many cards are dealt" asks for a number (spec/core.yaml core.grid: each player is dealt 4 cards); the
    # dealer's rotation ("Who deals the next round?") shares its words but asks for a person, and kept the grid
    # from a sure answer. A title asking yes or no, or when, keeps its weight (cambio_ref.askindex.NUMBER_WEIGHT).
    from cambio_ref.askkind import asking

    assert [asking(q) for q in ("how many cards are dealt", "Who deals the next round?", "how much is it",
                                "Can six players sit at one table?", "When does a match end?")] == [
        "number", "other", "number", "yes-no", "when"]
    for question in ("how many cards are dealt", "how many cards does each player get"):
        reply = ask(question)
        assert reply.sure and reply.top == "rule:core.grid", (question, reply.top)



def test_the_slang_the_issue_names_reads_as_its_rule():
    # Issue 30 names players' slang: stick, slam, burn, flip (a snap: spec/glossary.yaml's snap, whose synonyms
    # follow hearts §3 "flip", awareness §Play 3 "burn", and the research notes' "stick"), knock (a call) and cabo
    # (the game's own name in some places).
    idx = build_index()
    for word, term in [("stick", "@snap"), ("slam", "@snap"), ("burn", "@snap"), ("flip", "@snap"),
                       ("knock", "@call"), ("cabo", "@cambio")]:
        assert term in analyse(f"can i {word}", idx.lexicon).wanted[0], word
    # A "double snap" by any of the snap's names is several cards in one snap (spec/glossary.yaml's multi-snap).
    for word in ("snap", "burn", "flip", "slap"):
        assert ("@multi-snap",) in analyse(f"can i do a double {word}", idx.lexicon).wanted, word


def test_moving_ones_own_cards_around_reads_as_rearranging_them():
    # spec/options/setup.yaml layout.rearrange asks "May players move cards around in their own grid?"; players say
    # "rearrange", "reorder" or "move them around" (spec/glossary.yaml's rearrange). Without that term "can i
    # rearrange my 4 cards mid game" found the dispute setup.cards-keep-their-places first, not sure.
    for question in ("can i rearrange my 4 cards mid game", "once my cards are down, can I move them around?",
                     "can you reorder your cards"):
        reply = ask(question)
        assert reply.sure and reply.top == "option:layout.rearrange", (question, reply.top)


def test_someone_elses_turn_is_the_snap_windows_word():
    # Snapping while it is another player's turn is the snap window (spec/options snap.window): "someone else's turn"
    # and its kin are spec/glossary.yaml's snap-window words, as "not my turn" and "out of turn" are.
    idx = build_index()
    for question in ("can I snap during someone else's turn", "snap on another player's turn",
                     "can u stick a card on the pile during someone elses turn",
                     "Can I snap in the middle of somebody else's turn?"):
        assert ("@snap-window",) in analyse(question, idx.lexicon).wanted, question



# Contractions as players type them, with or without the apostrophe (curly too), and the words they stand for.
CONTRACTIONS = [
    ("don't", "do not"), ("dont", "do not"), ("doesn't", "does not"), ("didn\u2019t", "did not"), ("isnt", "is not"),
    ("aren't", "are not"), ("wasn't", "was not"), ("weren't", "were not"), ("hasn't", "has not"),
    ("haven't", "have not"), ("hadn't", "had not"), ("hadnt", "had not"), ("can't", "can not"),
    ("couldn't", "could not"), ("won't", "will not"), ("wont", "will not"), ("wouldn't", "would not"),
    ("shouldnt", "should not"), ("mustn't", "must not"), ("shan't", "shall not"), ("ain't", "is not"),
    ("we're", "we are"), ("they've", "they have"), ("i'll", "i will"), ("she'd", "she would"), ("I'm", "i am"),
    ("im", "i am"), ("ive", "i have"), ("youre", "you are"), ("youve", "you have"), ("youd", "you would"),
    ("theyd", "they would"), ("weve", "we have"),
]


@pytest.mark.parametrize(("typed", "meant"), CONTRACTIONS)
def test_a_contraction_is_read_as_its_words_never_as_a_typo(typed, meant):
    # Contractions were split at the apostrophe, and a half read as a typo: "hadn't" as "hand", "won't" as
    # "won"; "youve" was "youre", "theyd" "they". No contraction may become a word of the game.
    assert raw_words(typed) == meant.split()
    engine = engine_for(shipped_data())
    query = engine.analyse(f"who {typed} snap")
    assert query.fixed == () and query.wanted == engine.analyse(f"who {meant} snap").wanted
    assert [t for alts in engine.analyse(typed).wanted for t in alts if t.startswith("@")] == []


def test_hadnt_is_no_hand():
    assert ("hadn", "hand") not in ask("hadn't we snapped already").fixed
    assert ask("he won't call").fixed == ()


def test_typos_are_read_as_the_nearest_known_word():
    assert ask("kign").fixed == (("kign", "king"),)
    assert ask("who wins a tie in offical").ruleset == "official"


def test_a_suit_after_a_rank_and_of_is_read_even_when_it_is_a_word():
    # "harts" is an English word, so no typo elsewhere; after "6 of" it can only be a suit, and the reply says so
    assert ask("the 6 of harts and a 4, total").fixed == (("harts", "hearts"),)
    assert ask("my hats are off, how do i score").fixed == ()


def test_three_letter_typos_are_read_by_the_commonest_slip():
    from cambio_ref.askcanon import plain_words
    from cambio_ref.asktypos import english_words

    # Typos of three letters are read too: two letters swapped first ("teh" was read as the card "ten"), then a
    # letter left out ("wat" is "what", not "way"), and a changed letter is read as a word that carries meaning
    # before a stop word ("tye" is "tie", not "the").
    assert ask("who wins a tye").fixed == (("tye", "tie"),)
    assert ask("no more cards in teh deck what do").fixed == (("teh", "the"),)
    assert ("wat", "what") in ask("snaped my own card wrong wat happens").fixed
    # A real English word of three letters is no typo, nor the inflection of a shorter word ("bet" is not "be");
    # "sat" is read as the past of "sit" (cambio_ref/askplain.txt), a word the engine knows.
    assert "bet" in english_words() and plain_words()["sat"] == "sit"
    assert ask("i sat out a round, can i bet on it").fixed == ()


def test_a_real_english_word_is_no_typo_of_a_game_word():
    # "sits" is one edit from "sets", "theres" one swap from "threes": neither is a typo (issue 30's
    # note: "threw" was read as "three"). A real word may still be read as its own inflection.
    from cambio_ref.asktypos import english_words

    assert {"sits", "shuffle"} <= english_words()
    assert ("sits", "sets") not in ask("whoever sits after the dealer starts, who goes last").fixed
    assert ask("theres 6 of us, can we all play").fixed == ()
    # ... and that is no typo to tell of: "Read 'know' as 'knows'" told the player nothing ("else's" typed
    # "elses" neither)
    engine = engine_for(shipped_data())
    said = "do we {} the discard pile when the deck is empty"
    assert engine.analyse(said.format("shuffle")).wanted == engine.analyse(said.format("shuffled")).wanted
    assert ask(said.format("shuffle")).fixed == ()
    assert ask("does everyone know what is in someone elses hand").fixed == ()
    # Texting's "urs" (yours) and "cos" (because) ask nothing, as "ur" and "cuz" do: they were read as "us" and "cost".
    assert ask("can i swap my card for one of urs").fixed == () == ask("missed it cos someone snapped").fixed
    # Only its own inflection: a known word that begins it, or that it begins, with an inflection's ending
    # ("form" was read as "for", "ride" as "rid": a real word and a shorter one, no inflection of it).
    assert {"form", "ride"} <= english_words()
    assert ask("took a 7 from the pile, is it the right form").fixed == ()
    assert ask("can i ride on the last turn").fixed == ()


# The dictionary cambio_ref/askenglish.txt is made from (Debian's wamerican-small), where it is installed.
DICTIONARY = Path("/usr/share/dict/american-english-small")
REMAKE = f"python -m cambio_ref.askdata {DICTIONARY} > cambio_ref/askenglish.txt"


def test_every_listed_english_word_is_still_within_a_typo_of_a_known_word():
    # Cheap, and run everywhere: a word the engine no longer knows leaves its English neighbours listed for nothing.
    from cambio_ref.askindex import STOP_WORDS
    from cambio_ref.asktypos import Near, english_words

    near = Near(shipped_data()["vocab"], STOP_WORDS)
    assert sorted(w for w in english_words() if not near(w)) == [], f"the list is stale: {REMAKE}"


@pytest.mark.skipif(not DICTIONARY.is_file(), reason="the dictionary the list is made from is not installed")
def test_the_english_words_are_those_of_the_dictionary_near_the_engines_words():
    # The list goes stale as the engine learns words (2,780 listed; 2,810 made again): made again, it must
    # come out the same, or a real word is read as a typo of a game word.
    from cambio_ref.askindex import STOP_WORDS
    from cambio_ref.asktypos import english_words, given_names, near_english

    with DICTIONARY.open(encoding="utf-8") as f:
        made = set(near_english((line.strip() for line in f), shipped_data()["vocab"], STOP_WORDS))
    listed = english_words() - given_names()  # (the given names are the file's own part, kept as written)
    assert (sorted(made - listed), sorted(listed - made)) == ([], []), f"stale: {REMAKE}"

def test_a_glossary_synonym_may_hold_digits():
    # Players type numbers as digits ("3 of us", "turn cap 46"); the glossary's schema takes them.
    import jsonschema

    from cambio_ref.catalogue import SCHEMA_BASE, SCHEMA_FOR_KIND, schema_registry

    registry = schema_registry()
    schema = registry.contents(SCHEMA_BASE + SCHEMA_FOR_KIND["glossary"])
    check = jsonschema.Draft202012Validator(schema, registry=registry)
    term = {"id": "cap", "name": "turn cap", "definition": "A limit on turns.", "synonyms": ["turn cap 46"]}
    assert list(check.iter_errors({"terms": [term]})) == []
    assert list(check.iter_errors({"terms": [{**term, "synonyms": ["Turn Cap"]}]})) != []


def test_rules_after_a_ruleset_name_are_part_of_the_name():
    # "official rules" names the ruleset; "rules" is not a word the question asks about.
    q = analyse("official rules, is passing allowed", build_index().lexicon)
    assert q.ruleset == "official" and all("rule" not in alts for alts in q.wanted)


def test_where_a_ruleset_is_written_is_part_of_its_name():
    # "the online site", "the memory page", "the cambia engine" name a ruleset, as "official rules" does; "site"
    # and "page" are not words the question asks about.
    lex = build_index().lexicon
    for question, ruleset in (("what does a jack do per the memory page", "memory"),
                              ("the cambia engine: who starts", "cambia"), ("on the online site who deals", "online")):
        q = analyse(question, lex)
        assert q.ruleset == ruleset and not {"page", "engine", "site"} & {t for alts in q.wanted for t in alts}


def test_got_is_a_stop_word_as_get_is():
    # "got" was in one question's text only, so it weighed as much as the rarest word of the game.
    q = analyse("i got a penalty card for a wrong snap", build_index().lexicon)
    assert all("got" not in alts for alts in q.wanted)


def test_forms_of_be_and_pronouns_are_stop_words():
    # Function words of English ask for nothing, as "is", "my" and "someone" do not: a form of "be", a possessive
    # or an indefinite pronoun otherwise weighed as a rare word of the game, found in no answer.
    q = analyse("am i allowed to give him one of mine, were we all wrong, does anyone get anything",
                build_index().lexicon)
    assert not {"am", "mine", "were", "anyone", "anyth"} & {t for alts in q.wanted for t in alts}


@pytest.mark.parametrize(("question", "said"), [
    ("risky fives is on, what do two fives score", (("risky-fives", True),)),
    ("with risky fives off what is a five", (("risky-fives", False),)),
    ("we play without risky fives", (("risky-fives", False),)),
    ("we turned on risky fives", (("risky-fives", True),)),
    ("open hands disabled, can i look", (("open-hands", False),)),
    # "on" as a preposition says nothing: a card, an article or a number follows it.
    ("can i snap on the same discard", ()),
    ("i landed exactly on 100, do i go back to zero", ()),
    ("risky fives on, or was it no risky fives", ()),  # said both ways: neither
])
def test_a_rule_said_on_or_off_is_read_with_its_value(question, said):
    """Issue 30: "on" was a stop word and the sense lost ("risky fives is on" got the case with them off)."""
    assert engine_for(shipped_data()).analyse(question).switched == said


def test_a_case_that_plays_the_rule_the_other_way_is_not_the_answer():
    # online §Options: risky fives is a table option; value.risky-fives-on plays it on, value.fives-without-risky-fives
    # at face value. Asked with the option on, the first answer is the case that plays it on, and the other way round.
    assert ask("risky fives turned on, what do two fives score").top == "case:value.risky-fives-on"
    assert ask("risky fives off, what do fives score").top == "case:value.fives-without-risky-fives"
    # Nor is the option that sets it for each ruleset (off in most): its glossary term said on or off finds it only
    # by its words, not as the term's own question (cambio_ref.askindex.rank; it came first, sure, when the term's
    # pointer weighed more than a title).
    assert ask("risky fives is on, what does a single five score").top == "case:value.risky-fives-on"
    assert ask("no risky fives, how does a five score").top == "case:value.fives-without-risky-fives"


def test_everyday_and_texting_short_forms_are_read_as_their_words():
    """cambio_ref/askplain.txt reads everyday short forms as the rules' words ("halfway" is the middle, "blk" black,
    "4th" fourth); texting's short forms of chat words are stop words (cambio_ref.askcanon.STOP_WORDS: "rn", "tbh").
    Each was a word no question has, weighed as the rarest ("does the entire discard pile go back in" was not sure)."""
    from cambio_ref.askread import doc_tokens, shipped_lexicon

    lex = shipped_lexicon()
    assert doc_tokens("the entire pile halfway thru, a blk king on my 4th go", lex) == doc_tokens(
        "the whole pile in the middle through, a black king on my fourth go", lex)
    assert doc_tokens("deck is empty rn tbh, what do we do w the pile", lex) == doc_tokens(
        "deck is empty, what do we do the pile", lex)


def test_more_everyday_words_for_a_tie_and_a_declined_power():
    # spec/glossary.yaml: "both on 5" and "finished on 3" say two totals are the same (tie); "rather not look"
    # declines a power (optional-power)
    from cambio_ref.askread import doc_tokens, shipped_lexicon

    lex = shipped_lexicon()
    assert "@tie" in doc_tokens("at the reveal we were both on 5", lex)
    assert "@tie" in doc_tokens("three of us finished on 3", lex)
    assert "@optional-power" in doc_tokens("drew a 9 but i'd rather not look", lex)


def test_everyday_english_is_read_as_the_rules_words():
    """cambio_ref/askplain.txt: an irregular past form is read as its verb and "max"/"min" as "most"/"least", in a
    question and in the index alike (issue 30: "whats the max number of players" was not read as "at most")."""
    from cambio_ref.askread import doc_tokens, shipped_lexicon

    assert doc_tokens("he drew the max", shipped_lexicon()) == doc_tokens("he draws the most", shipped_lexicon())
    # spec/options/setup.yaml: players.maximum asks how many players sit at one table at most, players.minimum
    # how many there must be at least.
    assert ask("what is the max number of players").top == "option:players.maximum"
    assert ask("what is the minimum number of players").top == "option:players.minimum"
    assert ask("min players").fixed == ()  # a word the engine reads, not a typo of "mine"
    # "mid" is short for "middle": it was taken for a typo of "min" and read as "least".
    assert "least" not in tokens("we ran out of cards mid round")
    assert "win" not in tokens("it won't fire")  # "won't" splits at its apostrophe: "won" is left out
    # "ppl" is texting's "people": "other ppls cards" reads as "other people's cards" (spec/glossary.yaml's snapping
    # others), no typo of another word.
    lex = shipped_lexicon()
    assert doc_tokens("snap other ppls cards", lex) == doc_tokens("snap other people's cards", lex)
    assert ask("can i snap other ppls cards or only mine").fixed == ()
    # An ordinal in figures is the word ("the 2nd lap" is "the second lap"), and texting's "every1" is "everyone".
    assert doc_tokens("the 2nd lap, every1", lex) == doc_tokens("the second lap, everyone", lex)


def test_the_plain_words_make_no_glossary_phrase_another_terms():
    """No word of askplain.txt is read as another of its words, nor is a stop word, and reading them joins no two
    glossary terms: no term's phrase becomes, or becomes part of, another term's phrase ("took from the discard",
    a power trigger, would have become part of "take from the discard pile", taking the discard)."""
    import cambio_ref.askcanon as askcanon
    from cambio_ref.askcanon import STOP_WORDS, plain_words
    from cambio_ref.askread import lexicon

    words = plain_words()
    assert not set(words) & set(words.values()) and not set(words) & STOP_WORDS
    glossary = load_catalogue().glossary

    def joined(read: dict[str, str]) -> set[tuple[str, str]]:
        saved = askcanon.plain_words
        askcanon.plain_words = lambda: read  # type: ignore[assignment]
        try:
            phrases = lexicon(glossary).phrases
        finally:
            askcanon.plain_words = saved
        return {(t, u) for p, t in phrases for q, u in phrases if t != u and any(
            q[i:i + len(p)] == p for i in range(len(q) - len(p) + 1))}

    assert joined(words) <= joined({})




@pytest.mark.parametrize("question", [
    "we play red king 0, how do kings count",
    "we say you can't call on the first lap, when can she call",
    "the way we do black kings: look at two cards from two players, then trade them",
    "our king looks at any card then trades it, can I look at my own",
])
def test_a_table_saying_how_it_plays_speaks_of_a_house_rule(question):
    # spec/glossary.yaml, house-rule: "we play", "we say", "the way we do", "our king" say what the player's own table
    # does, so a house rule's case is not weighed down against the ruleset's own answer (questions like the dev set's).
    assert engine_for(shipped_data()).analyse(question).house
    assert not engine_for(shipped_data()).analyse("can the caller still snap after calling").house

