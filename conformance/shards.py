"""Fuzz shards: a target's fuzz games split into shards of `SHARD_GAMES` games each.

The shards of a fuzz item, and the seed of each, depend only on the run's seed,
the target's rules and the number of games, never on ``--jobs``: shard *i* of
a target plays ``min(SHARD_GAMES, games - i * SHARD_GAMES)`` games, seeded with
`shard_seed`, the first 8 bytes (big-endian) of the SHA-256 of
``"{seed}/{canonical rules}/{i}"``. So ``--jobs 1`` and ``--jobs 8`` play the
same games, ``--fuzz-shards I`` replays exactly one shard, and a long campaign
can be split across machines by shard ranges. `merge_reports` puts the shards
of one item back together in shard order: what each found is a `FuzzReport` (kept here,
apart from `conformance.fuzz`, which imports Hypothesis, about 0.15 s of CPU: a run that
fuzzes nothing, and each worker process of one, needs only the reports).

>>> shard_count(25), [shard_games(25, i) for i in range(3)]
(5, [5, 5, 5])
>>> shard_seed(1, "hearts", 0) == shard_seed(1, "hearts", 0) != shard_seed(1, "hearts", 1)
True
>>> parse_shards("2-4"), parse_shards("7")
(range(2, 5), range(7, 8))
"""

from __future__ import annotations

import argparse
import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from cambio_ref.rules import Rules
from conformance.lockstep import Disagreement
from conformance.protocol import Hello

SHRINK_SECONDS = 10.0


@dataclass
class Deviation:
    """One distinct way the implementation departs from the reference."""

    signature: str  # its root-cause key (`conformance.grouping.key_of`)
    first: Disagreement
    count: int = 1
    shrunk: Disagreement | None = None
    shard: int = 0  # the fuzz shard (`conformance.shards`) the first example comes from
    how: str = "noted"  # how play went on past it (`conformance.onward.Finding`)
    games: list[int] = field(default_factory=list)  # the games (of its shard) it shows in
    # where an unexplained state difference came before it in a game, if in any
    behind: str | None = None

    @property
    def example(self) -> Disagreement:
        return self.shrunk or self.first


@dataclass
class FuzzReport:
    """What one fuzz run (one target) found."""

    ruleset: str
    games: int = 0
    actions: int = 0
    seconds: float = 0.0  # playing games (without shrinking): for the throughput
    elapsed: float = 0.0
    deviations: dict[str, Deviation] = field(default_factory=dict)
    not_run: str | None = None
    reshuffles: int = 0
    rounds_over: int = 0
    players: tuple[int, int] = (2, 8)


def player_range(rules: Rules, hello: Hello) -> tuple[int, int] | None:
    """The player counts fuzzing deals: the declared range within the rules' own.

    >>> from cambio_ref.rules import resolve
    >>> player_range(resolve("online"), Hello("x", players=(2, 2)))
    (2, 2)
    """
    low = max(2, rules.min_players, hello.players[0])
    high = min(rules.max_players, hello.players[1])
    return (low, high) if low <= high else None


SHARD_GAMES = 5
T = TypeVar("T")
MAX_SHARD = 10**7


def shard_count(games: int) -> int:
    """How many shards `games` fuzz games make."""
    return -(-games // SHARD_GAMES)


def shard_games(games: int, index: int) -> int:
    """How many games shard `index` plays."""
    return max(0, min(SHARD_GAMES, games - index * SHARD_GAMES))


def shard_seed(seed: int, rules: str, index: int) -> int:
    """The Hypothesis seed of shard `index` of the target with canonical `rules`."""
    digest = hashlib.sha256(f"{seed}/{rules}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def shard_rows(rows: Sequence[T], shard: int, target: int = 0, targets: int = 1) -> list[T]:
    """The rows of a covering array that shard `shard` of target `target` (of `targets`)
    plays, one a game: game *k* of the shard takes row ``(shard * SHARD_GAMES + k) *
    targets + target``, so the targets' games share the rows out between them.

    >>> shard_rows(list(range(23)), 0, 1, 2), shard_rows(list(range(23)), 2, 1, 2)
    ([1, 3, 5, 7, 9], [21])
    """
    first = shard * SHARD_GAMES
    return [rows[i] for i in ((first + k) * targets + target for k in range(SHARD_GAMES))
            if i < len(rows)]


def parse_shards(text: str) -> range:
    """An argparse type: ``I`` or ``FIRST-LAST`` (inclusive), shard numbers from 0.

    >>> parse_shards("5-2")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be I or FIRST-LAST with FIRST <= LAST, not '5-2'
    """
    first, _, last = text.strip().partition("-")
    ok = first.isdigit() and (last.isdigit() or not _) and len(text) <= 20
    low = int(first) if ok else 0
    high = int(last) if ok and last else low
    if not ok or low > high or high > MAX_SHARD:
        raise argparse.ArgumentTypeError(f"must be I or FIRST-LAST with FIRST <= LAST,"
                                         f" not {text[:20]!r}")
    return range(low, high + 1)


def merge_reports(shards: Sequence[tuple[int, FuzzReport]], ruleset: str = "") -> FuzzReport:
    """The shards of one fuzz item as one report: counts summed; deviations with the same
    signature merged (counts summed, the example from the first shard), in the order
    they first appear, shard by shard.

    >>> a, b = FuzzReport("x", games=10, actions=5), FuzzReport("x", games=3, actions=1)
    >>> merged = merge_reports([(0, a), (1, b)])
    >>> merged.games, merged.actions
    (13, 6)
    """
    ordered = sorted(shards, key=lambda pair: pair[0])
    merged = FuzzReport(ordered[0][1].ruleset if ordered else ruleset)
    if ordered:
        merged.players = ordered[0][1].players
    for index, report in ordered:
        offset = merged.games  # (a deviation's games are numbered across the shards)
        merged.games += report.games
        merged.actions += report.actions
        merged.seconds += report.seconds
        merged.elapsed += report.elapsed
        merged.reshuffles += report.reshuffles
        merged.rounds_over += report.rounds_over
        if merged.not_run is None:
            merged.not_run = report.not_run
        for signature, deviation in report.deviations.items():
            found = merged.deviations.get(signature)
            games = [offset + g for g in deviation.games]
            if found is None:
                merged.deviations[signature] = Deviation(signature, deviation.first,
                                                         deviation.count, deviation.shrunk, index,
                                                         deviation.how, games,
                                                         deviation.behind)
            else:
                found.count += deviation.count
                found.games += games
                found.behind = found.behind or deviation.behind
    return merged
