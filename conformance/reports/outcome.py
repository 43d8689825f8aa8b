"""What every output says of a run: its header (`Meta`), its counts, its exit status,
and whether it is complete.

>>> from conformance.results import Result
>>> results = [Result("a", "hearts", "pass"), Result("b", "official", "fail")]
>>> dict(totals(results)), exit_status(results)
({'pass': 1, 'fail': 1}, 1)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from conformance.grouping import Cause, group
from conformance.naming import Agreeing
from conformance.results import Result


@dataclass
class Meta:
    """What the run was: the header of every output."""

    impl: str
    implementation: Mapping[str, Any]
    seed: int
    rulesets: Sequence[str]
    started: str
    protocol: int = 1
    fuzz: int = 0
    timeout: float = 0.0
    throughput: dict[str, Any] = field(default_factory=dict)
    elapsed: float = 0.0
    stopped: str | None = None  # why the run stopped before its end (a signal, the handshake)
    exit: int | None = None  # the exit status, when not the one the results give
    strict_waivers: bool = False  # waived items make the run fail (--strict-waivers)
    targets: dict[str, str] = field(default_factory=dict)  # label: rules (one-line form)
    # the fuzz shards played, by target: {"played": [[first, last], ...], "of": count}
    shards: dict[str, dict[str, Any]] = field(default_factory=dict)
    nothing: str | None = None  # why the selection sends nothing (an empty shard range, -k)
    missing: list[str] = field(default_factory=list)  # a merged campaign's unplayed shards

    @property
    def title(self) -> str:
        impl = self.implementation
        version = f" {impl['version']}" if impl.get("version") else ""
        return f"{impl.get('name', self.impl)}{version}"

def totals(results: Iterable[Result]) -> Counter[str]:
    return Counter(r.status for r in results)


NOTHING_APPLIED = 5  # the exit status of a run in which no item applied (pytest: none collected)


def incomplete(meta: Meta) -> str | None:
    """The sentence every output gives a run that stopped early, or a merged campaign
    that misses shards (`conformance.merge`), if so.

    >>> meta = Meta(impl="x", implementation={}, seed=1, rulesets=[], started="",
    ...             missing=["hearts: shard 0 of 0-1 is missing (no log played it)"])
    >>> incomplete(meta)
    'The campaign is incomplete: hearts: shard 0 of 0-1 is missing (no log played it)'
    """
    parts = [f"The run stopped early: {meta.stopped}"] if meta.stopped else []
    parts += [f"The campaign is incomplete: {'; '.join(meta.missing)}"] if meta.missing else []
    return ". ".join(parts) or None


def exit_status(results: Sequence[Result], strict_waivers: bool = False) -> int:
    """1 when any item was unsuccessful (a waived one only with `strict_waivers`), else 0
    when something applied and passed or was waived, else `NOTHING_APPLIED`: a run that
    checked nothing is no success.

    >>> exit_status([Result("a", "hearts", "pass"), Result("b", "hearts", "not_applicable")])
    0
    >>> exit_status([Result("b", "hearts", "not_applicable")])
    5
    >>> exit_status([Result("a", "x", "waived")]), exit_status([Result("a", "x", "waived")], True)
    (0, 1)
    """
    if any(r.failed and (strict_waivers or r.status != "waived") for r in results):
        return 1
    return 0 if any(r.status in ("pass", "waived") for r in results) else NOTHING_APPLIED


def nothing_applied(meta: Meta, results: Sequence[Result]) -> str | None:
    """The line every output gives a run that ran to its end with no item applicable."""
    if meta.stopped or exit_status(results) != NOTHING_APPLIED:
        return None
    why = meta.nothing or f"no item applied ({len(results)} not applicable)"
    return f"Nothing was checked: {why}, so the run is no success (exit status {NOTHING_APPLIED})"


def stale_waivers(meta: Meta, results: Iterable[Result]) -> list[str]:
    """The ids the implementation waives that match no deviation of the run."""
    waived = list(meta.implementation.get("waive") or {})
    used = {str(occ.get("waived")) for r in results for occ in r.deviations if occ.get("waived")}
    used |= {r.message for r in results if r.status == "waived"}
    return [w for w in waived if not any(u.startswith(f"{w}: ") or f"({w}: " in u
                                         for u in used)]


def causes(results: Iterable[Result]) -> list[Cause]:
    """The run's distinct deviations (`conformance.grouping.group`; a value is named only
    where it changes none of the cases that passed, `conformance.naming`)."""
    found = list(results)
    return group((occ for r in found for occ in r.deviations), Agreeing(found))


def unchecked(results: Iterable[Result], how: str = "ended") -> int:
    """How many items ended at a difference the reference could not go past (their
    later steps and expectations went unchecked); with ``how="lost"``, how many went on
    against the implementation alone (properties and the case's expectations only)."""
    return len({f"{o['item']}" for r in results for o in r.deviations if o.get("how") == how})


def by_ruleset(results: Iterable[Result]) -> dict[str, Counter[str]]:
    rows: dict[str, Counter[str]] = {}
    for r in results:
        rows.setdefault(r.ruleset, Counter())[r.status] += 1
    return rows
