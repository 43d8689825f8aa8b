"""Sphinx configuration for the API reference, published under site/api/ by `make docs`.

One page per module of cambio_ref and conformance, found at build time, so new
modules appear without editing this folder. The pages are written to
``modules/`` (ignored by git) before Sphinx reads its sources.
"""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path
from typing import Any

project = "Cambio reference API"
author = "Cambio rulebook project"
extensions = ["sphinx.ext.autodoc", "sphinx.ext.viewcode"]
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": True}
html_theme = "alabaster"
html_title = "Cambio reference API"
html_static_path: list[str] = []
html_show_sourcelink = False
exclude_patterns = ["_build"]
PACKAGES = ("cambio_ref", "conformance")
HERE = Path(__file__).resolve().parent


def _modules() -> list[str]:
    names = []
    for package in PACKAGES:
        pkg = importlib.import_module(package)
        names.append(package)
        names += [m.name for m in pkgutil.walk_packages(pkg.__path__, f"{package}.")]
    return sorted(names)


def _write_module_pages(app: Any) -> None:
    out = HERE / "modules"
    out.mkdir(exist_ok=True)
    wanted = {}
    for name in _modules():
        title = f"``{name}``"
        wanted[f"{name}.rst"] = f"{title}\n{'=' * len(title)}\n\n.. automodule:: {name}\n"
    for stale in out.glob("*.rst"):
        if stale.name not in wanted:
            stale.unlink()
    for filename, text in wanted.items():
        path = out / filename
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")


def _drop_foreign_docstrings(app: Any, what: str, name: str, obj: Any, options: Any,
                             lines: list[str]) -> None:
    """Drop a docstring a method inherits from a third-party base class.

    Such docstrings (pytest's ``Item.runtest``, for one) refer to labels of their own
    project's documentation, which would be undefined references here.
    """
    if what != "method" or getattr(obj, "__doc__", None) or not lines:
        return
    owner_name, _, attr = getattr(obj, "__qualname__", "").rpartition(".")
    owner: Any = importlib.import_module(obj.__module__) if hasattr(obj, "__module__") else None
    for part in owner_name.split(".") if owner_name else ():
        owner = getattr(owner, part, None)
    if not isinstance(owner, type):
        return
    for base in owner.__mro__[1:]:
        if getattr(base.__dict__.get(attr), "__doc__", None):
            if base.__module__.partition(".")[0] not in PACKAGES:
                lines.clear()
            return


def setup(app: Any) -> None:
    app.connect("builder-inited", _write_module_pages)
    app.connect("autodoc-process-docstring", _drop_foreign_docstrings)
