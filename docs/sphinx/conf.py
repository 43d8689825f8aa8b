"""Sphinx configuration for the API reference, published under site/api/ by `make docs`.

One page per module of cambio_ref and conformance, found at build time, so new
modules appear without editing this folder. The pages, and the index's tables of
module summaries (``modules/summaries.inc``), are written to ``modules/`` (ignored by
git) before Sphinx reads its sources.

The pages look like the rulebook site around them: the ``basic`` theme with the site's
header, colours and search box (``_templates/layout.html``, ``_static/api.css``).
"""

from __future__ import annotations

import ast
import importlib
import logging
import pkgutil
from functools import cache
from pathlib import Path
from typing import Any

from sphinx.domains.python import PythonDomain
from sphinx.pycode import parser as pycode_parser

project = "Cambio reference API"
author = "Cambio rulebook project"
extensions = ["sphinx.ext.autodoc", "sphinx.ext.autosummary", "sphinx.ext.viewcode"]
autodoc_member_order = "bysource"
autodoc_typehints = "description"
# The code has no type comments (``# type: (int) -> str``), so autodoc need not parse every
# function's source again looking for them (about 8 % of the build's CPU).
autodoc_use_type_comments = False
# A package's page documents what it defines, not what it re-exports through __all__:
# each object is described once, on its own module's page, where viewcode links to it.
autodoc_default_options = {"members": True, "show-inheritance": True, "ignore-module-all": True}
autosummary_generate = False
html_theme = "basic"
html_title = "API reference · Cambio rulebook"
html_short_title = "API reference"
templates_path = ["_templates"]
html_static_path = ["_static"]
html_css_files = ["api.css"]
html_sidebars = {"**": ["searchbox.html", "modules.html"]}
html_show_sourcelink = False
html_show_copyright = False
html_show_sphinx = False
html_copy_source = False
exclude_patterns = ["_build"]
PACKAGES = ("cambio_ref", "conformance")
HERE = Path(__file__).resolve().parent


@cache
def _modules() -> list[str]:
    """Every module of PACKAGES, sorted: one page each, listed in every page's sidebar."""
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
    wanted["summaries.inc"] = _summaries()
    for filename, text in wanted.items():
        path = out / filename
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")


def _summaries() -> str:
    """The index's tables: each package's modules with their docstring's summary line."""
    blocks = []
    for package in PACKAGES:
        names = [n for n in _modules() if n == package or n.startswith(f"{package}.")]
        title = f"``{package}``"
        blocks.append(f"{title}\n{'-' * len(title)}\n\n.. autosummary::\n\n"
                      + "".join(f"   {name}\n" for name in names))
    return "\n".join(blocks)


def _site_root(app: Any, pagename: str, templatename: str, context: dict[str, Any],
               doctree: Any) -> None:
    """The rulebook's home page, relative to this page of site/api/, and the modules its sidebar lists."""
    context["site_root"] = "../" * (pagename.count("/") + 1)
    context["api_modules"] = _modules()


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


class IndexedPythonDomain(PythonDomain):
    """The Python domain, its "fuzzy" look-up answered from an index of the objects by their
    last name rather than by a scan of every object: the same matches, in the same order.

    A type hint's name that is not its object's full name (``Card`` in a module that imports
    it, ``str``) is looked up that way, up to three times (as a class, then as data, then
    as an attribute): some 11,000 scans of about 3,000 objects, 5 % of the build's CPU.
    """

    _last_names: tuple[int, dict[str, list[str]]] | None = None

    def find_obj(self, env: Any, modname: str, classname: str, name: str, type: str | None,
                 searchmode: int = 0) -> list[tuple[str, Any]]:
        name = name.removesuffix("()")
        if searchmode != 1 or not name:
            return super().find_obj(env, modname, classname, name, type, searchmode)
        objtypes = list(self.object_types) if type is None else self.objtypes_for_role(type)
        if objtypes is None:
            return []
        objects = self.objects
        for fullname in (f"{modname}.{classname}.{name}" if modname and classname else None,
                         f"{modname}.{name}" if modname else None, name):
            if fullname is not None and fullname in objects \
                    and objects[fullname].objtype in objtypes:
                return [(fullname, objects[fullname])]
        suffix = f".{name}"
        return [(found, objects[found]) for found in self._by_last_name().get(
                    name.rpartition(".")[2], ()) if found.endswith(suffix)
                and objects[found].objtype in objtypes]

    def _by_last_name(self) -> dict[str, list[str]]:
        """Every object's full name under its last part, in the order of `objects`."""
        if self._last_names is None or self._last_names[0] != len(self.objects):
            index: dict[str, list[str]] = {}
            for fullname in self.objects:
                index.setdefault(fullname.rpartition(".")[2], []).append(fullname)
            self._last_names = (len(self.objects), index)
        return self._last_names[1]

    def clear_doc(self, docname: str) -> None:
        self._last_names = None
        super().clear_doc(docname)

    def merge_domaindata(self, docnames: Any, otherdata: dict[str, Any]) -> None:
        self._last_names = None
        super().merge_domaindata(docnames, otherdata)


Definitions = dict[str, tuple[str, int, int]]


def definitions(code: str) -> Definitions:
    """Where each class and function of a module's source is: ``{"Class.method": ("def",
    first line, last line)}``, as `sphinx.pycode.parser.DefinitionFinder` finds them (what
    viewcode links and marks), read from the syntax tree instead of every token (the
    finder's tokenizing was 9 % of the build's CPU): a definition starts at its first
    decorator, ends at the last line of its body (a one-line one, at its name), a function
    directly inside a function is left out, and an inner one is listed before the one
    around it.

    >>> definitions("@dec\\nclass A:\\n    def f(self): pass\\n    def g(self):\\n"
    ...             "        def inner(): pass\\n        return 1\\n    # end\\n")
    {'A.f': ('def', 3, 3), 'A.g': ('def', 4, 6), 'A': ('class', 1, 6)}
    """
    lines = code.splitlines()
    found: Definitions = {}

    def walk(body: list[ast.stmt], context: tuple[str, ...], around: str) -> None:
        for node in body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                kind = "class" if isinstance(node, ast.ClassDef) else "def"
                name = ".".join((*context, node.name))
                start = node.decorator_list[0].lineno if node.decorator_list else node.lineno
                first = node.body[0]  # (col_offset counts bytes)
                before = lines[first.lineno - 1].encode()[:first.col_offset]
                if before.rstrip().endswith(b":"):
                    end = node.lineno  # (one line: its body follows the colon)
                else:
                    walk(node.body, (*context, node.name), kind)
                    end = node.end_lineno or node.lineno
                if not (around == kind == "def"):
                    found[name] = (kind, start, end)
                continue
            for field in ("body", "orelse", "finalbody"):  # (each block of a statement)
                walk(getattr(node, field, None) or [], context, "other")
            for clause in [*getattr(node, "handlers", ()), *getattr(node, "cases", ())]:
                walk(clause.body, context, "other")

    walk(ast.parse(code).body, (), "module")
    return found


def _parse_definition(self: Any) -> None:
    """`sphinx.pycode.parser.Parser.parse_definition`, from the syntax tree (`definitions`)."""
    self.definitions = definitions(self.code)


def setup(app: Any) -> None:
    # a long build that keeps its doctrees alive: collect rarely, as the long cambio
    # commands do (cambio_ref.collector); Sphinx took 35 s of CPU instead of 40
    from cambio_ref.collector import collect_rarely

    collect_rarely()
    if app.verbosity < 2:
        # Sphinx shows its debug messages from -vv on; below that, each was still made into a
        # record and dropped (about 37,000 a build, one per event emitted: 1 s of CPU)
        logging.disable(logging.DEBUG)
    app.add_domain(IndexedPythonDomain, override=True)
    if hasattr(pycode_parser.Parser, "parse_definition"):  # (else Sphinx's own finder)
        pycode_parser.Parser.parse_definition = _parse_definition
    app.connect("builder-inited", _write_module_pages)
    app.connect("autodoc-process-docstring", _drop_foreign_docstrings)
    app.connect("html-page-context", _site_root)
