"""Where the catalogue's files are: spec/ as installed package data, or ``$CAMBIO_SPEC``.

spec/ is edited at the top of the repository; the wheel (and the editable install)
ship it as the package ``cambio_ref.spec``, found here through the import system, so
an installed ``cambio`` works from any directory. ``CAMBIO_SPEC`` names another
catalogue directory and wins over the bundled one. Every module finds spec/ through
`spec_dir`; nothing reads it at import time.

>>> (spec_dir() / "sources.yaml").is_file()
True
>>> "case" in schema_names() and "protocol/hello.request" in schema_names()
True
>>> schema_path("house-rules").name
'house-rules.schema.json'
"""

from __future__ import annotations

import importlib.util
import os
from functools import cache
from pathlib import Path

from cambio_ref.errors import CambioError

SPEC_ENV = "CAMBIO_SPEC"
SPEC_PACKAGE = "cambio_ref.spec"
SCHEMA_SUFFIX = ".schema.json"
# Files of spec/ that implementers need beside the schemas; the site publishes them as-is.
PUBLISHED = ("shuffle.yaml", "errors.yaml")


@cache
def spec_dir() -> Path:
    """The catalogue directory: ``$CAMBIO_SPEC`` if set, else the installed ``cambio_ref.spec``.

    Read once per process. Raises CambioError (one line) when the directory is missing.
    """
    override = os.environ.get(SPEC_ENV, "").strip()
    if override:
        path = Path(override)
        if not path.is_dir():
            raise CambioError(f"{SPEC_ENV}={override}: no such directory")
        return path
    # (where the import system finds the package, as importlib.resources would, without
    # importing importlib.resources: with the zipfile, tempfile and shutil it imports,
    # about 20 ms of CPU in every process)
    found = importlib.util.find_spec(SPEC_PACKAGE)
    places = list(found.submodule_search_locations or ()) if found is not None else []
    # (a source tree that is not installed: spec/ beside the package)
    root = Path(places[0]) if places else Path(__file__).resolve().parent.parent / "spec"
    if len(places) > 1 or not root.is_dir():
        raise CambioError(f"the catalogue ({SPEC_PACKAGE}) is not installed as a directory;"
                          f" reinstall cambio-ref or set {SPEC_ENV}")
    return root


def schema_dir() -> Path:
    """The JSON Schemas of the catalogue's files and of the protocol (``protocol/``)."""
    return spec_dir() / "schemas"


def schema_names() -> list[str]:
    """Every schema's name: its path under schemas/ without ``.schema.json``, sorted."""
    root = schema_dir()
    return sorted(p.relative_to(root).as_posix().removesuffix(SCHEMA_SUFFIX)
                  for p in root.rglob(f"*{SCHEMA_SUFFIX}"))


def schema_path(name: str) -> Path:
    """The file of the schema called `name` (``case``, ``protocol/hello.request``, ...).

    The ``.schema.json`` suffix is optional, and so is the folder when the rest names one
    schema (``hello.reply`` for ``protocol/hello.reply``). An unknown name raises
    CambioError listing them all.

    >>> schema_path("hello.reply") == schema_path("protocol/hello.reply")
    True
    """
    wanted = name.strip().removesuffix(SCHEMA_SUFFIX)
    names = schema_names()
    short = [n for n in names if n.rpartition("/")[2] == wanted]
    if wanted not in names and len(short) == 1:
        wanted = short[0]
    if wanted not in names:
        raise CambioError(f"unknown schema {name!r}; the schemas are: {', '.join(names)}")
    return schema_dir() / f"{wanted}{SCHEMA_SUFFIX}"


def cases_dir() -> Path:
    """The edge cases (spec/cases) of the catalogue."""
    return spec_dir() / "cases"


def published_files() -> dict[str, Path]:
    """The files the rulebook site publishes for implementers: site path -> file in spec/.

    Every schema goes under ``schemas/`` (where their ``$id`` points); shuffle.yaml (with
    its test vectors) and errors.yaml go under ``spec/``.

    >>> files = published_files()
    >>> files["spec/shuffle.yaml"].name, "schemas/protocol/act.reply.schema.json" in files
    ('shuffle.yaml', True)
    """
    files = {f"schemas/{name}{SCHEMA_SUFFIX}": schema_path(name) for name in schema_names()}
    files.update({f"spec/{name}": spec_dir() / name for name in PUBLISHED})
    return files
