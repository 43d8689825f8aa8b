"""Whether a value the run would name changes an item that agreed with the declared rules.

An implementation that plays an option value plays it everywhere: a case it passed
under the declared rules (every reply the reference's) must play the same under that
value too, or the value is not what it plays; and so must the steps of a failing case
before its first difference (where every reply was the reference's too), or the value
adds a difference inside that very item. `Agreeing.changed` replays each such case (a
failing one up to its first difference) on the reference, once under its own rules and
once with the value on top, and lists those whose replies (the events with who saw
them, and each rejection's code) differ: `conformance.grouping.supported` then names
the value no more ("closest: `X` (..., but changes replies in 1 item that agrees with
the declared rules)"). Only the catalogue's own cases are replayed (the run's fuzz
games are not recorded).

evanbrierton/cambio's king looks twice, the second look compulsory: refusing to decline
it fits ``power.king=look-one-swap-any`` at that step, but power.black-king, where the
engine looks twice as the declared rules do, plays otherwise under it.

>>> from conformance.results import Result
>>> agreeing = Agreeing([Result("power.black-king", "declared", "pass",
...                             rules="online")])
>>> agreeing.changed("power.king=look-one-swap-any")
['power.black-king[declared]']
>>> agreeing.changed("value.ace=5")
[]
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from cambio_ref.cases import load_cases
from cambio_ref.catalogue import load_catalogue
from cambio_ref.errors import CambioError
from cambio_ref.rules import Rules, resolve
from conformance import caserun
from conformance.caserun import Recorder, reference_play
from conformance.differences import events_equal
from conformance.grouping import value_of
from conformance.implementation import Reference, Rejection
from conformance.lockstep import Game, with_values
from conformance.results import Result
from conformance.targets import Target


class Agreeing:
    """The run's case items whose replies were the reference's: those that passed, whole,
    and those that failed, up to their first difference; to replay."""

    def __init__(self, results: Iterable[Result]) -> None:
        self.items = [(r.id, r.ruleset, r.rules, upto) for r in results
                      if r.kind == "case" and r.rules
                      and (upto := agreed_calls(r)) != 0]

    def changed(self, value: str) -> list[str]:
        """The items whose replies the value ``option.id=value`` changes."""
        oid, _, text = value.partition("=")
        return [f"{case}[{label}]" for case, label, rules, upto in self.items
                if _changes(case, label, rules, oid, text, upto)]


def agreed_calls(result: Result) -> int | None:
    """How many calls (the deal, then the actions) of a case item got the reference's
    replies: all of them (None) if it passed; if it failed with deviations, those before
    the first of them (each occurrence's ``size`` counts the actions up to and with the
    step it shows at, `conformance.grouping.occurrence`: the deal and ``size - 1``
    actions came before); else none (0).

    >>> agreed_calls(Result("x", "declared", "pass")) is None
    True
    >>> agreed_calls(Result("x", "declared", "fail", deviations=[{"size": 7}, {"size": 4}]))
    4
    >>> agreed_calls(Result("x", "declared", "crashed"))
    0
    """
    if result.status == "pass":
        return None
    sizes = [occ.get("size") for occ in result.deviations] if result.failed else []
    counted = [size for size in sizes if isinstance(size, int)]
    return max(0, min(counted)) if counted and len(counted) == len(sizes) else 0


@cache
def _changes(case_id: str, label: str, rules: str, oid: str, text: str,
             upto: int | None = None) -> bool:
    """True if the case `case_id`, played under the target `label` with rules `rules` (a
    one-line form), gets other replies from the reference with option `oid` set to `text`
    (in its first `upto` calls, if given)."""
    recorder = _recorded(case_id, label, rules)
    if recorder is None or not recorder.calls:
        return False
    played: Rules = recorder.calls[0][1].rules
    try:
        key = load_catalogue().option(oid).key
        changed = with_values(played, [(key, value_of(oid, text))])
    except CambioError:
        return False
    return changed.values() != played.values() and _replies_differ(recorder, changed, upto)


@cache
def _recorded(case_id: str, label: str, rules: str) -> Recorder | None:
    """The reference's calls and replies playing the case `case_id` as the run did under
    the target `label` with rules `rules` (`conformance.caserun.reference_play`)."""
    case = load_cases().get(case_id)
    if case is None:
        return None
    try:
        target = Target(label, resolve(rules))
        return reference_play(case, target, case.rules_for(target.rules))[1]
    except CambioError:
        return None


def forget_plays() -> None:
    """Forget the plays remembered here (`_recorded`, and what `_changes` found of them)
    and by `conformance.caserun` (`conformance.caserun.forget_plays`).

    >>> forget_plays()
    """
    _recorded.cache_clear()
    _changes.cache_clear()
    caserun.forget_plays()


def _replies_differ(recorder: Recorder, rules: Rules, upto: int | None = None) -> bool:
    """True if a fresh reference under `rules`, given the recorded calls (the first
    `upto`, if given), replies otherwise than the recording."""
    ref = Reference()
    pairs = list(zip(recorder.calls, recorder.played, strict=False))[:upto]
    for (what, arg), (reply, _, _) in pairs:
        try:
            if what == "new_game":
                game: Game = arg
                now: Any = ref.new_game(rules, game.players, game.dealer, game.deck,
                                        game.seed, game.first)
            else:
                now = ref.act(arg)
        except (CambioError, ValueError, KeyError, IndexError, AssertionError):
            return True
        if isinstance(now, Rejection) or isinstance(reply, Rejection):
            if not (isinstance(now, Rejection) and isinstance(reply, Rejection)
                    and now.code == reply.code):
                return True
        elif not events_equal(reply, now):
            return True
    return False
