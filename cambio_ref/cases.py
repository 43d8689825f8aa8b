"""Edge cases (spec/cases): the scenario model, loading and checking.

A case is a fixed deal and a list of actions, with expectations per ruleset
(or per option value). `conformance.scenarios.run_case` plays one against any
implementation.

>>> case = load_cases()["tie.caller-ties-lowest"]
>>> case.applies_to("official"), case.options
(True, ('end.tie',))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from cambio_ref import diskcache
from cambio_ref.cards import Card
from cambio_ref.catalogue import (
    Catalogue,
    citations,
    load_catalogue,
    schema_batch,
    schema_problems,
    spec_key,
)
from cambio_ref.errors import CambioError, Problem, SpecError
from cambio_ref.names import did_you_mean, quoted
from cambio_ref.resources import cases_dir
from cambio_ref.rules import Rules, format_value, overrides_by_key, resolve
from cambio_ref.spec_checks import check_citations
from cambio_ref.state import arrange, dealer_for, new_round
from cambio_ref.yamlio import YamlDoc, format_path, load_yaml, yaml_files


@dataclass(frozen=True)
class Case:
    """One scenario file."""

    id: str
    title: str
    options: tuple[str, ...]
    data: Mapping[str, Any]
    file: str

    @property
    def rulesets(self) -> Mapping[str, Mapping[str, Any]]:
        result: Mapping[str, Mapping[str, Any]] = self.data["rulesets"]
        return result

    def applies_to(self, ruleset: str) -> bool:
        """True if the case lists `ruleset` with an answer (an unlisted ruleset is not
        applicable: a case may list only the rulesets it concerns)."""
        return "not_applicable" not in self.rulesets.get(ruleset, {"not_applicable": "unlisted"})

    def why_not(self, ruleset: str) -> str:
        """Why the case is not applicable under `ruleset` (its reason, or that it is
        not listed)."""
        outcome = self.rulesets.get(ruleset)
        if outcome is None:
            return f"the case concerns only {', '.join(self.rulesets)}"
        return str(outcome.get("not_applicable", ""))

    def rules_for(self, ruleset: str | Rules) -> Rules:
        """The rules the case runs under: the ruleset plus the case's `set` options."""
        base = ruleset if isinstance(ruleset, Rules) else resolve(ruleset)
        extra = self.data.get("set") or {}
        if not extra:
            return base
        layered = {**dict(base.overrides), **overrides_by_key(load_catalogue(), extra)}
        return resolve(base.name, layered)

    def deal_problems(self, rules: Rules) -> list[Problem]:
        """Why the case's deal cannot be played under `rules` (e.g. a ruleset given to
        `cambio replay` that seats fewer players), each naming the file and the setup."""
        out = []
        for path, setup in _rounds(self.data):
            wrong = _deal_problem(rules, setup)
            if wrong is not None:
                where = format_path((*path, wrong[0]) if wrong[0] else path)
                under = "" if rules.canonical in wrong[1] else f" (under {rules.canonical})"
                out.append(Problem(self.file, None, where, wrong[1] + under))
        return out

    def exercises(self, cat: Catalogue | None = None) -> set[str]:
        """The option alternatives this case shows (``option.id=value``)."""
        if "exercises" in self.data:
            return set(self.data["exercises"])
        cat = cat or load_catalogue()
        out = set()
        for name in self.rulesets:
            if self.applies_to(name) and name in cat.rulesets:
                rules = self.rules_for(name)
                for oid in self.options:
                    opt = cat.option(oid)
                    out.add(f"{opt.id}={format_value(rules.value(opt.key))}")
        return out


    def named_options(self, cat: Catalogue | None = None) -> tuple[str, ...]:
        """The option ids the case's answers rest on: its `options`, then the options
        among its `rulings` (each once)."""
        cat = cat or load_catalogue()
        ruled = [oid for oid in self.data.get("rulings", ()) if cat.has_option(oid)]
        return tuple(dict.fromkeys([*self.options, *ruled]))

    def agreeing(self, rules: Rules, cat: Catalogue | None = None) -> tuple[str, ...]:
        """The source rulesets the case lists with an answer whose values, with the case's
        `set`, equal `rules` on every option the case names: their expectations apply
        under `rules` too (see docs/developers/protocol.md, "Cases under any rules").

        >>> case = load_cases()["tie.caller-ties-lowest"]
        >>> case.agreeing(resolve("hearts(ace=1)"))  # both: the caller loses a tie
        ('hearts', 'cambio-app')
        """
        cat = cat or load_catalogue()
        keys = [cat.option(oid).key for oid in self.named_options(cat)]
        found = []
        for name in self.rulesets:
            if name not in cat.rulesets or not self.applies_to(name):
                continue
            theirs = self.rules_for(name)
            if all(theirs.value(k) == rules.value(k) and type(theirs.value(k)) is
                   type(rules.value(k)) for k in keys):
                found.append(name)
        return tuple(found)


def key_items(key: str) -> list[str]:
    """The items of an expectation key: one ruleset id or option=value, or several
    separated by commas (the key applies when any of them does).

    >>> key_items("online, hearts")
    ['online', 'hearts']
    """
    return [item.strip() for item in key.split(",") if item.strip()]


def keys_hold(keys: list[str], ruleset: str, rules: Rules, cat: Catalogue,
              agreeing: tuple[str, ...] = ()) -> list[str]:
    """Which of `keys` apply: those naming the ruleset id (or, under rules that are no
    source ruleset, one of the `agreeing` rulesets), else those naming an option=value
    that holds, else `all`. A key may name several items, separated by commas.

    >>> cat = load_catalogue()
    >>> keys_hold(["memory, hearts", "all"], "hearts", resolve("hearts"), cat)
    ['memory, hearts']
    >>> keys_hold(["end.tie=shared, end.tie=caller-wins", "all"], "x", resolve("online"), cat)
    ['end.tie=shared, end.tie=caller-wins']
    """
    items = {key: key_items(key) for key in keys}
    found = [key for key, named in items.items() if ruleset in named]
    if found:
        return found
    found = [key for key, named in items.items() if any(a in named for a in agreeing)]
    if found:
        return found
    for key, named in items.items():
        for item in named:
            oid, sep, value = item.partition("=")
            if sep and format_value(rules.value(cat.option(oid).key)) == value:
                found.append(key)
                break
    if found:
        return found
    return ["all"] if "all" in keys else []


# -- loading and checking ------------------------------------------------------


def case_problems(doc: YamlDoc, cat: Catalogue) -> list[Problem]:
    """Schema problems, then the cross-references a schema cannot check."""
    problems = schema_problems(doc, "case")
    if problems:
        return problems
    data = doc.data
    problems.extend(check_citations(cat, doc, ("sources",), citations(data["sources"])))
    for name, outcome in data["rulesets"].items():
        problems.extend(check_citations(cat, doc, ("rulesets", name, "cite"),
                                         citations(outcome.get("cite"))))
    for i, oid in enumerate(data["options"]):
        if not cat.has_option(oid) or cat.option(oid).id != oid:
            problems.append(doc.problem(("options", i), f"unknown option id {oid!r}"))
    for i, oid in enumerate(data.get("rulings", ())):
        if oid not in cat.core_rules and not cat.has_option(oid):
            problems.append(doc.problem(("rulings", i), f"unknown option or core rule {oid!r}"))
    for i, item in enumerate(data.get("exercises", ())):
        problems.extend(_check_key(doc, ("exercises", i), item, cat, allow_ruleset=False))
    for name in data.get("set") or {}:
        if not cat.has_option(name):
            problems.append(doc.problem(("set", name), f"unknown option {quoted(name)}"
                                        + did_you_mean(name, cat.option_names())))
    for name in data["rulesets"]:
        if name not in cat.rulesets:
            problems.append(doc.problem(("rulesets", name), f"unknown ruleset {name!r}"))
    for name, outcome in data["rulesets"].items():
        ruling = outcome.get("ruling")
        if ruling is not None and ruling not in cat.core_rules and not cat.has_option(ruling):
            problems.append(doc.problem(("rulesets", name, "ruling"),
                                        f"unknown option or core rule {ruling!r}"))
    for i, step in enumerate(data["steps"]):
        for j, key in enumerate(step.get("only", ())):
            problems.extend(_check_key(doc, ("steps", i, "only", j), key, cat))
        for key, exp in (step.get("expect") or {}).items():
            problems.extend(_check_key(doc, ("steps", i, "expect", key), key, cat))
            code = exp.get("reject")
            if code is not None and code != "any" and code not in cat.errors:
                problems.append(doc.problem(("steps", i, "expect", key, "reject"),
                                            f"unknown error code {code!r} (see spec/errors.yaml)"))
    if not problems:
        for name in data["rulesets"]:
            if name in cat.rulesets and "not_applicable" not in data["rulesets"][name]:
                try:
                    Case(data["id"], data["title"], (), data, doc.name).rules_for(name)
                except CambioError as exc:
                    problems.append(doc.problem(("set",), str(exc)))
                    break
    if not problems:
        problems.extend(deal_problems(doc))
    return problems


def _rounds(data: Mapping[str, Any]) -> list[tuple[tuple[str | int, ...], Mapping[str, Any]]]:
    """Each round's setup with its path in the file (later rounds keep the first's players)."""
    setup = data["setup"]
    rounds: list[tuple[tuple[str | int, ...], Mapping[str, Any]]] = [(("setup",), setup)]
    for i, later in enumerate(data.get("next_rounds", ())):
        rounds.append((("next_rounds", i, "setup"), {**later["setup"], "players": setup["players"]}))
    return rounds


def setup_dealer(setup: Mapping[str, Any], rules: Rules) -> int:
    """The dealer of a case's round under `rules`: its `dealer`, or the seat whose deal
    makes its `first` seat start (so a counter-clockwise ruleset gets another dealer).

    >>> setup = {"players": 3, "first": 1}
    >>> setup_dealer(setup, resolve("online")), setup_dealer(setup, resolve("hearts"))
    (0, 2)
    >>> setup_dealer({"players": 3}, resolve("hearts"))
    0
    """
    if "first" in setup:
        return dealer_for(rules, setup["players"], setup["first"])
    return int(setup.get("dealer", 0))


def _deal_problem(rules: Rules, setup: Mapping[str, Any]) -> tuple[str, str] | None:
    """Why `setup` cannot be dealt under `rules`: the field at fault and the message."""
    players = setup["players"]
    for field in ("dealer", "first"):
        seat = setup.get(field, 0)
        if not 0 <= seat < players:
            return field, f"{field} {seat} is not a seat (0..{players - 1})"
    dealer = setup_dealer(setup, rules)
    try:
        if "deck" in setup:
            deck = [Card.parse(c) for c in setup["deck"]]
        else:
            if len(setup["grids"]) != players:
                return "grids", f"{len(setup['grids'])} grids for {players} players"
            deck = arrange(rules, players, setup["grids"], dealer=dealer,
                           starting=setup.get("starting"), draws=setup.get("draws", ()))
        new_round(rules, players, deck=deck, dealer=dealer)
    except CambioError as exc:
        return ("deck" if "deck" in setup else ""), str(exc)
    return None


def deal_problems(doc: YamlDoc) -> list[Problem]:
    """Check a (schema-valid) case's deal under every ruleset it runs under: the deck is a
    permutation of that ruleset's deck, one grid per seat, the dealer and every observed
    seat are seats. One problem per fault, naming the rulesets it holds for.

    >>> from cambio_ref.yamlio import load_yaml_text
    >>> text = (cases_dir() / "snapping" / "unlimited-house-rule.yaml").read_text(encoding="utf-8")
    >>> deal_problems(load_yaml_text(text.replace("observe: 1", "observe: 9"), "t.yaml"))[0].message
    'observe: 9 is not a seat (0..2)'
    """
    data = doc.data
    case = Case(data["id"], data["title"], (), data, doc.name)
    found: dict[tuple[tuple[str | int, ...], str], list[str]] = {}
    players = data["setup"]["players"]
    for name in data["rulesets"]:
        if not case.applies_to(name):
            continue
        rules = case.rules_for(name)
        for path, setup in _rounds(data):
            wrong = _deal_problem(rules, setup)
            if wrong is not None:
                where = (*path, wrong[0]) if wrong[0] else path
                found.setdefault((where, wrong[1]), []).append(name)
    problems = [doc.problem(where, f"{message} (under {', '.join(names)})")
                for (where, message), names in found.items()]
    Where = tuple[str | int, ...]
    steps: list[tuple[Where, Mapping[str, Any]]] = [
        (("steps", i), step) for i, step in enumerate(data["steps"])]
    steps += [(("next_rounds", r, "steps", i), step) for r, later in
              enumerate(data.get("next_rounds", ())) for i, step in enumerate(later["steps"])]
    for path, step in steps:
        seats: list[tuple[Where, Any]] = [(("observe",), step.get("observe"))]
        seats += [(("expect", key, "view", "player"), (exp.get("view") or {}).get("player"))
                  for key, exp in (step.get("expect") or {}).items()]
        if not any("reject" in exp for exp in (step.get("expect") or {}).values()):
            seats += _action_seats(step.get("do") or {})  # a rejection may test a bad seat
        for sub, seat in seats:
            if isinstance(seat, int) and not isinstance(seat, bool) and not 0 <= seat < players:
                label = format_path(sub[1:]) if sub[0] == "do" else sub[0]
                problems.append(doc.problem((*path, *sub), f"{label}: {seat} is not a seat"
                                            f" (0..{players - 1})"))
    return problems


def _action_seats(action: Mapping[str, Any]) -> list[tuple[tuple[str | int, ...], Any]]:
    """The seats an action (in its JSON form) names, each with its path inside `do`."""
    seats: list[tuple[tuple[str | int, ...], Any]] = [
        (("do", key), action.get(key)) for key in ("player", "owner") if key in action]
    for key in ("a", "b"):
        if isinstance(action.get(key), list) and action[key]:
            seats.append((("do", key, 0), action[key][0]))
    for i, target in enumerate(action.get("targets") or ()):
        if isinstance(target, list) and target:
            seats.append((("do", "targets", i, 0), target[0]))
    return seats


def _check_key(doc: YamlDoc, path: tuple[str | int, ...], key: str, cat: Catalogue,
               allow_ruleset: bool = True) -> list[Problem]:
    items = key_items(key) if allow_ruleset else [key]
    if len(items) != 1:
        if "all" in items:
            return [doc.problem(path, f"{key!r}: `all` stands alone, not in a list")]
        return [p for item in items for p in _check_key(doc, path, item, cat)]
    if key == "all" or (allow_ruleset and key in cat.rulesets):
        return []
    oid, sep, value = key.partition("=")
    if not sep:
        return [doc.problem(path, f"{key!r} is not a ruleset, `all` or option=value")]
    if not cat.has_option(oid):
        return [doc.problem(path, f"unknown option {oid!r}")]
    opt = cat.option(oid)
    try:
        opt.coerce(value)
    except CambioError as exc:
        return [doc.problem(path, str(exc))]
    return []


def read_cases(root: Path | None = None, sound: list[YamlDoc] | None = None
               ) -> tuple[dict[str, Case], list[Problem]]:
    """Every case under `root` (default: `cases_dir()`), and every problem found (including
    duplicate ids). `sound`, if given, gets the document of each file without a problem of
    its own (a duplicate id included), for checks that build on these (`cambio_ref.validate`
    plays them) without reading the files again."""
    with schema_batch():
        return _read_cases(root or cases_dir(), load_catalogue(), sound)


def _read_cases(root: Path, cat: Catalogue, sound: list[YamlDoc] | None = None
                ) -> tuple[dict[str, Case], list[Problem]]:
    cases: dict[str, Case] = {}
    paths, problems = yaml_files(root, "*.yaml")
    for path in paths:
        try:
            doc = load_yaml(path, str(path.relative_to(root.parent.parent))
                            if root.parent.parent in path.parents else str(path))
        except SpecError as exc:
            problems.extend(exc.problems)
            continue
        found = case_problems(doc, cat)
        if found:
            problems.extend(found)
            continue
        if sound is not None:
            sound.append(doc)
        data = doc.data
        if data["id"] in cases:
            problems.append(doc.problem(("id",), f"duplicate case id {data['id']!r} (first in"
                                        f" {cases[data['id']].file})"))
            continue
        cases[data["id"]] = Case(data["id"], data["title"], tuple(data["options"]), data, doc.name)
    return cases, problems


def load_cases(root: Path | None = None) -> dict[str, Case]:
    """All cases under `root` (default: `cases_dir()`), read once per process (or handed
    over by `adopt_cases`); any problem raises SpecError listing them all."""
    root = root or cases_dir()
    given = _adopted.get(root)
    return given if given is not None else _load_cases(root)


_adopted: dict[Path, dict[str, Case]] = {}


def adopt_cases(cases: dict[str, Case], root: Path | None = None) -> None:
    """Take `cases` as what `load_cases(root)` reads, without reading the files again: for
    a worker process handed the cases its parent read (`conformance.jobs`)."""
    _adopted[root or cases_dir()] = cases


@cache
def _load_cases(root: Path) -> dict[str, Case]:
    shipped = root == cases_dir()
    key = _cases_key() if shipped else ""
    kept = diskcache.load_json("cases", key) if shipped else None
    if isinstance(kept, list):
        return {c[0]: Case(c[0], c[1], tuple(c[2]), c[3], c[4]) for c in kept}
    cases, problems = read_cases(root)
    if problems:
        raise SpecError(problems)
    if shipped:
        diskcache.save_json("cases", key, [[c.id, c.title, c.options, c.data, c.file]
                                           for c in cases.values()])
    return cases


def _cases_key() -> str:
    """What the checked cases of the catalogue come from: its files, and the code that reads
    and checks them (the whole package, since a case is checked by playing it)."""
    return spec_key()


def load_case_file(path: Path) -> Case:
    """One case file, checked."""
    doc = load_yaml(path)
    problems = case_problems(doc, load_catalogue())
    if problems:
        raise SpecError(problems)
    data = doc.data
    return Case(data["id"], data["title"], tuple(data["options"]), data, doc.name)
