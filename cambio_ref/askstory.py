"""The cards a question tells of apart from the hand in the story it tells: got rid of ("I burned my 7"), told before
the hand's label ("he says my red king is bad. my hand is ..."), taken back ("a 7, no wait, an 8"), held at the call
("when he called"), or counted apart ("other two i don't know"). The cards it says something about are
`cambio_ref.askdescribed`'s. `cambio_ref.askread` leaves such cards out of the hand and the reply names them;
docs/javascripts/ask-story.js does the same from `story_json`.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import Any

from cambio_ref.askdescribed import described_json, said_of
from cambio_ref.askhand import (
    HAND_LABELS,
    HAVING,
    HAVING_BETWEEN,
    HAVING_PAIRS,
    HAVING_WITHIN,
    JOINS,
    LABEL_OWNERS,
    NOW_WORDS,
    having,
    labels,
)
from cambio_ref.cardcounts import ARTICLES, COUNT_BEFORE, INDEFINITE, NUMBER_WORDS, Reading
from cambio_ref.cardnames import COLOURS, RANK_WORDS, CardMention

__all__ = [
    "BACK_WORDS",
    "CALL_TIMES",
    "CALL_VERBS",
    "CORRECTIONS",
    "DENYING",
    "GONE_VERBS",
    "call_time",
    "corrected",
    "counted_apart",
    "denied",
    "gone",
    "labelled",
    "referred",
    "rid_of",
    "runs",
    "story_json",
    "story_words",
    "taken_back",
]

# Words between an owner and a label ("my last cards are ..."): `labelled`.
LABEL_ASIDES = frozenset(("last", "remaining", "final", "own"))
# Words that make a label one of more cards besides those told before it ("other two: 10H and KC", "the rest are ..."):
# those are in the hand too.
LABEL_MORE = frozenset(("other", "rest"))


# Verbs by which a player gets rid of a card of their own ("I burned my 7 earlier", "snapped my jack"): the card
# right after one (after "my" or an article) is no longer in the hand: `gone`.
# (and their -ing forms after "after" or "by": "ended with a 4 after burning my jack")
GONE_VERBS = frozenset(("snapped", "burned", "burnt", "threw", "tossed", "discarded", "dumped", "slapped", "ditched",
                        "lost", "gave", "dropped", "chucked", "binned", "played",
                        "snapping", "burning", "throwing", "tossing", "discarding", "dumping", "slapping", "ditching",
                        "losing", "giving", "dropping", "chucking", "binning",
                        # (another player taking the card: "after he stole my queen")
                        "stole", "nicked", "swiped", "snatched"))
# Words between such a verb and the card ("burned both my 7s"), and verbs of swapping a card, which is gone when
# "out" or "away" follows it, or after "in for" ("swapped it in for my jack"): `gone`.
GONE_SKIP = ARTICLES | {"my", "both"}
SWAP_VERBS = frozenset(("swapped", "traded", "switched", "exchanged"))


def gone(words: Sequence[str], used: Collection[int]) -> frozenset[int]:
    """The places of the words naming a card the player says they got rid of: the words read as cards (at `used`)
    that follow a verb of `GONE_VERBS`, after "my", "both" or an article, up to the first word that is no card's
    (and those of the cards an "and" adds: "burned my 2 and my 8"); those after a verb of `SWAP_VERBS` followed by
    "out" or "away" ("swapped my queen out") or that follow the verb and "out" ("swapped out my 8"); those after "in
    for" after such a verb ("swapped it in for my jack"); and those right before "i" (or "that i") and a verb of
    `GONE_VERBS` ("the 9 i discarded"); and the card said last before such a verb with "it" after it ("drew a 7
    and snapped it", "had the 6 of hearts but swapped it out").

    >>> sorted(gone("so i snapped my jack and i am left with a 9 and a 2".split(), {4, 11, 14}))
    [4]
    >>> sorted(gone("i burned a black king of spades".split(), {3, 4, 5, 6})), sorted(gone("i burned kh".split(), {2}))
    ([3, 4, 5, 6], [2])
    >>> sorted(gone("a snapped ace and a 2".split(), {2, 5})), sorted(gone("a red snapped ace".split(), {1, 3}))
    ([], [])
    >>> sorted(gone("i burned my 2 and my 8 so i have a 4".split(), {3, 6, 11}))
    [3, 6]
    >>> sorted(gone("swapped my queen out for the 3".split(), {2, 6})), sorted(gone("went in for my jack".split(), {4}))
    ([2], [])
    >>> sorted(gone("swapped it in for my jack".split(), {5}))
    [5]
    >>> sorted(gone("drew a joker swapped out my 8".split(), {2, 6}))
    [6]
    >>> sorted(gone("had the 6 of hearts but swapped it out got 8s".split(), {2, 3, 4, 11}))
    [2, 3, 4]
    >>> sorted(gone("4 8 not the 9 i discarded".split(), {0, 1, 4}))
    [4]
    """
    def run(k: int) -> tuple[list[int], int]:
        k = _past_skip(words, k)
        got = []
        while k in used:
            got.append(k)
            k += 1
        return got, k

    out: set[int] = set()
    for j, w in enumerate(words):
        if j and (words[j - 1] in ARTICLES or words[j - 1] in COLOURS):  # ("a snapped ace": a word for the card)
            continue
        if w in GONE_VERBS:
            got, k = run(j + 1)
            while got:
                out.update(got)
                got, k = run(k + 1) if k < len(words) and words[k] in JOINS else ([], k)
        elif w in SWAP_VERBS:
            got, k = run(j + 1)
            if got and words[k:k + 1] in (["out"], ["away"]):
                out.update(got)
            if words[j + 1:j + 2] in (["out"], ["away"]):  # ("swapped out my 8")
                out.update(run(j + 2)[0])
            into = next((m for m in range(j + 1, min(j + 8, len(words))) if words[m:m + 2] == ["in", "for"]), None)
            if into is not None:
                out.update(run(into + 2)[0])
        if w in GONE_VERBS and j and words[j - 1] == "i":  # ("the 9 i discarded")
            out.update(said_of(words, j - 1 - (words[j - 2:j - 1] == ["that"]), used))
        # ("had the 6 of hearts but swapped it out", "drew a 7 and snapped it": the card said last before the verb)
        if words[j + 1:j + 2] == ["it"] and (w in GONE_VERBS or (w in SWAP_VERBS and words[j + 2:j + 3] in (
                ["out"], ["away"]))) and (last := max((k for k in used if k < j), default=None)) is not None:
            out.update(said_of(words, last + 1, used))
    return frozenset(out)


def _past_skip(words: Sequence[str], k: int) -> int:
    """The first place from `k` on whose word is not one of `GONE_SKIP` ("burned both my 7s": the 7s)."""
    while k < len(words) and words[k] in GONE_SKIP:
        k += 1
    return k


def rid_of(words: Sequence[str], thrown: Collection[int]) -> frozenset[int]:
    """The places of the verbs of `GONE_VERBS` that tell of a card the player got rid of (at `thrown`, from `gone`)
    right after them, past "my", "both" or an article: the story of the hand, not a rule's word
    (`cambio_ref.askread`: "ended with a 4 and a 6 after burning my jack" asks the 4 and the 6's points).

    >>> words = "ended with a 4 and a 6 after burning my jack".split()
    >>> sorted(rid_of(words, gone(words, {3, 6, 10})))
    [8]
    >>> sorted(rid_of("can i snap a 7 on a 7".split(), frozenset()))
    []
    """
    return frozenset(j for j, w in enumerate(words) if w in GONE_VERBS and _past_skip(words, j + 1) in thrown)


# Words that tell when the hand was counted, by the call ("when he called", "after sam knocked", "once cambio was
# called"): a word of CALL_TIMES, then a verb of CALL_VERBS with at most CALL_REACH words and no card between
# (`call_time`).
CALL_TIMES = frozenset(("when", "after", "once", "as", "till", "until"))
CALL_VERBS = frozenset(("called", "knocked", "locked", "declared", "shouted", "yelled", "said"))
CALL_REACH = 3


def call_time(words: Sequence[str], used: Collection[int]) -> frozenset[int]:
    """The places of the words that tell when the cards at `used` were counted, by the call: a word of `CALL_TIMES`,
    a verb of `CALL_VERBS` after it with at most `CALL_REACH` words and no card between, and "cambio" right after the
    verb. They tell the hand's story and ask no rule (`cambio_ref.askread`: "i had a king and a 2 left when he
    called" asks the cards' points). None when no card is read.

    >>> words = "i had a king and a 2 left when he called".split()
    >>> sorted(call_time(words, {3, 6})), sorted(call_time("once cambio was called".split(), set()))
    ([8, 9, 10], [])
    >>> sorted(call_time("when cambio was called i had a 5".split(), {7}))
    [0, 1, 2, 3]
    """
    if not used:
        return frozenset()
    out: set[int] = set()
    for j, w in enumerate(words):
        if w not in CALL_TIMES:
            continue
        verb = next((k for k in range(j + 1, min(j + 2 + CALL_REACH, len(words))) if words[k] in CALL_VERBS), None)
        if verb is None or any(k in used for k in range(j, verb)):
            continue
        out.update(range(j, verb + 1 + (words[verb + 1:verb + 2] == ["cambio"])))
    return frozenset(out)


def counted_apart(words: Sequence[str], used: Collection[int]) -> frozenset[int]:
    """The places of number words from "two" up, read as cards (at `used`), right after a word of `COUNT_BEFORE` with
    no owner before it (`cambio_ref.cardcounts.read_cards` counts "my other two"): more cards counted, which the
    player may not know, not a card; told of apart from the hand, so the reply names them ("queen and 4. other two i
    dont know yet": the two was scored). Not after "a" or "an" ("a other two" is a 2).

    >>> sorted(counted_apart("queen and 4 other two i dont know".split(), {0, 2, 4}))
    [4]
    >>> sorted(counted_apart("a other two".split(), {2})), sorted(counted_apart("other 2".split(), {1}))
    ([], [])
    """
    return frozenset(j for j in used if j > 0 and NUMBER_WORDS.get(words[j], 0) >= 2 and words[j - 1] in COUNT_BEFORE
                     and (j == 1 or words[j - 2] not in INDEFINITE))


# Words by which a player takes back the card just said for the next ("a 7, no wait, an 8", "a 1... er, an ace",
# "the jack was a queen", "i had a 4 but it's a 9"): `corrected`.
CORRECTIONS = (("no", "wait"), ("i", "mean"), ("make", "that"), ("wait",), ("er",), ("erm",), ("um",), ("uh",),
               ("sorry",), ("actually",), ("no",), ("was",), ("but", "it"), ("but", "its"))


def corrected(words: Sequence[str], used: Collection[int]) -> frozenset[int]:
    """The places of the words read as cards (at `used`) that a correction takes back: the card right before words
    of `CORRECTIONS` that a card follows (after an article).

    >>> sorted(corrected("5h 10c and a 7 no wait an 8 of spades".split(), {0, 1, 4, 8, 9, 10}))
    [4]
    >>> sorted(corrected("7 of clubs no wait ace of clubs plus 9s".split(), {0, 1, 2, 5, 6, 7, 9}))
    [0, 1, 2]
    >>> sorted(corrected("a 7 no more cards".split(), {1}))
    []
    """
    out: set[int] = set()
    for j in range(1, len(words)):
        if j - 1 in used and _corrected_to(words, j) in used:
            b = j - 1
            while b in used:
                out.add(b)
                b -= 1
    return frozenset(out)


def _corrected_to(words: Sequence[str], j: int) -> int:
    """Where the word said instead starts, when words of `CORRECTIONS` start at `j` (after them, articles aside);
    -1 when none do.

    >>> _corrected_to("a 7 no wait an 8".split(), 2), _corrected_to("a 7 and an 8".split(), 2)
    (5, -1)
    >>> _corrected_to("a 2 sorry i mean a 3".split(), 2)  # (one correction's words after another's)
    6
    """
    k = j
    while (said := next((c for c in CORRECTIONS if tuple(words[k:k + len(c)]) == c), None)) is not None:
        k += len(said)
    if k == j:
        return -1
    while k < len(words) and words[k] in ARTICLES:
        k += 1
    return k


def taken_back(words: Sequence[str], used: Collection[int]) -> frozenset[int]:
    """The places of the words no card is read at (not at `used`) right before words of `CORRECTIONS` that a card
    follows (after an article): a word the player takes back, a slip of the keyboard ("a 4 and a hack... I mean
    jack"), neither unread nor asked.

    >>> sorted(taken_back("a 4 and a hack i mean jack".split(), {1, 7})), sorted(taken_back("a 7 i mean".split(), {1}))
    ([4], [])
    """
    return frozenset(j - 1 for j in range(1, len(words)) if j - 1 not in used and _corrected_to(words, j) in used)


# Words that say the cards right after them are not counted ("not 3 jacks", "don't count the 9"), and the words
# between ("not counting my 8"): `denied`.
DENYING = frozenset(("not", "without"))
DENIED_SKIP = ARTICLES | {"count", "counting", "my", "the"}


def denied(words: Sequence[str], used: Collection[int], named_at: Sequence[int]) -> frozenset[int]:
    """The places of the words read as cards (at `used`) of the one card or count (`named_at`: where each card's
    words start) right after a word of `DENYING` ("not", "without"), `DENIED_SKIP` between: cards the player says
    are not in the hand.

    >>> sorted(denied("jack ten jack not 3 jacks two jacks and a ten".split(), {0, 1, 2, 4, 5, 6, 7, 10},
    ...               [0, 1, 2, 4, 4, 4, 6, 6, 10]))
    [4, 5]
    >>> sorted(denied("4 4 8 do not count the 9".split(), {0, 1, 2, 7}, [0, 1, 2, 7]))
    [7]
    """
    out: set[int] = set()
    starts = sorted(set(named_at))
    for j, w in enumerate(words):
        if w not in DENYING:
            continue
        k = j + 1
        while k < len(words) and words[k] in DENIED_SKIP:
            k += 1
        if k in used and k in starts:
            end = next((n for n in starts if n > k), len(words))
            out.update(m for m in range(k, end) if m in used)
    return frozenset(out)


def labelled(words: Sequence[str], used: Iterable[int]) -> frozenset[int]:
    """The places of the cards read at `used` that come before the hand's label ("my hand is", "final hand:", "my
    cards:", "my last cards are", or such a word right before a card: "... hand: JS, 2C", "mine: 8H"; the last label
    with a card after it), or before "i have", "now" or "left with" (`cambio_ref.askhand.having`) with two or more
    cards after it: cards of the story told before the hand, not in it.

    >>> sorted(labelled("he says my red king is bad my hand is red king 10 10".split(), {3, 4, 10, 11, 12, 13}))
    [3, 4]
    >>> sorted(labelled("my hand 3 3".split(), {2, 3}))
    []
    >>> sorted(labelled("i swapped a 9 in at the end i have got that 9 and a 4".split(), {3, 11, 14}))
    [3]
    >>> sorted(labelled("i have a 9 and i have a 4".split(), {3, 7}))
    []
    >>> sorted(labelled("swapped my queen for a 3 so now its 3 9".split(), {2, 5, 9, 10}))
    [2, 5]

    A label after "other" or "rest" (`LABEL_MORE`) labels more cards, not the hand: the cards before it stay.

    >>> sorted(labelled("i know my 2 other cards 10h kc".split(), {3, 6, 7}))
    []
    """
    at = sorted(used)

    def after(j: int) -> int:
        return sum(1 for k in at if k > j)

    label = max([j for j, w in enumerate(words) if w in HAND_LABELS and after(j) >= 1 and (
        j == 0 or words[j - 1] in LABEL_OWNERS or labels(words, j, at)
        or (j > 1 and words[j - 1] in LABEL_ASIDES and words[j - 2] in LABEL_OWNERS))]
                + [j for j in range(len(words)) if having(words, j) and after(j) >= 2],
                default=-1)
    if LABEL_MORE.intersection(words[max(label - 2, 0):label]):
        return frozenset()
    return frozenset(k for k in at if k < label)


# Words before a card got rid of that point back at one told before ("had a 7 and a 9, burned the 7"): `referred`.
BACK_WORDS = frozenset(("the", "my", "that", "this"))


def referred(words: Sequence[str], reading: Reading, away: Collection[int]) -> frozenset[int]:
    """The places of the words of a card told before one got rid of (at `away`: `gone`) that the latter points back
    at ("the 7", "my 7": `BACK_WORDS`): the latest card before it of its rank, of a suit it may be, named alone (a
    count's cards, "two sevens", are not one card) and not itself left out. It is the same card: gone too.

    >>> from cambio_ref.cardcounts import read_cards
    >>> said = "had a 7 and a 9 burned the 7".split()
    >>> sorted(referred(said, read_cards(said), {8}))
    [2]
    >>> said = "had two sevens and a 9 burned my 7".split()
    >>> sorted(referred(said, read_cards(said), {8}))
    []
    """
    starts = list(reading.named_at)
    out: set[int] = set()
    for at in sorted(away):
        if at == 0 or words[at - 1] not in BACK_WORDS:
            continue
        if at in starts:  # ("my 7": read as a card of its own)
            card = reading.cards[starts.index(at)]
        elif words[at] in RANK_WORDS:  # ("the 7": read as the 7 told before, `cardcounts.DEFINITE`)
            card = CardMention(RANK_WORDS[words[at]])
        else:
            continue
        for m in range(len(starts) - 1, -1, -1):
            told = reading.cards[m]
            if starts[m] >= at or starts[m] in away or told.rank != card.rank or not set(told.suits) & set(card.suits):
                continue
            if starts.count(starts[m]) == 1:
                end = next((s for s in starts[m + 1:] if s > starts[m]), len(words))
                out.update(k for k in reading.used if starts[m] <= k < end and k < at)
            break
    return frozenset(out)


def runs(words: Sequence[str], places: Collection[int]) -> tuple[str, ...]:
    """The words at `places`, each run of neighbouring places as one phrase (the cards a reply says it left out).

    >>> runs("i snapped my red king and kept a 5".split(), {3, 4})
    ('red king',)
    """
    out: list[list[str]] = []
    for j in sorted(places):
        if out and j - 1 in places:
            out[-1].append(words[j])
        else:
            out.append([words[j]])
    return tuple(" ".join(r) for r in out)


def story_words() -> frozenset[str]:
    """The words by which a question tells of cards apart from the hand: words the engine knows, never typos.

    >>> {"dumped", "swapped", "wait", "now"} <= story_words()
    True
    """
    return frozenset((*GONE_VERBS, *SWAP_VERBS, *(w for c in CORRECTIONS for w in c), *DENYING, *HAVING, *NOW_WORDS,
                      *(w for p in HAVING_PAIRS for w in p), *CALL_VERBS))


def story_json() -> dict[str, Any]:
    """The word lists that find the cards told of apart from the hand, as ask-story.js reads them (with those of
    `cambio_ref.askdescribed.described_json`)."""
    return {**described_json(), "gone_verbs": sorted(GONE_VERBS), "gone_skip": sorted(GONE_SKIP),
            "swap_verbs": sorted(SWAP_VERBS), "corrections": [list(c) for c in CORRECTIONS], "denying": sorted(DENYING),
            "denied_skip": sorted(DENIED_SKIP),
            "number_words": NUMBER_WORDS, "label_asides": sorted(LABEL_ASIDES), "label_more": sorted(LABEL_MORE),
            "back_words": sorted(BACK_WORDS),
            "having": sorted(HAVING),
            "now_words": sorted(NOW_WORDS), "having_pairs": sorted(map(list, HAVING_PAIRS)),
            "having_between": sorted(HAVING_BETWEEN), "having_within": [list(w) for w in HAVING_WITHIN],
            "call_times": sorted(CALL_TIMES), "call_verbs": sorted(CALL_VERBS), "call_reach": CALL_REACH}
