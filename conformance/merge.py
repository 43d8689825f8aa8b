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
is anything `read_log` cannot read as a log (a field of the wrong type or range, the
``deviations`` records included; a line before the header, a second header, anything
after the footer). Each log's header records which fuzz shards of each target it played
(``shards``): a shard played by two logs is refused (its games would count twice), and
the shards of a target that no log played are named. A missing shard, or a shard killed
or stopped early, makes the merged run partial: it fails unless the caller accepts that.

>>> a = Result("fuzz:draw/events/x", "hearts", "fail", "fuzz", signature="draw/events/x", count=2)
>>> b = Result("fuzz:draw/events/x", "hearts", "fail", "fuzz", signature="draw/events/x", count=3)
>>> [(r.id, r.count) for r in merge_results([[a], [b]])]
[('fuzz:draw/events/x', 5)]
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cambio_ref.errors import CambioError
from cambio_ref.names import quoted
from cambio_ref.yamlio import read_text_file
from conformance.reports.outcome import Meta, exit_status
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


MAX_SECONDS = 10.0 ** 9
"""The largest time a log may state (about 31 years): sums of them stay finite."""


def _is_seconds(value: Any) -> bool:
    return _is_number(value) and 0 <= value <= MAX_SECONDS


def _is_count(value: Any) -> bool:
    return _is_int(value) and 0 <= value <= MAX_COUNT


MAX_COUNT = 10 ** 15
"""The largest count (games, actions, shards) a log may state."""


def _is_ranges(value: Any) -> bool:
    return isinstance(value, list) and all(
        isinstance(r, list) and len(r) == 2 and all(_is_count(n) for n in r) and r[0] <= r[1]
        for r in value)


def _is_shards(value: Any) -> bool:
    """``{label: {"played": [[first, last], ...], "of": count}}``."""
    return isinstance(value, dict) and all(
        isinstance(v, dict) and set(v) == {"played", "of"} and _is_count(v["of"])
        and _is_ranges(v["played"]) and all(r[1] < v["of"] for r in v["played"])
        for v in value.values())


def _is_deviations(value: Any) -> bool:
    return isinstance(value, list) and all(
        isinstance(v, dict) and field_problem(v, _DEVIATION, _DEVIATION_NEEDS) is None
        and (v["cls"] != "explained" or ("plain" in v and "candidates" in v)) for v in value)


# what each field of a log's lines must hold (fields not listed are not read)
_KINDS: dict[str, tuple[str, Any]] = {
    "int": ("an integer", _is_int), "number": ("a number", _is_number),
    "count": (f"a whole number from 0 to {MAX_COUNT}", _is_count),
    "seconds": (f"a number of seconds from 0 to {MAX_SECONDS:.0f}", _is_seconds),
    "shards": ('an object of {"played": [[first, last], ...], "of": count} by target',
               _is_shards),
    "deviations": ("a list of deviation records (see conformance.grouping.occurrence)",
                   lambda v: _is_deviations(v)),
    "class": ("one of explained, code, unexplained",
              lambda v: v in ("explained", "code", "unexplained")),
    "values": ("a list of option values (option.id=value)", lambda v: _is_values(v)),
    "plain": ("an object of key, cls, rule, expected and actual", lambda v: _is_plain(v)),
    "str": ("a string", lambda v: isinstance(v, str)), "text": ("a string or null", _is_text),
    "dict": ("an object", lambda v: isinstance(v, dict)),
    "strings": ("a list of strings", _is_strings), "labels": ("an object of strings", _is_labels),
}
_HEADER = {"impl": "str", "implementation": "dict", "protocol": "int", "seed": "count",
           "rulesets": "strings", "targets": "labels", "fuzz": "count", "timeout": "seconds",
           "started": "str", "shards": "shards"}
_HEADER_NEEDS = ("impl", "implementation", "rulesets", "shards")
_FOOTER = {"elapsed": "seconds", "stopped": "text"}
_RESULT = {"id": "str", "ruleset": "str", "status": "str", "kind": "str", "step": "text",
           "message": "str", "stderr": "str", "repro": "strings", "seconds": "seconds",
           "actions": "count", "file": "text", "trace": "strings", "checks": "text",
           "rule": "text", "signature": "text", "count": "count", "case": "text",
           "rules": "text", "deviations": "deviations"}
_RESULT_NEEDS = ("id", "ruleset", "status")
# a deviation record (`conformance.grouping.occurrence`): every field `group` reads
_DEVIATION = {"key": "str", "cls": "class", "status": "str", "kind": "str", "field": "str",
              "step": "text", "item": "str", "count": "count", "candidates": "values",
              "size": "count", "how": "text", "repro": "str", "waived": "text",
              "rules": "text", "message": "str", "refuted": "values", "rule": "text",
              "plain": "plain", "games": "count", "options": "strings", "behind": "text",
              "closest": "text", "folds": "values"}
_DEVIATION_NEEDS = ("key", "cls", "status", "kind", "field", "item", "repro", "message")


def _is_values(value: Any) -> bool:
    """A list of option values ``option.id=value`` of options the catalogue has."""
    from cambio_ref.catalogue import load_catalogue

    if not _is_strings(value):
        return False
    options = {option.id for option in load_catalogue().options}
    return all(v.partition("=")[0] in options and "=" in v for v in value)


def _is_plain(value: Any) -> bool:
    """An explained deviation's record without its values (`grouping.occurrence`)."""
    return isinstance(value, dict) and set(value) <= {"key", "cls", "rule", "expected",
                                                      "actual"} \
        and isinstance(value.get("key"), str) and value.get("cls") in ("code", "unexplained") \
        and _is_text(value.get("rule"))


def field_problem(data: dict[str, Any], fields: dict[str, str],
                  needs: Sequence[str] = ()) -> str | None:
    """The first field of `data` (a log line) that does not hold what `fields` says, or
    the first of `needs` it lacks, if any.

    >>> print(field_problem({"seed": "x"}, {"seed": "int"}))
    "seed" must be an integer, not 'x'
    >>> field_problem({"seed": 4}, {"seed": "int", "fuzz": "int"}) is None
    True
    >>> print(field_problem({}, {"seed": "int"}, ["seed"]))
    "seed" is missing
    """
    for name in needs:
        if name not in data:
            return f'"{name}" is missing'
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
    every line strict JSON (`conformance.strict_json`), every field of its type and range,
    and the lines in the order a log has them: the header first, then results and the
    deviations, then the footer last."""
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
        if kind not in _LINES:
            raise CambioError(f"{path}: line {n}: not a line of a run log (its \"type\" must be"
                              " header, result, deviation or footer)")
        if footer is not None:
            raise CambioError(f"{path}: line {n}: a {kind} line after the footer (a log ends"
                              " at its footer)")
        if kind == "header" and n > 1:
            raise CambioError(f"{path}: line {n}: a second header (a log has one, on line 1)")
        fields, needs = _LINES[kind]
        problem = field_problem(data, fields, needs)
        if problem is not None:
            raise CambioError(f"{path}: line {n}: {problem}")
        if kind == "header":
            header = data
        elif kind == "footer":
            footer = data
        elif kind == "result":
            results.append(Result(**{k: v for k, v in data.items() if k in _FIELDS}))
            if results[-1].status not in STATUSES:
                raise CambioError(f"{path}: line {n}: unknown status"
                                  f" {quoted(results[-1].status)}")
    if header is None:
        raise CambioError(f"{path}: empty: expected the header of a `cambio conform` log")
    return header, results, footer


# what each kind of line holds, and which of its fields it needs (a deviation line is
# written again from the results: only its type is read)
_LINES: dict[Any, tuple[dict[str, str], Sequence[str]]] = {
    "header": (_HEADER, _HEADER_NEEDS), "footer": (_FOOTER, ()),
    "result": (_RESULT, _RESULT_NEEDS), "deviation": ({}, ())}


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
    shard, and so are fuzz shards no log played: the merged run names them, and fails
    (exit 1) unless `partial` accepts it. A shard two logs played is refused."""
    read = [(path, *read_log(path)) for path in paths]
    first_path, first, _, _ = read[0]
    targets: dict[str, str] = {}
    stopped = []
    for path, header, _, footer in read:
        if header.get("implementation") != first.get("implementation") or \
                header.get("protocol") != first.get("protocol"):
            raise CambioError(f"{path}: a run of another implementation than {first_path}"
                              f" ({quoted(str(header.get('implementation', {}).get('name')))},"
                              f" not {quoted(str(first.get('implementation', {}).get('name')))}"
                              " as declared in their handshakes)")
        for option in ("fuzz", "seed"):
            if header.get(option, 0) != first.get(option, 0):
                raise CambioError(
                    f"{path}: a part of another campaign than {first_path} (--{option}"
                    f" {header.get(option, 0)}, not {first.get(option, 0)}): the parts of one"
                    " campaign share --fuzz and --seed, and split its shards")
        for label, rules in dict(header.get("targets") or {}).items():
            if targets.setdefault(label, rules) != rules:
                raise CambioError(f"{path}: {quoted(label)} means {quoted(rules)}, but"
                                  f" {quoted(targets[label])} in an earlier log: runs under"
                                  " different rules")
        if footer is None:
            stopped.append(f"{path} has no footer (the run was killed before its end)")
        elif footer.get("stopped"):
            stopped.append(f"{path} stopped early: {footer['stopped']}")
    shards, missing = campaign_shards([(path, header["shards"]) for path, header, _, _ in read])
    results = merge_results([r for _, _, r, _ in read])
    meta = Meta(impl=str(first.get("impl", "")), implementation=first.get("implementation") or {},
                seed=int(first.get("seed", 0)),
                rulesets=list(dict.fromkeys(rs for _, h, _, _ in read for rs in h["rulesets"])),
                started=str(first.get("started", "")),
                fuzz=int(first.get("fuzz", 0)),  # (every part's: the campaign's budget)
                timeout=float(first.get("timeout", 0.0)), targets=targets,
                stopped="; ".join(stopped) or None, shards=shards, missing=missing,
                elapsed=min(MAX_SECONDS, sum(float(f.get("elapsed", 0.0))
                                             for _, _, _, f in read if f)))
    if (stopped or missing) and not partial:
        meta.exit = max(1, exit_status(results))
    return meta, results


def campaign_shards(parts: Sequence[tuple[Path, dict[str, dict[str, Any]]]]
                    ) -> tuple[dict[str, dict[str, Any]], list[str]]:
    """The fuzz shards the logs played together, by target, and a sentence for each
    target whose shards some log missed. A shard two logs played is refused (its games
    would count twice), and so are two logs that split one target into different shard
    counts (parts of another campaign).

    >>> a, b = Path("a.jsonl"), Path("b.jsonl")
    >>> campaign_shards([(a, {"hearts": {"played": [[0, 0]], "of": 3}}),
    ...                  (b, {"hearts": {"played": [[2, 2]], "of": 3}})])
    ({'hearts': {'played': [[0, 0], [2, 2]], 'of': 3}}, ['hearts: shard 1 of 0-2 is missing (no log played it)'])
    >>> campaign_shards([(a, {"hearts": {"played": [[0, 1]], "of": 3}}),
    ...                  (b, {"hearts": {"played": [[1, 2]], "of": 3}})])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cambio_ref.errors.CambioError: b.jsonl: shard 1 of 'hearts' is in a.jsonl too: ...
    """
    spans: dict[str, list[tuple[int, int, Path]]] = {}
    count: dict[str, tuple[int, Path]] = {}
    for path, shards in parts:
        for label, entry in shards.items():
            of, was = count.setdefault(label, (entry["of"], path))
            if of != entry["of"]:
                raise CambioError(f"{path}: {quoted(label)} has {entry['of']} fuzz shards, but"
                                  f" {of} in {was}: parts of another campaign (the parts of"
                                  " one campaign give every run the same targets)")
            spans.setdefault(label, []).extend((low, high, path) for low, high in entry["played"])
    merged: dict[str, dict[str, Any]] = {}
    missing = []
    for label, mine in spans.items():
        mine.sort(key=lambda span: (span[0], span[1]))
        for (_, high, was), (low, _, path) in itertools.pairwise(mine):
            if low <= high:
                raise CambioError(f"{path}: shard {low} of {quoted(label)} is in {was} too: a"
                                  " shard merged twice would count its games twice")
        of = count[label][0]
        played = joined_ranges([[low, high] for low, high, _ in mine])
        merged[label] = {"played": played, "of": of}
        gaps = [[a[1] + 1, b[0] - 1] for a, b in zip([[-1, -1], *played], [*played, [of, of]],
                                                     strict=True) if b[0] > a[1] + 1]
        if gaps:
            one = gaps == [[gaps[0][0]] * 2]
            shown = ", ".join(f"{a}" if a == b else f"{a}-{b}" for a, b in gaps)
            missing.append(f"{label}: {'shard' if one else 'shards'} {shown} of 0-{of - 1}"
                           f" {'is' if one else 'are'} missing (no log played"
                           f" {'it' if one else 'them'})")
    return merged, missing


def joined_ranges(spans: list[list[int]]) -> list[list[int]]:
    """Sorted, disjoint inclusive ranges with the adjacent ones joined.

    >>> joined_ranges([[0, 1], [2, 2], [5, 6]])
    [[0, 2], [5, 6]]
    """
    out: list[list[int]] = []
    for low, high in spans:
        if out and out[-1][1] == low - 1:
            out[-1][1] = high
        else:
            out.append([low, high])
    return out


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
