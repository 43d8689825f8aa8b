"""Issue 29, item 6: the kit raises no false alarm of its own. Every bound and normal form
the reference applies when it reads an action is stated in docs/developers/protocol.md
("Reading an action"), and the reference applies what the page states: each test below
checks one rule on both sides, so neither can change alone.

- integers: any integer is a seat or slot; off the table is E_UNKNOWN_PLAYER, off the
  grid E_EMPTY_SLOT (the protocol's precedence list), never E_MALFORMED_ACTION;
- a power swap's two positions: reported in the action's order, listed lower first,
  compared either way round;
- stray fields: ignored, whatever their value;
- a missing field: E_MALFORMED_ACTION before any other check (E_UNKNOWN_PLAYER included).
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from referencing import Registry, Resource

from cambio_ref.actions import KINDS, PowerSwap, action_to_json
from cambio_ref.engine import apply, legal_actions
from cambio_ref.policy import random_action
from cambio_ref.rules import resolve
from cambio_ref.state import POWER, State, new_round
from conformance.differences import action_key
from conformance.implementation import Event, Reference, Rejection
from conformance.serve import ReferenceEngine
from conformance.sweep import sweep
from tests.conformance.conftest import Run

ROOT = Path(__file__).resolve().parents[2]
HERE = "tests.conformance.test_action_reading"


def protocol_text() -> str:
    """protocol.md with its line breaks folded, so a phrase may span lines."""
    return " ".join((ROOT / "docs/developers/protocol.md").read_text(encoding="utf-8").split())


def action_schema() -> jsonschema.protocols.Validator:
    """The protocol's action schema (common.schema.json#/$defs/action)."""
    folder = ROOT / "spec/schemas/protocol"
    common = json.loads((folder / "common.schema.json").read_text(encoding="utf-8"))
    registry: Registry[Any] = Registry().with_resource(
        "common.schema.json", Resource.from_contents(common))
    validator = jsonschema.Draft202012Validator(
        {"$ref": "common.schema.json#/$defs/action"}, registry=registry)
    return validator


def reply(state: State, action: Any) -> list[Event] | Rejection:
    """The reference's reply to `action` in `state` (which stays as it was)."""
    ref = Reference()
    ref.state = state.copy()
    return ref.act(action)


def code(state: State, action: Any) -> str | None:
    found = reply(state, action)
    return found.code if isinstance(found, Rejection) else None


def power_swap_state() -> State:
    """A hearts round played at random up to a power's swap step (the jack's)."""
    rng = random.Random(5)
    for seed in range(50):
        state = new_round(resolve("hearts"), 3, seed=seed)
        for _ in range(300):
            if state.phase == POWER and state.power_stage == "swap":
                return state
            if state.phase == "over":
                break
            apply(state, random_action(state, rng))
    raise AssertionError("no power swap reached")


# -- integers -------------------------------------------------------------------------


def test_the_protocol_states_that_no_integer_is_out_of_range() -> None:
    text = protocol_text()
    assert "nothing caps its range" in text
    assert re.search(r"seat that is not at the table .*is `E_UNKNOWN_PLAYER`", text)
    assert re.search(r"slot outside the grid .*is `E_EMPTY_SLOT`\. Neither is malformed", text)


@pytest.mark.parametrize("value", [-1, -2**31 - 1, 2**31, 2**63, 10**17])
def test_an_integer_off_the_table_is_an_unknown_player_and_off_the_grid_an_empty_slot(
        value: int) -> None:
    state = new_round(resolve("hearts"), 2, seed=1)  # the opening peek: seats 0 and 1 peek
    assert code(state, {"t": "peek", "player": value, "slot": 0}) == "E_UNKNOWN_PLAYER"
    assert code(state, {"t": "peek", "player": 0, "slot": value}) == "E_EMPTY_SLOT"
    assert code(state, {"t": "snap", "player": 0, "targets": [[value, 0]]}) != "E_MALFORMED_ACTION"
    # and the schema reads them as well-formed actions
    assert action_schema().is_valid({"t": "look", "player": value, "owner": value, "slot": value})


def test_a_boolean_or_a_fraction_is_not_an_integer() -> None:
    state = new_round(resolve("hearts"), 2, seed=1)
    for value in (True, 0.5, "0"):
        assert code(state, {"t": "peek", "player": 0, "slot": value}) == "E_MALFORMED_ACTION"
        assert not action_schema().is_valid({"t": "peek", "player": 0, "slot": value})


# -- a power swap's order -------------------------------------------------------------


def test_the_protocol_states_a_power_swaps_order() -> None:
    text = protocol_text()
    assert "its `power_swapped` event gives `a` and `b` in the order the action named them" in text
    assert "The legal actions list each pair once, the lower position first" in text
    assert "the harness compares them either way round" in text


def test_a_power_swap_is_reported_in_the_actions_order() -> None:
    state = power_swap_state()
    low, high = next(a for a in legal_actions(state) if isinstance(a, PowerSwap)).unordered
    assert low < high  # listed lower first
    for a, b in ((low, high), (high, low)):
        events = reply(state, {"t": "power_swap", "player": state.current, "a": list(a),
                               "b": list(b)})
        assert isinstance(events, list)
        swapped = next(e for e in events if e["t"] == "power_swapped")
        assert (swapped["a"], swapped["b"]) == (list(a), list(b))
        # the cards now at a and b: the card that was at b is now at a
        at_a, at_b = state.grids[a[0]][a[1]], state.grids[b[0]][b[1]]
        assert at_a is not None and at_b is not None
        assert swapped["cards"] == [at_b.code, at_a.code]
    forward = action_to_json(PowerSwap(state.current, low, high))
    assert action_key(forward) == action_key({**forward, "a": forward["b"], "b": forward["a"]})


class ReversedSwaps(ReferenceEngine):
    """Lists each legal power swap higher position first, as the protocol allows."""

    name = "reversed-swaps"

    def legal(self) -> list[dict[str, Any]]:
        return [{**a, "a": a["b"], "b": a["a"]} if a["t"] == "power_swap" else a
                for a in super().legal()]


def test_legal_swaps_listed_the_other_way_round_pass(conform: Callable[..., Run]) -> None:
    run = conform("--impl", f"python:{HERE}:ReversedSwaps", "--ruleset", "hearts",
                  "-k", "jack", "--fuzz", "0")
    assert run.code == 0, run.out
    assert run.statuses()["pass"] >= 1


# -- stray fields ---------------------------------------------------------------------


def test_the_protocol_states_that_stray_fields_are_ignored() -> None:
    text = protocol_text()
    assert "Any other field is ignored, whatever its value" in text


def _same(state: State, one: Any, other: Any) -> bool:
    """The same reply: the same events, or a rejection with the same code (a message
    may quote the action)."""
    a, b = reply(state, one), reply(state, other)
    if isinstance(a, Rejection) and isinstance(b, Rejection):
        return a.code == b.code
    return a == b


@pytest.mark.parametrize("stray", [None, True, "x", 0.5, [], {}, -1, 2**40])
def test_a_stray_field_changes_no_reply(stray: Any) -> None:
    """Every field name an action may carry, set on a kind that lacks it, in the peek
    and in a power's swap step: the reply is the clean action's."""
    fields = ("slot", "owner", "a", "b", "targets")
    tried = 0
    for state in (new_round(resolve("hearts"), 2, seed=1), power_swap_state()):
        for action in [action_to_json(a) for a in legal_actions(state)] + [
                {"t": kind, "player": state.current} for kind in KINDS]:
            own = {f.name for f in dataclasses.fields(KINDS[action["t"]])}
            for field in fields:
                if field not in own:
                    tried += 1
                    assert _same(state, {**action, field: stray}, action), (action, field)
    assert tried > 50


# -- a missing field comes first ------------------------------------------------------


def test_the_protocol_states_that_a_missing_field_comes_first() -> None:
    text = protocol_text()
    assert "is `E_MALFORMED_ACTION` before anything else, even before `E_UNKNOWN_PLAYER`" in text
    assert "a missing `slot` is malformed" in text


def test_a_missing_field_is_malformed_before_an_unknown_player() -> None:
    state = new_round(resolve("hearts"), 2, seed=1)
    for kind in ("peek", "swap", "look", "power_swap", "snap", "give"):
        data = {"t": kind, "player": 9}  # off the table, and the kind's fields missing
        assert code(state, data) == "E_MALFORMED_ACTION", kind
        assert not action_schema().is_valid(data)
    assert code(state, {"t": "draw"}) == "E_MALFORMED_ACTION"


def test_the_sweeps_past_32_bit_integers_are_rejected_as_the_protocol_says() -> None:
    """The sweep still sends 2**31 (engines with 32-bit integers misread it): the
    reference answers E_UNKNOWN_PLAYER or E_EMPTY_SLOT, or a code before those, never
    E_MALFORMED_ACTION."""
    state = new_round(resolve("hearts"), 2, seed=1)
    def seat_or_slot(action: Any) -> bool:  # 2**31 where a seat or slot goes
        if not isinstance(action, dict) or not isinstance(action.get("t"), str):
            return False
        places = [action.get(k) for k in ("player", "owner", "slot")]
        for key in ("a", "b", "targets"):
            value = action.get(key)
            value = value[0] if key == "targets" and isinstance(value, list) and value else value
            places += value if isinstance(value, list) and len(value) == 2 else []
        return 2**31 in places

    big = [a for a in sweep(state) if seat_or_slot(a)]
    assert len(big) > 10
    for action in big:
        assert code(state, action) not in (None, "E_MALFORMED_ACTION"), action
