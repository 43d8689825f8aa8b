"""The sources page: every document the catalogue cites, with its sections."""

from __future__ import annotations

from cambio_ref.rulebook.common import Site, one_line, ruleset_page


def sources_md(site: Site) -> str:
    out = ["# Sources", "",
           "The catalogue is built from these documents. A citation names a source by its key and"
           " a section, as in `online §Snapping`. The site describes each position in the project's"
           " own words.", ""]
    for src in site.cat.sources.values():
        rulesets = [rs for rs in site.order if site.cat.rulesets[rs].source == src.key]
        out += [f"## {src.key}: {one_line(src.title)} {{ #{src.key} }}", "", one_line(src.description), ""]
        if rulesets:
            out += ["Ruleset: " + ", ".join(f"[{rs}]({ruleset_page(rs)})" for rs in rulesets) + ".", ""]
        out += ["| section | what it covers |", "|---|---|"]
        out += [f"| {one_line(name)} | {one_line(about)} |" for name, about in src.sections]
        out.append("")
    return "\n".join(out)
