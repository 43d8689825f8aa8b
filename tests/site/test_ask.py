"""The answer model, `cambio ask` and the glossary it searches with.

Expected answers come from the case files (each cites its source); the tests check
that the search finds the case a table would mean, and that what is printed carries
the answer, what backs it and the replay command. Hands and card values in players' words
are tests/site/test_ask_hands.py.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cambio_ref.answers import answer_for, answer_for_rules, table_words
from cambio_ref.ask import ask, search, terms_in, tokens
from cambio_ref.askdata import shipped_data
from cambio_ref.askindex import analyse, build_index, engine_for, raw_words
from cambio_ref.cases import load_cases
from cambio_ref.catalogue import load_catalogue, read_spec
from cambio_ref.cli import main
from cambio_ref.rules import resolve
from cambio_ref.validate import validate_paths

CASES = load_cases()
SPEC = Path(__file__).resolve().parents[2] / "spec"


# -- the answer model ----------------------------------------------------------------


def test_an_answer_carries_its_text_citations_case_and_replay_command():
    # spec/cases/snapping/wrong-other-card.yaml: hearts answers from hearts §3e.
    case = CASES["snap.wrong-other-card"]
    a = answer_for(case, "hearts")
    assert a.case == "snap.wrong-other-card" and a.ruleset == "hearts" and a.applies
    assert a.text == table_words(" ".join(case.rulesets["hearts"]["answer"].split()))
    assert [(c.key, c.section) for c in a.citations] == [
        (c["key"], str(c["section"])) for c in case.rulesets["hearts"]["cite"]]
    assert a.replay == "cambio replay snap.wrong-other-card --ruleset hearts"
    assert a.to_json()["replay"] == a.replay


def test_a_ruleset_the_case_does_not_apply_to_says_why():
    a = answer_for(CASES["snap.wrong-other-card"], "official")
    assert not a.applies and a.text.startswith("Not applicable: official has no snapping")


def test_seats_are_named_in_table_language():
    assert table_words("seat 0 calls; seats 1 and 2 tie") == "Ann calls; Ben and Cleo tie"


def test_house_rules_take_the_answer_of_the_ruleset_that_plays_the_question_the_same_way():
    case = CASES["tie.caller-ties-lowest"]
    # Unchanged options: the extended ruleset's own answer.
    same, note = answer_for_rules(case, resolve("online(risky_fives=true)"))
    assert same.ruleset == "online" and "do not change end.tie" in note
    # online plus the caller losing ties plays end.tie as official does (official §Q&A: Tied Scores).
    other, note = answer_for_rules(case, resolve("online(tie=caller-loses)"))
    assert other.ruleset == "official" and "as official does" in note
    plain, note = answer_for_rules(case, resolve("hearts"))
    assert plain.ruleset == "hearts" and note == ""


# -- the glossary ----------------------------------------------------------------------


def test_the_glossary_is_loaded_and_validated_with_the_catalogue():
    cat = load_catalogue()
    snap = next(t for t in cat.glossary if t.id == "snap")
    assert {"flip", "burn", "slap", "flipper"} <= set(snap.synonyms)
    call = next(t for t in cat.glossary if t.id == "call")
    assert "knock" in call.synonyms
    assert "cabo" in next(t for t in cat.glossary if t.id == "cambio").synonyms
    assert validate_paths([SPEC / "glossary.yaml"]) == []


def test_a_glossary_word_used_twice_or_an_unknown_rule_is_reported(tmp_path):
    spec = tmp_path / "spec"
    spec.mkdir()
    for item in SPEC.iterdir():
        if item.name != "glossary.yaml":
            (spec / item.name).symlink_to(item)
    (spec / "glossary.yaml").write_text(
        "terms:\n"
        "  - {id: snap, name: snap, synonyms: [flip], definition: A.}\n"
        "  - {id: flip, name: flip, definition: B., see: [snap.nonexistent]}\n", encoding="utf-8")
    _, problems = read_spec(spec)
    messages = [p.message for p in problems]
    assert any("duplicate glossary word 'flip'" in m for m in messages), messages
    assert any("unknown rule 'snap.nonexistent'" in m for m in messages), messages


def test_tokens_map_table_words_to_their_terms():
    assert "@snap" in tokens("she flipped it") and "@snap" in tokens("a burn") and "@snap" in tokens("slap")
    assert "@call" in tokens("he knocks") and "@cambio" in tokens("cabo")
    # Saying the game's name is the call (the glossary's entry for Cambio): "called Cambio" asks about calling.
    assert "@call" in tokens("she called Cambio") and "@call" in tokens("once someone says cambio")
    assert "@wrong-snap" in tokens("a wrong flip")
    assert [t.id for t in terms_in("the flipper")] == ["snap"]


# -- search and cambio ask ------------------------------------------------------------


@pytest.mark.parametrize(("question", "case"), [
    ("wrong flip of someone else's card", "snap.wrong-other-card"),
    ("caller ties lowest", "tie.caller-ties-lowest"),
    ("what is a red king worth", "value.red-king"),
])
def test_search_finds_the_case_a_table_means(question, case):
    hits = [h for h in search(question) if h.kind == "case"]
    assert hits[0].id == case and hits[0].good


@pytest.mark.parametrize(("word", "prefix"), [("knock", "call."), ("burn", "snap."), ("slap", "snap."),
                                              ("cabo", "call.")])
def test_synonyms_alone_find_their_subject(word, prefix):
    best = search(word)[:3]
    assert any(h.id.startswith(prefix) or h.id.startswith(prefix.rstrip(".")) for h in best), best
    assert best[0].good


def test_ask_for_one_ruleset(capsys):
    # The done-when of issue 13, asked by the case's own question: "caller ties lowest" alone fits the case
    # of non-callers tied below a higher caller as well, so it is "not sure" since issue 30's margin.
    assert main(["ask", CASES["tie.caller-ties-lowest"].title, "--ruleset", "hearts"]) == 0
    out = capsys.readouterr().out
    first = out.split("\n\n")[0]
    case = CASES["tie.caller-ties-lowest"]
    # The player reads the question, the answer and its source; the case id and the replay command (issue 13)
    # come after them, under "For implementers" (issue 30: no id in the player's part).
    player, implementers = first.split("\n  For implementers: ")
    assert player.splitlines()[0] == case.title
    assert "  hearts: " + " ".join(case.rulesets["hearts"]["answer"].split()) in player
    # hearts §9 settles ties (the case cites it for the whole question).
    assert "hearts §9" in player
    assert "tie.caller-ties-lowest" not in player
    assert implementers.splitlines() == ["case tie.caller-ties-lowest",
                                         "    replay: cambio replay tie.caller-ties-lowest --ruleset hearts"]
    assert "official:" not in first


def test_ask_json_lists_every_ruleset_with_its_replay_command(capsys):
    assert main(["ask", "wrong", "flip", "of", "another", "player's", "card", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["good"] and data["sure"]
    # The rule first (each ruleset's value of snap.wrong-other, cited), then the dispute that shows it.
    assert data["top"] == "option:snap.wrong-other"
    values = {v["ruleset"]: v for v in data["matches"][0]["values"]}
    assert values["hearts"]["value"] == "return-and-penalty"  # hearts §3e: the card goes back, with a penalty
    assert values["hearts"]["citations"] == ["hearts §3e"]
    case = next(m for m in data["matches"] if m["id"] == "snap.wrong-other-card")
    assert {a["ruleset"] for a in case["answers"]} == set(CASES["snap.wrong-other-card"].rulesets)
    hearts = next(a for a in case["answers"] if a["ruleset"] == "hearts")
    assert hearts["replay"] == "cambio replay snap.wrong-other-card --ruleset hearts"
    assert hearts["citations"] and hearts["citations"][0]["key"] == "hearts"


def test_ask_without_a_good_match_lists_the_closest_questions(capsys):
    assert main(["ask", "zebra", "unicorn"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("Not sure what 'zebra unicorn' asks. The closest questions:")
    assert len(out.strip().splitlines()) == 8  # the three closest, each with its answer's preview, then the hint
    assert not ask("zebra unicorn").good


def test_not_sure_previews_each_closest_question_for_the_picked_ruleset(capsys):
    # Issue 30: the closest questions came without any answer, so each had to be opened.
    reply = ask("zebra unicorn", "hearts")
    assert not reply.sure and len(reply.closest) == 3
    cases = load_cases()
    for hit in reply.closest:
        assert hit.preview.startswith("hearts: "), hit
        if hit.kind == "case" and "hearts" in cases[hit.id].rulesets and "answer" in cases[hit.id].rulesets["hearts"]:
            said = table_words(" ".join(str(cases[hit.id].rulesets["hearts"]["answer"]).split()))
            assert hit.preview == f"hearts: {said}"
    assert main(["ask", "zebra", "unicorn", "--ruleset", "hearts"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert [line.strip() for line in out[2:7:2]] == [h.preview for h in reply.closest]


def test_ask_with_a_bad_ruleset_is_a_usage_error(capsys):
    assert main(["ask", "knock", "--ruleset", "nope"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cambio: error: unknown ruleset 'nope'") and "Traceback" not in err


# -- one question engine: players' words, rule facts, house rules (issue 24) ------------------


def test_slow_burn_is_a_late_snap_not_a_wrong_one():
    # awareness Play 4a: a slow burn is a burn another player beat to the discard.
    said = [t.id for t in terms_in("a slow burn")]
    assert "late-snap" in said and "wrong-snap" not in said
    assert "slow burn" not in next(t for t in load_catalogue().glossary if t.id == "wrong-snap").synonyms
    # Both options the late-snap entry points to fit as well: not sure, and they are offered first.
    reply = ask("slow burn", resolve("awareness"))
    late = {"snap.race-losers", "snap.limit", "snap.race-for-one-discard"}
    assert reply.top in {f"option:{i}" for i in late} or {h.id for h in reply.closest[:2]} <= late


def test_a_fact_question_gets_each_rulesets_value_and_citation(capsys):
    assert main(["ask", "which", "way", "does", "play", "go"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{load_catalogue().option('turn.direction').question}\n")
    assert out.endswith("\n  For implementers: option turn.direction\n")  # the id only there (issue 30)
    # hearts.txt 6: play goes counter-clockwise; online, How to play: to the left, clockwise.
    assert "  hearts: Play passes to the next player counter-clockwise, to the right. (hearts §6)" in out
    assert "  online: Play passes to the next player clockwise, to the left. (online §How to play)" in out


def test_the_rulesets_own_answer_ranks_before_house_rules_named_for_players():
    reply = ask("what does the queen do")
    assert reply.sure and reply.found[0].hit.label == ""
    secondary = [k for k, s in load_catalogue().sources.items() if not s.primary]
    for doc in build_index().docs:
        if doc.house:
            hit = next(h for h in search(CASES[doc.id].title) if h.id == doc.id and h.kind == "case")
            assert hit.label.startswith("A house rule some tables play"), hit
            named = [k for k in secondary if re.search(rf"\b{re.escape(k)}\b", hit.title)]
            assert named == [] or not CASES[doc.id].title.startswith("With "), (hit.title, named)
    # As printed for one table: the house rule is said, not "online: Under this house rule".
    # (The question says what the house rule leaves a black king: "only red kings have a power house rule" alone
    # is as close to the one-eyed king's house rule, whose players' phrasings say "only" a red king has the power.)
    found = ask("house rule: only red kings have a power, does a black king do anything", resolve("online")).found
    notes = [n for f in found for n in f.notes]
    assert any(n.startswith("A house rule some tables play") for n in notes), notes


def test_a_question_naming_its_ruleset_is_answered_for_it():
    reply = ask("who wins a tie in official")
    assert reply.ruleset == "official"
    assert {a.ruleset for f in reply.found for a in f.answers} <= {"official"}


@pytest.mark.parametrize("question", ["what does the jack do on the cambio app", "what does a jack do in online"])
def test_what_a_card_does_asks_for_its_power_the_rulesets_name_aside(question):
    # "do" names a power only at the end of a question ("what does a ten do?"); the words that name the ruleset
    # after it are no part of the question ("on the cambio app" was: the reply was "not sure").
    reply = ask(question)
    assert reply.top == "option:power.jack"
    assert [rs for rs, _ in reply.found[0].values] == [reply.ruleset]


# -- issue 30: typos, contractions, everyday words, the cached data ------------------------


def test_a_question_asking_how_many_wants_a_number_not_a_person():
    # "how many cards are dealt" asks for a number (spec/core.yaml core.grid: each player is dealt 4 cards); the
    # dealer's rotation ("Who deals the next round?") shares its words but asks for a person, and kept the grid
    # from a sure answer. A title asking yes or no, or when, keeps its weight (cambio_ref.askindex.NUMBER_WEIGHT).
    from cambio_ref.askread import asking

    assert [asking(q) for q in ("how many cards are dealt", "Who deals the next round?", "how much is it",
                                "Can six players sit at one table?", "When does a match end?")] == [
        "number", "other", "number", "yes-no", "when"]
    for question in ("how many cards are dealt", "how many cards does each player get"):
        reply = ask(question)
        assert reply.sure and reply.top == "rule:core.grid", (question, reply.top)



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


def test_two_close_cases_are_not_answered_with_an_option_the_question_does_not_read_as(monkeypatch):
    # The tune half's writer (tests/site/heldout-tune.yaml) expects the dispute snap.give-with-no-card-left for this
    # story: a player with no card left snaps another's card right. Its nearest rival, snap.correct-other-give-card,
    # shares the option snap.give-card with it; that option scores far below the two cases, so the question is the
    # case's, not the option's (cambio_ref.asksure.OPTION_NEAR). Without that bound the option was answered, sure.
    import cambio_ref.asksure as asksure

    question = "i have zero cards left and i just snapped his 7 right, so who fills his empty spot"
    reply = ask(question)
    assert reply.sure and reply.top == "case:snap.give-with-no-card-left"
    monkeypatch.setattr(asksure, "OPTION_NEAR", 9.0)
    assert ask(question).top == "option:snap.give-card"


def test_a_broader_form_of_the_first_answer_is_no_rival_when_its_narrower_words_are_asked(monkeypatch):
    # The dispute match.winner-starts-next-round asks "Who takes the first turn of the next round?": every word of
    # the option turn.first-player's "Who takes the first turn of a round?" and "next" more. A player asking of the
    # next round asks the narrower question: its lead is not measured against the broader one
    # (cambio_ref.asksure._broader), as a narrower form the player did not ask for is no rival either (_narrower).
    # The dev set's writer (tests/site/heldout-dev.yaml) expects the dispute for this story.
    import cambio_ref.asksure as asksure

    question = ("Lucy won that round. Does she kick off the next one, or does it go to whoever's left of the dealer"
                " again?")
    reply = ask(question)
    assert reply.sure and reply.top == "case:match.winner-starts-next-round"
    monkeypatch.setattr(asksure, "_broader", lambda doc, top, asked: False)
    reply = ask(question)
    assert not reply.sure and reply.closest[0].id == "match.winner-starts-next-round"


# Questions of the held-out tune half (tests/site/heldout-tune.yaml, each written with its answer by an independent
# writer from the sources and a topic list) that the words alone leave "not sure" and the likeness letter by letter
# answers: misspelt words the typo reading does not fix ("snaping", "optinal", "nxt") and slang ("slap").
LIKENESS_FINDS = [
    # Whether snapping is in the game at all: spec/options snap.enabled.
    ("is snaping part of the game or optinal", "option:snap.enabled"),
    # The last round's winner starting the next: the dispute match.winner-starts-next-round. ("whos first nxt round"
    # was the example here; the words alone now answer it, sure, since a broader form of its answer is no rival to
    # it: cambio_ref.asksure._broader.)
    ("does the winner of last round go first next round?", "case:match.winner-starts-next-round"),
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
    # Hints for memorising cards are strategy: no case, option or core rule answers them. Only a player's phrasing
    # of snapping during the opening peek (spec/asked.yaml: "... while everyone is still memorising their cards?")
    # has "memorising", so that option leads every other question by far, at a score under the floor: not sure
    # (cambio_ref.asksure.FLOOR), and it is still offered first among the closest. ("Tips" is a word of asking for
    # advice, never sure whatever the score: test_a_question_asking_for_advice_is_not_sure.)
    import cambio_ref.asksure as asksure

    question = "hints for memorising cards"
    reply = ask(question)
    assert not reply.sure and reply.closest[0].id == "peek.snap-during"
    monkeypatch.setattr(asksure, "FLOOR", 0.0)
    assert ask(question).sure


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


def test_three_letter_typos_are_read_by_the_commonest_slip():
    from cambio_ref.askread import plain_words
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
    assert ("shuffle", "shuffled") in ask("do we shuffle the discard pile when the deck is empty").fixed
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
    from cambio_ref.asktypos import english_words, near_english

    with DICTIONARY.open(encoding="utf-8") as f:
        made = set(near_english((line.strip() for line in f), shipped_data()["vocab"], STOP_WORDS))
    assert (sorted(made - english_words()), sorted(english_words() - made)) == ([], []), f"stale: {REMAKE}"


def test_the_data_is_cached_by_the_catalogues_content(tmp_path, monkeypatch):
    from cambio_ref import askdata

    monkeypatch.setenv(askdata.CACHE_ENV, str(tmp_path))
    key = askdata.content_key()
    assert key == askdata.content_key()
    askdata._save(askdata.cache_file(key), {"docs": []})
    assert json.loads(askdata.cache_file(key).read_text(encoding="utf-8")) == {"docs": []}
    spec = tmp_path / "spec"
    import shutil

    from cambio_ref.resources import spec_dir
    shutil.copytree(spec_dir(), spec)
    monkeypatch.setenv("CAMBIO_SPEC", str(spec))
    spec_dir.cache_clear()
    try:
        same = askdata.content_key()
        (spec / "glossary.yaml").write_text((spec / "glossary.yaml").read_text(encoding="utf-8") + "\n",
                                            encoding="utf-8")
        assert askdata.content_key() != same  # any change to the catalogue is a new cache file
    finally:
        spec_dir.cache_clear()


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
          "any tips for remembering my cards", "is it better to call early or late"]
HISTORY = ["Is Cambio the same game as Cabo?", "who invented cambio", "where does the name cambio even come from"]
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
    from cambio_ref.askdata import shipped_data
    from cambio_ref.askindex import engine_for

    engine = engine_for(shipped_data())
    asked = {t for alts in engine.analyse("can 3 of us play?").wanted for t in alts}
    assert "@three-way-tie" not in asked
    assert any("@three-way-tie" in alts for alts in engine.analyse("three way tie").wanted)


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
    import cambio_ref.askread as askread
    from cambio_ref.askread import STOP_WORDS, lexicon, plain_words

    words = plain_words()
    assert not set(words) & set(words.values()) and not set(words) & STOP_WORDS
    glossary = load_catalogue().glossary

    def joined(read: dict[str, str]) -> set[tuple[str, str]]:
        saved = askread.plain_words
        askread.plain_words = lambda: read  # type: ignore[assignment]
        try:
            phrases = lexicon(glossary).phrases
        finally:
            askread.plain_words = saved
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
