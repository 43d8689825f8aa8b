"""The rules engine: `legal_actions` and `apply` for one round.

This module is the public face; the rules live in modules named for their
concept: `turn` (peek, draw, swap or discard, call), `powers`, `snapping`,
`drawing` (deck and reshuffle) and `ending` (scoring the round).

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

from collections.abc import Callable, Sequence
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
    PowerSwap,
    Skip,
    Snap,
    Swap,
    Take,
    sort_key,
)
from cambio_ref.ending import empty_hand_ends, round_result
from cambio_ref.illegal import IllegalAction
from cambio_ref.powers import (
    advance_power,
    check_power,
    do_power,
    look_targets,
    may_skip,
    swap_count,
    swap_pairs,
    swap_sides,
)
from cambio_ref.snapping import (
    check_give,
    check_snap,
    do_give,
    do_snap,
    give_actions,
    settle_race,
    snap_actions,
    snap_targets,
)
from cambio_ref.state import OVER, PEEK, POWER, TURN, Event, Events, State
from cambio_ref.table import is_out
from cambio_ref.turn import (
    check_call,
    check_peek,
    check_turn_action,
    do_peek,
    do_play,
    do_turn_start,
    end_turn,
    maybe_end_peek,
    turn_actions,
)

__all__ = [
    "IllegalAction", "apply", "check", "legal_actions", "legal_blocks", "look_targets", "may_skip",
    "play", "round_result", "snap_actions", "snap_targets", "step", "swap_count", "swap_pairs", "swap_sides",
]


def legal_actions(state: State) -> list[Action]:
    """Every legal action now, of every player who may act, sorted (see actions.sort_key)."""
    out: list[Action] = []
    for block in legal_blocks(state):
        out.extend(block)
    return out


def legal_blocks(state: State) -> list[Sequence[Action]]:
    """`legal_actions` in pieces, in order: lists of the actions built now, and each
    player's snaps as the tuple `cambio_ref.snapping.snap_block` remembers (the same
    object while the cards it names stay put, so what is made from it can be
    remembered too: `conformance.legal`). Joined, they are `legal_actions(state)`.

    >>> from cambio_ref.rules import resolve
    >>> from cambio_ref.state import new_round
    >>> s = new_round(resolve("online"), 2, seed=1)  # peeking, the first discard open
    >>> [len(block) for block in legal_blocks(s)], len(legal_actions(s))
    ([2, 8, 2, 8], 20)
    """
    if state.phase == OVER:
        return []
    if state.pending_give:
        return [give_actions(state)]
    out = turn_actions(state)
    out.sort(key=sort_key)
    if not (state.window and state.flags.snaps):
        return [out]
    # a player's snaps sort after their other actions (snap is the last kind but give,
    # and gives never meet snaps), and snap_actions lists them sorted: merge, not sort
    blocks: list[Sequence[Action]] = []
    i = 0
    for q in range(state.n):
        j = i
        while j < len(out) and out[j].player == q:
            j += 1
        if j > i:
            blocks.append(out[i:j])
            i = j
        snaps = snap_actions(state, q)
        if snaps:
            blocks.append(snaps)
    return blocks  # (every action is some seat's, so the loop took all of `out`)


def check(state: State, action: Action) -> None:
    """Raise IllegalAction if `action` is illegal now; change nothing."""
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
        check_peek(state, action)
    elif isinstance(action, Call):
        check_call(state, action)
    elif isinstance(action, (Draw, Take, Pass, Swap, Discard)):
        check_turn_action(state, action)
    elif isinstance(action, (Look, PowerSwap, Skip)):
        check_power(state, action)
    elif isinstance(action, Snap):
        check_snap(state, action)
    elif isinstance(action, Give):
        check_give(state, action)


def apply(state: State, action: Action) -> list[Event]:
    """Apply a legal action and return the events it caused; raise IllegalAction otherwise."""
    check(state, action)
    return play(state, action)


def play(state: State, action: Action) -> list[Event]:
    """Apply an action already known to be legal (drawn from `legal_actions` or
    `cambio_ref.policy.random_action`), skipping the check, and return the events it
    caused. Anything else: use `apply`."""
    events: list[Event] = []
    step(state, action, events)
    return events


def step(state: State, action: Action, events: Events = None) -> None:
    """`play` without building events, unless `events` is given (a list to append
    them to): the fast path of random play.

    >>> from cambio_ref.rules import resolve
    >>> from cambio_ref.state import new_round
    >>> from cambio_ref.actions import Peek
    >>> s = new_round(resolve("official"), 2, seed=3)
    >>> step(s, Peek(0, 2)); s.peeked
    [4, 0]
    """
    if type(action) is Snap:  # (type, not isinstance: the hot path; mypy narrows both)
        do_snap(state, action, events)
    elif type(action) is Give:
        do_give(state, action, events)
    else:
        if state.window_won:
            settle_race(state)
        _STEPS[type(action)](state, action, events)
        return
    if not state.pending_give:
        _after_snap(state, events)


def _after_snap(state: State, events: Events) -> None:
    """Once a snap (and any give it caused) is over: the round may end, the peek may
    be over, or the turn may pass."""
    if empty_hand_ends(state, events):
        return
    if state.phase == PEEK:
        maybe_end_peek(state, events)
    elif state.phase == POWER and not advance_power(state, events):
        end_turn(state, events)  # a snap took the power's last target
    elif state.phase == TURN and is_out(state, state.current):
        end_turn(state, events)  # snap.knock-out before acting: the turn passes at once


def _power_step(state: State, action: Look | PowerSwap | Skip, events: Events) -> None:
    if not do_power(state, action, events):
        end_turn(state, events)


# what `play` does for each kind of action other than snaps and gives
_STEPS: dict[type, Callable[[State, Any, Events], None]] = {
    Peek: do_peek, Draw: do_turn_start, Take: do_turn_start, Pass: do_turn_start,
    Call: do_turn_start, Swap: do_play, Discard: do_play, Look: _power_step,
    PowerSwap: _power_step, Skip: _power_step,
}
