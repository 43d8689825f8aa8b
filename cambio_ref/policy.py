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
from cambio_ref.engine import (
    _any_swap,
    _cards,
    _look_targets,
    _may_skip,
    _peek_slots,
    _snap_targets,
)
from cambio_ref.state import HAND, OVER, PEEK, POWER, TURN, State

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
        if p == locked or (tried >> p) & 1:
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
    targets = _snap_targets(state, player)
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
    power, p = state.power, state.current
    assert power is not None
    locked = state.caller if state.rules.caller_locked else None
    free = [(o, s) for o in range(state.n) if o != locked for s in _cards(state, o)]
    if power.swap == "any-two":
        if len(free) < 2:
            return None
        a, b = rng.sample(free, 2)
        return PowerSwap(p, a, b)
    own = [x for x in free if x[0] == p]
    other = [x for x in free if x[0] != p]
    if power.swap_looked:
        other = [x for x in other if x in state.power_looked]
    if not own or not other:
        return None
    return PowerSwap(p, rng.choice(own), rng.choice(other))


def kinds(state: State) -> dict[str, object]:
    """The kinds of action available now, each with what is needed to draw one."""
    found: dict[str, object] = {}
    if state.phase == OVER:
        return found
    if state.pending_give:
        snapper = state.pending_give[0][0]
        gives: list[Action] = [Give(snapper, s) for s in _cards(state, snapper)]
        if state.rules.give_card == "optional" or not gives:
            gives.insert(0, Give(snapper, None))
        found["give"] = gives
        return found
    rules, p, phase = state.rules, state.current, state.phase
    if phase == PEEK:
        peeks: list[Action] = [Peek(q, s) for q in range(state.n) for s in _peek_slots(state, q)]
        if peeks:
            found["peek"] = peeks
    elif phase == TURN:
        found["draw"] = [Draw(p)]
        if rules.take_discard and state.pile and _cards(state, p):
            found["take"] = [Take(p)]
        if rules.pass_turn:
            found["pass"] = [Pass(p)]
        if state.caller is None:
            if rules.call_timing == "start-of-turn":
                found["call"] = [Call(p)]
            elif state.end_caller is not None:
                found["call"] = [Call(state.end_caller)]
    elif phase == HAND:
        swaps: list[Action] = [Swap(p, s) for s in _cards(state, p)]
        if swaps:
            found["swap"] = swaps
        if state.held_from == "deck":
            found["discard"] = [Discard(p)]
    elif phase == POWER:
        if state.power_stage == "look":
            looks: list[Action] = [Look(p, o, s) for o, s in _look_targets(state)]
            if looks:
                found["look"] = looks
        elif _any_swap(state):
            found["power_swap"] = None  # drawn by _pick_power_swap
        if _may_skip(state):
            found["skip"] = [Skip(p)]
    if state.window and rules.snap:
        counts = _snap_counts(state)
        if counts:
            found["snap"] = counts
    return found


def random_action(state: State, rng: random.Random) -> Action:
    """Draw one legal action: a kind first (calls down-weighted), then an action of it."""
    available = kinds(state)
    names = list(available)
    if len(names) == 1:
        kind = names[0]
    else:
        x = rng.random() * (len(names) - (1.0 - CALL_WEIGHT if "call" in available else 0.0))
        for kind in names:
            x -= CALL_WEIGHT if kind == "call" else 1.0
            if x < 0:
                break
    if kind == "snap":
        return _pick_snap(state, available[kind], rng)  # type: ignore[arg-type]
    if kind == "power_swap":
        swap = _pick_power_swap(state, rng)
        assert swap is not None, "the engine skips a swap step that has no target"
        return swap
    options: list[Action] = available[kind]  # type: ignore[assignment]
    return options[0] if len(options) == 1 else rng.choice(options)
