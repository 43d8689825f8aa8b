"""Strict JSON for the replies of an implementation: one clear message for anything else.

Python's `json` module accepts things the protocol does not: ``NaN`` and
``Infinity``, numbers beyond a double's range (``1e400`` reads as infinity), lone
surrogates (escaped ``"\\ud800"`` or raw), and it crashes with a `RecursionError`
on deep nesting. `parse_line` refuses all of them, and lines longer than `MAX_LINE`
bytes, with a `StrictJSONError` that names the problem. A whole number written
with a fraction or an exponent (``5.0``, ``1e2``) is the integer JSON Schema takes
it for, and reads as that `int`: what reads a field the schema calls an integer gets
an `int`.

>>> parse_line(b'{"seq": 1, "events": []}')
{'seq': 1, 'events': []}
>>> parse_line(b'[5.0, 1e2, 0.5]')
[5, 100, 0.5]
>>> parse_line(b'{"seq": NaN}')
Traceback (most recent call last):
...
conformance.strict_json.StrictJSONError: NaN is not JSON (numbers must be finite)
>>> parse_line(b'"\\\\ud800"')
Traceback (most recent call last):
...
conformance.strict_json.StrictJSONError: a lone surrogate (escaped \\ud800) is not a character
>>> parse_line(b"[" * 100_000)
Traceback (most recent call last):
...
conformance.strict_json.StrictJSONError: nested deeper than 100 levels
"""

from __future__ import annotations

import json
import math
import re
from itertools import accumulate, repeat
from typing import Any

from cambio_ref.errors import CambioError

MAX_LINE = 8 * 1024 * 1024  # bytes in one reply line
MAX_DEPTH = 100  # nested arrays and objects in one reply

_STRINGS = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_NOT_QUOTES = bytes(b for b in range(256) if b not in b'[]{}"')
_STEPS = bytes.maketrans(b"[{]}", b"\x02\x02\x00\x00")
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


class StrictJSONError(CambioError):
    """A reply line that is not strict JSON."""


def depth(data: bytes) -> int:
    """How deeply arrays and objects nest in the JSON text `data` (strings are skipped).

    >>> depth(b'[1, {"a": [2, "]]]"]}]')
    3
    >>> depth(b'[["a\\\\\\\\", "\\\\"[["], [[]]]')
    3
    """
    if b"\\" in data:  # (an escaped quote: only the pattern knows where each string ends)
        brackets = _STRINGS.sub(b"", data).translate(_STEPS, _NOT_BRACKETS)
    else:  # (no escapes: every other quote opens a string; split at quotes, keep outsides)
        brackets = b"".join(data.translate(None, _NOT_QUOTES).split(b'"')[::2]
                            ).translate(_STEPS)
    # an opening bracket is now byte 2 and a closing one byte 0: minus 1, the level's steps
    return max(accumulate(map(int.__sub__, brackets, repeat(1)), initial=0))


def _constant(name: str) -> Any:
    raise StrictJSONError(f"{name} is not JSON (numbers must be finite)")


def _number(text: str) -> float | int:
    """A number written with a fraction or an exponent: finite, and an `int` if whole."""
    value = float(text)
    if not math.isfinite(value):
        raise StrictJSONError(f"{text[:40]} is beyond the range of a double (numbers must be finite)")
    return int(value) if value.is_integer() else value


# one decoder for every line: `json.loads` with hooks would build a new one per call
_DECODER = json.JSONDecoder(parse_constant=_constant, parse_float=_number)

# The kit's own encoding of a message, one for every writer: compact (no spaces) and
# ASCII, as `cambio serve` writes its replies and the harness its requests and the
# reference's expected replies (``encode_compact({"seq": 1})`` is ``'{"seq":1}'``).
encode_compact = json.JSONEncoder(separators=(",", ":")).encode
# The same text for a value the kit built itself (the reference's replies), which is never
# circular: the encoder keeps no record of the lists and objects it is inside.
encode_own = json.JSONEncoder(separators=(",", ":"), check_circular=False).encode


def lone_surrogate(value: Any) -> str | None:
    """The first lone surrogate in the strings (keys included) of a parsed JSON value, if any.

    >>> lone_surrogate({"a": ["backslash-u d800", chr(0x1F600)]}) is None
    True
    >>> lone_surrogate({"a": [1, "x" + chr(0xDC00)]})
    '\\\\udc00'
    """
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError as exc:
                return f"\\u{ord(item[exc.start]):04x}"
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item)
            stack.extend(item.values())
    return None


def parse_line(line: bytes, max_depth: int = MAX_DEPTH, max_line: int = MAX_LINE) -> Any:
    """Parse one reply line as strict JSON, or raise StrictJSONError naming the problem."""
    if len(line) > max_line:
        raise StrictJSONError(f"a line of {len(line)} bytes, more than the {max_line} allowed")
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise StrictJSONError(f"not UTF-8 at byte {exc.start}: {line[exc.start:exc.start + 4]!r}"
                              ) from None
    if (line.count(b"[") + line.count(b"{") > max_depth) and depth(line) > max_depth:
        raise StrictJSONError(f"nested deeper than {max_depth} levels")
    try:
        value = _DECODER.decode(text)
    except StrictJSONError:
        raise
    except RecursionError:
        raise StrictJSONError(f"nested deeper than {max_depth} levels") from None
    except ValueError as exc:
        raise StrictJSONError(f"not JSON: {exc}") from None
    surrogate = lone_surrogate(value) if _SURROGATE_ESCAPE.search(text) else None
    if surrogate is not None:
        raise StrictJSONError(f"a lone surrogate (escaped {surrogate}) is not a character")
    return value
