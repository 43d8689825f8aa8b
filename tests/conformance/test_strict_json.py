"""Strict JSON for replies: what Python's json module lets through is refused, with one line."""

from __future__ import annotations

import json

import pytest

from conformance.strict_json import StrictJSONError, depth, parse_line


@pytest.mark.parametrize(("line", "problem"), [
    (b'{"seq": 1, "x": NaN}', "NaN is not JSON"),
    (b'{"seq": Infinity}', "Infinity is not JSON"),
    (b'[-Infinity]', "-Infinity is not JSON"),
    (b'{"name": "\\ud800"}', r"lone surrogate (escaped \ud800)"),
    (b'{"\\udfff": 1}', r"lone surrogate (escaped \udfff)"),
    (b'"\\ud800\\\\udc00"', r"lone surrogate (escaped \ud800)"),  # the low one is not an escape
    (b'"\xed\xa0\x80"', "not UTF-8 at byte 1"),  # a raw surrogate
    (b'"\xff"', "not UTF-8"),
    (b"[" * 100_000, "nested deeper than 100 levels"),
    (b"{\"a\":" * 5000 + b"1" + b"}" * 5000, "nested deeper than 100 levels"),
    (b"9" * 5000, "not JSON"),
    (b'{"seq": 1, "x": 1e400}', "1e400 is beyond the range of a double"),
    (b'[-1.5E+999]', "-1.5E+999 is beyond the range of a double"),
    (b'{"seq": 1', "not JSON"),
    (b"hello", "not JSON"),
])
def test_what_python_accepts_or_crashes_on_is_refused_with_one_line(line: bytes, problem: str) -> None:
    with pytest.raises(StrictJSONError) as info:
        parse_line(line)
    assert problem in str(info.value)
    assert "\n" not in str(info.value)


def test_an_over_long_line_is_refused_before_it_is_parsed() -> None:
    with pytest.raises(StrictJSONError, match="a line of 101 bytes, more than the 100 allowed"):
        parse_line(b'"' + b"a" * 99 + b'"', max_line=100)


def _nested(levels: int) -> list[object]:
    value: list[object] = []
    for _ in range(levels - 1):
        value = [value]
    return value


@pytest.mark.parametrize(("line", "value"), [
    (b'{"seq": 3, "events": []}', {"seq": 3, "events": []}),
    (b'"\\ud83d\\ude00"', "\U0001F600"),  # a surrogate pair is one character
    (b'"\\\\ud800"', "\\ud800"),  # an escaped backslash, then text
    (b'"\xef\xbf\xbf"', "\uffff"),  # a noncharacter is still valid JSON (reports sanitise it)
    (b"[" * 100 + b"]" * 100, _nested(100)),
    (b'"[[[[" ', "[[[["),  # brackets inside strings do not nest
    (b'[5.0, 1e2, -0.0, 0.25, 1e-400]', [5, 100, 0, 0.25, 0]),  # a whole number is an int
])
def test_strict_json_still_parses_what_is_valid(line: bytes, value: object) -> None:
    assert parse_line(line) == value
    assert json.dumps(parse_line(line)) == json.dumps(value)  # (5.0 is read as 5: an int)


def test_depth_skips_strings_and_counts_both_kinds_of_bracket() -> None:
    assert depth(b'{"a": "[[[[", "b": [{"c": []}]}') == 4
    assert depth(b"1") == 0
