"""Scores and winners recomputed from the hands the round's end reveals.

The ``round_over`` event shows every grid. Scored under the rules (the card values,
risky fives, the caller's penalty and score, the tie rule: `cambio_ref.ending.outcome`,
which reads every value from the `Rules`), its ``raw``, ``scores`` and ``winners`` must
follow, whatever happened before: this needs no reference state. Each violation names
the rule that decides the number that differs.

>>> from cambio_ref.rules import resolve
>>> from conformance.properties.violation import Violations
>>> report = Violations()
>>> event = {"t": "round_over", "reason": "called", "caller": 0, "grids": [["2S"], ["2H"]],
...          "raw": [2, 2], "scores": [2, 2], "winners": [0]}
>>> check_round_over(event, resolve("online(tie=caller-loses)"), [0, 1], report)
>>> [(v.name, v.rule) for v in report.all()]
[('scores.winners', 'end.tie')]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from cambio_ref.cards import Card
from cambio_ref.catalogue import load_catalogue
from cambio_ref.ending import outcome
from cambio_ref.errors import CambioError
from cambio_ref.rules import Rules
from conformance.properties.violation import Violations


@cache
def value_option(rank: str, suit: str) -> str:
    """The option that values a card: the last of the catalogue's options that covers it
    (a later option overrides an earlier one, spec/options/values.yaml).

    >>> value_option("6", "H"), value_option("6", "S"), value_option("K", "D")
    ('value.six-of-hearts', 'value.number-cards', 'value.red-king')
    """
    found = "value.number-cards"
    for option in load_catalogue().options:
        if option.covers(rank, suit):
            found = option.id
    return found


def _raw_rule(hand: Sequence[Card], rules: Rules, diff: int) -> str:
    """The rule a wrong raw total of `hand` most likely breaks: risky fives when the hand
    has a five under them, else the value option of the hand's cards whose count divides
    the difference (the first such, in the hand's order)."""
    if rules.risky_fives and any(c.rank == "5" for c in hand):
        return "scoring.risky-fives"
    counts: dict[str, int] = {}
    for card in hand:
        option = value_option(card.rank, card.suit)
        counts[option] = counts.get(option, 0) + 1
    fitting = [o for o, n in counts.items() if diff % n == 0]
    return (fitting or list(counts) or ["value.number-cards"])[0]


def check_round_over(event: Mapping[str, Any], rules: Rules, contenders: Sequence[int],
                     report: Violations) -> None:
    """Check a ``round_over`` event's numbers against its own grids under `rules`;
    `contenders`: the seats still in the round (snap.knock-out)."""
    grids, caller, reason = event.get("grids"), event.get("caller"), event.get("reason")
    try:
        hands = [[Card.parse(c) for c in g if c is not None] for g in grids or ()]
        if not hands or not contenders or max(contenders) >= len(hands) or \
                (caller is not None and not 0 <= caller < len(hands)):
            return
        result = outcome(rules, hands, caller, contenders, str(reason))
    except (CambioError, TypeError, ValueError):
        report.add("scores.cards", "core.deal", f"the round's end shows grids that cannot be"
                   f" scored under {rules.canonical}: {grids}")
        return
    raw, scores, winners = event.get("raw"), event.get("scores"), event.get("winners")
    if raw != list(result.raw):
        seat = next((q for q, r in enumerate(result.raw)
                     if not isinstance(raw, list) or q >= len(raw) or raw[q] != r), 0)
        got = raw[seat] if isinstance(raw, list) and seat < len(raw) else None
        diff = got - result.raw[seat] if isinstance(got, int) else 0
        report.add("scores.raw", _raw_rule(hands[seat], rules, diff),
                   f"seat {seat}'s cards {[c.code for c in hands[seat]]} are worth {result.raw[seat]} under"
                   f" {rules.canonical}; the round's end says {got}")
    elif scores != list(result.scores):
        seat = next((q for q, s in enumerate(result.scores)
                     if not isinstance(scores, list) or q >= len(scores) or scores[q] != s), 0)
        # only the caller's score moves off the raw total: by the penalty, then by
        # end.caller-score
        rule = "end.caller-penalty" if seat == caller and rules.caller_penalty \
            else "end.caller-score"
        got = scores[seat] if isinstance(scores, list) and seat < len(scores) else None
        report.add("scores.scores", rule, f"seat {seat} scores {result.scores[seat]} (raw"
                   f" {result.raw[seat]}{', the caller' if seat == caller else ''}) under"
                   f" {rules.canonical}; the round's end says {got}")
    elif winners != list(result.winners):
        rule = "end.empty-hand" if reason == "empty-hand" else \
            "snap.knock-out" if isinstance(winners, list) and \
            set(winners) - set(contenders) else "end.tie"
        report.add("scores.winners", rule, f"with scores {scores} (caller {caller},"
                   f" {reason}) the winners are {list(result.winners)} under"
                   f" {rules.canonical}; the round's end says {winners}")
