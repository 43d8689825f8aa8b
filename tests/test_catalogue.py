"""The rule catalogue in spec/: every file validates, every ruleset resolves every
option, every position is sourced or ruled, and the recorded conflicts are there.

Issue 2, "Tests that must exist": "Every spec file validates. Every ruleset resolves
every option. Every option has at least one alternative with a source or a ruling."
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest

from cambio_ref.cards import Card
from cambio_ref.catalogue import SCHEMA_BASE, Citation, Conflict, Power, choice_value, load_catalogue
from cambio_ref.resources import spec_dir
from cambio_ref.rules import explain, option_keys, resolve
from cambio_ref.validate import file_kind, validate_file, validate_paths
from cambio_ref.yamlio import load_yaml

SPEC_DIR = spec_dir()

ROOT = Path(__file__).resolve().parent.parent
SOURCES_DIR = ROOT.parent / "shared" / "sources"
RULESETS = ("memory", "online", "hearts", "official", "awareness")
SECONDARY_RULESETS = ("cambia", "cambio-app", "cambio-bot")
SPEC_FILES = sorted(SPEC_DIR.rglob("*.yaml"))


def spec_id(path: Path) -> str:
    return str(path.relative_to(SPEC_DIR))


def spec_params() -> list[object]:
    return [pytest.param(p, id=spec_id(p)) for p in SPEC_FILES]


# -- every spec file validates -------------------------------------------------


def test_the_whole_spec_directory_validates() -> None:
    # `cambio validate spec/` finds no problem (issue 2, "Done when").
    assert validate_paths([SPEC_DIR]) == []


def test_the_examples_validate() -> None:
    assert validate_paths([ROOT / "examples"]) == []


def test_load_catalogue_reads_everything() -> None:
    cat = load_catalogue()
    assert cat.primary_sources() == RULESETS
    assert set(SECONDARY_RULESETS) < set(cat.sources) - set(RULESETS)
    assert all(not s.primary and s.url.startswith("https://") and not s.file
               for k, s in cat.sources.items() if k not in RULESETS)
    assert set(cat.rulesets) == set(RULESETS) | set(SECONDARY_RULESETS)
    assert len(cat.options) >= 63
    assert cat.core_rules and cat.errors


def test_spec_has_every_kind_of_file() -> None:
    names = {spec_id(p) for p in SPEC_FILES}
    assert {"sources.yaml", "core.yaml", "errors.yaml"} <= names
    assert {f"rulesets/{r}.yaml" for r in RULESETS} <= names
    assert len([n for n in names if n.startswith("options/")]) >= 7


@pytest.mark.parametrize("path", spec_params())
def test_each_spec_file_validates_on_its_own(path: Path) -> None:
    assert validate_file(path) == []


@pytest.mark.parametrize("path", spec_params())
def test_each_spec_file_names_its_schema_for_editors(path: Path) -> None:
    first = path.read_text(encoding="utf-8").splitlines()[0]
    match = re.fullmatch(r"# yaml-language-server: \$schema=(\S+)", first)
    assert match, f"{path}: first line must name the schema, got {first!r}"
    schema = (path.parent / match.group(1)).resolve()
    assert schema.is_file()
    kind = file_kind(path, load_yaml(path))
    assert kind is not None
    assert schema.name == f"{kind}.schema.json"


SCHEMAS = sorted((SPEC_DIR / "schemas").glob("*.schema.json"))


@pytest.mark.parametrize("path", SCHEMAS, ids=lambda p: p.name)
def test_each_schema_is_2020_12_with_an_id(path: Path) -> None:
    schema = json.loads(path.read_text(encoding="utf-8"))
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == SCHEMA_BASE + path.name
    jsonschema.Draft202012Validator.check_schema(schema)


def test_there_is_a_schema_for_each_file_kind() -> None:
    names = {p.name for p in SCHEMAS}
    for kind in ("options", "ruleset", "house-rules", "errors", "sources"):
        assert f"{kind}.schema.json" in names


# -- every ruleset resolves every option -----------------------------------------


def test_rules_fields_are_exactly_the_option_keys() -> None:
    cat = load_catalogue()
    keys = option_keys()
    assert len(keys) == len(set(keys)) == len(cat.options)
    assert set(keys) == {o.key for o in cat.options}


@pytest.mark.parametrize("name", RULESETS)
def test_ruleset_resolves_every_option(name: str) -> None:
    cat = load_catalogue()
    spec = cat.rulesets[name]
    assert spec.source == name
    assert set(spec.choices) == {o.id for o in cat.options}
    rules = resolve(name)
    assert rules.name == name
    assert rules.canonical == name
    assert rules.overrides == ()
    values = rules.values()
    assert set(values) == set(option_keys())
    for opt in cat.options:
        value = values[opt.key]
        written = choice_value(spec.choices[opt.id])
        assert value == written and type(value) is type(written), opt.id
        assert opt.accepts(value), f"{name}: {opt.id} = {value!r}"


@pytest.mark.parametrize("name", RULESETS)
def test_every_resolved_value_has_a_citation_or_a_ruling(name: str) -> None:
    resolved = explain(resolve(name))
    assert len(resolved) == len(load_catalogue().options)
    for r in resolved:
        assert r.origin in ("source", "ruling"), r.option.id
        if r.origin == "source":
            assert r.citations
            assert all(c.key == name for c in r.citations), r.option.id
        else:
            assert r.reason and r.reason.strip(), f"{name}: {r.option.id} has an empty ruling"


def test_online_switches_keep_the_defaults_the_source_gives() -> None:
    rules = resolve("online")
    # online §Options: snapping others' cards is "the default on this site".
    assert rules.snap_others is True
    # online §Options: risky fives and open hands are table options, off unless chosen.
    assert rules.risky_fives is False
    assert rules.open_hands is False


# -- every option is sourced or ruled --------------------------------------------


def test_option_ids_and_keys_are_unique() -> None:
    cat = load_catalogue()
    ids = [o.id for o in cat.options]
    keys = [o.key for o in cat.options]
    assert len(ids) == len(set(ids))
    assert len(keys) == len(set(keys))
    assert not set(keys) & (set(ids) - set(keys))


@pytest.mark.parametrize("option_id", [o.id for o in load_catalogue().options])
def test_option_has_alternatives_each_with_a_source_or_a_ruling(option_id: str) -> None:
    opt = load_catalogue().option(option_id)
    assert opt.alternatives
    assert any(a.sources or a.rationale for a in opt.alternatives)
    for alt in opt.alternatives:
        assert alt.sources or (alt.rationale and alt.rationale.strip()), f"{opt.id}={alt.value!r}"
        assert alt.evidence in ("stated", "implied", "ruling")
    assert opt.alternative(opt.default) is not None


@pytest.mark.parametrize("option_id", [o.id for o in load_catalogue().options])
def test_option_records_every_sources_position_or_silence(option_id: str) -> None:
    cat = load_catalogue()
    opt = cat.option(option_id)
    cited = {c.key for a in opt.alternatives for c in a.sources}
    silent = set(opt.silent)
    assert set(cat.primary_sources()) <= cited | silent
    assert not cited & silent
    if silent:
        assert opt.ruling and opt.ruling.strip(), "silent sources need the option's default ruling"


def _all_citations() -> list[tuple[str, Citation]]:
    cat = load_catalogue()
    out = [(f"{o.id}={a.value}", c) for o in cat.options for a in o.alternatives for c in a.sources]
    out += [(r.id, c) for r in cat.core_rules.values() for c in r.sources]
    return out


def _raw_notes() -> list[tuple[str, str, str]]:
    """The (where, source, section) of every option `notes` entry, read from the YAML."""
    out = []
    for path in sorted((SPEC_DIR / "options").glob("*.yaml")):
        for raw in load_yaml(path).data["options"]:
            for note in raw.get("notes", ()):
                out.append((raw["id"], note["source"], str(note["section"])))
    return out


def test_every_citation_section_exists_in_sources_yaml() -> None:
    cat = load_catalogue()
    sections = {key: {name for name, _ in src.sections} for key, src in cat.sources.items()}
    citations = _all_citations()
    assert len(citations) > 100
    for where, c in citations:
        assert c.key in sections, f"{where}: unknown source {c.key}"
        assert c.section in sections[c.key], f"{where}: {c.key} has no section {c.section!r}"
    for where, key, section in _raw_notes():
        assert section in sections[key], f"{where} note: {key} has no section {section!r}"


def test_every_source_is_cited_somewhere() -> None:
    cited = {c.key for _, c in _all_citations()}
    cited |= {key for _, key, _ in _raw_notes()}
    assert cited == set(load_catalogue().sources)


def _read_source(name: str) -> str:
    path = SOURCES_DIR / name
    if not path.is_file():
        pytest.skip(f"{path} is not available (it lives outside the repository)")
    return path.read_text(encoding="utf-8")


# Section names that are the documents' own headings (memory and awareness have no
# usable headings, so the project names their paragraphs; hearts' "Aim" is its first line).
@pytest.mark.parametrize(("key", "file"), [("online", "online.html"), ("official", "official.md")])
def test_cited_sections_are_headings_of_the_source_document(key: str, file: str) -> None:
    text = _read_source(file)
    found = re.findall(r"<h\d>(.*?)</h\d>|^#+ (.*)$", text, re.M)
    headings = {part.replace('"', "").strip() for pair in found for part in pair if part}
    for name, _ in load_catalogue().sources[key].sections:
        # official's Q&A headings sit under "Edge Cases & Clarifications (Q&A)".
        assert name.removeprefix("Q&A: ") in headings, f"{key} has no heading {name!r}"


def test_hearts_sections_are_its_numbered_steps_and_titles() -> None:
    text = _read_source("hearts.txt")
    for name, _ in load_catalogue().sources["hearts"].sections:
        if name == "Aim":
            continue
        if name[0].isdigit():
            assert re.search(rf"^{re.escape(name)}\. ", text, re.M), f"hearts has no step {name}"
        else:
            assert f"\u201c{name}\u201d" in text, f"hearts has no title {name!r}"


# -- recorded conflicts ----------------------------------------------------------


def _conflict(option: str, source: str) -> Conflict:
    found = [c for c in load_catalogue().option(option).conflicts if c.source == source]
    assert len(found) == 1, f"{option} should record one conflict for {source}"
    return found[0]


def _power(option: str, value: str) -> Power | None:
    alt = load_catalogue().option(option).alternative(value)
    assert alt is not None
    return alt.power


def _cites(option: str, value: str, source: str) -> set[str]:
    alt = load_catalogue().option(option).alternative(value)
    assert alt is not None
    return {c.section for c in alt.sources if c.key == source}


def test_official_black_king_conflict_is_recorded_and_resolved() -> None:
    conflict = _conflict("power.king", "official")
    assert conflict.kind == "internal"
    assert set(conflict.alternatives) == {"look-one-exchange-own", "look-two-swap-any"}
    assert conflict.rationale
    # official §Special Card Effects (body): look at anyone's card and switch it with one of yours.
    assert _power("power.king", "look-one-exchange-own") == Power(1, "any", "own-with-other", True)
    assert "Special Card Effects" in _cites("power.king", "look-one-exchange-own", "official")
    # official §Q&A: Black King Mechanics: look at up to 2 cards, then swap any 2 cards.
    assert _power("power.king", "look-two-swap-any") == Power(2, "any", "any-two")
    assert "Q&A: Black King Mechanics" in _cites("power.king", "look-two-swap-any", "official")
    # The official ruleset actually plays the resolution.
    assert conflict.resolution == "look-two-swap-any"
    assert resolve("official").power_king == conflict.resolution


def test_official_power_trigger_conflict_is_recorded_and_resolved() -> None:
    conflict = _conflict("power.trigger", "official")
    assert conflict.kind == "internal"
    assert set(conflict.alternatives) == {"discarded-from-deck", "drawn-from-deck"}
    assert conflict.rationale
    # official §Game Flow Example step 3 fires a 7 that was swapped into the hand ...
    assert "Game Flow Example" in _cites("power.trigger", "drawn-from-deck", "official")
    # ... official §Q&A: Special Card Effect Activation says only a deck draw discarded at once.
    assert "Q&A: Special Card Effect Activation" in _cites("power.trigger", "discarded-from-deck", "official")
    assert conflict.resolution == "discarded-from-deck"
    assert resolve("official").power_trigger == conflict.resolution


def test_memory_snap_match_ambiguity_is_recorded_and_resolved() -> None:
    conflict = _conflict("snap.match", "memory")
    assert conflict.kind == "ambiguous"
    assert set(conflict.alternatives) == {"points", "rank"}
    assert conflict.rationale
    # memory §snapping: "a card of equal value".
    assert "snapping" in _cites("snap.match", "points", "memory")
    assert conflict.resolution == "points"
    assert resolve("memory").snap_match == conflict.resolution
    # The other reading stays one override away.
    assert resolve("memory", {"snap_match": "rank"}).canonical == "memory(snap_match=rank)"


def test_online_seven_eight_reversal_is_recorded_and_kept() -> None:
    conflict = _conflict("power.seven-eight", "online")
    assert conflict.kind == "against-others"
    assert set(conflict.alternatives) == {"peek-own", "peek-other"}
    assert conflict.resolution == "peek-other"
    online = resolve("online")
    # online §Special cards: 7/8 look at another player's card, 9/10 at one of your own.
    assert online.power_7_8 == "peek-other" == conflict.resolution
    assert online.power_9_10 == "peek-own"
    # memory §powers, hearts §Power of the Card, official §Special Card Effects,
    # awareness §Play 2b: 7/8 look at your own card, 9/10 at another player's.
    for name in ("memory", "hearts", "official", "awareness"):
        rules = resolve(name)
        assert (rules.power_7_8, rules.power_9_10) == ("peek-own", "peek-other"), name


def test_every_recorded_conflict_is_what_its_ruleset_plays() -> None:
    cat = load_catalogue()
    conflicts = [(o, c) for o in cat.options for c in o.conflicts]
    assert {(o.id, c.source) for o, c in conflicts} >= {
        ("power.king", "official"), ("power.trigger", "official"),
        ("snap.match", "memory"), ("power.seven-eight", "online"),
    }
    for opt, conflict in conflicts:
        assert conflict.resolution in conflict.alternatives, opt.id
        assert resolve(conflict.source).value(opt.key) == conflict.resolution, opt.id


def test_only_the_official_black_king_has_a_power() -> None:
    official = resolve("official")
    # official §Special Card Effects: the power card is the Black King; §Card Point
    # Values: the red king only "reduces your total".
    assert official.king_colour == "black"
    assert official.power_of(Card.parse("KH")) is None
    assert official.power_of(Card.parse("KD")) is None
    # official §Q&A: Black King Mechanics: up to two looks, then a swap that must be made.
    king = Power(2, "any", "any-two", must_swap=True)
    assert official.power_of(Card.parse("KS")) == king
    assert official.power_of(Card.parse("KC")) == king
