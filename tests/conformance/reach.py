"""Planted implementations: the reference with one bug that only the wider fuzzing
(`conformance.bad_actions`, `conformance.covering`) or a boundary case reaches.

In-process factories (``--impl python:tests.conformance.reach:FACTORY``):

- `long_positions`: reads a position of any length by its first two numbers;
- `bare_string`: reads a bare kind name (``"draw"``) as that action by the player due;
- `swap_in_look`: lets a power's swap come during its look step (the looks left are
  dropped);
- `off_grid`: moves a power swap's position one past the end of a grid back onto its
  last slot;
- `caller_snaps_unless_locked`: lets the caller snap under ``caller_snaps=false``
  unless the lock on the caller's cards binds the caller too
  (``caller_locked=everyone``).

As a process (``python tests/conformance/reach.py penalty-slot-3``): a penalty laid
beside the grid (``snap.penalty-placement=beside-grid``) goes into slot 3 when slot 3
is empty, where it belongs in slot 4 (`cambio_ref.snapping.penalty_slot`).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from cambio_ref import snapping
from cambio_ref.actions import KINDS
from cambio_ref.rules import Rules, resolve
from cambio_ref.state import POWER, State
from conformance.implementation import Event, Rejection
from conformance.serve import ReferenceEngine
from tests.conformance.planted import serve_lines


class _Planted(ReferenceEngine):
    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = f"planted-{name}"

    @property
    def live(self) -> State:
        assert self.state is not None
        return self.state


class LongPositions(_Planted):
    def act(self, action: Any) -> list[Event] | Rejection:
        if isinstance(action, dict):
            action = dict(action)
            for key in ("a", "b"):
                if isinstance(action.get(key), list) and len(action[key]) > 2:
                    action[key] = action[key][:2]
            if isinstance(action.get("targets"), list):
                action["targets"] = [t[:2] if isinstance(t, list) else t for t in action["targets"]]
        return super().act(action)


class BareString(_Planted):
    def act(self, action: Any) -> list[Event] | Rejection:
        if isinstance(action, str) and action in KINDS:
            action = {"t": action, "player": self.live.current}
        return super().act(action)


class SwapInLook(_Planted):
    def act(self, action: Any) -> list[Event] | Rejection:
        state = self.live
        if isinstance(action, dict) and action.get("t") == "power_swap" \
                and state.phase == POWER and state.power_stage == "look":
            state.power_stage = "swap"
            reply = super().act(action)
            if isinstance(reply, Rejection):
                state.power_stage = "look"
            return reply
        return super().act(action)


class OffGrid(_Planted):
    def act(self, action: Any) -> list[Event] | Rejection:
        if isinstance(action, dict) and action.get("t") == "power_swap":
            action = dict(action)
            for key in ("a", "b"):
                pos = action.get(key)
                if isinstance(pos, list) and len(pos) == 2 and all(type(v) is int for v in pos) \
                        and 0 <= pos[0] < self.live.n and pos[1] == len(self.live.grids[pos[0]]):
                    action[key] = [pos[0], pos[1] - 1]
        return super().act(action)


class CallerSnapsUnlessLocked(_Planted):
    def new_game(self, rules: Rules, players: int, dealer: int, deck: list[str],
                 seed: int, first: int | None = None) -> list[Event]:
        if not rules.caller_snaps and rules.caller_locked != "everyone":
            rules = resolve(rules.name, [*rules.overrides, ("caller_snaps", True)])
        return super().new_game(rules, players, dealer, deck, seed, first)


def long_positions() -> ReferenceEngine:
    return LongPositions("long-positions")


def bare_string() -> ReferenceEngine:
    return BareString("bare-string")


def swap_in_look() -> ReferenceEngine:
    return SwapInLook("swap-in-look")


def off_grid() -> ReferenceEngine:
    return OffGrid("off-grid")


def caller_snaps_unless_locked() -> ReferenceEngine:
    return CallerSnapsUnlessLocked("caller-snaps-unless-locked")


def _penalty_slot_3(state: State, player: int) -> int:
    grid = state.grids[player]
    if state.rules.penalty_slot == "lowest-empty-slot":
        return next((i for i, c in enumerate(grid) if c is None), len(grid))
    used = [i for i, c in enumerate(grid) if c is not None]
    return max(3, (used[-1] + 1) if used else 0)  # (4 is right: beside the grid)


def main(mode: str) -> int:
    if mode != "penalty-slot-3":
        print(f"reach.py: unknown mode {mode!r}", file=sys.stderr)
        return 2
    snapping.penalty_slot = _penalty_slot_3
    return serve_lines(_Planted(mode))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else ""))
