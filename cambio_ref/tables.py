"""The tables a Rules value derives from its option values: each card's points, each
card's power, each chosen alternative's parameters; and what a change of one option can
change in them (`changes_of`, which the diagnosis's watched replay relies on).

Rules that differ in one option share the other tables (`derived`): a diagnosis resolves
hundreds of such rules per difference.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from functools import cache
from typing import Any, TypeVar

from cambio_ref.cards import JOKER, SUITS, Card
from cambio_ref.catalogue import Catalogue, Option, Power, load_catalogue

_V = TypeVar("_V")


class ReadOnlyMapping(Mapping[str, _V]):
    """A read-only copy of a dict that, unlike MappingProxyType, pickles and deep-copies.

    >>> table = ReadOnlyMapping({"AS": 1})
    >>> table["AS"], dict(table)
    (1, {'AS': 1})
    >>> table["AS"] = 2
    Traceback (most recent call last):
    ...
    TypeError: 'ReadOnlyMapping' object does not support item assignment
    """

    __slots__ = ("_data",)

    def __init__(self, data: Mapping[str, _V]) -> None:
        self._data = dict(data)

    def __getitem__(self, key: str) -> _V:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __contains__(self, key: object) -> bool:
        return key in self._data

    def get(self, key: str, default: Any = None) -> Any:
        """The value for `key`, or `default` (a plain dict look-up: Mapping.get would
        raise and catch KeyError for every missing key)."""
        return self._data.get(key, default)

    def __repr__(self) -> str:
        return f"ReadOnlyMapping({self._data!r})"



def points(cat: Catalogue, values: Mapping[str, Any]) -> dict[str, int]:
    """Each card's points, from the value options that name its rank (spec/options/values.yaml);
    ``face`` means the number on the card."""
    table: dict[str, int] = {}
    for opt in cat.options:
        value = values[opt.key]
        for rank, code in _pointed(opt):
            table[code] = int(rank) if value == "face" else int(value)
    return table


def _pointed(opt: Option) -> list[tuple[str, str]]:
    """The cards (rank and code) a value option gives points to; none for other options."""
    if opt.phase != "scoring" or not opt.ranks:
        return []
    return [(rank, rank + suit) for rank in opt.ranks
            for suit in (("",) if rank == JOKER else SUITS)
            if rank == JOKER or opt.covers(rank, suit)]


def powers(cat: Catalogue, values: Mapping[str, Any]) -> dict[str, Power]:
    """Each card's power: the option naming its rank (spec/options/powers.yaml `ranks`);
    a king has it only if `king_colour` names its suit. The steps it must use
    come from `optional_powers`."""
    powers: dict[str, Power] = {}
    must, colour = EVERY_POWER
    use = cat.option(must).alternative(values[must])
    compulsory = dict(use.compulsory) if use is not None else {}
    kings = cat.option(colour).alternative(values[colour])
    king_suits = kings.suits if kings is not None else SUITS
    for opt in cat.options:
        alt = opt.alternative(values[opt.key]) if opt.phase == "powers" and opt.ranks else None
        if alt is None or alt.power is None:
            continue
        for rank in opt.ranks:
            for suit in SUITS:
                card = Card(rank, suit)
                if rank == "K" and suit not in king_suits:
                    continue
                steps = compulsory.get(rank, ())
                powers[card.code] = replace(alt.power, must_look="look" in steps,
                                            must_swap="swap" in steps)
    return powers


EVERY_POWER = ("optional_powers", "king_colour")
"""The options every card's power reads (`powers`): which steps it must use, which kings."""


@dataclass(frozen=True)
class Changes:
    """What of a Rules value a change of one option can change: option fields (`fields`),
    and entries of the fields that map, by field (`entries`; None: any entry)."""

    fields: frozenset[str]
    entries: Mapping[str, frozenset[str] | None]


@cache
def changes_of(key: str) -> Changes:
    """What a change of option `key` alone can change in Rules: its own field and its
    parameters, the points of the cards it values, the powers of the ranks it gives
    powers to (any power, for `EVERY_POWER`), and the `overrides`.

    >>> sorted(changes_of("red_king").entries["points"] or ())
    ['KD', 'KH']
    >>> changes_of("king_colour").entries["powers"] is None
    True
    """
    opt = load_catalogue().option(key)
    entries: dict[str, frozenset[str] | None] = {"params": frozenset({key})}
    pointed = frozenset(code for _, code in _pointed(opt))
    if pointed:
        entries["points"] = pointed
    if key in EVERY_POWER:
        entries["powers"] = None
    elif opt.phase == "powers" and opt.ranks:
        entries["powers"] = frozenset(rank + suit for rank in opt.ranks for suit in SUITS)
    return Changes(frozenset({key, "overrides"}), entries)


def params(cat: Catalogue, values: Mapping[str, Any]) -> dict[str, Mapping[str, int]]:
    """The `parameters` of each chosen alternative that has some, by option key
    (e.g. ``call_limit`` -> ``{"max_points": 5}``)."""
    out: dict[str, Mapping[str, int]] = {}
    for opt in cat.options:
        alt = opt.alternative(values[opt.key])
        if alt is not None and alt.parameters:
            out[opt.key] = ReadOnlyMapping(dict(alt.parameters))
    return out


_DERIVED_KEPT = 512  # derived tables remembered by `derived`; forgotten all at once when full
_derived_tables: dict[tuple[Any, ...], tuple[Catalogue, ReadOnlyMapping[Any]]] = {}
_derived_reads: dict[tuple[Any, int], tuple[Catalogue, tuple[str, ...]]] = {}


def derived(build: Callable[[Catalogue, Mapping[str, Any]], dict[str, Any]], cat: Catalogue,
             values: Mapping[str, Any]) -> ReadOnlyMapping[Any]:
    """``build(cat, values)``, read-only, remembered by the values it reads: rules that
    differ in one option share the others' tables (a diagnosis resolves hundreds of such
    rules per difference)."""
    keys = _derived_reads.get((build, id(cat)))
    if keys is None or keys[0] is not cat:
        keys = _derived_reads[build, id(cat)] = (cat, _read_by(build, cat))
    key = (build, id(cat), *((values[k], type(values[k])) for k in keys[1]))
    found = _derived_tables.get(key)
    if found is None or found[0] is not cat:
        if len(_derived_tables) >= _DERIVED_KEPT:
            _derived_tables.clear()
        found = _derived_tables[key] = (cat, ReadOnlyMapping(build(cat, values)))
    return found[1]


def _read_by(build: Callable[..., Any], cat: Catalogue) -> tuple[str, ...]:
    """The options whose values `build` reads (see `changes_of`)."""
    if build is points:
        return tuple(opt.key for opt in cat.options if _pointed(opt))
    if build is powers:
        return EVERY_POWER + tuple(opt.key for opt in cat.options
                                   if opt.phase == "powers" and opt.ranks)
    if build is params:  # (an option none of whose alternatives has parameters adds nothing)
        return tuple(opt.key for opt in cat.options
                     if any(alt.parameters for alt in opt.alternatives))
    return tuple(opt.key for opt in cat.options)
