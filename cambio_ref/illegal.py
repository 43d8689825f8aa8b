"""`IllegalAction` and the checks every kind of action shares.

>>> from cambio_ref.rules import resolve
>>> from cambio_ref.state import new_round
>>> s = new_round(resolve("official"), 2, seed=3)
>>> try:
...     check_slot(s, 5, 0)
... except IllegalAction as exc:
...     print(exc.code)
E_UNKNOWN_PLAYER
"""

from __future__ import annotations

from cambio_ref.actions import Action
from cambio_ref.cards import Card
from cambio_ref.catalogue import load_catalogue
from cambio_ref.errors import CambioError
from cambio_ref.state import State


class IllegalAction(CambioError):
    """An action the rules forbid now. `code` is from spec/errors.yaml; `rule` is
    the option or core rule it breaks."""

    def __init__(self, code: str, message: str, rule: str | None = None) -> None:
        errors = load_catalogue().errors
        if code not in errors:
            raise AssertionError(f"rejection code {code} is not in spec/errors.yaml")
        self.code = code
        self.rule = rule or errors[code].rule
        super().__init__(f"{code} ({self.rule}): {message}")


def check_slot(state: State, owner: int, slot: int) -> Card:
    """The card in `owner`'s `slot`; IllegalAction if there is none."""
    if not 0 <= owner < state.n:
        raise IllegalAction("E_UNKNOWN_PLAYER", f"there is no player {owner}")
    grid = state.grids[owner]
    card = grid[slot] if 0 <= slot < len(grid) else None
    if card is None:
        raise IllegalAction("E_EMPTY_SLOT", f"player {owner} has no card in slot {slot}")
    return card


def check_turn(state: State, action: Action, phase: str) -> None:
    """IllegalAction unless it is `action.player`'s turn and the round is in `phase`."""
    if action.player != state.current:
        raise IllegalAction("E_NOT_YOUR_TURN", f"it is player {state.current}'s turn")
    if state.phase != phase:
        raise IllegalAction("E_WRONG_PHASE", f"{action.kind} is not possible in the"
                            f" {state.phase} step")
