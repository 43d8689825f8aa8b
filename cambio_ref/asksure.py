"""How sure the question engine is of its first answer: `choose` reads the ranking of `cambio_ref.askindex`.

A sure answer scores at least GOOD and leads by MARGIN every question that is not its
own (a case's options; an option's cases), or it is the question asked, word for word;
a weaker one (at least FAIR) must lead by WIDE. Otherwise the reply is "not sure" and
offers the closest questions. docs/javascripts/ask.js makes the same choice on the same
numbers (they travel in the site's index, `cambio_ref.askbuild`).

>>> from cambio_ref.askindex import analyse, build_index, rank
>>> idx = build_index()
>>> q = analyse("who wins when the caller ties the lowest score?", idx.lexicon)
>>> out, sure = choose(rank(idx, q), q)
>>> out[0][0].id, sure
('tie.caller-ties-lowest', True)
"""

from __future__ import annotations

from collections.abc import Sequence

from cambio_ref.askindex import Doc, Query

__all__ = ["FAIR", "GOOD", "MARGIN", "WIDE", "choose"]

# A match is sure when it scores at least this (0 to 1).
GOOD = 0.58
# A sure answer leads every question that is not its own (its case's options, its option's cases) by this much.
MARGIN = 0.08
# A weaker match, scoring at least FAIR, is sure when it leads every question not its own by WIDE.
FAIR = 0.45
WIDE = 0.2


def choose(ranked: Sequence[tuple[Doc, float]], query: Query) -> tuple[list[tuple[Doc, float]], bool]:
    """The ranking as the reply reads it, and whether its first answer is sure.

    A question that names its ruleset asks for that ruleset's rule: when a case comes first,
    the best of its options comes first instead, at the case's score. So does the option two
    cases share when they come first and second within MARGIN (unless the question speaks of a
    house rule, which each case plays out, or the first case's title has every word it asks for):
    the question asks for the rule both play out. The first answer is sure when it scores at
    least GOOD and leads by MARGIN every question that is not its own (its options for a case;
    for an option, the cases that turn it on), or when its title has every word the question
    asks for and that question's title does not, or the question is its title; a weaker match
    (at least FAIR) is sure when it leads every question not its own by WIDE and has two or more
    of the words asked for.
    """
    out = list(ranked)
    if not out:
        return out, False
    top, score = out[0]
    if query.ruleset is not None and top.kind == "case" and top.options:
        out = _first_option(out, top.options, score)
    rival = _rival(out)
    if score - rival[1] < MARGIN and not query.house and top.kind == "case" and rival[0] is not None and (
            rival[0].kind == "case") and not _titled(top, query) and (
            shared := set(top.options) & set(rival[0].options)):
        out = _first_option(out, tuple(shared), score)
        rival = _rival(out)
    first = out[0][0]
    clear = score - rival[1] >= MARGIN or (_titled(first, query) and (
        _exact(first, query) or (rival[0] is not None and not _titled(rival[0], query))))
    wide = score >= FAIR and score - rival[1] >= WIDE and _found(first, query) >= 2
    return out, (score >= GOOD and clear) or wide


def _titled(doc: Doc, query: Query) -> bool:
    """Every word the question asks for is in the title of `doc`: it asks for that very question."""
    return all(any(t in doc.fields[0][1] for t in alts) for alts in query.wanted)


def _found(doc: Doc, query: Query) -> int:
    """How many of the words the question asks for `doc` has, in any field or its glossary terms."""
    return sum(1 for alts in query.wanted if any(t in doc.about or any(t in f for _, f in doc.fields) for t in alts))


def _exact(doc: Doc, query: Query) -> bool:
    """The question asks for every word of the title of `doc` (its glossary terms aside)."""
    asked = {t for alts in query.wanted for t in alts}
    return all(t in asked for t in doc.fields[0][1] if not t.startswith("@"))


def _first_option(ranked: list[tuple[Doc, float]], options: Sequence[str], score: float) -> list[tuple[Doc, float]]:
    """`ranked` with the best of `options` moved first at `score` (unchanged if none is ranked)."""
    mine = next((i for i, (d, _) in enumerate(ranked) if d.kind == "option" and d.id in options), None)
    if mine is None:
        return ranked
    out = list(ranked)
    out.insert(0, (out.pop(mine)[0], score))
    return out


def _rival(ranked: Sequence[tuple[Doc, float]]) -> tuple[Doc | None, float]:
    """The best question that is not the first one's own (its options, or the cases of its option), and its score."""
    top = ranked[0][0]
    own = {top.key} | {f"option:{o}" for o in top.options}
    theirs = [(d, s) for d, s in ranked[1:] if d.key not in own and not (top.kind == "option" and top.id in d.options)]
    return theirs[0] if theirs else (None, 0.0)
