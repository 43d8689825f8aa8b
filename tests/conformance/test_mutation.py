"""The project's own mutation check (`conformance.mutation`), on a small sample.

The full sample (``python -m conformance.mutation --count 150 --seed 1``) is run by
hand; its survivors are explained in ``tests/conformance/mutation-survivors.md``.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest

from cambio_ref import engine, snapping
from cambio_ref.cases import load_cases
from conformance import caserun, mutation
from conformance.harness import Driver, ImplSpec
from conformance.mutation import MODULES, Mutant, check, mutants, mutated_source, sample
from conformance.results import Result
from conformance.serve import ReferenceEngine
from conformance.targets import targets


def test_every_rules_module_has_mutants_and_the_sample_is_seeded() -> None:
    for module in MODULES:
        assert mutants(module), module
    assert sample(MODULES, 20, seed=3) == sample(MODULES, 20, seed=3)
    assert sample(MODULES, 20, seed=3) != sample(MODULES, 20, seed=4)


def test_every_sampled_module_is_one_the_served_reference_imports() -> None:
    # (a module `cambio serve` never imports, as `match`, gives only mutants no run can
    # tell apart: it is left out of the sample)
    code = ("import sys; from conformance.serve import main;"
            " print(' '.join(m[11:] for m in sys.modules if m.startswith('cambio_ref.')))")
    served = set(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                check=True).stdout.split())
    assert set(MODULES) <= served, set(MODULES) - served
    assert "match" not in served and "match" not in MODULES


def test_each_mutant_changes_its_module_and_still_compiles() -> None:
    for m in sample(MODULES, 40, seed=2):
        source = mutated_source(m)
        original = ast.unparse(ast.parse(mutation._source(m.module)))
        assert source != original, m
        compile(source, f"{m.module}.py", "exec")


def test_docstrings_annotations_and_messages_are_left_alone() -> None:
    for module in ("table", "snapping"):
        tree = ast.parse(mutation._source(module))
        skipped = mutation._skipped(tree)
        for node, change, _ in mutation._sites(tree):
            assert id(node) not in skipped
            assert not (isinstance(node, ast.Constant) and isinstance(node.value, str)
                        and len(node.value) > 60), change  # (a docstring or a message)


def _mutant(module: str, line: int, change: str) -> Mutant:
    return next(m for m in mutants(module) if m.line == line and m.change == change)


def test_the_check_kills_mutants_and_spares_the_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    # the small CI sample: an unchanged copy (the reference: its run must pass; every case
    # and 10 fuzz games, two a ruleset, where the default run plays 70) and two mutants the
    # full sample saw killed by a case
    cases = load_cases()
    monkeypatch.setattr(mutation, "DEFAULT_FUZZ", 10)
    unchanged = check(None, seed=1, cases=cases)
    assert not unchanged.killed, unchanged.by
    for mutant in (_mutant("ending", 46, "Add -> Sub"), _mutant("actions", 265, "Eq -> NotEq")):
        outcome = check(mutant, seed=1, cases=cases)
        assert outcome.killed and "[" in outcome.by, (mutant, outcome)


def test_a_harness_error_kills_the_mutant_as_it_fails_the_run(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # (before: the exception ended the whole mutation run with a traceback)
    from conformance.conform import Runner

    def broken(self: Runner, item: object) -> list[object]:
        raise AssertionError("the reference could not play on")

    monkeypatch.setattr(Runner, "run", broken)
    outcome = check(None, seed=1, cases=load_cases())
    assert outcome.killed and outcome.by.startswith("harness_error: AssertionError"), outcome


def test_only_names_one_mutant_outside_any_sample(capsys: pytest.CaptureFixture[str]) -> None:
    # (`--only ID` checks the mutants a survivors list names, one by one)
    some = mutants("powers")[5]
    assert mutation.named(some.name) == some
    assert mutation.main(["--only", some.name, "--list"]) == 0
    assert capsys.readouterr().out.split() == [some.name, *some.change.split()]
    for wrong in ("powerz:1:5", f"powers:{some.line + 1000}:5", "powers:1"):
        with pytest.raises(SystemExit) as exit_:
            mutation.main(["--only", wrong, "--list"])
        assert exit_.value.code == 2
        err = capsys.readouterr().err
        assert f"no mutant '{wrong}'" in err and "Traceback" not in err


# -- the two kinds of survivor issue 32 found, killed by cases through the replies alone --

def _mutant_function(module: str, line: str, change: str, name: str) -> Callable[..., Any]:
    """Function `name` of the project's mutant of `module` that makes `change` at the
    line reading `line`, from a module of its own (the reference's stays as it is)."""
    lines = mutation._source(module).splitlines()
    mutant = next(m for m in mutants(module)
                  if m.change == change and lines[m.line - 1].strip() == line)
    namespace: dict[str, Any] = {"__name__": f"cambio_ref.{module}"}
    exec(compile(mutated_source(mutant), f"<mutant {mutant.name}>", "exec"), namespace)
    found: Callable[..., Any] = namespace[name]
    return found


class _Mutated(ReferenceEngine):
    """The reference with one function swapped for a mutant's while it acts (the harness
    plays the true reference between its replies), and no snapshot: only its replies
    can give it away."""

    def __init__(self, where: Any = None, name: str = "", function: Any = None) -> None:
        super().__init__()
        self.where, self.attr, self.function = where, name, function
        self.snapshot = None  # type: ignore[assignment,method-assign]

    def act(self, action: dict[str, Any]) -> Any:
        if self.where is None:
            return super().act(action)
        true = getattr(self.where, self.attr)
        setattr(self.where, self.attr, self.function)
        try:
            return super().act(action)
        finally:
            setattr(self.where, self.attr, true)


def _run_case(impl: _Mutated, case: str, ruleset: str) -> Result:
    driver = Driver(ImplSpec("mutated", factory=lambda: impl))
    hello = driver.start()
    try:
        return caserun.run(driver, hello, load_cases()[case], targets([ruleset], None)[0])
    finally:
        driver.close()


def test_a_knocked_out_players_call_refused_as_locked_fails_a_case() -> None:
    # the mutant keeps a player who goes out right after their own turn as the one who may
    # call at its end, so their call is refused E_LOCKED (out of the round) where the
    # rulebook refuses it E_CALL_TIMING (an out player has no turn to call at the end of)
    knock_out = _mutant_function("snapping", "state.end_caller = None", "statement removed",
                                 "knock_out")
    case = "call.knocked-out-caller-house-rule"
    assert _run_case(_Mutated(), case, "memory").status == "pass"
    result = _run_case(_Mutated(snapping, "knock_out", knock_out), case, "memory")
    assert result.status == "rejected_wrongly", result.message
    assert "with E_LOCKED; the reference rejects it with E_CALL_TIMING" in result.message


def test_taking_the_discard_with_no_card_to_swap_fails_a_case() -> None:
    # the mutant lets a player with no card left take the top discard, which can then be
    # neither swapped nor discarded: the game is stuck
    check_turn_action = _mutant_function("turn", "if not cards_of(state, action.player):",
                                         "statement removed", "check_turn_action")
    case = "out-of-cards.snapped-away-before-turn"
    assert _run_case(_Mutated(), case, "online").status == "pass"
    result = _run_case(_Mutated(engine, "check_turn_action", check_turn_action), case, "online")
    assert result.status == "accepted_wrongly" and "E_MUST_SWAP" in result.message, result.message
