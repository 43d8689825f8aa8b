"""Regression tests for the engine defects of issue 12 (item 6): an empty snap, a penalty
card peeked in the opening peek, and apply and legal_actions disagreeing about it."""

from __future__ import annotations

import pytest

from cambio_ref.actions import Peek, Snap
from cambio_ref.engine import IllegalAction, apply, legal_actions
from cambio_ref.rules import parse_rules
from cambio_ref.state import PEEK, State, arrange, new_round

# Two players, dealer 0. The starting discard is the king of diamonds; seat 0 holds no
# king, so any snap of its own card is wrong.
GRIDS = [["2S", "3S", "4S", "5S"], ["2H", "3H", "KS", "5H"]]


def deal(rules_text: str) -> State:
    rules = parse_rules(rules_text)
    deck = arrange(rules, 2, GRIDS, starting="KD", draws=["9C", "8C"])
    return new_round(rules, 2, deck=deck)


def rejected(state: State, action: Snap | Peek) -> str:
    before = state.snapshot()
    with pytest.raises(IllegalAction) as exc:
        apply(state, action)
    assert state.snapshot() == before  # an illegal action changes nothing
    return exc.value.code


def test_an_empty_snap_is_malformed_and_does_not_win_the_window() -> None:
    # online §Snapping: a card may be snapped during the opening peek, onto a card of the
    # same rank; a snap that names no card matches nothing.
    state = deal("online")
    assert state.phase == PEEK and state.window
    assert rejected(state, Snap(0, ())) == "E_MALFORMED_ACTION"
    assert rejected(state, Snap(1, ())) == "E_MALFORMED_ACTION"
    assert all(not isinstance(a, Snap) or a.targets for a in legal_actions(state))
    # The window is still open: seat 1's king of spades matches the king of diamonds.
    events = apply(state, Snap(1, ((1, 2),)))
    assert events[0]["t"] == "snapped"


def test_a_penalty_card_is_never_peeked_and_apply_agrees_with_legal_actions() -> None:
    # awareness §Play 1: the opening peek looks at any two cards of the hand as dealt;
    # §Play 4: a penalty card is placed face down and not looked at. Under online(peek=any-two)
    # (online §Snapping: snapping is open during the peek) a wrong snap during the peek
    # gives seat 0 a penalty card in slot 4.
    state = deal("online(peek=any-two)")
    events = apply(state, Snap(0, ((0, 0),)))
    assert [e["t"] for e in events][:2] == ["snap_wrong", "penalty"]
    assert events[1]["slot"] == 4 and state.grids[0][4] is not None
    assert rejected(state, Peek(0, 4)) == "E_PEEK_SLOT"
    legal = set(legal_actions(state))
    for player in (0, 1):
        for slot in range(6):
            trial = state.copy()
            try:
                apply(trial, Peek(player, slot))
                accepted = True
            except IllegalAction:
                accepted = False
            assert accepted == (Peek(player, slot) in legal), (player, slot)
