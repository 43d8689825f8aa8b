"""The random policy of `cambio simulate`, sampled without listing every action.

`random_action` draws exactly like `choose(legal_actions(state))` in
distribution: a kind of action first (uniformly, with calls down-weighted so
rounds last), then one action of that kind uniformly. It counts the snaps
instead of building them, and builds only the action it picks, which is what
makes random play fast.

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
from collections.abc import Callable
from functools import lru_cache

from cambio_ref.actions import (
    Action,
    Call,
    Discard,
    Draw,
    Give,
    Look,
    Pass,
    Peek,
    Pos,
    PowerSwap,
    Skip,
    Snap,
    Swap,
    Take,
)
from cambio_ref.powers import look_targets, may_skip, swap_count, swap_pairs, swap_sides
from cambio_ref.snapping import snap_targets
from cambio_ref.state import HAND, OVER, PEEK, TURN, State
from cambio_ref.table import caller_bound, cards_of, locked_seat
from cambio_ref.turn import call_refusal, peek_positions

CALL_WEIGHT = 0.1  # how often "call" is picked, relative to each other kind

# Actions are immutable values, so the policy hands out shared ones: building a frozen
# dataclass costs several times a cache hit.
_draw = lru_cache(maxsize=64)(Draw)
_discard = lru_cache(maxsize=64)(Discard)
_take = lru_cache(maxsize=64)(Take)
_pass = lru_cache(maxsize=64)(Pass)
_skip = lru_cache(maxsize=64)(Skip)
_call = lru_cache(maxsize=64)(Call)
_swap = lru_cache(maxsize=1024)(Swap)
_peek = lru_cache(maxsize=1024)(Peek)
_look = lru_cache(maxsize=4096)(Look)
_snap = lru_cache(maxsize=4096)(Snap)
_give = lru_cache(maxsize=1024)(Give)


def _snap_barred(state: State) -> tuple[int, int | None] | None:
    """None when nobody may snap now; else the seat mask of players who may not snap
    (tried already, out of the round, the locked or non-snapping caller) and the seat
    whose cards are locked, if any."""
    rules = state.rules
    if not state.window or not state.flags.snaps or state.pending_give or state.phase == OVER \
            or (state.phase == PEEK and not rules.peek_snap):
        return None
    caller = state.caller
    barred = state.window_tried | state.knocked_out
    if caller is not None and (caller_bound(state, caller) or not rules.caller_snaps):
        barred |= 1 << caller
    return barred, locked_seat(state)


def snap_counts(state: State) -> list[tuple[int, int]]:
    """(player, number of snaps they may make) for every player who may snap now,
    counting the listed snaps: single cards, and pairs under multi-burn.

    >>> from cambio_ref.rules import resolve
    >>> from cambio_ref.state import new_round
    >>> snap_counts(new_round(resolve("online"), 2, seed=1))  # the turned-up discard
    [(0, 8), (1, 8)]
    >>> snap_counts(new_round(resolve("official"), 2, seed=1))  # no snapping at all
    []
    """
    found = _snap_barred(state)
    if found is None:
        return []
    barred, locked = found
    free = [sum(map(bool, g)) for g in state.grids]  # a Card is truthy, None is not
    own_locked = 0  # the locked cards, which only their (unbound) owner may snap
    if locked is not None:
        own_locked, free[locked] = free[locked], 0
    total = sum(free)
    others, multi = state.flags.snap_others, state.flags.multi
    out = []
    for p in range(state.n):
        if (barred >> p) & 1:
            continue
        mine = own_locked if p == locked else 0
        t = total + mine if others else free[p] + mine
        count = t + t * (t - 1) // 2 if multi else t
        if count:
            out.append((p, count))
    return out


def may_snap(state: State) -> bool:
    """True when someone may snap now: ``bool(snap_counts(state))``, without counting.

    >>> from cambio_ref.rules import resolve
    >>> from cambio_ref.state import new_round
    >>> may_snap(new_round(resolve("online"), 2, seed=1))
    True
    >>> may_snap(new_round(resolve("official"), 2, seed=1))
    False
    """
    found = _snap_barred(state)
    if found is None:
        return False
    barred, locked = found
    grids = state.grids
    if locked is not None and not (barred >> locked) & 1 and any(grids[locked]):
        return True  # the unbound caller may snap their own locked cards
    if state.flags.snap_others:  # every free player counts every unlocked card
        return barred != (1 << state.n) - 1 and any(
            any(g) for q, g in enumerate(grids) if q != locked)
    return any(any(g) for q, g in enumerate(grids) if not (barred >> q) & 1)


def _pick_snap(state: State, counts: list[tuple[int, int]], rng: random.Random) -> Snap:
    index = rng.randrange(sum([c for _, c in counts]))
    player = counts[-1][0]
    for seat, count in counts:
        if index < count:
            player = seat
            break
        index -= count
    targets = snap_targets(state, player)
    if index < len(targets):
        return _snap(player, (targets[index],))
    index -= len(targets)
    for i in range(len(targets)):  # pairs (i, j), i < j, in order
        row = len(targets) - i - 1
        if index < row:
            return _snap(player, (targets[i], targets[i + 1 + index]))
        index -= row
    raise AssertionError("snap index out of range")


def _pick_power_swap(state: State, rng: random.Random,
                     sides: tuple[list[Pos], list[Pos]] | None = None) -> PowerSwap | None:
    """A uniformly random legal power swap, or None if there is none; `sides` is
    `swap_sides(state)`, if the caller has it already. The swap names its positions
    as the legal actions list them, lower first."""
    assert state.power is not None
    own, other = swap_sides(state) if sides is None else sides
    if state.power.swap == "own-with-other":
        if not own or not other:
            return None
        a, b = rng.choice(own), rng.choice(other)
        return PowerSwap(state.current, min(a, b), max(a, b))
    if state.power.swap != "any-two":
        pairs = swap_pairs(state)
        return PowerSwap(state.current, *rng.choice(pairs)) if pairs else None
    free = sorted(own + other)  # table order, as legal_actions lists them
    if len(free) < 2:
        return None
    a, b = rng.sample(free, 2)
    return PowerSwap(state.current, min(a, b), max(a, b))


def _caller(state: State) -> int | None:
    """Who may call Cambio now (the player to move, or the one whose turn just
    ended), if anyone; the phase is TURN."""
    if state.caller is not None:
        return None
    who = state.current if state.flags.start_call else state.end_caller
    if who is None or call_refusal(state, who) is not None:
        return None
    return who


def kinds(state: State) -> dict[str, int]:
    """The kinds of action available now, each with how many actions it has.

    >>> from cambio_ref.rules import resolve
    >>> from cambio_ref.state import new_round
    >>> kinds(new_round(resolve("hearts"), 2, seed=1))
    {'peek': 4}
    """
    found: dict[str, int] = {}
    phase = state.phase
    if phase == OVER:
        return found
    rules, p = state.rules, state.current
    if state.pending_give:
        snapper = state.pending_give[0][0]
        held = len(cards_of(state, snapper))
        found["give"] = held + (1 if rules.give_card == "optional" or not held else 0)
        return found
    if phase == TURN:
        found["draw"] = 1
        if _may_take(state):
            found["take"] = 1
        if rules.pass_turn:
            found["pass"] = 1
        if _caller(state) is not None:
            found["call"] = 1
    elif phase == HAND:
        held = len(cards_of(state, p))
        if held:
            found["swap"] = held
        if state.held_from == "deck":
            found["discard"] = 1
    elif phase == PEEK:
        peeks = len(peek_positions(state))
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
    snaps = sum(c for _, c in snap_counts(state))
    if snaps:
        found["snap"] = snaps
    return found


def _may_take(state: State) -> bool:
    return bool(state.rules.take_discard and state.pile and any(state.grids[state.current]))


def random_action(state: State, rng: random.Random) -> Action:
    """Draw one legal action: a kind first (calls down-weighted), then an action of it.

    Only the chosen action is built; the kinds are those `kinds` lists, in that order.
    """
    if state.pending_give:
        return _pick_give(state, rng)
    phase, p = state.phase, state.current
    looks: list[tuple[int, int]] = []
    peeks: list[tuple[int, int]] = []
    sides: tuple[list[Pos], list[Pos]] | None = None
    caller: int | None = None
    if phase == TURN:  # the most common phases first, tested without building lists
        names = ["draw"]  # the kinds available, as `kinds` orders them
        rules = state.rules
        if _may_take(state):
            names.append("take")
        if rules.pass_turn:
            names.append("pass")
        caller = _caller(state)
        if caller is not None:
            names.append("call")
    elif phase == HAND:
        grid = state.grids[p]
        names = ["swap"] if any(grid) else []
        if state.held_from == "deck":
            names.append("discard")
    elif phase == PEEK:
        peeks = peek_positions(state)
        names = ["peek"] if peeks else []
    elif phase != OVER:  # POWER
        names = []
        if state.power_stage == "look":
            looks = look_targets(state)
            if looks:
                names.append("look")
        else:
            assert state.power is not None
            if state.power.swap != "none":
                sides = swap_sides(state)
                if swap_count(state, sides):
                    names.append("power_swap")
        if may_skip(state):
            names.append("skip")
    else:
        names = []
    if state.window and may_snap(state):
        names.append("snap")
    if len(names) == 1:
        kind = names[0]
    elif not names:
        raise ValueError(f"no legal action in the {phase} phase")
    elif caller is None:  # equal weights: the loop below would stop at index floor(x)
        kind = names[int(rng.random() * len(names))]
    else:
        x = rng.random() * (len(names) - (1.0 - CALL_WEIGHT))
        for kind in names:
            x -= CALL_WEIGHT if kind == "call" else 1.0
            if x < 0:
                break
    simple = _SIMPLE.get(kind)
    if simple is not None:
        return simple(p)
    if kind == "swap":
        return _swap(p, rng.choice(cards_of(state, p)))
    if kind == "snap":
        return _pick_snap(state, snap_counts(state), rng)
    if kind == "call":
        assert caller is not None
        return _call(caller)
    if kind == "look":
        owner, slot = rng.choice(looks)
        return _look(p, owner, slot)
    if kind == "power_swap":
        swap = _pick_power_swap(state, rng, sides)
        assert swap is not None, "kinds() offers a swap only when one exists"
        return swap
    q, s = rng.choice(peeks)
    return _peek(q, s)


# the kinds whose one action is made from the player alone
_SIMPLE: dict[str, Callable[[int], Draw | Discard | Take | Pass | Skip]] = {
    "draw": _draw, "discard": _discard, "take": _take, "pass": _pass, "skip": _skip}


def _pick_give(state: State, rng: random.Random) -> Give:
    snapper = state.pending_give[0][0]
    slots: list[int | None] = list(cards_of(state, snapper))
    if state.rules.give_card == "optional" or not slots:
        slots.insert(0, None)
    return _give(snapper, rng.choice(slots))
