"""Going on past a difference: the reference rebuilt from a snapshot (`conformance.resync`),
the differences that leave both states equal (`conformance.lockstep.harmless`), and the
values that explain a difference (`conformance.diagnosis`, `conformance.onward.swap`)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cambio_ref.actions import action_json
from cambio_ref.catalogue import load_catalogue
from cambio_ref.engine import apply, legal_actions
from cambio_ref.errors import CambioError
from cambio_ref.rules import resolve
from cambio_ref.state import OVER, new_round
from cambio_ref.views import view
from conformance.diagnosis import Diagnoser, Fit, fits, label, reach, refutes
from conformance.disagreement import with_values
from conformance.grouping import key_of
from conformance.harness import Driver, ImplSpec
from conformance.implementation import Reference, Rejection
from conformance.lockstep import Disagreement, Game, Lockstep, Step, events_difference
from conformance.onward import Finding, play_on, refuted_by_a_note, swap
from conformance.resync import FIELDS, IncompleteSnapshot, rebuild
from conformance.serve import ReferenceEngine
from tests.conformance.planted import Planted, make


@pytest.mark.parametrize("ruleset", ["online", "hearts", "cambia", "official"])
def test_a_complete_snapshot_rebuilds_the_same_state_at_every_step(ruleset: str) -> None:
    # the reference's own snapshot is complete: rebuilt after any step, the state plays on
    # exactly as the original does (same legal actions, same snapshot after each action)
    rules = resolve(ruleset)
    rng = random.Random(ruleset)
    for game in range(3):
        state = new_round(rules, players=2 + game, seed=game)
        for _ in range(150):
            if state.phase == OVER:
                break
            copy = rebuild(state.snapshot(), rules, state.seed)
            assert copy.snapshot() == state.snapshot()
            legal = legal_actions(state)
            assert legal_actions(copy) == legal
            action = rng.choice(legal)
            assert apply(copy, action) == apply(state, action)
            assert copy.snapshot() == state.snapshot()


def test_an_incomplete_snapshot_names_what_it_lacks() -> None:
    rules = resolve("online")
    snap = new_round(rules, players=2, seed=1).snapshot()
    assert set(FIELDS) == set(snap)
    del snap["known"]
    with pytest.raises(IncompleteSnapshot, match="the snapshot has no 'known'"):
        rebuild(snap, rules, 1)


def _played(impl_rules: str, seed: int) -> tuple[Game, list[Any]]:
    """A 2-player hearts round played to its end on the reference under `impl_rules` (the
    implementation here): the game, with its steps, and the actions as JSON."""
    rules = resolve(impl_rules)
    ref = Reference()
    deck = [c.code for c in rules.deck(2)]
    random.Random(seed).shuffle(deck)
    game = Game(resolve("hearts"), 2, 0, seed, deck)
    game.deal = ref.new_game(rules, 2, 0, deck, seed)
    rng = random.Random(seed)
    actions: list[Any] = []
    while ref.state is not None and ref.state.phase != OVER and len(actions) < 300:
        action = action_json(rng.choice(legal_actions(ref.state)))
        actions.append(action)
        game.steps.append(Step(action, ref.act(action)))
    return game, actions


def test_a_later_difference_narrows_values_that_fitted_together() -> None:
    # the implementation plays hearts with the six of hearts at 6 (-3 in hearts); an earlier
    # difference fitted value.ace=9 and value.six-of-hearts=6 alike and the reference took
    # the ace: at a round end with a six of hearts and no ace in any hand, only the six
    # explains the implementation's scores in the ace's place, so the choice narrows to it
    for seed in range(200):
        game, _ = _played("hearts(six_of_hearts=6)", seed)
        last = game.steps[-1].expected
        over = [e for e in last if e.get("t") == "round_over"] if isinstance(last, list) else []
        cards = [c for grid in over[0]["grids"] for c in grid if c] if over else []
        if "6H" in cards and not any(c.startswith("A") for c in cards):
            break
    else:
        pytest.fail("no round ends with a six of hearts and no ace")
    d = Disagreement("fail", f"step {len(game.steps)}", "x", game, aspect="events",
                     field="round_over.raw", actual=last)
    ace, six = Fit("value.ace=9", "ace", 9), Fit("value.six-of-hearts=6", "six_of_hearts", 6)
    assert swap(d, (("ace", 9),), {0: [ace, six]}) == (0, [six])
    assert swap(d, (("ace", 9),), {0: [ace, Fit("value.jack=1", "jack", 1)]}) is None


def test_a_difference_the_unchanged_rules_already_show_fits_no_value() -> None:
    # (a score past the bounds of the declared rules, with the reference already playing
    # the caller's penalty as if, was "explained" by every value that changed nothing)
    game, _ = _played("hearts", 3)
    d = Disagreement("fail", f"step {len(game.steps)}", "x", game, aspect="events",
                     field="round_over.scores", actual=game.steps[-1].expected)
    assert fits(d) == []


def _bottom_draw(deck: list[str]) -> Disagreement:
    """The first difference of a 2-player online game on `deck` against the hand-written
    implementation that draws the first card of the round from the bottom of the deck."""
    rules = resolve("online")
    game = Game(rules, 2, 0, 0, deck)
    driver = Driver(ImplSpec("bottom", factory=lambda: Planted("b", "online", {},
                                                                ("bottom-draw",))))
    lock = Lockstep(driver, driver.start())
    ref = Reference()
    ref.new_game(rules, 2, 0, deck, 0)
    calls: list[Any] = [("new_game", game, "deal")]
    drawn = False
    while ref.state is not None and not drawn:
        actions = [action_json(a) for a in legal_actions(ref.state)]
        action = next(a for a in actions if a["t"] in ("draw", "peek"))
        ref.act(action)
        calls.append(("act", action, f"step {len(calls)}"))
        drawn = action["t"] == "draw"
    with pytest.raises(Disagreement) as caught:
        lock.replay(calls)
    driver.close()
    return caught.value


def test_another_copy_of_the_card_drawn_is_the_same_cause_as_another_card() -> None:
    # online deals from one deck with two jokers (spec/rulesets/online.yaml): with a joker
    # on top of the deck after the deal and the other at its bottom, drawing from the
    # bottom shows only in the deck's order, and is named as the drawn card it is
    rules = resolve("online")
    deck = [c.code for c in rules.deck(2)]
    ref = Reference()
    ref.new_game(rules, 2, 0, deck, 0)
    assert ref.state is not None
    top = ref.state.deck[-1].code  # (the deck's list is top first: its last card is X)
    assert deck[-1] == "X" and deck.count("X") == 2 and top != "X"
    joker, at = deck.index("X"), deck.index(top)
    deck[joker], deck[at] = top, "X"
    ref.new_game(rules, 2, 0, deck, 0)
    assert ref.state is not None and ref.state.deck[-1].code == ref.state.deck[0].code == "X"
    d = _bottom_draw(deck)
    assert (d.aspect, d.field, d.kind) == ("events", "drew.card", "draw")
    assert "took the X" in d.message and "another X" in d.message
    assert key_of(d) == ("unexplained", "fail:events:drew.card")
    # (with two different cards there, the drawn card itself differs: the same key)
    other = _bottom_draw([c.code for c in rules.deck(2)])
    assert (other.aspect, other.field) == ("events", "drew.card")
    assert key_of(other) == key_of(d)


def test_a_planted_fault_changes_nothing_on_an_action_it_rejects() -> None:
    # (a draw by player `true` is malformed; the bottom-draw fault once turned the deck
    # before the rejection, a state divergence nobody planted)
    impl = Planted("b", "memory", {}, ("bottom-draw",))
    rules = resolve("memory")
    impl.new_game(rules, 2, 0, [c.code for c in rules.deck(2)], 0, first=1)
    assert impl.state is not None
    while impl.state.phase != "turn":
        impl.act(action_json(legal_actions(impl.state)[0]))
    assert impl.state.current == 1  # (so that `true == 1` passes the fault's own test)
    before = impl.state.snapshot()
    reply = impl.act({"t": "draw", "player": True})
    assert isinstance(reply, Rejection)
    assert impl.state.snapshot() == before


class HeldOutOfSnapshot(ReferenceEngine):
    """Its snapshot, while a card is held, says that none is (the phase still says one
    is): a state the reference, once it takes it over, cannot play on from."""

    def snapshot(self) -> dict[str, Any]:
        snap = super().snapshot()
        return dict(snap, held=None) if snap["held"] is not None else snap


def test_a_state_the_reference_cannot_play_on_from_ends_the_item_as_a_deviation() -> None:
    rules = resolve("online")
    deck = [c.code for c in rules.deck(2)]
    ref = Reference()
    ref.new_game(rules, 2, 0, deck, 0)
    calls: list[Any] = [("new_game", Game(rules, 2, 0, 0, deck), "deal")]
    action: dict[str, Any] = {}
    while action.get("t") != "discard":
        assert ref.state is not None
        actions = [action_json(a) for a in legal_actions(ref.state)]
        action = next(a for a in actions if a["t"] in ("draw", "peek", "discard"))
        ref.act(action)
        calls.append(("act", action, f"step {len(calls)}"))
    drew = len(calls) - 2
    assert calls[drew][1]["t"] == "draw"
    driver = Driver(ImplSpec("held", factory=HeldOutOfSnapshot))
    outcome = play_on(driver, driver.start(), calls)
    driver.close()
    # the draw: the held card is missing from the snapshot (taken over); the discard: the
    # reference, holding nothing, cannot play it (no harness error)
    assert [(f.d.where, f.d.field, f.how) for f in outcome.findings] == [
        (f"step {drew}", "snapshot.conservation", "resynced"),
        (f"step {drew + 1}", "snapshot.unplayable", "ended")]
    assert outcome.ended is not None and outcome.ended.startswith(
        f"the reference cannot play on from the implementation's state at step {drew + 1}:")
    assert key_of(outcome.findings[1].d) == ("unexplained", "fail:snapshot:snapshot.unplayable")


def test_a_kind_left_unexplained_once_is_still_diagnosed_later() -> None:
    # a score no option value gives (every seat's points raised by 500: past any value in
    # diagnosis.SCORE_RANGE) leaves round_over.raw unexplained; a later difference on the
    # same field, the red king counted -1 (hearts counts it -2: spec/rulesets/hearts.yaml),
    # is still searched and named
    wrong, _ = _played("hearts", 1)
    last = wrong.steps[-1].expected
    assert isinstance(last, list)
    raised = [dict(e, raw=[r + 500 for r in e["raw"]], scores=[r + 500 for r in e["scores"]])
              if e.get("t") == "round_over" else e for e in last]
    found = events_difference(last, raised)
    assert found is not None and found[0] == "round_over.raw"
    unexplained = Disagreement("fail", f"step {len(wrong.steps)}", found[1], wrong,
                               aspect="events", field=found[0], actual=raised)
    for seed in range(200):
        game, _ = _played("hearts(red_king=-1)", seed)
        end = game.steps[-1].expected
        over = [e for e in end if e.get("t") == "round_over"] if isinstance(end, list) else []
        if over and any(c in ("KH", "KD") for grid in over[0]["grids"] for c in grid):
            break
    else:
        pytest.fail("no round ends with a red king in a hand")
    ref = Reference()  # (what the declared rules give there: the lockstep's message)
    ref.new_game(game.rules, 2, 0, game.deck, game.seed)
    for step in game.steps:
        declared = ref.act(step.action)
    assert isinstance(declared, list) and isinstance(end, list)
    found = events_difference(declared, end)
    assert found is not None and found[0] == "round_over.raw"
    red_king = Disagreement("fail", f"step {len(game.steps)}", found[1], game, aspect="events",
                            field=found[0], actual=end)
    diagnoser = Diagnoser()
    assert diagnoser.diagnose(unexplained) == []
    # (any other card of the hands, one point dearer, fits this one game as well)
    assert "value.red-king=-1" in [f.label for f in diagnoser.diagnose(red_king)]


def test_a_value_that_fits_one_step_and_is_refuted_later_is_never_named() -> None:
    # the implementation passes the first turn of the round to the seat on the other side
    # (online plays clockwise: spec/rulesets/online.yaml), then every turn the right way:
    # counter-clockwise fits the first turn alone, and the next turn refutes it (from the
    # same state, clockwise gives the implementation's reply), so the first difference is
    # unexplained, the reference takes over the implementation's state, and nothing else
    # shows
    rules = resolve("online")
    deck = [c.code for c in rules.deck(3)]
    impl = make("refuted")
    impl.new_game(rules, 3, 0, deck, 0)
    calls: list[Any] = [("new_game", Game(rules, 3, 0, 0, deck), "deal")]
    turns = 0
    while turns < 3:
        legal = impl.legal()
        action = next(a for t in ("peek", "draw", "discard") for a in legal if a["t"] == t)
        reply = impl.act(action)
        assert isinstance(reply, list)
        turns += any(e["t"] == "turn" for e in reply) and action["t"] != "peek"
        calls.append(("act", action, f"step {len(calls)}"))
    first = next(i for i, (_, a, _) in enumerate(calls) if i and a["t"] == "discard")
    driver = Driver(ImplSpec("refuted", factory=lambda: make("refuted")))
    diagnoser = Diagnoser()
    outcome = play_on(driver, driver.start(), calls, diagnoser=diagnoser)
    driver.close()
    assert diagnoser.refuted == {"turn.direction=counter-clockwise"}
    assert [(f.d.where, f.d.field, f.how, f.d.candidates) for f in outcome.findings] == [
        (f"step {first}", "turn.player", "resynced", [])]
    assert outcome.as_if == () and outcome.ended is None


def _every_value_tried(d: Disagreement) -> list[str]:
    """The labels `fits` gives, found the slow way: a whole replay under every alternative
    of every option, none passed over."""
    base = with_values(d.game.rules, d.as_if)
    found: list[tuple[int, str]] = []
    for opt in load_catalogue().options:
        if opt.key in ("min_players", "max_players"):
            continue
        for alt in opt.alternatives:
            if alt.value == base.value(opt.key) and type(alt.value) is type(base.value(opt.key)):
                continue
            try:
                rules = with_values(base, [(opt.key, alt.value)])
            except CambioError:
                continue
            agreed = reach(d, rules)
            if agreed is not None:
                found.append((agreed, label(opt.key, alt.value)))
    best = max((agreed for agreed, _ in found), default=0)
    return [name for agreed, name in found if agreed == best]


@pytest.mark.parametrize(("planted", "seed"), [
    ("hearts(six_of_hearts=6)", 2), ("hearts(jack=11)", 1), ("hearts(ace=1)", 0),
    ("hearts(caller_score=double-if-beaten)", 1)])
def test_the_search_passes_over_only_values_that_cannot_fit(planted: str, seed: int) -> None:
    # `fits` replays only the values whose changes the game read before the difference,
    # each from the step where it first could matter (`conformance.diagnosis.Watched`):
    # it finds exactly what whole replays under every value find, the planted value among
    # them (2-player hearts rounds, the implementation playing one value otherwise; each
    # first differs in its scores, which the reference reads only at the round's end)
    game, _ = _played(planted, seed)
    ref = Reference()
    ref.new_game(game.rules, 2, 0, game.deck, seed)
    replies = [ref.act(step.action) for step in game.steps]
    index = next(i for i, (step, got) in enumerate(zip(game.steps, replies, strict=True))
                 if isinstance(step.expected, list) and isinstance(got, list)
                 and events_difference(step.expected, got) is not None)
    d = Disagreement("fail", f"step {index + 1}", "x", game, aspect="events", field="x",
                     actual=game.steps[index].expected)
    named = [fit.label for fit in fits(d)]
    assert named == _every_value_tried(d)
    key = planted[len("hearts("):].split("=")[0]
    assert label(key, resolve(planted).value(key)) in named, named


def _past_the_peek(as_if: tuple[tuple[str, Any], ...]) -> tuple[Game, Reference]:
    """A 2-player online game (unshuffled deck) the reference plays with `as_if` on top,
    up to the end of the opening peek: the game with its steps, and the reference."""
    rules = with_values(resolve("online"), as_if)
    ref = Reference()
    deck = [c.code for c in rules.deck(2)]
    game = Game(resolve("online"), 2, 0, 0, deck)
    game.deal = ref.new_game(rules, 2, 0, deck, 0)
    while ref.state is not None and ref.state.phase == "peek":
        action = action_json(legal_actions(ref.state)[0])
        game.steps.append(Step(action, ref.act(action)))
    return game, ref


def _refused_snap(code: str, as_if: tuple[tuple[str, Any], ...]) -> Finding:
    """A noted code difference: after the opening peek of a 2-player online game, the
    reference playing `as_if` refuses player 1's snap, the implementation with `code`."""
    game, ref = _past_the_peek(as_if)
    snap = {"t": "snap", "player": 1, "targets": [[1, 0], [1, 1]]}
    game.steps.append(Step(snap, ref.act(snap)))
    want = game.steps[-1].expected
    assert isinstance(want, Rejection)
    d = Disagreement("rejected_wrongly", f"step {len(game.steps)}", "x", game,
                     expected=want.code, actual=code, aspect="rejection", field="code")
    d.index, d.as_if = len(game.steps), as_if
    return Finding(d, "noted")


def test_a_code_that_is_not_the_as_if_values_own_refutes_it() -> None:
    # (jason-s-yu/cambia, issue 29: the reference played snap.enabled=false as if, fitted
    # to a starting discard nobody may snap, and then refused every snap with
    # E_SNAP_DISABLED; the engine refused two-card snaps with E_SNAP_MULTI, which was
    # reported as a code deviation of its own, though the engine snaps)
    no_snapping = (("snap", False),)
    multi = _refused_snap("E_SNAP_MULTI", no_snapping)
    assert multi.d.expected == "E_SNAP_DISABLED"
    assert refuted_by_a_note([multi], no_snapping) == ("snap", False)
    # a refusal that does not rest on the as-if value refutes nothing (the reference
    # playing ace=0 refuses the two-card snap with E_SNAP_MULTI, with or without it)
    other = (("ace", 0),)
    window = _refused_snap("E_NO_SNAP_WINDOW", other)
    assert window.d.expected == "E_SNAP_MULTI"
    assert refuted_by_a_note([window], other) is None


def test_an_accepted_action_the_as_if_value_refuses_refutes_it() -> None:
    # the reference plays turn.take-discard=false as if; the implementation takes the
    # starting discard, with events of its own that differ from the declared rules' too:
    # taking refutes the value all the same (before, only the declared rules' very
    # events did, so an engine with any other difference kept a value it contradicts)
    as_if = (("take_discard", False),)
    rules = with_values(resolve("online"), as_if)
    game, ref = _past_the_peek(as_if)
    assert ref.state is not None
    take = {"t": "take", "player": ref.state.current}
    game.steps.append(Step(take, ref.act(take)))
    want = game.steps[-1].expected
    assert isinstance(want, Rejection) and want.code == "E_TAKE_FORBIDDEN"
    taken = [{"t": "took", "player": take["player"], "card": "??", "visible_to": [0, 1]}]
    d = Disagreement("accepted_wrongly", f"step {len(game.steps)}", "x", game,
                     expected=want.code, actual=taken, aspect="rejection", field="accepted")
    d.index, d.as_if = len(game.steps), as_if
    assert refutes(d, rules, resolve("online"))
    assert not refutes(d, rules, rules)  # (the value kept: it still refuses the take)


def test_a_view_the_declared_rules_show_refutes_the_as_if_value() -> None:
    # (evanbrierton/cambio, issue 29: refused snaps fitted snap.window=until-next-draw; the
    # reference, playing it as if, closed the window at the next draw, and the engine's
    # view, still open as its declared until-next-discard says (online's value, core rule
    # of online §Snapping as the catalogue cites it), was reported as a deviation)
    as_if = (("snap_window", "until-next-draw"),)
    game, ref = _past_the_peek(as_if)
    declared = Reference()
    declared.new_game(resolve("online"), 2, 0, game.deck, 0)
    for step in game.steps:
        declared.act(step.action)
    assert ref.state is not None and declared.state is not None
    p = ref.state.current
    q = 1 - p
    # (p draws the jack of the unshuffled deck and swaps it for a card without a power,
    # which opens the window; then q draws)
    for action in ({"t": "draw", "player": p}, {"t": "swap", "player": p, "slot": 0},
                   {"t": "draw", "player": q}):
        game.steps.append(Step(action, ref.act(action)))
        declared.act(action)
    mine, theirs = view(ref.state, p), view(declared.state, p)
    assert (mine["snap_open"], theirs["snap_open"]) == (False, True)
    d = Disagreement("fail", f"step {len(game.steps)}", "x", game, expected=mine,
                     actual=theirs, observe=p, aspect="view", field="snap_open")
    d.index, d.as_if = len(game.steps), as_if
    assert refuted_by_a_note([Finding(d, "noted")], as_if) == ("snap_window", "until-next-draw")
    # of two as-if values, only the one the view refutes: without the ace's, the window
    # still closes at the draw (the ace's value does not decide the view)
    both = (("ace", 0), *as_if)
    assert refuted_by_a_note([Finding(d, "noted")], both) == ("snap_window", "until-next-draw")
