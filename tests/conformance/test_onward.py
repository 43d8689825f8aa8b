"""Going on past a difference: the reference rebuilt from a snapshot (`conformance.resync`)
and the differences that leave both states equal (`conformance.lockstep.harmless`)."""

from __future__ import annotations

import random

import pytest

from cambio_ref.engine import apply, legal_actions
from cambio_ref.rules import resolve
from cambio_ref.state import OVER, new_round
from conformance.resync import FIELDS, IncompleteSnapshot, rebuild


@pytest.mark.parametrize("ruleset", ["online", "hearts", "cambia", "official"])
def test_a_complete_snapshot_rebuilds_the_same_state_at_every_step(ruleset: str) -> None:
    # the reference's own snapshot is complete: rebuilt after any step, the state plays on
    # exactly as the original does (same legal actions, same snapshot after each action)
    rules = resolve(ruleset)
    rng = random.Random(ruleset)
    for game in range(3):
        state = new_round(rules, players=2 + game, seed=game)
        for _ in range(150):
            if state.phase == OVER:
                break
            copy = rebuild(state.snapshot(), rules, state.seed)
            assert copy.snapshot() == state.snapshot()
            legal = legal_actions(state)
            assert legal_actions(copy) == legal
            action = rng.choice(legal)
            assert apply(copy, action) == apply(state, action)
            assert copy.snapshot() == state.snapshot()


def test_an_incomplete_snapshot_names_what_it_lacks() -> None:
    rules = resolve("online")
    snap = new_round(rules, players=2, seed=1).snapshot()
    assert set(FIELDS) == set(snap)
    del snap["known"]
    with pytest.raises(IncompleteSnapshot, match="the snapshot has no 'known'"):
        rebuild(snap, rules, 1)
