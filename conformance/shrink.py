"""Shrinking a disagreement: the smallest game found, before a deadline, that still
shows the same deviation (the same action kind and first differing field).

Candidates are replayed in lockstep against the implementation, greedily: drop
chunks of actions (halves, then quarters, down to single actions), then deal
to fewer players, drop option overrides one at a time, and set the dealer and
the reshuffle seed to 0. A candidate is kept when it disagrees in the same
way; the game then ends at the step where it disagreed.

>>> from cambio_ref.rules import Rules, resolve
>>> from conformance.lockstep import Step
>>> game = Game(resolve("online"), 3, 1, 5, [c.code for c in resolve("online").deck(3)])
>>> game.steps = [Step({"t": "pass", "player": 0}, []), Step({"t": "draw", "player": 1}, [])]
>>> [len(g.steps) for g in _fewer_actions(game, set())]
[1, 1]
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

from cambio_ref.errors import CambioError
from cambio_ref.rules import Rules, resolve
from conformance.harness import Driver
from conformance.lockstep import Disagreement, Game, Lockstep, Step
from conformance.protocol import Hello


def _fewer_actions(game: Game, _: set[tuple[str, Any]]) -> Iterator[Game]:
    """The game without one chunk of its actions (halves first, then smaller chunks)."""
    steps = game.steps
    size = len(steps) // 2
    while size >= 1:
        for start in range(0, len(steps), size):
            fewer = steps[:start] + steps[start + size:]
            if fewer and len(fewer) < len(steps):
                candidate = game.copy()
                candidate.steps = fewer
                yield candidate
        size //= 2


def _simpler_setup(game: Game, kept: set[tuple[str, Any]]) -> Iterator[Game]:
    """The game with fewer players, one override fewer (never one of `kept`), dealer 0
    or seed 0."""
    cards = Counter(game.deck)
    for players in range(2, game.players):
        if Counter(c.code for c in game.rules.deck(players)) == cards:
            yield game.copy(players=players, dealer=min(game.dealer, players - 1))
    for i in range(len(game.rules.overrides)):
        if game.rules.overrides[i] in kept:
            continue
        fewer = game.rules.overrides[:i] + game.rules.overrides[i + 1:]
        try:
            rules = resolve(game.rules.name, fewer)
        except CambioError:
            continue
        if Counter(c.code for c in rules.deck(game.players)) == cards:
            yield game.copy(rules=rules)
    if game.dealer:
        yield game.copy(dealer=0)
    if game.seed:
        yield game.copy(seed=0)


def replay(driver: Driver, hello: Hello, game: Game,
           as_if: tuple[tuple[str, Any], ...] = ()) -> list[Disagreement]:
    """Play `game`'s actions in lockstep past every difference that leaves the states
    equal (the reference playing the `as_if` values too); every difference found."""
    lock = Lockstep(driver, hello, go_on=True, as_if=as_if)
    fresh = game.copy()
    fresh.steps = []
    try:
        lock.replay([("new_game", fresh, "deal"), *(("act", step.action, f"step {i + 1}")
                                                    for i, step in enumerate(game.steps))])
    except Disagreement as d:
        return [*lock.noted, d]
    return lock.noted


def shrink(driver: Driver, hello: Hello, d: Disagreement, deadline: float,
           keep: Rules | None = None) -> Disagreement:
    """The smallest disagreement like `d` found before `deadline` (`d` itself if none),
    keeping every override of `keep` (the rules the implementation declared)."""
    best = d
    if d.game.resynced is not None or (d.aspect == "failure" and d.index == 0):
        return best  # (past a take-over, the game cannot be replayed from the deal alone)
    kept = set(keep.overrides) if keep is not None else set()

    def like(found: list[Disagreement]) -> Disagreement | None:
        return next((f for f in found if (f.kind, f.field, f.status) == (d.kind, d.field,
                                                                            d.status)), None)

    improved = True
    while improved and time.monotonic() < deadline:
        improved = False
        for candidates in (_fewer_actions, _simpler_setup):
            for candidate in candidates(best.game, kept):
                if time.monotonic() >= deadline:
                    return best
                found = like(replay(driver, hello, candidate, d.as_if))
                if found is not None and found.size() < best.size():
                    found.rule, found.candidates = d.rule, d.candidates
                    del found.game.steps[found.index:]
                    best, improved = found, True
                    break
            if improved:
                break
    return best


__all__ = ["Step", "replay", "shrink"]
