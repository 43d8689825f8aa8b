"""A hand in a question: its words as the engine reads them, the label before it and the span of its cards.

`raw_words` writes the cards a player types plainly before anything else reads the text: suit symbols as
letters, players' plurals ("5s", "K's") as words, letters run together ("KK77") one a word, separators
between a number and a plural as "and" (`cambio_ref.cardnames` and `cambio_ref.cardcounts` hold each
pattern). `hand_label` finds a label before the cards ("my hand:"), and `hand_span` the words among them,
where a word that is no card is named as unread, never dropped (`cambio_ref.askread.analyse`).
docs/javascripts/ask-cards.js reads the same tables from the site's index (`hand_json`).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Collection, Iterable, Sequence
from typing import Any

from cambio_ref.askcontractions import expand
from cambio_ref.cardcounts import (
    AFTER_WORDS,
    AGREED_PLURAL,
    ANOTHER,
    ANOTHER_ALONE,
    ARTICLES,
    BEFORE_COLOUR,
    CORRECTING,
    COUNT_ARE,
    COUNT_BEFORE,
    COUNT_BREAK,
    COUNT_COLON,
    COUNT_OWNERS,
    COUNT_WORDS,
    COUNTED_PLURAL,
    DEFINITE,
    EACH_AFTER,
    EACH_BEFORE,
    FACTOR_SPACED,
    FACTORED_PLURAL,
    INDEFINITE,
    LETTER_JOINS,
    LISTED_JOINS,
    MORE,
    MULTIPLES,
    NOT_CARDS,
    NOT_CARDS_EXCEPT,
    NUMBER_WORDS,
    OF_A_KIND,
    OF_PEOPLE,
    ONE,
    ONE_COLOURS,
    PAIR_WORDS,
    RANGE_WORDS,
    SHORT_AND,
    STATED_AT,
    TIMES,
    TIMES_SIGN,
    TIMES_WORD,
    and_between_cards,
)
from cambio_ref.cardnames import (
    ACE_LETTER,
    ACE_NUMBER,
    ACE_OF_SPADES,
    ACE_PLURAL,
    CARD_SYMBOLS,
    COLOUR_AFTER,
    COLOURS,
    NICKNAME,
    NICKNAMES,
    PLURAL_S,
    PLURAL_WORDS,
    QA_SPACED,
    RANK_LETTERS,
    RANK_WORDS,
    RUN_CHAT,
    RUN_TOGETHER,
    SUIT_ALONE,
    SUIT_GLYPHS,
    SUIT_NAMES,
    SUIT_WORDS,
    split_run,
)
from cambio_ref.cardpoints import (
    CLAIMED,
    EQUAL_WORDS,
    EQUALS_SAID,
    FOR_POINTS_VERBS,
    LIST_COLON,
    MINUS_SAID,
    POINTS_BEFORE,
    POINTS_SAID,
    POINTS_VERBS,
)
from cambio_ref.cards import RANKS

__all__ = [
    "CARD_NAMED",
    "DESCRIBED_BY",
    "HAND_LABELS",
    "HAND_VERBS",
    "HAVING",
    "HAVING_BETWEEN",
    "HAVING_PAIRS",
    "HAVING_WITHIN",
    "JOINS",
    "JUDGING",
    "LABEL_COLON",
    "LABEL_OWNERS",
    "MAX_NUMBER_CARD",
    "NOW_WORDS",
    "OWN_LABELS",
    "RIGHT",
    "SUMMED",
    "SUM_NOUNS",
    "SUM_PAIRS",
    "alone",
    "hand_json",
    "hand_label",
    "hand_span",
    "judged",
    "labels",
    "raw_words",
    "summed",
]

_WORD = re.compile(r"[a-z0-9]+")


# A name with "'s" before "card", "cards", "grid", "hand" or "layout", inside a sentence ("I snapped Mia's card"), is
# another player's card, read as the glossary's "someone else's card" (a capital word first in a sentence may be no
# name: "Everyone's").
POSSESSIVE_NAME = re.compile(r"(?<![.!?:]\s)(?<!^)\b[A-Z][a-z]+'s(?=\s+(?:cards?|grid|hand|layout)\b)")
OTHERS = "someone else's"
# A tag after a statement ("I'm allowed to pass, right?", "that's 12, yeah?") asks nothing itself: it is dropped
# ("right" would be asked for as a direction).
TAG_QUESTION = re.compile(r",\s*(?:right|yeah|yes|no|correct|ok|okay|innit)\s*\?")
# A star before a word corrects the word before it, as texting writes it ("a quen *queen", "a 6 *5"): read as "i mean"
# (`cambio_ref.askstory.CORRECTIONS`); not a word between two stars ("*really*").
STAR_FIX = re.compile(r"(?<!\S)\*(?=[A-Za-z0-9])(?![A-Za-z0-9]*\*)")
# A number that ends a sentence ends a list of cards: a word after it that would say what a number counts does not
# ("my cards: ace, 3. points?": a 3, not 3 points; `cambio_ref.cardcounts.NOT_CARDS`). Written with "so" after it, a
# stop word, as `cambio_ref.cardpoints.LIST_COLON` is. (Not "1... er, an ace": a slip, `cardcounts.CORRECTING`.)
NUMBER_END = re.compile(rf"(?<![\d.])(\d+)\s*(?:[!?;]+|\.(?!\.))\s+(?=(?:{'|'.join(sorted(NOT_CARDS))})\b)",
                        re.IGNORECASE)
# "snapped my card" and the like name another player's act on yours (spec/glossary.yaml, "another player"); after "I"
# the player acted on their own card: "I snapped my card" reads "I snapped my own card".
MY_OWN = re.compile(r"\b(i\s+(?:[a-z]+\s+)?(?:snapped|flipped|burned|burnt|slapped|slammed)\s+my)\s+(cards?)\b")


def raw_words(text: str) -> list[str]:
    """The words of `text`, lower case and unstemmed; a suit symbol reads as its letter ("K♥" -> "kh"),
    a capital A standing alone inside a sentence as an ace, a rank and a lower-case "s" as the rank's plural
    ("5s" -> "fives", `cambio_ref.cardnames.PLURAL_S`), a contraction as the words it stands for (`expand`),
    a separator between a number and a plural as "and" (`COUNT_BREAK`), and "n" between cards as "and".

    >>> raw_words("What's K♥ worth? Ann's 10♦!")
    ['what', 'kh', 'worth', 'ann', '10d']
    >>> raw_words("I snapped Mia's card. Everyone's cards")  # (`POSSESSIVE_NAME`)
    ['i', 'snapped', 'someone', 'else', 'card', 'everyone', 'cards']
    >>> raw_words("A king, K 7 A 2")
    ['a', 'king', 'k', '7', 'ace', '2']
    >>> raw_words("KS 5S 5♠ ks 5s Ks two 10s don't")
    ['ks', '5s', '5s', 'kings', 'fives', 'kings', 'two', 'tens', 'do', 'not']
    >>> raw_words("two 5's, both K's, a 7's peek, 3's x 2")
    ['two', 'fives', 'both', 'kings', 'a', '7', 'peek', 'and', 'threes', 'x2']
    >>> raw_words("what are K's worth? how many 7's; Q's are; a K's worth")
    ['what', 'are', 'kings', 'worth', 'how', 'many', 'sevens', 'and', 'queens', 'are', 'a', 'k', 'worth']
    >>> raw_words("9s and 10s, 2 of each"), raw_words("two of each: 3s and 4s")
    (['2', 'nines', 'and', '2', 'tens'], ['two', 'threes', 'and', 'two', 'fours'])
    >>> raw_words("ten, twos; 3/5s; 3's, tens; a king n a queen")
    ['ten', 'and', 'twos', '3', 'and', 'fives', '3', 'and', 'tens', 'a', 'king', 'and', 'a', 'queen']
    >>> raw_words("KK77, kq j; kk jk q4 77")
    ['k', 'k', '7', '7', 'k', 'q', 'j', 'kk', 'jk', 'q4', '77']

    Symbols, points said in brackets, a colour after its card, "A's" and "AS" (`cambio_ref.cardnames`):

    >>> raw_words("King (Red) (-2) + \U0001F0CF (0) + Ace (1); 6 of ♥\ufe0f, K \u00d72")
    ['red', 'king', 'joker', 'ace', '6', 'of', 'hearts', 'k', 'x2']
    >>> raw_words("the official Q and A says; I have a Q and A")  # (`cambio_ref.cardnames.QA_SPACED`)
    ['the', 'official', 'q', 'a', 'says', 'i', 'have', 'a', 'q', 'and', 'ace']
    >>> raw_words("I can pass, right? Left, or right?")  # (a tag asks nothing: `TAG_QUESTION`)
    ['i', 'can', 'pass', 'left', 'or', 'right']
    >>> raw_words("a 6 *5, is that *really* 11")  # (`STAR_FIX`)
    ['a', '6', 'i', 'mean', '5', 'is', 'that', 'really', '11']
    >>> raw_words("my cards: ace, 3. points?")  # (`NUMBER_END`)
    ['my', 'cards', 'ace', '3', 'so', 'points']
    >>> raw_words("I snapped my card, she flipped my card")  # (`MY_OWN`)
    ['i', 'snapped', 'my', 'own', 'card', 'she', 'flipped', 'my', 'card']
    >>> raw_words("my hand's worth: 10, J")  # (a list after "worth:", `cambio_ref.cardpoints.LIST_COLON`)
    ['my', 'hand', 'worth', 'so', '10', 'j']
    >>> raw_words("AS, A's, 🂮 and 2 Qs black, a king")
    ['ace', 'of', 'spades', 'and', 'aces', 'king', 'of', 'spades', 'and', '2', 'black', 'queens', 'a', 'king']
    """
    text = STAR_FIX.sub("i mean ", text.replace("\u2019", "'").replace("\u2018", "'"))
    text = POSSESSIVE_NAME.sub(OTHERS, text)
    for symbol, words in CARD_SYMBOLS.items():
        text = text.replace(symbol, words)
    text = COUNT_ARE.sub(r"\1\2 cards\3", COUNT_COLON.sub(r"\1 cards\2:", text))
    text = EQUALS_SAID.sub(" equals ", MINUS_SAID.sub(" minus ", POINTS_SAID.sub(",", LIST_COLON.sub(r"\1 so ", text))))
    text = NUMBER_END.sub(r"\1 so ", text)
    upper = text.isupper()
    text = ACE_OF_SPADES.sub(lambda m: m[0] if upper and m[0] == "AS" else "ace of spades", text)
    text = FACTOR_SPACED.sub(r"\1x\2", text)  # (before "X" is lower case: a joker)
    text = ACE_LETTER.sub("ace", ACE_PLURAL.sub("aces", QA_SPACED.sub(r"\1Q&A", text)))
    text = CARD_NAMED.sub("", LABEL_COLON.sub(r"\1 so ", text))  # (after a capital A after a colon is read as an ace)
    text = TAG_QUESTION.sub("?", PLURAL_S.sub(lambda m: PLURAL_WORDS[m[1].upper()], text).lower())
    text = MY_OWN.sub(r"\1 own \2", text)
    text = ONE_COLOURS.sub(r"one \1\2one \3", text)  # ("2 kings (1 red 1 black)")
    text = SUIT_ALONE.sub(lambda m: f" {SUIT_NAMES[SUIT_GLYPHS[m[1]]]} ", text)
    text = COLOUR_AFTER.sub(lambda m: f"{m[2] or m[3]} {m[1]}", text)
    text = NICKNAME.sub(lambda m: NICKNAMES[m[0]], text)
    text = ANOTHER_ALONE.sub("another one", text)
    text = RUN_TOGETHER.sub(lambda m: split_run(m[0]), text)
    text = expand(text)
    text = COUNTED_PLURAL.sub(lambda m: m[1] + m[2] + PLURAL_WORDS[m[3].upper()], text)
    text = FACTORED_PLURAL.sub(lambda m: PLURAL_WORDS[m[1].upper()], text)
    text = AGREED_PLURAL.sub(lambda m: PLURAL_WORDS[(m[1] or m[2]).upper()], text)
    text = EACH_AFTER.sub(lambda m: f"{m[3]} {m[1]} and {m[3]} {m[2]}", text)
    text = EACH_BEFORE.sub(lambda m: f"{m[1]} {m[2]} and {m[1]} {m[3]}", text)
    text = COUNT_BREAK.sub(lambda m: m[1] + (m[2] or "") + " and ", text)
    for glyph, letter in SUIT_GLYPHS.items():
        text = text.replace(glyph, letter)
    return and_between_cards(_WORD.findall(text.replace("'s", "")))


# Words that join one more card to a list ("a king and a queen", "a five plus a six").
JOINS = frozenset(("and", "plus"))
# Words that label the cards right after them, first or after "my" ("hand: 3, 3, 9", "my cards: K, Q", "my grid:
# 10, J"): chat, neither a card, nor unread, nor a rule's word ("how many cards, jokers included" has no label).
HAND_LABELS = frozenset(("hand", "hands", "cards", "mine", "grid", "layout"))
# Of them, those that label the cards after them with no owner before ("... says 12. hand: 3C 8D", "mine: 4H"; "how
# many cards, jokers included" has no label).
OWN_LABELS = frozenset(("hand", "hands", "mine"))
# A colon after another word that opens a list of cards ("hand at the end: 7, 8, 9, 10", "final tally: K, 2, 2") is
# written "so", as `cambio_ref.cardpoints.LIST_COLON` writes one after "worth": the word before it is chat, not a
# card mistyped (a colon after a label is kept: "my hand: ..." is read by `hand_label`; so is one after "each" or
# "both", a count: "2 of each: 7s and 8s").
_KEPT_COLON = "|".join(sorted(HAND_LABELS | {"each", "both"}))
LABEL_COLON = re.compile(rf"\b(?!(?:{_KEPT_COLON})\b)([a-z]+)\s*:(?=[^,.?!;:]+(?:,|&|\+|\band\b))", re.IGNORECASE)
# "card" right before a number or a letter of the notation names that card ("card 8, card 10 and card K"): the word
# is left out, so that the number is read as a card, not as a count of cards ("8 cards").
CARD_NAMED = re.compile(r"\bcard\s+(?=(?:10|[2-9]|[jqka])\b)", re.IGNORECASE)
LABEL_OWNERS = frozenset(("my", "our", "final"))
# Verbs that say a player has the cards after them ("i'm holding a king and a 5"): chat, as a label is.
HAND_VERBS = frozenset(("holding", "hold", "holds"))


def hand_span(words: Sequence[str], used: Iterable[int]) -> range:
    """The positions from the word before a hand's first card to its last card, and the word an "and" after
    the last one joins: a word among them that is no card is named as unread, never dropped.

    >>> hand_span("an ace a 2 and a face card score".split(), {1, 3})
    range(0, 7)
    >>> hand_span("what is a double king".split(), {4})
    range(3, 5)
    """
    at = sorted(used)
    if not at:
        return range(0)
    end = at[-1] + 1
    k = end
    while k < len(words) and words[k] in ARTICLES:
        k += 1
    if k < len(words) and words[k] in JOINS:
        k += 1
        while k < len(words) and words[k] in ARTICLES:
            k += 1
        end = min(k + 1, len(words))
    return range(max(at[0] - 1, 0), end)

def hand_label(words: Sequence[str], used: Iterable[int]) -> int:
    """The position of the label right before a hand's first card, first or after "my" or "our" (-1 if none), or
    of a verb of holding before it or its article (`HAND_VERBS`).

    >>> hand_label("my hand 3 3".split(), {2, 3}), hand_label("how many cards jokers".split(), {3})
    (1, -1)
    >>> hand_label("i am holding a king".split(), {4})
    2
    """
    first = min(used, default=0)
    verb = first - 1 - (first > 1 and words[first - 1] in ARTICLES)
    if first and words[verb] in HAND_VERBS:
        return verb
    return first - 1 if first and words[first - 1] in HAND_LABELS and (
        first == 1 or words[first - 2] in LABEL_OWNERS or words[first - 1] in OWN_LABELS) else -1


# Verbs after a card that make it the subject of a statement ("where an ace is zero", "jokers are wild", "my two
# sixes are the six of spades and ..."): `labels`, `cambio_ref.askdescribed.described`.
DESCRIBED_BY = frozenset(("is", "are", "were"))


def labels(words: Sequence[str], j: int, used: Collection[int], between: Collection[str] = ()) -> bool:
    """Whether the word at `j` is right before a card read at `used`, "is", "are", an article or a word of `between`
    between ("mine are 2S, 4H", "cards are K♥ 3♣", "hand: a 7 and ...").

    >>> labels("mine are 2s 4h".split(), 0, {2, 3}), labels("how many cards do you get".split(), 2, set())
    (True, False)
    """
    k = j + 1
    while k < len(words) and (words[k] in DESCRIBED_BY or words[k] in ARTICLES or words[k] in between):
        k += 1
    return k in used


# The verbs after "i" that say what one has ("i have", "i've got", "i'm holding"), and the words that say, with no
# "i", that the cards after them are the hand as it is now ("so now it's 3, 9, ace", "left with a queen and a 4"):
# `having`.
HAVING = frozenset(("have", "had", "got", "holding", "hold"))
NOW_WORDS = frozenset(("now", "so"))
HAVING_PAIRS = frozenset((("left", "with"), ("down", "to"), ("ended", "with"), ("up", "with"), ("finished", "with"),
                          ("stuck", "with"), ("sitting", "on"), ("ended", "holding"), ("finished", "holding"))) | {
    (a, "w") for a in ("left", "ended", "up", "finished", "stuck")}  # (texting's "w" for "with": "stuck w two queens")
# Words that may come between such a word and the first card ("now it's 5, 6", "down to my 4").
HAVING_BETWEEN = frozenset(("it", "its", "my", "just", "only"))
# Words that may come between the two of such a pair ("ended the round with a joker and a ten").
HAVING_WITHIN = (("the", "round"), ("the", "game"), ("that", "round"), ("this", "round"), ("the", "hand"))


def having(words: Sequence[str], j: int) -> bool:
    """Whether the word at `j` says that the player has the cards after it: a verb of `HAVING` with "i" one or two
    words before it, a word of `NOW_WORDS`, or the second of a pair of `HAVING_PAIRS` ("left with", "down to",
    "ended up with"), with the words of `HAVING_WITHIN` between them or none ("ended the round with").

    >>> [having(q.split(), 2) for q in ("so i have", "i have got", "so it now", "am left with", "we have the")]
    [True, True, True, True, False]
    >>> having("ended the round with".split(), 3), having("ended a round with".split(), 3)
    (True, False)
    """
    w = words[j]
    return (w in HAVING and "i" in words[max(j - 2, 0):j]) or w in NOW_WORDS or (
        j > 0 and (words[j - 1], w) in HAVING_PAIRS) or (
        j > 2 and tuple(words[j - 2:j]) in HAVING_WITHIN and (words[j - 3], w) in HAVING_PAIRS)


def introduces(words: Sequence[str], j: int, used: Collection[int]) -> bool:
    """Whether the word at `j` introduces the cards read at `used`: a hand's label (`labels`) or a word of `having`
    right before a card ("hand: 2C", "now it's 5, 6", "left with a 4").

    >>> introduces("now its 5 6".split(), 0, {2, 3}), introduces("we have 5 6".split(), 1, {2, 3})
    (True, False)
    """
    return (words[j] in HAND_LABELS and labels(words, j, used)) or (
        having(words, j) and labels(words, j, used, HAVING_BETWEEN))


# After a hand's cards, words that point back at them ("how much is that"), and what "my" asks for ("what's my
# total"): `summed`.
SUMMED = frozenset(("that", "those"))
SUM_NOUNS = frozenset(("total", "score", "count", "points", "sum"))
# Other pairs of words that ask for the player's own sum: "what do i score", "the sum of my cards".
SUM_PAIRS = frozenset((("i", "score"), ("sum", "of"), ("total", "of")))
# Words that ask for a sum anywhere after a hand's last card ("... and a 9. Total?", "what's the actual total",
# "sum please", "what does it come to"), and the words that, ending the question there, point back at the cards
# ("... and a queen. What's that?").
SUM_AFTER = frozenset(("total", "sum"))
SUM_TO = frozenset(("come", "comes", "add", "adds"))
# After the cards, the word of "who's right" or "is she right": with a number over any card's (`MAX_NUMBER_CARD`) said,
# a total someone claims, which the hand's sum checks.
RIGHT = "right"
MAX_NUMBER_CARD = max(int(rank) for rank in RANKS if rank.isdigit())
# A word between two cards that adds them ("what's 10 of diamonds plus jack of clubs").
SUM_BETWEEN = frozenset(("plus",))
SUM_ENDS = (("make",), ("what", "that"), ("what", "is", "that"), ("how", "many"), ("how", "much"),
            ("how", "many", "points"), ("how", "that"), ("how", "is", "that"), ("what", "do", "i", "have"),
            ("what", "have", "i", "got"), ("am", "i", "winning"), ("the", "damage"), ("did", "i", "win"),
            ("did", "i", "lose"), ("how", "did", "i", "do"), ("how", "would", "i", "do"), ("what", "did", "i", "get"))


def summed(words: Sequence[str], used: Iterable[int], valued: Collection[int] = ()) -> bool:
    """Whether the words ask what the cards read at `used` add up to, as the player's own: "left" right after the
    last with a word of value (at `valued`: "how many points with just a 3 and an 8 left"), a word of `SUM_AFTER`
    or "come to" (`SUM_TO`) after it ("... and a joker. Total?", "what does that come to"), `SUM_ENDS` ending the
    question ("... and a queen. What's that?"), "that" or "those" after it next but one to a word of value ("how
    much is that", "what's that worth"), or "my" and a word of `SUM_NOUNS` ("what's my total"), or a pair of
    `SUM_PAIRS`; or a label right before the cards that end the question ("Jo says I have 14. hand: 2C 5H 6S"); or
    "plus" among the cards (`SUM_BETWEEN`).

    >>> summed("black king 6 of diamonds 2 how many points is that".split(), {1, 2, 5}, {7, 8})
    True
    >>> summed("just one 8 left".split(), {2}), summed("how many points with a 3 and an 8 left".split(), {5, 8}, {2})
    (False, True)
    >>> summed("what is my total 3 3".split(), {4, 5}), summed("does that count 10 k".split(), {3, 4})
    (True, False)
    >>> [summed(q.split(), {1, 4}) for q in ("a 9 and a king total", "a 9 and a king what does it come to",
    ...                                       "a 9 and a king what is that", "a 9 and a king what is that for")]
    [True, True, True, False]
    """
    at = sorted(used)
    if not at:
        return False
    end = at[-1] + 1
    tail = tuple(words[end:])
    added = any(w in SUM_BETWEEN for w in words[at[0]:end])  # ("a 10 plus a jack")
    # ("a red king and a 5 is 4, is she right": a sum said of the cards, to be checked)
    said = words[end + 2:end + 3] if words[end:end + 2] in (["equal", "to"], ["that", "is"]) else words[end + 1:end + 2]
    added = added or (words[end:end + 1] != [] and (words[end] in CLAIMED or words[end] in EQUAL_WORDS)
                      and said != [] and (said[0].isdigit() or said[0] in NUMBER_WORDS))  # ("that's ten")
    # ("hand: 2C", "now i have 2, 7, 7": a label or `having` right before the cards that end the question, or
    # "now" does: "i've got the K♦, a 2 and an 8 now")
    listed = all(w in NOW_WORDS for w in tail) and any(introduces(words, j, at) for j in range(len(words)))
    # ("she says i have 20 but i think it's 19: 10, 6, 3. who's right": a total over any card's number, to check)
    checked = RIGHT in tail and any(w.isdigit() and int(w) > MAX_NUMBER_CARD for w in words)
    return listed or added or checked or (words[end:end + 1] == ["left"] and bool(valued)) or any(
        w in SUM_AFTER for w in tail) or any(
        w in SUM_TO and (tail[k + 1:k + 2] == ("to",) or tail[k + 1:k + 3] == ("out", "to"))  # ("come out to")
        for k, w in enumerate(tail)) or any(
        tail[-len(e):] == e for e in SUM_ENDS) or any(
        words[k] in SUMMED and any(abs(k - v) <= 2 for v in valued) for k in range(end, len(words))) or any(
        (a == "my" and b in SUM_NOUNS) or (a, b) in SUM_PAIRS for a, b in itertools.pairwise(words))


def owned(words: Sequence[str], used: Iterable[int]) -> bool:
    """Whether the words say the cards read at `used` are the player's: a hand's label or `having` right before the
    first ("i have a 9 and a jack", "my cards are 2 and 7", "left with a 4 and a 5"), "left" right after the last
    ("only 4 + 4 left"), or "all i" and a verb of `HAVING` after the last ("a 7 and a 2, thats all i got").

    >>> owned("i have a 9 and a jack is that low".split(), {3, 6}), owned("can i swap a 9 and a jack".split(), {4, 7})
    (True, False)
    >>> owned("ace and king thats all i got".split(), {0, 2}), owned("all i got was a 9 and a jack".split(), {4, 7})
    (True, False)
    """
    at = sorted(used)
    return bool(at) and (any(introduces(words, j, at) for j in range(at[0])) or words[at[-1] + 1:at[-1] + 2] == [
        "left"] or any(words[k:k + 2] == ["all", "i"] and words[k + 2:k + 3] and words[k + 2] in HAVING
                       for k in range(at[-1] + 1, len(words))))


# Pairs of words that say a card is the player's last one ("my last card is ...", "my only card left",
# "last card standing"): `alone`.
ALONE_PAIRS = frozenset((("last", "card"), ("only", "card"), ("card", "left"), ("card", "standing"),
                         ("remaining", "card"), ("single", "card"), ("final", "card"), ("down", "to"), ("all", "i"),
                         ("last", "one"), ("left", "with"), ("that", "left")))


def alone(words: Sequence[str], used: Iterable[int]) -> bool:
    """Whether the words say that the card read at `used` is the last the player has: a pair of `ALONE_PAIRS`, or
    "left" right after it ("just an ace left").

    >>> alone("my last card is the king of clubs".split(), {4, 5, 6}), alone("just an ace left".split(), {2})
    (True, True)
    >>> alone("can i snap a king".split(), {4})
    False
    """
    at = sorted(used)
    return bool(at) and (words[at[-1] + 1:at[-1] + 2] == ["left"] or any(
        pair in ALONE_PAIRS for pair in itertools.pairwise(words)))


# Words that judge a hand, asked after its cards ("a 2 and a 3, is that good", "a pair of jacks, how cooked am i"):
# the player asks how the cards score (`judged`).
JUDGING = frozenset(("good", "bad", "low", "high", "decent", "ok", "okay", "safe", "cooked", "screwed", "winning",
                     "losing", "great", "terrible", "awful", "solid", "lucky", "unlucky", "rough", "fine"))


def judged(words: Sequence[str], used: Iterable[int]) -> frozenset[int]:
    """The places of the words of `JUDGING` after the last card read at `used`.

    >>> sorted(judged("a pair of sevens good or bad".split(), {1, 2, 3})), judged("is a good king".split(), {3})
    ([4, 6], frozenset())
    """
    at = max(used, default=len(words))
    return frozenset(j for j in range(at + 1, len(words)) if words[j] in JUDGING)


def hand_json() -> dict[str, Any]:
    """The card words, patterns and lists that read a hand, as ask.js reads them."""
    return {"ranks": RANK_WORDS, "rank_letters": sorted(RANK_LETTERS),
            "ace_letter": ACE_LETTER.pattern, "qa_spaced": QA_SPACED.pattern, "plural_s": PLURAL_S.pattern,
            "plural_words": PLURAL_WORDS,
            "run_together": RUN_TOGETHER.pattern, "run_chat": sorted(RUN_CHAT),
            "counted_plural": COUNTED_PLURAL.pattern, "each_after": EACH_AFTER.pattern,
            "each_before": EACH_BEFORE.pattern, "factored_plural": FACTORED_PLURAL.pattern,
            "agreed_plural": AGREED_PLURAL.pattern,
            "count_break": COUNT_BREAK.pattern, "short_and": SHORT_AND, "suits": SUIT_WORDS, "glyphs": SUIT_GLYPHS,
            "colours": {c: list(s) for c, s in COLOURS.items()}, "counts": COUNT_WORDS,
            "multiples": MULTIPLES, "times": TIMES.pattern, "after": AFTER_WORDS, "times_word": TIMES_WORD,
            "correcting": sorted(CORRECTING),
            "times_sign": TIMES_SIGN, "letter_joins": sorted(LETTER_JOINS),
            "listed_joins": sorted(LISTED_JOINS), "indefinite": sorted(INDEFINITE),
            "pairs": sorted(PAIR_WORDS), "one": ONE, "another": ANOTHER, "definite": DEFINITE, "more": MORE,
            "before_colour": sorted(BEFORE_COLOUR), "not_cards": sorted(NOT_CARDS),
            "not_cards_except": [list(p) for p in NOT_CARDS_EXCEPT],
            "of_people": sorted(OF_PEOPLE), "joins": sorted(JOINS),
            "articles": sorted(ARTICLES), "hand_labels": sorted(HAND_LABELS), "hand_verbs": sorted(HAND_VERBS),
            "label_owners": sorted(LABEL_OWNERS), "own_labels": sorted(OWN_LABELS), "ace_number": ACE_NUMBER,
            "symbols": CARD_SYMBOLS,
            "points_said": POINTS_SAID.pattern, "minus_said": MINUS_SAID.pattern,
            "equals_said": EQUALS_SAID.pattern, "list_colon": LIST_COLON.pattern, "number_end": NUMBER_END.pattern,
            "star_fix": STAR_FIX.pattern,
            "points_before": sorted(POINTS_BEFORE), "count_colon": COUNT_COLON.pattern, "count_are": COUNT_ARE.pattern,
            "count_before": sorted(COUNT_BEFORE), "count_owners": sorted(COUNT_OWNERS),
            "points_verbs": sorted(POINTS_VERBS), "for_points_verbs": sorted(FOR_POINTS_VERBS),
            "ace_plural": ACE_PLURAL.pattern, "of_a_kind": [list(p) for p in OF_A_KIND],
            "stated_at": STATED_AT, "range_words": sorted(RANGE_WORDS),
            "ace_of_spades": ACE_OF_SPADES.pattern, "suit_alone": SUIT_ALONE.pattern, "suit_names": SUIT_NAMES,
            "nickname": NICKNAME.pattern, "nicknames": NICKNAMES,
            "colour_after": COLOUR_AFTER.pattern, "factor_spaced": FACTOR_SPACED.pattern,
            "another_alone": ANOTHER_ALONE.pattern, "one_colours": ONE_COLOURS.pattern,
            "label_colon": LABEL_COLON.pattern, "card_named": CARD_NAMED.pattern,
            "possessive_name": POSSESSIVE_NAME.pattern, "others": OTHERS,
            "tag_question": TAG_QUESTION.pattern, "my_own": MY_OWN.pattern,
            "alone_pairs": [list(p) for p in sorted(ALONE_PAIRS)], "judging": sorted(JUDGING), "summed": sorted(SUMMED),
            "claimed": sorted(CLAIMED), "equal_words": sorted(EQUAL_WORDS), "right": RIGHT,
            "max_number_card": MAX_NUMBER_CARD,
            "sum_after": sorted(SUM_AFTER), "sum_between": sorted(SUM_BETWEEN),
            "sum_to": sorted(SUM_TO),
            "sum_ends": [list(e) for e in SUM_ENDS],
            "described_by": sorted(DESCRIBED_BY),


            "sum_nouns": sorted(SUM_NOUNS),
            "sum_pairs": [list(p) for p in sorted(SUM_PAIRS)],
            }
