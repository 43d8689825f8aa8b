"""Each deviation once: the deviations of a run's cases and fuzz games, grouped by root cause.

Every item records its deviations as occurrences (`occurrence`). `group` puts
the run's occurrences together by cause:

- explained ones by the option values that fit them (`conformance.diagnosis`):
  occurrences whose values overlap are one deviation, named by the values that
  fit every one of them (told apart by the other items, or all listed);
- a rejection with another code than the reference's, one deviation per pair of
  codes (a class of its own, waivable as a whole as ``rejection-code``), unless every
  occurrence of that pair fits a value the run names on other evidence: it is then
  folded into that value's deviation (`_folded`);
- anything else (unexplained) by what differs: the status, the aspect and field,
  and the core rule a rejection involves.

`Cause.sentence` says it in one sentence; `plays_as` gives the rules the
implementation plays, as a one-line form.

>>> occ = {"key": "code:E_A->E_B", "cls": "code", "status": "rejected_wrongly",
...        "kind": "draw", "field": "code", "step": "step 3", "item": "x[online]",
...        "count": 1, "candidates": [], "rule": "core.turn-order", "size": 3,
...        "expected": "E_A", "actual": "E_B", "repro": "cambio conform -k x",
...        "waived": None, "rules": "online", "message": "m"}
>>> print(*[c.sentence() for c in group([occ, dict(occ, item="y[online]")])])  # doctest: +NORMALIZE_WHITESPACE
Rejects draw with E_B where the reference rejects it with E_A (rule core.turn-order), 2 times in
2 items (x[online], y[online]); smallest: cambio conform -k x.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from cambio_ref.catalogue import Value, load_catalogue
from cambio_ref.errors import CambioError
from cambio_ref.rules import format_value, resolve
from conformance.diagnosis import core_rule
from conformance.lockstep import Disagreement
from conformance.sanitise import shorten

CODE_CLASS = "rejection-code"  # the waiver id of every wrong-code deviation
MIN_ITEMS = 2  # a value is named only when it explains differences in this many items


def value_of(oid: str, text: str) -> Value:
    """The value of option `oid` written `text` in a one-line form.

    >>> value_of("value.red-king", "-1"), value_of("snap.enabled", "false")
    (-1, False)
    """
    for alt in load_catalogue().option(oid).alternatives:
        if format_value(alt.value) == text:
            return alt.value
    try:
        return int(text)
    except ValueError:
        return text


def key_of(d: Disagreement, *, named: bool = True) -> tuple[str, str]:
    """The class (``explained``, ``code`` or ``unexplained``) and root-cause key of `d`
    (without `named`: as if no option value explained it)."""
    if d.candidates and named:
        return "explained", "fits:" + " or ".join(sorted(d.candidates))
    if d.aspect == "rejection" and d.field == "code":
        return "code", f"code:{d.expected}->{d.actual}"
    rule = _plain_rule(d)
    return "unexplained", f"{d.status}:{d.aspect}:{d.field}{f':{rule}' if rule else ''}"


def _plain_rule(d: Disagreement) -> str | None:
    """The core rule `d` involves (none of the option values that explain it)."""
    return core_rule(d) if d.candidates else (d.rule if d.rule and "=" not in d.rule else None)


def occurrence(d: Disagreement, item: str, *, how: str, repro: str, rules: str,
               waived: str | None, count: int = 1, games: int = 1,
               options: Sequence[str] = ()) -> dict[str, Any]:
    """One deviation of one item, as JSON (what `group` reads). An explained one also
    says what it is without its values (``plain``), and every occurrence the values
    refuted in the run so far (``refuted``): `group` names none of those anywhere.
    `games`: the games a fuzz deviation showed in; `options`: those a case is written for."""
    found = {"status": d.status, "kind": d.kind, "field": d.field, "step": d.where,
             "item": item, "count": count, "candidates": list(d.candidates),
             "size": len(d.game.steps), "how": how, "repro": repro, "waived": waived,
             "rules": rules, "message": d.message, "refuted": list(d.refuted),
             "games": games, "options": list(options), "behind": d.behind,
             "folds": list(d.folds),
             **_named(d, *key_of(d))}
    if found["cls"] == "explained":
        found["plain"] = _named(d, *key_of(d, named=False))
    return found


def _named(d: Disagreement, cls: str, key: str) -> dict[str, Any]:
    return {"key": key, "cls": cls,
            "rule": (d.rule if not d.candidates else _plain_rule(d)) if cls != "explained"
            else None,
            "expected": d.expected if cls == "code" else None,
            "actual": d.actual if cls == "code" else None}


def unrefuted(occurrences: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """`occurrences` without the option values refuted anywhere among them: an
    explained occurrence left with none is what it is without them (``plain``).

    >>> ccw = "turn.direction=counter-clockwise"
    >>> plain = {"key": "fail:events:turn.player", "cls": "unexplained", "rule": None}
    >>> named = {"cls": "explained", "key": "fits:" + ccw, "candidates": [ccw], "plain": plain}
    >>> later = {"cls": "unexplained", "key": "k", "candidates": [], "refuted": [ccw]}
    >>> [o["key"] for o in unrefuted([named, later])], [o["key"] for o in unrefuted([named])]
    (['fail:events:turn.player', 'k'], ['fits:turn.direction=counter-clockwise'])
    """
    found = list(occurrences)
    refuted = {value for occ in found for value in occ.get("refuted", ())}
    if not refuted:
        return found
    result = []
    for occ in found:
        if occ["cls"] == "explained" and refuted & set(occ["candidates"]):
            left = [c for c in occ["candidates"] if c not in refuted]
            occ = dict(occ, candidates=left) if left else dict(occ, candidates=[], **occ["plain"])
        result.append(occ)
    return result


@dataclass
class Cause:
    """One distinct deviation: every occurrence of one root cause."""

    cls: str
    occurrences: list[dict[str, Any]] = field(default_factory=list)
    values: list[str] = field(default_factory=list)  # the option values that fit them all

    @property
    def closest(self) -> str | None:
        """The option values that fit some of its occurrences but that the run does not
        support (`supported`), said as such: ``closest: `X` (fits one game)``."""
        notes = dict.fromkeys(str(o["closest"]) for o in self.occurrences if o.get("closest"))
        return "; ".join(notes) or None

    @property
    def first(self) -> dict[str, Any]:
        return self.occurrences[0]

    @property
    def count(self) -> int:
        return sum(int(o.get("count", 1)) for o in self.occurrences)

    @property
    def items(self) -> list[str]:
        return list(dict.fromkeys(o["item"] for o in self.occurrences))

    @property
    def smallest(self) -> dict[str, Any]:
        return min(self.occurrences, key=lambda o: (o.get("size", 0), o["item"]))

    @property
    def waived(self) -> str | None:
        """The waiver, when every occurrence is waived."""
        reasons = [o.get("waived") for o in self.occurrences]
        return reasons[0] if reasons and all(reasons) else None

    @property
    def rule(self) -> str:
        if self.values:
            return " or ".join(self.values)
        rule = self.first.get("rule")
        return str(rule) if rule else "unexplained"

    @property
    def as_if(self) -> dict[str, Any] | None:
        """The option value it plays as (when exactly one fits), ``{option.id: value}``."""
        if len(self.values) != 1:
            return None
        oid, _, text = self.values[0].partition("=")
        return {oid: value_of(oid, text)}

    @property
    def ended(self) -> list[str]:
        """The items that ended at it: the reference could not go on past it, so their
        later steps and expectations went unchecked."""
        return list(dict.fromkeys(str(o["item"]) for o in self.occurrences
                                  if o.get("how") == "ended"))

    @property
    def lost(self) -> list[str]:
        """The items in which the reference lost track at it: their later steps ran only
        against the properties and the case's own expectations."""
        return list(dict.fromkeys(str(o["item"]) for o in self.occurrences
                                  if o.get("how") == "lost"))

    def where(self) -> str:
        kinds = sorted({str(o["kind"]) for o in self.occurrences})
        fields = sorted({str(o["field"]) for o in self.occurrences})
        return f"{'/'.join(kinds)} ({', '.join(fields)})"

    def sentence(self) -> str:
        """What the implementation does differently, where, its rule, how often, in which
        items, and the smallest reproducer, in one sentence."""
        first = self.first
        items = self.items
        shown = ", ".join(items[:5]) + (f" and {len(items) - 5} more" if len(items) > 5 else "")
        ended, lost = len(self.ended), len(self.lost)
        unchecked = (f"; {ended} of them ended here, their later steps and expectations"
                     " unchecked" if ended else "")
        unchecked += (f"; the reference lost track here in {lost} of them, whose later steps"
                      " were checked only by the properties and the case's own expectations"
                      if lost else "")
        tail = (f", {self.count} time{'s' if self.count != 1 else ''} in {len(items)}"
                f" item{'s' if len(items) != 1 else ''} ({shown}){unchecked}; smallest:"
                f" {self.smallest['repro']}.")
        if self.cls == "code":
            rule = f" (rule {first['rule']})" if first.get("rule") else ""
            return (f"Rejects {first['kind']} with {first['actual']} where the reference"
                    f" rejects it with {first['expected']}{rule}{tail}")
        if self.values:
            which = " or ".join(f"`{v}`" for v in self.values)
            return f"Plays as if {which}: first seen on {self.where()}{tail}"
        rule = f", core rule {first['rule']}" if first.get("rule") else ""
        closest = f" ({self.closest})" if self.closest else ""
        return (f"Unexplained {first['status'].replace('_', ' ')} on {self.where()}"
                f" at {first['step']}{rule}{closest}: {shorten(first['message'], 160)}{tail}")

    def to_json(self) -> dict[str, Any]:
        """The log's line for it."""
        return {"type": "deviation", "summary": self.sentence(), "rule": self.rule,
                "ended": len(self.ended), "lost": len(self.lost),
                "as_if": self.as_if, "count": self.count, "items": self.items,
                "repro": self.smallest["repro"], "class": self.cls, "key": self.first["key"],
                "waived": self.waived}


class Changes(Protocol):
    """What tells the items that agreed with the declared rules which a value changes
    (`conformance.naming.Agreeing`)."""

    def changed(self, value: str) -> list[str]: ...


def group(occurrences: Iterable[dict[str, Any]], agreeing: Changes | None = None) -> list[Cause]:
    """The distinct deviations among `occurrences` (see the module's docstring), in the
    order they were first seen; option values the run does not support (`supported`,
    with `agreeing`: the items that agreed with the declared rules) are not named: their
    occurrences are grouped by what differs, the values said closest."""
    found = unrefuted(occurrences)
    first = _clusters(found)
    if not any(cause.cls == "explained" for cause in first):
        return first
    demoted: dict[int, str] = {}  # (id of an occurrence: why its values are not named)
    named: set[str] = set()
    dropped: set[str] = set()  # (values of a named cause that change agreeing items)
    for cause in first:
        if cause.cls == "explained":
            why = supported(cause, found, agreeing)
            if why is not None:
                demoted.update((id(o), why) for o in cause.occurrences)
                continue
            changing = [v for v in cause.values if agreeing is not None and agreeing.changed(v)]
            dropped.update(changing)
            named.update(v for v in cause.values if v not in changing)
    folded = _folded(found, named)
    if not demoted and not folded and not dropped:
        return first
    return _clusters([dict(o, candidates=[], closest=demoted[id(o)], **o["plain"])
                      if id(o) in demoted else folded.get(id(o), _without(o, dropped))
                      for o in found])


def _without(occ: dict[str, Any], values: set[str]) -> dict[str, Any]:
    """`occ` without the candidate `values` (some others are left: `group`)."""
    if occ["cls"] != "explained" or not values & set(occ["candidates"]):
        return occ
    return dict(occ, candidates=[c for c in occ["candidates"] if c not in values])


def _folded(occurrences: Sequence[dict[str, Any]], named: set[str]) -> dict[int, dict[str, Any]]:
    """The code differences among `occurrences` that fold into a value the run names
    (`named`, on other evidence), as explained occurrences (by id): those whose every
    occurrence under the same rules fits it (``folds``, `conformance.diagnosis.folds`).

    >>> code = {"cls": "code", "key": "code:E_A->E_B", "rules": "x", "folds": ["a.b=c"],
    ...         "rule": None, "expected": "E_A", "actual": "E_B"}
    >>> [o["candidates"] for o in _folded([code], {"a.b=c"}).values()], _folded([code], set())
    ([['a.b=c']], {})
    """
    values: dict[tuple[str, Any], set[str]] = {}
    for occ in occurrences:
        if occ["cls"] == "code":
            where = (occ["key"], occ.get("rules"))
            fits = set(occ.get("folds", ())) & named
            values[where] = values[where] & fits if where in values else fits
    result = {}
    for occ in occurrences:
        fits = values.get((occ["key"], occ.get("rules")), set()) if occ["cls"] == "code" \
            else set()
        if fits:
            plain = {k: occ[k] for k in ("key", "cls", "rule", "expected", "actual")}
            result[id(occ)] = dict(occ, cls="explained", candidates=sorted(fits), plain=plain,
                                   key="fits:" + " or ".join(sorted(fits)), rule=None,
                                   expected=None, actual=None)
    return result


def supported(cause: Cause, occurrences: Sequence[dict[str, Any]],
              agreeing: Changes | None = None) -> str | None:
    """None if the run supports naming the values of the explained `cause`: they explain
    it in at least `MIN_ITEMS` items (games, for fuzzing), or in a case written for
    their option and played again under them; the same difference shows in no item they do not explain; and, with
    `agreeing`, replaying the items that agreed with the declared rules under one of them
    at least changes no reply there (`conformance.naming`; `group` drops the others).
    Else the closest fit, said as such.

    >>> occ = {"item": "fuzz[x] games 4", "games": 1, "options": [], "rules": "online",
    ...        "plain": {"key": "fail:events:snapped.card"}, "cls": "explained"}
    >>> supported(Cause("explained", [occ], ["snap.match=points"]), [occ])
    'closest: `snap.match=points` (fits one game)'
    """
    values = " or ".join(f"`{v}`" for v in cause.values)
    items = {str(o["item"]): int(o.get("games", 1)) for o in cause.occurrences}
    shown = sum(items.values())
    options = {v.partition("=")[0] for v in cause.values}
    # (a case counts alone only if it was played again under the value: a difference
    # noted as harmless, a view or the legal actions, never was, so its later steps
    # never had the chance to refute the value)
    written = any(options & set(o.get("options", ())) and o.get("how") != "noted"
                  for o in cause.occurrences)
    keys = {(o["plain"]["key"], o.get("rules")) for o in cause.occurrences}
    against = {str(o["item"]) for o in occurrences
               if o["cls"] != "explained" and (o["key"], o.get("rules")) in keys}
    fits = f"fits {'one game' if shown == 1 else f'{shown} games or items'}"
    if against:
        return (f"closest: {values} ({fits}, not the {len(against)} other"
                f" item{'s' if len(against) != 1 else ''} where the same difference shows)")
    if shown < MIN_ITEMS and not written:
        return f"closest: {values} ({fits})"
    adds = _changed(cause.values, agreeing) if agreeing is not None else []
    if adds:
        return (f"closest: {values} ({fits}, but changes replies in {len(adds)}"
                f" item{'s that agree' if len(adds) != 1 else ' that agrees'} with the"
                " declared rules)")
    return None


def _changed(values: Sequence[str], agreeing: Changes) -> list[str]:
    """The items agreeing with the declared rules that each of `values` changes (none
    if one of them changes none)."""
    found: set[str] = set()
    for value in values:
        items = agreeing.changed(value)
        if not items:
            return []
        found.update(items)
    return sorted(found)


def _clusters(occurrences: Iterable[dict[str, Any]]) -> list[Cause]:
    causes: list[Cause] = []
    by_key: dict[str, Cause] = {}
    for occ in occurrences:
        if occ["cls"] == "explained":
            values = set(occ["candidates"])
            match = next((c for c in causes if c.cls == "explained"
                          and values & set(c.values)), None)
            if match is not None:
                match.values = sorted(values & set(match.values))
                match.occurrences.append(occ)
                continue
            cause = Cause("explained", [occ], sorted(values))
            causes.append(cause)
            continue
        found = by_key.get(occ["key"])
        if found is None:
            found = by_key[occ["key"]] = Cause(occ["cls"], [occ])
            causes.append(found)
        else:
            found.occurrences.append(occ)
    return causes


def plays_as(rules: str, causes: Sequence[Cause]) -> str | None:
    """The rules `rules` (a one-line form) with every value the causes name alone, as one
    consistent one-line form: values of one option that contradict each other are left
    out (`contradictions` says which); None when no cause names one value.

    >>> plays_as("hearts", [Cause("explained", [], ["value.red-king=-1"])])
    'hearts(red_king=-1)'
    >>> plays_as("hearts", [Cause("explained", [], ["value.red-king=-1"]),
    ...                     Cause("explained", [], ["value.red-king=0"])]) is None
    True
    """
    cat = load_catalogue()
    clashing = {oid for oid, _ in contradictions(causes)}
    values = [(cat.option(oid).key, value) for cause in causes if cause.as_if
              for oid, value in cause.as_if.items() if oid not in clashing]
    if not values:
        return None
    try:
        base = resolve(rules)
        return resolve(base.name, [*base.overrides, *values]).canonical
    except CambioError:
        return None


def contradictions(causes: Sequence[Cause]) -> list[tuple[str, list[str]]]:
    """The options for which the causes name more than one value, with those values.

    >>> contradictions([Cause("explained", [], ["snap.enabled=false"]),
    ...                 Cause("explained", [], ["snap.enabled=true"])])
    [('snap.enabled', ['snap.enabled=false', 'snap.enabled=true'])]
    """
    by_option: dict[str, list[str]] = {}
    for cause in causes:
        if cause.as_if:
            label = cause.values[0]
            found = by_option.setdefault(label.partition("=")[0], [])
            if label not in found:
                found.append(label)
    return [(oid, labels) for oid, labels in by_option.items() if len(labels) > 1]


def plays_as_line(rules: str, causes: Sequence[Cause]) -> str | None:
    """The summary's last line for the target `rules`: the rules it plays as (one
    consistent set of values over the whole run), the contradictions left out, and how
    many of its causes no option value explains; None if there is nothing to say.

    >>> print(plays_as_line("hearts", [Cause("explained", [], ["value.red-king=-1"]),
    ...                                Cause("unexplained", [{}])]))
    hearts plays as: hearts(red_king=-1), and 1 difference no option explains
    """
    form = plays_as(rules, causes)
    clashes = contradictions(causes)
    rest = sum(1 for cause in causes if cause.cls != "explained")
    if form is None and not clashes:
        return None
    line = f"{rules} plays as: {form or rules}"
    for oid, labels in clashes:
        line += (f" (contradiction: {' and '.join(f'`{v}`' for v in labels)} each explain"
                 f" some items; {oid} is not named)")
    if rest:
        line += f", and {rest} difference{'s' if rest != 1 else ''} no option explains"
    return line
