"""Work done once and kept on disk, in files named by the hash of everything it came from.

Reading and checking the catalogue (a tenth of a second in every command) and its cases,
or building the question engine's index, takes time; a process that needs the result
again reads one JSON file instead. A
cache file's name is the hash of its inputs (`content_key`), so a changed input is a
new name and a stale file is never read. Hashing the catalogue's bytes in every process
took about 5 ms of CPU a key; a key is kept by its files' stat data (their sizes, times and
inodes) and worked out again only when that changes. A cache that cannot be read or
written is no error: the work is then done again.

The files live in ``$CAMBIO_CACHE`` if set, else ``$XDG_CACHE_HOME/cambio``, else
``~/.cache/cambio``.

>>> import os, tempfile
>>> os.environ[CACHE_ENV] = tempfile.mkdtemp()
>>> save_json("demo", "0123", {"n": 1}); load_json("demo", "0123")
{'n': 1}
>>> load_json("demo", "4567") is None
True
>>> for n in range(KEEP + 2): save_json("demo", str(n), n)
>>> len(list(cache_dir().glob("demo-*.json"))) == KEEP
True
>>> del os.environ[CACHE_ENV]
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

__all__ = ["CACHE_ENV", "KEEP", "cache_dir", "cache_file", "content_key", "load_json", "save_json"]

CACHE_ENV = "CAMBIO_CACHE"
# How many files of one kind are kept (the newest; each catalogue or code change makes one).
KEEP = 8


def cache_dir() -> Path:
    """Where the cache files live (not created here)."""
    base = os.environ.get(CACHE_ENV, "").strip()
    if base:
        return Path(base)
    xdg = os.environ.get("XDG_CACHE_HOME", "").strip()
    return Path(xdg) / "cambio" if xdg else Path.home() / ".cache" / "cambio"


def cache_file(kind: str, key: str) -> Path:
    """The cache file of `kind` (a short name such as ``ask``) under `key`."""
    return cache_dir() / f"{kind}-{key}.json"


def content_key(roots: Iterable[Path], suffixes: tuple[str, ...], files: Iterable[Path] = ()) -> str:
    """The hash (hex, 16 digits) of every file under `roots` whose name ends in one of
    `suffixes`, then of each of `files` that exists: each file's path within its root (or
    its name), then its bytes, in sorted order.

    The bytes are read only when the files' stat data is new (`_STAT_KEYS`): a key already
    worked out for the same paths, sizes, times and inodes is read from a small file instead,
    as git's index and Python's .pyc files trust stat data. A file changed since has a new
    ctime (no program can set it back), so it is hashed again."""
    groups = [_files(root, suffixes) for root in roots]
    groups.append(sorted(((path.name,), str(path)) for path in files if path.is_file()))
    fingerprint, newest = _fingerprint(groups)
    known = _stat_keys()
    key = known.get(fingerprint)
    if isinstance(key, str):
        return key
    key = _hash(groups)
    if newest < time.time_ns() - _SETTLED_NS:
        known = {k: v for k, v in list(known.items())[-(_STAT_KEEP - 1):] if k != fingerprint}
        known[fingerprint] = key
        _write(_STAT_KEYS, "keys", known)
    return key


_Group = list[tuple[tuple[str, ...], str]]  # files: (their path's parts within a root, their path)


def _hash(groups: list[_Group]) -> str:
    """The hash of the files' names and bytes (hex, 16 digits)."""
    digest = hashlib.sha256()
    for group in groups:
        for parts, path in group:
            digest.update("/".join(parts).encode())
            digest.update(b"\0")
            with open(path, "rb") as f:
                digest.update(f.read())
        digest.update(b"\1")
    return digest.hexdigest()[:16]


def _fingerprint(groups: list[_Group]) -> tuple[str, int]:
    """The hash of the files' paths and stat data (hex, 32 digits), and their newest time (ns)."""
    marks = hashlib.sha256(_STAT_VERSION)
    newest = 0
    for group in groups:
        for parts, path in group:
            st = os.stat(path)
            marks.update(f"{'/'.join(parts)}\0{path}\0{st.st_size} {st.st_mtime_ns} {st.st_ctime_ns}"
                         f" {st.st_ino} {st.st_dev}\n".encode())
            newest = max(newest, st.st_mtime_ns, st.st_ctime_ns)
        marks.update(b"\1")
    return marks.hexdigest()[:32], newest


# The keys worked out, by the stat data of their files (`content_key`): one small file, of the
# `_STAT_KEEP` newest. A file's stat data stands for its bytes only if the file had settled
# (not written for `_SETTLED_NS`) when its key was kept: a file written twice within one tick
# of the file system's clock, at the same size, would otherwise keep the first write's key.
_STAT_KEYS = "stat"
_STAT_KEEP = 64
_SETTLED_NS = 3_000_000_000
_STAT_VERSION = b"cambio content_key 1\n"


def _stat_keys() -> dict[str, Any]:
    kept = load_json(_STAT_KEYS, "keys")
    return kept if isinstance(kept, dict) else {}


def _files(root: Path, suffixes: tuple[str, ...]) -> _Group:
    """Every file under `root` whose name ends in one of `suffixes`: its path's parts
    within `root` and its path, sorted by the parts (as `Path` objects sort). Walked with
    `os.scandir`: `Path.rglob` took about two thirds of `content_key`'s 18 ms, which every
    process that reads the catalogue pays."""
    found: _Group = []
    folders: list[tuple[str, tuple[str, ...]]] = [(str(root), ())]
    while folders:
        folder, within = folders.pop()
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.is_dir():
                    folders.append((entry.path, (*within, entry.name)))
                elif os.path.splitext(entry.name)[1] in suffixes and entry.is_file():
                    found.append(((*within, entry.name), entry.path))
    found.sort()
    return found


def load_json(kind: str, key: str) -> Any:
    """The data saved under (`kind`, `key`), or None when there is none or it cannot be read."""
    try:
        with cache_file(kind, key).open(encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def save_json(kind: str, key: str, data: Any) -> None:
    """Save `data` under (`kind`, `key`) whole (a temporary file renamed), or not at all."""
    _write(kind, key, data)


def _write(kind: str, key: str, data: Any) -> None:
    import tempfile  # (here: a process that only reads the cache need not import it and shutil)

    path = cache_file(kind, key)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{kind}-", suffix=".json")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                # (ASCII, other characters escaped: one character beyond U+FFFF, such as a playing card's,
                # makes the text read back four bytes a character, and the ask index's 2.5 MB then took
                # about 12 ms to decode and 5 more to parse)
                json.dump(data, f, ensure_ascii=True, separators=(",", ":"))
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        _prune(kind)
    except OSError:
        return


def _prune(kind: str) -> None:
    """Keep the `KEEP` newest files of `kind` (older keys are older catalogues or code)."""
    files = sorted(cache_dir().glob(f"{kind}-*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in files[KEEP:]:
        old.unlink(missing_ok=True)
