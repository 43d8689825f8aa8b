"""What every page of the rulebook shares: page paths, links, cell text, citations and the `Site`.

>>> option_page("snap.wrong-own"), rel("disputes/a.md", "sources.md")
('options/snap-wrong-own.md', '../sources.md')
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from cambio_ref.catalogue import Catalogue, Citation, Option, Value
from cambio_ref.rulebook.model import Dispute
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


def cite(c: Citation, src: str, *, note: bool = False) -> str:
    link = f"[{c.key} §{one_line(c.section)}]({rel(src, 'sources.md')}#{c.key})"
    extra = f": {one_line(c.note)}" if note and c.note else ""
    return f"{link} ({c.evidence}{extra})"


def why(r: Resolved, src: str) -> str:
    if r.origin == "source":
        return "; ".join(cite(c, src) for c in r.citations)
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

    def values(self, opt: Option) -> list[Value]:
        return [self.resolved[rs][opt.id].value for rs in self.order]


def prepare_site(cat: Catalogue, disputes: Sequence[Dispute]) -> Site:
    source_rank = {key: i for i, key in enumerate(cat.sources)}
    order = tuple(sorted(cat.rulesets,
                         key=lambda r: (source_rank.get(cat.rulesets[r].source, len(source_rank)), r)))
    rules = {rs: resolve(rs, catalogue=cat) for rs in order}
    resolved = {rs: {r.option.id: r for r in explain(rules[rs], catalogue=cat)} for rs in order}
    return Site(cat, order, rules, resolved, disputes)


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
    if site.cat.has_option(name):
        opt = site.cat.option(name)
        return f"[`{opt.id}`]({rel(src, option_page(opt.id))}#{opt.id})"
    return f"`{one_line(name)}`"


