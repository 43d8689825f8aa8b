"""Text from an implementation, made safe for the reports.

XML 1.0 forbids most control characters, lone surrogates and U+FFFE/U+FFFF;
HTML also warns on the other noncharacters and the C1 controls. `text`
replaces each such character with a visible escape (``\\x07``, ``\\uffff``).
`json_safe` prepares a value for the JSON-lines log: NaN and the infinities
(which strict JSON parsers refuse) become strings, and lone surrogates are
escaped the same way.

A terminal acts on more: a carriage return overwrites the line (a CI log shows
only what comes after it), and bidirectional controls such as U+202E and the other
format characters reorder or hide text. `terminal` escapes those as well, keeping
only newline and tab, and it defuses the workflow commands a CI runner executes from
its log (a line starting ``::`` after blanks, or holding ``##[``). `line` escapes the
newline too: every text that comes from an implementation or a log is shown as one
line, so it can never start a line of its own. A Markdown report, shown as HTML in CI
summaries, must carry no raw HTML and no Markdown of the implementation's: `markdown`
escapes prose for it (headings, images, links and autolinks included), `code_span` and
`fenced` put text in code that no backtick inside can close. `shorten` cuts a long text
between words.

>>> terminal("name\\rOK \\u202egnp.exe")
'name\\\\x0dOK \\\\u202egnp.exe'
>>> print(terminal("ok\\n  ::add-mask::x ##[error]y"))
ok
  \\x3a:add-mask::x ##\\x5berror]y
>>> print(line("a\\n::error title=x::forged"))
a\\n\\x3a:error title=x::forged
>>> markdown("## All passed ![x](http://e.example/i.png) [a](b)")
'\\\\#\\\\# All passed \\\\!\\\\[x\\\\]\\\\(http\\\\://e\\\\.example/i\\\\.png\\\\) \\\\[a\\\\]\\\\(b\\\\)'
>>> shorten("must be swapped into the slot", 20)
'must be swapped into ...'
>>> markdown("</testcase><script>x</script>")
'&lt;/testcase&gt;&lt;script&gt;x&lt;/script&gt;'
>>> code_span("a ` b"), fenced(["```", "x"], "sh")
('`` a ` b ``', ['````sh', '```', 'x', '````'])

>>> text("bell\\x07 tab\\t nonchar\\uffff")
'bell\\\\x07 tab\\t nonchar\\\\uffff'
>>> json_safe({"a": [float("nan"), 1.5, "\\ud800"]})
{'a': ['NaN', 1.5, '\\\\ud800']}
"""

from __future__ import annotations

import html
import math
import re
import unicodedata
from collections.abc import Sequence
from typing import Any

_BAD = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufdd0-\ufdef\ufffe\uffff"
                  "\U0001fffe\U0001ffff\U0002fffe\U0002ffff\U0003fffe\U0003ffff\U0004fffe"
                  "\U0004ffff\U0005fffe\U0005ffff\U0006fffe\U0006ffff\U0007fffe\U0007ffff"
                  "\U0008fffe\U0008ffff\U0009fffe\U0009ffff\U000afffe\U000affff\U000bfffe"
                  "\U000bffff\U000cfffe\U000cffff\U000dfffe\U000dffff\U000efffe\U000effff"
                  "\U000ffffe\U000fffff\U0010fffe\U0010ffff]")


def _escape(match: re.Match[str]) -> str:
    return _escape_char(match.group())


def _escape_char(char: str) -> str:
    code = ord(char)
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


# Unicode categories a terminal must not get raw: controls, format characters (the
# bidirectional controls among them), surrogates, line and paragraph separators
_TERMINAL_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
_ASCII_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f]")


def terminal(value: Any) -> str:
    """`value` as text safe to print on a terminal or in a CI log: `text`, and carriage
    returns, format characters (U+202E and the other bidirectional controls, zero-width
    characters) and line separators escaped, and workflow commands defused; newline and
    tab kept."""
    out = text(value)
    if out.isascii():
        out = _ASCII_CONTROL.sub(_escape, out)
    else:
        out = "".join(_escape_char(c) if c not in "\n\t"
                      and unicodedata.category(c) in _TERMINAL_CATEGORIES else c for c in out)
    if "::" in out or "##[" in out:
        out = _WORKFLOW.sub(r"\1\\x3a", out).replace("##[", "##\\x5b")
    return out


# the colon that starts a workflow command (``::error ...::``, ``::add-mask::``) at the start
# of a line, any blanks before it (a runner strips them, the Unicode ones included)
_WORKFLOW = re.compile(r"(?m)^([^\S\n]*):(?=:)")


def line(value: Any) -> str:
    """`value` as one line of terminal text: `terminal`, with newlines escaped too."""
    return terminal(value).replace("\n", "\\n")


def shorten(value: str, limit: int) -> str:
    """`value` cut to at most about `limit` characters, between words, marked ``...``."""
    if len(value) <= limit:
        return value
    head = value[:limit + 1]
    words = head.split()
    if head[-1].isspace() or len(words) < 2:
        return (head.rstrip() if head[-1].isspace() else value[:limit]) + " ..."
    return head.rsplit(None, 1)[0].rstrip() + " ..."


def markdown(value: Any) -> str:
    """`value` as Markdown prose on one line: `line`, with the ASCII punctuation that
    Markdown acts on backslash-escaped (no heading, image, link, autolink, emphasis or table cell of the
    implementation's) and ``<``, ``>``, ``&`` and quotes as HTML entities (no raw HTML)."""
    return html.escape(_PUNCTUATION.sub(r"\\\g<0>", line(value)))


_PUNCTUATION = re.compile(r"[!#$()*+\-.:=@\[\\\]_`{|}~]")


def _fence_for(body: str, mark: str = "`", least: int = 3) -> str:
    runs = [len(m) for m in re.findall(f"{re.escape(mark)}+", body)]
    return mark * max(least, max(runs, default=0) + 1)


def code_span(value: Any) -> str:
    """`value` as Markdown inline code on one line that no backtick inside can close."""
    body = line(value)
    fence = _fence_for(body, least=1)
    pad = " " if body.startswith("`") or body.endswith("`") or fence != "`" else ""
    return f"{fence}{pad}{body}{pad}{fence}"


def fenced(lines: Sequence[Any], info: str = "") -> list[str]:
    """`lines` as a Markdown code block whose fence no line inside can close (code blocks
    render no HTML, so each needs only to be one line: `line`)."""
    body = [line(each) for each in lines]
    fence = _fence_for("\n".join(body))
    return [fence + info, *body, fence]
