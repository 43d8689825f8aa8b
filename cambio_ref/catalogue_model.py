"""What the rule catalogue holds: value types for its sources, options, rulesets, core rules,
error codes and glossary terms, with the small readers of the forms spec files write.

`cambio_ref.catalogue` reads spec/ into these types (and re-exports them, with
`cambio_ref.citation.Citation`, which lives apart so that `cambio ask` need not create these);
`cambio_ref.spec_checks` checks them across files. Nothing here reads a file.

>>> opt = Option("snap.others", "snap_others", "snapping", "May others snap?", "boolean",
...              (Alternative(True, "yes", ()), Alternative(False, "no", ())), default=True)
>>> opt.alternative(False).description, show_value(opt.default)
('no', 'true')
"""

from __future__ import annotations

from collections.abc import Container, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from cambio_ref.citation import Citation
from cambio_ref.errors import RulesError
from cambio_ref.names import did_you_mean, fold, quoted

Value = bool | int | str

PHASES = ("setup", "turn", "powers", "snapping", "calling", "scoring", "match")


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
    called: tuple[str, ...] = ()  # names players give its document besides its id ("website")


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
    together: bool = False  # a question asking for it alone asks for every rule of `see`

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
    # How players ask each question (spec/asked.yaml), by "case:ID", "option:ID" or "rule:ID".
    asked: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    _by_name: dict[str, Option] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        for opt in self.options:
            self._by_name[opt.id] = opt
            self._by_name[opt.key] = opt

    def option(self, name: str) -> Option:
        """Find an option by id (``snap.others``) or key (``snap_others``)."""
        found = self._by_name.get(name)  # (as written, most often: then no folding)
        if found is None:
            found = self._by_name.get(fold(name))
        if found is None:
            hint = did_you_mean(name, self._by_name) or "; see `cambio show online` for the list"
            raise RulesError(f"unknown option {quoted(name)}{hint}")
        return found

    def core_value(self, rule_id: str) -> int:
        """The number a core rule fixes, e.g. ``core.grid`` (cards per player).

        >>> from cambio_ref.catalogue import load_catalogue
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

        >>> from cambio_ref.catalogue import load_catalogue
        >>> load_catalogue().ruleset_order()[:3]
        ('memory', 'online', 'hearts')
        """
        rank = {key: i for i, key in enumerate(self.sources)}
        return tuple(sorted(self.rulesets, key=lambda r: (rank.get(self.rulesets[r].source, len(rank)), r)))

    def primary_sources(self) -> tuple[str, ...]:
        """The keys of the primary sources, in file order.

        >>> from cambio_ref.catalogue import load_catalogue
        >>> load_catalogue().primary_sources()
        ('memory', 'online', 'hearts', 'official', 'awareness')
        """
        return tuple(k for k, s in self.sources.items() if s.primary)

    def has_option(self, name: str) -> bool:
        return fold(name) in self._by_name


def citations(raw: Iterable[Mapping[str, Any]] | None) -> tuple[Citation, ...]:
    """Citations as spec files write them (key, section, evidence, note).

    >>> citations([{"key": "hearts", "section": 9, "evidence": "stated"}])
    (Citation(key='hearts', section='9', evidence='stated', note=None),)
    """
    return tuple(
        Citation(c["key"], str(c["section"]), c["evidence"], c.get("note")) for c in raw or ()
    )


def choice_value(raw: Any) -> Any:
    """The value of a ruleset choice written either plainly or as {value, ruling}."""
    return raw["value"] if isinstance(raw, dict) else raw
