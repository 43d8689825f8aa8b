"""Drawing from the deck, and reshuffling the discard pile when the deck runs out.

>>> from cambio_ref.rules import resolve
>>> from cambio_ref.state import new_round
>>> s = new_round(resolve("official"), 2, seed=3)
>>> before = len(s.deck)
>>> card = draw_card(s, [])
>>> len(s.deck) == before - 1, deck_exhausted(s)
(True, False)
"""

from __future__ import annotations

from cambio_ref.cards import Card
from cambio_ref.shuffle import shuffle
from cambio_ref.state import Events, State


def refillable(state: State) -> bool:
    """True when the discard pile holds enough cards to make a new deck
    (never, when the rules end the round instead of reshuffling)."""
    reshuffle = state.rules.reshuffle
    if reshuffle == "end-round":
        return False
    return len(state.pile) >= (2 if reshuffle == "all-but-top" else 1)


def deck_exhausted(state: State) -> bool:
    """True when the deck is empty and cannot be refilled."""
    return not state.deck and not refillable(state)


def draw_card(state: State, events: Events) -> Card | None:
    """Take the top card of the deck, reshuffling the discard pile if it is empty."""
    if not state.deck:
        if not refillable(state):
            return None
        keep = [state.pile.pop()] if state.rules.reshuffle == "all-but-top" else []
        state.reshuffles += 1
        new = shuffle(state.pile, state.seed, state.reshuffles)
        state.deck = new[::-1]
        state.pile = keep
        if state.window_card is not None and not keep:
            state.window = False
        if events is not None:
            events.append({"t": "reshuffled", "count": len(new), "order": [c.code for c in new],
                           "visible_to": []})
    return state.deck.pop()
