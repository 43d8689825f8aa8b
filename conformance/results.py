"""The result of one item of a `cambio conform` run, and the statuses it can have.

>>> r = Result("tie.a", "declared", "fail", rule="end.tie")
>>> r.name, r.failed, r.to_json()["rule"]
('tie.a[declared]', True, 'end.tie')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

STATUSES = ("pass", "fail", "rejected_wrongly", "accepted_wrongly", "crash", "timeout",
            "protocol_error", "skipped", "waived", "harness_error", "not_run", "not_applicable")
# (harness_error: the harness could not finish the item, an exception in it or its worker
# process dying; the message says which)
LABELS = {s: s.replace("_", " ") for s in STATUSES}
FAILING = frozenset(STATUSES) - {"pass", "not_applicable"}
# What a case run checked: its hand-written expectations held on the reference under the
# target and the implementation matched the reference step by step; or only the latter.
CHECKS = ("expectations + reference", "reference only")


@dataclass
class Result:
    """The outcome of one item of a run (``ruleset`` is the target's short label)."""

    id: str
    ruleset: str
    status: str
    kind: str = "case"
    step: str | None = None
    message: str = ""
    expected: Any = None
    actual: Any = None
    stderr: str = ""
    repro: list[str] = field(default_factory=list)
    seconds: float = 0.0
    actions: int = 0
    file: str | None = None
    trace: list[str] = field(default_factory=list)
    checks: str | None = None  # one of CHECKS, for a case that ran
    rule: str | None = None  # the option or core rule a failure concerns
    signature: str | None = None  # a fuzz deviation's: action kind/first field/rule
    count: int = 0  # how many fuzz games showed this deviation
    case: str | None = None  # a fuzz deviation's shrunk game, as a case file (YAML)
    rules: str | None = None  # the target's rules in the one-line form
    deviations: list[dict[str, Any]] = field(default_factory=list)  # `grouping.occurrence`s

    @property
    def name(self) -> str:
        return f"{self.id}[{self.ruleset}]"

    @property
    def failed(self) -> bool:
        return self.status in FAILING

    def to_json(self) -> dict[str, Any]:
        return {"type": "result", "id": self.id, "ruleset": self.ruleset, "kind": self.kind,
                "status": self.status, "step": self.step, "message": self.message,
                "expected": self.expected, "actual": self.actual, "stderr": self.stderr,
                "repro": self.repro, "seconds": round(self.seconds, 4), "actions": self.actions,
                "file": self.file, "checks": self.checks, "rule": self.rule,
                "signature": self.signature, "count": self.count, "case": self.case,
                "rules": self.rules, "deviations": self.deviations}


_PLAYED = re.compile(r"(\d+) games? \((\d+) to (\d+) players\), (\d+) actions, (\d+) rounds?"
                     r" to the end, (\d+) reshuffles?")


def played(games: int, players: tuple[int, int], actions: int, rounds: int,
           reshuffles: int) -> str:
    """The message of a fuzz item that passed: what its games played.

    >>> played(1, (2, 8), 140, 1, 0)
    '1 game (2 to 8 players), 140 actions, 1 round to the end, 0 reshuffles'
    """
    def count(n: int, word: str) -> str:
        return f"{n} {word}" + ("" if n == 1 else "s")

    return (f"{count(games, 'game')} ({players[0]} to {players[1]} players), {actions}"
            f" actions, {count(rounds, 'round')} to the end, {count(reshuffles, 'reshuffle')}")


def played_together(messages: Sequence[str]) -> str | None:
    """The `played` message of several shards' fuzz items of one target, as one: their
    games, actions, rounds and reshuffles summed, the widest player range (None if one of
    them is no such message).

    >>> played_together([played(5, (2, 8), 600, 4, 1), played(1, (2, 8), 140, 1, 0)])
    '6 games (2 to 8 players), 740 actions, 5 rounds to the end, 1 reshuffle'
    """
    found = [_PLAYED.fullmatch(m) for m in messages]
    if not found or any(f is None for f in found):
        return None
    numbers = [[int(x) for x in f.groups()] for f in found if f is not None]
    total = [sum(n[i] for n in numbers) for i in range(6)]
    return played(total[0], (min(n[1] for n in numbers), max(n[2] for n in numbers)),
                  total[3], total[4], total[5])


def games_played(message: str) -> int | None:
    """The games a `played` message counts (None if it is no such message).

    >>> games_played(played(6, (2, 8), 740, 5, 1)), games_played("a deviation")
    (6, None)
    """
    found = _PLAYED.fullmatch(message)
    return int(found.group(1)) if found else None
