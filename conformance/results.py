"""The result of one item of a `cambio conform` run, and the statuses it can have.

>>> r = Result("tie.a", "declared", "fail", rule="end.tie")
>>> r.name, r.failed, r.to_json()["rule"]
('tie.a[declared]', True, 'end.tie')
"""

from __future__ import annotations

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
