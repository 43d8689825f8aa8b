"""Safe YAML loading that remembers where every value came from.

Only plain YAML is accepted: no tags that build objects, no aliases (which also
stops "billion laughs" bombs before any expansion), no duplicate keys.

>>> doc = load_yaml_text("a:\\n  b: [1, 2]\\n", "x.yaml")
>>> doc.data
{'a': {'b': [1, 2]}}
>>> doc.line_of(("a", "b", 1))
2
>>> load_yaml_text("a: *x", "bomb.yaml")
Traceback (most recent call last):
...
cambio_ref.errors.SpecError: bomb.yaml:1: YAML aliases (*name) are not allowed
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from cambio_ref.errors import Problem, SpecError

Path_ = tuple[str | int, ...]

_PLAIN_TAGS = {
    "tag:yaml.org,2002:" + t
    for t in ("str", "int", "float", "bool", "null", "map", "seq", "timestamp")
}


class _Loader(yaml.SafeLoader):
    """SafeLoader that refuses aliases before composing them."""

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()  # type: ignore[no-untyped-call, unused-ignore]
            raise yaml.MarkedYAMLError(
                problem="YAML aliases (*name) are not allowed", problem_mark=event.start_mark
            )
        return super().compose_node(parent, index)  # type: ignore[no-any-return, unused-ignore]


@dataclass(frozen=True)
class YamlDoc:
    """Loaded data plus the line of every path inside it."""

    name: str
    data: Any
    lines: dict[Path_, int] = field(default_factory=dict)

    def line_of(self, path: Path_) -> int | None:
        """The line of `path`, or of its nearest parent that has one."""
        while True:
            if path in self.lines:
                return self.lines[path]
            if not path:
                return None
            path = path[:-1]

    def problem(self, path: Path_, message: str) -> Problem:
        """A Problem located at `path` in this document."""
        return Problem(self.name, self.line_of(path), format_path(path), message)


def format_path(path: Path_) -> str:
    """Render a data path the way users read it.

    >>> format_path(("options", 3, "alternatives", 0, "value"))
    'options[3].alternatives[0].value'
    """
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _walk(node: yaml.Node, path: Path_, lines: dict[Path_, int], problems: list[Problem],
          name: str) -> None:
    lines.setdefault(path, node.start_mark.line + 1)
    if node.tag not in _PLAIN_TAGS:
        problems.append(Problem(name, node.start_mark.line + 1, format_path(path),
                                f"YAML tag {node.tag!r} is not allowed; use plain values"))
        return
    if isinstance(node, yaml.MappingNode):
        seen: set[str] = set()
        for key_node, value_node in node.value:
            key = str(key_node.value)
            if key in seen:
                problems.append(Problem(name, key_node.start_mark.line + 1, format_path(path),
                                        f"duplicate key {key!r}"))
            seen.add(key)
            _walk(value_node, (*path, key), lines, problems, name)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _walk(item, (*path, i), lines, problems, name)


def load_yaml_text(text: str, name: str) -> YamlDoc:
    """Parse `text` (named `name` in messages) into a YamlDoc, or raise SpecError."""
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return YamlDoc(name, None, {})
        lines: dict[Path_, int] = {}
        problems: list[Problem] = []
        _walk(node, (), lines, problems, name)
        if problems:
            raise SpecError(problems)
        data = loader.construct_document(node)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        what = exc.problem or exc.context or "malformed YAML"
        raise SpecError([Problem(name, line, "", f"{what}")]) from None
    except yaml.YAMLError as exc:
        raise SpecError([Problem(name, None, "", f"malformed YAML: {exc}")]) from None
    finally:
        loader.dispose()
    return YamlDoc(name, data, lines)


def load_yaml(path: Path, name: str | None = None) -> YamlDoc:
    """Load a YAML file; unreadable files and bad YAML raise SpecError."""
    label = name or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SpecError([Problem(label, None, "", f"cannot read file: {exc}")]) from None
    return load_yaml_text(text, label)
