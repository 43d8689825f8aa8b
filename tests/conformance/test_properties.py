"""The properties (`conformance.properties`) hold on the reference under every variant,
and each catches a hand-written implementation that breaks it (`deviating`)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cambio_ref.actions import action_json
from cambio_ref.catalogue import load_catalogue
from cambio_ref.engine import legal_actions
from cambio_ref.rules import resolve
from cambio_ref.state import TURN
from conformance.disagreement import Game
from conformance.draws import game_strategy
from conformance.grouping import occurrence
from conformance.harness import Driver, ImplSpec
from conformance.implementation import Reference
from conformance.onward import play_on
from conformance.properties.cards import Table
from conformance.properties.hiding import leaks
from conformance.properties.violation import Violations
from conformance.protocol import Support
from conformance.serve import ReferenceEngine
from tests.conformance.deviating import (
    DrawsDuplicate,
    FirstTiedWins,
    Offering,
    PeekShownToAll,
    RefusesListedDraw,
    SecretlyCounterClockwise,
    play_alone,
)

RULESETS = sorted(load_catalogue().rulesets)


def _game(ruleset: str, players: int, seed: int) -> tuple[list[str], int]:
    rules = resolve(ruleset)
    deck = [c.code for c in rules.deck(players)]
    random.Random(seed).shuffle(deck)
    return deck, seed


@given(st.data())
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_reference_holds_every_property_under_any_rules(data: st.DataObject) -> None:
    # any ruleset, with options drawn around it from every value of the catalogue
    base = resolve(data.draw(st.sampled_from(RULESETS)))
    game = data.draw(game_strategy(base, Support(), (2, 8), False))
    found = play_alone(Offering(), game.rules, game.players, game.dealer, game.deck,
                       game.seed, data.draw(st.integers(0, 2**32)))
    assert found == [], game.rules.canonical


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_reference_holds_every_property_in_long_games(ruleset: str) -> None:
    # a few whole rounds per ruleset, at the extremes of the seats
    for players, seed in ((2, 1), (5, 2), (8, 3)):
        rules = resolve(ruleset)
        if not rules.min_players <= players <= rules.max_players:
            continue
        deck, _ = _game(ruleset, players, seed)
        assert play_alone(Offering(), rules, players, seed % players, deck, seed, seed) == []


def _caught(impl_class: type[Offering], ruleset: str, tries: int = 40) -> list[tuple[str, str]]:
    """The kinds of violation (name, rule) that `impl_class` shows in the first of `tries`
    games where it shows any."""
    rules = resolve(ruleset)
    for seed in range(tries):
        players = 2 + seed % 3
        deck, _ = _game(ruleset, players, seed)
        found = play_alone(impl_class(), rules, players, 0, deck, seed, seed)
        if found:
            return [(v.name, v.rule) for v in found]
    return []


def test_a_tie_given_to_the_first_tied_seat_is_caught() -> None:
    # online: end.tie=shared, every tied player wins (spec/options/scoring.yaml)
    assert ("scores.winners", "end.tie") in _caught(FirstTiedWins, "online", 400)


def test_a_duplicated_card_is_caught() -> None:
    found = _caught(DrawsDuplicate, "online")
    assert ("cards.deck-order", "core.deal") in found
    assert ("cards.conserved", "core.deal") not in found  # (its snapshot holds the right cards)


def test_a_peeked_card_shown_to_another_seat_is_caught() -> None:
    # peeks are private: the peeking player alone sees the card (protocol.md, knowledge rules)
    assert ("hiding.view", "info.open-hands") in _caught(PeekShownToAll, "online")


def test_a_wrong_snap_shown_to_nobody_leaves_its_knowers_knowing_the_card() -> None:
    # A card is known until it leaves its slot (protocol.md, knowledge rules); a wrong snap
    # leaves it there, so an implementation that shows it to nobody (evanbrierton/cambio)
    # still lets the seat that peeked it see it, and only that seat.
    rules = resolve("online")
    table = Table(rules, 2, 0, [c.code for c in rules.deck(2)], 0, Violations())
    card = table.grids[1][2]
    table.apply({"t": "peeked", "player": 1, "owner": 1, "slot": 2, "card": card,
                 "visible_to": [1]})
    table.apply({"t": "snap_wrong", "player": 0, "targets": [[1, 2]], "cards": [card],
                 "visible_to": []})
    view = {"grids": [["?"] * 4, ["?", "?", card, "?"]], "held": None}
    assert leaks(view, 1, table) is None
    assert leaks(view, 0, table) is not None


def test_a_listed_legal_action_refused_is_caught() -> None:
    # E_NOT_YOUR_TURN stands for core.turn-order (spec/errors.yaml)
    assert ("consistency.legal-refused", "core.turn-order") in _caught(RefusesListedDraw,
                                                                        "online")


def test_turns_out_of_order_are_caught() -> None:
    # online plays clockwise: seat p+1 follows seat p (spec/core.yaml core.players)
    found = _caught(SecretlyCounterClockwise, "online")
    assert ("turns.order", "turn.direction") in found or \
        ("turns.order", "turn.first-player") in found


class ListsAForbiddenPass(ReferenceEngine):
    """Lists a pass for the player whose turn it is where the rules forbid passing, and
    refuses it, as the reference does (E_PASS_FORBIDDEN)."""

    def legal(self) -> list[dict[str, Any]]:
        actions = super().legal()
        assert self.state is not None
        if self.state.phase == TURN and not any(a["t"] == "pass" for a in actions):
            actions.append({"t": "pass", "player": self.state.current})
        return actions


def test_lockstep_records_a_broken_property_as_a_deviation_naming_its_rule() -> None:
    # official forbids passing (turn.pass=false): the listed pass is refused by both sides,
    # so the comparison finds nothing at that step, and the property alone sees it
    rules = resolve("official")
    assert not rules.pass_turn
    deck = [c.code for c in rules.deck(2)]
    ref = Reference()
    ref.new_game(rules, 2, 0, deck, 0)
    calls: list[Any] = [("new_game", Game(rules, 2, 0, 0, deck), "deal")]
    assert ref.state is not None
    while ref.state.phase != TURN:
        action = action_json(legal_actions(ref.state)[0])
        ref.act(action)
        calls.append(("act", action, f"step {len(calls)}"))
    passing = {"t": "pass", "player": ref.state.current}
    calls.append(("act", passing, f"step {len(calls)}"))
    driver = Driver(ImplSpec("lists-pass", factory=ListsAForbiddenPass))
    outcome = play_on(driver, driver.start(), calls)
    driver.close()
    found = [f for f in outcome.findings if f.d.aspect == "property"]
    assert [(f.d.where, f.d.field, f.d.rule, f.how) for f in found] == [
        (f"step {len(calls) - 1}", "consistency.legal-refused", "turn.pass", "noted")]
    occ = occurrence(found[0].d, "x[official]", how="noted", repro="r", rules="official",
                     waived=None)
    assert (occ["cls"], occ["key"], occ["rule"]) == (
        "unexplained", "fail:property:consistency.legal-refused:turn.pass", "turn.pass")
    # (the listing itself differs from the reference's: the comparison notes that apart)
    assert any(f.d.aspect == "legal" for f in outcome.findings)
