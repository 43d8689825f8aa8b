"""What every page of the rulebook shares: page paths, links, cell text, citations and the `Site`.

>>> option_page("snap.wrong-own"), rel("disputes/a.md", "sources.md")
('options/snap-wrong-own.md', '../sources.md')
"""

from __future__ import annotations

import json
import posixpath
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from cambio_ref.askindex import STOP_WORDS, raw_words
from cambio_ref.askwords import terms_in, tokens
from cambio_ref.catalogue import Catalogue, Citation, Option, Term, Value
from cambio_ref.rulebook.model import Dispute, Front
from cambio_ref.rules import Resolved, Rules, explain, format_value, resolve


def slug(ident: str) -> str:
    return ident.replace(".", "-")


def option_page(option_id: str) -> str:
    """The page of an option: dots in its id become dashes.

    >>> option_page("snap.wrong-own")
    'options/snap-wrong-own.md'
    """
    return f"options/{slug(option_id)}.md"


def ruleset_page(ruleset_id: str) -> str:
    """The page of a ruleset, e.g. ``rulesets/hearts.md``."""
    return f"rulesets/{ruleset_id}.md"


def dispute_page(case_id: str) -> str:
    """The page of an edge case, e.g. ``disputes/tie-with-caller.md``."""
    return f"disputes/{slug(case_id)}.md"


def rel(src: str, dest: str) -> str:
    """A relative link from page `src` to `dest` (both paths from the docs root)."""
    return posixpath.relpath(dest, posixpath.dirname(src) or ".")


def one_line(text: str | None) -> str:
    """Catalogue prose on one line, safe inside a table cell."""
    return " ".join((text or "").split()).replace("|", "\\|").replace("<", "&lt;")


def value_code(value: Value) -> str:
    return f"`{format_value(value)}`"


def is_secondary(cat: Catalogue | None, key: str) -> bool:
    """True if `key` names a secondary source (a source without a kind is primary)."""
    source = cat.sources.get(key) if cat is not None else None
    return getattr(source, "kind", "primary") == "secondary"


def cite(c: Citation, src: str, *, note: bool = False, cat: Catalogue | None = None) -> str:
    """A citation as a link to its source, with its evidence; secondary sources are marked.

    >>> cite(Citation("hearts", "3e", "stated"), "disputes/x.md")
    '[hearts §3e](../sources.md#hearts) (stated)'
    """
    link = f"[{c.key} §{one_line(c.section)}]({rel(src, 'sources.md')}#{c.key})"
    extra = f": {one_line(c.note)}" if note and c.note else ""
    kind = "secondary source, " if is_secondary(cat, c.key) else ""
    return f"{link} ({kind}{c.evidence}{extra})"


def why(r: Resolved, src: str, cat: Catalogue | None = None) -> str:
    if r.origin == "source":
        return "; ".join(cite(c, src, cat=cat) for c in r.citations)
    return f"*{r.origin}:* {one_line(r.reason)}"


def phase_title(phase: str) -> str:
    return phase.capitalize()


@dataclass(frozen=True)
class Site:
    cat: Catalogue
    order: tuple[str, ...]  # ruleset ids, in the order of their sources
    rules: Mapping[str, Rules]
    resolved: Mapping[str, Mapping[str, Resolved]]  # ruleset -> option id -> Resolved
    disputes: Sequence[Dispute]
    front: Front

    def values(self, opt: Option) -> list[Value]:
        return [self.resolved[rs][opt.id].value for rs in self.order]


def prepare_site(cat: Catalogue, disputes: Sequence[Dispute], front: Front | None = None) -> Site:
    order = cat.ruleset_order()
    rules = {rs: resolve(rs, catalogue=cat) for rs in order}
    resolved = {rs: {r.option.id: r for r in explain(rules[rs], catalogue=cat)} for rs in order}
    return Site(cat, order, rules, resolved, disputes, front or Front())


def has_ruling(site: Site, opt: Option) -> bool:
    """True if the option's page has a "The ruling" section."""
    return bool(opt.ruling or opt.silent or any(site.resolved[rs][opt.id].origin == "ruling" for rs in site.order))


def ruling_anchor(site: Site, opt: Option) -> str:
    """The anchor of an option's ruling on its page (its heading when it has no ruling section)."""
    return "ruling" if has_ruling(site, opt) else opt.id


def glossary_page() -> str:
    return "glossary.md"


@cache
def _gloss_pattern(glossary: tuple[Term, ...]) -> tuple[re.Pattern[str], dict[str, str]] | None:
    """What finds a use of a glossary term in prose (outside code and links), and the term id of
    each of their words; None for a glossary with no word. Made once per glossary: every
    paragraph of every page is linked with it."""
    # A word the question engine skips ("do", a cue for a power in "what does a ten do?") is not a use of
    # the term in prose: "does" is not a power.
    words = sorted(((w, t.id) for t in glossary for w in t.words
                    if not all(r in STOP_WORDS for r in raw_words(w))), key=lambda p: -len(p[0]))
    if not words:
        return None
    alternatives = "|".join(re.escape(w) for w, _ in words)
    pattern = re.compile(r"`[^`]*`|\[[^\]]*\]\([^)]*\)|<[^>]*>|(?<![\w.-])((" + alternatives
                         + r")(?:s|es|ed|d|ing|ped|ping|per|pers)?)(?![\w-]|\.\w)", re.IGNORECASE)
    return pattern, {w: t for w, t in words}


def gloss_links(site: Site, src: str, text: str) -> str:
    """Prose with the first use of each glossary term linked to its entry (not inside code or links).

    >>> from cambio_ref.catalogue import load_catalogue
    >>> site = prepare_site(load_catalogue(), ())
    >>> gloss_links(site, "disputes/x.md", "The flipper knocks.")
    'The [flipper](../glossary.md#snap) [knocks](../glossary.md#call).'
    >>> gloss_links(site, "disputes/x.md", "What does it do?")
    'What does it do?'
    """
    found = _gloss_pattern(site.cat.glossary)
    if found is None:
        return text
    pattern, term_of = found
    done: set[str] = set()

    def link(m: re.Match[str]) -> str:
        if not m[1]:
            return m[0]
        term = term_of[m[2].lower()]
        if term in done:
            return m[0]
        done.add(term)
        return f"[{m[1]}]({rel(src, glossary_page())}#{term})"

    return pattern.sub(link, text)


def _distinct(words: Sequence[str]) -> list[str]:
    """The words without the inflections of an earlier one ("flips" after "flip").

    >>> _distinct(["flip", "flips", "flipping", "burn", "burner", "slap", "do"])
    ['flip', 'burn', 'burner', 'slap']

    A word the question engine skips ("do") is a cue, not another name: it is left out.
    """
    seen: set[str] = set()
    out = []
    for word in words:
        stem = " ".join(tokens(word, ()))
        if stem and stem not in seen:
            seen.add(stem)
            out.append(word)
    return out


@cache
def _terms_in(text: str, glossary: tuple[Term, ...]) -> tuple[Term, ...]:
    """`terms_in`, once per text: a page's question is looked up for its other words and again
    for its search tags."""
    return tuple(terms_in(text, glossary))


def other_words(site: Site, src: str, text: str) -> list[str]:
    """A line naming the other words for the glossary terms `text` uses, linked to their entries.

    >>> from cambio_ref.catalogue import load_catalogue
    >>> other_words(prepare_site(load_catalogue(), ()), "disputes/x.md", "Who may knock?")[0][:60]
    '<p class="also-called" markdown>Also called: [call](../gloss'
    """
    terms = [t for t in _terms_in(text, site.cat.glossary) if t.synonyms]
    if not terms:
        return []
    said = "; ".join(f"[{t.name}]({rel(src, glossary_page())}#{t.id}): {', '.join(_distinct(t.synonyms))}"
                     for t in terms)
    return [f'<p class="also-called" markdown>Also called: {said}.</p>', ""]


def search_tags(site: Site, text: str, option_id: str | None = None) -> list[str]:
    """Front matter naming the glossary terms of `text` and their other words, for the site search.

    Material indexes a page's `tags` with every section and weighs them above titles, so a
    table's word ("flip", "knock") finds the page whose question uses the rulebook's word.
    An option's page also carries the terms whose glossary entry points to that option, so
    "tie" finds `end.tie` even though its question speaks of a shared lowest score.

    >>> from cambio_ref.catalogue import load_catalogue
    >>> site = prepare_site(load_catalogue(), ())
    >>> search_tags(site, "Who may knock?")[:2]
    ['tags:', '  - "call"']
    >>> search_tags(site, "Who wins when several players share the lowest score?", "end.tie")[:2]
    ['tags:', '  - "tie"']
    """
    found = _terms_in(text, site.cat.glossary)
    terms = [t for t in site.cat.glossary if t in found or (option_id and option_id in t.see)]
    words = [w for t in terms for w in _distinct([t.name.lower(), *t.synonyms])]
    return ["tags:", *(f"  - {json.dumps(w)}" for w in words)] if words else []


SLOT_NAMES = ("top-left", "top-right", "bottom-left", "bottom-right")


SUIT_GLYPHS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def card_html(code: str) -> str:
    """A card code as shown on a dispute page.

    >>> card_html("10H"), card_html("KS"), card_html("X")
    ('<span class="card red">10♥</span>', '<span class="card">K♠</span>', '<span class="card">Joker</span>')
    """
    if code == "X":
        return '<span class="card">Joker</span>'
    rank, suit = code[:-1], code[-1:]
    red = " red" if suit in ("H", "D") else ""
    return f'<span class="card{red}">{rank}{SUIT_GLYPHS.get(suit, suit)}</span>'


def cards_html(codes: Iterable[str]) -> str:
    return ", ".join(card_html(c) for c in codes)


def option_link(site: Site, src: str, name: str) -> str:
    """A link to an option's page named by its id (for implementers)."""
    if site.cat.has_option(name):
        opt = site.cat.option(name)
        return f"[`{opt.id}`]({rel(src, option_page(opt.id))}#{opt.id})"
    return f"`{one_line(name)}`"


def question_link(site: Site, src: str, name: str) -> str:
    """A link to an option's page named by its question, as a player reads it."""
    opt = site.cat.option(name)
    return f"[{one_line(opt.question)}]({rel(src, option_page(opt.id))}#{opt.id})"


def core_rule_words(site: Site, rule_id: str) -> str:
    """A core rule as a player reads it: its statement, with its value in place, in quotes."""
    from cambio_ref.askwords import rule_title

    return f"the rule \u201c{rule_title(site.cat, rule_id).rstrip('.')}\u201d"


