"""`cambio validate`: check spec files and house-rules files, reporting every problem.

A file's kind comes from its ``# yaml-language-server: $schema=...`` line or,
failing that, from its top-level keys.

>>> from cambio_ref.resources import spec_dir
>>> validate_paths([spec_dir()])
[]
"""

from __future__ import annotations

import re
from pathlib import Path

from cambio_ref.cases import case_problems, read_cases
from cambio_ref.catalogue import (
    SCHEMA_FOR_KIND,
    Catalogue,
    _check_errors,
    _check_glossary,
    _check_options,
    _check_rulesets,
    _option,
    load_catalogue,
    read_spec,
    schema_problems,
)
from cambio_ref.errors import Problem, SpecError
from cambio_ref.rules import read_house_rules
from cambio_ref.yamlio import YamlDoc, load_yaml

_SCHEMA_LINE = re.compile(r"\$schema=\S*?([a-z-]+)\.schema\.json")
_KIND_BY_SCHEMA = {v.removesuffix(".schema.json"): k for k, v in SCHEMA_FOR_KIND.items()}
_KIND_BY_KEY = {"extends": "house-rules", "choices": "ruleset", "options": "options",
                "sources": "sources", "errors": "errors", "rules": "core",
                "splitmix64": "shuffle", "steps": "case", "terms": "glossary"}


def file_kind(path: Path, doc: YamlDoc) -> str | None:
    """Which kind of spec file `doc` is, or None if it cannot tell."""
    try:
        head = path.read_text(encoding="utf-8")[:500]
    except OSError:
        head = ""
    match = _SCHEMA_LINE.search(head)
    if match and match.group(1) in _KIND_BY_SCHEMA:
        return _KIND_BY_SCHEMA[match.group(1)]
    if isinstance(doc.data, dict):
        for key, kind in _KIND_BY_KEY.items():
            if key in doc.data:
                return kind
    return None


def validate_file(path: Path, cat: Catalogue | None = None) -> list[Problem]:
    """Every problem in one file: YAML, schema, and cross-references to the catalogue."""
    try:
        doc = load_yaml(path)
    except SpecError as exc:
        return list(exc.problems)
    kind = file_kind(path, doc)
    if kind is None:
        return [Problem(str(path), 1, "", "cannot tell what kind of file this is: add a"
                        " `# yaml-language-server: $schema=...` line naming its schema")]
    problems = schema_problems(doc, kind)
    if problems:
        return problems
    cat = cat or load_catalogue()
    if kind == "house-rules":
        try:
            read_house_rules(path, cat)
        except SpecError as exc:
            return list(exc.problems)
    elif kind == "ruleset":
        problems += _check_rulesets(cat, [doc])
    elif kind == "options":
        options = tuple(_option(raw, doc.data["phase"], doc.name) for raw in doc.data["options"])
        own = Catalogue(cat.sources, options, {}, cat.core_rules, {})
        problems += _check_options(own, [(doc, i) for i in range(len(options))])
    elif kind == "errors":
        problems += _check_errors(cat, [doc])
    elif kind == "case":
        problems += case_problems(doc, cat)
    elif kind == "glossary":
        problems += _check_glossary(cat, [doc])
    return problems


def validate_paths(paths: list[Path]) -> list[Problem]:
    """Validate files and directories; a directory holding sources.yaml is a whole catalogue."""
    problems: list[Problem] = []
    for path in paths:
        if path.is_dir() and (path / "sources.yaml").is_file():
            problems += read_spec(path)[1]
            if (path / "cases").is_dir():
                problems += read_cases(path / "cases")[1]
            continue
        files = sorted(path.rglob("*.y*ml")) if path.is_dir() else [path]
        for file in files:
            if not file.exists():
                problems.append(Problem(str(file), None, "", "no such file or directory"))
            else:
                problems += validate_file(file)
    return sorted(set(problems), key=lambda p: (p.file, p.line or 0, p.path, p.message))
