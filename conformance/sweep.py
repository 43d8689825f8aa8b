"""The malformed-action sweep: the same malformed actions sent in every default run,
whatever the drawing (`conformance.draws` draws the others out of one random seed, so
which of those a run sends is luck).

`sweep` builds, from a state, for every action kind of `cambio_ref.actions.KINDS` and
every field of its JSON form (a position's owner and slot, a snap's first target
included): the field missing, and the field set to one value of each class of
`wrong_values` (null, each boolean, a fraction, a numeric and another string, an
integer past 32 bits, an empty list, an object), to -1 and to one past the table or
the grid, and a position to a list of the wrong length; then the whole action replaced
by each of those values. (The integers are well formed: off the table or the grid,
they are `E_UNKNOWN_PLAYER` or `E_EMPTY_SLOT`, as docs/developers/protocol.md says.)
The actions the reference accepts are left out (`rejected_sweep`), so that the state
stays as it was: `conformance.fuzz` sends the whole sweep right after the deal of one
game per fuzz item, and the lockstep checks each rejection code and that nothing
changed.

>>> from cambio_ref.rules import resolve
>>> from cambio_ref.state import new_round
>>> state = new_round(resolve("hearts"), 2, seed=1)
>>> actions = sweep(state)
>>> {"t": "give", "player": 0, "slot": "0"} in actions
True
>>> {"t": "power_swap", "player": 0, "a": [0, 0], "b": [1, 0, 0]} in actions
True
>>> 300 < len(actions) < 600
True
"""

from __future__ import annotations

import copy
import dataclasses
import json
from collections.abc import Iterator
from typing import Any

from cambio_ref.actions import KINDS, action_to_json
from cambio_ref.state import State
from conformance.bad_actions import ATOMS, INT32_MAX
from conformance.implementation import Reference, Rejection

Path = tuple[Any, ...]
MISSING = object()  # (the field left out)


def atom_class(value: Any) -> str:
    """The class of a JSON atom, as the sweep tells them apart.

    >>> [atom_class(v) for v in (None, True, 0.5, 2**31, 3, "7", "x")]
    ['null', 'true', 'fraction', 'past 32 bits', 'index', 'numeric string', 'string']
    """
    if value is None or isinstance(value, bool):
        return str(value).lower() if value is not None else "null"
    if isinstance(value, float):
        return "fraction"
    if isinstance(value, int):
        return "index" if abs(value) <= INT32_MAX else "past 32 bits"
    return "numeric string" if value.lstrip("-").isdigit() else "string"


def wrong_values() -> tuple[Any, ...]:
    """The first atom of `ATOMS` of each class but an index (those are chosen per field:
    -1 and one past the end), then an empty list and an empty object.

    >>> wrong_values()
    (None, True, False, 2147483648, 0.5, '', '0', [], {})
    """
    first: dict[str, Any] = {}
    for atom in ATOMS:
        first.setdefault(atom_class(atom), atom)
    first.pop("index")
    return (*first.values(), [], {})


def _base(kind: str) -> dict[str, Any]:
    """A well-formed action of `kind` by seat 0: every integer field 0 but an owner (1),
    positions on seats 0 and 1 (built from the kind's own fields)."""
    cls = KINDS[kind]
    sample = {"int": 0, "int | None": 0, "Pos": (0, 0), "tuple[Pos, ...]": ((1, 0),)}
    values: dict[str, Any] = {f.name: sample[str(f.type)] for f in dataclasses.fields(cls)}
    if "owner" in values:
        values["owner"] = 1
    if "b" in values:
        values["b"] = (1, 0)
    return action_to_json(cls(**values))


def _paths(data: Any, prefix: Path = ()) -> Iterator[Path]:
    """Every field of an action's JSON form, and the items of its lists."""
    for key, value in data.items() if isinstance(data, dict) else enumerate(data):
        yield (*prefix, key)
        if isinstance(value, list):
            yield from _paths(value, (*prefix, key))


def _get(data: Any, path: Path) -> Any:
    for step in path:
        data = data[step]
    return data


def _edited(data: dict[str, Any], path: Path, value: Any) -> dict[str, Any]:
    out = copy.deepcopy(data)
    inner: Any = out
    for step in path[:-1]:
        inner = inner[step]
    if value is MISSING:
        del inner[path[-1]]
    else:
        inner[path[-1]] = copy.deepcopy(value)
    return out


def _ends(state: State, data: dict[str, Any], path: Path) -> tuple[int, ...]:
    """The integers just off the table for the field at `path`: -1 and one past the
    seats, or one past the grid (of seat 0 or 1, the base's seats)."""
    if path[-1] in ("player", "owner", 0):
        return (-1, state.n)
    if len(path) == 1:  # a slot of the player's own grid, or of the look's owner
        return (-1, len(state.grids[data.get("owner", data["player"])]))
    return (-1, len(state.grids[_get(data, path[:-1])[0]]))  # a position's slot


def sweep(state: State) -> list[Any]:
    """Every malformed action of the sweep (see the module's docstring), in order."""
    wrong = wrong_values()
    actions: list[Any] = []
    for kind in KINDS:
        data = _base(kind)
        for path in _paths(data):
            value = _get(data, path)
            values: list[Any] = [MISSING, *wrong]
            if path != ("t",) and isinstance(value, int):
                values += _ends(state, data, path)
            if isinstance(value, list) and value and isinstance(value[0], int):
                values += [value[:1], [*value, 0]]  # (a position one short, one long)
            actions += [_edited(data, path, v) for v in values]
    actions += [v for v in wrong if not isinstance(v, dict)] + [-1, next(iter(KINDS))]
    unique = {json.dumps(a, sort_keys=True): a for a in actions}  # (in order, each once)
    return list(unique.values())


def rejected_sweep(state: State) -> list[tuple[Any, Rejection]]:
    """The actions of `sweep` that the reference rejects in `state` (none is played on
    it), each with the reference's rejection."""
    ref = Reference()
    ref.state = state.copy()
    found: list[tuple[Any, Rejection]] = []
    for action in sweep(state):
        reply = ref.act(action)
        if isinstance(reply, Rejection):
            found.append((action, reply))
        else:  # (a well-formed action after all: not part of the sweep)
            ref.state = state.copy()
    return found
