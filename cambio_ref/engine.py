"""The rules engine: `legal_actions` and `apply` for one round.

`apply` checks an action completely before changing anything, so an illegal
action raises `IllegalAction` (with an error code from spec/errors.yaml and the
id of the rule it breaks) and leaves the state exactly as it was.

>>> from cambio_ref.rules import resolve
>>> from cambio_ref.state import new_round
>>> from cambio_ref.actions import Draw, Peek
>>> s = new_round(resolve("official"), 2, seed=3)
>>> legal_actions(s)[:2]
[Peek(player=0, slot=2), Peek(player=0, slot=3)]
>>> try:
...     apply(s, Draw(1))
... except IllegalAction as exc:
...     print(exc.code, exc.rule)
E_WRONG_PHASE core.turn-sequence
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

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
    sort_key,
)
from cambio_ref.cards import Card
from cambio_ref.catalogue import load_catalogue
from cambio_ref.errors import CambioError
from cambio_ref.scoring import score_hand
from cambio_ref.shuffle import shuffle
from cambio_ref.state import HAND, OVER, PEEK, POWER, TURN, Event, RoundResult, State, peek_count


class IllegalAction(CambioError):
    """An action the rules forbid now. `code` is from spec/errors.yaml; `rule` is
    the option or core rule it breaks."""

    def __init__(self, code: str, message: str, rule: str | None = None) -> None:
        errors = load_catalogue().errors
        if code not in errors:
            raise AssertionError(f"rejection code {code} is not in spec/errors.yaml")
        self.code = code
        self.rule = rule or errors[code].rule
        super().__init__(f"{code} ({self.rule}): {message}")


def _cards(state: State, player: int) -> list[int]:
    return [i for i, c in enumerate(state.grids[player]) if c is not None]


def _locked(state: State, owner: int) -> bool:
    return state.rules.caller_locked and state.caller == owner


def _visible(state: State, player: int) -> list[int]:
    if state.rules.open_hands:
        return list(range(state.n))
    return [player]


def _all(state: State) -> list[int]:
    return list(range(state.n))


# -- legal actions -------------------------------------------------------------


def _snap_targets(state: State, player: int) -> list[Pos]:
    rules = state.rules
    out: list[Pos] = []
    for owner in range(state.n):
        if (owner != player and not rules.snap_others) or _locked(state, owner):
            continue
        out.extend((owner, slot) for slot in _cards(state, owner))
    return out


def _can_snap(state: State, player: int) -> bool:
    return (state.window and not state.pending_give and state.phase != OVER
            and not (state.window_tried >> player) & 1 and not _locked(state, player)
            and (state.phase != PEEK or state.rules.peek_snap))


def snap_actions(state: State, player: int) -> Iterator[Snap]:
    """The snaps `player` may make now: every single card, and pairs under multi-burn.

    Larger burns are legal too but not listed (there are exponentially many).
    """
    if not _can_snap(state, player):
        return
    targets = _snap_targets(state, player)
    for t in targets:
        yield Snap(player, (t,))
    if state.rules.multi_burn:
        for i, a in enumerate(targets):
            for b in targets[i + 1:]:
                yield Snap(player, (a, b))


def _look_targets(state: State) -> list[Pos]:
    power, player = state.power, state.current
    assert power is not None
    out: list[Pos] = []
    for owner in range(state.n):
        if (power.look_scope == "own" and owner != player) or \
                (power.look_scope == "other" and owner == player):
            continue
        out.extend((owner, s) for s in _cards(state, owner) if (owner, s) not in state.power_looked)
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
    for o in range(state.n):
        if _locked(state, o):
            continue
        for s in _cards(state, o):
            if o == player:
                own.append((o, s))
            elif not looked_only or (o, s) in state.power_looked:
                other.append((o, s))
    return own, other


def swap_count(state: State) -> int:
    """How many pairs the current power's swap may exchange (0 when it cannot swap)."""
    power = state.power
    assert power is not None
    if power.swap == "none":
        return 0
    own, other = swap_sides(state)
    if power.swap == "own-with-other":
        return len(own) * len(other)
    free = len(own) + len(other)
    return free * (free - 1) // 2


def _swap_pairs(state: State) -> list[tuple[Pos, Pos]]:
    """Every pair the current power's swap may exchange, each as (lower, higher), sorted."""
    power = state.power
    assert power is not None
    own, other = swap_sides(state)
    if power.swap == "own-with-other":
        return sorted((min(a, b), max(a, b)) for a in own for b in other)
    free = sorted(own + other)
    return [(a, b) for i, a in enumerate(free) for b in free[i + 1:]]


def _turn_actions(state: State) -> list[Action]:
    """Actions of the player whose turn it is (or who may call at its end)."""
    rules, p = state.rules, state.current
    out: list[Action] = []
    if state.phase == PEEK:
        for q in range(state.n):
            out.extend(Peek(q, s) for s in _peek_slots(state, q))
    elif state.phase == TURN:
        out.append(Draw(p))
        if rules.take_discard and state.pile and _cards(state, p):
            out.append(Take(p))
        if rules.pass_turn:
            out.append(Pass(p))
        if state.caller is None:
            if rules.call_timing == "start-of-turn":
                out.append(Call(p))
            elif state.end_caller is not None:
                out.append(Call(state.end_caller))
    elif state.phase == HAND:
        out.extend(Swap(p, s) for s in _cards(state, p))
        if state.held_from == "deck":
            out.append(Discard(p))
    elif state.phase == POWER:
        if state.power_stage == "look":
            out.extend(Look(p, o, s) for o, s in _look_targets(state))
        else:
            out.extend(PowerSwap(p, a, b) for a, b in _swap_pairs(state))
        if _may_skip(state):
            out.append(Skip(p))
    return out


def _may_skip(state: State) -> bool:
    """Optional powers can always be declined; a mandatory power's looks after the
    first are "up to" its count (official §Q&A: Black King Mechanics), so only those."""
    return state.rules.optional_powers or (state.power_stage == "look"
                                           and len(state.power_looked) >= 1)


def legal_actions(state: State) -> list[Action]:
    """Every legal action now, of every player who may act, sorted (see actions.sort_key)."""
    if state.phase == OVER:
        return []
    if state.pending_give:
        snapper = state.pending_give[0][0]
        gives: list[Action] = [Give(snapper, s) for s in _cards(state, snapper)]
        if state.rules.give_card == "optional" or not gives:
            gives.insert(0, Give(snapper, None))
        return gives
    out = _turn_actions(state)
    if state.window and state.rules.snap:
        for q in range(state.n):
            out.extend(snap_actions(state, q))
    out.sort(key=sort_key)
    return out


# -- checking ------------------------------------------------------------------


def _check_slot(state: State, owner: int, slot: int) -> Card:
    if not 0 <= owner < state.n:
        raise IllegalAction("E_UNKNOWN_PLAYER", f"there is no player {owner}")
    grid = state.grids[owner]
    card = grid[slot] if 0 <= slot < len(grid) else None
    if card is None:
        raise IllegalAction("E_EMPTY_SLOT", f"player {owner} has no card in slot {slot}")
    return card


def _check_turn(state: State, action: Action, phase: str) -> None:
    if action.player != state.current:
        raise IllegalAction("E_NOT_YOUR_TURN", f"it is player {state.current}'s turn")
    if state.phase != phase:
        raise IllegalAction("E_WRONG_PHASE", f"{action.kind} is not possible in the"
                            f" {state.phase} step")


def check(state: State, action: Action) -> None:
    """Raise IllegalAction if `action` is illegal now; change nothing."""
    rules = state.rules
    if not 0 <= action.player < state.n:
        raise IllegalAction("E_UNKNOWN_PLAYER", f"there is no player {action.player}")
    if state.phase == OVER:
        raise IllegalAction("E_ROUND_OVER", "the round has been scored")
    if state.pending_give:
        snapper = state.pending_give[0][0]
        if not isinstance(action, Give) or action.player != snapper:
            raise IllegalAction("E_MUST_GIVE", f"player {snapper} must first give a card"
                                " (or decline) after their snap")
    if isinstance(action, Peek):
        if state.phase != PEEK:
            raise IllegalAction("E_WRONG_PHASE", "the opening peek is over")
        _check_slot(state, action.player, action.slot)
        if rules.peek == "closest-two" and action.slot not in (2, 3):
            raise IllegalAction("E_PEEK_SLOT", "only the two closest cards (slots 2 and 3)"
                                " may be looked at")
        if state.peeked[action.player].bit_count() >= peek_count() or \
                (state.peeked[action.player] >> action.slot) & 1:
            raise IllegalAction("E_PEEK_DONE", f"player {action.player} has already looked"
                                " at that card or at two cards")
    elif isinstance(action, Draw):
        _check_turn(state, action, TURN)
    elif isinstance(action, Take):
        _check_turn(state, action, TURN)
        if not rules.take_discard:
            raise IllegalAction("E_TAKE_FORBIDDEN", "this ruleset draws only from the deck")
        if not state.pile:
            raise IllegalAction("E_DISCARD_EMPTY", "the discard pile is empty")
        if not _cards(state, action.player):
            raise IllegalAction("E_MUST_SWAP", "a taken card must be swapped in, and the"
                                " player has no card to swap")
    elif isinstance(action, Pass):
        _check_turn(state, action, TURN)
        if not rules.pass_turn:
            raise IllegalAction("E_PASS_FORBIDDEN", "passing is not allowed")
    elif isinstance(action, Call):
        if state.caller is not None:
            raise IllegalAction("E_ALREADY_CALLED", f"player {state.caller} has already called")
        if rules.call_timing == "start-of-turn":
            if action.player != state.current:
                raise IllegalAction("E_NOT_YOUR_TURN", f"it is player {state.current}'s turn")
            if state.phase != TURN:
                raise IllegalAction("E_CALL_TIMING", "Cambio is called at the start of one's"
                                    " turn, instead of drawing")
        elif state.phase != TURN or action.player != state.end_caller:
            raise IllegalAction("E_CALL_TIMING", "Cambio is called at the end of one's own"
                                " turn, before the next player acts")
    elif isinstance(action, Swap):
        _check_turn(state, action, HAND)
        _check_slot(state, action.player, action.slot)
    elif isinstance(action, Discard):
        _check_turn(state, action, HAND)
        if state.held_from != "deck":
            raise IllegalAction("E_MUST_SWAP", "a card taken from the discard pile must be"
                                " swapped into the grid")
    elif isinstance(action, Look):
        _check_turn(state, action, POWER)
        if state.power_stage != "look":
            raise IllegalAction("E_WRONG_PHASE", "the power's looks are over")
        _check_slot(state, action.owner, action.slot)
        if (action.owner, action.slot) not in _look_targets(state):
            raise IllegalAction("E_POWER_TARGET", f"this power may not look at player"
                                f" {action.owner}'s slot {action.slot}")
    elif isinstance(action, PowerSwap):
        _check_turn(state, action, POWER)
        if state.power_stage != "swap":
            raise IllegalAction("E_WRONG_PHASE", "the power's swap comes after its looks")
        for owner, slot in (action.a, action.b):
            _check_slot(state, owner, slot)
            if _locked(state, owner):
                raise IllegalAction("E_LOCKED", f"player {owner} called; their cards are locked")
        pair = (min(action.a, action.b), max(action.a, action.b))
        if pair not in _swap_pairs(state):
            raise IllegalAction("E_POWER_TARGET", "this power may not swap those two cards")
    elif isinstance(action, Skip):
        _check_turn(state, action, POWER)
        if not _may_skip(state):
            raise IllegalAction("E_POWER_REQUIRED", "this power must be used: the first look"
                                " and the swap cannot be declined")
    elif isinstance(action, Snap):
        _check_snap(state, action)
    elif isinstance(action, Give):
        if not state.pending_give:
            raise IllegalAction("E_GIVE_FORBIDDEN", "there is no snapped gap to fill")
        if action.slot is None:
            if rules.give_card == "mandatory" and _cards(state, action.player):
                raise IllegalAction("E_MUST_GIVE", "a card must be given after a correct snap"
                                    " of another player's card")
        else:
            _check_slot(state, action.player, action.slot)


def _check_snap(state: State, action: Snap) -> None:
    rules, p = state.rules, action.player
    if not rules.snap:
        raise IllegalAction("E_SNAP_DISABLED", "this ruleset has no snapping")
    if state.phase == PEEK and not rules.peek_snap:
        raise IllegalAction("E_SNAP_DURING_PEEK", "no snapping during the opening peek")
    if not state.window:
        raise IllegalAction("E_NO_SNAP_WINDOW", "no discard is open to snapping now")
    if (state.window_tried >> p) & 1:
        raise IllegalAction("E_ALREADY_SNAPPED", f"player {p} has already tried this discard")
    if _locked(state, p):
        raise IllegalAction("E_LOCKED", "the caller's cards are locked; the caller cannot snap")
    if len(action.targets) > 1 and not rules.multi_burn:
        raise IllegalAction("E_SNAP_MULTI", "one card per snap")
    if len(set(action.targets)) != len(action.targets):
        raise IllegalAction("E_MALFORMED_ACTION", "a card is named twice")
    for owner, slot in action.targets:
        _check_slot(state, owner, slot)
        if owner != p and not rules.snap_others:
            raise IllegalAction("E_SNAP_OTHERS", "only your own cards may be snapped")
        if _locked(state, owner):
            raise IllegalAction("E_LOCKED", f"player {owner} called; their cards are locked")


# -- applying ------------------------------------------------------------------


def apply(state: State, action: Action) -> list[Event]:
    """Apply a legal action and return the events it caused; raise IllegalAction otherwise."""
    check(state, action)
    return play(state, action)


def play(state: State, action: Action) -> list[Event]:
    """Apply an action already known to be legal (drawn from `legal_actions` or
    `cambio_ref.policy.random_action`), skipping the check. Anything else: use `apply`."""
    events: list[Event] = []
    kind = type(action)
    _HANDLERS[kind](state, action, events)
    if (kind is Snap or kind is Give) and not state.pending_give:
        if state.phase == PEEK:
            _maybe_end_peek(state, events)
        elif state.phase == POWER:
            _advance_power(state, events)  # a snap may have taken the power's last target
    return events


def _do_peek(state: State, action: Peek, events: list[Event]) -> None:
    p, slot = action.player, action.slot
    state.peeked[p] |= 1 << slot
    state.known[p][slot] |= 1 << p
    events.append({"t": "peeked", "player": p, "owner": p, "slot": slot,
                   "card": _code(state.grids[p][slot]), "visible_to": _visible(state, p)})
    _maybe_end_peek(state, events)


def _peek_slots(state: State, player: int) -> list[int]:
    """Slots `player` may still look at in the opening peek (none once two are seen)."""
    mask = state.peeked[player]
    if mask.bit_count() >= peek_count():
        return []
    slots = (2, 3) if state.rules.peek == "closest-two" else (0, 1, 2, 3)
    return [s for s in slots if state.grids[player][s] is not None and not (mask >> s) & 1]


def _maybe_end_peek(state: State, events: list[Event]) -> None:
    """End the opening peek once nobody has a card left to look at (a card snapped
    away during the peek cannot be looked at)."""
    if state.phase != PEEK or state.pending_give:
        return
    if any(_peek_slots(state, q) for q in range(state.n)):
        return
    if state.pile and state.rules.snap and not state.window:
        _open_window(state, state.pile[-1])
    events.append({"t": "peek_over", "visible_to": _all(state)})
    _begin_turn(state, events)


def _code(card: Card | None) -> str | None:
    return None if card is None else card.code


def _close_window(state: State) -> None:
    state.window = False
    state.window_card = None
    state.window_won = 0
    state.window_tried = 0
    state.end_caller = None


def _open_window(state: State, card: Card) -> None:
    if state.rules.snap:
        state.window = True
        state.window_card = card
        state.window_won = 0
        state.window_tried = 0


def _refillable(state: State) -> bool:
    return len(state.pile) >= (2 if state.rules.reshuffle == "all-but-top" else 1)


def _draw_card(state: State, events: list[Event]) -> Card | None:
    """Take the top card of the deck, reshuffling the discard pile if it is empty."""
    if not state.deck:
        if not _refillable(state):
            return None
        keep = [state.pile.pop()] if state.rules.reshuffle == "all-but-top" else []
        state.reshuffles += 1
        new = shuffle(state.pile, state.seed, state.reshuffles)
        state.deck = new[::-1]
        state.pile = keep
        if state.window_card is not None and not keep:
            state.window = False
        events.append({"t": "reshuffled", "count": len(new), "order": [c.code for c in new],
                       "visible_to": []})
    return state.deck.pop()


def _do_turn_start(state: State, action: Draw | Take | Pass | Call, events: list[Event]) -> None:
    p = action.player
    if isinstance(action, Call) and state.rules.call_timing == "end-of-turn":
        state.caller = p
        state.final_left = state.n - 1
        state.end_caller = None
        events.append({"t": "called", "player": p, "visible_to": _all(state)})
        return
    _close_window(state)
    if isinstance(action, Draw):
        card = _draw_card(state, events)
        if card is None:  # penalties used up the cards since the turn began
            _finish(state, "deck-exhausted", events)
            return
        state.held, state.held_from = card, "deck"
        state.phase = HAND
        events.append({"t": "drew", "player": p, "card": card.code,
                       "visible_to": _visible(state, p)})
    elif isinstance(action, Take):
        card = state.pile.pop()
        state.held, state.held_from = card, "discard"
        state.phase = HAND
        events.append({"t": "took", "player": p, "card": card.code, "visible_to": _all(state)})
    elif isinstance(action, Pass):
        events.append({"t": "passed", "player": p, "visible_to": _all(state)})
        _end_turn(state, events)
    else:
        state.caller = p
        state.final_left = state.n - 1
        events.append({"t": "called", "player": p, "visible_to": _all(state)})
        _end_turn(state, events)


def _do_play(state: State, action: Swap | Discard, events: list[Event]) -> None:
    p, held, held_from = action.player, state.held, state.held_from
    assert held is not None
    state.held = state.held_from = None
    fires = None
    if isinstance(action, Swap):
        old = state.grids[p][action.slot]
        assert old is not None
        state.grids[p][action.slot] = held
        knowers = state.everyone if held_from == "discard" or state.rules.open_hands else 1 << p
        state.known[p][action.slot] = knowers
        events.append({"t": "swapped", "player": p, "slot": action.slot, "card": held.code,
                       "visible_to": _mask_list(state, knowers)})
        state.pile.append(old)
        events.append({"t": "discarded", "player": p, "card": old.code, "from": [p, action.slot],
                       "visible_to": _all(state)})
        _open_window(state, old)
        if held_from == "deck" and state.rules.power_trigger == "drawn-from-deck":
            fires = held
    else:
        state.pile.append(held)
        events.append({"t": "discarded", "player": p, "card": held.code, "from": None,
                       "visible_to": _all(state)})
        _open_window(state, held)
        fires = held
    power = state.rules.power_of(fires) if fires is not None else None
    if power is not None and state.powers_this_turn < 1:
        assert fires is not None
        state.powers_this_turn += 1
        state.power, state.power_stage, state.power_looked = power, "look", []
        state.phase = POWER
        events.append({"t": "power", "player": p, "card": fires.code, "visible_to": _all(state)})
        _advance_power(state, events)
    else:
        _end_turn(state, events)


def _mask_list(state: State, mask: int) -> list[int]:
    return [q for q in range(state.n) if (mask >> q) & 1]


def _advance_power(state: State, events: list[Event]) -> None:
    """Move past power steps that are used up or have no possible target."""
    power = state.power
    assert power is not None
    if state.power_stage == "look" and (len(state.power_looked) >= power.look
                                        or not _look_targets(state)):
        state.power_stage = "swap"
    if state.power_stage == "swap" and (not swap_count(state)):
        state.power = state.power_stage = None
        state.power_looked = []
        events.append({"t": "power_done", "player": state.current, "visible_to": _all(state)})
        _end_turn(state, events)


def _do_power(state: State, action: Look | PowerSwap | Skip, events: list[Event]) -> None:
    p = action.player
    if isinstance(action, Look):
        state.power_looked.append((action.owner, action.slot))
        state.known[action.owner][action.slot] |= 1 << p
        events.append({"t": "looked", "player": p, "owner": action.owner, "slot": action.slot,
                       "card": _code(state.grids[action.owner][action.slot]),
                       "visible_to": _visible(state, p)})
    elif isinstance(action, PowerSwap):
        (oa, sa), (ob, sb) = action.a, action.b
        ga, gb = state.grids[oa], state.grids[ob]
        ga[sa], gb[sb] = gb[sb], ga[sa]
        ka, kb = state.known[oa], state.known[ob]
        ka[sa], kb[sb] = kb[sb], ka[sa]
        events.append({"t": "power_swapped", "player": p, "a": [oa, sa], "b": [ob, sb],
                       "cards": [_code(ga[sa]), _code(gb[sb])],
                       "visible_to": _all(state) if state.rules.open_hands else []})
        state.power_stage = "done"
    else:
        events.append({"t": "skipped", "player": p, "step": state.power_stage,
                       "visible_to": _all(state)})
        if state.power_stage == "look":
            state.power_stage = "swap"
        else:
            state.power_stage = "done"
    if state.power_stage == "done":
        state.power = state.power_stage = None
        state.power_looked = []
        events.append({"t": "power_done", "player": p, "visible_to": _all(state)})
        _end_turn(state, events)
    else:
        _advance_power(state, events)


def _matches(state: State, card: Card) -> bool:
    target = state.window_card
    assert target is not None
    if state.rules.snap_match == "rank":
        return card.rank == target.rank
    return state.rules.points[card.code] == state.rules.points[target.code]


def _penalty_slot(state: State, player: int) -> int:
    grid = state.grids[player]
    if state.rules.penalty_slot == "lowest-empty-slot":
        for i, c in enumerate(grid):
            if c is None:
                return i
        return len(grid)
    used = [i for i, c in enumerate(grid) if c is not None]
    return max(4, (used[-1] + 1) if used else 0)


def _place(state: State, player: int, card: Card, knowers: int) -> int:
    slot = _penalty_slot(state, player)
    grid, known = state.grids[player], state.known[player]
    while len(grid) <= slot:
        grid.append(None)
        known.append(0)
    grid[slot] = card
    known[slot] = state.everyone if state.rules.open_hands else knowers
    return slot


def _penalty(state: State, player: int, events: list[Event]) -> None:
    card = _draw_card(state, events)
    if card is None:
        events.append({"t": "penalty_skipped", "player": player, "visible_to": _all(state)})
        return
    slot = _place(state, player, card, 0)
    events.append({"t": "penalty", "player": player, "slot": slot, "card": card.code,
                   "visible_to": _all(state) if state.rules.open_hands else []})


def _do_snap(state: State, action: Snap, events: list[Event]) -> None:
    rules, p = state.rules, action.player
    state.window_tried |= 1 << p
    cards = [state.grids[o][s] for o, s in action.targets]
    codes = [_code(c) for c in cards]
    targets = [[o, s] for o, s in action.targets]
    matching = all(c is not None and _matches(state, c) for c in cards)
    if matching and (rules.snap_limit == "unlimited" or state.window_won == 0):
        state.window_won += 1
        for o, s in action.targets:
            card = state.grids[o][s]
            assert card is not None
            state.pile.append(card)
            state.grids[o][s] = None
            state.known[o][s] = 0
        events.append({"t": "snapped", "player": p, "targets": targets, "cards": codes,
                       "visible_to": _all(state)})
        if rules.give_card != "none":
            state.pending_give = [(p, o, s) for o, s in action.targets if o != p]
            _skip_impossible_gives(state, events)
        return
    for o, s in action.targets:
        state.known[o][s] = state.everyone
    if matching:
        events.append({"t": "snap_late", "player": p, "targets": targets, "cards": codes,
                       "visible_to": _all(state)})
        if rules.late_snap == "penalty":
            _penalty(state, p, events)
        return
    events.append({"t": "snap_wrong", "player": p, "targets": targets, "cards": codes,
                   "visible_to": _all(state)})
    own = any(o == p for o, _ in action.targets)
    other = any(o != p for o, _ in action.targets)
    if other and rules.wrong_other == "take-and-penalty":
        for o, s in action.targets:
            if o == p:
                continue
            card = state.grids[o][s]
            assert card is not None
            state.grids[o][s] = None
            state.known[o][s] = 0
            slot = _place(state, p, card, state.everyone)
            events.append({"t": "took_wrong", "player": p, "from": [o, s], "slot": slot,
                           "card": card.code, "visible_to": _all(state)})
    if (own and rules.wrong_own == "return-and-penalty") or \
            (other and rules.wrong_other in ("return-and-penalty", "take-and-penalty")):
        _penalty(state, p, events)


def _skip_impossible_gives(state: State, events: list[Event]) -> None:
    while state.pending_give and not _cards(state, state.pending_give[0][0]):
        snapper, victim, slot = state.pending_give.pop(0)
        events.append({"t": "gave", "player": snapper, "slot": None, "to": [victim, slot],
                       "card": None, "visible_to": _all(state)})


def _do_give(state: State, action: Give, events: list[Event]) -> None:
    snapper, victim, vslot = state.pending_give.pop(0)
    card = None
    if action.slot is not None:
        card = state.grids[snapper][action.slot]
        state.grids[victim][vslot] = card
        state.known[victim][vslot] = state.known[snapper][action.slot]
        state.grids[snapper][action.slot] = None
        state.known[snapper][action.slot] = 0
    events.append({"t": "gave", "player": snapper, "slot": action.slot, "to": [victim, vslot],
                   "card": _code(card), "visible_to": _all(state) if state.rules.open_hands else []})
    _skip_impossible_gives(state, events)


# -- turns and the end of the round ---------------------------------------------


def _end_turn(state: State, events: list[Event]) -> None:
    if state.caller is not None and state.current != state.caller:
        state.final_left -= 1
        if state.final_left <= 0:
            _finish(state, "called", events)
            return
    ended = state.current
    state.current = state.next_seat(ended)
    if state.rules.call_timing == "end-of-turn" and state.caller is None:
        state.end_caller = ended
    _begin_turn(state, events)


def _begin_turn(state: State, events: list[Event]) -> None:
    rules = state.rules
    state.phase = TURN
    state.powers_this_turn = 0
    state.turns += 1
    if state.turns > rules.max_turns:
        _finish(state, "turn-limit", events)
        return
    if not state.deck and not _refillable(state):
        _finish(state, "deck-exhausted", events)
        return
    if rules.auto_call and state.caller is None and not _cards(state, state.current):
        state.caller = state.current
        state.final_left = state.n - 1
        state.end_caller = None
        _close_window(state)
        events.append({"t": "called", "player": state.current, "auto": True,
                       "visible_to": _all(state)})
        _end_turn(state, events)
        return
    events.append({"t": "turn", "player": state.current, "visible_to": _all(state)})


_HANDLERS: dict[type, Callable[[State, Any, list[Event]], None]] = {
    Peek: _do_peek, Draw: _do_turn_start, Take: _do_turn_start, Pass: _do_turn_start,
    Call: _do_turn_start, Swap: _do_play, Discard: _do_play, Look: _do_power,
    PowerSwap: _do_power, Skip: _do_power, Snap: _do_snap, Give: _do_give,
}


def round_result(state: State, reason: str) -> RoundResult:
    """Score the grids as they stand: raw totals, the caller's penalty, winners by tie rule."""
    rules = state.rules
    hands = [[c for c in g if c is not None] for g in state.grids]
    raw = [score_hand(h, rules).total for h in hands]
    scores = list(raw)
    caller = state.caller
    if caller is not None and rules.caller_penalty and \
            not (rules.empty_hand_exempt and not hands[caller]) and \
            any(raw[q] < raw[caller] for q in range(state.n) if q != caller):
        scores[caller] += rules.caller_penalty
    low = min(scores)
    tied = [q for q in range(state.n) if scores[q] == low]
    winners = tied
    if len(tied) > 1:
        if rules.tie == "caller-loses" and caller in tied:
            winners = [q for q in tied if q != caller]
        elif rules.tie == "caller-wins" and caller in tied:
            winners = [caller]
        elif rules.tie == "most-cards":
            most = max(len(hands[q]) for q in tied)
            winners = [q for q in tied if len(hands[q]) == most]
    return RoundResult(tuple(raw), tuple(scores), tuple(winners), caller, reason,
                       tuple(len(h) for h in hands))


def _finish(state: State, reason: str, events: list[Event]) -> None:
    state.phase = OVER
    state.held = state.held_from = None
    state.power = state.power_stage = None
    state.window = False
    state.pending_give = []
    state.result = result = round_result(state, reason)
    events.append({
        "t": "round_over", "reason": reason, "caller": result.caller,
        "grids": [[_code(c) for c in g] for g in state.grids],
        "raw": list(result.raw), "scores": list(result.scores), "winners": list(result.winners),
        "visible_to": _all(state),
    })
