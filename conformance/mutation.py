"""The project's own mutation check: how many small bugs planted in the reference's
rules code a default `cambio conform` run catches.

A mutant is one small change to one module of `cambio_ref` (`MODULES`: the modules
that hold the rules of a round, all of which ``cambio serve`` runs; ``match``, the
rounds of a match with its running tally, is left out because the protocol plays one
round at a time and ``cambio serve`` never imports it, so none of its mutants could be
told apart by any run): a comparison
turned around (``<`` to ``<=``, ``==`` to ``!=``, ``in`` to ``not in``), ``and`` and
``or`` swapped, a ``not`` dropped, ``+`` and ``-`` swapped, a number one off, a
boolean flipped, a string constant changed, a statement removed. `mutants` lists every
one the module's code allows, `sample` draws some of them (seeded). Each is served by
`cambio serve` from a copy of the package in a temporary directory (first on
``PYTHONPATH`` of the served process only: the harness keeps the true reference), and
checked by the default run of ``cambio conform --seed S --jobs 1`` against it (`check`
plays it in this process, so the cases are read once for all mutants). A mutant is
*killed* when the run fails; the run stops at its first failing result (the verdict of
a whole run cannot change after that), and it skips shrinking (which only makes a
failure's example smaller). Whatever the run compares counts: the events, rejection
codes, views and legal actions, and every field of the complete snapshot ``cambio serve``
offers (the kit compares every snapshot field an implementation offers,
`conformance.differences.snapshot_difference`), so a mutant seen only in ``power``,
``known`` or ``knocked_out`` of a snapshot is killed where a run reaches it. A mutant
that survives is either equivalent (no game can tell it from the reference) or a gap in
the suite; ``tests/conformance/mutation-survivors.md`` explains each one the full sample
leaves. ``--jobs N`` checks N mutants at once (each
in its own process, serving its own mutant); the outcomes do not depend on N.

    python -m conformance.mutation --count 150 --seed 1 --jobs 2 --json out.json

>>> found = mutants("table")
>>> len(found) > 10, found[0].module
(True, 'table')
>>> sample(["table"], 3, seed=1) == sample(["table"], 3, seed=1)
True
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import json
import multiprocessing
import random
import shlex
import shutil
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path

import cambio_ref
from cambio_ref.cases import Case, load_cases
from cambio_ref.resources import spec_dir
from conformance.conform import DEFAULT_FUZZ, HandshakeFailed, Runner, plan
from conformance.harness import Driver, parse_impl
from conformance.targets import targets

# The modules that hold the rules of a round (not the catalogue, the CLI or the site;
# not `match`: see the module docstring).
MODULES = ("actions", "cards", "drawing", "ending", "engine", "flags", "illegal", "powers",
           "scoring", "shuffle", "snapping", "state", "table", "turn", "views")

_COMPARE = {ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.Lt: ast.LtE, ast.LtE: ast.Lt,
            ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.In: ast.NotIn, ast.NotIn: ast.In,
            ast.Is: ast.IsNot, ast.IsNot: ast.Is}
_BINARY = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.FloorDiv, ast.FloorDiv: ast.Mult,
           ast.Mod: ast.FloorDiv, ast.BitOr: ast.BitAnd, ast.BitAnd: ast.BitOr,
           ast.LShift: ast.RShift, ast.RShift: ast.LShift}


@dataclass(frozen=True)
class Mutant:
    """One change to one module: the `index`-th site that `mutants` finds there."""

    module: str
    index: int
    line: int
    change: str

    @property
    def name(self) -> str:
        return f"{self.module}:{self.line}:{self.index}"


def _source(module: str) -> str:
    return (Path(cambio_ref.__file__).parent / f"{module}.py").read_text(encoding="utf-8")


def _skipped(tree: ast.Module) -> set[int]:
    """The ids of nodes never mutated: docstrings, annotations (and the bare annotations
    of a class that is no dataclass, whole), f-strings, asserts and the arguments of
    raised errors (their messages).

    >>> tree = ast.parse("class A:\\n    x: int\\n@dataclass\\nclass B:\\n    y: int")
    >>> [type(n).__name__ for n, _, _ in _sites(tree)]
    ['AnnAssign']
    """
    skip: set[int] = set()

    def mark(node: ast.AST | None) -> None:
        if node is not None:
            skip.update(id(n) for n in ast.walk(node))

    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            mark(body[0])
        if isinstance(node, ast.arg | ast.AnnAssign):
            mark(node.annotation)
        if isinstance(node, ast.FunctionDef):
            mark(node.returns)
        if isinstance(node, ast.JoinedStr | ast.Assert | ast.Raise | ast.Import | ast.ImportFrom):
            mark(node)
        if isinstance(node, ast.ClassDef) and not any(
                "dataclass" in ast.unparse(d) for d in node.decorator_list):
            # (a bare annotation in a class that is no dataclass only tells the type
            # checker: removing it changes nothing a program can see)
            for stmt in node.body:
                if isinstance(stmt, ast.AnnAssign) and stmt.value is None:
                    mark(stmt)
    return skip


def _sites(tree: ast.Module) -> Iterator[tuple[ast.AST, str, int]]:
    """Every (node, change, variant) a mutant can make, in a fixed order."""
    skip = _skipped(tree)
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Compare):
            for k, op in enumerate(node.ops):
                if type(op) in _COMPARE:
                    yield node, f"{type(op).__name__} -> {_COMPARE[type(op)].__name__}", k
        elif isinstance(node, ast.BoolOp):
            yield node, "and <-> or", 0
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            yield node, "not dropped", 0
        elif isinstance(node, ast.BinOp | ast.AugAssign) and type(node.op) in _BINARY:
            yield node, f"{type(node.op).__name__} -> {_BINARY[type(node.op)].__name__}", 0
        elif isinstance(node, ast.Constant) and type(node.value) in (bool, int, str):
            kind = type(node.value).__name__
            yield node, f"{kind} constant {node.value!r} changed", 0
        if isinstance(node, ast.stmt) and not isinstance(
                node, ast.FunctionDef | ast.ClassDef | ast.Return | ast.Import | ast.ImportFrom
                | ast.Pass | ast.Global | ast.Nonlocal) and not _is_docstring(node):
            yield node, "statement removed", 1


def _is_docstring(node: ast.stmt) -> bool:
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) \
        and isinstance(node.value.value, str)


def mutants(module: str) -> list[Mutant]:
    """Every mutant of `module` (a name in `MODULES`)."""
    tree = ast.parse(_source(module))
    return [Mutant(module, i, getattr(node, "lineno", 0), change)
            for i, (node, change, _) in enumerate(_sites(tree))]


def named(name: str) -> Mutant:
    """The mutant called `name` (``module:line:index``, as `Mutant.name` and the check's
    output write it), whether or not a sample draws it.

    >>> some = mutants("table")[3]
    >>> named(some.name) == some
    True
    >>> named("tabel:1:0")
    Traceback (most recent call last):
    ...
    ValueError: no mutant 'tabel:1:0': the module must be one of actions, cards, ...
    """
    module = name.split(":", 1)[0]
    if module not in MODULES:
        raise ValueError(f"no mutant {name!r}: the module must be one of {', '.join(MODULES)}")
    found = next((m for m in mutants(module) if m.name == name), None)
    if found is None:
        raise ValueError(f"no mutant {name!r}: {module} has mutants"
                         f" {module}:LINE:0 to {module}:LINE:{len(mutants(module)) - 1}"
                         " (the index names it; the line must be its own)")
    return found


def sample(modules: Sequence[str], count: int, seed: int = 0) -> list[Mutant]:
    """`count` mutants drawn at random (seeded) from all those of `modules`."""
    every = [m for module in modules for m in mutants(module)]
    return sorted(random.Random(seed).sample(every, min(count, len(every))),
                  key=lambda m: (m.module, m.index))


def _mutate(node: ast.AST, variant: int) -> None:
    """Change `node` in place (see `_sites`)."""
    if isinstance(node, ast.Compare):
        node.ops[variant] = _COMPARE[type(node.ops[variant])]()
    elif isinstance(node, ast.BoolOp):
        node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
    elif isinstance(node, ast.BinOp | ast.AugAssign):
        node.op = _BINARY[type(node.op)]()
    elif isinstance(node, ast.Constant):
        value = node.value
        if isinstance(value, bool):
            node.value = not value
        elif isinstance(value, int):
            node.value = value + 1
        elif isinstance(value, str):
            node.value = value + "~"


def mutated_source(mutant: Mutant) -> str:
    """The module's source with the mutant's change made."""
    tree = ast.parse(_source(mutant.module))
    node, _, variant = list(_sites(tree))[mutant.index]
    if isinstance(node, ast.UnaryOp):
        _replace(tree, node, node.operand)
    elif isinstance(node, ast.stmt) and variant == 1:
        _replace(tree, node, ast.Pass())
    else:
        _mutate(node, variant)
    return ast.unparse(ast.fix_missing_locations(tree))


def _replace(tree: ast.AST, old: ast.AST, new: ast.AST) -> None:
    """Put `new` where `old` is in `tree`."""
    for parent in ast.walk(tree):
        for name, value in ast.iter_fields(parent):
            if value is old:
                setattr(parent, name, new)
                return
            if isinstance(value, list) and any(v is old for v in value):
                setattr(parent, name, [new if v is old else v for v in value])
                return
    raise ValueError("node not found")


@dataclass
class Outcome:
    """What a default run said about one mutant."""

    mutant: Mutant
    killed: bool
    by: str  # the first failing result (``item[ruleset]: status``), or why it counts
    seconds: float


@contextlib.contextmanager
def served_copy(mutant: Mutant | None) -> Iterator[str]:
    """A ``--impl`` command serving a copy of cambio_ref with the mutant's change (none:
    an unchanged copy)."""
    package = Path(cambio_ref.__file__).parent
    with tempfile.TemporaryDirectory(prefix="cambio-mutant-") as tmp:
        shutil.copytree(package, Path(tmp) / "cambio_ref",
                        ignore=shutil.ignore_patterns("__pycache__", "spec", "rulebook"))
        if mutant is not None:
            (Path(tmp) / "cambio_ref" / f"{mutant.module}.py").write_text(
                mutated_source(mutant), encoding="utf-8")
        yield shlex.join(["env", f"PYTHONPATH={tmp}", f"CAMBIO_SPEC={spec_dir()}",
                          "PYTHONDONTWRITEBYTECODE=1", sys.executable, "-P", "-m", "cambio_ref",
                          "serve"])


def check(mutant: Mutant | None, seed: int = 1, cases: Mapping[str, Case] | None = None) -> Outcome:
    """Serve `mutant` and play a default run against it (every case under the default
    targets, then the default fuzz games, seed `seed`), stopped at its first failing
    result. The run is ``cambio conform --seed SEED --jobs 1 --shrink-time 0``'s, played
    here: the cases are read once for every mutant, and no run is started per mutant."""
    started = time.monotonic()
    with served_copy(mutant) as impl:
        runner = Runner(Driver(parse_impl(impl)), seed=seed, impl_text=impl, shrink_seconds=0)
        by = ""
        try:
            hello = runner.start()
            items = plan(targets([], hello.rules), cases=cases, fuzz=DEFAULT_FUZZ)
            by = next((f"{r.name}: {r.status}" for item in items for r in runner.run(item)
                       if r.failed), "")
        except HandshakeFailed as exc:
            by = f"the handshake failed: {' '.join(str(exc).split()[-30:])}"
        except Exception as exc:  # (a harness bug the mutant's replies set off: the run's
            # item would be a harness_error, as `conformance.jobs` makes it, and fail the run)
            by = f"harness_error: {type(exc).__name__}: {' '.join(str(exc).split())[:200]}"
        finally:
            runner.close()
    return Outcome(mutant or Mutant("-", -1, 0, "none"), bool(by), by,
                   time.monotonic() - started)


_cases: dict[str, Case] = {}  # (a worker process's cases, read once: `_check_in_worker`)


def _check_in_worker(mutant: Mutant, seed: int) -> Outcome:
    """`check` in a worker process of ``--jobs N``, with the cases it read once."""
    if not _cases:
        _cases.update(load_cases())
    return check(mutant, seed, _cases)


def outcomes(chosen: Sequence[Mutant], seed: int, jobs: int,
             known: Mapping[Mutant, Outcome]) -> Iterator[Outcome]:
    """The outcome of each of `chosen`, in order (those in `known` taken as they are),
    checked `jobs` at a time."""
    todo = [m for m in chosen if m not in known]
    if jobs <= 1:
        cases = load_cases() if todo else {}
        yield from (known.get(m) or check(m, seed, cases) for m in chosen)
        return
    with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn")) as pool:
        futures = {m: pool.submit(_check_in_worker, m, seed) for m in todo}
        for m in chosen:
            yield known.get(m) or futures[m].result()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m conformance.mutation",
        description="Serve sampled mutants of the reference's rules code and report the"
                    " share a default cambio conform run kills.")
    parser.add_argument("--count", type=int, default=150, help="mutants to sample (default 150)")
    parser.add_argument("--seed", type=int, default=1, help="sampling and conform seed (default 1)")
    parser.add_argument("--module", action="append", choices=MODULES,
                        help="only mutants of this module (repeatable; default: all of MODULES)")
    parser.add_argument("--resume", type=Path, help="take the outcomes of a --json file of"
                        " an earlier run with the same --count and --seed, and check the rest")
    parser.add_argument("--jobs", type=int, default=1,
                        help="mutants checked at once, each in its own process (default 1)")
    parser.add_argument("--json", type=Path, help="write every outcome to this JSON file")
    parser.add_argument("--list", action="store_true", help="list the sampled mutants only")
    parser.add_argument("--only", action="append", metavar="ID",
                        help="check this mutant (module:line:index, as the output names it)"
                             " instead of a sample (repeatable)")
    args = parser.parse_args(argv)
    try:
        chosen = [named(n) for n in args.only] if args.only \
            else sample(args.module or MODULES, args.count, args.seed)
    except ValueError as exc:
        parser.error(str(exc))
    if args.list:
        for m in chosen:
            print(f"{m.name}  {m.change}")
        return 0
    known = {}
    if args.resume:
        for entry in json.loads(args.resume.read_text(encoding="utf-8")):
            known[Mutant(**entry["mutant"])] = Outcome(Mutant(**entry["mutant"]), entry["killed"],
                                                       entry["by"], entry["seconds"])
    found: list[Outcome] = []
    for n, outcome in enumerate(outcomes(chosen, args.seed, args.jobs, known), 1):
        mutant = outcome.mutant
        found.append(outcome)
        print(f"[{n}/{len(chosen)}] {mutant.name} {mutant.change}:"
              f" {'killed by ' + outcome.by if outcome.killed else 'SURVIVED'}"
              f" ({outcome.seconds:.1f} s)", flush=True)
        if args.json:
            args.json.write_text(json.dumps([asdict(o) for o in found], indent=1) + "\n")
    killed = sum(o.killed for o in found)
    print(f"killed {killed} of {len(found)} mutants"
          f" ({100 * killed / max(1, len(found)):.1f}%)")
    for o in found:
        if not o.killed:
            print(f"survived: {o.mutant.name} {o.mutant.change}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

