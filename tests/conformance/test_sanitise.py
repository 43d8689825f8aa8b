"""Whatever text an implementation sends, the log is strict JSON and JUnit XML is well formed."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from conformance.conform import Result
from conformance.reports.junit import junit
from conformance.reports.log import Log
from conformance.reports.outcome import Meta
from conformance.reports.page import render_html, write_report
from conformance.sanitise import json_safe, text

NASTY = "nul\x00 bell\x07 esc\x1b[31m nonchar\uffff\ufffe lone\ud800 c1\x85 fine\t\u00e9\U0001F600"


def _results() -> list[Result]:
    return [Result("tie.a" + NASTY, "hearts", "fail", step=NASTY, message=NASTY,
                   expected={"x": float("nan"), NASTY: [float("inf")]}, actual=NASTY,
                   stderr=NASTY * 3),
            Result("tie.b", "hearts", "crash", message="ok", stderr="\uffff")]


def _meta() -> Meta:
    return Meta(impl="impl " + NASTY, implementation={"name": NASTY, "version": NASTY}, seed=1,
                rulesets=["hearts"], started="now")


def _strict(line: str) -> Any:
    def refuse(name: str) -> object:
        raise ValueError(name)
    return json.loads(line, parse_constant=refuse)


def test_the_log_is_strict_json_with_no_nan_and_no_lone_surrogate(tmp_path: Path) -> None:
    log = Log(tmp_path / "run.jsonl")
    log.header(_meta())
    for result in _results():
        log.result(result)
    log.footer(_meta(), _results())
    log.close()
    raw = (tmp_path / "run.jsonl").read_bytes()
    lines = raw.decode("utf-8").splitlines()  # (strict UTF-8: a lone surrogate cannot be encoded)
    assert [_strict(line)["type"] for line in lines] == ["header", "result", "result", "footer"]
    first = _strict(lines[1])
    assert first["expected"]["x"] == "NaN" and "lone\\ud800" in first["message"]


def test_junit_and_html_are_well_formed_whatever_the_text(tmp_path: Path) -> None:
    root = ET.fromstring(junit(_meta(), _results()).encode("utf-8"))
    case = root.find("testsuite/testcase")
    assert case is not None and "\\uffff" in case.attrib["name"]
    failure = case.find("failure")
    assert failure is not None and "\\x00" in failure.attrib["message"]

    page = render_html(_meta(), _results())
    assert "\uffff" not in page and "\x00" not in page and "\x1b" not in page
    parser = HTMLParser()
    parser.feed(page)
    parser.close()
    write_report(tmp_path / "r.md", _meta(), _results())
    markdown = (tmp_path / "r.md").read_text(encoding="utf-8")
    assert "\x07" not in markdown and "\\x07" in markdown


def test_text_keeps_what_is_allowed_and_escapes_the_rest() -> None:
    assert text("a\tb\nc\r\u00e9\U0001F600") == "a\tb\nc\r\u00e9\U0001F600"
    assert text("\x00\x7f\ud800\U0010ffff") == "\\x00\\x7f\\ud800\\U0010ffff"
    assert json_safe([float("-inf"), {"k\udc00": 1}]) == ["-Infinity", {"k\\udc00": 1}]
