"""Resolved rules: one immutable value holding a ruleset's choice for every option.

A ruleset from spec/rulesets/, a house-rules file, and ``--set`` overrides all
resolve to a `Rules`. Its canonical one-line form names the base ruleset and the
options that differ from it, sorted by key:

>>> rules = resolve("online", {"risky_fives": "true"})
>>> rules.canonical
'online(risky_fives=true)'
>>> parse_rules("ONLINE( risky_fives = true )") == rules
True
>>> resolve("hearts").six_of_hearts, resolve("awareness").jokers
(-3, 0)
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import ClassVar

from cambio_ref.cards import Card, standard_deck
from cambio_ref.catalogue import (
    Catalogue,
    Citation,
    Option,
    Power,
    Value,
    choice_value,
    load_catalogue,
    schema_problems,
)
from cambio_ref.errors import Problem, RulesError, SpecError
from cambio_ref.names import did_you_mean, fold, quoted
from cambio_ref.tables import ReadOnlyMapping, derived, params, points, powers
from cambio_ref.yamlio import YamlDoc, check_text, load_yaml


@dataclass(frozen=True, slots=True)
class Rules:
    """Every option's value under one resolved ruleset. Field names are option keys."""

    # (True for rules that note the step at which each value is read, as the diagnosis's
    # watched replays do: `cambio_ref.flags.flags_of` then works each flag out when used)
    notes_reads: ClassVar[bool] = False
    name: str
    # setup
    min_players: int
    max_players: int
    deck_count: str
    jokers: int
    rearrange: str
    starting_discard: bool
    peek: str
    peek_snap: bool
    open_hands: bool
    swap_seen: str
    # turn
    direction: str
    first_player: str
    take_discard: bool
    pass_turn: bool
    hand_discard: str
    max_turns: int
    reshuffle: str
    exhausted: str
    # powers
    power_7_8: str
    power_9_10: str
    power_jack: str
    power_queen: str
    power_king: str
    king_colour: str
    caller_lookable: bool
    optional_powers: str
    power_trigger: str
    power_once: str
    snapped_power: bool
    # snapping
    snap: bool
    snap_match: str
    snap_others: bool
    give_card: str
    wrong_own: str
    wrong_other: str
    snap_limit: str
    snap_window: str
    caller_snaps: bool
    multi_burn: bool
    late_snap: str
    penalty_slot: str
    knock_out: str
    # calling
    call_timing: str
    caller_locked: str
    final_turns: str
    auto_call: bool
    call_from_round: int
    call_limit: str
    # scoring
    pips: str
    ace: int
    jack: int
    queen: int
    red_king: int
    black_king: int
    joker: int
    six_of_hearts: int
    risky_fives: bool
    empty_hand: str
    tie: str
    caller_penalty: int
    empty_hand_exempt: bool
    caller_score: str
    # match
    match_end: str
    round_wins: int
    target_score: int
    dealer_rotation: str
    next_starter: str
    exact_reset: bool
    round_bonus: str
    # derived from the catalogue when resolved; not part of the value's identity
    overrides: tuple[tuple[str, Value], ...] = field(default=(), compare=False)
    points: Mapping[str, int] = field(default_factory=dict, compare=False, repr=False)
    powers: Mapping[str, Power] = field(default_factory=dict, compare=False, repr=False)
    risky_five_points: Mapping[str, int] = field(default_factory=dict, compare=False, repr=False)
    params: Mapping[str, Mapping[str, int]] = field(default_factory=dict, compare=False,
                                                    repr=False)

    @property
    def canonical(self) -> str:
        """The canonical one-line form, e.g. ``online(risky_fives=true)``."""
        inner = ", ".join(f"{k}={format_value(v)}" for k, v in self.overrides)
        return f"{self.name}({inner})" if inner else self.name

    def __repr__(self) -> str:
        return f"parse_rules({self.canonical!r})"

    def value(self, key: str) -> Value:
        """The value of an option, by key."""
        result: Value = getattr(self, key)
        return result

    def values(self) -> dict[str, Value]:
        """Every option key with its value."""
        return {k: getattr(self, k) for k in option_keys()}

    def has_card(self, card: Card) -> bool:
        """True if the deck of this ruleset contains `card`."""
        return self.jokers > 0 if card.is_joker else True

    def decks(self, players: int) -> int:
        """How many packs are shuffled together for `players` players."""
        return 1 if self.deck_count == "one" else max(1, math.ceil(players / 6))

    def deck(self, players: int) -> tuple[Card, ...]:
        """The full deck in its fixed unshuffled order, for `players` players."""
        return standard_deck(self.jokers) * self.decks(players)

    def power_of(self, card: Card) -> Power | None:
        """The power `card` carries when discarded straight from the deck, if any."""
        power = self.powers.get(card.code)
        return power if power is not None and power.acts else None


def option_keys() -> tuple[str, ...]:
    """The option fields of Rules, in declaration order."""
    return tuple(f.name for f in fields(Rules) if f.name not in _NOT_OPTIONS)


_NOT_OPTIONS = {"name", "overrides", "points", "powers", "risky_five_points", "params"}


def format_value(value: Value) -> str:
    """Write a value as in the one-line form.

    >>> format_value(True), format_value(-2), format_value("caller-loses")
    ('true', '-2', 'caller-loses')
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def consistency_problems(values: Mapping[str, Value]) -> list[str]:
    """What makes a set of option values impossible to play, if anything.

    >>> consistency_problems({"min_players": 8, "max_players": 2})
    ['min_players (8) is more than max_players (2)']
    """
    low, high = values.get("min_players"), values.get("max_players")
    if isinstance(low, int) and isinstance(high, int) and low > high:
        return [f"min_players ({low}) is more than max_players ({high})"]
    return []


def _build(cat: Catalogue, name: str, values: dict[str, Value],
           base: Mapping[str, Value]) -> Rules:
    problems = consistency_problems(values)
    if problems:
        raise RulesError(f"{name}: " + "; ".join(problems))
    overrides = tuple(sorted((k, v) for k, v in values.items() if base[k] != v
                             or type(base[k]) is not type(v)))
    risky = cat.option("risky_fives").alternative(True)
    return Rules(
        name=name,
        overrides=overrides,
        points=derived(points, cat, values),
        powers=derived(powers, cat, values),
        risky_five_points=ReadOnlyMapping(dict(risky.parameters) if risky is not None else {}),
        params=derived(params, cat, values),
        **values,  # type: ignore[arg-type]
    )


def ruleset_id(cat: Catalogue, ruleset: str) -> str:
    """The id of a ruleset named case-insensitively; RulesError if there is none."""
    name = fold(ruleset)
    if name not in cat.rulesets:
        hint = did_you_mean(ruleset, cat.rulesets) or f"; known rulesets: {', '.join(sorted(cat.rulesets))}"
        raise RulesError(f"unknown ruleset {quoted(ruleset)}{hint}")
    return name


def _base_values(cat: Catalogue, ruleset: str) -> Mapping[str, Value]:
    """A ruleset's own value of every option, by key (remembered: the caller must not
    change it)."""
    name = ruleset_id(cat, ruleset)
    known = _bases.get((id(cat), name))
    if known is None or known[0] is not cat:
        spec = cat.rulesets[name]
        if len(_bases) >= 64:  # (a few catalogues' rulesets; forgotten all at once)
            _bases.clear()
        known = _bases[id(cat), name] = (cat, {cat.option(oid).key: choice_value(raw)
                                               for oid, raw in spec.choices.items()})
    return known[1]


_bases: dict[tuple[int, str], tuple[Catalogue, dict[str, Value]]] = {}


def overrides_by_key(cat: Catalogue, overrides: Mapping[str, object] | Iterable[tuple[str, object]]
                     ) -> dict[str, object]:
    """One layer of overrides (a house file's `set`, a one-line form, the ``--set`` list)
    keyed by option key; naming an option twice, even by its key and its id, is an error.

    >>> overrides_by_key(load_catalogue(), [("ace", 1), ("value.ace", 0)])
    Traceback (most recent call last):
    ...
    cambio_ref.errors.RulesError: option ace (value.ace) is set twice: as 'ace' and as 'value.ace'
    """
    items = overrides.items() if isinstance(overrides, Mapping) else overrides
    out: dict[str, object] = {}
    named: dict[str, str] = {}
    for name, raw in items:
        opt = cat.option(name)
        if opt.key in named:
            raise RulesError(f"option {opt.key} ({opt.id}) is set twice:"
                             f" as {named[opt.key]!r} and as {name!r}")
        named[opt.key] = name
        out[opt.key] = raw
    return out


def _apply(cat: Catalogue, values: dict[str, Value],
           overrides: Mapping[str, object] | Iterable[tuple[str, object]]) -> None:
    """Set each override in turn (a later one wins: callers layer rules this way);
    user input is checked for an option named twice by `overrides_by_key` first."""
    items = overrides.items() if isinstance(overrides, Mapping) else overrides
    for name, raw in items:
        opt = cat.option(name)
        values[opt.key] = opt.coerce(raw)


def resolve(ruleset: str | Path = "online",
            overrides: Mapping[str, object] | Iterable[tuple[str, object]] = (),
            *, catalogue: Catalogue | None = None) -> Rules:
    """Resolve a ruleset id, a one-line form or a house-rules file, plus overrides.

    >>> resolve("hearts", [("tie", "shared")]).canonical
    'hearts(tie=shared)'
    >>> resolve("nope")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cambio_ref.errors.RulesError: unknown ruleset 'nope'; known rulesets: awareness, cambia, ...
    """
    cat = catalogue or load_catalogue()
    text = str(ruleset)
    if not isinstance(overrides, Mapping):
        overrides = tuple(overrides)  # (an iterator is read once, here)
    key = _resolved_key(cat, ruleset, text, overrides)
    known = _resolved.get(key) if key is not None else None
    if known is not None and known[0] is cat:
        return known[1]
    rules = _resolve(cat, ruleset, text, overrides)
    if key is not None:
        if len(_resolved) >= _RESOLVED_LIMIT:
            _resolved.clear()
        _resolved[key] = (cat, rules)
    return rules


def names_file(ruleset: str | Path) -> bool:
    """True when `resolve` reads `ruleset` as a house-rules file, not a ruleset name.

    >>> names_file("hearts"), names_file("house.yaml"), names_file("rules/mine")
    (False, True, True)
    """
    text = str(ruleset)
    return isinstance(ruleset, Path) or text.endswith((".yaml", ".yml")) or "/" in text


_RESOLVED_LIMIT = 1024  # rules remembered by `resolve`; forgotten all at once when full
_resolved: dict[tuple[object, ...], tuple[Catalogue, Rules]] = {}


def _resolved_key(cat: Catalogue, ruleset: str | Path, text: str,
                  overrides: Mapping[str, object] | Iterable[tuple[str, object]]
                  ) -> tuple[object, ...] | None:
    """What identifies a call of `resolve` whose answer can be remembered (Rules are
    immutable): a ruleset id or one-line form with hashable overrides; never a file, which
    may change. Cases resolve the same few rules thousands of times."""
    if names_file(ruleset):
        return None
    items = tuple(overrides.items() if isinstance(overrides, Mapping) else overrides)
    try:
        key = (id(cat), text, tuple((k, type(v), v) for k, v in items))
        hash(key)
    except TypeError:
        return None
    return key


def _resolve(cat: Catalogue, ruleset: str | Path, text: str,
             overrides: Mapping[str, object] | Iterable[tuple[str, object]]) -> Rules:
    if not isinstance(ruleset, Path) and "(" in text:
        name, pairs = _split_one_line(text)
        name = ruleset_id(cat, name)
        base = _base_values(cat, name)
        values = dict(base)
        _apply(cat, values, overrides_by_key(cat, pairs))
    elif names_file(ruleset):
        name, house = read_house_rules(Path(text), cat)
        base = _base_values(cat, name)
        values = dict(base)
        _apply(cat, values, house)
    else:
        name = ruleset_id(cat, text)
        base = _base_values(cat, name)
        values = dict(base)
    _apply(cat, values, overrides)
    return _build(cat, name, values, base)


def read_house_rules(path: Path, cat: Catalogue | None = None) -> tuple[str, dict[str, Value]]:
    """Read a house-rules file: the ruleset it extends and its overrides (by key).

    Every problem in the file is reported at once, with line and path.
    """
    cat = cat or load_catalogue()
    doc = load_yaml(path)
    problems = schema_problems(doc, "house-rules")
    if problems:
        raise SpecError(_lookalike_keys(doc, cat) or problems)
    data = doc.data
    base = str(data["extends"])
    try:
        base = ruleset_id(cat, base)
    except RulesError as exc:
        problems.append(doc.problem(("extends",), str(exc)))
    values: dict[str, Value] = {}
    named: dict[str, str] = {}
    for name, raw in (data.get("set") or {}).items():
        if not cat.has_option(name):
            problems.append(doc.problem(("set", name), f"unknown option {quoted(name)}"
                                        + did_you_mean(name, cat.option_names())))
            continue
        opt = cat.option(name)
        if opt.key in named:
            problems.append(doc.problem(("set", name), f"option {opt.key} ({opt.id}) is set"
                                        f" twice: as {named[opt.key]!r} and as {name!r}"))
            continue
        named[opt.key] = name
        try:
            values[opt.key] = opt.coerce(choice_value(raw))
        except RulesError as exc:
            problems.append(doc.problem(("set", name), str(exc)))
    if not problems:
        merged = {**_base_values(cat, base), **values}
        problems += [doc.problem(("set",), p) for p in consistency_problems(merged)]
    if problems:
        raise SpecError(problems)
    return base, values


def _lookalike_keys(doc: YamlDoc, cat: Catalogue) -> list[Problem]:
    """Option names under `set` written with look-alike characters, each with its canonical
    spelling (the schema's pattern would only say they do not match)."""
    data = doc.data
    names = data.get("set") if isinstance(data, dict) else None
    if not isinstance(names, dict):
        return []
    return [doc.problem(("set", name), f"unknown option {quoted(name)}{hint}") for name in names
            if (hint := did_you_mean(name, cat.option_names()))]


_ONE_LINE = re.compile(r"^\s*([^\s(),=]+)\s*(?:\((.*)\))?\s*$", re.DOTALL)


def parse_rules(text: str, *, catalogue: Catalogue | None = None) -> Rules:
    """Parse the one-line form ``ruleset(key=value, ...)``.

    >>> parse_rules("memory(snap_match=rank)").snap_match
    'rank'
    >>> parse_rules("memory(snap_match=)")
    Traceback (most recent call last):
    ...
    cambio_ref.errors.RulesError: option snap_match (snap.match):  is not allowed; expected rank | points
    """
    cat = catalogue or load_catalogue()
    name, pairs = _split_one_line(text)
    return resolve(name, overrides_by_key(cat, pairs), catalogue=cat)


def _split_one_line(text: str) -> tuple[str, list[tuple[str, str]]]:
    match = _ONE_LINE.match(check_text(text, "rules"))
    if not match:
        raise RulesError(f"cannot read rules {text!r}: expected NAME or NAME(key=value, ...)")
    pairs: list[tuple[str, str]] = []
    inner = (match.group(2) or "").strip()
    for part in filter(None, (p.strip() for p in inner.split(","))) if inner else ():
        key, sep, value = part.partition("=")
        if not sep:
            raise RulesError(f"cannot read {part!r} in {text!r}: expected key=value")
        pairs.append((key.strip(), value.strip()))
    return match.group(1), pairs


@dataclass(frozen=True)
class Resolved:
    """Why an option has its value under some Rules: a citation, a ruling or a house rule."""

    option: Option
    value: Value
    origin: str  # "source", "ruling" or "house"
    citations: tuple[Citation, ...]
    reason: str | None

    @property
    def evidence(self) -> str:
        if self.origin != "source":
            return self.origin
        return "stated" if any(c.evidence == "stated" for c in self.citations) else "implied"


def explain(rules: Rules, *, catalogue: Catalogue | None = None) -> list[Resolved]:
    """For every option, the value `rules` gives it and where that comes from."""
    cat = catalogue or load_catalogue()
    spec = cat.rulesets[rules.name]
    overridden = dict(rules.overrides)
    out = []
    for opt in cat.options:
        value = rules.value(opt.key)
        raw = spec.choices[opt.id]
        cites = tuple(c for a in opt.positions(spec.source) if a.value == value
                      for c in a.sources if c.key == spec.source)
        if opt.key in overridden:
            out.append(Resolved(opt, value, "house", (), "set by house rule / override"))
        elif isinstance(raw, dict):
            out.append(Resolved(opt, value, "ruling", (), str(raw["ruling"]).strip()))
        elif cites:
            out.append(Resolved(opt, value, "source", cites, None))
        elif not cat.sources[spec.source].primary:
            out.append(Resolved(opt, value, "ruling", (), silent_secondary(spec.source)))
        else:
            alt = opt.alternative(value)
            reason = opt.ruling or (alt.rationale if alt else None)
            out.append(Resolved(opt, value, "ruling", (), (reason or "").strip()))
    return out


def silent_secondary(source: str) -> str:
    """Why a secondary source's ruleset takes an option's default: the source is silent.

    The option's own ruling speaks of the primary sources, so it is not repeated here.

    >>> silent_secondary("cambia")
    "cambia says nothing on this (as the research note reports it), so the catalogue's default applies."
    """
    return (f"{source} says nothing on this (as the research note reports it), so the"
            " catalogue's default applies.")
