"""The interface the conformance suite drives, and the in-process reference.

An implementation under test is anything with these methods: the protocol
client (`conformance.harness.Client`) and `Reference`, the bundled interpreter
run in-process, both provide them. Actions and events use the protocol's JSON forms.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from cambio_ref.actions import MalformedAction, action_from_json
from cambio_ref.engine import IllegalAction, apply
from cambio_ref.rules import Rules
from cambio_ref.state import State, deal_events, new_round
from cambio_ref.views import view

Event = dict[str, Any]


@dataclass(frozen=True)
class Rejection:
    """An action the implementation refused, with its error code."""

    code: str
    message: str = ""
    rule: str | None = None  # the option or core rule it breaks (the reference says)


def jsonable(value: Any) -> Any:
    """A reply as JSON: a rejection becomes ``{"rejected": code, "message": ...}``.

    >>> jsonable(Rejection("E_LOCKED", "locked"))
    {'rejected': 'E_LOCKED', 'message': 'locked'}
    """
    if isinstance(value, Rejection):
        return {"rejected": value.code, "message": value.message}
    return value


class Implementation(Protocol):
    name: str

    def new_game(self, rules: Rules, players: int, dealer: int, deck: list[str],
                 seed: int, first: int | None = None) -> list[Event]: ...

    def act(self, action: dict[str, Any]) -> list[Event] | Rejection: ...

    def observe(self, player: int) -> dict[str, Any]: ...


class Reference:
    """The reference interpreter as an Implementation, in-process."""

    name = "cambio-ref (in-process)"

    def __init__(self) -> None:
        self.state: State | None = None

    def new_game(self, rules: Rules, players: int, dealer: int, deck: list[str],
                 seed: int, first: int | None = None) -> list[Event]:
        self.state = new_round(rules, players, deck=deck, seed=seed, dealer=dealer, first=first)
        return deal_events(self.state)

    def act(self, action: dict[str, Any]) -> list[Event] | Rejection:
        assert self.state is not None, "new_game first"
        try:
            return apply(self.state, action_from_json(action))
        except MalformedAction as exc:
            return Rejection("E_MALFORMED_ACTION", str(exc), "core.players")
        except IllegalAction as exc:
            return Rejection(exc.code, str(exc), exc.rule)

    def observe(self, player: int) -> dict[str, Any]:
        assert self.state is not None, "new_game first"
        return view(self.state, player)
