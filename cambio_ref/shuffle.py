"""The deterministic shuffle: SplitMix64 feeding a Fisher-Yates shuffle.

Chance is an input: a game is fixed by its rules, players, deck order and
actions. When a deck must be dealt from a seed, or a discard pile reshuffled,
every implementation uses this procedure (spec/shuffle.yaml has test vectors).

>>> hex(next(splitmix64(0)))  # the published first output for seed 0
'0xe220a8397b1dcdaf'
>>> shuffle([1, 2, 3, 4, 5], seed=7, stream=0)
[5, 2, 4, 1, 3]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TypeVar

T = TypeVar("T")
MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def splitmix64(seed: int) -> Iterator[int]:
    """Vigna's SplitMix64 generator, starting from state `seed`."""
    x = seed & MASK
    while True:
        x = (x + GOLDEN) & MASK
        z = x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        yield z ^ (z >> 31)


def stream_seed(seed: int, stream: int) -> int:
    """The generator state for shuffle number `stream` of a game seeded with `seed`.

    Stream 0 deals the deck; stream k >= 1 is the k-th reshuffle of the round.
    """
    return (seed + stream * GOLDEN) & MASK


def shuffle(items: Sequence[T], seed: int, stream: int) -> list[T]:
    """Fisher-Yates from the last index down: for i = n-1 .. 1, swap i with next() mod (i+1).

    `items` is read in order (for a reshuffle: the discard pile from the bottom
    up); the result is read top card first.
    """
    out = list(items)
    rng = splitmix64(stream_seed(seed, stream))
    for i in range(len(out) - 1, 0, -1):
        j = next(rng) % (i + 1)
        out[i], out[j] = out[j], out[i]
    return out
