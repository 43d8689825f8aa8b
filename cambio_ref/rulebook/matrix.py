"""The variant matrix: every option against every ruleset."""

from __future__ import annotations

from collections import Counter

from cambio_ref.catalogue import PHASES
from cambio_ref.rulebook.common import Site, option_page, rel, ruleset_page, value_code


def matrix_md(site: Site) -> str:
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
                text = f"[{value_code(v)}]({rel(src, ruleset_page(rs))}#{opt.id})"
                cells.append(f"<mark>{text}</mark>" if differs and (type(v), v) != common else text)
            name = f"<span id=\"{opt.id}\"></span>[`{opt.id}`]({rel(src, option_page(opt.id))}#{opt.id})"
            mark = "≠ " if differs else ""
            rows.append(f"| {mark}{name} | {phase} | " + " | ".join(cells) + " |")
    header = "| option | phase | " + " | ".join(
        f"[{rs}]({rel(src, ruleset_page(rs))}#{rs})" for rs in site.order) + " |"
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
