"""Every reply is checked against its protocol schema before any field of it is used.

The schemas in ``spec/schemas/protocol/`` are compiled by jsonschema-rs (Draft
2020-12) once, when the first reply arrives (nothing is read at import time).
A reply that does not fit is a protocol error of that item: the message names
the command, the field (a JSON path) and what was expected.

>>> reply_problem("observe", {"seq": 3, "view": {"grids": 5}})
"the observe reply: $.view: missing the required field 'player'"
>>> reply_problem("hello", {"seq": 0, "protocol": True, "implementation": {"name": "x"}})
'the hello reply: $.protocol: expected 1, got true'
>>> reply_problem("act", {"seq": 4, "error": {"message": "out of memory"}}) is None
True
"""

from __future__ import annotations

# (Before jsonschema-rs: its extension module imports these two while it initialises, from Rust. A SIGINT
# in the middle, which the kit turns into an exception (conformance.signals), made it panic with a Rust
# backtrace and a Python traceback on stderr; already imported, they are only looked up.)
import decimal  # noqa: F401  # isort: skip
import email.utils  # noqa: F401  # isort: skip

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import jsonschema_rs
from jsonschema_rs import ValidationError
from jsonschema_rs import ValidationErrorKind as K

from cambio_ref.catalogue import SCHEMA_BASE, schema_contents

PROTOCOL_SCHEMAS = SCHEMA_BASE + "protocol/"
_ARTICLE = {"object": "an object", "array": "an array", "string": "a string",
            "integer": "an integer", "number": "a number", "boolean": "a boolean",
            "null": "null"}
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def shown(value: Any, limit: int = 60) -> str:
    """A value as short JSON text, for messages.

    >>> shown([1] * 40, 20)
    '[1, 1, 1, 1, 1, 1, 1...'
    """
    try:
        text = json.dumps(value, ensure_ascii=True)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


def json_path(where: Sequence[str | int]) -> str:
    """A path of keys and indexes as the messages write it.

    >>> json_path(["events", 0, "visible_to"]), json_path([]), json_path(["a b", 1])
    ('$.events[0].visible_to', '$', '$["a b"][1]')
    """
    out = ["$"]
    for step in where:
        if isinstance(step, int):
            out.append(f"[{step}]")
        else:
            out.append(f".{step}" if _NAME.fullmatch(step) else f"[{json.dumps(step)}]")
    return "".join(out)


@dataclass(frozen=True)
class Said:
    """What one validation error says: where it is (`depth` steps in), then either what
    was `expected` there and the `value` found, or what is `wrong`."""

    where: str
    depth: int
    expected: str | None = None
    value: Any = None
    wrong: str = ""

    def __str__(self) -> str:
        if self.expected is not None:
            return f"{self.where}: expected {self.expected}, got {shown(self.value)}"
        return f"{self.where}: {self.wrong}"


def said(error: ValidationError) -> Said:
    """One jsonschema-rs error in words, naming the field.

    >>> validator = jsonschema_rs.validator_for({"properties": {"n": {"minimum": 2}}})
    >>> str(said(next(validator.iter_errors({"n": 1}))))
    '$.n: expected a number at least 2, got 1'
    """
    kind, here = error.kind, error.instance_path
    where, depth = json_path(here), len(here)

    def expect(text: str) -> Said:
        return Said(where, depth, text, error.instance)

    def wrong(text: str) -> Said:
        return Said(where, depth, wrong=text)

    match kind:
        case K.Type():
            return expect(" or ".join(_ARTICLE.get(t, t) for t in kind.types))
        case K.Constant():
            return expect(shown(kind.expected_value))
        case K.Enum():
            names = ", ".join(shown(x) for x in kind.options)
            return expect(f"one of {names}" if len(kind.options) > 1 else names)
        case K.Required():
            return wrong(f"missing the required field {kind.property!r}")
        case K.Pattern():
            return wrong(f"{shown(error.instance)} does not match {kind.pattern}")
        case K.MinLength() | K.MaxLength() | K.Minimum() | K.Maximum() | K.MinItems() \
                | K.MaxItems() | K.MinProperties() | K.MaxProperties():
            return expect(_BOUNDS[kind.name].format(kind.limit))
        case K.AdditionalProperties():
            return Said(json_path([*here, kind.unexpected[0]]), depth + 1,
                        wrong="no such field is allowed here")
        case K.FalseSchema():
            return wrong("no value is allowed here")
        case K.UniqueItems():
            return wrong(f"{_twice(error.instance)} appears twice (items must be unique)")
        case K.PropertyNames():
            inner = said(kind.error)
            return Said(f"{where} (the key {shown(kind.error.instance)})", depth,
                        inner.expected, inner.value, inner.wrong)
        case K.OneOfMultipleValid():
            return wrong(f"matches more than one of the {len(kind.context)} exclusive forms")
        case K.AnyOf() | K.OneOfNotValid():
            return _best([said(errors[0]) for errors in kind.context if errors],
                         where, depth, error.instance) or wrong(_cut(error.message))
    return wrong(_cut(error.message))  # (a keyword the protocol schemas do not use yet)


_BOUNDS = {"minLength": "a string of length at least {}", "maxLength": "a string of length at most {}",
           "minimum": "a number at least {}", "maximum": "a number at most {}",
           "minItems": "an array of length at least {}", "maxItems": "an array of length at most {}",
           "minProperties": "an object with at least {} fields",
           "maxProperties": "an object with at most {} fields"}


def _best(alternatives: list[Said], where: str, depth: int, value: Any) -> Said | None:
    """What an anyOf or oneOf that none of `alternatives` passed says: the problem found
    deepest (the likeliest intent), else every form expected here, else the first problem.

    >>> str(_best([Said("$", 0, "a string", 5), Said("$", 0, "null", 5)], "$", 0, 5))
    '$: expected a string or null, got 5'
    >>> str(_best([Said("$", 0, "a string", {}), Said("$.a", 1, wrong="x")], "$", 0, {}))
    '$.a: x'
    """
    deep = [a for a in alternatives if a.depth > depth]
    if deep:
        return max(deep, key=lambda a: a.depth)
    wants = [a.expected for a in alternatives if a.expected is not None]
    if alternatives and len(wants) == len(alternatives):
        return Said(where, depth, " or ".join(dict.fromkeys(wants)), value)
    return alternatives[0] if alternatives else None


def _twice(items: Any) -> str:
    """The first item of a list that appears in it twice, as JSON text.

    >>> _twice(["legal", "snapshot", "legal"])
    '"legal"'
    """
    seen: set[str] = set()
    for item in items if isinstance(items, list) else ():
        key = json.dumps(item, sort_keys=True)
        if key in seen:
            return shown(item)
        seen.add(key)
    return "an item"


def _cut(text: str, limit: int = 200) -> str:
    return text if len(text) <= limit else text[:limit] + "..."


@cache
def _registry() -> jsonschema_rs.Registry:
    return jsonschema_rs.Registry([(uri, contents) for uri, contents in schema_contents().items()
                                   if uri.startswith(PROTOCOL_SCHEMAS)])


@cache
def reply_validator(cmd: str) -> jsonschema_rs.Validator:
    """The compiled schema of the reply to `cmd` (``error`` for an error reply)."""
    uri = f"{PROTOCOL_SCHEMAS}{cmd}.reply.schema.json"
    return jsonschema_rs.validator_for(schema_contents()[uri], registry=_registry())


def reply_problem(cmd: str, reply: Any) -> str | None:
    """None if `reply` fits the schema of the reply to `cmd` (or of an error reply), else
    what is wrong, naming the field."""
    kind = "error" if isinstance(reply, dict) and "error" in reply else cmd
    validator = reply_validator(kind)
    if validator.is_valid(reply):
        return None
    problem = said(next(iter(validator.iter_errors(reply))))
    return f"the {cmd} reply: {problem}" if kind == cmd else f"the error reply to {cmd}: {problem}"
