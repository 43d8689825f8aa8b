"""The API reference's build shortcuts (docs/sphinx/conf.py) give what Sphinx itself gives.

conf.py reads where each class and function of a module is from the syntax tree
(`definitions`) instead of Sphinx's token-by-token finder, and answers the Python domain's
"fuzzy" look-up from an index (`IndexedPythonDomain`). Both replace Sphinx internals (Sphinx
is pinned in pyproject.toml): these tests hold them to Sphinx's own answers.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from sphinx.pycode.parser import DefinitionFinder

ROOT = Path(__file__).resolve().parents[2]
# The modules with the most kinds of definition: nested functions, decorators, one-line bodies,
# classes in classes, match statements.
MODULES = ["cambio_ref/cardcounts.py", "cambio_ref/askindex.py", "conformance/caserun.py",
           "conformance/endpoints.py", "cambio_ref/engine.py", "docs/sphinx/conf.py"]


def _conf() -> ModuleType:
    spec = importlib.util.spec_from_file_location("sphinx_conf", ROOT / "docs" / "sphinx" / "conf.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("path", MODULES)
def test_definitions_are_where_sphinx_finds_them(path: str) -> None:
    code = (ROOT / path).read_text(encoding="utf-8")
    finder = DefinitionFinder(code.splitlines(True))
    finder.parse()
    assert _conf().definitions(code) == finder.definitions


def test_the_indexed_fuzzy_look_up_finds_what_a_scan_finds() -> None:
    # find_obj's "fuzzy" mode (searchmode 1) scans every object whose name ends in ".name"; the index by
    # last name must give the same objects in the same order.
    from sphinx.domains.python import ObjectEntry, PythonDomain

    domain_class = _conf().IndexedPythonDomain
    objects = {name: ObjectEntry("doc", name, kind, False) for name, kind in (
        ("cambio_ref.cards.Card", "class"), ("conformance.report.Card", "class"),
        ("cambio_ref.cards.Card.rank", "attribute"), ("cambio_ref.cards.parse", "function"), ("x.Card", "data"))}

    def found(cls: type[PythonDomain]) -> list[list[str]]:
        domain = cls.__new__(cls)  # (as Domain.__init__ sets it up, without a build environment)
        domain.__dict__["data"] = {"objects": objects, "modules": {}}
        roles: dict[str, list[str]] = {}
        for kind, objtype in cls.object_types.items():
            for role in objtype.roles:
                roles.setdefault(role, []).append(kind)
        domain.objtypes_for_role = roles.get
        env: Any = None  # (the look-up reads no build environment)
        return [[n for n, _ in domain.find_obj(env, "elsewhere", "", name, role, 1)]
                for name, role in (("Card", "class"), ("Card", None), ("rank", "attr"), ("cards.Card", "class"),
                                   ("parse", "func"), ("nothing", None))]

    assert found(domain_class) == found(PythonDomain)
    assert found(domain_class)[0] == ["cambio_ref.cards.Card", "conformance.report.Card"]
