"""A rule is named only when the run agrees (`conformance.grouping.group`): a value that
explains a difference in one game only, or not where the same difference shows again,
is the closest fit, never the rule; "plays as" is one consistent set of values."""

from __future__ import annotations

from typing import Any

from conformance.grouping import group, plays_as_line
from conformance.naming import Agreeing
from conformance.results import Result

DIRECTION = "turn.direction=counter-clockwise"
PLAIN = {"key": "fail:events:turn.player", "cls": "unexplained", "rule": None}


def _occ(item: str, candidates: list[str], *, games: int = 1, options: tuple[str, ...] = (),
         key: str | None = None) -> dict[str, Any]:
    explained = bool(candidates)
    return {"status": "fail", "kind": "draw", "field": "turn.player", "step": "step 3",
            "item": item, "count": games, "candidates": candidates, "size": 3,
            "how": "as-if" if explained else "resynced", "repro": f"cambio conform -k {item}",
            "waived": None, "rules": "online", "message": "turn: expected 1, got 2",
            "refuted": [], "games": games, "options": list(options), "behind": None,
            "cls": "explained" if explained else "unexplained",
            "key": key or ("fits:" + " or ".join(candidates) if explained else PLAIN["key"]),
            "rule": None, "expected": None, "actual": None, "plain": PLAIN}


def test_a_value_that_fits_one_game_is_only_the_closest_fit() -> None:
    [cause] = group([_occ("fuzz[declared] games 4", [DIRECTION])])
    assert cause.cls == "unexplained" and cause.first["key"] == PLAIN["key"]
    assert cause.closest == f"closest: `{DIRECTION}` (fits one game)"
    assert plays_as_line("online", [cause]) is None


def test_a_value_that_fits_two_items_or_a_case_written_for_it_is_named() -> None:
    [two] = group([_occ("a[declared]", [DIRECTION]), _occ("b[declared]", [DIRECTION])])
    assert two.values == [DIRECTION] and two.as_if == {"turn.direction": "counter-clockwise"}
    [written] = group([_occ("turn.direction[declared]", [DIRECTION],
                            options=("turn.direction",))])
    assert written.values == [DIRECTION]


def test_a_case_written_for_the_option_names_it_alone_only_if_played_under_it() -> None:
    # (jason-s-yu/cambia, issue 29: the case turn.swap-into-a-snapped-gap, written for
    # snap.enabled, first differs in a view at the opening peek, a harmless difference
    # noted and never played under the value it fits: snap.enabled=false was named from
    # it alone, though the engine then accepts the case's snap)
    noted = _occ("turn.direction[declared]", [DIRECTION], options=("turn.direction",))
    noted["how"] = "noted"
    [cause] = group([noted])
    assert cause.cls == "unexplained"
    assert cause.closest == f"closest: `{DIRECTION}` (fits one game)"


def test_a_value_is_not_named_where_the_same_difference_shows_unexplained() -> None:
    causes = group([_occ("a[declared]", [DIRECTION]), _occ("b[declared]", [DIRECTION]),
                    _occ("c[declared]", [])])
    assert [c.cls for c in causes] == ["unexplained"] and len(causes[0].items) == 3
    assert "not the 1 other item where the same difference shows" in str(causes[0].closest)


def test_values_that_contradict_each_other_are_both_left_out_and_said() -> None:
    off, on = "value.ace=0", "value.ace=5"  # (online scores an ace 1)
    causes = group([_occ("a[declared]", [off], key="fits:" + off),
                    _occ("b[declared]", [off], key="fits:" + off),
                    _occ("c[declared]", [on], key="fits:" + on),
                    _occ("d[declared]", [on], key="fits:" + on),
                    _occ("e[declared]", [DIRECTION]), _occ("f[declared]", [DIRECTION])])
    line = plays_as_line("online", causes)
    assert line == ("online plays as: online(direction=counter-clockwise) (contradiction:"
                    f" `{off}` and `{on}` each explain some items; value.ace is not named)")


def _code(item: str, folds: list[str]) -> dict[str, Any]:
    # a take on an empty pile: E_TAKE_FORBIDDEN where the declared rules give E_DISCARD_EMPTY
    # (under turn.take-discard=false the reference refuses any take first, spec/options)
    return {**_occ(item, []), "status": "rejected_wrongly", "kind": "take", "field": "code",
            "cls": "code", "key": "code:E_DISCARD_EMPTY->E_TAKE_FORBIDDEN", "folds": folds,
            "expected": "E_DISCARD_EMPTY", "actual": "E_TAKE_FORBIDDEN"}


NO_TAKE = "turn.take-discard=false"


def test_a_code_difference_folds_into_a_value_the_run_names_on_other_evidence() -> None:
    named = [_occ("a[declared]", [NO_TAKE], key="fits:" + NO_TAKE),
             _occ("b[declared]", [NO_TAKE], key="fits:" + NO_TAKE)]
    [cause] = group([*named, _code("c[declared]", [NO_TAKE])])
    assert cause.values == [NO_TAKE] and cause.items == ["a[declared]", "b[declared]",
                                                         "c[declared]"]


def test_a_code_difference_alone_never_names_a_value() -> None:
    # jason-s-yu/cambia's call out of turn (E_CALL_TIMING for E_NOT_YOUR_TURN) fits
    # call.timing=end-of-turn, which nothing else in the run shows
    timing = "call.timing=end-of-turn"
    causes = group([_code("a[declared]", [timing]), _code("b[declared]", [timing])])
    assert [c.cls for c in causes] == ["code"] and not causes[0].values


def test_a_code_difference_folds_only_where_every_occurrence_of_it_fits() -> None:
    named = [_occ("a[declared]", [NO_TAKE], key="fits:" + NO_TAKE),
             _occ("b[declared]", [NO_TAKE], key="fits:" + NO_TAKE)]
    causes = group([*named, _code("c[declared]", [NO_TAKE]), _code("d[declared]", [])])
    assert [(c.cls, c.values) for c in causes] == [("explained", [NO_TAKE]), ("code", [])]
    assert causes[1].items == ["c[declared]", "d[declared]"]


class _Agreeing:
    """Stands for `conformance.naming.Agreeing`: the passing items each value changes."""

    def __init__(self, changes: dict[str, list[str]]) -> None:
        self.changes = changes

    def changed(self, value: str) -> list[str]:
        return self.changes.get(value, [])


def test_a_value_that_changes_an_item_agreeing_with_the_declared_rules_is_not_named() -> None:
    # evanbrierton/cambio (seed 3): refusing to decline the king's second look fits a
    # one-look king, but power.black-king, which the engine passed looking twice as the
    # declared rules do, plays otherwise under it (`conformance.naming`'s doctest replays it)
    one = "power.king=look-one-swap-any"
    occurrences = [_occ("a[declared]", [one], key="fits:" + one),
                   _occ("b[declared]", [one], key="fits:" + one)]
    [cause] = group(occurrences, _Agreeing({one: ["power.black-king[declared]"]}))
    assert cause.cls == "unexplained" and not cause.values
    assert "but changes replies in 1 item that agrees with the declared" in str(cause.closest)
    [named] = group(occurrences, _Agreeing({}))
    assert named.values == [one]


def test_of_several_fitting_values_those_that_change_agreeing_items_are_dropped() -> None:
    one, other = "power.king=look-one-swap-any", "power.king=look-one-exchange-own-other"
    both = sorted([one, other])
    occurrences = [_occ("a[declared]", both), _occ("b[declared]", both)]
    [cause] = group(occurrences, _Agreeing({one: ["power.black-king[declared]"]}))
    assert cause.values == [other]


def test_a_passing_case_is_replayed_along_the_steps_the_run_played() -> None:
    # deck.runs-out-in-final-round under memory (the steps its `only: [memory]` lines keep):
    # seat 0 calls on the last card and ends on X 3S 4S 8S, 15 with memory's joker at 0,
    # against 3C 3H 4H 9H, 19 (the case's comment): the caller is lowest, so a caller's
    # penalty changes nothing, while a joker worth 25 (40 against 19) changes the scores
    agreeing = Agreeing([Result("deck.runs-out-in-final-round", "declared", "pass",
                                rules="memory")])
    assert agreeing.changed("end.caller-penalty=20") == []
    assert agreeing.changed("value.joker=25") == ["deck.runs-out-in-final-round[declared]"]


def test_a_failing_case_is_replayed_up_to_its_first_difference() -> None:
    # the same case failing at its second action (`size` 2: the deal and its first peek
    # were the reference's): memory turns up no starting discard (spec/rulesets/memory.yaml),
    # so a value that turns one up changes the deal there, while the joker's worth shows
    # only in the scores at the round's end, past the difference
    failing = Result("deck.runs-out-in-final-round", "declared", "fail", rules="memory",
                     deviations=[{"size": 5}, {"size": 2}])
    agreeing = Agreeing([failing])
    assert agreeing.changed("setup.starting-discard=true") == [
        "deck.runs-out-in-final-round[declared]"]
    assert agreeing.changed("value.joker=25") == []
    assert Agreeing([Result("x", "declared", "crashed", rules="memory")]).items == []
