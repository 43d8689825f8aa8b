"""Edge cases (spec/cases): the scenario model, loading and checking.

A case is a fixed deal and a list of actions, with expectations per ruleset
(or per option value). `conformance.scenarios.run_case` plays one against any
implementation.

>>> case = load_cases()["tie.caller-ties-lowest"]
>>> case.applies_to("official"), case.options
(True, ('end.tie',))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from cambio_ref.catalogue import (
    Catalogue,
    _check_citations,
    _citations,
    load_catalogue,
    schema_problems,
)
from cambio_ref.errors import CambioError, Problem, SpecError
from cambio_ref.resources import cases_dir
from cambio_ref.rules import Rules, format_value, resolve
from cambio_ref.yamlio import YamlDoc, load_yaml


@dataclass(frozen=True)
class Case:
    """One scenario file."""

    id: str
    title: str
    options: tuple[str, ...]
    data: Mapping[str, Any]
    file: str

    @property
    def rulesets(self) -> Mapping[str, Mapping[str, Any]]:
        result: Mapping[str, Mapping[str, Any]] = self.data["rulesets"]
        return result

    def applies_to(self, ruleset: str) -> bool:
        return "not_applicable" not in self.rulesets.get(ruleset, {"not_applicable": "unlisted"})

    def rules_for(self, ruleset: str | Rules) -> Rules:
        """The rules the case runs under: the ruleset plus the case's `set` options."""
        base = ruleset if isinstance(ruleset, Rules) else resolve(ruleset)
        extra = self.data.get("set") or {}
        if not extra:
            return base
        return resolve(base.name, [*base.overrides, *extra.items()])

    def exercises(self, cat: Catalogue | None = None) -> set[str]:
        """The option alternatives this case shows (``option.id=value``)."""
        if "exercises" in self.data:
            return set(self.data["exercises"])
        cat = cat or load_catalogue()
        out = set()
        for name in self.rulesets:
            if self.applies_to(name) and name in cat.rulesets:
                rules = self.rules_for(name)
                for oid in self.options:
                    opt = cat.option(oid)
                    out.add(f"{opt.id}={format_value(rules.value(opt.key))}")
        return out


def keys_hold(keys: list[str], ruleset: str, rules: Rules, cat: Catalogue) -> list[str]:
    """Which of `keys` apply: the ruleset id, option=value pairs that hold, or `all`."""
    if ruleset in keys:
        return [ruleset]
    found = []
    for key in keys:
        if "=" in key:
            oid, _, value = key.partition("=")
            opt = cat.option(oid)
            if format_value(rules.value(opt.key)) == value:
                found.append(key)
    if found:
        return found
    return ["all"] if "all" in keys else []


# -- loading and checking ------------------------------------------------------


def case_problems(doc: YamlDoc, cat: Catalogue) -> list[Problem]:
    """Schema problems, then the cross-references a schema cannot check."""
    problems = schema_problems(doc, "case")
    if problems:
        return problems
    data = doc.data
    problems.extend(_check_citations(cat, doc, ("sources",), _citations(data["sources"])))
    for name, outcome in data["rulesets"].items():
        problems.extend(_check_citations(cat, doc, ("rulesets", name, "cite"),
                                         _citations(outcome.get("cite"))))
    for i, oid in enumerate(data["options"]):
        if not cat.has_option(oid) or cat.option(oid).id != oid:
            problems.append(doc.problem(("options", i), f"unknown option id {oid!r}"))
    for i, oid in enumerate(data.get("rulings", ())):
        if oid not in cat.core_rules and not cat.has_option(oid):
            problems.append(doc.problem(("rulings", i), f"unknown option or core rule {oid!r}"))
    for i, item in enumerate(data.get("exercises", ())):
        problems.extend(_check_key(doc, ("exercises", i), item, cat, allow_ruleset=False))
    for name in data.get("set") or {}:
        if not cat.has_option(name):
            problems.append(doc.problem(("set", name), f"unknown option {name!r}"))
    for name in data["rulesets"]:
        if name not in cat.rulesets:
            problems.append(doc.problem(("rulesets", name), f"unknown ruleset {name!r}"))
    for name, outcome in data["rulesets"].items():
        ruling = outcome.get("ruling")
        if ruling is not None and ruling not in cat.core_rules and not cat.has_option(ruling):
            problems.append(doc.problem(("rulesets", name, "ruling"),
                                        f"unknown option or core rule {ruling!r}"))
    primary = {rs.id for rs in cat.rulesets.values() if cat.sources[rs.source].primary}
    for name in sorted(primary - set(data["rulesets"])):
        problems.append(doc.problem(("rulesets",), f"ruleset {name!r} is not listed: give its"
                                    " answer or say why the case is not applicable"))
    for i, step in enumerate(data["steps"]):
        for j, key in enumerate(step.get("only", ())):
            problems.extend(_check_key(doc, ("steps", i, "only", j), key, cat))
        for key, exp in (step.get("expect") or {}).items():
            problems.extend(_check_key(doc, ("steps", i, "expect", key), key, cat))
            code = exp.get("reject")
            if code is not None and code not in cat.errors:
                problems.append(doc.problem(("steps", i, "expect", key, "reject"),
                                            f"unknown error code {code!r} (see spec/errors.yaml)"))
    if not problems:
        for name in data["rulesets"]:
            if name in cat.rulesets and "not_applicable" not in data["rulesets"][name]:
                try:
                    Case(data["id"], data["title"], (), data, doc.name).rules_for(name)
                except CambioError as exc:
                    problems.append(doc.problem(("set",), str(exc)))
                    break
    return problems


def _check_key(doc: YamlDoc, path: tuple[str | int, ...], key: str, cat: Catalogue,
               allow_ruleset: bool = True) -> list[Problem]:
    if key == "all" or (allow_ruleset and key in cat.rulesets):
        return []
    oid, sep, value = key.partition("=")
    if not sep:
        return [doc.problem(path, f"{key!r} is not a ruleset, `all` or option=value")]
    if not cat.has_option(oid):
        return [doc.problem(path, f"unknown option {oid!r}")]
    opt = cat.option(oid)
    try:
        opt.coerce(value)
    except CambioError as exc:
        return [doc.problem(path, str(exc))]
    return []


def read_cases(root: Path | None = None) -> tuple[dict[str, Case], list[Problem]]:
    """Every case under `root` (default: `cases_dir()`), and every problem found (including
    duplicate ids)."""
    root = root or cases_dir()
    cat = load_catalogue()
    cases: dict[str, Case] = {}
    problems: list[Problem] = []
    for path in sorted(root.rglob("*.yaml")):
        try:
            doc = load_yaml(path, str(path.relative_to(root.parent.parent))
                            if root.parent.parent in path.parents else str(path))
        except SpecError as exc:
            problems.extend(exc.problems)
            continue
        found = case_problems(doc, cat)
        if found:
            problems.extend(found)
            continue
        data = doc.data
        if data["id"] in cases:
            problems.append(doc.problem(("id",), f"duplicate case id {data['id']!r} (first in"
                                        f" {cases[data['id']].file})"))
            continue
        cases[data["id"]] = Case(data["id"], data["title"], tuple(data["options"]), data, doc.name)
    return cases, problems


def load_cases(root: Path | None = None) -> dict[str, Case]:
    """All cases under `root` (default: `cases_dir()`), read once per process; any problem
    raises SpecError listing them all."""
    return _load_cases(root or cases_dir())


@cache
def _load_cases(root: Path) -> dict[str, Case]:
    cases, problems = read_cases(root)
    if problems:
        raise SpecError(problems)
    return cases


def load_case_file(path: Path) -> Case:
    """One case file, checked."""
    doc = load_yaml(path)
    problems = case_problems(doc, load_catalogue())
    if problems:
        raise SpecError(problems)
    data = doc.data
    return Case(data["id"], data["title"], tuple(data["options"]), data, doc.name)
