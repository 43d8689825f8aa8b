"""The outputs of a run: the JSON-lines log, the terminal summary, JUnit XML, Markdown, HTML.

The log is the record: a header, one line per result written as soon as the
result is known (so a crash of anything later loses nothing), and a footer.
Every other output is rendered from the same results.

>>> from conformance.results import Result
>>> results = [Result("tie.a", "hearts", "pass"), Result("tie.a", "official", "fail", step="outcome",
...            message="winners: expected [0], got [0, 1]")]
>>> print("\\n".join(summary_table(results)))
ruleset  pass fail
hearts      1    0
official    0    1
total       1    1
"""

from __future__ import annotations

import contextlib
import html
import json
import re
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from cambio_ref.catalogue import load_catalogue
from conformance import sanitise
from conformance.grouping import Cause, group, plays_as_line
from conformance.protocol import Support
from conformance.results import LABELS, STATUSES, Result
from conformance.sanitise import json_safe

SHOWN = ("pass", "fail", "rejected_wrongly", "accepted_wrongly", "crash", "timeout",
         "protocol_error", "not_applicable")


@dataclass
class Meta:
    """What the run was: the header of every output."""

    impl: str
    implementation: Mapping[str, Any]
    seed: int
    rulesets: Sequence[str]
    started: str
    protocol: int = 1
    fuzz: int = 0
    timeout: float = 0.0
    throughput: dict[str, Any] = field(default_factory=dict)
    elapsed: float = 0.0
    stopped: str | None = None  # why the run stopped before its end (a signal, the handshake)
    exit: int | None = None  # the exit status, when not the one the results give
    strict_waivers: bool = False  # waived items make the run fail (--strict-waivers)
    targets: dict[str, str] = field(default_factory=dict)  # label: rules (one-line form)
    # the fuzz shards played, by target: {"played": [[first, last], ...], "of": count}
    shards: dict[str, dict[str, Any]] = field(default_factory=dict)
    nothing: str | None = None  # why the selection sends nothing (an empty shard range, -k)
    missing: list[str] = field(default_factory=list)  # a merged campaign's unplayed shards

    @property
    def title(self) -> str:
        impl = self.implementation
        version = f" {impl['version']}" if impl.get("version") else ""
        return f"{impl.get('name', self.impl)}{version}"


def _compact(value: Any, limit: int = 300) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return sanitise.shorten(text, limit)


def totals(results: Iterable[Result]) -> Counter[str]:
    return Counter(r.status for r in results)


NOTHING_APPLIED = 5  # the exit status of a run in which no item applied (pytest: none collected)


def incomplete(meta: Meta) -> str | None:
    """The sentence every output gives a run that stopped early, or a merged campaign
    that misses shards (`conformance.merge`), if so.

    >>> meta = Meta(impl="x", implementation={}, seed=1, rulesets=[], started="",
    ...             missing=["hearts: shard 0 of 0-1 is missing (no log played it)"])
    >>> incomplete(meta)
    'The campaign is incomplete: hearts: shard 0 of 0-1 is missing (no log played it)'
    """
    parts = [f"The run stopped early: {meta.stopped}"] if meta.stopped else []
    parts += [f"The campaign is incomplete: {'; '.join(meta.missing)}"] if meta.missing else []
    return ". ".join(parts) or None


def exit_status(results: Sequence[Result], strict_waivers: bool = False) -> int:
    """1 when any item was unsuccessful (a waived one only with `strict_waivers`), else 0
    when something applied and passed or was waived, else `NOTHING_APPLIED`: a run that
    checked nothing is no success.

    >>> exit_status([Result("a", "hearts", "pass"), Result("b", "hearts", "not_applicable")])
    0
    >>> exit_status([Result("b", "hearts", "not_applicable")])
    5
    >>> exit_status([Result("a", "x", "waived")]), exit_status([Result("a", "x", "waived")], True)
    (0, 1)
    """
    if any(r.failed and (strict_waivers or r.status != "waived") for r in results):
        return 1
    return 0 if any(r.status in ("pass", "waived") for r in results) else NOTHING_APPLIED


def nothing_applied(meta: Meta, results: Sequence[Result]) -> str | None:
    """The line every output gives a run that ran to its end with no item applicable."""
    if meta.stopped or exit_status(results) != NOTHING_APPLIED:
        return None
    why = meta.nothing or f"no item applied ({len(results)} not applicable)"
    return f"Nothing was checked: {why}, so the run is no success (exit status {NOTHING_APPLIED})"


def stale_waivers(meta: Meta, results: Iterable[Result]) -> list[str]:
    """The ids the implementation waives that match no deviation of the run."""
    waived = list(meta.implementation.get("waive") or {})
    used = {str(occ.get("waived")) for r in results for occ in r.deviations if occ.get("waived")}
    used |= {r.message for r in results if r.status == "waived"}
    return [w for w in waived if not any(u.startswith(f"{w}: ") or f"({w}: " in u
                                         for u in used)]


def causes(results: Iterable[Result]) -> list[Cause]:
    """The run's distinct deviations (`conformance.grouping.group`)."""
    return group(occ for r in results for occ in r.deviations)


def unchecked(results: Iterable[Result], how: str = "ended") -> int:
    """How many items ended at a difference the reference could not go past (their
    later steps and expectations went unchecked); with ``how="lost"``, how many went on
    against the implementation alone (properties and the case's expectations only)."""
    return len({f"{o['item']}" for r in results for o in r.deviations if o.get("how") == how})


def deviation_lines(results: Sequence[Result]) -> list[str]:
    """"N distinct deviations", one sentence each, then the rules each target plays as."""
    found = causes(results)
    if not found:
        return []
    one = sanitise.line
    lines = [f"{len(found)} distinct deviation{'s' if len(found) != 1 else ''}:"]
    for n, cause in enumerate(found, 1):
        waived = f" (waived: {one(cause.waived)})" if cause.waived else ""
        lines.append(f"{n}. {one(cause.sentence())}{waived}")
    for rules in dict.fromkeys(r.rules for r in results if r.rules):
        mine = [c for c in found if any(o.get("rules") == rules for o in c.occurrences)]
        line = plays_as_line(rules, mine)
        if line:
            lines.append(one(line))
    return lines


# -- the log ---------------------------------------------------------------------


# characters that str.splitlines() breaks on and JSON leaves raw: escaped to keep one line a line
_LINE_BREAKS = {0x85: "\\u0085", 0x2028: "\\u2028", 0x2029: "\\u2029"}


class Log:
    """The JSON-lines run log (``--log FILE.jsonl``); each line is flushed at once. When
    the file cannot be opened or written (a full disk, a file-size limit), the log stops
    there and `problem` says why in one line: the run goes on and writes its other
    outputs, and the caller exits 2 (as for ``--report`` and ``--junit``)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.problem: str | None = None
        self.file: IO[str] | None = None
        if path is not None:
            try:
                self.file = path.open("w", encoding="utf-8")
            except OSError as exc:
                self._failed(exc)

    def _failed(self, exc: OSError) -> None:
        self.problem = self.problem or f"--log {self.path}: cannot write it: {exc.strerror or exc}"
        file, self.file = self.file, None
        if file is not None:
            with contextlib.suppress(OSError):
                file.close()

    def write(self, data: Mapping[str, Any]) -> None:
        if self.file is not None:
            line = json.dumps(json_safe(data), ensure_ascii=False, allow_nan=False, default=str)
            try:
                self.file.write(line.translate(_LINE_BREAKS) + "\n")
                self.file.flush()
            except OSError as exc:
                self._failed(exc)

    def header(self, meta: Meta) -> None:
        self.write({"type": "header", "harness": "cambio conform", "protocol": meta.protocol,
                    "impl": meta.impl, "implementation": dict(meta.implementation),
                    "seed": meta.seed, "rulesets": list(meta.rulesets),
                    "targets": dict(meta.targets), "fuzz": meta.fuzz,
                    "shards": dict(meta.shards), "timeout": meta.timeout,
                    "started": meta.started})

    def result(self, result: Result) -> None:
        self.write(result.to_json())

    def footer(self, meta: Meta, results: Sequence[Result]) -> None:
        for cause in causes(results):
            self.write(cause.to_json())
        self.write({"type": "footer", "totals": dict(totals(results)),
                    "by_ruleset": {rs: dict(c) for rs, c in by_ruleset(results).items()},
                    "elapsed": round(min(meta.elapsed, 1e9), 3), "throughput": meta.throughput,
                    "stopped": meta.stopped,
                    "stale_waivers": stale_waivers(meta, results),
                    "unchecked": unchecked(results), "alone": unchecked(results, "lost"),
                    "exit": exit_status(results, meta.strict_waivers) if meta.exit is None
                    else meta.exit})

    def close(self) -> None:
        if self.file is not None:
            try:
                self.file.close()
            except OSError as exc:
                self._failed(exc)
            self.file = None


# -- the terminal --------------------------------------------------------------------


def by_ruleset(results: Iterable[Result]) -> dict[str, Counter[str]]:
    rows: dict[str, Counter[str]] = {}
    for r in results:
        rows.setdefault(r.ruleset, Counter())[r.status] += 1
    return rows


def summary_table(results: Sequence[Result]) -> list[str]:
    """Results per ruleset and status: the pass and fail columns always, others when used."""
    rows = by_ruleset(results)
    total = totals(results)
    columns = [s for s in STATUSES if s in ("pass", "fail") or total[s]]
    width = max([len("ruleset"), len("total"), *map(len, rows)])
    head = f"{'ruleset':<{width}} " + " ".join(f"{LABELS[s]:>{max(4, len(LABELS[s]))}}"
                                               for s in columns)
    lines = [head.rstrip()]
    for name, counts in [*rows.items(), ("total", total)]:
        lines.append(f"{name:<{width}} " + " ".join(
            f"{counts[s]:>{max(4, len(LABELS[s]))}}" for s in columns))
    return lines


def failure_lines(result: Result, index: int) -> list[str]:
    """The full description of one unsuccessful result (``-v``, JUnit), one line per line:
    every text of the implementation's on one line (`sanitise.line`)."""
    one = sanitise.line
    where = f" at {one(result.step)}" if result.step else ""
    lines = [f"{index}. {one(result.name)}: {LABELS[result.status]}{where}",
             f"   {one(result.message)}"]
    if result.rule:
        lines.append(f"   rule: {one(result.rule)}" + (
            f" (signature {one(result.signature)}, seen {result.count} times)"
            if result.signature and result.kind == "fuzz" else ""))
    if result.expected is not None or result.actual is not None:
        lines.append(f"   expected (reference): {one(_compact(result.expected))}")
        lines.append(f"   actual:               {one(_compact(result.actual))}")
    if result.stderr.strip():
        lines.append("   stderr (last lines):")
        lines += [f"   | {one(line)}" for line in result.stderr.rstrip().splitlines()[-8:]]
    if result.file:
        lines.append(f"   saved as a case: {one(result.file)}")
    for n, command in enumerate(result.repro):
        lines.append(f"   {'reproduce:' if n == 0 else '          '} {one(command)}")
    return lines


def open_options_lines(meta: Meta) -> list[str]:
    """What the handshake's ``options`` left open, if anything: each such option counts
    as supported in every value, so a case needing any of them runs under ``--ruleset``
    targets (an adapter should pin each to the values its engine plays).

    >>> open_options_lines(Meta("x", {"options": {}}, 1, [], ""))[0].startswith(
    ...     "  options: the declaration leaves all ")
    True
    >>> open_options_lines(Meta("x", {}, 1, [], ""))
    []
    """
    if "options" not in meta.implementation:  # (no handshake: nothing was declared)
        return []
    left = Support.parse(meta.implementation["options"]).left_open()
    if not left:
        return ["  options: every option pinned by the declaration"]
    total = len(load_catalogue().options)
    shown = ", ".join(left[:6]) + (f" and {len(left) - 6} more" if len(left) > 6 else "")
    every = f"all {total}" if len(left) == total else f"{len(left)} of {total}"
    return [f"  options: the declaration leaves {every} options open (every value counts as"
            f" supported): {shown}"]


def folded_lines(results: Sequence[Result]) -> list[str]:
    """The unsuccessful items no deviation names (a crash, a hang, a protocol error, a
    skip), folded by status and message: one line each with how many items and the first
    reproducer. The items a deviation names are folded into it (`deviation_lines`).

    >>> bad = [Result(f"c{i}", "hearts", "crash", message="exited with status 3",
    ...               repro=[f"cambio conform -k c{i}"]) for i in range(3)]
    >>> print(*folded_lines(bad), sep="\\n")
    3 unsuccessful items that no deviation names:
    - crash (3 items: c0[hearts], c1[hearts], c2[hearts]): exited with status 3; reproduce: cambio conform -k c0
    """
    bad = [r for r in results if r.failed and not r.deviations]
    if not bad:
        return []
    folds: dict[tuple[str, str], list[Result]] = {}
    for r in bad:
        folds.setdefault((r.status, r.message), []).append(r)
    one = sanitise.line
    lines = [f"{len(bad)} unsuccessful item{'s' if len(bad) != 1 else ''} that no deviation"
             " names:"]
    for (status, message), mine in folds.items():
        names = ", ".join(one(r.name) for r in mine[:3]) + (
            f" and {len(mine) - 3} more" if len(mine) > 3 else "")
        count = f"{len(mine)} item{'s' if len(mine) != 1 else ''}: " if len(mine) > 1 else ""
        step = f" at {one(mine[0].step)}" if len(mine) == 1 and mine[0].step else ""
        again = f"; reproduce: {one(mine[0].repro[0])}" if mine[0].repro else ""
        lines.append(f"- {LABELS[status]} ({count}{names}{step}):"
                     f" {one(sanitise.shorten(message, 240))}{again}")
    return lines


def not_applicable_lines(results: Sequence[Result]) -> list[str]:
    """Why items were not applicable, grouped by reason, the most common first.

    >>> na = [Result(f"c{i}", "official", "not_applicable", message="deals 3 players")
    ...       for i in range(2)] + [Result("d", "hearts", "not_applicable", message="needs x")]
    >>> print(*not_applicable_lines(na), sep="\\n")
    3 items not applicable:
    - 2 under official: deals 3 players
    - 1 under hearts: needs x
    """
    skipped = [r for r in results if r.status == "not_applicable"]
    if not skipped:
        return []
    reasons: dict[str, Counter[str]] = {}
    for r in skipped:
        reasons.setdefault(_reason(r.message), Counter())[r.ruleset] += 1
    one = sanitise.line
    lines = [f"{len(skipped)} item{'s' if len(skipped) != 1 else ''} not applicable:"]
    for reason, where in sorted(reasons.items(), key=lambda kv: -sum(kv[1].values())):
        targets = (f"under {one(next(iter(where)))}" if len(where) == 1 else
                   "(" + ", ".join(f"{one(label)} {n}" for label, n in where.items()) + ")")
        lines.append(f"- {sum(where.values())} {targets}: {one(sanitise.shorten(reason, 240))}")
    return lines


def _reason(message: str) -> str:
    """A not-applicable message without what is particular to one case (the number of
    players it deals, the step refused), so that one reason groups the items it keeps out.

    >>> _reason("the case deals 5 players; official is played by 2 to 4")
    'the case deals more or fewer players than official is played by (2 to 4)'
    >>> _reason("step 3 (snap) is rejected under these rules with E_SNAP_DISABLED")
    'a step (snap) is rejected under these rules with E_SNAP_DISABLED'
    """
    message = _STEP.sub("a step ", message)
    found = _DEALS.fullmatch(message)
    if found:
        return (f"the case deals more or fewer players than {found.group(2)} is played by"
                f" ({found.group(3)})")
    found = _PLAYS.fullmatch(message)
    if found:
        return f"the case deals more or fewer players than the implementation plays ({found.group(2)})"
    return message


_STEP = re.compile(r"^step \d+ ")
_DEALS = re.compile(r"the case deals (\d+) players; (.+) is played by (\d+ to \d+)")
_PLAYS = re.compile(r"the case deals (\d+) players; the implementation plays (\d+ to \d+)")


def verdict(meta: Meta, results: Sequence[Result]) -> str:
    """The last line of the summary: the verdict, the counts and the time.

    >>> meta = Meta(impl="x", implementation={}, seed=1, rulesets=[], started="", elapsed=2.0)
    >>> verdict(meta, [Result("a", "hearts", "pass"), Result("b", "hearts", "not_applicable")])
    'PASS: 1/1 applicable passed (1 not applicable) in 2.0 s'
    """
    total = totals(results)
    applicable = len(results) - total["not_applicable"]
    status = exit_status(results, meta.strict_waivers) if meta.exit is None else meta.exit
    word = ("STOPPED" if meta.stopped else "PASS" if status == 0 and not meta.missing else
            "PARTIAL" if status == 0 else
            "NOTHING CHECKED" if status == NOTHING_APPLIED else "FAIL")
    return (f"{word}: {total['pass']}/{applicable} applicable passed"
            f" ({total['not_applicable']} not applicable) in {meta.elapsed:.1f} s")


def render_text(meta: Meta, results: Sequence[Result], verbose: bool = False) -> str:
    """The summary printed at the end of `cambio conform`: the causes with their smallest
    reproducers (the items folded into them), the table, the items no cause names, why
    items were not applicable, and the verdict with the time; with `verbose`, every
    unsuccessful item in full and the throughput. Every line is one line
    (`sanitise.line`), whatever the implementation's texts hold."""
    one = sanitise.line
    lines = [f"cambio conform: {one(meta.title)} via {one(meta.impl)} (protocol {meta.protocol},"
             f" seed {meta.seed})"]
    lines += [f"  {one(label)} = {one(rules)}" for label, rules in meta.targets.items()
              if label != rules]
    lines += open_options_lines(meta)
    lines.append("")
    if incomplete(meta):
        lines += [f"{one(incomplete(meta))}.", ""]
    empty = nothing_applied(meta, results)
    if empty:  # (why each item was not applicable: below, by reason)
        lines += [f"{empty}.", ""]
    found = deviation_lines(results)
    lines += [*found, ""] if found else []
    lines += summary_table(results)
    bad = [r for r in results if r.failed]
    if verbose and bad:
        lines += ["", f"{len(bad)} unsuccessful items:"]
        for i, result in enumerate(bad, 1):
            lines += failure_lines(result, i)
    elif bad:
        lines += ["", *folded_lines(results), "(every unsuccessful item in full: -v, the log,"
                  " JUnit or the HTML report)"]
    skipped = not_applicable_lines(results)
    lines += ["", *skipped] if skipped else []
    stale = stale_waivers(meta, results)
    if stale:
        lines += ["", "stale waivers (they match no deviation of this run):"
                  f" {', '.join(map(one, stale))}"]
    ended, lost = unchecked(results), unchecked(results, "lost")
    if ended or lost:
        lines.append("")
    if ended:
        lines += [f"{ended} item{'s' if ended != 1 else ''} ended at a difference the"
                  " reference could not go past: their later steps went unchecked"]
    if lost:
        lines += [f"{lost} item{'s' if lost != 1 else ''} went on against the implementation"
                  " alone past a difference: their later steps were checked only by the"
                  " properties and the case's own expectations"]
    if verbose:
        lines += ["", throughput_line(meta)]
    lines += ["", verdict(meta, results)]
    return "\n".join(map(one, lines)) + "\n"


def throughput_line(meta: Meta) -> str:
    """The throughput through the protocol, in one line."""
    t = meta.throughput
    if not t:
        return "throughput: nothing was sent"
    line = (f"throughput: {t['acts']} actions in {t['round_trips']} round trips"
            f" ({t['requests']} requests), mean round trip {t['round_trip_us']} µs")
    if t.get("case_round_trip_us"):
        line += (f"; cases {t['case_actions_per_second']} actions/s (each in lockstep with"
                 f" the reference, {t['case_round_trip_us']} µs per round trip)")
    if t.get("lockstep_actions"):
        line += (f"; fuzzing {t['lockstep_actions_per_second']} lock-step actions/s"
                 f" ({t['requests_per_lockstep_action']} requests each: the action, every"
                 " player's view, the snapshot and the legal actions when offered)")
    return line


def note_line(result: Result) -> str:
    """The short line printed as soon as an item is unsuccessful.

    >>> note_line(Result("tie.a", "hearts", "fail", step="step 3"))
    'fail: tie.a[hearts] at step 3'
    """
    return sanitise.line(f"{LABELS[result.status]}: {result.name}"
                         + (f" at {result.step}" if result.step else ""))


# -- JUnit, Markdown, HTML -------------------------------------------------------------

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
                lines += [*fenced(["expected (reference): " + _compact(r.expected, 2000),
                                   "actual:               " + _compact(r.actual, 2000)], "json"),
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
            out.append("<pre>expected (reference): " + e(_compact(r.expected, 2000))
                       + "\nactual:               " + e(_compact(r.actual, 2000)) + "</pre>")
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
