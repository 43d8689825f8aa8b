"""Dealing, the opening peek, seating and the turn (cited per test)."""

from __future__ import annotations

import pytest

from cambio_ref.actions import Call, Discard, Draw, Pass, Peek, Snap, Swap, Take
from cambio_ref.rules import resolve
from cambio_ref.state import OVER, SetupError, new_round
from tests.engine.conftest import G0, G1, G2, Table

ex = pytest.mark.exercises


def test_deal_fills_slots_from_the_seat_after_the_dealer() -> None:
    # core.deal (spec/shuffle.yaml): one card at a time, slot 0 for everyone first,
    # starting with the seat after the dealer.
    deck = [f"{r}S" for r in ("A", "2", "3", "4", "5", "6", "7", "8")] + ["9S"] * 0
    rules = resolve("hearts")
    full = [c.code for c in rules.deck(2)]
    rest = [c for c in full if c not in deck]
    state = new_round(rules, 2, deck=deck + rest, dealer=0)
    assert [c.code if c else None for c in state.grids[1]] == ["AS", "3S", "5S", "7S"]
    assert [c.code if c else None for c in state.grids[0]] == ["2S", "4S", "6S", "8S"]


@ex("setup.starting-discard=true")
def test_online_turns_up_a_starting_discard() -> None:
    # online §How to play: one card is drawn face up to start the pile.
    t = Table("online", [G0, G1], starting="KC")
    assert [c.code for c in t.state.pile] == ["KC"]


@ex("setup.starting-discard=false")
def test_hearts_starts_with_an_empty_pile() -> None:
    # hearts is silent; the catalogue's ruling: the pile starts with the first discard.
    t = Table("hearts", [G0, G1])
    assert t.state.pile == []


@ex("peek.which=closest-two")
def test_closest_two_only_bottom_slots() -> None:
    # official §Q&A: Initial Memory Phase: the bottom two cards (slots 2 and 3).
    t = Table("official", [G0, G1], starting="KC", peek=False)
    t.reject(Peek(0, 0), "E_PEEK_SLOT")
    t.do(Peek(0, 2))
    assert t.events[-1]["visible_to"] == [0] and t.events[-1]["card"] == "4S"


@ex("peek.which=any-two")
def test_any_two_but_only_two() -> None:
    # awareness §Play 1: any two cards, only once.
    t = Table("awareness", [G0, G1], peek=False)
    t.do(Peek(0, 0), Peek(0, 1))
    t.reject(Peek(0, 3), "E_PEEK_DONE")


@ex("peek.snap-during=true")
def test_online_snaps_during_the_opening_peek() -> None:
    # online §Snapping: snapping can happen while peeking at the start.
    t = Table("online", [G0, ["7H", "3H", "4H", "5H"]], starting="7C", peek=False)
    events = t.do(Snap(1, ((1, 0),)))
    assert t.kinds(events)[0] == "snapped" and t.state.phase == "peek"
    assert t.grid(1)[0] is None


@ex("peek.snap-during=false")
def test_no_snap_during_peek_then_the_window_opens() -> None:
    # peek.snap-during ruling: no snapping while players peek; the starting discard
    # can be snapped once the peek is over (hearts, with a starting discard added).
    rules = resolve("hearts", {"starting_discard": True})
    t = Table(rules, [G0, ["7H", "3H", "4H", "5H"]], starting="7C", peek=False)
    t.reject(Snap(1, ((1, 0),)), "E_SNAP_DURING_PEEK")
    t.do(Peek(0, 2), Peek(0, 3), Peek(1, 2), Peek(1, 3))
    assert t.kinds(t.do(Snap(1, ((1, 0),))))[0] == "snapped"


@ex("players.minimum=2", "players.maximum=8")
def test_player_range() -> None:
    # online §How to play: two or more; players.maximum ruling: at most eight.
    rules = resolve("online")
    with pytest.raises(SetupError):
        new_round(rules, 1)
    with pytest.raises(SetupError):
        new_round(rules, 9)
    assert new_round(rules, 8).n == 8


@ex("deck.count=one", "deck.jokers=2")
def test_online_one_deck_two_jokers() -> None:
    # online §How to play: a standard deck and two jokers, whatever the player count.
    deck = [c.code for c in resolve("online").deck(8)]
    assert len(deck) == 54 and deck.count("X") == 2


@ex("deck.count=one-per-six", "deck.jokers=0")
def test_awareness_adds_a_deck_beyond_six_players() -> None:
    # awareness §Intro: three to six people per deck; §Points: no jokers.
    rules = resolve("awareness")
    assert len(rules.deck(6)) == 52 and len(rules.deck(7)) == 104
    assert all(not c.is_joker for c in rules.deck(7))


@ex("layout.rearrange=never")
def test_a_swap_moves_no_other_card() -> None:
    # online §Playing offline: cards keep their grid position all game.
    t = Table("online", [G0, G1], starting="KC", draws=["9C"])
    t.do(Draw(1), Swap(1, 0))
    assert t.grid(1) == ["9C", "3H", "4H", "5H"]


@ex("turn.direction=clockwise", "turn.first-player=left-of-dealer")
def test_online_clockwise_from_dealers_left() -> None:
    # online §How to play: clockwise from the player to the dealer's left.
    t = Table("online", [G0, G1, G2], starting="KC")
    assert t.state.current == 1
    t.do(Pass(1))
    assert t.state.current == 2


@ex("turn.direction=counter-clockwise")
def test_hearts_plays_counter_clockwise() -> None:
    # hearts §6: play goes counter-clockwise, so seat 1 is followed by seat 0.
    t = Table("hearts", [G0, G1, G2], draws=["9C"])
    assert t.state.current == 1
    t.do(Draw(1), Swap(1, 0))
    assert t.state.current == 0


@ex("turn.first-player=next-in-direction")
def test_hearts_dealer_plays_last() -> None:
    # hearts §6 plays counter-clockwise and names no starter; this alternative starts
    # the next seat in the direction of play, so with dealer 0 of three seat 2 starts,
    # then seat 1, and the dealer last.
    t = Table(resolve("hearts", {"first_player": "next-in-direction"}), [G0, G1, G2],
              draws=["9C", "9D"], dealer=0)
    assert t.state.current == 2
    t.do(Draw(2), Swap(2, 0))
    assert t.state.current == 1
    t.do(Draw(1), Swap(1, 0))
    assert t.state.current == 0
    # Clockwise, the same rule starts on the dealer's left (online §How to play).
    t = Table(resolve("online", {"first_player": "next-in-direction"}), [G0, G1, G2],
              starting="KC", dealer=0)
    assert t.state.current == 1


@ex("turn.first-player=right-of-dealer")
def test_dealers_right_starts_when_chosen() -> None:
    # The ruling alternative (official lists the dealer's right as a possibility).
    t = Table(resolve("official", {"first_player": "right-of-dealer"}), [G0, G1, G2],
              starting="KC", dealer=0)
    assert t.state.current == 2


@ex("turn.take-discard=true")
def test_taken_discard_must_be_swapped_and_fires_nothing() -> None:
    # official §Q&A: Drawing from Discard Pile: only swap, no effect.
    t = Table("official", [G0, G1], starting="7C")
    t.do(Take(1))
    t.reject(Discard(1), "E_MUST_SWAP")
    events = t.do(Swap(1, 0))
    assert "power" not in t.kinds(events)
    assert t.grid(1)[0] == "7C" and t.state.current == 0


@ex("turn.take-discard=false")
def test_memory_draws_only_from_the_deck() -> None:
    # memory §turn: each player draws off the deck.
    t = Table("memory", [G0, G1], draws=["9C"])
    t.do(Draw(1), Swap(1, 0))
    t.reject(Take(0), "E_TAKE_FORBIDDEN")


@ex("turn.pass=true")
def test_online_may_pass() -> None:
    # online §How to play: a player may pass.
    t = Table("online", [G0, G1], starting="KC")
    assert t.kinds(t.do(Pass(1)))[0] == "passed" and t.state.current == 0


@ex("turn.pass=false")
def test_hearts_may_not_pass() -> None:
    # turn.pass ruling: only online allows passing.
    t = Table("hearts", [G0, G1])
    t.reject(Pass(1), "E_PASS_FORBIDDEN")


@ex("round.max-turns=200")
def test_round_ends_after_200_turns() -> None:
    # round.max-turns ruling: after 200 turns with no call the round ends unscored by a caller.
    t = Table("online", [G0, G1], starting="KC")
    for _ in range(200):
        t.do(Pass(t.state.current))
    assert t.state.phase == OVER and t.state.result is not None
    assert t.state.result.reason == "turn-limit" and t.state.result.caller is None


def test_not_your_turn_and_wrong_step_are_rejected_unchanged() -> None:
    # core.turn-order and core.turn-sequence.
    t = Table("hearts", [G0, G1], draws=["9C"])
    t.reject(Draw(0), "E_NOT_YOUR_TURN")
    t.reject(Swap(1, 0), "E_WRONG_PHASE")
    t.reject(Peek(1, 2), "E_WRONG_PHASE")
    t.reject(Draw(5), "E_UNKNOWN_PLAYER")
    t.do(Draw(1))
    t.reject(Swap(1, 7), "E_EMPTY_SLOT")
    t.reject(Call(1), "E_CALL_TIMING")


# -- variants from secondary sources (../shared/research/variants-in-the-wild.md) ----


@ex("deck.empty=end-round")
def test_round_ends_when_the_deck_runs_out() -> None:
    # owiki-cabo (page): the round also ends when the deck runs out (no reshuffle).
    t = Table(resolve("online", {"reshuffle": "end-round"}), [G0, G1], starting="AC",
              draws=["6C", "6D"])
    t.state.deck[:-2] = []  # keep only the two named draws, 6C on top
    t.do(Draw(1), Discard(1), Draw(0), Discard(0))  # the deck is now empty, the pile is not
    assert t.state.phase == "over" and t.state.result is not None
    assert t.state.result.reason == "deck-exhausted"


@ex("round.max-turns=46", "round.max-turns=300", "round.max-turns=200")
def test_turn_cap_ends_the_round() -> None:
    # cambia §engine settings: the round ends on a turn cap (46 or 300 turns);
    # round.max-turns=200 is the project's ruling for the primary sources.
    for cap in (46, 300, 200):
        rules = resolve("online", {"max_turns": cap})
        assert rules.max_turns == cap
        t = Table(rules, [G0, G1], starting="AC")
        for _ in range(cap - 1):
            t.do(Pass(t.state.current))
        assert t.state.phase == "turn"
        events = t.do(Pass(t.state.current))
        assert events[-1]["t"] == "round_over" and events[-1]["reason"] == "turn-limit"


@ex("players.maximum=6", "players.maximum=8")
def test_cambia_seats_six_at_most() -> None:
    # cambia §Players/Deck: two to six players; gutenberg (page): two to eight.
    six = resolve("online", {"max_players": 6})
    assert new_round(six, 6, seed=1).n == 6
    with pytest.raises(SetupError):
        new_round(six, 7, seed=1)
    assert new_round(resolve("online"), 8, seed=1).n == 8
