"""Replies are checked against the protocol schemas by jsonschema-rs: it agrees with
jsonschema, and every wrong value is named by its field."""

from __future__ import annotations

import copy
import random
import subprocess
import sys
from typing import Any

import jsonschema
import jsonschema_rs
import pytest

from cambio_ref.catalogue import SCHEMA_BASE, schema_registry
from cambio_ref.rules import resolve
from conformance.protocol import dispatch
from conformance.replies import reply_problem, said
from conformance.serve import ReferenceEngine

WRONG = [None, True, 7, -1, 1.5, 2.0, 2**70, "x", "", [], [1], {}, {"t": 1}, "\uffff"]


def _validator(cmd: str) -> jsonschema.Draft202012Validator:
    registry = schema_registry()
    schema = registry.contents(f"{SCHEMA_BASE}protocol/{cmd}.reply.schema.json")
    return jsonschema.Draft202012Validator(schema, registry=registry)


def _traffic() -> list[tuple[str, dict[str, Any]]]:
    """Real replies of the reference: a deal, some actions, views, snapshots and legal sets."""
    engine = ReferenceEngine()
    rules = resolve("online")
    deck = [card.code for card in rules.deck(3)]
    out = [("hello", dispatch(engine, {"cmd": "hello", "seq": 0, "protocol": 1}))]
    out.append(("new_game", dispatch(engine, {"cmd": "new_game", "seq": 1, "rules": rules.values(),
                                              "ruleset": rules.canonical, "players": 3,
                                              "dealer": 0, "deck": deck, "seed": 0})))
    rng = random.Random(4)
    for seq in range(2, 16):
        legal = dispatch(engine, {"cmd": "legal", "seq": seq})
        out.append(("legal", legal))
        if not legal["actions"]:
            break
        out.append(("act", dispatch(engine, {"cmd": "act", "seq": seq,
                                             "action": rng.choice(legal["actions"])})))
        out.append(("observe", dispatch(engine, {"cmd": "observe", "seq": seq, "player": seq % 3})))
        out.append(("snapshot", dispatch(engine, {"cmd": "snapshot", "seq": seq})))
    out.append(("act", dispatch(engine, {"cmd": "act", "seq": 99, "action": {"t": "peek"}})))
    return out


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += _paths(item, (*path, i))
    return found


def _replace(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    out = copy.deepcopy(value)
    target = out
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = new
    return out


def test_the_reply_check_agrees_with_jsonschema_on_real_and_broken_replies() -> None:
    rng = random.Random(12)
    checked = broken = 0
    for cmd, reply in _traffic():
        assert reply_problem(cmd, reply) is None, (cmd, reply)
        validator = _validator(cmd)
        paths = _paths(reply)
        for path in rng.sample(paths, min(len(paths), 8)):
            for wrong in rng.sample(WRONG, 3):
                mutant = _replace(reply, path, wrong)
                ours = reply_problem(cmd, mutant)
                errors = isinstance(mutant, dict) and "error" in mutant
                theirs = not (_validator("error") if errors else validator).is_valid(mutant)
                assert (ours is not None) == theirs, (cmd, path, wrong, ours)
                checked += 1
                broken += ours is not None
    assert checked > 300 and broken > checked // 3


@pytest.mark.parametrize(("cmd", "reply", "problem"), [
    ("hello", {"seq": 0, "protocol": True, "implementation": {"name": "x"}}, "$.protocol: expected 1"),
    ("hello", {"seq": True, "protocol": 1, "implementation": {"name": "x"}},
     "$.seq: expected an integer, got true"),
    ("hello", {"seq": 0, "protocol": 1, "implementation": {"name": "x"}, "commands": [[1]]},
     "$.commands[0]: expected one of"),
    ("hello", {"seq": 0, "protocol": 1, "implementation": {"name": "x"}, "options": {"tie": []}},
     None),
    ("hello", {"seq": 0, "protocol": 1, "implementation": {"name": "x"}, "options": {"tie": [[]]}},
     "$.options.tie[0]: expected a boolean or an integer or a string, got []"),
    ("act", {"seq": 1, "events": [{"t": "drew", "player": 0, "card": "5H", "visible_to": 7}]},
     "$.events[0].visible_to: expected an array, got 7"),
    ("act", {"seq": 1, "events": [{"t": "round_over", "visible_to": [0], "reason": "called",
                                   "caller": 0, "grids": [], "raw": [], "scores": 5,
                                   "winners": []}]}, "$.events[0].scores: expected an array, got 5"),
    ("act", {"seq": 1, "rejected": {"code": ["E_X"]}}, "$.rejected.code: expected a string"),
    ("legal", {"seq": 1, "actions": [{"t": ["draw"], "player": 0}]}, "$.actions[0].t: expected one of"),
    ("snapshot", {"seq": 1, "state": {"deck": 5, "pile": [], "grids": [], "held": None}},
     "$.state.deck: expected an array, got 5"),
    ("observe", {"seq": 1, "view": []}, "$.view: expected an object, got []"),
    # one of each kind of message the protocol schemas can give
    ("hello", {"seq": 0, "protocol": 1, "implementation": {"name": ""}},
     '$.implementation.name: expected a string of length at least 1, got ""'),
    ("hello", {"seq": 0, "protocol": 1, "implementation": {"name": "x"}, "players": {"min": 1, "max": 8}},
     "$.players.min: expected a number at least 2, got 1"),
    ("hello", {"seq": 0, "protocol": 1, "implementation": {"name": "x"}, "players": {"min": 2, "max": 9}},
     "$.players.max: expected a number at most 8, got 9"),
    ("hello", {"seq": 0, "protocol": 1, "implementation": {"name": "x"},
               "players": {"min": 2, "max": 8, "most": 3}}, "$.players.most: no such field is allowed here"),
    ("hello", {"seq": 0, "protocol": 1, "implementation": {"name": "x"}, "commands": ["legal", "legal"]},
     '$.commands: "legal" appears twice (items must be unique)'),
    ("hello", {"seq": 0, "protocol": 1}, "$: missing the required field 'implementation'"),
    ("hello", {"seq": 0, "protocol": 1, "implementation": {"name": "x"}, "rules": 5},
     '$.rules: expected a string or an object, got 5'),
    ("act", {"seq": 1, "events": [], "rejected": {"code": "E_X"}},
     "$: matches more than one of the 2 exclusive forms"),
    ("act", {"seq": 1, "rejected": {"code": "X"}}, '$.rejected.code: "X" does not match ^E_[A-Z_]+$'),
])
def test_a_wrong_reply_is_named_by_its_field(cmd: str, reply: dict[str, Any], problem: str | None) -> None:
    found = reply_problem(cmd, reply)
    if problem is None:
        assert found is None
    else:
        assert found is not None and problem in found and found.startswith(f"the {cmd} reply: $")


@pytest.mark.parametrize(("schema", "value", "problem"), [
    ({"properties": {"rules": {"propertyNames": {"pattern": "^[a-z]+$"}}}}, {"rules": {"Tie": 1}},
     '$.rules (the key "Tie"): "Tie" does not match ^[a-z]+$'),
    ({"oneOf": [{"type": "string"}, {"type": "integer"}]}, [1], "$: expected a string or an integer, got [1]"),
    ({"items": False}, [1], "$[0]: no value is allowed here"),
    # a keyword the protocol schemas do not use: jsonschema-rs's own words, after the field
    ({"properties": {"n": {"multipleOf": 3}}}, {"n": 4}, "$.n: 4 is not a multiple of 3"),
])
def test_every_kind_of_error_names_its_field(schema: dict[str, Any], value: Any, problem: str) -> None:
    (error,) = jsonschema_rs.validator_for(schema).iter_errors(value)
    assert str(said(error)).startswith(problem)


def test_loading_jsonschema_rs_imports_nothing_from_rust() -> None:
    # A SIGINT at start-up (0.1 s in, test_hostile's start-up signal) once landed while jsonschema-rs's
    # extension module imported decimal from Rust: it panicked, printing a Rust backtrace and a Python
    # traceback. conformance.replies imports what the extension imports first; -X importtime lists a
    # module imported by another just above it, indented deeper, so the extension's line has none above it.
    lines = subprocess.run([sys.executable, "-X", "importtime", "-c", "import conformance.replies"],
                           capture_output=True, text=True, check=True).stderr.splitlines()
    names = [line.rsplit("|", 1)[-1] for line in lines if line.startswith("import time:")]
    at = next(i for i, n in enumerate(names) if n.strip() == "jsonschema_rs.jsonschema_rs")
    depth = len(names[at]) - len(names[at].lstrip())
    assert len(names[at - 1]) - len(names[at - 1].lstrip()) <= depth, names[at - 3:at + 1]
