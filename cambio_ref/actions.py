"""Actions: small value types, one per thing a player can do.

Every action names the player who takes it; slots are grid slots 0, 1, 2, ...
(0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right, then penalty slots).
A position on the table is ``(owner, slot)``. Reprs are valid Python.

>>> Snap(2, ((0, 3),))
Snap(player=2, targets=((0, 3),))
>>> action_from_json({"t": "swap", "player": 1, "slot": 2})
Swap(player=1, slot=2)
>>> action_to_json(PowerSwap(0, (0, 1), (2, 3)))
{'t': 'power_swap', 'player': 0, 'a': [0, 1], 'b': [2, 3]}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from cambio_ref.errors import CambioError
from cambio_ref.memo import per_object

Pos = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Peek:
    """Look at one of your own cards during the opening peek."""

    player: int
    slot: int
    kind: ClassVar[str] = "peek"


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw the top card of the deck."""

    player: int
    kind: ClassVar[str] = "draw"


@dataclass(frozen=True, slots=True)
class Take:
    """Take the top card of the discard pile (it must then be swapped in)."""

    player: int
    kind: ClassVar[str] = "take"


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass the turn without drawing."""

    player: int
    kind: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Call:
    """Call Cambio (knock)."""

    player: int
    kind: ClassVar[str] = "call"


@dataclass(frozen=True, slots=True)
class Swap:
    """Put the card in hand into `slot`; the card that was there is discarded."""

    player: int
    slot: int
    kind: ClassVar[str] = "swap"


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard the card in hand (drawn from the deck)."""

    player: int
    kind: ClassVar[str] = "discard"


@dataclass(frozen=True, slots=True)
class Look:
    """A power's look at the card at (owner, slot)."""

    player: int
    owner: int
    slot: int
    kind: ClassVar[str] = "look"


@dataclass(frozen=True, slots=True)
class PowerSwap:
    """A power's face-down swap of the cards at positions `a` and `b`, in the order the
    player named them: its `power_swapped` event reports them in that order, so
    ``PowerSwap(0, (2, 1), (0, 3))`` and ``PowerSwap(0, (0, 3), (2, 1))`` do the same
    swap but are told apart (the legal actions list each pair once, lower position
    first, and `unordered` is the pair either way)."""

    player: int
    a: Pos
    b: Pos
    kind: ClassVar[str] = "power_swap"

    @property
    def unordered(self) -> tuple[Pos, Pos]:
        """The two positions, lower first: the same for both orders of one swap.

        >>> PowerSwap(0, (2, 1), (0, 3)).unordered
        ((0, 3), (2, 1))
        """
        return (min(self.a, self.b), max(self.a, self.b))


@dataclass(frozen=True, slots=True)
class Skip:
    """Decline the current step of an optional power (one look, or the swap)."""

    player: int
    kind: ClassVar[str] = "skip"


@dataclass(frozen=True, slots=True)
class Snap:
    """Snap the cards at `targets` onto the discard pile (one card unless multi-burn)."""

    player: int
    targets: tuple[Pos, ...]
    kind: ClassVar[str] = "snap"


@dataclass(frozen=True, slots=True)
class Give:
    """After a correct snap of another player's card, move your card at `slot` into the gap
    (``slot=None`` declines, where giving is optional)."""

    player: int
    slot: int | None
    kind: ClassVar[str] = "give"


Action = Peek | Draw | Take | Pass | Call | Swap | Discard | Look | PowerSwap | Skip | Snap | Give

KINDS: dict[str, type[Action]] = {
    cls.kind: cls
    for cls in (Peek, Draw, Take, Pass, Call, Swap, Discard, Look, PowerSwap, Skip, Snap, Give)
}
KIND_ORDER = {kind: i for i, kind in enumerate(KINDS)}


class MalformedAction(CambioError):
    """An action that cannot be read: unknown kind, missing or ill-typed field."""


def sort_key(action: Action) -> tuple[Any, ...]:
    """The canonical order of legal actions: by player, kind, then fields.

    >>> sorted([Draw(1), Snap(0, ((1, 0),)), Draw(0)], key=sort_key)
    [Draw(player=0), Snap(player=0, targets=((1, 0),)), Draw(player=1)]
    """
    rest: tuple[Any, ...]
    if isinstance(action, Give):
        rest = (-1 if action.slot is None else action.slot,)
    elif isinstance(action, Snap):
        rest = (len(action.targets), action.targets)
    else:
        rest = tuple(getattr(action, f) for f in action.__slots__ if f != "player")
    return (action.player, KIND_ORDER[action.kind], rest)


def action_to_json(action: Action) -> dict[str, Any]:
    """The protocol's JSON form of an action."""
    out: dict[str, Any] = {"t": action.kind, "player": action.player}
    if isinstance(action, Peek | Swap):
        out["slot"] = action.slot
    elif isinstance(action, Look):
        out["owner"], out["slot"] = action.owner, action.slot
    elif isinstance(action, PowerSwap):
        out["a"], out["b"] = list(action.a), list(action.b)
    elif isinstance(action, Snap):
        out["targets"] = [list(t) for t in action.targets]
    elif isinstance(action, Give):
        out["slot"] = action.slot
    return out


@per_object(limit=1 << 16)
def action_json(action: Action) -> dict[str, Any]:
    """`action_to_json`, remembered for this very action object: the legal actions of
    one step are mostly the objects of the step before (the snaps come from the
    remembered `cambio_ref.snapping.snap_block`), so the big lists of `legal` replies
    are mostly looked up, not built. The caller must not change the dict.

    >>> snap = Snap(1, ((0, 2),))
    >>> action_json(snap) is action_json(snap), action_json(snap)
    (True, {'t': 'snap', 'player': 1, 'targets': [[0, 2]]})
    """
    return action_to_json(action)


def _brief(data: Any) -> str:
    """`data` for a message, cut short: an action may come from a hostile implementation."""
    text = repr(data)
    return text if len(text) <= 120 else text[:100] + f"... ({len(text)} characters)"


def _is_index(value: object) -> bool:
    """Any JSON integer is a seat or slot number, however large or negative: one off the
    table or the grid is an illegal action (`E_UNKNOWN_PLAYER`, `E_EMPTY_SLOT`), never
    a malformed one. A boolean is not an integer (as in JSON Schema)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _int(data: dict[str, Any], field: str) -> int:
    value = data.get(field)
    if not _is_index(value):
        raise MalformedAction(f"action {_brief(data)}: field {field!r} must be an integer")
    assert isinstance(value, int)
    return value


def _pos(value: Any, where: str, data: dict[str, Any]) -> Pos:
    if not isinstance(value, list | tuple) or len(value) != 2 or not all(map(_is_index, value)):
        raise MalformedAction(f"action {_brief(data)}: {where} must be [owner, slot]")
    return (value[0], value[1])


def action_from_json(data: Any) -> Action:
    """Read an action from its JSON form; raise MalformedAction naming the problem.

    Any JSON value at all gives an Action or MalformedAction, never another exception.
    Only the fields of the action's kind are read: any other field is ignored, whatever
    its value. Any integer is a seat or slot (the rules then refuse one off the table).

    >>> action_from_json({"t": "draw", "player": 0, "slot": "x"})
    Draw(player=0)
    >>> action_from_json({"t": "look", "player": 0, "owner": 2**40, "slot": -3})
    Look(player=0, owner=1099511627776, slot=-3)
    >>> action_from_json({"t": "give", "player": 1})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cambio_ref.actions.MalformedAction: action {'t': 'give', 'player': 1}: 'slot' must be ...

    >>> action_from_json({"t": ["draw"], "player": 0})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cambio_ref.actions.MalformedAction: unknown action kind ['draw']; expected one of peek, draw, ...
    """
    if not isinstance(data, dict):
        raise MalformedAction(f"action must be an object, got {_brief(data)}")
    kind = data.get("t")
    if not isinstance(kind, str) or kind not in KINDS:
        raise MalformedAction(f"unknown action kind {_brief(kind)}; expected one of {', '.join(KINDS)}")
    player = _int(data, "player")
    if kind in ("draw", "take", "pass", "call", "discard", "skip"):
        return KINDS[kind](player)  # type: ignore[call-arg]
    if kind == "peek":
        return Peek(player, _int(data, "slot"))
    if kind == "swap":
        return Swap(player, _int(data, "slot"))
    if kind == "look":
        return Look(player, _int(data, "owner"), _int(data, "slot"))
    if kind == "power_swap":
        return PowerSwap(player, _pos(data.get("a"), "field 'a'", data),
                         _pos(data.get("b"), "field 'b'", data))
    if kind == "snap":
        targets = data.get("targets")
        if not isinstance(targets, list) or not targets:
            raise MalformedAction(f"action {_brief(data)}: 'targets' must be a non-empty list")
        return Snap(player, tuple(_pos(t, f"targets[{i}]", data) for i, t in enumerate(targets)))
    slot = data.get("slot", False)  # (missing: malformed, as any missing field)
    if slot is not None and not _is_index(slot):
        raise MalformedAction(f"action {_brief(data)}: 'slot' must be an integer or null")
    return Give(player, slot)
