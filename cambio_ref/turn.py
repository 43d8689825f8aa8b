"""The turn: the opening peek, drawing or taking, swapping or discarding, calling,
and moving on to the next player.

>>> from cambio_ref.rules import resolve
>>> from cambio_ref.state import new_round
>>> s = new_round(resolve("official"), 2, seed=3)
>>> peek_slots(s, 0)
[2, 3]
"""

from __future__ import annotations

from cambio_ref.actions import Action, Call, Discard, Draw, Pass, Peek, Swap, Take
from cambio_ref.drawing import deck_exhausted, draw_card
from cambio_ref.ending import finish
from cambio_ref.flags import grid_size
from cambio_ref.illegal import IllegalAction, check_slot, check_turn
from cambio_ref.powers import fire_power, power_actions
from cambio_ref.scoring import hand_total
from cambio_ref.snapping import close_window, keeps_window, open_window
from cambio_ref.state import HAND, PEEK, POWER, TURN, Event, Events, State
from cambio_ref.table import cards_of, code, everyone, in_play, is_out, mask_list, seen_by

# -- legal actions --------------------------------------------------------------


def peek_choices(state: State) -> tuple[int, ...]:
    """The slots the opening peek may look at: the two closest, or any of the cards dealt.
    Never a penalty slot (4 and up): the peek is of the hand as dealt (awareness §Play 1),
    and a penalty card is not looked at (awareness §Play 4), so `check_peek` and
    `peek_positions` both use this."""
    return state.flags.peek_slots  # closest-two's slots (spec/options/setup.yaml), or all


def peek_slots(state: State, player: int) -> list[int]:
    """Slots `player` may still look at in the opening peek (none once two are seen):
    `player`'s part of `peek_positions`."""
    return [s for q, s in peek_positions(state) if q == player]


def peek_positions(state: State) -> list[tuple[int, int]]:
    """Every (player, slot) the opening peek may still look at, by player then slot:
    `peek_slots` of each player.

    >>> from cambio_ref.rules import resolve
    >>> from cambio_ref.state import new_round
    >>> peek_positions(new_round(resolve("official"), 2, seed=3))
    [(0, 2), (0, 3), (1, 2), (1, 3)]
    """
    limit, choices, grids = state.flags.peek_count, peek_choices(state), state.grids
    out = []
    for q, mask in enumerate(state.peeked):
        if mask.bit_count() < limit:
            grid = grids[q]
            for s in choices:
                if grid[s] is not None and not (mask >> s) & 1:
                    out.append((q, s))
    return out


def turn_actions(state: State) -> list[Action]:
    """Actions of the player whose turn it is (or who may call at its end)."""
    rules, p = state.rules, state.current
    out: list[Action] = []
    if state.phase == PEEK:
        out.extend(Peek(q, s) for q, s in peek_positions(state))
    elif state.phase == TURN:
        out.append(Draw(p))
        if rules.take_discard and state.pile and cards_of(state, p):
            out.append(Take(p))
        if rules.pass_turn:
            out.append(Pass(p))
        if state.caller is None:
            if rules.call_timing == "start-of-turn":
                caller: int | None = p
            else:
                caller = state.end_caller
            if caller is not None and call_refusal(state, caller) is None:
                out.append(Call(caller))
    elif state.phase == HAND:
        out.extend(Swap(p, s) for s in cards_of(state, p))
        if state.held_from == "deck":
            out.append(Discard(p))
    elif state.phase == POWER:
        out.extend(power_actions(state))
    return out


# -- checking -------------------------------------------------------------------


def check_peek(state: State, action: Peek) -> None:
    """Raise IllegalAction unless `action` is a legal look of the opening peek."""
    if state.phase != PEEK:
        raise IllegalAction("E_WRONG_PHASE", "the opening peek is over")
    check_slot(state, action.player, action.slot)
    choices = peek_choices(state)
    if action.slot not in choices:
        raise IllegalAction("E_PEEK_SLOT", "only the closest cards (slots"
                            f" {' and '.join(map(str, choices))}) may be looked at"
                            if state.rules.peek == "closest-two" else
                            f"only the cards dealt (slots 0-{grid_size() - 1}) may be looked"
                            " at, not a penalty card")
    limit = state.flags.peek_count
    if state.peeked[action.player].bit_count() >= limit or \
            (state.peeked[action.player] >> action.slot) & 1:
        raise IllegalAction("E_PEEK_DONE", f"player {action.player} has already looked"
                            f" at that card or at {limit} cards")


def check_call(state: State, action: Call) -> None:
    """Raise IllegalAction unless `action.player` may call Cambio now."""
    if state.caller is not None:
        raise IllegalAction("E_ALREADY_CALLED", f"player {state.caller} has already called")
    if state.rules.call_timing == "start-of-turn":
        if action.player != state.current:
            raise IllegalAction("E_NOT_YOUR_TURN", f"it is player {state.current}'s turn")
        if state.phase != TURN:
            raise IllegalAction("E_CALL_TIMING", "Cambio is called at the start of one's"
                                " turn, instead of drawing")
    elif state.phase != TURN or action.player != state.end_caller:
        raise IllegalAction("E_CALL_TIMING", "Cambio is called at the end of one's own"
                            " turn, before the next player acts")
    refusal = call_refusal(state, action.player)
    if refusal is not None:
        raise refusal


def call_round(state: State) -> int:
    """The round of turns (from 1) of the turn a call would belong to: the turn now
    starting, or under end-of-turn calling the turn that has just ended.

    >>> from cambio_ref.rules import resolve
    >>> from cambio_ref.state import new_round
    >>> s = new_round(resolve("online"), 3, seed=1)
    >>> s.turns = 4
    >>> call_round(s), call_round(new_round(resolve("memory"), 3, seed=1))
    (2, 1)
    """
    turn = state.turns - (1 if state.flags.end_call else 0)
    return max(0, turn - 1) // state.n + 1


def call_refusal(state: State, player: int) -> IllegalAction | None:
    """Why `player` may not call now under call.from-round or call.points-limit, if so."""
    rules = state.rules
    if is_out(state, player):
        return IllegalAction("E_LOCKED", f"player {player} is out of the round",
                             rule="snap.knock-out")
    if rules.call_from_round > 1 and call_round(state) < rules.call_from_round:  # round >= 1
        return IllegalAction("E_CALL_TOO_EARLY", f"Cambio may be called from round"
                             f" {rules.call_from_round} of turns on; this is round"
                             f" {call_round(state)}")
    limit = state.flags.call_limit
    if limit is not None:
        hand = [c for c in state.grids[player] if c is not None]
        points = hand_total(hand, rules)
        if points > limit:
            return IllegalAction("E_CALL_POINTS", f"the caller's cards are worth {points},"
                                 f" more than {limit}")
    return None


def start_final_round(state: State, player: int, events: Events, *,
                      auto: bool = False) -> None:
    """`player` calls: count the turns left (call.final-turns) and tell everyone.

    Under ``everyone-once`` the caller plays once more too; a call made instead of
    drawing (or automatically) still has its own turn to end, which counts as well.
    """
    flags = state.flags
    left = state.n - 1
    if flags.everyone_once:
        left = state.n + (0 if flags.end_call and not auto else 1)
    state.caller = player
    state.final_left = left
    state.end_caller = None
    if events is not None:
        event: Event = {"t": "called", "player": player}
        if auto:
            event["auto"] = True
        event["visible_to"] = everyone(state)
        events.append(event)


def check_turn_action(state: State, action: Draw | Take | Pass | Swap | Discard) -> None:
    """Raise IllegalAction unless `action` is a legal draw, take, pass, swap or discard."""
    rules = state.rules
    if isinstance(action, (Draw, Take, Pass)):
        check_turn(state, action, TURN)
    else:
        check_turn(state, action, HAND)
    if isinstance(action, Take):
        if not rules.take_discard:
            raise IllegalAction("E_TAKE_FORBIDDEN", "this ruleset draws only from the deck")
        if not state.pile:
            raise IllegalAction("E_DISCARD_EMPTY", "the discard pile is empty")
        if not cards_of(state, action.player):
            raise IllegalAction("E_MUST_SWAP", "a taken card must be swapped in, and the"
                                " player has no card to swap")
    elif isinstance(action, Pass):
        if not rules.pass_turn:
            raise IllegalAction("E_PASS_FORBIDDEN", "passing is not allowed")
    elif isinstance(action, Swap):
        check_slot(state, action.player, action.slot)
    elif isinstance(action, Discard) and state.held_from != "deck":
        raise IllegalAction("E_MUST_SWAP", "a card taken from the discard pile must be"
                            " swapped into the grid")


# -- applying -------------------------------------------------------------------


def do_peek(state: State, action: Peek, events: Events) -> None:
    """Look at one of one's own cards in the opening peek."""
    p, slot = action.player, action.slot
    state.peeked[p] |= 1 << slot
    state.known[p][slot] |= 1 << p
    if events is not None:
        events.append({"t": "peeked", "player": p, "owner": p, "slot": slot,
                       "card": code(state.grids[p][slot]), "visible_to": seen_by(state, p)})
    maybe_end_peek(state, events)


def maybe_end_peek(state: State, events: Events) -> None:
    """End the opening peek once nobody has a card left to look at (a card snapped
    away during the peek cannot be looked at). Called in the peek only, never while a
    give is pending (a peek is refused then, and a snap's give ends before this)."""
    if peek_positions(state):
        return
    if state.pile and state.rules.snap and not state.window:
        open_window(state, state.pile[-1])
    if events is not None:
        events.append({"t": "peek_over", "visible_to": everyone(state)})
    begin_turn(state, events)


def do_turn_start(state: State, action: Draw | Take | Pass | Call, events: Events) -> None:
    """Begin a turn by drawing, taking the discard, passing or calling."""
    p = action.player
    kind = type(action)
    if kind is Call and state.flags.end_call:
        start_final_round(state, p, events)
        return
    state.end_caller = None
    if not keeps_window(state, action.kind):
        close_window(state)
    if kind is Draw:
        card = draw_card(state, events)
        if card is None:  # penalties used up the cards since the turn began
            finish(state, "deck-exhausted", events)
            return
        state.held, state.held_from = card, "deck"
        state.phase = HAND
        if events is not None:
            events.append({"t": "drew", "player": p, "card": card.code,
                           "visible_to": seen_by(state, p)})
    elif kind is Take:
        card = state.pile.pop()
        state.held, state.held_from = card, "discard"
        state.phase = HAND
        if events is not None:
            events.append({"t": "took", "player": p, "card": card.code,
                           "visible_to": everyone(state)})
    elif kind is Pass:
        if events is not None:
            events.append({"t": "passed", "player": p, "visible_to": everyone(state)})
        end_turn(state, events)
    else:
        start_final_round(state, p, events)
        end_turn(state, events)


def do_play(state: State, action: Swap | Discard, events: Events) -> None:
    """Swap the held card into the grid or discard it; a discarded power card fires."""
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
        if events is not None:
            events.append({"t": "swapped", "player": p, "slot": action.slot, "card": held.code,
                           "visible_to": mask_list(state, knowers)})
        state.pile.append(old)
        if events is not None:
            events.append({"t": "discarded", "player": p, "card": old.code,
                           "from": [p, action.slot], "visible_to": everyone(state)})
        open_window(state, old)
        if held_from == "deck" and state.flags.fire_drawn:
            fires = held
        elif state.flags.fire_swapped_out:
            fires = old
    else:
        state.pile.append(held)
        if events is not None:
            events.append({"t": "discarded", "player": p, "card": held.code, "from": None,
                           "visible_to": everyone(state)})
        open_window(state, held)
        fires = held
    if not fire_power(state, fires, events):
        end_turn(state, events)


def end_turn(state: State, events: Events) -> None:
    """Count down the final round after a call, then pass the turn on."""
    if state.caller is not None and (state.current != state.caller or state.flags.everyone_once):
        state.final_left -= 1
        if state.final_left <= 0:
            finish(state, "called", events)
            return
    ended = state.current
    state.current = state.next_seat(ended)
    if state.flags.end_call and state.caller is None:
        state.end_caller = None if is_out(state, ended) else ended  # snap.knock-out
    begin_turn(state, events)


def begin_turn(state: State, events: Events) -> None:
    """Start the current player's turn (or end the round if it cannot go on)."""
    rules = state.rules
    state.phase = TURN
    if (state.knocked_out >> state.current) & 1:  # is_out: snap.knock-out passes the turn
        if len(in_play(state)) == state.n:  # everyone is out
            finish(state, "knocked-out", events)
        else:
            end_turn(state, events)
        return
    state.powers_this_turn = 0
    state.turns += 1
    if state.turns > rules.max_turns:
        finish(state, "turn-limit", events)
        return
    if not state.deck and deck_exhausted(state):
        finish(state, "deck-exhausted", events)
        return
    if rules.auto_call and state.caller is None and not cards_of(state, state.current):
        state.end_caller = None
        if not keeps_window(state, "call"):
            close_window(state)
        start_final_round(state, state.current, events, auto=True)
        end_turn(state, events)
        return
    if events is not None:
        events.append({"t": "turn", "player": state.current, "visible_to": everyone(state)})
