"""Actions read from JSON (the protocol, case files): any JSON value at all gives an
Action or a MalformedAction rejection, never another exception (issue 12, item 6)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cambio_ref.actions import KINDS, Action, MalformedAction, action_from_json, action_to_json

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)
FIELDS = ("t", "player", "slot", "owner", "a", "b", "targets")


@st.composite
def near_actions(draw: st.DrawFn) -> dict[str, Any]:
    """An object with a real kind and each field either absent or any JSON value,
    often a plausible one, so every field of every kind meets every wrong type."""
    data: dict[str, Any] = {"t": draw(st.sampled_from(sorted(KINDS)) | JSON)}
    plausible = st.integers(0, 5) | st.lists(st.integers(0, 5), min_size=2, max_size=2) \
        | st.lists(st.lists(st.integers(0, 5), min_size=2, max_size=2), max_size=2)
    for field in FIELDS[1:]:
        if draw(st.booleans()):
            data[field] = draw(plausible | JSON)
    return data


def read(data: Any) -> Action | None:
    try:
        return action_from_json(data)
    except MalformedAction:
        return None


@settings(max_examples=300, deadline=None)
@given(JSON | near_actions())
def test_any_json_is_an_action_or_a_malformed_rejection(data: Any) -> None:
    action = read(data)
    if action is not None:
        # What was read writes back to the same fields it came from.
        out = action_to_json(action)
        assert out["t"] == data["t"] and out["player"] == data["player"]


@pytest.mark.parametrize("data", [
    {"t": ["draw"], "player": 0},          # the example in issue 12
    {"t": {"draw": 1}, "player": 0},
    {"t": "draw", "player": [0]},
    {"t": "draw", "player": True},
    # (an integer of any size is a seat, off the table E_UNKNOWN_PLAYER: the protocol says so
    # since faba02b; tests/conformance/test_action_reading.py checks 2**63 and others)
    {"t": "peek", "player": 0, "slot": "2"},
    {"t": "look", "player": 0, "owner": None, "slot": 1},
    {"t": "power_swap", "player": 0, "a": [0, 1], "b": {"owner": 1}},
    {"t": "power_swap", "player": 0, "a": [0, 1, 2], "b": [1, 1]},
    {"t": "snap", "player": 0, "targets": [{}]},
    {"t": "snap", "player": 0, "targets": [[0, "1"]]},
    {"t": "snap", "player": 0, "targets": []},
    {"t": "give", "player": 0, "slot": 1.5},
    [], "draw", None, 7,
])
def test_each_wrong_type_is_a_malformed_rejection(data: Any) -> None:
    with pytest.raises(MalformedAction):
        action_from_json(data)


def test_a_huge_action_gives_a_short_message() -> None:
    with pytest.raises(MalformedAction) as exc:
        action_from_json({"t": "draw", "player": "x" * 100_000})
    assert len(str(exc.value)) < 300
