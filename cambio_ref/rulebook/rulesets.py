"""The ruleset pages: one per ruleset, and the rulesets index."""

from __future__ import annotations

from cambio_ref.catalogue import PHASES
from cambio_ref.rulebook.calculator import calculator_html
from cambio_ref.rulebook.common import Site, one_line, option_page, phase_title, rel, ruleset_page, why


def ruleset_md(site: Site, rs: str) -> str:
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
        one_line(spec.summary),
        "",
        f"From the source [{spec.source}]({rel(src, 'sources.md')}#{spec.source}). To play from one printed page,"
        f" use its [quick-reference sheet]({rel(src, f'sheets/{rs}.md')}#sheet-{rs}).",
        "",
        "??? info \"For implementers\"",
        "",
        f"    Ruleset `{rs}`. Its canonical one-line form is `{rules.canonical}`; a house rule adds the options it"
        f" changes, as in `{rs}(key=value, ...)`. Each option's value as a code is in the"
        f" [variant matrix]({rel(src, 'matrix.md')}).",
        "",
        *calculator_html(site, rs),
        "<div class=\"rule-sheet\" markdown>",
        "",
    ]
    for phase in PHASES:
        rows = [r for r in site.resolved[rs].values() if r.option.phase == phase]
        if not rows:
            continue
        out += [f"## {phase_title(phase)} {{ #{phase} }}", "", "| option | the rule | citation or ruling |",
                "|---|---|---|"]
        for r in rows:
            opt = r.option
            alt = opt.alternative(r.value)
            meaning = one_line(alt.description) if alt else "a value inside the option's range"
            link = f"<span id=\"{opt.id}\"></span>[{one_line(opt.question)}]({rel(src, option_page(opt.id))}#{opt.id})"
            out.append(f"| {link} | {meaning} | {why(r, src, site.cat)} |")
        out.append("")
    out += ["</div>", ""]
    return "\n".join(out)


def rulesets_index_md(site: Site) -> str:
    out = ["# Rulesets", "",
           "One ruleset per source document. Each chooses a value for every option and says why:"
           " a citation where its source takes a position, a ruling where it does not.", "",
           "| ruleset | title | summary |", "|---|---|---|"]
    for rs in site.order:
        spec = site.cat.rulesets[rs]
        out.append(f"| [{rs}]({rel('rulesets/index.md', ruleset_page(rs))}#{rs}) | {one_line(spec.title)}"
                   f" | {one_line(spec.summary)} |")
    out += ["", "To compare them side by side, see the [variant matrix](../matrix.md).", ""]
    return "\n".join(out)
