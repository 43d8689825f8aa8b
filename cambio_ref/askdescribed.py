"""The cards a question says something about rather than holds: a card it gives a value or a colour ("where an ace is
zero", "both kings are red"), the deck's cards ("we play with 2 jokers in the deck"), a card's power ("the queen swap
gave me a 4"); and the points it says a card is worth. `cambio_ref.askread` leaves such cards out of the hand, with
those of `cambio_ref.askstory`; docs/javascripts/ask-story.js does the same from `cambio_ref.askstory.story_json`.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from cambio_ref.askhand import DESCRIBED_BY, JOINS
from cambio_ref.cardcounts import ARTICLES, NUMBER_WORDS
from cambio_ref.cardnames import COLOURS

__all__ = [
    "ASKING_PRONOUNS",
    "DECK_BEFORE",
    "DECK_HAS",
    "HELD_AFTER",
    "IN_DECK",
    "NEGATIVE",
    "POINTS_LEAD",
    "POWER_NOUNS",
    "claimed",
    "described",
    "described_json",
    "in_deck",
    "said_of",
    "said_points",
]

# Not when a pronoun follows, which asks about the cards ("a joker and two aces. is that negative?"), nor "how" ("a 5
# and a red king is how much").
ASKING_PRONOUNS = frozenset(("that", "it", "this", "there", "they", "those", "these", "he", "she", "we", "you", "i",
                             "how"))
# Nor when a word that says the cards are still held follows ("a 9 and a 2 are left", "a king is all I have").
HELD_AFTER = frozenset(("left", "mine", "still", "in", "all", "both", "what", "my", "now"))


def claimed(words: Sequence[str], j: int, used: Collection[int]) -> bool:
    """Whether "is" at `j` and the number after it say what the list of cards before it adds up to ("a red king and a
    5 is 4"): the run of cards right before `j` comes after "and" (or "plus") and another card.

    >>> claimed("a red king and a 5 is 4".split(), 6, {1, 2, 5}), claimed("where an ace is 0".split(), 3, {2})
    (True, False)
    """
    run = said_of(words, j, used)
    if not run or j + 1 >= len(words) or not (words[j + 1].isdigit() or words[j + 1] in NUMBER_WORDS):
        return False
    k = run[0] - 1
    while k >= 0 and words[k] in ARTICLES:
        k -= 1
    if k < 0 or words[k] not in JOINS:
        return False
    k -= 1
    while k >= 0 and words[k] in ARTICLES:
        k -= 1
    return k in used


def said_of(words: Sequence[str], j: int, used: Collection[int], starts: Collection[int] = ()) -> tuple[int, ...]:
    """The places of the run of words read as cards (at `used`) right before the word at `j`; with `starts` (where
    each card's words start), the last card's words only ("a queen, both kings are red": "both kings").

    >>> said_of("where an ace is zero".split(), 3, {2}), said_of("a 9 is".split(), 1, {1})
    ((2,), ())
    >>> said_of("a queen both kings are red".split(), 4, {1, 2, 3}), said_of("a queen both kings are".split(), 4,
    ...                                                                       {1, 2, 3}, {1, 2})
    ((1, 2, 3), (2, 3))
    """
    k = j
    while k - 1 in used:
        k -= 1
        if k in starts:
            break
    return tuple(range(k, j))


# Words after cards that say they are the deck's, not the hand's ("we play with 2 jokers in the deck"), and the nouns
# of a card's power after its rank ("somebody's queen swap gave me a red king", "after the king power"): `described`.
IN_DECK = (("in", "the", "deck"), ("in", "the", "pack"), ("in", "deck"), ("in", "play"))
# ... and words after those that tell of cards after them ("in the deck there are two jokers"): `described`.
DECK_HAS = (("there", "are"), ("there", "is"), ("there", "were"), ("theres",), ("we", "have"), ("we", "use"),
            ("we", "put"))
# ... and words before cards that such words follow, which tell how the deck is made up ("we play with"): `in_deck`.
DECK_BEFORE = frozenset(("we", "play", "playing", "with", "use", "using", "add", "added"))
POWER_NOUNS = frozenset(("swap", "power", "powers", "peek", "ability", "effect"))


def described(words: Sequence[str], used: Collection[int], starts: Collection[int] = ()) -> frozenset[int]:
    """The places of the words read as cards (at `used`) right before a verb of `DESCRIBED_BY`: a card the question
    says something about (a house rule's value, what a pair of them is), not one more card of the hand; and those
    right before words of `IN_DECK` (cards of the deck) or a noun of `POWER_NOUNS` (a card's power), or right after
    words of `IN_DECK` and `DECK_HAS` ("in the deck there are two jokers"). With `starts` (where each card's words
    start), only the last card before such words ("a queen, both kings are red"), or the first after them.

    >>> sorted(described("where an ace is zero i have 3 aces".split(), {2, 6, 7}))
    [2]
    >>> sorted(described("a joker and two aces is that negative".split(), {1, 3, 4}))
    []
    >>> sorted(described("a 9 and a 2 are left".split(), {1, 4}))
    []
    >>> sorted(described("7 7 2 the sevens red are".split(), {0, 1, 2, 4, 5})), sorted(described("a 9 is".split(), {1}))
    ([4, 5], [])
    >>> sorted(described("with 2 jokers in the deck a joker and a 5".split(), {1, 2, 7, 10}))
    [1, 2]
    >>> sorted(described("in the deck there are two jokers whats a joker and a king".split(), {5, 6, 9, 12},
    ...                  {5, 9, 12}))
    [5, 6]
    >>> sorted(described("the queen swap gave me a 4 and a 5".split(), {1, 6, 9}))
    [1]
    >>> sorted(described("my two sixes are the 6 of spades and a 6 of hearts".split(), {1, 2, 5, 6, 7, 10, 11, 12}))
    [1, 2]
    """
    # (last, after a colour: "the sevens are red" at the end reads "sevens red are": `cardnames.COLOUR_AFTER`)
    return frozenset(k for j, w in enumerate(words) if w in DESCRIBED_BY and (
                         words[j + 1] not in ASKING_PRONOUNS | HELD_AFTER if j + 1 < len(words)
                         else j > 0 and words[j - 1] in COLOURS)
                     and not claimed(words, j, used)
                     for k in said_of(words, j, used, starts)) | {
        k for j in range(len(words)) if any(tuple(words[j:j + len(d)]) == d for d in IN_DECK)
        or words[j] in POWER_NOUNS for k in said_of(words, j, used, starts)} | {
        k for j in range(len(words)) for k in _said_after(words, _deck_has(words, j), used, starts)}


def _deck_has(words: Sequence[str], j: int) -> int:
    """Where the cards start that words of `IN_DECK` at `j` and `DECK_HAS` after them tell of, or -1."""
    for d in IN_DECK:
        if tuple(words[j:j + len(d)]) == d:
            for h in DECK_HAS:
                if tuple(words[j + len(d):j + len(d) + len(h)]) == h:
                    return j + len(d) + len(h)
    return -1


def _said_after(words: Sequence[str], j: int, used: Collection[int], starts: Collection[int]) -> tuple[int, ...]:
    """The places of the run of words read as cards (at `used`) from `j` on; with `starts`, the first card's only."""
    if j < 0:
        return ()
    k = j
    while k in used and (k == j or k not in starts):
        k += 1
    return tuple(range(j, k))


def in_deck(words: Sequence[str], apart: Collection[int]) -> frozenset[int]:
    """The places of the words of `IN_DECK` right after the words at `apart` (cards told of apart from the hand), and
    those of `DECK_BEFORE` right before those cards; or of `IN_DECK` and `DECK_HAS` right before them: they say where
    those cards are, and ask no rule ("with 2 jokers in the deck, what's a joker and a black king", "we play with 2
    jokers in the deck", "in the deck there are two jokers").

    >>> sorted(in_deck("with 2 jokers in the deck whats a joker".split(), {1, 2}))
    [0, 3, 4, 5]
    >>> sorted(in_deck("in the deck there are 2 jokers whats a joker".split(), {5, 6}))
    [0, 1, 2, 3, 4]
    >>> sorted(in_deck("we play with 2 jokers in the deck".split(), {3, 4}))
    [0, 1, 2, 5, 6, 7]
    """
    out: set[int] = set()
    for j in range(1, len(words)):
        for d in IN_DECK:
            if j - 1 in apart and tuple(words[j:j + len(d)]) == d:
                out.update(range(j, j + len(d)))
                m = j - 1
                while m - 1 in apart:
                    m -= 1
                while m > 0 and words[m - 1] in DECK_BEFORE:
                    m -= 1
                    out.add(m)
    return frozenset(out) | frozenset(
        k for j in range(len(words)) if (at := _deck_has(words, j)) in apart for k in range(j, at))


# After "is" or "are", words before the points a card is said to be worth ("is worth 0", "are counted as minus 1"),
# words for a minus, and numbers said in words: `said_points`.
POINTS_LEAD = frozenset(("worth", "counted", "valued", "scored", "as", "at"))
NEGATIVE = frozenset(("minus", "negative"))


def said_points(words: Sequence[str], used: Collection[int],
                starts: Collection[int] = ()) -> tuple[tuple[tuple[int, ...], int], ...]:
    """The runs of words read as cards (their places, at `used`) that the question says are worth a number of points
    ("where an ace is zero", "jokers are -1", written "minus 1" by `raw_words`), each with that number.

    >>> said_points("where the 6 of hearts is minus three i have".split(), {2, 3, 4})
    (((2, 3, 4), -3),)
    >>> said_points("jokers are wild".split(), {0}), said_points("an ace is worth 1".split(), {1})
    ((), (((1,), 1),))
    """
    out: list[tuple[tuple[int, ...], int]] = []
    for j, w in enumerate(words):
        run = said_of(words, j, used, starts)
        if w not in DESCRIBED_BY or not run or claimed(words, j, used):  # (a list's total: "a king and a 5 is 4")
            continue
        m = j + 1
        while m < len(words) and words[m] in POINTS_LEAD:
            m += 1
        sign = -1 if m < len(words) and words[m] in NEGATIVE else 1
        m += sign < 0
        said = words[m] if m < len(words) else ""
        number = int(said) if said.isdigit() else NUMBER_WORDS.get(said)
        if number is not None:
            out.append((run, sign * number))
    return tuple(out)


def described_json() -> dict[str, Any]:
    """The word lists that find the cards a question says something about, as ask-story.js reads them (with
    `cambio_ref.askstory.story_json`'s)."""
    return {"asking_pronouns": sorted(ASKING_PRONOUNS), "held_after": sorted(HELD_AFTER),
            "in_deck": [list(d) for d in IN_DECK], "deck_has": [list(h) for h in DECK_HAS],
            "deck_before": sorted(DECK_BEFORE), "power_nouns": sorted(POWER_NOUNS),
            "points_lead": sorted(POINTS_LEAD), "negative": sorted(NEGATIVE)}
