"""Shared helpers for the interpreter's tests.

Every test states the alternatives it exercises with
``@pytest.mark.exercises("option.id=value", ...)``; test_coverage.py fails the
suite if any alternative of any option is exercised by no test.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from cambio_ref.actions import Action, Peek, PowerSwap
from cambio_ref.engine import IllegalAction, apply, legal_actions
from cambio_ref.rules import Rules, resolve
from cambio_ref.state import PEEK, State, arrange, dealer_for, new_round
from cambio_ref.views import view


def listed(action: Action, legal: list[Action]) -> bool:
    """`action` is among `legal`: a power swap in either order of its positions (the
    legal actions list each pair once, lower position first)."""
    if isinstance(action, PowerSwap):
        return PowerSwap(action.player, *action.unordered) in legal
    return action in legal


class Table:
    """A round dealt from chosen grids, with the opening peek done (slots 2 and 3).

    Seat 1 takes the first turn unless `dealer` is given: the dealer is the seat whose
    deal makes seat 1 start under the rules' turn.first-player (seat 0 on the dealer's
    left, seat 2 when hearts starts the next seat counter-clockwise), as the cases'
    ``first: 1`` does.
    """

    def __init__(self, rules: Rules | str, grids: Sequence[Sequence[str]], *,
                 draws: Sequence[str] = (), starting: str | None = None,
                 dealer: int | None = None, peek: bool = True) -> None:
        self.rules = resolve(rules) if isinstance(rules, str) else rules
        n = len(grids)
        if dealer is None:
            dealer = dealer_for(self.rules, n, 1)
        deck = arrange(self.rules, n, grids, dealer=dealer, starting=starting, draws=draws)
        self.state: State = new_round(self.rules, n, deck=deck, dealer=dealer)
        self.events: list[dict[str, object]] = []
        if peek:
            for q in range(n):
                for slot in (2, 3):
                    if self.state.phase == PEEK:
                        self.do(Peek(q, slot))

    def do(self, *actions: Action) -> list[dict[str, object]]:
        """Apply actions (each must be legal and listed by legal_actions); return their events."""
        out: list[dict[str, object]] = []
        for action in actions:
            assert listed(action, legal_actions(self.state)) or action.kind == "snap", (
                f"{action!r} not among legal actions {legal_actions(self.state)}")
            out.extend(apply(self.state, action))
        self.events.extend(out)
        return out

    def reject(self, action: Action, code: str) -> IllegalAction:
        """Assert that `action` is rejected with `code` and that nothing changed."""
        before = self.state.snapshot()
        with pytest.raises(IllegalAction) as info:
            apply(self.state, action)
        assert info.value.code == code, str(info.value)
        assert self.state.snapshot() == before
        assert not listed(action, legal_actions(self.state))
        return info.value

    def grid(self, player: int) -> list[str | None]:
        return [c.code if c else None for c in self.state.grids[player]]

    def view(self, player: int) -> dict[str, Any]:
        return view(self.state, player)

    def kinds(self, events: list[dict[str, object]]) -> list[object]:
        return [e["t"] for e in events]


# Four distinct low grids that most tests can use.
G0 = ["2S", "3S", "4S", "5S"]
G1 = ["2H", "3H", "4H", "5H"]
G2 = ["2D", "3D", "4D", "5D"]
G3 = ["2C", "3C", "4C", "5C"]


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Print which option alternatives the collected tests exercise."""
    from tests.engine.test_coverage import MODULES, all_alternatives, exercised

    items = getattr(terminalreporter.config, "_cambio_items", None)
    if not items or not set(MODULES) <= {item.path.name for item in items}:
        return
    wanted = all_alternatives()
    missing = sorted(wanted - exercised(items))
    terminalreporter.write_line(
        f"option coverage: {len(wanted) - len(missing)}/{len(wanted)} alternatives exercised"
        + (f"; missing: {', '.join(missing)}" if missing else ""))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    config._cambio_items = list(items)  # type: ignore[attr-defined]
