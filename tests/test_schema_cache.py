"""The digests of the documents that passed their schema (`cambio_ref.catalogue`): kept on
disk once per batch of documents, and a document read again is not validated again."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from cambio_ref import catalogue, diskcache
from cambio_ref.catalogue import read_spec, schema_batch, schema_problems
from cambio_ref.resources import spec_dir
from cambio_ref.yamlio import load_yaml, load_yaml_text


@pytest.fixture
def cold(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """An empty cache directory, no digest in memory, and a record of every save."""
    monkeypatch.setenv(diskcache.CACHE_ENV, str(tmp_path))
    catalogue._passed.cache_clear()
    saves: list[str] = []
    real = diskcache.save_json

    def save(kind: str, key: str, data: Any) -> None:
        saves.append(kind)
        real(kind, key, data)

    monkeypatch.setattr(diskcache, "save_json", save)
    yield saves
    catalogue._passed.cache_clear()


def test_a_whole_catalogue_saves_its_digests_once(cold: list[str]) -> None:
    cat, problems = read_spec(spec_dir())
    assert cat is not None and problems == []
    assert cold.count("schema-passed") == 1  # (not once per document: over 20 of them)
    catalogue._passed.cache_clear()  # (a new process: only the file remains)
    validated: list[str] = []
    real = jsonschema.Draft202012Validator

    def counting(*args: Any, **kwargs: Any) -> Any:
        validated.append("one")
        return real(*args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(jsonschema, "Draft202012Validator", counting)
        assert read_spec(spec_dir())[1] == []
    assert validated == []  # every document was known to pass


def test_a_document_outside_a_batch_is_saved_at_once_and_a_bad_one_never(
        cold: list[str]) -> None:
    good = load_yaml(spec_dir() / "errors.yaml", "errors.yaml")
    bad = load_yaml_text("nonsense: 1\n", "b.yaml")
    with schema_batch():
        first = schema_problems(bad, "errors")
        assert cold == []
    assert first and schema_problems(bad, "errors") == first  # (validated again, same words)
    assert cold == []
    assert schema_problems(good, "errors") == [] and cold == ["schema-passed"]
