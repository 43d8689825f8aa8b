"""Fuzzing reaches rare states on purpose (issue 32, fuzzing's reach): a default-budget
run's drawing (the default targets and number of games, seed 1) sends, in the state
each rare one names, the action that tells two rules apart there.

The games are drawn as the run draws them against an implementation that never
differs from the reference (`Runner.draw_shard`), without the lock-step; only the
shards that hold each aim's row of the covering array are drawn. Each state is told
here from the rules alone, not by the aims' own code.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from cambio_ref.rules import resolve
from cambio_ref.state import POWER, TURN, State, new_round
from conformance.aims import AIMS, PAIR_AIMS, Steer, fitting, rows_of, steer_for
from conformance.conform import DEFAULT_FUZZ, Item, Runner, plan
from conformance.covering import uncovered
from conformance.draws import cover_factors, cover_rows
from conformance.fuzz import Drawn
from conformance.harness import Driver, parse_impl
from conformance.protocol import Support
from conformance.shards import SHARD_GAMES
from conformance.targets import targets

SEED = 1

# (the state the action before was sent in, that action, the state now, the action)
# -> True when the action is sent in the rare state
Reached = Callable[[State, Any, State, Any], bool]


def _cards(state: State, seat: int) -> int:
    return sum(card is not None for card in state.grids[seat])


def knocked_out_calls(before: State, last: Any, state: State, action: Any) -> bool:
    """A call by a player out of the round (snap.knock-out) while nobody has called,
    under end-of-turn calling (call.timing), right after its snap made at the end of its
    own turn (while it was the one who might call): an out player has no turn to call at
    the end of, and is out; the two refuse it with different codes."""
    seat = action.get("player")
    return (action.get("t") == "call" and isinstance(seat, int) and 0 <= seat < state.n
            and state.rules.knock_out != "never" and state.rules.call_timing == "end-of-turn"
            and bool(state.knocked_out >> seat & 1) and state.caller is None
            and isinstance(last, dict) and last.get("t") == "snap" and last.get("player") == seat
            and before.end_caller == seat and not before.knocked_out >> seat & 1)


def empty_hand_takes(before: State, last: Any, state: State, action: Any) -> bool:
    """A take of the discard (turn.take-discard allows it) by the player whose turn it
    is, with no card in hand to swap it for, the pile holding a card."""
    seat = action.get("player")
    return (action.get("t") == "take" and state.rules.take_discard and state.phase == TURN
            and seat == state.current and _cards(state, seat) == 0 and bool(state.pile))


def swaps_off_the_grid(before: State, last: Any, state: State, action: Any) -> bool:
    """A power swap in a power's swap step naming the slot one past the end of a grid
    whose last slot holds a card."""
    if action.get("t") != "power_swap" or state.phase != POWER or state.power_stage != "swap":
        return False
    for pos in (action.get("a"), action.get("b")):
        if isinstance(pos, list) and len(pos) == 2 and all(type(v) is int for v in pos) \
                and 0 <= pos[0] < state.n and pos[1] == len(state.grids[pos[0]]) \
                and state.grids[pos[0]][-1] is not None:
            return True
    return False


STATES: dict[str, Reached] = {"knocked-out-caller": knocked_out_calls,
                              "empty-hand-take": empty_hand_takes,
                              "off-grid-swap": swaps_off_the_grid}


def reached(drawn: Drawn, state_of: Reached) -> bool:
    """True when the game sends an action in the rare state (`Drawn.known` entry *i* is
    the state action *i* is sent in)."""
    states = [known[1] for known in drawn.known]
    return any(isinstance(action, dict)
               and state_of(states[i - 1], drawn.actions[i - 1], states[i], action)
               for i, action in enumerate(drawn.actions) if i > 0)


@pytest.fixture(scope="module")
def default_run() -> Iterator[tuple[Runner, list[Item]]]:
    driver = Driver(parse_impl("python:conformance.serve:ReferenceEngine"))
    runner = Runner(driver, seed=SEED, shrink_seconds=0)
    hello = runner.start()
    try:
        yield runner, plan(targets([], hello.rules), cases={}, fuzz=DEFAULT_FUZZ)
    finally:
        runner.close()


def test_every_aim_names_a_state_this_test_tells() -> None:
    assert sorted(STATES) == sorted(aim.name for aim in AIMS)


def test_the_aims_rows_come_first_in_the_covering_array() -> None:
    support = Support()
    factors = cover_factors(support, listed=False)
    rows = cover_rows(support, False, SEED)
    wanted = rows_of(support, [k for k, _ in factors])
    # knock-outs with end-of-turn calling, snapping and a penalty: in one game
    assert {"knock_out": "above-six", "call_timing": "end-of-turn",
            "snap": True}.items() <= wanted[0].items()
    assert len(wanted) == sum(1 for aim in AIMS if aim.needs)
    for row, want in zip(rows, wanted, strict=False):
        assert want.items() <= row.items()
    assert uncovered(rows, factors) == [] and len(rows) <= DEFAULT_FUZZ


def test_the_pair_aims_rows_come_after_every_other_row() -> None:
    # appended, they leave every earlier row, so every game an earlier row gives, as it was
    support = Support()
    factors = cover_factors(support, listed=False)
    rows = cover_rows(support, False, SEED)
    late = rows_of(support, [k for k, _ in factors], PAIR_AIMS)
    assert len(late) == len(PAIR_AIMS) and rows[-len(late):] == late
    assert uncovered(rows[:-len(late)], factors) == []
    assert len(rows) <= DEFAULT_FUZZ  # (each row still has a game of its own)


def test_a_pair_aim_steers_only_the_games_of_its_row() -> None:
    # rules that fit the aim toward a card owed while a player is out, but are not its
    # row: the steering, and what it draws from the game's generator, are as without it
    partial = resolve("hearts(give_card=mandatory,snap_others=true,knock_out=above-six)")
    aim = PAIR_AIMS[0]
    assert aim.fits(partial)
    for seed in range(20):
        with_late, without = random.Random(seed), random.Random(seed)
        state = new_round(partial, 3, seed=seed)
        one, other = steer_for(state, with_late), steer_for(state, without, late=())
        assert (one and (one.aim, one.seat)) == (other and (other.aim, other.seat))
        assert with_late.random() == without.random()
    # the row's own rules: always that aim
    whole = resolve("hearts", [(k, v) for k, v in aim.row()])
    steer = steer_for(new_round(whole, 3, seed=1), random.Random(1))
    assert steer is not None and steer.aim is aim


@pytest.mark.parametrize("name", ["knocked-out-caller", "empty-hand-take"])
def test_a_default_run_reaches_each_rare_state_in_its_row_game(
        default_run: tuple[Runner, list[Item]], name: str) -> None:
    runner, items = default_run
    fuzz_items = [item for item in items if item.kind == "fuzz"]
    aims = [aim for aim in AIMS if aim.needs]
    r = [aim.name for aim in aims].index(name)  # (its row: the aims' rows come first)
    item, k = fuzz_items[r % len(fuzz_items)], r // len(fuzz_items)
    game = runner.draw_shard(item, k // SHARD_GAMES, upto=k % SHARD_GAMES + 1)[-1]
    assert name in [aim.name for aim in fitting(game.game.rules)]
    assert reached(game, STATES[name]), f"{name}: not reached in {item.name}'s row game"


def test_a_default_run_swaps_off_the_grid_in_its_first_shard(
        default_run: tuple[Runner, list[Item]]) -> None:
    runner, items = default_run
    games = runner.draw_shard(next(item for item in items if item.kind == "fuzz"), 0)
    assert any(reached(game, swaps_off_the_grid) for game in games)


def test_the_same_seed_draws_the_same_games(default_run: tuple[Runner, list[Item]]) -> None:
    runner, items = default_run
    item = next(item for item in items if item.kind == "fuzz")
    once, again = (runner.draw_shard(item, 1, upto=1) for _ in range(2))
    assert once and [g.actions for g in once] == [g.actions for g in again]


def test_the_steered_seat_takes_once_its_hand_is_empty_at_its_turn() -> None:
    # hearts lets a player take the discard and scores an empty hand as zero
    # (turn.take-discard, end.empty-hand): the aim's probe is that seat's take
    from cambio_ref.state import new_round
    aim = next(a for a in AIMS if a.name == "empty-hand-take")
    state = new_round(resolve("hearts"), 2, seed=1)
    state.phase, state.current = TURN, 0
    state.pile = [card for card in state.grids[1][:1] if card is not None]
    assert Steer(aim, 0).next(state, []) is None  # (four cards in hand)
    state.grids[0] = [None] * len(state.grids[0])
    steer = Steer(aim, 0)
    assert steer.next(state, []) == {"t": "take", "player": 0}
    assert steer.next(state, []) is None  # (one probe a game)
