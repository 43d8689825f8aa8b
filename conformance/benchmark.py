"""`cambio conform --benchmark`: the harness's round trips per second, for the cases and for
the fuzz games, against a bare JSON-lines echo and the implementation alone, measured in the
same run with the very same requests.

One **round trip** is one request line written and its reply line read. The harness
writes the requests of a case in batches (`conformance.lockstep`), so every rate here
is requests per second, and every side is given exactly the harness's batches:

- **harness**: the case items of the run (every case under every target, or those
  ``-k`` selects; no fuzzing) played against the implementation under test exactly as
  `cambio conform` plays them. Requests divided by the wall-clock time of the items:
  the reference's side of each case, writing the requests, reading, checking and
  comparing the replies, and the implementation's own work, all included.
- **echo**: the same request lines sent in lock-step (one line written, its reply read,
  then the next) by a bare client to a JSON-lines echo (`ECHO`, run with the same
  Python) that parses each request and answers ``{"seq": N}`` with the request's seq,
  flushing each reply: the cost of one bare protocol round trip, the floor of a harness
  that waits for every reply. The harness pipelines the requests whose replies do not
  change what it sends next, so it can come near that floor, or pass it, although it
  also pays for the reference's side and the implementation's own work.
- **implementation alone**: the same bare client and batches against a fresh start of
  the implementation under test (after its handshake): what the implementation costs
  with no harness around it. Only for a command line, not ``python:`` implementations.

The items are split into `PARTS` consecutive parts; each part is played by the harness,
then its recorded batches go to the echo and to the implementation alone. Each rate is
the median over the parts, and ``ratio`` is the median over the parts of harness / echo
(``ratio_to_implementation``: harness / implementation alone).

The fuzz games (``--fuzz N``, default 70, shared by the targets; ``-k`` selects as in a
run) are measured the same way, apart: their shards (`conformance.shards`) are split
into parts, each played by the harness exactly as `cambio conform` plays a shard (drawing
the games, the reference's side, checking; no shrinking), then replayed from its
recorded batches by the bare client. For them it also gives the lock-step actions per
second and the requests per lock-step action (the action, every player's view, the
snapshot and the legal actions when the implementation offers them).

>>> client = BareClient(echo_command())
>>> client.round_trip(b'{"cmd":"observe","seq":1,"player":0}\\n' * 3, 3)
>>> client.close()
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import select
import statistics
import subprocess
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from cambio_ref.errors import CambioError
from conformance.harness import Driver, ImplSpec
from conformance.protocol import Message, hello_request
from conformance.strict_json import encode_compact

PARTS = 5
DEFINITION = ("one round trip: one request line written and its reply line read; the echo"
              " answers the same requests in lock-step, the harness and the implementation"
              " alone in the harness's batches; requests per second, medians over the parts")
TIMEOUT = 30.0  # seconds for one batch of the bare client
ECHO = """\
import json, sys
for line in sys.stdin.buffer:
    if line.strip():
        sys.stdout.write(json.dumps({"seq": json.loads(line).get("seq")}) + "\\n")
        sys.stdout.flush()
"""


def echo_command() -> list[str]:
    """The echo's command line: `ECHO` run by this very Python."""
    return [sys.executable, "-c", ECHO]


class BareClient:
    """A bare JSON-lines client: write a batch, read and parse one line per request."""

    def __init__(self, argv: Sequence[str]) -> None:
        try:
            self.proc = subprocess.Popen(list(argv), stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                         bufsize=0)
        except OSError as exc:
            raise CambioError(f"--benchmark: cannot start {argv[0]}: {exc}") from None
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.fd_in, self.fd_out = self.proc.stdin.fileno(), self.proc.stdout.fileno()
        os.set_blocking(self.fd_in, False)
        self.buffer = bytearray()

    def round_trip(self, data: bytes, count: int) -> None:
        """Write `data` (`count` request lines) and read `count` reply lines back."""
        view, deadline = memoryview(data), time.monotonic() + TIMEOUT
        while view or count:
            if time.monotonic() > deadline:
                raise CambioError("--benchmark: no reply within"
                                  f" {TIMEOUT:g} s from {self.proc.args!r}")
            readable, writable, _ = select.select([self.fd_out], [self.fd_in] if view else [],
                                                  [], 1.0)
            if writable:
                with contextlib.suppress(BlockingIOError):
                    view = view[os.write(self.fd_in, view[:65536]):]
            if readable:
                chunk = os.read(self.fd_out, 65536)
                if not chunk:
                    raise CambioError(f"--benchmark: {self.proc.args!r} closed its stdout")
                self.buffer += chunk
                end = self.buffer.rfind(b"\n") + 1
                for line in bytes(self.buffer[:end]).split(b"\n")[:-1]:
                    if line.strip():
                        json.loads(line)
                        count -= 1
                del self.buffer[:end]

    def close(self) -> None:
        """Close its stdin and wait for it (kill it if it does not end)."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.close()
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.proc.stdout.close()


class RecordingDriver(Driver):
    """A `Driver` that keeps every batch it sent and had answered (the requests themselves;
    they are encoded afterwards, outside the time measured)."""

    def __init__(self, spec: ImplSpec, **kwargs: Any) -> None:
        super().__init__(spec, **kwargs)
        self.batches: list[list[Message]] = []

    def send(self, requests: Sequence[Message],
             meanwhile: Iterable[object] | None = None) -> list[Message]:
        replies = super().send(requests, meanwhile)
        self.batches.append(list(requests))
        return replies


def encoded(batches: Sequence[Sequence[Message]]) -> list[tuple[bytes, int]]:
    """Each batch as the harness writes it, with its number of requests.

    >>> encoded([[{"cmd": "observe", "seq": 3, "player": 0}]])
    [(b'{"cmd":"observe","seq":3,"player":0}\\n', 1)]
    """
    return [(b"".join(encode_compact(r).encode() + b"\n" for r in batch), len(batch))
            for batch in batches]


def rate(argv: Sequence[str], batches: Sequence[tuple[bytes, int]],
         lockstep: bool = False) -> float:
    """Requests per second of a bare client sending `batches` to the command `argv`, once it
    has started and answered a handshake (not timed); `lockstep`: one request at a time."""
    client = BareClient(argv)
    try:
        client.round_trip(json.dumps(hello_request(0)).encode() + b"\n", 1)
        if lockstep:
            batches = [(line + b"\n", 1) for data, _ in batches
                       for line in data.split(b"\n") if line]
        started = time.perf_counter()
        for data, count in batches:
            client.round_trip(data, count)
        seconds = time.perf_counter() - started
    finally:
        client.close()
    return sum(count for _, count in batches) / seconds if seconds > 0 else 0.0


@dataclass
class Part:
    """One part of the run: its items, requests and batches, the three rates, and the
    lock-step actions the harness played in it in `seconds`."""

    items: int
    requests: int
    batches: int
    harness: float
    echo: float
    implementation: float | None
    actions: int = 0
    seconds: float = 0.0


@dataclass
class Benchmark:
    """The medians over the parts, and every part (of the cases, or of the fuzz games)."""

    parts: list[Part] = field(default_factory=list)
    kind: str = "case"

    @staticmethod
    def _median(values: Sequence[float | None]) -> float | None:
        known = [v for v in values if v is not None]
        return statistics.median(known) if known else None

    def to_json(self) -> dict[str, Any]:
        """The figures, rounded, for ``--json``.

        >>> Benchmark([Part(1, 10, 2, 100.0, 400.0, 200.0)]).to_json()["ratio"]
        0.25
        """
        def rounded(value: float | None, digits: int = 0) -> float | None:
            return None if value is None else round(value, digits or None)

        parts = self.parts
        return {
            "parts": len(parts), "items": sum(p.items for p in parts),
            "requests": sum(p.requests for p in parts),
            "batches": sum(p.batches for p in parts),
            "harness_requests_per_second": rounded(self._median([p.harness for p in parts])),
            "echo_requests_per_second": rounded(self._median([p.echo for p in parts])),
            "implementation_requests_per_second":
                rounded(self._median([p.implementation for p in parts])),
            "ratio": rounded(self._median([p.harness / p.echo if p.echo else None
                                           for p in parts]), 3),
            "ratio_to_implementation": rounded(self._median(
                [p.harness / p.implementation if p.implementation else None for p in parts]), 3),
            "actions": sum(p.actions for p in parts),
            "lockstep_actions_per_second": rounded(self._median(
                [p.actions / p.seconds if p.seconds else None for p in parts])),
            "requests_per_lockstep_action": rounded(
                sum(p.requests for p in parts) / sum(p.actions for p in parts), 2)
            if any(p.actions for p in parts) else None,
            "per_part": [asdict(p) for p in parts],
        }

    def text(self) -> str:
        """The figures as a few lines for the terminal."""
        data = self.to_json()

        def shown(key: str) -> str:
            value = data[key]
            return "n/a" if value is None else f"{value:g}"

        per_batch = data["requests"] / data["batches"] if data["batches"] else 0
        what = "case items" if self.kind == "case" else "fuzz shards"
        harness = "cases" if self.kind == "case" else "fuzzing"
        text = (f"{self.kind}: {data['items']} {what} in {data['parts']} parts,"
                f" {data['requests']} requests in {data['batches']} batches"
                f" ({per_batch:.0f} requests each)\n"
                f"  echo (bare, lock-step)           {shown('echo_requests_per_second')}"
                " requests/s\n"
                f"  implementation alone (bare)      {shown('implementation_requests_per_second')}"
                " requests/s\n"
                f"  {f'harness ({harness}, end to end)':33}"
                f"{shown('harness_requests_per_second')} requests/s\n"
                f"  ratio harness / echo             {shown('ratio')}\n"
                f"  ratio harness / implementation   {shown('ratio_to_implementation')}\n")
        if self.kind != "case":
            text += (f"  lock-step actions (harness)      {shown('lockstep_actions_per_second')}"
                     f" actions/s, {shown('requests_per_lockstep_action')} requests each"
                     f" ({data['actions']} actions)\n")
        return text


def measure(driver: RecordingDriver, run: Any, items: Sequence[Any],
            parts: int = PARTS, kind: str = "case") -> Benchmark:
    """Play `items` with `run` (``Runner.run``, or a fuzz shard's play) in `parts`
    consecutive parts through `driver`, and measure each part on the harness, the echo and
    the implementation."""
    result = Benchmark(kind=kind)
    parts = max(1, min(parts, len(items)))
    bounds = [round(i * len(items) / parts) for i in range(parts + 1)]
    for low, high in itertools.pairwise(bounds):
        driver.batches.clear()
        before, acts = driver.stats.requests, driver.stats.acts
        started = time.perf_counter()
        for item in items[low:high]:
            run(item)
        seconds = time.perf_counter() - started
        requests = driver.stats.requests - before
        batches = encoded(driver.batches)
        argv = driver.spec.argv
        result.parts.append(Part(
            high - low, requests, len(batches), requests / seconds if seconds > 0 else 0.0,
            rate(echo_command(), batches, lockstep=True), rate(argv, batches) if argv else None,
            driver.stats.acts - acts, seconds))
    return result


def cmd_benchmark(args: Any) -> int:
    """``cambio conform --benchmark``: measure, print (text or ``--json``), exit 0 (2 when
    the implementation cannot start or answer its handshake)."""
    from conformance.conform import DEFAULT_FUZZ, HandshakeFailed, Runner, load_case_paths, plan
    from conformance.harness import parse_impl
    from conformance.signals import interruptible
    from conformance.targets import check_names, targets

    spec = parse_impl(args.impl)
    check_names(args.ruleset or ())
    cases = load_case_paths(args.cases or [])
    fuzz = DEFAULT_FUZZ if args.fuzz is None else args.fuzz
    driver = RecordingDriver(spec, timeout=args.timeout, max_restarts=args.max_restarts)
    runner = Runner(driver, seed=args.seed or 0, impl_text=args.impl, shrink_seconds=0)
    results: dict[str, Benchmark | None] = {"cases": None, "fuzz": None}
    try:
        with interruptible():
            try:
                hello = runner.start()
            except HandshakeFailed as exc:
                raise CambioError(str(exc)) from None
            items = plan(targets(args.ruleset or [], hello.rules), cases=cases,
                         keyword=args.keyword, fuzz=fuzz)
            shards = [(item, index) for item in items if item.kind == "fuzz"
                      for index in item.shard_indices]
            items = [item for item in items if item.kind != "fuzz"]
            if not items and not shards:
                raise CambioError(f"-k {args.keyword!r} selects no case and no fuzz game")
            if items:
                results["cases"] = measure(driver, runner.run, items)
            if shards:
                results["fuzz"] = measure(driver, lambda shard: runner.run_shard(*shard),
                                          shards, kind="fuzz")
    finally:
        runner.close()
    failures = sum(driver.stats.failures.values())
    if args.json:
        print(json.dumps({"definition": DEFINITION,
                          **{k: v.to_json() if v else None for k, v in results.items()},
                          "failures": failures}, indent=2))
    else:
        sys.stdout.write(f"benchmark: {DEFINITION}\n")
        for result in results.values():
            if result is not None:
                sys.stdout.write(result.text())
        if failures:
            print(f"  ({failures} failures of the implementation during the run: the figures"
                  " include restarts)")
    return 0
