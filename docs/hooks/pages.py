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
from collections.abc import Collection
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.pages import Page

from cambio_ref.cases import Case, read_cases
from cambio_ref.catalogue import load_catalogue
from cambio_ref.collector import collect_rarely
from cambio_ref.errors import SpecError
from cambio_ref.resources import cases_dir, published_files
from cambio_ref.rulebook import (
    CaseRun,
    Dispute,
    Example,
    case_dispute,
    option_page,
    render_site,
    site_files,
    site_nav,
    site_scenes,
)
from cambio_ref.rulebook.engines import INDEX as ENGINES_INDEX
from cambio_ref.rulebook.engines import engine_pages, engines_nav, read_engine
from cambio_ref.rulebook.front import FRONT_MARK, front_md
from cambio_ref.rulebook.model import EngineRun, Entry, Front, Moment
from cambio_ref.rulebook.search import SEARCH_INDEX, search_json
from cambio_ref.rulebook.table import case_moments
from cambio_ref.rules import Rules, resolve
from cambio_ref.yamlio import load_yaml
from conformance.implementation import Event, Reference, Rejection
from conformance.scenarios import DEFAULT_PEEK, run_case

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "house-rules"
ENGINES = ROOT / "examples" / "engines"  # each folder: an adapter, rules.json, run-seed1.jsonl
FRONT = ROOT / "docs" / "front.yaml"
# Option ids retired by a rename, old id -> new id: each old page redirects to the new one.
RENAMED: dict[str, str] = {}
API_PLACEHOLDER = (
    '<!doctype html><html lang="en"><meta charset="utf-8"><title>API reference</title>'
    "<p>The API reference is built by Sphinx: run <code>make docs</code>.</p></html>"
)
log = logging.getLogger("mkdocs.hooks.pages")
# The disputes of the build in progress: on_config makes them, on_files renders them.
_disputes: list[Dispute] = []
_front: list[Front] = [Front()]
_engines: list[EngineRun] = []
# The scenes the dispute pages draw, by page: on_files makes them, on_page_content puts them in.
_scenes: dict[str, dict[str, str]] = {}


class _Crash:
    """A run that raised instead of finishing: its page says so; the case tests fail on it."""

    status = "error"
    scores: None = None
    winners: None = None
    reason: None = None
    trace: tuple[str, ...] = ()

    def __init__(self, exc: Exception) -> None:
        self.failures = (f"the reference raised {type(exc).__name__}: {exc}",)


class Recorder(Reference):
    """The reference, in-process, keeping the state after the deal and after every action."""

    def __init__(self) -> None:
        super().__init__()
        self.log: list[Entry] = []

    def new_game(self, rules: Rules, players: int, dealer: int, deck: list[str],
                 seed: int, first: int | None = None) -> list[Event]:
        events = super().new_game(rules, players, dealer, deck, seed, first)
        assert self.state is not None
        self.log.append(Entry(None, tuple(events), "", self.state.snapshot()))
        return events

    def act(self, action: dict[str, Any]) -> list[Event] | Rejection:
        reply = super().act(action)
        assert self.state is not None
        rejected = reply.code if isinstance(reply, Rejection) else ""
        events = () if isinstance(reply, Rejection) else tuple(reply)
        self.log.append(Entry(dict(action), events, rejected, self.state.snapshot()))
        return reply


def _run(case: Case, ruleset: str) -> tuple[CaseRun, tuple[Moment, ...]]:
    recorder = Recorder()
    try:
        run = run_case(case, ruleset, recorder)
    except Exception as exc:  # an engine bug must not hide every other page
        log.info("case %s under %s raised %r", case.id, ruleset, exc)
        return _Crash(exc), ()
    peeks = len(DEFAULT_PEEK) * int(case.data["setup"]["players"])
    return run, case_moments(case, ruleset, recorder.log, peek_count=peeks)


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
    disputes = []
    for case in cases.values():
        played = {rs: _run(case, rs) for rs in case.rulesets if case.applies_to(rs)}
        disputes.append(case_dispute(case, {rs: run for rs, (run, _) in played.items()}, peek=DEFAULT_PEEK,
                                     scenes={rs: moments for rs, (_, moments) in played.items()}))
    return disputes


def load_front(path: Path = FRONT, known: Collection[str] | None = None) -> Front:
    """The front door's data (docs/front.yaml); SpecError if it names a case that does not exist.

    `known` is the case ids (the hook passes its disputes'; by default spec/cases is read again).
    """
    doc = load_yaml(path, "docs/front.yaml")
    data = doc.data if isinstance(doc.data, dict) else {}
    argued = [str(c) for c in data.get("argued", ())]
    known = set(read_cases()[0]) if known is None else known
    problems = [doc.problem(("argued", i), f"unknown case id {c!r}") for i, c in enumerate(argued) if c not in known]
    if problems:
        raise SpecError(problems)
    return Front(tuple(argued), tuple((str(k), str(v)) for k, v in (data.get("situations") or {}).items()))


def _examples() -> list[Example]:
    return [Example(str(p.relative_to(ROOT)), p.read_text(encoding="utf-8"), resolve(p))
            for p in sorted(EXAMPLES.glob("*.yaml"))]


def load_engines(root: Path = ENGINES) -> list[EngineRun]:
    """The public engines' committed adapter files (no engine is needed)."""
    return [read_engine(folder) for folder in sorted(root.iterdir())
            if folder.is_dir() and (folder / "rules.json").is_file()] if root.is_dir() else []


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
    # a build that keeps its pages and their trees alive: collect rarely, as the long cambio
    # commands and Sphinx do (cambio_ref.collector); mkdocs took about 1 s of CPU less (of 23 to 28)
    collect_rarely()
    _disputes[:] = load_disputes()
    _front[:] = [load_front(known={d.id for d in _disputes})]
    _engines[:] = load_engines()
    if config.nav:
        sections = site_nav(load_catalogue(), disputes=_disputes, front=_front[0])
        config.nav = _expand(config.nav, {**sections, ENGINES_INDEX: engines_nav(_engines)})
    return config


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """The home page's front door (search, the most argued questions, the picker) replaces its mark."""
    if FRONT_MARK in markdown:
        return markdown.replace(FRONT_MARK, front_md(load_catalogue(), _disputes, _front[0], page.file.src_uri))
    return markdown


def on_files(files: Files, config: MkDocsConfig) -> Files:
    redirects = {option_page(old) for old in RENAMED}
    pages = render_site(load_catalogue(), renamed=RENAMED, examples=_examples(), disputes=_disputes,
                        front=_front[0])
    pages.update(engine_pages(_engines))
    for path, text in pages.items():
        inclusion = InclusionLevel.NOT_IN_NAV if path in redirects else InclusionLevel.UNDEFINED
        files.append(File.generated(config, path, content=text, inclusion=inclusion))
    # The search's index (cambio_ref.rulebook.search): fetched by ask.js on first use, not with the page.
    files.append(File.generated(config, SEARCH_INDEX, content=search_json()))
    _scenes.clear()
    _scenes.update(site_scenes(load_catalogue(), _disputes))
    for path, html in site_files(load_catalogue(), _disputes).items():  # scenes a page loads when opened
        files.append(File.generated(config, path, content=html))
    for path, source in published_files().items():
        files.append(File.generated(config, path, content=source.read_bytes()))
    # The site's scripts are served without their comment lines (about 17 kB of what every page loads: the page
    # weight budget of tests/site/test_weight.py); docs/javascripts/ keeps them, each naming the Python it mirrors.
    for script in [f for f in files if f.src_uri.startswith("javascripts/") and f.src_uri.endswith(".js")]:
        files.remove(script)
        files.append(File.generated(config, script.src_uri, content=without_comment_lines(
            Path(script.abs_src_path or "").read_text(encoding="utf-8"))))
    # Sphinx writes the real API reference over this page (see docs/build.py); the
    # placeholder keeps the nav link valid for `mkdocs build` and `mkdocs serve` alone.
    files.append(File.generated(config, "api/index.html", content=API_PLACEHOLDER))
    return files


def without_comment_lines(script: str) -> str:
    r"""A script without its lines that are only a comment (the comments after code on a line stay: a "//" inside a
    string or a pattern is no comment).

    >>> without_comment_lines('var a = 1;\n  // why\nvar b = "//";  // b\n')
    'var a = 1;\nvar b = "//";  // b\n'
    """
    return "".join(line for line in script.splitlines(keepends=True) if not line.lstrip().startswith("//"))


def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """A dispute page's drawn scene replaces its mark (`cambio_ref.rulebook.site_scenes`)."""
    for mark, scene in _scenes.get(page.file.src_uri, {}).items():
        html = html.replace(mark, scene)
    return html
