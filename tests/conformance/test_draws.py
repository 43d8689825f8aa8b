"""What fuzzing draws reaches what an implementation can get wrong (issue 21, item 1).

Each planted implementation (`tests.conformance.reach`) has one bug that only one
of the wider draws reaches; a default-budget fuzz run (the default targets, the
default number of games, seed 1) must find it. The covering array must meet every
pair of option values within that budget.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cambio_ref.actions import KINDS
from cambio_ref.cli import main
from cambio_ref.engine import legal_actions
from cambio_ref.rules import resolve
from cambio_ref.state import new_round
from conformance import fuzz
from conformance.bad_actions import Digits, malformed, off_phase, twisted
from conformance.conform import DEFAULT_FUZZ, Runner, plan
from conformance.covering import pairwise, uncovered
from conformance.draws import cover_factors, cover_rows, rules_around, rules_of_row
from conformance.harness import Driver, parse_impl
from conformance.onward import Outcome
from conformance.protocol import Support
from conformance.targets import targets

ROOT = Path(__file__).resolve().parents[2]


def first_deviations(factory: str, monkeypatch: pytest.MonkeyPatch, seed: int = 1) -> list[str]:
    """The deviation signatures of the first fuzz game (in run order) of a default-budget
    run against the planted implementation `factory` that finds any (no shrinking). The
    games after it in its shard are not played (those up to it are the run's own, played
    as the run plays them): the rest of the shard cost 9 s of CPU for the five."""
    found_any = False
    real_play = fuzz.play

    def play_until_found(*args: Any, **kwargs: Any) -> Outcome:
        nonlocal found_any
        if found_any:
            return Outcome()  # (no lockstep: the shard counts the game and goes on)
        outcome = real_play(*args, **kwargs)
        found_any = bool(outcome.findings)
        return outcome

    monkeypatch.setattr(fuzz, "play", play_until_found)
    driver = Driver(parse_impl(f"python:tests.conformance.reach:{factory}"))
    runner = Runner(driver, seed=seed, shrink_seconds=0)
    hello = runner.start()
    try:
        for item in plan(targets([], hello.rules), cases={}, fuzz=DEFAULT_FUZZ):
            for index in item.shard_indices:
                found = runner.run_shard(item, index).deviations
                if found:
                    return sorted(found)
    finally:
        runner.close()
    return []


@pytest.mark.parametrize("factory", [
    "long_positions",  # a position of any length (bad_actions.malformed)
    "bare_string",  # a bare kind name as the action (bad_actions.json_value)
    "swap_in_look",  # a power's other step (bad_actions.off_phase)
    # a legal swap moved off the grid: the aim off-grid-swap (conformance.aims) sends one in
    # a power's swap step, where twisting a legal action (bad_actions.twisted) rarely did
    "off_grid",
    "caller_snaps_unless_locked",  # caller_snaps=false, the caller not bound (covering)
])
def test_a_default_fuzz_run_finds_the_planted_bug(factory: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # (the planted bug is the implementation's only difference from the reference, so
    # any deviation found is that bug showing)
    assert first_deviations(factory, monkeypatch), f"no deviation found from reach.{factory}"


def test_the_default_budget_meets_every_pair_of_option_values() -> None:
    # record the rules of every game a default run's fuzz items draw, without playing them
    played: list[dict[str, Any]] = []
    real_play = fuzz.play

    def record(driver: Any, hello: Any, data: Any, game: Any, diagnoser: Any = None,
               sweep: bool = False) -> Any:
        played.append(game.rules.values())

    fuzz.play = record
    driver = Driver(parse_impl("python:conformance.serve:ReferenceEngine"))
    runner = Runner(driver, seed=5, shrink_seconds=0)
    try:
        hello = runner.start()
        for item in plan(targets([], hello.rules), cases={}, fuzz=DEFAULT_FUZZ):
            for index in item.shard_indices:
                runner.run_shard(item, index)
    finally:
        fuzz.play = real_play
        runner.close()
    assert len(played) == DEFAULT_FUZZ
    factors = cover_factors(Support(), listed=False)
    assert len(factors) > 40
    assert uncovered(played, factors) == []
    # the array itself is no longer than the budget, and the same for the same seed
    assert len(cover_rows(Support(), False, 5)) <= DEFAULT_FUZZ
    assert pairwise(factors, 5) == pairwise(factors, 5)
    # the pair the rulesets never give: the caller may not snap, and is not locked
    assert any(not v["caller_snaps"] and v["caller_locked"] == "none" for v in played)


def test_the_array_keeps_to_the_declared_values_around_the_declared_rules() -> None:
    support = Support.parse({"tie": ["shared", "most-cards"], "ace": [1, 0], "snap": [True]})
    factors = cover_factors(support, listed=True)
    assert [k for k, _ in factors] == ["ace", "tie"]
    rows = cover_rows(support, True, 1)
    assert uncovered(rows, factors) == [] and len(rows) == 4
    assert {r["tie"] for r in rows} == {"shared", "most-cards"}


def _draws(make: Any, state: Any, n: int = 4000) -> list[Any]:
    return [make(Digits(v * 7919 + 13), state) for v in range(n)]


def test_malformed_actions_take_every_json_shape() -> None:
    state = new_round(resolve("hearts"), 3, seed=2)
    drawn = _draws(malformed, state)
    shapes = {type(a).__name__ for a in drawn}
    assert {"NoneType", "bool", "int", "float", "str", "list", "dict"} <= shapes
    assert set(KINDS) & {a for a in drawn if isinstance(a, str)}  # bare kind names
    # every field of an action, replaced or missing
    legal = {a.kind for a in legal_actions(state)}
    broken = [a for a in drawn if isinstance(a, dict) and isinstance(a.get("t"), str)
              and a["t"] in legal]
    assert any("player" not in a for a in broken)
    assert any(not isinstance(a.get("player"), int) for a in broken)


def test_positions_of_any_length_and_type() -> None:
    # a power swap is legal in the swap step of a jack: positions are changed there
    state = _power_swap_state()
    drawn = [a for a in _draws(malformed, state) if isinstance(a, dict) and "a" in a]
    positions: list[list[Any]] = [a[k] for a in drawn for k in ("a", "b")
                                  if isinstance(a.get(k), list)]
    assert {0, 1, 2, 3, 4} <= {len(p) for p in positions}
    assert any(len(p) == 2 and not all(type(v) is int for v in p) for p in positions)


def test_twisted_actions_change_every_field_and_leave_the_grid() -> None:
    state = _power_swap_state()
    swap = next(a for a in legal_actions(state) if a.kind == "power_swap")
    drawn = [twisted(swap, Digits(v * 104729 + 7), state) for v in range(3000)]
    grid = len(state.grids[0])
    off = [a for a in drawn if any(isinstance(a.get(k), list) and len(a[k]) == 2
                                   and a[k][1] in (grid, -1) for k in ("a", "b"))]
    assert off, "no power swap moved off the grid"
    for path in ("t", "player", "a", "b"):
        assert any(a.get(path) != _json(swap).get(path) for a in drawn), path


def test_every_kind_is_sent_in_every_phase() -> None:
    peek = new_round(resolve("hearts"), 2, seed=1)
    look = _power_swap_state(stage="look")
    for state in (peek, look):
        kinds = {a["t"] for a in _draws(off_phase, state, 600)}
        assert kinds == set(KINDS), state.phase
    # in a look step, a power swap by the player due, on the table
    swaps = [a for a in _draws(off_phase, look, 600)
             if a["t"] == "power_swap" and a["player"] == look.current]
    assert swaps


def _json(action: Any) -> dict[str, Any]:
    from cambio_ref.actions import action_to_json
    return action_to_json(action)


def _power_swap_state(stage: str = "swap") -> Any:
    """A hearts round played (a power's steps first, then discards, then draws) until a
    power's look or swap step."""
    from cambio_ref.engine import apply
    state = new_round(resolve("hearts"), 2, seed=4)
    for _ in range(200):
        if state.phase == "power" and state.power_stage == stage:
            return state
        actions = legal_actions(state)
        pick = next((a for a in actions if a.kind in ("look", "power_swap")), None) \
            or next((a for a in actions if a.kind == "discard"), None) \
            or next((a for a in actions if a.kind == "draw"), None) or actions[0]
        apply(state, pick)
    raise AssertionError(f"no {stage} step reached")


def test_a_boundary_case_tells_the_last_slot_from_the_first(
        capsys: pytest.CaptureFixture[str]) -> None:
    # snap.penalty-placement empties slot 2, where a penalty beside the grid goes to slot 4
    # by either reading of "beside"; the new case empties slot 3 and tells them apart
    # (the planted implementation is a process of its own: it changes the reference's
    # penalty_slot; the runs are this process's)
    impl = f"{sys.executable} {ROOT / 'tests/conformance/reach.py'} penalty-slot-3"
    cases = ROOT / "spec/cases/snapping"
    verdicts = {}
    for name in ("penalty-placement.yaml", "penalty-placement-last-slot.yaml"):
        verdicts[name] = main(["conform", "--impl", impl, "--cases", str(cases / name),
                               "--fuzz", "0", "--ruleset", "awareness", "--jobs", "1"])
        capsys.readouterr()
    assert verdicts == {"penalty-placement.yaml": 0, "penalty-placement-last-slot.yaml": 1}


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_declared_seat_counts_are_drawn_as_a_pair_that_seats_somebody(data: st.DataObject) -> None:
    """A declaration `min_players` [3, 6], `max_players` [4, 5] allows games (3 to 4, 3 to 5);
    fuzzing must never draw 6 with 5, which resolve refuses (it was a harness error of
    a correct implementation). Around the rules and from a covering-array row alike."""
    support = Support.parse({"min_players": [3, 6], "max_players": [4, 5]})
    base = resolve("hearts")
    row = data.draw(st.sampled_from(cover_rows(support, False, 1)))
    for rules in (data.draw(rules_around(base, support, False)),
                  data.draw(rules_of_row(base, support, row))):
        assert rules.min_players in (3, 6) and rules.max_players in (4, 5)
        assert rules.min_players <= rules.max_players
