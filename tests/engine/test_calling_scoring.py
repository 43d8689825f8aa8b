"""Calling Cambio, final turns, scoring and winners (cited per test)."""

from __future__ import annotations

import pytest

from cambio_ref.actions import Call, Discard, Draw, PowerSwap, Skip, Snap, Swap
from cambio_ref.engine import legal_actions, round_result
from cambio_ref.match import Match
from cambio_ref.rules import resolve
from cambio_ref.state import RoundResult
from tests.engine.conftest import G0, G1, G2, Table

ex = pytest.mark.exercises


@ex("call.timing=start-of-turn", "call.final-turns=each-other-once")
def test_official_call_replaces_the_draw_then_each_other_player_once() -> None:
    # official §Q&A: Calling Cambio: only at the start of your turn, you do not draw,
    # everyone else gets one more turn, then cards are revealed.
    t = Table("official", [G0, G1, G2], starting="AC", draws=["9C", "9D", "9H"])
    t.do(Draw(1), Swap(1, 0))  # official is silent on the first player: the dealer's left
    assert t.state.current == 2
    t.reject(Call(0), "E_NOT_YOUR_TURN")
    t.do(Call(2))
    assert t.state.caller == 2 and t.state.current == 0
    t.reject(Call(0), "E_ALREADY_CALLED")
    t.do(Draw(0), Swap(0, 0))
    assert t.state.current == 1 and t.state.phase == "turn"
    t.do(Draw(1), Swap(1, 1))
    assert t.state.phase == "over"  # seat 2, the caller, did not play again
    assert t.state.result is not None and t.state.result.caller == 2


@ex("call.timing=end-of-turn")
def test_memory_call_comes_at_the_end_of_a_turn() -> None:
    # memory §calling: a player may declare Cambio at the end of their turn.
    t = Table("memory", [G0, G1, G2], draws=["6C", "6D"])
    t.reject(Call(1), "E_CALL_TIMING")  # not at the start
    t.do(Draw(1))
    t.reject(Call(1), "E_CALL_TIMING")  # not in the middle
    t.do(Swap(1, 0))
    assert Call(1) in legal_actions(t.state)
    t.do(Call(1))
    assert t.state.caller == 1 and t.state.current == 2
    t.do(Draw(2), Swap(2, 0), Draw(0), Swap(0, 0))
    assert t.state.phase == "over"


@ex("call.caller-locked=everyone")
def test_hearts_callers_cards_cannot_be_touched() -> None:
    # hearts §6: once Cambio is called no one can touch the caller's cards.
    t = Table("hearts", [G0, G1, ["9S", "3D", "4D", "5D"]], draws=["6C", "8C", "JC"])
    t.do(Draw(1), Swap(1, 0), Call(1))  # hearts calls after playing a card
    t.do(Draw(0), Discard(0))  # hearts plays counter-clockwise: 1 -> 0 -> 2; 8 peeks own
    t.do(Skip(0))
    t.do(Draw(2), Discard(2))  # a jack: blind swap of any pair, but not the caller's cards
    t.reject(PowerSwap(2, (1, 0), (0, 0)), "E_LOCKED")
    t.do(PowerSwap(2, (2, 0), (0, 0)))


@ex("call.caller-locked=none")
def test_online_callers_cards_stay_in_play() -> None:
    # call.caller-locked ruling: online never protects the caller's cards.
    t = Table("online", [G0, G1, G2], starting="AC", draws=["JC"])
    t.do(Call(1), Draw(2), Discard(2))
    t.do(PowerSwap(2, (1, 0), (2, 0)))
    assert t.grid(1)[0] == "2D"


def test_locked_caller_cannot_be_snapped_or_snap() -> None:
    # awareness §Play 5: the knocker's cards cannot be touched by anyone, including that player.
    t = Table("awareness", [["9S", "3S", "4S", "5S"], ["9H", "3H", "4H", "5H"], G2],
              draws=["9C"])
    t.do(Call(1), Draw(2), Discard(2), Skip(2))
    t.reject(Snap(0, ((1, 0),)), "E_LOCKED")
    t.reject(Snap(1, ((0, 0),)), "E_LOCKED")


@ex("call.caller-locked=others")
def test_cambio_bot_lock_keeps_only_the_others_off() -> None:
    # cambio-bot §Lock: after the lock the other players may not touch the locker's
    # cards; nothing there binds the locker, and §Flips lets a player flip their own
    # matching card. Seat 1 locks; seat 2 discards a 9 (a peek, declined).
    t = Table("cambio-bot", [["9S", "3S", "4S", "5S"], ["9H", "3H", "4H", "5H"], G2],
              draws=["9C", "JC"])
    t.do(Call(1), Draw(2), Discard(2), Skip(2))
    assert Snap(1, ((1, 0),)) in legal_actions(t.state)
    assert Snap(0, ((1, 0),)) not in legal_actions(t.state)
    t.reject(Snap(0, ((1, 0),)), "E_LOCKED")  # another player may not flip it
    assert t.kinds(t.do(Snap(1, ((1, 0),)))) == ["snapped"]  # the locker may
    assert t.grid(1)[0] is None
    t.do(Draw(0), Discard(0))  # a jack: swap any two cards, but not the locker's
    t.reject(PowerSwap(0, (1, 1), (0, 0)), "E_LOCKED")
    assert all(1 not in (a[0], b[0]) for a, b in (
        (x.a, x.b) for x in legal_actions(t.state) if isinstance(x, PowerSwap)))


@ex("call.out-of-cards=true")
def test_awareness_player_without_cards_knocks_automatically() -> None:
    # awareness §Play 5a: a player who runs out of cards knocks on their turn.
    # Seat 0 burns two 8s at once (awareness §Play 3d) on seat 1's 8, then two 9s on
    # seat 2's 9 while seat 2 is still using its power.
    t = Table("awareness", [["8S", "8C", "9C", "9S"], G1, G2], draws=["8D", "9D"])
    t.do(Draw(1), Discard(1), Skip(1))  # 8D: the peek is declined (optional)
    t.do(Snap(0, ((0, 0), (0, 1))))
    t.do(Draw(2), Discard(2))
    t.do(Snap(0, ((0, 2), (0, 3))))
    events = t.do(Skip(2))
    assert t.grid(0) == [None, None, None, None]
    called = [e for e in events if e["t"] == "called"]
    assert called == [{"t": "called", "player": 0, "auto": True, "visible_to": [0, 1, 2]}]
    assert t.state.caller == 0 and t.state.current == 1


@ex("call.out-of-cards=false")
def test_hearts_player_without_cards_must_discard_what_they_draw() -> None:
    # call.out-of-cards ruling: no automatic call; with nothing to swap, a drawn card is
    # discarded (hearts §3a: the empty hand still scores zero).
    t = Table("hearts", [G0, G1, ["8S", "8C", "8H", "7S"]], draws=["8D", "7D", "6C"])
    t.do(Draw(1), Discard(1), Skip(1))  # 8D; hearts plays 1 -> 0 -> 2
    t.do(Snap(2, ((2, 0),)))
    t.do(Draw(0), Discard(0))  # 7D: seat 0 peeks at its own card
    t.do(Snap(2, ((2, 3),)))
    t.do(Skip(0))
    assert t.state.current == 2 and t.state.caller is None
    assert t.grid(2) == [None, "8C", "8H", None]


@ex("end.empty-hand=zero")
def test_hearts_empty_hand_scores_zero() -> None:
    # hearts §3a: all four cards gone means a score of zero.
    t = Table("hearts", [G0, G1])
    t.state.grids[0] = [None, None, None, None]
    result = round_result(t.state, "called")
    assert result.raw[0] == 0 and result.winners == (0,)


def finished(rules: str, grids: list[list[str]], caller: int | None, n_empty: dict[int, int] | None = None):
    t = Table(rules, grids, starting="AC" if resolve(rules).starting_discard else None)
    for seat, count in (n_empty or {}).items():
        for slot in range(count):
            t.state.grids[seat][slot] = None
    t.state.caller = caller
    return round_result(t.state, "called")


@ex("end.tie=caller-loses")
def test_official_caller_loses_ties_and_tied_non_callers_share() -> None:
    # official §Q&A: Tied Scores: the caller loses the tie; tied non-callers both win.
    low = ["AS", "2S", "3S", "4S"]  # 10
    assert finished("official", [low, ["AH", "2H", "3H", "4H"], G2], caller=1).winners == (0,)
    r = finished("official", [low, ["AH", "2H", "3H", "4H"], ["AD", "2D", "3D", "5D"]], caller=2)
    assert r.winners == (0, 1)


@ex("end.tie=shared")
def test_online_tied_players_share() -> None:
    # end.tie ruling for online's silence: everyone tied on the lowest score wins.
    low = ["AS", "2S", "3S", "4S"]
    assert finished("online", [low, ["AH", "2H", "3H", "4H"], G2], caller=1).winners == (0, 1)


@ex("end.tie=caller-wins")
def test_caller_wins_ties_when_chosen() -> None:
    # The ruling alternative: the caller alone wins a tie it is part of.
    t = Table(resolve("official", {"tie": "caller-wins"}),
              [["AS", "2S", "3S", "4S"], ["AH", "2H", "3H", "4H"], G2], starting="AC")
    t.state.caller = 1
    assert round_result(t.state, "called").winners == (1,)


@ex("end.tie=most-cards")
def test_awareness_tie_goes_to_most_cards() -> None:
    # awareness §Play 5b: in a tie the player with the most cards wins.
    # seat 0: 4S 3S 2S AS = 10 with four cards; seat 1: 10H alone = 10 with one card.
    r = finished("awareness", [["AS", "2S", "3S", "4S"], ["AH", "2H", "3H", "10H"], G2],
                 caller=None, n_empty={1: 3})
    assert r.raw[:2] == (10, 10) and r.winners == (0,)
    # a tie the rule cannot break: both have four cards.
    r = finished("awareness", [["AS", "2S", "3S", "4S"], ["AH", "2H", "3H", "4H"], G2], caller=None)
    assert r.winners == (0, 1)


@ex("end.caller-penalty=20")
def test_awareness_knocker_not_lowest_takes_twenty() -> None:
    # awareness §Play 5: a knocker without the fewest points gets 20 extra points.
    r = finished("awareness", [["AS", "2S", "3S", "4S"], ["AH", "2H", "3H", "5H"], G2], caller=1)
    assert r.raw[1] == 11 and r.scores[1] == 31 and r.winners == (0,)


@ex("end.caller-penalty=0")
def test_hearts_caller_not_lowest_just_loses() -> None:
    # hearts §9: the lowest sum wins; no penalty is stated.
    r = finished("hearts", [["AS", "2S", "3S", "4S"], ["AH", "2H", "3H", "5H"], G2], caller=1)
    assert r.scores == r.raw and r.winners == (0,)


@ex("end.empty-hand-exempt=true")
def test_awareness_knocker_out_of_cards_is_exempt() -> None:
    # awareness §Play 5a: a knocker with no cards does not collect the extra 20, even
    # when someone has fewer (negative) points: red kings are -2 (§Points).
    r = finished("awareness", [["KH", "KD", "AS", "2S"], G1, G2], caller=1, n_empty={1: 4})
    assert r.raw[0] == -1 and r.scores[1] == 0 and r.winners == (0,)


@ex("end.empty-hand-exempt=false")
def test_no_exemption_when_chosen() -> None:
    # The ruling alternative: the penalty applies to an empty-handed caller too.
    t = Table(resolve("awareness", {"empty_hand_exempt": False}),
              [["KH", "KD", "AS", "2S"], G1, G2])
    t.state.grids[1] = [None] * 4
    t.state.caller = 1
    assert round_result(t.state, "called").scores[1] == 20


# -- variants from secondary sources (../shared/research/variants-in-the-wild.md) ----


@ex("call.final-turns=everyone-once")
def test_caller_plays_once_more_when_chosen() -> None:
    # tightarse (page): the caller also gets one last turn when play comes back round.
    t = Table(resolve("official", {"final_turns": "everyone-once"}), [G0, G1, G2],
              starting="AC", draws=["9C", "9D", "9H", "9S"])
    t.do(Call(1))  # instead of drawing
    t.do(Draw(2), Swap(2, 0), Draw(0), Swap(0, 0))
    assert t.state.phase == "turn" and t.state.current == 1
    t.do(Draw(1), Swap(1, 0))
    assert t.state.phase == "over" and t.state.result is not None
    # Called at the end of a turn (memory), the caller's next turn is the last one too.
    t = Table(resolve("memory", {"final_turns": "everyone-once"}), [G0, G1, G2],
              draws=["6C", "6D", "6H", "6S"])
    t.do(Draw(1), Swap(1, 0), Call(1))
    t.do(Draw(2), Swap(2, 0), Draw(0), Swap(0, 0))
    assert t.state.phase == "turn" and t.state.current == 1
    t.do(Draw(1), Swap(1, 1))
    assert t.state.phase == "over"


@ex("call.from-round=1", "call.from-round=2")
def test_calling_only_from_the_second_round_of_turns() -> None:
    # cambia §engine settings: the host sets the round of turns from which calling
    # opens; with 2, nobody may call before every player has had a turn.
    t = Table(resolve("official", {"call_from_round": 2}), [G0, G1, G2], starting="AC",
              draws=["9C", "9D", "9H"])
    t.reject(Call(1), "E_CALL_TOO_EARLY")
    t.do(Draw(1), Swap(1, 0), Draw(2), Swap(2, 0))
    t.reject(Call(0), "E_CALL_TOO_EARLY")  # seat 0 plays the third turn of round 1
    t.do(Draw(0), Swap(0, 0))
    t.do(Call(1))  # turn 4: round 2
    assert t.state.caller == 1
    # official itself (silent, ruling 1) lets the first player call at once.
    t = Table("official", [G0, G1, G2], starting="AC")
    t.do(Call(1))
    assert t.state.caller == 1


@ex("call.points-limit=none", "call.points-limit=five-or-fewer")
def test_calling_only_at_five_points_or_fewer() -> None:
    # gamblersbet (page): calling is allowed only with 5 points or fewer.
    low, high = ["AS", "AH", "AD", "2C"], ["6H", "6D", "7D", "8D"]  # 5 and 27 (official values)
    t = Table(resolve("official", {"call_limit": "five-or-fewer"}), [G0, high, low],
              starting="AC", draws=["9C"])
    t.reject(Call(1), "E_CALL_POINTS")
    t.do(Draw(1), Swap(1, 0))
    t.do(Call(2))
    assert t.state.caller == 2
    t = Table("official", [G0, high, low], starting="AC")  # no limit: 27 points may call
    t.do(Call(1))
    assert t.state.caller == 1


@ex("end.empty-hand=wins-at-once")
def test_emptying_your_hand_wins_at_once() -> None:
    # cambio-bot §Rules: a player who gets rid of every card wins the round at once.
    rules = resolve("online", {"empty_hand": "wins-at-once"})
    t = Table(rules, [G0, ["9C", "3H", "4H", "5H"], G2], starting="AC", draws=["9D"])
    for slot in (1, 2, 3):
        t.state.grids[1][slot] = None
    t.do(Draw(1), Discard(1))  # 9D: a power card, but seat 1 snaps its last card first
    events = t.do(Snap(1, ((1, 0),)))
    assert events[-1]["t"] == "round_over" and events[-1]["reason"] == "empty-hand"
    assert t.state.result is not None and t.state.result.winners == (1,)


@ex("end.caller-score=as-is", "end.caller-score=double-if-beaten", "end.caller-score=zero-if-lowest")
def test_caller_score_doubled_or_zeroed() -> None:
    grids = [["AS", "2S", "3S", "4S"], ["AH", "2H", "3H", "5H"], G2]  # 10, 11, 14 (official)
    # tightarse (page): a caller who is not lowest scores double.
    assert finished("official", grids, caller=1).scores[1] == 11
    t = Table(resolve("official", {"caller_score": "double-if-beaten"}), grids, starting="AC")
    t.state.caller = 1
    r = round_result(t.state, "called")
    assert r.scores == (10, 22, 14) and r.winners == (0,)
    # owiki-cabo (page): a caller with the lowest score scores 0.
    t = Table(resolve("official", {"caller_score": "zero-if-lowest"}), grids, starting="AC")
    t.state.caller = 0
    r = round_result(t.state, "called")
    assert r.scores == (0, 11, 14) and r.winners == (0,)
    t.state.caller = 1  # beaten: the score stands
    assert round_result(t.state, "called").scores == (10, 11, 14)


def round_of(scores: tuple[int, ...], caller: int | None = None) -> RoundResult:
    low = min(scores)
    winners = tuple(q for q, s in enumerate(scores) if s == low)
    return RoundResult(scores, scores, winners, caller, "called", (4,) * len(scores))


@ex("match.exact-reset=true", "match.exact-reset=false")
def test_landing_exactly_on_the_target_resets_the_tally() -> None:
    # tightarse (page): the game ends when someone passes 100; landing exactly on 100
    # resets (to zero: the project's reading, see the option's note).
    m = Match(resolve("online", {"match_end": "target-score", "exact_reset": True}), players=2)
    m.add(round_of((60, 5)))
    m.add(round_of((40, 5)))
    assert m.tally == [0, 10] and not m.over
    m.add(round_of((101, 5)))
    assert m.over and m.winners == (1,)
    m = Match(resolve("online", {"match_end": "target-score"}), players=2)
    m.add(round_of((60, 5)))
    m.add(round_of((40, 5)))
    assert m.tally == [100, 10] and m.over


@ex("match.round-bonus=tournament", "match.round-bonus=none")
def test_tournament_bonus_for_the_best_of_each_round() -> None:
    # cambia §T1-T4 Tournament mode: 2 players -3/0; 3-4 players -5/-2/0/0;
    # 5 or more -5/-2/-1/0; the caller wins a tie for a bonus place.
    rules = resolve("online", {"round_bonus": "tournament"})
    m = Match(rules, players=2)
    m.add(round_of((4, 9)))
    assert m.tally == [4 - 3, 9]
    m = Match(rules, players=4)
    m.add(round_of((6, 6, 2, 9), caller=1))  # the caller wins the tie for second place
    assert m.tally == [6, 6 - 2, 2 - 5, 9]
    m = Match(rules, players=5)
    m.add(round_of((1, 2, 3, 4, 5)))
    assert m.tally == [1 - 5, 2 - 2, 3 - 1, 4, 5]
    m = Match(resolve("online"), players=2)
    m.add(round_of((4, 9)))
    assert m.tally == [4, 9]


def test_the_engines_hand_total_is_the_scored_total_under_every_ruleset() -> None:
    # hand_total is the engine's fast path for round_result; score_hand is the reference.
    import random

    from cambio_ref.catalogue import load_catalogue
    from cambio_ref.scoring import hand_total, score_hand

    rng = random.Random(3)
    for name in sorted(load_catalogue().rulesets):
        for extra in ({}, {"risky_fives": "true"}, {"six_of_hearts": "6"}):
            rules = resolve(name, extra)
            deck = list(rules.deck(4))
            for _ in range(200):
                hand = rng.sample(deck, rng.randrange(0, 7))
                assert hand_total(hand, rules) == score_hand(hand, rules).total, (name, hand)
