"""The end of a round: scoring the grids as they stand and recording the result.

>>> from cambio_ref.rules import resolve
>>> from cambio_ref.state import new_round
>>> s = new_round(resolve("official"), 2, seed=3)
>>> round_result(s, "turn-limit").cards
(4, 4)
"""

from __future__ import annotations

from collections.abc import Sequence

from cambio_ref.cards import Card
from cambio_ref.rules import Rules
from cambio_ref.scoring import hand_total
from cambio_ref.state import OVER, Events, RoundResult, State
from cambio_ref.table import code, everyone, in_play


def round_result(state: State, reason: str) -> RoundResult:
    """Score the grids as they stand: raw totals, the caller's penalty, winners by tie rule.
    A player out of the round (snap.knock-out) is scored but neither wins nor beats the caller."""
    hands = [[c for c in g if c is not None] for g in state.grids]
    return outcome(state.rules, hands, state.caller, in_play(state), reason)


def outcome(rules: Rules, hands: Sequence[Sequence[Card]], caller: int | None,
            contenders: Sequence[int], reason: str) -> RoundResult:
    """The result of a round whose hands are `hands` (seat by seat), under `rules`: raw
    totals, the caller's penalty and end.caller-score, winners by end.tie (or, for an
    empty hand that ends the round, the players with no cards); only `contenders` (the
    seats still in the round) win or beat the caller. `round_result` scores a state with
    it; the conformance properties score the hands an implementation reveals.

    >>> from cambio_ref.rules import resolve
    >>> hands = [[Card.parse("5S")], [Card.parse("2C")], [Card.parse("2D")]]
    >>> outcome(resolve("online(tie=caller-wins)"), hands, 1, [0, 1, 2], "called").winners
    (1,)
    """
    raw = [hand_total(h, rules) for h in hands]
    scores = list(raw)
    if caller is not None:
        beaten = any(raw[q] < raw[caller] for q in contenders if q != caller)
        if rules.caller_penalty and beaten and not (rules.empty_hand_exempt and not hands[caller]):
            scores[caller] += rules.caller_penalty
        scores[caller] = caller_score(rules.caller_score, scores[caller], beaten)
    cards = tuple(len(h) for h in hands)
    if reason == "empty-hand":
        winners = [q for q in contenders if not hands[q]]
        return RoundResult(tuple(raw), tuple(scores), tuple(winners), caller, reason, cards)
    low = min(scores[q] for q in contenders)
    tied = [q for q in contenders if scores[q] == low]
    winners = tied
    if len(tied) > 1:
        if rules.tie == "caller-loses" and caller in tied:
            winners = [q for q in tied if q != caller]
        elif rules.tie == "caller-wins" and caller in tied:
            winners = [caller]
        elif rules.tie == "most-cards":
            most = max(len(hands[q]) for q in tied)
            winners = [q for q in tied if len(hands[q]) == most]
    return RoundResult(tuple(raw), tuple(scores), tuple(winners), caller, reason, cards)


def score_bounds(rules: Rules, cards: int) -> tuple[int, int]:
    """The lowest and highest score a hand of `cards` cards can have under `rules`,
    counting risky fives, the caller's penalty and end.caller-score.

    >>> from cambio_ref.rules import resolve
    >>> score_bounds(resolve("online"), 4)
    (-4, 160)
    >>> score_bounds(resolve("official(caller_score=double-if-beaten)"), 4)
    (-4, 80)
    """
    low_card, high_card = min(rules.points.values()), max(rules.points.values())
    risky = list(rules.risky_five_points.values()) if rules.risky_fives else [0]
    low = min(0, cards * low_card + min(0, *risky))
    high = max(0, cards * high_card + max(0, *risky)) + rules.caller_penalty
    return low, max(high, caller_score(rules.caller_score, high, True))


def caller_score(rule: str, score: int, beaten: bool) -> int:
    """The caller's score under end.caller-score; scores of zero or less stay as they are.

    >>> caller_score("double-if-beaten", 7, True), caller_score("double-if-beaten", -2, True)
    (14, -2)
    >>> caller_score("zero-if-lowest", 7, False), caller_score("zero-if-lowest", 7, True)
    (0, 7)
    """
    if rule == "double-if-beaten" and beaten and score > 0:
        return 2 * score
    if rule == "zero-if-lowest" and not beaten and score > 0:
        return 0
    return score


def empty_hand_ends(state: State, events: Events) -> bool:
    """End the round at once if a player has no cards and the rules make that a win
    (end.empty-hand=wins-at-once); True if it ended."""
    if state.rules.empty_hand != "wins-at-once" or state.phase == OVER or state.pending_give:
        return False
    if all(any(c is not None for c in g) for g in state.grids):
        return False
    finish(state, "empty-hand", events)
    return True


def finish(state: State, reason: str, events: Events) -> None:
    """End the round now for `reason`: score it and report every grid. A card still
    held (drawn or taken, not yet played) goes face up onto the discard pile and is
    scored in no hand (core.held-at-round-end)."""
    if state.held is not None:
        state.pile.append(state.held)
        if events is not None:
            events.append({"t": "discarded", "player": state.current, "card": state.held.code,
                           "from": None, "visible_to": everyone(state)})
    state.phase = OVER
    state.held = state.held_from = None
    state.power = state.power_stage = None
    state.window = False
    state.pending_give = []
    state.result = result = round_result(state, reason)
    if events is not None:
        events.append({
            "t": "round_over", "reason": reason, "caller": result.caller,
            "grids": [[code(c) for c in g] for g in state.grids],
            "raw": list(result.raw), "scores": list(result.scores), "winners": list(result.winners),
            "visible_to": everyone(state),
        })
