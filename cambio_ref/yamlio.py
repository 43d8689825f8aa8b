"""The one input layer for user files: safe YAML that remembers where every value came from.

Every file a command reads (spec files, house rules, cases, `validate`'s folders) comes
through here. The layer refuses, with one message naming the file and the place:

- anything but a regular file where a file is expected (a directory, a FIFO, a device),
  and files larger than `MAX_BYTES`; a FIFO is never opened, so it cannot block;
- text that is not UTF-8, control characters (raw or escaped), NUL and lone surrogates;
- nesting deeper than `MAX_DEPTH`, more than `MAX_NODES` values, and folders nested
  deeper than `MAX_DIR_DEPTH`;
- tags that build objects, aliases (which also stops "billion laughs" bombs before any
  expansion), merge keys (``<<:``), duplicate keys and keys that are not strings;
- integers of more than `MAX_INT_DIGITS` digits, and floats that are not finite.

>>> doc = load_yaml_text("a:\\n  b: [1, 2]\\n", "x.yaml")
>>> doc.data
{'a': {'b': [1, 2]}}
>>> doc.line_of(("a", "b", 1))
2
>>> load_yaml_text("a: *x", "bomb.yaml")
Traceback (most recent call last):
...
cambio_ref.errors.SpecError: bomb.yaml:1: YAML aliases (*name) are not allowed
>>> load_yaml_text("a:\\n  1: true\\n", "k.yaml")
Traceback (most recent call last):
...
cambio_ref.errors.SpecError: k.yaml:2: a: keys must be strings, not the integer 1 (quote it: '1')
"""

from __future__ import annotations

import math
import os
import re
import stat
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cambio_ref.errors import Problem, SpecError

if TYPE_CHECKING:
    import yaml

# yaml is imported where a file is parsed, not here: most processes read no YAML at all
# (the catalogue comes from its cache, `cambio_ref.catalogue`), and importing it takes a
# noticeable part of a command's start-up.

Path_ = tuple[str | int, ...]

MAX_BYTES = 1 << 20
"""The largest file read (1 MiB; the biggest spec file is under 20 KB)."""
MAX_DEPTH = 64
"""The deepest nesting of lists and mappings in a YAML file."""
MAX_NODES = 50_000
"""The most values (scalars, lists and mappings) in one YAML file; the biggest spec file
has about 4,000. Parsing is pure Python, so this bounds the time a file can take."""
MAX_DIR_DEPTH = 32
"""The deepest folder nesting walked when a command is given a folder."""
MAX_FILES = 10_000
"""The most files read from one folder."""
MAX_INT_DIGITS = 18
"""The longest integer literal accepted, in digits (the letters of a hex literal count)."""

_TAG = "tag:yaml.org,2002:"
_PLAIN_TAGS = {_TAG + t for t in ("str", "int", "float", "bool", "null", "map", "seq", "timestamp")}
_KEY_KIND = {_TAG + "int": "integer", _TAG + "float": "number", _TAG + "bool": "boolean",
             _TAG + "null": "null", _TAG + "timestamp": "date", _TAG + "seq": "list",
             _TAG + "map": "mapping"}


@cache
def _loader() -> type[yaml.SafeLoader]:
    """SafeLoader that refuses aliases and deep nesting before composing them."""
    import yaml

    class Loader(yaml.SafeLoader):
        depth = 0
        nodes = 0

        def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
            self.nodes += 1
            if self.nodes > MAX_NODES:
                event = self.peek_event()  # type: ignore[no-untyped-call, unused-ignore]
                raise _too_many(event.start_mark)
            if self.check_event(yaml.AliasEvent):
                event = self.peek_event()  # type: ignore[no-untyped-call, unused-ignore]
                raise yaml.MarkedYAMLError(
                    problem="YAML aliases (*name) are not allowed", problem_mark=event.start_mark
                )
            if self.check_event(yaml.SequenceStartEvent, yaml.MappingStartEvent):
                if self.depth >= MAX_DEPTH:
                    event = self.peek_event()  # type: ignore[no-untyped-call, unused-ignore]
                    raise yaml.MarkedYAMLError(
                        problem=f"nested more than {MAX_DEPTH} levels deep",
                        problem_mark=event.start_mark)
                self.depth += 1
                try:
                    return super().compose_node(parent, index)  # type: ignore[no-any-return, unused-ignore]
                finally:
                    self.depth -= 1
            return super().compose_node(parent, index)  # type: ignore[no-any-return, unused-ignore]

    return Loader


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


_BAD_CHARACTER = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def bad_character(text: str) -> tuple[int, str] | None:
    """The index and description of the first character no input may hold: a control
    character other than tab and newline, a lone surrogate, or U+FFFE/U+FFFF.

    >>> bad_character("ok\\tfine"), bad_character("bell \\a")
    (None, (5, 'control character U+0007'))
    """
    match = _BAD_CHARACTER.search(text)
    if match is None:
        return None
    code = ord(match.group())
    kind = ("lone surrogate" if 0xD800 <= code <= 0xDFFF else
            "non-character" if code >= 0xFFFE else "control character")
    return match.start(), f"{kind} U+{code:04X}"


def check_text(text: str, what: str, limit: int = 1000) -> str:
    """Refuse a command-line or one-line value that no file could hold either.

    >>> check_text("risky_fives=true", "--set")
    'risky_fives=true'
    >>> check_text("a\\x00b", "--set")
    Traceback (most recent call last):
    ...
    cambio_ref.errors.SpecError: --set: control character U+0000 at character 2
    """
    if len(text) > limit:
        raise SpecError([Problem(what, None, "", f"{len(text)} characters; the limit is {limit}")])
    bad = bad_character(text)
    if bad is not None:
        raise SpecError([Problem(what, None, "", f"{bad[1]} at character {bad[0] + 1}")])
    return text


@cache
def _resolver() -> yaml.resolver.Resolver:
    import yaml

    return yaml.resolver.Resolver()


def _scalar_problem(node: yaml.ScalarNode) -> str | None:
    """What is wrong with a scalar's value, if anything."""
    import yaml

    bad = bad_character(node.value)
    if bad is not None:
        return f"{bad[1]} in a value; write it out in words"
    implicit = _resolver().resolve(  # type: ignore[no-untyped-call, unused-ignore]
        yaml.ScalarNode, node.value, (True, False))
    if node.tag != _TAG + "str" and node.tag != implicit:
        # An explicit tag (!!bool maybe, !!int "") on a value that is not of that type.
        kind = _KEY_KIND.get(node.tag, node.tag)
        return f"{node.value[:40]!r} is not {'an' if kind[0] in 'aeiou' else 'a'} {kind}"
    if node.tag == _TAG + "int":
        digits = sum(ch.isalnum() for ch in node.value)
        if digits > MAX_INT_DIGITS:
            return f"an integer of {digits} digits; at most {MAX_INT_DIGITS} are accepted"
    if node.tag == _TAG + "float":
        if len(node.value) > 40:
            return f"a number of {len(node.value)} characters; at most 40 are accepted"
        text = node.value.replace("_", "").lower().lstrip("+-")
        try:
            finite = text not in (".inf", ".nan") and math.isfinite(float(text))
        except ValueError:
            finite = True  # sexagesimal (1:30.5): YAML 1.1 reads it as a finite number
        if not finite:
            return f"{node.value!r} is not a finite number"
    return None


def _key_problem(key: yaml.Node) -> str | None:
    """Why a mapping key is refused: merge keys and anything that is not a string."""
    import yaml

    if key.tag == _TAG + "merge":
        return "merge keys (<<:) are not allowed; write each key out"
    if key.tag == _TAG + "str" and isinstance(key, yaml.ScalarNode):
        bad = bad_character(key.value)
        return None if bad is None else f"{bad[1]} in a key"
    kind = _KEY_KIND.get(key.tag, "value")
    if isinstance(key, yaml.ScalarNode):
        return f"keys must be strings, not the {kind} {key.value} (quote it: {key.value!r})"
    return f"keys must be strings, not a {kind}"


def _walk(root: yaml.Node, lines: dict[Path_, int], problems: list[Problem], name: str) -> None:
    # Iterative, so no nesting the composer allows can exhaust the Python stack.
    import yaml

    stack: list[tuple[yaml.Node, Path_]] = [(root, ())]
    while stack:
        node, path = stack.pop()
        line = node.start_mark.line + 1
        lines.setdefault(path, line)
        where = format_path(path)
        if node.tag not in _PLAIN_TAGS:
            problems.append(Problem(name, line, where,
                                    f"YAML tag {node.tag!r} is not allowed; use plain values"))
        elif isinstance(node, yaml.MappingNode):
            seen: set[str] = set()
            children = []
            for key_node, value_node in node.value:
                wrong = _key_problem(key_node)
                if wrong is not None:
                    problems.append(Problem(name, key_node.start_mark.line + 1, where, wrong))
                    continue
                key = str(key_node.value)
                if key in seen:
                    problems.append(Problem(name, key_node.start_mark.line + 1, where,
                                            f"duplicate key {key!r}"))
                seen.add(key)
                children.append((value_node, (*path, key)))
            stack.extend(reversed(children))
        elif isinstance(node, yaml.SequenceNode):
            stack.extend((item, (*path, i)) for i, item in reversed(list(enumerate(node.value))))
        elif isinstance(node, yaml.ScalarNode):
            wrong = _scalar_problem(node)
            if wrong is not None:
                problems.append(Problem(name, line, where, wrong))


def _line_at(text: str, index: int) -> int:
    return text.count("\n", 0, max(0, index)) + 1


def _too_many(mark: Any) -> yaml.MarkedYAMLError:
    """The error of a document with more than MAX_NODES values, at the first one too many."""
    import yaml

    return yaml.MarkedYAMLError(problem=f"more than {MAX_NODES} values in one file",
                                problem_mark=mark)


def _fast_node(text: str) -> yaml.Node | yaml.MarkedYAMLError | None:
    """The node tree composed by libyaml (C, ten times faster than the pure-Python
    composer), for a document with no alias, no nesting past MAX_DEPTH, at most MAX_NODES
    values and no syntax error; past MAX_NODES values (met before any of those), the
    error `_loader()` would raise at the same value; None for anything else (or without
    libyaml), which then goes the pure-Python way of `_loader()` for its exact message.

    >>> _fast_node("a: [1, 2]").value[0][0].value, _fast_node("a: &x 1\\nb: *x")
    ('a', None)
    """
    import yaml

    if not getattr(yaml, "__with_libyaml__", False):
        return None
    nesting = (yaml.SequenceStartEvent, yaml.MappingStartEvent)
    closing = (yaml.SequenceEndEvent, yaml.MappingEndEvent)
    depth = nodes = 0
    try:
        for event in yaml.parse(text, Loader=yaml.CSafeLoader):
            if isinstance(event, yaml.AliasEvent):
                return None
            if isinstance(event, nesting):
                depth += 1
                nodes += 1
                if depth > MAX_DEPTH:
                    return None
            elif isinstance(event, closing):
                depth -= 1
            elif isinstance(event, yaml.ScalarEvent):
                nodes += 1
            if nodes > MAX_NODES:
                return _too_many(event.start_mark)
        node: yaml.Node | None = yaml.compose(text, Loader=yaml.CSafeLoader)
    except yaml.YAMLError:
        return None
    return node


def load_yaml_text(text: str, name: str) -> YamlDoc:
    """Parse `text` (named `name` in messages) into a YamlDoc, or raise SpecError."""
    import yaml

    bad = bad_character(text)
    if bad is not None:
        index, what = bad
        raise SpecError([Problem(name, _line_at(text, index), "", f"{what} in the file")])
    fast = _fast_node(text)
    loader = _loader()("" if fast is not None else text)
    try:
        if isinstance(fast, yaml.MarkedYAMLError):
            raise fast
        node = fast if fast is not None else loader.get_single_node()
        if node is None:
            return YamlDoc(name, None, {})
        lines: dict[Path_, int] = {}
        problems: list[Problem] = []
        _walk(node, lines, problems, name)
        if problems:
            raise SpecError(problems)
        data = loader.construct_document(node)
    except SpecError:
        raise
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        what = exc.problem or exc.context or "malformed YAML"
        if exc.context and what.startswith("but "):  # "expected a single document ... but found"
            what = f"{exc.context} {what}"
        raise SpecError([Problem(name, line, "", f"{what}")]) from None
    except yaml.reader.ReaderError as exc:
        raise SpecError([Problem(name, _line_at(text, exc.position), "",
                                 f"character U+{exc.character:04X} is not allowed")]) from None
    except yaml.YAMLError as exc:
        raise SpecError([Problem(name, None, "", f"malformed YAML: {exc}")]) from None
    except (ValueError, LookupError, AttributeError, TypeError) as exc:  # e.g. 2001-13-45
        raise SpecError([Problem(name, None, "", f"cannot read a value: {exc}")]) from None
    except RecursionError:  # belt and braces: MAX_DEPTH stops this first
        raise SpecError([Problem(name, None, "", "nested too deep")]) from None
    finally:
        loader.dispose()
    return YamlDoc(name, data, lines)


def _kind_of(mode: int) -> str | None:
    """What a non-regular file is, in words (None for a regular file)."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_text_file(path: Path, name: str | None = None, limit: int = MAX_BYTES) -> str:
    """Read a user's text file: a regular UTF-8 file of at most `limit` bytes.

    Checks with ``os.stat`` before opening, so a FIFO or device is refused without
    blocking, and again on the open descriptor (opened non-blocking).

    >>> read_text_file(Path("/dev/null"))
    Traceback (most recent call last):
    ...
    cambio_ref.errors.SpecError: /dev/null: a device, expected a regular file
    """
    label = name or str(path)

    def fail(message: str) -> SpecError:
        return SpecError([Problem(label, None, "", message)])

    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise fail("no such file or directory") from None
    except (OSError, ValueError) as exc:
        raise fail(f"cannot read file: {getattr(exc, 'strerror', None) or exc}") from None
    kind = _kind_of(info.st_mode)
    if kind is not None:
        raise fail(f"{kind}, expected a regular file")
    if info.st_size > limit:
        raise fail(f"file of {info.st_size} bytes; the limit is {limit}")
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise fail(f"cannot read file: {exc.strerror or exc}") from None
    with os.fdopen(fd, "rb") as handle:
        kind = _kind_of(os.fstat(fd).st_mode)  # it may have been replaced since the stat
        if kind is not None:
            raise fail(f"{kind}, expected a regular file")
        try:
            raw = handle.read(limit + 1)
        except OSError as exc:
            raise fail(f"cannot read file: {exc.strerror or exc}") from None
    if len(raw) > limit:
        raise fail(f"file of more than {limit} bytes; the limit is {limit}")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise SpecError([Problem(label, line, "", f"not UTF-8 text (byte {exc.start + 1})")]) from None


def load_yaml(path: Path, name: str | None = None) -> YamlDoc:
    """Load a YAML file through the input layer; any problem raises SpecError."""
    return load_yaml_text(read_text_file(path, name), name or str(path))


def yaml_files(root: Path, pattern: str = "*.y*ml") -> tuple[list[Path], list[Problem]]:
    """The files under folder `root` matching `pattern`, sorted, without following
    symbolic links to folders; and a problem for each folder nested too deep and for
    more than `MAX_FILES` files. Walks iteratively, so no tree can exhaust the stack.
    """
    files: list[Path] = []
    problems: list[Problem] = []
    stack: list[tuple[Path, int]] = [(root, 0)]
    while stack:
        folder, depth = stack.pop()
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError as exc:
            problems.append(Problem(str(folder), None, "",
                                    f"cannot read folder: {exc.strerror or exc}"))
            continue
        for entry in entries:
            path = Path(entry.path)
            try:
                is_dir = entry.is_dir(follow_symlinks=False)
            except OSError:
                is_dir = False
            if is_dir:
                if depth + 1 > MAX_DIR_DEPTH:
                    problems.append(Problem(str(path), None, "", f"folders nested more than"
                                            f" {MAX_DIR_DEPTH} levels deep are not read"))
                else:
                    stack.append((path, depth + 1))
            elif path.match(pattern):
                files.append(path)
                if len(files) > MAX_FILES:
                    problems.append(Problem(str(root), None, "",
                                            f"more than {MAX_FILES} files; the rest are not read"))
                    return sorted(files[:MAX_FILES]), problems
    return sorted(files), problems

