"""Taking over an implementation's minimum snapshot (`conformance.resync.take_over`)."""

from __future__ import annotations

from typing import Any

from cambio_ref.actions import Discard, Draw, Skip, Snap, Swap
from cambio_ref.engine import apply, legal_actions
from cambio_ref.rules import Rules, resolve
from cambio_ref.state import OVER, POWER, TURN, State, new_round
from cambio_ref.views import view
from conformance.disagreement import with_values
from conformance.resync import MINIMUM, take_over

TURNS = 10  # (the fewest round.max-turns allows)


def _short() -> Rules:
    """online, but the round ends, by the turn limit, as its 10th turn does, and a card
    swapped out fires no power."""
    return with_values(resolve("online"), [("max_turns", TURNS),
                                           ("power_trigger", "discarded-from-deck")])


def _last_turn(seed: int) -> State:
    """A 2-player round under `_short` at the start of its last turn: past the opening
    peek, each turn before it swaps the card drawn into slot 0 (no power fires)."""
    state = new_round(_short(), players=2, seed=seed)
    while state.phase == "peek":
        apply(state, legal_actions(state)[0])
    for _ in range(TURNS - 1):
        apply(state, Draw(state.current))
        apply(state, Swap(state.current, 0))
    assert state.phase == TURN
    return state


def _going_on(state: State, action: Any, rules: Rules, seed: int) -> tuple[State, Any]:
    """`action` played on `state`, whose round it ends, by an implementation that goes on
    (its events without the round's end): the state taken over from its cards."""
    before = state.copy()
    events = [e for e in apply(state, action) if e["t"] != "round_over"]
    assert state.phase == OVER  # (the reference's round is over)
    snap = {k: v for k, v in state.snapshot().items() if k in MINIMUM}
    return take_over(snap, rules, seed, after=state, before=before, reply=events).state, events


def test_a_step_played_on_past_the_references_end_keeps_what_it_showed() -> None:
    # evanbrierton/cambio (issue 29): the reference ended the round at the turn limit,
    # the engine went on; the state taken over forgot that the swapping player had seen
    # the card it drew and swapped in, and its next view was reported as a leak
    state = _last_turn(1)
    p = state.current
    apply(state, Draw(p))
    drawn = state.held
    assert drawn is not None
    taken, _ = _going_on(state, Swap(p, 0), _short(), 1)
    assert taken.grids[p][0] == drawn
    assert view(taken, p)["grids"][p][0] == drawn.code  # (seen, and still shown to p)
    assert view(taken, 1 - p)["grids"][p][0] == "?"  # (the other player did not see it)


def test_a_power_ended_past_the_references_end_is_over_in_the_state_taken_over() -> None:
    # jason-s-yu/cambia (issue 29): a power declined on the last turn ended the reference's
    # round; the engine went on, with no turn event. The state taken over was the one
    # before the skip, its power still pending, so the reference offered the skip again
    # and reported the engine's refusal as a deviation. The turn ends with the power, as
    # the reference's own would have (a first fix left it to the same player, and the
    # reference then offered that player a new turn, which the engine refused)
    seed = next(s for s in range(40) if _power_on_last_turn(s) is not None)
    state = _power_on_last_turn(seed)
    assert state is not None and state.phase == POWER
    p = state.current
    taken, events = _going_on(state, Skip(p), _short(), seed)
    assert [e["t"] for e in events][-1] == "power_done"
    assert (taken.phase, taken.current, taken.power) == (TURN, 1 - p, None)
    assert not any(isinstance(a, Skip) or a.player == p for a in legal_actions(taken)
                   if not isinstance(a, Snap))


def _power_on_last_turn(seed: int) -> State | None:
    """The round of `seed` with a power pending on its last turn, if the card drawn
    then has one."""
    state = _last_turn(seed)
    apply(state, Draw(state.current))
    apply(state, Discard(state.current))
    return state if state.phase == POWER else None
