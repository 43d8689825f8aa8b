"""Questions and rules in players' words: a case's question, a house rule, a core rule, an option's value.

`cambio ask` and the site's search show these; `cambio_ref.askbuild` writes them into the
engine's data once, so answering never reads the catalogue.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from cambio_ref.askindex import Lexicon, doc_tokens, lexicon
from cambio_ref.memo import per_object

if TYPE_CHECKING:
    from collections.abc import Iterable

    from cambio_ref.cards import Card
    from cambio_ref.cases import Case
    from cambio_ref.catalogue import Catalogue, Term
    from cambio_ref.rules import Resolved

__all__ = ["card_option", "first_sentence", "house_label", "player_title", "rule_title", "terms_in", "tokens",
           "value_text"]


def tokens(text: str, glossary: Iterable[Term] | None = None) -> list[str]:
    """The search tokens of `text`: its words and ``@term`` for each glossary term it uses.

    >>> tokens("A wrong flip?")
    ['wrong', 'flip', '@wrong-snap', '@snap']
    """
    from cambio_ref.catalogue import load_catalogue

    return doc_tokens(text, _lexicon(load_catalogue().glossary if glossary is None else glossary))


def _lexicon(glossary: Iterable[Term]) -> Lexicon:
    """`lexicon(glossary)`, made once per glossary tuple (a catalogue's): the site looks up
    the terms of every paragraph of every page."""
    return _lexicon_of(glossary) if isinstance(glossary, tuple) else lexicon(glossary)


@per_object(limit=8)
def _lexicon_of(glossary: tuple[Term, ...]) -> Lexicon:
    return lexicon(glossary)


def terms_in(text: str, glossary: Iterable[Term] | None = None) -> list[Term]:
    """The glossary terms `text` uses, by any of their words.

    >>> [t.id for t in terms_in("Ben knocks, then Ann burns a card")]
    ['call', 'snap']
    """
    from cambio_ref.catalogue import load_catalogue

    chosen = load_catalogue().glossary if glossary is None else glossary
    terms = chosen if isinstance(chosen, tuple) else tuple(chosen)
    ids = {t[1:] for t in doc_tokens(text, _lexicon(terms)) if t.startswith("@")}
    return [t for t in terms if t.id in ids]


def player_title(case: Case) -> str:
    """A case's question as a player reads it: a house-rule case names no source.

    >>> from cambio_ref.cases import load_cases
    >>> player_title(load_cases()["power.queen-look-two-house-rule"])
    'Under a house rule some tables play, what may a queen discarded from the deck do?'
    >>> player_title(load_cases()["value.risky-fives-on"])  # the question starts at its question word
    'Under a house rule some tables play, what do hands with two fives, one five and no five score?'
    >>> player_title(load_cases()["tie.caller-ties-lowest"])
    'Who wins when the caller ties the lowest score?'
    """
    title = case.title
    asked = re.search(r", (?=(?:what|when|where|who|which|how|may|can|does|do|is|are|must|should)\b)", title)
    if case.data.get("set") and title.startswith("With ") and asked:
        return "Under a house rule some tables play, " + title[asked.end():]
    return title


def house_label(case: Case, cat: Catalogue | None = None) -> str:
    """The rule a house-rule case plays, in words.

    >>> from cambio_ref.cases import load_cases
    >>> house_label(load_cases()["power.queen-look-two-house-rule"])
    'A house rule some tables play: look at up to two cards anywhere on the table, then swap any two cards.'
    """
    from cambio_ref.catalogue import load_catalogue

    cat = cat or load_catalogue()
    said = []
    for name, value in (case.data.get("set") or {}).items():
        if cat.has_option(name):
            alt = cat.option(name).alternative(cat.option(name).coerce(value))
            if alt is not None and alt.description:
                said.append(first_sentence(alt.description).rstrip("."))
    text = "; ".join(said)
    return f"A house rule some tables play: {text[:1].lower()}{text[1:]}." if text else \
        "A house rule some tables play."


def rule_title(cat: Catalogue, rule_id: str) -> str:
    """A core rule with a value, in words, the value in place.

    >>> from cambio_ref.catalogue import load_catalogue
    >>> rule_title(load_catalogue(), "core.grid")
    'Each player is dealt 4 cards, face down, as a 2x2 grid.'
    """
    rule = cat.core_rules[rule_id]
    text = " ".join(rule.statement.split()).replace("this many", str(rule.value))
    while " (" in text and ")" in text.split(" (", 1)[1]:
        head, tail = text.split(" (", 1)
        text = head + tail.split(")", 1)[1]
    return text


def card_option(cat: Catalogue, card: Card) -> str:
    """The option that sets what `card` is worth (a later option overrides an earlier one).

    >>> from cambio_ref.cards import Card
    >>> from cambio_ref.catalogue import load_catalogue
    >>> card_option(load_catalogue(), Card("K", "H")), card_option(load_catalogue(), Card("7", "C"))
    ('value.red-king', 'value.number-cards')
    """
    return [o.id for o in cat.options if o.covers(card.rank, card.suit)][-1]


def value_text(r: Resolved) -> str:
    """An option's value under a ruleset in players' words: the alternative's description, and where it comes from.

    >>> from cambio_ref.rules import explain, resolve
    >>> online = {x.option.id: x for x in explain(resolve("online"))}
    >>> value_text(online["turn.direction"])
    'Play passes to the next player clockwise, to the left. (online §How to play)'
    """
    alt = r.option.alternative(r.value)
    from cambio_ref.rules import format_value

    said = first_sentence(alt.description) if alt is not None and alt.description else format_value(r.value)
    if r.origin == "source" and r.citations:
        why = "; ".join(str(c) for c in r.citations)
    elif r.origin == "house":
        why = "your house rule"
    else:
        why = "the project's ruling"
    return f"{said} ({why})"


def first_sentence(text: str) -> str:
    """The first sentence of a description, without its asides (they often speak to implementers).

    >>> first_sentence("Play passes clockwise. Seats are numbered (mod n).")
    'Play passes clockwise.'
    >>> first_sentence("Play passes counter-clockwise, so after seat p comes seat p-1 (mod n).")
    'Play passes counter-clockwise.'
    """
    text = re.sub(r" ?\([^()]*\)", "", " ".join(text.split()))
    text = text.split(". ", 1)[0].rstrip(".")
    return re.sub(r", so after seat p .*$", "", text) + "."
