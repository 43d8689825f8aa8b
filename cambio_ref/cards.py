"""Cards: rank + suit codes such as ``10H``, ``KD``, ``AS``, and ``X`` for a joker.

Input is case-insensitive; output is canonical upper case.

>>> Card.parse("10h")
Card.parse('10H')
>>> str(Card.parse("x")), Card.parse("KD").suit
('X', 'D')
>>> Card.parse("11H")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cambio_ref.errors.UnknownCardError: unknown card '11H': expected a rank (A 2-10 J Q K) and a suit ...
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from cambio_ref.errors import UnknownCardError
from cambio_ref.names import did_you_mean, fold, quoted

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
JOKER = "X"
_CODES = frozenset({JOKER} | {rank + suit for rank in RANKS for suit in SUITS})


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A card value: ``rank`` is one of RANKS or ``X``; ``suit`` is one of SUITS, or ``""`` for a joker."""

    rank: str
    suit: str
    code: str = field(init=False, repr=False, compare=False)
    """The canonical code, e.g. ``10H`` or ``X`` (stored: it is read on every event)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "code", self.rank + self.suit)

    @staticmethod
    def parse(code: str) -> Card:
        """Parse a card code, case-insensitively (look-alike letters are refused)."""
        if not isinstance(code, str):
            raise UnknownCardError(f"a card code must be a string, not {quoted(repr(code))}")
        return _parse_text(code)

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"


@cache
def _parse_text(code: str) -> Card:
    # (a code as written: the few spellings of each card are folded once; an unknown one
    # raises, and errors are not remembered)
    return _parse(fold(code, upper=True))


@cache
def _parse(code: str) -> Card:
    if code == JOKER:
        return Card(JOKER, "")
    rank, suit = code[:-1], code[-1:]
    if rank in RANKS and suit in SUITS:
        return Card(rank, suit)
    hint = did_you_mean(code, _CODES, upper=True)
    if hint:
        raise UnknownCardError(f"unknown card {quoted(code)}{hint}")
    raise UnknownCardError(
        f"unknown card {quoted(code)}: expected a rank (A 2-10 J Q K) and a suit (S H D C),"
        " or X for a joker"
    )


@cache
def standard_deck(jokers: int) -> tuple[Card, ...]:
    """One pack in a fixed order (suits S H D C, ranks A..K), then the jokers.

    >>> len(standard_deck(2)), standard_deck(0)[0], standard_deck(2)[-1]
    (54, Card.parse('AS'), Card.parse('X'))
    """
    cards = [Card(rank, suit) for suit in SUITS for rank in RANKS]
    return (*cards, *([Card(JOKER, "")] * jokers))
