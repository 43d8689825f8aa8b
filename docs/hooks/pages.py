"""MkDocs hook: add the pages rendered from spec/ by `cambio_ref.rulebook.render_site`.

Nothing is written to docs/: the pages are virtual files. The files implementers need
(`cambio_ref.resources.published_files`: every JSON Schema, including the protocol's, under
``schemas/`` where their ``$id`` points, and spec/shuffle.yaml and spec/errors.yaml under
``spec/``) are copied into the site as-is, so editors and readers offline reach them. Each case
of spec/cases is played against the reference interpreter under every ruleset and
becomes a dispute page (`cambio_ref.rulebook.case_dispute`).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files, InclusionLevel

from cambio_ref.cases import Case, read_cases
from cambio_ref.catalogue import load_catalogue
from cambio_ref.errors import SpecError
from cambio_ref.resources import cases_dir, published_files
from cambio_ref.rulebook import CaseRun, Dispute, Example, case_dispute, option_page, render_site, site_nav
from cambio_ref.rules import resolve
from conformance.scenarios import DEFAULT_PEEK, run_case

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "house-rules"
# Option ids retired by a rename, old id -> new id: each old page redirects to the new one.
RENAMED: dict[str, str] = {}
API_PLACEHOLDER = (
    '<!doctype html><html lang="en"><meta charset="utf-8"><title>API reference</title>'
    "<p>The API reference is built by Sphinx: run <code>make docs</code>.</p></html>"
)
log = logging.getLogger("mkdocs.hooks.pages")
# The disputes of the build in progress: on_config makes them, on_files renders them.
_disputes: list[Dispute] = []


class _Crash:
    """A run that raised instead of finishing: its page says so; the case tests fail on it."""

    status = "error"
    scores: None = None
    winners: None = None
    reason: None = None
    trace: tuple[str, ...] = ()

    def __init__(self, exc: Exception) -> None:
        self.failures = (f"the reference raised {type(exc).__name__}: {exc}",)


def _run(case: Case, ruleset: str) -> CaseRun:
    try:
        return run_case(case, ruleset)
    except Exception as exc:  # an engine bug must not hide every other page
        log.info("case %s under %s raised %r", case.id, ruleset, exc)
        return _Crash(exc)


def load_disputes(root: Path | None = None) -> list[Dispute]:
    """Every case under `root` (default: spec/cases) as a dispute, played against the reference under each ruleset.

    Read afresh on each build (unlike the cached `load_cases`), so `mkdocs serve`
    picks up new cases. Raises SpecError if any case file has a problem.
    """
    root = root or cases_dir()
    if not root.exists():
        return []
    cases, problems = read_cases(root)
    if problems:
        raise SpecError(problems)
    return [case_dispute(case, {rs: _run(case, rs) for rs in case.rulesets if case.applies_to(rs)},
                         peek=DEFAULT_PEEK)
            for case in cases.values()]


def _examples() -> list[Example]:
    return [Example(str(p.relative_to(ROOT)), p.read_text(encoding="utf-8"), resolve(p))
            for p in sorted(EXAMPLES.glob("*.yaml"))]


def _expand(nav: list[Any], sections: dict[str, list[Any]]) -> list[Any]:
    """Replace each `Title: section/index.md` entry by the section's generated nav."""
    out: list[Any] = []
    for entry in nav:
        if isinstance(entry, dict) and len(entry) == 1:
            (title, target), = entry.items()
            if isinstance(target, str) and target in sections:
                entry = {title: sections[target]}
        out.append(entry)
    return out


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    _disputes[:] = load_disputes()
    if config.nav:
        config.nav = _expand(config.nav, site_nav(load_catalogue(), disputes=_disputes))
    return config


def on_files(files: Files, config: MkDocsConfig) -> Files:
    redirects = {option_page(old) for old in RENAMED}
    pages = render_site(load_catalogue(), renamed=RENAMED, examples=_examples(), disputes=_disputes)
    for path, text in pages.items():
        inclusion = InclusionLevel.NOT_IN_NAV if path in redirects else InclusionLevel.UNDEFINED
        files.append(File.generated(config, path, content=text, inclusion=inclusion))
    for path, source in published_files().items():
        files.append(File.generated(config, path, content=source.read_bytes()))
    # Sphinx writes the real API reference over this page (see docs/build.py); the
    # placeholder keeps the nav link valid for `mkdocs build` and `mkdocs serve` alone.
    files.append(File.generated(config, "api/index.html", content=API_PLACEHOLDER))
    return files
