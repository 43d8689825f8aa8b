"""House rules a question says are on or off ("risky fives is on", "no risky fives", "we turned off snapping
other people's cards"): `switched` reads them from a question's canonical words (`cambio_ref.askcanon`), for
`cambio_ref.askread.analyse`; docs/javascripts/ask-read.js reads them the same way from `switch_json`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from cambio_ref.askcanon import canonical, canonical_words, card_canonical
from cambio_ref.cardcounts import ARTICLES

__all__ = ["SWITCH_WORDS", "WITH", "switch_json", "switched"]


# Words that say a rule a table may play is on or off, after its name ("risky fives is on", "open hands off"),
# or after a verb before it ("turned off snapping others' cards").
SWITCH_WORDS: dict[str, bool] = {"on": True, "enabled": True, "ticked": True, "active": True, "off": False,
                                 "disabled": False, "unticked": False}
# Words between a rule's name and its on/off word: "risky fives is on", "snapping others turned off".
_SWITCH_LINKS = frozenset(("is", "are", "was", "were", "be", "been", "turned", "switched", "set", "toggled", "rule",
                           "rules", "option", "now"))
# The word before a rule's name after which "on" or "off" says it is on or off whatever follows ("with risky fives
# on, two fives and a king").
WITH = "with"
# Words before a rule's name that say it is off: "no risky fives", "without open hands".
_SWITCH_NEGATIONS = frozenset(("no", "without"))
# Verbs before an on/off word that comes before a rule's name: "turned off snapping", "switch on risky fives".
_SWITCH_VERBS = frozenset(("turn", "turned", "switch", "switched", "toggle", "toggled", "put"))
# After a rule's name with no link word, "on" is a preposition when one of these (or a number) follows: "snap on
# the pile", "land exactly on 100".
_ON_BEFORE = ARTICLES | {"my", "your", "his", "her", "their", "our", "its", "top", "someone", "somebody", "it",
                         "them", "him", "me", "us", "this", "that", "one", "another", "other", "pile", "discard",
                         "deck", "card", "cards", "turn", "round", "first", "same", "next", "last", "each", "every"}


@cache
def _switch_words() -> tuple[dict[str, bool], frozenset[str], frozenset[str], frozenset[str], frozenset[str]]:
    """The switch word lists as the engine compares them (canonical: "turned" -> "turn")."""
    def one(words: Iterable[str]) -> frozenset[str]:
        return frozenset(canonical_words(words))

    return ({canonical(w)[0]: v for w, v in SWITCH_WORDS.items()}, one(_SWITCH_LINKS), one(_SWITCH_NEGATIONS),
            one(_SWITCH_VERBS), one(_ON_BEFORE) | card_canonical())


def switched(canon: Sequence[str], starting: Mapping[str, Sequence[tuple[tuple[str, ...], str]]]
             ) -> tuple[tuple[str, bool], ...]:
    """The glossary terms `canon` (a question's canonical words) says are on or off, each with its value (the
    longest name at a place; a term said both ways is left out); `starting`: the glossary's phrases by their first
    word, longest first (`cambio_ref.askread.Lexicon.starting`).

    >>> from cambio_ref.askread import raw_words, shipped_lexicon
    >>> starting = shipped_lexicon().starting()
    >>> [switched(canonical_words(raw_words(q)), starting) for q in ("risky fives is on, two fives?", "no risky fives",
    ...  "we turned off snapping other people's cards", "can i snap on the same discard", "open hands off")]
    [(('risky-fives', True),), (('risky-fives', False),), (('snap-others', False),), (), (('open-hands', False),)]
    >>> switched(canonical_words(raw_words("with risky fives on, two fives")), starting)
    (('risky-fives', True),)
    """
    on_off, links, negations, verbs, on_before = _switch_words()
    n = len(canon)
    said: dict[str, set[bool]] = {}
    for j in range(n):
        for phrase, term in starting.get(canon[j], ()):
            k = j + len(phrase)
            if tuple(canon[j:k]) != phrase:
                continue
            m = k
            while m < n and canon[m] in links:
                m += 1
            # (after "with", "on" says the rule is on whatever follows: "with risky fives on, two fives")
            if m < n and canon[m] in on_off and (canon[j - 1:j] == [WITH] or not (
                    m == k and canon[m] == "on" and m + 1 < n and (canon[m + 1] in on_before
                                                                    or canon[m + 1][:1].isdigit()))):
                said.setdefault(term, set()).add(on_off[canon[m]])
            if j > 0 and canon[j - 1] in negations:
                said.setdefault(term, set()).add(False)
            if j > 1 and canon[j - 1] in on_off and canon[j - 2] in verbs:
                said.setdefault(term, set()).add(on_off[canon[j - 1]])
            break  # the longest name starting here is the one said on or off
    return tuple((term, next(iter(v))) for term, v in said.items() if len(v) == 1)


def switch_json() -> dict[str, Any]:
    """The switch word lists, canonical, as ask.js reads them."""
    on_off, links, negations, verbs, on_before = _switch_words()
    return {"on_off": on_off, "links": sorted(links), "negations": sorted(negations), "verbs": sorted(verbs),
            "on_before": sorted(on_before), "with": WITH}
