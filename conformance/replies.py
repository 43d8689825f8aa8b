"""Every reply is checked against its protocol schema before any field of it is used.

The schemas in ``spec/schemas/protocol/`` are compiled once, when the first
reply arrives (`schema_check` compiles them; nothing is read at import time).
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

from functools import cache
from typing import Any

from cambio_ref.catalogue import SCHEMA_BASE, schema_registry
from conformance.schema_check import Check, Compiler

PROTOCOL_SCHEMAS = SCHEMA_BASE + "protocol/"


@cache
def _compiler() -> Compiler:
    registry = schema_registry()
    return Compiler(lambda uri: registry.contents(uri))


@cache
def reply_check(cmd: str) -> Check:
    """The compiled check of the reply to `cmd` (``error`` for an error reply)."""
    uri = f"{PROTOCOL_SCHEMAS}{cmd}.reply.schema.json"
    return _compiler().ref(uri, uri)


def reply_problem(cmd: str, reply: Any) -> str | None:
    """None if `reply` fits the schema of the reply to `cmd` (or of an error reply), else
    what is wrong, naming the field."""
    kind = "error" if isinstance(reply, dict) and "error" in reply else cmd
    problem = reply_check(kind)(reply, "$")
    if problem is None:
        return None
    return f"the {cmd} reply: {problem}" if kind == cmd else f"the error reply to {cmd}: {problem}"
