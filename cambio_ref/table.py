"""What lies on the table: the cards in each grid, locked grids, who sees what.

Small helpers shared by the turn, power and snapping modules.

>>> from cambio_ref.rules import resolve
>>> from cambio_ref.state import new_round
>>> s = new_round(resolve("official"), 2, seed=3)
>>> cards_of(s, 0), everyone(s), mask_list(s, 0b10)
([0, 1, 2, 3], [0, 1], [1])
"""

from __future__ import annotations

from cambio_ref.cards import Card
from cambio_ref.state import State


def cards_of(state: State, player: int) -> list[int]:
    """The slots of `player`'s grid that hold a card."""
    return [i for i, c in enumerate(state.grids[player]) if c is not None]


def locked_seat(state: State) -> int | None:
    """The seat whose cards the other players may not touch: the caller's, when the
    rules lock them (call.caller-locked)."""
    return state.caller if state.flags.lock_others else None


def caller_bound(state: State, player: int) -> bool:
    """True when `player` called and the lock binds the caller too: they may neither
    snap nor move their own cards (call.caller-locked)."""
    return player == state.caller and state.flags.lock_caller


def locked(state: State, owner: int, actor: int) -> bool:
    """True when the lock keeps `actor` from moving `owner`'s cards: the caller's cards,
    against the other players, and against the caller when the lock binds them too.

    >>> from cambio_ref.rules import resolve
    >>> from cambio_ref.state import new_round
    >>> s = new_round(resolve("cambio-bot"), 2, seed=3)
    >>> s.caller = 1
    >>> locked(s, 1, 0), locked(s, 1, 1), locked(s, 0, 1)
    (True, False, False)
    """
    if owner != state.caller:
        return False
    return state.flags.lock_caller if actor == owner else state.flags.lock_others


def is_out(state: State, player: int) -> bool:
    """True when `player` is out of the round (snap.knock-out)."""
    return bool((state.knocked_out >> player) & 1)


def in_play(state: State) -> list[int]:
    """The seats still in the round, or every seat if all are out (snap.knock-out).

    >>> from cambio_ref.rules import resolve
    >>> from cambio_ref.state import new_round
    >>> s = new_round(resolve("official"), 3, seed=3)
    >>> s.knocked_out = 0b010
    >>> in_play(s), is_out(s, 1)
    ([0, 2], True)
    """
    seats = [p for p in range(state.n) if not is_out(state, p)]
    return seats or everyone(state)


def seen_by(state: State, player: int) -> list[int]:
    """Who sees what `player` alone looks at: `player`, or everyone with open hands."""
    if state.rules.open_hands:
        return list(range(state.n))
    return [player]


def everyone(state: State) -> list[int]:
    """Every seat, in order."""
    return list(range(state.n))


def mask_list(state: State, mask: int) -> list[int]:
    """The seats whose bits are set in `mask`."""
    return [q for q in range(state.n) if (mask >> q) & 1]


def code(card: Card | None) -> str | None:
    """A card's code, or None for an empty slot."""
    return None if card is None else card.code
