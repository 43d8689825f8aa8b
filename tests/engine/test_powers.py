"""Powers of discarded cards (spec/options/powers.yaml), cited per test."""

from __future__ import annotations

import pytest

from cambio_ref.actions import Call, Discard, Draw, Give, Look, PowerSwap, Skip, Snap, Swap, Take
from cambio_ref.cards import Card
from cambio_ref.rules import resolve
from tests.engine.conftest import G0, G1, G2, Table

ex = pytest.mark.exercises


def discard_power(rules: str | object, card: str, grids: list[list[str]] | None = None,
                  starting: str | None = "KC") -> Table:
    """Seat 1 draws `card` from the deck and discards it."""
    r = resolve(rules) if isinstance(rules, str) else rules
    t = Table(r, grids or [G0, G1, G2], draws=[card],  # type: ignore[arg-type]
              starting=starting if r.starting_discard else None)  # type: ignore[attr-defined]
    t.do(Draw(1), Discard(1))
    return t


@ex("power.seven-eight=peek-own")
def test_hearts_seven_looks_at_own_card() -> None:
    # hearts §Power of the Card: a 7 or an 8 lets its player see one card of their own.
    t = discard_power("hearts", "7D")
    t.reject(Look(1, 0, 0), "E_POWER_TARGET")
    events = t.do(Look(1, 1, 0))
    assert events[0]["card"] == "2H" and events[0]["visible_to"] == [1]
    assert t.state.current == 0  # the power is spent; the turn passed (hearts plays counter-clockwise)


@ex("power.seven-eight=peek-other")
def test_online_eight_looks_at_another_players_card() -> None:
    # online §Special cards: seven or eight look at a card of another player.
    t = discard_power("online", "8D")
    t.reject(Look(1, 1, 0), "E_POWER_TARGET")
    assert t.do(Look(1, 2, 3))[0]["card"] == "5D"


@ex("power.nine-ten=peek-other")
def test_official_nine_spies_on_an_opponent() -> None:
    # official §Special Card Effects: a 9 or a 10 shows its player one opponent card.
    t = discard_power("official", "9C")
    t.reject(Look(1, 1, 1), "E_POWER_TARGET")
    assert t.do(Look(1, 0, 1))[0]["visible_to"] == [1]


@ex("power.nine-ten=peek-own")
def test_online_ten_looks_at_own_card() -> None:
    # online §Special cards: a 9 or a 10 lets its player see one card of their own.
    t = discard_power("online", "10C")
    t.reject(Look(1, 0, 1), "E_POWER_TARGET")
    t.do(Look(1, 1, 1))


@ex("power.jack=blind-swap-any")
def test_hearts_jack_swaps_two_opponents_blind() -> None:
    # hearts §Power of the Card: the jack blind-swaps any pair on the table.
    t = discard_power("hearts", "JC")
    t.reject(Look(1, 0, 0), "E_WRONG_PHASE")  # no look: the swap is blind
    events = t.do(PowerSwap(1, (0, 0), (2, 1)))
    assert t.grid(0)[0] == "3D" and t.grid(2)[1] == "2S"
    assert events[0]["visible_to"] == []


@ex("power.jack=blind-exchange-own-other")
def test_online_jack_exchanges_own_with_another() -> None:
    # online §Special cards: the jack exchanges one of yours with another player's, unseen.
    t = discard_power("online", "JC")
    t.reject(PowerSwap(1, (0, 0), (2, 1)), "E_POWER_TARGET")
    t.reject(PowerSwap(1, (1, 0), (1, 1)), "E_POWER_TARGET")
    t.do(PowerSwap(1, (1, 0), (2, 1)))
    assert t.grid(1)[0] == "3D" and t.grid(2)[1] == "2H"


@ex("power.queen=blind-swap-any")
def test_official_queen_is_a_blind_switch() -> None:
    # official §Q&A: Jack/Queen Blind Switch: any two cards, even two of your own, unseen.
    t = discard_power("official", "QC")
    t.reject(Look(1, 0, 0), "E_WRONG_PHASE")
    t.do(PowerSwap(1, (1, 0), (1, 3)))
    assert t.grid(1) == ["5H", "3H", "4H", "2H"]


@ex("power.queen=look-one-swap-any")
def test_hearts_queen_looks_then_swaps_any_pair() -> None:
    # hearts §Power of the Card: look at any one card, then swap any pair.
    t = discard_power("hearts", "QC")
    t.do(Look(1, 2, 0))
    t.reject(Look(1, 2, 1), "E_WRONG_PHASE")  # only one look
    t.do(PowerSwap(1, (0, 0), (2, 3)))  # need not involve the card looked at
    assert t.grid(0)[0] == "5D"


@ex("power.queen=look-other-exchange-own-other")
def test_online_queen_looks_at_another_then_exchanges() -> None:
    # online §Special cards: the queen may first see one card of another player, and
    # may then trade one of its player's cards with someone else's (any card, not only
    # the one seen).
    t = discard_power("online", "QC")
    t.reject(Look(1, 1, 0), "E_POWER_TARGET")
    t.do(Look(1, 0, 0))
    t.reject(PowerSwap(1, (0, 0), (2, 0)), "E_POWER_TARGET")
    t.do(PowerSwap(1, (1, 2), (2, 0)))
    assert t.grid(1)[2] == "2D"


@ex("power.king=none")
def test_online_king_has_no_power() -> None:
    # online §Special cards lists no king.
    t = discard_power("online", "KS")
    assert "power" not in t.kinds(t.events) and t.state.current == 2


@ex("power.king=look-two-swap-any", "power.king-colour=both")
def test_memory_red_king_looks_at_two_and_swaps_two() -> None:
    # memory §powers: the king shows two cards from anyone's grid, then trades two cards anywhere;
    # no colour is named, so a red king has it too.
    t = discard_power("memory", "KD")
    t.do(Look(1, 0, 0), Look(1, 2, 2))
    t.reject(Look(1, 0, 1), "E_WRONG_PHASE")
    t.do(PowerSwap(1, (0, 1), (2, 3)))
    assert t.grid(0)[1] == "5D"


@ex("power.king=look-one-exchange-own")
def test_official_body_king_exchanges_the_card_looked_at() -> None:
    # official §Special Card Effects (the body): look at anyone's card and switch it
    # with one of your own. Offered as a house rule; the official ruleset follows the Q&A.
    rules = resolve("official", {"power_king": "look-one-exchange-own"})
    t = discard_power(rules, "KS")
    t.do(Look(1, 2, 1))
    t.reject(PowerSwap(1, (1, 0), (2, 0)), "E_POWER_TARGET")  # not the card looked at
    t.do(PowerSwap(1, (1, 0), (2, 1)))
    assert t.grid(1)[0] == "3D"


@ex("power.king-colour=black")
def test_official_red_king_has_no_power() -> None:
    # official §Special Card Effects gives the power to the black king only.
    red = discard_power("official", "KH")
    assert "power" not in red.kinds(red.events)
    black = discard_power("official", "KS", starting="KD")
    assert "power" in black.kinds(black.events)


@ex("power.king-colour=red")
def test_red_kings_only_when_chosen() -> None:
    # The ruling alternative: only red kings carry the king's power.
    rules = resolve("official", {"king_colour": "red"})
    red = discard_power(rules, "KD")
    assert "power" in red.kinds(red.events)
    black = discard_power(rules, "KS")
    assert "power" not in black.kinds(black.events)


@ex("power.optional=all-optional")
def test_hearts_powers_may_be_declined() -> None:
    # hearts §Power of the Card lists what each power allows and never obliges anyone
    # to use it (the project ruling on power.optional): a queen's look and swap both
    # may be skipped.
    t = discard_power("hearts", "QC")
    t.do(Skip(1), Skip(1))
    assert t.state.current == 0 and t.state.power is None


@ex("power.optional=jack-compulsory")
def test_online_jack_must_be_used_but_queen_need_not() -> None:
    # online §Special cards: the queen's look and swap are each called optional, the
    # jack's exchange is not.
    queen = discard_power("online", "QC")
    queen.do(Skip(1), Skip(1))
    assert queen.state.current == 2
    jack = discard_power("online", "JC")
    jack.reject(Skip(1), "E_POWER_REQUIRED")
    jack.do(PowerSwap(1, (1, 0), (2, 0)))
    assert jack.state.current == 2


@ex("power.optional=king-swap-compulsory")
def test_official_king_looks_up_to_two_then_must_swap() -> None:
    # official §Q&A: Black King Mechanics: look at up to two cards (so no look is
    # required), then the swap must be made.
    t = discard_power("official", "KS")
    t.do(Skip(1))  # no look is compulsory
    t.reject(Skip(1), "E_POWER_REQUIRED")
    t.do(PowerSwap(1, (0, 0), (2, 0)))
    # Nothing in official makes the other powers compulsory: a 9's look may be declined.
    nine = discard_power("official", "9C")
    nine.do(Skip(1))
    assert nine.state.current == 2


@ex("power.optional=all-compulsory")
def test_every_power_compulsory_as_a_house_rule() -> None:
    # alv §page: powers are compulsory; the first look and the swap of every power are required;
    # later looks stay "up to" the power's count.
    rules = resolve("hearts", {"optional_powers": "all-compulsory"})
    t = discard_power(rules, "KC")
    t.reject(Skip(1), "E_POWER_REQUIRED")
    t.do(Look(1, 0, 0), Skip(1))
    t.reject(Skip(1), "E_POWER_REQUIRED")
    t.do(PowerSwap(1, (0, 1), (2, 1)))
    seven = discard_power(rules, "7C")
    seven.reject(Skip(1), "E_POWER_REQUIRED")


@ex("info.power-swap-seen=swapper-if-looking")
def test_official_king_swapper_sees_the_swapped_cards() -> None:
    # official §Q&A: Black King Mechanics: when swapping, only the swapper sees the
    # cards; §Q&A: Jack/Queen Blind Switch: the blind switch is seen by no one.
    t = discard_power("official", "KS")
    t.do(Skip(1))
    events = t.do(PowerSwap(1, (0, 0), (2, 1)))
    assert events[0]["visible_to"] == [1] and events[0]["cards"] == ["3D", "2S"]
    assert t.view(1)["grids"][0][0] == "3D" and t.view(1)["grids"][2][1] == "2S"
    assert t.view(0)["grids"][0][0] == "?"
    jack = discard_power("official", "JC")
    events = jack.do(PowerSwap(1, (0, 0), (2, 1)))
    assert events[0]["visible_to"] == [] and jack.view(1)["grids"][0][0] == "?"


@ex("info.power-swap-seen=nobody")
def test_hearts_king_sees_its_two_looks_and_nothing_of_the_swap() -> None:
    # hearts §Power of the Card counts the king's looks (any 2 cards), then a swap of
    # any pair; the project ruling (spec: hearts' ruleset, with its reason) keeps the
    # swap face down, so the king's player sees what it looked at and no more.
    t = discard_power("hearts", "KC")
    t.do(Look(1, 2, 2), Skip(1))
    events = t.do(PowerSwap(1, (0, 0), (2, 1)))
    assert events[0]["visible_to"] == []
    assert t.view(1)["grids"][0][0] == "?" and t.view(1)["grids"][2][1] == "?"


@ex("info.power-swap-seen=nobody")
def test_memory_king_swap_is_seen_by_nobody() -> None:
    # The project ruling (memory never says what a swap shows): swaps stay face down.
    t = discard_power("memory", "KC")
    t.do(Skip(1))
    events = t.do(PowerSwap(1, (0, 0), (2, 1)))
    assert events[0]["visible_to"] == [] and t.view(1)["grids"][0][0] == "?"


@ex("power.trigger=discarded-from-deck")
def test_power_card_swapped_in_or_out_fires_nothing() -> None:
    # official §Q&A: Special Card Effect Activation: effects only for a card drawn from
    # the deck and discarded at once; not when swapped from the hand.
    t = Table("official", [G0, ["7H", "3H", "4H", "5H"], G2], starting="KC", draws=["8C"])
    events = t.do(Draw(1), Swap(1, 0))  # the drawn 8 goes in, the 7 comes out
    assert "power" not in t.kinds(events)


@ex("power.trigger=discarded-or-swapped-out")
def test_online_fires_the_swapped_out_card() -> None:
    # online §Special cards, read as written: a card placed on the pile during the turn
    # grants its action, and §How to play puts the swapped-out card on the pile; the
    # online ruleset plays it so (issue 22), no house rule needed.
    rules = resolve("online")
    t = Table(rules, [G0, ["QH", "3H", "4H", "5H"], G2], starting="KC", draws=["2C"])
    events = t.do(Draw(1), Swap(1, 0))
    assert [e["card"] for e in events if e["t"] == "power"] == ["QH"]
    # a card taken from the pile still fires nothing when it goes into the grid
    t2 = Table(rules, [G0, G1, G2], starting="9C")
    events = t2.do(Take(1), Swap(1, 0))
    assert "power" not in t2.kinds(events)


@ex("power.trigger=drawn-from-deck", "power.once-per-turn=once")
def test_body_example_fires_the_drawn_card_once() -> None:
    # official §Game Flow Example: a drawn 7 swapped into the hand still fires (the
    # conflicting reading, as a house rule); the king swapped out does not, so at most
    # one power fires in the turn (official §Q&A: Special Card Stacking).
    rules = resolve("official", {"power_trigger": "drawn-from-deck"})
    t = Table(rules, [G0, ["KS", "3H", "4H", "5H"], G2], starting="KC", draws=["7C"])
    events = t.do(Draw(1), Swap(1, 0))
    assert t.kinds(events).count("power") == 1
    assert [e["card"] for e in events if e["t"] == "power"] == ["7C"]
    t.do(Look(1, 1, 0))
    assert t.state.current == 2 and t.state.powers_this_turn == 0


@ex("power.snapped-fires=false")
def test_snapped_power_card_does_not_fire_and_discarder_still_acts() -> None:
    # online §Snapping: a snapped action card does not act again, and play returns to
    # the discarder, who takes their action.
    t = discard_power("online", "7D", grids=[G0, G1, ["7S", "3D", "4D", "5D"]])
    events = t.do(Snap(2, ((2, 0),)))
    assert t.kinds(events) == ["snapped"]
    assert t.state.phase == "power" and t.state.current == 1
    t.do(Look(1, 0, 0))


def test_taken_power_card_fires_nothing() -> None:
    # hearts §5a: a card taken from the pile must be swapped in; no power.
    t = Table("hearts", [G0, G1, G2], draws=["9C"])
    t.do(Draw(1), Discard(1))  # 9: hearts peek at an opponent
    t.do(Look(1, 0, 0))
    events = t.do(Take(0), Swap(0, 1))
    assert "power" not in t.kinds(events)


def test_a_power_whose_last_target_is_snapped_away_ends() -> None:
    # Found by `cambio simulate --ruleset online --players 6 --games 10000`: during an
    # online queen's exchange, the discarder's last card was snapped away, leaving a
    # swap step with no possible pair. core.snap-window-span keeps snapping open during
    # the power; the power then has nothing left to do, so it ends with the turn.
    from cambio_ref.cards import Card

    t = discard_power("online", "QC", grids=[G0, ["QS", "3H", "4H", "5H"], G2])
    t.do(Skip(1))  # decline the look; the exchange of own-with-other remains
    t.state.grids[1] = [Card.parse("QS"), None, None, None]  # seat 1 holds only its queen
    t.do(Snap(2, ((1, 0),)))
    events = t.do(Give(2, None))
    assert [e["t"] for e in events][-2:] == ["power_done", "turn"]
    assert t.state.current == 2 and t.state.phase == "turn"


# -- powers from the secondary sources (../shared/research/variants-in-the-wild.md) --


@ex("power.jack=blind-swap-different-owners", "power.queen=blind-swap-different-owners")
def test_domsgameindex_switch_needs_two_owners() -> None:
    # domsgameindex: the jack and the queen swap two cards of different owners, unseen.
    for card in ("JC", "QC"):
        rules = resolve("memory", {"power_jack": "blind-swap-different-owners",
                                   "power_queen": "blind-swap-different-owners"})
        t = discard_power(rules, card)
        t.reject(PowerSwap(1, (0, 0), (0, 1)), "E_POWER_TARGET")
        t.reject(PowerSwap(1, (1, 0), (1, 1)), "E_POWER_TARGET")
        events = t.do(PowerSwap(1, (0, 0), (2, 1)))
        assert events[0]["visible_to"] == [] and t.grid(0)[0] == "3D"


@ex("power.queen=blind-exchange-own-other")
def test_cambia_queen_is_a_blind_exchange() -> None:
    # cambia §4 Special Abilities: J and Q swap one of yours with an opponent's, blind.
    t = discard_power("cambia", "QC")
    t.reject(Look(1, 0, 0), "E_WRONG_PHASE")
    t.reject(PowerSwap(1, (0, 0), (2, 0)), "E_POWER_TARGET")
    t.do(PowerSwap(1, (1, 0), (2, 0)))
    assert t.grid(1)[0] == "2D" and t.grid(2)[0] == "2H"


@ex("power.queen=look-one-exchange-own-other")
def test_cambio_app_queen_looks_anywhere_then_exchanges() -> None:
    # cambio-app §Special Cards: the queen looks at any one card, then swaps one of
    # yours with another player's.
    t = discard_power("cambio-app", "QC", starting=None)
    t.do(Look(1, 1, 0))  # one of the player's own cards may be the one looked at
    t.reject(PowerSwap(1, (0, 0), (2, 0)), "E_POWER_TARGET")
    t.do(PowerSwap(1, (1, 3), (0, 3)))
    assert t.grid(1)[3] == "5S"


@ex("power.queen=look-two-swap-any")
def test_millsip_queen_looks_at_two() -> None:
    # millsip §how-to-play: the queen looks at two cards, then may swap.
    rules = resolve("memory", {"power_queen": "look-two-swap-any"})
    t = discard_power(rules, "QC")
    t.do(Look(1, 0, 0), Look(1, 2, 0))
    assert t.state.power_stage == "swap"
    t.do(Skip(1))
    assert t.state.power is None


@ex("power.king=look-one-swap-any")
def test_cambio_bot_king_looks_once_then_swaps_any_two() -> None:
    # cambio-bot §Powers: the king looks at any one card, then swaps any two.
    t = discard_power("cambio-bot", "KC")
    t.do(Look(1, 2, 2))
    assert t.state.power_stage == "swap"
    t.do(PowerSwap(1, (0, 0), (0, 1)))
    assert t.grid(0)[:2] == ["3S", "2S"]


@ex("power.king=look-one-exchange-own-other")
def test_joshaguirre_king_exchanges_any_card_with_one_of_yours() -> None:
    # joshaguirre: the black king looks at any card, then swaps anyone's card with one
    # of yours (not necessarily the card looked at).
    rules = resolve("official", {"power_king": "look-one-exchange-own-other"})
    t = discard_power(rules, "KS")
    t.do(Look(1, 0, 0))
    t.reject(PowerSwap(1, (0, 1), (2, 1)), "E_POWER_TARGET")
    t.do(PowerSwap(1, (1, 0), (2, 1)))


@ex("power.king=look-other-exchange-own")
def test_weijuwang_king_exchanges_the_card_it_looked_at() -> None:
    # weijuwang §README: the black king looks at an opponent's card, then may swap
    # that card with one of yours.
    rules = resolve("official", {"power_king": "look-other-exchange-own"})
    t = discard_power(rules, "KS")
    t.reject(Look(1, 1, 0), "E_POWER_TARGET")
    t.do(Look(1, 2, 3))
    t.reject(PowerSwap(1, (1, 0), (2, 0)), "E_POWER_TARGET")
    t.do(PowerSwap(1, (1, 0), (2, 3)))
    assert t.grid(1)[0] == "5D"


@ex("power.king=look-two-exchange-own-other")
def test_cambio_app_king_looks_twice_then_exchanges() -> None:
    # cambio-app §Special Cards: any king looks at two cards anywhere, then swaps one of
    # yours with another player's.
    t = discard_power("cambio-app", "KD", starting=None)
    t.do(Look(1, 1, 0), Look(1, 0, 0))
    t.reject(PowerSwap(1, (0, 0), (2, 0)), "E_POWER_TARGET")
    t.do(PowerSwap(1, (1, 0), (0, 0)))


@ex("power.king=look-own-and-other-swap-them")
def test_cambia_king_swaps_the_two_cards_it_looked_at() -> None:
    # cambia §4 Special Abilities: any king looks at one of yours and one opponent
    # card, then may swap exactly those two.
    t = discard_power("cambia", "KH")
    t.do(Look(1, 2, 1))
    t.reject(Look(1, 0, 1), "E_POWER_TARGET")  # the second look must be one's own
    t.do(Look(1, 1, 3))
    t.reject(PowerSwap(1, (1, 0), (2, 1)), "E_POWER_TARGET")
    t.do(PowerSwap(1, (1, 3), (2, 1)))
    assert t.grid(1)[3] == "3D" and t.grid(2)[1] == "5H"


@ex("power.king=look-two-owners-swap-them")
def test_domsgameindex_king_looks_at_two_owners_then_may_swap_them() -> None:
    # domsgameindex: the black king looks at two cards of different owners, then may
    # swap those two.
    rules = resolve("official", {"power_king": "look-two-owners-swap-them"})
    t = discard_power(rules, "KS")
    t.do(Look(1, 0, 0))
    t.reject(Look(1, 0, 1), "E_POWER_TARGET")
    t.do(Look(1, 2, 0))
    t.do(PowerSwap(1, (0, 0), (2, 0)))
    assert t.grid(0)[0] == "2D"


@ex("power.caller-lookable=false", "power.caller-lookable=true")
def test_cambio_app_powers_cannot_look_at_the_caller() -> None:
    # cambio-app §Special Cards: after the call, the caller's cards cannot be the
    # target of a look. Under online (the ruling) a look at the caller is fine.
    for name, allowed in (("cambio-app", False), ("online", True)):
        rules = resolve(name)
        t = Table(rules, [G0, G1, G2], draws=["7C"] if name == "online" else ["10C"],
                  starting="KC" if rules.starting_discard else None)
        t.do(Call(1), Draw(2), Discard(2))
        if allowed:
            t.do(Look(2, 1, 0))
        else:
            t.reject(Look(2, 1, 0), "E_POWER_TARGET")
            t.do(Look(2, 0, 0))


@ex("power.king-colour=diamonds")
def test_playcabo_one_eyed_king_alone_has_the_power() -> None:
    # playcabo: only the king of diamonds (the one-eyed king) has the look-and-swap power.
    rules = resolve("hearts", {"king_colour": "diamonds"})
    assert rules.power_of(Card("K", "D")) is not None
    assert all(rules.power_of(Card("K", s)) is None for s in "SHC")
