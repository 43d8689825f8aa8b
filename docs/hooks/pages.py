"""MkDocs hook: add the pages rendered from spec/ by `cambio_ref.rulebook.render_site`.

Nothing is written to docs/: the pages are virtual files. The JSON Schemas are
copied to ``schemas/`` so editors (and readers offline) can reach them.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files, InclusionLevel

from cambio_ref.catalogue import SPEC_DIR, load_catalogue
from cambio_ref.rulebook import Example, option_page, render_site, site_nav
from cambio_ref.rules import resolve

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "house-rules"
# Option ids retired by a rename, old id -> new id: each old page redirects to the new one.
RENAMED: dict[str, str] = {}
API_PLACEHOLDER = (
    '<!doctype html><html lang="en"><meta charset="utf-8"><title>API reference</title>'
    "<p>The API reference is built by Sphinx: run <code>make docs</code>.</p></html>"
)
log = logging.getLogger("mkdocs.hooks.pages")


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
    if config.nav:
        config.nav = _expand(config.nav, site_nav(load_catalogue()))
    return config


def on_files(files: Files, config: MkDocsConfig) -> Files:
    if (SPEC_DIR / "cases").exists():
        log.info("spec/cases exists: render its cases as rulebook.Dispute pages (see render_site)")
    redirects = {option_page(old) for old in RENAMED}
    for path, text in render_site(load_catalogue(), renamed=RENAMED, examples=_examples()).items():
        inclusion = InclusionLevel.NOT_IN_NAV if path in redirects else InclusionLevel.UNDEFINED
        files.append(File.generated(config, path, content=text, inclusion=inclusion))
    for schema in sorted((SPEC_DIR / "schemas").glob("*.schema.json")):
        files.append(File.generated(config, f"schemas/{schema.name}", content=schema.read_bytes()))
    # Sphinx writes the real API reference over this page (see docs/build.py); the
    # placeholder keeps the nav link valid for `mkdocs build` and `mkdocs serve` alone.
    files.append(File.generated(config, "api/index.html", content=API_PLACEHOLDER))
    return files
