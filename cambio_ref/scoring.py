"""Scoring a hand under some Rules: card points, the 6 of hearts, risky fives.

>>> from cambio_ref.rules import resolve
>>> from cambio_ref.cards import Card
>>> hand = [Card.parse(c) for c in ("KH", "KS", "X", "AC")]
>>> score_hand(hand, resolve("online")).total
40
>>> score_hand([Card.parse("5H"), Card.parse("2C")], resolve("online(risky_fives=true)")).total
27
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from cambio_ref.cards import Card
from cambio_ref.catalogue import Option, load_catalogue
from cambio_ref.errors import UnknownCardError
from cambio_ref.rules import Rules


@cache
def six_of_hearts() -> Option:
    """The option that values the 6 of hearts apart (it names the cards it covers)."""
    return load_catalogue().option("value.six-of-hearts")


@dataclass(frozen=True)
class CardScore:
    card: Card
    points: int
    note: str | None = None


@dataclass(frozen=True)
class HandScore:
    """A hand's total, each card's points, and the special rules applied."""

    total: int
    cards: tuple[CardScore, ...]
    applied: tuple[str, ...] = ()


def card_points(card: Card, rules: Rules) -> int:
    """A single card's points under `rules`, ignoring hand-level rules such as risky fives.

    A card the ruleset's deck does not contain raises UnknownCardError, as in `score_hand`.
    """
    check_cards((card,), rules)
    return rules.points[card.code]


def check_cards(cards: Sequence[Card], rules: Rules) -> None:
    """Raise UnknownCardError for a card the ruleset's deck does not contain."""
    for card in cards:
        if not rules.has_card(card):
            raise UnknownCardError(
                f"card {card.code!r} is not in the {rules.canonical} deck (deck.jokers is"
                f" {rules.jokers})"
            )


def score_hand(cards: Sequence[Card], rules: Rules) -> HandScore:
    """Score `cards` under `rules` (see the module docstring for examples)."""
    check_cards(cards, rules)
    if not cards:
        return HandScore(0, (), ("end.empty-hand: a player with no cards scores 0",))
    fives = sum(1 for c in cards if c.rank == "5")
    risky = rules.risky_fives and fives > 0
    items = []
    applied = []
    for card in cards:
        if risky and card.rank == "5":
            items.append(CardScore(card, 0, "risky fives: counted with the other fives"))
        elif six_of_hearts().covers(card.rank, card.suit) and rules.six_of_hearts != int(card.rank):
            items.append(CardScore(card, rules.six_of_hearts, "value.six-of-hearts"))
        else:
            items.append(CardScore(card, card_points(card, rules)))
    total = sum(i.points for i in items)
    if any(i.note == "value.six-of-hearts" for i in items):
        applied.append(f"value.six-of-hearts: the 6 of hearts scores {rules.six_of_hearts}")
    if risky:
        if fives == 1:
            bonus = rules.risky_five_points["one_five"]
            applied.append(f"scoring.risky-fives: one five, {bonus:+d}")
        else:
            bonus = rules.risky_five_points["two_or_more_fives"]
            applied.append(f"scoring.risky-fives: {fives} fives, {bonus:+d}")
        total += bonus
    return HandScore(total, tuple(items), tuple(applied))


def hand_total(cards: Sequence[Card], rules: Rules) -> int:
    """``score_hand(cards, rules).total`` without the per-card breakdown (the engine
    scores every round with it). The 6 of hearts needs no special case here: the
    points table already holds its value.

    >>> from cambio_ref.rules import resolve
    >>> hand = [Card.parse(c) for c in ("5H", "6H", "KD")]
    >>> rules = resolve("hearts(risky_fives=true)")
    >>> hand_total(hand, rules) == score_hand(hand, rules).total
    True
    """
    check_cards(cards, rules)
    points = rules.points
    if rules.risky_fives:
        fives = sum(1 for c in cards if c.rank == "5")
        if fives:
            bonus = rules.risky_five_points["one_five" if fives == 1 else "two_or_more_fives"]
            return bonus + sum(points[c.code] for c in cards if c.rank != "5")
    return sum(points[c.code] for c in cards)
