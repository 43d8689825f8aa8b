"""Finding spec/: the installed package data by default, ``CAMBIO_SPEC`` over it, and never at import.

Each check runs in a fresh interpreter, since the catalogue directory is read once per process.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cambio_ref.errors import CambioError
from cambio_ref.resources import published_files, schema_names, schema_path, spec_dir

IMPORT_EVERYTHING = """
import importlib, pkgutil
for package in ("cambio_ref", "conformance"):
    importlib.import_module(package)
    for module in pkgutil.walk_packages(importlib.import_module(package).__path__, package + "."):
        importlib.import_module(module.name)
print("imported")
"""


def run(*args: str, spec: Path | str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CAMBIO_SPEC": str(spec)}
    return subprocess.run([sys.executable, *args], env=env, capture_output=True, text=True, check=False)


def test_no_module_reads_the_catalogue_when_imported(tmp_path: Path) -> None:
    result = run("-c", IMPORT_EVERYTHING, spec=tmp_path / "nowhere")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "imported"


def test_help_works_without_a_catalogue(tmp_path: Path) -> None:
    result = run("-m", "cambio_ref", "--help", spec=tmp_path / "nowhere")
    assert result.returncode == 0, result.stderr
    assert "schema" in result.stdout


def test_a_missing_catalogue_directory_is_one_line_exit_2(tmp_path: Path) -> None:
    result = run("-m", "cambio_ref", "rulesets", spec=tmp_path / "nowhere")
    assert result.returncode == 2
    assert result.stderr.strip() == f"cambio: error: CAMBIO_SPEC={tmp_path / 'nowhere'}: no such directory"


def test_cambio_spec_names_the_catalogue_every_command_reads(tmp_path: Path) -> None:
    copy = tmp_path / "spec"
    shutil.copytree(spec_dir(), copy, ignore=shutil.ignore_patterns("__pycache__"))
    ruleset = copy / "rulesets" / "hearts.yaml"
    text = ruleset.read_text(encoding="utf-8")
    title = next(line for line in text.splitlines() if line.startswith("title:"))
    ruleset.write_text(text.replace(title, "title: Hearts, as copied"), encoding="utf-8")
    result = run("-m", "cambio_ref", "rulesets", spec=copy)
    assert result.returncode == 0, result.stderr
    assert "Hearts, as copied" in result.stdout


def test_schemas_by_name() -> None:
    names = schema_names()
    assert "house-rules" in names and "protocol/act.reply" in names
    assert schema_path("protocol/act.reply.schema.json") == schema_path("protocol/act.reply")
    with pytest.raises(CambioError, match=r"unknown schema 'nope'; the schemas are: asked, case, "):
        schema_path("nope")


def test_published_files_are_the_catalogue_files() -> None:
    files = published_files()
    assert files["spec/errors.yaml"] == spec_dir() / "errors.yaml"
    assert all(path.is_file() and spec_dir() in path.parents for path in files.values())
    assert len([p for p in files if p.startswith("schemas/")]) == len(schema_names())


def test_schema_accepts_the_short_names_it_prints() -> None:
    # `cambio schema` lists protocol/hello.reply; hello.reply alone names it too (issue 20)
    assert schema_path("hello.reply") == schema_path("protocol/hello.reply")
    assert schema_path("hello.reply.schema.json") == schema_path("protocol/hello.reply")
    with pytest.raises(CambioError):
        schema_path("reply")  # (names no schema at all)


def test_show_option_lists_its_alternatives(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from cambio_ref.catalogue import load_catalogue
    from cambio_ref.cli import main

    assert main(["show", "snap.window"]) == 0
    out = capsys.readouterr().out
    opt = load_catalogue().option("snap.window")
    for alt in opt.alternatives:
        assert f"snap_window={alt.value}:" in out
    assert main(["show", "value.red-king", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [a["one_line"] for a in data["alternatives"]] == [
        f"red_king={a.value}" for a in load_catalogue().option("red_king").alternatives]
    cambia = next(a for a in data["alternatives"] if a["value"] == -1)
    assert "cambia" in cambia["rulesets"]  # (cambia's red king is worth -1: spec/rulesets/cambia.yaml)
