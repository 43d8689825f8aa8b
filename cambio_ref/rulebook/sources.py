"""The sources page: every document the catalogue cites, with its sections, primary sources first.

A primary source is a document kept with the project (each has a ruleset); a secondary
source is a public page read for the research notes, cited only for what they report.
A source whose kind is not given is primary.
"""

from __future__ import annotations

from cambio_ref.catalogue import Source
from cambio_ref.rulebook.common import Site, is_secondary, one_line, ruleset_page


def _source_md(site: Site, src: Source) -> list[str]:
    rulesets = [rs for rs in site.order if site.cat.rulesets[rs].source == src.key]
    out = [f"### {src.key}: {one_line(src.title)} {{ #{src.key} }}", "", one_line(src.description), ""]
    url = str(getattr(src, "url", "") or "")
    if url:
        out += [f"Read at <{url}>; its text is not kept with the project.", ""]
    if rulesets:
        out += ["Ruleset: " + ", ".join(f"[{rs}]({ruleset_page(rs)})" for rs in rulesets) + ".", ""]
    out += ["| section | what it covers |", "|---|---|"]
    out += [f"| {one_line(name)} | {one_line(about)} |" for name, about in src.sections]
    return [*out, ""]


def sources_md(site: Site) -> str:
    """The sources page: the primary sources, then the secondary ones (each section only if any).

    >>> from cambio_ref.catalogue import load_catalogue
    >>> from cambio_ref.rulebook.common import prepare_site
    >>> page = sources_md(prepare_site(load_catalogue(), ()))
    >>> "## Primary sources { #primary }" in page, "### hearts: " in page
    (True, True)
    """
    primary = [s for s in site.cat.sources.values() if not is_secondary(site.cat, s.key)]
    secondary = [s for s in site.cat.sources.values() if is_secondary(site.cat, s.key)]
    out = ["# Sources", "",
           "The catalogue is built from these documents. A citation names a source by its key and"
           " a section, as in “online §Snapping”. The site describes each position in the project's"
           " own words.", "",
           "## Primary sources { #primary }", "",
           "The documents each ruleset is drawn from, kept with the project.", ""]
    for src in primary:
        out += _source_md(site, src)
    if secondary:
        out += ["## Secondary sources { #secondary }", "",
                "Public apps, engines and rule pages, read for the project's research notes. They are"
                " cited for what those notes report, and marked *secondary source* wherever cited.", ""]
        for src in secondary:
            out += _source_md(site, src)
    return "\n".join(out)
