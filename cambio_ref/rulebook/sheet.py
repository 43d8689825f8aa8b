"""The quick-reference sheet of a ruleset: a whole round taught on one printed A4 page.

Its sections follow a round: what you need, the deal and the first peek, a turn, the
powers, snapping, calling, the end and scoring, the card values. Each line is an
option's question answered by the description of the ruleset's alternative (never its
id), and a question that cannot arise under the ruleset is left out: no snapping
questions where there is no snapping, no king colour where kings have no power. The
few linking sentences (how a turn goes, that the lowest total wins) are the game's
shared core, with the numbers read from spec/core.yaml.

>>> from cambio_ref.catalogue import load_catalogue
>>> from cambio_ref.rulebook.common import prepare_site
>>> site = prepare_site(load_catalogue(), ())
>>> page = sheet_md(site, "hearts")
>>> "## Card values" in page and "| 6♥ | -3 |" in page
True
>>> "Is snapping part of the game?" in page, "May a player snap another player's card?" in sheet_md(site, "official")
(True, False)
"""

from __future__ import annotations

import re
from collections.abc import Callable

from cambio_ref.catalogue import Option
from cambio_ref.rulebook.common import SUIT_GLYPHS, Site, one_line, rel, ruleset_page
from cambio_ref.rulebook.table import card_face
from cambio_ref.rules import Rules, format_value

__all__ = ["SECTIONS", "sheet_md", "sheet_page", "sheets_index_md"]

_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

# The sheet's sections in the order of a round: (anchor, heading). Tests read them.
SECTIONS = (("need", "What you need"), ("deal", "The deal and the first peek"), ("turn", "A turn"),
            ("powers", "Powers"), ("snapping", "Snapping"), ("calling", "Calling Cambio"),
            ("end", "The end and scoring"), ("values", "Card values"))
# Options of the setup phase that say what a table needs; the rest of setup is the deal.
_NEED = ("players.minimum", "players.maximum", "deck.count", "deck.jokers")
# Where an option's answer is read on the sheet when not under its phase's section.
_MOVED = {"info.power-swap-seen": "powers", "turn.direction": "turn", "turn.first-player": "turn",
          "match.next-starter": "end", "match.dealer-rotation": "end", "match.end": "end"}
_SECTION_OF_PHASE = {"setup": "deal", "turn": "turn", "powers": "powers", "snapping": "snapping",
                     "calling": "calling", "scoring": "end"}
# The value of call.caller-locked under which the lock binds the caller too (so the caller never snaps).
_LOCK_BINDS_CALLER = "everyone"
# A safety net for machines, not a rule a table plays by: the property tests' bound on a round.
_NOT_FOR_PLAYERS = ("round.max-turns",)


def _asks(site: Site) -> dict[str, Callable[[Rules], bool]]:
    """When a question arises at all, by option id (the others always do): snapping's
    questions, and those about a player with no cards left (only a snap empties a grid
    slot), only where there is snapping."""
    switch = next(o for o in site.cat.options if o.phase == "snapping" and o.key == "snap")
    locked = site.cat.option("call.caller-locked")
    snaps = [o.id for o in site.cat.options if o is not switch
             and (o.phase == "snapping" or any(w in o.question.lower() for w in ("snap", "no cards")))]
    return {**dict.fromkeys(snaps, lambda r: bool(r.value(switch.key))),
            "snap.give-card": lambda r: r.snap and r.snap_others,
            "snap.wrong-other": lambda r: r.snap and r.snap_others,
            "power.king-colour": lambda r: False,  # the powers table names the kings that carry it
            "end.empty-hand-exempt": lambda r: r.snap and r.caller_penalty != 0,
            # A caller whose own lock binds them cannot snap at all (hearts): the question does not arise.
            "snap.caller-snaps": lambda r: r.snap and r.value(locked.key) != _LOCK_BINDS_CALLER}


def sheet_page(ruleset: str) -> str:
    """The sheet of a ruleset, e.g. ``sheets/hearts.md``."""
    return f"sheets/{ruleset}.md"


def _meaning(opt: Option, rules: Rules) -> str:
    value = rules.value(opt.key)
    alt = opt.alternative(value)
    if alt is not None and alt.description:
        return one_line(alt.description)
    return f"{format_value(value)}."


def _line(opt: Option, rules: Rules) -> str:
    meaning = _meaning(opt, rules)
    if not rules.snap and opt.phase != "snapping":
        meaning = _without_snaps(meaning)
    return f"- **{one_line(opt.question)}** {meaning}"


def _without_snaps(text: str) -> str:
    """A description for a table with no snapping: "swapped and snapped" loses its snap, and any other
    sentence about snaps goes (unless it is the only one).

    >>> _without_snaps("The caller's cards can still be swapped and snapped like anyone's.")
    "The caller's cards can still be swapped like anyone's."
    >>> _without_snaps("Only a card drawn and discarded at once. A snapped card never fires.")
    'Only a card drawn and discarded at once.'
    """
    text = re.sub(r" and snapped\b", "", text)
    sentences = [x for x in re.split(r"(?<=\.) ", text) if x]
    kept = [x for x in sentences if "snap" not in x.lower()]
    return " ".join(kept) if kept else text


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
    """One row per power option whose cards do something under `rules`, naming those cards
    (a rank when every suit carries it, else the cards one by one)."""
    rows = []
    for opt in site.cat.options:
        if opt.phase != "powers" or not opt.ranks:
            continue
        alt = opt.alternative(rules.value(opt.key))
        if alt is None or alt.power is None:
            continue
        names = []
        for rank in opt.ranks:
            cards = [f"{rank}{s}" for s in SUIT_GLYPHS if opt.covers(rank, s)]
            acting = [c for c in cards if c in rules.powers and rules.powers[c].acts]
            names += [rank] if acting == cards else [card_face(c) for c in acting]
        if names:
            rows.append(f"| {', '.join(names)} | {one_line(alt.description)} |")
    return rows


def _section_of(opt: Option) -> str:
    if opt.id in _MOVED:
        return _MOVED[opt.id]
    if opt.id in _NEED:
        return "need"
    return _SECTION_OF_PHASE.get(opt.phase, "")


def _lines(site: Site, rules: Rules, section: str) -> list[str]:
    asks = _asks(site)
    return [_line(o, rules) for o in site.cat.options
            if _section_of(o) == section and not o.ranks and o.id not in _NOT_FOR_PLAYERS
            and (o.id not in asks or asks[o.id](rules))]


def _glue(site: Site, rules: Rules) -> dict[str, list[str]]:
    """The sentences that link the options into a round, by section."""
    grid, peeks = site.cat.core_value("core.grid"), site.cat.core_value("core.peek-count")
    powers = _power_rows(site, rules)
    return {
        "need": ["A pack of cards (jokers as below) and a pen to keep score. The aim of a round: to end it"
                 " holding the fewest points."],
        "deal": [f"Shuffle. The dealer deals {grid} cards face down to each player, one at a time round the table."
                 " Nobody looks at them: each player lays theirs out face down in a square in front of them,"
                 " two near and two far. The rest of the cards are the deck, face down in the middle."
                 f" Then everyone secretly looks at {peeks} of their cards, once, and must remember them."],
        "turn": ["Draw the top card of the deck and look at it without showing it. Then either swap it for one"
                 " of your own cards, face down, and put that card face up on the discard pile; or put the drawn"
                 " card straight onto the discard pile."
                 + (" Some cards have a power when discarded (see Powers)." if powers else "")],
        "powers": [] if powers else ["No card has a power: a discarded card is just discarded."],
        "snapping": [_snap_names(site)] if rules.snap else [],
        "calling": ["When you think your cards are the lowest at the table, call Cambio."],
        "end": ["When the round ends, everyone turns their cards face up and adds up their points"
                " (see Card values). The lowest total wins the round."],
    }


def _snap_names(site: Site) -> str:
    """The sheet's one sentence on snapping's other names: the glossary's synonyms of snap whose
    -ing form it lists too (flip, burn, slap)."""
    term = next(t for t in site.cat.glossary if t.id == "snap")
    names = [w for w in term.synonyms if f"{w}ing" in term.synonyms or f"{w}{w[-1]}ing" in term.synonyms]
    said = [f"{w}{w[-1]}ing" if f"{w}{w[-1]}ing" in term.synonyms else f"{w}ing" for w in names]
    also = f" (some tables say {', '.join(said[:-1])} or {said[-1]})" if len(said) > 1 else ""
    return (f"Snapping{also}: when a card is discarded, anyone may throw a card of the same rank from the table"
            " onto it, out of turn. This sheet says snap throughout.")


def sheet_md(site: Site, rs: str) -> str:
    """The one-page quick reference of ruleset `rs`."""
    src = sheet_page(rs)
    spec = site.cat.rulesets[rs]
    rules = site.rules[rs]
    glue = _glue(site, rules)
    out = ["---", f"title: \"Quick reference: {spec.title.replace(chr(34), chr(39))}\"",
           "hide: [navigation, toc]", "---", "",
           f"# {spec.title}: quick reference {{ #sheet-{rs} }}", "",
           "<div class=\"sheet\" markdown>", "",
           f"<p class=\"sheet-lead\" markdown>{one_line(spec.summary)} Everything a new group needs to play a round"
           f" is here; the sources behind each rule are on the [ruleset page]({rel(src, ruleset_page(rs))}#{rs})."
           " Print this page: it fits one A4 sheet.</p>", ""]
    for anchor, title in SECTIONS:
        out += [f"## {title} {{ #{anchor} }}", ""]
        if anchor == "values":
            out += ["| card | points |", "|---|---|", *_values_rows(rules), ""]
            continue
        if anchor == "powers" and _power_rows(site, rules):
            out += ["| card | when discarded straight from the deck |", "|---|---|", *_power_rows(site, rules), ""]
        out += [*glue[anchor], ""] if glue[anchor] else []
        out += [*_lines(site, rules, anchor), ""]
    return "\n".join([*out, "</div>", ""])


def sheets_index_md(site: Site) -> str:
    """The list of quick-reference sheets, one per ruleset."""
    out = ["# Quick-reference sheets", "",
           "One page per ruleset that teaches a new group a whole round: what you need, the deal, a turn,"
           " the powers, snapping, calling, the end and the card values, in words. Each prints on one A4 sheet.", ""]
    out += [f"- [{one_line(site.cat.rulesets[rs].title)}]({rel('sheets/index.md', sheet_page(rs))}#sheet-{rs})"
            for rs in site.order]
    return "\n".join([*out, ""])
