"""Issue 9: an implementation is checked under the rules it declares, every case runs
under any rules, fuzzing reports every distinct deviation, and waivers hide nothing else.

The expectations here are about the harness, not about Cambio's rules: each test
builds an implementation that differs from the reference in a known way (see
broken.py) and checks that the run reports exactly that.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import pytest

from cambio_ref.cases import load_cases
from cambio_ref.cli import main
from cambio_ref.rules import Rules, resolve
from conformance.implementation import Event
from conformance.protocol import Hello, ProtocolError
from conformance.serve import ReferenceEngine
from conformance.targets import targets
from tests.conformance.broken import in_process
from tests.conformance.conftest import Run, broken

Conform = Callable[..., Run]
NON_SOURCE = "online(jokers=0, ace=0, black_king=13)"


class NonSource(ReferenceEngine):
    """The reference declaring `NON_SOURCE` (as ``cambio serve --rules`` does), in-process."""

    def __init__(self) -> None:
        super().__init__()
        self.rules = resolve(NON_SOURCE)


def test_a_non_source_ruleset_is_checked_by_nearly_every_case(conform: Conform) -> None:
    run = conform("--impl", "python:tests.conformance.test_own_rules:NonSource", "--fuzz", "2",
                  "--seed", "3")
    assert run.code == 0, run.out
    declared = resolve(NON_SOURCE).canonical
    assert run.log[0]["implementation"]["rules"] == declared
    cases = [r for r in run.results if r["kind"] == "case"]
    assert {r["ruleset"] for r in run.results} == {"declared"}
    assert len(cases) == len(load_cases())
    applicable = [r for r in cases if r["status"] != "not_applicable"]
    assert len(applicable) >= 0.9 * len(cases)
    assert all(r["status"] == "pass" for r in applicable)
    # each result says which checks ran, and some hand-written expectations still apply
    assert {r["checks"] for r in applicable} == {"expectations + reference", "reference only"}
    for r in cases:
        if r["status"] == "not_applicable":
            assert r["message"], r["id"]
    assert "declared" in run.out and declared not in run.out.split("\n\n")[1]  # short labels


def test_two_unrelated_bugs_are_both_reported_with_their_own_reproducer(conform: Conform) -> None:
    # (a seed whose first five games, one shard, reach both bugs: a wrong snap on an own
    # card and a red king scored; since online fires swapped-out power cards, seed 2's
    # games no longer score a red king)
    run = conform("--impl", in_process("two-bugs"), "--ruleset", "online", "-k", "fuzz",
                  "--fuzz", "5", "--seed", "3")
    assert run.code == 1
    deviations = [r for r in run.results if r["kind"] == "fuzz" and r["status"] != "pass"]
    rules = {r["rule"] for r in deviations}
    # broken.py plays wrong snaps without a penalty, and scores the red king as 10
    assert any(rule and rule.startswith("snap.wrong-") for rule in rules), rules
    assert "value.red-king=10" in rules, rules
    for r in deviations:
        assert r["count"] >= 1 and r["signature"] and r["signature"] in r["id"]
        assert r["case"] and "steps:" in r["case"]
    assert len({r["case"] for r in deviations}) == len(deviations)

    waived = conform("--impl", "python:tests.conformance.broken:two_bugs_waiving_red_king",
                     "--ruleset", "online", "-k", "fuzz", "--fuzz", "5", "--seed", "3",
                     "--shrink-time", "0")
    assert waived.code == 1  # a waiver counts against the implementation, like skip
    by_rule = {r["rule"]: r for r in waived.results}
    assert by_rule["value.red-king=10"]["status"] == "waived"
    assert "a known deviation" in by_rule["value.red-king=10"]["message"]
    snaps = [r for rule, r in by_rule.items() if rule and rule.startswith("snap.wrong-")]
    assert snaps and all(r["status"] == "fail" for r in snaps)


class TwoPlayers(ReferenceEngine):
    """The reference, declaring (and enforcing) a two-player game."""

    name = "two-players"
    players: ClassVar[dict[str, int]] = {"min": 2, "max": 2}  # type: ignore[misc]

    def new_game(self, rules: Rules, players: int, dealer: int, deck: list[str],
                 seed: int, first: int | None = None) -> list[Event]:
        if players != 2:
            raise RuntimeError(f"this engine seats two players, not {players}")
        return super().new_game(rules, players, dealer, deck, seed, first)


def test_a_two_player_engine_gets_no_three_seat_case_or_fuzz_game(conform: Conform) -> None:
    run = conform("--impl", "python:tests.conformance.test_own_rules:TwoPlayers",
                  "--ruleset", "online", "--fuzz", "6", "--seed", "4")
    assert run.code == 0, run.out
    cases = load_cases()
    for r in run.results:
        if r["kind"] == "case" and cases[r["id"]].data["setup"]["players"] > 2:
            assert r["status"] == "not_applicable"
            assert "the implementation plays 2 to 2" in r["message"]
    fuzz = run.result("fuzz[online]")
    assert fuzz["status"] == "pass" and "(2 to 2 players)" in fuzz["message"]


def test_a_different_turn_order_on_a_step_without_expect_fails_the_case(conform: Conform) -> None:
    case = load_cases()["snap.others-off"]
    step = case.data["steps"][1]
    assert "expect" not in step and step["do"]["t"] == "discard"  # seat 1 ends its turn
    run = conform("--impl", broken("direction"), "--ruleset", "online", "-k", "snap.others-off",
                  "--fuzz", "0")
    result = run.result("snap.others-off[online]")
    assert result["status"] == "fail" and result["step"] == "step 2"
    assert "turn" in result["message"] and result["rule"] == "turn.direction=counter-clockwise"


def test_waivers_and_declarations_are_read_from_hello() -> None:
    hello = Hello.parse({"seq": 0, "protocol": 1, "implementation": {"name": "x"},
                         "rules": "hearts", "players": {"min": 2, "max": 4},
                         "waive": [{"id": "end.tie", "reason": "not yet"}]})
    assert hello.rules is not None and hello.rules.canonical == "hearts"
    assert hello.players == (2, 4)
    assert hello.waiver("end.tie=shared") == "end.tie: not yet"
    assert hello.waiver("snap.match") is None
    for bad in ({"rules": "nope"}, {"players": {"min": 1, "max": 3}}, {"players": [2, 4]},
                {"waive": [{"id": "end.tie"}]}, {"waive": "end.tie"}):
        reply: dict[str, Any] = {"seq": 0, "protocol": 1, "implementation": {"name": "x"}, **bad}
        with pytest.raises(ProtocolError):
            Hello.parse(reply)


def test_targets_have_short_labels() -> None:
    house = Path(__file__).resolve().parents[2] / "examples" / "house-rules" / "kitchen-table.yaml"
    long = "online(jokers=0, ace=0, black_king=13, red_king=0, tie=shared)"
    labels = [t.label for t in targets(["hearts", str(house), "online(ace=0)", long], None)]
    assert labels == ["hearts", "kitchen-table", "online(ace=0)", "online+4"]  # tie=shared is online's
    declared = targets([], targets(["online(ace=0)"], None)[0].rules)
    assert [t.label for t in declared] == ["declared"]
    assert [t.label for t in targets(["declared", "hearts"], declared[0].rules)] == \
        ["declared", "hearts"]


REJECTED_STEP = """\
# yaml-language-server: $schema={schema}
id: test.rejected-without-expect
title: Does a step the reference rejects need an expectation?
options: [turn.direction]
sources:
  - {{key: online, section: How to play, evidence: stated}}
setup:
  players: 2
  grids:
    - [2S, 3S, 4S, 5S]
    - [2H, 3H, 6H, 7H]
  starting: AC
  draws: [4C, KD]
steps:
  - do: {{t: draw, player: 0}}
rulesets:
  online: {{answer: Seat 1 plays first and seat 0 may not draw., ruling: turn.first-player}}
  memory: {{answer: Seat 1 plays first., ruling: turn.first-player}}
  hearts: {{answer: Seat 1 plays first., ruling: turn.first-player}}
  awareness: {{answer: Seat 1 plays first., ruling: turn.first-player}}
  official: {{answer: Seat 1 plays first., ruling: turn.first-player}}
"""


def test_validate_reports_a_rejected_step_without_expect_reject(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    schema = Path(__file__).resolve().parents[2] / "spec" / "schemas" / "case.schema.json"
    path = tmp_path / "rejected.yaml"
    path.write_text(REJECTED_STEP.format(schema=schema), encoding="utf-8")
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}:15: steps[0].do: under online" in out
    assert "E_NOT_YOUR_TURN" in out and "expect: reject" in out
    assert main(["replay", str(path), "--ruleset", "online"]) == 1
    out = capsys.readouterr().out
    assert "E_NOT_YOUR_TURN" in out and "expect: reject" in out and str(path) in out


def test_the_hello_schema_describes_declared_rules_players_and_waivers() -> None:
    from conformance.protocol import hello_reply
    from conformance.serve import declaring
    from tests.conformance.test_protocol import validator_for

    reply = hello_reply(declaring(resolve(NON_SOURCE)))
    reply["waive"] = [{"id": "snap.wrong-own", "reason": "penalties come in 2.0"}]
    validator = validator_for("hello.reply.schema.json")
    validator.validate(reply)
    assert Hello.parse(reply).players == (2, 8)
    for bad in ({"players": {"min": 2}}, {"waive": [{"id": "end.tie"}]}, {"rules": 3}):
        assert list(validator.iter_errors({**reply, **bad})), bad
