"""The ruleset pages: one per ruleset, and the rulesets index."""

from __future__ import annotations

from cambio_ref.catalogue import PHASES
from cambio_ref.rulebook.calculator import calculator_html
from cambio_ref.rulebook.common import Site, one_line, option_page, phase_title, rel, ruleset_page, value_code, why


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
        f"Ruleset `{rs}`, from the source [{spec.source}]({rel(src, 'sources.md')}#{spec.source}).",
        f"Its canonical one-line form is `{rules.canonical}`; a house rule adds the options it changes,"
        f" as in `{rs}(key=value, ...)`. To play from one printed page, use its"
        f" [quick-reference sheet]({rel(src, f'sheets/{rs}.md')}#sheet-{rs}).",
        "",
        *calculator_html(site, rs),
        "<div class=\"rule-sheet\" markdown>",
        "",
    ]
    for phase in PHASES:
        rows = [r for r in site.resolved[rs].values() if r.option.phase == phase]
        if not rows:
            continue
        out += [f"## {phase_title(phase)} {{ #{phase} }}", "", "| option | value | meaning | citation or ruling |",
                "|---|---|---|---|"]
        for r in rows:
            opt = r.option
            alt = opt.alternative(r.value)
            meaning = one_line(alt.description) if alt else "a value inside the option's range"
            link = f"<span id=\"{opt.id}\"></span>[{one_line(opt.question)}]({rel(src, option_page(opt.id))}#{opt.id})"
            out.append(f"| {link} | {value_code(r.value)} | {meaning} | {why(r, src, site.cat)} |")
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
        out.append(f"| [`{rs}`]({rel('rulesets/index.md', ruleset_page(rs))}#{rs}) | {one_line(spec.title)}"
                   f" | {one_line(spec.summary)} |")
    out += ["", "To compare them side by side, see the [variant matrix](../matrix.md).", ""]
    return "\n".join(out)
