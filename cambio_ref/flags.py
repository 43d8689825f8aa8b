"""Rule values the engine reads on every action, read once into plain values.

The numbers of the deal every ruleset shares (`grid_size`, `peek_count`: core rules of
spec/core.yaml) are read once per process; each ruleset's options once per `Rules`.

`Rules` holds each option as spec/ names it (strings such as ``"start-of-turn"``,
nested parameter tables); the hot path of random play would compare those strings
on every action. `flags_of(rules)` reads them once into booleans, numbers and small
tables; every value still comes from the `Rules` (so from spec/), none is written here.

>>> from cambio_ref.rules import resolve
>>> official = resolve("official")
>>> f = flags_of(official)
>>> f.start_call, f.step, f.peek_slots, f.call_limit
(True, 1, (2, 3), None)
>>> f.lock_others, flags_of(resolve("cambio-bot")).lock_others, flags_of(resolve("cambio-bot")).lock_caller
(False, True, False)
>>> f.hand, f.snaps, f.snap_others  # official: no snapping, but the hand discard
(True, True, False)
>>> g = flags_of(official)
>>> flags_of(official) is g  # built once per Rules object (`per_object` may have forgotten f by now)
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from functools import cache
from typing import Any

from cambio_ref.catalogue import Power, load_catalogue
from cambio_ref.memo import per_object
from cambio_ref.rules import Rules

_KEPT = 64  # the Flags kept, one per Rules object (hypothesis makes many)


@cache
def grid_size() -> int:
    """Cards dealt to each player (core.grid in spec/core.yaml)."""
    return load_catalogue().core_value("core.grid")


@cache
def peek_count() -> int:
    """Cards each player looks at in the opening peek (core.peek-count in spec/core.yaml)."""
    return load_catalogue().core_value("core.peek-count")


def _keeps_window(rules: Rules) -> frozenset[str]:
    # the first actions of a turn after which the open snap window stays open (snap.window)
    span = rules.snap_window
    return frozenset(("draw", "pass", "call") if span == "until-next-discard"
                     else ("pass", "call") if span == "until-next-draw" else ())


def _peek_slots(rules: Rules, f: Flags) -> tuple[int, ...]:
    # closest-two: peek-count slots from its first_slot (2, 3); else any dealt slot
    first = rules.params.get("peek", {}).get("first_slot")
    return tuple(range(grid_size())) if first is None else tuple(range(first, first + f.peek_count))


def _fires(power: Power | None) -> bool:
    # a power that acts when its card fires it (`Rules.power_of`)
    return power is not None and power.acts


# Each flag, worked out from the rules (and the flags before it), in this order.
_WORKED_OUT: dict[str, Callable[[Rules, Flags], Any]] = {
    "start_call": lambda rules, f: rules.call_timing == "start-of-turn",
    "end_call": lambda rules, f: rules.call_timing == "end-of-turn",
    "everyone_once": lambda rules, f: rules.final_turns == "everyone-once",
    "step": lambda rules, f: 1 if rules.direction == "clockwise" else -1,
    "call_limit": lambda rules, f: rules.params.get("call_limit", {}).get("max_points"),
    # whom the lock on the caller's cards binds (call.caller-locked's parameters)
    "lock_others": lambda rules, f: bool(rules.params.get("caller_locked", {}).get("others")),
    "lock_caller": lambda rules, f: bool(rules.params.get("caller_locked", {}).get("caller")),
    "peek_count": lambda rules, f: peek_count(),
    "peek_slots": _peek_slots,
    "fire_drawn": lambda rules, f: rules.power_trigger == "drawn-from-deck",
    "fire_swapped_out": lambda rules, f: rules.power_trigger == "discarded-or-swapped-out",
    # without snapping, the discarder alone may lay one matching card of their own
    # (turn.discard-from-hand): a discard then opens a window for that player only
    "hand": lambda rules, f: not rules.snap and rules.hand_discard != "none",
    "snaps": lambda rules, f: rules.snap or f.hand,  # whether a discard opens a window at all
    "snap_others": lambda rules, f: rules.snap_others and not f.hand,
    "multi": lambda rules, f: rules.multi_burn and not f.hand,
    "keeps_window": lambda rules, f: _keeps_window(rules),
    # the power each card code carries when it fires (`Rules.power_of`), if any
    "powers": lambda rules, f: {code: power for code, power in rules.powers.items() if _fires(power)},
}


class Flags:
    """The options `turn`, `powers` and `policy` read on every action, as plain values."""

    __slots__ = tuple(_WORKED_OUT)
    start_call: bool
    end_call: bool
    everyone_once: bool
    step: int
    call_limit: int | None
    lock_others: bool
    lock_caller: bool
    peek_count: int
    peek_slots: tuple[int, ...]
    fire_drawn: bool
    fire_swapped_out: bool
    hand: bool
    snaps: bool
    snap_others: bool
    multi: bool
    keeps_window: frozenset[str]
    powers: Mapping[str, Power]

    def __init__(self, rules: Rules) -> None:
        for name, work_out in _WORKED_OUT.items():
            setattr(self, name, work_out(rules, self))


class _PowersAsAsked(Mapping[str, Power]):
    """`Flags.powers` of rules that note their reads: each card's power read from the rules
    when asked for, so that a replay notes the powers of the cards it discarded only."""

    def __init__(self, rules: Rules) -> None:
        self._rules = rules

    def __getitem__(self, code: str) -> Power:
        power = self._rules.powers.get(code)
        if power is None or not _fires(power):
            raise KeyError(code)
        return power

    def __iter__(self) -> Iterator[str]:
        return iter([code for code, power in self._rules.powers.items() if _fires(power)])

    def __len__(self) -> int:
        return sum(1 for _ in self)


_WORKED_OUT_AS_ASKED: dict[str, Callable[[Rules, Flags], Any]] = {
    **_WORKED_OUT, "powers": lambda rules, f: _PowersAsAsked(rules)}


class FirstUseFlags(Flags):
    """Flags each worked out when first read, for rules that note the step of each read
    (`Rules.notes_reads`: the diagnosis's watched replay): a flag read at the deal by
    `Flags` would note its options as read there, though the game reads them later. Their
    powers are read card by card, as asked for.

    >>> from cambio_ref.rules import resolve
    >>> f = FirstUseFlags(resolve("official"))
    >>> f.snaps, f.step
    (True, 1)
    """

    __slots__ = ("_rules",)

    def __init__(self, rules: Rules) -> None:  # (nothing worked out yet)
        self._rules = rules

    def __getattr__(self, name: str) -> Any:  # (a flag not worked out yet: its slot is empty)
        work_out = _WORKED_OUT_AS_ASKED.get(name)
        if work_out is None:
            raise AttributeError(name)
        value = work_out(self._rules, self)
        setattr(self, name, value)
        return value


@per_object(limit=_KEPT)
def flags_of(rules: Rules) -> Flags:
    """The `Flags` of `rules` (built once per Rules object; each worked out when first read
    for rules that note their reads)."""
    return FirstUseFlags(rules) if rules.notes_reads else Flags(rules)
