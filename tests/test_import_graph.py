"""No import circles in cambio_ref/ and conformance/.

The graph is read from the source with `ast`, so it counts every import statement:
those at module level and those inside a function (a function-local import written to
dodge a circle is still a circle: the two modules cannot be understood apart).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("cambio_ref", "conformance")

Graph = Mapping[str, frozenset[str]]


def modules(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the packages, by dotted name (a package by its own name)."""
    found = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    return found


def imported(node: ast.Import | ast.ImportFrom, here: str, is_package: bool, known: Mapping[str, Path]
             ) -> Iterator[str]:
    """The modules of `known` that one import statement in module `here` loads."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            if alias.name in known:
                yield alias.name
        return
    base = node.module or ""
    if node.level:
        package = here.split(".") if is_package else here.split(".")[:-1]
        package = package[:len(package) - node.level + 1]
        base = ".".join([*package, *([base] if base else [])])
    for alias in node.names:
        full = f"{base}.{alias.name}"
        if full in known:
            yield full  # `from package import module`
        elif base in known:
            yield base  # `from module import name`


def import_graph(root: Path = ROOT) -> dict[str, frozenset[str]]:
    """Which of the packages' modules each module imports, anywhere in its source."""
    known = modules(root)
    graph = {}
    for name, path in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        edges = {target for node in ast.walk(tree) if isinstance(node, ast.Import | ast.ImportFrom)
                 for target in imported(node, name, path.name == "__init__.py", known)}
        graph[name] = frozenset(edges - {name})
    return graph


def cycles(graph: Graph) -> list[list[str]]:
    """One circle through each strongly connected group of modules, as a closed path.

    >>> cycles({"a": frozenset({"b"}), "b": frozenset({"c"}), "c": frozenset({"a"}), "d": frozenset({"a"})})
    [['a', 'b', 'c', 'a']]
    >>> cycles({"a": frozenset({"b"}), "b": frozenset()})
    []
    """
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def visit(node: str) -> None:  # Tarjan's strongly connected components
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(group)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(_circle(graph, group) for group in groups)


def _circle(graph: Graph, group: set[str]) -> list[str]:
    """A shortest closed path through the first module of `group`, inside the group."""
    start = min(group)
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        nxt_frontier = []
        for node in frontier:
            for nxt in sorted(graph[node] & group):
                if nxt == start:
                    return [*paths[node], start]
                if nxt not in paths:
                    paths[nxt] = [*paths[node], nxt]
                    nxt_frontier.append(nxt)
        frontier = nxt_frontier
    raise AssertionError(f"no circle through {start}")  # a strongly connected group always has one


@pytest.fixture(scope="module")
def graph() -> Graph:
    """The packages' import graph (every module parsed: read once for the tests below)."""
    return import_graph()


def test_the_graph_sees_module_and_function_level_imports(graph: Graph) -> None:
    # a module-level import and a package re-export
    assert "cambio_ref.rules" in graph["cambio_ref"]
    assert "cambio_ref.catalogue" in graph["cambio_ref.rules"]
    # `from cambio_ref.rulebook import x` names a module of the subpackage
    known = modules()  # (once: it walks the packages' files)
    assert all(name in known for edges in graph.values() for name in edges)


def test_function_level_imports_count(tmp_path: Path) -> None:
    for package in PACKAGES:
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text("")
    (tmp_path / "cambio_ref" / "a.py").write_text("from cambio_ref import b\n")
    (tmp_path / "cambio_ref" / "b.py").write_text("def late():\n    from cambio_ref.a import x\n")
    (tmp_path / "conformance" / "c.py").write_text("from . import d\n")
    (tmp_path / "conformance" / "d.py").write_text("import conformance.c\n")
    assert cycles(import_graph(tmp_path)) == [["cambio_ref.a", "cambio_ref.b", "cambio_ref.a"],
                                              ["conformance.c", "conformance.d", "conformance.c"]]


def test_no_import_circles(graph: Graph) -> None:
    found = cycles(graph)
    assert not found, "import circles: " + "; ".join(" -> ".join(c) for c in found)
