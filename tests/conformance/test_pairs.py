"""Fuzzing reaches, on purpose, every pair of option values that changes which rule applies
in a state (issue 32, fuzzing's reach): the pairs of checks two options govern that both
fire on one action (`conformance.aims.pairs`, derived from the reference's check order).

The order is the protocol's (docs/developers/protocol.md, "Rejection precedence"); a pair
is met when an action of its kind is sent, under rules giving both options a value the
pair names, in a state where both checks fire, and the reference answers with the first's
code (so no check before it fired). The games are those of the covering array's rows in a
default run (seed 1), drawn in a process of their own.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cambio_ref.catalogue import load_catalogue
from cambio_ref.rules import resolve
from cambio_ref.state import new_round
from conformance.aims.pairs import APART, CHECKS, OWES, Collider, Pair, pairs
from conformance.protocol import Support

SEED = 1
ROOT = Path(__file__).resolve().parents[2]
PROTOCOL = ROOT / "docs" / "developers" / "protocol.md"

# pairs no row game of the default run reaches yet (none: the pairs that need a card owed
# while a third thing holds, or a bound caller's snap, are reached in the games of the
# rows `conformance.aims.PAIR_AIMS` add after the covering array's)
NOT_YET: set[str] = set()


def test_the_checks_are_the_catalogues_codes_options_and_values() -> None:
    catalogue = load_catalogue()
    support = Support()
    for check in (OWES, *(c for checks in CHECKS.values() for c in checks)):
        assert all(code in catalogue.errors for code in check.code.split("|")), check.code
        assert all(any(v == w and type(v) is type(w) for w in support.choices(check.key))
                   for v in check.values), check.label


@pytest.mark.parametrize("kind", sorted(CHECKS))
def test_the_checks_follow_the_protocols_precedence(kind: str) -> None:
    # the kind's line of "Rejection precedence" names the codes in the order CHECKS has
    text = PROTOCOL.read_text(encoding="utf-8")
    bullet = re.search(rf"\n   - `{kind}`:(.*?)\n(?:   - |\n)", text, re.S)
    assert bullet is not None, kind
    named = re.findall(r"E_[A-Z_]+", bullet.group(1))
    at = 0
    for code in (code for check in CHECKS[kind] for code in check.code.split("|")):
        assert code in named[at:], (kind, code, named[at:])
        at = named.index(code, at)  # (the same code may stand for two checks in a row)
    # and E_MUST_GIVE comes before every kind's own checks
    assert text.index("`E_MUST_GIVE`: a snapper owes") < bullet.start()


def test_the_derivation_lists_every_pair_of_two_options_on_one_kind() -> None:
    found = pairs()
    names = [pair.name for pair in found]
    assert len(names) == len(set(names))
    # issue 32's pair: a knocked-out player calls under end-of-turn calling
    assert "call: E_CALL_TIMING (call_timing=end-of-turn) before E_LOCKED (knock_out=above-six)" \
        in names
    # every two checks of one kind under two options are a pair, in order, or APART
    for kind, checks in CHECKS.items():
        ordered = (OWES, *checks)
        for i, first in enumerate(ordered):
            for then in ordered[i + 1:]:
                if first.key == then.key:
                    continue
                listed = Pair(kind, first, then) in found
                assert listed != ((kind, first.key, then.key) in APART), (kind, first, then)
    assert all(kind in CHECKS for kind, _, _ in APART)
    assert set(names) >= NOT_YET


def test_a_pairs_action_is_rejected_and_leaves_the_game_as_drawn() -> None:
    # hearts(call_timing=start-of-turn, call_from_round=2): in the opening peek, a call
    # breaks the timing (not the caller's turn to draw) and comes before round two
    rules = resolve("hearts(call_timing=start-of-turn,call_from_round=2)")
    state = new_round(rules, 3, seed=2)
    collider = Collider.for_rules(rules)
    pair = next(p for p in collider.left if p.then.key == "call_from_round"
                and p.first.key == "call_timing")
    action = collider.next(state)
    assert action is not None and action["t"] in ("call", "snap") and pair in pairs()
    met = [p for p in pairs() if p.met(state, action)]
    assert met and all(p not in collider.left for p in met)


# The drawing, in a process of its own that imports what `cambio conform` imports: the
# values Hypothesis draws depend on the project modules already imported (it mixes in
# constants read from their code), so within pytest they would depend on the test order.
DRAW = """
import json, sys
import cambio_ref.cli
from conformance.aims.pairs import pairs
from conformance.conform import DEFAULT_FUZZ, Runner, plan
from conformance.draws import cover_rows
from conformance.harness import Driver, parse_impl
from conformance.shards import SHARD_GAMES
from conformance.targets import targets

wanted = [p for p in pairs() if p.name not in json.loads(sys.argv[1])]
runner = Runner(Driver(parse_impl("python:conformance.serve:ReferenceEngine")), seed=1,
                shrink_seconds=0)
hello = runner.start()
items = [i for i in plan(targets([], hello.rules), cases={}, fuzz=DEFAULT_FUZZ)
         if i.kind == "fuzz"]
met, shards = set(), {}
for r in range(len(cover_rows(hello.support, False, 1))):  # row r: game k of its item
    if len(met) == len(wanted):
        break
    at, k = r % len(items), r // len(items)
    if (at, k // SHARD_GAMES) not in shards:
        shards[at, k // SHARD_GAMES] = runner.draw_shard(items[at], k // SHARD_GAMES)
    game = shards[at, k // SHARD_GAMES][k % SHARD_GAMES]
    states = [known[1] for known in game.known]  # (entry i: the state action i is sent in)
    met |= {p.name for p in wanted for i, a in enumerate(game.actions)
            if i < len(states) and isinstance(a, dict) and p.met(states[i], a)}
runner.close()
print(json.dumps(sorted(met)))
"""


@pytest.fixture(scope="module")
def met_in_row_games() -> set[str]:
    """The pairs the default run's row games meet (seed 1), drawn as `cambio conform` draws
    them (`Runner.draw_shard`, without the lock-step), up to the last one needed."""
    proc = subprocess.run([sys.executable, "-c", DRAW, json.dumps(sorted(NOT_YET))],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    found: set[str] = set(json.loads(proc.stdout))
    return found


@pytest.mark.parametrize("pair", [p for p in pairs() if p.name not in NOT_YET],
                         ids=lambda p: p.name)
def test_a_default_run_meets_each_pair_in_a_row_game(met_in_row_games: set[str],
                                                     pair: Pair) -> None:
    assert pair.name in met_in_row_games
