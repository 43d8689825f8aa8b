"""`cambio_ref.flags`: the options read once into plain values agree with the Rules they
come from, under every alternative of the options they read."""

from __future__ import annotations

import pytest

from cambio_ref.cards import Card, standard_deck
from cambio_ref.catalogue import load_catalogue
from cambio_ref.flags import FirstUseFlags, Flags, flags_of
from cambio_ref.rules import Rules, format_value, resolve
from cambio_ref.snapping import keeps_window
from cambio_ref.state import new_round
from conformance.diagnosis import Watched

READ = ("call_timing", "final_turns", "direction", "call_limit", "peek", "power_trigger", "snap_window",
        "power_7_8", "power_9_10", "power_jack", "power_queen", "power_king", "king_colour")


def _variants() -> list[Rules]:
    out = []
    for option in load_catalogue().options:
        if option.key in READ:
            for alt in option.alternatives:
                out.append(resolve("online", {option.key: format_value(alt.value)}))
    return out


@pytest.mark.parametrize("rules", _variants(), ids=lambda r: r.canonical)
def test_flags_agree_with_the_rules(rules: Rules) -> None:
    f = flags_of(rules)
    assert f.start_call == (rules.call_timing == "start-of-turn")
    assert f.end_call == (rules.call_timing == "end-of-turn")
    assert f.everyone_once == (rules.final_turns == "everyone-once")
    assert f.call_limit == rules.params.get("call_limit", {}).get("max_points")
    for card in standard_deck(2):
        assert f.powers.get(card.code) == rules.power_of(card)
    state = new_round(rules, 3, seed=1)
    assert state.flags is f
    assert [state.next_seat(s) for s in range(3)] == (
        [1, 2, 0] if rules.direction == "clockwise" else [2, 0, 1])
    span = rules.snap_window
    for first in ("draw", "take", "pass", "call"):
        expected = first != "take" and (span == "until-next-discard" or (
            span == "until-next-draw" and first in ("pass", "call")))
        assert keeps_window(state, first) == expected


@pytest.mark.parametrize("rules", [resolve(name) for name in load_catalogue().rulesets]
                         + _variants(), ids=lambda r: r.canonical)
def test_flags_worked_out_at_first_use_are_the_same(rules: Rules) -> None:
    # (what the diagnosis's watched replays get: each flag worked out when first read)
    eager, lazy = Flags(rules), FirstUseFlags(rules)
    for name in Flags.__slots__:
        assert getattr(lazy, name) == getattr(eager, name), name


def test_a_watched_deal_reads_no_flag_it_does_not_use() -> None:
    # a flag worked out at the deal would note its options as read there, and the
    # diagnosis would replay every candidate value of them from the deal
    watched = Watched.of(resolve("online"))
    assert isinstance(flags_of(watched), FirstUseFlags)
    new_round(watched, 3, seed=1)
    assert not {"call_timing", "final_turns", "power_trigger", "snap_window",
                "multi_burn"} & set(watched.reads)
    assert not any(isinstance(read, tuple) and read[0] == "powers" for read in watched.reads)
    # a card's power is read when that card's is asked for, and no other's
    assert flags_of(watched).powers.get("7S") == resolve("online").power_of(Card.parse("7S"))
    assert {read for read in watched.reads if isinstance(read, tuple) and read[0] == "powers"} \
        == {("powers", "7S")}
