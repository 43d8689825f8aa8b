"""The ruleset pages: one per ruleset, and the rulesets index."""

from __future__ import annotations

from cambio_ref.catalogue import PHASES
from cambio_ref.rulebook.calculator import calculator_html
from cambio_ref.rulebook.common import Site, one_line, option_page, phase_title, rel, ruleset_page, value_code, why
from cambio_ref.rulebook.options import said


def ruleset_md(site: Site, rs: str) -> str:
    """A ruleset's page: each question with its rule in words and why; ids and codes folded for implementers.

    Printed, it is a one-page rule sheet: each question and the first clause of its rule (the
    rest of the sentence, the citations and the fold stay on screen).
    """
    src = ruleset_page(rs)
    spec = site.cat.rulesets[rs]
    out = [
        "---",
        f"title: \"{rs}: {spec.title.replace(chr(34), chr(39))}\"",
        "---",
        "",
        f"# {spec.title} {{ #{rs} }}",
        "",
        one_line(spec.summary),
        "",
        f"From the source [{spec.source}]({rel(src, 'sources.md')}#{spec.source}). To play from one printed"
        f" page, use its [quick-reference sheet]({rel(src, f'sheets/{rs}.md')}#sheet-{rs}).",
        "",
        *calculator_html(site, rs),
        "<div class=\"rule-sheet\" markdown>",
        "",
    ]
    for phase in PHASES:
        rows = [r for r in site.resolved[rs].values() if r.option.phase == phase]
        if not rows:
            continue
        out += [f"## {phase_title(phase)} {{ #{phase} }}", "", "| question | the rule | citation or ruling |",
                "|---|---|---|"]
        for r in rows:
            opt = r.option
            link = f"<span id=\"{opt.id}\"></span>[{one_line(opt.question)}]({rel(src, option_page(opt.id))}#{opt.id})"
            out.append(f"| {link} | {_said_cell(said(opt, r.value))} | {why(r, src, site.cat)} |")
        out.append("")
    out += ["</div>", "", *_for_implementers(site, rs)]
    return "\n".join(out)


def _said_cell(text: str) -> str:
    """A rule in words for a table cell: its first clause, then the rest in a span that printing leaves out.

    >>> _said_cell("Nobody, the swapper included: both cards change places.")
    'Nobody, the swapper included<span class="rule-more">: both cards change places.</span>'
    >>> _said_cell("Ten points.")
    'Ten points.'
    """
    cut = min((i for i in (text.find(": "), text.find("; ")) if i > 0), default=-1)
    if cut < 0:
        return one_line(text)
    return f"{one_line(text[:cut])}<span class=\"rule-more\">{one_line(text[cut:])}</span>"


def _for_implementers(site: Site, rs: str) -> list[str]:
    """The ruleset's id, its one-line form and each option's id and value code, folded."""
    rules = site.rules[rs]
    out = ["??? info \"For implementers\"", "",
           f"    Ruleset `{rs}`; its canonical one-line form is `{rules.canonical}`. A house rule adds the"
           f" options it changes, as in `{rs}(key=value, ...)`.", "",
           "    | option | value |", "    |---|---|"]
    out += [f"    | `{r.option.id}` | {value_code(r.value)} |" for r in site.resolved[rs].values()]
    return [*out, ""]


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
