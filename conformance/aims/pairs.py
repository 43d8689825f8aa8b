"""The pairs of option values that change which rule applies in a state, derived from the
order of the reference's checks.

When one action breaks two rules, the rejection names the first in the protocol's order
(docs/developers/protocol.md, "Rejection precedence"; the reference checks in that order:
`cambio_ref.engine.check` and the ``check_*`` functions it calls). Where the two rules
are governed by two different options, the pair of values under which both checks fire
decides which of them the player hears about: an implementation that checks in another
order answers with the other code, and only a game under both values, in a state where
both fire, can show it (issue 32: knock-outs with end-of-turn calling).

`CHECKS` lists, per action kind and in the reference's order, the checks an option's
value governs: the code, the option, the values under which the check can fire, and
when it fires (read from the state and the action alone, as the protocol states it).
It is a copy of the engine's order, kept here because the engine's checks are plain code
in its hot path; tests/conformance/test_check_order.py holds the two to each other by
sending, in states set up for it, actions that break both checks of each pair.
`pairs` derives every pair of checks on one kind governed by two options, but those that
can never fire together (`APART`, each with its reason). `colliding` tells which pairs
an action sent in a state meets.

The collider (`Collider`) sends, in a drawn game whose rules fit a pair, an action
meeting it as soon as the state allows, once a game: the reference rejects it, so the
state is unchanged and the game goes on as drawn (`conformance.draws.actions_from`).

>>> names = [p.name for p in pairs()]
>>> "call: E_CALL_TIMING (call_timing=end-of-turn) before E_LOCKED (knock_out=above-six)" in names
True
>>> len(names)
38
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cambio_ref.actions import MalformedAction, action_from_json
from cambio_ref.catalogue import Value
from cambio_ref.engine import IllegalAction, check
from cambio_ref.scoring import hand_total
from cambio_ref.state import PEEK, TURN, State
from cambio_ref.table import caller_bound, is_out, locked
from cambio_ref.turn import call_round
from conformance.covering import same_value

Fires = Callable[[State, Mapping[str, Any]], bool]


def _seat(action: Mapping[str, Any]) -> int:
    seat = action.get("player")
    return seat if type(seat) is int else -1


def _targets(action: Mapping[str, Any]) -> list[tuple[int, int]]:
    """A snap's targets, as far as they are well formed positions."""
    found = action.get("targets")
    return [(t[0], t[1]) for t in found if isinstance(t, list) and len(t) == 2
            and all(type(v) is int for v in t)] if isinstance(found, list) else []


def _start_timing(state: State, action: Mapping[str, Any]) -> bool:
    return _seat(action) != state.current or state.phase != TURN


def _end_timing(state: State, action: Mapping[str, Any]) -> bool:
    return state.phase != TURN or _seat(action) != state.end_caller


def _out(state: State, action: Mapping[str, Any]) -> bool:
    return 0 <= _seat(action) < state.n and is_out(state, _seat(action))


def _too_early(state: State, action: Mapping[str, Any]) -> bool:
    return call_round(state) < state.rules.call_from_round


def _over_limit(state: State, action: Mapping[str, Any]) -> bool:
    limit = state.flags.call_limit
    seat = _seat(action)
    return limit is not None and 0 <= seat < state.n and hand_total(
        [c for c in state.grids[seat] if c is not None], state.rules) > limit


def _no_snapping(state: State, action: Mapping[str, Any]) -> bool:
    return not state.rules.snap and not state.flags.hand


def _hand_discard_closed(state: State, action: Mapping[str, Any]) -> bool:
    return state.flags.hand and (not state.window or bool(state.window_tried >> _seat(action) & 1))


def _in_peek(state: State, action: Mapping[str, Any]) -> bool:
    return state.phase == PEEK


def _caller_bound(state: State, action: Mapping[str, Any]) -> bool:
    return caller_bound(state, _seat(action))


def _caller(state: State, action: Mapping[str, Any]) -> bool:
    return state.caller == _seat(action)


def _several(state: State, action: Mapping[str, Any]) -> bool:
    return len(_targets(action)) > 1


def _others(state: State, action: Mapping[str, Any]) -> bool:
    return any(owner != _seat(action) for owner, _ in _targets(action))


def _locked_target(state: State, action: Mapping[str, Any]) -> bool:
    return any(locked(state, owner, _seat(action)) for owner, _ in _targets(action))


def _owes(state: State, action: Mapping[str, Any]) -> bool:
    return bool(state.pending_give)


@dataclass(frozen=True)
class Check:
    """One check of the reference that an option's value governs: `code` is its rejection,
    `key` the option, `values` those under which it can fire, and `fires` says whether it
    fires on an action sent in a state (its option having one of `values`)."""

    code: str
    key: str
    values: tuple[Value, ...]
    fires: Fires

    @property
    def label(self) -> str:
        return f"{self.code} ({self.key}={'|'.join(map(str, self.values))})"


# E_MUST_GIVE comes before every kind's own checks (a snapper owes a card: only that give)
OWES = Check("E_MUST_GIVE", "give_card", ("optional", "mandatory"), _owes)

CHECKS: dict[str, tuple[Check, ...]] = {
    # cambio_ref.turn.check_call, then call_refusal
    "call": (Check("E_NOT_YOUR_TURN|E_CALL_TIMING", "call_timing", ("start-of-turn",),
                   _start_timing),
             Check("E_CALL_TIMING", "call_timing", ("end-of-turn",), _end_timing),
             Check("E_LOCKED", "knock_out", ("above-six",), _out),
             Check("E_CALL_TOO_EARLY", "call_from_round", (2,), _too_early),
             Check("E_CALL_POINTS", "call_limit", ("five-or-fewer",), _over_limit)),
    # cambio_ref.snapping.check_snap
    "snap": (Check("E_SNAP_DISABLED", "snap", (False,), _no_snapping),
             Check("E_SNAP_DISABLED", "hand_discard", ("matching-at-once",), _hand_discard_closed),
             Check("E_SNAP_DURING_PEEK", "peek_snap", (False,), _in_peek),
             Check("E_LOCKED", "caller_locked", ("everyone",), _caller_bound),
             Check("E_LOCKED", "knock_out", ("above-six",), _out),
             Check("E_LOCKED", "caller_snaps", (False,), _caller),
             Check("E_SNAP_MULTI", "multi_burn", (False,), _several),
             Check("E_SNAP_OTHERS", "snap_others", (False,), _others),
             Check("E_LOCKED", "caller_locked", ("everyone", "others"), _locked_target)),
}
# (take, pass, power_swap, skip, peek and give: each has the checks of one option only)

# pairs of checks that never fire on one action, by the option keys of the earlier and
# the later one (on `kind`), with the reason
APART: dict[tuple[str, str, str], str] = {
    ("snap", "snap", "knock_out"): "a player goes out through snap penalties only"
    " (snap.knock-out): with no snapping nobody is ever out",
    ("snap", "snap", "hand_discard"): "the hand discard is there only when snapping is"
    " off, and its check takes the place of the other (`cambio_ref.flags`)",
    ("call", "knock_out", "call_from_round"): "an out player has no turn: its call is"
    " refused by the timing check (E_NOT_YOUR_TURN or E_CALL_TIMING), which comes first",
    ("call", "knock_out", "call_limit"): "an out player has no turn: its call is refused"
    " by the timing check (E_NOT_YOUR_TURN or E_CALL_TIMING), which comes first",
    ("snap", "caller_locked", "knock_out"): "a caller bound by the lock makes no snap, so"
    " gets no penalty card after calling, and an out player cannot call",
    ("snap", "knock_out", "caller_snaps"): "a caller who makes no more snaps gets no"
    " penalty card after calling, and an out player cannot call",
    ("snap", "caller_snaps", "caller_locked"): "the caller's own cards are locked to the"
    " caller only when the lock binds the caller, and that check comes first",
    ("snap", "give_card", "snap"): "a card is owed only after a snap",
    ("snap", "give_card", "hand_discard"): "the hand discard is no snap: nobody owes a card",
    ("snap", "give_card", "peek_snap"): "a card is owed only after a snap, and with no"
    " snapping in the opening peek nobody owes one during it",
    ("snap", "give_card", "snap_others"): "a card is owed only after a snap of another"
    " player's card",
    ("snap", "hand_discard", "knock_out"): "the hand discard gives no penalty card:"
    " nobody goes out",
    ("snap", "peek_snap", "caller_locked"): "nobody has called during the opening peek",
    ("snap", "peek_snap", "knock_out"): "with no snapping in the opening peek, nobody"
    " goes out before it ends",
    ("snap", "peek_snap", "caller_snaps"): "nobody has called during the opening peek",
    ("snap", "hand_discard", "caller_locked"): "under the hand discard only the player who"
    " just discarded may lay a card, and the caller's cards are locked to others only"
    " through snaps, which the hand discard is not",
    ("snap", "hand_discard", "multi_burn"): "the hand discard lays one card (multi_burn"
    " is read as off: `cambio_ref.flags`)",
    ("snap", "hand_discard", "snap_others"): "the hand discard lays one's own card"
    " (snap_others is read as off: `cambio_ref.flags`)",
}


@dataclass(frozen=True)
class Pair:
    """Two checks on one kind of action, governed by two options, the `first` answering
    when both fire."""

    kind: str
    first: Check
    then: Check

    @property
    def name(self) -> str:
        return f"{self.kind}: {self.first.label} before {self.then.label}"

    def row(self) -> dict[str, Value]:
        """The values under which both can fire (the first each check names)."""
        return {self.first.key: self.first.values[0], self.then.key: self.then.values[0]}

    def fits(self, rules: Any) -> bool:
        """True when `rules` give both options a value under which their check fires."""
        return all(any(same_value(getattr(rules, c.key), v) for v in c.values)
                   for c in (self.first, self.then))

    def met(self, state: State, action: Mapping[str, Any]) -> bool:
        """True when `action`, sent in `state`, is of this kind, both checks fire, and
        the reference answers with the first's code (no check before it fired)."""
        return action.get("t") == self.kind and self.fits(state.rules) \
            and self.collides(state, action)

    def collides(self, state: State, action: Mapping[str, Any]) -> bool:
        """`met`, for an action of this kind under rules this pair fits."""
        return self.first.fires(state, action) and self.then.fires(state, action) \
            and rejection(state, action) in self.first.code.split("|")


def pairs(order: Mapping[str, Sequence[Check]] | None = None) -> list[Pair]:
    """Every pair of checks on one kind governed by two options (`order`, by default
    `CHECKS`, with `OWES` before each kind's own), in the reference's order, but those
    `APART`."""
    found: list[Pair] = []
    for kind, checks in (CHECKS if order is None else order).items():
        ordered = (OWES, *checks)
        for i, first in enumerate(ordered):
            for then in ordered[i + 1:]:
                if first.key != then.key and (kind, first.key, then.key) not in APART:
                    found.append(Pair(kind, first, then))
    return found


def colliding(state: State, action: Any, among: Sequence[Pair] | None = None) -> list[Pair]:
    """The pairs (of `among`, else all) that `action`, sent in `state`, meets."""
    if not isinstance(action, dict):
        return []
    return [pair for pair in (pairs() if among is None else among) if pair.met(state, action)]


def rejection(state: State, action: Any) -> str | None:
    """The code the reference rejects `action` with in `state` (None: legal)."""
    try:
        check(state, action_from_json(action))
    except MalformedAction:
        return "E_MALFORMED_ACTION"
    except IllegalAction as exc:
        return exc.code
    return None


def candidates(state: State, kind: str) -> Iterator[dict[str, Any]]:
    """Actions of `kind` to try for a pair, by every seat: a call; a snap of one's first
    slot, of the next seat's, of both, and of one's first two."""
    for seat in range(state.n):
        if kind == "call":
            yield {"t": "call", "player": seat}
            continue
        mine, theirs = [seat, 0], [(seat + 1) % state.n, 0]
        for targets in ([mine], [theirs], [mine, theirs], [mine, [seat, 1]]):
            yield {"t": "snap", "player": seat, "targets": targets}
        if state.caller is not None and state.caller not in (seat, theirs[0]):
            yield {"t": "snap", "player": seat, "targets": [[state.caller, 0]]}


@dataclass
class Collider:
    """The pairs one game still has to meet (those its rules fit), and the action that
    meets one now: sent between two drawn actions, it is rejected and changes nothing,
    so the game goes on as drawn."""

    left: list[Pair]

    @classmethod
    def for_rules(cls, rules: Any) -> Collider:
        return cls([pair for pair in pairs() if pair.fits(rules)])

    def next(self, state: State) -> dict[str, Any] | None:
        """An action meeting a pair not met yet in this game, the reference rejecting it
        with the first check's code (the pair is then met); None if there is none now."""
        tried: dict[str, list[dict[str, Any]]] = {}
        for pair in self.left:
            if pair.kind not in tried:
                tried[pair.kind] = list(candidates(state, pair.kind))
            for action in tried[pair.kind]:
                if pair.collides(state, action):
                    self.left = [p for p in self.left
                                 if p.kind != pair.kind or not p.collides(state, action)]
                    return action
        return None
