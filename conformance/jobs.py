"""``cambio conform --jobs N``: the items of a run in N worker processes at once.

Each worker is a separate process (multiprocessing, see `start_method`) with its own
`Runner`: its own implementation process (restarted within its own budget)
and its own reference computation. The main process hands out tasks (a case,
a fuzz shard, or the finishing of a fuzz item once all its shards are in:
merged with `conformance.shards.merge_reports`, then shrunk), reports each
item as soon as it is complete, and releases the results in item order,
buffering the ones that arrive early. The tasks and their seeds do not depend
on N, so ``--jobs 1`` (`SerialPool`, everything in this process) and
``--jobs N`` (`ParallelPool`) give the same results. A task that raises, or whose
worker process dies, gives each of its items a ``harness_error`` result (never a
lost result, never a traceback); a dead worker is replaced, at most
``--max-restarts`` times, and what no worker is left to run is ``not_run``. A worker
keeps its implementation's stderr tail in a file too (`mirror_stderr_to`), so that the
result of a task whose worker died still quotes it.

>>> from conformance.targets import targets
>>> from conformance.conform import plan
>>> items = plan(targets(["official"], None), keyword="caller-ties or fuzz", fuzz=7)
>>> [str(t) for t in Schedule(items).queue]
['fuzz[official] shard 0', 'fuzz[official] shard 1', 'tie.caller-ties-lowest[official]']
>>> both = plan(targets(["official", "hearts"], None), keyword="caller-ties", fuzz=0)
>>> [str(t) for t in Schedule(both).queue]
['tie.caller-ties-lowest under 2 targets']
>>> pool = SerialPool(Settings("python:conformance.serve:ReferenceEngine", seed=1))
>>> pool.start().name
'cambio-ref'
>>> seen = []
>>> pool.run(items, lambda item, results: None,
...          lambda item, results: seen.extend(r.status for r in results))
>>> seen
['pass', 'pass']
>>> pool.close()
"""

from __future__ import annotations

import copyreg
import dataclasses
import multiprocessing
import os
import shutil
import signal
import sys
import tempfile
import threading
import traceback
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import Any, Literal

from cambio_ref.cases import Case, adopt_cases, load_cases
from cambio_ref.errors import CambioError
from cambio_ref.quick_exit import quick_exit
from conformance.conform import HandshakeFailed, Item, Runner
from conformance.harness import DEFAULT_RESTARTS, DEFAULT_TIMEOUT, Driver, parse_impl
from conformance.lockstep import Disagreement
from conformance.processes import die_with_parent, mirror_stderr_to, read_mirror
from conformance.protocol import Hello
from conformance.results import Result
from conformance.sanitise import shorten
from conformance.shards import SHRINK_SECONDS, FuzzReport, merge_reports
from conformance.signals import Interrupted, interruptible, received, shielded

Report = Callable[[Item, list[Result]], None]


def default_jobs() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # (not on Linux)
        return os.cpu_count() or 1


def _rebuild(cls: type[Disagreement], args: tuple[Any, ...],
             state: dict[str, Any]) -> Disagreement:
    d = cls.__new__(cls)
    d.args = args
    d.__dict__.update(state)
    return d


def _reduce(d: Disagreement) -> tuple[Any, ...]:
    return _rebuild, (type(d), d.args, dict(d.__dict__))


copyreg.pickle(Disagreement, _reduce)  # (its __init__ takes more than its args)


@dataclass(frozen=True)
class Settings:
    """What a worker needs to build its own `Runner`."""

    impl: str
    timeout: float = DEFAULT_TIMEOUT
    max_restarts: int = DEFAULT_RESTARTS
    seed: int = 0
    save_failures: Path | None = None
    shrink_seconds: float = SHRINK_SECONDS

    def runner(self) -> Runner:
        driver = Driver(parse_impl(self.impl), timeout=self.timeout,
                        max_restarts=self.max_restarts)
        return Runner(driver, seed=self.seed, save_failures=self.save_failures,
                      impl_text=self.impl, shrink_seconds=self.shrink_seconds)


@dataclass(frozen=True)
class Task:
    """A case item, one shard of a fuzz item, or the finishing of a fuzz item."""

    item: int
    name: str
    shard: int | None = None
    merged: FuzzReport | None = None
    count: int = 1  # a case: under this many targets, items item, item + 1, ...

    def __str__(self) -> str:
        if self.shard is not None:
            return f"{self.name} shard {self.shard}"
        if self.count > 1:
            return f"{self.name} under {self.count} targets"
        return self.name + (" (shrinking)" if self.merged is not None else "")

    def execute(self, runner: Runner, items: Sequence[Item]) -> Any:
        item = items[self.item]
        if self.shard is not None:
            return runner.run_shard(item, self.shard)
        if self.merged is not None:
            return runner.finish_fuzz(item, self.merged)
        return [runner.run_case(items[self.item + i]) for i in range(self.count)]


def harness_error(item: Item, message: str, stderr: str = "") -> Result:
    """The result of an item the harness could not finish: an exception in the harness or
    its worker process dying (`message` says which), with the implementation's stderr tail.

    >>> from conformance.targets import targets
    >>> from conformance.conform import plan
    >>> item = plan(targets(["official"], None), keyword="caller-ties", fuzz=0)[0]
    >>> r = harness_error(item, "the worker process running it died (killed by SIGKILL)")
    >>> r.name, r.status, r.failed
    ('tie.caller-ties-lowest[official]', 'harness_error', True)
    """
    return Result(item.id, item.ruleset, "harness_error", item.kind, message=message,
                  stderr=stderr, rules=item.target.rules.canonical)


def raised(exc: BaseException, task: object) -> str:
    """What the harness raised on `task`, where, and what it means, in one line (the
    exception's text bounded).

    >>> try:
    ...     {}["x"]
    ... except KeyError as exc:
    ...     print(raised(exc, "fuzz[hearts] shard 2"))  # doctest: +ELLIPSIS
    the harness failed on fuzz[hearts] shard 2: KeyError: 'x' (at <doctest ...>:2 in <module>); ...
    """
    text = str(exc)
    text = shorten(text, 300)
    frames = traceback.extract_tb(exc.__traceback__)
    where = f" (at {Path(frames[-1].filename).name}:{frames[-1].lineno} in {frames[-1].name})" \
        if frames else ""
    return (f"the harness failed on {task}: {type(exc).__name__}: {text}{where}; what the task"
            " found is lost, the run went on (a bug in cambio conform: please report it)")


def died(process: Any, task: object) -> str:
    """Why a worker process ended while it ran `task`, in one line."""
    process.join(5)
    code = process.exitcode
    if code is None:
        how = "it closed its pipe"
    elif code < 0:
        try:
            how = f"killed by {signal.Signals(-code).name}"
        except ValueError:
            how = f"killed by signal {-code}"
    else:
        how = f"exit status {code}"
    return (f"the worker process running {task} died ({how}); what the task found is lost,"
            " the run went on without it")


class Schedule:
    """The tasks of a run (fuzz shards first: they are the long ones; then each case
    under all its targets as one task, so that what one worker remembers of a case's
    replies serves every target), and its results released in item order."""

    def __init__(self, items: Sequence[Item]) -> None:
        self.items = items
        self.queue: deque[Task] = deque()
        self.shards: dict[int, dict[int, FuzzReport]] = {}
        self.failed: dict[int, dict[int, Result]] = {}  # a fuzz item's failed shards
        self.done: dict[int, list[Result]] = {}
        self.complete: set[int] = set()
        self.released = 0
        cases: list[Task] = []
        for n, item in enumerate(items):
            if item.kind != "fuzz":
                last = cases[-1] if cases else None
                if last is not None and last.item + last.count == n and \
                        items[last.item].id == item.id:
                    cases[-1] = dataclasses.replace(last, name=item.id, count=last.count + 1)
                else:
                    cases.append(Task(n, item.name))
            elif not item.shard_indices:
                self.queue.append(self._finish(n))
            else:
                self.shards[n] = {}
                self.queue.extend(Task(n, item.name, shard=i) for i in item.shard_indices)
        self.queue.extend(cases)

    def _finish(self, n: int) -> Task:
        item = self.items[n]
        merged = merge_reports(sorted(self.shards.get(n, {}).items()),
                               item.target.rules.canonical)
        return Task(n, item.name, merged=merged)

    def add(self, task: Task, outcome: Any) -> list[tuple[int, list[Result]]]:
        """Take a task's outcome; each item it completes, with its results."""
        if task.shard is None:
            found = outcome if task.merged is None else [outcome]
            return self._complete([(task.item + i, [*results, *self._errors(task.item + i)])
                                   for i, results in enumerate(found)])
        self.shards[task.item][task.shard] = outcome
        return self._shard_in(task.item)

    def fail(self, task: Task, message: str, stderr: str = "") -> list[tuple[int, list[Result]]]:
        """A task that raised, or whose worker died: each item it ran gets a `harness_error`
        result (a fuzz shard's item once its other shards are in, beside their results)."""
        error = [harness_error(self.items[n], message, stderr)
                 for n in range(task.item, task.item + task.count)]
        if task.shard is None:
            return self._complete([(task.item + i, [*self._errors(task.item + i), e])
                                   for i, e in enumerate(error)])
        self.failed.setdefault(task.item, {})[task.shard] = error[0]
        return self._shard_in(task.item)

    def _errors(self, n: int) -> list[Result]:
        """The results of fuzz item `n`'s failed shards, in shard order."""
        failed = self.failed.pop(n, {})
        return [failed[i] for i in sorted(failed)]

    def abandon(self, message: str) -> list[tuple[int, list[Result]]]:
        """Every item not complete, as ``not_run`` with `message` (no worker is left)."""
        self.queue.clear()
        return self._complete([(n, [*self._errors(n),
                                    Result(item.id, item.ruleset, "not_run", item.kind,
                                           message=message, rules=item.target.rules.canonical)])
                               for n, item in enumerate(self.items) if n not in self.complete])

    def _shard_in(self, n: int) -> list[tuple[int, list[Result]]]:
        """After one more shard of fuzz item `n`: queue its finishing once all are in (or
        complete it with its errors alone when no shard played)."""
        got, failed = self.shards[n], len(self.failed.get(n, ()))
        if len(got) + failed < len(self.items[n].shard_indices):
            return []
        if not got:
            return self._complete([(n, self._errors(n))])
        self.queue.appendleft(self._finish(n))  # (next: shrink while it is fresh)
        return []

    def _complete(self, found: list[tuple[int, list[Result]]]) -> list[tuple[int, list[Result]]]:
        self.done.update(found)
        self.complete.update(n for n, _ in found)
        return found

    def release(self, everything: bool = False) -> list[tuple[Item, list[Result]]]:
        """The complete items next in item order (with `everything`, all complete ones,
        in order, gaps skipped: what there is when the run stops)."""
        out = []
        for n in range(self.released, len(self.items)):
            if n in self.done:
                out.append((self.items[n], self.done.pop(n)))
            elif not everything:
                break
        self.released = len(self.items) if everything else self.released + len(out)
        return out


class SerialPool:
    """``--jobs 1``: one runner in this process, the items in order."""

    def __init__(self, settings: Settings) -> None:
        self.runner = settings.runner()

    def start(self) -> Hello:
        return self.runner.start()

    def run(self, items: Sequence[Item], finished: Report, ordered: Report) -> None:
        """Run `items`; `finished` and then `ordered` get each item's results."""
        for item in items:
            try:
                results = self.runner.run(item)
            except Exception as exc:  # a bug in the harness: this item's result says so
                stop = received()
                if stop is not None:
                    raise stop from None
                results = [harness_error(item, raised(exc, item.name),
                                         self.runner.driver.stderr_tail())]
                self.runner.close()  # (a fresh implementation for the next item)
            finished(item, results)
            ordered(item, results)
            stop = received()  # (in case something on the way caught the exception)
            if stop is not None:
                raise stop

    def counters(self) -> list[dict[str, float]]:
        return [self.runner.counters()]

    def close(self, interrupted: bool = False) -> None:
        self.runner.close()


def _bundled(items: Sequence[Item]) -> tuple[Sequence[Item], dict[str, Case]]:
    """The items to send a worker, with the cases of spec/cases (sent together, a bundled
    case stays the very object the worker's `load_cases` gives: that is how a case of
    spec/cases is told from one given with --cases, and the worker need not read them)."""
    return items, load_cases()


def _worker(settings: Settings, conn: Connection, inherited: Sequence[Connection] = (),
            parent: int | None = None, mirror: str | None = None) -> None:
    """A worker process: close the `inherited` connections (a forked worker's copies of
    its parent's ends of the pipes), mirror its implementations' stderr tails to the file
    `mirror`, `_work`, then `quick_exit` (what the run remembered need not be freed one
    object at a time)."""
    for other in inherited:
        other.close()
    mirror_stderr_to(mirror)
    _work(settings, conn, parent)
    quick_exit(0)


def _work(settings: Settings, conn: Connection, parent: int | None = None) -> None:
    """Handshake, then tasks until told to stop (or signalled). With `parent` (the main
    process's pid), the worker gets SIGTERM when the main process ends, whatever kills it,
    and checks that it is still there before each task: no worker plays on as an orphan.
    Either way it stops its implementation (and all its descendants) before it ends."""
    runner: Runner | None = None
    items: Sequence[Item] = ()
    try:
        with interruptible():
            if parent is not None and not die_with_parent(parent) and os.getppid() != parent:
                return
            runner = settings.runner()
            try:
                conn.send(("hello", runner.start(), {}))
            except HandshakeFailed as exc:
                conn.send(("failed", str(exc), {}))
                return
            except CambioError as exc:  # (it cannot even be started: a usage error)
                conn.send(("usage", str(exc), {}))
                return
            while True:
                message = conn.recv()
                if message[0] == "stop":
                    return
                if message[0] == "items":
                    items, bundled = message[1]
                    adopt_cases(bundled)
                    continue
                task: Task = message[1]
                if parent is not None and os.getppid() != parent:
                    return  # (an orphan: the main process is gone)
                try:
                    outcome = task.execute(runner, items)
                except Exception as exc:  # a bug in the harness: the task's items say so
                    stop = received()
                    if stop is not None:
                        raise stop from None
                    conn.send(("error", (raised(exc, task), runner.driver.stderr_tail()),
                               runner.counters()))
                    runner.close()  # (a fresh implementation for the next task)
                    continue
                conn.send(("done", outcome, runner.counters()))
    except (Interrupted, EOFError, OSError):
        pass
    finally:
        with shielded():
            if runner is not None:
                runner.close()  # (the implementation and all its descendants)


def start_method() -> Literal["fork", "spawn"]:
    """How worker processes start: ``fork`` on Linux when this process runs no other
    thread (as in ``cambio conform``: a fork starts with every module already imported,
    about 0.35 s of CPU saved per worker), ``spawn`` otherwise (a fork copies no other
    thread, so a lock one of them holds would stay held in the worker).

    >>> start_method() in ("fork", "spawn")
    True
    """
    alone = threading.active_count() == 1
    return "fork" if sys.platform.startswith("linux") and alone else "spawn"


@dataclass
class _Worker:
    process: Any
    conn: Connection
    counters: dict[str, float]
    mirror: str  # (the file its implementation's stderr tail is kept in)
    task: Task | None = None


class ParallelPool:
    """``--jobs N``: N worker processes, each with its own implementation and reference."""

    def __init__(self, settings: Settings, jobs: int) -> None:
        self.settings = settings
        self.workers: list[_Worker] = []
        self.replaced = 0  # workers started in place of dead ones (at most --max-restarts)
        self.mirrors = tempfile.mkdtemp(prefix="cambio-conform-stderr-")
        for _ in range(jobs):  # (all at once: each starts its implementation meanwhile)
            self._spawn()

    def _spawn(self) -> None:
        method = start_method()
        context: Any = multiprocessing.get_context(method)  # (typeshed: BaseContext)
        mine, theirs = context.Pipe()
        # (a fork also copies this process's end of its own pipe and of the earlier
        # workers': it closes them, so that it sees its pipe close as soon as this process
        # ends; the arguments of a forked process are the objects themselves, not pickled)
        inherited = [mine, *(w.conn for w in self.workers)] if method == "fork" else []
        # (the parent-death signal comes when the thread that starts a worker ends: only
        # the main thread lives as long as the run)
        parent = os.getpid() if threading.current_thread() is threading.main_thread() else None
        mirror = os.path.join(self.mirrors, f"worker-{len(self.workers)}.stderr")
        process = context.Process(target=_worker,
                                  args=(self.settings, theirs, inherited, parent, mirror),
                                  daemon=True,
                                  name=f"cambio-conform-{len(self.workers)}")
        process.start()
        theirs.close()
        self.workers.append(_Worker(process, mine, {}, mirror))

    def start(self) -> Hello:
        """The first worker's handshake (the others' are taken as they come, in `run`);
        HandshakeFailed if it fails."""
        try:
            kind, payload, _ = self.workers[0].conn.recv()
        except (EOFError, OSError):
            kind, payload = "failed", "a worker process died before the handshake"
        if kind == "usage":
            raise CambioError(payload)
        if kind != "hello":
            raise HandshakeFailed(payload)
        hello: Hello = payload
        return hello

    def run(self, items: Sequence[Item], finished: Report, ordered: Report) -> None:
        """Run `items`: `finished` gets each item's results as soon as it is complete,
        `ordered` gets them in item order."""
        schedule = Schedule(items)
        alive = [self.workers[0]]
        sent = _bundled(items)
        starting = self.workers[1:]
        for worker in alive:
            worker.conn.send(("items", sent))

        def feed() -> None:
            for worker in alive:
                if worker.task is None and schedule.queue:
                    worker.task = schedule.queue.popleft()
                    worker.conn.send(("task", worker.task))

        feed()
        try:
            while any(w.task is not None for w in alive) or starting:
                ready = wait([w.conn for w in alive if w.task is not None]
                             + [w.conn for w in starting])
                for worker in [w for w in starting if w.conn in ready]:
                    starting.remove(worker)
                    try:
                        kind = worker.conn.recv()[0]
                    except (EOFError, OSError):
                        kind = "failed"
                    if kind == "hello":  # (one that cannot start just takes no tasks)
                        worker.conn.send(("items", sent))
                        alive.append(worker)
                for worker in [w for w in alive if w.conn in ready and w.task is not None]:
                    task = worker.task
                    assert task is not None
                    worker.task = None
                    try:
                        kind, outcome, worker.counters = worker.conn.recv()
                    except (EOFError, OSError):
                        stop = received()
                        if stop is not None:  # (it died of the signal that stops the run)
                            raise stop from None
                        alive.remove(worker)
                        kind, outcome = "died", (died(worker.process, task),
                                                 read_mirror(worker.mirror))
                        if self.replaced < self.settings.max_restarts:
                            self.replaced += 1
                            self._spawn()  # (its implementation starts meanwhile)
                            starting.append(self.workers[-1])
                    if kind in ("error", "died"):
                        complete = schedule.fail(task, *outcome)
                    else:
                        complete = schedule.add(task, outcome)
                    for n, results in complete:
                        finished(items[n], results)
                    for item, done in schedule.release():
                        ordered(item, done)
                feed()
            if len(schedule.complete) < len(items):  # (no worker left to run the rest)
                for n, results in schedule.abandon("every worker process died or could not"
                                                   " start its implementation"):
                    finished(items[n], results)
        finally:
            for item, done in schedule.release(everything=True):
                ordered(item, done)

    def counters(self) -> list[dict[str, float]]:
        return [w.counters for w in self.workers if w.counters]

    def close(self, interrupted: bool = False) -> None:
        """Stop every worker (each kills its implementation); SIGTERM when `interrupted`
        or when one does not stop, SIGKILL as the last resort."""
        for worker in self.workers:
            if interrupted:
                worker.process.terminate()
            else:
                try:
                    worker.conn.send(("stop",))
                except OSError:
                    worker.process.terminate()
        for worker in self.workers:
            worker.process.join(30)
            if worker.process.is_alive():
                worker.process.terminate()
                worker.process.join(10)
            if worker.process.is_alive():
                worker.process.kill()
                worker.process.join()
            worker.conn.close()
        shutil.rmtree(self.mirrors, ignore_errors=True)


def make_pool(settings: Settings, jobs: int) -> SerialPool | ParallelPool:
    """`SerialPool` for one job, `ParallelPool` for more."""
    return SerialPool(settings) if jobs <= 1 else ParallelPool(settings, jobs)


def sum_counters(counters: Sequence[dict[str, float]]) -> dict[str, float]:
    """Runner counters added up.

    >>> sum_counters([{"acts": 1}, {"acts": 2}])
    {'acts': 3}
    """
    total: dict[str, float] = {}
    for c in counters:
        for key, value in c.items():
            total[key] = total.get(key, 0) + value
    return total
