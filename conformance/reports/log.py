"""The JSON-lines run log (``--log FILE.jsonl``), the record of a run: a header, one line
per result written as soon as the result is known (so a crash of anything later loses
nothing), the run's distinct deviations and a footer. Every other output is rendered
from the same results."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from conformance.reports.outcome import Meta, by_ruleset, causes, exit_status, stale_waivers, totals, unchecked
from conformance.results import Result
from conformance.sanitise import json_safe

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
