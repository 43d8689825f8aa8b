"""Bad input: one file per case under tests/negative/, each with the message it must
give (file, line, path inside the file, what was wrong), and the `cambio` command end
to end: one clear line and exit status 2 for bad input, never a traceback.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from cambio_ref.catalogue import load_catalogue
from cambio_ref.cli import main
from cambio_ref.errors import Problem, SpecError
from cambio_ref.resources import spec_dir
from cambio_ref.rules import read_house_rules, resolve
from cambio_ref.validate import validate_file, validate_paths
from cambio_ref.yamlio import load_yaml, load_yaml_text

SPEC_DIR = spec_dir()

ROOT = Path(__file__).resolve().parent.parent
NEG = Path(__file__).resolve().parent / "negative"
KNOWN = "known rulesets: awareness, cambia, cambio-app, cambio-bot, hearts, memory, official, online"


def neg(name: str) -> Path:
    path = NEG / name
    assert path.is_file(), path
    return path


def messages(problems: list[Problem] | tuple[Problem, ...]) -> list[str]:
    return [str(p) for p in problems]


def house_problems(path: Path) -> list[str]:
    """validate_file's messages, checked against read_house_rules and resolve."""
    found = messages(validate_file(path))
    with pytest.raises(SpecError) as read_exc:
        read_house_rules(path)
    with pytest.raises(SpecError) as resolve_exc:
        resolve(path)
    assert messages(read_exc.value.problems) == found
    assert messages(resolve_exc.value.problems) == found
    return found


# -- ruleset files -------------------------------------------------------------------
# These fixtures hold only the choices that matter, so they also lack the other
# options; every other problem reported must be exactly that.


def ruleset_problems(path: Path) -> list[str]:
    found = messages(validate_file(path))
    rest = [m for m in found if "ruleset does not resolve option" not in m]
    named = set(load_yaml(path).data["choices"])
    missing = {o.id for o in load_catalogue().options} - named
    assert len(found) - len(rest) == len(missing)
    return rest


def test_ruleset_with_an_unknown_option() -> None:
    path = neg("ruleset-unknown-option.yaml")
    assert ruleset_problems(path) == [
        f"{path}:9: choices.value.queen-of-spades: unknown option 'value.queen-of-spades'",
    ]


def test_ruleset_with_a_wrong_type() -> None:
    path = neg("ruleset-wrong-type.yaml")
    assert ruleset_problems(path) == [
        f"{path}:9: choices.scoring.risky-fives: 3 is not allowed for scoring.risky-fives; expected false | true",
    ]


# -- house-rules files ---------------------------------------------------------------


def test_house_rules_with_an_unknown_option() -> None:
    path = neg("house-unknown-option.yaml")
    assert house_problems(path) == [f"{path}:6: set.queen_of_spades: unknown option 'queen_of_spades'"]


def test_house_rules_with_a_wrong_type() -> None:
    path = neg("house-wrong-type.yaml")
    assert house_problems(path) == [
        f"{path}:5: set.risky_fives: option risky_fives (scoring.risky-fives): 3 is not allowed;"
        " expected false | true",
    ]


def test_house_rules_with_values_outside_the_alternatives() -> None:
    path = neg("house-value-outside.yaml")
    # Every problem in the file is reported, not just the first.
    assert house_problems(path) == [
        f"{path}:5: set.snap_match: option snap_match (snap.match): suit is not allowed;"
        " expected rank | points",
        f"{path}:6: set.value.ace: option ace (value.ace): 101 is not allowed;"
        " expected 1 | 0, or an integer from -100 to 100",
    ]


def test_house_rules_extending_an_unknown_ruleset() -> None:
    path = neg("house-unknown-ruleset.yaml")
    assert house_problems(path) == [f"{path}:4: extends: unknown ruleset 'poker'; {KNOWN}"]


def test_house_rules_with_a_duplicate_key() -> None:
    path = neg("house-duplicate-key.yaml")
    assert house_problems(path) == [f"{path}:7: set: duplicate key 'risky_fives'"]


def test_malformed_yaml() -> None:
    path = neg("house-malformed.yaml")
    # The unclosed `[true` on line 5 is detected at the `:` on line 6.
    assert house_problems(path) == [f"{path}:6: expected ',' or ']', but got ':'"]


def test_a_python_object_tag_is_refused_and_never_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = neg("house-python-tag.yaml")
    monkeypatch.chdir(tmp_path)  # where `touch` would leave its marker
    assert house_problems(path) == [
        f"{path}:6: set.risky_fives: YAML tag 'tag:yaml.org,2002:python/object/apply:os.system'"
        " is not allowed; use plain values",
    ]
    assert not (tmp_path / "python-tag-was-executed").exists()


@pytest.mark.parametrize("text", [
    "a: !!python/name:os.system\n",
    "a: !!python/object:collections.OrderedDict {}\n",
    "a: !local thing\n",
    "a: !!binary aGVsbG8=\n",
    "a: !!set {x}\n",
])
def test_other_non_plain_tags_are_refused(text: str) -> None:
    with pytest.raises(SpecError, match=r"^t\.yaml:1: a: YAML tag '.+' is not allowed; use plain values$"):
        load_yaml_text(text, "t.yaml")


def test_alias_bomb_fails_at_the_first_alias() -> None:
    path = neg("house-alias-bomb.yaml")
    text = path.read_text(encoding="utf-8")
    # 9 levels of 9 aliases: 9**9 (387 million) leaves if anything expanded it.
    assert text.count("*a8") == 9 and text.count("&a9") == 1
    # Line 5 holds the first alias, `*a0`; nothing after it is even composed.
    assert house_problems(path) == [f"{path}:5: YAML aliases (*name) are not allowed"]


def test_even_a_single_alias_is_refused() -> None:
    with pytest.raises(SpecError, match=r"^t\.yaml:2: YAML aliases \(\*name\) are not allowed$"):
        load_yaml_text("a: &x 1\nb: *x\n", "t.yaml")


_BOUNDED = textwrap.dedent("""
    import resource, sys

    def cap(which, value):
        soft, hard = resource.getrlimit(which)
        if hard != resource.RLIM_INFINITY:
            value = min(value, hard)
        resource.setrlimit(which, (value, hard))

    cap(resource.RLIMIT_AS, 512 * 2**20)   # bounded memory: expanding the bomb needs far more
    cap(resource.RLIMIT_CPU, 60)            # bounded CPU: killed rather than left running
    from pathlib import Path
    from cambio_ref.validate import validate_file
    for problem in validate_file(Path(sys.argv[1])):
        print(problem)
""")


def test_alias_bomb_is_rejected_with_bounded_memory() -> None:
    # Run the validation in a child process whose address space and CPU time are
    # capped: an implementation that expanded the aliases would die of MemoryError
    # (or SIGXCPU) there instead of printing the one expected problem.
    path = neg("house-alias-bomb.yaml")
    proc = subprocess.run([sys.executable, "-c", _BOUNDED, str(path)], capture_output=True, text=True,
                          cwd=ROOT, check=False)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == [f"{path}:5: YAML aliases (*name) are not allowed"]


# -- options files -------------------------------------------------------------------


def test_options_file_with_an_unknown_source_key() -> None:
    path = neg("options-unknown-source.yaml")
    keys = json.loads((SPEC_DIR / "schemas" / "common.schema.json").read_text())
    allowed = keys["$defs"]["sourceKey"]["enum"]
    assert allowed[:5] == ["memory", "online", "hearts", "official", "awareness"]
    assert messages(validate_file(path)) == [
        f"{path}:13: options[0].alternatives[0].sources[0].key: 'wikipedia' is not one of"
        f" {allowed!r}",
    ]


def test_options_file_citing_an_unknown_section() -> None:
    path = neg("options-unknown-section.yaml")
    assert messages(validate_file(path)) == [
        f"{path}:13: options[0].alternatives[0].sources[0].section: hearts has no section"
        " 'Value of the Cards' (see spec/sources.yaml)",
    ]


def test_options_file_with_a_duplicate_option_id() -> None:
    path = neg("options-duplicate-id.yaml")
    assert messages(validate_file(path)) == [
        f"{path}:17: options[1].id: duplicate option id 'value.test-only' (first in {path})",
    ]


# -- the whole directory ---------------------------------------------------------------


def test_every_negative_file_is_rejected() -> None:
    files = sorted(NEG.glob("*.yaml"))
    assert len(files) >= 13
    problems = validate_paths([NEG])
    assert {p.file for p in problems} == {str(f) for f in files}
    # Every problem names its file and a line.
    assert all(p.line is not None for p in problems)


# -- the command line ----------------------------------------------------------------


def one_error_line(capsys: pytest.CaptureFixture[str]) -> str:
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "Traceback" not in captured.err
    lines = captured.err.splitlines()
    assert len(lines) == 1, captured.err
    assert lines[0].startswith("cambio: error: ")
    return lines[0].removeprefix("cambio: error: ")


def test_cli_unknown_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "poker"]) == 2
    assert one_error_line(capsys) == f"unknown ruleset 'poker'; {KNOWN}"
    assert main(["score", "--ruleset", "poker", "AS"]) == 2
    assert one_error_line(capsys) == f"unknown ruleset 'poker'; {KNOWN}"


def test_cli_bad_set_value(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "online", "--set", "risky_fives=maybe"]) == 2
    assert one_error_line(capsys) == \
        "option risky_fives (scoring.risky-fives): maybe is not allowed; expected false | true"
    assert main(["score", "--ruleset", "online", "--set", "ace=1000", "AS"]) == 2
    assert one_error_line(capsys) == \
        "option ace (value.ace): 1000 is not allowed; expected 1 | 0, or an integer from -100 to 100"


def test_cli_set_without_a_value_or_with_an_unknown_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "online", "--set", "risky_fives"]) == 2
    assert one_error_line(capsys) == "--set 'risky_fives': expected OPTION=VALUE, e.g. --set risky_fives=true"
    assert main(["show", "online", "--set", "bogus=1"]) == 2
    assert one_error_line(capsys).startswith("unknown option 'bogus'")


def test_cli_unknown_card_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "--ruleset", "online", "AS", "11H"]) == 2
    assert one_error_line(capsys) == \
        "unknown card '11H': expected a rank (A 2-10 J Q K) and a suit (S H D C), or X for a joker"


def test_cli_joker_under_awareness(capsys: pytest.CaptureFixture[str]) -> None:
    # awareness §Points never mentions a joker: its deck has none, so X is an error, not 0.
    assert main(["score", "--ruleset", "awareness", "AS", "X"]) == 2
    assert one_error_line(capsys) == "card 'X' is not in the awareness deck (deck.jokers is 0)"


def test_cli_bad_house_rules_file(capsys: pytest.CaptureFixture[str]) -> None:
    path = neg("house-unknown-ruleset.yaml")
    assert main(["show", str(path)]) == 2
    assert one_error_line(capsys) == f"{path}:4: extends: unknown ruleset 'poker'; {KNOWN}"


def test_cli_validate_bad_file_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    path = neg("house-wrong-type.yaml")
    assert main(["validate", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.out.splitlines() == [
        f"{path}:5: set.risky_fives: option risky_fives (scoring.risky-fives): 3 is not allowed;"
        " expected false | true",
    ]
    assert captured.err.strip() == "1 problem(s) in 1 file(s)"


def test_cli_validate_reports_every_problem_in_every_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(NEG)]) == 1
    out = capsys.readouterr().out
    for file in NEG.glob("*.yaml"):
        assert f"{file}:" in out, file.name
    assert "Traceback" not in out


def test_cli_validate_json(capsys: pytest.CaptureFixture[str]) -> None:
    path = neg("house-unknown-option.yaml")
    assert main(["validate", "--json", str(path)]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data == {"ok": False, "problems": [{
        "file": str(path), "line": 6, "path": "set.queen_of_spades",
        "message": "unknown option 'queen_of_spades'",
    }]}
    # (a valid file: the whole catalogue validating is test_catalogue's, through the same
    # validate_paths, which takes 3.5 s of CPU)
    assert main(["validate", "--json", str(ROOT / "examples")]) == 0
    assert json.loads(capsys.readouterr().out) == {"ok": True, "problems": []}


def test_cli_validate_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.yaml"
    assert main(["validate", str(missing)]) == 1
    assert capsys.readouterr().out.splitlines() == [f"{missing}: no such file or directory"]


def test_cli_validate_spec_files_and_examples(capsys: pytest.CaptureFixture[str]) -> None:
    # (the spec's rulesets, each file validated on its own, and the examples; the whole
    # catalogue, cases and all, is test_catalogue's, through the same validate_paths)
    paths = [str(SPEC_DIR / "rulesets"), str(ROOT / "examples")]
    assert main(["validate", *paths]) == 0
    assert capsys.readouterr().out == f"ok: {', '.join(paths)}\n"


def test_cli_rulesets_lists_primary_then_secondary(capsys: pytest.CaptureFixture[str]) -> None:
    primary = ["awareness", "hearts", "memory", "official", "online"]
    secondary = ["cambia", "cambio-app", "cambio-bot"]
    assert main(["rulesets"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("From the primary sources")
    assert lines[6].startswith("From secondary sources")
    assert [line.split()[0] for line in lines[1:6]] == primary
    assert [line.split()[0] for line in lines[7:]] == secondary
    assert main(["rulesets", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["id"] for r in rows] == primary + secondary
    for row in rows:
        assert set(row) == {"id", "source", "kind", "title", "summary"}
        assert row["source"] == row["id"] and row["title"] and row["summary"]
        assert row["kind"] == ("primary" if row["id"] in primary else "secondary")


def test_cli_show_names_a_secondary_source_and_its_page(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "cambio-bot"]) == 0
    out = capsys.readouterr().out
    assert "a secondary source" in out and "https://github.com/gavin-St/cambio-bot" in out
    assert main(["show", "hearts", "--json"]) == 0
    source = json.loads(capsys.readouterr().out)["source"]
    assert source["kind"] == "primary" and source["file"] == "hearts.txt"


def test_cli_show_hearts_cites_or_rules_every_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "hearts"]) == 0
    out = capsys.readouterr().out
    options = load_catalogue().options
    assert len(options) >= 58
    lines = [line for line in out.splitlines() if line.startswith("  ")]
    assert len(lines) == len(options)
    assert sum(1 for line in lines if "§" in line or "ruling:" in line) == len(options)
    for opt in options:
        assert sum(1 for line in lines if line.split()[0] == opt.id) == 1, opt.id
    # hearts §Value of the Card: 6 of hearts = -3, cited on its line.
    six = next(line for line in lines if line.split()[0] == "value.six-of-hearts")
    assert "-3" in six and "hearts §Value of the Card" in six


def test_cli_show_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "hearts", "--set", "risky_fives=true", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ruleset"] == "hearts"
    assert data["canonical"] == "hearts(risky_fives=true)"
    assert len(data["options"]) == len(load_catalogue().options)
    fields = {"id", "key", "phase", "question", "value", "origin", "evidence", "citations", "ruling"}
    for item in data["options"]:
        assert set(item) == fields
        assert item["origin"] in ("source", "ruling", "house")
        assert item["citations"] or item["ruling"]
    by_key = {item["key"]: item for item in data["options"]}
    assert by_key["risky_fives"]["value"] is True and by_key["risky_fives"]["origin"] == "house"
    assert by_key["ace"]["value"] == 0
    assert by_key["ace"]["citations"] == [{"key": "hearts", "section": "Value of the Card", "evidence": "stated"}]


def test_cli_score_json_fields(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "--ruleset", "official", "KH", "KD", "X", "AS", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    # official §Q&A: Red King & Negative Scores: 2 red kings + joker + ace = -1.
    assert data["total"] == -1
    assert isinstance(data["total"], int) and not isinstance(data["total"], bool)
    assert isinstance(data["cards"], list) and len(data["cards"]) == 4
    assert all(set(c) == {"card", "points", "note"} and isinstance(c["points"], int) for c in data["cards"])


@pytest.mark.parametrize("command", ["rulesets", "show", "score", "validate"])
def test_cli_help_has_an_example(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main([command, "--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    assert "Example:" in out and "cambio " in out.split("Example:")[1]


# -- case files: every answer is sourced (issue 10, item 9) ------------------------


def test_case_answer_without_citation_or_ruling() -> None:
    path = neg("case-unsourced-answer.yaml")
    assert messages(validate_file(path)) == [
        f"{path}:19: rulesets.online: needs one of `cite`, `ruling`",
    ]
    assert main(["validate", str(path)]) == 1


def test_case_answer_citing_stated_for_an_implied_or_ruled_value() -> None:
    # issue 22: online only implies that its jack's exchange is compulsory (spec:
    # power.optional grades jack-compulsory implied for online), and official never
    # mentions snapping (snap.enabled=false is a ruling for it), so neither answer may
    # cite its source as stating it.
    path = neg("case-stated-for-implied.yaml")
    assert messages(validate_file(path)) == [
        f"{path}:23: rulesets.online.cite[0].evidence: cites online §Special cards as stated"
        " under online, but for online power.optional=jack-compulsory is implied",
        f"{path}:27: rulesets.official.cite[0].evidence: cites official §Turn Structure as"
        " stated under official, but for official power.optional=king-swap-compulsory is"
        " implied; snap.enabled=false is a ruling",
    ]
    assert main(["validate", str(path)]) == 1


def test_a_stated_citation_beside_its_implied_reading_passes(tmp_path: Path) -> None:
    # The same online answer is accepted once it also cites the implied reading.
    path = tmp_path / "case.yaml"
    text = neg("case-stated-for-implied.yaml").read_text(encoding="utf-8").replace(
        "      - {key: online, section: Special cards, evidence: stated}\n",
        "      - {key: online, section: Special cards, evidence: stated}\n"
        "      - {key: online, section: Special cards, evidence: implied}\n", 1)
    path.write_text(text, encoding="utf-8")
    found = messages(validate_file(path))
    assert [m for m in found if "rulesets.online" in m] == []
    assert [m for m in found if "rulesets.official" in m]


def test_a_set_to_the_rulesets_own_value_is_still_weighed() -> None:
    # issue 31: a `set` that fixes power.optional to online's own value
    # (jack-compulsory, implied for online) leaves it online's value, not a house
    # rule, so the online answer may not cite online as stating it; memory's answer,
    # where the same `set` is a house rule, names its ruling and passes.
    path = neg("case-set-to-own-value.yaml")
    assert messages(validate_file(path)) == [
        f"{path}:26: rulesets.online.cite[0].evidence: cites online §Special cards as stated"
        " under online, but for online power.optional=jack-compulsory is implied",
    ]
    assert main(["validate", str(path)]) == 1


def test_a_case_level_ruling_excuses_no_answer() -> None:
    # issue 31: the case's `rulings` name snap.enabled (a ruling for official), but
    # only an answer's own `ruling` excuses a stated citation for a ruled value.
    path = neg("case-level-ruling.yaml")
    assert messages(validate_file(path)) == [
        f"{path}:29: rulesets.official.cite[0].evidence: cites official §Turn Structure as"
        " stated under official, but for official snap.enabled=false is a ruling",
    ]
    assert main(["validate", str(path)]) == 1


def test_an_answer_naming_its_own_ruling_passes(tmp_path: Path) -> None:
    # The same official answer is accepted once it names the ruling itself.
    path = tmp_path / "case.yaml"
    text = neg("case-level-ruling.yaml").read_text(encoding="utf-8").replace(
        "    answer: No; official states that there is no snapping.\n",
        "    answer: No; official never mentions snapping.\n    ruling: snap.enabled\n", 1)
    path.write_text(text, encoding="utf-8")
    assert messages(validate_file(path)) == []


def test_the_source_of_a_house_rule_must_state_it() -> None:
    # issue 31: a value the `set` moves off memory's own is a house rule; the source
    # cited for it (cambio-bot §Rules) must state it, and cambio-bot only implies the
    # empty-hand win (from its game code).
    path = neg("case-house-rule-misgraded.yaml")
    assert messages(validate_file(path)) == [
        f"{path}:25: rulesets.memory.cite[0].evidence: cites cambio-bot §Rules as stated"
        " under memory, but for cambio-bot end.empty-hand=wins-at-once is implied",
    ]


def test_case_answer_with_an_unknown_ruling() -> None:
    path = neg("case-unknown-ruling.yaml")
    assert messages(validate_file(path)) == [
        f"{path}:20: rulesets.online.ruling: unknown option or core rule 'value.no-such-option'",
    ]
