"""The quick-reference sheet of a ruleset: everything a table needs to play, on one printed A4 page.

Generated from the catalogue: the setup, the turn, a values table, a powers table,
snapping and calling, each line an option's question answered by the description
of the ruleset's alternative (never its slug).

>>> from cambio_ref.catalogue import load_catalogue
>>> from cambio_ref.rulebook.common import prepare_site
>>> page = sheet_md(prepare_site(load_catalogue(), ()), "hearts")
>>> "## Card values" in page and "| 6♥ | -3 |" in page
True
"""

from __future__ import annotations

from cambio_ref.catalogue import PHASES, Option
from cambio_ref.rulebook.common import SUIT_GLYPHS, Site, one_line, rel, ruleset_page
from cambio_ref.rules import Rules, format_value

__all__ = ["sheet_md", "sheet_page", "sheets_index_md"]

_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_TITLES = {"setup": "Setting up", "turn": "A turn", "snapping": "Snapping", "calling": "Calling and the end",
           "scoring": "Scoring"}


def sheet_page(ruleset: str) -> str:
    """The sheet of a ruleset, e.g. ``sheets/hearts.md``."""
    return f"sheets/{ruleset}.md"


def _meaning(opt: Option, rules: Rules) -> str:
    value = rules.value(opt.key)
    alt = opt.alternative(value)
    if alt is not None and alt.description:
        return one_line(alt.description)
    return f"{format_value(value)}."


def _values_rows(rules: Rules) -> list[str]:
    """The points of every card: runs of number cards worth their face value in one row, ranks
    worth the same in one row, and a rank whose suits differ split by suit."""
    rows: list[tuple[list[str], str]] = []  # (cards, points)
    face: list[str] = []

    def flush() -> None:
        if face:
            rows.append(([f"{face[0]}\N{EN DASH}{face[-1]}" if len(face) > 1 else face[0]], "face value"))
            face.clear()

    for rank in _RANKS:
        by_points: dict[int, list[str]] = {}
        for suit in SUIT_GLYPHS:
            if f"{rank}{suit}" in rules.points:
                by_points.setdefault(rules.points[f"{rank}{suit}"], []).append(suit)
        if len(by_points) == 1:
            ((points, _),) = by_points.items()
            if rank.isdigit() and points == int(rank):
                face.append(rank)
                continue
            flush()
            if rows and rows[-1][1] == str(points) and len(rows[-1][0]) == 1 and "\N{EN DASH}" not in rows[-1][0][0]:
                rows[-1][0].append(rank)
            else:
                rows.append(([rank], str(points)))
            continue
        flush()
        for points, suits in sorted(by_points.items(), key=lambda p: len(p[1])):
            rows.append(([" ".join(f"{rank}{SUIT_GLYPHS[s]}" for s in suits)], str(points)))
    flush()
    if rules.jokers and "X" in rules.points:
        rows.append((["Joker"], str(rules.points["X"])))
    return [f"| {', '.join(cards)} | {points} |" for cards, points in rows]


def _power_rows(site: Site, rules: Rules) -> list[str]:
    rows = []
    for opt in site.cat.options:
        if opt.phase != "powers" or not opt.ranks:
            continue
        alt = opt.alternative(rules.value(opt.key))
        if alt is None or alt.power is None:
            continue
        ranks = ", ".join(opt.ranks)
        if opt.colour:
            ranks += f" ({opt.colour})"
        rows.append(f"| {ranks} | {one_line(alt.description)} |")
    return rows


def sheet_md(site: Site, rs: str) -> str:
    """The one-page quick reference of ruleset `rs`."""
    src = sheet_page(rs)
    spec = site.cat.rulesets[rs]
    rules = site.rules[rs]
    out = ["---", f"title: \"Quick reference: {spec.title.replace(chr(34), chr(39))}\"",
           "hide: [navigation, toc]", "---", "",
           f"# {spec.title}: quick reference {{ #sheet-{rs} }}", "",
           "<div class=\"sheet\" markdown>", "",
           f"<p class=\"sheet-lead\" markdown>Ruleset `{rs}` ({one_line(spec.summary)}) Every option, with its"
           f" source, is on the [ruleset page]({rel(src, ruleset_page(rs))}#{rs}). Print this page: it fits"
           " one A4 sheet.</p>", ""]
    powers = [o for o in site.cat.options if o.phase == "powers" and not o.ranks]
    for phase in PHASES:
        if phase not in _TITLES and phase != "powers":
            continue  # match play is on the ruleset page; a table playing one round does not need it
        if phase == "powers":
            out += ["## Powers { #powers }", "", "| card | when discarded straight from the deck |", "|---|---|",
                    *_power_rows(site, rules), ""]
            out += [f"- {one_line(o.question)} {_meaning(o, rules)}" for o in powers]
            out.append("")
            continue
        opts = [o for o in site.cat.options if o.phase == phase and not o.ranks]
        if phase == "scoring":
            out += ["## Card values { #values }", "", "| card | points |", "|---|---|", *_values_rows(rules), ""]
        if not opts:
            continue
        out += [f"## {_TITLES.get(phase, phase.capitalize())} {{ #{phase} }}", ""]
        out += [f"- {one_line(o.question)} {_meaning(o, rules)}" for o in opts]
        out.append("")
    return "\n".join([*out, "</div>", ""])


def sheets_index_md(site: Site) -> str:
    """The list of quick-reference sheets, one per ruleset."""
    out = ["# Quick-reference sheets", "",
           "One page per ruleset that a table can play from: the setup, a turn, the powers, snapping,"
           " calling and the card values, in words. Each prints on one A4 sheet.", ""]
    out += [f"- [{one_line(site.cat.rulesets[rs].title)}]({rel('sheets/index.md', sheet_page(rs))}#sheet-{rs})"
            for rs in site.order]
    return "\n".join([*out, ""])
