"""Which option value a deviation shows, checked by counterfactual replay; never a guess.

`fits` replays the game of a disagreement on the reference under the rules the
reference played (the game's rules and the as-if values already found) with one
more option value changed, trying every alternative of every option, declared
or not (and, for a score, any integer of a value option in `SCORE_RANGE`). A
value fits when the reference then gives every earlier reply unchanged (up to
who saw an event and in which order), exactly the implementation's reply at the
differing step (its events, its rejection code, a player's view, its snapshot
or its legal actions), and the implementation's replies after it, as far as
they are known: of the values that fit the step, only those that agree with the
most later replies are kept. The callers check the same values against every
other item of the deviation (`conformance.grouping`). Where nothing fits, the
deviation is unexplained: `core_rule` names the rule a rejection involves, and
nothing else is named.

>>> from cambio_ref.rules import resolve
>>> from conformance.lockstep import Disagreement, Game
>>> rules = resolve("online")
>>> game = Game(rules, 2, 0, 0, [c.code for c in rules.deck(2)])
>>> d = Disagreement("fail", "deal", "x", game, aspect="events", field="turn.player")
>>> diagnose(d) is None
True
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any

from cambio_ref.catalogue import Value, load_catalogue
from cambio_ref.engine import legal_blocks
from cambio_ref.errors import CambioError
from cambio_ref.rules import Rules, format_value, option_keys
from cambio_ref.tables import changes_of
from cambio_ref.views import view
from conformance.differences import events_equal, snapshot_difference
from conformance.implementation import Event, Reference, Rejection
from conformance.legal import legal_keys
from conformance.lockstep import (
    Disagreement,
    Game,
    reordered,
    with_values,
)
from conformance.matching import mismatch
from conformance.resync import IncompleteSnapshot, rebuild

# The option an event kind concerns: only to pick the options a generated case names
# (`conformance.regression`), never printed as a finding.
OPTION_BY_EVENT = {
    "dealt": "setup.starting-discard", "turned_up": "setup.starting-discard",
    "peeked": "peek.which", "peek_over": "peek.which", "turn": "turn.direction",
    "drew": "turn.take-discard", "took": "turn.take-discard", "passed": "turn.pass",
    "swapped": "turn.take-discard", "discarded": "turn.take-discard",
    "called": "call.timing", "power": "power.trigger", "looked": "power.optional",
    "power_swapped": "power.optional", "skipped": "power.optional",
    "power_done": "power.optional", "snapped": "snap.match", "gave": "snap.give-card",
    "snap_late": "snap.race-losers", "snap_wrong": "snap.wrong-own",
    "took_wrong": "snap.wrong-other", "penalty": "snap.penalty-placement",
    "penalty_skipped": "snap.penalty-placement", "reshuffled": "deck.empty",
    "round_over": "end.tie", "view": "info.open-hands",
}
FIXED = ("min_players", "max_players")
# A score that differs may come from any integer a value option allows: try these too.
SCORE_RANGE = range(-20, 31)
SCORED = ("round_over.raw", "round_over.scores", "round_over.winners")  # (what a value moves)
ASPECTS = ("events", "rejection", "view", "snapshot", "legal")


@dataclass(frozen=True)
class Fit:
    """An option value under which the reference replies as the implementation did."""

    label: str  # ``option.id=value``
    key: str  # the Rules field
    value: Value


def label(key: str, value: Value) -> str:
    """How a finding names the value `value` of the Rules field `key`.

    >>> label("red_king", -1)
    'value.red-king=-1'
    """
    return f"{load_catalogue().option(key).id}={format_value(value)}"


def _same(want: Any, got: Any) -> bool:
    """The same reply, up to who saw an event, in which order, and a rejection's code (an
    earlier step is compared with the reference's reply there, which equals the
    implementation's up to the differences that leave the states equal)."""
    if isinstance(want, Rejection) or isinstance(got, Rejection):
        return isinstance(want, Rejection) and isinstance(got, Rejection)
    return events_equal(want, got) or reordered(want, got) is not None


def _exactly(want: Any, got: Any) -> bool:
    if isinstance(want, Rejection) or isinstance(got, Rejection):
        return isinstance(want, Rejection) and isinstance(got, Rejection) and want.code == got.code
    return events_equal(want, got)


class Watched(Rules):
    """Rules that note the first step at which each of their fields, or each entry of a
    field that maps (a card's points, a card's power, an option's parameters), is read
    (`at` sets the step; -1, the deal, until then). A replay's outcome depends only on what
    it reads: replayed under rules that differ from these only in what this replay never
    read up to a step, the game goes the same way up to that step.

    >>> from cambio_ref.rules import resolve
    >>> rules = Watched.of(resolve("online"))
    >>> rules.at(3)
    >>> rules.snap, rules.points["5C"], rules.reads
    (True, 5, {'snap': 3, ('points', '5C'): 3})
    """

    notes_reads = True  # (its flags are each worked out when first read: `flags_of`)

    def __getattribute__(self, name: str) -> Any:
        found = object.__getattribute__(self, name)
        if name.startswith("_") or name in _WATCHING:
            return found
        if name in _MAPPING:
            return _WatchedMapping(found, self, name)
        self.note(name)
        return found

    @classmethod
    def of(cls, rules: Rules) -> Watched:
        """`rules`, watched, with nothing read yet."""
        watched = cls(**{f.name: getattr(rules, f.name) for f in fields(Rules)})
        object.__setattr__(watched, "reads", {})
        object.__setattr__(watched, "step", -1)
        return watched

    def at(self, step: int) -> None:
        """Note the reads from now on as made at `step`."""
        object.__setattr__(self, "step", step)

    def note(self, read: str | tuple[str, Any]) -> None:
        """Note `read` (a field, or a field and an entry's key: None for the whole
        mapping) as made now, unless it was made before."""
        reads = object.__getattribute__(self, "reads")
        if read not in reads:
            reads[read] = object.__getattribute__(self, "step")


_WATCHING = frozenset({"reads", "step", "at", "of", "note", "notes_reads"})
_MAPPING = frozenset({"points", "powers", "params", "risky_five_points"})


class _WatchedMapping(Mapping[Any, Any]):
    """A mapping field of `Watched` rules that notes each entry read."""

    def __init__(self, data: Mapping[Any, Any], rules: Watched, name: str) -> None:
        self._data, self._rules, self._name = data, rules, name

    def __getitem__(self, key: Any) -> Any:
        self._rules.note((self._name, key))
        return self._data[key]

    def get(self, key: Any, default: Any = None) -> Any:
        self._rules.note((self._name, key))
        return self._data.get(key, default)

    def __contains__(self, key: object) -> bool:
        self._rules.note((self._name, key))
        return key in self._data

    def __iter__(self) -> Iterator[Any]:
        self._rules.note((self._name, None))
        return iter(self._data)

    def __len__(self) -> int:
        self._rules.note((self._name, None))
        return len(self._data)


def _first_read(watched: Watched, key: str) -> int | None:
    """The first step at which a replay under `watched` read something a change of option
    `key` can change (`cambio_ref.tables.changes_of`); None if it read nothing of the kind."""
    changes = changes_of(key)
    firsts = []
    for read, step in watched.reads.items():
        if isinstance(read, tuple):
            name, entry = read
            if name in changes.entries:
                some = changes.entries[name]
                if some is None or entry is None or entry in some:
                    firsts.append(step)
        elif read in changes.fields:
            firsts.append(step)
    return min(firsts, default=None)


def _implementation_reply(d: Disagreement) -> Any:
    """What the implementation answered at the step (a code stands for its rejection)."""
    actual = d.actual
    if d.aspect == "rejection" and isinstance(actual, str):
        return Rejection(actual)
    return actual


def _shows(d: Disagreement, ref: Reference, reply: Any) -> bool:
    """True if the reference, after replying `reply`, shows what the implementation did."""
    state = ref.state
    assert state is not None
    if d.aspect in ("events", "rejection"):
        return reply is not None and _exactly(reply, _implementation_reply(d))
    if reply is not None and not _same(reply, d.game.steps[d.index - 1].expected):
        return False
    if d.aspect == "view" and d.observe is not None:
        return mismatch(view(state, d.observe), d.actual) is None
    if d.aspect == "snapshot" and isinstance(d.snapshot, dict):
        return snapshot_difference(state.snapshot(), d.snapshot) is None
    if d.aspect == "legal" and d.listed is not None:
        return legal_keys(legal_blocks(state)) == d.listed
    return False


def _begin(ref: Reference, game: Game, rules: Rules) -> tuple[int, list[Event] | None]:
    """Start `ref` where a replay of `game` under `rules` starts: at the state taken over
    from the implementation (the steps played then, and no deal), else at the deal (no
    step, and the deal's events)."""
    if game.resynced is not None:
        count, snap = game.resynced
        ref.state = rebuild(snap, rules, game.seed)
        return count, None
    return 0, ref.new_game(rules, game.players, game.dealer, game.deck, game.seed, game.first)


def reach(d: Disagreement, rules: Rules, start: tuple[int, dict[str, Any]] | None = None,
          watch: Watched | None = None) -> int | None:
    """How many of the implementation's later replies the reference under `rules` gives
    too, if it gives every earlier reply and the implementation's at the step; else None.
    From `start` (a step's index and the snapshot of the state it is sent in, every
    earlier reply known to be given) if given; with `watch` (the rules, watched), each
    step's index is told to it before the step is played."""
    game = d.game
    ref = Reference()
    try:
        if start is not None:
            count, deal = start[0], None
            ref.state = rebuild(start[1], rules, game.seed)
        else:
            count, deal = _begin(ref, game, rules)
        if deal is not None:
            if d.where == "deal":
                if d.aspect == "events":
                    return 0 if isinstance(d.actual, list) and _exactly(deal, d.actual) else None
                return 0 if _shows(d, ref, None) else None
            if not _same(game.deal, deal):
                return None
        for index in range(count, d.index - 1):
            if watch is not None:
                watch.at(index)
            step = game.steps[index]
            if not _same(step.expected, ref.act(step.action)):
                return None
        if watch is not None:
            watch.at(d.index - 1)
        if d.index < 1 or not _shows(d, ref, ref.act(game.steps[d.index - 1].action)):
            return None
        agreed = 0
        for action, reply in d.after:
            if not _exactly(ref.act(action), reply):
                break
            agreed += 1
        return agreed
    except (CambioError, IncompleteSnapshot, ValueError, KeyError, IndexError, AssertionError):
        return None


def refutes(d: Disagreement, played: Rules, without: Rules) -> bool:
    """True if, at `d`'s step, the implementation did what one as-if value says it would
    not: from the state the game had reached under `played` (the rules the reference
    played), the reference under `without` (those less that value) replies as the
    implementation did (events or a rejection code), or accepts the action where the
    implementation accepted one `played` refuses, or refuses it where the implementation
    refused one `played` accepts (what it then does or says besides may be another
    difference of its own), or, for a view, shows the view the implementation showed."""
    if d.aspect not in ("events", "rejection", "view") or d.index < 1 or d.where == "deal":
        return False
    game = d.game
    ref = Reference()
    try:
        count, _ = _begin(ref, game, played)
        for step in game.steps[count:d.index - 1]:
            ref.act(step.action)
        assert ref.state is not None
        ref.state = rebuild(ref.state.snapshot(), without, game.seed)
        reply = ref.act(game.steps[d.index - 1].action)
        if d.field in ("accepted", "rejected"):
            return isinstance(reply, Rejection) == (d.field == "rejected")
        return _shows(d, ref, reply)
    except (CambioError, IncompleteSnapshot, ValueError, KeyError, IndexError, AssertionError):
        return False


def _values(key: str, current: Value, scores: bool) -> list[Value]:
    values = [a.value for a in load_catalogue().option(key).alternatives]
    if scores and isinstance(current, int) and not isinstance(current, bool):
        values += [v for v in SCORE_RANGE if v not in values]
    return [v for v in values if not (v == current and type(v) is type(current))]


def _equal(a: Any, b: Value) -> bool:
    return bool(a == b and type(a) is type(b))


def fits(d: Disagreement, known: Sequence[Fit] = (), *, maybe: Sequence[Fit] = (),
         refuted: Collection[str] = ()) -> list[Fit]:
    """Every option value that explains `d` and agrees with the most later replies
    (see the module's docstring); the `known` ones (confirmed elsewhere) are tried first,
    then the `maybe` ones (each one of several that fitted elsewhere), and when one of a
    pool fits, only that pool is tried; the `refuted` ones (labels) never, nor the value the
    game's own rules declare (where the reference plays another as if, the implementation
    playing the declared one refutes that, `conformance.onward.refuted_value`)."""
    if code_difference(d):  # (both refuse: which check comes first is no option's value
        return []  # on its own evidence; `folds` says which values a code difference fits)
    return _search(d, known, maybe, refuted)


def code_difference(d: Disagreement) -> bool:
    """True if `d` is a rejection with another code than the reference's."""
    return d.aspect == "rejection" and d.field == "code"


def folds(d: Disagreement, known: Sequence[Fit] = (), *, maybe: Sequence[Fit] = (),
          refuted: Collection[str] = ()) -> list[Fit]:
    """The option values under which the reference rejects `d`'s action with the
    implementation's code, searched as `fits` searches. A code difference is never named
    by these alone (which check comes first is no option's value: jason-s-yu/cambia's call
    out of turn, E_CALL_TIMING for E_NOT_YOUR_TURN, fits call.timing=end-of-turn); the run
    folds it into one of them only where the whole run names that value on other evidence
    (`conformance.grouping.group`)."""
    return _search(d, known, maybe, refuted) if code_difference(d) else []


def _search(d: Disagreement, known: Sequence[Fit], maybe: Sequence[Fit],
            refuted: Collection[str]) -> list[Fit]:
    if d.aspect not in ASPECTS or (d.index == 0 and d.where != "deal"):
        return []
    base = with_values(d.game.rules, d.as_if)
    watched = Watched.of(base)
    if reach(d, watched, watch=watched) is not None:  # (no change needed: nothing to explain)
        return []
    current = base.values()
    declared = d.game.rules.values()
    scores = d.field in SCORED
    pools: list[list[Fit]] = [list(known), [fit for fit in maybe if fit not in known],
                              [Fit(label(key, value), key, value)
                               for key in option_keys() if key not in FIXED
                               for value in _values(key, current[key], scores)]]
    states: dict[int, dict[str, Any]] = {}
    firsts: dict[str, int | None] = {}  # (by option: the same for each of its values)
    for pool in pools:
        tried: list[tuple[Fit, Rules, int]] = []
        for fit in pool:
            if fit.label in refuted or _equal(current.get(fit.key), fit.value) \
                    or _equal(declared.get(fit.key), fit.value):
                continue
            if fit.key not in firsts:
                firsts[fit.key] = _first_read(watched, fit.key)
            first = firsts[fit.key]
            if first is None:  # (it plays as `base` up to where that fails)
                continue
            try:
                rules = with_values(base, [(fit.key, fit.value)])
            except CambioError:
                continue
            tried.append((fit, rules, first))
        states.update(_states_before(d, base, {first for _, _, first in tried} - set(states)))
        found: list[tuple[int, Fit]] = []
        for fit, rules, first in tried:
            start = states.get(first)
            agreed = reach(d, rules, None if start is None else (first, start))
            if agreed is not None:
                found.append((agreed, fit))
        if found:
            best = max(agreed for agreed, _ in found)
            return [fit for agreed, fit in found if agreed == best]
    return []


def _states_before(d: Disagreement, rules: Rules, steps: set[int]) -> dict[int, dict[str, Any]]:
    """The snapshots of the states `d`'s game is in before each of `steps` (indices of its
    steps; a replay under `rules`, each earlier reply known to be given), where one can
    be taken (not at the deal, nor before the reference took the game over)."""
    ref = Reference()
    found: dict[int, dict[str, Any]] = {}
    try:
        count, _ = _begin(ref, d.game, rules)
        wanted = {step for step in steps if step >= count}
        for index in range(count, max(wanted, default=-1) + 1):
            assert ref.state is not None
            if index in wanted:
                found[index] = ref.state.snapshot()
                if len(found) == len(wanted):
                    break
            ref.act(d.game.steps[index].action)
    except (CambioError, IncompleteSnapshot, ValueError, KeyError, IndexError, AssertionError):
        pass
    return found


class Diagnoser:
    """`fits` over a run: the values found so far alone (confirmed) are tried first, then
    those found among several, then every value, but never one refuted (`refute`). A kind
    of difference (status, aspect, field) that no value explained once is still searched
    the next time: an unexplained fault and a planted value may well show on the same
    field. Only the very same difference again (`same_difference`) is not searched
    again."""

    def __init__(self) -> None:
        self.fitted: list[Fit] = []
        self.maybe: list[Fit] = []  # each one of several values that fitted a difference
        self.last: list[Fit] = []  # what the last `diagnose` found
        self.refuted: set[str] = set()  # labels of values a later step refuted (`refutes`)
        self.unexplained: set[tuple[Any, ...]] = set()  # (`same_difference`) none fitted
        self.items: dict[Fit, int] = {}  # the items each value alone explained (`tally`)

    def tally(self, fits_alone: Collection[Fit]) -> None:
        """Count one more item that `fits_alone` (each alone) explained."""
        for fit in fits_alone:
            self.items[fit] = self.items.get(fit, 0) + 1

    def carried(self, least: int = 2) -> list[Fit]:
        """The confirmed values later items play from the start: those that explained
        differences alone in at least `least` items and were never refuted (one item is
        no evidence for the whole run: the value may fit it by chance)."""
        return [fit for fit in self.fitted if self.items.get(fit, 0) >= least]

    def refute(self, key: str, value: Value) -> None:
        """Never name the value `value` of the Rules field `key` again: a step after the
        one it fitted showed the implementation doing otherwise."""
        self.refuted.add(label(key, value))
        self.fitted = [fit for fit in self.fitted if fit.label not in self.refuted]
        self.maybe = [fit for fit in self.maybe if fit.label not in self.refuted]

    def confirm(self, fit: Fit) -> None:
        """Try `fit` first from now on: it alone explains a difference."""
        if fit not in self.fitted:
            self.fitted.append(fit)

    def diagnose(self, d: Disagreement) -> list[Fit]:
        """The values that fit `d`; sets ``d.candidates`` and ``d.rule``. A value found
        alone is tried first for later differences; one of several that fit is not (it
        may be wrong, and would then hide the right one)."""
        same = same_difference(d)
        if code_difference(d):  # (named only by folding into a value named elsewhere)
            found = [] if same in self.unexplained else folds(d, self.fitted, maybe=self.maybe,
                                                                refuted=self.refuted)
            if not found:
                self.unexplained.add(same)
            d.folds = [fit.label for fit in found]
            d.candidates, d.rule, self.last = [], core_rule(d), []
            return []
        found = [] if same in self.unexplained else fits(d, self.fitted, maybe=self.maybe,
                                                           refuted=self.refuted)
        if not found:
            self.unexplained.add(same)
        self.last = found
        if len(found) == 1 and found[0] not in self.maybe:
            self.confirm(found[0])
        elif found:
            self.maybe.extend(fit for fit in found if fit not in self.maybe)
        d.candidates = [fit.label for fit in found]
        d.rule = " or ".join(d.candidates) if found else core_rule(d)
        return found


def same_difference(d: Disagreement) -> tuple[Any, ...]:
    """What makes two differences the very same: the field, and what differs there (the
    message names the field's two values; a rejection's, the action too), with the same
    as-if values; whatever the action, item or rules they show in.

    >>> from cambio_ref.rules import resolve
    >>> from conformance.lockstep import Game
    >>> game = Game(resolve("online"), 2, 0, 0, [])
    >>> a = Disagreement("fail", "step 9", "reason: expected called, got done", game)
    >>> b = Disagreement("fail", "step 31", "reason: expected called, got done", game)
    >>> same_difference(a) == same_difference(b)
    True
    """
    return (d.status, d.aspect, d.field, d.message, d.as_if)


def core_rule(d: Disagreement) -> str | None:
    """The rule a rejection involves: the one the reference's rejection names, else the
    one the implementation's code stands for (None for anything but a rejection, or a
    broken property: the rule it tests, `conformance.properties`)."""
    if d.aspect == "property":
        return d.rule
    if d.aspect != "rejection":
        return None
    expected = d.game.steps[d.index - 1].expected if d.index else None
    if isinstance(expected, Rejection) and expected.rule:
        return expected.rule
    errors = load_catalogue().errors
    code = d.actual if isinstance(d.actual, str) else ""
    return errors[code].rule if code in errors else None


def diagnose(d: Disagreement, known: Sequence[Fit] = ()) -> str | None:
    """The option value that explains `d` (all that fit, joined by `` or ``), else the core
    rule a rejection involves, else None; sets ``d.candidates``."""
    if d.aspect == "failure":
        return None
    diagnoser = Diagnoser()
    diagnoser.fitted.extend(known)
    diagnoser.diagnose(d)
    return d.rule
