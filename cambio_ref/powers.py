"""Card powers: what a fired power may look at and swap, its steps, and skipping.

A power runs in two steps, "look" then "swap"; each function that moves it on
returns True while the power is still under way, and False once it is done (the
caller then ends the turn).

>>> from cambio_ref.rules import resolve
>>> from cambio_ref.state import new_round
>>> s = new_round(resolve("official"), 2, seed=3)
>>> fire_power(s, None, [])
False
"""

from __future__ import annotations

from cambio_ref.actions import Action, Look, Pos, PowerSwap, Skip
from cambio_ref.cards import Card
from cambio_ref.illegal import IllegalAction, check_slot, check_turn
from cambio_ref.state import POWER, Events, State
from cambio_ref.table import code, everyone, locked, seen_by

# -- targets --------------------------------------------------------------------


def look_targets(state: State) -> list[Pos]:
    """The cards the current power may still look at."""
    power, player, looked = state.power, state.current, state.power_looked
    assert power is not None
    scope = power.look_scope
    looked_owners = {o for o, _ in looked} if looked else set()
    if scope == "one-own-one-other" and looked:
        scope = "other" if player in looked_owners else "own"
    hidden = state.caller if not state.rules.caller_lookable else None
    own, other, different = scope == "own", scope == "other", scope == "different-owners"
    out: list[Pos] = []
    for owner, grid in enumerate(state.grids):
        if (own and owner != player) or (other and owner == player) \
                or (different and owner in looked_owners) or owner == hidden:
            continue
        for s, card in enumerate(grid):  # cards_of(state, owner), less those looked at
            if card is not None and (not looked or (owner, s) not in looked):
                out.append((owner, s))
    return out


def swap_sides(state: State) -> tuple[list[Pos], list[Pos]]:
    """The cards the current power's swap may move: the player's own, and the others'
    (only those looked at when the power must swap the card it looked at). Locked
    cards are left out. An any-two swap pairs any two of them; own-with-other pairs
    one of each side."""
    power, player = state.power, state.current
    assert power is not None
    own: list[Pos] = []
    other: list[Pos] = []
    looked_only = power.swap == "own-with-other" and power.swap_looked
    for o, grid in enumerate(state.grids):
        if locked(state, o, player):
            continue
        side = own if o == player else other
        for s, card in enumerate(grid):  # cards_of(state, o)
            if card is not None and (side is own or not looked_only or (o, s) in state.power_looked):
                side.append((o, s))
    return own, other


def swap_count(state: State, sides: tuple[list[Pos], list[Pos]] | None = None) -> int:
    """How many pairs the current power's swap may exchange (0 when it cannot swap);
    `sides` is `swap_sides(state)`, if the caller has it already."""
    power = state.power
    assert power is not None
    if power.swap == "none":
        return 0
    own, other = swap_sides(state) if sides is None else sides
    if power.swap == "own-with-other":
        return len(own) * len(other)
    if power.swap == "any-two":
        free = len(own) + len(other)
        return free * (free - 1) // 2
    return len(swap_pairs(state))


def swap_pairs(state: State) -> list[tuple[Pos, Pos]]:
    """Every pair the current power's swap may exchange, each as (lower, higher), sorted:
    one own and one other card, any two, any two of different owners, or exactly the
    two cards the power looked at."""
    power = state.power
    assert power is not None
    own, other = swap_sides(state)
    if power.swap == "own-with-other":
        return sorted((min(a, b), max(a, b)) for a in own for b in other)
    free = sorted(own + other)
    pairs = [(a, b) for i, a in enumerate(free) for b in free[i + 1:]]
    if power.swap == "different-owners":
        return [(a, b) for a, b in pairs if a[0] != b[0]]
    if power.swap == "looked-pair":
        looked = sorted(state.power_looked)
        return [(a, b) for a, b in pairs if [a, b] == looked]
    return pairs


def may_skip(state: State) -> bool:
    """True when the current power step may be declined: always, unless the rules make
    the step compulsory for this power (`power.optional`). A compulsory look binds
    only the first look; later ones are "up to" the power's count."""
    power = state.power
    assert power is not None
    if state.power_stage == "look":
        return not power.must_look or len(state.power_looked) >= 1
    return not power.must_swap


def swapper_sees(state: State) -> bool:
    """True when the current power's swap shows its player the two cards it moves
    (`info.power-swap-seen`: only powers that grant looks, under that rule)."""
    power = state.power
    assert power is not None
    return state.rules.swap_seen == "swapper-if-looking" and power.look > 0


def power_actions(state: State) -> list[Action]:
    """The current player's choices in the power step."""
    p = state.current
    out: list[Action] = []
    if state.power_stage == "look":
        out.extend(Look(p, o, s) for o, s in look_targets(state))
    else:
        out.extend(PowerSwap(p, a, b) for a, b in swap_pairs(state))
    if may_skip(state):
        out.append(Skip(p))
    return out


# -- checking -------------------------------------------------------------------


def check_power(state: State, action: Look | PowerSwap | Skip) -> None:
    """Raise IllegalAction unless `action` is a legal step of the current power."""
    check_turn(state, action, POWER)
    if isinstance(action, Look):
        if state.power_stage != "look":
            raise IllegalAction("E_WRONG_PHASE", "the power's looks are over")
        check_slot(state, action.owner, action.slot)
        if (action.owner, action.slot) not in look_targets(state):
            raise IllegalAction("E_POWER_TARGET", f"this power may not look at player"
                                f" {action.owner}'s slot {action.slot}")
    elif isinstance(action, PowerSwap):
        if state.power_stage != "swap":
            raise IllegalAction("E_WRONG_PHASE", "the power's swap comes after its looks")
        for owner, slot in (action.a, action.b):
            check_slot(state, owner, slot)
            if locked(state, owner, state.current):
                raise IllegalAction("E_LOCKED", f"player {owner} called; their cards are locked")
        if action.unordered not in swap_pairs(state):
            raise IllegalAction("E_POWER_TARGET", "this power may not swap those two cards")
    elif not may_skip(state):
        raise IllegalAction("E_POWER_REQUIRED", "this power must be used: the first look"
                            " and the swap cannot be declined")


# -- applying -------------------------------------------------------------------


def fire_power(state: State, card: Card | None, events: Events) -> bool:
    """Start the power of `card` (if it has one). A turn plays one card (one `do_play`), so
    at most one power fires in it: `powers_this_turn` only counts it, for the snapshot.

    True when a power is now under way; False when the turn goes on to its end.
    """
    power = state.flags.powers.get(card.code) if card is not None else None  # rules.power_of
    if power is None:
        return False
    assert card is not None
    state.powers_this_turn += 1
    state.power, state.power_stage, state.power_looked = power, "look", []
    state.phase = POWER
    if events is not None:
        events.append({"t": "power", "player": state.current, "card": card.code,
                       "visible_to": everyone(state)})
    return advance_power(state, events)


def _done(state: State, player: int, events: Events) -> bool:
    state.power = state.power_stage = None
    state.power_looked = []
    if events is not None:
        events.append({"t": "power_done", "player": player, "visible_to": everyone(state)})
    return False


def advance_power(state: State, events: Events) -> bool:
    """Move past power steps that are used up or have no possible target.

    True while the power is still under way."""
    power = state.power
    assert power is not None
    if state.power_stage == "look" and (len(state.power_looked) >= power.look
                                        or not look_targets(state)):
        state.power_stage = "swap"
    if state.power_stage == "swap" and (not swap_count(state)):
        return _done(state, state.current, events)
    return True


def do_power(state: State, action: Look | PowerSwap | Skip, events: Events) -> bool:
    """Apply one step of the current power. True while the power is still under way."""
    p = action.player
    if isinstance(action, Look):
        state.power_looked.append((action.owner, action.slot))
        state.known[action.owner][action.slot] |= 1 << p
        if events is not None:
            events.append({"t": "looked", "player": p, "owner": action.owner, "slot": action.slot,
                           "card": code(state.grids[action.owner][action.slot]),
                           "visible_to": seen_by(state, p)})
    elif isinstance(action, PowerSwap):
        (oa, sa), (ob, sb) = action.a, action.b
        ga, gb = state.grids[oa], state.grids[ob]
        ga[sa], gb[sb] = gb[sb], ga[sa]
        ka, kb = state.known[oa], state.known[ob]
        ka[sa], kb[sb] = kb[sb], ka[sa]
        seen: list[int] = []
        if state.rules.open_hands:
            seen = everyone(state)
        elif swapper_sees(state):
            ka[sa] |= 1 << p
            kb[sb] |= 1 << p
            seen = [p]
        if events is not None:
            events.append({"t": "power_swapped", "player": p, "a": [oa, sa], "b": [ob, sb],
                           "cards": [code(ga[sa]), code(gb[sb])], "visible_to": seen})
        state.power_stage = "done"
    else:
        if events is not None:
            events.append({"t": "skipped", "player": p, "step": state.power_stage,
                           "visible_to": everyone(state)})
        state.power_stage = "swap" if state.power_stage == "look" else "done"
    if state.power_stage == "done":
        return _done(state, p, events)
    return advance_power(state, events)
