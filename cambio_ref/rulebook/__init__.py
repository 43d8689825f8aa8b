"""The rulebook site's pages, rendered from the catalogue as Markdown.

`render_site` is pure: it takes a loaded `Catalogue` and returns every generated
page as ``{path: markdown}``. The MkDocs hook ``docs/hooks/pages.py`` adds these
pages to the build; anything else (a pre-build script, another generator) can
write them to disk instead. Every value, citation and ruling comes from
`cambio_ref.rules.resolve` and `cambio_ref.rules.explain`; nothing here restates
a rule. The edge cases of spec/cases become `Dispute` pages through `case_dispute`,
which takes the runs of each case against the reference from its caller (the hook
runs them with `conformance.scenarios.run_case`), so this module never plays a game.

>>> from cambio_ref.catalogue import load_catalogue
>>> pages = render_site(load_catalogue())
>>> option_page("snap.wrong-own") in pages, "rulesets/hearts.md" in pages
(True, True)
>>> "{ #end.tie }" in pages[option_page("end.tie")]
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from cambio_ref.answers import Answer, CaseRun
from cambio_ref.catalogue import PHASES, Catalogue
from cambio_ref.rulebook.common import dispute_page, glossary_page, option_page, phase_title, prepare_site, ruleset_page
from cambio_ref.rulebook.disputes import (
    dispute_groups,
    dispute_md,
    disputes_index_md,
    drawn_scenes,
    scene_files,
)
from cambio_ref.rulebook.glossary import glossary_md
from cambio_ref.rulebook.house_rules import house_rules_md
from cambio_ref.rulebook.matrix import matrix_md
from cambio_ref.rulebook.model import Deal, Dispute, Example, Front, Round, Step, group_title
from cambio_ref.rulebook.options import option_md, options_index_md, redirect_md
from cambio_ref.rulebook.rulesets import ruleset_md, rulesets_index_md
from cambio_ref.rulebook.scenario import case_dispute
from cambio_ref.rulebook.sheet import sheet_md, sheet_page, sheets_index_md
from cambio_ref.rulebook.sources import sources_md

__all__ = [
    "Answer",
    "CaseRun",
    "Deal",
    "Dispute",
    "Example",
    "Front",
    "Round",
    "Step",
    "case_dispute",
    "dispute_page",
    "group_title",
    "option_page",
    "render_site",
    "ruleset_page",
    "site_files",
    "site_nav",
    "site_scenes",
]

NavEntry = str | dict[str, "str | list[NavEntry]"]


def render_site(catalogue: Catalogue, *, renamed: Mapping[str, str] | None = None,
                examples: Iterable[Example] = (), disputes: Sequence[Dispute] = (),
                front: Front | None = None) -> dict[str, str]:
    """Every generated page of the rulebook site, as ``{path: markdown}``.

    `renamed` maps retired option ids to their new ids: each old id gets a page
    that redirects to the new one. `examples` are shown on the house-rules guide.
    `disputes` are the edge cases (empty until spec/cases exists); `front` chooses
    the questions the home page lists and the situations of the disputes index.

    Raises ValueError if a renamed id is unknown or two pages would share a path.
    """
    for old, new in sorted((renamed or {}).items()):  # (checked before any page is rendered)
        if not catalogue.has_option(new) or catalogue.option(new).id != new:
            raise ValueError(f"renamed id {old!r} points to {new!r}, which is not an option id")
        if catalogue.has_option(old):
            raise ValueError(f"renamed id {old!r} is still an option id")
    site = prepare_site(catalogue, disputes, front)
    pages: dict[str, str] = {}

    def add(path: str, text: str) -> None:
        if path in pages:
            raise ValueError(f"two pages would be written to {path}")
        pages[path] = text

    for opt in catalogue.options:
        add(option_page(opt.id), option_md(site, opt))
    add("options/index.md", options_index_md(site))
    for rs in site.order:
        add(ruleset_page(rs), ruleset_md(site, rs))
    add("rulesets/index.md", rulesets_index_md(site))
    add("matrix.md", matrix_md(site))
    add("sources.md", sources_md(site))
    add("house-rules.md", house_rules_md(site, tuple(examples)))
    for dispute in disputes:
        add(dispute_page(dispute.id), dispute_md(site, dispute))
    add("disputes/index.md", disputes_index_md(site))
    add(glossary_page(), glossary_md(site))
    for rs in site.order:
        add(sheet_page(rs), sheet_md(site, rs))
    add("sheets/index.md", sheets_index_md(site))
    for old, new in sorted((renamed or {}).items()):
        add(option_page(old), redirect_md(old, new))
    return pages


def site_files(catalogue: Catalogue, disputes: Sequence[Dispute]) -> dict[str, str]:
    """The site's generated files that are not pages, as ``{path: HTML}``: each dispute's scenes
    beyond the first, which its page loads when they are opened.

    >>> from cambio_ref.catalogue import load_catalogue
    >>> site_files(load_catalogue(), ())
    {}
    """
    site = prepare_site(catalogue, disputes)
    return {path: html for d in disputes for path, html in scene_files(site, d).items()}


def site_scenes(catalogue: Catalogue, disputes: Sequence[Dispute]) -> dict[str, dict[str, str]]:
    """The scenes the dispute pages draw themselves, as ``{page path: {mark: HTML}}``: a page's
    converted HTML holds each mark as a paragraph's text, which its scene's HTML replaces
    (the MkDocs hook does it), so Markdown never reads the pictures.

    >>> from cambio_ref.catalogue import load_catalogue
    >>> site_scenes(load_catalogue(), ())
    {}
    """
    site = prepare_site(catalogue, disputes)
    return {dispute_page(d.id): drawn for d in disputes if (drawn := drawn_scenes(site, d))}


def site_nav(catalogue: Catalogue, *, disputes: Sequence[Dispute] = (),
             front: Front | None = None) -> dict[str, list[NavEntry]]:
    """The navigation below each generated section, keyed by the section's index page.

    >>> from cambio_ref.catalogue import load_catalogue
    >>> nav = site_nav(load_catalogue())
    >>> nav["options/index.md"][1]["Setup"][0]
    {'How many players must there be at least?': 'options/players-minimum.md'}
    """
    options: list[NavEntry] = ["options/index.md"]
    for phase in PHASES:
        entries = [nav_entry(o.question, option_page(o.id)) for o in catalogue.options if o.phase == phase]
        if entries:
            options.append({phase_title(phase): entries})
    site = prepare_site(catalogue, ())
    rulesets: list[NavEntry] = ["rulesets/index.md"]
    rulesets += [nav_entry(rs, ruleset_page(rs)) for rs in site.order]
    cases: list[NavEntry] = ["disputes/index.md"]
    for _prefix, title, group in dispute_groups(catalogue, disputes, front):
        cases.append({title: [nav_entry(d.question, dispute_page(d.id)) for d in group]})
    sheets: list[NavEntry] = ["sheets/index.md", *(nav_entry(rs, sheet_page(rs)) for rs in site.order)]
    return {"options/index.md": options, "rulesets/index.md": rulesets, "disputes/index.md": cases,
            "sheets/index.md": sheets}


def nav_entry(title: str, path: str) -> NavEntry:
    return {title: path}
