"""Snapping (spec/options/snapping.yaml), cited per test.

Unless a test says otherwise, seat 1 draws a card and discards it, which opens
the snap window that the other seats then snap into.
"""

from __future__ import annotations

import pytest

from cambio_ref.actions import Discard, Draw, Give, Look, Skip, Snap
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
    # online §Options: a correct snapper *can* place one of their cards in the gap.
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
def test_awareness_wrong_own_burn_costs_nothing() -> None:
    # awareness §Play 4: penalty cards are an optional extra; without them the card goes back.
    t = opened("awareness", [G0, G1, G2], "9D")
    assert t.kinds(t.do(Snap(0, ((0, 1),)))) == ["snap_wrong"]
    assert t.grid(0) == G0


@ex("snap.wrong-other=return-and-penalty")
def test_hearts_wrong_flip_of_another_gives_it_back_plus_penalty() -> None:
    # hearts §3e: give the card back to the player and take a blind penalty card.
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
    # awareness §Play 4: without the optional penalty cards the card just goes back.
    t = opened("awareness", [G0, G1, G2], "9D")
    assert t.kinds(t.do(Snap(0, ((2, 1),)))) == ["snap_wrong"] and t.grid(2) == G2


@ex("snap.limit=one", "snap.race-losers=penalty")
def test_online_race_loser_takes_a_penalty() -> None:
    # online §Snapping: each card can be snapped onto once; §Playing offline: the first
    # matching card wins, anyone else who lifted a card takes a penalty.
    t = opened("online", [["9S", "3S", "4S", "5S"], G1, ["9C", "3D", "4D", "5D"]], "9D",
               draws=("KH",))
    t.do(Snap(2, ((2, 0),)))
    events = t.do(Snap(0, ((0, 0),)))
    assert t.kinds(events) == ["snap_late", "penalty"] and t.grid(0)[0] == "9S"


@ex("snap.race-losers=return-only")
def test_awareness_slow_burner_takes_the_card_back() -> None:
    # awareness §Play 3b: only one burn per turn; the slower one puts the card back.
    t = opened("awareness", [["9S", "3S", "4S", "5S"], G1, ["9C", "3D", "4D", "5D"]], "9D")
    t.do(Snap(2, ((2, 0),)))
    assert t.kinds(t.do(Snap(0, ((0, 0),)))) == ["snap_late"] and t.grid(0) == ["9S", "3S", "4S", "5S"]


@ex("snap.limit=unlimited")
def test_unlimited_snaps_all_succeed() -> None:
    # The ruling alternative for memory's silence: every correct snap succeeds.
    rules = resolve("memory", {"snap_limit": "unlimited"})
    t2 = opened(rules, [["6S", "3S", "4S", "5S"], G1, ["6C", "3D", "4D", "5D"]], "6D")
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


def test_one_attempt_per_player_per_discard_and_window_closing() -> None:
    # core.one-attempt (ruling) and core.snap-window-span (ruling).
    t = opened("online", [G0, G1, G2], "9D", draws=("KH", "QH"))
    t.do(Snap(0, ((0, 1),)))
    t.reject(Snap(0, ((0, 2),)), "E_ALREADY_SNAPPED")
    t.do(Draw(2))
    t.reject(Snap(0, ((0, 2),)), "E_NO_SNAP_WINDOW")


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
