"""Two hands compared in one question ("i had a 3 and a 4, she had a 2 and a 6, who wins"): `versus`.

A table's dispute is often whose hand is lower. The cards of both hands were scored as one hand, a
total nobody had. The second hand starts at the first card after a word that sets two hands against
each other (`COMPARING`: "my 10 and ace vs her 6 and 6", "does a red king and a 9 beat two 4s") or
stands for another player's cards (`THEIRS`: "my cards: 6 and 7. theirs: 10 and 2"), or,
when the question asks who wins or who is lower (`WHO_WINS`), after a word that names another player
(`OTHER_OWNERS`, or a name: "me: 7 7 1, tom: 9 2 3", "..., my sister had a 4 and a 4, who wins"), and whatever is
asked, after such a word and a verb of having (`OWNER_HAS`: "i have jack and 2, he has queen and 3").
`cambio_ref.ask` scores each hand under each ruleset. `docs/javascripts/ask-story.js` finds the same split.
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Sequence

__all__ = ["COMPARING", "OTHER_OWNERS", "OWNER_HAS", "THEIRS", "WHO_WINS", "versus", "versus_json"]

# Words between two hands that set them against each other.
COMPARING = frozenset(("vs", "versus", "beat", "beats", "than", "against"))
# Words that name another player's cards, or another player: a pronoun, or a noun for someone at the table ("my
# sister had a 4 and a 4", "my friend had an eight and a two"; the kin words are no rule's words either:
# `cambio_ref.askcanon.STOP_WORDS`).
OTHER_OWNERS = frozenset(("she", "he", "his", "her", "hers", "they", "their", "theirs", "him", "opponent",
                          "friend", "mate", "buddy", "pal", "partner", "sister", "brother", "mum", "mom", "dad",
                          "cousin", "gf", "bf", "wife", "husband", "son", "daughter", "aunt", "uncle"))
# Words that ask which hand wins ("who takes it").
WHO_WINS = frozenset(("wins", "won", "win", "winner", "lower", "lowest", "better", "beat", "beats", "higher", "takes"))
# Words that stand for another player's cards, a second hand whatever is asked ("my cards: 6 and 7. theirs: 10 and 2").
THEIRS = frozenset(("theirs", "hers"))
# Verbs of having after a word of `OTHER_OWNERS` or a name: another player's hand follows ("he has queen and 3").
OWNER_HAS = frozenset(("has", "had", "got", "holds", "held"))


def versus(words: Sequence[str], used: Collection[int], starts: Sequence[int],
           people: Collection[str] = ()) -> int:
    """The position of the first word of the second hand's first card (a place of `starts`, where each card read at
    `used` starts), or -1 when the question compares no two hands; `people`: the names it uses
    (`cambio_ref.askpeople.people`).

    >>> said = "i had a 3 and a 4 she had a 2 and a 6 who wins".split()
    >>> versus(said, {3, 6, 10, 13}, [3, 6, 10, 13])
    10
    >>> said = "my 10 and ace vs her 6 and 6".split()
    >>> versus(said, {1, 3, 6, 8}, [1, 3, 6, 8])
    6
    >>> said = "my friend showed me his 9 mine are 2 and 8 total".split()
    >>> versus(said, {5, 8, 10}, [5, 8, 10])
    -1
    >>> said = "i have jack and 2 he has queen and 3 whats mine".split()
    >>> versus(said, {2, 4, 7, 9}, [2, 4, 7, 9])
    7
    """
    asks = any(w in WHO_WINS for w in words)
    for before, at in itertools.pairwise(starts):
        between = [words[k] for k in range(before + 1, at) if k not in used]
        owners = [w in OTHER_OWNERS or w in people for w in between]
        if any(w in COMPARING or w in THEIRS for w in between) or (asks and any(owners)) or any(
                owner and w in OWNER_HAS for owner, w in zip(owners, between[1:], strict=False)):
            return at
    return -1


def versus_json() -> dict[str, list[str]]:
    """The word lists of `versus`, as ask-story.js reads them."""
    return {"comparing": sorted(COMPARING | THEIRS), "other_owners": sorted(OTHER_OWNERS), "who_wins": sorted(WHO_WINS),
            "owner_has": sorted(OWNER_HAS)}
