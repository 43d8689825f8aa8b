"""What reading and checking a reply costs, on the reference's own traffic (a benchmark
command, not a test): ``python -m tests.conformance.bench_replies [--games N] [--runs N]``.

The traffic is what lock-step play asks of `cambio serve` in random games: after the
deal and after every action, the reply to the action, every player's view, the snapshot
and the legal set. It prints, as medians over the runs, in microseconds per reply:

- ``check seen``: `conformance.replies.reply_problem` on replies checked before (the same
  objects every run);
- ``check fresh``: the same on newly parsed objects;
- ``parse``: `conformance.strict_json.parse_line` on the reply lines;
- ``serve read`` and ``serve write``: what `cambio serve` does to a request line and to a
  reply (``json.loads``; the compact ``JSONEncoder``);
- with ``--orjson`` (if orjson is installed), the same parse, read and write by orjson.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from cambio_ref.rules import resolve
from conformance.protocol import dispatch
from conformance.replies import reply_problem
from conformance.serve import ReferenceEngine
from conformance.strict_json import parse_line

Traffic = list[tuple[str, dict[str, Any], dict[str, Any]]]  # (command, request, reply)


def traffic(games: int, seed: int = 1) -> Traffic:
    """The requests and replies of `games` random 4-player games of online, in lock step
    (each reply as the harness reads it from a pipe: parsed from its JSON text)."""
    rng = random.Random(seed)
    rules = resolve("online")
    out: Traffic = []

    def ask(request: dict[str, Any]) -> dict[str, Any]:
        request = {**request, "seq": len(out)}
        reply: dict[str, Any] = json.loads(json.dumps(dispatch(engine, request)))  # (lists, not tuples)
        out.append((request["cmd"], request, reply))
        return reply

    for game in range(games):
        engine = ReferenceEngine()
        players = 4
        deck = [card.code for card in rules.deck(players)]
        rng.shuffle(deck)
        ask({"cmd": "new_game", "rules": rules.values(), "ruleset": rules.canonical,
             "players": players, "dealer": game % players, "deck": deck, "seed": game})
        for _ in range(400):
            legal = ask({"cmd": "legal"})
            if not legal["actions"]:
                break
            ask({"cmd": "act", "action": rng.choice(legal["actions"])})
            for player in range(players):
                ask({"cmd": "observe", "player": player})
            ask({"cmd": "snapshot"})
    return out


def per_item(work: Callable[[], object], items: int, runs: int) -> float:
    """The median over `runs` of the microseconds `work` takes per item."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) / items * 1e6)
    return statistics.median(times)


def measure(games: int, runs: int, with_orjson: bool) -> dict[str, float]:
    """Microseconds per reply (medians over `runs`), by what is measured."""
    sent = traffic(games)
    encode = json.JSONEncoder(separators=(",", ":")).encode
    lines = [encode(reply).encode() for _, _, reply in sent]
    requests = [encode(request).encode() for _, request, _ in sent]
    pairs = [(cmd, reply) for cmd, _, reply in sent]
    for cmd, reply in pairs:
        assert reply_problem(cmd, reply) is None, (cmd, reply)
    fresh = [[(cmd, json.loads(line)) for (cmd, _), line in zip(pairs, lines, strict=True)]
             for _ in range(runs)]
    n = len(pairs)
    out = {"replies": float(n),
           "check seen": per_item(lambda: [reply_problem(c, r) for c, r in pairs], n, runs)}
    rounds = iter(fresh)
    out["check fresh"] = per_item(lambda: [reply_problem(c, r) for c, r in next(rounds)], n, runs)
    out["parse"] = per_item(lambda: [parse_line(line) for line in lines], n, runs)
    out["serve read"] = per_item(lambda: [json.loads(line) for line in requests], n, runs)
    out["serve write"] = per_item(lambda: [encode(r).encode() + b"\n" for _, _, r in sent], n, runs)
    if with_orjson:
        import orjson
        out["orjson parse"] = per_item(lambda: [orjson.loads(line) for line in lines], n, runs)
        out["orjson serve read"] = per_item(lambda: [orjson.loads(line) for line in requests], n, runs)
        out["orjson serve write"] = per_item(
            lambda: [orjson.dumps(r, option=orjson.OPT_APPEND_NEWLINE) for _, _, r in sent], n, runs)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--orjson", action="store_true", help="measure orjson too")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    found = measure(args.games, args.runs, args.orjson)
    if args.json:
        print(json.dumps(found))
    else:
        for what, value in found.items():
            print(f"{what:20} {value:10.1f}" + ("" if what == "replies" else " us per reply"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
