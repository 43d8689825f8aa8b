"""Which rule a disagreement concerns: the option value the implementation behaves as if
it played, or the rule a rejection names.

`diagnose` replays the game on the reference under the same rules with one
option changed at a time. An option value under which the reference gives
every earlier reply unchanged and then exactly the implementation's reply (its
events, its rejection code or the player's view) explains the disagreement:
the implementation plays ``option=value`` there. A rejection the reference
makes names its own rule. Failing both, the event kind that differs points at
the option that governs it (a guess, written without a value).

>>> from cambio_ref.rules import resolve
>>> from conformance.lockstep import Disagreement, Game, Step
>>> rules = resolve("online")
>>> game = Game(rules, 2, 0, 0, [c.code for c in rules.deck(2)])
>>> d = Disagreement("fail", "deal", "x", game, aspect="events", field="turn.player")
>>> diagnose(d)
'turn.direction'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cambio_ref.catalogue import load_catalogue
from cambio_ref.errors import CambioError
from cambio_ref.rules import Rules, format_value, option_keys, resolve
from cambio_ref.views import view
from conformance.implementation import Reference, Rejection
from conformance.lockstep import Disagreement, Game, events_difference
from conformance.matching import mismatch

# The option an event kind most likely concerns (a guess when no option value explains).
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


def _same(want: Any, got: Any) -> bool:
    if isinstance(want, Rejection) or isinstance(got, Rejection):
        return isinstance(want, Rejection) and isinstance(got, Rejection) and want.code == got.code
    return events_difference(want, got) is None


def _replays(game: Game, rules: Rules, d: Disagreement) -> bool:
    """True if the reference under `rules` gives the same earlier replies and then the
    implementation's reply (or view) at the disagreement."""
    ref = Reference()
    try:
        deal = ref.new_game(rules, game.players, game.dealer, game.deck, game.seed, game.first)
    except (CambioError, ValueError, KeyError):
        return False
    last = len(game.steps) - 1
    if d.where == "deal":
        last = -1
        if d.aspect == "events":
            return isinstance(d.actual, list) and events_difference(deal, d.actual) is None
    elif events_difference(game.deal, deal) is not None:
        return False
    for i, step in enumerate(game.steps):
        reply = ref.act(step.action)
        if i < last and not _same(step.expected, reply):
            return False
        if i == last and d.aspect in ("events", "rejection"):
            actual = d.actual
            if isinstance(actual, str):  # a rejection code
                actual = Rejection(actual)
            return _same(reply, actual)
    if d.aspect == "view" and d.observe is not None and ref.state is not None:
        return mismatch(view(ref.state, d.observe), d.actual) is None
    return False


def explains(d: Disagreement, rule: str) -> bool:
    """True if the reference, with the option value `rule` (``id=value``), replies as the
    implementation did."""
    oid, sep, text = rule.partition("=")
    cat = load_catalogue()
    if not sep or not cat.has_option(oid) or d.aspect not in ("events", "rejection", "view"):
        return False
    try:
        rules = resolve(d.game.rules.name, [*d.game.rules.overrides,
                                             (cat.option(oid).key, text)])
    except CambioError:
        return False
    return _replays(d.game, rules, d)


def explain(d: Disagreement) -> str | None:
    """The ``option=value`` under which the reference replies as the implementation did."""
    if d.aspect not in ("events", "rejection", "view") or d.actual is None:
        return None
    cat = load_catalogue()
    game = d.game
    current = game.rules.values()
    scores = d.field.startswith("round_over.")
    for key in option_keys():
        if key in FIXED:
            continue
        opt = cat.option(key)
        values = [a.value for a in opt.alternatives]
        if scores and isinstance(current[key], int) and not isinstance(current[key], bool):
            values += [v for v in SCORE_RANGE if v not in values]
        for value in values:
            if value == current[key] and type(value) is type(current[key]):
                continue
            try:
                rules = resolve(game.rules.name, [*game.rules.overrides, (key, value)])
            except CambioError:
                continue
            if _replays(game, rules, d):
                return f"{opt.id}={format_value(value)}"
    return None


def diagnose(d: Disagreement, known: Sequence[str] = ()) -> str | None:
    """The option or core rule a disagreement concerns (see the module's docstring).
    The `known` rules (found for earlier disagreements) are tried first."""
    if d.aspect == "failure":
        return None
    for rule in known:
        if explains(d, rule):
            return rule
    expected = d.game.steps[-1].expected if d.game.steps and d.where != "deal" else None
    if d.aspect == "rejection" and isinstance(expected, Rejection) and expected.rule:
        return expected.rule
    found = explain(d)
    if found:
        return found
    errors = load_catalogue().errors
    if d.aspect == "rejection" and isinstance(d.actual, str) and d.actual in errors:
        return errors[d.actual].rule
    kind = d.field.split(".", 1)[0].removeprefix("events[").rstrip("]")
    return OPTION_BY_EVENT.get(kind)
