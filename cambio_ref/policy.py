"""The random policy of `cambio simulate`, sampled without listing every action.

`random_action` draws exactly like `choose(legal_actions(state))` in
distribution: a kind of action first (uniformly, with calls down-weighted so
rounds last), then one action of that kind uniformly. It counts the snaps
instead of building them, which is what makes random play fast.

>>> import random
>>> from cambio_ref.engine import legal_actions
>>> from cambio_ref.rules import resolve
>>> from cambio_ref.state import new_round
>>> state = new_round(resolve("awareness"), 4, seed=2)
>>> random_action(state, random.Random(0)) in legal_actions(state)
True
"""

from __future__ import annotations

import random

from cambio_ref.actions import (
    Action,
    Call,
    Discard,
    Draw,
    Give,
    Look,
    Pass,
    Peek,
    PowerSwap,
    Skip,
    Snap,
    Swap,
    Take,
)
from cambio_ref.powers import look_targets, may_skip, swap_count, swap_pairs, swap_sides
from cambio_ref.snapping import snap_targets
from cambio_ref.state import HAND, OVER, PEEK, TURN, State
from cambio_ref.table import cards_of, is_out
from cambio_ref.turn import peek_slots

CALL_WEIGHT = 0.1  # how often "call" is picked, relative to each other kind


def _snap_counts(state: State) -> list[tuple[int, int]]:
    """(player, number of snaps they may make) for every player who may snap."""
    rules = state.rules
    if not state.window or state.pending_give or (state.phase == PEEK and not rules.peek_snap):
        return []
    locked = state.caller if rules.caller_locked else None
    free = [0 if q == locked else sum(map(bool, g)) for q, g in enumerate(state.grids)]
    total = sum(free)
    tried = state.window_tried
    out = []
    for p in range(state.n):
        if p == locked or (tried >> p) & 1 or (not rules.caller_snaps and p == state.caller) \
                or is_out(state, p):
            continue
        t = total if rules.snap_others else free[p]
        count = t + (t * (t - 1) // 2 if rules.multi_burn else 0)
        if count:
            out.append((p, count))
    return out


def _pick_snap(state: State, counts: list[tuple[int, int]], rng: random.Random) -> Snap:
    index = rng.randrange(sum(c for _, c in counts))
    player = counts[-1][0]
    for seat, count in counts:
        if index < count:
            player = seat
            break
        index -= count
    targets = snap_targets(state, player)
    if index < len(targets):
        return Snap(player, (targets[index],))
    index -= len(targets)
    for i in range(len(targets)):  # pairs (i, j), i < j, in order
        row = len(targets) - i - 1
        if index < row:
            return Snap(player, (targets[i], targets[i + 1 + index]))
        index -= row
    raise AssertionError("snap index out of range")


def _pick_power_swap(state: State, rng: random.Random) -> PowerSwap | None:
    """A uniformly random legal power swap, or None if there is none."""
    assert state.power is not None
    own, other = swap_sides(state)
    if state.power.swap == "own-with-other":
        if not own or not other:
            return None
        return PowerSwap(state.current, rng.choice(own), rng.choice(other))
    if state.power.swap != "any-two":
        pairs = swap_pairs(state)
        return PowerSwap(state.current, *rng.choice(pairs)) if pairs else None
    free = sorted(own + other)  # table order, as legal_actions lists them
    if len(free) < 2:
        return None
    a, b = rng.sample(free, 2)
    return PowerSwap(state.current, a, b)


def kinds(state: State) -> dict[str, int]:
    """The kinds of action available now, each with how many actions it has.

    >>> from cambio_ref.rules import resolve
    >>> from cambio_ref.state import new_round
    >>> kinds(new_round(resolve("hearts"), 2, seed=1))
    {'peek': 4}
    """
    return _kinds(state)[0]


def _kinds(state: State) -> tuple[dict[str, int], list[tuple[int, int]]]:
    """kinds(), plus the snap counts per player (to draw a snap without listing them)."""
    found: dict[str, int] = {}
    snaps: list[tuple[int, int]] = []
    phase = state.phase
    if phase == OVER:
        return found, snaps
    rules, p = state.rules, state.current
    if state.pending_give:
        snapper = state.pending_give[0][0]
        held = len(cards_of(state, snapper))
        found["give"] = held + (1 if rules.give_card == "optional" or not held else 0)
        return found, snaps
    if phase == TURN:
        found["draw"] = 1
        if rules.take_discard and state.pile and any(c is not None for c in state.grids[p]):
            found["take"] = 1
        if rules.pass_turn:
            found["pass"] = 1
        if state.caller is None and (rules.call_timing == "start-of-turn"
                                     or state.end_caller is not None):
            found["call"] = 1
    elif phase == HAND:
        held = sum(map(bool, state.grids[p]))
        if held:
            found["swap"] = held
        if state.held_from == "deck":
            found["discard"] = 1
    elif phase == PEEK:
        peeks = sum(len(peek_slots(state, q)) for q in range(state.n))
        if peeks:
            found["peek"] = peeks
    else:  # POWER
        if state.power_stage == "look":
            looks = len(look_targets(state))
            if looks:
                found["look"] = looks
        else:
            pairs = swap_count(state)
            if pairs:
                found["power_swap"] = pairs
        if may_skip(state):
            found["skip"] = 1
    if state.window and rules.snap:
        snaps = _snap_counts(state)
        if snaps:
            found["snap"] = sum(c for _, c in snaps)
    return found, snaps


def random_action(state: State, rng: random.Random) -> Action:
    """Draw one legal action: a kind first (calls down-weighted), then an action of it.

    Only the chosen action is built, which keeps random play fast.
    """
    available, snaps = _kinds(state)
    if len(available) == 1:
        kind = next(iter(available))
    else:
        x = rng.random() * (len(available) - (1.0 - CALL_WEIGHT if "call" in available else 0.0))
        for kind in available:
            x -= CALL_WEIGHT if kind == "call" else 1.0
            if x < 0:
                break
    p = state.current
    if kind == "draw":
        return Draw(p)
    if kind == "swap":
        return Swap(p, rng.choice(cards_of(state, p)))
    if kind == "snap":
        return _pick_snap(state, snaps, rng)
    if kind == "discard":
        return Discard(p)
    if kind == "take":
        return Take(p)
    if kind == "pass":
        return Pass(p)
    if kind == "call":
        return Call(p if state.rules.call_timing == "start-of-turn" else state.end_caller or 0)
    if kind == "skip":
        return Skip(p)
    if kind == "look":
        owner, slot = rng.choice(look_targets(state))
        return Look(p, owner, slot)
    if kind == "power_swap":
        swap = _pick_power_swap(state, rng)
        assert swap is not None, "kinds() offers a swap only when one exists"
        return swap
    if kind == "peek":
        return rng.choice([Peek(q, s) for q in range(state.n) for s in peek_slots(state, q)])
    snapper = state.pending_give[0][0]
    slots: list[int | None] = list(cards_of(state, snapper))
    if state.rules.give_card == "optional" or not slots:
        slots.insert(0, None)
    return Give(snapper, rng.choice(slots))
