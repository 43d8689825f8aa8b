"""`conformance.aims.pairs.CHECKS` copies, per action kind, the order in which the reference
checks what an option governs; this test holds the copy to the engine itself.

For every pair of checks (`pairs`), it sets up states where an action breaks both at once
(a few states of one game under rules that fit the pair, each with a caller, a player out,
a card owed or a turn count put in) and asks the reference (`cambio_ref.engine.check`) for
its answer. The answer names its check by code and rule (`E_LOCKED` for the caller's lock
is `call.caller-locked`, for a player out `snap.knock-out`); the engine must answer with the
earlier check of the pair in CHECKS' order, never the later one, and every pair must meet
such a state. Reordering the engine's checks, or CHECKS, fails it: the last test swaps two
checks of CHECKS and sees the disagreement found.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from cambio_ref.actions import MalformedAction, action_from_json
from cambio_ref.catalogue import load_catalogue
from cambio_ref.engine import IllegalAction, apply, check, legal_actions
from cambio_ref.errors import RulesError
from cambio_ref.rules import resolve
from cambio_ref.state import PEEK, State, new_round
from conformance.aims.pairs import CHECKS, OWES, Check, Pair, candidates, pairs
from conformance.covering import same_value

BASES = ("online", "hearts", "memory", "official", "awareness", "cambia")


def _answer(state: State, action: Mapping[str, Any]) -> tuple[str, str] | None:
    """The reference's rejection of `action` in `state`: its code and rule (None: legal)."""
    try:
        check(state, action_from_json(action))
    except MalformedAction:
        return ("E_MALFORMED_ACTION", "core.players")
    except IllegalAction as exc:
        return (exc.code, exc.rule)
    return None


def _answering(answer: tuple[str, str] | None, firing: Sequence[Check]) -> Check | None:
    """Which of the `firing` checks (in order) gave `answer`, if one did: the first whose
    code and rule it is (two checks of one option may share both)."""
    if answer is None:
        return None
    code, rule = answer
    ids = {o.key: o.id for o in load_catalogue().options}
    turn = code == "E_NOT_YOUR_TURN" and rule == "core.turn-order"  # (start-of-turn calling)
    return next((c for c in firing if code in c.code.split("|")
                 and (rule == ids[c.key] or (turn and c.key == "call_timing"))), None)


def _fits(c: Check, state: State) -> bool:
    return any(same_value(getattr(state.rules, c.key), v) for v in c.values)


def _states(pair: Pair) -> Iterator[State]:
    """States of a game under rules fitting `pair` (each base ruleset it resolves with): the
    opening peek, the first turn, just after its discard; each with a caller, a player out,
    a card owed and the turn count put in."""
    for base in BASES:
        try:
            rules = resolve(base, tuple(pair.row().items()))
        except RulesError:
            continue
        state = new_round(rules, 3, seed=1)
        shown = [state.copy()]
        while state.phase == PEEK:
            apply(state, legal_actions(state)[0])
        shown.append(state.copy())
        for kind in ("draw", "discard"):
            move = next((a for a in legal_actions(state) if type(a).__name__.lower() == kind),
                        None)
            if move is not None:
                apply(state, move)
        shown.append(state)
        for s, caller, out, owed, turns in itertools.product(
                shown, (None, 0, 1), (0, 1, 2), (False, True), (None, 12)):
            t = s.copy()
            t.caller, t.knocked_out = caller, out
            t.pending_give = [(0, 1, 0)] if owed else []
            t.turns = t.turns if turns is None else turns
            t.end_caller = t.current if turns else t.end_caller
            yield t


def _verdict(pair: Pair, checks: Mapping[str, Sequence[Check]]) -> str | None:
    """How the engine answers the first action breaking both checks of `pair` that it
    answers with one of them: "" in `pair`'s order, else what went wrong; None if no
    state set up here gives one."""
    for state in _states(pair):
        if not (_fits(pair.first, state) and _fits(pair.then, state)):
            continue
        for action in candidates(state, pair.kind):
            if not (pair.first.fires(state, action) and pair.then.fires(state, action)):
                continue
            firing = [c for c in (OWES, *checks[pair.kind])
                      if _fits(c, state) and c.fires(state, action)]
            by = _answering(_answer(state, action), firing)
            if by is pair.then:
                return f"{pair.name}: {action} answered by the later check"
            if by is pair.first:
                return ""
    return None


def disorders(checks: Mapping[str, Sequence[Check]]) -> tuple[list[str], list[str]]:
    """The pairs of `checks` the engine answers in the other order somewhere, and those no
    state set up here puts to the test."""
    wrong: list[str] = []
    untested: list[str] = []
    for pair in pairs(checks):
        verdict = _verdict(pair, checks)
        if verdict is None:
            untested.append(pair.name)
        elif verdict:
            wrong.append(verdict)
    return wrong, untested


def test_the_engine_answers_each_pair_of_checks_in_the_order_checks_has() -> None:
    wrong, untested = disorders(CHECKS)
    assert not wrong, wrong
    assert not untested, untested


def test_checks_in_another_order_than_the_engines_are_found() -> None:
    # the engine asks for the round (call.from-round) before the points (call.points-limit)
    call = list(CHECKS["call"])
    early = next(i for i, c in enumerate(call) if c.key == "call_from_round")
    call[early], call[early + 1] = call[early + 1], call[early]
    wrong, _ = disorders({**CHECKS, "call": tuple(call)})
    assert [w for w in wrong if w.startswith("call: E_CALL_POINTS")], wrong
