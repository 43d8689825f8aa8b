"""Typos in a question: a word the question engine does not know, read as the known word
nearest to it (`correct`), by a bounded optimal-string-alignment distance (`edits`).
`docs/javascripts/ask-typos.js` does the same for the site's search.

A real English word is no typo: "threw" is not "three", nor "tried" "tied". The English
words a typo could be taken for ship in ``cambio_ref/askenglish.txt`` (`english_words`);
such a word is read only as its own inflection ("shuffle" as "shuffled"). That file is
made from a dictionary by ``python -m cambio_ref.askdata DICTIONARY`` (a word list, one
word a line, such as Debian's wamerican-small) whenever the engine's words change.
Nor is a person's name a typo: players name each other ("Tom called", "Nina threw a 5"), and
"tom" read as "top", "nina" as "nine" or "carl" as "card" asked for the wrong words. The
file's last part, under `NAMES_HEADING`, lists common given names near a known word
(`given_names`), written from general usage; a few of them ("tom", "raj", "maya") were
seen misread in the dev set, which is tuned on, never in the frozen sets.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from pathlib import Path

from cambio_ref.cardnames import RANK_WORDS, SUIT_WORDS

__all__ = ["ENGLISH_FILE", "INFLECTIONS", "LONG_TYPO", "MIN_TYPO", "NAMES_HEADING", "Near", "correct", "edits",
           "english_words", "given_names", "inflection", "near_card_word", "near_english", "suit_typos"]

# The English words the engine's words are near (package data of cambio_ref, made by `main`).
ENGLISH_FILE = "askenglish.txt"

# Typos: a word of at least MIN_TYPO letters that the engine does not know is read as the known
# word nearest to it, if one is within 1 edit (2 from LONG_TYPO letters); a transposition is 1 edit.
MIN_TYPO = 3
LONG_TYPO = 8
# The endings of an English word's own inflections: the only known words a real English word is read as.
INFLECTIONS = ("s", "es", "d", "ed", "ing")


def edits(a: str, b: str, bound: int) -> int:
    """The optimal-string-alignment distance of `a` and `b` (bound + 1 once it exceeds `bound`).

    >>> edits("kign", "king", 1), edits("qeen", "queen", 1), edits("snap", "swap", 1), edits("ace", "king", 1)
    (1, 1, 1, 2)
    """
    if abs(len(a) - len(b)) > bound:
        return bound + 1
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        low = i
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            v = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                v = min(v, prev2[j - 2] + 1)
            cur[j] = v
            low = min(low, v)
        if low > bound:
            return bound + 1
        prev2, prev = prev, cur
    return min(prev[len(b)], bound + 1)


def correct(word: str, vocab: Mapping[str, int], stop: Collection[str] = (),
            english: Collection[str] = ()) -> str:
    """The known word `word` stands for: itself if known, a `stop` word, short or not a
    word, else the nearest known word with the same first letter (a typo seldom hits the
    first one: "jake" is not "take", "night" not "right"): fewest edits, then the commonest
    slips, two letters swapped ("teh" is "the", not "ten") and then a letter left out ("wat"
    is "what", not "way"), then, for a letter changed, a word that is no `stop` word ("tye" is
    "tie", not "the": so many short words are a letter away from a stop word), then a card's
    name ("sevn" is "seven", not "seen"), then the most used, then the first alphabetically;
    else itself. An `english` word is read only as a known word that it begins or that
    begins it with an inflection's ending, its own inflection ("bet" is not "be", "form" not "for"): a real word is no
    typo of another.

    >>> vocab = {"king": 5, "queen": 4, "kings": 2, "snap": 9, "swap": 3, "three": 4, "shuffled": 1}
    >>> correct("kign", vocab), correct("qeen", vocab), correct("snpa", vocab), correct("zebra", vocab)
    ('king', 'queen', 'snap', 'zebra')
    >>> correct("wnap", vocab), correct("sevn", {"seen": 9, "seven": 1})
    ('wnap', 'seven')
    >>> correct("threw", vocab), correct("threw", vocab, english={"threw"}), correct("shuffle", vocab, (), {"shuffle"})
    ('three', 'threw', 'shuffled')
    >>> vocab = {"the": 90, "ten": 5, "tie": 4, "what": 50, "way": 60}
    >>> correct("teh", vocab, {"the"}), correct("tye", vocab, {"the"}), correct("wat", vocab, {"the", "what"})
    ('the', 'tie', 'what')
    """
    if len(word) < MIN_TYPO or not word.isalpha() or word in vocab or word in stop:
        return word
    bound = 2 if len(word) >= LONG_TYPO else 1
    real = word in english
    best: tuple[int, int, bool, bool, int, str] | None = None
    for known, uses in vocab.items():
        if known[0] != word[0] or abs(len(known) - len(word)) > bound:
            continue
        if real and not inflection(word, known):
            continue
        d = edits(word, known, bound)
        slip = 0 if _swapped(word, known) else 1 if len(known) == len(word) + 1 else 2
        key = (d, slip, slip == 2 and known in stop, known not in RANK_WORDS, -uses, known)
        if d <= bound and (best is None or key < best):
            best = key
    return best[5] if best else word


def suit_typos(words: Sequence[str]) -> list[str]:
    """`words` (typos already read: `correct`) with a word after a rank and "of" read as the suit nearest to it,
    within 1 edit (2 from 5 letters), even a real English word: "the 6 of harts" names a suit, not a deer.

    >>> " ".join(suit_typos("the 6 of harts and the queen of spaids".split()))
    'the 6 of hearts and the queen of spades'
    >>> " ".join(suit_typos("a 6 of hats and one of harts".split()))
    'a 6 of hats and one of harts'
    """
    out = list(words)
    for i in range(2, len(out)):
        word = out[i]
        if out[i - 1] != "of" or out[i - 2] not in RANK_WORDS or word in SUIT_WORDS or len(word) < 4:
            continue
        bound = 2 if len(word) >= 5 else 1
        # (fewest edits, then a plural for a plural: "spaids" is "spades", not "spade")
        near = sorted((edits(word, suit, bound), suit.endswith("s") != word.endswith("s"), suit)
                      for suit in SUIT_WORDS if suit[0] == word[0])
        if near and near[0][0] <= bound:
            out[i] = near[0][2]
    return out


def near_card_word(word: str) -> bool:
    """Whether `word` may be a card's word mistyped, as far as its letters tell: a number, a word of one or two
    letters (a card's letter: "T" for a ten), one at most one edit from a rank's or a suit's name of three letters or
    more in a word of four letters or fewer, two in a longer one, or one that name's first letter and some of its
    others in order (shortened: "jkr", "qn"). A word left over that no question uses is named as unread only then
    ("kign", "nien", "20", "jkr"); "earlier" is chat.

    >>> [near_card_word(w) for w in ("kign", "nien", "quene", "dimonds", "t", "20", "jkr", "earlier", "cooked", "bruv")]
    [True, True, True, True, True, True, True, False, False, False]
    """
    bound = 1 if len(word) <= 4 else 2
    return len(word) <= 2 or not word.isalpha() or any(
        edits(word, name, bound) <= bound or _shortened(word, name) for name in _CARD_NAMES)


def _shortened(word: str, name: str) -> bool:
    """`word` is `name` with letters left out, its first kept ("jkr" for "joker").

    >>> _shortened("jkr", "joker"), _shortened("kr", "joker"), _shortened("jokre", "joker")
    (True, False, False)
    """
    rest = iter(name[1:])
    return word[:1] == name[:1] and len(word) < len(name) and all(c in rest for c in word[1:])


_CARD_NAMES = tuple(sorted(w for w in (*RANK_WORDS, *SUIT_WORDS) if w.isalpha() and len(w) >= 3))


def inflection(a: str, b: str) -> bool:
    """One word is the other and an inflection's ending (`INFLECTIONS`): "shuffle" and "shuffled", not "form" and "for".

    >>> inflection("shuffle", "shuffled"), inflection("games", "game"), inflection("form", "for")
    (True, True, False)
    """
    short, long = sorted((a, b), key=len)
    return len(short) >= MIN_TYPO and long.startswith(short) and long[len(short):] in INFLECTIONS


def _swapped(a: str, b: str) -> bool:
    """`a` is `b` with two neighbouring letters swapped.

    >>> _swapped("teh", "the"), _swapped("teh", "ten"), _swapped("kign", "king")
    (True, False, True)
    """
    diff = [i for i in range(len(a)) if len(a) == len(b) and a[i] != b[i]]
    return len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]


# The heading of the part of `ENGLISH_FILE` that lists given names (`given_names`), kept when the file is made again.
NAMES_HEADING = "# Given names"


def english_words() -> frozenset[str]:
    """The English words shipped in `ENGLISH_FILE` (its lines, less ``#`` comments and blanks), given names too."""
    return frozenset(_words(_english_text()))


def given_names() -> frozenset[str]:
    """The given names of `ENGLISH_FILE`: the words of its part under `NAMES_HEADING`.

    >>> {"tom", "nina"} <= given_names() <= english_words()
    True
    """
    text = _english_text()
    at = text.find("\n" + NAMES_HEADING)
    return frozenset(_words(text[at:])) if at >= 0 else frozenset()


def _english_text() -> str:
    return Path(__file__).with_name(ENGLISH_FILE).read_text(encoding="utf-8")


def _words(text: str) -> list[str]:
    return [w for line in text.splitlines() if (w := line.strip()) and not w.startswith("#")]


def near_english(dictionary: Iterable[str], vocab: Mapping[str, int], stop: Collection[str] = ()) -> list[str]:
    """The words of `dictionary` (lower case, letters only) that `correct` would read as another word.

    >>> near_english(["threw", "zebra", "King", "kings"], {"three": 1, "kings": 1})
    ['threw']
    """
    near = Near(vocab, stop)
    return sorted(w for w in {w for w in dictionary if w.isalpha() and w.islower()} if near(w))


class Near:
    """Whether `correct` would read a word as another word of `vocab`, fast enough for a whole dictionary: a
    known word within `bound` edits of a word with the same first letter shares with it a string left by at
    most `bound` deletions from the rest of each, so only the known words sharing one are measured.

    >>> near = Near({"three": 1, "kings": 1})
    >>> near("threw"), near("three"), near("thre"), near("zebra")
    (True, False, True, False)
    """

    def __init__(self, vocab: Mapping[str, int], stop: Collection[str] = ()) -> None:
        self.vocab, self.stop = vocab, stop
        self.by_deletion: dict[int, dict[str, list[str]]] = {1: {}, 2: {}}  # by the most deletions made
        for most, index in self.by_deletion.items():
            for known in vocab:
                for d in _deletions(known[1:], most):
                    index.setdefault(known[:1] + d, []).append(known)

    def __call__(self, word: str) -> bool:
        if len(word) < MIN_TYPO or not word.isalpha() or word in self.vocab or word in self.stop:
            return False
        bound = 2 if len(word) >= LONG_TYPO else 1
        index = self.by_deletion[bound]
        return any(edits(word, known, bound) <= bound
                   for d in _deletions(word[1:], bound) for known in index.get(word[0] + d, ()))


def _deletions(word: str, most: int) -> set[str]:
    """`word` and every string left by deleting at most `most` of its letters.

    >>> sorted(_deletions("abc", 1))
    ['ab', 'abc', 'ac', 'bc']
    """
    out, edge = {word}, {word}
    for _ in range(most):
        edge = {w[:i] + w[i + 1:] for w in edge for i in range(len(w))}
        out |= edge
    return out
