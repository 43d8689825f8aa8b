"""The cache keys of `cambio_ref.diskcache.content_key`: worked out from the files' bytes, and kept by
their stat data only once the files have settled, so a changed file never keeps its old key."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cambio_ref import diskcache


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder of two files and an empty cache directory."""
    monkeypatch.setenv(diskcache.CACHE_ENV, str(tmp_path / "cache"))
    root = tmp_path / "tree"
    (root / "sub").mkdir(parents=True)
    (root / "a.yaml").write_text("a: 1\n", encoding="utf-8")
    (root / "sub" / "b.yaml").write_text("b: 2\n", encoding="utf-8")
    return root


def _key(root: Path) -> str:
    return diskcache.content_key([root], (".yaml",))


def _hashing(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """A record of every file `content_key` reads."""
    read: list[str] = []
    real = open

    def counting(path: str, *args: object, **kwargs: object) -> object:
        read.append(os.path.basename(path))
        return real(path, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(diskcache, "open", counting, raising=False)
    return read


def test_a_file_just_written_is_hashed_every_time(tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    read = _hashing(monkeypatch)
    first = _key(tree)
    (tree / "a.yaml").write_text("a: 2\n", encoding="utf-8")  # (the same size, within the same clock tick maybe)
    assert _key(tree) != first
    assert read.count("a.yaml") == 2 and not (tree.parent / "cache" / "stat-keys.json").exists()


def test_settled_files_are_keyed_by_their_stat_data(tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(diskcache, "_SETTLED_NS", 0)  # (as if the files were written long ago)
    read = _hashing(monkeypatch)
    first = _key(tree)
    assert read == ["a.yaml", "b.yaml"]
    read.clear()
    assert _key(tree) == first and read == []


def test_a_file_changed_with_its_old_size_and_times_gets_a_new_key(tree: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(diskcache, "_SETTLED_NS", 0)
    path = tree / "sub" / "b.yaml"
    before = os.stat(path)
    first = _key(tree)
    path.write_text("b: 3\n", encoding="utf-8")
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))  # (its ctime is new: no program sets it back)
    again = _key(tree)
    assert again != first
    monkeypatch.setattr(diskcache, "_SETTLED_NS", 10**18)
    assert again == _key(tree)  # (the same key as the bytes give)


def test_files_named_one_by_one_count_and_a_missing_one_is_skipped(tree: Path) -> None:
    extra = tree.parent / "extra.py"
    extra.write_text("x = 1\n", encoding="utf-8")
    keyed = diskcache.content_key([tree], (".yaml",), [extra, tree.parent / "missing.py"])
    assert keyed != _key(tree)
    extra.write_text("x = 2\n", encoding="utf-8")
    assert diskcache.content_key([tree], (".yaml",), [extra]) != keyed
