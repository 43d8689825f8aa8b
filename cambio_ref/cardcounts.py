"""How many cards players' words name, and which numbers say points: "two kings", "a pair of 3's", "worth 10".

Counts ("two", "both", "a pair of"), multiples and factors ("double", "x2", "twice"), the small words
around a card ("a", "another", "one") and the numbers that say a card's points, not a card ("worth 10",
"counts as 11", "(-2)"); the card names themselves are `cambio_ref.cardnames`. `mentions` reads a
question's words (as `cambio_ref.askindex.raw_words` splits them) and returns each card it names; a
rank without a suit keeps ``suit=""`` and a colour when one is said ("red king").
The site's search (docs/javascripts/ask-cards.js) reads the same tables from the exported
index and follows the same steps.

>>> [str(m) for m in mentions("kh ks x ac".split())]  # as raw_words reads "KH KS X AC" ("ks" typed is kings)
['KH', 'KS', 'X', 'AC']
>>> [str(m) for m in mentions("a red king and two sevens of clubs".split())]
['K(red)', '7C', '7C']
>>> [str(m) for m in mentions("two players and a six".split())]  # "two players" counts players
['6']
>>> mentions("as if".split())
()
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace

from cambio_ref.askcanon import NUMBERED
from cambio_ref.cardnames import (
    ACE_NUMBER,
    COLOURS,
    RANK_LETTERS,
    RANK_WORDS,
    SUIT_WORDS,
    CardMention,
    code_of,
)
from cambio_ref.cardpoints import CLAIMED, FOR_POINTS_VERBS, POINTS_BEFORE, POINTS_VERBS
from cambio_ref.cards import JOKER

__all__ = [
    "AFTER_WORDS",
    "AGREED_PLURAL",
    "ANOTHER",
    "ANOTHER_ALONE",
    "ARTICLES",
    "BEFORE_COLOUR",
    "CORRECTING",
    "COUNTED_PLURAL",
    "COUNT_ARE",
    "COUNT_BEFORE",
    "COUNT_BREAK",
    "COUNT_COLON",
    "COUNT_OWNERS",
    "COUNT_WORDS",
    "DEFINITE",
    "FACTORED_PLURAL",
    "FACTOR_SPACED",
    "INDEFINITE",
    "LETTER_JOINS",
    "LISTED_JOINS",
    "MORE",
    "MULTIPLES",
    "NOT_CARDS",
    "NUMBER_WORDS",
    "OF_A_KIND",
    "OF_PEOPLE",
    "ONE",
    "ONE_COLOURS",
    "PAIR_WORDS",
    "RANGE_WORDS",
    "SHORT_AND",
    "STATED_AT",
    "TIMES",
    "TIMES_SIGN",
    "TIMES_WORD",
    "Reading",
    "and_between_cards",
    "mentions",
    "read_cards",
    "without",
]

# The times sign, a space and a count before a separator or the end is a factor ("a jack x 2, a 5": two jacks), as
# "x2"; "K X 2 5" stays a list of cards, a joker among them.
FACTOR_SPACED = re.compile(r"(?<=\S)(\s+)x\s+(10|[2-9])(?=\s*(?:[,;/&+\n?!.]|$)|\s+-\s)")
# "another" (or "another one") before a separator is one more of the card before it, not the article of the next
# ("a ten and another / an ace"): written "another one".
ANOTHER_ALONE = re.compile(r"\banother(?!\s+one\b)(?=\s*[,;/&+\n]|\s+-\s)")
# "1 red 1 black" (or "1 black and 1 red") after cards says which of them is which colour, as "one red one black"
# does: written so ("1 red" alone may be a red ace).
ONE_COLOURS = re.compile(r"\b1\s+(red|black)\b(\s*(?:[,&+]|and)?\s*)1\s+(red|black)\b")
# A number before a plural rank word counts cards: "two kings" is two kings, not a 2 and a king ("one king": one),
# "seven 2s" seven twos.
COUNT_WORDS: dict[str, int] = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                               "eight": 8, "nine": 9, "ten": 10, "both": 2, **{str(n): n for n in range(1, 11)}}
# Numbers said in words, as points ("is ten", "worth minus one", "that's twelve").
NUMBER_WORDS: dict[str, int] = {**{w: n for w, n in COUNT_WORDS.items() if w.isalpha() and w != "both"},
                                "zero": 0, "nothing": 0, "eleven": 11, "twelve": 12, "thirteen": 13, "twenty": 20}
# After a count, a rank and "'s" are a plural too ("two 5's", "both K's"); elsewhere "'s" is a possessive ("a 7's
# peek"). Matched in lower case, its apostrophe straight.
# A colour may stand between ("two black 3's"), and "a pair of" and "a couple of" count too ("a pair of 3's").
_COUNTS = "|".join(sorted((w for w, n in COUNT_WORDS.items() if n > 1), key=len, reverse=True))
COUNTED_PLURAL = re.compile(rf"\b({_COUNTS}|(?:pair|couple) of)(\s+(?:(?:red|black)\s+)?)(10|[2-9ajqkx])'s\b")
# So are a rank and "'s" before the times sign and a count ("3's x 2" is two 3s, not three 2s).
FACTORED_PLURAL = re.compile(rf"\b(10|[2-9ajqkx])'s(?=\s*(?:x\s*(?:{_COUNTS})\b|x(?:10|[2-9])\b))")
# And after a verb or a word that agrees with a plural, or before "are" or "were": "what are K's worth", "how many
# 7's", "all Q's", "K's are worth": kings, sevens, queens. ("a K's worth" stays one king: "'s" there is possessive.)
AGREED_PLURAL = re.compile(r"(?:(?<=\bare )|(?<=\bwere )|(?<=\bdo )|(?<=\ball )|(?<=\bmany ))(10|[2-9ajqkx])'s\b"
                           r"|\b(10|[2-9ajqkx])'s(?=\s+(?:are|were)\b)")
# A number, a separator ("," "/" "&" "+") and a plural are two cards, not a count: "ten, twos" is a 10 and twos,
# "3 & 5s" a 3 and fives (then typed "fives"), "3's, tens" threes and tens. `cambio_ref.askindex.raw_words` writes
# "and" for the separator, as punctuation is not read.
_PLURALS = "|".join(sorted((w for w in RANK_WORDS if w.isalpha() and len(w) > 1 and w.endswith("s")),
                           key=len, reverse=True))
# So are a "1" (`ACE_NUMBER`), a separator and any rank: "1, two" is an ace and a 2, not one two.
_RANK_NAMES = "|".join(sorted((w for w in RANK_WORDS if w.isalpha() and len(w) > 1), key=len, reverse=True))
_SEPARATOR = r"(?:\s*[,/&+;\n]|\s+-(?=\s))+\s*(?:(?:red|black)\s+)?"  # (a dash between spaces)
# (Any word before the separator, not only a number: a mistyped one is read later, "sevn, jacks".)
COUNT_BREAK = re.compile(rf"\b([a-z0-9]+(?=(?:'s)?{_SEPARATOR}(?:{_PLURALS})\b)"
                         rf"|1(?={_SEPARATOR}(?:{_RANK_NAMES}|10|[2-9])\b))('s)?(?:\s*[,/&+;\n]|\s+-(?=\s))+\s*")
# "Two of each" after or before two plurals counts each of them: "nines and tens, 2 of each", "two of each: threes and
# fours" (written "2 nines and 2 tens" by `cambio_ref.askhand.raw_words`).
_EACH_COUNT = r"(two|three|four|2|3|4)\s+of\s+each"
EACH_AFTER = re.compile(rf"\b({_PLURALS})\s+and\s+({_PLURALS})\s*,?\s*{_EACH_COUNT}\b")
EACH_BEFORE = re.compile(rf"\b{_EACH_COUNT}\s*:?\s*({_PLURALS})\s*(?:,|and)\s*({_PLURALS})\b")
# Words that count cards before a rank, singular or plural: "a double king", "triple sevens".
MULTIPLES: dict[str, int] = {"double": 2, "triple": 3}
# A count typed as a factor: "2x kings", "kings x2" (after a card it says how many of that card in all).
TIMES = re.compile(r"^(?:x(10|[2-9])|(10|[2-9])x)$")
# Players' short "and" between two cards ("a king n a queen").
SHORT_AND = "n"
# Words after a card that say how many of it there are in all: "a jack twice", "a king 2 times".
AFTER_WORDS: dict[str, int] = {"twice": 2, "thrice": 3}
# A count, this sign and a rank, singular or plural, is so many of that rank ("3 x 4": three fours, not a 3, a
# joker and a 4).
TIMES_SIGN = "x"
TIMES_WORD = "times"
# Words that count two cards before "of" and a plural rank: "a pair of kings", "a couple of jokers".
PAIR_WORDS = frozenset(("pair", "couple"))
# The word that stands for the rank just named after a colour: "two red kings and a black one".
ONE = "one"
# The word for one more of the card just named ("a king and another", "a 5 and another one"); before a card
# ("and another king") it is that card's article.
ANOTHER = "another"
# Words before a card that make a number a card, whatever follows it ("a 5 left").
ARTICLES = frozenset(("a", "an", "the"))
INDEFINITE = frozenset(("a", "an"))  # after these a number is a card, never a count
DEFINITE = "the"  # before a rank already named, plain, it names that card again ("drew a 2 ... put the 2 in")
# Words of a player taking a card back ("a 7, no wait, J", "a king, i mean Q"): a letter of the notation after them,
# with a card before them, is a card (`_beside_a_card`).
CORRECTING = frozenset(("no", "wait", "i", "mean", "sorry", "actually", "er", "erm", "um", "uh"))
# Words that join a letter of the notation to the card after it ("J plus a 5", "K with a joker").
LETTER_JOINS = frozenset(("and", "plus", "with", "or", "also"))
# Words that add the number after them to the card before them ("7 and 8 left": two cards, not eight).
LISTED_JOINS = frozenset(("and", "plus"))
# A colour after these, with "and", "or" or "one" after it, waits for the rank of the next coloured card.
BEFORE_COLOUR = frozenset(("a", "an", "one"))
# A number followed by one of these counts something else: "two cards left", "3 players", "7 points", "after two
# penalties".
NOT_CARDS = frozenset(("card", "cards", "player", "players", "people", "turn", "turns", "round", "rounds", "point",
                       "points", "pts", "times", "minutes", "seconds", "left", "us", "them", "or", "to", "penalty",
                       "penalties", "games"))
# ... but not these pairs, which start a new clause: "snapped my 7, left with a 10" (the comma is gone by then).
NOT_CARDS_EXCEPT = (("left", "with"),)
# After a number and "of", these count people (or cards already named), no card: "two of us", "three of them".
OF_PEOPLE = frozenset(("us", "them", "you"))
# A number said in words after one of these counts cards, no card: "my bottom two", "the other three".
COUNT_BEFORE = frozenset(("top", "bottom", "other", "first", "last", "remaining"))
COUNT_OWNERS = frozenset(("the", "my", "your", "his", "her", "their", "our"))  # (before it: "a other two" is a 2)
# A number before a colon (or "now" and a colon) that opens a list counts its cards: "I've got 5: red K, ...", "so 6
# now: 3D, ..." (written "5 cards:", a label, by `cambio_ref.askhand.raw_words`); not a time ("5:30").
COUNT_COLON = re.compile(r"\b(10|[2-9]|two|three|four|five|six|seven|eight|nine|ten)(\s+now)?\s*:(?=\s)", re.IGNORECASE)
# After an owner or "last", "final", "other", before "are" or "were", a number counts the cards after it too: "my
# final four were 10, 10, 10, 2" (the four was a card), "the other two are a king and a jack"; read as "... cards".
COUNT_ARE = re.compile(r"\b((?:my|the|last|final|other|remaining)\s+)(10|[2-9]|two|three|four|five|six|seven|eight"
                       r"|nine|ten)(\s+(?:are|were)\b)", re.IGNORECASE)
# A number before one of these is poker's count of cards alike, no card: "four of a kind", "a three of a kind" (an
# article before it too), "two pair"; not before "of" ("two, pair of kings": a 2 and two kings).
OF_A_KIND = (("of", "a", "kind"), ("pair",))
# Words between two numbers that make them a run of ranks, the number cards as a kind, no card: "2 to 10",
# "two through ten".
RANGE_WORDS = frozenset(("to", "through", "thru"))
# The word between a card and the points a table gives it: "red king at 0, black king at 10".
STATED_AT = "at"
# A word between a number and such a word: "two more cards" counts cards, but "two more" alone is a 2 and a
# word that is no card (named, not dropped).
MORE = "more"


def _beside_a_card(words: Sequence[str], i: int, aces: bool = True) -> bool:
    """The words around position `i` make a letter of the notation a card: a card or a suit word beside it
    ("K Q J 10", "7 of clubs & J"), "a", "an", "one" or a colour before it ("a J", "black Q"), "of" after it
    ("the A of spades"), or a card after a joining word or an article ("J plus three 5's", "K with an
    joker", "J & a queen"); not "Q&A" (nor "the Q&A").

    >>> _beside_a_card("k q j".split(), 0), _beside_a_card("official q a".split(), 1)
    (True, False)
    >>> _beside_a_card("a j and".split(), 1), _beside_a_card("black q".split(), 1), _beside_a_card("the q a".split(), 1)
    (True, True, False)
    >>> _beside_a_card("j plus three fives".split(), 0), _beside_a_card("q a say about a king".split(), 0)
    (True, False)
    >>> _beside_a_card("k and another".split(), 0), _beside_a_card("q and also 2x tens".split(), 0)
    (True, True)
    """
    def names_a_card(k: int) -> bool:  # (an ace typed "1" too, with `aces`: "K 1 2")
        return _names_a_card(words, k) or (aces and 0 <= k < len(words) and _ace_number(words, k))

    k = i + 1
    while k < len(words) and words[k] in LETTER_JOINS:  # ("K and also a 5")
        k += 1
    k += words[k:k + 1] != [] and words[k] in ARTICLES
    before = i - 1
    while before > 0 and (words[before] in LETTER_JOINS or words[before] in CORRECTING):  # ("a 7, no wait, J")
        before -= 1
    return (names_a_card(i - 1) or names_a_card(i + 1)
            or (i > 0 and (words[i - 1] in BEFORE_COLOUR or words[i - 1] in COLOURS))
            or words[i + 1:i + 2] == ["of"]
            or (words[i + 1:i + 2] != [] and (words[i + 1] in COLOURS or words[i + 1] in AFTER_WORDS  # "K red"
                                              or bool(TIMES.match(words[i + 1]))))  # "K twice", "K x2"
            or (k < len(words) and (  # (a card's words after it: "J triple aces", "J and a K")
                _card_follows(words, k) or words[k] in PAIR_WORDS or words[k] == ANOTHER  # "K and another"
                or (words[k] in COUNT_WORDS and _card_follows(words, k + 1))  # "K with one red 6"
                or (aces and _ace_number(words, k))  # "K with a 1"
                or (_times_before(words[k]) > 0 and _card_follows(words, k + 1))))
            or (before < i - 1 and names_a_card(before)))


def _after_a_card(words: Sequence[str], i: int, used: Collection[int]) -> bool:
    """The words before position `i`, joining words aside ("and also"), end a card already read (`used`): a
    letter of the notation there goes on a list of cards ("a ten twice and J", "another one and also K").

    >>> _after_a_card("a ten twice and also j".split(), 5, {1, 2}), _after_a_card("the q".split(), 1, set())
    (True, False)
    """
    k = i - 1
    while k > 0 and words[k] in LETTER_JOINS:
        k -= 1
    return k in used


def _names_a_card(words: Sequence[str], k: int) -> bool:
    """The word at position `k` is a rank, a suit word or a card code."""
    return 0 <= k < len(words) and (words[k] in RANK_WORDS or words[k] in SUIT_WORDS or code_of(words[k]) is not None)


def _ace_number(words: Sequence[str], i: int) -> bool:
    """The word at position `i` is `ACE_NUMBER` read as an ace: where a letter of the notation is a card
    (`_beside_a_card`: after "a", "an" or "one", before "of", beside a card or joined to one). "1 ace" is a
    count, read before this.

    >>> _ace_number("a 1 and a 2".split(), 1), _ace_number("k 1 2".split(), 1), _ace_number("player 1 wins".split(), 1)
    (True, True, False)
    """
    return words[i] == ACE_NUMBER and _beside_a_card(words, i, aces=False)


def _times_after(words: Sequence[str], i: int) -> tuple[int, int]:
    """The count a factor at position `i`, after a card, says ("x2", "twice", "2 times"), and how many words it
    takes; (0, 0) if none.

    >>> _times_after(["x3"], 0), _times_after(["twice"], 0), _times_after(["two", "times"], 0), _times_after(["x"], 0)
    ((3, 1), (2, 1), (2, 2), (0, 0))

    The times sign and a count after a plural ("tens x 2, KH"), or with no card after them ("a king x 2 and"),
    say how many; "K X 2 5" is a list of cards.

    >>> _times_after("k x 2 and".split(), 1), _times_after("k x 2 5".split(), 1), _times_after("tens x 2 kh".split(), 1)
    ((2, 2), (0, 0), (2, 2))
    """
    word = words[i]
    plural = i > 0 and words[i - 1] in RANK_WORDS and words[i - 1].endswith("s")
    if (word == TIMES_SIGN and COUNT_WORDS.get(words[i + 1] if i + 1 < len(words) else "", 0) > 1
            and words[i + 1] != "both" and (plural or not (i + 2 < len(words) and (
                words[i + 2] in RANK_WORDS or code_of(words[i + 2]) is not None)))):
        return COUNT_WORDS[words[i + 1]], 2
    factor = TIMES.match(word)
    if factor and factor[1]:
        return int(factor[1]), 1
    if word in AFTER_WORDS:
        return AFTER_WORDS[word], 1
    if COUNT_WORDS.get(word, 1) > 1 and word != "both" and words[i + 1:i + 2] == [TIMES_WORD]:
        return COUNT_WORDS[word], 2
    return 0, 0


def _is_number(words: Sequence[str]) -> bool:
    """`words` is one word, a number in digits or a count's word.

    >>> _is_number(["10"]), _is_number(["two"]), _is_number(["kings"]), _is_number([])
    (True, True, False, False)
    """
    return len(words) == 1 and (words[0][:1].isdigit() or words[0] in COUNT_WORDS)


def _times_before(word: str) -> int:
    """The count a multiple or a factor before a rank says ("double" 2, "3x" 3), else 0.

    >>> _times_before("double"), _times_before("3x"), _times_before("x3"), _times_before("two")
    (2, 3, 0, 0)
    """
    factor = TIMES.match(word)
    return MULTIPLES.get(word) or (int(factor[2]) if factor and factor[2] else 0)


def _card_follows(words: Sequence[str], i: int) -> bool:
    """A card's words begin at position `i`: a rank, a card code, or a colour or count and then a rank.

    >>> _card_follows("red king".split(), 0), _card_follows("one".split(), 0), _card_follows("two kings".split(), 0)
    (True, False, True)
    """
    ahead = words[i:i + 2]
    return bool(ahead) and (ahead[0] in RANK_WORDS or code_of(ahead[0]) is not None or (
        (ahead[0] in COLOURS or ahead[0] in COUNT_WORDS) and ahead[1:] != [] and ahead[1] in RANK_WORDS))


def and_between_cards(words: Sequence[str]) -> list[str]:
    """`words` with a short "and" (`SHORT_AND`) after a card's word and before a card read as "and".

    >>> and_between_cards("a king n a queen".split()), and_between_cards("rock n roll".split())
    (['a', 'king', 'and', 'a', 'queen'], ['rock', 'n', 'roll'])
    >>> " ".join(and_between_cards("kh n one red 5 n a pair of aces n 2 n".split()))
    'kh and one red 5 and a pair of aces and 2 n'

    """
    def after_a_card(k: int) -> bool:  # (a card's word, a factor after it or "another (one)": "a ten twice n a J")
        return k > 0 and (words[k - 1] in RANK_WORDS or words[k - 1] in SUIT_WORDS or code_of(words[k - 1]) is not None
                          or words[k - 1] in AFTER_WORDS or bool(TIMES.match(words[k - 1])) or words[k - 1] == ANOTHER
                          or words[k - 2:k] == [ANOTHER, ONE] or (words[k - 1] in COLOURS and k > 1 and (
                              words[k - 2] in RANK_WORDS or code_of(words[k - 2]) is not None)))  # ("4s red n q")

    def before_a_card(k: int) -> bool:  # an article, a count ("one", "a pair of") or a colour, then a rank
        k += k < len(words) and words[k] in ARTICLES
        first = words[k] if k < len(words) else ""
        return _card_follows(words, k) or first in PAIR_WORDS or (
            (first in COUNT_WORDS or _times_before(first) > 0) and _card_follows(words, k + 1))  # ("n 3x 2s")

    return ["and" if w == SHORT_AND and after_a_card(i) and before_a_card(i + 1) else w for i, w in enumerate(words)]


def mentions(words: Sequence[str]) -> tuple[CardMention, ...]:
    """The cards `words` (lower case, unstemmed) name, in order (`read_cards` without the words it used)."""
    return read_cards(words).cards


@dataclass(frozen=True)
class Reading:
    """The cards a question names, the positions of the words that name them, and whether it asks about ranks."""

    cards: tuple[CardMention, ...]
    used: frozenset[int]  # positions of the words read as (part of) a card: counts, colours, ranks, "of", suits
    ranks_only: bool  # every card is a plural rank without a count ("kings", "red kings"): it asks about the rank
    points: frozenset[int] = frozenset()  # positions of numbers that say points, not a card ("worth 10")
    stated: frozenset[int] = frozenset()  # those of them said right after a card as its points ("red king 0")
    poker: bool = False  # it counts cards alike as poker does ("four of a kind": `OF_A_KIND`)
    named_at: tuple[int, ...] = ()  # per card, where the words naming it start (shared by the cards a count names)


def without(reading: Reading, places: Collection[int]) -> Reading:
    """`reading` less the cards whose words start at `places`, and those words.

    >>> r = without(read_cards("j a 7 a ten".split()), {1, 2})
    >>> [str(m) for m in r.cards], sorted(r.used)
    (['J', '10'], [0, 4])
    """
    kept = [n for n, at in enumerate(reading.named_at) if at not in places]
    return replace(reading, cards=tuple(reading.cards[n] for n in kept), used=reading.used - frozenset(places),
                   named_at=tuple(reading.named_at[n] for n in kept))


def read_cards(words: Sequence[str]) -> Reading:
    """The cards `words` (lower case, unstemmed) name, in order, and which words name them.

    A rank word may follow a count ("two", "2", "one", "both", "a pair of") when it is plural,
    or a multiple ("double", "triple", "2x") either way, and "red" or "black"; it may be
    followed by "of" and a suit word, or by a factor ("kings x2", "a jack twice", "a king 3 times":
    so many in all). A colour
    before "one" is one more card of the rank just named, and so is "another" (or "another one") after a card.

    >>> r = read_cards("2 red kings a joker and an ace".split())
    >>> [str(m) for m in r.cards], sorted(r.used), r.ranks_only
    (['K(red)', 'K(red)', 'X', 'A'], [0, 1, 2, 4, 7], False)
    >>> [str(m) for m in read_cards("a pair of kings and both jokers".split()).cards]
    ['K', 'K', 'X', 'X']
    >>> [str(m) for m in read_cards("couple fours and a pair".split()).cards]
    ['4', '4']
    >>> [str(m) for m in read_cards("two red kings and a black one".split()).cards]
    ['K(red)', 'K(red)', 'K(black)']
    >>> [str(m) for m in read_cards("two cards left a king and a 5 left".split()).cards]
    ['K', '5']
    >>> [str(m) for m in read_cards("a red and a black king".split()).cards]
    ['K(red)', 'K(black)']
    >>> [str(m) for m in read_cards("two kings one black one red and a 4".split()).cards]
    ['K', 'K', '4']
    >>> read_cards("kings and jokers".split()).ranks_only
    True
    >>> [[str(m) for m in read_cards(t.split()).cards] for t in ("a double king", "seven twos", "kings x2 and an ace")]
    [['K', 'K'], ['2', '2', '2', '2', '2', '2', '2'], ['K', 'K', 'A']]
    >>> [[str(m) for m in read_cards(t.split()).cards] for t in ("a jack twice and a 4", "a king two times")]
    [['J', 'J', '4'], ['K', 'K']]
    >>> [[str(m) for m in read_cards(t.split()).cards] for t in ("a red king and another", "a 5 and another one")]
    [['K(red)', 'K(red)'], ['5', '5']]
    >>> [[str(m) for m in read_cards(t.split()).cards] for t in ("3 x 4", "kings x 2", "a ten twos")]  # "a ten": a card
    [['4', '4', '4'], ['K', 'K'], ['10', '2']]
    >>> [[str(m) for m in read_cards(t.split()).cards] for t in ("a queen red and another", "ace red 2 times")]
    [['Q(red)', 'Q(red)'], ['A(red)', 'A(red)']]
    >>> [str(m) for m in read_cards("i had a queen drew a 2 put the 2 in and the queen went".split()).cards]
    ['Q', '2']
    >>> said = ("score for ten of spades a ten", "score for 10 a joker")
    >>> [[str(m) for m in read_cards(t.split()).cards] for t in said]
    [['10S', '10'], ['10', 'X']]
    >>> poker = ("four of a kind", "is a three of a kind worth 3", "two pair", "two pair of kings")
    >>> [[str(m) for m in read_cards(t.split()).cards] for t in poker]
    [[], [], [], ['2', 'K', 'K']]
    >>> r = read_cards("red king 0 and black king 20 how do kings count".split())
    >>> [str(m) for m in r.cards], sorted(r.stated)
    (['K(red)', 'K(black)', 'K'], [2, 6])
    >>> r = read_cards("red king at 0 and black king at 10".split())
    >>> [str(m) for m in r.cards], sorted(r.stated)
    (['K(red)', 'K(black)'], [3, 8])
    >>> [[str(m) for m in read_cards(t.split()).cards] for t in ("what are 2 to 10 worth", "two through ten and a k")]
    [[], ['K']]
    >>> [str(m) for m in read_cards("black aces and a 3".split()).cards]  # (a pack has two black aces)
    ['A(black)', 'A(black)', '3']
    >>> r = read_cards("a king and another queen".split())
    >>> [str(m) for m in r.cards], sorted(r.used)
    (['K', 'Q'], [1, 3, 4])
    """
    found: list[CardMention] = []
    pending: list[tuple[str, int]] = []  # (colours said before their rank, each with where it was said)
    named_at: list[int] = []  # (per card of `found`: where its words start)
    used: set[int] = set()
    points: set[int] = set()
    statements: set[int] = set()
    poker = False
    plural_only = True
    i = 0
    while i < len(words):
        start = i
        word = words[i]
        times, width = _times_after(words, i) if found and i - 1 in used else (0, 0)
        if times:  # "kings x2", "kings x 2", "a jack twice", "a king 2 times": that card, so many times in all
            found += [found[-1]] * (times - 1)
            named_at += [named_at[-1]] * (times - 1)  # (one card said so many times: one count)
            used.update(range(i, i + width))
            plural_only = False
            i += width
            continue
        code = code_of(word)
        if code:
            found.append(CardMention(*code))
            named_at.append(i)
            used.add(i)
            plural_only = False
            i += 1
            continue
        if word == ANOTHER and found and (words[i + 1:i + 2] == [ONE] or (
                i - 1 not in used and not _card_follows(words, i + 1))):
            # "a king and another (one)": one more of the card just named (its rank and colour); "another one"
            # right after the card and before another too ("a 5, another one, K": no card follows it in English)
            width = 2 if words[i + 1:i + 2] == [ONE] else 1
            found.append(CardMention(found[-1].rank, "", found[-1].colour))
            named_at.append(i)
            used.update(range(i, i + width))
            plural_only = False
            i += width
            continue
        if (word in COLOURS and i > 0 and words[i - 1] in BEFORE_COLOUR
                and words[i + 1:i + 2] in (["and"], ["or"], [ONE])
                and not (words[i + 1] == ONE and found and words[i - 1] != ONE)):
            pending.append((word, i))  # "a red and a black king", "one red one black king": said with the next colour
            used.update((i - 1, i) if words[i - 1] == ONE else (i,))
            i += 1
            continue
        if word in COLOURS and words[i + 1:i + 2] == [ONE] and found and found[-1].rank != JOKER:
            found.append(CardMention(found[-1].rank, "", word))
            named_at.append(i)
            used.update((i, i + 1))
            plural_only = False
            i += 2
            continue
        count = 0
        pair = word in PAIR_WORDS  # ("a pair of kings"; "couple 4s" without "of")
        of = pair and words[i + 1:i + 2] == ["of"]
        sign = (COUNT_WORDS.get(word, 0) > 1 and word != "both" and words[i + 1:i + 2] == [TIMES_SIGN]
                and not (i > 0 and words[i - 1] in INDEFINITE))  # ("a 10 x 2": a ten, twice)
        times = _times_before(word) or (COUNT_WORDS[word] if sign else 0)
        j = i + 2 if of or sign else i + 1 if word in COUNT_WORDS or times or pair else i
        colour_at = j if j < len(words) and words[j] in COLOURS else -1
        rank_at = colour_at + 1 if colour_at >= 0 else j
        # After "a" or "an" a number is a card, not a count ("a ten, twos" is a 10 and twos, not ten twos).
        carded = i > 0 and words[i - 1] in INDEFINITE and not (pair or times)
        # "1" counts a rank in words ("1 ace"), not a number ("1 2" is an ace and a 2: `ACE_NUMBER`).
        if (j > i and not carded and rank_at < len(words) and words[rank_at] in RANK_WORDS
                and ((words[rank_at].endswith("s") and code_of(words[rank_at]) is None)  # ("9, 6S": a 9, 6♠)
                     or COUNT_WORDS.get(word) == 1 or times)
                and not (word == ACE_NUMBER and words[rank_at][:1].isdigit())):
            count = 2 if pair else times or COUNT_WORDS[word]
            i = j
            word = words[i]
        colour = word if word in COLOURS and i + 1 < len(words) and (
            words[i + 1] in RANK_WORDS or _ace_number(words, i + 1)) else ""  # ("a black 1": an ace)
        if colour:
            i += 1
            word = words[i]
        number = word[:1].isdigit() or word in COUNT_WORDS
        # "two cards left" counts cards, but "a 5 left" and "a red two more" are cards: after an article or a
        # colour a number is a card.
        after = i + 2 if words[i + 1:i + 2] == [MORE] else i + 1
        counted = number and not count and not colour and ((after < len(words) and (
            (words[after] in NOT_CARDS and tuple(words[after:after + 2]) not in NOT_CARDS_EXCEPT)
            or (words[after] == "of" and words[after + 1:after + 2] != []
                                          and words[after + 1] in OF_PEOPLE)))  # ("two of us flipped")
            or (i > 1 and words[i - 1] in COUNT_BEFORE and words[i - 2] in COUNT_OWNERS
                and not word[:1].isdigit())  # ("my bottom two")
            or (i > 0 and words[i - 1] in NUMBERED))  # ("round 3 just ended": the third round, `askcanon.ordinals`)
        alike = number and not count and any(tuple(words[i + 1:i + 1 + len(p)]) == p
                                             and words[i + 1 + len(p):i + 2 + len(p)] != ["of"] for p in OF_A_KIND)
        poker = poker or alike
        # "is a king worth 10", "counts as 11", "worth 1 or 0": points, not a card ("score for ten of spades": a card)
        suited = words[i + 1:i + 2] == ["of"] and i + 2 < len(words) and words[i + 2] in SUIT_WORDS
        said = number and not count and not colour and not suited and i > 0 and (words[i - 1] in POINTS_BEFORE or (
            i > 1 and ((words[i - 1] == "as" and words[i - 2] in POINTS_VERBS)
                       or (words[i - 1] == "for" and words[i - 2] in FOR_POINTS_VERBS)
                       or (words[i - 1] in CLAIMED and i - 2 in used)  # ("a red king and a 5 is 4")
                       or (words[i - 1] == "to" and words[i - 2] in POINTS_BEFORE))) or (  # ("equal to 4")
            words[i - 1] == "or" and i - 2 in points))
        # "red king 0, black king 20": a number right after a card that names no rank ("0", "20") states that card's
        # points, as a house rule says them: no card, and no word left unread; so does any number after a card and
        # `STATED_AT` ("red king at 0", "a black king at 10")
        stated = word.isdigit() and not count and not colour and (
            (word not in RANK_WORDS and word != ACE_NUMBER and i - 1 in used)
            or (i > 1 and words[i - 1] == STATED_AT and i - 2 in used))
        if said or stated:
            points.add(i)
        if stated:
            statements.add(i)
        ace = not count and _ace_number(words, i)
        # "what are 2 to 10 worth": a run of ranks (`RANGE_WORDS`), no card
        ranged = number and not count and not colour and (
            (words[i + 1:i + 2] != [] and words[i + 1] in RANGE_WORDS and _is_number(words[i + 2:i + 3]))
            or (i > 1 and words[i - 1] in RANGE_WORDS and _is_number(words[i - 2:i - 1])))
        # (a number right after a card, or after one and "and", before "left", is one more card: "only 4 + 4 left",
        # "7 and 8 left", not "4 left")
        listed = words[after:after + 1] == ["left"] and (
            i - 1 in used or (i > 1 and words[i - 1] in LISTED_JOINS and i - 2 in used))
        # (after "a" a number is a card; after "the" too, but for "the two cards": those counted)
        articled = i > 0 and (words[i - 1] in INDEFINITE or (
            words[i - 1] == DEFINITE and words[after:after + 1] not in (["card"], ["cards"])))
        if (word in RANK_WORDS or ace) and not said and not stated and not alike and not ranged and not (
                counted and not articled and not listed) and (
                word not in RANK_LETTERS or count or _after_a_card(words, i, used) or _beside_a_card(words, i)):
            rank = RANK_WORDS.get(word, "A")
            suit = ""
            plural = word.endswith("s")
            if suited and rank != JOKER:
                suit = SUIT_WORDS[words[i + 2]]
                i += 2
            if colour and rank != JOKER and not suit:
                found += [CardMention(rank, "", c) for c, _ in pending]
                named_at += [at for _, at in pending]
            pending.clear()
            if (not colour and not suit and rank != JOKER and words[i + 1:i + 2] != [] and words[i + 1] in COLOURS
                    and words[i + 2:i + 3] != [ONE]
                    and (not _card_follows(words, i + 1) or _times_after(words, i + 2)[0])):
                colour = words[i + 1]  # after its rank, with no card after it: "a queen red and another"
                i += 1
            # "I had a queen ... the queen went on the pile": the card named again, not one more
            again = (start > 0 and words[start - 1] == DEFINITE and not (count or colour or suit or plural)
                     and any(m.rank == rank for m in found))
            # "the black aces", "red kings and a 5" (a colour, its rank plural, no count): every card of that colour
            many = len(COLOURS[colour]) if colour and plural and not (count or suit) and rank != JOKER else 0
            found += [CardMention(rank, suit, "" if suit or rank == JOKER else colour)] * (
                0 if again else count or many or 1)
            named_at += [start] * (0 if again else count or many or 1)
            # "and another king": "another" is the card's article (not after an article: "a another" is no English)
            another = start > 0 and words[start - 1] == ANOTHER and not (start > 1 and words[start - 2] in ARTICLES)
            counted_one = ace and start > 0 and words[start - 1] == ONE  # "one 1": one ace
            used.update(range(start - 1 if another or counted_one else start, i + 1))
            plural_only = plural_only and plural and not count and not suit
        i += 1
    return Reading(tuple(found), frozenset(used), bool(found) and plural_only, frozenset(points), frozenset(statements),
                   poker, tuple(named_at))
