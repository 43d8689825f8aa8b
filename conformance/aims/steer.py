"""Steering one drawn game toward an aim (`conformance.aims.catalogue`).

A game is steered toward the first aim (in `AIMS` order) that a draw of its chance
under the game's rules picks (`Aim.chance`: always for the aim's own row's rules,
most of the time for rare rules, now and then for common ones), or toward none. The
steering picks one seat; at each step it sends the aim's probe once the state is
reached (once a game), else the aim's approach for that seat when there is one;
otherwise the drawing chooses as usual, but for a snap by that seat (a calm action
instead, `Steer.allows`). All of it reads the reference's state alone
and draws from the game's own random generator, so a seed still gives one game.

>>> import random
>>> from cambio_ref.rules import resolve
>>> from cambio_ref.state import new_round
>>> state = new_round(resolve("hearts(knock_out=above-six,call_timing=end-of-turn)"), 3, seed=1)
>>> steer = steer_for(state, random.Random(1))
>>> steer.aim.name, steer.seat
('knocked-out-caller', 0)
>>> state.knocked_out = 1
>>> steer.next(state, [])
{'t': 'call', 'player': 0}
>>> steer.next(state, []) is None  # (one probe a game)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cambio_ref.actions import Action, action_to_json
from cambio_ref.state import State
from conformance.aims.catalogue import AIMS, Aim
from conformance.aims.owing import PAIR_AIMS


@dataclass
class Steer:
    """The steering of one game: its aim, the seat it is for, and whether the probe
    has been sent."""

    aim: Aim
    seat: int
    probed: bool = False

    def next(self, state: State, legal: Sequence[Action]) -> Any:
        """The action to send now (JSON form), or None to draw one as usual."""
        if self.probed:
            return None
        probe = self.aim.probe(state, self.seat, legal)
        if probe is not None:
            self.probed = True
            return probe
        approach = self.aim.approach(state, self.seat, legal)
        return None if approach is None else action_to_json(approach)

    def allows(self, action: Any) -> bool:
        """False for a snap by the steered seat drawn by chance before the probe, toward a
        lasting state (its penalties and lost cards would undo the approach)."""
        return not (self.aim.lasting and not self.probed and isinstance(action, dict)
                    and action.get("t") == "snap" and action.get("player") == self.seat)


def steer_for(state: State, rng: random.Random, aims: Sequence[Aim] = AIMS,
              late: Sequence[Aim] = PAIR_AIMS) -> Steer | None:
    """The steering of a game starting from `state` (None: not steered): toward the
    `late` aim whose row the rules are, if any, else toward one of `aims` by chance (the
    late aims draw nothing from `rng` in other games, so that no other game changes)."""
    for aim in late:
        if aim.chance(state.rules) == 1.0:
            return Steer(aim, rng.randrange(state.n))
    for aim in aims:
        if rng.random() < aim.chance(state.rules):
            return Steer(aim, rng.randrange(state.n))
    return None
