"""``cambio conform-merge``: several run logs of one implementation as one run.

A long fuzz campaign can be split across machines by fuzz shards
(``--fuzz-shards``, `conformance.shards`), each machine writing its own
``--log``. `merge_logs` reads the logs in the order given and merges them
deterministically: a result is kept at its first place; a fuzz deviation seen
in several logs (the same signature under the same target) becomes one, its
count summed and its example from the first log; a target's fuzz pass is
dropped when another log found a deviation there; for a case run in several
logs, the first unsuccessful result wins, else the first. Logs of different
implementations, or with different rules under one target label, are refused.

>>> a = Result("fuzz:draw/events/x", "hearts", "fail", "fuzz", signature="draw/events/x", count=2)
>>> b = Result("fuzz:draw/events/x", "hearts", "fail", "fuzz", signature="draw/events/x", count=3)
>>> [(r.id, r.count) for r in merge_results([[a], [b]])]
[('fuzz:draw/events/x', 5)]
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cambio_ref.errors import CambioError
from conformance.report import Meta
from conformance.results import Result

_FIELDS = {f.name for f in dataclasses.fields(Result)}


def read_log(path: Path) -> tuple[dict[str, Any], list[Result], dict[str, Any] | None]:
    """A run log's header, results and footer (None when the run was killed before it)."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise CambioError(f"{path}: cannot read it: {getattr(exc, 'strerror', None) or exc}")\
            from None
    header: dict[str, Any] | None = None
    footer = None
    results = []
    for n, line in enumerate(lines, 1):
        try:
            data = json.loads(line)
        except ValueError:
            raise CambioError(f"{path}: line {n}: not a JSON line of a run log") from None
        kind = data.get("type") if isinstance(data, dict) else None
        if n == 1 and (kind != "header" or data.get("harness") != "cambio conform"):
            raise CambioError(f"{path}: line 1: expected the header of a `cambio conform` log")
        if kind == "header":
            header = data
        elif kind == "footer":
            footer = data
        elif kind == "result":
            try:
                results.append(Result(**{k: v for k, v in data.items() if k in _FIELDS}))
            except TypeError:
                raise CambioError(f"{path}: line {n}: not a result of a run log") from None
    if header is None:
        raise CambioError(f"{path}: empty: expected the header of a `cambio conform` log")
    return header, results, footer


def merge_results(logs: Sequence[Sequence[Result]]) -> list[Result]:
    """The results of several logs as one list (see the module's description)."""
    merged: dict[tuple[str, str], Result] = {}
    for results in logs:
        for result in results:
            key = (result.id, result.ruleset)
            first = merged.get(key)
            if first is None:
                merged[key] = dataclasses.replace(result, repro=list(result.repro))
            elif result.kind == "fuzz" and result.signature:
                first.count += result.count
                first.actions += result.actions
                first.seconds += result.seconds
            elif result.kind == "fuzz" and result.status == first.status == "pass":
                first.actions += result.actions
                first.seconds += result.seconds
                first.message += f" + {result.message}"
            elif result.failed and not first.failed:
                merged[key] = dataclasses.replace(result, repro=list(result.repro))
    deviated = {r.ruleset for r in merged.values() if r.kind == "fuzz" and r.signature}
    return [r for r in merged.values()
            if not (r.kind == "fuzz" and r.status == "pass" and r.ruleset in deviated)]


def merge_logs(paths: Sequence[Path]) -> tuple[Meta, list[Result]]:
    """The merged run of several logs: its header and its results."""
    read = [(path, *read_log(path)) for path in paths]
    first_path, first, _, _ = read[0]
    targets: dict[str, str] = {}
    stopped = []
    for path, header, _, footer in read:
        if header.get("implementation") != first.get("implementation") or \
                header.get("protocol") != first.get("protocol"):
            raise CambioError(f"{path}: a run of another implementation than {first_path}"
                              f" ({header.get('implementation', {}).get('name')!r}, not"
                              f" {first.get('implementation', {}).get('name')!r} as declared"
                              " in their handshakes)")
        for label, rules in dict(header.get("targets") or {}).items():
            if targets.setdefault(label, rules) != rules:
                raise CambioError(f"{path}: {label} means {rules}, but {targets[label]} in an"
                                  " earlier log: runs under different rules")
        if footer is None:
            stopped.append(f"{path} has no footer (the run was killed)")
        elif footer.get("stopped"):
            stopped.append(f"{path}: {footer['stopped']}")
    results = merge_results([r for _, _, r, _ in read])
    meta = Meta(impl=str(first.get("impl", "")), implementation=first.get("implementation") or {},
                seed=int(first.get("seed", 0)),
                rulesets=list(dict.fromkeys(rs for _, h, _, _ in read for rs in h["rulesets"])),
                started=str(first.get("started", "")),
                fuzz=sum(int(h.get("fuzz", 0)) for _, h, _, _ in read),
                timeout=float(first.get("timeout", 0.0)), targets=targets,
                stopped="; ".join(stopped) or None,
                elapsed=sum(float(f.get("elapsed", 0.0)) for _, _, _, f in read if f))
    return meta, results
