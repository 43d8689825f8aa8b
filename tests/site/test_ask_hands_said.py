"""No word of a hand is dropped silently (issue 30): two Hypothesis properties over hands said in players' words.

Every word among a hand's cards is read as a card, a count or a colour, or named as unread; a hand said
with names, typos, colours, suits, codes, counts, separators and chat reads as the cards meant. The words
are written here from general usage and the sources' value lists (cited below), never from the held-out
phrasings. The hands written out one by one are in tests/site/hands_in_words.py.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from cambio_ref.askdata import shipped_data
from cambio_ref.askindex import engine_for, raw_words
from cambio_ref.cardcounts import COUNT_WORDS, read_cards
from cambio_ref.cardnames import COLOURS, RUN_CHAT

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
    ("one king", "another king") or named; the cards alone read as they are. A verb of getting rid of a card
    ("snapped a king") leaves the card after it out of the hand, and the reply names it (`told`), as it names
    cards said twice ("two tens, a ten and another" may be the two tens said again)."""
    engine = engine_for(shipped_data())
    said = [f"{art}{colour if rank != 'joker' else ''}{rank}" for art, colour, rank in cards]
    plain = engine.analyse(join.join(said) + " total?")
    assert len(plain.cards) == len(cards), (said, [str(c) for c in plain.cards])
    words = (join.join(said)).split(" ")
    at = 1 + where % (len(words) - 1)
    words.insert(at, extra)
    query = engine.analyse(" ".join(words) + " total?")
    part_of_a_card = at in read_cards(raw_words(" ".join(words))).used
    assert not query.hand or len(query.cards) > len(cards) or extra in query.unread or part_of_a_card or (
        query.told), (
        " ".join(words), [str(c) for c in query.cards], query.unread)


# How players type a hand (issue 30), written from general usage and from how the sources write cards in their
# value lists (hearts §Value of the Card "King of ♥️ &♦️", "6 of ♥️"; official §Card Point Values "King (Red)" and
# its worked example "2 Red Kings (-2) + Joker (0) + Ace (1)"; memory §values "Red Kings", "J, Q, Black Kings"),
# never from the held-out sets. Each rank's words for one card and for several ("sevn", "jak", "qeen", "kign":
# typos); "🃏" is the joker's own symbol. "T" (poker's ten) and "JK", "jkr" (a joker) are not the notation's: never
# read as cards, they must be named as unread, never dropped.
_FORMS = {
    "A": (["ace", "A", "Ace"], ["aces", "Aces", "A's"]), "2": (["two", "2", "deuce"], ["twos", "2s", "2's"]),
    "3": (["three", "3", "trey"], ["threes", "3s", "3's"]), "4": (["four", "4"], ["fours", "4s"]),
    "5": (["five", "5"], ["fives", "5s", "5's"]), "6": (["six", "6"], ["sixes", "6s", "6's"]),
    "7": (["seven", "7", "sevn"], ["sevens", "7s"]), "9": (["nine", "9"], ["nines", "9s"]),
    "10": (["ten", "10", "T"], ["tens", "10s", "10's"]),
    "J": (["jack", "jak", "J", "j", "Jack"], ["jacks", "Js", "J's"]),
    "Q": (["queen", "qeen", "Q", "q"], ["queens", "Qs", "Q's"]),
    "K": (["king", "kign", "K", "k", "King"], ["kings", "Ks", "K's", "ks", "Kings"]),
    "X": (["joker", "Joker", "\U0001F0CF", "JK", "jkr"], ["jokers", "Jokers"]),
}
# A suit as a word or a symbol (with or without the emoji form, U+FE0F, as hearts §Value of the Card types it).
_SUITS_SAID = {"hearts": "red", "diamonds": "red", "spades": "black", "clubs": "black", "\u2665": "red",
               "\u2665\ufe0f": "red", "\u2666": "red", "\u2666\ufe0f": "red", "\u2660": "black",
               "\u2660\ufe0f": "black", "\u2663": "black", "\u2663\ufe0f": "black", "\u2661": "red", "\u2664": "black"}
_SUIT_LETTERS = {"hearts": "H", "diamonds": "D", "spades": "S", "clubs": "C"}
# How many: a count before a plural, a multiple before a rank, a factor after a card (so many of it in all).
_COUNTS_SAID = [("two", 2), ("2", 2), ("both", 2), ("a pair of", 2), ("pair of", 2), ("a couple of", 2),
                ("couple of", 2), ("three", 3), ("3", 3)]
_MULTIPLES_SAID = [("a double", 2), ("double", 2), ("triple", 3), ("2x", 2), ("3x", 3), ("2x ", 2)]
_FACTORS_SAID = [(" x2", 2), (" x 2", 2), (" x3", 3), (" twice", 2), (" 2 times", 2), (" \u00d72", 2), (" (x2)", 2)]
# A card's points said after it in brackets, as official's worked example does: not a card.
_POINTS_SAID = [" (-1)", " (0)", " (10)", " (1)", " (-2)", " (40)", " (1 pt)"]
# Between cards: separators and joining words (a newline too: a hand pasted a card a line).
_JOINS = [", ", " and ", " plus ", " & ", " with ", " + ", " / ", " n ", " ", " - ", "; ", "\n", ",", "&", "+",
          ", and ", " and also "]
# Chat and labels before and after a hand.
_BEFORE = ["", "so i have ", "i got ", "lol ", "my hand is ", "ok so ", "what do ", "i have ", "hand: ", "my hand: ",
           "my cards: ", "i have: ", "i'm holding ", "holding ", "in my hand: ", "in my hand i have ", "i've got ",
           "left with ", "score for ", "what if i have ", "\U0001F602 ", "final hand: "]
_AFTER = ["", " lol", " is that good?", " what's my score", " in hearts", " total?", ", how many points",
          " what do i get", " \U0001F605", " in my hand", " = ?", "?", " at the end", " what's that worth"]


@dataclass(frozen=True)
class _Said:
    """Cards as a player types them: the text, each card meant (its rank, and its colour or ``""``), and whether
    how many is said (a plural alone, "black 7s", says the rank, not how many)."""

    text: str
    meant: tuple[tuple[str, str], ...]
    counted: bool = True


def _colour_said(pick: Callable[[Sequence[str]], str], rank: str) -> tuple[str, str, str]:
    """A colour said before a rank ("red king"), after it ("king red") or after it in brackets ("King (Red)"), or
    none: (before, after, colour)."""
    if rank == "X":
        return "", "", ""
    colour = pick(["", "", "", "red", "black"])
    if not colour:
        return "", "", ""
    where = pick(["before", "before", "after", "brackets"])
    said = pick([colour, colour.title()])
    return ((f"{said} ", "", colour) if where == "before" else ("", f" {said}", colour) if where == "after"
            else ("", f" ({said})", colour))


def _before_a_number(word: str, before: str, after: str) -> tuple[str, str]:
    """A colour said after a number word goes before it: "two black" is two black cards, not a black 2."""
    return (f"{after.strip(' ()')} ", "") if after and word.lower() in COUNT_WORDS else (before, after)


def _card_said(pick: Callable[[Sequence[Any]], Any]) -> _Said:
    """One card or several as a player types them (`pick` chooses one of its choices)."""
    rank = pick(sorted(_FORMS))
    one, many = _FORMS[rank]
    before, after, colour = _colour_said(pick, rank)
    kind = pick(["one", "one", "count", "multiple", "factor", "code", "suit", "plural", "run", "another"])
    if kind == "run":  # card letters and digits run together: "kk77", "kqj" (cambio_ref.cardnames.RUN_TOGETHER)
        ranks = [rank if rank in "KQJ" else "K", *(pick("KQJ2357") for _ in range(pick([1, 2, 3])))]
        run = "".join(ranks)
        if run.lower() in RUN_CHAT or (len(run) == 2 and not run.isalpha()):
            run = "KQJ"
        return _Said(pick([run, run.lower()]), tuple((r, "") for r in run.upper()))
    if kind == "count":
        word, n = pick(_COUNTS_SAID)
        return _Said(f"{word} {before}{pick(many)}{after}", ((rank, colour),) * n)
    if kind == "multiple":
        word, n = pick(_MULTIPLES_SAID)
        said = pick(one + many)
        before, after = _before_a_number(said, before, after)
        return _Said(f"{word} {before}{said}{after}".replace("  ", " "), ((rank, colour),) * n)
    if kind in ("factor", "another"):  # a factor after a card, or one more of it: so many of it in all
        article, word = pick(["a ", ""]), pick(one)
        before, after = _before_a_number(word, before, after)
        factor, n = pick(_FACTORS_SAID) if kind == "factor" else (pick([" and another", ", and another one"]), 2)
        # (a number, the times sign and a number is a count, "3 x 4" three 4s, unless an article comes first)
        factor = factor.replace(" x ", " x") if rank in "2345678910" and not article else factor
        return _Said(f"{article}{before}{word}{after}{factor}", ((rank, colour),) * n)
    if kind == "plural":
        return _Said(f"{before}{pick(many)}{after}", ((rank, colour),), counted=False)
    if kind in ("code", "suit") and rank != "X":
        suit = pick(sorted(_SUITS_SAID))
        letter = _SUIT_LETTERS.get(suit, "")
        card = "10" if rank == "10" else rank
        if kind == "code" and letter:  # "KH", "kh", "10d": the notation ("as" is an English word, not typed here)
            code = (pick([card + letter, (card + letter).lower()]) if letter != "S"  # ("5s" is fives: PLURAL_S)
                    else "AS" if card == "A" else card + letter)
            return _Said(code, ((rank, _SUITS_SAID[suit]),))
        glyph = not letter
        word = pick([w for w in one if w != "1"])
        direct = glyph and len(word) <= 2 and pick([True, False])  # "K♥", "10♦"; "king of ♥"
        said = f"{word}{suit}" if direct else f"{word} of {suit}"
        return _Said(f"{pick(['a ', 'the ', ''])}{said}", ((rank, _SUITS_SAID[suit]),))
    word = pick(one + (["1"] if rank == "A" else []))  # "a 1": an ace (HANDS_IN_WORDS)
    before, after = _before_a_number(word, before, after)
    # "1 king", "1 ace": a count of one before a rank in words
    articles = ["a ", "an ", "one ", "", ""] + (["1 "] if word.isalpha() else []) if word != "1" else ["a ", "one "]
    points = pick(["", "", "", *_POINTS_SAID])
    return _Said(f"{pick(articles)}{before}{word}{after}{points}", ((rank, colour),))


def _hand_said(pick: Callable[[Sequence[Any]], Any]) -> tuple[str, list[_Said]]:
    """A question made of a hand in players' words: chat or a label, two to four cards, chat after."""
    cards = [_card_said(pick) for _ in range(pick([2, 2, 3, 4]))]
    join = pick(_JOINS)
    if join == " ":  # joined by a space alone, a number and a plural are a count: "ten twos" is ten twos
        join = ", "
    return pick(_BEFORE) + join.join(c.text for c in cards) + pick(_AFTER), cards


def _misread(text: str, cards: list[_Said]) -> list[str] | None:
    """What a question read as a hand got wrong, with no word named as unread (None if nothing): its ranks are
    those meant (each once if how many is not said) and a colour said is each such card's."""
    query = engine_for(shipped_data()).analyse(text)
    reading = read_cards(raw_words(text))
    assert len(reading.named_at) == len(reading.cards), ("each card has where it was named", text)
    if not query.hand or query.values or query.unread or query.told:  # (words named as not counted: not silent)
        return None
    meant = Counter(m for c in cards for m in c.meant)
    read = Counter((m.rank, m.colour or next((c for c, s in COLOURS.items() if m.suit in s), "")) for m in query.cards)
    ranks = Counter(r for r, _ in meant.elements()), Counter(r for r, _ in read.elements())
    if not all(c.counted for c in cards):
        ranks = Counter(set(ranks[0])), Counter(set(ranks[1]))
        meant, read = Counter(set(meant)), Counter(set(read))
    coloured = Counter({m: n for m, n in meant.items() if m[1]})
    if ranks[0] == ranks[1] and coloured <= read:
        return None
    return [str(c) for c in query.cards]


@settings(max_examples=60, deadline=None)  # (cheap here; run with many seeds and more examples by hand)
@given(st.data())
def test_no_word_of_a_hand_in_players_words_is_dropped_silently(data):
    """A question read as a hand has the ranks and colours the player meant, or names the words it could not
    read: card names and typos, colours before and after, suits in words and symbols, codes, counts, multiples
    and factors, plurals and "'s", points in brackets, separators, labels and chat around it."""
    text, cards = _hand_said(lambda choices: data.draw(st.sampled_from(choices)))
    assert _misread(text, cards) is None, (text, _misread(text, cards))


# A story before the hand (issue 30): a card got rid of, in words from general usage ("snapped my 7", "swapped my
# king out"), then words that say the cards after them are the hand as it is now, and a sum asked after them.
_GONE_SAID = ["snapped my {}", "burned my {}", "i tossed my {}", "dumped my {}", "swapped my {} out",
              "swapped out my {}", "i slapped my {} on the pile", "threw my {}", "had a {} but swapped it out",
              "drew a {} and snapped it", "don't count the {} i burned", "not counting my {}", "lost my {}"]
_NOW_SAID = ["so now i have ", "now it's ", "left with ", "so i've got ", "so ", "now i hold ", "my hand: ",
             "and now ", "i'm left with ", "ended up with ", "i ended with "]
_ASKED = [" total?", " what's my score", ", how many points", " what do i have", " sum?", " what's that"]


@settings(max_examples=60, deadline=None)  # (cheap here; run with many seeds and more examples by hand)
@given(st.data())
def test_a_card_got_rid_of_in_a_story_is_named_and_not_counted(data):
    """A card the player says they got rid of before the hand is left out of it and named as not counted
    (`Reply.told`); the hand after it reads as the cards meant."""
    def pick(choices: Sequence[Any]) -> Any:
        return data.draw(st.sampled_from(choices))

    gone = pick(["7", "king", "jack", "9", "queen", "2"])
    cards = [_card_said(pick) for _ in range(pick([2, 2, 3]))]
    engine = engine_for(shipped_data())
    # (a hand that reads as two or more cards alone: not "tens, tens", "a T", nor one suited card said twice)
    plain = engine.analyse(", ".join(c.text for c in cards) + " total?")
    assume(plain.hand and not plain.values and len(plain.cards) >= 2 and not plain.unread and not plain.told)
    text = (pick(_GONE_SAID).format(gone) + pick([", ", ". ", " and "]) + pick(_NOW_SAID)
            + ", ".join(c.text for c in cards) + pick(_ASKED))
    query = engine.analyse(text)
    assert query.hand and not query.values, (text, [str(c) for c in query.cards])
    assert any(gone in t.split() for t in query.told), (text, query.told)
    meant = sorted(r for c in cards for r, _ in c.meant)
    read = sorted(m.rank for m in query.cards)
    # (the ranks meant, or only which if how many is not said; or words named: unread, or more told than the card
    # got rid of, as a list it reads as said twice: "two threes, a three and another")
    assert read == meant or (not all(c.counted for c in cards) and set(read) == set(meant)) or query.unread or (
        len(query.told) > 1), (text, read, meant, query.told)


# A card taken back for the next in the same breath, in words from general usage ("a 7, no wait, an 8").
_TAKEN_BACK = [", no wait, ", " no wait ", "... i mean ", ", sorry, ", " - actually ", " er ", ", wait, "]


@settings(max_examples=40, deadline=None)  # (cheap here; run with many seeds and more examples by hand)
@given(st.data())
def test_a_card_taken_back_is_named_and_the_one_after_it_counted(data):
    """A card the player takes back ("a 7, no wait, an 8") is left out and named as not counted; the card said
    instead is counted, with the rest of the hand."""
    def pick(choices: Sequence[Any]) -> Any:
        return data.draw(st.sampled_from(choices))

    engine = engine_for(shipped_data())
    cards = [_card_said(pick) for _ in range(pick([2, 3]))]
    plain = engine.analyse(", ".join(c.text for c in cards) + " total?")
    assume(plain.hand and not plain.values and len(plain.cards) >= 2 and not plain.unread and not plain.told)
    assume(all(c.counted for c in cards))  # ("a 7, no wait, sevens": which is meant, no one can say)
    wrong = pick(["a 7", "a king", "a jack", "a 9", "a queen", "a 2"])
    at = pick(range(len(cards)))
    said = [c.text if k != at else f"{wrong}{pick(_TAKEN_BACK)}{c.text}" for k, c in enumerate(cards)]
    text = pick(["i have ", "my hand: ", "", "final cards "]) + ", ".join(said) + pick(_ASKED)
    query = engine.analyse(text)
    assert query.hand and wrong.split()[1] in " ".join(query.told).split(), (text, query.told)
    assert sorted(map(str, query.cards)) == sorted(map(str, plain.cards)) or query.unread, (
        text, [str(c) for c in query.cards], [str(c) for c in plain.cards])


# Two players' hands set against each other (issue 30), in words from general usage.
_VERSUS_SAID = ["{} vs {}", "i had {}, she had {}, who wins", "my hand: {}. his hand: {}. who won",
                "me: {}, tom: {}. who's lower", "does {} beat {}", "i flipped {} and he flipped {}, who won",
                "my cards: {}. theirs: {}", "{} against {}, which wins"]


@settings(max_examples=40, deadline=None)  # (cheap here; run with many seeds and more examples by hand)
@given(st.data())
def test_two_hands_compared_are_read_as_two(data):
    """Two hands set against each other ("i had a 3 and a 4, she had a 2 and a 6, who wins") are two hands, each
    read as the cards meant (`cambio_ref.askversus`): the first hand's cards first, then the second's."""
    def pick(choices: Sequence[Any]) -> Any:
        return data.draw(st.sampled_from(choices))

    engine = engine_for(shipped_data())
    hands = [[_card_said(pick) for _ in range(pick([1, 2, 3]))] for _ in range(2)]
    alone = [engine.analyse(" and ".join(c.text for c in hand) + ", total?") for hand in hands]
    assume(all(q.hand and not q.values and not q.unread and not q.told for q in alone))
    assume(all(c.counted for hand in hands for c in hand))
    # (and as one list they read as both: not a card said twice, "10C vs 10C", nor a list said again)
    both = engine.analyse(" and ".join(c.text for hand in hands for c in hand) + ", total?")
    assume(not both.told and [str(c) for c in both.cards] == [str(c) for q in alone for c in q.cards])
    text = pick(_VERSUS_SAID).format(*(" and ".join(c.text for c in hand) for hand in hands))
    query = engine.analyse(text)
    read = [str(c) for c in query.cards]
    assert query.versus == len(alone[0].cards), (text, read, query.versus)
    assert read == [str(c) for q in alone for c in q.cards], (text, read)
