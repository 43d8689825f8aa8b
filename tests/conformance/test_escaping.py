"""Text from an implementation is escaped for wherever it goes (issue 21, item 7): the
terminal (a carriage return that would overwrite the summary in a CI log, U+202E and the
other format characters), the Markdown report (no raw HTML), HTML and JUnit XML; messages
quote a bounded prefix; and ``cambio serve --rules ''`` is refused like ``--impl ''``."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from cambio_ref.cli import main
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
