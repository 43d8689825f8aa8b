"""Snapping (spec/options/snapping.yaml), cited per test.

Unless a test says otherwise, seat 1 draws a card and discards it, which opens
the snap window that the other seats then snap into.
"""

from __future__ import annotations

import pytest

from cambio_ref.actions import Call, Discard, Draw, Give, Look, Pass, Skip, Snap
from cambio_ref.rules import Rules, resolve
from tests.engine.conftest import G0, G1, G2, Table

ex = pytest.mark.exercises


def opened(rules: str | Rules, grids: list[list[str]], discard: str, *,
           draws: tuple[str, ...] = ()) -> Table:
    r = resolve(rules) if isinstance(rules, str) else rules
    t = Table(r, grids, draws=[discard, *draws], starting="AC" if r.starting_discard else None)
    t.do(Draw(1), Discard(1))
    if t.state.phase == "power":
        while t.state.phase == "power" and t.state.current == 1:
            from cambio_ref.engine import legal_actions
            look = [a for a in legal_actions(t.state) if a.player == 1 and a.kind != "snap"]
            t.do(Skip(1) if Skip(1) in look else look[0])
    return t


@ex("snap.enabled=false")
def test_official_has_no_snapping() -> None:
    # official never mentions snapping; its ruleset plays without it by a project ruling
    # (snap.enabled notes record official §Ending the Round and §Q&A: Special Card Stacking).
    t = opened("official", [G0, G1, ["7S", "3D", "4D", "5D"]], "7D")
    t.reject(Snap(2, ((2, 0),)), "E_SNAP_DISABLED")


@ex("turn.discard-from-hand=matching-at-once")
def test_official_discarder_lays_one_matching_card_from_the_hand() -> None:
    # official §Q&A: Special Card Stacking: after discarding a 7, the player may put a
    # second 7 from the hand on the pile, without its effect. Only the discarder, one
    # card of their own, once, until the next player acts: the project's reading.
    grids = [G0, ["7H", "3H", "4H", "5H"], ["7S", "3D", "4D", "5D"]]
    t = opened("official", grids, "7D")
    t.reject(Snap(2, ((2, 0),)), "E_SNAP_DISABLED")  # not the discarder
    t.reject(Snap(1, ((2, 0),)), "E_SNAP_OTHERS")  # another player's card
    events = t.do(Snap(1, ((1, 0),)))
    assert [e["t"] for e in events][:1] == ["snapped"]
    assert "power" not in [e["t"] for e in events]
    assert t.state.grids[1][0] is None and t.state.pile[-1].code == "7H"
    t.reject(Snap(1, ((1, 1),)), "E_SNAP_DISABLED")  # once only


@ex("turn.discard-from-hand=matching-at-once")
def test_official_hand_card_that_does_not_match_is_shown_and_returned() -> None:
    # The project's reading: a wrong card is turned up and goes back (snap.wrong-own,
    # return-only for official, which names no penalty); the chance is then spent.
    t = opened("official", [G0, ["7H", "3H", "4H", "5H"], G2], "7D")
    events = t.do(Snap(1, ((1, 1),)))
    assert [e["t"] for e in events] == ["snap_wrong"] and events[0]["cards"] == ["3H"]
    assert t.state.grids[1][1] is not None and t.view(0)["grids"][1][1] == "3H"
    t.reject(Snap(1, ((1, 0),)), "E_SNAP_DISABLED")


@ex("turn.discard-from-hand=none")
def test_official_without_the_hand_discard_lays_nothing() -> None:
    # official(hand_discard=none): no snapping and no hand discard at all.
    t = opened(resolve("official", {"hand_discard": "none"}),
               [G0, ["7H", "3H", "4H", "5H"], G2], "7D")
    t.reject(Snap(1, ((1, 0),)), "E_SNAP_DISABLED")


@ex("snap.enabled=true")
def test_hearts_correct_flip_of_own_card() -> None:
    # hearts §3b: flipping your own card correctly leaves you one card fewer.
    t = opened("hearts", [["6S", "3S", "4S", "5S"], G1, G2], "6D")
    events = t.do(Snap(0, ((0, 0),)))
    assert t.kinds(events) == ["snapped"] and events[0]["visible_to"] == [0, 1, 2]
    assert t.grid(0) == [None, "3S", "4S", "5S"] and t.state.pile[-1].code == "6S"


@ex("snap.match=rank")
def test_online_matches_by_rank() -> None:
    # online §Snapping: the rank must match; a black king (-1) is no match for a 10.
    t = opened("online", [G0, G1, ["KS", "10S", "4D", "5D"]], "10H")
    assert t.kinds(t.do(Snap(2, ((2, 0),))))[0] == "snap_wrong"
    t2 = opened("online", [G0, G1, ["KS", "10S", "4D", "5D"]], "10H")
    assert t2.kinds(t2.do(Snap(2, ((2, 1),))))[0] == "snapped"


@ex("snap.match=points")
def test_memory_black_king_snaps_onto_a_ten() -> None:
    # memory §snapping: a card of equal value; memory §values: black kings and 10s
    # are both worth 10 (the catalogue's ruling reads "value" as points).
    t = opened("memory", [G0, G1, ["KS", "3D", "4D", "5D"]], "10H")
    assert t.kinds(t.do(Snap(2, ((2, 0),))))[0] == "snapped"


@ex("snap.others=true", "snap.give-card=mandatory")
def test_hearts_flip_of_anothers_card_must_fill_the_gap() -> None:
    # hearts §3d: after flipping someone else's card correctly, fill their gap with
    # one of your cards.
    t = opened("hearts", [G0, G1, ["9S", "3D", "4D", "5D"]], "9D")
    t.do(Snap(0, ((2, 0),)))
    t.reject(Give(0, None), "E_MUST_GIVE")
    t.reject(Draw(0), "E_MUST_GIVE")
    t.do(Give(0, 3))
    assert t.grid(2)[0] == "5S" and t.grid(0)[3] is None


@ex("snap.others=false")
def test_online_without_snapping_others() -> None:
    # online §Options: with the option off, only your own cards may be snapped.
    t = opened(resolve("online", {"snap_others": False}), [G0, G1, ["9S", "3D", "4D", "5D"]],
               "9D")
    t.reject(Snap(0, ((2, 0),)), "E_SNAP_OTHERS")


@ex("snap.give-card=optional")
def test_online_giving_a_card_is_optional() -> None:
    # online §Options: after a correct snap of another's card, moving one of your cards
    # into the gap is allowed, not required.
    t = opened("online", [G0, G1, ["9S", "3D", "4D", "5D"]], "9D")
    t.do(Snap(0, ((2, 0),)), Give(0, None))
    assert t.grid(2)[0] is None and t.grid(0) == G0


@ex("snap.give-card=none")
def test_no_gift_when_the_rule_says_none() -> None:
    # The ruling alternative: nothing is given after snapping another player's card.
    t = opened(resolve("online", {"give_card": "none"}), [G0, G1, ["9S", "3D", "4D", "5D"]], "9D")
    t.do(Snap(0, ((2, 0),)))
    assert t.state.pending_give == [] and t.grid(2)[0] is None


@ex("snap.wrong-own=return-and-penalty")
def test_hearts_wrong_own_flip_takes_a_blind_penalty() -> None:
    # hearts §3c: a wrong flip of your own card means a blind penalty card.
    t = opened("hearts", [G0, G1, G2], "9D", draws=("KH",))
    events = t.do(Snap(0, ((0, 1),)))
    assert t.kinds(events) == ["snap_wrong", "penalty"]
    assert events[0]["cards"] == ["3S"] and events[0]["visible_to"] == [0, 1, 2]
    assert t.grid(0) == [*G0, "KH"] and events[1]["visible_to"] == []
    assert t.view(2)["grids"][0][1] == "3S"  # the revealed card is now known to all
    assert t.view(0)["grids"][0][4] == "?"  # nobody saw the penalty card


@ex("snap.wrong-own=return-only")
def test_memory_wrong_own_snap_costs_nothing() -> None:
    # memory never describes a wrong snap; the project ruling on snap.wrong-own adds no
    # penalty, so the revealed card just goes back.
    t = opened("memory", [G0, G1, G2], "9D")
    assert t.kinds(t.do(Snap(0, ((0, 1),)))) == ["snap_wrong"]
    assert t.grid(0) == G0


@ex("snap.wrong-other=return-and-penalty")
def test_hearts_wrong_flip_of_another_gives_it_back_plus_penalty() -> None:
    # hearts §3e: the card returns to its owner and the flipper adds an unseen penalty card.
    t = opened("hearts", [G0, G1, G2], "9D", draws=("KH",))
    assert t.kinds(t.do(Snap(0, ((2, 1),)))) == ["snap_wrong", "penalty"]
    assert t.grid(2) == G2 and t.grid(0) == [*G0, "KH"]


@ex("snap.wrong-other=take-and-penalty", "snap.penalty-placement=lowest-empty-slot")
def test_online_wrong_snap_of_another_takes_their_card_and_a_penalty() -> None:
    # online §Options: a wrong snap of another's card means taking that card and a penalty
    # card; §Playing offline: fill an empty position, else put it to one side.
    t = opened("online", [G0, G1, G2], "9D", draws=("KH",))
    events = t.do(Snap(0, ((2, 1),)))
    assert t.kinds(events) == ["snap_wrong", "took_wrong", "penalty"]
    assert t.grid(2) == ["2D", None, "4D", "5D"]
    assert t.grid(0) == [*G0, "3D", "KH"]


@ex("snap.wrong-other=return-only")
def test_awareness_wrong_burn_of_another_costs_nothing() -> None:
    # awareness never describes a wrong burn (its penalty cards are an optional extra,
    # §Play 4); the project ruling adds no penalty, so the card just goes back.
    t = opened("awareness", [G0, G1, G2], "9D")
    assert t.kinds(t.do(Snap(0, ((2, 1),)))) == ["snap_wrong"] and t.grid(2) == G2


@ex("snap.wrong-own=return-and-two-penalties", "snap.wrong-other=return-and-two-penalties")
def test_cambia_wrong_snap_costs_two_cards() -> None:
    # cambia §5 Snapping: a wrong snap costs two penalty cards, own card or another's.
    own = opened("cambia", [G0, G1, G2], "9D", draws=("KH", "QH"))
    assert own.kinds(own.do(Snap(0, ((0, 1),)))) == ["snap_wrong", "penalty", "penalty"]
    assert own.grid(0) == [*G0, "KH", "QH"]
    other = opened("cambia", [G0, G1, G2], "9D", draws=("KH", "QH"))
    assert other.kinds(other.do(Snap(0, ((2, 1),)))) == ["snap_wrong", "penalty", "penalty"]
    assert other.grid(2) == G2 and len(other.grid(0)) == 6


@ex("snap.limit=once-per-card", "snap.race-losers=penalty")
def test_online_race_loser_takes_a_penalty() -> None:
    # online §Snapping: each card can be snapped onto once; §Playing offline: the first
    # matching card wins, anyone else who lifted a card takes a penalty.
    t = opened("online", [["9S", "3S", "4S", "5S"], G1, ["9C", "3D", "4D", "5D"]], "9D",
               draws=("KH",))
    t.do(Snap(2, ((2, 0),)))
    events = t.do(Snap(0, ((0, 0),)))
    assert t.kinds(events) == ["snap_late", "penalty"] and t.grid(0)[0] == "9S"


@ex("snap.limit=one-per-turn", "snap.race-losers=return-only")
def test_awareness_slow_burner_takes_the_card_back() -> None:
    # awareness §Play 3b: only one burn per turn; the slower one puts the card back.
    t = opened("awareness", [["9S", "3S", "4S", "5S"], G1, ["9C", "3D", "4D", "5D"]], "9D")
    t.do(Snap(2, ((2, 0),)))
    assert t.kinds(t.do(Snap(0, ((0, 0),)))) == ["snap_late"] and t.grid(0) == ["9S", "3S", "4S", "5S"]


@ex("snap.limit=once-per-card")
def test_online_snapped_card_is_itself_open_to_one_snap() -> None:
    # online §Snapping: each card can be snapped onto once, so the card a snap puts on
    # top can be snapped onto in turn: at once by its snapper, by others once play
    # moves on (here, after the discarder's look; online §Snapping: play returns to
    # the player who discarded the card).
    grids = [["9S", "3S", "4S", "5S"], G1, ["9C", "9H", "4D", "5D"]]
    t = Table("online", grids, starting="AC", draws=["9D"])
    t.do(Draw(1), Discard(1))  # online's 9 looks at one of the player's own cards
    t.do(Snap(2, ((2, 0),)))
    t.do(Snap(2, ((2, 1),)))  # the snapper goes on at once, onto its own 9
    t.do(Look(1, 1, 0))  # play moves on: the 9 of hearts on top is a card of its own
    events = t.do(Snap(0, ((0, 0),)))
    assert t.kinds(events) == ["snapped"] and t.state.pile[-1].code == "9S"


@ex("snap.limit=one-player-per-turn")
def test_hearts_one_flipper_per_turn() -> None:
    # hearts §3: only one player may flip per turn; here the first flipper flips a
    # second matching card, and another player's matching flip is too late.
    t = opened("hearts", [["9S", "3S", "4S", "5S"], G1, ["9C", "9H", "4D", "5D"]], "9D")
    assert t.kinds(t.do(Snap(2, ((2, 0),)))) == ["snapped"]
    assert t.kinds(t.do(Snap(0, ((0, 0),)))) == ["snap_late"] and t.grid(0)[0] == "9S"
    assert t.kinds(t.do(Snap(2, ((2, 1),)))) == ["snapped"]


@ex("snap.limit=unlimited")
def test_memory_snaps_all_succeed() -> None:
    # memory §snapping: any player who knows a card of equal value may reveal it; no
    # limit is set, so every correct snap succeeds.
    t2 = opened("memory", [["6S", "3S", "4S", "5S"], G1, ["6C", "3D", "4D", "5D"]], "6D")
    t2.do(Snap(2, ((2, 0),)), Snap(0, ((0, 0),)))
    assert t2.grid(0)[0] is None and t2.grid(2)[0] is None


@ex("snap.multi=true")
def test_awareness_burns_two_sevens_at_once() -> None:
    # awareness §Play 3d: both matching cards flipped at once count as one burn, and the
    # burner may give a card for the other player's.
    t = opened("awareness", [["7S", "3S", "4S", "5S"], G1, ["7C", "3D", "4D", "5D"]], "7D")
    events = t.do(Snap(0, ((0, 0), (2, 0))))
    assert t.kinds(events) == ["snapped"] and [c.code for c in t.state.pile[-2:]] == ["7S", "7C"]
    t.do(Give(0, 1))
    assert t.grid(2)[0] == "3S" and t.grid(0) == [None, None, "4S", "5S"]


@ex("snap.multi=false")
def test_hearts_one_card_per_flip() -> None:
    # snap.multi ruling: only awareness burns several cards at once.
    t = opened("hearts", [["7S", "3S", "4S", "5S"], G1, ["7C", "3D", "4D", "5D"]], "7D")
    t.reject(Snap(0, ((0, 0), (2, 0))), "E_SNAP_MULTI")


@ex("snap.penalty-placement=beside-grid")
def test_awareness_penalty_goes_beside_the_grid_even_with_a_gap() -> None:
    # awareness §Play 4: the penalty card is placed next to your cards.
    rules = resolve("awareness", {"wrong_own": "return-and-penalty"})
    t = opened(rules, [["7S", "3S", "4S", "5S"], G1, G2], "7D", draws=("9C", "KH"))
    t.do(Snap(0, ((0, 0),)))  # correct: slot 0 is now empty
    t.do(Draw(2), Discard(2), Skip(2))  # awareness plays clockwise: seat 2 is next
    events = t.do(Snap(0, ((0, 1),)))  # wrong: 3S on a 9
    assert t.kinds(events) == ["snap_wrong", "penalty"]
    assert t.grid(0) == [None, "3S", "4S", "5S", "KH"]


def test_one_attempt_per_player_per_discard() -> None:
    # core.one-attempt (ruling): one try per player per discard, even after a wrong one.
    t = opened("online", [G0, G1, G2], "9D", draws=("KH", "QH"))
    t.do(Snap(0, ((0, 1),)))
    t.reject(Snap(0, ((0, 2),)), "E_ALREADY_SNAPPED")


@ex("snap.window=until-next-turn")
def test_memory_window_closes_when_the_next_turn_begins() -> None:
    # memory is silent on how long a discard may be snapped; the project ruling closes
    # the window at the next turn's first action (snap.window, core.snap-window-span).
    t = opened("memory", [G0, G1, ["9C", "3D", "4D", "5D"]], "9D", draws=("KH",))
    t.do(Draw(2))
    t.reject(Snap(2, ((2, 0),)), "E_NO_SNAP_WINDOW")


@ex("snap.window=until-next-discard")
def test_hearts_card_stays_open_until_covered() -> None:
    # hearts §3: a player may flip regardless of turn onto the most recently discarded
    # card, so the 9 stays open through the next player's draw, until a new discard.
    t = opened("hearts", [G0, G1, ["9C", "3D", "4D", "5D"]], "9D", draws=("KH", "2C"))
    p = t.state.current
    t.do(Draw(p))
    assert t.kinds(t.do(Snap(2, ((2, 0),)))) == ["snapped"]
    t.do(Discard(p))
    assert t.state.window_card is not None and t.state.window_card.code == "KH"


@ex("snap.window=until-next-draw")
def test_window_closes_at_the_next_draw_not_at_a_pass() -> None:
    # weijuwang §README: the snap window closes when the next player draws.
    rules = resolve("online", {"snap_window": "until-next-draw"})
    t = opened(rules, [G0, G1, ["9C", "9H", "4D", "5D"]], "9D", draws=("KH",))
    t.do(Pass(2))
    assert t.state.window
    t.do(Draw(0))
    t.reject(Snap(2, ((2, 1),)), "E_NO_SNAP_WINDOW")


def test_no_window_before_the_first_discard() -> None:
    # core.snap-window: a snap needs a face-up discard (hearts has no starting discard).
    t = Table("hearts", [G0, G1])
    t.reject(Snap(0, ((0, 1),)), "E_NO_SNAP_WINDOW")


def test_snapping_during_a_power_keeps_the_power() -> None:
    # online §Snapping: play returns to the discarder after a snap.
    t = Table("online", [G0, G1, ["10S", "3D", "4D", "5D"]], starting="AC", draws=["10C"])
    t.do(Draw(1), Discard(1), Snap(2, ((2, 0),)))
    t.do(Look(1, 1, 0) if t.state.power_stage == "look" else Skip(1))
    assert t.state.current == 2


@ex("snap.caller-snaps=false", "snap.caller-snaps=true")
def test_caller_who_cannot_snap() -> None:
    # chlopez and millsip: the caller cannot snap after calling. Set on online, whose
    # caller is not locked, it is the only thing stopping the snap; under online itself
    # (the ruling: no primary source bars it) the caller may snap.
    for rules, allowed in ((resolve("online", {"caller_snaps": "false"}), False),
                           (resolve("online"), True)):
        t = Table(rules, [G0, ["4H", "3H", "6H", "5H"], G2], draws=["4C"], starting="KC")
        t.do(Call(1), Draw(2), Discard(2))
        if allowed:
            assert t.kinds(t.do(Snap(1, ((1, 0),)))) == ["snapped"]
        else:
            err = t.reject(Snap(1, ((1, 0),)), "E_LOCKED")
            assert err.rule == "snap.caller-snaps"


KO_GRIDS = [["AS", "2S", "AH", "3S"], ["9H", "10H", "9S", "10S"], ["9D", "10D", "8C", "10C"]]
KO_DRAWS = ["4C", "2D", "3D", "6C", "AD", "2H", "3C"]


def two_wrong_snaps(rules: Rules) -> Table:
    """Seat 0 snaps a non-matching own card twice under cambia's two-card penalty
    (cambia §5 Snapping): 4 + 2 + 2 = 8 cards. The second snap comes just after its
    own turn has begun (seat 2's discard is still open)."""
    t = Table(rules, KO_GRIDS, draws=KO_DRAWS, starting="KC")
    t.do(Draw(1), Discard(1), Snap(0, ((0, 3),)))
    assert len([c for c in t.grid(0) if c]) == 6
    t.do(Draw(2), Discard(2))
    assert t.state.current == 0
    t.do(Snap(0, ((0, 0),)))
    assert len([c for c in t.grid(0) if c]) == 8
    return t


@ex("snap.knock-out=above-six")
def test_more_than_six_cards_after_penalties_is_out_of_the_round() -> None:
    # millsip §how-to-play: a player left with more than 6 cards after penalties is out
    # of the round. What "out" means is the snap.knock-out ruling: no more turns (the
    # turn just begun passes at once), no snaps, no call, and no win at scoring.
    from cambio_ref.ending import round_result
    from cambio_ref.table import is_out

    t = two_wrong_snaps(resolve("cambia", {"knock_out": "above-six"}))
    assert is_out(t.state, 0) and t.state.current == 1
    t.reject(Draw(0), "E_NOT_YOUR_TURN")
    t.do(Draw(1), Discard(1))  # the 3 of clubs; seat 0's 3 of spades would match it
    err = t.reject(Snap(0, ((0, 3),)), "E_LOCKED")
    assert err.rule == "snap.knock-out"
    t.do(Draw(2), Discard(2))
    assert t.state.current == 1  # seat 0's turn passed again
    # cambia §1 Card Values: seat 0 holds A 2 A 3 2 3 A 2 = 15, the lowest total, seat 1
    # 38 and seat 2 37; out, seat 0 cannot win, so seat 2 does.
    result = round_result(t.state, "turn-limit")
    assert result.scores == (15, 38, 37) and result.winners == (2,)


@ex("snap.knock-out=never")
def test_without_the_knock_out_a_long_hand_stays_in() -> None:
    # No primary source puts a player out (the snap.knock-out default ruling): with 8
    # cards seat 0 still plays the turn that has begun, and its low total wins.
    from cambio_ref.ending import round_result

    t = two_wrong_snaps(resolve("cambia"))
    assert t.state.current == 0
    t.do(Draw(0))
    assert round_result(t.state, "turn-limit").winners == (0,)


def test_a_round_where_everyone_is_out_ends_at_once() -> None:
    # snap.knock-out ruling: once no player is left in the round, it is scored as it
    # stands, every player contending, rather than turning round an empty table.
    t = two_wrong_snaps(resolve("cambia", {"knock_out": "above-six"}))
    t.state.knocked_out = 0b111
    t.do(Draw(1), Discard(1))
    assert t.state.phase == "over" and t.state.result is not None
    assert t.state.result.reason == "knocked-out" and t.state.result.winners == (0,)


@ex("end.empty-hand=wins-at-once", "snap.window=until-next-discard")
def test_a_card_held_when_a_snap_ends_the_round_goes_to_the_pile() -> None:
    # Issue 21 (the lost card). cambio-bot §Rules: emptying a hand wins at once; the
    # cambio-bot ruleset keeps a discard open until the next one (snap.window ruling), so
    # seat 0 may snap its last card while seat 1 holds the card it drew or took. Where
    # that card goes is the project ruling core.held-at-round-end: onto the pile, unscored.
    # (Only a drawn card can be held then: taking the top discard closes the window.)
    t = Table("cambio-bot", [["2S", "3S", "4S", "5S"], ["6D", "7D", "8D", "9D"]],
              draws=["2C", "3C", "4C", "5C", "QH"], starting="KC")
    t.do(Draw(1), Discard(1), Snap(0, ((0, 0),)), Draw(0), Discard(0), Snap(0, ((0, 1),)),
         Draw(1), Discard(1), Snap(0, ((0, 2),)), Draw(0), Discard(0))
    total = len(t.state.all_cards())
    t.do(Draw(1))
    held = t.state.held
    assert held is not None and held.code == "QH"
    events = t.do(Snap(0, ((0, 3),)))
    assert [e["t"] for e in events] == ["snapped", "discarded", "round_over"]
    assert events[1]["card"] == held.code and events[1]["player"] == 1
    assert t.state.pile[-1] == held and t.state.held is None
    assert len(t.state.all_cards()) == total  # card conservation
    result = t.state.result
    assert result is not None and result.winners == (0,)
    assert result.raw == (0, 30)  # 6+7+8+9: the held card is in no hand


@ex("snap.limit=unlimited")
def test_memory_right_snapper_may_snap_again_a_wrong_one_may_not() -> None:
    # memory §snapping: any player who knows a card of equal value may reveal it, and
    # no limit is set; core.one-attempt bounds only a player whose snap failed.
    t = Table("memory", [["2S", "3S", "4S", "4H"], ["2H", "3H", "6H", "5H"]], draws=["4C"])
    t.do(Draw(1), Discard(1))
    t.do(Snap(1, ((1, 2),)))  # a 6 on a 4: wrong, and under memory it costs nothing
    t.reject(Snap(1, ((1, 3),)), "E_ALREADY_SNAPPED")  # no second try after a miss
    assert t.kinds(t.do(Snap(0, ((0, 2),)))) == ["snapped"]
    assert t.kinds(t.do(Snap(0, ((0, 3),)))) == ["snapped"]  # right, so free to go on
    assert t.grid(0)[2:] == [None, None]
