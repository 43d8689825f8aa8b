"""`cambio simulate`'s anchor: the fixed minimal loop it measures the reference against.

No speed is asserted here (figures live in the benchmark command, not in tests): only
that the anchor plays whole rounds of the table it is given and that simulate reports
both rates and their ratio.
"""

from __future__ import annotations

import json
import random

import pytest

from cambio_ref.anchor import A_DRAW, A_SNAP, PEEK, Round, anchor_loop, apply, card_table
from cambio_ref.cli import main
from cambio_ref.rules import Rules, resolve
from cambio_ref.state import State, new_round


def test_the_anchor_deals_the_rulesets_deck_and_plays_to_the_end() -> None:
    rules = resolve("official")
    ranks, points, _ = card_table(rules, 4)
    assert len(ranks) == len(rules.deck(4)) == len(points)
    actions, seconds = anchor_loop(rules, players=4, games=50, seed=3)
    # every round has at least the 8 opening peeks and one turn
    assert actions >= 50 * 9
    assert seconds > 0


def test_the_anchor_checks_its_actions() -> None:
    rules = resolve("official")
    ranks, _, powers = card_table(rules, 2)
    r = Round(2, list(range(len(ranks))))
    assert r.phase == PEEK
    with pytest.raises(ValueError):  # no drawing during the opening peek
        apply(r, (A_DRAW, 0, 0, 0, 0), random.Random(0), ranks, powers)
    with pytest.raises(ValueError):  # no snap before any discard
        apply(r, (A_SNAP, 1, 0, 0, 0), random.Random(0), ranks, powers)


def test_simulate_reports_the_anchor_and_the_ratio(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--ruleset", "hearts", "--games", "12", "--no-check", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["anchor_actions_per_second"] > 0
    # The ratio is printed rounded to 3 decimals: allow that rounding as well as 1 %.
    assert data["ratio_to_anchor"] == pytest.approx(
        data["actions_per_second"] / data["anchor_actions_per_second"], rel=0.01, abs=0.0005)
    assert main(["simulate", "--ruleset", "hearts", "--games", "3"]) == 0
    assert "reference / anchor:" in capsys.readouterr().out


def test_simulate_times_the_same_loop_with_and_without_checks() -> None:
    """Checks on or off, the timed play is the same: same games, same actions."""
    from cambio_ref.simulate import simulate

    rules = resolve("online")
    checked = simulate(rules, players=3, games=8, seed=5, anchor=False)
    bare = simulate(rules, players=3, games=8, seed=5, check=False, anchor=False)
    assert checked.violations == 0
    assert (checked.actions, checked.scores, checked.wins, checked.reasons) == (
        bare.actions, bare.scores, bare.wins, bare.reasons)


def test_simulate_reports_a_replay_that_differs_from_the_timed_play(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import cambio_ref.simulate as sim

    deals: list[int] = []

    def shifted(rules: Rules, players: int, *, seed: int = 0) -> State:
        deals.append(seed)
        replay = len(deals) % 2 == 0  # every second deal is the checked replay's
        return new_round(rules, players, seed=seed + 1 if replay else seed)

    monkeypatch.setattr(sim, "new_round", shifted)
    report = sim.simulate(resolve("online"), players=3, games=2, seed=5, anchor=False)
    assert report.violations >= 2
    assert any("the checked replay differs from the timed play" in m for m in report.messages)
