"""The people a question names ("Maya drew a 10", "so tom called"): `people`.

A player's name is no word of any rule, so the question engine does not ask for it
(`cambio_ref.askread.analyse`): found in no question of the rulebook, it weighed as much as
the rarest word, lowered the score of every answer alike, and weighed on the ranking: "So Omar
called and tied with Pia. Who wins?" got the tie rule in general, "So he called and tied with
her. Who wins?" the case of a caller who ties.
A name is a word the engine does not know, written with a capital anywhere but first in a
sentence ("so Omar called"); or, anywhere, a common given name (`common_names`, from
`cambio_ref/askpeople.txt`, and `cambio_ref.asktypos.given_names`: "zoe", "tom"). First in a
sentence, a capital says nothing: "Dropped a black king ..." (the English words the engine ships
are only those near its own, so "dropped" is not among them). A capital word the engine knows
("King", "Cambio") is never a name.
`docs/javascripts/ask-story.js` does the same.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from functools import cache
from pathlib import Path

from cambio_ref.askhand import OTHERS, raw_words

__all__ = ["CAPITALISED", "CARD_NOUNS", "NAMES_FILE", "common_names", "given", "people", "theirs"]

# Common given names, one a line (package data of cambio_ref).
NAMES_FILE = "askpeople.txt"

# A word with a capital and then small letters, and a possessive's "'s" after it ("Omar's").
CAPITALISED = re.compile(r"\b([A-Z][a-z]+)(?:['\u2019]s)?\b")
# What ends a sentence (or a label: "hearts rules: Jake knocked"), so that the word after it is first in one.
_SENTENCE_END = ".!?:\n"


def people(text: str, known: Collection[str], names: Collection[str] = ()) -> frozenset[str]:
    """The words of `text` (lower case) that name a person: one of `names` (a name the rulebook's own scenes use,
    "ben", is a name still), or a capital word not of `known`.

    >>> sorted(people("Sam called, and Rita turned over a jack. So Sam's out?", {"called", "jack", "so"}))
    ['rita', 'sam']
    >>> sorted(people("Marco knocked. Still his go? Then tom says no", {"knocked"}, {"tom"}))
    ['tom']
    >>> sorted(people("so gina snapped lisas 9", {"snapped"}, {"gina", "lisa"}))
    ['gina', 'lisas']
    >>> sorted(people("King of hearts: Cambio says what?", {"king", "cambio", "says", "what"}))
    []
    """
    out = {w for w in re.findall(r"[a-z]+", text.lower()) if given(w, names)}
    for m in CAPITALISED.finditer(text):
        word = m[1].lower()
        before = text[:m.start()].rstrip(" \t")
        if word not in known and before and before[-1] not in _SENTENCE_END:
            out.add(word)
    return frozenset(out)


# The nouns after a person's name that make the card theirs ("jakes card", "tom's cards", "ana's grid"): `theirs`.
CARD_NOUNS = frozenset(("card", "cards", "grid", "hand", "layout"))


def theirs(words: Sequence[str], named: Collection[str]) -> list[str]:
    """`words` with each person of `named` right before a word of `CARD_NOUNS` written as another player, as a capital
    name's card is read (`cambio_ref.askhand.POSSESSIVE_NAME`, `OTHERS`): a person's card is another player's, typed
    in lower case or without its apostrophe too ("can i snap jakes card").

    >>> theirs("can i snap jakes card".split(), {"jakes"})
    ['can', 'i', 'snap', 'someone', 'else', 'card']
    >>> theirs("jake snapped my card".split(), {"jake"})
    ['jake', 'snapped', 'my', 'card']
    """
    out: list[str] = []
    for j, w in enumerate(words):
        out += raw_words(OTHERS) if w in named and words[j + 1:j + 2] != [] and words[j + 1] in CARD_NOUNS else [w]
    return out


def given(word: str, names: Collection[str]) -> bool:
    """`word` is one of the given `names`, or one and a possessive's "s" typed without its apostrophe ("lisas 9"): a
    person, never a typo of a game's word ("gina" is not "gin", "toms" not "toss").

    >>> [given(w, {"lisa", "tom"}) for w in ("lisa", "lisas", "toms", "tomss", "lists")]
    [True, True, True, False, False]
    """
    return word in names or (word.endswith("s") and word[:-1] in names)


@cache
def common_names() -> frozenset[str]:
    """The given names of `NAMES_FILE` (its lines, less ``#`` comments and blanks).

    >>> {"zoe", "priya", "marco"} <= common_names(), "will" in common_names()
    (True, False)
    """
    text = Path(__file__).with_name(NAMES_FILE).read_text(encoding="utf-8")
    return frozenset(w for line in text.splitlines() if (w := line.strip()) and not w.startswith("#"))
