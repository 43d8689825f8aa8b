"""Resolved Rules and the canonical one-line form.

Issue 2: "A Hypothesis property that the canonical form round-trips for arbitrary
valid overrides", plus case-insensitivity, house-rules files and immutability.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from cambio_ref.catalogue import Option, Value, load_catalogue
from cambio_ref.errors import RulesError
from cambio_ref.rules import (
    Rules,
    consistency_problems,
    format_value,
    parse_rules,
    read_house_rules,
    resolve,
)
from cambio_ref.tables import changes_of
from cambio_ref.yamlio import load_yaml

ROOT = Path(__file__).resolve().parent.parent
KITCHEN = ROOT / "examples" / "house-rules" / "kitchen-table.yaml"
CAT = load_catalogue()


def legal_values(opt: Option) -> st.SearchStrategy[Value]:
    """A value from the option's alternatives or, for an int option with a range, in the range."""
    choices: st.SearchStrategy[Value] = st.sampled_from([a.value for a in opt.alternatives])
    if opt.type == "int" and opt.range is not None:
        return st.one_of(choices, st.integers(opt.range[0], opt.range[1]))
    return choices


@st.composite
def rulesets_with_overrides(draw: st.DrawFn) -> tuple[str, list[tuple[str, object]]]:
    name = draw(st.sampled_from(sorted(CAT.rulesets)))
    options = draw(st.lists(st.sampled_from(CAT.options), unique_by=lambda o: o.id))
    overrides: list[tuple[str, object]] = []
    for opt in options:
        value = draw(legal_values(opt))
        label = draw(st.sampled_from([opt.id, opt.key]))  # options go by id or by key
        raw: object = draw(st.sampled_from([value, format_value(value)]))  # YAML value or --set text
        overrides.append((label, raw))
    # Only rules that can be played: min_players <= max_players (rules.consistency_problems).
    values = {**resolve(name).values(), **{CAT.option(k).key: CAT.option(k).coerce(v) for k, v in overrides}}
    assume(not consistency_problems(values))
    return name, overrides


@settings(max_examples=300, deadline=None)
@given(rulesets_with_overrides())
def test_canonical_form_round_trips(case: tuple[str, list[tuple[str, object]]]) -> None:
    name, overrides = case
    rules = resolve(name, overrides)
    parsed = parse_rules(rules.canonical)
    assert parsed == rules
    assert parsed.canonical == rules.canonical
    assert resolve(rules.canonical) == rules  # resolve takes the one-line form too
    # Each override took effect, and the canonical form lists exactly the values
    # that differ from the base ruleset, sorted by key.
    base = resolve(name)
    for label, _raw in overrides:
        opt = CAT.option(label)
        assert opt.accepts(rules.value(opt.key))
    listed = dict(rules.overrides)
    assert list(listed) == sorted(listed)
    for key, value in rules.values().items():
        differs = value != base.value(key) or type(value) is not type(base.value(key))
        assert (key in listed) == differs, key
        if differs:
            assert f"{key}={format_value(value)}" in rules.canonical


def test_canonical_form_examples() -> None:
    assert resolve("online").canonical == "online"
    assert resolve("online", {"risky_fives": "true"}).canonical == "online(risky_fives=true)"
    # Options named by id come out by key, sorted by key.
    rules = resolve("hearts", [("snap.match", "points"), ("end.tie", "shared"), ("ace", -5)])
    assert rules.canonical == "hearts(ace=-5, snap_match=points, tie=shared)"
    # Setting a value the ruleset already has is not an override.
    assert resolve("hearts", {"ace": 0, "direction": "counter-clockwise"}).canonical == "hearts"


def test_the_one_line_form_is_case_insensitive() -> None:
    expected = resolve("online", {"risky_fives": True, "snap_match": "rank"})
    for text in ("online(risky_fives=true)", "ONLINE(RISKY_FIVES=TRUE)", "Online( Risky_Fives = True )",
                 "online(scoring.risky-fives=true)", "ONLINE(SCORING.RISKY-FIVES=TRUE, SNAP.MATCH=RANK)"):
        parsed = parse_rules(text)
        assert parsed == expected, text
        assert parsed.canonical == "online(risky_fives=true)"
    assert parse_rules("MEMORY(snap_match=RANK)").snap_match == "rank"
    assert resolve("Hearts") == resolve("hearts")
    assert resolve(" AWARENESS ").canonical == "awareness"


def test_one_line_form_errors() -> None:
    with pytest.raises(RulesError, match=r"cannot read 'risky_fives' in 'online\(risky_fives\)': expected key=value"):
        parse_rules("online(risky_fives)")
    with pytest.raises(RulesError, match=r"cannot read rules 'online\(risky_fives=true'"):
        parse_rules("online(risky_fives=true")
    with pytest.raises(RulesError, match=r"unknown ruleset 'poker'"):
        parse_rules("poker(risky_fives=true)")
    with pytest.raises(RulesError, match=r"unknown option 'bogus'"):
        parse_rules("online(bogus=1)")
    with pytest.raises(RulesError, match=r"option ace \(value\.ace\): 101 is not allowed"):
        parse_rules("online(ace=101)")
    with pytest.raises(RulesError, match=r"option risky_fives \(scoring\.risky-fives\): 1 is not allowed"):
        parse_rules("online(risky_fives=1)")


def test_int_options_accept_any_value_in_their_range() -> None:
    ace = CAT.option("ace")
    assert ace.range == (-100, 100)
    assert parse_rules("online(ace=-100)").ace == -100
    assert parse_rules("online(ace=100)").ace == 100
    assert parse_rules("online(ace=7)").points["AS"] == 7


# -- house-rules files ---------------------------------------------------------------


def test_kitchen_table_house_rules() -> None:
    data = load_yaml(KITCHEN).data
    assert data["extends"] == "hearts"
    assert data["set"] == {"risky_fives": True, "snap.race-losers": "penalty"}
    assert read_house_rules(KITCHEN) == ("hearts", {"risky_fives": True, "late_snap": "penalty"})

    rules = resolve(KITCHEN)
    assert rules == parse_rules("hearts(late_snap=penalty, risky_fives=true)")
    assert rules.risky_fives is True
    assert rules.late_snap == "penalty"
    # hearts is silent on late snaps, so spec/rulesets/hearts.yaml takes the
    # option's default ruling (return-only); the file changes it.
    assert resolve("hearts").late_snap == "return-only"
    assert rules.canonical == "hearts(late_snap=penalty, risky_fives=true)"
    # A file given as a string path resolves the same way, and overrides apply on top.
    assert resolve(str(KITCHEN)) == rules
    assert resolve(KITCHEN, {"tie": "shared"}).canonical == (
        "hearts(late_snap=penalty, risky_fives=true, tie=shared)")


def test_a_house_rules_file_round_trips_through_the_one_line_form(tmp_path: Path) -> None:
    path = tmp_path / "ours.yaml"
    path.write_text("extends: ONLINE\nset:\n  snap_others: false\n  value.red-king: -5\n", encoding="utf-8")
    rules = resolve(path)
    assert rules.canonical == "online(red_king=-5, snap_others=false)"
    assert parse_rules(rules.canonical) == rules


# -- immutability ----------------------------------------------------------------------


def test_rules_are_immutable() -> None:
    rules = resolve("online")
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(rules, "risky_fives", True)  # noqa: B010 (mypy rejects a direct assignment)
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(rules, "name", "hearts")  # noqa: B010
    with pytest.raises(dataclasses.FrozenInstanceError):
        delattr(rules, "ace")
    assert rules.risky_fives is False and rules.name == "online" and rules.ace == 1


def test_rules_derived_tables_are_read_only() -> None:
    rules = resolve("online")
    with pytest.raises(TypeError):
        rules.points["KH"] = 0  # type: ignore[index]
    with pytest.raises(TypeError):
        rules.risky_five_points["one_five"] = 0  # type: ignore[index]
    assert rules.points["KH"] == 40  # online §How to play: red king 40
    assert resolve("online").points["KH"] == 40


def test_rules_are_values() -> None:
    a = resolve("online", {"risky_fives": True})
    b = parse_rules("online(risky_fives=true)")
    assert a == b and hash(a) == hash(b)
    assert a != resolve("online")
    assert a != resolve("hearts", {"risky_fives": True})
    assert isinstance(a, Rules)
    assert repr(a) == "parse_rules('online(risky_fives=true)')"
    assert copy.deepcopy(a) == a
    assert pickle.loads(pickle.dumps(a)) == a
    assert pickle.loads(pickle.dumps(a)).points == a.points


def test_a_change_of_one_option_changes_only_what_changes_of_names() -> None:
    # the diagnosis passes over a value whose changes a replay never read
    # (`conformance.diagnosis.Watched`): `changes_of` must name everything one option's
    # value can change, in every ruleset, for every value (a point value's too)
    cat = load_catalogue()
    mapped = ("points", "powers", "params", "risky_five_points")
    plain = [f.name for f in dataclasses.fields(Rules) if f.name not in mapped]
    for ruleset in cat.rulesets:
        base = resolve(ruleset)
        for opt in cat.options:
            changes = changes_of(opt.key)
            values = [alt.value for alt in opt.alternatives]
            if isinstance(values[0], int) and not isinstance(values[0], bool):
                values += [-3, 0, 7]
            for value in values:
                try:
                    other = resolve(ruleset, [(opt.key, value)])
                except RulesError:
                    continue
                changed = {name for name in plain if getattr(other, name) != getattr(base, name)
                           or type(getattr(other, name)) is not type(getattr(base, name))}
                assert changed <= changes.fields, (ruleset, opt.key, value, changed)
                for name in mapped:
                    ours, theirs = getattr(base, name), getattr(other, name)
                    moved = {k for k in {*ours, *theirs} if ours.get(k) != theirs.get(k)}
                    if moved:
                        assert name in changes.entries, (ruleset, opt.key, value, name)
                        some = changes.entries[name]
                        assert some is None or moved <= some, (ruleset, opt.key, value, moved)
