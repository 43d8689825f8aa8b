"""`cambio validate`: check spec files and house-rules files, reporting every problem.

A file's kind comes from its ``# yaml-language-server: $schema=...`` line or,
failing that, from its top-level keys.

>>> from cambio_ref.resources import spec_dir
>>> validate_paths([spec_dir() / "rulesets"])
[]

(The whole catalogue, ``validate_paths([spec_dir()])``, its cases played under each
ruleset: tests/test_catalogue.py.)
"""

from __future__ import annotations

import re
from pathlib import Path

from cambio_ref.cases import Case, case_problems, read_cases
from cambio_ref.catalogue import (
    SCHEMA_FOR_KIND,
    Catalogue,
    Option,
    Value,
    _option,
    choice_value,
    citations,
    load_catalogue,
    read_spec,
    schema_batch,
    schema_problems,
    show_value,
)
from cambio_ref.errors import Problem, SpecError
from cambio_ref.rules import consistency_problems, read_house_rules, resolve
from cambio_ref.spec_checks import (
    check_asked,
    check_asked_cases,
    check_errors,
    check_glossary,
    check_options,
    check_rulesets,
)
from cambio_ref.yamlio import YamlDoc, load_yaml_text, read_text_file, yaml_files

_SCHEMA_LINE = re.compile(r"\$schema=\S*?([a-z-]+)\.schema\.json")
_KIND_BY_SCHEMA = {v.removesuffix(".schema.json"): k for k, v in SCHEMA_FOR_KIND.items()}
_KIND_BY_KEY = {"extends": "house-rules", "choices": "ruleset", "options": "options",
                "sources": "sources", "errors": "errors", "rules": "core",
                "splitmix64": "shuffle", "steps": "case", "terms": "glossary", "asked": "asked"}


def file_kind(text: str, doc: YamlDoc) -> str | None:
    """Which kind of spec file `doc` (read from `text`) is, or None if it cannot tell."""
    match = _SCHEMA_LINE.search(text[:500])
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
        text = read_text_file(path)
        doc = load_yaml_text(text, str(path))
    except SpecError as exc:
        return list(exc.problems)
    kind = file_kind(text, doc)
    if kind is None:
        return [Problem(str(path), 1, "", "cannot tell what kind of file this is: add a"
                        " `# yaml-language-server: $schema=...` line naming its schema")]
    if kind == "house-rules":  # read_house_rules checks the schema and the catalogue
        try:
            read_house_rules(path, cat or load_catalogue())
        except SpecError as exc:
            return list(exc.problems)
        return []
    problems = schema_problems(doc, kind)
    if problems:
        return problems
    cat = cat or load_catalogue()
    if kind == "ruleset":
        problems += check_rulesets(cat, [doc])
        problems += ruleset_consistency(doc, cat)
    elif kind == "options":
        options = tuple(_option(raw, doc.data["phase"], doc.name) for raw in doc.data["options"])
        own = Catalogue(cat.sources, options, {}, cat.core_rules, {})
        problems += check_options(own, [(doc, i) for i in range(len(options))])
    elif kind == "errors":
        problems += check_errors(cat, [doc])
    elif kind == "case":
        problems += case_problems(doc, cat)
        if not problems:
            problems += evidence_problems(doc, cat)
            problems += rejection_problems(doc, cat)
    elif kind == "glossary":
        problems += check_glossary(cat, [doc])
    elif kind == "asked":
        from cambio_ref.cases import load_cases

        problems += check_asked(cat, [doc])
        problems += check_asked_cases([doc], load_cases())
    return problems


def rejection_problems(doc: YamlDoc, cat: Catalogue) -> list[Problem]:
    """Steps the reference rejects, under a ruleset the case answers for, where no
    `expect: reject` applies: a case must say that it expects a rejection."""
    from conformance.scenarios import run_case  # (the conformance package plays cases)

    data = doc.data
    case = Case(data["id"], data["title"], tuple(data["options"]), data, doc.name)
    problems: list[Problem] = []
    for name in case.rulesets:
        if name not in cat.rulesets or not case.applies_to(name):
            continue
        for played in run_case(case, name, strict=False).unexpected:
            assert played.step is not None and played.unexpected is not None
            number, index = played.step
            path: tuple[str | int, ...] = ("steps", index, "do") if number == 0 else (
                "next_rounds", number - 1, "steps", index, "do")
            problems.append(doc.problem(path, f"under {name} the reference rejects this action"
                                        f" with {played.unexpected.code}, but the step has no"
                                        f" `expect: reject` for {name}"))
    return problems


def evidence_problems(doc: YamlDoc, cat: Catalogue) -> list[Problem]:
    """Case answers that cite a source as `stated` for a value the options grade lower.

    Under each ruleset a (schema-valid) case answers for, take each citation
    ``KEY §S`` graded stated, and each option the case names (its `options` and
    `rulings`) with the value it has under that ruleset, the case's `set` included.
    An option is *about* the citation when one of its alternatives cites ``KEY §S``.
    The citation is flagged if an option about it grades the value lower for KEY and
    the answer does not say so (an implied value needs a citation of KEY graded
    implied beside it, a ruling needs the option named as that answer's own
    `ruling`: the case's `rulings` list says what the case as a whole rests on, not
    which answers), or if no option is about it and none grades its value stated for
    KEY. A value a ruleset takes with its own ruling is a ruling for its source.

    A value the `set` leaves as the ruleset has it is the ruleset's, weighed as
    above. A value the `set` moves off the ruleset's own is a house rule: it is never
    *about* a citation, but it backs the citation when KEY states it, and where
    nothing backs the citation it is flagged if KEY is cited on the option at all
    and grades the value lower.
    """
    data = doc.data
    case = Case(data["id"], data["title"], tuple(data["options"]), data, doc.name)
    options = [cat.option(oid) for oid in case.named_options(cat)]
    problems: list[Problem] = []
    for name, outcome in data["rulesets"].items():
        if name not in cat.rulesets or not case.applies_to(name):
            continue
        rules, own = case.rules_for(name), resolve(name)
        moved = {opt.id for opt in options if rules.value(opt.key) != own.value(opt.key)}
        cites = citations(outcome.get("cite"))
        ruled = {outcome.get("ruling")}
        for j, cite in enumerate(cites):
            if cite.evidence != "stated":
                continue
            said = {"stated", "ruling"} | (
                {"implied"} if any(c.key == cite.key and c.evidence == "implied"
                                   for c in cites) else set())
            wrong, house, any_about, backed = [], [], False, False
            for opt in options:
                value = rules.value(opt.key)
                grade = (opt.grade(value, cite.key) if opt.id in moved
                         else _grade(cat, name, opt, value, cite.key))
                backed |= grade == "stated"
                text = (f"{opt.id}={show_value(value)} is"
                        f" {'a ruling' if grade == 'ruling' else grade}")
                if opt.id in moved:  # (a house rule: KEY must state a value it is cited for)
                    if grade not in said and any(c.key == cite.key for alt in opt.alternatives
                                                 for c in alt.sources):
                        house.append(text)
                    continue
                about = any((c.key, c.section) == (cite.key, cite.section)
                            for alt in opt.alternatives for c in alt.sources)
                any_about |= about
                if grade != "stated" and (about or not backed) and (
                        grade not in said or (grade == "ruling" and opt.id not in ruled)):
                    wrong.append((about, text))
            flagged = [text for about, text in wrong if about] if any_about else (
                [] if backed else [text for _, text in wrong] + house)
            if flagged:
                problems.append(doc.problem(
                    ("rulesets", name, "cite", j, "evidence"),
                    f"cites {cite} as stated under {name}, but for {cite.key} "
                    + "; ".join(flagged)))
    return problems


def _grade(cat: Catalogue, ruleset: str, opt: Option, value: Value,
           source: str) -> str:
    """The grade of `value` of `opt` for `source` (Option.grade), where a value the
    ruleset of `source` takes with its own ruling is a ruling."""
    spec = cat.rulesets[ruleset]
    if source == spec.source and isinstance(spec.choices.get(opt.id), dict):
        return "ruling"
    return opt.grade(value, source)


def _catalogue_case_problems(root: Path) -> list[Problem]:
    """The problems of the case files under `root`: each file's own (`read_cases`), then,
    in each file without any, the evidence and the rejections of its steps."""
    cat = load_catalogue()
    sound: list[YamlDoc] = []
    cases, problems = read_cases(root, sound)
    asked = root.parent / "asked.yaml"
    if asked.is_file() and not problems:
        try:
            doc = load_yaml_text(read_text_file(asked), f"{root.parent.name}/asked.yaml")
        except SpecError:
            pass  # (read_spec names what is wrong with it)
        else:
            if not schema_problems(doc, "asked"):
                problems += check_asked_cases([doc], cases)
    for doc in sound:
        problems += evidence_problems(doc, cat)
        problems += rejection_problems(doc, cat)
    return problems


def ruleset_consistency(doc: YamlDoc, cat: Catalogue) -> list[Problem]:
    """Choices that cannot hold together in a ruleset file, e.g. min_players > max_players."""
    values = {cat.option(oid).key: choice_value(raw) for oid, raw in doc.data["choices"].items()
              if cat.has_option(oid)}
    return [doc.problem(("choices",), message) for message in consistency_problems(values)]


def validate_paths(paths: list[Path]) -> list[Problem]:
    """Validate files and directories; a directory holding sources.yaml is a whole catalogue."""
    problems: list[Problem] = []
    for path in paths:
        if path.is_dir() and (path / "sources.yaml").is_file():
            problems += read_spec(path)[1]
            if (path / "cases").is_dir():
                problems += _catalogue_case_problems(path / "cases")
            continue
        files = [path]
        if path.is_dir():
            files, found = yaml_files(path)
            problems += found
        with schema_batch():
            for file in files:
                problems += validate_file(file)
    return sorted(set(problems), key=lambda p: (p.file, p.line or 0, p.path, p.message))
