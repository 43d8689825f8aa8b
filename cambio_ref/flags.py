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
>>> flags_of(official) is f  # built once per Rules object
True
"""

from __future__ import annotations

from functools import cache

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


class Flags:
    """The options `turn`, `powers` and `policy` read on every action, as plain values."""

    __slots__ = ("call_limit", "end_call", "everyone_once", "fire_drawn", "fire_swapped_out",
                 "hand", "keeps_window", "lock_caller", "lock_others", "multi", "peek_count",
                 "peek_slots", "powers", "snap_others", "snaps", "start_call", "step")

    def __init__(self, rules: Rules) -> None:
        self.start_call = rules.call_timing == "start-of-turn"
        self.end_call = rules.call_timing == "end-of-turn"
        self.everyone_once = rules.final_turns == "everyone-once"
        self.step = 1 if rules.direction == "clockwise" else -1
        limit = rules.params.get("call_limit", {}).get("max_points")
        self.call_limit: int | None = limit
        # whom the lock on the caller's cards binds (call.caller-locked's parameters)
        lock = rules.params.get("caller_locked", {})
        self.lock_others = bool(lock.get("others"))
        self.lock_caller = bool(lock.get("caller"))
        self.peek_count = peek_count()
        # closest-two: peek-count slots from its first_slot (2, 3); else any dealt slot
        first = rules.params.get("peek", {}).get("first_slot")
        self.peek_slots = tuple(range(grid_size())) if first is None \
            else tuple(range(first, first + self.peek_count))
        self.fire_drawn = rules.power_trigger == "drawn-from-deck"
        self.fire_swapped_out = rules.power_trigger == "discarded-or-swapped-out"
        # without snapping, the discarder alone may lay one matching card of their own
        # (turn.discard-from-hand): a discard then opens a window for that player only
        self.hand = not rules.snap and rules.hand_discard != "none"
        self.snaps = rules.snap or self.hand  # whether a discard opens a window at all
        self.snap_others = rules.snap_others and not self.hand
        self.multi = rules.multi_burn and not self.hand
        # the first actions of a turn after which the open snap window stays open (snap.window)
        span = rules.snap_window
        self.keeps_window = frozenset(
            ("draw", "pass", "call") if span == "until-next-discard"
            else ("pass", "call") if span == "until-next-draw" else ())
        # the power each card code carries when it fires (`Rules.power_of`), if any
        self.powers: dict[str, Power] = {
            code: power for code, power in rules.powers.items()
            if power is not None and power.acts}


@per_object(limit=_KEPT)
def flags_of(rules: Rules) -> Flags:
    """The `Flags` of `rules` (built once per Rules object)."""
    return Flags(rules)
