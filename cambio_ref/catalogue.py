"""The rule catalogue in spec/: sources, options, rulesets, core rules and errors.

`load_catalogue()` validates every file against its JSON Schema and checks the
cross-references a schema cannot express; any problem raises SpecError listing
all of them at once.

>>> cat = load_catalogue()
>>> cat.option("risky_fives").id, cat.option("snap.others").key
('scoring.risky-fives', 'snap_others')
>>> sorted(cat.rulesets)
['awareness', 'cambia', 'cambio-app', 'cambio-bot', 'hearts', 'memory', 'official', 'online']
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import referencing

from cambio_ref.errors import Problem, RulesError, SpecError
from cambio_ref.resources import schema_dir, spec_dir
from cambio_ref.yamlio import YamlDoc, load_yaml

Value = bool | int | str

SCHEMA_BASE = "https://cambio-rulebook.invalid/schemas/"
PHASES = ("setup", "turn", "powers", "snapping", "calling", "scoring", "match")


@dataclass(frozen=True)
class Citation:
    """A source's position: `key §section`, stated or implied."""

    key: str
    section: str
    evidence: str
    note: str | None = None

    def __str__(self) -> str:
        return f"{self.key} §{self.section}"


@dataclass(frozen=True)
class Power:
    """What a power card lets its player do: looks first, then one swap."""

    look: int
    look_scope: str
    swap: str
    swap_looked: bool = False
    must_look: bool = False  # the first look cannot be declined (spec: power.optional)
    must_swap: bool = False  # the swap cannot be declined (spec: power.optional)


@dataclass(frozen=True)
class Alternative:
    """One position on an option: a value, its description and sources (or a ruling)."""

    value: Value
    description: str
    sources: tuple[Citation, ...] = ()
    rationale: str | None = None
    power: Power | None = None
    parameters: tuple[tuple[str, int], ...] = ()
    compulsory: tuple[tuple[str, tuple[str, ...]], ...] = ()
    suits: tuple[str, ...] = ()

    @property
    def evidence(self) -> str:
        """``ruling`` for a project alternative, else the strongest grade among its sources."""
        if not self.sources:
            return "ruling"
        return "stated" if any(c.evidence == "stated" for c in self.sources) else "implied"


@dataclass(frozen=True)
class Conflict:
    """A conflict or ambiguity recorded for one source, and how it is resolved."""

    source: str
    kind: str
    summary: str
    alternatives: tuple[Value, ...]
    resolution: Value
    rationale: str | None = None


@dataclass(frozen=True)
class Option:
    """One rule dimension and its alternatives."""

    id: str
    key: str
    phase: str
    question: str
    type: str
    alternatives: tuple[Alternative, ...]
    default: Value
    ruling: str | None = None
    silent: tuple[str, ...] = ()
    range: tuple[int, int] | None = None
    conflicts: tuple[Conflict, ...] = ()
    file: str = ""
    ranks: tuple[str, ...] = ()  # power and value options: the ranks they set
    colour: str | None = None  # with ranks: only this colour
    suits: tuple[str, ...] = ()  # with ranks: only these suits

    def covers(self, rank: str, suit: str) -> bool:
        """True if this option sets the power or points of the card `rank` + `suit`."""
        if rank not in self.ranks or (self.suits and suit not in self.suits):
            return False
        return self.colour is None or self.colour == ("red" if suit in ("H", "D") else "black")

    def alternative(self, value: Value) -> Alternative | None:
        """The alternative with this value, if any."""
        for alt in self.alternatives:
            if alt.value == value and type(alt.value) is type(value):
                return alt
        return None

    def positions(self, source: str) -> tuple[Alternative, ...]:
        """The alternatives `source` is cited for."""
        return tuple(a for a in self.alternatives if any(c.key == source for c in a.sources))

    def accepts(self, value: object) -> bool:
        """True if `value` is a legal value: an alternative, or inside the int range."""
        if (self.type == "int" and isinstance(value, int) and not isinstance(value, bool)
                and self.range is not None and self.range[0] <= value <= self.range[1]):
            return True
        return isinstance(value, bool | int | str) and self.alternative(value) is not None

    def coerce(self, raw: object) -> Value:
        """Turn a raw value (from YAML or a ``--set`` string) into this option's type.

        Raises RulesError naming the option and the allowed values.
        """
        value: object = raw
        if isinstance(raw, str):
            text = raw.strip().lower()
            if self.type == "bool" and text in ("true", "false"):
                value = text == "true"
            elif self.type == "int":
                try:
                    value = int(text)
                except ValueError:
                    value = raw
            else:
                value = text
        if not self.accepts(value):
            raise RulesError(
                f"option {self.key} ({self.id}): {_show(raw)} is not allowed;"
                f" expected {self.allowed()}"
            )
        assert isinstance(value, bool | int | str)
        return value

    def allowed(self) -> str:
        """A human description of the allowed values."""
        values = " | ".join(_show(a.value) for a in self.alternatives)
        if self.range is not None:
            return f"{values}, or an integer from {self.range[0]} to {self.range[1]}"
        return values


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


@dataclass(frozen=True)
class Source:
    """A document the catalogue cites: a primary file in ../shared/sources/, or a secondary
    public page (``url``) cited only for what the research note reports."""

    key: str
    title: str
    file: str
    description: str
    sections: tuple[tuple[str, str], ...]
    kind: str = "primary"
    url: str = ""

    @property
    def primary(self) -> bool:
        return self.kind == "primary"


@dataclass(frozen=True)
class RulesetSpec:
    """A ruleset file: its source and its raw value for every option id."""

    id: str
    source: str
    title: str
    summary: str
    choices: Mapping[str, Any]
    file: str = ""


@dataclass(frozen=True)
class CoreRule:
    id: str
    statement: str
    sources: tuple[Citation, ...] = ()
    ruling: str | None = None
    value: int | None = None


@dataclass(frozen=True)
class ErrorCode:
    code: str
    rule: str
    summary: str


@dataclass(frozen=True)
class Term:
    """A word of the game (spec/glossary.yaml): its name, synonyms, definition and rules."""

    id: str
    name: str
    synonyms: tuple[str, ...]
    definition: str
    see: tuple[str, ...] = ()
    sources: tuple[Citation, ...] = ()

    @property
    def words(self) -> tuple[str, ...]:
        """The name and every synonym, lower case.

        >>> Term("snap", "snap", ("flip", "burn"), "...").words
        ('snap', 'flip', 'burn')
        """
        return (self.name.lower(), *self.synonyms)


@dataclass(frozen=True)
class Catalogue:
    """Everything in spec/, validated."""

    sources: Mapping[str, Source]
    options: tuple[Option, ...]
    rulesets: Mapping[str, RulesetSpec]
    core_rules: Mapping[str, CoreRule]
    errors: Mapping[str, ErrorCode]
    glossary: tuple[Term, ...] = ()
    _by_name: dict[str, Option] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        for opt in self.options:
            self._by_name[opt.id] = opt
            self._by_name[opt.key] = opt

    def option(self, name: str) -> Option:
        """Find an option by id (``snap.others``) or key (``snap_others``)."""
        found = self._by_name.get(name.strip().lower())
        if found is None:
            raise RulesError(f"unknown option {name!r}; see `cambio show online` for the list")
        return found

    def core_value(self, rule_id: str) -> int:
        """The number a core rule fixes, e.g. ``core.grid`` (cards per player).

        >>> load_catalogue().core_value("core.peek-count")
        2
        """
        value = self.core_rules[rule_id].value
        if value is None:
            raise RulesError(f"core rule {rule_id} has no value in spec/core.yaml")
        return value

    def primary_sources(self) -> tuple[str, ...]:
        """The keys of the primary sources, in file order.

        >>> load_catalogue().primary_sources()
        ('memory', 'online', 'hearts', 'official', 'awareness')
        """
        return tuple(k for k, s in self.sources.items() if s.primary)

    def has_option(self, name: str) -> bool:
        return name.strip().lower() in self._by_name


# -- schemas -----------------------------------------------------------------

SCHEMA_FOR_KIND = {
    "sources": "sources.schema.json",
    "options": "options.schema.json",
    "ruleset": "ruleset.schema.json",
    "house-rules": "house-rules.schema.json",
    "errors": "errors.schema.json",
    "core": "core.schema.json",
    "shuffle": "shuffle.schema.json",
    "case": "case.schema.json",
    "glossary": "glossary.schema.json",
}


@cache
def _registry(schema_dir: Path) -> referencing.Registry[Any]:
    resources = []
    for path in sorted(schema_dir.rglob("*.schema.json")):
        contents = json.loads(path.read_text(encoding="utf-8"))
        resources.append((contents["$id"], referencing.Resource.from_contents(contents)))
    return referencing.Registry().with_resources(resources)


def schema_problems(doc: YamlDoc, kind: str, root: Path | None = None) -> list[Problem]:
    """Validate `doc` against the schema for `kind` (from the catalogue at `root`, by default
    the installed one); one Problem per error."""
    registry = _registry(root / "schemas" if root else schema_dir())
    schema = registry.contents(SCHEMA_BASE + SCHEMA_FOR_KIND[kind])
    validator = jsonschema.Draft202012Validator(schema, registry=registry)
    problems = []
    for err in sorted(validator.iter_errors(doc.data), key=lambda e: list(map(str, e.path))):
        problems.append(doc.problem(tuple(err.path), _schema_message(err)))
    return problems


def _schema_message(err: jsonschema.ValidationError) -> str:
    if err.validator == "oneOf" and err.context:
        best = jsonschema.exceptions.best_match(err.context)
        return str(best.message)
    if err.validator == "anyOf" and err.context and all(
            e.validator == "required" for e in err.context):
        wanted = sorted({str(e.message).split("'")[1] for e in err.context})
        return "needs one of " + ", ".join(f"`{w}`" for w in wanted)
    if err.validator == "additionalProperties":
        return err.message.replace("Additional properties are not allowed", "unknown field")
    return err.message


# -- loading -----------------------------------------------------------------


def _citations(raw: list[dict[str, Any]] | None) -> tuple[Citation, ...]:
    return tuple(
        Citation(c["key"], str(c["section"]), c["evidence"], c.get("note")) for c in raw or ()
    )


def _option(raw: dict[str, Any], phase: str, file: str) -> Option:
    alts = tuple(
        Alternative(
            value=a["value"],
            description=a["description"].strip(),
            sources=_citations(a.get("sources")),
            rationale=a.get("rationale"),
            power=Power(**a["power"]) if "power" in a else None,
            parameters=tuple(sorted(a.get("parameters", {}).items())),
            compulsory=tuple(sorted((r, tuple(st)) for r, st in a.get("compulsory", {}).items())),
            suits=tuple(a.get("suits", ())),
        )
        for a in raw["alternatives"]
    )
    rng = raw.get("range")
    return Option(
        id=raw["id"],
        key=raw["key"],
        phase=phase,
        question=raw["question"],
        type=raw["type"],
        alternatives=alts,
        default=raw["default"],
        ruling=raw.get("ruling"),
        silent=tuple(raw.get("silent", ())),
        range=(rng["min"], rng["max"]) if rng else None,
        conflicts=tuple(
            Conflict(c["source"], c["kind"], c["summary"], tuple(c["alternatives"]),
                     c["resolution"], c.get("rationale"))
            for c in raw.get("conflicts", ())
        ),
        file=file,
        ranks=tuple(raw.get("ranks", ())),
        colour=raw.get("colour"),
        suits=tuple(raw.get("suits", ())),
    )


def _rel(path: Path, root: Path) -> str:
    try:
        return str(path.relative_to(root.parent))
    except ValueError:
        return str(path)


def read_spec(root: Path | None = None) -> tuple[Catalogue | None, list[Problem]]:
    """Read and check the whole catalogue at `root` (default: `spec_dir()`); return it (if
    readable) and every problem."""
    spec = root or spec_dir()
    problems: list[Problem] = []
    docs: dict[str, list[YamlDoc]] = {k: [] for k in SCHEMA_FOR_KIND}

    def read(path: Path, kind: str) -> None:
        try:
            doc = load_yaml(path, _rel(path, spec))
        except SpecError as exc:
            problems.extend(exc.problems)
            return
        found = schema_problems(doc, kind, spec)
        problems.extend(found)
        if not found:
            docs[kind].append(doc)

    read(spec / "sources.yaml", "sources")
    read(spec / "core.yaml", "core")
    read(spec / "errors.yaml", "errors")
    read(spec / "shuffle.yaml", "shuffle")
    if (spec / "glossary.yaml").exists():
        read(spec / "glossary.yaml", "glossary")
    for path in sorted((spec / "options").glob("*.yaml")):
        read(path, "options")
    docs["options"].sort(key=lambda d: (PHASES.index(d.data["phase"]),
                                        Path(d.name).stem != d.data["phase"], d.name))
    for path in sorted((spec / "rulesets").glob("*.yaml")):
        read(path, "ruleset")
    if problems:
        return None, problems

    sources = {
        s["key"]: Source(s["key"], s["title"], s.get("file", ""), s["description"].strip(),
                         tuple((str(x["name"]), x["about"]) for x in s["sections"]),
                         s["kind"], s.get("url", ""))
        for doc in docs["sources"] for s in doc.data["sources"]
    }
    options: list[Option] = []
    option_docs: list[tuple[YamlDoc, int]] = []
    for doc in docs["options"]:
        for i, raw in enumerate(doc.data["options"]):
            options.append(_option(raw, doc.data["phase"], doc.name))
            option_docs.append((doc, i))
    core = {
        r["id"]: CoreRule(r["id"], r["statement"], _citations(r.get("sources")), r.get("ruling"),
                          r.get("value"))
        for doc in docs["core"] for r in doc.data["rules"]
    }
    errors = {
        e["code"]: ErrorCode(e["code"], e["rule"], e["summary"])
        for doc in docs["errors"] for e in doc.data["errors"]
    }
    rulesets = {
        doc.data["id"]: RulesetSpec(doc.data["id"], doc.data["source"], doc.data["title"],
                                    doc.data["summary"].strip(), doc.data["choices"], doc.name)
        for doc in docs["ruleset"]
    }
    glossary = tuple(
        Term(t["id"], t["name"], tuple(t.get("synonyms", ())), " ".join(t["definition"].split()),
             tuple(t.get("see", ())), _citations(t.get("sources")))
        for doc in docs["glossary"] for t in doc.data["terms"]
    )
    cat = Catalogue(sources, tuple(options), rulesets, core, errors, glossary)
    problems += list(_check_options(cat, option_docs))
    problems += list(_check_rulesets(cat, docs["ruleset"]))
    problems += list(_check_errors(cat, docs["errors"]))
    problems += list(_check_glossary(cat, docs["glossary"]))
    problems += _duplicates([(d, ("sources", i, "key"), s["key"])
                             for d in docs["sources"] for i, s in enumerate(d.data["sources"])],
                            "source key")
    problems += _duplicates([(d, ("rules", i, "id"), r["id"])
                             for d in docs["core"] for i, r in enumerate(d.data["rules"])],
                            "core rule id")
    problems += _duplicates([(d, ("id",), d.data["id"]) for d in docs["ruleset"]], "ruleset id")
    return cat, problems


def _duplicates(items: list[tuple[YamlDoc, tuple[str | int, ...], str]], what: str
                ) -> list[Problem]:
    seen: dict[str, str] = {}
    out = []
    for doc, path, value in items:
        if value in seen:
            out.append(doc.problem(path, f"duplicate {what} {value!r} (first in {seen[value]})"))
        else:
            seen[value] = doc.name
    return out


def _check_section(cat: Catalogue, doc: YamlDoc, path: tuple[str | int, ...], key: str,
                   section: str, key_field: str = "key") -> Iterator[Problem]:
    src = cat.sources.get(key)
    if src is None:
        yield doc.problem((*path, key_field), f"unknown source key {key!r}")
    elif section not in {name for name, _ in src.sections}:
        yield doc.problem((*path, "section"),
                          f"{key} has no section {section!r} (see spec/sources.yaml)")


def _check_citations(cat: Catalogue, doc: YamlDoc, path: tuple[str | int, ...],
                     cites: tuple[Citation, ...]) -> Iterator[Problem]:
    for j, c in enumerate(cites):
        yield from _check_section(cat, doc, (*path, j), c.key, c.section)


def _check_options(cat: Catalogue, option_docs: list[tuple[YamlDoc, int]]) -> Iterator[Problem]:
    yield from _duplicates([(d, ("options", i, "id"), o.id)
                            for (d, i), o in zip(option_docs, cat.options, strict=True)],
                           "option id")
    keys: list[tuple[YamlDoc, tuple[str | int, ...], str]] = [
        (d, ("options", i, "key"), o.key)
        for (d, i), o in zip(option_docs, cat.options, strict=True)]
    yield from _duplicates(keys, "option key")
    ids = {o.id for o in cat.options}
    for (doc, i), opt in zip(option_docs, cat.options, strict=True):
        base: tuple[str | int, ...] = ("options", i)
        if opt.key in ids and opt.key != opt.id:
            yield doc.problem((*base, "key"), f"key {opt.key!r} is another option's id")
        values = [a.value for a in opt.alternatives]
        for j, v in enumerate(values):
            if v in values[:j]:
                yield doc.problem((*base, "alternatives", j, "value"),
                                  f"duplicate alternative {_show(v)}")
        for j, alt in enumerate(opt.alternatives):
            yield from _check_citations(cat, doc, (*base, "alternatives", j, "sources"),
                                        alt.sources)
            if opt.phase == "powers" and opt.ranks and alt.power is None:
                yield doc.problem((*base, "alternatives", j), "a power alternative needs `power`")
        if opt.alternative(opt.default) is None:
            yield doc.problem((*base, "default"),
                              f"default {_show(opt.default)} is not one of the alternatives")
        cited = {c.key for a in opt.alternatives for c in a.sources}
        for k, key in enumerate(opt.silent):
            if key in cited:
                yield doc.problem((*base, "silent", k),
                                  f"{key} is listed as silent but is cited for this option")
        missing = set(cat.primary_sources()) - cited - set(opt.silent)
        if missing:
            yield doc.problem(base, "every primary source must be cited or listed as silent;"
                              " missing: "
                              + ", ".join(sorted(missing)))
        for k, note in enumerate(doc.data["options"][i].get("notes", ())):
            yield from _check_section(cat, doc, (*base, "notes", k), note["source"],
                                      str(note["section"]), key_field="source")
        if opt.silent and not opt.ruling:
            yield doc.problem(base, "an option with silent sources needs a `ruling` for its default")
        for k, conflict in enumerate(opt.conflicts):
            for v in (*conflict.alternatives, conflict.resolution):
                if opt.alternative(v) is None:
                    yield doc.problem((*base, "conflicts", k),
                                      f"conflict names {_show(v)}, which is not an alternative")


def choice_value(raw: Any) -> Any:
    """The value of a ruleset choice written either plainly or as {value, ruling}."""
    return raw["value"] if isinstance(raw, dict) else raw


def _check_rulesets(cat: Catalogue, docs: list[YamlDoc]) -> Iterator[Problem]:
    for doc in docs:
        rs = doc.data
        if rs["source"] not in cat.sources:
            yield doc.problem(("source",), f"unknown source key {rs['source']!r}")
            continue
        for name, raw in rs["choices"].items():
            path = ("choices", name)
            if not cat.has_option(name):
                yield doc.problem(path, f"unknown option {name!r}")
                continue
            opt = cat.option(name)
            if name != opt.id:
                yield doc.problem(path, f"rulesets name options by id: use {opt.id!r}")
            value = choice_value(raw)
            if not opt.accepts(value):
                yield doc.problem(path, f"{_show(value)} is not allowed for {opt.id};"
                                  f" expected {opt.allowed()}")
                continue
            if isinstance(raw, dict):
                continue
            positions = [a.value for a in opt.positions(rs["source"])]
            if positions and value not in positions:
                yield doc.problem(path, f"{rs['source']} takes {' or '.join(map(_show, positions))}"
                                  f" on {opt.id}; a different value needs a `ruling`")
            elif not positions and value != opt.default:
                yield doc.problem(path, f"{rs['source']} is silent on {opt.id}; a value other than"
                                  f" the default ruling ({_show(opt.default)}) needs a `ruling`")
        for opt in cat.options:
            if opt.id not in rs["choices"]:
                yield doc.problem(("choices",), f"ruleset does not resolve option {opt.id!r}")


def _check_errors(cat: Catalogue, docs: list[YamlDoc]) -> Iterator[Problem]:
    for doc in docs:
        items = doc.data["errors"]
        yield from _duplicates([(doc, ("errors", i, "code"), e["code"])
                                for i, e in enumerate(items)], "error code")
        for i, e in enumerate(items):
            if e["rule"] not in cat.core_rules and not cat.has_option(e["rule"]):
                yield doc.problem(("errors", i, "rule"),
                                  f"unknown rule {e['rule']!r}: not an option or core rule id")


def _check_glossary(cat: Catalogue, docs: list[YamlDoc]) -> Iterator[Problem]:
    for doc in docs:
        terms = doc.data["terms"]
        yield from _duplicates([(doc, ("terms", i, "id"), t["id"]) for i, t in enumerate(terms)], "term id")
        yield from _duplicates([(doc, ("terms", i), w) for i, t in enumerate(terms)
                                for w in [t["name"].lower(), *t.get("synonyms", ())]], "glossary word")
        for i, t in enumerate(terms):
            for j, rule in enumerate(t.get("see", ())):
                if rule not in cat.core_rules and not cat.has_option(rule):
                    yield doc.problem(("terms", i, "see", j),
                                      f"unknown rule {rule!r}: not an option or core rule id")
            yield from _check_citations(cat, doc, ("terms", i, "sources"), _citations(t.get("sources")))


def load_catalogue(root: Path | None = None) -> Catalogue:
    """Load the catalogue at `root` (default: `spec_dir()`) once per process, raising
    SpecError with every problem found."""
    return _load_catalogue(root or spec_dir())


@cache
def _load_catalogue(root: Path) -> Catalogue:
    cat, problems = read_spec(root)
    if problems or cat is None:
        raise SpecError(problems)
    return cat
