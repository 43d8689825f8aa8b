"""Actions an implementation must reject (or must read exactly as the reference does),
drawn for fuzzing out of one integer (`Digits`):

- `twisted`: a legal action changed at one field (any field, a position's owner or
  slot included): to another seat or slot, one off the table or the grid, or any
  JSON value at all; or a power swap reversed, or a snap naming a target twice;
- `off_phase`: an action of any kind, well formed and in range, by a player who may
  act now (or by any seat): a power's other step (a swap during a look step), a snap
  during the opening peek, a draw while holding a card, a snap the rules deny;
- `malformed`: something that is not an action at all (any JSON value), an action
  with one field any JSON value or missing, or a position of any length and type;
- `wide_action`: any kind, seats and slots from one below to one past the table.

>>> from cambio_ref.rules import resolve
>>> from cambio_ref.state import new_round
>>> state = new_round(resolve("hearts"), 2, seed=1)
>>> state.phase, off_phase(Digits(9), state)  # a snap during the opening peek
('peek', {'t': 'snap', 'player': 0, 'targets': [[0, 0]]})
"""

from __future__ import annotations

from typing import Any

from cambio_ref.actions import KINDS, Action, PowerSwap, Snap, action_to_json
from cambio_ref.engine import legal_actions
from cambio_ref.state import HAND, PEEK, POWER, TURN, State


class Digits:
    """Reads choices out of one random integer (one per step of a drawn game).

    >>> d = Digits(7)
    >>> d.take(4), d.take(2), d.take(3)
    (3, 1, 0)
    """

    def __init__(self, value: int) -> None:
        self.value = value

    def take(self, n: int) -> int:
        """A number in ``range(n)``."""
        self.value, digit = divmod(self.value, max(1, n))
        return digit

    def signed(self, n: int) -> int:
        """A number in ``range(-1, n + 1)``: one below and one above ``range(n)``."""
        return self.take(n + 2) - 1

    def pick(self, options: Any) -> Any:
        """One of a sequence's items."""
        return options[self.take(len(options))]


INT32_MAX = 2**31 - 1
"""The largest 32-bit integer: integers past it are still seats and slots (one off the
table is `E_UNKNOWN_PLAYER`, off the grid `E_EMPTY_SLOT`), but an engine that keeps them
in 32 bits reads them wrongly, so the kit sends them."""

# JSON values that are not what a field wants, or only just are: null, booleans (which
# some languages read as 0 and 1), integers at and past 32 bits, numbers
# with a fraction (1.0 is left out: JSON Schema counts it an integer), strings that
# look like numbers or kinds. Every kind name is among the strings, so a bare kind
# name is drawn where an action is expected.
ATOMS: tuple[Any, ...] = (None, True, False, 0, 1, -1, 2, 3, 4, 5, INT32_MAX, INT32_MAX + 1, -2**31,
                          10**17, 0.5, -1.5, "", "0", "1", "x", *KINDS)
FIELDS = ("t", "player", "slot", "owner", "a", "b", "targets")
# per phase (a power's by its step), the kinds of a neighbouring step that engines let
# through: the power's other step, a draw while holding, a snap in the opening peek
NEAR = {"look": ("power_swap",), "swap": ("look",), HAND: ("draw", "take", "pass", "call"),
        PEEK: ("snap", "draw"), TURN: ("swap", "discard", "skip")}


def json_value(digits: Digits, depth: int = 2) -> Any:
    """Any JSON value: an atom, or a list or object of up to three values.

    >>> sorted({type(json_value(Digits(v))).__name__ for v in range(3000)})
    ['NoneType', 'bool', 'dict', 'float', 'int', 'list', 'str']
    """
    shape = digits.take(4) if depth > 0 else 0
    if shape < 2:
        return digits.pick(ATOMS)
    size = digits.take(4)
    if shape == 2:
        return [json_value(digits, depth - 1) for _ in range(size)]
    return {digits.pick(FIELDS): json_value(digits, depth - 1) for _ in range(size)}


def _position(digits: Digits, state: State) -> list[int]:
    """A position on the table: a seat, and a slot of its grid or one past its end."""
    owner = digits.take(state.n)
    return [owner, digits.take(len(state.grids[owner]) + 1)]


def off_phase(digits: Digits, state: State, legal: list[Action] | None = None) -> dict[str, Any]:
    """An action of any kind, with seats and slots on the table (or one past a grid's
    end), by a player who may act now (one with a legal action) or by any seat,
    whatever the phase."""
    legal = legal if legal is not None else legal_actions(state)
    by_due = bool(legal) and digits.take(2) == 1
    player = legal[digits.take(len(legal))].player if by_due else digits.take(state.n)
    near = NEAR.get((state.power_stage or "") if state.phase == POWER else state.phase, ())
    kind = digits.pick(near) if near and by_due and digits.take(2) else digits.pick(tuple(KINDS))
    action: dict[str, Any] = {"t": kind, "player": player}
    if kind in ("peek", "swap", "give"):
        action["slot"] = digits.take(len(state.grids[player]) + 1)
    elif kind == "look":
        action["owner"], action["slot"] = _position(digits, state)
    elif kind == "power_swap":
        action["a"], action["b"] = _position(digits, state), _position(digits, state)
    elif kind == "snap":
        action["targets"] = [_position(digits, state) for _ in range(1 + digits.take(2))]
    return action


def _paths(data: dict[str, Any]) -> list[tuple[Any, ...]]:
    """Every field of an action's JSON form, a position's owner and slot included."""
    paths: list[tuple[Any, ...]] = []
    for key, value in data.items():
        paths.append((key,))
        if key in ("a", "b"):
            paths += [(key, 0), (key, 1)]
        elif key == "targets":
            paths += [(key, i, j) for i in range(len(value)) for j in (0, 1)]
    return paths


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        data = data[step]
    return data


def _set(data: Any, path: tuple[Any, ...], value: Any) -> None:
    for step in path[:-1]:
        data = data[step]
    data[path[-1]] = value


def _other(digits: Digits, value: Any, size: int) -> int:
    """Another number than `value` in ``range(size)`` (or `value` if there is none)."""
    if not isinstance(value, int) or size < 2:
        return 0 if value != 0 else 1
    return (value + 1 + digits.take(size - 1)) % size


def twisted(action: Action, digits: Digits, state: State) -> dict[str, Any]:
    """A legal action changed at one field: to another seat or slot in range, to one
    off the table or the grid (one past the end, or -1), or to any JSON value; or a
    power swap with its positions reversed, or a snap naming its first target twice.

    >>> from cambio_ref.rules import resolve
    >>> from cambio_ref.state import new_round
    >>> state = new_round(resolve("hearts"), 2, seed=1)
    >>> twisted(PowerSwap(0, (0, 1), (1, 2)), Digits(1), state)
    {'t': 'power_swap', 'player': 0, 'a': [1, 2], 'b': [0, 1]}
    >>> twisted(PowerSwap(0, (0, 1), (1, 2)), Digits(6), state)  # off the grid
    {'t': 'power_swap', 'player': 0, 'a': [0, 1], 'b': [1, 4]}
    """
    data = action_to_json(action)
    how = digits.take(4)
    if how == 1 and isinstance(action, PowerSwap):
        data["a"], data["b"] = data["b"], data["a"]
        return data
    if how == 1 and isinstance(action, Snap):
        data["targets"] = [data["targets"][0], *data["targets"]]
        return data
    paths = _paths(data) if how else [("player",)]
    slots = [p for p in paths if p[-1] == "slot" or (len(p) > 1 and p[-1] == 1)]
    if how in (1, 2) and slots:  # off the grid, most often
        paths, style = slots, 1
    else:
        style = digits.take(3) if how else 0
    path = paths[digits.take(len(paths))]
    old = _get(data, path)
    field = path[0] if len(path) == 1 else ("owner" if path[-1] == 0 else "slot")
    seats = state.n
    if field == "slot":
        owner = _get(data, (*path[:-1], 0)) if len(path) > 1 else data.get("owner", data["player"])
        owner = owner if isinstance(owner, int) and 0 <= owner < seats else data["player"]
        size = len(state.grids[owner])
    else:
        size = seats
    if field == "t":
        new: Any = digits.pick(tuple(k for k in KINDS if k != old)) if style < 2 else json_value(digits)
    elif style == 0:  # another seat or slot in range
        new = _other(digits, old, size)
    elif style == 1:  # off the table or the grid
        new = (size, -1)[digits.take(2)]
    else:
        new = json_value(digits)
    _set(data, path, new)
    return data


def malformed(digits: Digits, state: State, legal: list[Action] | None = None) -> Any:
    """Something that is not a well-formed action: any JSON value that is not an object,
    a legal action with one field any JSON value or missing, or with a position (or the
    snap's targets) of any length and type.

    >>> from cambio_ref.rules import resolve
    >>> from cambio_ref.state import new_round
    >>> state = new_round(resolve("hearts"), 2, seed=1)
    >>> malformed(Digits(53), state), malformed(Digits(192), state)
    ({'t': 'peek', 'player': 0, 'slot': []}, '')
    """
    how = digits.take(3)
    if how == 0:
        value = json_value(digits)
        return value if not isinstance(value, dict) else [value]
    legal = legal if legal is not None else legal_actions(state)
    # a legal action, or one of any kind (so that every kind's fields are broken)
    data = action_to_json(digits.pick(legal)) if legal and digits.take(2) \
        else off_phase(digits, state, legal)
    if how == 1:
        key = digits.pick(tuple(data))
        if digits.take(3) == 0:
            del data[key]
        else:
            data[key] = json_value(digits)
        return data
    where = [k for k in ("a", "b", "targets") if k in data]
    if not where:
        data[digits.pick(FIELDS[2:])] = json_value(digits)
        return data
    key = digits.pick(where)
    if key == "targets" and digits.take(3) == 0:
        data[key] = json_value(digits)
        return data
    position = data[key][0] if key == "targets" else data[key]
    length = digits.pick((0, 1, 2, 3, 3, 4))
    extra = [json_value(digits, 0) if digits.take(2) else digits.take(4) for _ in range(2)]
    position[:] = [*position, *extra][:length]
    if position and (length == 2 or digits.take(2)):
        position[digits.take(len(position))] = json_value(digits, 1)
    return data


def wide_action(digits: Digits, players: int) -> dict[str, Any]:
    """An action from a wider space: any kind, seats and slots from -1 to one past the
    end, empty or repeated snap targets."""
    kind = digits.pick(tuple(KINDS))
    action: dict[str, Any] = {"t": kind, "player": digits.signed(players)}

    def pos() -> list[int]:
        return [digits.signed(players), digits.signed(6)]

    if kind in ("peek", "swap"):
        action["slot"] = digits.signed(6)
    elif kind == "look":
        action["owner"], action["slot"] = digits.signed(players), digits.signed(6)
    elif kind == "power_swap":
        action["a"], action["b"] = pos(), pos()
    elif kind == "snap":
        count = digits.take(4)  # 0: empty, 3: one target twice
        targets = [pos() for _ in range(min(count, 2))]
        action["targets"] = targets * 2 if count == 3 else targets
    elif kind == "give":
        slot = digits.take(8)
        action["slot"] = None if slot == 7 else slot - 1
    return action
