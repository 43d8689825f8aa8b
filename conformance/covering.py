"""Pairwise covering arrays: rows of option values in which every pair of values of
every two options meets in at least one row.

Fuzzing plays one row per game (`conformance.draws`), so that an option value is
never tried only in the company the rulesets happen to give it (a value hidden by
another option's value is met without it too). The array is built greedily, one
row at a time, each cell taking the value that covers the most pairs not yet
covered (the AETG family of constructions, as combinatorial testing tools build
them); ties are broken by a random generator seeded from the run's seed, so the
same seed gives the same array. A cell whose value covers no new pair is left
free (None): the game takes its target's value there, so rows stay near the
target once the hard pairs are done. Rows can be asked for first (`start`): values
that must meet in one game, more than two of them (`conformance.aims`); the array
is built on from them.

>>> array = pairwise([("a", (1, 2)), ("b", ("x", "y")), ("c", (True, False))], seed=1)
>>> len(array) <= 6, uncovered(array, [("a", (1, 2)), ("b", ("x", "y")), ("c", (True, False))])
(True, [])
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from cambio_ref.catalogue import Value

Factor = tuple[str, tuple[Value, ...]]
Row = dict[str, Value | None]


def same_value(a: Value, b: Value) -> bool:
    """Equal and of one type (so that 1, 1.0 and True stay three values).

    >>> same_value(1, True), same_value("x", "x")
    (False, True)
    """
    return a == b and type(a) is type(b)


def pairwise(factors: Sequence[Factor], seed: int = 0, tries: int = 4,
             start: Sequence[Mapping[str, Value]] = ()) -> list[Row]:
    """A covering array of strength 2 over `factors` (key, values): every pair of values
    of every two keys is in some row. Free cells are None. The shortest of `tries`
    arrays, each built from its own random generator seeded from `seed`. The rows
    begin with one per `start` row, holding its values (on keys of `factors`; the
    array fills in the rest).

    >>> rows = pairwise([("a", (1, 2, 3)), ("b", (1, 2, 3))], seed=7)
    >>> len(rows), sorted((r["a"], r["b"]) for r in rows)[:3]
    (9, [(1, 1), (1, 2), (1, 3)])
    >>> factors = [("a", (1, 2)), ("b", (1, 2)), ("c", (1, 2))]
    >>> rows = pairwise(factors, seed=7, start=[{"a": 2, "b": 2, "c": 2}, {"a": 2, "c": 2}])
    >>> rows[:2], uncovered(rows, factors)
    ([{'a': 2, 'b': 2, 'c': 2}, {'a': 2, 'b': 1, 'c': 2}], [])
    """
    factors = [f for f in factors if len(f[1]) > 1]
    presets = [{i: k for i, (key, values) in enumerate(factors)
                for k, v in enumerate(values) if key in row and same_value(v, row[key])} for row in start]
    arrays = [_build(factors, random.Random(seed * tries + i), presets)
              for i in range(max(1, tries))]
    return min(arrays, key=len)


def _build(factors: Sequence[Factor], rng: random.Random,
           presets: Sequence[Mapping[int, int]] = ()) -> list[Row]:
    """One covering array, row by row (see `_greedy_row`), the `presets` first (cells by
    factor index, never left free)."""
    n = len(factors)
    sizes = [len(values) for _, values in factors]
    # missing[i][j] (i < j): the set of value-index pairs of factors i and j not yet met
    missing = [[{(a, b) for a in range(sizes[i]) for b in range(sizes[j])} if i < j else set()
                for j in range(n)] for i in range(n)]
    left = sum(len(missing[i][j]) for i in range(n) for j in range(i + 1, n))
    rows: list[Row] = []
    todo = [preset for preset in presets if preset]
    while left or todo:
        preset = todo.pop(0) if todo else {}
        cells = _greedy_row(missing, sizes, rng, preset)
        free = set(range(n)) - set(preset)
        for i in range(n):
            for j in range(i + 1, n):
                pair = (cells[i], cells[j])
                if pair in missing[i][j]:
                    missing[i][j].discard(pair)
                    left -= 1
                    free.discard(i)
                    free.discard(j)
        rows.append({key: None if i in free else values[cells[i]]
                     for i, (key, values) in enumerate(factors)})
    return rows


def _greedy_row(missing: list[list[set[tuple[int, int]]]], sizes: list[int],
                rng: random.Random, preset: Mapping[int, int]) -> list[int]:
    """One row: it starts from the `preset` cells, or else from a pair not yet met (of
    the two factors with most left), then gives each other factor, in random order,
    the value meeting most new pairs with the cells already set."""
    n = len(sizes)
    cells = [-1] * n
    if preset:
        done = list(preset)
        for i, v in preset.items():
            cells[i] = v
    else:
        best = max((len(missing[i][j]), rng.random(), i, j) for i in range(n)
                   for j in range(i + 1, n))
        _, _, i0, j0 = best
        a0, b0 = min(missing[i0][j0], key=lambda p: (rng.random(), p))
        cells[i0], cells[j0] = a0, b0
        done = [i0, j0]
    order = [k for k in range(n) if k not in done]
    rng.shuffle(order)
    order.sort(key=lambda k: -sizes[k])  # the factors with most values first (stable: random ties)
    for k in order:
        scores = [0] * sizes[k]
        for d in done:
            pairs = missing[min(k, d)][max(k, d)]
            if not pairs:
                continue
            for v in range(sizes[k]):
                if ((v, cells[d]) if k < d else (cells[d], v)) in pairs:
                    scores[v] += len(pairs)  # (the pairs of two factors with most left first)
        top = max(scores)
        cells[k] = rng.choice([v for v in range(sizes[k]) if scores[v] == top])
        done.append(k)
    return cells


def uncovered(rows: Sequence[Mapping[str, Value | None]], factors: Sequence[Factor],
              fill: Mapping[str, Value] | None = None) -> list[str]:
    """The pairs of `factors` no row meets, as ``key=value & key=value`` (free cells
    read from `fill`, if given; else they meet nothing).

    >>> uncovered([{"a": 1, "b": None}], [("a", (1,  2)), ("b", (3, 4))], {"b": 3})
    ['a=1 & b=4', 'a=2 & b=3', 'a=2 & b=4']
    """
    factors = [f for f in factors if len(f[1]) > 1]
    met: set[tuple[int, int, int, int]] = set()
    for row in rows:
        cells: list[int | None] = []
        for key, values in factors:
            value = row.get(key)
            if value is None and fill is not None:
                value = fill.get(key)
            found = [i for i, v in enumerate(values) if value is not None and same_value(v, value)]
            cells.append(found[0] if found else None)
        for i, a in enumerate(cells):
            for j in range(i + 1, len(cells)):
                b = cells[j]
                if a is not None and b is not None:
                    met.add((i, a, j, b))
    return [f"{ki}={vi} & {kj}={vj}"
            for i, (ki, vsi) in enumerate(factors) for j, (kj, vsj) in enumerate(factors) if i < j
            for a, vi in enumerate(vsi) for b, vj in enumerate(vsj) if (i, a, j, b) not in met]

