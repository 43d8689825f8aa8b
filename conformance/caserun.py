"""One case under one target, against an implementation, compared step by step.

The case is first played on the reference in-process under the target's rules
(`conformance.scenarios.run_case`), which settles whether it applies and which
hand-written expectations hold; then the implementation replays the very same
calls in lockstep with the reference (`conformance.lockstep`): after the deal
and every action, the events or the rejection code, every player's view, the
snapshot and the legal actions (when offered) must equal the reference's.

A case is not applicable only when it cannot be set up under the target: its
seats are outside the declared player range or the rules' own, its deal cannot
be built, its opening peek is rejected, the rules need option values the
implementation does not declare, or the reference rejects one of its actions
(with no `expect: reject` applying) at or before the point the case is about
(its first step that carries an expectation). The reason is given.

Under a source ruleset the case answers, its expectations are meant for exactly
those rules: there a case the reference cannot set up or play (any rejected
action without `expect: reject`, as `cambio validate` checks) fails, and so does
an expectation the reference misses, the message saying which is at fault (the
case, or the reference for a case of the catalogue's own).

>>> from conformance.harness import Driver, parse_impl
>>> from conformance.targets import targets
>>> from cambio_ref.cases import load_cases
>>> driver = Driver(parse_impl("python:conformance.serve:ReferenceEngine"))
>>> hello = driver.start()
>>> target = targets(["online(black_king=13)"], None)[0]
>>> r = run(driver, hello, load_cases()["tie.caller-ties-lowest"], target)
>>> r.status, r.checks
('pass', 'expectations + reference')
>>> driver.close()
"""

from __future__ import annotations

import shlex
from typing import Any

from cambio_ref.cases import Case
from cambio_ref.catalogue import load_catalogue
from cambio_ref.errors import CambioError
from cambio_ref.rules import Rules, format_value
from conformance.alone import play_alone
from conformance.diagnosis import Diagnoser
from conformance.disagreement import Known, Looks
from conformance.failures import ImplementationFailure, RestartBudgetExhausted
from conformance.grouping import CODE_CLASS, key_of, occurrence
from conformance.harness import Driver
from conformance.implementation import Event, Reference, Rejection, jsonable
from conformance.lockstep import Disagreement, Game, compact
from conformance.onward import Finding, Outcome, play_on
from conformance.protocol import Hello
from conformance.results import CHECKS, Result
from conformance.scenarios import CaseResult, run_case
from conformance.targets import Target


class Recorder:
    """The reference, remembering every call, and the reference's reply and state after
    it, to replay them on the implementation (`Lockstep.replay` reuses them rather than
    playing the case on the reference again)."""

    def __init__(self, impl: Reference) -> None:
        self.impl = impl
        self.name = impl.name
        self.calls: list[tuple[str, Any]] = []
        self.played: list[Known] = []  # (the reply, a copy of the state after it, its looks)

    def new_game(self, rules: Rules, players: int, dealer: int, deck: list[str],
                 seed: int, first: int | None = None) -> list[Event]:
        self.calls.append(("new_game", Game(rules, players, dealer, seed, list(deck),
                                            first=first)))
        events = self.impl.new_game(rules, players, dealer, deck, seed, first)
        self._played(events)
        return events

    def act(self, action: dict[str, Any]) -> list[Event] | Rejection:
        self.calls.append(("act", action))
        reply = self.impl.act(action)
        self._played(reply)
        return reply

    def observe(self, player: int) -> dict[str, Any]:
        return self.impl.observe(player)

    def _played(self, reply: Any) -> None:
        assert self.impl.state is not None
        self.played.append((reply, self.impl.state.copy(), Looks()))

    def replayed(self) -> list[Known] | None:
        """The reply and state of every call, if every call returned."""
        return self.played if len(self.played) == len(self.calls) else None

    def fresh(self) -> Recorder:
        """The same recording to play from again: games of its own (a play in lockstep adds
        the deal and the steps to its games), the same replies and states (never changed:
        a play copies a state before acting on it)."""
        other = Recorder(self.impl)
        other.calls = [(what, arg.copy(deck=list(arg.deck)) if what == "new_game" else arg)
                       for what, arg in self.calls]
        other.played = self.played
        return other


def point(case: Case) -> tuple[int, int] | None:
    """The (round, step) the case is about: its first step that carries an expectation.

    >>> from cambio_ref.cases import load_cases
    >>> point(load_cases()["snap.wrong-own-card"])
    (0, 2)
    """
    rounds = [case.data["steps"], *(r["steps"] for r in case.data.get("next_rounds", ()))]
    for number, steps in enumerate(rounds):
        for index, step in enumerate(steps):
            if step.get("expect"):
                return number, index
    return None


def exercised(case: Case, rules: Rules) -> list[str]:
    """The options the case names, with their values under `rules` (``id=value``)."""
    cat = load_catalogue()
    return [f"{oid}={format_value(rules.value(cat.option(oid).key))}"
            for oid in case.named_options(cat)]


def not_applicable(case: Case, target: Target, hello: Hello,
                   rules: Rules) -> str | None:
    """Why the implementation cannot be given the case under the target, if so: the deal
    seats a count outside its declared range, or the rules need a value it does not declare."""
    players = case.data["setup"]["players"]
    low, high = hello.players
    if not low <= players <= high:
        return f"the case deals {players} players; the implementation plays {low} to {high}"
    missing = hello.support.missing(rules)
    if missing:
        return f"needs {', '.join(missing)}, which the implementation does not declare"
    return None


def unseated(case: Case, target: Target, rules: Rules) -> str | None:
    """Why the rules cannot seat the case's deal, if so."""
    players = case.data["setup"]["players"]
    if not rules.min_players <= players <= rules.max_players:
        return (f"the case deals {players} players; {target.label} is played by"
                f" {rules.min_players} to {rules.max_players}")
    return None


def answers(case: Case, target: Target) -> bool:
    """True if the target is a source ruleset the case answers: its hand-written expectations
    are meant for exactly these rules, so the reference must play it and meet them.

    >>> from cambio_ref.cases import load_cases
    >>> from conformance.targets import targets
    >>> case = load_cases()["snap.wrong-own-card"]
    >>> [answers(case, t) for t in targets(["hearts", "official", "hearts(ace=1)"], None)]
    [True, False, False]
    """
    return target.source is not None and case.applies_to(target.source)


def bundled(case: Case) -> bool:
    """True if the case is one of the catalogue's own (spec/cases), not one given with
    ``--cases``."""
    from cambio_ref.cases import load_cases

    try:
        return load_cases().get(case.id) is case
    except CambioError:
        return False


def expectations_key(case: Case, target: Target) -> str:
    """Whose expectations of `case` apply under `target`: the source ruleset it is, if
    the case answers it, else the target's label (the agreeing rulesets' then apply)."""
    return target.source if target.source and case.applies_to(target.source) else \
        f"target:{target.label}"


# The reference's plays of cases (`reference_play`) remembered in a process: a run plays each
# case once under each target, but a process may run `cambio conform` again and again over
# the same cases (the self-tests: 22 runs of 8 rulesets in test_planted), and the run's
# grouping plays some again (`conformance.naming`). Forgotten all at once when full.
PLAYS_KEPT = 2048
_plays: dict[tuple[int, str, str], tuple[Case, str, Rules, CaseResult, Recorder]] = {}


def reference_play(case: Case, target: Target, rules: Rules) -> tuple[CaseResult, Recorder]:
    """`case` played on the reference under `rules` (the target's, with the case's `set`),
    every call and reply recorded; remembered for the same case (the very object, with the
    same contents: a case's data can be changed in place), the same expectations
    (`expectations_key`) and equal rules (the play depends on nothing else), each caller
    getting games of its own (`Recorder.fresh`)."""
    key = expectations_key(case, target)
    memo = (id(case), key, rules.canonical)
    contents = repr(case)
    found = _plays.get(memo)
    if found is None or found[0] is not case or found[1] != contents or found[2] != rules:
        found = (case, contents, rules, *_reference_play(case, key, rules))
        if len(_plays) >= PLAYS_KEPT:
            _plays.clear()
        _plays[memo] = found
    return found[3], found[4].fresh()


def forget_plays() -> None:
    """Forget every remembered play (`reference_play`) at once: a process that ran many
    conforms (the self-tests) drops them before its last garbage collection walks them.

    >>> forget_plays()
    """
    _plays.clear()


def _reference_play(case: Case, key: str, rules: Rules) -> tuple[CaseResult, Recorder]:
    recorder = Recorder(Reference())
    try:
        return run_case(case, key, recorder, rules=rules, strict=False), recorder
    except CambioError as exc:  # the reference cannot deal it (a card the deck lacks)
        result = CaseResult(case.id, key, "fail")
        result.setup_problem = f"cannot set up the deal: {exc}"
        return result, recorder


def _cannot_play(case: Case, expected: CaseResult, answered: bool) -> str | None:
    """Why the reference cannot play the case, if so: its deal or opening peek fails, or it
    rejects an action that no `expect: reject` covers, at or before the point the case is
    about (anywhere, under a ruleset the case answers, as `cambio validate` checks)."""
    if expected.setup_problem:
        return expected.setup_problem
    about = point(case)
    for played in expected.unexpected:
        assert played.step is not None and played.unexpected is not None
        if answered or about is None or played.step <= about:
            rejection = played.unexpected
            return (f"{played.where} ({played.action.get('t')}) is rejected under these rules"
                    f" with {rejection.code} ({rejection.rule})"
                    + ("" if answered else ", at or before the point the case is about"))
    return None


def _case_at_fault(res: Result, case: Case, target: Target, problem: str) -> Result:
    """The result of a case the reference cannot play under a ruleset it answers: a
    failure of the case (`cambio validate` refuses it too), not "not applicable"."""
    res.status = "fail"
    res.message = (f"the case is wrong: under {target.label}, a ruleset it answers, the reference"
                   f" cannot play it: {problem} (`cambio validate {case.file}` reports it too)")
    return res


def _missed(case: Case, target: Target, first: object) -> str:
    """The message of expectations the reference misses under a ruleset the case answers,
    naming which is at fault: the reference for a case of the catalogue (validated, each
    answer cited), the case for one given with ``--cases`` (the reference meets every case
    of the catalogue)."""
    if bundled(case):
        return (f"the reference is wrong: under {target.label}, a ruleset the case answers, it"
                f" misses the case's expectation ({first}); the case is the catalogue's own,"
                " with its sources cited, so this is a bug in the reference: please report it")
    return (f"the case is wrong: under {target.label}, a ruleset it answers, the reference"
            f" misses its expectation ({first}); the reference meets every case of the"
            f" catalogue, so check this one against its sources (`cambio replay {case.file}"
            f" --ruleset {target.label}` shows the game)")


def run(driver: Driver, hello: Hello, case: Case, target: Target,
        impl_text: str | None = None, diagnoser: Diagnoser | None = None) -> Result:
    """Run `case` under `target` against the implementation; never raises for what the
    implementation does (RestartBudgetExhausted aside)."""
    res = Result(case.id, target.label, "pass", rules=target.rules.canonical)
    answered = answers(case, target)
    try:
        rules = case.rules_for(target.rules)
    except CambioError as exc:
        if answered:
            return _case_at_fault(res, case, target, f"its `set`: {exc}")
        res.status, res.message = "not_applicable", f"the case's `set`: {exc}"
        return res
    reason = not_applicable(case, target, hello, rules)
    problem = None if reason else unseated(case, target, rules)
    if reason is None and problem is None and case.id in hello.skip:
        res.status, res.message = "skipped", f"the implementation skips it: {hello.skip[case.id]}"
        return res
    expected, recorder = (None, None) if reason or problem else \
        reference_play(case, target, rules)
    if expected is not None:
        problem = _cannot_play(case, expected, answered)
    if problem and answered:
        res.repro = _repro(case, target, impl_text or driver.spec.text)
        return _case_at_fault(res, case, target, problem)
    reason = reason or problem
    if reason:
        res.status, res.message = "not_applicable", reason
        return res
    assert expected is not None and recorder is not None
    res.checks = CHECKS[0] if expected.applied else CHECKS[1]
    missed = None
    if expected.failures:
        first = expected.failures[0]
        res.checks = CHECKS[1]
        if answered:
            missed = first
            res.message = _missed(case, target, first)
        else:
            res.message = (f"expectations set aside: under {rules.canonical} the reference does"
                           f" not meet them ({first})")
    res.repro = _repro(case, target, impl_text or driver.spec.text)
    wheres = iter(p.where for p in expected.played)
    calls = [(what, arg, "deal" if what == "new_game" else next(wheres, "step"))
             for what, arg in recorder.calls]
    try:
        outcome = play_on(driver, hello, calls, known=recorder.replayed(),
                          diagnoser=diagnoser)
    except RestartBudgetExhausted as exc:
        res.status, res.message = "not_run", str(exc)
    else:
        res.actions = outcome.steps
        if outcome.lost is not None and outcome.lock is not None \
                and outcome.lock.game is not None:
            outcome.alone = _alone(driver, case, target, rules, calls, outcome,
                                   not expected.failures)
        if outcome.findings:
            _failed(res, outcome, case, rules, expected, hello)
    if missed is not None and res.status == "pass":
        res.status, res.step = "fail", missed.step or "outcome"
    res.trace = expected.trace
    return res


def _alone(driver: Driver, case: Case, target: Target, rules: Rules,
           calls: list[tuple[str, Any, str]], outcome: Outcome, expectations: bool) -> bool:
    """Play the case on against the implementation alone from where the reference lost
    track (`conformance.alone`): its findings join the outcome's. False if that could not
    be done (the implementation failed meanwhile)."""
    assert outcome.lost is not None and outcome.lock is not None
    assert outcome.lock.game is not None
    key = expectations_key(case, target)
    try:
        found = play_alone(driver, case, key, rules, [where for _, _, where in calls],
                           outcome.lost, outcome.lock.game)
    except (ImplementationFailure, CambioError, ValueError, KeyError, TypeError):
        return False
    for finding in outcome.findings:
        if finding.how == "ended":
            finding.how = "lost"  # (the rest ran against the implementation alone)
    outcome.findings += [Finding(d, "alone") for d in found
                         if expectations or d.aspect != "expectation"]
    return True


def waiver(hello: Hello, d: Disagreement) -> str | None:
    """The waiver that covers `d`, if any: one of the option values that explain it, the
    rule involved, its signature or root-cause key, or the class of wrong codes."""
    cls, key = key_of(d)
    return hello.waiver(*d.candidates, d.rule, d.signature, key,
                        CODE_CLASS if cls == "code" else None)


def _failed(res: Result, outcome: Outcome, case: Case, rules: Rules, expected: CaseResult,
            hello: Hello) -> None:
    waivers = [waiver(hello, f.d) for f in outcome.findings]
    # (the options the case is written for: those it says it exercises)
    options = sorted({shown.partition("=")[0] for shown in case.exercises()})
    res.deviations = [occurrence(f.d, res.name, how=f.how, repro=res.repro[0],
                                 rules=res.rules or "", waived=w, options=options)
                      for f, w in zip(outcome.findings, waivers, strict=True)]
    shown = next((i for i, w in enumerate(waivers) if w is None), 0)
    d = outcome.findings[shown].d
    res.status, res.step, res.stderr = d.status, d.where, d.stderr
    res.expected, res.actual = jsonable(d.expected), jsonable(d.actual)
    res.rule, res.signature = d.rule, d.signature
    keys = next((p.keys for p in expected.played if p.where == d.where), ())
    action = compact(d.game.steps[-1].action, 160) if d.game.steps and d.where != "deal" else ""
    parts = [f"{d.where}{f' {action}' if action else ''}: {d.message}"]
    if d.rule:
        parts.append(f"rule: {d.rule}")
    parts.append(f"the case exercises {', '.join(exercised(case, rules))} under these rules")
    if keys:
        parts.append(f"the case's expectation here: {', '.join(keys)}")
    if res.message:
        parts.append(res.message)
    others = len(outcome.findings) - 1
    if others:
        parts.append(f"and {others} more deviation{'s' if others > 1 else ''} in this case")
    if outcome.assumed:
        parts.append(outcome.assumed[0] + (f" (and {len(outcome.assumed) - 1} more take-overs)"
                                           if len(outcome.assumed) > 1 else ""))
    if outcome.ended and outcome.alone:
        why = outcome.ended.replace(": the item stops here", "")
        parts.append(f"the reference lost track ({why}), so the rest of the case ran against"
                     " the implementation alone: its own expectations and the properties")
    elif outcome.ended:
        parts.append(f"ended early: {outcome.ended}")
    res.message = "; ".join(parts)
    if all(waivers):
        res.status, res.message = "waived", f"waived ({waivers[shown]}); {res.message}"


def _repro(case: Case, target: Target, impl: str) -> list[str]:
    where = f" --cases {shlex.quote(case.file)}" if not bundled(case) else ""
    ruleset = "declared" if target.label == "declared" else target.rules.canonical
    return [f"cambio conform --impl {shlex.quote(impl)} --ruleset {shlex.quote(ruleset)}"
            f" --fuzz 0 -k {shlex.quote(case.id)}{where}",
            f"cambio replay {shlex.quote(case.id if not where else case.file)}"
            f" --ruleset {shlex.quote(target.rules.canonical)}"]
