"""Case-format conveniences (issue 13, item 7): keys naming several rulesets or option
values, cases that list only the rulesets they concern, ``reject: any``, repeat steps,
and `cambio replay` over several files and folders.

Each test writes a small case whose expected behaviour follows from the sources as
the existing cases state it (seat 1, left of dealer 0, plays first: online "How to
play"; a turn draws and then discards or swaps), and checks the format feature, not
new rules.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cambio_ref.cases import load_case_file
from cambio_ref.cli import main
from conformance.scenarios import run_case

SCHEMA = Path(__file__).resolve().parents[2] / "spec" / "schemas" / "case.schema.json"
HEAD = """\
# yaml-language-server: $schema={schema}
id: {id}
title: Does the case format allow this?
options: [turn.direction]
sources:
  - {{key: online, section: How to play, evidence: stated}}
setup:
  players: 2
  grids:
    - [2S, 3S, 4S, 5S]
    - [2H, 3H, 6H, 7H]
  starting: AC
  draws: [4C, 3D, 5C, 6D, 4D, 5H]
"""


def write(tmp_path: Path, name: str, body: str) -> Path:
    path = tmp_path / f"{name}.yaml"
    path.write_text(HEAD.format(schema=SCHEMA, id=f"test.{name}") + body, encoding="utf-8")
    return path


def test_keys_may_name_several_rulesets_or_values_and_reject_any(tmp_path: Path) -> None:
    path = write(tmp_path, "several-keys", """\
steps:
  - do: {t: draw, player: 0}
    expect:
      "online, hearts": {reject: E_NOT_YOUR_TURN}
      "turn.direction=clockwise, turn.direction=counter-clockwise": {reject: any}
rulesets:
  online: {answer: Seat 0 is not due., ruling: turn.first-player}
  hearts: {answer: Seat 0 is not due., ruling: turn.first-player}
  official: {answer: Seat 0 is not due., ruling: turn.first-player}
""")
    assert main(["validate", str(path)]) == 0
    case = load_case_file(path)
    for ruleset in ("online", "hearts", "official"):
        assert run_case(case, ruleset).status == "pass", ruleset


def test_a_wrong_item_in_a_key_is_reported(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "bad-key", """\
steps:
  - do: {t: draw, player: 1}
    expect:
      "online, nowhere=1": {events: [{t: drew, player: 1}]}
rulesets:
  online: {answer: Seat 1 draws., ruling: turn.first-player}
""")
    assert main(["validate", str(path)]) == 1
    assert "unknown option 'nowhere'" in capsys.readouterr().out


def test_a_case_may_list_only_the_rulesets_it_concerns(tmp_path: Path) -> None:
    path = write(tmp_path, "only-online", """\
steps:
  - do: {t: draw, player: 1}
    expect:
      online: {events: [{t: drew, player: 1, card: 4C}]}
rulesets:
  online: {answer: Seat 1 draws the 4 of clubs., ruling: turn.first-player}
""")
    assert main(["validate", str(path)]) == 0
    case = load_case_file(path)
    assert run_case(case, "online").status == "pass"
    other = run_case(case, "hearts")
    assert other.status == "not_applicable" and other.answer == "the case concerns only online"


def test_a_repeat_step_plays_like_the_steps_it_stands_for(tmp_path: Path) -> None:
    spelled = write(tmp_path, "spelled", """\
steps:
  - {do: {t: draw, player: 1}}
  - {do: {t: discard, player: 1}}
  - {do: {t: draw, player: 0}}
  - {do: {t: swap, player: 0, slot: 0}}
  - {do: {t: draw, player: 1}}
  - {do: {t: discard, player: 1}}
rulesets:
  online: {answer: Three turns., ruling: turn.first-player}
""")
    repeated = write(tmp_path, "repeated", """\
steps:
  - repeat: {turns: 1}
  - repeat: {turns: 1, play: [{t: draw}, {t: swap, slot: 0}]}
  - repeat: {turns: 1}
rulesets:
  online: {answer: Three turns., ruling: turn.first-player}
""")
    for path in (spelled, repeated):
        assert main(["validate", str(path)]) == 0
    one, other = (run_case(load_case_file(p), "online") for p in (spelled, repeated))
    assert one.status == other.status == "pass"
    assert one.events == other.events and len(one.events) > 6


def test_a_repeat_until_the_deck_is_empty_stops_there(tmp_path: Path) -> None:
    path = write(tmp_path, "until-empty", """\
set: {power.trigger: discarded-from-deck}
steps:
  - note: with the common trigger, a card swapped in or out fires nothing, so every turn is two actions
    repeat: {until: deck-empty, play: [{t: draw}, {t: swap, slot: 0}]}
  - observe: 0
    expect:
      all: {view: {deck: 0}}
rulesets:
  online: {answer: The deck runs out., ruling: turn.first-player}
""")
    result = run_case(load_case_file(path), "online")
    assert result.status == "pass", result.failures
    assert any(e["t"] == "drew" for e in result.events)


def test_a_repeat_step_takes_no_expect(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "repeat-expect", """\
steps:
  - repeat: {turns: 2}
    expect:
      all: {events: [{t: drew}]}
rulesets:
  online: {answer: Two turns., ruling: turn.first-player}
""")
    assert main(["validate", str(path)]) == 1
    capsys.readouterr()


def test_replay_takes_several_cases_files_and_folders(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    write(folder, "a", "steps:\n  - {do: {t: draw, player: 1}}\nrulesets:\n"
                       "  online: {answer: Seat 1 draws., ruling: turn.first-player}\n")
    write(folder, "b", "steps:\n  - {do: {t: draw, player: 0}}\nrulesets:\n"
                       "  online: {answer: Seat 0 is not due., ruling: turn.first-player}\n")
    assert main(["replay", "tie.caller-ties-lowest", str(folder), "--ruleset", "online"]) == 1
    out = capsys.readouterr().out
    assert "tie.caller-ties-lowest:" in out and "test.a:" in out and "test.b:" in out
    # test.b's draw by seat 0, who is not due, is rejected without `expect: reject`
    assert "E_NOT_YOUR_TURN" in out and "expect: reject" in out
