"""Hand-written implementations that each break one property (`conformance.properties`),
and a driver that plays any implementation alone, feeding a `Watch` its replies.

Each is the reference with one fault, so everything else about it holds:

- `FirstTiedWins`: of several tied winners, names only the first (scores);
- `DrawsDuplicate`: a drawn card is reported as a copy of a card lying in a grid (cards);
- `PeekShownToAll`: a card peeked at shows in every seat's view (hiding);
- `RefusesListedDraw`: lists draw among its legal actions but refuses it (consistency);
- `SecretlyCounterClockwise`: plays the turns the other way round (turns).
"""

from __future__ import annotations

import random
from typing import Any

from cambio_ref.engine import legal_actions, legal_blocks
from cambio_ref.rules import Rules
from cambio_ref.state import OVER
from conformance.disagreement import with_values
from conformance.draws import choose_action
from conformance.implementation import Event, Reference, Rejection
from conformance.legal import legal_text
from conformance.properties import Violation, Watch


class Offering(Reference):
    """The reference with the optional commands: every view, the snapshot, the legal
    actions (as `cambio serve` answers them)."""

    def snapshot(self) -> dict[str, Any]:
        assert self.state is not None
        return self.state.snapshot()

    def legal(self) -> bytes:
        assert self.state is not None
        return legal_text(legal_blocks(self.state))


class FirstTiedWins(Offering):
    """Of several tied winners, only the first wins."""

    def act(self, action: dict[str, Any]) -> list[Event] | Rejection:
        reply = super().act(action)
        if isinstance(reply, list):
            for event in reply:
                if event["t"] == "round_over" and len(event["winners"]) > 1:
                    event["winners"] = event["winners"][:1]
        return reply


class DrawsDuplicate(Offering):
    """A drawn card is reported as the card at seat 0 slot 0 (a duplicate)."""

    def act(self, action: dict[str, Any]) -> list[Event] | Rejection:
        reply = super().act(action)
        assert self.state is not None
        there = self.state.grids[0][0]
        if isinstance(reply, list) and there is not None:
            for event in reply:
                if event["t"] == "drew" and event["card"] != there.code:
                    event["card"] = there.code
        return reply


class PeekShownToAll(Offering):
    """Every seat's view shows every card peeked at in the opening peek."""

    def __init__(self) -> None:
        super().__init__()
        self.peeked: list[tuple[int, int, str]] = []

    def act(self, action: dict[str, Any]) -> list[Event] | Rejection:
        reply = super().act(action)
        if isinstance(reply, list):
            self.peeked += [(e["owner"], e["slot"], e["card"]) for e in reply
                            if e["t"] == "peeked"]
        return reply

    def observe(self, player: int) -> dict[str, Any]:
        view = super().observe(player)
        for owner, slot, card in self.peeked:
            if view["grids"][owner][slot] == "?":
                view["grids"][owner][slot] = card
        return view


class RefusesListedDraw(Offering):
    """Lists draw among the legal actions, but refuses it."""

    def act(self, action: dict[str, Any]) -> list[Event] | Rejection:
        if isinstance(action, dict) and action.get("t") == "draw":
            return Rejection("E_NOT_YOUR_TURN", "no drawing here")
        return super().act(action)


class SecretlyCounterClockwise(Offering):
    """Plays the turns counter-clockwise whatever the rules say."""

    def new_game(self, rules: Rules, players: int, dealer: int, deck: list[str],
                 seed: int, first: int | None = None) -> list[Event]:
        other = "counter-clockwise" if rules.direction == "clockwise" else "clockwise"
        return super().new_game(with_values(rules, [("direction", other)]), players, dealer,
                                deck, seed, first)


def play_alone(impl: Offering, rules: Rules, players: int, dealer: int, deck: list[str],
               seed: int, choices: int, *, steps: int = 400) -> list[Violation]:
    """Play one round on `impl` alone, with actions chosen from its own state (legal ones
    mostly, some twisted or malformed: `conformance.draws.choose_action`), feeding a watch
    every reply, every view, the snapshot and the legal actions; its violations."""
    watch = Watch(rules, players, dealer, deck, seed)
    watch.on_deal(impl.new_game(rules, players, dealer, deck, seed))
    rng = random.Random(choices)

    def looks() -> None:
        watch.on_views([impl.observe(p) for p in range(players)])
        watch.on_snapshot(impl.snapshot())
        watch.on_legal(impl.legal())

    looks()
    for _ in range(steps):
        state = impl.state
        assert state is not None
        if state.phase == OVER:
            break
        action = choose_action(rng.getrandbits(64), state, players, True,
                               legal_actions(state))
        watch.on_reply(action, impl.act(action))
        looks()
    return watch.finish()
