"""Matching expected patterns against actual events and views.

A pattern matches a value when they are equal, when the pattern is ``"_"``
(anything), when both are mappings and every key of the pattern matches (extra
keys are allowed), or when both are lists of the same length matching item by
item. Card codes compare case-insensitively.

>>> mismatch({"t": "snapped", "cards": ["_"]}, {"t": "snapped", "cards": ["7S"], "player": 1})
>>> mismatch({"t": "snapped"}, {"t": "snap_wrong"})
"t: expected 'snapped', got 'snap_wrong'"
>>> find_subsequence([{"t": "b"}], [{"t": "a"}, {"t": "b"}])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

ANY = "_"


def mismatch(pattern: Any, actual: Any, path: str = "") -> str | None:
    """None if `actual` matches `pattern`, else a one-line description of the first difference."""
    where = f"{path}: " if path else ""
    if isinstance(pattern, str) and pattern == ANY:
        return None
    if isinstance(pattern, Mapping):
        if not isinstance(actual, Mapping):
            return f"{where}expected an object, got {actual!r}"
        for key, sub in pattern.items():
            if key not in actual:
                return f"{where}missing {key!r}"
            problem = mismatch(sub, actual[key], f"{path}.{key}" if path else str(key))
            if problem:
                return problem
        return None
    if isinstance(pattern, list | tuple):
        if not isinstance(actual, list | tuple) or len(actual) != len(pattern):
            return f"{where}expected {list(pattern)!r}, got {actual!r}"
        for i, (p, a) in enumerate(zip(pattern, actual, strict=True)):
            problem = mismatch(p, a, f"{path}[{i}]")
            if problem:
                return problem
        return None
    if isinstance(pattern, str) and isinstance(actual, str) and pattern.upper() == actual.upper():
        return None
    if pattern == actual and type(pattern) is type(actual):
        return None
    return f"{where}expected {pattern!r}, got {actual!r}"


def find_subsequence(patterns: Sequence[Any], events: Sequence[Mapping[str, Any]]) -> str | None:
    """None if the patterns match events in order (others may come between), else why not."""
    i = 0
    for n, pattern in enumerate(patterns):
        best: str | None = None
        while i < len(events):
            problem = mismatch(pattern, events[i])
            i += 1
            if problem is None:
                break
            if best is None and events[i - 1].get("t") == pattern.get("t"):
                best = problem
        else:
            kinds = [e.get("t") for e in events]
            detail = f" ({best})" if best else ""
            return f"expected event #{n + 1} {pattern!r} not found in {kinds}{detail}"
    return None
