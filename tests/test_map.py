"""The README's "Where things are" map: every module named, and nothing named that is gone.

A newcomer finds a concept's module through this map, so it must name each module of
`cambio_ref/` and `conformance/` (the rulebook subpackage too), and every path it points
at must exist.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("cambio_ref", "conformance")
TOP = ("cambio_ref/", "conformance/", "spec/", "docs/", "tests/", "examples/")


def map_section(readme: str) -> str:
    """The text of the "Where things are" section, up to the next section of its level.

    >>> map_section("## A\\nx\\n## Where things are\\ny\\n### sub\\nz\\n## B\\nw\\n")
    'y\\n### sub\\nz\\n'
    """
    start = readme.index("## Where things are\n")
    body = readme[start:].split("\n", 1)[1]
    end = re.search(r"^## ", body, re.MULTILINE)
    return body[:end.start()] if end else body


def named_paths(section: str) -> set[str]:
    """The repository paths the map names in backticks (patterns like `<phase>` left out).

    >>> sorted(named_paths("| x | `cambio_ref/state.py`, `cambio simulate`, `spec/<a>.yaml`, `docs/` |"))
    ['cambio_ref/state.py', 'docs/']
    """
    return {token for token in re.findall(r"`([^`\s]+)`", section)
            if token.startswith(TOP) and "<" not in token}


def module_files() -> set[str]:
    """Every module of the packages, as a path from the repository root."""
    return {path.relative_to(ROOT).as_posix()
            for package in PACKAGES for path in (ROOT / package).rglob("*.py")}


def readme_map() -> str:
    return map_section((ROOT / "README.md").read_text(encoding="utf-8"))


def test_the_map_names_every_module() -> None:
    named = named_paths(readme_map())
    missing = sorted(module_files() - named)
    assert not missing, f"modules the README's map does not name: {', '.join(missing)}"


def test_everything_the_map_names_exists() -> None:
    gone = sorted(path for path in named_paths(readme_map()) if not (ROOT / path).exists())
    assert not gone, f"the README's map names paths that do not exist: {', '.join(gone)}"


def test_each_module_has_one_row() -> None:
    rows = [line for line in readme_map().splitlines() if line.startswith("|")]
    for module in sorted(module_files()):
        holding = [row for row in rows if f"| `{module}` |" in row]
        assert len(holding) == 1, f"{module}: {len(holding)} rows of its own in the README's map"


def test_the_wheel_ships_every_package() -> None:
    # (a subpackage missing from pyproject's list is missing from the wheel: test_install
    # finds it only after building one; this finds it at once)
    import tomllib

    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
                 ["tool"]["setuptools"]["packages"])
    packages = {path.parent.relative_to(ROOT).as_posix().replace("/", ".")
                for package in PACKAGES for path in (ROOT / package).rglob("__init__.py")}
    assert sorted(packages - listed) == []
