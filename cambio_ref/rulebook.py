"""The rulebook site's pages, rendered from the catalogue as Markdown.

`render_site` is pure: it takes a loaded `Catalogue` and returns every generated
page as ``{path: markdown}``. The MkDocs hook ``docs/hooks/pages.py`` adds these
pages to the build; anything else (a pre-build script, another generator) can
write them to disk instead. Every value, citation and ruling comes from
`cambio_ref.rules.resolve` and `cambio_ref.rules.explain`; nothing here restates
a rule.

>>> from cambio_ref.catalogue import load_catalogue
>>> pages = render_site(load_catalogue())
>>> option_page("snap.wrong-own") in pages, "rulesets/hearts.md" in pages
(True, True)
>>> "{ #end.tie }" in pages[option_page("end.tie")]
True
"""

from __future__ import annotations

import posixpath
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from cambio_ref.catalogue import PHASES, Alternative, Catalogue, Citation, Option, Value
from cambio_ref.rules import Resolved, Rules, explain, format_value, resolve

__all__ = ["Dispute", "Example", "dispute_page", "option_page", "render_site", "ruleset_page", "site_nav"]

NavEntry = str | dict[str, "str | list[NavEntry]"]


@dataclass(frozen=True)
class Example:
    """A house-rules file shown on the house-rules guide: its path, text and resolved rules."""

    path: str
    text: str
    rules: Rules


@dataclass(frozen=True)
class Dispute:
    """One edge case, as the site shows it.

    This is the plug for spec/cases, which does not exist yet: once it does, the
    MkDocs hook turns each case into a `Dispute` and passes them to `render_site`,
    which gives each its page under ``disputes/`` and links it from the pages of
    the options it exercises.
    """

    id: str
    question: str
    options: tuple[str, ...]
    answers: tuple[tuple[str, str], ...]  # (ruleset id, one-sentence answer)
    steps: tuple[str, ...] = ()  # who acts, what they see, the outcome
    citations: tuple[Citation, ...] = ()
    scenario: str = ""  # the scenario file, e.g. spec/cases/ties.yaml


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
    cases += [_entry(d.id, dispute_page(d.id)) for d in disputes]
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
        out += [f"- [{_text(d.question)}]({_rel(src, dispute_page(d.id))}#{d.id})" for d in cases]
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


# -- disputes -------------------------------------------------------------------


def _dispute_md(site: _Site, d: Dispute) -> str:
    src = dispute_page(d.id)
    out = ["---", f"title: \"{d.id}: {d.question.replace(chr(34), chr(39))}\"", "---", "",
           f"# {d.question} {{ #{d.id} }}", "", f"Case `{d.id}`"
           + (f" · scenario `{d.scenario}`" if d.scenario else ""), "", "## The answer", "",
           "| ruleset | answer |", "|---|---|"]
    out += [f"| [{rs}]({_rel(src, ruleset_page(rs))}#{rs}) | {_text(answer)} |" for rs, answer in d.answers]
    if d.steps:
        out += ["", "## Step by step", ""]
        out += [f"{i}. {_text(step)}" for i, step in enumerate(d.steps, 1)]
    out += ["", "## Options it exercises", ""]
    out += [f"- [`{o}`]({_rel(src, option_page(o))}#{o}): {_text(site.cat.option(o).question)}"
            for o in d.options]
    if d.citations:
        out += ["", "## Citations", ""]
        out += [f"- {_cite(c, src, note=True)}" for c in d.citations]
    out.append("")
    return "\n".join(out)


def _disputes_index_md(site: _Site) -> str:
    src = "disputes/index.md"
    out = ["# Settle a dispute", ""]
    if site.disputes:
        out += ["| case | question |", "|---|---|"]
        out += [f"| [`{d.id}`]({_rel(src, dispute_page(d.id))}#{d.id}) | {_text(d.question)} |"
                for d in site.disputes]
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
