"""Snapping: the window a discard opens, snaps right, late and wrong, penalties,
and the card given back after snapping another player's card.

>>> from cambio_ref.rules import resolve
>>> from cambio_ref.state import new_round
>>> s = new_round(resolve("official"), 2, seed=3)
>>> s.window, list(snap_actions(s, 0))[:1]
(False, [])
"""

from __future__ import annotations

from cambio_ref.actions import Action, Give, Pos, Snap
from cambio_ref.cards import Card
from cambio_ref.drawing import draw_card
from cambio_ref.illegal import IllegalAction, check_slot
from cambio_ref.memo import by_value
from cambio_ref.state import OVER, PEEK, Event, Events, State
from cambio_ref.table import caller_bound, cards_of, code, everyone, is_out, locked

# -- the window ---------------------------------------------------------------


def open_window(state: State, card: Card) -> None:
    """Open snapping on `card`, just discarded by the player whose turn it is (when the
    rules snap at all). Without snapping but with the hand discard
    (turn.discard-from-hand), the window is that player's alone: every other seat
    counts as having tried it already.

    >>> from cambio_ref.cards import Card
    >>> from cambio_ref.rules import resolve
    >>> from cambio_ref.state import new_round
    >>> s = new_round(resolve("official"), 3, seed=3)
    >>> s.current = 1
    >>> open_window(s, Card.parse("7C")); s.window, bin(s.window_tried)
    (True, '0b101')
    """
    flags = state.flags
    if flags.snaps:
        state.window = True
        state.window_card = card
        state.window_won = 0
        state.window_tried = (state.everyone & ~(1 << state.current)) if flags.hand else 0
        state.window_winner = None


def close_window(state: State) -> None:
    """Close snapping: no discard is open to snaps."""
    state.window = False
    state.window_card = None
    state.window_won = 0
    state.window_tried = 0
    state.window_winner = None


def keeps_window(state: State, first: str) -> bool:
    """True when the open window survives the next turn's first action `first`
    (draw, take, pass or call), per `snap.window`. Taking the top discard always
    closes it: the card to match leaves the pile.

    >>> from cambio_ref.rules import resolve
    >>> from cambio_ref.state import new_round
    >>> s = new_round(resolve("online", {"snap_window": "until-next-draw"}), 2, seed=3)
    >>> keeps_window(s, "pass"), keeps_window(s, "draw"), keeps_window(s, "take")
    (True, False, False)
    """
    return first in state.flags.keeps_window


# -- what may be snapped --------------------------------------------------------


def snap_targets(state: State, player: int) -> list[Pos]:
    """The cards `player` may name in a snap (own, others' if allowed; never locked ones)."""
    others = state.flags.snap_others
    out: list[Pos] = []
    for owner, grid in enumerate(state.grids):
        if (owner != player and not others) or locked(state, owner, player):
            continue
        out += [(owner, slot) for slot, card in enumerate(grid) if card is not None]
    return out


def can_snap(state: State, player: int) -> bool:
    """True when `player` may snap now."""
    return (state.window and not state.pending_give and state.phase != OVER
            and not (state.window_tried >> player) & 1 and not caller_bound(state, player)
            and not is_out(state, player)
            and (state.rules.caller_snaps or state.caller != player)
            and (state.phase != PEEK or state.rules.peek_snap))


def snap_actions(state: State, player: int) -> tuple[Snap, ...]:
    """The snaps `player` may make now, sorted (as `cambio_ref.actions.sort_key` orders
    them): every single card, then pairs under multi-burn.

    Larger burns are legal too but not listed (there are exponentially many).
    """
    if not can_snap(state, player):
        return ()
    return snap_block(player, tuple(snap_targets(state, player)), state.flags.multi)


# The snaps `snap_block` keeps (about 110 bytes each, 7 MB in all). A block of 40 targets
# under multi-burn is 820 snaps, of 80 targets 3,240: 256 blocks (the bound before, by
# count) could keep 90 MB; `cambio serve` peaked at 101 MB with them in `cambio conform
# --seed 3`, at 65 MB with this bound (issue 33).
KEPT_SNAPS = 1 << 16


@by_value(limit=KEPT_SNAPS, weigh=len)
def snap_block(player: int, targets: tuple[Pos, ...], pairs: bool) -> tuple[Snap, ...]:
    """The snaps of `player` on `targets` (in table order), singles first, then (with
    `pairs`) every pair in order. The same targets recur from step to step, so the
    blocks are remembered (the actions are immutable).

    >>> snap_block(1, ((0, 2), (1, 0)), True)
    (Snap(player=1, targets=((0, 2),)), Snap(player=1, targets=((1, 0),)), \
Snap(player=1, targets=((0, 2), (1, 0))))
    """
    out = [Snap(player, (t,)) for t in targets]
    if pairs:
        out += [Snap(player, (a, b)) for i, a in enumerate(targets) for b in targets[i + 1:]]
    return tuple(out)


def give_actions(state: State) -> list[Action]:
    """The snapper's choices while a snapped gap waits for a card."""
    snapper = state.pending_give[0][0]
    gives: list[Action] = [Give(snapper, s) for s in cards_of(state, snapper)]
    if state.rules.give_card == "optional" or not gives:
        gives.insert(0, Give(snapper, None))
    return gives


# -- checking -------------------------------------------------------------------


def check_snap(state: State, action: Snap) -> None:
    """Raise IllegalAction unless `action` may be tried now (right or wrong)."""
    rules, p = state.rules, action.player
    if not action.targets:  # an empty snap would match vacuously and win the window
        raise IllegalAction("E_MALFORMED_ACTION", "a snap names at least one card")
    hand = state.flags.hand
    if not rules.snap and not hand:
        raise IllegalAction("E_SNAP_DISABLED", "this ruleset has no snapping")
    if hand and (not state.window or (state.window_tried >> p) & 1):
        raise IllegalAction("E_SNAP_DISABLED", "this ruleset has no snapping: only the player"
                            " who just discarded may lay one matching card of their own on the"
                            " pile, once, before the next player acts",
                            rule="turn.discard-from-hand")
    if state.phase == PEEK and not rules.peek_snap:
        raise IllegalAction("E_SNAP_DURING_PEEK", "no snapping during the opening peek")
    if not state.window:
        raise IllegalAction("E_NO_SNAP_WINDOW", "no discard is open to snapping now")
    if (state.window_tried >> p) & 1:
        raise IllegalAction("E_ALREADY_SNAPPED", f"player {p} has already tried this discard")
    if caller_bound(state, p):
        raise IllegalAction("E_LOCKED", "the caller's cards are locked; the caller cannot snap")
    if is_out(state, p):
        raise IllegalAction("E_LOCKED", f"player {p} is out of the round", rule="snap.knock-out")
    if not rules.caller_snaps and state.caller == p:
        raise IllegalAction("E_LOCKED", "the caller makes no more snaps", rule="snap.caller-snaps")
    if len(action.targets) > 1 and not state.flags.multi:
        raise IllegalAction("E_SNAP_MULTI", "one card per snap")
    if len(set(action.targets)) != len(action.targets):
        raise IllegalAction("E_MALFORMED_ACTION", "a card is named twice")
    for owner, slot in action.targets:
        check_slot(state, owner, slot)
        if owner != p and not state.flags.snap_others:
            raise IllegalAction("E_SNAP_OTHERS", "only your own cards may be snapped")
        if locked(state, owner, p):
            raise IllegalAction("E_LOCKED", f"player {owner} called; their cards are locked")


def check_give(state: State, action: Give) -> None:
    """Raise IllegalAction unless `action` fills (or declines) the waiting gap."""
    if not state.pending_give:
        raise IllegalAction("E_GIVE_FORBIDDEN", "there is no snapped gap to fill")
    if action.slot is None:
        if state.rules.give_card == "mandatory" and cards_of(state, action.player):
            raise IllegalAction("E_MUST_GIVE", "a card must be given after a correct snap"
                                " of another player's card")
    else:
        check_slot(state, action.player, action.slot)


# -- applying -------------------------------------------------------------------


def matches(state: State, card: Card) -> bool:
    """True when `card` matches the open discard (by rank or by value, per the rules)."""
    target = state.window_card
    assert target is not None
    if state.rules.snap_match == "rank":
        return card.rank == target.rank
    return state.rules.points[card.code] == state.rules.points[target.code]


def within_limit(state: State, player: int) -> bool:
    """True when a correct snap by `player` on the open discard may still succeed
    (`snap.limit`). Each turn makes one discard, so "per turn" limits count the
    snaps on that turn's discard.

    >>> from cambio_ref.rules import resolve
    >>> from cambio_ref.state import new_round
    >>> s = new_round(resolve("hearts"), 2, seed=3)
    >>> s.window_won, s.window_winner = 1, 0
    >>> within_limit(s, 0), within_limit(s, 1)
    (True, False)
    """
    limit = state.rules.snap_limit
    if state.flags.hand:  # (turn.discard-from-hand: one card, once)
        return state.window_won == 0
    if limit in ("one-player-per-turn", "once-per-card"):
        return state.window_won == 0 or state.window_winner == player
    if limit == "one-per-turn":
        return state.window_won == 0
    return True


def settle_race(state: State) -> None:
    """Under `snap.limit=once-per-card`, once play moves on after a correct snap, the
    snapped card on top of the pile is a card of its own, open to one snap: the
    window moves to it. Snaps that arrive before that raced for the card below."""
    if state.window and state.window_won and state.rules.snap_limit == "once-per-card" \
            and state.rules.snap:
        open_window(state, state.pile[-1])


def penalty_slot(state: State, player: int) -> int:
    """Where a card added to `player`'s grid goes."""
    grid = state.grids[player]
    if state.rules.penalty_slot == "lowest-empty-slot":
        for i, c in enumerate(grid):
            if c is None:
                return i
        return len(grid)
    used = [i for i, c in enumerate(grid) if c is not None]
    return max(4, (used[-1] + 1) if used else 0)


def place(state: State, player: int, card: Card, knowers: int) -> int:
    """Add `card` to `player`'s grid, known to `knowers` (a seat mask); return its slot."""
    slot = penalty_slot(state, player)
    grid, known = state.grids[player], state.known[player]
    while len(grid) <= slot:
        grid.append(None)
        known.append(0)
    grid[slot] = card
    known[slot] = state.everyone if state.rules.open_hands else knowers
    return slot


def penalty(state: State, player: int, events: Events) -> None:
    """Deal `player` one unseen penalty card (skipped when no card can be drawn)."""
    card = draw_card(state, events)
    if card is None:
        if events is not None:
            events.append({"t": "penalty_skipped", "player": player, "visible_to": everyone(state)})
        return
    slot = place(state, player, card, 0)
    if events is not None:
        events.append({"t": "penalty", "player": player, "slot": slot, "card": card.code,
                       "visible_to": everyone(state) if state.rules.open_hands else []})


def _snap_event(state: State, t: str, action: Snap, cards: list[Card | None]) -> Event:
    """The public event of a snap: its targets and the cards that were there."""
    return {"t": t, "player": action.player, "targets": [[o, s] for o, s in action.targets],
            "cards": [code(c) for c in cards], "visible_to": everyone(state)}


def do_snap(state: State, action: Snap, events: Events) -> None:
    """Apply a snap: right (cards to the pile), late, or wrong (with its penalty)."""
    rules, p = state.rules, action.player
    state.window_tried |= 1 << p
    cards = [state.grids[o][s] for o, s in action.targets]
    matching = all(c is not None and matches(state, c) for c in cards)
    if matching and within_limit(state, p):
        state.window_won += 1
        state.window_winner = p
        if within_limit(state, p):  # a correct snap is no retry: where the limit lets
            state.window_tried &= ~(1 << p)  # its player snap again, they may (core.one-attempt)
        for o, s in action.targets:
            card = state.grids[o][s]
            assert card is not None
            state.pile.append(card)
            state.grids[o][s] = None
            state.known[o][s] = 0
        if events is not None:
            events.append(_snap_event(state, "snapped", action, cards))
        if rules.give_card != "none":
            state.pending_give = [(p, o, s) for o, s in action.targets if o != p]
            skip_impossible_gives(state, events)
        return
    for o, s in action.targets:
        state.known[o][s] = state.everyone
    if matching:
        if events is not None:
            events.append(_snap_event(state, "snap_late", action, cards))
        for _ in range(rules.params.get("late_snap", {}).get("penalty_cards", 0)):
            penalty(state, p, events)
        knock_out(state, p)
        return
    if events is not None:
        events.append(_snap_event(state, "snap_wrong", action, cards))
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
            slot = place(state, p, card, state.everyone)
            if events is not None:
                events.append({"t": "took_wrong", "player": p, "from": [o, s], "slot": slot,
                               "card": card.code, "visible_to": everyone(state)})
    costs = [rules.params.get(key, {}).get("penalty_cards", 0)
             for key, hit in (("wrong_own", own), ("wrong_other", other)) if hit]
    for _ in range(max(costs, default=0)):
        penalty(state, p, events)
    knock_out(state, p)


def knock_out(state: State, player: int) -> None:
    """Put `player` out of the round if penalties left them more cards than
    snap.knock-out allows (its `max_cards`); no limit, no effect."""
    limit = state.rules.params.get("knock_out", {}).get("max_cards")
    if limit is not None and len(cards_of(state, player)) > limit:
        state.knocked_out |= 1 << player
        if state.end_caller == player:  # an out player cannot call
            state.end_caller = None


def skip_impossible_gives(state: State, events: Events) -> None:
    """Drop waiting gives of a snapper who has no card left to give."""
    while state.pending_give and not cards_of(state, state.pending_give[0][0]):
        snapper, victim, slot = state.pending_give.pop(0)
        if events is not None:
            events.append({"t": "gave", "player": snapper, "slot": None, "to": [victim, slot],
                           "card": None, "visible_to": everyone(state)})


def do_give(state: State, action: Give, events: Events) -> None:
    """Move the given card into the snapped gap (or record the decline)."""
    snapper, victim, vslot = state.pending_give.pop(0)
    card = None
    if action.slot is not None:
        card = state.grids[snapper][action.slot]
        state.grids[victim][vslot] = card
        state.known[victim][vslot] = state.known[snapper][action.slot]
        state.grids[snapper][action.slot] = None
        state.known[snapper][action.slot] = 0
    if events is not None:
        events.append({"t": "gave", "player": snapper, "slot": action.slot, "to": [victim, vslot],
                       "card": code(card),
                       "visible_to": everyone(state) if state.rules.open_hands else []})
    skip_impossible_gives(state, events)
