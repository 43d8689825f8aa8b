"""Text from an implementation, made safe for the reports.

XML 1.0 forbids most control characters, lone surrogates and U+FFFE/U+FFFF;
HTML also warns on the other noncharacters and the C1 controls. `text`
replaces each such character with a visible escape (``\\x07``, ``\\uffff``).
`json_safe` prepares a value for the JSON-lines log: NaN and the infinities
(which strict JSON parsers refuse) become strings, and lone surrogates are
escaped the same way.

>>> text("bell\\x07 tab\\t nonchar\\uffff")
'bell\\\\x07 tab\\t nonchar\\\\uffff'
>>> json_safe({"a": [float("nan"), 1.5, "\\ud800"]})
{'a': ['NaN', 1.5, '\\\\ud800']}
"""

from __future__ import annotations

import math
import re
from typing import Any

_BAD = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufdd0-\ufdef\ufffe\uffff"
                  "\U0001fffe\U0001ffff\U0002fffe\U0002ffff\U0003fffe\U0003ffff\U0004fffe"
                  "\U0004ffff\U0005fffe\U0005ffff\U0006fffe\U0006ffff\U0007fffe\U0007ffff"
                  "\U0008fffe\U0008ffff\U0009fffe\U0009ffff\U000afffe\U000affff\U000bfffe"
                  "\U000bffff\U000cfffe\U000cffff\U000dfffe\U000dffff\U000efffe\U000effff"
                  "\U000ffffe\U000fffff\U0010fffe\U0010ffff]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else \
        f"\\U{code:08x}"


def text(value: Any) -> str:
    """`value` as text that any XML or HTML writer accepts (tab and newlines kept)."""
    return _BAD.sub(_escape, value if isinstance(value, str) else str(value))


def json_safe(value: Any) -> Any:
    """`value` with non-finite numbers as strings and lone surrogates escaped (keys too)."""
    if isinstance(value, float) and not math.isfinite(value):
        return "NaN" if math.isnan(value) else "Infinity" if value > 0 else "-Infinity"
    if isinstance(value, str):
        return _SURROGATE.sub(_escape, value)
    if isinstance(value, dict):
        return {json_safe(k) if isinstance(k, str) else k: json_safe(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [json_safe(v) for v in value]
    return value


_SURROGATE = re.compile("[\ud800-\udfff]")
