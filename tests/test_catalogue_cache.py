"""A catalogue that passed every check is kept on disk (`cambio_ref.catalogue`): a process
that finds it builds the same catalogue without reading YAML; a changed file is read again,
and its problems are reported as if nothing had been kept."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cambio_ref import catalogue, diskcache, yamlio
from cambio_ref.errors import SpecError
from cambio_ref.resources import SPEC_ENV, spec_dir


def _new_process() -> None:
    """Forget what this process read (only the cache files remain)."""
    spec_dir.cache_clear()
    catalogue._load_catalogue.cache_clear()
    catalogue._spec_key.cache_clear()


@pytest.fixture
def spec(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the catalogue as `spec_dir()` (without its cases: not read here), and a cache
    directory holding only the digests of the documents known to pass their schema (the
    same schemas: only what this file tests is done again)."""
    copy = tmp_path / "spec"
    shutil.copytree(spec_dir(), copy, ignore=shutil.ignore_patterns("cases"))
    (tmp_path / "cache").mkdir()
    for passed in diskcache.cache_dir().glob("schema-passed-*.json"):
        shutil.copy(passed, tmp_path / "cache")
    monkeypatch.setenv(SPEC_ENV, str(copy))
    monkeypatch.setenv(diskcache.CACHE_ENV, str(tmp_path / "cache"))
    _new_process()
    yield copy
    monkeypatch.undo()
    _new_process()


def _reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """A record of every YAML file the catalogue reads from now on."""
    read: list[str] = []
    real = yamlio.load_yaml

    def counting(path: Path, name: str | None = None) -> Any:
        read.append(path.name)
        return real(path, name)

    monkeypatch.setattr(catalogue, "load_yaml", counting)
    return read


def test_a_kept_catalogue_is_the_same_and_reads_no_yaml(spec: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    read = _reads(monkeypatch)
    first = catalogue.load_catalogue()
    assert "sources.yaml" in read and len(list((spec.parent / "cache").glob("catalogue-*.json"))) == 1
    _new_process()
    read.clear()
    again = catalogue.load_catalogue()
    assert read == [] and again == first and again is not first
    assert again.option("risky_fives").alternatives == first.option("risky_fives").alternatives


def test_a_changed_file_is_read_again(spec: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    catalogue.load_catalogue()
    sources = spec / "sources.yaml"
    text = sources.read_text(encoding="utf-8")
    assert "title: " in text
    sources.write_text(text.replace("title: ", "title: Renamed ", 1), encoding="utf-8")
    _new_process()
    read = _reads(monkeypatch)
    cat = catalogue.load_catalogue()
    assert "sources.yaml" in read
    assert any(s.title.startswith("Renamed ") for s in cat.sources.values())


def test_a_broken_file_is_reported_though_the_catalogue_before_it_was_kept(spec: Path) -> None:
    catalogue.load_catalogue()
    ruleset = next((spec / "rulesets").glob("*.yaml"))
    ruleset.write_text(ruleset.read_text(encoding="utf-8") + "\nunknown_field: 1\n", encoding="utf-8")
    _new_process()
    with pytest.raises(SpecError, match="unknown field"):
        catalogue.load_catalogue()
    _new_process()  # (and it is not kept either)
    with pytest.raises(SpecError, match="unknown field"):
        catalogue.load_catalogue()


def test_a_damaged_cache_file_is_read_past(spec: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = catalogue.load_catalogue()
    (kept,) = (spec.parent / "cache").glob("catalogue-*.json")
    kept.write_text('{"sources": 5}', encoding="utf-8")
    _new_process()
    read = _reads(monkeypatch)
    assert catalogue.load_catalogue() == first and "sources.yaml" in read
