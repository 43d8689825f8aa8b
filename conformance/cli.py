"""The ``cambio serve`` and ``cambio conform`` subcommands.

`register` adds them to the ``cambio`` parser (cambio_ref.cli calls it). The
heavy modules (Hypothesis among them) are imported only when a command runs.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from cambio_ref.arguments import MAX_SEED, integer, number, output_dir, output_file
from cambio_ref.errors import CambioError
from conformance.sanitise import shorten

MAX_JOBS = 256

CONFORM_EXAMPLE = """cambio conform --impl "node my-adapter.js" --ruleset hearts --fuzz 100 \\
      --seed 7 --junit out/junit.xml --report out/report.md --save-failures out/failures

Exit status: 0 when something applied and every applicable item passed; 1 on any
unsuccessful item (a harness error included); 2 on a usage error (a bad option, a
command that cannot start, never answers hello or declares rules, players or options
that allow no game); 5 when no item applied (nothing was checked); 128+N when stopped
by signal N (SIGINT, SIGTERM, SIGHUP)."""


def _formatter(prog: str) -> argparse.HelpFormatter:
    return argparse.RawDescriptionHelpFormatter(prog, max_help_position=32)


def register(sub: Any) -> None:
    """Add `serve` and `conform` to the subparsers of the ``cambio`` command."""
    p = sub.add_parser(
        "serve", help="Run the reference interpreter as an implementation over the protocol.",
        description="Run the reference interpreter as an implementation: JSON lines on stdin"
                    " and stdout (protocol 1, see docs/developers/protocol.md). It is the"
                    " default --impl of `cambio conform`.",
        epilog="Example:\n  echo '{\"cmd\": \"hello\", \"seq\": 0, \"protocol\": 1}' | cambio serve"
               "\n  cambio conform --impl \"cambio serve --rules 'online(jokers=0, ace=0)'\"",
        formatter_class=_formatter)
    p.set_defaults(handler=cmd_serve)
    p.add_argument("--rules", metavar="R|FILE",
                   help="declare these rules in the handshake (a ruleset id, one-line form or"
                        " house-rules file), so that `cambio conform` checks it under them")

    p = sub.add_parser(
        "conform", help="Check an implementation against every case and by differential fuzzing.",
        description="Run every case of spec/cases under each ruleset against an implementation"
                    " (a command that speaks the protocol on stdin/stdout), then fuzz it in"
                    " lockstep with the reference. Prints a summary per ruleset and status,"
                    " each failure with a reproducer, and the throughput.",
        epilog=f"Example:\n  {CONFORM_EXAMPLE}", formatter_class=_formatter)
    p.set_defaults(handler=cmd_conform)
    p.add_argument("--impl", metavar="CMD", default="cambio serve",
                   help="the implementation's command line, or python:MODULE:FACTORY to run a"
                        " Python implementation in-process (default: cambio serve)")
    p.add_argument("--ruleset", action="append", metavar="R|FILE",
                   help="check under this ruleset id, one-line form or house-rules file, or"
                        " 'declared' (the rules the implementation declares); repeatable."
                        " Default: the declared rules, or all five rulesets if it declares none")
    p.add_argument("--cases", action="append", type=Path, metavar="PATH",
                   help="case files or directories instead of spec/cases (repeatable)")
    p.add_argument("-k", metavar="EXPR", dest="keyword",
                   help="only items whose name (case-id[ruleset] or fuzz[ruleset]) matches,"
                        " e.g. -k 'tie and not fuzz'")
    p.add_argument("--fuzz", type=integer(0, 100_000), default=None, metavar="N",
                   help="fuzz games in all, shared by the targets (default 70; 0: none)")
    p.add_argument("--strict-waivers", action="store_true",
                   help="waived deviations fail the run too (by default a run whose only"
                        " unsuccessful items are waived exits 0)")
    p.add_argument("--seed", type=integer(0, MAX_SEED), metavar="S", help="fuzzing seed (default: random, printed)")
    p.add_argument("--shrink-time", type=number(0, 3600), default=10.0, metavar="SECONDS",
                   help="how long to shrink a fuzz disagreement, per ruleset (default 10)")
    p.add_argument("--timeout", type=number(0, 3600, above=True), default=5.0, metavar="SECONDS",
                   help="per-request timeout (default 5; the handshake gets at least 30)")
    p.add_argument("--max-restarts", type=integer(0, 1000), default=20, metavar="N",
                   help="restarts after crashes, hangs and protocol errors before the rest"
                        " is not run (default 20)")
    p.add_argument("--junit", type=output_file, metavar="FILE", help="write JUnit XML")
    p.add_argument("--report", type=output_file, metavar="FILE.md|FILE.html",
                   help="write a Markdown or HTML report")
    p.add_argument("--log", type=output_file, metavar="FILE.jsonl",
                   help="write the JSON-lines run log (header, one line per result, footer)")
    p.add_argument("--save-failures", type=output_dir, metavar="DIR",
                   help="write each shrunk fuzz failure as a case file into DIR")
    p.add_argument("--benchmark", action="store_true",
                   help="instead of checking, measure the round trips per second (one"
                        " request line written and its reply line read) of the harness against"
                        " the implementation, of a bare client against it, and of a bare client"
                        " against a JSON-lines echo answering one request at a time; print"
                        " them and their ratios, for the cases and apart for the fuzz games"
                        " (medians of 5 parts each; with fuzzing's lock-step actions per second"
                        " and requests per action)")
    p.add_argument("--json", action="store_true", help="with --benchmark: print it as JSON")
    p.add_argument("-v", "--verbose", action="store_true",
                   help="print every unsuccessful item in full and the throughput (by default"
                        " the items are folded into their causes; the log, JUnit and the HTML"
                        " report always have them in full)")
    p.add_argument("--jobs", "-j", type=integer(1, MAX_JOBS), default=None, metavar="N",
                   help="run items in N worker processes at once, each with its own"
                        " implementation (default: the number of cores); the results do not"
                        " depend on N")
    p.add_argument("--fuzz-shards", type=_shards, metavar="I|FIRST-LAST",
                   help="play only these fuzz shards of each target, to split a campaign"
                        " across machines. Shards are per target: each target's share of"
                        " --fuzz (the budget divided by the number of targets, rounded up)"
                        " is cut into shards of 5 games, numbered from 0 and seeded from"
                        " --seed; --fuzz 70 under the five rulesets is 14 games each, shards"
                        " 0-2. A range that selects no shard of any target sends nothing"
                        " (exit 5)")

    p = sub.add_parser(
        "conform-merge", help="Merge the run logs of several `cambio conform` runs into one report.",
        description="Read several JSON-lines run logs (--log) of the same implementation and"
                    " merge them, in the order given, into one summary, log, JUnit XML and"
                    " report: fuzz deviations with the same signature become one, their counts"
                    " summed.",
        epilog="Example:\n  cambio conform-merge a.jsonl b.jsonl --junit junit.xml --report"
               " report.md", formatter_class=_formatter)
    p.set_defaults(handler=cmd_merge)
    p.add_argument("logs", nargs="+", type=Path, metavar="LOG")
    p.add_argument("--junit", type=output_file, metavar="FILE", help="write JUnit XML")
    p.add_argument("--report", type=output_file, metavar="FILE.md|FILE.html",
                   help="write a Markdown or HTML report")
    p.add_argument("--log", type=output_file, metavar="FILE.jsonl", help="write the merged log")
    p.add_argument("-v", "--verbose", action="store_true",
                   help="print every unsuccessful item in full and the throughput")
    p.add_argument("--partial", action="store_true",
                   help="accept logs of runs that were killed or stopped early (no footer, or"
                        " a footer that says so): they are still named in the report, but do"
                        " not fail the merge by themselves")


def _shards(text: str) -> range:
    from conformance.shards import parse_shards

    return parse_shards(text)


def _hypothesis_storage() -> None:
    """Keep Hypothesis's caches out of the user's working directory (under pytest, leave
    them where the test run keeps its own)."""
    if "pytest" not in sys.modules:
        os.environ.setdefault("HYPOTHESIS_STORAGE_DIRECTORY",
                              str(Path(tempfile.gettempdir()) / f"cambio-hypothesis-{os.getuid()}"))


def cmd_serve(args: argparse.Namespace) -> int:
    from conformance.serve import declared, main

    return main(declared(args.rules))


def _check_args(args: argparse.Namespace) -> None:
    if args.report is not None and args.report.suffix not in (".md", ".html", ".htm"):
        raise CambioError(f"--report {args.report}: the name must end in .md or .html")
    if args.shrink_time < 0:
        raise CambioError(f"--shrink-time must be 0 or more, not {args.shrink_time:g}")
    if args.timeout <= 0:
        raise CambioError(f"--timeout must be positive, not {args.timeout:g}")
    if args.fuzz is not None and args.fuzz < 0:
        raise CambioError(f"--fuzz must be 0 or more, not {args.fuzz}")
    if getattr(args, "jobs", None) is not None and args.jobs < 1:
        raise CambioError(f"--jobs must be 1 or more, not {args.jobs}")
    if args.max_restarts < 0:
        raise CambioError(f"--max-restarts must be 0 or more, not {args.max_restarts}")
    if args.json and not args.benchmark:
        raise CambioError("--json goes with --benchmark (the run log is --log FILE.jsonl)")
    for option, path in (("--junit", args.junit), ("--report", args.report), ("--log", args.log)):
        if path is not None and not path.parent.is_dir():
            raise CambioError(f"{option} {path}: no such directory {str(path.parent)!r}")


def cmd_conform(args: argparse.Namespace) -> int:
    """`run_conform`, stoppable from its first moment: a signal in its start-up (the imports
    and the cases take a while on a loaded machine) still leaves a log, JUnit and report
    that say the run stopped before any item ran."""
    from conformance.signals import interruptible, own_record, received

    with own_record(), interruptible():  # (a stop an earlier run left recorded is not this run's)
        try:
            return run_conform(args)
        except BaseException:
            stop = received()
            if stop is None:
                raise
    if args.benchmark:  # (it writes no log or report)
        print(f"cambio: {stop}: the benchmark stopped", file=sys.stderr)
        return stop.status
    return _stopped_at_start(args, stop.status, str(stop))


def _stopped_at_start(args: argparse.Namespace, status: int, why: str) -> int:
    """The outputs of a run stopped in its start-up, before the plan: they say so."""
    from conformance.reports.log import Log
    from conformance.reports.outcome import Meta
    from conformance.signals import shielded

    with shielded():
        meta = Meta(impl=args.impl, implementation={}, seed=args.seed or 0, rulesets=[],
                    started=datetime.now(UTC).isoformat(timespec="seconds"),
                    stopped=f"{why} during start-up, before any item ran", exit=status)
        log = Log(args.log)
        log.header(meta)
        unwritten = _finish(args, log, meta, [])
    _summary(meta, [], unwritten)
    return status


def run_conform(args: argparse.Namespace) -> int:
    """Run everything; each result is logged as soon as it is known (in item order). On
    SIGINT, SIGTERM or SIGHUP, or when the handshake fails, every implementation and
    everything it started are killed and every report is still written, its footer giving
    the real exit status."""
    from cambio_ref.collector import collect_rarely
    from cambio_ref.progress import Progress
    from conformance.conform import DEFAULT_FUZZ, HandshakeFailed, Item, load_case_paths, plan
    from conformance.conform import throughput as throughput_of
    from conformance.harness import parse_impl
    from conformance.jobs import (
        ParallelPool,
        SerialPool,
        Settings,
        default_jobs,
        make_pool,
        sum_counters,
    )
    from conformance.reports.log import Log
    from conformance.reports.outcome import Meta
    from conformance.reports.summary import note_line
    from conformance.results import Result
    from conformance.signals import interruptible, received, shielded
    from conformance.targets import check_names, targets

    _check_args(args)
    _hypothesis_storage()
    collect_rarely()  # (a long run: see cambio_ref.collector)
    if args.benchmark:
        from conformance.benchmark import cmd_benchmark

        return cmd_benchmark(args)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(100000)
    fuzz = DEFAULT_FUZZ if args.fuzz is None else args.fuzz
    jobs = args.jobs if getattr(args, "jobs", None) is not None else default_jobs()
    parse_impl(args.impl)
    check_names(args.ruleset or ())  # (usage errors before anything starts)
    # files given with --cases are read first (usage errors before anything starts); the
    # bundled cases while the workers start their implementations
    cases = load_case_paths(args.cases) if args.cases else None
    meta = Meta(impl=args.impl, implementation={}, seed=seed, rulesets=[],
                started=datetime.now(UTC).isoformat(timespec="seconds"), fuzz=fuzz,
                timeout=args.timeout, strict_waivers=args.strict_waivers)
    started = time.perf_counter()
    results: list[Result] = []
    log: Log | None = None
    progress: Progress | None = None
    failures = done = 0
    interrupted = False
    pool: SerialPool | ParallelPool | None = None

    def finished(item: Item, found: list[Result]) -> None:
        nonlocal failures, done
        done += 1
        for result in found:
            if result.failed:
                failures += 1
                if progress is not None:
                    progress.note(note_line(result))
        if progress is not None:
            progress.update(done, failures)

    def ordered(item: Item, found: list[Result]) -> None:
        for result in found:
            results.append(result)
            if log is not None:
                log.result(result)

    if fuzz and jobs > 1:
        # (Hypothesis before the workers fork, so that none imports it again; a run that
        # fuzzes nothing never imports it: see conformance.shards)
        import conformance.fuzz  # noqa: F401
    try:
        with interruptible():
            pool = make_pool(Settings(args.impl, args.timeout, args.max_restarts, seed,
                                      args.save_failures, args.shrink_time), jobs)
            if cases is None:
                cases = load_case_paths([])
            try:
                hello = pool.start()
            except HandshakeFailed as exc:
                meta.stopped, meta.exit = f"the handshake failed: {exc}", 2
                log = Log(args.log)
                log.header(meta)
                raise
            items = plan(targets(args.ruleset or [], hello.rules), cases=cases,
                         keyword=args.keyword, fuzz=fuzz, shards=args.fuzz_shards)
            meta.implementation = hello.to_json()
            meta.rulesets = list(dict.fromkeys(item.ruleset for item in items))
            meta.targets = {item.ruleset: item.target.rules.canonical for item in items}
            meta.shards = shards_played(items)
            unplayed = [item for item in items if item.kind == "fuzz" and not item.shard_indices]
            items = [item for item in items if item not in unplayed]
            meta.nothing = selects_nothing(args, unplayed) if not items else None
            log = Log(args.log)
            log.header(meta)
            progress = Progress(len(items), label="items")
            pool.run(items, finished, ordered)
            for item in unplayed:  # (their shards are beyond the target's: nothing to send)
                ordered(item, [no_shards(item, args.fuzz_shards)])
    except BaseException as exc:
        stop = received()
        interrupted = True
        if stop is None:  # (the footer and the reports must not claim the run ended well)
            meta.stopped, meta.exit = _failure(exc), 2 if isinstance(exc, CambioError) else 1
            raise
        meta.stopped, meta.exit = str(stop), stop.status
        if log is None:  # (stopped before the plan, in the handshakes: the files say so too)
            log = Log(args.log)
            log.header(meta)
    finally:
        with shielded():
            if progress is not None:
                progress.close()
            if pool is not None:
                pool.close(interrupted)  # (the implementations and all their descendants)
                meta.throughput = throughput_of(sum_counters(pool.counters()))
            meta.elapsed = time.perf_counter() - started
            unwritten = _finish(args, log, meta, results)
    _summary(meta, results, unwritten, args.verbose)
    return exit_code(meta, results)


def shards_played(items: Any) -> dict[str, dict[str, Any]]:
    """The header's record of the fuzz shards each target plays (`conformance.merge`)."""
    from conformance.merge import joined_ranges
    from conformance.shards import shard_count

    return {item.ruleset: {"played": joined_ranges([[i, i] for i in item.shard_indices]),
                           "of": shard_count(item.games)}
            for item in items if item.kind == "fuzz"}


def no_shards(item: Any, shards: range) -> Any:
    """The not-applicable result of a fuzz item whose --fuzz-shards are all beyond its own."""
    from conformance.results import Result
    from conformance.shards import shard_count

    count = shard_count(item.games)
    return Result("fuzz", item.ruleset, "not_applicable", "fuzz",
                  rules=item.target.rules.canonical,
                  message=f"--fuzz-shards {_shown(shards)} selects none of its shards: its"
                          f" {item.games} games are shards 0-{count - 1} (shards are numbered"
                          " per target)")


def _shown(shards: range) -> str:
    return f"{shards.start}" if len(shards) == 1 else f"{shards.start}-{shards.stop - 1}"


def selects_nothing(args: argparse.Namespace, unplayed: Any) -> str:
    """Why a run's selection sends nothing: -k matches no item, or every fuzz item it
    selects has none of the --fuzz-shards asked for.

    >>> selects_nothing(argparse.Namespace(keyword="nope", fuzz_shards=None), [])
    "-k 'nope' selects no item"
    """
    if unplayed:
        return (f"--fuzz-shards {_shown(args.fuzz_shards)} selects no shard of any target (each"
                " target's games are shards 0 to its own last: see `cambio conform --help`)")
    if args.keyword is None:
        return "the run selects no item (no case and no fuzzing)"
    return f"-k {args.keyword!r} selects no item"


def _failure(exc: BaseException) -> str:
    """Why the run failed, in one bounded line, for the footer and the reports.

    >>> _failure(CambioError("-k 'x' selects nothing"))
    "-k 'x' selects nothing"
    >>> _failure(MemoryError())
    'the run failed: MemoryError'
    """
    text = str(exc)
    text = shorten(text, 300)
    if isinstance(exc, CambioError):
        return text
    return f"the run failed: {type(exc).__name__}" + (f": {text}" if text else "")


def exit_code(meta: Any, results: Any) -> int:
    from conformance.reports.outcome import exit_status

    return exit_status(results, meta.strict_waivers) if meta.exit is None else int(meta.exit)


def _finish(args: argparse.Namespace, log: Any, meta: Any, results: Any) -> list[str]:
    """Write the JUnit XML, the report and the log's footer; the lines to print on stderr
    for the files that could not be written (each then makes the exit status 2)."""
    from conformance.reports.junit import junit
    from conformance.reports.page import write_report
    from conformance.sanitise import line

    unwritten = []
    if log is not None:
        for option, path in (("--junit", args.junit), ("--report", args.report)):
            try:
                if path is not None and option == "--junit":
                    path.write_text(junit(meta, results), encoding="utf-8")
                elif path is not None:
                    write_report(path, meta, results)
            except OSError as exc:
                unwritten.append(f"cambio: error: {option} {path}: cannot write it:"
                                 f" {exc.strerror or exc}")
                meta.exit = 2
        if log.problem is not None:
            meta.exit = 2
        log.footer(meta, results)
        log.close()
        if log.problem is not None:
            meta.exit = 2
            unwritten.insert(0, f"cambio: error: {line(log.problem)}")
    return unwritten


def _summary(meta: Any, results: Any, unwritten: list[str], verbose: bool = False) -> None:
    from conformance.reports.summary import render_text
    from conformance.sanitise import terminal

    sys.stdout.write(terminal(render_text(meta, results, verbose)))
    for line in unwritten:
        print(line, file=sys.stderr)


def cmd_merge(args: argparse.Namespace) -> int:
    """``cambio conform-merge``: several run logs as one (see `conformance.merge`)."""
    from conformance.merge import campaign_line, merge_logs
    from conformance.reports.log import Log
    from conformance.sanitise import line

    if args.report is not None and args.report.suffix not in (".md", ".html", ".htm"):
        raise CambioError(f"--report {args.report}: the name must end in .md or .html")
    meta, results = merge_logs(args.logs, partial=args.partial)
    log = Log(args.log)
    log.header(meta)
    for result in results:
        log.result(result)
    _summary(meta, results, _finish(args, log, meta, results), args.verbose)
    if any(r.kind == "fuzz" for r in results):
        print(line(campaign_line(meta, results)))
    return exit_code(meta, results)
