"""Lockstep.replay plays a batch on the reference while the implementation answers it: a
disagreement or a failure in the middle of a batch must leave everything as if the
steps after it had never been played."""

from __future__ import annotations

from typing import Any

import pytest

from cambio_ref.actions import action_to_json
from cambio_ref.engine import legal_actions
from cambio_ref.rules import resolve
from cambio_ref.state import OVER, State
from conformance.disagreement import Known
from conformance.harness import Driver, ImplSpec
from conformance.implementation import Event, Reference, Rejection
from conformance.lockstep import Disagreement, Game, Lockstep
from conformance.serve import ReferenceEngine

BAD = 6  # the act the implementation gets wrong


class WrongAt(ReferenceEngine):
    """The reference, but its `BAD`th act answers no events (or raises, with `crash`)."""

    def __init__(self, crash: bool = False) -> None:
        super().__init__()
        self.acts = 0
        self.crash = crash

    def act(self, action: dict[str, Any]) -> list[Event] | Rejection:
        self.acts += 1
        reply = super().act(action)
        if self.acts == BAD:
            if self.crash:
                raise RuntimeError("broken on purpose")
            return []
        return reply


def _game() -> tuple[Game, list[dict[str, Any]], list[State]]:
    """A two-player game of 20 legal actions, and the reference's state after each."""
    rules = resolve("online")
    game = Game(rules, 2, 0, 0, [card.code for card in rules.deck(2)])
    ref = Reference()
    ref.new_game(rules, 2, 0, game.deck, 0)
    assert ref.state is not None
    actions: list[dict[str, Any]] = []
    states: list[State] = []
    while len(actions) < 20 and ref.state.phase != OVER:
        legal = [action_to_json(a) for a in legal_actions(ref.state)]
        action = next((a for a in legal if a["t"] not in ("call", "snap")), legal[0])
        assert not isinstance(ref.act(action), Rejection)
        actions.append(action)
        states.append(ref.state.copy())
    return game, actions, states


@pytest.mark.parametrize("crash", [False, True])
@pytest.mark.parametrize("reuse", [False, True])
def test_a_disagreement_mid_batch_undoes_the_later_steps(crash: bool, reuse: bool) -> None:
    game, actions, states = _game()
    assert len(actions) > BAD + 2
    known: list[Known] | None = None
    if reuse:  # (the reference's replies and states given, as caserun does)
        ref = Reference()
        deal = ref.new_game(game.rules, 2, 0, game.deck, 0)
        assert ref.state is not None
        known = [(deal, ref.state.copy(), None)]
        for action in actions:
            known.append((ref.act(action), ref.state.copy(), None))
    driver = Driver(ImplSpec("wrong", factory=lambda: WrongAt(crash)))
    hello = driver.start()
    lock = Lockstep(driver, hello)
    with pytest.raises(Disagreement) as caught:
        lock.replay([("new_game", game, "deal"),
                     *(("act", action, f"step {i + 1}") for i, action in enumerate(actions))],
                    known=known)
    driver.close()
    d = caught.value
    assert d.where == f"step {BAD}"
    assert d.status == ("crash" if crash else "fail")
    assert d.game is game and [s.action for s in game.steps] == actions[:BAD]
    assert lock.steps == BAD and driver.stats.acts == BAD
    assert lock.ref.state is not None
    assert lock.ref.state.snapshot() == states[BAD - 1].snapshot()
    assert lock.game is game and game.deal


def test_a_failed_deal_mid_batch_is_not_dealt() -> None:
    game, actions, states = _game()
    second = Game(game.rules, 2, 0, 0, list(game.deck))

    class FailsSecondDeal(ReferenceEngine):
        deals = 0

        def new_game(self, *args: Any, **kwargs: Any) -> list[Event]:
            FailsSecondDeal.deals += 1
            if FailsSecondDeal.deals == 2:
                raise RuntimeError("no second deal")
            return super().new_game(*args, **kwargs)

    driver = Driver(ImplSpec("wrong", factory=FailsSecondDeal))
    lock = Lockstep(driver, driver.start())
    with pytest.raises(Disagreement) as caught:
        lock.replay([("new_game", game, "deal"),
                     *(("act", action, f"step {i + 1}") for i, action in enumerate(actions[:3])),
                     ("new_game", second, "deal"), ("act", actions[0], "step 1")])
    driver.close()
    assert caught.value.where == "deal" and caught.value.game is second
    assert second.deal == [] and second.steps == []
    assert len(game.steps) == 3 and lock.steps == 3 and driver.stats.acts == 3
    assert lock.game is second
    assert lock.ref.state is not None and lock.ref.state.snapshot() == states[2].snapshot()
