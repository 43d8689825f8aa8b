"""The summary `cambio conform` prints at its end, the line it prints as soon as an item
is unsuccessful, and the sentences the other outputs borrow from the summary: the
deviations, the unsuccessful items (in full and folded), why items were not applicable,
the verdict and the throughput. Every text of the implementation's is put on one line
(`sanitise.line`).

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

import json
import re
from collections import Counter
from collections.abc import Sequence
from typing import Any

from cambio_ref.catalogue import load_catalogue
from conformance import sanitise
from conformance.grouping import plays_as_line
from conformance.protocol import Support
from conformance.reports.outcome import (
    NOTHING_APPLIED,
    Meta,
    by_ruleset,
    causes,
    exit_status,
    incomplete,
    nothing_applied,
    stale_waivers,
    totals,
    unchecked,
)
from conformance.results import LABELS, STATUSES, Result


def compact(value: Any, limit: int = 300) -> str:
    """A value as one short text: a string as it is, anything else as JSON.

    >>> compact({"winners": [0]}), compact("x" * 400, 10)
    ('{"winners": [0]}', 'xxxxxxxxxx ...')
    """
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return sanitise.shorten(text, limit)


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
        lines.append(f"   expected (reference): {one(compact(result.expected))}")
        lines.append(f"   actual:               {one(compact(result.actual))}")
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


def note_line(result: Result) -> str:
    """The short line printed as soon as an item is unsuccessful.

    >>> note_line(Result("tie.a", "hearts", "fail", step="step 3"))
    'fail: tie.a[hearts] at step 3'
    """
    return sanitise.line(f"{LABELS[result.status]}: {result.name}"
                         + (f" at {result.step}" if result.step else ""))
