"""Values remembered per object: `per_object`, for immutable objects made once and met often;
and by their arguments' values: `by_value`, bounded by what the values weigh.

A value type's own hash can cost more than the work it would save (a frozen
dataclass hashes its fields in Python), so these memos look objects up by
identity. Each entry keeps its object alive, so an id is never reused while
remembered; the memo forgets everything at once when it is full: when it holds `limit`
objects, or, with `weigh`, objects weighing `limit` in all (for objects of very
different sizes, such as the blocks of snaps of an eight-player table).

>>> calls = []
>>> @per_object(limit=2)
... def size(items: tuple[int, ...]) -> int:
...     calls.append(items)
...     return len(items)
>>> t = (1, 2, 3)
>>> size(t), size(t), len(calls)
(3, 3, 1)
>>> @per_object(limit=4, weigh=len)
... def total(items: tuple[int, ...]) -> int:
...     calls.append(items)
...     return sum(items)
>>> big = (1, 2, 3)
>>> total(big), total((4, 5)), total(big), len(calls)
(6, 9, 6, 4)
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

K = TypeVar("K")
V = TypeVar("V")
P = ParamSpec("P")


def per_object(limit: int, weigh: Callable[[Any], int] | None = None
               ) -> Callable[[Callable[[K], V]], Callable[[K], V]]:
    """Decorate a one-argument function to remember its value per argument object (at
    most `limit` of them, or objects of at most `limit` in all by their `weigh`)."""
    def decorate(build: Callable[[K], V]) -> Callable[[K], V]:
        kept: dict[int, tuple[K, V]] = {}
        held = [0]  # what the kept objects weigh

        @functools.wraps(build)
        def remembered(obj: K) -> V:
            known = kept.get(id(obj))
            if known is not None and known[0] is obj:
                return known[1]
            weight = 1 if weigh is None else weigh(obj)
            if held[0] + weight > limit:
                kept.clear()
                held[0] = 0
            value = build(obj)
            kept[id(obj)] = (obj, value)
            held[0] += weight
            return value

        return remembered

    return decorate


def by_value(limit: int, weigh: Callable[[Any], int]
             ) -> Callable[[Callable[P, V]], Callable[P, V]]:
    """Decorate a function of hashable arguments to remember its values by the arguments'
    values, as `functools.lru_cache` does, but bounded by what the values weigh (their
    `weigh`, at most `limit` in all) instead of by their number: the least recently used
    are forgotten first. A value heavier than `limit` on its own is returned, not kept.

    >>> built = []
    >>> @by_value(limit=5, weigh=len)
    ... def word(n: int) -> str:
    ...     built.append(n)
    ...     return "x" * n
    >>> word(3), word(2), word(3), built  # (3 + 2 weigh 5: both kept)
    ('xxx', 'xx', 'xxx', [3, 2])
    >>> word(1), word(2), word(3), built  # (1 more: the 2, used longest ago, is dropped)
    ('x', 'xx', 'xxx', [3, 2, 1, 2, 3])
    """
    def decorate(build: Callable[P, V]) -> Callable[P, V]:
        kept: dict[Any, tuple[V, int]] = {}  # (in order of use, the latest last)
        held = [0]  # what the kept values weigh

        @functools.wraps(build)
        def remembered(*args: P.args, **kwargs: P.kwargs) -> V:
            key = (args, tuple(kwargs.items())) if kwargs else args
            known = kept.pop(key, None)
            if known is not None:
                kept[key] = known  # (now the latest used)
                return known[0]
            value = build(*args, **kwargs)
            weight = weigh(value)
            if weight <= limit:
                while held[0] + weight > limit:
                    held[0] -= kept.pop(next(iter(kept)))[1]
                kept[key] = (value, weight)
                held[0] += weight
            return value
        return remembered

    return decorate
