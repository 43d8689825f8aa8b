"""Issue 21, "fuzzing that reaches everything": every default run sends the malformed-action
sweep (`conformance.sweep`), so an implementation that reads a malformed action as a
well-formed one fails every default run, whatever the drawing of the fuzz games.

The protocol's action schema (spec/schemas/protocol/act.request.schema.json) wants
integers for seats and slots and a list of two integers for a position; the reference
rejects anything else with E_MALFORMED_ACTION before looking at the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from cambio_ref.actions import KINDS
from cambio_ref.rules import resolve
from cambio_ref.state import new_round
from conformance.implementation import Event, Rejection
from conformance.serve import ReferenceEngine
from conformance.sweep import rejected_sweep, sweep
from tests.conformance.conftest import Run

Conform = Callable[..., Run]
HERE = "tests.conformance.test_sweep"


class StringSlotGive(ReferenceEngine):
    """Reads a give's slot written as a numeric string as that number (the surviving
    mutant actions:259:59 accepts any slot)."""

    name = "string-slot-give"

    def act(self, action: Any) -> list[Event] | Rejection:
        if isinstance(action, dict) and action.get("t") == "give" \
                and isinstance(action.get("slot"), str) and action["slot"].isdigit():
            action = {**action, "slot": int(action["slot"])}
        return super().act(action)


class BooleanSeat(ReferenceEngine):
    """Reads a seat written as a boolean as 0 or 1, as some languages do."""

    name = "boolean-seat"

    def act(self, action: Any) -> list[Event] | Rejection:
        if isinstance(action, dict) and isinstance(action.get("player"), bool):
            action = {**action, "player": int(action["player"])}
        return super().act(action)


@pytest.mark.parametrize(("impl", "sent", "replied"), [
    # at the deal no give is allowed: the loose reading rejects it for that reason
    ("StringSlotGive", '{"t":"give","player":0,"slot":"0"}', "with E_GIVE_FORBIDDEN; the"
     " reference rejects it with action"),
    # seat 1 (true) acting during the opening peek: whatever it does, the reference
    # rejects it as malformed
    ("BooleanSeat", '"player":true', "the reference rejects"),
])
def test_a_default_run_rejects_a_malformed_action_read_as_well_formed(
        conform: Conform, impl: str, sent: str, replied: str) -> None:
    # the default budget, its first shard alone: the sweep is sent in shard 0's first game
    # (`Conform._shard`), and the shard draws the same games whatever the budget's other
    # shards, so this is the part of a default run that sends it
    run = conform("--impl", f"python:{HERE}:{impl}", "--ruleset", "hearts", "-k", "fuzz",
                  "--seed", "1", "--fuzz-shards", "0", "--shrink-time", "0")
    assert run.code == 1
    failed = [r for r in run.results if r["kind"] == "fuzz" and r["status"] != "pass"]
    assert failed
    # the deviation names the action sent (and what each side replied), and its
    # reproducer plays it
    named = [r for r in failed if sent in r["message"].replace(" ", "")]
    assert named, [r["message"] for r in failed]
    assert replied in named[0]["message"], named[0]["message"]
    assert named[0]["case"] and "steps:" in named[0]["case"]


def test_the_reference_passes_the_sweep(conform: Conform) -> None:
    # (the sweep is in the first game of the first shard: five games play it)
    run = conform("--impl", "python:conformance.serve:ReferenceEngine", "--ruleset", "hearts",
                  "-k", "fuzz", "--seed", "1", "--fuzz", "5")
    assert run.code == 0, run.out


def test_the_sweep_covers_every_kind_and_field_and_the_reference_rejects_it_all() -> None:
    state = new_round(resolve("hearts"), 3, seed=2)
    actions = sweep(state)
    rejected = rejected_sweep(state)
    assert len(rejected) == len(actions)  # (the deal's state: nothing in it is playable)
    for kind in KINDS:
        # every kind: a field missing, a string, null and a boolean in the player's seat
        mine = [a for a in actions if isinstance(a, dict) and a.get("t") == kind]
        assert {"t": kind} in [{k: v for k, v in a.items() if k == "t"} for a in mine
                               if "player" not in a]
        for value in (None, True, False, "0", 0.5, -1, 3):
            assert any(a.get("player") is value or (a.get("player") == value
                       and type(a.get("player")) is type(value)) for a in mine), (kind, value)
    # positions of the wrong length, and a target's owner of the wrong type
    assert {"t": "power_swap", "player": 0, "a": [0], "b": [1, 0]} in actions
    assert {"t": "snap", "player": 0, "targets": [["0", 0]]} in actions
    # the whole action replaced by something that is not an object
    assert None in actions and "peek" in actions and [] in actions
