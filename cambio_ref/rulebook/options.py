"""The option pages: one per option, the options index, and redirects for renamed ids."""

from __future__ import annotations

from cambio_ref.catalogue import PHASES, Alternative, Option
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
        f"Option `{opt.id}` · key `{opt.key}` · phase *{opt.phase}* · type `{opt.type}`"
        + (f" (any integer from {opt.range[0]} to {opt.range[1]})" if opt.range else ""),
        "",
        *other_words(site, src, opt.question),
        "## How the rulesets compare",
        "",
        "<div class=\"compare\" markdown>",
        "",
        "| ruleset | value | citation or ruling | evidence |",
        "|---|---|---|---|",
    ]
    for rs in site.order:
        r = site.resolved[rs][opt.id]
        link = f"<span data-ruleset=\"{rs}\"></span>[{rs}]({rel(src, ruleset_page(rs))}#{opt.id})"
        out.append(f"| {link} | {value_code(r.value)} | {why(r, src, site.cat)} | {r.evidence} |")
    out += ["", "</div>", "", "## The alternatives", ""]
    for alt in opt.alternatives:
        out += [f"### {value_code(alt.value)} {{ #{opt.id}:{format_value(alt.value)} }}", "",
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
            out += [f"Silent: {', '.join(opt.silent)}. The default is {value_code(opt.default)}.", ""]
        if opt.ruling:
            out += [one_line(opt.ruling), ""]
        for rs, r in rulings:
            if one_line(r.reason) != one_line(opt.ruling):
                out.append(f"- **{rs}** plays {value_code(r.value)}: {one_line(r.reason)}")
        out.append("")
    if opt.conflicts:
        out += ["## Recorded conflicts", ""]
        for c in opt.conflicts:
            readings = " or ".join(value_code(v) for v in c.alternatives)
            out += [
                f"!!! warning \"{c.source}: {c.kind}\"",
                f"    {one_line(c.summary)}",
                "",
                f"    Readings: {readings}. Resolved as {value_code(c.resolution)}."
                + (f" {one_line(c.rationale)}" if c.rationale else ""),
                "",
            ]
    out += ["## Disputes", ""]
    cases = [d for d in site.disputes if opt.id in d.options]
    if cases:
        for d in cases:
            values = [v.partition("=")[2] for v in d.exercises if v.partition("=")[0] == opt.id]
            shows = f" (shows {', '.join(f'`{v}`' for v in values)})" if values else ""
            out.append(f"- [{one_line(d.question)}]({rel(src, dispute_page(d.id))}#{d.id}){shows}")
    else:
        out.append("No edge case exercises this option yet.")
    out.append("")
    return "\n".join(out)


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
        out += [f"## {phase_title(phase)} {{ #{phase} }}", "", "| option | question | rulesets agree? |",
                "|---|---|---|"]
        for o in opts:
            distinct = len({(type(v), v) for v in site.values(o)})
            agree = "yes" if distinct == 1 else f"no: {distinct} values"
            out.append(f"| [`{o.id}`]({rel(src, option_page(o.id))}#{o.id}) | {one_line(o.question)} | {agree} |")
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
