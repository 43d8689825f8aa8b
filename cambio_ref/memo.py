"""Values remembered per object: `per_object`, for immutable objects made once and met often.

A value type's own hash can cost more than the work it would save (a frozen
dataclass hashes its fields in Python), so these memos look objects up by
identity. Each entry keeps its object alive, so an id is never reused while
remembered; the memo forgets everything at once when it is full.

>>> calls = []
>>> @per_object(limit=2)
... def size(items: tuple[int, ...]) -> int:
...     calls.append(items)
...     return len(items)
>>> t = (1, 2, 3)
>>> size(t), size(t), len(calls)
(3, 3, 1)
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


def per_object(limit: int) -> Callable[[Callable[[K], V]], Callable[[K], V]]:
    """Decorate a one-argument function to remember its value per argument object (at
    most `limit` of them)."""
    def decorate(build: Callable[[K], V]) -> Callable[[K], V]:
        kept: dict[int, tuple[K, V]] = {}

        @functools.wraps(build)
        def remembered(obj: K) -> V:
            known = kept.get(id(obj))
            if known is not None and known[0] is obj:
                return known[1]
            if len(kept) >= limit:
                kept.clear()
            value = build(obj)
            kept[id(obj)] = (obj, value)
            return value

        return remembered

    return decorate
