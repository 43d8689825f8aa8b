"""Running edge cases (spec/cases) against an implementation.

`run_case` plays a case against any `Implementation` (the in-process reference
by default) and reports every expectation that failed, with a readable trace.

>>> from cambio_ref.cases import load_cases
>>> result = run_case(load_cases()["tie.caller-ties-lowest"], "official")
>>> result.status, result.winners
('pass', [0])
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from cambio_ref.cases import Case, keys_hold, setup_dealer
from cambio_ref.catalogue import load_catalogue
from cambio_ref.errors import CambioError
from cambio_ref.match import Match
from cambio_ref.rules import Rules
from cambio_ref.state import RoundResult, arrange
from conformance.implementation import Event, Implementation, Reference, Rejection
from conformance.matching import find_subsequence, mismatch

DEFAULT_PEEK = (2, 3)


@dataclass(frozen=True)
class Played:
    """One action the case played: where, what, the expectation keys that applied, and
    the rejection if it was rejected with no `expect: reject` applying."""

    where: str
    action: Any
    keys: tuple[str, ...] = ()
    unexpected: Rejection | None = None
    step: tuple[int, int] | None = None  # (round, step index) in the case file; None: peek


@dataclass
class Failure:
    step: str | None  # e.g. "step 3" or "round 2 step 1"; None for the final outcome
    message: str

    def __str__(self) -> str:
        return f"{self.step or 'outcome'}: {self.message}"


@dataclass
class CaseResult:
    case: str
    ruleset: str
    status: str  # pass, fail, not_applicable
    failures: list[Failure] = field(default_factory=list)
    trace: list[str] = field(default_factory=list)
    scores: list[int] | None = None
    winners: list[int] | None = None
    reason: str | None = None
    answer: str | None = None
    events: list[Event] = field(default_factory=list)
    played: list[Played] = field(default_factory=list)
    setup_problem: str | None = None  # the case could not be set up (deal or opening peek)
    applied: int = 0  # hand-written expectations checked (steps and outcome)

    @property
    def unexpected(self) -> list[Played]:
        """The actions rejected with no `expect: reject` applying."""
        return [p for p in self.played if p.unexpected is not None]

    @property
    def ok(self) -> bool:
        return self.status in ("pass", "not_applicable")

    def to_json(self) -> dict[str, Any]:
        return {"id": self.case, "ruleset": self.ruleset, "status": self.status,
                "ok": self.status == "pass", "scores": self.scores, "winners": self.winners,
                "reason": self.reason, "answer": self.answer,
                "failures": [str(f) for f in self.failures]}


def deck_for(case: Case, rules: Rules) -> list[str]:
    """The full deck order of the case's first round under `rules`."""
    setup = case.data["setup"]
    return _deck(setup, rules, setup_dealer(setup, rules))


def _deck(setup: Mapping[str, Any], rules: Rules, dealer: int) -> list[str]:
    if "deck" in setup:
        return [c.upper() for c in setup["deck"]]
    order = arrange(rules, setup["players"], setup["grids"], dealer=dealer,
                    starting=setup.get("starting"), draws=setup.get("draws", ()))
    return [c.code for c in order]


def _peek_actions(players: int) -> Iterator[dict[str, Any]]:
    for player in range(players):
        for slot in DEFAULT_PEEK:
            yield {"t": "peek", "player": player, "slot": slot}


def run_case(case: Case, ruleset: str, impl: Implementation | None = None,
             rules: Rules | None = None, *, strict: bool = True) -> CaseResult:
    """Play `case` under `ruleset` against `impl` (the reference by default).

    `ruleset` is a source ruleset id, or a label for rules that are none (then `rules`
    is required, and the expectations of the source rulesets that agree with them on
    the options the case names apply). With `strict`, an action rejected where no
    `expect: reject` applies is a failure (a case must say so; `cambio validate`).
    """
    cat = load_catalogue()
    if ruleset in cat.rulesets:
        outcome = case.rulesets.get(ruleset, {})
        if not case.applies_to(ruleset):
            return CaseResult(case.id, ruleset, "not_applicable", answer=case.why_not(ruleset))
        rules = rules or case.rules_for(ruleset)
        agreeing: tuple[str, ...] = ()
        outcomes = [outcome]
    else:
        assert rules is not None, "rules for a target that is no source ruleset"
        agreeing = case.agreeing(rules, cat)
        outcomes = [case.rulesets[name] for name in agreeing]
    impl = impl or Reference()
    result = CaseResult(case.id, ruleset, "pass",
                        answer=outcomes[0].get("answer") if outcomes else None)
    setup = case.data["setup"]
    rounds = [(setup, case.data["steps"])]
    rounds += [({**r["setup"], "players": setup["players"]}, r["steps"])
               for r in case.data.get("next_rounds", ())]
    match = Match(rules, setup["players"], dealer=setup_dealer(setup, rules))
    for index, (round_setup, steps) in enumerate(rounds):
        label = f"round {index + 1} " if len(rounds) > 1 else ""
        first = match.first_player() if index else None
        start = len(result.events)
        if not _play_round(case, (index, round_setup, steps), ruleset, rules, impl,
                           (match.dealer, first), label, result, agreeing, strict):
            break
        over = [e for e in result.events[start:] if e.get("t") == "round_over"]
        if len(rounds) > 1:
            if not over:
                if index < len(rounds) - 1:
                    result.failures.append(Failure(None, f"{label}did not end"))
                break
            match.add(RoundResult(tuple(over[-1]["raw"]), tuple(over[-1]["scores"]),
                                  tuple(over[-1]["winners"]), over[-1].get("caller"),
                                  over[-1]["reason"], ()))
            result.trace.append(f"match after {label.strip()}: {match.summary()}")
    for outcome in outcomes:
        _check_outcome(outcome, result)
        if "match" in outcome:
            result.applied += 1
            problem = mismatch(outcome["match"], {**match.summary(),
                                                  "first": match.first_player()}, "match")
            if problem:
                result.failures.append(Failure(None, problem))
    if result.failures:
        result.status = "fail"
    return result


def _play_round(case: Case, round_: tuple[int, Mapping[str, Any], list[Mapping[str, Any]]],
                ruleset: str, rules: Rules, impl: Implementation, seats: tuple[int, int | None],
                label: str, result: CaseResult, agreeing: tuple[str, ...], strict: bool) -> bool:
    cat = load_catalogue()
    number, setup, steps = round_
    dealer, first = seats
    try:
        deck = _deck(setup, rules, dealer)
    except CambioError as exc:
        result.setup_problem = f"{label}cannot set up the deal: {exc}"
        result.failures.append(Failure(None, result.setup_problem))
        return False
    events = impl.new_game(rules, setup["players"], dealer, deck, setup.get("seed", 0), first)
    result.events.extend(events)
    result.trace.append(f"{label}deal: {setup['players']} players, dealer {dealer},"
                        f" rules {rules.canonical}")
    if setup.get("peek", True):
        for action in _peek_actions(setup["players"]):
            reply = impl.act(action)
            result.played.append(Played(f"{label}opening peek", action))
            if isinstance(reply, Rejection):
                result.setup_problem = (f"{label}the opening peek {action} is rejected:"
                                        f" {reply.code}")
                result.failures.append(Failure(None, result.setup_problem))
                return False
            result.events.extend(reply)
        result.trace.append(f"{label}opening peek: every player looks at slots 2 and 3")
    for i, step in enumerate(steps):
        only = step.get("only")
        if only and not keys_hold(only, ruleset, rules, cat, agreeing):
            continue
        keys = keys_hold(list((step.get("expect") or {}).keys()), ruleset, rules, cat, agreeing)
        expectations = [step["expect"][k] for k in keys]
        result.applied += len(expectations)
        where = f"{label}step {i + 1}"
        if "repeat" in step:
            _repeat(step["repeat"], where, (number, i), impl, result, strict, case.file)
            continue
        if "observe" in step:
            seen = impl.observe(step["observe"])
            result.trace.append(f"player {step['observe']} looks at the table:"
                                f" {_describe_view(seen)}")
            before = len(result.failures)
            for exp in expectations:
                _check(exp, None, seen, where, result)
            if expectations:
                result.trace.append("    expectation held" if len(result.failures) == before
                                    else "    expectation FAILED")
            continue
        reply = impl.act(step["do"])
        unexpected = isinstance(reply, Rejection) and not any("reject" in e for e in expectations)
        result.played.append(Played(where, step["do"], tuple(keys),
                                    reply if unexpected else None,  # type: ignore[arg-type]
                                    (number, i)))
        if unexpected and strict:
            assert isinstance(reply, Rejection)
            result.failures.append(Failure(where, f"{_describe_action(step['do'])} is rejected"
                                           f" with {reply.code}, but the step carries no"
                                           f" `expect: reject` ({case.file})"))
        if isinstance(reply, Rejection):
            result.trace.append(f"{_describe_action(step['do'])} -> rejected {reply.code}")
        else:
            result.events.extend(reply)
            result.trace.append(_describe_action(step["do"]))
            result.trace.extend(f"    {describe(e)}" for e in reply)
        before = len(result.failures)
        for exp in expectations:
            needs_view = "view" in exp or "state" in exp
            view = impl.observe(exp.get("view", {}).get("player", 0)) if needs_view else None
            _check(exp, reply, view, where, result)
        if expectations:
            held = len(result.failures) == before
            result.trace.append("    expectation held" if held else
                                "    expectation FAILED: " + "; ".join(
                                    f.message for f in result.failures[before:]))
    return True


MAX_REPEAT = 1000  # turns a repeat step plays at most


def _repeat(repeat: Mapping[str, Any], where: str, step: tuple[int, int], impl: Implementation,
            result: CaseResult, strict: bool, file: str) -> None:
    """A repeat step: whoever's turn it is plays the `play` actions, for `turns` turns or
    until the deck is empty (or the round is over)."""
    play = repeat.get("play") or [{"t": "draw"}, {"t": "discard"}]
    turns, until = repeat.get("turns"), repeat.get("until")
    done = 0
    while done < (turns if turns is not None else MAX_REPEAT):
        seen = impl.observe(0)
        if seen.get("phase") == "over" or (until == "deck-empty" and seen.get("deck") == 0):
            break
        for template in play:
            action = {**template, "player": seen.get("current")}
            reply = impl.act(action)
            rejected = reply if isinstance(reply, Rejection) else None
            result.played.append(Played(f"{where} (turn {done + 1})", action, (), rejected, step))
            if isinstance(reply, Rejection):
                if strict:
                    result.failures.append(Failure(where, f"turn {done + 1} of the repeat:"
                                                   f" {_describe_action(action)} is rejected"
                                                   f" with {reply.code} ({file})"))
                result.trace.append(f"{_describe_action(action)} -> rejected {reply.code}")
                return
            result.events.extend(reply)
        done += 1
    kinds = ", ".join(str(t.get("t")) for t in play)
    result.trace.append(f"{done} turns, each player in turn playing {kinds}")


def _check(exp: Mapping[str, Any], reply: list[Event] | Rejection | None,
           view: Mapping[str, Any] | None, step: str, result: CaseResult) -> None:
    if reply is not None:
        if "reject" in exp:
            if not isinstance(reply, Rejection):
                result.failures.append(Failure(step, f"expected rejection {exp['reject']},"
                                               " but the action was accepted"))
            elif reply.code != exp["reject"] and exp["reject"] != "any":
                result.failures.append(Failure(step, f"expected rejection {exp['reject']},"
                                               f" got {reply.code}"))
        elif isinstance(reply, Rejection):
            result.failures.append(Failure(step, f"expected the action to be accepted, got"
                                           f" {reply.code}: {reply.message}"))
            return
        if not isinstance(reply, Rejection):
            if "events" in exp:
                problem = find_subsequence(exp["events"], reply)
                if problem:
                    result.failures.append(Failure(step, problem))
            for kind in exp.get("no_events", ()):
                if any(e.get("t") == kind for e in reply):
                    result.failures.append(Failure(step, f"unexpected {kind!r} event"))
    if view is not None:
        if "view" in exp:
            pattern = {k: v for k, v in exp["view"].items() if k != "player"}
            problem = mismatch(pattern, view, "view")
            if problem:
                result.failures.append(Failure(step, problem))
        if "state" in exp:
            problem = mismatch(exp["state"], view, "state")
            if problem:
                result.failures.append(Failure(step, problem))


def _check_outcome(outcome: Mapping[str, Any], result: CaseResult) -> None:
    over = [e for e in result.events if e.get("t") == "round_over"]
    if over and result.scores is None:
        result.scores = list(over[-1].get("scores", []))
        result.winners = list(over[-1].get("winners", []))
        result.reason = over[-1].get("reason")
        result.trace.append(f"round over ({result.reason}): scores {result.scores},"
                            f" winners {result.winners}")
    wanted = {k: outcome[k] for k in ("scores", "winners", "reason") if k in outcome}
    result.applied += len(wanted)
    if wanted and not over:
        result.failures.append(Failure(None, f"expected the round to be over with {wanted}"))
        return
    for key, value in wanted.items():
        actual = getattr(result, key)
        failure = Failure(None, f"{key}: expected {value}, got {actual}")
        if mismatch(value, actual) is not None and failure not in result.failures:
            result.failures.append(failure)


# -- describing ----------------------------------------------------------------


def _describe_action(action: Mapping[str, Any]) -> str:
    kind, p = action.get("t"), action.get("player")
    extra = {k: v for k, v in action.items() if k not in ("t", "player")}
    detail = " ".join(f"{k}={v}" for k, v in extra.items())
    return f"player {p} {kind}{' ' + detail if detail else ''}"


def describe(event: Mapping[str, Any]) -> str:
    """One line for an event, saying who saw which card."""
    seen = event.get("visible_to", [])
    who = "everyone" if seen and len(seen) > 1 and event.get("t") not in ("peeked", "looked",
                                                                          "drew", "swapped") \
        else (", ".join(map(str, seen)) if seen else "nobody")
    fields = {k: v for k, v in event.items() if k not in ("t", "visible_to")}
    detail = " ".join(f"{k}={v}" for k, v in fields.items())
    return f"{event.get('t')}: {detail} (seen by {who})"


def _describe_view(view: Mapping[str, Any]) -> str:
    grids = " | ".join(" ".join("--" if c is None else str(c) for c in g) for g in view["grids"])
    return f"{grids}; pile {view.get('pile_top')}"
