"""JUnit XML (``--junit``): one testsuite per ruleset, one testcase per item, and one
more suite when the run is incomplete or checked nothing."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence

from conformance import sanitise
from conformance.reports.outcome import Meta, by_ruleset, incomplete, nothing_applied, totals
from conformance.reports.summary import failure_lines
from conformance.results import LABELS, Result

_x = sanitise.line  # (XML 1.0 forbids some characters; and every field is one line)


def junit(meta: Meta, results: Sequence[Result]) -> str:
    """JUnit XML: one testsuite per ruleset, one testcase per item."""
    root = ET.Element("testsuites", name="cambio conform", tests=str(len(results)))
    # (every text from the implementation or the cases goes through _x: XML 1.0 forbids some)
    for ruleset in by_ruleset(results):
        mine = [r for r in results if r.ruleset == ruleset]
        total = totals(mine)
        failures = sum(total[s] for s in ("fail", "rejected_wrongly", "accepted_wrongly",
                                          "skipped", "waived"))
        errors = sum(total[s] for s in ("crash", "timeout", "protocol_error", "harness_error",
                                        "not_run"))
        suite = ET.SubElement(root, "testsuite", name=_x(ruleset), tests=str(len(mine)),
                              failures=str(failures), errors=str(errors),
                              skipped=str(total["not_applicable"]),
                              time=f"{sum(r.seconds for r in mine):.3f}")
        props = ET.SubElement(suite, "properties")
        for key, value in (("implementation", meta.title), ("impl", meta.impl),
                           ("seed", meta.seed), ("protocol", meta.protocol)):
            ET.SubElement(props, "property", name=key, value=_x(value))
        for r in mine:
            case = ET.SubElement(suite, "testcase", classname=_x(f"cambio.{ruleset}"), name=_x(r.id),
                                 time=f"{r.seconds:.3f}")
            detail = "\n".join(failure_lines(r, 1)[1:])  # (each line already one line)
            message = _x(sanitise.shorten(f"{LABELS[r.status]}: {r.message}", 500))
            if r.status == "not_applicable":
                ET.SubElement(case, "skipped",
                              message=_x(sanitise.shorten(f"not applicable: {r.message}", 500)))
            elif r.status in ("fail", "rejected_wrongly", "accepted_wrongly", "skipped", "waived"):
                ET.SubElement(case, "failure", type=r.status, message=message).text = detail
            elif r.status != "pass":
                ET.SubElement(case, "error", type=r.status, message=message).text = detail
            if r.stderr.strip():  # (its lines, each one line)
                ET.SubElement(case, "system-err").text = "\n".join(
                    map(_x, r.stderr.splitlines()))
    empty = nothing_applied(meta, results)
    short = incomplete(meta)
    if short or empty:
        suite = ET.SubElement(root, "testsuite", name="run", tests="1", failures="0", errors="1",
                              skipped="0", time=f"{meta.elapsed:.3f}")
        case = ET.SubElement(suite, "testcase", classname="cambio.run",
                             name="complete" if short else "applicable", time="0")
        text = short or str(empty)
        ET.SubElement(case, "error", type="stopped" if short else "nothing_applied",
                      message=_x(sanitise.shorten(text, 500))).text = _x(text)
    ET.indent(root)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
