"""An in-process implementation that supports only some option values and skips a case
(``--impl python:tests.conformance.limited:Limited``)."""

from __future__ import annotations

from typing import Any, ClassVar

from cambio_ref.rules import Rules
from conformance.implementation import Event, Rejection
from conformance.serve import ReferenceEngine


class Limited(ReferenceEngine):
    """The reference, declaring snapping by rank only and two tie rules; it refuses
    (by failing) any game whose rules it did not declare."""

    name = "limited"
    options: ClassVar[dict[str, Any]] = {"snap_match": ["rank"], "end.tie": ["shared", "caller-loses"]}
    skip: ClassVar[list[Any]] = [{"case": "tie.three-way", "reason": "three-way ties are not implemented"}]

    def new_game(self, rules: Rules, players: int, dealer: int, deck: list[str],
                 seed: int, first: int | None = None) -> list[Event]:
        if rules.snap_match != "rank" or rules.tie not in ("shared", "caller-loses"):
            raise RuntimeError(f"undeclared rules {rules.canonical}")
        return super().new_game(rules, players, dealer, deck, seed, first)


class Fragile(ReferenceEngine):
    """The reference, raising an exception (a bug) when asked to call Cambio."""

    name = "fragile"

    def act(self, action: dict[str, object]) -> list[Event] | Rejection:
        if isinstance(action, dict) and action.get("t") == "call":
            raise ZeroDivisionError("a bug in the call")
        return super().act(action)
