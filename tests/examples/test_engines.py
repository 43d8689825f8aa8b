"""The adapters of examples/engines (issue 29, item 7).

What needs no engine runs always: the declared rules of each adapter pin every option of
the catalogue, each to a value the catalogue accepts and with where in the engine's code
it comes from; the adapters' shared part deals and reshuffles exactly as the reference
does (spec/shuffle.yaml). What needs an engine runs only where its checkout is named
(``CAMBIA_DIR``, ``CAMBIO_DIR``; CI has none and no network), and skips otherwise.
"""

from __future__ import annotations

import doctest
import importlib.util
import json
import os
import shlex
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from cambio_ref.catalogue import load_catalogue
from cambio_ref.rules import resolve
from cambio_ref.shuffle import shuffle
from cambio_ref.state import new_round
from tests.conformance.conftest import Run

ROOT = Path(__file__).resolve().parents[2]
ENGINES = ROOT / "examples" / "engines"
# engine folder -> (environment variable naming its checkout, a file of the engine)
CHECKOUTS = {"cambia": ("CAMBIA_DIR", "cfr/src/game/engine.py"),
             "cambio": ("CAMBIO_DIR", "packages/game/src/engine.ts")}


def _example(name: str) -> ModuleType:
    """examples/engines/`name`.py (not a package of the project: the adapters and their
    set-up run outside the kit)."""
    spec = importlib.util.spec_from_file_location(name, ENGINES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # (a dataclass of the module looks its module up)
    spec.loader.exec_module(module)
    return module


def adapterlib() -> ModuleType:
    """examples/engines/adapterlib.py, the adapters' shared part."""
    return _example("adapterlib")


def declared(engine: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ENGINES / engine / "rules.json").read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("engine", sorted(CHECKOUTS))
def test_the_declared_rules_pin_every_option_with_its_place_in_the_code(engine: str) -> None:
    data = declared(engine)
    cat = load_catalogue()
    ids = [o["id"] for o in data["options"]]
    assert sorted(ids) == sorted(o.id for o in cat.options)  # each option once
    for option in data["options"]:
        assert cat.option(option["id"]).key == option["key"], option
        assert cat.option(option["id"]).accepts(option["value"]), option
        # where it comes from: a file of the engine, or why no code decides it
        assert option["from"].strip(), option
    from_code = [o for o in data["options"] if not o["from"].startswith("not ")]
    assert len(from_code) > 50
    # the rules object the adapter declares is complete: the kit resolves it
    resolved = resolve("online", tuple((o["key"], o["value"]) for o in data["options"]))
    assert resolved.values() == {o["key"]: o["value"] for o in data["options"]}
    assert len(data["commit"]) == 40


@pytest.mark.parametrize("engine", sorted(CHECKOUTS))
def test_the_readme_states_the_commit_the_rules_name(engine: str) -> None:
    commit = declared(engine)["commit"]
    assert commit in (ENGINES / engine / "README.md").read_text(encoding="utf-8")
    assert commit in (ENGINES / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize(("seed", "stream"), [(0, 1), (7, 2), (2**63, 3)])
def test_the_adapters_reshuffle_as_the_reference_does(seed: int, stream: int) -> None:
    cards = [f"{r}{s}" for s in "SHDC" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9",
                                                   "10", "J", "Q", "K")]
    assert adapterlib().shuffle(cards, seed, stream) == shuffle(cards, seed, stream)


@pytest.mark.parametrize(("players", "dealer", "turn_up"), [(2, 0, True), (3, 2, False), (6, 4, True)])
def test_the_adapters_deal_as_the_reference_does(players: int, dealer: int, turn_up: bool) -> None:
    rules = resolve("hearts" if turn_up else "online", (("starting_discard", turn_up),))
    state = new_round(rules, players, dealer=dealer, seed=5)
    deck = [c.code for c in state.all_cards()]  # (any order: the deal below is of this deck)
    dealt = new_round(rules, players, dealer=dealer, deck=deck)
    grids, up, rest = adapterlib().deal(deck, players, dealer, turn_up)
    assert grids == [[c.code for c in g if c is not None] for g in dealt.grids]
    assert up == (dealt.pile[-1].code if turn_up else None)
    assert rest == dealt.snapshot()["deck"]  # top card first


def test_a_given_card_stays_known_to_whoever_knew_it() -> None:
    # gave: the card moves face down, and who knew it still knows it in its new slot
    # (protocol.md, knowledge rules); the cambio adapter forgot it (consistency.view-forgets)
    table = adapterlib().Table([["2S", "3S", "4S", "5S"], ["2H", "3H", "4H", "5H"]], 0, 1)
    table.peeked(1, 3)
    table.grids[0][1] = None  # (a gap a snap left)
    event = table.gave(1, 3, 0, 1)
    assert event == {"t": "gave", "player": 1, "slot": 3, "to": [0, 1], "card": "5H",
                     "visible_to": []}
    assert table.view(1)["grids"] == [["?", "5H", "?", "?"], ["?", "?", "?", None]]
    assert table.view(0)["grids"][0][1] == "?"


def setup_engine() -> ModuleType:
    """examples/engines/setup_engine.py, which fetches an engine at its pinned commit."""
    return _example("setup_engine")


@pytest.mark.parametrize("engine", sorted(CHECKOUTS))
def test_each_engine_is_fetched_from_its_repository_at_the_commit_its_rules_name(engine: str) -> None:
    setup = setup_engine()
    assert doctest.testmod(setup).failed == 0  # (examples/ is not among pytest's doctest paths)
    assert sorted(setup.ENGINES) == sorted(CHECKOUTS)
    fetched = setup.ENGINES[engine]
    assert fetched.commit(engine) == declared(engine)["commit"]
    assert fetched.variable == CHECKOUTS[engine][0]
    assert fetched.repository in (ENGINES / engine / "README.md").read_text(encoding="utf-8")
    script = ENGINES / engine / "setup.sh"
    assert os.access(script, os.X_OK) and f"setup_engine.py\" {engine} " in script.read_text(encoding="utf-8")


def _git(*args: str, cwd: Path) -> str:
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=True,
                          env={**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t",
                               "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t"}).stdout.strip()


def test_the_set_up_checks_out_the_pinned_commit_of_a_mirror_and_no_other(tmp_path: Path) -> None:
    # a local mirror stands for the repository (no network in the tests): two commits, the
    # pinned one the first; the set-up checks it out, again into the same checkout, and
    # refuses a commit the mirror does not have, saying which
    mirror = tmp_path / "mirror"
    mirror.mkdir()
    _git("init", "--quiet", cwd=mirror)
    (mirror / "engine.py").write_text("pinned\n")
    _git("add", ".", cwd=mirror)
    _git("commit", "--quiet", "-m", "one", cwd=mirror)
    pinned = _git("rev-parse", "HEAD", cwd=mirror)
    (mirror / "engine.py").write_text("later\n")
    _git("commit", "--quiet", "-am", "two", cwd=mirror)
    setup = setup_engine()
    into = tmp_path / "engines" / "repo"
    for _ in range(2):
        assert setup.checkout(str(mirror), into, pinned) == into
        assert (into / "engine.py").read_text() == "pinned\n"
    with pytest.raises(setup.SetupFailed, match=f"checking out {'0' * 40} \\(is it in {mirror}"):
        setup.checkout(str(mirror), into, "0" * 40)
    assert setup.main(["cambia", "--from", str(tmp_path / "nowhere"), "--into",
                       str(tmp_path / "x"), "--checkout-only"]) == 2


def checkout(engine: str) -> Path:
    variable, marker = CHECKOUTS[engine]
    root = os.environ.get(variable)
    if not root or not (Path(root) / marker).is_file():
        pytest.skip(f"no checkout of the {engine} engine ({variable} unset)")
    return Path(root)


def command(engine: str) -> str:
    """The adapter's --impl command (``CAMBIA_PYTHON``: a Python with the cambia engine's
    imports, pydantic and PyYAML, as setup.sh makes; ``TSX``: the tsx command, for the
    cambio engine); a skip when that Python lacks them."""
    python = os.environ.get("CAMBIA_PYTHON", sys.executable) if engine == "cambia" else sys.executable
    if engine == "cambia" and subprocess.run([python, "-c", "import pydantic, yaml"],
                                             capture_output=True, check=False).returncode:
        pytest.skip(f"{python} cannot import pydantic and yaml: name a Python that can in"
                    " CAMBIA_PYTHON (examples/engines/cambia/setup.sh makes one)")
    return shlex.join([python, str(ENGINES / engine / "adapter.py")])


@pytest.mark.parametrize("engine", sorted(CHECKOUTS))
def test_the_adapter_plays_a_case_through(engine: str, conform: Any) -> None:
    """One case against the engine: the handshake declares the pinned rules, the deal,
    the peek and the turns are answered, and the run ends with results, not with a
    crash, a timeout or a protocol error of the adapter's."""
    root = checkout(engine)
    os.environ[CHECKOUTS[engine][0]] = str(root)
    run: Run = conform("--impl", command(engine), "--fuzz", "0", "-k", "setup.two-players")
    results = run.results
    assert results, run.out
    assert {r["status"] for r in results} <= {"pass", "fail", "rejected_wrongly",
                                              "accepted_wrongly", "not_applicable"}, run.out
    header = run.log[0]
    assert declared(engine)["commit"][:7] in json.dumps(header)


def test_the_cambia_adapter_reports_a_wrong_snaps_penalty_cards(conform: Any) -> None:
    # the engine's only difference in snap.penalty-past-six-cards is its hand cap (#8 of
    # cambia/DEVIATIONS.md): the first wrong snap's two penalty cards are reported (the
    # adapter once laid them out and dropped their events), the second snap's are not drawn
    root = checkout("cambia")
    os.environ["CAMBIA_DIR"] = str(root)
    run: Run = conform("--impl", command("cambia"), "--fuzz", "0",
                       "-k", "snap.penalty-past-six-cards")
    fields = [(d["field"], d["step"]) for r in run.results for d in r["deviations"]
              if d["field"].startswith("events[penalty")]
    assert fields == [("events[penalty]", "step 6")], run.out
