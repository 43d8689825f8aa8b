"""The reference's replies written as text directly rather than encoded (the legal
actions, `conformance.legal.legal_text`, and every player's view,
`cambio_ref.views.views_text`) are byte for byte the compact JSON encoding of their
protocol form: the harness takes an implementation's reply unparsed when it is those
bytes, so any difference would fail a correct implementation (or pass a wrong one)."""

from __future__ import annotations

import random

import pytest

from cambio_ref.actions import KINDS
from cambio_ref.engine import apply, legal_blocks
from cambio_ref.policy import random_action
from cambio_ref.rules import resolve
from cambio_ref.state import OVER, State, new_round
from cambio_ref.views import view, views_text
from conformance.legal import legal_json, legal_text
from conformance.strict_json import encode_compact

# rules that reach every kind of legal action: powers (look, power_swap, skip), snaps of
# pairs (multi-burn) and gives (snapping another's card)
RULES = ["online", "hearts", "official(snap=true, snap_others=true)",
         "memory(multi_burn=true)", "awareness"]


def views_json(state: State) -> str:
    return encode_compact([view(state, p) for p in range(state.n)])


@pytest.mark.parametrize("ruleset", [*RULES, "online(open_hands=true)"])
def test_views_text_is_the_compact_encoding_of_every_view(ruleset: str) -> None:
    """At every step of random rounds (the peek, cards in hand from the deck and from the
    pile, powers, snaps, the end with its scores), for 2 to 8 players."""
    rules = resolve(ruleset)
    rng = random.Random(11)
    held = over = 0
    for players in range(max(2, rules.min_players), min(8, rules.max_players) + 1):
        state = new_round(rules, players, seed=players)
        while True:
            assert views_text(state) == views_json(state)
            held += state.held is not None
            if state.phase == OVER:
                over += 1
                break
            apply(state, random_action(state, rng))
    assert held and over


@pytest.mark.parametrize("ruleset", RULES)
def test_legal_text_is_the_compact_encoding_of_legal_json(ruleset: str) -> None:
    rules = resolve(ruleset)
    rng = random.Random(7)
    kinds: set[str] = set()
    for players in (2, 5, 8):
        if not rules.min_players <= players <= rules.max_players:
            continue
        state = new_round(rules, players, seed=players)
        for _ in range(400):
            blocks = legal_blocks(state)
            actions = legal_json(blocks)
            assert legal_text(blocks) == encode_compact(actions).encode()
            kinds.update(a["t"] for a in actions)
            if state.phase == OVER:
                break
            apply(state, random_action(state, rng))
    assert kinds <= set(KINDS)
    assert {"peek", "draw", "swap", "discard"} <= kinds


def test_every_kind_is_met() -> None:
    """The rulesets above between them list every kind of action as legal somewhere, so
    each of `action_text`'s forms is checked against the encoder."""
    seen: set[str] = set()
    for ruleset in RULES:
        rules = resolve(ruleset)
        rng = random.Random(3)
        for seed in range(6):
            state = new_round(rules, min(8, max(4, rules.min_players)), seed=seed)
            while state.phase != OVER:
                seen.update(a["t"] for a in legal_json(legal_blocks(state)))
                apply(state, random_action(state, rng))
    assert seen == set(KINDS)
