"""Going on past a difference: one item (a case's calls, or a fuzz game) played to its end
whatever the implementation does, every deviation recorded.

`play_on` plays the calls in lockstep (`conformance.lockstep`) with ``go_on``:

- a difference that leaves both states equal (a view, the legal actions, a
  rejection code, who saw an event or the order of events) is noted and play
  goes on at once;
- a difference that an option value explains (`conformance.diagnosis.fits`) is
  recorded, the reference takes that value on top of the rules (``as_if``), and
  the item is played again from the start under them, so that what lies behind
  shows; where several values fit, the first is taken and the others are kept:
  a later difference that another of them explains in its place (`swap`) narrows
  the choice to it (and the first finding's candidates with it), and the item is
  played again under it;
- any other difference is recorded and the reference takes over the
  implementation's state from its snapshot (`conformance.resync.take_over`: a
  complete one, or the protocol's minimum with the rest read from the
  implementation's events and assumed from the reference's own state), the
  implementation is dealt again and brought back to the same step, and play goes
  on from there; without a snapshot it can take over the item ends there, saying
  why, and so it does when the reference cannot play on from the state it took
  over (the snapshot shows no state the rules play on from: `unplayable`, a
  deviation of its own, never a harness error); ``Outcome.lost`` then says where,
  and a case plays on against the implementation alone (`conformance.alone`).

A waived deviation is passed over the same way: waiving only changes the status.
`MAX_PLAYS`, `MAX_RESYNCS` and `MAX_NOTED` keep a runaway item finite.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cambio_ref.catalogue import load_catalogue
from cambio_ref.errors import CambioError
from cambio_ref.rules import Rules
from cambio_ref.state import State
from conformance.diagnosis import Diagnoser, Fit, code_difference, label, reach, refutes
from conformance.disagreement import Known
from conformance.failures import ImplementationFailure, RestartBudgetExhausted
from conformance.harness import Driver
from conformance.implementation import Rejection
from conformance.lockstep import Disagreement, Game, Lockstep, with_values
from conformance.protocol import Hello
from conformance.resync import IncompleteSnapshot, TakenOver, take_over

MAX_PLAYS = 6  # plays of one item, each under more as-if option values
MAX_RESYNCS = 12
MAX_NOTED = 60

Call = tuple[str, Any, str]
# a fuzz game's fresh actions: from a state, or from the deal under the rules given
Redraw = Callable[[State | None, Rules], list[Any]]


@dataclass
class Finding:
    """One deviation in one item, and how play went on after it: ``noted`` (the
    states stayed equal), ``as-if`` (an option value explains it), ``resynced`` (the
    reference took over the implementation's state) or ``ended`` (the item ended)."""

    d: Disagreement
    how: str
    why: str = ""  # why the item ended


@dataclass
class Outcome:
    """Every deviation of one item, and the as-if values it was last played under."""

    findings: list[Finding] = field(default_factory=list)
    as_if: tuple[tuple[str, Any], ...] = ()
    steps: int = 0
    ended: str | None = None  # why the item ended before its last call
    lock: Lockstep | None = None
    # an ambiguous as-if value narrowed (`swap`): its place in ``as_if``, what still fits
    narrowed: tuple[int, list[Fit]] | None = None
    refuted: tuple[str, Any] | None = None  # an as-if value a later step refuted
    # the call at which the reference lost track of the implementation (its state could
    # not be taken over), if it did: the rest of the item is the implementation's alone
    lost: int | None = None
    assumed: list[str] = field(default_factory=list)  # what each take-over assumed
    alone: bool = False  # the rest was played on against the implementation alone


def play_on(driver: Driver, hello: Hello, calls: Sequence[Call], *,
            known: Sequence[Known] | None = None, redraw: Redraw | None = None,
            diagnoser: Diagnoser | None = None,
            as_if: tuple[tuple[str, Any], ...] = ()) -> Outcome:
    """Play `calls` past every difference (see the module's docstring). `known`: the
    reference's replies and states for the calls, if played already; `diagnoser`: what
    earlier items found (`conformance.diagnosis.Diagnoser`); `as_if`: option values the
    reference plays from the start (earlier items' confirmed ones)."""
    diagnoser = Diagnoser() if diagnoser is None else diagnoser
    given = as_if
    explained: list[Finding] = []
    by_place: dict[int, Finding] = {}  # (the finding each place of as_if explains)
    ambiguous: dict[int, list[Fit]] = {}  # (a place in as_if: every value that fits there)
    todo = list(calls)
    for play in range(MAX_PLAYS):
        outcome = _play(driver, hello, todo, known if play == 0 else None, redraw, as_if,
                        diagnoser, last=play == MAX_PLAYS - 1, ambiguous=ambiguous)
        if outcome.ended != "as-if" and as_if and play < MAX_PLAYS - 1:
            outcome.refuted = refuted_by_a_note(outcome.findings, as_if)
            if outcome.refuted is not None:
                outcome.ended = "as-if"
        if outcome.ended != "as-if":
            for finding in outcome.findings:
                if finding.how == "noted":
                    diagnoser.diagnose(finding.d)
            _behind(outcome.findings)  # (an explained one's: set in the play that found it)
            outcome.findings = explained + outcome.findings
            for finding in outcome.findings:  # (for grouping: never named anywhere)
                finding.d.refuted = sorted(diagnoser.refuted)
            diagnoser.tally({fit for finding in outcome.findings
                             for fit in diagnoser.fitted + diagnoser.maybe
                             if finding.d.candidates == [fit.label]})
            return outcome
        if outcome.refuted is not None:  # (played again without it, from the start)
            diagnoser.refute(*outcome.refuted)
            explained, by_place, ambiguous = [], {}, {}
            outcome.as_if = tuple(value for value in given
                                  if label(*value) not in diagnoser.refuted)
        elif outcome.narrowed is not None:
            place, fitting = outcome.narrowed
            diagnoser.maybe = [fit for fit in diagnoser.maybe
                               if fit in fitting or fit not in ambiguous[place]]
            first = by_place[place].d
            first.candidates = [fit.label for fit in fitting]
            first.rule = " or ".join(first.candidates)
            if len(fitting) > 1:
                ambiguous[place] = fitting
            else:
                del ambiguous[place]
                diagnoser.confirm(fitting[0])
        else:
            finding = outcome.findings[-1]
            fitting = [f for f in diagnoser.last if f.label in finding.d.candidates]
            by_place[len(as_if)] = finding
            if len(fitting) > 1:
                ambiguous[len(as_if)] = fitting
            explained.append(finding)
        as_if = outcome.as_if
        if redraw is not None:
            rules = with_values(todo[0][1].rules, as_if)
            todo = [todo[0], *(("act", a, f"step {i + 1}")
                               for i, a in enumerate(redraw(None, rules)))]
    raise AssertionError("unreachable")  # pragma: no cover


def _play(driver: Driver, hello: Hello, calls: list[Call], known: Sequence[Known] | None,
          redraw: Redraw | None, as_if: tuple[tuple[str, Any], ...], diagnoser: Diagnoser, *,
          last: bool, ambiguous: dict[int, list[Fit]] | None = None) -> Outcome:
    """One play of the calls under `as_if`; ``ended == "as-if"`` asks for another."""
    calls = [(what, _fresh(arg) if what == "new_game" else arg, where)
             for what, arg, where in calls]
    lock = Lockstep(driver, hello, go_on=True, as_if=as_if)
    lock.limit = MAX_NOTED
    outcome = Outcome(as_if=as_if, lock=lock)
    start, resyncs = 0, 0
    taken: State | None = None  # (a state taken over, to draw a fuzz game's rest from)
    while True:
        try:
            if taken is not None and redraw is not None and start < len(calls):
                steps = len(lock.game.steps) if lock.game is not None else 0
                calls = calls[:start] + [("act", a, f"step {steps + 1 + i}")
                                         for i, a in enumerate(redraw(taken, taken.rules))]
            taken = None
            lock.replay(calls[start:], known=known[start:] if known is not None else None)
            break
        except (ImplementationFailure, RestartBudgetExhausted):
            raise
        except Disagreement as d:
            d.call += start
            if lock.game is not None:
                d.game = d.game.copy()
                del d.game.steps[d.index:]
            if len(lock.noted) >= MAX_NOTED:
                outcome.ended = f"more than {MAX_NOTED} differences: the item stops here"
                outcome.findings.append(Finding(d, "ended", outcome.ended))
                break
            if d.aspect == "failure":
                outcome.ended = d.message
                outcome.findings.append(Finding(d, "ended", d.message))
                break
            refuted = refuted_value(d, as_if) if as_if and not last else None
            if refuted is not None:
                outcome.refuted, outcome.ended = refuted, "as-if"
                return outcome
            swapped = swap(d, as_if, ambiguous or {}) if not last else None
            if swapped is not None:
                place, fitting = swapped
                values = list(as_if)
                values[place] = (fitting[0].key, fitting[0].value)
                outcome.as_if, outcome.narrowed, outcome.ended = tuple(values), swapped, "as-if"
                return outcome
            found = diagnoser.diagnose(d)
            if found and not last:
                past = [f for f in outcome.findings if f.how == "resynced" and not f.d.candidates]
                d.behind = past[0].d.where if past else None
                outcome.as_if = (*as_if, (found[0].key, found[0].value))
                outcome.findings.append(Finding(d, "as-if"))
                outcome.ended = "as-if"
                return outcome
            over, why = _take_over(d, lock, resyncs)
            if over is None:
                outcome.ended, outcome.lost = why, d.call
                outcome.findings.append(Finding(d, "ended", why))
                break
            assert lock.game is not None
            state = over.state
            lock.resend(lock.game)
            lock.ref.state = state
            lock.game.resynced = (len(lock.game.steps), state.snapshot())
            note = over.note(d.where)
            if note:
                outcome.assumed.append(note)
            outcome.findings.append(Finding(d, "resynced", note))
            resyncs += 1
            start, known, taken = d.call + 1, None, state.copy()
        except Exception as exc:  # (the reference's own, raised where it plays)
            if not resyncs:
                raise
            end = unplayable(lock, exc, len(calls))
            outcome.ended, outcome.lost = end.message, end.call
            taking = next(f for f in reversed(outcome.findings) if f.how == "resynced")
            if taking.why:  # (a state rebuilt from the minimum snapshot: the kit's own guess)
                outcome.ended = (f"the reference cannot play on from the state it rebuilt"
                                 f" after {taking.d.where} ({taking.why}): the item stops here")
                taking.how = "ended"
                break
            outcome.findings.append(Finding(end, "ended", end.message))
            break
    outcome.findings = sorted([*(Finding(n, "noted") for n in lock.noted), *outcome.findings],
                              key=lambda f: f.d.call)
    outcome.steps = lock.steps
    return outcome


def _behind(findings: Sequence[Finding]) -> None:
    """Mark each finding that came after an unexplained state difference of its item
    (``Disagreement.behind``: where that was)."""
    taken = [f.d for f in findings if f.how in ("resynced", "ended") and not f.d.candidates]
    for finding in findings:
        earlier = [d for d in taken if d.index < finding.d.index]
        finding.d.behind = min(earlier, key=lambda d: d.index).where if earlier else None


def unplayable(lock: Lockstep, exc: Exception, call: int) -> Disagreement:
    """The deviation of an item whose reference, playing on from a state it took over from
    the implementation's snapshot, raised `exc`: that state is none the rules play on from
    (say, a held card in a snapshot whose phase holds none), so the item ends there."""
    assert lock.game is not None
    game = lock.game.copy()
    step = len(game.steps) + 1
    taken = game.resynced[0] if game.resynced is not None else 0
    what = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    d = Disagreement("fail", f"step {step}", f"the reference cannot play on from the"
                     f" implementation's state at step {step}: {what} (the state taken over"
                     f" from its snapshot after step {taken})", game, aspect="snapshot",
                     field="snapshot.unplayable")
    d.call, d.as_if = call, lock.as_if
    return d


def refuted_by_a_note(findings: Sequence[Finding], as_if: tuple[tuple[str, Any], ...]
                      ) -> tuple[str, Any] | None:
    """The value of `as_if` that a noted difference refutes, if any. A code difference: the
    reference refused the action for that very option (its rejection names the option's
    rule) and the implementation for another reason, or the implementation refused it
    with the code the reference gives without that value. A snap the reference playing
    ``snap.enabled=false`` as if refuses with E_SNAP_DISABLED ("no snapping") and the
    implementation as a two-card snap (E_SNAP_MULTI) shows an implementation that snaps.
    A view: the reference without that value shows what the implementation's view shows
    (a snapping window still open after a draw, where ``snap.window=until-next-draw``,
    played as if, closed it)."""
    for finding in findings:
        d = finding.d
        if finding.how != "noted" or not (code_difference(d) or d.aspect == "view"):
            continue
        expected = d.game.steps[d.index - 1].expected if d.index else None
        rule = expected.rule if isinstance(expected, Rejection) and code_difference(d) else None
        for key, value in as_if:
            if rule is not None and load_catalogue().option(key).id == rule:
                return key, value
        found = refuted_value(d, as_if)
        if found is not None:
            return found
    return None


def refuted_value(d: Disagreement, as_if: tuple[tuple[str, Any], ...]) -> tuple[str, Any] | None:
    """The value of `as_if` that `d` refutes (`conformance.diagnosis.refutes`: from the
    state before d's step, the reference without it replies as the implementation did),
    if any."""
    played = with_values(d.game.rules, as_if)
    for place, value in enumerate(as_if):
        try:
            without = with_values(d.game.rules, (*as_if[:place], *as_if[place + 1:]))
        except CambioError:
            continue
        if refutes(d, played, without):
            return value
    return None


def swap(d: Disagreement, as_if: tuple[tuple[str, Any], ...],
         ambiguous: dict[int, list[Fit]]) -> tuple[int, list[Fit]] | None:
    """Where an earlier difference was explained by one of several values (`ambiguous`:
    their places in `as_if`) and another of them, taken in its place, also explains `d`
    (the reference then agrees with every reply up to and including d's step): that
    place and the values that do; else None."""
    for place, choices in ambiguous.items():
        taken = as_if[place]
        fitting = []
        for fit in choices:
            if (fit.key, fit.value) == taken:
                continue
            values = list(as_if)
            values[place] = (fit.key, fit.value)
            try:
                rules = with_values(d.game.rules, values)
            except CambioError:
                continue
            if reach(d, rules) is not None:
                fitting.append(fit)
        if fitting:
            return place, fitting
    return None


def _fresh(game: Game) -> Game:
    """`game` not yet played: its setup alone (a play records its steps in its game)."""
    fresh = game.copy()
    fresh.steps, fresh.deal, fresh.resynced = [], [], None
    return fresh


def _take_over(d: Disagreement, lock: Lockstep,
               resyncs: int) -> tuple[TakenOver | None, str]:
    """The implementation's state after `d`'s step, taken over (`conformance.resync`),
    or None and why it cannot be."""
    if resyncs >= MAX_RESYNCS:
        return None, f"the states differed {MAX_RESYNCS} times: the item stops here"
    if lock.game is None or not lock.snapshots:
        return None, (f"the states differ after {d.where} and the implementation answers no"
                      " snapshot to take over: the item stops here")
    if d.snapshot is None:  # (a "reject" call: sent without looks, `Lockstep.replay`)
        return None, (f"the states differ after {d.where} and no snapshot was asked there to"
                      " take over: the item stops here")
    assert lock.ref.state is not None
    try:
        return take_over(d.snapshot, with_values(lock.game.rules, d.as_if), lock.game.seed,
                         after=lock.ref.state, before=lock.before, reply=_their_reply(d)), ""
    except IncompleteSnapshot as exc:
        return None, (f"the states differ after {d.where} and the implementation's snapshot"
                      f" cannot be taken over ({exc}): the item stops here")


def _their_reply(d: Disagreement) -> Any:
    """The implementation's reply at `d`'s step, as far as `d` tells it (a Rejection when
    it refused an action the reference accepts)."""
    if d.aspect == "events" or (d.aspect == "rejection" and d.field == "accepted"):
        return d.actual
    if d.aspect == "rejection" and d.field == "rejected":
        return Rejection(str(d.actual))
    if d.where == "deal" or not d.index:
        return d.game.deal
    return d.game.steps[d.index - 1].expected
