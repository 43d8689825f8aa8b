"""``cambio conform-merge``: several run logs of one implementation as one run.

A long fuzz campaign can be split across machines by fuzz shards
(``--fuzz-shards``, `conformance.shards`), each machine writing its own
``--log``. `merge_logs` reads the logs in the order given and merges them
deterministically: a result is kept at its first place; a fuzz deviation seen
in several logs (the same signature under the same target) becomes one, its
count summed and its example from the first log; a target's fuzz pass is
dropped when another log found a deviation there; for a case run in several
logs, the first unsuccessful result wins, else the first. Logs of different
implementations, or with different rules under one target label, are refused, and so
is anything `read_log` cannot read as a log. A shard killed or stopped early is named
in the merged run, which fails unless the caller accepts partial shards.

>>> a = Result("fuzz:draw/events/x", "hearts", "fail", "fuzz", signature="draw/events/x", count=2)
>>> b = Result("fuzz:draw/events/x", "hearts", "fail", "fuzz", signature="draw/events/x", count=3)
>>> [(r.id, r.count) for r in merge_results([[a], [b]])]
[('fuzz:draw/events/x', 5)]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cambio_ref.errors import CambioError
from cambio_ref.names import quoted
from cambio_ref.yamlio import read_text_file
from conformance.report import Meta, exit_status
from conformance.results import STATUSES, Result, games_played, played_together
from conformance.strict_json import StrictJSONError, parse_line

_FIELDS = {f.name for f in dataclasses.fields(Result)}


MAX_LOG_BYTES = 64 << 20
"""The largest run log read (64 MiB): a fuzz campaign's shard writes a few MB at most."""


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return _is_int(value) or isinstance(value, float)


def _is_strings(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _is_labels(value: Any) -> bool:
    return isinstance(value, dict) and all(isinstance(v, str) for v in value.values())


def _is_text(value: Any) -> bool:
    return value is None or isinstance(value, str)


# what each field of a log's lines must hold (fields not listed are not read)
_KINDS: dict[str, tuple[str, Any]] = {
    "int": ("an integer", _is_int), "number": ("a number", _is_number),
    "str": ("a string", lambda v: isinstance(v, str)), "text": ("a string or null", _is_text),
    "dict": ("an object", lambda v: isinstance(v, dict)),
    "strings": ("a list of strings", _is_strings), "labels": ("an object of strings", _is_labels),
}
_HEADER = {"impl": "str", "implementation": "dict", "protocol": "int", "seed": "int",
           "rulesets": "strings", "targets": "labels", "fuzz": "int", "timeout": "number",
           "started": "str"}
_FOOTER = {"elapsed": "number", "stopped": "text"}
_RESULT = {"id": "str", "ruleset": "str", "status": "str", "kind": "str", "step": "text",
           "message": "str", "stderr": "str", "repro": "strings", "seconds": "number",
           "actions": "int", "file": "text", "trace": "strings", "checks": "text",
           "rule": "text", "signature": "text", "count": "int", "case": "text", "rules": "text"}


def field_problem(data: dict[str, Any], fields: dict[str, str]) -> str | None:
    """The first field of `data` (a log line) that does not hold what `fields` says, if any.

    >>> print(field_problem({"seed": "x"}, {"seed": "int"}))
    "seed" must be an integer, not 'x'
    >>> field_problem({"seed": 4}, {"seed": "int", "fuzz": "int"}) is None
    True
    """
    for name, kind in fields.items():
        if name in data:
            what, check = _KINDS[kind]
            if not check(data[name]):
                shown = data[name]
                return (f'"{name}" must be {what}, not '
                        f"{quoted(shown) if isinstance(shown, str) else type(shown).__name__}")
    return None


def read_log(path: Path) -> tuple[dict[str, Any], list[Result], dict[str, Any] | None]:
    """A run log's header, results and footer (None when the run was killed before it),
    read through the input layer (a regular UTF-8 file of at most `MAX_LOG_BYTES`) with
    every line strict JSON (`conformance.strict_json`) and every field of its type."""
    text = read_text_file(path, limit=MAX_LOG_BYTES)
    header: dict[str, Any] | None = None
    footer = None
    results = []
    for n, line in enumerate(text.split("\n"), 1):
        if not line.strip() and n > 1:
            continue
        try:
            data = parse_line(line.encode("utf-8"))
        except StrictJSONError as exc:
            raise CambioError(f"{path}: line {n}: not a JSON line of a run log: {exc}") from None
        kind = data.get("type") if isinstance(data, dict) else None
        if n == 1 and (kind != "header" or data.get("harness") != "cambio conform"):
            raise CambioError(f"{path}: line 1: expected the header of a `cambio conform` log")
        fields = {"header": _HEADER, "footer": _FOOTER, "result": _RESULT}.get(str(kind))
        problem = field_problem(data, fields) if fields else None
        if problem is not None:
            raise CambioError(f"{path}: line {n}: {problem}")
        if kind == "header":
            header = data
        elif kind == "footer":
            footer = data
        elif kind == "result":
            try:
                results.append(Result(**{k: v for k, v in data.items() if k in _FIELDS}))
            except TypeError:
                raise CambioError(f"{path}: line {n}: not a result of a run log") from None
            if results[-1].status not in STATUSES:
                raise CambioError(f"{path}: line {n}: unknown status"
                                  f" {quoted(results[-1].status)}")
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
                first.message = played_together([first.message, result.message]) \
                    or f"{first.message} + {result.message}"
            elif result.failed and not first.failed:
                merged[key] = dataclasses.replace(result, repro=list(result.repro))
    deviated = {r.ruleset for r in merged.values() if r.kind == "fuzz" and r.signature}
    return [r for r in merged.values()
            if not (r.kind == "fuzz" and r.status == "pass" and r.ruleset in deviated)]


def merge_logs(paths: Sequence[Path], partial: bool = False) -> tuple[Meta, list[Result]]:
    """The merged run of several logs: its header and its results. A log without a
    footer (its run was killed) or whose footer says the run stopped early is a partial
    shard: the merged run names it, and fails (exit 1) unless `partial` accepts it."""
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
        for option in ("fuzz", "seed"):
            if header.get(option, 0) != first.get(option, 0):
                raise CambioError(
                    f"{path}: a part of another campaign than {first_path} (--{option}"
                    f" {header.get(option, 0)}, not {first.get(option, 0)}): the parts of one"
                    " campaign share --fuzz and --seed, and split its shards")
        for label, rules in dict(header.get("targets") or {}).items():
            if targets.setdefault(label, rules) != rules:
                raise CambioError(f"{path}: {label} means {rules}, but {targets[label]} in an"
                                  " earlier log: runs under different rules")
        if footer is None:
            stopped.append(f"{path} has no footer (the run was killed before its end)")
        elif footer.get("stopped"):
            stopped.append(f"{path} stopped early: {footer['stopped']}")
    results = merge_results([r for _, _, r, _ in read])
    meta = Meta(impl=str(first.get("impl", "")), implementation=first.get("implementation") or {},
                seed=int(first.get("seed", 0)),
                rulesets=list(dict.fromkeys(rs for _, h, _, _ in read for rs in h["rulesets"])),
                started=str(first.get("started", "")),
                fuzz=int(first.get("fuzz", 0)),  # (every part's: the campaign's budget)
                timeout=float(first.get("timeout", 0.0)), targets=targets,
                stopped="; ".join(stopped) or None,
                elapsed=sum(float(f.get("elapsed", 0.0)) for _, _, _, f in read if f))
    if stopped and not partial:
        meta.exit = max(1, exit_status(results))
    return meta, results


def campaign_line(meta: Meta, results: Sequence[Result]) -> str:
    """The merged run's fuzz campaign in one line: its budget and seed, and the games its
    parts played (those of the targets whose fuzzing passed: a deviation's item counts
    the games it showed in).

    >>> meta = Meta(impl="x", implementation={}, seed=7, rulesets=["hearts"], started="",
    ...             fuzz=6)
    >>> campaign_line(meta, [Result("fuzz", "hearts", "pass", "fuzz",
    ...                             message="6 games (2 to 8 players), 740 actions,"
    ...                                     " 5 rounds to the end, 1 reshuffle")])
    'fuzz campaign: --fuzz 6 --seed 7; 6 games played (hearts 6)'
    """
    counted = [(r.ruleset, games_played(r.message)) for r in results
               if r.kind == "fuzz" and r.status == "pass"]
    known = [(label, n) for label, n in counted if n is not None]
    others = sorted({r.ruleset for r in results if r.kind == "fuzz"} - {t for t, _ in known})
    line = (f"fuzz campaign: --fuzz {meta.fuzz} --seed {meta.seed};"
            f" {sum(n for _, n in known)} games played"
            f" ({', '.join(f'{label} {n}' for label, n in known) or 'none counted'})")
    if others:
        line += f"; not counted (with deviations or not run): {', '.join(others)}"
    return line
