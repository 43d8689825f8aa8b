"""The cyclic garbage collector, tuned for a long run that keeps many objects alive.

A conformance run keeps big caches (remembered legal-action blocks, their JSON and
text, reply lines already checked) and allocates many short-lived dicts and lists
for every step. With Python's default thresholds (700 allocations, then 10 and 10)
the collector runs thousands of times in a fuzz campaign, and each older-generation
pass walks every cached object again: in a fuzz-only run against ``cambio serve``
that was about a third of the harness's CPU time. `collect_rarely` raises the
thresholds so that a collection comes after 50,000 allocations (an older pass after
20 and 10 of those): cyclic garbage is still collected, only in fewer, larger passes.
The commands that run long (`cambio conform`, its workers, `cambio serve`) call it;
the library itself never changes the collector.
"""

from __future__ import annotations

import gc

THRESHOLDS = (50_000, 20, 10)


def collect_rarely() -> None:
    """Set the collector's thresholds to `THRESHOLDS` for the rest of this process (and
    the processes it forks).

    >>> before = gc.get_threshold()
    >>> collect_rarely(); gc.get_threshold()
    (50000, 20, 10)
    >>> gc.set_threshold(*before)
    """
    gc.set_threshold(*THRESHOLDS)
