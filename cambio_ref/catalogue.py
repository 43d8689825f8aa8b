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
from collections.abc import Container, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import referencing

from cambio_ref.errors import Problem, RulesError, SpecError
from cambio_ref.names import did_you_mean, fold, quoted
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

    @property
    def acts(self) -> bool:
        """True when the power lets its player do anything (a look or a swap)."""
        return bool(self.look) or self.swap != "none"


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

    def grade(self, value: Value, source: str) -> str:
        """How this option grades `value` for `source`: ``stated`` or ``implied`` as the
        alternative cites it, else ``ruling`` (the source is silent, or takes another
        value, so `value` is the project's ruling for it).

        >>> opt = Option("x", "x", "setup", "?", "bool",
        ...              (Alternative(True, "", (Citation("a", "s", "implied"),)),), True)
        >>> opt.grade(True, "a"), opt.grade(True, "b"), opt.grade(False, "a")
        ('implied', 'ruling', 'ruling')
        """
        alt = self.alternative(value)
        cites = [c.evidence for c in alt.sources if c.key == source] if alt else []
        if not cites:
            return "ruling"
        return "stated" if "stated" in cites else "implied"

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
        if isinstance(raw, str) and not raw.isascii():
            hint = did_you_mean(raw, _Accepted(self))
            raise RulesError(f"option {self.key} ({self.id}): {show_value(raw)} is not allowed;"
                             f" expected {self.allowed()}{hint}")
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
                f"option {self.key} ({self.id}): {show_value(raw)} is not allowed;"
                f" expected {self.allowed()}"
            )
        assert isinstance(value, bool | int | str)
        return value

    def allowed(self) -> str:
        """A human description of the allowed values."""
        values = " | ".join(show_value(a.value) for a in self.alternatives)
        if self.range is not None:
            return f"{values}, or an integer from {self.range[0]} to {self.range[1]}"
        return values


class _Accepted(Container[str]):
    """The ASCII spellings an option accepts, as a container (for `did_you_mean`)."""

    def __init__(self, option: Option) -> None:
        self.option = option

    def __contains__(self, text: object) -> bool:
        if not isinstance(text, str) or not text.isascii():
            return False
        try:
            self.option.coerce(text)
        except RulesError:
            return False
        return True


def show_value(value: object) -> str:
    """A value as a spec file writes it, cut short for a message.

    >>> show_value(True), show_value("x" * 50)
    ('true', 'xxxxxxxxxxxxxxxxxxxx... (50 characters)')
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    text = str(value)
    return text if len(text) <= 40 else text[:20] + f"... ({len(text)} characters)"


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
        found = self._by_name.get(fold(name))
        if found is None:
            hint = did_you_mean(name, self._by_name) or "; see `cambio show online` for the list"
            raise RulesError(f"unknown option {quoted(name)}{hint}")
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

    def option_names(self) -> frozenset[str]:
        """Every option id and key."""
        return frozenset(self._by_name)

    def ruleset_order(self) -> tuple[str, ...]:
        """The ruleset ids in the order of their sources (primary first), as the site and `cambio ask` list them.

        >>> load_catalogue().ruleset_order()[:3]
        ('memory', 'online', 'hearts')
        """
        rank = {key: i for i, key in enumerate(self.sources)}
        return tuple(sorted(self.rulesets, key=lambda r: (rank.get(self.rulesets[r].source, len(rank)), r)))

    def primary_sources(self) -> tuple[str, ...]:
        """The keys of the primary sources, in file order.

        >>> load_catalogue().primary_sources()
        ('memory', 'online', 'hearts', 'official', 'awareness')
        """
        return tuple(k for k, s in self.sources.items() if s.primary)

    def has_option(self, name: str) -> bool:
        return fold(name) in self._by_name


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
def schema_registry(directory: Path | None = None) -> referencing.Registry[Any]:
    """Every schema under `directory` (by default the catalogue's), by its ``$id`` (read once)."""
    resources = []
    for path in sorted((directory or schema_dir()).rglob("*.schema.json")):
        contents = json.loads(path.read_text(encoding="utf-8"))
        resources.append((contents["$id"], referencing.Resource.from_contents(contents)))
    return referencing.Registry().with_resources(resources)


def schema_problems(doc: YamlDoc, kind: str, root: Path | None = None) -> list[Problem]:
    """Validate `doc` against the schema for `kind` (from the catalogue at `root`, by default
    the installed one); one Problem per error."""
    registry = schema_registry(root / "schemas" if root else None)
    schema = registry.contents(SCHEMA_BASE + SCHEMA_FOR_KIND[kind])
    validator = jsonschema.Draft202012Validator(schema, registry=registry)
    problems = []
    for err in sorted(validator.iter_errors(doc.data), key=lambda e: list(map(str, e.path))):
        problems.append(doc.problem(tuple(err.path), _schema_message(err)))
    return problems


def _schema_message(err: jsonschema.ValidationError) -> str:
    """The validator's message, cut short: it quotes the bad value, which may be huge."""
    if err.validator == "oneOf" and err.context:
        message = str(jsonschema.exceptions.best_match(err.context).message)
    elif err.validator == "anyOf" and err.context and all(
            e.validator == "required" for e in err.context):
        wanted = sorted({str(e.message).split("'")[1] for e in err.context})
        message = "needs one of " + ", ".join(f"`{w}`" for w in wanted)
    elif err.validator == "additionalProperties":
        message = err.message.replace("Additional properties are not allowed", "unknown field")
    else:
        message = err.message
    return message if len(message) <= 1000 else f"{message[:900]} ... ({len(message)} characters)"


# -- loading -----------------------------------------------------------------


def citations(raw: Iterable[Mapping[str, Any]] | None) -> tuple[Citation, ...]:
    """Citations as spec files write them (key, section, evidence, note).

    >>> citations([{"key": "hearts", "section": 9, "evidence": "stated"}])
    (Citation(key='hearts', section='9', evidence='stated', note=None),)
    """
    return tuple(
        Citation(c["key"], str(c["section"]), c["evidence"], c.get("note")) for c in raw or ()
    )


def _option(raw: dict[str, Any], phase: str, file: str) -> Option:
    alts = tuple(
        Alternative(
            value=a["value"],
            description=a["description"].strip(),
            sources=citations(a.get("sources")),
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
        r["id"]: CoreRule(r["id"], r["statement"], citations(r.get("sources")), r.get("ruling"),
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
             tuple(t.get("see", ())), citations(t.get("sources")))
        for doc in docs["glossary"] for t in doc.data["terms"]
    )
    cat = Catalogue(sources, tuple(options), rulesets, core, errors, glossary)
    from cambio_ref.spec_checks import check_errors, check_glossary, check_options, check_rulesets, duplicates

    problems += list(check_options(cat, option_docs))
    problems += list(check_rulesets(cat, docs["ruleset"]))
    problems += list(check_errors(cat, docs["errors"]))
    problems += list(check_glossary(cat, docs["glossary"]))
    problems += duplicates([(d, ("sources", i, "key"), s["key"])
                             for d in docs["sources"] for i, s in enumerate(d.data["sources"])],
                            "source key")
    problems += duplicates([(d, ("rules", i, "id"), r["id"])
                             for d in docs["core"] for i, r in enumerate(d.data["rules"])],
                            "core rule id")
    problems += duplicates([(d, ("id",), d.data["id"]) for d in docs["ruleset"]], "ruleset id")
    return cat, problems


def choice_value(raw: Any) -> Any:
    """The value of a ruleset choice written either plainly or as {value, ruling}."""
    return raw["value"] if isinstance(raw, dict) else raw


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
