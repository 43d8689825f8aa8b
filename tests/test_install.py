"""Installed, not cloned: the built wheel in a fresh virtualenv, run from an empty directory.

The wheel is built from a copy of the checkout without network (``uv build --no-build-isolation``, or
``pip wheel --no-build-isolation`` without uv), installed with ``--no-index`` (by uv, or pip without it) from the
wheelhouse that ``make setup`` downloads (the runtime dependencies and pytest) into a
virtualenv outside the checkout with the runtime dependencies only, as a user gets it; the
pytest plugin is tried last, once pytest is added to that virtualenv (as a user who installs
it later gets it).
Every command then runs from an empty temporary directory, with no CAMBIO_SPEC and no
PYTHONPATH: it must exit 0 without a traceback, reading the catalogue the wheel carries.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

from cambio_ref.cli import main

ROOT = Path(__file__).resolve().parent.parent
# made by `make setup` in the dev venv; CAMBIO_WHEELHOUSE names another one, e.g. of the
# lower bounds of the runtime dependencies (see the README)
WHEELHOUSE = Path(os.environ.get("CAMBIO_WHEELHOUSE") or Path(sys.prefix) / "wheelhouse")
# not part of the source: what a build or a test run leaves in the checkout
NOT_SOURCE = shutil.ignore_patterns(".git", ".venv", "site", "build", "dist", "*.egg-info",
                                    "__pycache__", ".*_cache", ".hypothesis")
CASE = "tie.caller-ties-lowest"
HOUSE_RULES = ROOT / "examples" / "house-rules" / "kitchen-table.yaml"
# pytest run inside the fresh venv: no cache, and its own temporary directory (relative to the
# empty working directory), away from the numbered ones this session's pytest cleans up
INNER_PYTEST = ("-q", "-p", "no:cacheprovider", "--basetemp", "pytest-tmp")


@dataclass(frozen=True)
class Installed:
    wheel: Path
    bin: Path
    work: Path
    env: dict[str, str]

    def run(self, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(args, cwd=self.work, env={**self.env, **env}, capture_output=True,
                              text=True, timeout=300, check=False)

    def cambio(self, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
        return self.run(str(self.bin / "cambio"), *args, **env)


def _check(cmd: subprocess.CompletedProcess[str], status: int = 0) -> None:
    shown = f"{' '.join(map(str, cmd.args))}\nstdout:\n{cmd.stdout[-3000:]}\nstderr:\n{cmd.stderr[-3000:]}"
    assert cmd.returncode == status, shown
    assert "Traceback" not in cmd.stdout + cmd.stderr, shown


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel built from a copy of the checkout, offline."""
    if not (WHEELHOUSE / ".done").exists():
        if os.environ.get("CI"):
            pytest.fail(f"no wheelhouse at {WHEELHOUSE}: run `make setup` first")
        pytest.skip(f"no wheelhouse at {WHEELHOUSE}: `make setup` (or `make test`) downloads it")
    base = tmp_path_factory.mktemp("wheel")
    src, dist = base / "src", base / "dist"
    shutil.copytree(ROOT, src, ignore=NOT_SOURCE)
    # With uv when the dev venv has it: the same build backend (setuptools, PEP 517), the same files byte for
    # byte, for about a third of pip's CPU (1.3 s against 4.4 s); else with pip.
    uv = Path(sys.prefix) / "bin" / "uv"
    if uv.exists():
        cmd = [str(uv), "build", "--wheel", "--quiet", "--offline", "--no-build-isolation", "--python",
               sys.executable, "--out-dir", str(dist), str(src)]
    else:
        cmd = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-index", "--no-build-isolation",
               "--wheel-dir", str(dist), str(src)]
    _check(subprocess.run(cmd, capture_output=True, text=True, check=False))
    found, = dist.glob("cambio_ref-*.whl")
    return found


def _pip_install(venv: Path, *requirements: str) -> None:
    """Install `requirements` into the virtualenv `venv` from the wheelhouse, offline.

    With uv when the dev venv has it (`make setup` installs it), else with pip: the same
    files installed and compiled to bytecode as pip does, for about a quarter of pip's CPU
    (the wheel with its dependencies 4.7 s against 2.2 s, pytest 4.3 s against 0.9 s).
    """
    python = str(venv / "bin" / "python")
    offline = ("--no-index", "--find-links", str(WHEELHOUSE), *requirements)
    uv = Path(sys.prefix) / "bin" / "uv"
    if uv.exists():
        cmd = [str(uv), "pip", "install", "--quiet", "--offline", "--compile-bytecode", "--python",
               python, *offline]
    else:
        cmd = [sys.executable, "-m", "pip", "--python", python, "install", "--quiet", *offline]
    _check(subprocess.run(cmd, capture_output=True, text=True, check=False))


def _install(wheel: Path, base: Path) -> Installed:
    """A fresh virtualenv under `base` with `wheel` and its runtime dependencies, and an
    empty working directory."""
    venv, work = base / "venv", base / "work"
    _check(subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)],
                          capture_output=True, text=True, check=False))
    _pip_install(venv, str(wheel))
    work.mkdir()
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "CAMBIO_SPEC", "VIRTUAL_ENV", "PYTEST_ADDOPTS")}
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env["HYPOTHESIS_STORAGE_DIRECTORY"] = str(base / "hypothesis")
    return Installed(wheel, venv / "bin", work, env)


@pytest.fixture(scope="module")
def venv(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Installed:
    """The wheel with its runtime dependencies only, as `pip install` gives it to a user
    (until `with_pytest` adds pytest)."""
    return _install(wheel, tmp_path_factory.mktemp("install"))


@pytest.fixture
def installed(venv: Installed) -> Installed:
    """`venv` while it has no pytest (issue 21's crash hid behind an installed pytest)."""
    assert not list(venv.bin.parent.glob("lib/python*/site-packages/pytest")), \
        "pytest is in the runtime venv already: the pytest plugin's tests must come last"
    return venv


@pytest.fixture(scope="module")
def with_pytest(venv: Installed) -> Installed:
    """`venv` with pytest added, for the pytest plugin (a second virtualenv with the wheel
    and pytest cost 4 s of CPU more)."""
    _pip_install(venv.bin.parent, "pytest")
    return venv


def test_the_runtime_venv_holds_no_pytest(installed: Installed) -> None:
    # what hid issue 21's crash: pytest installed beside the wheel
    result = installed.run(str(installed.bin / "python"), "-c", "import pytest")
    assert result.returncode == 1 and "No module named 'pytest'" in result.stderr


def test_the_wheel_carries_the_whole_catalogue(installed: Installed) -> None:
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    spec = {p.relative_to(ROOT / "spec").as_posix() for p in (ROOT / "spec").rglob("*")
            if p.is_file() and p.suffix in (".yaml", ".json")}
    assert spec, "spec/ has no files"
    assert {f"cambio_ref/spec/{p}" for p in spec} <= names


def test_the_wheel_requires_nothing_from_the_test_or_docs_extras(installed: Installed) -> None:
    def name(requirement: str) -> str:
        return re.split(r"[\s<>=!~;\[]", requirement, maxsplit=1)[0].lower().replace("_", "-")

    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "optional-dependencies"]
    dev = {name(r) for group in ("test", "docs") for r in extras[group]}
    metadata = zipfile.ZipFile(installed.wheel).read(
        f"{installed.wheel.name.split('-')[0]}-{installed.wheel.name.split('-')[1]}.dist-info/METADATA"
    ).decode()
    runtime = {name(line.removeprefix("Requires-Dist:").strip())
               for line in metadata.splitlines()
               if line.startswith("Requires-Dist:") and "extra ==" not in line}
    assert {"pyyaml", "jsonschema", "hypothesis"} <= runtime
    assert not runtime & dev, f"runtime requirements from the test/docs extras: {runtime & dev}"


@pytest.mark.parametrize("args", [
    ("rulesets",),
    ("show", "hearts"),
    ("score", "--ruleset", "online", "KH", "KS", "X", "AC"),
    ("replay", CASE, "--ruleset", "hearts"),
    ("schema",),
])
def test_installed_commands_print_what_the_checkout_prints(installed: Installed, args: tuple[str, ...],
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    result = installed.cambio(*args)
    _check(result)
    assert main(list(args)) == 0
    assert result.stdout == capsys.readouterr().out


def test_validate_a_house_rules_file(installed: Installed) -> None:
    shutil.copy(HOUSE_RULES, installed.work / "house.yaml")
    _check(installed.cambio("validate", "house.yaml"))
    _check(installed.cambio("show", "house.yaml"))


def test_simulate(installed: Installed) -> None:
    # (ten games, the anchor loop beside them: the invariants over many games are
    # tests/engine/test_properties.py's; 50 games here took 1.9 s of CPU)
    result = installed.cambio("simulate", "--ruleset", "hearts", "--games", "10", "--seed", "1")
    _check(result)
    assert "invariant violations: 0" in result.stdout


def test_conform_the_default_implementation(installed: Installed) -> None:
    # every case under hearts (all but five apply) and two fuzz games against the default
    # implementation (cambio serve) in two workers: issue 21's fuzz worker imported the
    # pytest plugin, so without pytest it died at its first game (the next test plays one
    # game a ruleset with one job). The installed catalogue is read whole all the same; each
    # case's result under each of the five rulesets is checked in the checkout (spec/cases,
    # in-process; test_own_rules runs every case through the harness too), and each ruleset
    # more costs 2 s of CPU here
    result = installed.cambio("conform", "-v", "--ruleset", "hearts", "--fuzz", "2", "--seed", "1",
                              "--jobs", "2")
    _check(result)
    assert re.search(r"(\d+)/\1 applicable passed", result.stdout), result.stdout
    assert re.search(r"fuzzing \d+ lock-step actions/s", result.stdout), result.stdout


def test_conform_fuzzes_cambio_serve_without_pytest(installed: Installed) -> None:
    # issue 21 again, with one job: the fuzz games played in the main process (one a ruleset)
    result = installed.cambio("conform", "-v", "--impl", "cambio serve", "-k", "fuzz", "--fuzz", "5",
                              "--seed", "1", "--jobs", "1")
    _check(result)
    assert re.search(r"(\d+)/\1 applicable passed", result.stdout), result.stdout
    assert re.search(r"fuzzing \d+ lock-step actions/s", result.stdout), result.stdout


def test_python_m_cambio_ref_and_schema(installed: Installed) -> None:
    _check(installed.run(str(installed.bin / "python"), "-m", "cambio_ref", "--help"))
    result = installed.cambio("schema", "protocol/hello.request")
    _check(result)
    assert json.loads(result.stdout)["$id"].endswith("/schemas/protocol/hello.request.schema.json")


@pytest.mark.parametrize("impl", ["", "   "])
def test_a_blank_impl_is_a_usage_error(installed: Installed, impl: str) -> None:
    result = installed.cambio("conform", "--impl", impl)
    _check(result, status=2)
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert "--impl is empty" in result.stderr


def test_an_unknown_schema_is_a_usage_error_listing_them(installed: Installed) -> None:
    result = installed.cambio("schema", "nope")
    _check(result, status=2)
    assert "protocol/hello.request" in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_help_needs_no_catalogue_and_a_broken_one_is_one_clean_line(installed: Installed) -> None:
    broken = installed.work / "broken-spec"
    shutil.copytree(ROOT / "spec", broken, ignore=NOT_SOURCE)
    with (broken / "core.yaml").open("a", encoding="utf-8") as f:
        f.write("rules: [unclosed\n")
    _check(installed.cambio("--help", CAMBIO_SPEC=str(broken)))
    result = installed.cambio("rulesets", CAMBIO_SPEC=str(broken))
    _check(result, status=2)
    assert result.stderr.count("\n") == 1 and "core.yaml" in result.stderr, result.stderr


DRAWN = """
import hashlib, json, sys
from cambio_ref.rules import resolve
from conformance.fuzz import draw_games
from conformance.harness import Driver, parse_impl
for extra in sys.argv[1:]:
    __import__(extra)
driver = Driver(parse_impl("python:conformance.serve:ReferenceEngine"))
for drawn in draw_games(driver.start(), resolve("online"), games=6, seed=7):
    game = drawn.game
    print(hashlib.sha256(json.dumps([game.rules.canonical, game.players, game.dealer, game.seed,
                                     game.deck, drawn.actions]).encode()).hexdigest()[:16])
driver.close()
print(sorted(m for m in sys.modules if m.split(".")[0] in ("pytest", "_pytest")))
"""


def test_a_seed_draws_the_same_games_installed_as_in_the_checkout(installed: Installed) -> None:
    # issue 29: Hypothesis draws constants from the modules it takes for local code, which
    # an editable checkout's kit is and an installed wheel's is not, and so is any module an
    # adapter or a test loads (here one full of integers). The kit's draws turn that off,
    # so a seed gives the same games whatever the install; fuzzing imports no pytest.
    (installed.work / "many_constants.py").write_text(
        "".join(f"C{n} = {n * 7919}\nS{n} = 'card-{n}'\n" for n in range(300)), encoding="utf-8")
    checkout = subprocess.run([sys.executable, "-c", DRAWN, "many_constants"], cwd=ROOT,
                              capture_output=True, text=True, timeout=120, check=False,
                              env={**os.environ, "PYTHONPATH": str(installed.work)})
    wheel = installed.run(str(installed.bin / "python"), "-c", DRAWN)
    _check(checkout)
    _check(wheel)
    lines = checkout.stdout.splitlines()
    assert len(lines) == 7 and len(set(lines[:6])) == 6, checkout.stdout
    assert lines[-1] == "[]"
    assert wheel.stdout == checkout.stdout


# the pytest plugin's tests come last: they add pytest to the runtime venv
def test_the_pytest_plugin_against_cambio_serve(with_pytest: Installed) -> None:
    # (every case collected, the ties and the fuzz games run: the plugin runs an item as
    # `cambio conform` does, which test_conform_the_default_implementation runs on every case)
    installed = with_pytest
    result = installed.run(str(installed.bin / "pytest"), *INNER_PYTEST,
                           "--cambio-impl", "cambio serve", "--cambio-ruleset", "hearts",
                           "--cambio-fuzz", "2", "--cambio-seed", "1", "-k", "tie or fuzz")
    _check(result)
    assert re.search(r"\d+ passed, \d{3} deselected", result.stdout), result.stdout


def test_a_blank_impl_is_a_usage_error_in_the_pytest_plugin_too(with_pytest: Installed) -> None:
    installed = with_pytest
    result = installed.run(str(installed.bin / "pytest"), *INNER_PYTEST, "--cambio-impl", " ")
    assert result.returncode == pytest.ExitCode.USAGE_ERROR, result.stdout + result.stderr
    assert "--impl is empty" in result.stderr and "Traceback" not in result.stdout + result.stderr
