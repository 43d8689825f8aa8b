"""The option pages: one per option, the options index, and redirects for renamed ids."""

from __future__ import annotations

from cambio_ref.askwords import first_sentence
from cambio_ref.catalogue import PHASES, Alternative, Option, Value
from cambio_ref.rulebook.common import (
    Site,
    cite,
    dispute_page,
    one_line,
    option_page,
    other_words,
    phase_title,
    rel,
    ruleset_page,
    search_tags,
    slug,
    value_code,
    why,
)
from cambio_ref.rules import format_value


def _chosen_by(site: Site, opt: Option, alt: Alternative) -> list[str]:
    return [rs for rs in site.order if site.resolved[rs][opt.id].value == alt.value
            and type(site.resolved[rs][opt.id].value) is type(alt.value)]


def option_md(site: Site, opt: Option) -> str:
    src = option_page(opt.id)
    out = [
        "---",
        f"title: \"{opt.question.replace(chr(34), chr(39))}\"",
        *search_tags(site, opt.question, opt.id),
        "---",
        "",
        f"# {opt.question} {{ #{opt.id} }}",
        "",
        *other_words(site, src, opt.question),
        "## How the rulesets compare",
        "",
        "<div class=\"compare\" markdown>",
        "",
        "| ruleset | what it plays | citation or ruling | evidence |",
        "|---|---|---|---|",
    ]
    for rs in site.order:
        r = site.resolved[rs][opt.id]
        link = f"<span data-ruleset=\"{rs}\"></span>[{rs}]({rel(src, ruleset_page(rs))}#{opt.id})"
        out.append(f"| {link} | {said(opt, r.value)} | {why(r, src, site.cat)} | {r.evidence} |")
    out += ["", "</div>", "", "## The alternatives", ""]
    for alt in opt.alternatives:
        out += [f"### {said(opt, alt.value).rstrip('.')} {{ #{opt.id}:{format_value(alt.value)} }}", "",
                one_line(alt.description), ""]
        if alt.sources:
            out += [f"- {cite(c, src, note=True)}" for c in alt.sources]
            if alt.rationale:  # a ruling on a point the cited sources leave open
                out.append(f"- *ruling:* {one_line(alt.rationale)}")
        else:
            out.append(f"- *ruling:* {one_line(alt.rationale) or 'no source takes this position.'}")
        chosen = _chosen_by(site, opt, alt)
        out += ["", f"Chosen by: {', '.join(chosen) if chosen else 'no ruleset'}.", ""]
    rulings = [(rs, site.resolved[rs][opt.id]) for rs in site.order
               if site.resolved[rs][opt.id].origin == "ruling"]
    if opt.ruling or opt.silent or rulings:
        out += ["## The ruling { #ruling }", ""]
        if opt.silent:
            out += [f"Silent: {', '.join(opt.silent)}. The default: {said(opt, opt.default)}", ""]
        if opt.ruling:
            out += [one_line(opt.ruling), ""]
        for rs, r in rulings:
            if one_line(r.reason) != one_line(opt.ruling):
                out.append(f"- **{rs}** plays this: {said(opt, r.value)} {one_line(r.reason)}")
        out.append("")
    if opt.conflicts:
        out += ["## Recorded conflicts", ""]
        for c in opt.conflicts:
            readings = " Or: ".join(said(opt, v) for v in c.alternatives)
            out += [
                f"!!! warning \"{c.source}: {c.kind}\"",
                f"    {one_line(c.summary)}",
                "",
                f"    Readings: {readings} Resolved as: {said(opt, c.resolution)}"
                + (f" {one_line(c.rationale)}" if c.rationale else ""),
                "",
            ]
    out += ["## Disputes", ""]
    cases = [d for d in site.disputes if opt.id in d.options]
    if cases:
        for d in cases:
            out.append(f"- [{one_line(d.question)}]({rel(src, dispute_page(d.id))}#{d.id})")
    else:
        out.append("No edge case exercises this option yet.")
    out.append("")
    out += _for_implementers(site, opt)
    return "\n".join(out)


def said(opt: Option, value: Value) -> str:
    """A value of `opt` in players' words: the first sentence of its alternative's description.

    >>> from cambio_ref.catalogue import load_catalogue
    >>> said(load_catalogue().option("turn.direction"), "counter-clockwise")
    'Play passes to the next player counter-clockwise, to the right.'
    """
    alt = opt.alternative(value)
    if alt is not None and alt.description:
        return first_sentence(alt.description)
    return f"{format_value(value)}."


def _for_implementers(site: Site, opt: Option) -> list[str]:
    """The option's id, key, phase, type and each value's code, folded: what an engine reads, not a table."""
    src = option_page(opt.id)
    out = ["??? info \"For implementers\"", "",
           f"    Option `{opt.id}` · key `{opt.key}` · phase *{opt.phase}* · type `{opt.type}`"
           + (f" (any integer from {opt.range[0]} to {opt.range[1]})" if opt.range else ""), "",
           "    | ruleset | value | one-line form |", "    |---|---|---|"]
    for rs in site.order:
        v = site.resolved[rs][opt.id].value
        out.append(f"    | [{rs}]({rel(src, ruleset_page(rs))}#{opt.id}) | {value_code(v)} |"
                   f" `{opt.key}={format_value(v)}` |")
    out += ["", "    Values: " + ", ".join(f"{value_code(a.value)} ({first_sentence(a.description or '').rstrip('.')})"
                                          if a.description else value_code(a.value) for a in opt.alternatives), ""]
    cases = [d for d in site.disputes if opt.id in d.options]
    shows = [(d, [v.partition("=")[2] for v in d.exercises if v.partition("=")[0] == opt.id]) for d in cases]
    if any(values for _, values in shows):
        out += ["    Disputes by the values they exercise: " + "; ".join(
            f"`{d.id}` ({', '.join(f'`{v}`' for v in values)})" for d, values in shows if values) + ".", ""]
    return out


def options_index_md(site: Site) -> str:
    src = "options/index.md"
    out = ["# Options", "",
           f"Every point the rules can differ on: {len(site.cat.options)} options, grouped by phase"
           " of play. Each page compares the rulesets, cites the sources and gives the ruling"
           " where they are silent or in conflict.", ""]
    for phase in PHASES:
        opts = [o for o in site.cat.options if o.phase == phase]
        if not opts:
            continue
        out += [f"## {phase_title(phase)} {{ #{phase} }}", "", "| question | rulesets agree? |", "|---|---|"]
        for o in opts:
            distinct = len({(type(v), v) for v in site.values(o)})
            agree = "yes" if distinct == 1 else f"no: {distinct} values"
            out.append(f"| [{one_line(o.question)}]({rel(src, option_page(o.id))}#{o.id}) | {agree} |")
        out.append("")
    return "\n".join(out)




def redirect_md(old: str, new: str) -> str:
    target = f"../{slug(new)}/#{new}"
    return "\n".join([
        "---",
        f"redirect: \"{target}\"",
        "search:",
        "  exclude: true",
        "---",
        "",
        f"# `{old}` is now `{new}` {{ #{old} }}",
        "",
        f"This option was renamed. Its page is now [`{new}`]({rel(option_page(old), option_page(new))}#{new}).",
        "",
    ])
