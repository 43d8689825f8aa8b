"""The adapter skeletons of docs/developers/adapter-guide.md work: the Python one passes
`cambio conform` once connected to an engine (here the reference), and the Node one
answers every request in order, echoing its seq."""

from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cambio_ref.catalogue import load_catalogue
from tests.conformance.conftest import Run

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "developers" / "adapter-guide.md"
Conform = Callable[..., Run]

PY_ENGINE = '''
from conformance.implementation import Rejection
from conformance.protocol import rules_from_json
from conformance.serve import ReferenceEngine


class Illegal(Exception):
    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


class Game:
    """The reference behind the skeleton's interface."""

    def __init__(self, rules, players, dealer, deck, seed, first):
        self.engine = ReferenceEngine()
        self.events = self.engine.new_game(rules_from_json(rules), players, dealer, deck, seed,
                                           first)

    def deal_events(self):
        return self.events

    def act(self, action):
        reply = self.engine.act(action)
        if isinstance(reply, Rejection):
            raise Illegal(reply.code, reply.message)
        return reply

    def view(self, player):
        return self.engine.observe(player)
'''

JS_ENGINE = '''
class Illegal extends Error {
  constructor(code, message) { super(message); this.code = code; }
}
class Game {
  constructor(rules, players, dealer, deck, seed, first) { this.deck = deck; this.players = players; }
  dealEvents() { return [{ t: "dealt", player: 1, slot: 0, card: this.deck[0], visible_to: [] }]; }
  act(action) {
    if (action.t === "draw") throw new Illegal("E_WRONG_PHASE", "the opening peek is not over");
    if (action.t === "boom") throw new TypeError("a bug");
    return [{ t: "peeked", player: action.player, owner: action.player, slot: action.slot,
              card: "3S", visible_to: [action.player] }];
  }
  view(player) { return { player: player, grids: [] }; }
}
module.exports = { Game, Illegal };
'''


def _block(language: str) -> str:
    text = GUIDE.read_text(encoding="utf-8")
    blocks = re.findall(rf"```{language}\n(.*?)```", text, re.S)
    assert len(blocks) == 1, f"expected one {language} block in the guide"
    return str(blocks[0])


def write_rules(folder: Path, ruleset: str) -> dict[str, Any]:
    """rules.json as the guide's one-liner writes it (`cambio show RULESET --json`): every
    option key with the ruleset's value."""
    shown = subprocess.run([sys.executable, "-m", "cambio_ref", "show", ruleset, "--json"],
                           capture_output=True, text=True, check=True, timeout=120)
    rules = {o["key"]: o["value"] for o in json.loads(shown.stdout)["options"]}
    (folder / "rules.json").write_text(json.dumps(rules, indent=1), encoding="utf-8")
    return rules


def test_the_guide_writes_rules_json_as_the_test_does() -> None:
    text = GUIDE.read_text(encoding="utf-8")
    assert "cambio show online --json | python3 -c" in text
    assert '{o["key"]: o["value"] for o in json.load(sys.stdin)["options"]}' in text


def test_the_python_skeleton_passes_once_connected(conform: Conform, tmp_path: Path) -> None:
    (tmp_path / "adapter.py").write_text(_block("python"), encoding="utf-8")
    (tmp_path / "my_engine.py").write_text(PY_ENGINE, encoding="utf-8")
    rules = write_rules(tmp_path, "online")
    impl = shlex.join([sys.executable, str(tmp_path / "adapter.py")])
    run = conform("--impl", impl, "-k", "tie or snap.wrong or fuzz", "--fuzz", "4", "--seed", "1")
    assert run.code == 0, run.out
    hello = run.log[0]["implementation"]
    assert hello["name"] == "my-engine"
    # every option pinned to the declared value, and the header says so
    assert hello["options"] == {key: [value] for key, value in rules.items()}
    assert "every option pinned by the declaration" in run.out
    assert run.statuses()["pass"] >= 6
    assert {r["ruleset"] for r in run.results} == {"declared"}


def test_a_declaration_that_pins_nothing_is_said(conform: Conform) -> None:
    """The old skeleton's ``"options": {}`` supports every value of every option: the
    header says so (the reference, which does support them all, declares it too)."""
    run = conform("--fuzz", "0", "-k", "tie.caller-ties-lowest", "--ruleset", "hearts")
    total = len(load_catalogue().options)
    assert f"the declaration leaves all {total} options open" in run.out


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node")
def test_the_node_skeleton_answers_in_order(tmp_path: Path) -> None:
    (tmp_path / "adapter.js").write_text(_block("js"), encoding="utf-8")
    (tmp_path / "my-engine.js").write_text(JS_ENGINE, encoding="utf-8")
    rules = write_rules(tmp_path, "hearts")
    requests = [
        {"cmd": "hello", "seq": 0, "protocol": 1},
        {"cmd": "new_game", "seq": 1, "rules": {}, "players": 2, "dealer": 0, "first": None,
         "deck": ["AS", "2S"], "seed": 0},
        {"cmd": "act", "seq": 2, "action": {"t": "peek", "player": 1, "slot": 2}},
        {"cmd": "act", "seq": 3, "action": {"t": "draw", "player": 1}},
        {"cmd": "act", "seq": 4, "action": {"t": "boom", "player": 1}},
        {"cmd": "observe", "seq": 5, "player": 0},
        {"cmd": "jump", "seq": 6},
        {"cmd": "stop", "seq": 7},
    ]
    proc = subprocess.run(["node", str(tmp_path / "adapter.js")], cwd=tmp_path, timeout=60,
                          input="".join(json.dumps(r) + "\n" for r in requests),
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    replies = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [r["seq"] for r in replies] == list(range(8))
    hello, deal, peeked, rejected, bug, seen, unknown, stop = replies
    assert hello["protocol"] == 1 and hello["implementation"]["language"] == "javascript"
    assert hello["rules"] == rules and hello["options"] == {k: [v] for k, v in rules.items()}
    assert deal["events"][0]["card"] == "AS"
    assert peeked["events"][0]["t"] == "peeked"
    assert rejected["rejected"]["code"] == "E_WRONG_PHASE"
    assert "a bug" in bug["error"]["message"] and "unknown command jump" in unknown["error"]["message"]
    assert seen["view"]["player"] == 0 and stop == {"seq": 7}
