"""The ``--report`` page: Markdown (fits ``$GITHUB_STEP_SUMMARY``) or a single static
HTML page with the same content."""

from __future__ import annotations

import html
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from conformance import sanitise
from conformance.reports.outcome import Meta, by_ruleset, incomplete, nothing_applied, totals
from conformance.reports.summary import compact, deviation_lines, not_applicable_lines, throughput_line, verdict
from conformance.results import LABELS, STATUSES, Result


def _md_table(results: Sequence[Result]) -> list[str]:
    rows = by_ruleset(results)
    total = totals(results)
    columns = [s for s in STATUSES if s in ("pass", "fail") or total[s]]
    out = ["| ruleset | " + " | ".join(LABELS[s] for s in columns) + " |",
           "|---|" + "---:|" * len(columns)]
    for name, counts in [*[(sanitise.markdown(k), v) for k, v in rows.items()],
                         ("**total**", total)]:
        out.append(f"| {name} | " + " | ".join(str(counts[s]) for s in columns) + " |")
    return out


def markdown(meta: Meta, results: Sequence[Result]) -> str:
    """A Markdown report (fits ``$GITHUB_STEP_SUMMARY``). Text from the implementation
    or the run is escaped (`sanitise.markdown`) or put in code no backtick can close."""
    md, code, fenced = sanitise.markdown, sanitise.code_span, sanitise.fenced
    total = totals(results)
    applicable = len(results) - total["not_applicable"]
    lines = [f"# Cambio conformance: {md(meta.title)}", "",
             f"{code(meta.impl)}, protocol {meta.protocol}, seed {meta.seed}, rulesets"
             f" {md(', '.join(meta.rulesets))}; {total['pass']}/{applicable} applicable items"
             f" passed in {meta.elapsed:.1f} s.", "", f"**{md(verdict(meta, results))}**", ""]
    if incomplete(meta):
        lines += [f"**{md(incomplete(meta))}.**", ""]
    empty = nothing_applied(meta, results)
    if empty:
        lines += [f"**{md(empty)}.**", ""]
    found = deviation_lines(results)
    if found:
        lines += [f"## {found[0].rstrip(':')}", "",
                  *(f"- {md(line.split('. ', 1)[1] if line[0].isdigit() else line)}"
                    for line in found[1:]), ""]
    lines += _md_table(results)
    bad = [r for r in results if r.failed]
    if bad:
        lines += ["", "## Unsuccessful", ""]
        for r in bad:
            lines += [f"### {md(r.name)}: {LABELS[r.status]}" + (f" at {md(r.step)}" if r.step
                                                                else ""),
                      "", md(r.message), ""]
            if r.rule:
                lines += [f"Rule: {code(r.rule)}" + (f", signature {code(r.signature)}, seen"
                                                    f" {r.count} times"
                                                    if r.kind == "fuzz" and r.signature
                                                    else ""), ""]
            if r.expected is not None or r.actual is not None:
                lines += [*fenced(["expected (reference): " + compact(r.expected, 2000),
                                   "actual:               " + compact(r.actual, 2000)], "json"),
                          ""]
            if r.stderr.strip():
                lines += ["stderr (last lines):", "",
                          *fenced(r.stderr.rstrip().splitlines()[-15:]), ""]
            if r.repro:
                lines += ["Reproduce:", "", *fenced(r.repro, "sh"), ""]
    skipped = not_applicable_lines(results)
    if skipped:
        lines += ["", f"## {md(skipped[0].rstrip(':'))}", "",
                  *(f"- {md(line[2:])}" for line in skipped[1:]), ""]
    return "\n".join(lines)


_CSS = ("body{font-family:system-ui,sans-serif;margin:2rem;max-width:70rem}"
        "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2rem .6rem;"
        "text-align:right}td:first-child,th:first-child{text-align:left}"
        "pre{background:#f6f6f6;padding:.5rem;overflow-x:auto}"
        ".pass{color:#060}.bad{color:#a00}")


def render_html(meta: Meta, results: Sequence[Result]) -> str:
    """A single static HTML page with the same content as the Markdown report."""
    def e(value: Any) -> str:
        return html.escape(sanitise.line(value))

    total = totals(results)
    columns = [s for s in STATUSES if s in ("pass", "fail") or total[s]]
    rows = by_ruleset(results)
    applicable = len(results) - total["not_applicable"]
    out = ["<!doctype html>", '<html lang="en"><head><meta charset="utf-8">',
           f"<title>Cambio conformance: {e(meta.title)}</title><style>{_CSS}</style></head><body>",
           f"<h1>Cambio conformance: {e(meta.title)}</h1>",
           f"<p><code>{e(meta.impl)}</code>, protocol {meta.protocol}, seed {meta.seed};"
           f" {total['pass']}/{applicable} applicable items passed in {meta.elapsed:.1f} s.</p>",
           f'<p class="bad">{e(incomplete(meta))}.</p>' if incomplete(meta) else "",
           f'<p class="bad">{e(nothing_applied(meta, results))}.</p>'
           if nothing_applied(meta, results) else "",
           *_html_deviations(results, e),
           "<table><tr><th>ruleset</th>" + "".join(f"<th>{e(LABELS[s])}</th>" for s in columns)
           + "</tr>"]
    for name, counts in [*rows.items(), ("total", total)]:
        out.append(f"<tr><td>{e(name)}</td>" + "".join(f"<td>{counts[s]}</td>" for s in columns)
                   + "</tr>")
    out.append("</table>")
    bad = [r for r in results if r.failed]
    if bad:
        out.append("<h2>Unsuccessful</h2>")
    for r in bad:
        out.append(f'<h3 class="bad">{e(r.name)}: {e(LABELS[r.status])}'
                   + (f" at {e(r.step)}" if r.step else "") + f"</h3><p>{e(r.message)}</p>")
        if r.expected is not None or r.actual is not None:
            out.append("<pre>expected (reference): " + e(compact(r.expected, 2000))
                       + "\nactual:               " + e(compact(r.actual, 2000)) + "</pre>")
        if r.stderr.strip():
            tail = "\n".join(map(e, r.stderr.rstrip().splitlines()[-15:]))
            out.append(f"<p>stderr (last lines):</p><pre>{tail}</pre>")
        if r.repro:
            out.append("<p>Reproduce:</p><pre>" + "\n".join(map(e, r.repro)) + "</pre>")
    skipped = not_applicable_lines(results)
    if skipped:
        out.append(f"<h2>{e(skipped[0].rstrip(':'))}</h2><ul>"
                   + "".join(f"<li>{e(line[2:])}</li>" for line in skipped[1:]) + "</ul>")
    out.append(f"<p><strong>{e(verdict(meta, results))}</strong></p>")
    out.append(f"<p>{e(throughput_line(meta))}</p></body></html>")
    return "\n".join(out) + "\n"


def _html_deviations(results: Sequence[Result], e: Any) -> list[str]:
    found = deviation_lines(results)
    if not found:
        return []
    items = "".join(f"<li>{e(line.split('. ', 1)[1] if line[0].isdigit() else line)}</li>"
                    for line in found[1:])
    return [f"<h2>{e(found[0].rstrip(':'))}</h2><ul>{items}</ul>"]


def write_report(path: Path, meta: Meta, results: Sequence[Result]) -> None:
    """``--report``: Markdown for .md, HTML for .html or .htm."""
    text = render_html(meta, results) if path.suffix in (".html", ".htm") else markdown(meta, results)
    path.write_text(sanitise.text(text), encoding="utf-8")
