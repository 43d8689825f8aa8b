"""Text from an implementation is escaped for wherever it goes (issue 21, item 7): the
terminal (a carriage return that would overwrite the summary in a CI log, U+202E and the
other format characters), the Markdown report (no raw HTML), HTML and JUnit XML; messages
quote a bounded prefix; and ``cambio serve --rules ''`` is refused like ``--impl ''``."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from cambio_ref.cli import main
from cambio_ref.errors import CambioError
from conformance.implementation import Rejection
from conformance.protocol import ProtocolError, declared_rules
from conformance.sanitise import code_span, fenced, markdown, terminal
from conformance.serve import ReferenceEngine

ROOT = Path(__file__).resolve().parents[2]
HTML = "</testcase><script>alert(1)</script>"
# a carriage return, a right-to-left override, a zero-width space, a line separator
TRICKS = "\r\u202e\u200b\u2028"
EVIL = f"evil{TRICKS}{HTML}"


class EvilEngine(ReferenceEngine):
    """The reference under a hostile name, skipping one case with a hostile reason."""

    name = EVIL
    version = f"1{TRICKS}"
    skip = ({"case": "tie.caller-ties-lowest", "reason": f"later{TRICKS}{HTML}"},)


def _raw(text: str) -> list[str]:
    """The characters of TRICKS found raw in `text`."""
    return [f"U+{ord(c):04X}" for c in TRICKS if c in text]


def test_terminal_escapes_what_a_terminal_acts_on() -> None:
    assert terminal(f"a\tb\nc{TRICKS}d") == "a\tb\nc\\x0d\\u202e\\u200b\\u2028d"
    assert terminal("plain é 😀") == "plain é 😀"
    assert terminal("esc\x1b[2J") == "esc\\x1b[2J"


def test_markdown_helpers_leave_no_raw_html_and_no_closable_code() -> None:
    assert "<" not in markdown(HTML) and ">" not in markdown(HTML)
    assert code_span("a``b") == "``` a``b ```"
    block = fenced(["x", "````", HTML])
    assert block[0] == block[-1] == "`````" and HTML in block  # (code renders no HTML)


def test_the_summary_and_reports_escape_the_implementations_text(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    md, page, xml = tmp_path / "r.md", tmp_path / "r.html", tmp_path / "j.xml"
    impl = "python:tests.conformance.test_escaping:EvilEngine"
    args = ["conform", "--impl", impl, "--ruleset", "official", "-k", "caller-ties or fuzz",
            "--fuzz", "2", "--seed", "1", "--jobs", "1", "--junit", str(xml)]
    code = main([*args, "--report", str(md)])
    out, err = capsys.readouterr()
    assert code == 1, out + err  # the skipped case is unsuccessful
    assert _raw(out + err) == [], out
    assert "\\u202e" in out and "later" in out  # shown, escaped
    report = md.read_text(encoding="utf-8")
    assert _raw(report) == [] and "<script>" not in report and "</testcase>" not in report
    assert "&lt;script&gt;" in report
    assert main([*args, "--report", str(page)]) == 1
    capsys.readouterr()
    assert "<script>" not in page.read_text(encoding="utf-8")
    root = ET.fromstring(xml.read_bytes())  # well formed: the name stays an attribute value
    names = [p.attrib["value"] for p in root.iter("property") if p.attrib["name"] ==
             "implementation"]
    assert names and all(HTML in n for n in names)


def test_a_handshake_failure_quoting_stderr_is_escaped(tmp_path: Path) -> None:
    script = tmp_path / "impl.py"
    script.write_text("import sys\nsys.stderr.write('boom\\r\\u202eDONE: all passed\\n')\n"
                      "sys.exit(3)\n", encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "cambio_ref.cli", "conform", "--impl",
                           f"{sys.executable} {script}", "--fuzz", "0", "--jobs", "1"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2
    assert "\r" not in proc.stderr and "\u202e" not in proc.stderr
    assert "boom \\u202eDONE" in proc.stderr  # (its stderr: words, escaped)


def test_a_huge_declared_rules_string_is_quoted_by_a_prefix() -> None:
    for rules in ("x" * 6_300_000, "online(ace=" + "1" * 6_300_000 + ")"):
        with pytest.raises(ProtocolError) as exc:
            declared_rules(rules)
        assert len(str(exc.value)) < 500 and "6300" in str(exc.value)


@pytest.mark.parametrize("argv", [["serve", "--rules", ""], ["serve", "--rules", "  "]])
def test_serve_refuses_empty_rules(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("cambio: error: --rules is empty") and len(err.splitlines()) == 1


def test_python_m_serve_refuses_empty_rules_too() -> None:
    proc = subprocess.run([sys.executable, "-m", "conformance.serve", "--rules", ""], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert proc.returncode == 2 and "--rules is empty" in proc.stderr


# -- issue 32, item 1: no text of an implementation's starts a line of its own ---------------

# workflow commands a CI runner executes from its log (new and old style), a forged heading
# and verdict, a remote image, a link and a bare URL that GitHub would link
FORGE = ("ok\n::error title=Forged::all good\n  ::add-mask::secret\r\n## All 500 items passed\n"
         "![pwned](http://evil.example/i.png) [click](http://evil.example/x)\u2028"
         "www.evil.example ##[error]old style\x85PASS: 500/500 applicable passed")
FORGED_LINES = ("## All 500", "PASS: 500/500", "  ::add-mask", "::error", "![pwned]")


class ForgingEngine(ReferenceEngine):
    """The reference, with FORGE in every text it controls: its name and version, a skip
    reason, a waiver's id and reason, and the message of a rejection it gives wrongly."""

    name = FORGE
    version = FORGE
    skip = ({"case": "tie.caller-ties-lowest", "reason": FORGE},)
    waive = ({"id": FORGE, "reason": FORGE},)

    def act(self, action: dict[str, Any]) -> list[Any] | Rejection:
        if action.get("t") == "call":  # (a rejection the reference does not give)
            return Rejection("E_CALL_TIMING", FORGE)
        return super().act(action)


def _forged_terminal(text: str) -> list[str]:
    """The lines of terminal output a runner would take for a command or a forged line."""
    return [line for line in text.splitlines()
            if line.lstrip().startswith("::") or "##[" in line
            or line.lstrip().startswith(FORGED_LINES)]


def _forged_markdown(text: str) -> list[str]:
    """What a Markdown renderer would make of FORGE in `text`: its heading, image, links."""
    import markdown as md  # type: ignore[import-untyped]  # (Python-Markdown: no autolinks)

    page = md.markdown(text, extensions=["tables", "fenced_code"])
    found = [tag for tag in ("<img", "<a ", "<h2>All 500", "<script") if tag in page]
    prose, fence = [], ""  # (code blocks show a stderr's lines as code: no Markdown there)
    for line in text.splitlines():
        if fence and line == fence:
            fence = ""
        elif not fence and line.startswith("```"):
            fence = line.rstrip("abcdefghijklmnopqrstuvwxyz")
        elif not fence:
            prose.append(line)
    found += [url for url in ("http://evil", "www.evil.example") if url in "\n".join(prose)]
    return found + [line for line in prose if line.startswith(FORGED_LINES)]


def _check_outputs(out: str, folder: Path) -> None:
    assert _forged_terminal(out) == [], out
    report = (folder / "r.md").read_text(encoding="utf-8")
    assert _forged_markdown(report) == [], report
    page = (folder / "r.html").read_text(encoding="utf-8")
    assert "<img" not in page and "<a " not in page and "<script" not in page
    root = ET.parse(folder / "j.xml").getroot()
    texts = [v for el in root.iter() for v in [*el.attrib.values(), el.text or ""]
             if el.tag != "system-err"]  # (a crash's stderr: its own lines, as it wrote them)
    assert not [t for t in texts if "\n" in t and _forged_terminal(t)], texts
    assert not [line for el in root.iter("system-err") for line in (el.text or "").splitlines()
                if line.lstrip().startswith("::") or "##[" in line]
    assert not [v for el in root.iter() for v in el.attrib.values()
                if "::error" in v and "\\n" not in v]  # (the forged line stays in its line)


def test_forged_lines_in_every_field_stay_in_their_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first, merged = tmp_path / "run", tmp_path / "merged"
    first.mkdir()
    merged.mkdir()

    def outputs(folder: Path) -> list[str]:
        return ["--junit", str(folder / "j.xml"), "--report", str(folder / "r.md"),
                "--log", str(folder / "run.jsonl")]

    impl = "python:tests.conformance.test_escaping:ForgingEngine"
    args = ["conform", "--impl", impl, "--ruleset", "online", "-k", "caller-ties or call",
            "--fuzz", "0", "--seed", "1", "--jobs", "1"]
    assert main([*args, *outputs(first)]) == 1
    out = capsys.readouterr().out
    assert main([*args, "--report", str(first / "r.html"), "-v"]) == 1
    out_v = capsys.readouterr().out
    assert "E_CALL_TIMING" in out and "stale waivers" in out
    _check_outputs(out + out_v, first)
    assert main(["conform-merge", str(first / "run.jsonl"), *outputs(merged), "-v"]) == 1
    out = capsys.readouterr().out
    assert main(["conform-merge", str(first / "run.jsonl"), "--report",
                 str(merged / "r.html")]) == 1
    _check_outputs(out + capsys.readouterr().out, merged)


def test_a_crash_s_stderr_with_forged_lines_stays_in_its_lines(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "impl.py"
    script.write_text(
        f"import json, sys\nsys.path.insert(0, {str(ROOT)!r})\n"
        + "from conformance.protocol import dispatch\nfrom conformance.serve import"
        " ReferenceEngine\nengine = ReferenceEngine()\nfor line in sys.stdin:\n"
        "    request = json.loads(line)\n    if request['cmd'] == 'act':\n"
        f"        sys.stderr.write({FORGE!r})\n        sys.exit(3)\n"
        "    print(json.dumps(dispatch(engine, request)), flush=True)\n", encoding="utf-8")
    args = ["conform", "--impl", f"{sys.executable} {script}", "--ruleset", "online",
            "-k", "caller-ties", "--fuzz", "0", "--jobs", "1", "--junit",
            str(tmp_path / "j.xml"), "--report", str(tmp_path / "r.md")]
    assert main(args) == 1
    out = capsys.readouterr().out
    assert main([*args[:-2], "--report", str(tmp_path / "r.html"), "-v"]) == 1
    out += capsys.readouterr().out
    assert "crash" in out and "all good" in out  # (its stderr is shown, in its lines)
    _check_outputs(out, tmp_path)


class ForgedReplies(ReferenceEngine):
    """The reference, but its reply to a call carries FORGE where the protocol wants a
    code, an error message, a card or an event's kind (`mode`, from the class name)."""

    mode = ""

    def act(self, action: dict[str, Any]) -> list[Any] | Rejection:
        if action.get("t") != "call":
            return super().act(action)
        if self.mode == "code":
            return Rejection(FORGE, "refused")
        if self.mode == "error":
            raise CambioError(FORGE)
        events = super().act(action)
        assert isinstance(events, list) and events
        field = "card" if self.mode == "card" else "t"
        return [{**events[0], field: FORGE}, *events[1:]]


FORGED_REPLIES = {mode: type(f"Forged_{mode}", (ForgedReplies,), {"mode": mode})
                  for mode in ("code", "error", "card", "t")}
globals().update({cls.__name__: cls for cls in FORGED_REPLIES.values()})


@pytest.mark.parametrize("mode", sorted(FORGED_REPLIES))
def test_forged_lines_in_a_reply_stay_in_their_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], mode: str) -> None:
    # a rejection code, an error reply's message, a card and an event kind: the kit quotes
    # each in a message (what it expected, what it got), through conform and conform-merge
    impl = f"python:tests.conformance.test_escaping:{FORGED_REPLIES[mode].__name__}"
    code = main(["conform", "--impl", impl, "--ruleset", "online", "-k", "call.final-round",
                 "--fuzz", "0", "--seed", "1", "--jobs", "1", "--junit", str(tmp_path / "j.xml"),
                 "--report", str(tmp_path / "r.md"), "--log", str(tmp_path / "run.jsonl")])
    out = capsys.readouterr().out
    assert code == 1 and "all good" in out, out  # (the forged text is shown, in its line)
    assert main(["conform-merge", str(tmp_path / "run.jsonl"), "--report",
                 str(tmp_path / "r.html"), "-v"]) == 1
    _check_outputs(out + capsys.readouterr().out, tmp_path)
