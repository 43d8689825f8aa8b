"""The end of a round: scoring the grids as they stand and recording the result.

>>> from cambio_ref.rules import resolve
>>> from cambio_ref.state import new_round
>>> s = new_round(resolve("official"), 2, seed=3)
>>> round_result(s, "turn-limit").cards
(4, 4)
"""

from __future__ import annotations

from cambio_ref.scoring import score_hand
from cambio_ref.state import OVER, Event, RoundResult, State
from cambio_ref.table import code, everyone


def round_result(state: State, reason: str) -> RoundResult:
    """Score the grids as they stand: raw totals, the caller's penalty, winners by tie rule."""
    rules = state.rules
    hands = [[c for c in g if c is not None] for g in state.grids]
    raw = [score_hand(h, rules).total for h in hands]
    scores = list(raw)
    caller = state.caller
    if caller is not None and rules.caller_penalty and \
            not (rules.empty_hand_exempt and not hands[caller]) and \
            any(raw[q] < raw[caller] for q in range(state.n) if q != caller):
        scores[caller] += rules.caller_penalty
    low = min(scores)
    tied = [q for q in range(state.n) if scores[q] == low]
    winners = tied
    if len(tied) > 1:
        if rules.tie == "caller-loses" and caller in tied:
            winners = [q for q in tied if q != caller]
        elif rules.tie == "caller-wins" and caller in tied:
            winners = [caller]
        elif rules.tie == "most-cards":
            most = max(len(hands[q]) for q in tied)
            winners = [q for q in tied if len(hands[q]) == most]
    return RoundResult(tuple(raw), tuple(scores), tuple(winners), caller, reason,
                       tuple(len(h) for h in hands))


def finish(state: State, reason: str, events: list[Event]) -> None:
    """End the round now for `reason`: score it and report every grid."""
    state.phase = OVER
    state.held = state.held_from = None
    state.power = state.power_stage = None
    state.window = False
    state.pending_give = []
    state.result = result = round_result(state, reason)
    events.append({
        "t": "round_over", "reason": reason, "caller": result.caller,
        "grids": [[code(c) for c in g] for g in state.grids],
        "raw": list(result.raw), "scores": list(result.scores), "winners": list(result.winners),
        "visible_to": everyone(state),
    })
