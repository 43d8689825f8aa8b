"""Hostile files and arguments (issue 12, items 4, 5 and 7): every bad file and every
bad command-line value gives one clear line naming the file and the place (or the
argument), the documented exit status, and never a traceback or a hang.

Most bad files are generated here from one table of (name, content, expected message
fragment, expected line); the files in tests/negative/ run through the same commands.
Each file goes through `cambio validate` (exit 1) and through the command that reads
it as the user would: `cambio show` for house rules, `cambio replay` for a case (exit 2).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from cambio_ref.cards import standard_deck
from cambio_ref.cli import main
from cambio_ref.resources import spec_dir
from cambio_ref.yamlio import MAX_BYTES, MAX_DEPTH, MAX_DIR_DEPTH, MAX_INT_DIGITS, MAX_NODES

ROOT = Path(__file__).resolve().parent.parent
NEG = Path(__file__).resolve().parent / "negative"
HOUSE = "extends: hearts\n"
# A small valid case (3 players, runs under memory only; a copy of spec/cases/snapping/
# unlimited-house-rule.yaml) that the case entries break in one place each.
CASE_FILE = Path(__file__).resolve().parent / "hostile" / "base-case.yaml"
CASE = CASE_FILE.read_text(encoding="utf-8")


@dataclass(frozen=True)
class Bad:
    """One bad file: its content, what the message must say, and on which line."""

    name: str
    content: bytes
    fragment: str
    line: int | None = None
    kind: str = "house"  # house (read by `show`), case (read by `replay`) or ruleset


def house(body: str, fragment: str, line: int | None = None, name: str = "") -> Bad:
    return Bad(name, (HOUSE + body).encode(), fragment, line)


def case(old: str, new: str, fragment: str, line: int | None = None) -> Bad:
    assert old in CASE, old
    return Bad("", CASE.replace(old, new, 1).encode(), fragment, line, "case")


def _controls() -> Iterator[Bad]:
    # Every C0 control character but tab, newline and carriage return, DEL and a few C1
    # ones, raw in a value: PyYAML's own ReaderError was a traceback.
    for code in [*range(0x00, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20), 0x7F, 0x80, 0x85, 0x9F]:
        yield house(f"name: a{chr(code)}b\n", f"control character U+{code:04X}", 2,
                    name=f"control-{code:02x}")
    # Escaped in a double-quoted string, they reach the value instead.
    for escape, what in [("\\a", "control character U+0007"), ("\\0", "control character U+0000"),
                         ("\\e", "control character U+001B"), ("\\x7f", "control character U+007F"),
                         ("\\ud800", "lone surrogate U+D800"), ("\\uffff", "non-character U+FFFF")]:
        yield house(f'set:\n  tie: "shared{escape}"\n', what, 3)
    yield house("set:\n  tie: shared\n  \x07bell: 1\n", "control character U+0007", 4)


def _nesting() -> Iterator[Bad]:
    # Past MAX_DEPTH the composer stops; about 330 levels used to exhaust Python's stack.
    for depth in (MAX_DEPTH + 1, 100, 330, 1000, 100_000):
        yield house("set:\n  tie: " + "[" * depth + "]" * depth + "\n",
                    f"nested more than {MAX_DEPTH} levels deep", 3, name=f"flow-depth-{depth}")
    block = "".join(f"{'  ' * i}k{i}:\n" for i in range(400)) + "  " * 400 + "v: 1\n"
    yield Bad("block-depth-400", block.encode(), f"nested more than {MAX_DEPTH} levels deep")
    yield house("set:\n" + "  - " * 200 + "x\n", f"nested more than {MAX_DEPTH} levels deep", 3,
                name="dash-depth-200")


def _keys() -> Iterator[Bad]:
    for key, kind in [("1", "integer"), ("-7", "integer"), ("1.5", "number"), ("true", "boolean"),
                      ("yes", "boolean"), ("on", "boolean"), ("~", "null"), ("null", "null"),
                      ("2024-01-01", "date")]:
        yield house(f"set:\n  {key}: true\n", f"keys must be strings, not the {kind} {key}", 3,
                    name=f"key-{kind}-{key}")
    yield house("set:\n  ? [1, 2]\n  : true\n", "keys must be strings, not a list", 3)
    yield house("set:\n  ? {a: 1}\n  : true\n", "keys must be strings, not a mapping", 3)
    yield house("set:\n  <<: {ace: 1}\n", "merge keys (<<:) are not allowed", 3)
    yield house("set:\n  tie: shared\n  <<: {value.ace: 1}\n", "merge keys (<<:) are not allowed", 4)
    yield house("set: {<<: {risky_fives: true}}\n", "merge keys (<<:) are not allowed", 2)


def _numbers() -> Iterator[Bad]:
    for digits in (MAX_INT_DIGITS + 1, 100, 4301, 5000, 50_000):
        yield house(f"set:\n  ace: {'9' * digits}\n", f"an integer of {digits} digits", 3,
                    name=f"int-{digits}-digits")
    yield house(f"set:\n  ace: -{'1' * 30}\n", "an integer of 30 digits", 3)
    yield house(f"set:\n  ace: 0x{'f' * 40}\n", "an integer of", 3)
    yield house(f"set:\n  ace: {'1_' * 30}1\n", "an integer of 31 digits", 3)
    for text in (".inf", "-.inf", ".NaN", "1.0e+999"):
        yield house(f"set:\n  ace: {text}\n", "is not a finite number", 3, name=f"float-{text}")
    yield house(f"set:\n  ace: 1.{'5' * 60}\n", "a number of 62 characters", 3)
    yield house("set:\n  ace: 2001-13-45\n", "month must be in 1..12")


def _twice() -> Iterator[Bad]:
    yield house("set:\n  ace: 0\n  value.ace: 1\n",
                "option ace (value.ace) is set twice: as 'ace' and as 'value.ace'", 4)
    yield house("set:\n  snap.others: true\n  snap_others: false\n",
                "option snap_others (snap.others) is set twice", 4)
    yield house("set:\n  risky_fives: true\n  Risky_Fives: true\n", "'Risky_Fives' does not match", 3)
    yield house("set:\n  tie: shared\n  tie: shared\n", "duplicate key 'tie'", 4)


def _lookalikes() -> Iterator[Bad]:
    yield house("set:\n  black_\u212aing: 11\n", "did you mean black_king?", 3)
    yield house("set:\n  \uff41ce: 1\n", "did you mean ace?", 3)
    yield Bad("", "extends: \uff48earts\n".encode(), "did you mean hearts?", 1)
    yield Bad("", "extends: heart\u0455\n".encode(), "unknown ruleset", 1)  # Cyrillic s: no NFKC match
    yield house("set:\n  tie: \uff53hared\n", "did you mean shared?", 3)
    yield house("set:\n  ace: \uff11\n", "did you mean 1?", 3)


def _syntax() -> Iterator[Bad]:
    yield house("set: [true\n  x: 1\n", "expected ',' or ']'", 3)
    yield house("set:\n\ttie: shared\n", "found character '\\t' that cannot start any token", 3)
    yield house("set:\n  tie: shared\n ace: 1\n", "expected <block end>", 4)
    yield house("set: {tie: shared\n", "expected ',' or '}'")
    yield house("---\nset: {}\n---\nset: {}\n", "expected a single document in the stream but found"
                " another document", 2)
    yield house("set: 'unclosed\n", "found unexpected end of stream")
    yield house('set: "unclosed\n', "found unexpected end of stream")
    yield house("set:\n  tie: &a shared\n  ace: *a\n", "YAML aliases (*name) are not allowed", 4)
    yield house("set:\n  tie: !!binary aGVsbG8=\n", "YAML tag 'tag:yaml.org,2002:binary' is not allowed", 3)
    yield house("set:\n  tie: !!python/object/new:os.system [true]\n", "is not allowed; use plain values", 3)
    yield house("set: !!set {a, b}\n", "YAML tag 'tag:yaml.org,2002:set' is not allowed", 2)
    yield house("set: !!omap [a: 1]\n", "YAML tag 'tag:yaml.org,2002:omap' is not allowed", 2)
    yield house("set: !custom {}\n", "YAML tag '!custom' is not allowed", 2)
    # An explicit plain tag on a value of another type crashed PyYAML's constructor.
    for tagged, what in [("!!bool maybe", "'maybe' is not a boolean"), ('!!int ""', "'' is not an integer"),
                         ('!!float ""', "'' is not a number"), ("!!timestamp yesterday", "is not a date"),
                         ("!!int 0x", "'0x' is not an integer"), ("!!null x", "'x' is not a null"),
                         ("!!str {a: 1}", "expected a scalar node, but found mapping")]:
        yield house(f"set:\n  tie: {tagged}\n", what, 3, name=f"tagged-{tagged}")
    yield house("set:\n  min_players: 8\n  max_players: 2\n", "min_players (8) is more than max_players (2)", 3)


def _encodings() -> Iterator[Bad]:
    yield Bad("latin-1", "extends: hearts\nname: caf\u00e9\n".encode("latin-1"), "not UTF-8 text", 2)
    yield Bad("utf-16", "extends: hearts\n".encode("utf-16"), "not UTF-8 text", 1)
    yield Bad("binary", bytes(range(256)), "not UTF-8 text")
    yield Bad("too-big", (HOUSE + "#" * MAX_BYTES).encode(), f"the limit is {MAX_BYTES}")
    yield Bad("many-values", ("set:\n" + "".join(f"  k{i}: 1\n" for i in range(MAX_NODES))).encode(),
              f"more than {MAX_NODES} values in one file")
    yield Bad("long-list", ("set:\n  tie: [" + "1, " * MAX_NODES + "]\n").encode(),
              f"more than {MAX_NODES} values in one file", 2)
    yield Bad("huge-list", ("set:\n  tie: [" + "1, " * (MAX_BYTES // 3) + "]\n").encode(),
              f"the limit is {MAX_BYTES}")


def _schema() -> Iterator[Bad]:
    yield house("set: 5\n", "5 is not of type 'object'", 2)
    yield house("set: [ace]\n", "is not of type 'object'", 2)
    yield house("set:\n  ace: [1]\n", "ace", 3)
    yield house("colour: red\n", "unknown field", 1)
    yield Bad("", b"set: {ace: 1}\n", "cannot tell what kind of file this is", 1)
    yield Bad("", b"extends: [hearts]\n", "['hearts'] is not of type 'string'", 1)
    yield Bad("", b"extends: hearts(ace=1)\n", "unknown ruleset", 1)
    yield Bad("", b"extends: poker\n", "unknown ruleset 'poker'", 1)
    yield Bad("long-extends", b"extends: " + b"a" * 100_000 + b"\n", "(100000 characters)", 1)
    yield house("set:\n  tie: " + "a" * 100_000 + "\n", "(100000 characters) is not allowed", 3,
                name="long-value")


def _cases() -> Iterator[Bad]:
    yield case("  players: 3\n", "  players: 3\n  dealer: 99\n", "dealer 99 is not a seat (0..2)", 16)
    yield case("  players: 3\n", "  players: 3\n  dealer: 3\n", "dealer 3 is not a seat (0..2)", 16)
    yield case("  players: 3\n", "  players: 2\n", "3 grids for 2 players", 17)
    yield case("    - [2D, 3D, 4D, 5D]\n", "", "2 grids for 3 players", 17)
    yield case("- [2H, 3H, 6H, 5H]", "- [2S, 3H, 6H, 5H]", "card 2S is used more often than the deck holds")
    yield case("draws: [4C, KD]", "draws: [4C, KD, 4C]", "card 4C is used more often than the deck holds")
    yield case("- [2H, 3H, 6H, 5H]", "- [2H, X, X, X]", "card X is used more often than the deck holds")
    yield case("- [2H, 3H, 6H, 5H]", "- [2H, 3H, 6H]", "is too short")
    yield case("- [2H, 3H, 6H, 5H]", "- [2H, 3H, 6H, 5\u0397]", "does not match")  # Greek Eta
    yield case("- [2H, 3H, 6H, 5H]", "- [2H, 3H, 6H, 11H]", "does not match")
    yield case("observe: 1", "observe: 99", "observe: 99 is not a seat (0..2)")
    yield case("observe: 1", "observe: 3", "observe: 3 is not a seat (0..2)")
    yield case("observe: 1", "observe: -1", "-1 is less than the minimum of 0")
    yield case("players: 3", "players: 9", "9 is greater than the maximum of 8")
    full = [c.code for c in standard_deck(0)]
    for label, deck in [("a card twice", ["AS", *full[:-1]]), ("a card short", full[:-1]),
                        ("a card extra", [*full, "AS"]), ("a joker", [*full[:-1], "X"])]:
        body = "  deck: [" + ", ".join(deck) + "]\n"
        text = re.sub(r"  grids:\n(    - .*\n)+  draws: .*\n", body, CASE, count=1)
        assert text != CASE, label
        yield Bad(f"deck-{label.replace(' ', '-')}", text.encode(), "deck", None, "case")
    yield case("steps:\n", "steps:\n  - observe: 7\n", "observe: 7 is not a seat")
    yield case("- do: {t: draw, player: 1}", "- do: {t: draw, player: 5}", "player: 5 is not a seat", 22)
    yield case("targets: [[2, 2]]", "targets: [[7, 2]]", "targets[0][0]: 7 is not a seat (0..2)", 24)
    yield case("set: {snap_limit: unlimited}", "set: {snap_limit: unlimited, snap.limit: one}",
               "is set twice")
    yield case("set: {snap_limit: unlimited}", "set: {snap_limit: unlimited, min_players: 8,"
               " max_players: 2}", "min_players (8) is more than max_players (2)")


def _rulesets() -> Iterator[Bad]:
    text = (spec_dir() / "rulesets" / "hearts.yaml").read_text(encoding="utf-8")
    text = re.sub(r"(?m)^  players\.minimum: .*$", "  players.minimum: {value: 8, ruling: x}", text)
    text = re.sub(r"(?m)^  players\.maximum: .*$", "  players.maximum: {value: 2, ruling: x}", text)
    yield Bad("ruleset-min-above-max", text.encode(), "choices: min_players (8) is more than"
              " max_players (2)", None, "ruleset")


TABLE: list[Bad] = [*_controls(), *_nesting(), *_keys(), *_numbers(), *_twice(), *_lookalikes(),
                    *_syntax(), *_encodings(), *_schema(), *_cases(), *_rulesets()]


def _id(bad: Bad) -> str:
    if bad.name:
        return bad.name
    text = bad.content.decode("utf-8", "replace").replace(HOUSE, "", 1)
    return re.sub(r"[^a-z0-9]+", "-", (bad.fragment + " " + text[:20]).lower()).strip("-")[:60]


def test_the_base_case_is_valid(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "validate", str(CASE_FILE))[0] == 0


def test_the_table_holds_at_least_a_hundred_bad_files() -> None:
    assert len(TABLE) + len(list(NEG.glob("*.yaml"))) >= 100


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err
    return status, captured.out, captured.err


def check_validate(capsys: pytest.CaptureFixture[str], path: Path, fragment: str,
                   line: int | None) -> None:
    status, out, err = run(capsys, "validate", str(path))
    assert status == 1, (out, err)
    lines = out.splitlines()
    assert lines and all(item.startswith(f"{path}:") for item in lines), out
    matching = [item for item in lines if fragment in item]
    assert matching, out
    if line is not None:
        assert any(item.startswith(f"{path}:{line}:") for item in matching), out
    assert re.fullmatch(r"\d+ problem\(s\) in 1 file\(s\)\n", err), err


def check_read(capsys: pytest.CaptureFixture[str], argv: list[str], path: Path, fragment: str,
               line: int | None) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2, (out, err)
    assert out == ""
    errors = err.splitlines()
    assert errors and all(item.startswith(f"cambio: error: {path}") for item in errors), err
    assert any(fragment in item for item in errors), err
    if line is not None:
        assert any(item.startswith(f"cambio: error: {path}:{line}:") for item in errors), err
    assert len(max(errors, key=len)) < 600, "one clear line, not a dump of the input"


@pytest.mark.parametrize("bad", TABLE, ids=[f"{i:03}-{_id(b)}" for i, b in enumerate(TABLE)])
def test_a_bad_file_gives_one_clear_line(bad: Bad, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / ("bad.yaml" if bad.kind == "house" else "bad-case.yaml")
    path.write_bytes(bad.content)
    check_validate(capsys, path, bad.fragment, bad.line)
    if bad.kind == "ruleset":
        return  # no command reads a ruleset file but `validate`
    argv = ["show", str(path)] if bad.kind == "house" else ["replay", str(path)]
    if bad.kind == "house" and "cannot tell what kind" in bad.fragment:
        return  # not a house-rules file at all: `show` reports its schema instead
    check_read(capsys, argv, path, "" if "cannot tell" in bad.fragment else bad.fragment, bad.line)


@pytest.mark.parametrize("path", sorted(NEG.glob("*.yaml")), ids=lambda p: p.stem)
def test_each_negative_file_gives_clear_lines(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "validate", str(path))
    assert status == 1 and out and all(item.startswith(f"{path}:") for item in out.splitlines())
    if path.name.startswith("house-"):
        status, out, err = run(capsys, "show", str(path))
        assert status == 2 and out == ""
        assert all(item.startswith(f"cambio: error: {path}:") for item in err.splitlines()), err


# -- things that are not files -----------------------------------------------------------


@pytest.mark.parametrize(("make", "fragment"), [
    ("directory", "a directory, expected a regular file"),
    ("missing", "no such file or directory"),
    ("dangling", "no such file or directory"),
    ("symlink-to-dir", "a directory, expected a regular file"),
    ("empty", ""),
])
def test_what_is_not_a_regular_file_is_named(make: str, fragment: str, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "rules.yaml"
    if make == "directory":
        path.mkdir()
    elif make == "dangling":
        path.symlink_to(tmp_path / "nowhere")
    elif make == "symlink-to-dir":
        path.symlink_to(tmp_path)
    elif make == "empty":
        path.write_text("")
    for argv in (["show", str(path)], ["replay", str(path)], ["score", "--ruleset", str(path), "AS"]):
        status, out, err = run(capsys, *argv)
        assert status == 2 and out == "" and len(err.splitlines()) == 1, err
        if argv[0] == "replay" and path.is_dir():
            # replay takes folders of cases too (issue 13): the folder, or the file in it
            # that is not a case (here the link back to the folder), is named
            assert "rules.yaml" in err and ("no case files in this folder" in err or fragment in err), err
            continue
        assert err.startswith(f"cambio: error: {path}") and fragment in err, err


@pytest.mark.parametrize("device", ["/dev/null", "/dev/zero", "/dev/urandom"])
def test_a_device_is_refused_without_reading_it(device: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "validate", device)
    assert status == 1 and out == f"{device}: a device, expected a regular file\n"
    status, _, err = run(capsys, "show", device)
    assert status == 2 and err == f"cambio: error: {device}: a device, expected a regular file\n"


def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    # In a child process with a timeout: a reader that opened the FIFO would wait for a
    # writer forever. The timeout is a bound on a hang, not a performance figure.
    fifo = tmp_path / "rules.yaml"
    os.mkfifo(fifo)
    for argv in (["show", str(fifo)], ["validate", str(tmp_path)]):
        proc = subprocess.run([sys.executable, "-m", "cambio_ref.cli", *argv], capture_output=True,
                              text=True, timeout=120, cwd=ROOT, check=False)
        assert "Traceback" not in proc.stderr
        assert proc.returncode == (1 if argv[0] == "validate" else 2), proc.stderr
        assert f"{fifo}: a FIFO (named pipe), expected a regular file" in proc.stdout + proc.stderr


def test_a_folder_tree_1100_levels_deep_is_cut_off(capsys: pytest.CaptureFixture[str]) -> None:
    # Built outside pytest's tmp_path, whose clean-up (shutil.rmtree) would exceed
    # Python's recursion limit on it; removed here without recursion, whatever happens.
    root = Path(tempfile.mkdtemp(prefix="cambio-deep-"))
    made = [root]
    try:
        for _ in range(1100):
            made.append(made[-1] / "d")
            made[-1].mkdir()
        (made[-1] / "bottom.yaml").write_text(HOUSE)
        (root / "top.yaml").write_text(HOUSE + "set:\n  tie: nope\n")
        status, out, _ = run(capsys, "validate", str(root))
    finally:
        (made[-1] / "bottom.yaml").unlink(missing_ok=True)
        (root / "top.yaml").unlink(missing_ok=True)
        for folder in reversed(made):
            folder.rmdir()
    assert status == 1
    cut = root.joinpath(*["d"] * (MAX_DIR_DEPTH + 1))
    assert out.splitlines() == [
        f"{cut}: folders nested more than {MAX_DIR_DEPTH} levels deep are not read",
        f"{root / 'top.yaml'}:3: set.tie: option tie (end.tie): nope is not allowed;"
        " expected shared | caller-loses | caller-wins | most-cards",
    ]


def test_a_folder_that_links_to_itself_is_walked_once(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "loop").symlink_to(tmp_path)
    (tmp_path / "rules.yaml").write_text(HOUSE)
    status, out, _ = run(capsys, "validate", str(tmp_path))
    assert status == 0 and out == f"ok: {tmp_path}\n"


# -- the command line -------------------------------------------------------------------


@pytest.mark.parametrize(("rules", "message"), [
    ("memory(max_players=2)", "is played by 2 to 2 players, not 3"),
    ("memory(starting_discard=false)", ""),
])
def test_replay_under_other_rules_names_the_file_and_the_setup(
        rules: str, message: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "replay", str(CASE_FILE), "--ruleset", rules)
    if not message:
        assert status in (0, 1) and err == ""  # a deal that fits is played, not refused
        return
    assert status == 2 and out == ""
    assert err.startswith(f"cambio: error: {CASE_FILE}: setup: memory(max_players=2")
    assert err.endswith(f"{message}\n") and len(err.splitlines()) == 1


@pytest.mark.parametrize(("argv", "message"), [
    (["simulate", "--ruleset", "hearts", "--players", "1000000000"],
     "--players must be an integer from 1 to 1000, not '1000000000'"),
    (["simulate", "--ruleset", "hearts", "--players", "0"], "--players must be an integer from 1"),
    (["simulate", "--ruleset", "hearts", "--players", "9"], "hearts is played by 2 to 8 players, not 9"),
    (["simulate", "--ruleset", "hearts", "--players", "\uff14"], "--players must be an integer"),
    (["simulate", "--ruleset", "hearts", "--games", "0"], "--games must be an integer from 1"),
    (["simulate", "--ruleset", "hearts", "--games", "1" * 5000], "--games must be an integer from 1"),
    (["simulate", "--ruleset", "hearts", "--games", "1e9"], "--games must be an integer from 1"),
    (["simulate", "--ruleset", "hearts", "--seed", "-1"], "--seed must be an integer from 0"),
    (["simulate", "--ruleset", "hearts", "--seed", str(2**64)], "--seed must be an integer from 0"),
    (["conform", "--timeout", "inf"], "--timeout must be a number above 0 and at most 3600, not 'inf'"),
    (["conform", "--timeout", "1e308"], "--timeout must be a number above 0 and at most 3600"),
    (["conform", "--timeout", "nan"], "--timeout must be a number above 0 and at most 3600, not 'nan'"),
    (["conform", "--timeout", "-1"], "--timeout must be a number above 0"),
    (["conform", "--shrink-time", "nan"], "--shrink-time must be a number from 0 to 3600, not 'nan'"),
    (["conform", "--shrink-time=-inf"], "--shrink-time must be a number from 0 to 3600"),
    (["conform", "--shrink-time"], "--shrink-time: expected one argument"),
    (["conform", "--fuzz", "10000000000"], "--fuzz must be an integer from 0"),
    (["conform", "--seed", "-5"], "--seed must be an integer from 0"),
    (["conform", "--max-restarts", "99999999"], "--max-restarts must be an integer from 0"),
    (["show", "hearts", "--set", "black_\u212aing=11"], "did you mean black_king?"),
    (["show", "hearts", "--set", "\u212a=1"], "unknown option"),
    (["show", "hearts(black_\u212aing=11)"], "did you mean black_king?"),
    (["show", "hearts", "--set", "tie=\uff53hared"], "did you mean shared?"),
    (["show", "hearts", "--set", "ace=\uff15\uff10"], "did you mean 50?"),
    (["show", "hearts", "--set", "risky_fives=\uff34rue"], "did you mean true?"),
    (["show", "\uff48earts"], "did you mean hearts?"),
    (["score", "--ruleset", "hearts", "A\u017f"], "unknown card 'A\u017f'; did you mean AS?"),
    (["score", "--ruleset", "hearts", "\u212aD"], "did you mean KD?"),
    (["score", "--ruleset", "hearts", "\uff11\uff10H"], "did you mean 10H?"),
    (["show", "hearts(min_players=8, max_players=2)"], "min_players (8) is more than max_players (2)"),
    (["show", "hearts", "--set", "min_players=8", "--set", "max_players=2"], "is more than"),
    (["show", "hearts", "--set", "ace=1", "--set", "value.ace=0"], "is set twice"),
    (["show", "hearts(ace=1, value.ace=0)"], "is set twice"),
    (["show", "hearts", "--set", "ace=" + "9" * 5000], "5004 characters; the limit is 1000"),
    (["show", "hearts", "--set", "ace=" + "9" * 500], "99999... (500 characters) is not allowed"),
    (["show", "hearts", "--set", "tie=a\x00b"], "control character U+0000"),
    (["show", "hearts(tie=\x1bshared)"], "control character U+001B"),
    (["show", "hearts", "--set", "x" * 5000 + "=1"], "the limit is"),
    (["show", "h" * 10_000], "unknown ruleset 'hhhhhhhhhh"),
    (["replay", "c" * 100_000], "unknown case 'cccccccccc"),
    (["show", "hearts", "--set", "s" * 900], "(900 characters): expected OPTION=VALUE"),
    (["score", "--ruleset", "hearts", "A" * 10_000], "(10000 characters): expected a rank"),
])
def test_a_bad_argument_gives_one_line_and_exit_2(argv: list[str], message: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == "", (out, err)
    assert err.startswith("cambio: error: ") and message in err, err
    assert len(err.splitlines()) == 1 and len(err) < 600, err


@pytest.mark.parametrize("option", ["--junit", "--log", "--report"])
def test_a_report_path_naming_a_directory_fails_before_the_run(
        option: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "conform", "--impl", "no-such-program-xyz", option, str(tmp_path))
    assert status == 2 and out == ""
    # The path is refused before the implementation is even started.
    assert err == (f"cambio: error: {option}: {tmp_path} is a directory; name a file"
                   " (see `cambio conform --help`)\n")


def test_save_failures_naming_a_file_fails_before_the_run(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "failures"
    file.write_text("")
    status, _, err = run(capsys, "conform", "--impl", "no-such-program-xyz", "--save-failures", str(file))
    assert status == 2
    assert err == (f"cambio: error: --save-failures: {file} is not a directory"
                   " (see `cambio conform --help`)\n")
