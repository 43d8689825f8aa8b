"""The rulebook site's pages, rendered from the catalogue as Markdown.

`render_site` is pure: it takes a loaded `Catalogue` and returns every generated
page as ``{path: markdown}``. The MkDocs hook ``docs/hooks/pages.py`` adds these
pages to the build; anything else (a pre-build script, another generator) can
write them to disk instead. Every value, citation and ruling comes from
`cambio_ref.rules.resolve` and `cambio_ref.rules.explain`; nothing here restates
a rule. The edge cases of spec/cases become `Dispute` pages through `case_dispute`,
which takes the runs of each case against the reference from its caller (the hook
runs them with `conformance.scenarios.run_case`), so this module never plays a game.

>>> from cambio_ref.catalogue import load_catalogue
>>> pages = render_site(load_catalogue())
>>> option_page("snap.wrong-own") in pages, "rulesets/hearts.md" in pages
(True, True)
>>> "{ #end.tie }" in pages[option_page("end.tie")]
True
"""

from __future__ import annotations

import posixpath
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from cambio_ref.cases import Case, keys_hold
from cambio_ref.catalogue import PHASES, Alternative, Catalogue, Citation, Option, Value, load_catalogue
from cambio_ref.errors import CambioError
from cambio_ref.rules import Resolved, Rules, explain, format_value, resolve

__all__ = ["Answer", "CaseRun", "Deal", "Dispute", "Example", "Round", "Step", "case_dispute", "dispute_page",
           "group_title", "option_page", "render_site", "ruleset_page", "site_nav"]

NavEntry = str | dict[str, "str | list[NavEntry]"]


@dataclass(frozen=True)
class Example:
    """A house-rules file shown on the house-rules guide: its path, text and resolved rules."""

    path: str
    text: str
    rules: Rules


class CaseRun(Protocol):
    """What the site shows of one run of a case under one ruleset.

    `conformance.scenarios.CaseResult` fits; `cambio_ref` never runs a case itself.
    """

    @property
    def status(self) -> str: ...  # pass, fail or not_applicable (anything else: could not run)

    @property
    def scores(self) -> Sequence[int] | None: ...

    @property
    def winners(self) -> Sequence[int] | None: ...

    @property
    def reason(self) -> str | None: ...

    @property
    def trace(self) -> Sequence[str]: ...

    @property
    def failures(self) -> Sequence[object]: ...


@dataclass(frozen=True)
class Answer:
    """One ruleset's answer to a dispute, and what the reference did when it played it."""

    ruleset: str
    text: str  # one sentence; "Not applicable: why." when the case cannot be played
    applies: bool = True
    outcome: str = ""  # what the reference ended with, e.g. "scores 10, 10; seat 0 wins"
    reference: str = ""  # pass, fail, or another word for a run that could not finish; "" when not run
    problems: tuple[str, ...] = ()  # the expectations the reference did not meet
    trace: tuple[str, ...] = ()  # the reference's log: every action, event and who saw which card
    citations: tuple[Citation, ...] = ()
    ruling: str = ""


@dataclass(frozen=True)
class Deal:
    """The cards of one round, as a case sets them up."""

    grids: tuple[tuple[str, ...], ...] = ()  # card codes per seat, slot 0 first
    deck: tuple[str, ...] = ()  # the whole deck, top first (instead of grids)
    dealer: int | None = 0  # None: as the match rules say (a later round)
    starting: str = ""  # the starting discard, for rulesets that turn one up
    draws: tuple[str, ...] = ()  # the next cards of the deck, top first
    peek: tuple[int, ...] = ()  # the slots every player looks at first; () for no opening peek


@dataclass(frozen=True)
class Step:
    """One step of a scenario: who acts (or whose view is checked) and what must hold."""

    text: str  # e.g. "Seat 1 calls Cambio."
    note: str = ""
    only: tuple[str, ...] = ()  # taken only under these rulesets or option=value; () always
    checks: tuple[tuple[str, str], ...] = ()  # (ruleset, option=value or all; what must hold)
    rulesets: tuple[str, ...] = ()  # with `only`: the rulesets that take the step


@dataclass(frozen=True)
class Round:
    """One round of a scenario: the deal, then the steps."""

    deal: Deal
    steps: tuple[Step, ...] = ()


@dataclass(frozen=True)
class Dispute:
    """One edge case (a file of spec/cases), as the site shows it.

    The MkDocs hook builds these with `case_dispute` and passes them to `render_site`,
    which gives each its page under ``disputes/`` and links it from the pages of the
    options it exercises.
    """

    id: str
    question: str
    options: tuple[str, ...]
    answers: tuple[Answer, ...]
    rounds: tuple[Round, ...] = ()  # the scenario step by step
    citations: tuple[Citation, ...] = ()
    scenario: str = ""  # the scenario file, e.g. spec/cases/ties/caller-ties-lowest.yaml
    settings: tuple[tuple[str, str], ...] = ()  # options set on top of every ruleset (name, value)
    rulings: tuple[str, ...] = ()  # option or core rule ids whose project ruling it relies on
    exercises: tuple[str, ...] = ()  # the option values it shows, as option.id=value

    @property
    def group(self) -> str:
        """The section of "Disputes" it is listed under, from the first part of its id.

        >>> Dispute("tie.caller-ties-lowest", "?", ("end.tie",), ()).group
        'Ties'
        """
        return group_title(self.id.partition(".")[0])


# Section titles of "Disputes", by the first part of a case id; others are capitalised.
GROUP_TITLES = {
    "call": "Calling", "conflict": "Conflicting sources", "deal": "Dealing", "deck": "The deck",
    "end": "End of the round", "info": "Information", "match": "Matches", "peek": "Peeking",
    "power": "Powers", "score": "Scoring", "setup": "Setup", "snap": "Snapping", "tie": "Ties",
    "turn": "Turns", "value": "Card values",
}


def group_title(prefix: str) -> str:
    """The title of the group of cases whose ids start with `prefix`.

    >>> group_title("snap"), group_title("opening-peek")
    ('Snapping', 'Opening peek')
    """
    return GROUP_TITLES.get(prefix, prefix.replace("-", " ").capitalize())


def _slug(ident: str) -> str:
    return ident.replace(".", "-")


def option_page(option_id: str) -> str:
    """The page of an option: dots in its id become dashes.

    >>> option_page("snap.wrong-own")
    'options/snap-wrong-own.md'
    """
    return f"options/{_slug(option_id)}.md"


def ruleset_page(ruleset_id: str) -> str:
    """The page of a ruleset, e.g. ``rulesets/hearts.md``."""
    return f"rulesets/{ruleset_id}.md"


def dispute_page(case_id: str) -> str:
    """The page of an edge case, e.g. ``disputes/tie-with-caller.md``."""
    return f"disputes/{_slug(case_id)}.md"


def _rel(src: str, dest: str) -> str:
    """A relative link from page `src` to `dest` (both paths from the docs root)."""
    return posixpath.relpath(dest, posixpath.dirname(src) or ".")


def _text(text: str | None) -> str:
    """Catalogue prose on one line, safe inside a table cell."""
    return " ".join((text or "").split()).replace("|", "\\|").replace("<", "&lt;")


def _code(value: Value) -> str:
    return f"`{format_value(value)}`"


def _cite(c: Citation, src: str, *, note: bool = False) -> str:
    link = f"[{c.key} §{_text(c.section)}]({_rel(src, 'sources.md')}#{c.key})"
    extra = f": {_text(c.note)}" if note and c.note else ""
    return f"{link} ({c.evidence}{extra})"


def _why(r: Resolved, src: str) -> str:
    if r.origin == "source":
        return "; ".join(_cite(c, src) for c in r.citations)
    return f"*{r.origin}:* {_text(r.reason)}"


def _title(phase: str) -> str:
    return phase.capitalize()


@dataclass(frozen=True)
class _Site:
    cat: Catalogue
    order: tuple[str, ...]  # ruleset ids, in the order of their sources
    rules: Mapping[str, Rules]
    resolved: Mapping[str, Mapping[str, Resolved]]  # ruleset -> option id -> Resolved
    disputes: Sequence[Dispute]

    def values(self, opt: Option) -> list[Value]:
        return [self.resolved[rs][opt.id].value for rs in self.order]


def _prepare(cat: Catalogue, disputes: Sequence[Dispute]) -> _Site:
    source_rank = {key: i for i, key in enumerate(cat.sources)}
    order = tuple(sorted(cat.rulesets,
                         key=lambda r: (source_rank.get(cat.rulesets[r].source, len(source_rank)), r)))
    rules = {rs: resolve(rs, catalogue=cat) for rs in order}
    resolved = {rs: {r.option.id: r for r in explain(rules[rs], catalogue=cat)} for rs in order}
    return _Site(cat, order, rules, resolved, disputes)


def render_site(catalogue: Catalogue, *, renamed: Mapping[str, str] | None = None,
                examples: Iterable[Example] = (), disputes: Sequence[Dispute] = ()) -> dict[str, str]:
    """Every generated page of the rulebook site, as ``{path: markdown}``.

    `renamed` maps retired option ids to their new ids: each old id gets a page
    that redirects to the new one. `examples` are shown on the house-rules guide.
    `disputes` are the edge cases (empty until spec/cases exists).

    Raises ValueError if a renamed id is unknown or two pages would share a path.
    """
    site = _prepare(catalogue, disputes)
    pages: dict[str, str] = {}

    def add(path: str, text: str) -> None:
        if path in pages:
            raise ValueError(f"two pages would be written to {path}")
        pages[path] = text

    for opt in catalogue.options:
        add(option_page(opt.id), _option_md(site, opt))
    add("options/index.md", _options_index_md(site))
    for rs in site.order:
        add(ruleset_page(rs), _ruleset_md(site, rs))
    add("rulesets/index.md", _rulesets_index_md(site))
    add("matrix.md", _matrix_md(site))
    add("sources.md", _sources_md(site))
    add("house-rules.md", _house_rules_md(site, tuple(examples)))
    for dispute in disputes:
        add(dispute_page(dispute.id), _dispute_md(site, dispute))
    add("disputes/index.md", _disputes_index_md(site))
    for old, new in sorted((renamed or {}).items()):
        if not catalogue.has_option(new) or catalogue.option(new).id != new:
            raise ValueError(f"renamed id {old!r} points to {new!r}, which is not an option id")
        if catalogue.has_option(old):
            raise ValueError(f"renamed id {old!r} is still an option id")
        add(option_page(old), _redirect_md(old, new))
    return pages


def site_nav(catalogue: Catalogue, *, disputes: Sequence[Dispute] = ()) -> dict[str, list[NavEntry]]:
    """The navigation below each generated section, keyed by the section's index page.

    >>> from cambio_ref.catalogue import load_catalogue
    >>> nav = site_nav(load_catalogue())
    >>> nav["options/index.md"][1]["Setup"][0]
    {'players.minimum': 'options/players-minimum.md'}
    """
    options: list[NavEntry] = ["options/index.md"]
    for phase in PHASES:
        entries = [_entry(o.id, option_page(o.id)) for o in catalogue.options if o.phase == phase]
        if entries:
            options.append({_title(phase): entries})
    site = _prepare(catalogue, ())
    rulesets: list[NavEntry] = ["rulesets/index.md"]
    rulesets += [_entry(rs, ruleset_page(rs)) for rs in site.order]
    cases: list[NavEntry] = ["disputes/index.md"]
    for _prefix, title, group in _groups(catalogue, disputes):
        cases.append({title: [_entry(d.id, dispute_page(d.id)) for d in group]})
    return {"options/index.md": options, "rulesets/index.md": rulesets, "disputes/index.md": cases}


def _entry(title: str, path: str) -> NavEntry:
    return {title: path}


# -- one page per option ------------------------------------------------------


def _chosen_by(site: _Site, opt: Option, alt: Alternative) -> list[str]:
    return [rs for rs in site.order if site.resolved[rs][opt.id].value == alt.value
            and type(site.resolved[rs][opt.id].value) is type(alt.value)]


def _option_md(site: _Site, opt: Option) -> str:
    src = option_page(opt.id)
    out = [
        "---",
        f"title: \"{opt.id}: {opt.question.replace(chr(34), chr(39))}\"",
        "---",
        "",
        f"# {opt.question} {{ #{opt.id} }}",
        "",
        f"Option `{opt.id}` · key `{opt.key}` · phase *{opt.phase}* · type `{opt.type}`"
        + (f" (any integer from {opt.range[0]} to {opt.range[1]})" if opt.range else ""),
        "",
        "## How the rulesets compare",
        "",
        "| ruleset | value | citation or ruling | evidence |",
        "|---|---|---|---|",
    ]
    for rs in site.order:
        r = site.resolved[rs][opt.id]
        link = f"[{rs}]({_rel(src, ruleset_page(rs))}#{opt.id})"
        out.append(f"| {link} | {_code(r.value)} | {_why(r, src)} | {r.evidence} |")
    out += ["", "## The alternatives", ""]
    for alt in opt.alternatives:
        out += [f"### {_code(alt.value)} {{ #{opt.id}:{format_value(alt.value)} }}", "", _text(alt.description), ""]
        if alt.sources:
            out += [f"- {_cite(c, src, note=True)}" for c in alt.sources]
        else:
            out.append(f"- *ruling:* {_text(alt.rationale) or 'no source takes this position.'}")
        chosen = _chosen_by(site, opt, alt)
        out += ["", f"Chosen by: {', '.join(chosen) if chosen else 'no ruleset'}.", ""]
    rulings = [(rs, site.resolved[rs][opt.id]) for rs in site.order
               if site.resolved[rs][opt.id].origin == "ruling"]
    if opt.ruling or opt.silent or rulings:
        out += ["## The ruling", ""]
        if opt.silent:
            out += [f"Silent: {', '.join(opt.silent)}. The default is {_code(opt.default)}.", ""]
        if opt.ruling:
            out += [_text(opt.ruling), ""]
        for rs, r in rulings:
            if _text(r.reason) != _text(opt.ruling):
                out.append(f"- **{rs}** plays {_code(r.value)}: {_text(r.reason)}")
        out.append("")
    if opt.conflicts:
        out += ["## Recorded conflicts", ""]
        for c in opt.conflicts:
            readings = " or ".join(_code(v) for v in c.alternatives)
            out += [
                f"!!! warning \"{c.source}: {c.kind}\"",
                f"    {_text(c.summary)}",
                "",
                f"    Readings: {readings}. Resolved as {_code(c.resolution)}."
                + (f" {_text(c.rationale)}" if c.rationale else ""),
                "",
            ]
    out += ["## Disputes", ""]
    cases = [d for d in site.disputes if opt.id in d.options]
    if cases:
        for d in cases:
            values = [v.partition("=")[2] for v in d.exercises if v.partition("=")[0] == opt.id]
            shows = f" (shows {', '.join(f'`{v}`' for v in values)})" if values else ""
            out.append(f"- [{_text(d.question)}]({_rel(src, dispute_page(d.id))}#{d.id}){shows}")
    else:
        out.append("No edge case exercises this option yet.")
    out.append("")
    return "\n".join(out)


def _options_index_md(site: _Site) -> str:
    src = "options/index.md"
    out = ["# Options", "",
           f"Every point the rules can differ on: {len(site.cat.options)} options, grouped by phase"
           " of play. Each page compares the rulesets, cites the sources and gives the ruling"
           " where they are silent or in conflict.", ""]
    for phase in PHASES:
        opts = [o for o in site.cat.options if o.phase == phase]
        if not opts:
            continue
        out += [f"## {_title(phase)} {{ #{phase} }}", "", "| option | question | rulesets agree? |",
                "|---|---|---|"]
        for o in opts:
            distinct = len({(type(v), v) for v in site.values(o)})
            agree = "yes" if distinct == 1 else f"no: {distinct} values"
            out.append(f"| [`{o.id}`]({_rel(src, option_page(o.id))}#{o.id}) | {_text(o.question)} | {agree} |")
        out.append("")
    return "\n".join(out)


# -- one page per ruleset -----------------------------------------------------


def _ruleset_md(site: _Site, rs: str) -> str:
    src = ruleset_page(rs)
    spec = site.cat.rulesets[rs]
    rules = site.rules[rs]
    out = [
        "---",
        f"title: \"{rs}: {spec.title.replace(chr(34), chr(39))}\"",
        "---",
        "",
        f"# {spec.title} {{ #{rs} }}",
        "",
        _text(spec.summary),
        "",
        f"Ruleset `{rs}`, from the source [{spec.source}]({_rel(src, 'sources.md')}#{spec.source}).",
        f"Its canonical one-line form is `{rules.canonical}`; a house rule adds the options it changes,"
        f" as in `{rs}(key=value, ...)`.",
        "",
        "<div class=\"rule-sheet\" markdown>",
        "",
    ]
    for phase in PHASES:
        rows = [r for r in site.resolved[rs].values() if r.option.phase == phase]
        if not rows:
            continue
        out += [f"## {_title(phase)} {{ #{phase} }}", "", "| option | value | meaning | citation or ruling |",
                "|---|---|---|---|"]
        for r in rows:
            opt = r.option
            alt = opt.alternative(r.value)
            meaning = _text(alt.description) if alt else "a value inside the option's range"
            link = f"<span id=\"{opt.id}\"></span>[{_text(opt.question)}]({_rel(src, option_page(opt.id))}#{opt.id})"
            out.append(f"| {link} | {_code(r.value)} | {meaning} | {_why(r, src)} |")
        out.append("")
    out += ["</div>", ""]
    return "\n".join(out)


def _rulesets_index_md(site: _Site) -> str:
    out = ["# Rulesets", "",
           "One ruleset per source document. Each chooses a value for every option and says why:"
           " a citation where its source takes a position, a ruling where it does not.", "",
           "| ruleset | title | summary |", "|---|---|---|"]
    for rs in site.order:
        spec = site.cat.rulesets[rs]
        out.append(f"| [`{rs}`]({_rel('rulesets/index.md', ruleset_page(rs))}#{rs}) | {_text(spec.title)}"
                   f" | {_text(spec.summary)} |")
    out += ["", "To compare them side by side, see the [variant matrix](../matrix.md).", ""]
    return "\n".join(out)


# -- the variant matrix ---------------------------------------------------------


def _matrix_md(site: _Site) -> str:
    src = "matrix.md"
    differing = 0
    rows = []
    for phase in PHASES:
        for opt in (o for o in site.cat.options if o.phase == phase):
            values = site.values(opt)
            counts = Counter((type(v), v) for v in values)
            common = counts.most_common(1)[0][0]
            differs = len(counts) > 1
            differing += differs
            cells = []
            for rs, v in zip(site.order, values, strict=True):
                text = f"[{_code(v)}]({_rel(src, ruleset_page(rs))}#{opt.id})"
                cells.append(f"<mark>{text}</mark>" if differs and (type(v), v) != common else text)
            name = f"<span id=\"{opt.id}\"></span>[`{opt.id}`]({_rel(src, option_page(opt.id))}#{opt.id})"
            mark = "≠ " if differs else ""
            rows.append(f"| {mark}{name} | {phase} | " + " | ".join(cells) + " |")
    header = "| option | phase | " + " | ".join(
        f"[{rs}]({_rel(src, ruleset_page(rs))}#{rs})" for rs in site.order) + " |"
    return "\n".join([
        "---",
        "hide: [navigation, toc]",
        "---",
        "",
        "# Variant matrix",
        "",
        f"Every option against every ruleset. The rulesets differ on {differing} of the"
        f" {len(site.cat.options)} options: those rows start with ≠, and the values that depart"
        " from the most common one are highlighted. Each value links to its line on the ruleset page.",
        "",
        "<div class=\"variant-matrix\" markdown>",
        "",
        header,
        "|---|---|" + "---|" * len(site.order),
        *rows,
        "",
        "</div>",
        "",
    ])


# -- sources --------------------------------------------------------------------


def _sources_md(site: _Site) -> str:
    out = ["# Sources", "",
           "The catalogue is built from these documents. A citation names a source by its key and"
           " a section, as in `online §Snapping`. The site describes each position in the project's"
           " own words.", ""]
    for src in site.cat.sources.values():
        rulesets = [rs for rs in site.order if site.cat.rulesets[rs].source == src.key]
        out += [f"## {src.key}: {_text(src.title)} {{ #{src.key} }}", "", _text(src.description), ""]
        if rulesets:
            out += ["Ruleset: " + ", ".join(f"[{rs}]({ruleset_page(rs)})" for rs in rulesets) + ".", ""]
        out += ["| section | what it covers |", "|---|---|"]
        out += [f"| {_text(name)} | {_text(about)} |" for name, about in src.sections]
        out.append("")
    return "\n".join(out)


# -- house rules ----------------------------------------------------------------


def _house_rules_md(site: _Site, examples: Sequence[Example]) -> str:
    first = site.order[0] if site.order else "online"
    out = [
        "# Write your house rules",
        "",
        "A house-rules file is a short YAML file. It names the ruleset your table starts from"
        " and sets only the options you play differently; everything else keeps that"
        " ruleset's value.",
        "",
        "```yaml",
        "# yaml-language-server: $schema=schemas/house-rules.schema.json",
        f"extends: {first}",
        "name: Our table                  # optional",
        "description: Why we play so.     # optional",
        "set:",
        "  option_key: value              # an option's key or id",
        "```",
        "",
        f"`extends` names one of the rulesets: {', '.join(f'`{rs}`' for rs in site.order)}. The first"
        " line points editors at the schema (see below); use the path or address where you keep it.",
        "",
        "1. Pick the ruleset closest to how you play from the [rulesets](rulesets/index.md) or the"
        " [variant matrix](matrix.md).",
        "2. For each difference, find the option in the table below and add it under `set:`.",
        "3. Check the file: `cambio validate our-table.yaml` reports every problem at once, with"
        " the line and what was expected (exit status 0 when the file is valid).",
        "4. See the result: `cambio show our-table.yaml` lists every option's value and where it"
        " comes from; the first line is the canonical one-line form, which you can also pass to"
        " any `cambio` command.",
        "",
        "## Editor support",
        "",
        "The JSON Schema for house-rules files is published with this site:"
        " [house-rules.schema.json](schemas/house-rules.schema.json) (it refers to"
        " [common.schema.json](schemas/common.schema.json) and"
        " [ruleset.schema.json](schemas/ruleset.schema.json)). Editors that use the YAML"
        " language server pick it up from the `# yaml-language-server: $schema=...` first line,"
        " and then complete and check the file as you type.",
        "",
    ]
    for ex in examples:
        out += [
            f"## Worked example: {posixpath.basename(ex.path)}",
            "",
            f"From the repository, `{ex.path}`:",
            "",
            "```yaml",
            ex.text.rstrip("\n"),
            "```",
            "",
            f"Its canonical one-line form is `{ex.rules.canonical}`. An option set to the value the"
            " base ruleset already has does not appear in it.",
            "",
        ]
    out += ["## Every option you can set", "",
            "| key | option | allowed values |", "|---|---|---|"]
    for opt in site.cat.options:
        out.append(f"| `{opt.key}` | [`{opt.id}`]({option_page(opt.id)}#{opt.id}) | {_text(opt.allowed())} |")
    out.append("")
    return "\n".join(out)


# -- from spec/cases to disputes ------------------------------------------------


def case_dispute(case: Case, runs: Mapping[str, CaseRun], *, peek: Sequence[int],
                 catalogue: Catalogue | None = None) -> Dispute:
    """A case of spec/cases as its dispute page shows it.

    `runs` are the case's runs against the reference, by ruleset (the hook gets
    them from `conformance.scenarios.run_case`); an applicable ruleset without a run
    is shown as not run. `peek` is the slots the runner's opening peek looks at.
    The scenario is described from the case file; the outcome, the pass or fail and
    the log of who saw what come from the runs.

    >>> from cambio_ref.cases import load_cases
    >>> d = case_dispute(load_cases()["tie.caller-ties-lowest"], {}, peek=(2, 3))
    >>> d.question, d.rounds[0].deal.grids[1], d.rounds[0].steps[0].text
    ('Who wins when the caller ties the lowest score?', ('AH', '2H', '3H', '4H'), 'Seat 1 calls Cambio.')
    >>> d.rounds[0].steps[0].only, d.rounds[0].steps[0].rulesets
    (('call.timing=start-of-turn',), ('awareness', 'official', 'online'))
    """
    cat = catalogue or load_catalogue()
    data = case.data
    rules = {}
    for rs in case.rulesets:
        if case.applies_to(rs) and rs in cat.rulesets:
            rules[rs] = case.rules_for(rs)
    setup = data["setup"]
    rounds = [Round(_deal(setup, int(setup.get("dealer", 0)), peek), _steps(data["steps"], rules, cat))]
    rounds += [Round(_deal(r["setup"], None, peek), _steps(r["steps"], rules, cat))
               for r in data.get("next_rounds", ())]
    return Dispute(
        id=case.id,
        question=case.title,
        options=case.options,
        answers=tuple(_answer(rs, outcome, runs.get(rs)) for rs, outcome in case.rulesets.items()),
        rounds=tuple(rounds),
        citations=_citations(data.get("sources")),
        scenario=case.file,
        settings=tuple((str(k), format_value(v)) for k, v in (data.get("set") or {}).items()),
        rulings=tuple(str(r) for r in data.get("rulings", ())),
        exercises=tuple(sorted(case.exercises(cat))),
    )


def _citations(raw: Iterable[Mapping[str, Any]] | None) -> tuple[Citation, ...]:
    return tuple(Citation(c["key"], str(c["section"]), c["evidence"], c.get("note")) for c in raw or ())


def _answer(rs: str, outcome: Mapping[str, Any], run: CaseRun | None) -> Answer:
    cites, ruling = _citations(outcome.get("cite")), str(outcome.get("ruling", ""))
    if "not_applicable" in outcome:
        why = str(outcome["not_applicable"])
        if why[:1].isupper() and why[1:2].islower():  # "The conflict ..." but not "QA ..."
            why = why[0].lower() + why[1:]
        return Answer(rs, f"Not applicable: {why}", applies=False, citations=cites, ruling=ruling)
    text = str(outcome["answer"])
    if run is None:
        return Answer(rs, text, citations=cites, ruling=ruling)
    return Answer(rs, text, outcome=_outcome(outcome, run), reference=run.status,
                  problems=tuple(str(f) for f in run.failures), trace=tuple(run.trace),
                  citations=cites, ruling=ruling)


_ENDINGS = {"called": "after a call", "turn-limit": "at the turn limit", "deck-exhausted": "when the deck ran out"}


def _seats(seats: Sequence[int]) -> str:
    """
    >>> _seats([0]), _seats([0, 2]), _seats([0, 1, 3])
    ('seat 0', 'seats 0 and 2', 'seats 0, 1 and 3')
    """
    names = [str(s) for s in seats]
    if len(names) == 1:
        return f"seat {names[0]}"
    return f"seats {', '.join(names[:-1])} and {names[-1]}"


def _winners(seats: Sequence[int]) -> str:
    if not seats:
        return "nobody wins"
    return f"{_seats(seats)} {'wins' if len(seats) == 1 else 'win'}"


def _outcome(outcome: Mapping[str, Any], run: CaseRun) -> str:
    """What the reference ended with: the last round's scores and winners, and the match."""
    if run.scores is None:
        parts = ["the scenario stops before the round is over"]
    else:
        ending = _ENDINGS.get(run.reason or "", f"({run.reason})" if run.reason else "")
        scores = ", ".join(map(str, run.scores))
        parts = [f"round over {ending} with scores {scores}".replace("  ", " "), _winners(run.winners or ())]
    match = outcome.get("match")
    if isinstance(match, Mapping) and match and run.status == "pass":
        parts.append(_match(match))
    return "; ".join(parts)


def _match(match: Mapping[str, Any]) -> str:
    """
    >>> _match({"rounds": 1, "dealer": 2, "first": 2})
    'then, after 1 round, seat 2 deals and seat 2 plays first'
    """
    said = []
    if "rounds" in match:
        n = match["rounds"]
        said.append(f"after {n} round{'' if n == 1 else 's'}")
    clauses = []
    for key, value in match.items():
        if key == "dealer":
            clauses.append(f"seat {value} deals")
        elif key == "first":
            clauses.append(f"seat {value} plays first")
        elif key == "over":
            clauses.append("the match is over" if value else "the match goes on")
        elif key == "winners":
            clauses.append(f"{_winners(value)} the match" if value else "nobody wins the match")
        elif key == "tally":
            clauses.append(f"the running totals are {', '.join(map(str, value))}")
        elif key == "wins":
            clauses.append(f"the round wins are {', '.join(map(str, value))}")
        elif key != "rounds":
            clauses.append(f"{key} is {_brief(value)}")
    lead = f"then, {said[0]}, " if said else "then "
    return lead + (" and ".join(clauses) if clauses else "the match goes on")


def _deal(setup: Mapping[str, Any], dealer: int | None, peek: Sequence[int]) -> Deal:
    def cards(raw: Iterable[Any]) -> tuple[str, ...]:
        return tuple(str(c).upper() for c in raw)

    return Deal(
        grids=tuple(cards(g) for g in setup.get("grids", ())),
        deck=cards(setup.get("deck", ())),
        dealer=dealer,
        starting=str(setup.get("starting", "")).upper(),
        draws=cards(setup.get("draws", ())),
        peek=tuple(peek) if setup.get("peek", True) else (),
    )


def _steps(raw: Iterable[Mapping[str, Any]], rules: Mapping[str, Rules], cat: Catalogue) -> tuple[Step, ...]:
    out = []
    for step in raw:
        only = tuple(str(k) for k in step.get("only", ()))
        taken = tuple(sorted(rs for rs, r in rules.items() if keys_hold(list(only), rs, r, cat))) if only else ()
        checks = tuple((str(k), _expectation(v)) for k, v in (step.get("expect") or {}).items())
        text = (f"The table as seat {step['observe']} sees it." if "observe" in step
                else _repeat(step["repeat"]) if "repeat" in step
                else _action(step.get("do") or {}))
        out.append(Step(text, str(step.get("note", "")), only, checks, taken))
    return tuple(out)


_SLOTS = ("top-left", "top-right", "bottom-left", "bottom-right")


def _at(owner: Any, slot: Any, player: Any) -> str:
    """A card on the table, as `player` would say it.

    >>> _at(1, 0, 1), _at(0, 3, 1), _at(2, 5, 0)
    ('their top-left card', "seat 0's bottom-right card", "seat 2's card in slot 5")
    """
    whose = "their" if owner == player else f"seat {owner}'s"
    if isinstance(slot, int) and 0 <= slot < len(_SLOTS):
        return f"{whose} {_SLOTS[slot]} card"
    return f"{whose} card in slot {slot}"


def _repeat(repeat: Mapping[str, Any]) -> str:
    """A repeat step in words.

    >>> _repeat({"turns": 3, "play": [{"t": "draw"}, {"t": "swap", "slot": 0}]})
    'For 3 turns, each player in turn plays: draw, swap (slot=0).'
    """
    kinds = ", ".join(str(a.get("t")) + (" (" + ", ".join(f"{k}={v}" for k, v in a.items()
                                                           if k != "t") + ")" if len(a) > 1 else "")
                      for a in repeat.get("play") or [{"t": "draw"}, {"t": "discard"}])
    span = f"For {repeat['turns']} turns" if "turns" in repeat else "Until the deck is empty"
    return f"{span}, each player in turn plays: {kinds}."


def _action(do: Mapping[str, Any]) -> str:
    """One action of the protocol's JSON form, in words (as given, if it is malformed).

    >>> _action({"t": "look", "player": 0, "owner": 1, "slot": 0})
    "Seat 0 uses the power to look at seat 1's top-left card."
    >>> _action({"t": "snap", "player": 2, "targets": [[0, 3]]})
    "Seat 2 snaps seat 0's bottom-right card onto the discard pile."
    >>> _action({"t": "power_swap", "player": 2, "a": 7})
    'Seat 2: power_swap (a=7).'
    """
    try:
        return _say(do)
    except (TypeError, ValueError, IndexError, KeyError):
        rest = {k: v for k, v in do.items() if k not in ("t", "player")}
        return f"Seat {do.get('player')}: {do.get('t')}" + (f" ({_brief(rest)})." if rest else ".")


def _say(do: Mapping[str, Any]) -> str:
    p, kind = do.get("player"), do.get("t")
    who = f"Seat {p}"
    if kind == "peek":
        return f"{who} looks at {_at(p, do.get('slot'), p)}."
    if kind == "draw":
        return f"{who} draws the top card of the deck."
    if kind == "take":
        return f"{who} takes the top card of the discard pile."
    if kind == "pass":
        return f"{who} passes."
    if kind == "call":
        return f"{who} calls Cambio."
    if kind == "swap":
        return f"{who} puts the card in hand in place of {_at(p, do.get('slot'), p)}, which is discarded."
    if kind == "discard":
        return f"{who} discards the card in hand."
    if kind == "look":
        return f"{who} uses the power to look at {_at(do.get('owner'), do.get('slot'), p)}."
    if kind == "power_swap":
        (oa, sa), (ob, sb) = do["a"], do["b"]
        return f"{who} uses the power to swap {_at(oa, sa, p)} with {_at(ob, sb, p)}, face down."
    if kind == "skip":
        return f"{who} declines this step of the power."
    if kind == "snap":
        targets = [_at(owner, slot, p) for owner, slot in do["targets"]]
        return f"{who} snaps {' and '.join(targets) or 'nothing'} onto the discard pile."
    if kind == "give":
        if do.get("slot") is None:
            return f"{who} gives no card into the gap."
        return f"{who} moves {_at(p, do.get('slot'), p)} into the gap left by the snap."
    raise ValueError(f"unknown action {kind!r}")


def _brief(value: Any) -> str:
    """A value of a case file on one line.

    >>> _brief({"t": "called", "player": 1, "cards": ["AS", "_"], "auto": True})
    't=called, player=1, cards=[AS, _], auto=true'
    """
    if isinstance(value, Mapping):
        return ", ".join(f"{k}={_brief(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_brief(v) for v in value) + "]"
    if isinstance(value, bool):
        return format_value(value)
    return "none" if value is None else str(value)


def _expectation(exp: Mapping[str, Any]) -> str:
    """What an expectation of a case file asks for, in words.

    >>> _expectation({"events": [{"t": "called", "player": 1}]})
    'events called (player=1)'
    >>> _expectation({"reject": "E_NOT_YOUR_TURN", "no_events": ["turn"]})
    'rejected with E_NOT_YOUR_TURN; no turn event'
    """
    parts = []
    if "reject" in exp:
        parts.append(f"rejected with {exp['reject']}")
    if "events" in exp:
        events = []
        for e in exp["events"]:
            rest = {k: v for k, v in e.items() if k != "t"} if isinstance(e, Mapping) else {}
            name = e.get("t", "any") if isinstance(e, Mapping) else _brief(e)
            events.append(f"{name} ({_brief(rest)})" if rest else str(name))
        parts.append("events " + ", then ".join(events))
    if "no_events" in exp:
        parts.append("no " + " or ".join(map(str, exp["no_events"])) + " event")
    if "view" in exp:
        view = {k: v for k, v in exp["view"].items() if k != "player"}
        parts.append(f"seat {exp['view'].get('player', 0)}'s view shows {_brief(view)}")
    if "state" in exp:
        parts.append(f"the state has {_brief(exp['state'])}")
    return "; ".join(parts) or "the action is accepted"


# -- disputes -------------------------------------------------------------------

_SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def _card(code: str) -> str:
    """A card code as shown on a dispute page.

    >>> _card("10H"), _card("KS"), _card("X")
    ('<span class="card red">10♥</span>', '<span class="card">K♠</span>', '<span class="card">Joker</span>')
    """
    if code == "X":
        return '<span class="card">Joker</span>'
    rank, suit = code[:-1], code[-1:]
    red = " red" if suit in ("H", "D") else ""
    return f'<span class="card{red}">{rank}{_SUITS.get(suit, suit)}</span>'


def _cards(codes: Iterable[str]) -> str:
    return ", ".join(_card(c) for c in codes)


def _condition(site: _Site, src: str, key: str) -> str:
    """A ruleset id, an option=value or `all`, as a link."""
    if key == "all":
        return "every ruleset"
    if key in site.cat.rulesets:
        return f"[{key}]({_rel(src, ruleset_page(key))}#{key})"
    name, _, raw = key.partition("=")
    if not site.cat.has_option(name):
        return f"`{_text(key)}`"
    opt = site.cat.option(name)
    try:
        value: Value | None = opt.coerce(raw)
    except CambioError:
        value = None
    text = raw if value is None else format_value(value)
    anchor = opt.id if value is None or opt.alternative(value) is None else f"{opt.id}:{text}"
    return f"[`{opt.id}={_text(text)}`]({_rel(src, option_page(opt.id))}#{anchor})"


def _mention(site: _Site, src: str, d: Dispute, text: str) -> str:
    """Prose with every other case's id it mentions turned into a link to that case."""
    ids = sorted((o.id for o in site.disputes if o.id != d.id and o.id in text), key=len, reverse=True)
    if not ids:
        return text
    pattern = re.compile(r"(?<![\w.-])(" + "|".join(map(re.escape, ids)) + r")(?![\w-]|\.\w)")
    return pattern.sub(lambda m: f"[`{m[1]}`]({_rel(src, dispute_page(m[1]))}#{m[1]})", text)


def _option_link(site: _Site, src: str, name: str) -> str:
    if site.cat.has_option(name):
        opt = site.cat.option(name)
        return f"[`{opt.id}`]({_rel(src, option_page(opt.id))}#{opt.id})"
    return f"`{_text(name)}`"


def _ordered_answers(site: _Site, d: Dispute) -> list[Answer]:
    rank = {rs: i for i, rs in enumerate(site.order)}
    return sorted(d.answers, key=lambda a: (rank.get(a.ruleset, len(rank)), a.ruleset))


def _verdict(a: Answer) -> str:
    """The reference's result for one ruleset, in a few words.

    >>> _verdict(Answer("hearts", "x", reference="fail", problems=("step 2: expected E_X",)))
    'fails ✗ (step 2: expected E_X)'
    """
    why = f" ({_text(a.problems[0])})" if a.problems else ""
    if a.reference == "pass":
        return "passes ✓"
    if a.reference == "fail":
        return f"fails ✗{why}"
    return f"could not play it ✗{why or f' ({_text(a.reference)})'}" if a.reference else "was not run"


def _answer_cell(site: _Site, src: str, d: Dispute, a: Answer) -> str:
    text = _mention(site, src, d, _text(a.text))
    extra = [_cite(c, src) for c in a.citations]
    if a.ruling and site.cat.has_option(a.ruling):
        extra.append(f"by the project's ruling on {_option_link(site, src, a.ruling)}")
    elif a.ruling:
        extra.append(f"*ruling:* {_text(a.ruling)}")
    if extra:
        text += " (" + "; ".join(extra) + ")"
    if a.applies and a.reference:
        what = f"{_text(a.outcome)}. " if a.outcome else ""
        verdict = _verdict(a)
        text += f"<br><small>Reference: {what}{verdict[:1].upper()}{verdict[1:]}.</small>"
    return text


def _deal_md(d: Deal, players: int) -> list[str]:
    out = []
    dealer = f"seat {d.dealer} deals" if d.dealer is not None else "the match rules choose the dealer"
    if d.grids:
        out += [f"{len(d.grids)} players; {dealer}.", ""]
        width = max(len(g) for g in d.grids)
        names = [_SLOTS[i].replace("-", " ") if width == len(_SLOTS) else f"slot {i}" for i in range(width)]
        out += ["<div class=\"deal\" markdown>", "", "| seat | " + " | ".join(names) + " |",
                "|---|" + "---|" * width]
        for seat, grid in enumerate(d.grids):
            mark = " (dealer)" if seat == d.dealer else ""
            out.append(f"| {seat}{mark} | " + " | ".join(_card(c) for c in grid) + " |")
        out += ["", "</div>", ""]
        if d.starting:
            out.append(f"The starting discard is {_card(d.starting)}, for rulesets that turn one up.")
        if d.draws:
            out.append(f"The next cards of the deck, top first: {_cards(d.draws)}.")
    elif d.deck:
        out += [f"{players} players; {dealer}. The whole deck, top first: {_cards(d.deck)}."]
    if d.peek:
        slots = " and ".join(f"{_SLOTS[s] if 0 <= s < len(_SLOTS) else f'slot {s}'} card" for s in d.peek)
        out += ["", f"Before the first turn, every player looks at their own {slots}"
                f" (slots {' and '.join(map(str, d.peek))})."]
    else:
        out += ["", "There is no opening peek."]
    return [*out, ""]


def _step_md(site: _Site, src: str, d: Dispute, n: int, step: Step) -> list[str]:
    line = f"{n}. "
    if step.note:
        note = _mention(site, src, d, _text(step.note))
        line += f"*{note[:1].upper()}{note[1:]}{'' if note.endswith(('.', '?', '!')) else '.'}* "
    line += _text(step.text)
    if step.only:
        line += " Only under " + " or ".join(_condition(site, src, k) for k in step.only)
        line += f" ({', '.join(step.rulesets)})." if step.rulesets else ": none of this case's rulesets."
    out = [line]
    for key, what in step.checks:
        out.append(f"    - Must hold under {_condition(site, src, key)}: {_text(what)}.")
    return out


def _dispute_md(site: _Site, d: Dispute) -> str:
    src = dispute_page(d.id)
    options = ", ".join(_option_link(site, src, o) for o in d.options)
    out = ["---", f"title: \"{d.id}: {d.question.replace(chr(34), chr(39))}\"", "---", "",
           f"# {_text(d.question)} {{ #{d.id} }}", "",
           f"Case `{d.id}` · {'options' if len(d.options) > 1 else 'option'} {options}"
           + (f" · scenario `{d.scenario}`" if d.scenario else ""), "",
           "## The answer", "", "| ruleset | answer |", "|---|---|"]
    for a in _ordered_answers(site, d):
        link = (f"[{a.ruleset}]({_rel(src, ruleset_page(a.ruleset))}#{a.ruleset})"
                if a.ruleset in site.cat.rulesets else f"`{a.ruleset}`")
        out.append(f"| <span id=\"{d.id}:{a.ruleset}\"></span>{link} | {_answer_cell(site, src, d, a)} |")
    out.append("")
    if d.rounds:
        out += ["## The scenario", ""]
        if d.settings:
            sets = ", ".join(f"{_option_link(site, src, k)} set to `{_text(v)}`" for k, v in d.settings)
            out += [f"Every ruleset is played with {sets}.", ""]
        players = len(d.rounds[0].deal.grids)
        many = len(d.rounds) > 1
        for i, rnd in enumerate(d.rounds, 1):
            prefix = f"Round {i}: " if many else ""
            out += [f"### {prefix}{'the deal' if many else 'The deal'}", ""]
            out += _deal_md(rnd.deal, players)
            out += [f"### {prefix}{'step by step' if many else 'Step by step'}", ""]
            if rnd.steps:
                for n, step in enumerate(rnd.steps, 1):
                    out += _step_md(site, src, d, n, step)
            else:
                out.append("No one acts: the round is only dealt.")
            out.append("")
    runs = [a for a in _ordered_answers(site, d) if a.trace or a.problems]
    if runs:
        # The logs stay out of the search index: they would bury the questions and answers.
        # (Material's indexer ends an exclusion at the first closing tag of the same name,
        # hence a <section>, which nothing inside it uses, and not a <div>.)
        out += ["## What each player sees", "",
                "The reference interpreter's log of the scenario under each ruleset: every action,"
                " every event, and who saw each card.", "",
                "<section class=\"case-logs\" data-search-exclude markdown>", ""]
        for a in runs:
            kind = {"pass": "success", "fail": "failure"}.get(a.reference, "warning")
            title = f"{a.ruleset}: the reference {_verdict(a)}".replace('"', "'")
            out += [f"??? {kind} \"{title}\"", "", "    ```text"]
            out += [f"    {line}" for line in a.trace]
            out += [f"    {p}" for p in a.problems]
            out += ["    ```", ""]
        out += ["</section>", ""]
    out += ["## Options it exercises", ""]
    for o in d.options:
        if not site.cat.has_option(o):
            out.append(f"- `{_text(o)}`")
            continue
        opt = site.cat.option(o)
        values = [v.partition("=")[2] for v in d.exercises if v.partition("=")[0] == opt.id]
        shows = f" It shows {', '.join(f'`{v}`' for v in values)}." if values else ""
        out.append(f"- {_option_link(site, src, o)}: {_text(opt.question)}{shows}")
    out.append("")
    if d.citations or d.rulings:
        out += ["## Citations", ""]
        out += [f"- {_mention(site, src, d, _cite(c, src, note=True))}" for c in d.citations]
        for r in d.rulings:
            if site.cat.has_option(r):
                ruling = site.cat.option(r).ruling
                out.append(f"- *ruling* on {_option_link(site, src, r)}"
                           + (f": {_text(ruling)}" if ruling else ""))
            elif r in site.cat.core_rules:
                rule = site.cat.core_rules[r]
                out.append(f"- *ruling* on the core rule `{r}`: {_text(rule.ruling or rule.statement)}")
            else:
                out.append(f"- *ruling* on `{_text(r)}`")
        out.append("")
    return "\n".join(out)


def _groups(site: _Site | Catalogue, disputes: Sequence[Dispute]) -> list[tuple[str, str, list[Dispute]]]:
    """The disputes by group (prefix, title, cases), groups in the order of play, cases by id."""
    cat = site.cat if isinstance(site, _Site) else site
    phase_rank = {phase: i for i, phase in enumerate(PHASES)}
    by_prefix: dict[str, list[Dispute]] = {}
    for d in sorted(disputes, key=lambda d: d.id):
        by_prefix.setdefault(d.id.partition(".")[0], []).append(d)

    def rank(prefix: str) -> tuple[int, str]:
        phases = [phase_rank.get(cat.option(o).phase, len(PHASES)) for d in by_prefix[prefix]
                  for o in d.options if cat.has_option(o)]
        return (min(phases, default=len(PHASES)), prefix)

    return [(p, group_title(p), by_prefix[p]) for p in sorted(by_prefix, key=rank)]


def _disputes_index_md(site: _Site) -> str:
    src = "disputes/index.md"
    out = ["# Settle a dispute", ""]
    if site.disputes:
        out += [f"{len(site.disputes)} questions tables argue about, each played out step by step: the"
                " answer under every ruleset, the deal and every move, and what the reference"
                " interpreter did with it.", ""]
        for prefix, title, cases in _groups(site, site.disputes):
            out += [f"## {title} {{ #cases-{prefix} }}", ""]
            out += [f"- [{_text(d.question)}]({_rel(src, dispute_page(d.id))}#{d.id}) `{d.id}`" for d in cases]
            out.append("")
    else:
        out += ["!!! note \"Step-by-step cases are coming\"",
                "    The edge cases (ties, an empty deck, wrong snaps, races, locked callers, ...)"
                " will each get a page here, with the answer under every ruleset and the scenario"
                " step by step, once the case catalogue is published.", ""]
    out += ["## Find the question", "",
            "Every question the rules can differ on, by phase of play. Each answer gives every"
            " ruleset's position with its source.", ""]
    for phase in PHASES:
        opts = [o for o in site.cat.options if o.phase == phase]
        if opts:
            out += [f"### {_title(phase)} {{ #{phase} }}", ""]
            out += [f"- [{_text(o.question)}]({_rel(src, option_page(o.id))}#{o.id})" for o in opts]
            out.append("")
    return "\n".join(out)


# -- redirects ------------------------------------------------------------------


def _redirect_md(old: str, new: str) -> str:
    target = f"../{_slug(new)}/#{new}"
    return "\n".join([
        "---",
        f"redirect: \"{target}\"",
        "search:",
        "  exclude: true",
        "---",
        "",
        f"# `{old}` is now `{new}` {{ #{old} }}",
        "",
        f"This option was renamed. Its page is now [`{new}`]({_rel(option_page(old), option_page(new))}#{new}).",
        "",
    ])
