"""Random-policy games with invariant checks: `cambio simulate` and the benchmark.

The policy (`cambio_ref.policy`) picks a kind of action at random among the
legal ones (a call less often, so rounds last), then one action of that kind:
snaps, right or wrong, powers, passes and calls all happen. After every action the invariants are
checked: the card multiset is conserved, no view shows a card its player never
saw, only permitted players have actions, and the round ends within a bound.
Timing counts only choosing and applying actions: each round is played once
timed with no checks, then replayed untimed (same deal, same random state) with
every check, and the two plays must agree.

>>> from cambio_ref.rules import resolve
>>> report = simulate(resolve("hearts"), players=3, games=5, seed=1)
>>> report.games, report.violations
(5, 0)
"""

from __future__ import annotations

import random
import statistics
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from cambio_ref.actions import Action
from cambio_ref.anchor import anchor_loop
from cambio_ref.ending import score_bounds
from cambio_ref.engine import legal_actions, play, step
from cambio_ref.policy import random_action
from cambio_ref.progress import Progress
from cambio_ref.rules import Rules
from cambio_ref.state import HAND, OVER, PEEK, POWER, TURN, State, deal_events, new_round
from cambio_ref.views import HIDDEN, view

ANCHOR_EVERY = 10  # the reference's games between two turns of the anchor loop


@dataclass
class Report:
    """What `simulate` measured."""

    ruleset: str
    players: int
    games: int = 0
    actions: int = 0
    seconds: float = 0.0
    violations: int = 0
    messages: list[str] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    wins: list[int] = field(default_factory=list)
    reasons: Counter[str] = field(default_factory=Counter)
    anchor_actions: int = 0  # the anchor loop's (`cambio_ref.anchor`), played in between
    anchor_seconds: float = 0.0

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds if self.seconds else 0.0

    @property
    def anchor_ratio(self) -> float:
        """The reference's actions/s over the anchor loop's, both measured in this run."""
        anchor = self.anchor_actions / self.anchor_seconds if self.anchor_seconds else 0.0
        return self.actions_per_second / anchor if anchor else 0.0

    @property
    def games_per_second(self) -> float:
        """Games per second of engine time (timed as for actions per second)."""
        return self.games / self.seconds if self.seconds else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset, "players": self.players, "games": self.games,
            "actions": self.actions, "seconds": round(self.seconds, 4),
            "actions_per_second": round(self.actions_per_second),
            "games_per_second": round(self.games_per_second, 1),
            "mean_actions_per_game": round(self.actions / self.games, 2) if self.games else 0,
            "violations": self.violations, "violation_messages": self.messages[:20],
            "scores": _distribution(self.scores), "wins_by_seat": self.wins,
            "round_end_reasons": dict(self.reasons),
            "anchor_actions_per_second": round(self.anchor_actions / self.anchor_seconds)
            if self.anchor_seconds else 0,
            "ratio_to_anchor": round(self.anchor_ratio, 3),
        }


def _distribution(scores: list[int]) -> dict[str, float]:
    if not scores:
        return {}
    return {"min": min(scores), "median": statistics.median(scores), "mean":
            round(statistics.fmean(scores), 2), "max": max(scores)}


def action_bound(rules: Rules, players: int) -> int:
    """An upper bound on the actions of one round (peek, and per turn: start, play,
    power steps, one snap per player and the gives it may cause)."""
    per_turn = 2 + 5 + players * 3 + 1
    return 2 * players + players * 3 + (rules.max_turns + 1) * per_turn


def _check(state: State, actions: list[Action], seen: list[set[str]], init: Counter[str],
           messages: list[str]) -> None:
    if Counter(c.code for c in state.all_cards()) != init:
        messages.append("card multiset changed")
    for action in actions:
        kind, p = action.kind, action.player
        if kind == "snap":
            ok = state.window
        elif kind == "give":
            ok = bool(state.pending_give) and state.pending_give[0][0] == p
        elif kind == "peek":
            ok = state.phase == PEEK
        elif kind == "call":
            ok = state.phase == TURN and (p == state.current or p == state.end_caller)
        else:
            ok = p == state.current and state.phase in (TURN, HAND, POWER)
        if not ok:
            messages.append(f"{action!r} offered to a player who may not act")
            break
    messages.extend(view_leaks(state, seen))


def view_leaks(state: State, seen: list[set[str]]) -> list[str]:
    """Cards a player's view shows that no event ever showed them (information hiding)."""
    if state.phase == OVER:
        return []
    return [f"player {p}'s view shows {code}, never shown to them"
            for p in range(state.n) for grid in view(state, p)["grids"] for code in grid
            if code is not None and code != HIDDEN and code not in seen[p]]


def note_seen(events: list[dict[str, Any]], seen: list[set[str]]) -> None:
    """Add to `seen[p]` every card an event showed player p."""
    for event in events:
        codes = [event.get("card"), *(event.get("cards", ()) or ())]
        for p in event.get("visible_to", ()):
            for code in codes:
                if isinstance(code, str):
                    seen[p].add(code)


def play_game(rules: Rules, players: int, rng: random.Random, seed: int, report: Report,
              check: bool = True) -> State:
    """Play one random round, adding to `report`.

    The round is played once, timed, with nothing but the policy and the engine (the
    same loop with checks on or off, so both modes measure the same thing). With
    `check`, it is then replayed untimed from the same deal and the same random state,
    checking every invariant after every action; a replay that differs from the timed
    play (in actions or final state) is a violation too.
    """
    state = new_round(rules, players, seed=seed)
    bound = action_bound(rules, players)
    before = rng.getstate() if check else None
    count = 0
    clock = time.perf_counter
    t0 = clock()
    while state.phase != OVER and count <= bound:
        step(state, random_action(state, rng))  # no events: nobody reads them here
        count += 1
    spent = clock() - t0
    if before is not None:
        after = rng.getstate()
        rng.setstate(before)
        replayed, checked = _checked_play(rules, players, rng, seed, bound, report)
        if checked != count or replayed.snapshot() != state.snapshot() \
                or rng.getstate() != after:
            report.violations += 1
            report.messages.append(f"game seed {seed}: the checked replay differs from the"
                                   f" timed play ({checked} actions, not {count})")
        rng.setstate(after)
    report.games += 1
    report.actions += count
    report.seconds += spent
    if state.result is not None:
        report.scores.extend(state.result.scores)
        for seat in state.result.winners:
            report.wins[seat] += 1
        report.reasons[state.result.reason] += 1
        _check_scores(state, report)
    return state


def _checked_play(rules: Rules, players: int, rng: random.Random, seed: int, bound: int,
                  report: Report) -> tuple[State, int]:
    """Play the round dealt from `seed` with every invariant checked after every action,
    adding violations to `report`; the final state and the number of actions."""
    state = new_round(rules, players, seed=seed)
    init = Counter(c.code for c in state.all_cards())
    seen: list[set[str]] = [set() for _ in range(players)]
    note_seen(deal_events(state), seen)
    count = 0
    listed = legal_actions(state)  # (then the list each check reads: the state is the same)
    while state.phase != OVER:
        action = random_action(state, rng)
        events = play(state, action)
        count += 1
        messages: list[str] = []
        if action not in listed:
            messages.append(f"the policy chose {action!r}, which is not a legal action")
        note_seen(events, seen)
        listed = legal_actions(state)
        _check(state, listed, seen, init, messages)
        if count > bound:
            messages.append(f"round not over after {bound} actions")
        if messages:
            report.violations += len(messages)
            report.messages.extend(f"game seed {seed}: {m}" for m in messages)
            if count > bound:
                break
    return state, count


def _check_scores(state: State, report: Report) -> None:
    result = state.result
    assert result is not None
    for seat in range(state.n):
        lo, hi = score_bounds(state.rules, result.cards[seat])
        if not lo <= result.scores[seat] <= hi:
            report.violations += 1
            report.messages.append(f"score {result.scores[seat]} of seat {seat} outside [{lo}, {hi}]")


def simulate(rules: Rules, players: int = 4, games: int = 100, seed: int = 0,
             check: bool = True, progress: Progress | None = None,
             anchor: bool = True) -> Report:
    """Play `games` random rounds; game g is dealt from seed ``seed + g``. `progress`
    (`cambio_ref.progress`) is updated after each game, and notes each violation as
    it happens. With `anchor`, the anchor loop (`cambio_ref.anchor`) plays as many
    games, a few after every few of the reference's, so that both meet the same load
    and their ratio (`Report.anchor_ratio`) means something on a busy machine too."""
    rng = random.Random(seed)
    report = Report(rules.canonical, players, wins=[0] * players)
    for g in range(games):
        before = len(report.messages)
        play_game(rules, players, rng, seed + g, report, check)
        if anchor and (g % ANCHOR_EVERY == ANCHOR_EVERY - 1 or g == games - 1):
            done, spent = anchor_loop(rules, players, g % ANCHOR_EVERY + 1, seed + g)
            report.anchor_actions += done
            report.anchor_seconds += spent
        if progress is not None:
            for message in report.messages[before:]:
                progress.note(f"violation: {message}")
            progress.update(g + 1, report.violations)
    return report
