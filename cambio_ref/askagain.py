"""Cards a question names more than once: said again in a list of the same cards ("three fives, so 5 5 5"),
counted again ("two 5s and a 3, both fives red"), a suited card named twice, and the colour or suits told of cards
named before ("both kings are red"). `cambio_ref.askread.analyse` counts each card once and gives it what was told;
docs/javascripts/ask-story.js does the same.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import Any

from cambio_ref.askdescribed import said_of
from cambio_ref.askhand import DESCRIBED_BY, JOINS, LABEL_OWNERS
from cambio_ref.cardcounts import Reading
from cambio_ref.cardnames import COLOURS, RANK_WORDS, SUIT_WORDS, CardMention

__all__ = ["RECOUNT_WORDS", "Hue", "again_json", "coloured", "colours_told", "first_told", "recounted", "repeated",
           "restated"]

# What a question tells of the colour or suits of cards of a rank: the rank, the colour (or ""), the suits in order,
# and the places of the words of the cards told of (`colours_told`).
Hue = tuple[str, str, tuple[str, ...], tuple[int, ...]]


def restated(cards: Sequence[CardMention], named_at: Sequence[int]) -> frozenset[int]:
    """The indices of `cards` that say again cards just named, in a list of the same ranks right before or after
    them, one of the two lists named by a count and the other card by card ("three fives, so 5 5 5", "7C 7D 7H.
    three sevens", "3 kings: K♠ K♥ K♦"; `named_at` per card: where its words start, the same for the cards of one
    count): of the two, the one that says fewer suits and colours. No suit named in one list differs from the
    other's.

    >>> five, king = CardMention("5"), CardMention("K")
    >>> sorted(restated([five] * 6 + [CardMention("J", "H")], [0, 0, 0, 3, 4, 5, 8]))
    [3, 4, 5]
    >>> sorted(restated([CardMention("K", s) for s in "SHD"] + [king] * 3, [0, 1, 2, 4, 4, 4]))
    [3, 4, 5]
    >>> sorted(restated([king] * 4, [0, 1, 2, 3])), sorted(restated([king] * 4, [0, 0, 0, 0]))
    ([], [])
    >>> sorted(restated([king] * 4, [0, 0, 3, 3]))  # ("two kings, two kings": four kings)
    []
    >>> sorted(restated([king] * 5, [1, 3, 4, 4, 4]))  # ("a king, a king, three kings")
    []
    """
    n = len(cards) if len(named_at) == len(cards) else 0
    for k in range(n // 2, 1, -1):
        for o in range(n - 2 * k + 1):
            first, then = cards[o:o + k], cards[o + k:o + 2 * k]
            here, there = set(named_at[o:o + k]), set(named_at[o + k:o + 2 * k])
            if (sorted(m.rank for m in first) != sorted(m.rank for m in then) or here & there
                    or (len(here) == k) == (len(there) == k)  # (one list counted, the other one by one)
                    or named_at[o - 1:o] == named_at[o:o + 1]  # (no count split: "a ten, a ten, three tens")
                    or named_at[o + 2 * k - 1:o + 2 * k] == named_at[o + 2 * k:o + 2 * k + 1]):
                continue
            first_again = _first_said_again(first, then)
            if first_again is not None:
                return frozenset(range(o, o + k) if first_again else range(o + k, o + 2 * k))
    return frozenset()


def _first_said_again(first: Sequence[CardMention], then: Sequence[CardMention]) -> bool | None:
    """Of two lists naming the same cards, whether the first is the one said again: it tells fewer suits and colours
    than the second (on a tie the second is); None when a suit one names is not among the other's (other cards).

    >>> king, red_king = CardMention("K"), CardMention("K", colour="red")
    >>> _first_said_again([king], [red_king]), _first_said_again([red_king], [king])
    (True, False)
    >>> _first_said_again([CardMention("K", "S")], [CardMention("K", "H")]) is None
    True
    """
    said, again = {str(m) for m in first if m.suit}, {str(m) for m in then if m.suit}
    if not (said <= again or again <= said):
        return None
    return sum(2 * bool(m.suit) + bool(m.colour) for m in then) > sum(2 * bool(m.suit) + bool(m.colour) for m in first)


# Words that open a count of cards named already ("both fives red", "yes all 4 twos"): `recounted`.
RECOUNT_WORDS = frozenset(("both", "all"))


def recounted(words: Sequence[str], cards: Sequence[CardMention], named_at: Sequence[int],
              again: Collection[int] = ()) -> frozenset[int]:
    """The indices of `cards` that count again, by "both" or "all" and a count, cards named before them but not right
    before: as many cards of that rank, told apart from the rest ("2 2 2 2 and a joker (yes all 4 twos)", "two 5s
    and a 3, both fives red"); of the two, the one that says fewer suits and colours, as `restated` keeps. Cards at
    `again` are said again already. No suit named in one differs from the other's.

    >>> two, five = CardMention("2"), CardMention("5")
    >>> sorted(recounted("2 2 2 2 and a joker yes all 4 twos".split(), [two] * 4 + [CardMention("X")] + [two] * 4,
    ...                  [0, 1, 2, 3, 6, 9, 9, 9, 9]))
    [5, 6, 7, 8]
    >>> sorted(recounted("two 5s and a 3 both fives red".split(), [five, five, CardMention("3")]
    ...                  + [CardMention("5", colour="red")] * 2, [0, 0, 4, 5, 5]))
    [0, 1]
    >>> sorted(recounted("a 5 and both fives".split(), [five] * 3, [1, 3, 3]))  # (one five before: three fives)
    []
    """
    out: set[int] = set()
    n = len(cards) if len(named_at) == len(cards) else 0
    o = 0
    while o < n:
        k = 1
        while o + k < n and named_at[o + k] == named_at[o]:
            k += 1
        at, group = named_at[o], list(range(o, o + k))
        rank = cards[o].rank
        opened = words[at:at + 1] == ["both"] or (at > 0 and words[at - 1] in RECOUNT_WORDS and words[at] != "both")
        before = [m for m in range(o) if cards[m].rank == rank and m not in again and m not in out]
        if k >= 2 and opened and all(cards[m].rank == rank for m in group) and len(before) == k:
            first_again = _first_said_again([cards[m] for m in before], [cards[m] for m in group])
            if first_again is not None:
                out.update(before if first_again else group)
        o += k
    return frozenset(out)


def repeated(cards: Sequence[CardMention]) -> frozenset[int]:
    """The indices of `cards` naming a suited card that a later one names again: one deck has one of each, so the
    story's mention and the hand's are the same card ("swapped my king out for a 4 of clubs, so now 4C and 10H").

    >>> sorted(repeated([CardMention("4", "C"), CardMention("4", "C"), CardMention("10", "H")]))
    [0]
    >>> sorted(repeated([CardMention("4"), CardMention("4"), CardMention("X"), CardMention("X")]))
    []
    """
    return frozenset(n for n, m in enumerate(cards) if m.suit and m in cards[n + 1:])


def colours_told(words: Sequence[str], reading: Reading) -> tuple[Hue, ...]:
    """What a question says of the colour or suits of cards: the cards of one rank right before a verb of
    `DESCRIBED_BY` (the last card's words: `said_of`) and after it colour or suit words alone, joined by "and"
    ("both kings are red", "fives are spades and clubs"); each as (that rank, the colour, the suits in order, the
    places of the words told of).

    >>> from cambio_ref.cardcounts import read_cards
    >>> said = "two kings and a queen both kings are red".split()
    >>> colours_told(said, read_cards(said))
    (('K', 'red', (), (5, 6)),)
    >>> said = "q 5 5 the fives are spades and clubs".split()
    >>> colours_told(said, read_cards(said))
    (('5', '', ('S', 'C'), (4,)),)
    >>> said = "two kings and a 4 and kings black are".split()  # (as `cambio_ref.askhand.raw_words` reads it)
    >>> colours_told(said, read_cards(said))
    (('K', 'black', (), (6, 7)),)
    >>> said = "a king and a 5 kings are worth 10".split()
    >>> colours_told(said, read_cards(said))
    ()
    """
    out = []
    for j, w in enumerate(words):
        if w not in DESCRIBED_BY:
            continue
        run = said_of(words, j, reading.used, reading.named_at)
        ranks = {c.rank for c, at in zip(reading.cards, reading.named_at, strict=True) if at in run}
        # (a colour said after the verb is read before it: "kings are black" reads "kings black are", `COLOUR_AFTER`)
        k, colour, suits = j + 1, words[j - 1] if j - 1 in run and words[j - 1] in COLOURS else "", []
        while k < len(words) and (words[k] in COLOURS or words[k] in SUIT_WORDS or (
                words[k] in JOINS and k > j + 1 and words[k + 1:k + 2] != [] and (
                    words[k + 1] in COLOURS or words[k + 1] in SUIT_WORDS))):
            if words[k] in COLOURS:
                colour = colour or words[k]
            elif words[k] in SUIT_WORDS:
                suits.append(SUIT_WORDS[words[k]])
            k += 1
        if len(ranks) == 1 and (colour or suits) and (k == len(words) or words[k] not in RANK_WORDS):
            out.append((ranks.pop(), colour, tuple(suits), run))
    return tuple(out)


def first_told(words: Sequence[str], reading: Reading, told: Iterable[Hue]) -> frozenset[int]:
    """The places of the words of cards whose colour or suits are `told` (`colours_told`), said to be the player's
    ("my") when no other card of their rank is named: the hand's cards, with their colour ("my two queens are black,
    plus a 3"), not ones told of apart from it.

    >>> from cambio_ref.cardcounts import read_cards
    >>> said = "my two queens black are plus a 3".split()
    >>> sorted(first_told(said, read_cards(said), colours_told(said, read_cards(said))))
    [1, 2, 3]
    >>> said = "two kings and a 4 and kings black are".split()
    >>> sorted(first_told(said, read_cards(said), colours_told(said, read_cards(said))))
    []
    >>> said = "3 fours two red are".split()  # ("two are red": two of the fours)
    >>> sorted(first_told(said, read_cards(said), colours_told(said, read_cards(said))))
    []
    """
    return frozenset(k for rank, _, _, run in told
                     if run and run[0] > 0 and words[run[0] - 1] in LABEL_OWNERS
                     and all(at in run for c, at in zip(reading.cards, reading.named_at, strict=True) if c.rank == rank)
                     for k in run)


def coloured(cards: Sequence[CardMention], told: Iterable[Hue]) -> tuple[CardMention, ...]:
    """`cards` with the colours and suits `told` of a rank (`colours_told`) given to its cards that have no suit: a
    colour to each; suits in order, when as many are told as there are such cards.

    >>> [str(c) for c in coloured([CardMention("K"), CardMention("Q"), CardMention("K")], [("K", "red", (), ())])]
    ['K(red)', 'Q', 'K(red)']
    >>> [str(c) for c in coloured([CardMention("5"), CardMention("5")], [("5", "", ("S", "C"), ())])]
    ['5S', '5C']
    >>> [str(c) for c in coloured([CardMention("5"), CardMention("5")], [("5", "", ("S",), ())])]  # (one: not each)
    ['5', '5']
    """
    out = list(cards)
    for rank, colour, suits, _ in told:
        bare = [n for n, c in enumerate(out) if c.rank == rank and not c.suit]
        if suits and len(suits) == len(bare):
            for n, suit in zip(bare, suits, strict=True):
                out[n] = CardMention(rank, suit)
        elif colour:
            for n in bare:
                out[n] = CardMention(rank, "", colour)
    return tuple(out)


def again_json() -> dict[str, Any]:
    """The word lists that find cards named again, as ask-story.js reads them."""
    return {"recount": sorted(RECOUNT_WORDS)}
