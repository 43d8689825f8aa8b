"""Hands and card values in players' words (issue 30): what `cambio ask` and the site's search read as cards.

Each hand's cards and the words it must name as unread are written here from general usage, not from
the held-out phrasings; tests/site/test_search_browser.py asks ask.js the same (`HANDS_IN_WORDS`).
Expected points come from the sources' value lists, cited beside each.
"""

from __future__ import annotations

import json
from itertools import pairwise

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from cambio_ref.ask import ask
from cambio_ref.askdata import shipped_data
from cambio_ref.askindex import analyse, build_index, engine_for, raw_words
from cambio_ref.cardwords import COUNT_WORDS, RUN_CHAT, CardMention, read_cards
from cambio_ref.cli import main
from cambio_ref.rules import resolve


@pytest.mark.parametrize(("words", "cards"), [
    ("what's a seven worth", ["7"]), ("kings", ["K"]), ("two jokers and a red king", ["X", "X", "K(red)"]),
    ("K♥ 10♦ x", ["KH", "10D", "X"]), ("the ace of spades", ["AS"]), ("as if", []),
])
def test_cards_are_read_from_words_plurals_and_suit_symbols(words, cards):
    index = build_index()
    assert [str(c) for c in analyse(words, index.lexicon).cards] == cards


def test_a_hand_goes_to_the_scorer_and_points_to_cambio_score(capsys):
    # online, How to play: red king 40, black king -1, joker 0, ace 1.
    assert main(["ask", "what does K♥ K♠ joker A♣ score in online?"]) == 0
    out = capsys.readouterr().out
    assert "  online: KH 40 + KS -1 + X 0 + AC 1 = 40" in out
    assert "cambio score --ruleset online KH KS X AC" in out
    # awareness plays without jokers (awareness Points lists none): the joker is not in its deck.
    reply = ask("X KH")
    assert dict((rs, s) for rs, s, _ in reply.found[0].hands)["awareness"] is None


def test_a_card_worth_question_names_the_option_that_values_it(capsys):
    assert main(["ask", "what is a red king worth", "--ruleset", "hearts"]) == 0
    # hearts.txt, Value of the Card: the kings of hearts and diamonds are -2.
    # In players' words: where the value comes from, not the option's id (issue 30); --json names the option.
    assert "  hearts: -2  (hearts §Value of the Card)" in capsys.readouterr().out
    assert main(["ask", "what is a red king worth", "--ruleset", "hearts", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["matches"][0]["options"] == [
        {"ruleset": "hearts", "option": "value.red-king"}]


def test_a_rank_named_without_its_suit_says_each_colour_where_they_differ(capsys):
    assert main(["ask", "what is a king worth", "--ruleset", "hearts"]) == 0
    # hearts.txt, Value of the Card: the kings of hearts and diamonds are -2, the other face cards 10.
    assert "  hearts: KS KC 10; KH KD -2" in capsys.readouterr().out
    assert main(["ask", "what is a king worth", "--ruleset", "hearts", "--json"]) == 0
    groups = json.loads(capsys.readouterr().out)["matches"][0]["by_suit"][0]["groups"]
    assert [(g["cards"], g["points"], g["option"]) for g in groups] == [
        (["KS", "KC"], 10, "value.black-king"), (["KH", "KD"], -2, "value.red-king")]
    # Every seven scores 7 everywhere (each source's list: numbers at face value): one value, one card.
    assert ask("what is a seven worth").top == "card:7S"


def test_the_data_scorer_gives_what_the_scorer_gives():
    # `cambio ask` scores from the exported points tables, as ask.js does; cambio_ref.scoring is the reference.
    from cambio_ref.ask import score_cards
    from cambio_ref.askdata import shipped_data
    from cambio_ref.cards import Card
    from cambio_ref.scoring import score_hand

    data = shipped_data()
    hands = [["KH", "KS", "X", "AC"], ["5H", "2C"], ["5H", "5D", "KD"], ["6H", "10D", "QS"], ["X", "X"], ["JC"]]
    for rs in data["rulesets"]:
        rules = resolve(rs)
        for hand in hands:
            score, _ = score_cards(hand, data["points"][rs], data["risky"][rs], rs)
            if not all(rules.has_card(Card.parse(c)) for c in hand):
                assert score is None, (rs, hand)
                continue
            assert score is not None and score.total == score_hand([Card.parse(c) for c in hand], rules).total


# Hands in players' words (issue 30), written for these tests: the question, the cards it names (a rank
# without a suit takes the first free suit of its colour: spades, hearts, diamonds, clubs) and the words
# that name no card, which the reply must name rather than drop. tests/site/test_search_browser.py asks
# ask.js the same.
HANDS_IN_WORDS = [
    # Number words count cards; colours pick the suits; a mistyped rank is read, and said so.
    ("2 red kings a joker and an ace", ["KH", "KD", "X", "AS"], ()),
    ("two fives and a king", ["5S", "5H", "KS"], ()),
    ("what do two black kings and a kign score", ["KS", "KC", "KH"], ()),
    ("i have a qeen and a jack, what's that worth", ["QS", "JS"], ()),
    # "a pair of", "both", "a black one" (one more of the rank just named), "a red and a black king".
    ("a pair of kings and an ace score", ["KS", "KH", "AS"], ()),
    ("both jokers and a king total", ["X", "X", "KS"], ()),
    ("two red kings and a black one score", ["KH", "KD", "KS"], ()),
    ("a red and a black king score", ["KH", "KS"], ()),
    ("one red one black king and a 4 total", ["KH", "KS", "4S"], ()),
    ("two kings one black one red and a 4, total?", ["KS", "KH", "4S"], ()),
    ("a red king plus a black king plus a joker", ["KH", "KS", "X"], ()),
    # A trey is a three; a typo is read as a card's name before any other word ("sevn" is not "seen").
    ("an ace, a deuce and a trey, score?", ["AS", "2S", "3S"], ()),
    ("five and six and sevn total", ["5S", "6S", "7S"], ()),
    # "two cards left" counts cards, but after an article a number is a card ("a 5 left").
    ("i have a king and a 5 left, whats my score", ["KS", "5S"], ()),
    # Words that name no card are said: a suit left over, the card an "and" adds after the last one.
    ("kings of hearts and diamonds and a joker score", ["KH", "X"], ("diamonds",)),
    ("an ace, a 2 and a face card, score", ["AS", "2S"], ("face",)),
    ("eight, nine, tenn, jak", ["8S", "9S", "10S", "JS"], ()),  # "jak": a typo of three letters, read as jack
    ("a king, a 7 and a zqx total", ["KS", "7S"], ("zqx",)),
    # The letters of the card notation typed alone; a capital A inside a sentence is an ace, not an article
    # (it was dropped without a word: "K 7 A 2" scored as a 7 and a 2).
    ("score for K Q J 10", ["KS", "QS", "JS", "10S"], ()),
    ("K 7 A 2 total?", ["KS", "7S", "AS", "2S"], ()),
    ("K-Q-J, what do they add up to", ["KS", "QS", "JS"], ()),
    ("A king and a 2, total", ["KS", "2S"], ()),
    # Counts players use: a multiple ("double", "triple") before a rank, a factor ("2x", "x2", "twice", "2 times"
    # after a card: so many of it in all), numbers past six
    # ("double king" dropped "double", "seven 2s" was a 7 and a 2, "kings x2 and an ace" got a case).
    ("a double king and an ace, total", ["KS", "KH", "AS"], ()),
    ("kings x2 and an ace", ["KS", "KH", "AS"], ()),
    ("a jack twice and a 4 total", ["JS", "JH", "4S"], ()),
    ("a king two times and an ace, score?", ["KS", "KH", "AS"], ()),
    ("2x jokers and a queen total", ["X", "X", "QS"], ()),
    ("seven 2s, what's the score", ["2S", "2H", "2D", "2C", "2S", "2S", "2S"], ()),
    # The word just before the first card is among the cards: named when it is no card.
    ("what do an extra king and a 4 score", ["KS", "4S"], ("extra",)),
    # "another" after a card is one more of it ("another" was a filler: "a king and another" scored one king);
    # a word that may stand for a card but is not read as one ("the other") is named.
    ("a red king and another, total", ["KH", "KD"], ()),
    ("what do a 5 and another one score", ["5S", "5H"], ()),
    ("a king and another queen total", ["KS", "QS"], ()),
    ("two kings one black one red and a 4 total", ["KS", "KH", "4S"], ()),
    ("a queen, a jack and the other total", ["QS", "JS"], ("other",)),
    # After a count, "'s" makes a plural ("two 5's" was scored, sure, as a 2 and a 5).
    ("two 5's and a king total", ["5S", "5H", "KS"], ()),
    ("both K's and an ace, score?", ["KS", "KH", "AS"], ()),
    # Found by test_no_word_of_a_hand_in_players_words_is_dropped_silently, each scored, sure, with a card lost or
    # misread and no word named: "3 x 4" (was a 3, a joker and a 4), "'s" after a colour or "a pair of" (a 3 and
    # a single 3), a letter of the notation after "a", a colour or before "plus", "with", "of" (dropped), a
    # capital A first before "of" or "with" (read as an article, dropped), "kings x 2" (a joker and a 2).
    ("3 x 4 and a king total", ["4S", "4H", "4D", "KS"], ()),
    ("two black 3's and a king, score?", ["3S", "3C", "KS"], ()),
    ("a pair of 3's and an ace total", ["3S", "3H", "AS"], ()),
    ("lol a J and black 10 and a five what's my score", ["JS", "10S", "5S"], ()),
    ("my hand is J plus three 5's", ["JS", "5S", "5H", "5D"], ()),
    ("K with a joker total?", ["KS", "X"], ()),
    ("A of spades with a jack and a three lol", ["AS", "JS", "3S"], ()),
    ("kings x 2 and an ace", ["KS", "KH", "AS"], ()),  # was a king, a joker, a 2 and an ace
    # Found by the same property later: a rank and "'s" before the times sign and a count ("'s" read as a
    # possessive and dropped, then "3 x 2": three 2s).
    ("a ten and a ten and 3's x 2", ["10S", "10H", "3S", "3H"], ()),
    # Found by the same property once it typed them: a number, a separator and a plural read as a count
    # ("ten, twos" was ten twos, "3, 5s" three fives), and "n" for "and" between cards (named as unread).
    ("i got ten, twos and a king total?", ["10S", "2S", "KS"], ()),
    ("3, 5s plus a jack what's my score", ["3S", "5S", "JS"], ()),
    ("seven + tens and an ace total?", ["7S", "10S", "AS"], ()),
    ("2 / kings & a queen total", ["2S", "KS", "QS"], ()),
    ("3's, tens total", ["3S", "10S"], ()),  # was three tens
    ("a king n a queen total", ["KS", "QS"], ()),
    ("so i have a jack n 2 red kings", ["JS", "KH", "KD"], ()),
    # Found by hand (issue 30): "1" before a rank in words counts one card ("1 ace, 1 two": '1', '1' were named
    # unread); "1" as a card is an ace, where a letter of the notation would be a card ("a 1", "K 1 2"). The
    # notation has no card "1": memory §values, official §Card Point Values and awareness §Points count an ace as
    # 1 (awareness lists it first in the run "Ace = 1, 2 = 2"), so players there call an ace "a 1".
    ("what do i score with 1 ace, 1 two", ["AS", "2S"], ()),
    ("what do i score with a 1 and a 2", ["AS", "2S"], ()),
    ("K 1 2 total", ["KS", "AS", "2S"], ()),
    ("a 1 of hearts and a king total", ["AH", "KS"], ()),
    # A label before the cards is chat, neither a card nor unread ("hand" was named as unread; "my cards: k, q" was
    # "not sure", "cards" taken for a rule's word).
    ("what do i score with my hand: 3, 3, 9, joker", ["3S", "3H", "9S", "X"], ()),
    ("my cards: k, q", ["KS", "QS"], ()),
    ("hand: 2, 3, joker total", ["2S", "3S", "X"], ()),
    # A capital A first after the label is an ace, as first in the question (it was dropped silently: the hand
    # property's example "hand: A, a ten what's my score" scored the ten alone).
    ("hand: A, a ten what's my score", ["AS", "10S"], ()),
    ("A a ten KH", ["AS", "10S", "KH"], ()),  # (no article comes before another)
    # A "1" and a separator before a rank is an ace, not a count: "1, two" was one 2, the ace dropped silently.
    ("what do i score with 1, two and a king", ["AS", "2S", "KS"], ()),
    ("what do i score with 1 & two", ["AS", "2S"], ()),
    # Card letters and digits typed run together are those cards (not read at all before: "not sure").
    ("what do i score with KK77", ["KS", "KH", "7S", "7H"], ()),
    ("what do i score with kq j", ["KS", "QS", "JS"], ()),
    ("what do i score with kk2 tens", ["KS", "KH", "2S", "10S"], ()),  # (the 2 is a card, not a count of the tens)
]


@pytest.mark.parametrize("words", ["kk thanks", "jk", "qq", "77 points", "q4", "4k", "kkk"])
def test_chat_and_numbers_are_not_run_together_cards(words):
    # "kk" (okay), "jk" (just kidding), "qq" (crying) are chat; "77" is a number; "q4", "4k" a quarter, a screen.
    assert read_cards(raw_words(words)).cards == ()


def test_a_letter_of_the_card_notation_is_a_card_only_among_cards():
    # "the official Q&A" names no queen: a lone letter is read as a card only beside another card.
    from cambio_ref.cardwords import mentions

    assert mentions(raw_words("what does the official Q&A say about a king")) == (CardMention("K"),)
    assert [str(m) for m in mentions(raw_words("K Q J and a 10"))] == ["K", "Q", "J", "10"]


# Players write a rank's plural with a lower-case "s" ("5s", "ks", "10s": fives, kings, tens); the notation of
# spec/ and `cambio score` writes the five or king of spades in capitals ("5S", "KS"), or with its symbol ("5♠").
# Each was read as a card of spades: "what are ks worth in hearts" answered for the king of spades alone, "riskey 5s"
# named the five of spades. A possessive is no plural ("a 7's peek", spec/options/turn.yaml).
@pytest.mark.parametrize(("words", "cards"), [
    ("what are ks worth", ["K"]), ("riskey 5s how do they score", ["5"]), ("two 5s", ["5", "5"]),
    ("js qs and 10s", ["J", "Q", "10"]), ("Ks or 2s", ["K", "2"]), ("KS 5S", ["KS", "5S"]),
    ("K♠ 5♠", ["KS", "5S"]), ("kh 10d qc", ["KH", "10D", "QC"]), ("after a 7's peek", ["7"]),
    ("two 5's", ["5", "5"]), ("3 Q\u2019s", ["Q", "Q", "Q"]),
])
def test_a_rank_and_a_lower_case_s_is_a_plural_not_a_spade(words, cards):
    assert [str(c) for c in analyse(words, build_index().lexicon).cards] == cards


# After "are", "were", "do", "all" or "many", or before "are", a rank and "'s" is a plural too (English agreement:
# "what are K's worth" asks for kings; it was "not sure", the "k" unread).
@pytest.mark.parametrize("question", ["what are ks worth in hearts", "what are K's worth in hearts",
                                      "K's are worth what in hearts"])
def test_what_plural_ranks_are_worth_is_every_suit_of_them(question):
    # hearts "Value of the Card": the kings of hearts and diamonds -2, the other kings 10.
    reply = ask(question)
    assert reply.kind == "card" and [f.hit.id for f in reply.found] == ["K"]
    assert [(codes, p) for codes, p, _ in reply.found[0].by_suit[0][1]] == [("KS KC", 10), ("KH KD", -2)]


@pytest.mark.parametrize(("question", "cards", "unread"), HANDS_IN_WORDS)
def test_hands_in_words(question, cards, unread):
    reply = ask(question)
    assert reply.kind == "hand" and reply.top == "hand:" + " ".join(cards), reply.top
    assert reply.unread == unread


_RANKS_SAID = ["ace", "two", "three", "four", "5", "six", "7", "eight", "nine", "10", "jack", "queen", "king", "joker"]


# Words that name no card, are no stop word, count or value word, and are known to the engine or English.
# And words that may stand for a card ("another", "one") or seem filler but are not ("other", "more").
_NOT_A_CARD = ["snapped", "lucky", "swapped", "peeked", "extra", "shiny", "secret", "double", "another", "other",
               "one", "more"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.sampled_from(["a ", "an ", ""]), st.sampled_from(["", "red ", "black "]),
                          st.sampled_from(_RANKS_SAID)), min_size=2, max_size=4),
       st.sampled_from([" and ", ", ", " "]), st.sampled_from(_NOT_A_CARD), st.integers(0, 20))
def test_no_word_of_a_hand_is_dropped_silently(cards, join, extra, where):
    """Issue 30: every word among a hand's cards is read as a card, a count or a colour, or named as unread
    ("double king" once lost a king and said nothing). One word that is no card, put anywhere between the
    first card's first word and the last card, is read as a count or a card (more cards), as part of a card
    ("one king", "another king") or named; the cards alone read as they are."""
    engine = engine_for(shipped_data())
    said = [f"{art}{colour if rank != 'joker' else ''}{rank}" for art, colour, rank in cards]
    plain = engine.analyse(join.join(said) + " total?")
    assert len(plain.cards) == len(cards), (said, [str(c) for c in plain.cards])
    words = (join.join(said)).split(" ")
    at = 1 + where % (len(words) - 1)
    words.insert(at, extra)
    query = engine.analyse(" ".join(words) + " total?")
    part_of_a_card = at in read_cards(raw_words(" ".join(words))).used
    assert not query.hand or len(query.cards) > len(cards) or extra in query.unread or part_of_a_card, (
        " ".join(words), [str(c) for c in query.cards], query.unread)


# What players type around a hand (issue 30), from general usage: each card's words and the ranks they name.
_FORMS = {
    "A": (["ace", "A"], ["aces"]), "2": (["two", "2", "deuce"], ["twos", "2s"]),
    "3": (["three", "3"], ["threes", "3s", "3's"]), "5": (["five", "5"], ["fives", "5s", "5's"]),
    "7": (["seven", "7"], ["sevens", "7s"]), "10": (["ten", "10"], ["tens", "10s"]),
    "J": (["jack", "jak", "J"], ["jacks", "Js"]), "Q": (["queen", "qeen", "Q"], ["queens", "Qs"]),
    "K": (["king", "kign", "K"], ["kings", "Ks", "K's"]), "X": (["joker"], ["jokers"]),
}


_COUNTS_SAID = [("two", 2), ("2", 2), ("both", 2), ("a pair of", 2), ("pair of", 2), ("a couple of", 2),
                ("couple of", 2), ("three", 3), ("3", 3)]


_CODES = [("KH", "K"), ("10\u2666", "10"), ("K\u2665", "K"), ("7c", "7"), ("QS", "Q"), ("AH", "A")]


@st.composite
def _card_said(draw: st.DrawFn) -> tuple[str, list[str], bool]:
    """One card or several as a player types them, the ranks meant, and whether how many is said (a plural
    without a count, "black 7s", says the rank, not how many)."""
    rank = draw(st.sampled_from(sorted(_FORMS)))
    one, many = _FORMS[rank]
    colour = "" if rank == "X" else draw(st.sampled_from(["", "", "red ", "black "]))
    kind = draw(st.sampled_from(["one", "one", "count", "code", "suit", "sign", "plural", "run"]))
    if kind == "run":  # card letters and digits run together: "kk77", "kqj" (cambio_ref.cardwords.RUN_TOGETHER)
        ranks = [rank if rank in "KQJ" else "K", *draw(st.lists(st.sampled_from("KQJ2357"), min_size=1, max_size=3))]
        run = "".join(draw(st.permutations(ranks)))
        assume(run.lower() not in RUN_CHAT and (len(run) > 2 or run.isalpha()))
        return run if draw(st.booleans()) else run.lower(), list(run), True
    if kind == "one":
        word = draw(st.sampled_from(one + (["1"] if rank == "A" else [])))  # "a 1": an ace (HANDS_IN_WORDS)
        # "1 king", "1 ace": a count of one before a rank in words
        articles = ["a ", "an ", "one ", ""] + (["1 "] if word.isalpha() else []) if word != "1" else ["a ", "one "]
        return f"{draw(st.sampled_from(articles))}{colour}{word}", [rank], True
    if kind == "count":
        word, n = draw(st.sampled_from(_COUNTS_SAID))
        return f"{word} {colour}{draw(st.sampled_from(many))}", [rank] * n, True
    if kind == "code":
        code, meant = draw(st.sampled_from(_CODES))
        return code, [meant], True
    if kind == "suit" and rank != "X":
        suit = draw(st.sampled_from(["hearts", "clubs", "spades", "diamonds"]))
        return f"{draw(st.sampled_from(['a ', 'the ', '']))}{draw(st.sampled_from(one))} of {suit}", [rank], True
    if kind == "plural":
        return f"{colour}{draw(st.sampled_from(many))}", [rank], False
    n = draw(st.integers(2, 3))
    if draw(st.booleans()):
        return f"{n} x {draw(st.sampled_from(one))}", [rank] * n, True
    return f"{draw(st.sampled_from(many))} x {n}", [rank] * n, True


@settings(max_examples=120, deadline=None)
@given(st.lists(_card_said(), min_size=2, max_size=4), st.sampled_from([", ", " and ", " plus ", " & ", " with ",
                                                                      " + ", " / ", " n ", " "]),
       st.sampled_from(["", "so i have ", "i got ", "lol ", "my hand is ", "ok so ", "what do ", "i have ",
                        "hand: ", "my hand: ", "my cards: ", "i have: "]),
       st.sampled_from(["", " lol", " is that good?", " what's my score", " in hearts", " total?",
                        ", how many points", " what do i get"]))
def test_no_word_of_a_hand_in_players_words_is_dropped_silently(cards, join, before, after):
    """A question read as a hand has the ranks the player meant, or names the words it could not read: card
    names and typos, colours and suits, counts, plurals and "'s", codes, separators ("n" for "and"), chat
    around it. (Joined by a space alone, a number and a plural are a count: "ten twos" is ten twos.)"""
    plurals = {w for _, many in _FORMS.values() for w in many}
    def uncoloured(said: str) -> str:  # (a colour between them too: "two red tens" is two red tens)
        return said.removeprefix("red ").removeprefix("black ")

    assume(join != " " or not any(
        a[0].split()[-1].removesuffix("'s") in COUNT_WORDS and uncoloured(b[0]).split()[0] in plurals
        for a, b in pairwise(cards)))
    text = before + join.join(said for said, _, _ in cards) + after
    query = engine_for(shipped_data()).analyse(text)
    meant = sorted(r for _, ranks, _ in cards for r in ranks)
    read = sorted(c.rank for c in query.cards)
    if not all(counted for _, _, counted in cards):  # "black 7s": at least one of the rank, how many unsaid
        meant, read = sorted(set(meant)), sorted(set(read))
    assert not query.hand or query.values or read == meant or query.unread, (text, [str(c) for c in query.cards])


def test_a_word_among_the_cards_that_cannot_be_read_is_named(capsys):
    reply = ask("KH KS blorp AC in online")
    assert reply.kind == "hand" and reply.unread == ("blorp",)
    assert main(["ask", "KH KS blorp AC in online"]) == 0
    assert "Could not read 'blorp' as a card: left out." in capsys.readouterr().out


def test_what_ranks_are_worth_gives_their_values_not_a_hand():
    # hearts "Value of the Card": red kings -2, black kings 10, a joker -1.
    reply = ask("what are kings and jokers worth", "hearts")
    assert reply.kind == "card" and [f.hit.id for f in reply.found] == ["K", "X"]
    assert [(codes, p) for codes, p, _ in reply.found[0].by_suit[0][1]] == [("KS KC", 10), ("KH KD", -2)]
    assert reply.found[1].hands[0][1] is not None and reply.found[1].hands[0][1].total == -1


@pytest.mark.parametrize(("question", "rank", "points"), [
    # hearts "Value of the Card": a joker is -1, a jack 10.
    ("what does a joker count for in hearts", "X", -1),
    ("how much does a jack count for in hearts", "J", 10),
])
def test_count_for_asks_what_a_card_is_worth(question, rank, points):
    reply = ask(question)
    assert reply.kind == "card" and reply.found[0].hit.id.rstrip("HDSC") == rank
    assert [s.total for _, s, _ in reply.found[0].hands if s] == [points]
