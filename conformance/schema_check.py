"""A fast checker for the JSON Schema subset the protocol schemas use.

`jsonschema` takes about a millisecond per view and per event, a hundred times
what the reference takes to answer, so every reply could not be checked with
it. `compile_schema` turns a schema into nested closures once; each returns
the first problem as ``"$.path: expected ..., got ..."`` or None. A keyword
outside the subset is refused when the schema is compiled, never ignored.
tests/conformance/test_replies.py checks that it agrees with `jsonschema`.

>>> check = compile_schema({"type": "object", "required": ["seq"],
...                         "properties": {"seq": {"type": "integer"}}})
>>> check({"seq": 4}, "$") is None
True
>>> check({"seq": True}, "$")
'$.seq: expected an integer, got true'
>>> check({}, "$")
"$: missing the required field 'seq'"
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from typing import Any

Check = Callable[[Any, str], str | None]
Resolve = Callable[[str], Mapping[str, Any]]

IGNORED = frozenset({"$schema", "$id", "$defs", "$comment", "title", "description", "examples",
                     "default"})
_TYPES: dict[str, Callable[[Any], bool]] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, int | float) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}
_ARTICLE = {"object": "an object", "array": "an array", "string": "a string",
            "integer": "an integer", "number": "a number", "boolean": "a boolean",
            "null": "null"}


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


def json_equal(a: Any, b: Any) -> bool:
    """Equality as JSON sees it: true is not 1, and 1 is 1.0.

    >>> json_equal(True, 1), json_equal(1, 1.0), json_equal([1, {"a": None}], [1, {"a": None}])
    (False, True, True)
    """
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(json_equal(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(json_equal(a[k], b[k]) for k in a)
    if isinstance(a, int | float) and isinstance(b, int | float):
        return a == b
    return type(a) is type(b) and bool(a == b)


def _key(path: str, key: str) -> str:
    return f"{path}.{key}" if _NAME.fullmatch(key) else f"{path}[{json.dumps(key)}]"


_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


class Compiler:
    """Compiles schemas that refer to each other by ``$ref`` (each compiled once)."""

    def __init__(self, resolve: Resolve) -> None:
        self.resolve = resolve
        self.done: dict[str, Check] = {}

    def ref(self, base: str, ref: str) -> Check:
        """The check for ``$ref`` `ref` seen in the schema whose id is `base`."""
        target = ref if "://" in ref else base.rsplit("/", 1)[0] + "/" + ref
        if target.startswith("#"):
            target = base.split("#")[0] + target
        if target not in self.done:
            cell: list[Check] = []
            self.done[target] = lambda v, p: cell[0](v, p)  # (recursive references)
            uri, _, pointer = target.partition("#")
            schema: Any = self.resolve(uri)
            for part in filter(None, pointer.split("/")):
                schema = schema[part]
            cell.append(self.compile(schema, uri))
            self.done[target] = cell[0]
        return self.done[target]

    def compile(self, schema: Mapping[str, Any] | bool, base: str) -> Check:
        """One check for `schema` (whose references are relative to `base`)."""
        if schema is True or schema == {}:
            return lambda v, p: None
        if schema is False:
            return lambda v, p: f"{p}: no value is allowed here"
        assert isinstance(schema, Mapping)
        unknown = set(schema) - IGNORED - set(_KEYWORDS)
        if unknown:
            raise ValueError(f"schema keywords outside the checked subset: {sorted(unknown)}")
        built = [_KEYWORDS[k](self, schema, base) for k in _ORDER if k in schema]
        checks = [check for check in built if check is not None]
        return checks[0] if len(checks) == 1 else _sequence(checks)


def _type(c: Compiler, s: Mapping[str, Any], base: str) -> Check:
    names = [s["type"]] if isinstance(s["type"], str) else list(s["type"])
    tests = [_TYPES[n] for n in names]
    want = " or ".join(_ARTICLE[n] for n in names)
    return lambda v, p: None if any(t(v) for t in tests) else f"{p}: expected {want}, got {shown(v)}"


def _required(c: Compiler, s: Mapping[str, Any], base: str) -> Check:
    names = list(s["required"])

    def check(v: Any, p: str) -> str | None:
        if isinstance(v, dict):
            for name in names:
                if name not in v:
                    return f"{p}: missing the required field {name!r}"
        return None
    return check


def _properties(c: Compiler, s: Mapping[str, Any], base: str) -> Check:
    props = [(k, _key("", k), c.compile(sub, base)) for k, sub in s["properties"].items()]

    def check(v: Any, p: str) -> str | None:
        if isinstance(v, dict):
            for name, suffix, sub in props:
                if name in v:
                    problem = sub(v[name], p + suffix)
                    if problem:
                        return problem
        return None
    return check


def _additional(c: Compiler, s: Mapping[str, Any], base: str) -> Check:
    known = set(s.get("properties", ()))
    sub = c.compile(s["additionalProperties"], base)

    def check(v: Any, p: str) -> str | None:
        if isinstance(v, dict):
            for name, item in v.items():
                if name not in known:
                    problem = sub(item, _key(p, name))
                    if problem:
                        return problem
        return None
    return check


def _property_names(c: Compiler, s: Mapping[str, Any], base: str) -> Check:
    sub = c.compile(s["propertyNames"], base)

    def check(v: Any, p: str) -> str | None:
        if isinstance(v, dict):
            for name in v:
                problem = sub(name, f"{p} (the key {shown(name)})")
                if problem:
                    return problem
        return None
    return check


def _remember_objects(check: Check) -> Check:
    """`check`, remembering the values that passed: for the items of a list that repeat from
    one reply to the next (the legal actions). A value is known by its `repr`: the values
    checked are JSON (parsed from JSON text), and two of them with equal reprs are equal, of
    the same types (true is not 1) and key order; the C-coded `repr` costs half as much as
    a hashable copy built in Python, which cost more than the check it saved.

    >>> calls = []
    >>> check = _remember_objects(lambda v, p: calls.append(v))
    >>> for value in ({"a": 1}, {"a": 1}, {"a": True}):
    ...     check(value, "$")
    >>> calls
    [{'a': 1}, {'a': True}]
    """
    passed: set[str] = set()

    def remembered(v: Any, p: str) -> str | None:
        key = repr(v)
        if key in passed:
            return None
        problem = check(v, p)
        if problem is None and len(passed) < REMEMBERED:
            passed.add(key)
        return problem
    return remembered


def _items(c: Compiler, s: Mapping[str, Any], base: str) -> Check:
    sub = c.compile(s["items"], base)
    if "$ref" in s["items"]:  # (shared definitions recur: legal actions, turn events)
        sub = _remember_objects(sub)
    skip = len(s.get("prefixItems", ()))

    def check(v: Any, p: str) -> str | None:
        if isinstance(v, list):
            for i in range(skip, len(v)):
                problem = sub(v[i], f"{p}[{i}]")
                if problem:
                    return problem
        return None
    return check


def _prefix_items(c: Compiler, s: Mapping[str, Any], base: str) -> Check:
    subs = [c.compile(sub, base) for sub in s["prefixItems"]]

    def check(v: Any, p: str) -> str | None:
        if isinstance(v, list):
            for i, (sub, item) in enumerate(zip(subs, v, strict=False)):
                problem = sub(item, f"{p}[{i}]")
                if problem:
                    return problem
        return None
    return check


def _bound(key: str, test: Callable[[Any, Any], bool], kind: Callable[[Any], bool],
           size: Callable[[Any], Any], words: str) -> Callable[[Compiler, Mapping[str, Any], str], Check]:
    def build(c: Compiler, s: Mapping[str, Any], base: str) -> Check:
        limit = s[key]
        return lambda v, p: f"{p}: expected {words} {limit}, got {shown(v)}" \
            if kind(v) and not test(size(v), limit) else None
    return build


def _is_list(v: Any) -> bool:
    return isinstance(v, list)


def _is_number(v: Any) -> bool:
    return _TYPES["number"](v)


def _is_str(v: Any) -> bool:
    return isinstance(v, str)


def _is_dict(v: Any) -> bool:
    return isinstance(v, dict)


def _same(v: Any) -> Any:
    return v


def _ge(a: Any, b: Any) -> bool:
    return bool(a >= b)


def _le(a: Any, b: Any) -> bool:
    return bool(a <= b)


def _tag(value: Any) -> tuple[str, Any] | None:
    """A hashable key equal for JSON-equal scalars (true is not 1); None for arrays and objects."""
    if isinstance(value, bool):
        return ("b", value)
    if isinstance(value, int | float):
        return ("n", value)
    if isinstance(value, str) or value is None:
        return ("s", value)
    return None


def _const(c: Compiler, s: Mapping[str, Any], base: str) -> Check:
    return _enum(c, {"enum": [s["const"]]}, base)


def _enum(c: Compiler, s: Mapping[str, Any], base: str) -> Check:
    values = list(s["enum"])
    scalars = {_tag(x) for x in values} - {None}
    names = ", ".join(shown(x) for x in values)
    want = f"one of {names}" if len(values) > 1 else names

    def check(v: Any, p: str) -> str | None:
        tag = _tag(v)
        found = tag in scalars if tag is not None else any(json_equal(v, x) for x in values)
        return None if found else f"{p}: expected {want}, got {shown(v)}"
    return check


def _pattern(c: Compiler, s: Mapping[str, Any], base: str) -> Check:
    regex = re.compile(s["pattern"])
    return lambda v, p: f"{p}: {shown(v)} does not match {s['pattern']}" \
        if isinstance(v, str) and not regex.search(v) else None


def _unique(c: Compiler, s: Mapping[str, Any], base: str) -> Check | None:
    if not s["uniqueItems"]:
        return None

    def check(v: Any, p: str) -> str | None:
        if isinstance(v, list):
            for i, item in enumerate(v):
                if any(json_equal(item, other) for other in v[:i]):
                    return f"{p}: {shown(item)} appears twice (items must be unique)"
        return None
    return check


def _ref(c: Compiler, s: Mapping[str, Any], base: str) -> Check:
    found: list[Check] = []

    def check(v: Any, p: str) -> str | None:
        if not found:  # resolved on first use (a schema may refer to itself)
            found.append(c.ref(base, s["$ref"]))
        return found[0](v, p)
    return _remember(check)


_SCALARS = (str, int, float, bool, type(None))
REMEMBERED = 4096  # scalar values remembered as passing, per check


def _remember(check: Check) -> Check:
    """`check`, remembering the scalar values that passed (grid cells repeat a few dozen)."""
    passed: set[tuple[type, Any]] = set()

    def remembered(v: Any, p: str) -> str | None:
        if type(v) in _SCALARS:
            key = (type(v), v)
            if key in passed:
                return None
            problem = check(v, p)
            if problem is None and len(passed) < REMEMBERED:
                passed.add(key)
            return problem
        return check(v, p)
    return remembered


def _any_of(c: Compiler, s: Mapping[str, Any], base: str) -> Check:
    subs = [c.compile(sub, base) for sub in s["anyOf"]]
    return _remember(lambda v, p: _best([sub(v, p) for sub in subs], p, v))


def _one_of(c: Compiler, s: Mapping[str, Any], base: str) -> Check:
    subs = [c.compile(sub, base) for sub in s["oneOf"]]

    def check(v: Any, p: str) -> str | None:
        problems = [sub(v, p) for sub in subs]
        passed = problems.count(None)
        if passed == 1:
            return None
        if passed > 1:
            return f"{p}: matches more than one of the {len(subs)} exclusive forms"
        return _best(problems, p, v)
    return check


def _best(problems: list[str | None], path: str, value: Any) -> str | None:
    """None if one alternative passed, else the problem found deepest (the likeliest intent)."""
    if None in problems:
        return None
    deep = [q for q in problems if q is not None and not q.startswith(f"{path}:")]
    if deep:
        return max(deep, key=lambda q: q.index(":"))
    wants = [q.split(": expected ", 1)[1].rsplit(", got ", 1)[0] for q in problems
             if q is not None and ": expected " in q and ", got " in q]
    if len(wants) == len(problems):
        return f"{path}: expected {' or '.join(dict.fromkeys(wants))}, got {shown(value)}"
    return problems[0]


def _all_of(c: Compiler, s: Mapping[str, Any], base: str) -> Check:
    parts = list(s["allOf"])
    key = _discriminator(parts)
    if key is None:
        return _sequence([c.compile(part, base) for part in parts])
    # every part is {"if": {"properties": {key: {"const": V}}}, "then": ...}: dispatch on V
    by_value = {part["if"]["properties"][key]["const"]: c.compile(part["then"], base)
                for part in parts}
    every = _sequence(list(by_value.values()))

    def check(v: Any, p: str) -> str | None:
        if not isinstance(v, dict):
            return None
        if key not in v:
            return every(v, p)
        tag = v[key]
        sub = by_value.get(tag) if isinstance(tag, str) else None
        return sub(v, p) if sub is not None else None
    return check


def _discriminator(parts: list[Any]) -> str | None:
    keys = set()
    for part in parts:
        if not isinstance(part, Mapping) or set(part) - IGNORED != {"if", "then"}:
            return None
        test = part["if"]
        if set(test) != {"properties"} or len(test["properties"]) != 1:
            return None
        (key, sub), = test["properties"].items()
        if set(sub) != {"const"} or not isinstance(sub["const"], str):
            return None
        keys.add(key)
    return keys.pop() if len(keys) == 1 else None


def _sequence(checks: list[Check]) -> Check:
    def every(v: Any, p: str) -> str | None:
        for check in checks:
            problem = check(v, p)
            if problem:
                return problem
        return None
    return every


def _if(c: Compiler, s: Mapping[str, Any], base: str) -> Check:
    test = c.compile(s["if"], base)
    then = c.compile(s.get("then", True), base)
    other = c.compile(s.get("else", True), base)
    return lambda v, p: then(v, p) if test(v, p) is None else other(v, p)


def _nothing(c: Compiler, s: Mapping[str, Any], base: str) -> None:
    return None  # then/else are compiled with their if


_KEYWORDS: dict[str, Callable[[Compiler, Mapping[str, Any], str], Check | None]] = {
    "$ref": _ref,
    "type": _type,
    "const": _const,
    "enum": _enum,
    "pattern": _pattern,
    "minLength": _bound("minLength", _ge, _is_str, len, "a string of length at least"),
    "maxLength": _bound("maxLength", _le, _is_str, len, "a string of length at most"),
    "minimum": _bound("minimum", _ge, _is_number, _same, "a number at least"),
    "maximum": _bound("maximum", _le, _is_number, _same, "a number at most"),
    "minItems": _bound("minItems", _ge, _is_list, len, "an array of length at least"),
    "maxItems": _bound("maxItems", _le, _is_list, len, "an array of length at most"),
    "minProperties": _bound("minProperties", _ge, _is_dict, len, "an object with fields at least"),
    "required": _required,
    "properties": _properties,
    "additionalProperties": _additional,
    "propertyNames": _property_names,
    "prefixItems": _prefix_items,
    "items": _items,
    "uniqueItems": _unique,
    "anyOf": _any_of,
    "oneOf": _one_of,
    "allOf": _all_of,
    "if": _if,
    "then": _nothing,
    "else": _nothing,
}
_ORDER = tuple(_KEYWORDS)


def compile_schema(schema: Mapping[str, Any] | bool, resolve: Resolve | None = None,
                   base: str = "") -> Check:
    """The check for one schema; `resolve` finds the schemas its ``$ref`` names by URI."""
    def nowhere(uri: str) -> Mapping[str, Any]:
        raise ValueError(f"cannot resolve {uri!r}")
    return Compiler(resolve or nowhere).compile(schema, base)
