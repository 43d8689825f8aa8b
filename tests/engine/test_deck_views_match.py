"""The empty deck, information in views, and match play (cited per test)."""

from __future__ import annotations

import pytest

from cambio_ref.actions import Discard, Draw, Look, Pass, PowerSwap, Swap, Take
from cambio_ref.match import Match
from cambio_ref.rules import resolve
from cambio_ref.shuffle import shuffle
from cambio_ref.state import RoundResult, State
from tests.engine.conftest import G0, G1, G2, Table

ex = pytest.mark.exercises


def drain(state: State, keep: int) -> None:
    """Move all but the top `keep` deck cards under the discard pile (cards are conserved)."""
    moved = state.deck[: len(state.deck) - keep]
    del state.deck[: len(state.deck) - keep]
    state.pile[:0] = list(reversed(moved))


@ex("deck.empty=all-but-top")
def test_online_reshuffles_all_but_the_top_discard() -> None:
    # online §Playing offline: an empty deck is refilled from the pile, which keeps its top card.
    t = Table("online", [G0, G1], starting="AC", draws=["6C", "6D"])
    drain(t.state, keep=1)
    t.do(Draw(1), Discard(1))  # 6C, no power; the deck is now empty
    below_top = [c.code for c in t.state.pile[:-1]]
    events = t.do(Draw(0))
    shuffled = next(e for e in events if e["t"] == "reshuffled")
    expected = shuffle(below_top, t.state.seed, 1)  # spec/shuffle.yaml, stream 1
    assert shuffled["order"] == expected and shuffled["visible_to"] == []
    assert [c.code for c in t.state.pile] == ["6C"]
    assert t.state.held is not None and t.state.held.code == expected[0]


@ex("deck.empty=all")
def test_official_reshuffles_the_whole_pile() -> None:
    # official §Q&A: Empty Deck: the discard pile, shuffled, becomes the new deck.
    t = Table("official", [G0, G1, G2], starting="AC", draws=["6C"])
    drain(t.state, keep=1)
    t.do(Draw(1), Discard(1))
    whole = [c.code for c in t.state.pile]
    events = t.do(Draw(2))
    assert next(e for e in events if e["t"] == "reshuffled")["order"] == shuffle(whole, 0, 1)
    assert t.state.pile == []


@ex("deck.exhausted=end-round")
def test_round_ends_when_nothing_can_be_drawn() -> None:
    # deck.exhausted ruling: empty deck and a pile of one card (all-but-top) -> scored at once.
    t = Table("online", [G0, G1], starting="AC", draws=["6C"])
    drain(t.state, keep=1)
    del t.state.pile[:-1]  # leave only the top card (the drained cards leave the game here)
    t.state.deck.clear()
    events = t.do(Pass(1))
    assert events[-1]["t"] == "round_over" and events[-1]["reason"] == "deck-exhausted"


@ex("info.open-hands=false")
def test_peeks_are_private_and_knowledge_follows_the_card() -> None:
    # online §How to play: each player peeks at their own two closest cards; a swap puts a
    # new card face down, so the old knowledge of that slot is gone.
    t = Table("hearts", [G0, G1, G2], draws=["9C", "KH"])
    assert t.view(0)["grids"][0] == ["?", "?", "4S", "5S"]
    assert t.view(1)["grids"][0] == ["?", "?", "?", "?"]
    t.do(Draw(1), Discard(1), Look(1, 0, 0))  # a 9: seat 1 spies on seat 0's slot 0
    assert t.view(1)["grids"][0][0] == "2S" and t.view(2)["grids"][0][0] == "?"
    t.do(Draw(0), Swap(0, 0))  # seat 0 swaps the KH into slot 0
    assert t.view(1)["grids"][0][0] == "?" and t.view(0)["grids"][0][0] == "KH"
    assert t.view(2)["pile_top"] == "2S"


def test_taken_discard_is_known_to_everyone_and_blind_swaps_move_knowledge() -> None:
    # online §How to play: the pile card is face up, so everyone saw what was taken;
    # official §Q&A: Jack/Queen Blind Switch: nobody sees the cards, but all see the move.
    t = Table("hearts", [G0, G1, G2], draws=["9C", "JC"])
    t.do(Draw(1), Discard(1), Look(1, 2, 0))  # 9 -> seat 1 knows seat 2's slot 0 (2D)
    t.do(Take(0), Swap(0, 1))  # seat 0 takes the 9C into slot 1
    assert all(t.view(p)["grids"][0][1] == "9C" for p in range(3))
    t.do(Draw(2), Discard(2), PowerSwap(2, (2, 0), (1, 3)))  # jack: blind swap
    assert t.view(1)["grids"][1][3] == "2D"  # seat 1 still knows where its card went
    assert t.view(2)["grids"][1][3] == "?"


@ex("info.open-hands=true")
def test_open_hands_show_everything() -> None:
    # online §Options: with open hands, every card lies face up for the whole game.
    t = Table(resolve("online", {"open_hands": True}), [G0, G1], starting="AC")
    assert t.view(1)["grids"] == [G0, G1]


def result(winners: tuple[int, ...], scores: tuple[int, ...]) -> RoundResult:
    return RoundResult(scores, scores, winners, None, "called", (4,) * len(scores))


@ex("match.end=first-to-wins", "match.round-wins=4")
def test_memory_match_ends_at_four_round_wins() -> None:
    # memory §winning: tables often stop once one player has taken four rounds (a house rule).
    m = Match(resolve("memory"), players=3)
    for _ in range(3):
        m.add(result((0,), (1, 9, 9)))
    assert not m.over
    m.add(result((0,), (1, 9, 9)))
    assert m.over and m.winners == (0,)


@ex("match.end=running-tally")
def test_awareness_keeps_a_running_tally() -> None:
    # awareness §Play 6: points may simply be added up round after round, with no set end.
    m = Match(resolve("awareness"), players=2)
    for _ in range(20):
        m.add(result((0,), (3, 40)))
    assert not m.over and m.tally == [60, 800] and m.winners == (0,)


@ex("match.end=target-score", "match.target-score=100")
def test_target_score_ends_the_match() -> None:
    # awareness §Play 6: or a target total may end the game (100 is the project's ruling).
    m = Match(resolve("awareness", {"match_end": "target-score"}), players=2)
    m.add(result((0,), (10, 99)))
    assert not m.over
    m.add(result((1,), (30, 1)))
    assert m.over and m.tally == [40, 100] and m.winners == (0,)


@ex("match.dealer-rotation=next-seat", "match.next-starter=by-seat")
def test_deal_passes_round_the_table() -> None:
    # awareness §Dealing: the dealer rotates; §Play 2: the left of the dealer starts.
    m = Match(resolve("awareness"), players=3)
    assert (m.dealer, m.first_player()) == (0, 1)
    m.add(result((2,), (9, 9, 1)))
    assert (m.dealer, m.first_player()) == (1, 2)
    state = m.new_round()
    assert state.dealer == 1 and state.current == 2


@ex("match.next-starter=last-winner")
def test_hearts_last_winner_starts() -> None:
    # hearts §10: whoever won the last round begins the next one;
    # hearts §6: counter-clockwise, so the deal passes to seat dealer-1.
    m = Match(resolve("hearts"), players=3)
    m.add(result((0,), (1, 9, 9)))
    assert m.dealer == 2 and m.first_player() == 0
    assert m.new_round().current == 0
