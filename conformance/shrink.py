"""Shrinking a disagreement: the smallest game found, before a deadline, that still
shows the same deviation (the same action kind and first differing field).

Candidates are replayed in lockstep against the implementation, greedily: drop
chunks of actions (halves, then quarters, down to single actions), then deal
to fewer players, drop option overrides one at a time, and set the dealer and
the reshuffle seed to 0. A candidate is kept when it disagrees in the same
way; the game then ends at the step where it disagreed.

>>> from cambio_ref.rules import resolve
>>> from conformance.lockstep import Step
>>> game = Game(resolve("online"), 3, 1, 5, [c.code for c in resolve("online").deck(3)])
>>> game.steps = [Step({"t": "pass", "player": 0}, []), Step({"t": "draw", "player": 1}, [])]
>>> [len(g.steps) for g in _fewer_actions(game)]
[1, 1]
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterator

from cambio_ref.errors import CambioError
from cambio_ref.rules import resolve
from conformance.harness import Driver
from conformance.lockstep import Disagreement, Game, Lockstep, Step
from conformance.protocol import Hello


def _copy(game: Game, **changes: object) -> Game:
    fields = {"rules": game.rules, "players": game.players, "dealer": game.dealer,
              "seed": game.seed, "deck": game.deck, "first": game.first}
    fields.update(changes)
    new = Game(**fields)  # type: ignore[arg-type]
    new.steps = list(game.steps)
    return new


def _fewer_actions(game: Game) -> Iterator[Game]:
    """The game without one chunk of its actions (halves first, then smaller chunks)."""
    steps = game.steps
    size = len(steps) // 2
    while size >= 1:
        for start in range(0, len(steps), size):
            kept = steps[:start] + steps[start + size:]
            if kept and len(kept) < len(steps):
                candidate = _copy(game)
                candidate.steps = kept
                yield candidate
        size //= 2


def _simpler_setup(game: Game) -> Iterator[Game]:
    """The game with fewer players, one override fewer, dealer 0 or seed 0."""
    cards = Counter(game.deck)
    for players in range(2, game.players):
        if Counter(c.code for c in game.rules.deck(players)) == cards:
            yield _copy(game, players=players, dealer=min(game.dealer, players - 1))
    for i in range(len(game.rules.overrides)):
        kept = game.rules.overrides[:i] + game.rules.overrides[i + 1:]
        try:
            rules = resolve(game.rules.name, kept)
        except CambioError:
            continue
        if Counter(c.code for c in rules.deck(game.players)) == cards:
            yield _copy(game, rules=rules)
    if game.dealer:
        yield _copy(game, dealer=0)
    if game.seed:
        yield _copy(game, seed=0)


def replay(driver: Driver, hello: Hello, game: Game) -> Disagreement | None:
    """Play `game`'s actions in lockstep; the disagreement, or None if it plays the same."""
    lock = Lockstep(driver, hello)
    fresh = _copy(game)
    fresh.steps = []
    try:
        lock.replay([("new_game", fresh, "deal"), *(("act", step.action, f"step {i + 1}")
                                                    for i, step in enumerate(game.steps))])
    except Disagreement as d:
        return d
    return None


def shrink(driver: Driver, hello: Hello, d: Disagreement, deadline: float) -> Disagreement:
    """The smallest disagreement like `d` found before `deadline` (`d` itself if none)."""
    best = d

    def same(found: Disagreement | None) -> bool:
        return found is not None and (found.kind, found.field) == (d.kind, d.field)

    improved = True
    while improved and time.monotonic() < deadline:
        improved = False
        for candidates in (_fewer_actions, _simpler_setup):
            for candidate in candidates(best.game):
                if time.monotonic() >= deadline:
                    return best
                found = replay(driver, hello, candidate)
                if same(found) and found is not None and found.size() < best.size():
                    found.rule = d.rule
                    best, improved = found, True
                    break
            if improved:
                break
    return best


__all__ = ["Step", "replay", "shrink"]
