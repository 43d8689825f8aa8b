"""The ``cambio`` command: one console script with subcommands.

Bad input prints one clear line per problem on stderr and exits with status 2;
no user error ever shows a traceback.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from cambio_ref.arguments import MAX_SEED, Parser, integer
from cambio_ref.cards import Card
from cambio_ref.errors import CambioError, SpecError
from cambio_ref.names import quoted
from cambio_ref.quick_exit import quick_exit
from cambio_ref.resources import schema_names, schema_path

if TYPE_CHECKING:
    from cambio_ref.rules import Rules

# The catalogue, its validator and the rules are imported where a command uses them, not here:
# `cambio ask` answers from cached data and never loads them (issue 30: a fraction of a second).

Handler = Callable[[argparse.Namespace], int]

# The subcommands defined here (`build_parser` builds one alone); conformance.cli adds serve and conform.
OWN_COMMANDS = ("rulesets", "show", "score", "simulate", "replay", "validate", "ask", "schema")

MAX_PLAYERS = 1000  # a sanity bound before the rules' own range (players.maximum) is checked
MAX_GAMES = 1_000_000  # simulate keeps one score per player and game


def _print_json(data: Any) -> None:
    print(json.dumps(data, indent=2, ensure_ascii=False))


def _rules(args: argparse.Namespace) -> Rules:
    from cambio_ref.catalogue import load_catalogue
    from cambio_ref.rules import overrides_by_key, resolve
    from cambio_ref.yamlio import check_text

    sets = []
    for item in args.set or ():
        key, sep, value = check_text(item, "--set").partition("=")
        if not sep:
            raise CambioError(f"--set {quoted(item)}: expected OPTION=VALUE, e.g. --set risky_fives=true")
        sets.append((key.strip(), value.strip()))
    return resolve(args.ruleset, overrides_by_key(load_catalogue(), sets))


def cmd_rulesets(args: argparse.Namespace) -> int:
    from cambio_ref.catalogue import load_catalogue

    cat = load_catalogue()
    rows = [{"id": rs.id, "source": rs.source, "kind": cat.sources[rs.source].kind,
             "title": rs.title, "summary": rs.summary} for rs in cat.rulesets.values()]
    rows.sort(key=lambda r: (r["kind"] != "primary", r["id"]))
    if args.json:
        _print_json(rows)
        return 0
    for kind, heading in (("primary", "From the primary sources (documents in the project)"),
                          ("secondary", "From secondary sources (public apps and rule pages)")):
        group = [row for row in rows if row["kind"] == kind]
        if group:
            print(f"{heading}:")
            for row in group:
                print(f"  {row['id']:<10} {row['title']}: {row['summary']}")
    return 0


def show_option(name: str, as_json: bool) -> int:
    """``cambio show OPTION``: the option's alternatives, each with its one-line value, the
    rulesets that choose it and its citations (or ruling)."""
    from cambio_ref.catalogue import load_catalogue
    from cambio_ref.rules import format_value, resolve

    cat = load_catalogue()
    opt = cat.option(name)
    chosen = {alt.value: [rs for rs in cat.rulesets
                          if resolve(rs).value(opt.key) == alt.value] for alt in opt.alternatives}
    rows: list[dict[str, Any]] = [
        {"value": alt.value, "one_line": f"{opt.key}={format_value(alt.value)}",
         "description": alt.description, "rulesets": chosen[alt.value],
         "citations": [{"key": c.key, "section": c.section, "evidence": c.evidence}
                       for c in alt.sources],
         "ruling": " ".join((alt.rationale or "").split()) or None}
        for alt in opt.alternatives]
    if as_json:
        _print_json({"id": opt.id, "key": opt.key, "question": opt.question, "type": opt.type,
                     "alternatives": rows})
        return 0
    print(f"{opt.id} ({opt.key}): {opt.question}")
    for row in rows:
        cites = "; ".join(f"{c['key']} §{c['section']} ({c['evidence']})"
                          for c in row["citations"])
        why = cites or (f"project ruling: {row['ruling']}" if row["ruling"] else "no citation")
        used = ", ".join(row["rulesets"]) or "no ruleset"
        print(f"  {row['one_line']}: {row['description']}")
        print(f"      rulesets: {used}; {why}")
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    from cambio_ref.catalogue import load_catalogue
    from cambio_ref.rules import explain, format_value

    cat = load_catalogue()
    if args.ruleset not in cat.rulesets and cat.has_option(args.ruleset) and not args.set:
        return show_option(args.ruleset, args.json)
    rules = _rules(args)
    resolved = explain(rules)
    cat = load_catalogue()
    source = cat.sources[cat.rulesets[rules.name].source]
    if args.json:
        _print_json({
            "ruleset": rules.name,
            "canonical": rules.canonical,
            "source": {"key": source.key, "kind": source.kind, "title": source.title,
                       "url": source.url or None, "file": source.file or None},
            "options": [{
                "id": r.option.id, "key": r.option.key, "phase": r.option.phase,
                "question": r.option.question, "value": r.value, "origin": r.origin,
                "evidence": r.evidence,
                "citations": [{"key": c.key, "section": c.section, "evidence": c.evidence}
                              for c in r.citations],
                "ruling": r.reason,
            } for r in resolved],
        })
        return 0
    print(f"{rules.canonical}: {len(resolved)} options")
    if source.primary:
        print(f"source: {source.key}, a primary source ({source.title};"
              f" ../shared/sources/{source.file})")
    else:
        print(f"source: {source.key}, a secondary source ({source.title}; {source.url});"
              " cited as the research note reports it")
    phase = None
    width = max(len(r.option.id) for r in resolved)
    for r in resolved:
        if r.option.phase != phase:
            phase = r.option.phase
            print(f"\n[{phase}]")
        value = format_value(r.value)
        if r.origin == "source":
            why = "; ".join(f"{c} ({c.evidence})" for c in r.citations)
        else:
            why = f"{r.origin}: {' '.join((r.reason or '').split())}"
        print(f"  {r.option.id:<{width}} = {value:<20} {why}")
    return 0


def cmd_score(args: argparse.Namespace) -> int:
    from cambio_ref.scoring import score_hand

    rules = _rules(args)
    cards = [Card.parse(code) for code in args.cards]
    result = score_hand(cards, rules)
    if args.json:
        _print_json({
            "ruleset": rules.canonical,
            "cards": [{"card": s.card.code, "points": s.points, "note": s.note}
                      for s in result.cards],
            "applied": list(result.applied),
            "total": result.total,
        })
        return 0
    for s in result.cards:
        note = f"  ({s.note})" if s.note else ""
        print(f"{s.card.code:<4}{s.points:>5}{note}")
    for line in result.applied:
        print(f"* {line}")
    print(f"total {result.total}  [{rules.canonical}]")
    return 0


def cmd_validate(args: argparse.Namespace) -> int:
    from cambio_ref.validate import validate_paths

    paths = [Path(p) for p in args.paths]
    problems = validate_paths(paths)
    if args.json:
        _print_json({"ok": not problems, "problems": [
            {"file": p.file, "line": p.line, "path": p.path, "message": p.message}
            for p in problems]})
    else:
        for p in problems:
            print(p)
        files = len({p.file for p in problems})
        if problems:
            print(f"{len(problems)} problem(s) in {files} file(s)", file=sys.stderr)
        else:
            print(f"ok: {', '.join(args.paths)}")
    return 1 if problems else 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from cambio_ref.progress import Progress
    from cambio_ref.simulate import simulate

    rules = _rules(args)
    # a live line on a terminal (never with --json), violations noted as they happen
    progress = Progress(args.games, label="games", enabled=False if args.json else None)
    with progress:
        report = simulate(rules, players=args.players, games=args.games, seed=args.seed,
                          check=not args.no_check, progress=progress if progress.enabled else None)
    data = report.to_json()
    if args.json:
        _print_json(data)
    else:
        print(f"{data['ruleset']}, {data['players']} players: {data['games']} games,"
              f" {data['actions']} actions, {data['actions_per_second']} actions/s,"
              f" {data['games_per_second']} games/s (engine time {data['seconds']} s),"
              f" {data['mean_actions_per_game']} actions/game")
        print(f"anchor loop (cambio_ref/anchor.py, played in between): "
              f"{data['anchor_actions_per_second']} actions/s; reference / anchor:"
              f" {data['ratio_to_anchor']}")
        dist = data["scores"]
        print(f"scores: min {dist['min']}, median {dist['median']}, mean {dist['mean']},"
              f" max {dist['max']}")
        print("wins by seat: " + ", ".join(f"{i}: {w}" for i, w in enumerate(data["wins_by_seat"])))
        print("round ends: " + ", ".join(f"{k} {v}" for k, v in data["round_end_reasons"].items()))
        print(f"invariant violations: {data['violations']}")
        for message in data["violation_messages"]:
            print(f"  {message}")
    return 1 if report.violations else 0


def _coverage() -> dict[str, Any]:
    from cambio_ref.cases import load_cases
    from cambio_ref.catalogue import load_catalogue
    from cambio_ref.rules import format_value

    cat = load_catalogue()
    cases = load_cases()
    alternatives = [f"{o.id}={format_value(a.value)}" for o in cat.options for a in o.alternatives]
    shown: dict[str, list[str]] = {a: [] for a in alternatives}
    by_option: dict[str, list[str]] = {o.id: [] for o in cat.options}
    by_ruleset: dict[str, dict[str, str]] = {}
    for case in cases.values():
        for item in sorted(case.exercises(cat)):
            shown.setdefault(item, []).append(case.id)
        for oid in case.options:
            by_option[oid].append(case.id)
        by_ruleset[case.id] = {r: ("runs" if case.applies_to(r) else "n/a") for r in cat.rulesets}
    return {
        "cases": len(cases),
        "alternatives": len(alternatives),
        "uncovered_alternatives": [a for a in alternatives if not shown[a]],
        "uncovered_options": [o for o, c in by_option.items() if not c],
        "options_by_case": by_option,
        "rulesets_by_case": by_ruleset,
        "cases_by_alternative": shown,
    }


def cmd_replay(args: argparse.Namespace) -> int:
    from cambio_ref.cases import load_cases
    from cambio_ref.catalogue import load_catalogue
    from cambio_ref.rules import resolve
    from conformance.scenarios import run_case

    if args.coverage:
        data = _coverage()
        if args.json:
            _print_json(data)
        else:
            cat = load_catalogue()
            names = sorted(cat.rulesets)
            print(f"{data['cases']} cases; {data['alternatives'] - len(data['uncovered_alternatives'])}"
                  f"/{data['alternatives']} option alternatives exercised")
            print("\noptions x cases")
            for oid, ids in data["options_by_case"].items():
                print(f"  {oid:<28} {len(ids):>3}  {', '.join(ids[:4])}{' ...' if len(ids) > 4 else ''}")
            print("\nrulesets x cases  (" + " ".join(f"{n:<9}" for n in names) + ")")
            for cid, row in data["rulesets_by_case"].items():
                print(f"  {cid:<40} " + " ".join(f"{row[n]:<9}" for n in names))
            missing = data["uncovered_alternatives"]
            print("\nuncovered alternatives: " + (", ".join(missing) if missing else "none"))
        return 1 if data["uncovered_alternatives"] else 0
    cases = load_cases()
    if args.list:
        rows = [{"id": c.id, "title": c.title, "options": list(c.options),
                 "rulesets": [r for r in c.rulesets if c.applies_to(r)], "file": c.file}
                for c in cases.values()]
        if args.json:
            _print_json(rows)
        else:
            for row in rows:
                print(f"{row['id']:<40} {row['title']}  [{', '.join(row['rulesets'])}]")
        return 0
    if not args.case:
        raise CambioError("name a case id, file or folder, or use --list or --coverage")
    chosen = [case for name in args.case for case in _cases_named(name, cases)]
    outputs: list[Any] = []
    ok = True
    for n, case in enumerate(chosen):
        runs = []
        if args.ruleset:
            rules = resolve(args.ruleset)
            # under rules that are no source ruleset, the expectations of the rulesets that
            # agree with them on the case's options apply (as in `cambio conform`)
            key = rules.name if not rules.overrides else rules.canonical
            rules = case.rules_for(rules)
            problems = case.deal_problems(rules)
            if problems:
                raise SpecError(problems)
            runs.append(run_case(case, key, rules=rules))
        else:
            runs.extend(run_case(case, name) for name in case.rulesets)
        ok = ok and all(r.ok for r in runs)
        outputs.append([r.to_json() for r in runs] if not args.ruleset else runs[0].to_json())
        if not args.json:
            print(("\n" if n else "") + f"{case.id}: {case.title}  ({case.file})")
            for r in runs:
                print(f"\n== {r.ruleset}: {r.status.upper()}")
                if r.status == "not_applicable":
                    print(f"   {r.answer}")
                    continue
                for line in r.trace:
                    print(f"   {line}")
                if r.answer:
                    print(f"   answer: {r.answer}")
                for failure in r.failures:
                    print(f"   FAILED {failure}")
    if args.json:
        _print_json(outputs[0] if len(outputs) == 1 else outputs)
    return 0 if ok else 1


def _cases_named(name: str, cases: dict[str, Any]) -> list[Any]:
    """The cases `name` stands for: a case id, a case file, or every case in a folder."""
    from cambio_ref.cases import load_case_file, read_cases

    if name in cases:
        return [cases[name]]
    path = Path(name)
    if os.path.isdir(name):  # (False, not OSError, for a name too long to be a path)
        found, problems = read_cases(path)
        if problems:
            raise SpecError(problems)
        if not found:
            raise CambioError(f"{name}: no case files in this folder")
        return list(found.values())
    if os.path.lexists(name) or name.endswith((".yaml", ".yml")):
        return [load_case_file(path)]  # the input layer refuses FIFOs, devices, missing files...
    raise CambioError(f"unknown case {quoted(name)}; `cambio replay --list` shows them all")


def cmd_ask(args: argparse.Namespace) -> int:
    # One question, then the process ends: the cyclic garbage collector's passes over the objects of the
    # engine's imports and cached data (about 100,000, and no garbage cycle among them) are about 4% of the
    # call's CPU, so it is paused for the call (and resumed, for a caller in the same process).
    collecting = gc.isenabled()
    gc.disable()
    try:
        from cambio_ref.ask import ask
        from cambio_ref.askprint import reply_json, reply_lines

        reply = ask(" ".join(args.question), args.ruleset or None)
        if args.json:
            _print_json(reply_json(reply))
        else:
            print("\n".join(reply_lines(reply)))
    finally:
        if collecting:
            gc.enable()
    return 0 if reply.sure else 1


def cmd_schema(args: argparse.Namespace) -> int:
    if args.name is None:
        print("\n".join(schema_names()))
    else:
        sys.stdout.write(schema_path(args.name).read_text(encoding="utf-8"))
    return 0


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The ``cambio`` command's parser; with `command` one of `OWN_COMMANDS`, only that subcommand's (what `main`
    parses: its help, its errors and the top level's are the same, and `cambio ask` does not build the other ten
    parsers, about 20 ms of CPU)."""
    if command not in OWN_COMMANDS:
        command = None
    parser = Parser(
        prog="cambio",
        description="The Cambio rulebook: rule catalogue, reference interpreter and conformance kit.",
        epilog="Example: cambio show hearts --set risky_fives=true",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    def add(name: str, handler: Handler, help_: str, example: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_, description=help_, epilog=f"Example:\n  {example}",
                           formatter_class=argparse.RawDescriptionHelpFormatter)
        p.set_defaults(handler=handler)
        return p

    def rules_args(p: argparse.ArgumentParser) -> None:
        p.add_argument("--set", action="append", metavar="OPTION=VALUE",
                       help="override an option by key or id (repeatable)")
        p.add_argument("--json", action="store_true", help="print JSON")

    if command in (None, "rulesets"):
        p = add("rulesets", cmd_rulesets, "List the rulesets, one line each.", "cambio rulesets --json")
        p.add_argument("--json", action="store_true", help="print JSON")

    if command in (None, "show"):
        p = add("show", cmd_show, "Show every option of a ruleset with its source or ruling, or"
                " every alternative of one option with its one-line value and citations.",
                "cambio show hearts --set tie=shared; cambio show snap.window")
        p.add_argument("ruleset", metavar="RULESET|FILE|OPTION",
                       help="a ruleset id, a one-line form such as 'online(risky_fives=true)',"
                            " a house-rules file, or an option id or key (its alternatives)")
        rules_args(p)

    if command in (None, "score"):
        p = add("score", cmd_score, "Score a hand of cards under a ruleset.",
                "cambio score --ruleset online KH KS X AC")
        p.add_argument("--ruleset", required=True, metavar="RULESET|FILE")
        p.add_argument("cards", nargs="+", metavar="CARD", help="card codes such as 10H, KD, X")
        rules_args(p)

    if command in (None, "simulate"):
        p = add("simulate", cmd_simulate,
                "Play random-policy games, check invariants after every action, and report"
                " throughput (the interpreter's benchmark). Exit status 1 on any violation.",
                "cambio simulate --ruleset hearts --players 4 --games 10000 --seed 1")
        p.add_argument("--ruleset", required=True, metavar="RULESET|FILE")
        p.add_argument("--players", type=integer(1, MAX_PLAYERS), default=4,
                       help="players per game (the ruleset sets the range; default 4)")
        p.add_argument("--games", type=integer(1, MAX_GAMES), default=1000,
                       help=f"games to play (1 to {MAX_GAMES:,}; default 1000)")
        p.add_argument("--seed", type=integer(0, MAX_SEED), default=0,
                       help="game g is dealt from seed SEED + g (default 0)")
        p.add_argument("--no-check", action="store_true",
                       help="skip the invariant checks (pure benchmark)")
        rules_args(p)

    if command in (None, "replay"):
        p = add("replay", cmd_replay,
                "Replay an edge case from spec/cases: who did what, who saw which card, the"
                " scores and winners, and whether each expectation held. Exit status 1 if one failed.",
                "cambio replay tie.caller-ties-lowest spec/cases/snapping --ruleset hearts")
        p.add_argument("case", nargs="*", metavar="CASE|FILE|DIR",
                       help="case ids, case files or folders of case files (several at once)")
        p.add_argument("--ruleset", metavar="RULESET|FILE", help="only this ruleset (default: all)")
        p.add_argument("--list", action="store_true", help="list every case")
        p.add_argument("--coverage", action="store_true",
                       help="options x cases and rulesets x cases; exit 1 if an alternative is uncovered")
        p.add_argument("--json", action="store_true", help="print JSON")

    if command in (None, "validate"):
        p = add("validate", cmd_validate,
                "Validate spec files and house-rules files against their schemas and the catalogue."
                " Exit status: 0 valid, 1 problems found, 2 usage error.",
                "cambio validate spec/ examples/house-rules/")
        p.add_argument("paths", nargs="+", metavar="PATH")
        p.add_argument("--json", action="store_true", help="print JSON")

    if command in (None, "ask"):
        p = add("ask", cmd_ask,
                "Answer a question in your own words (flip, burn and slap mean snap; knock means call):"
                " a dispute gets each ruleset's answer with its source or ruling and the command that"
                " replays it; a rule fact (which way play goes, who starts) gets each ruleset's value and"
                " citation; a hand (KH KS X AC, 'red king and a joker') gets its points. The ruleset may"
                " be named in the question ('... in online'). Exit status 1 if not sure (the three"
                " closest questions are listed).",
                'cambio ask "caller ties lowest" --ruleset hearts')
        p.add_argument("question", nargs="+", metavar="QUESTION", help="the question, in your own words")
        p.add_argument("--ruleset", metavar="RULESET|FILE",
                       help="a ruleset id, a one-line form or a house-rules file (default: every ruleset)")
        p.add_argument("--json", action="store_true", help="print JSON")

    if command in (None, "schema"):
        p = add("schema", cmd_schema,
                "Print a JSON Schema of the catalogue's files or of the protocol (for editors and"
                " adapters working offline); without NAME, list the schemas.",
                "cambio schema protocol/act.reply > act.reply.schema.json")
        p.add_argument("name", nargs="?", metavar="NAME",
                       help="a schema name from the list, e.g. house-rules or protocol/hello.request")

    if command is None:
        from conformance.cli import register  # serve, conform
        register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    words = sys.argv[1:] if argv is None else list(argv)
    try:
        args = build_parser(words[0] if words else None).parse_args(words)
        handler: Handler = args.handler
        return handler(args)
    except SpecError as exc:
        from conformance.sanitise import terminal  # (messages may quote an implementation)

        for problem in exc.problems:
            print(f"cambio: error: {terminal(problem)}", file=sys.stderr)
        return 2
    except CambioError as exc:
        from conformance.sanitise import terminal

        print(f"cambio: error: {terminal(exc)}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:  # (before a command took over its signals: it wrote nothing)
        print("cambio: interrupted (SIGINT)", file=sys.stderr)
        return 130


def run() -> NoReturn:
    """The ``cambio`` command: `main`, then `quick_exit` with its status."""
    quick_exit(main())


if __name__ == "__main__":
    run()
