"""Remembered values stay within their bound by weight, whatever the size of each value
(issue 33: a default run's peak grew with the size of the snap blocks it remembered)."""

from __future__ import annotations

from cambio_ref.memo import by_value
from cambio_ref.snapping import KEPT_SNAPS, snap_block


def test_by_value_keeps_values_weighing_at_most_its_limit() -> None:
    built: list[int] = []

    @by_value(limit=1000, weigh=len)
    def block(n: int) -> tuple[int, ...]:
        built.append(n)
        return (n,) * 400

    for n in range(10):
        block(n)
    assert built == list(range(10))
    block(9), block(8)  # the two latest: 800 of 1000, both kept
    assert built == list(range(10))
    block(7)  # a third would weigh 1200: it was forgotten, and is built again
    assert built == [*range(10), 7]
    block(8)  # the 9 was used longest ago: it made room for the 7, the 8 stayed
    assert built == [*range(10), 7]


def test_by_value_does_not_keep_a_value_heavier_than_its_limit() -> None:
    built: list[int] = []

    @by_value(limit=10, weigh=len)
    def block(n: int) -> tuple[int, ...]:
        built.append(n)
        return (0,) * n

    block(3), block(11), block(11), block(3)
    assert built == [3, 11, 11]  # the 11 is built each time, the 3 stays


def test_snap_block_is_bounded_by_snaps_not_by_blocks() -> None:
    """Blocks of 80 targets under multi-burn (80 singles and 3,160 pairs): far fewer of
    them than the 256 blocks `functools.lru_cache` kept fill `KEPT_SNAPS`."""
    targets = tuple((owner, slot) for owner in range(8) for slot in range(10))
    per_block = 80 + 80 * 79 // 2
    count = KEPT_SNAPS // per_block + 2
    first = snap_block(100, targets, True)
    assert len(first) == per_block
    blocks = [first] + [snap_block(100 + n, targets, True) for n in range(1, count)]
    assert snap_block(100 + count - 1, targets, True) is blocks[-1]  # the latest is kept
    assert snap_block(100, targets, True) is not first  # the first was forgotten
    assert snap_block(100, targets, True) == first  # (and built again the same)
