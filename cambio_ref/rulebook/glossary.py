"""The glossary page: the game's words (spec/glossary.yaml), their synonyms, and where the rules are."""

from __future__ import annotations

from cambio_ref.askwords import terms_in
from cambio_ref.rulebook.common import (
    Site,
    cite,
    core_rule_words,
    dispute_page,
    glossary_page,
    one_line,
    question_link,
    rel,
)


def glossary_md(site: Site) -> str:
    """One entry per term: the definition, the other words for it, the rules and the disputes that use it.

    >>> from cambio_ref.catalogue import load_catalogue
    >>> from cambio_ref.rulebook.common import prepare_site
    >>> page = glossary_md(prepare_site(load_catalogue(), ()))
    >>> "## snap { #snap }" in page, "flipper" in page
    (True, True)
    """
    src = glossary_page()
    out = ["---", "search:", "  boost: 0.7", "---", "", "# Glossary", "",
           "The words of the game as this rulebook uses them, with the other words tables and sources use"
           " for the same thing. Searching the site, or asking the command line (cambio ask), with any of them"
           " finds the term.",
           ""]
    uses: dict[str, list[str]] = {t.id: [] for t in site.cat.glossary}
    for d in site.disputes:
        for t in terms_in(" ".join([d.question, *(a.text for a in d.answers)]), site.cat.glossary):
            uses[t.id].append(d.id)
    by_id = {d.id: d for d in site.disputes}
    for t in sorted(site.cat.glossary, key=lambda t: t.name.lower()):
        out += [f"## {t.name} {{ #{t.id} }}", "", one_line(t.definition), ""]
        if t.synonyms:
            out += [f"Also called: {', '.join(f'*{w}*' for w in t.synonyms)}.", ""]
        if t.see:
            links = []
            for rule in t.see:
                if site.cat.has_option(rule):
                    links.append(question_link(site, src, rule))
                else:
                    links.append(core_rule_words(site, rule))
            out += [f"The rules: {', '.join(links)}.", ""]
        if t.sources:
            out += ["Where the sources use it: " + "; ".join(cite(c, src, note=True, cat=site.cat)
                                                            for c in t.sources) + ".", ""]
        cases = uses[t.id][:6]
        if cases:
            more = len(uses[t.id]) - len(cases)
            out += ["Disputes: " + "; ".join(
                f"[{one_line(by_id[c].question)}]({rel(src, dispute_page(c))}#{c})" for c in cases)
                + (f"; and {more} more." if more else "."), ""]
    return "\n".join(out)
