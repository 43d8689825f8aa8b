"""Driving an implementation: a supervised subprocess, or a Python object in-process.

`Driver` owns one running implementation at a time. It does the handshake,
sends batches of requests (written at once, answered in order, each within
the per-request timeout), and turns every misbehaviour into an
`ImplementationFailure` with a status (``crash``, ``timeout`` or
``protocol_error``) and the tail of the implementation's stderr. After a
failure the process group is killed; the next request starts a fresh process,
until the restart budget is spent.

>>> spec = parse_impl("python:conformance.serve:ReferenceEngine")
>>> driver = Driver(spec)
>>> driver.start().name
'cambio-ref'
>>> client = Client(driver)
>>> from cambio_ref.rules import resolve
>>> deck = [card.code for card in resolve("online").deck(2)]
>>> events = client.new_game(resolve("online"), 2, 0, deck, 0)
>>> client.act({"t": "peek", "player": 0, "slot": 0}).code
'E_PEEK_SLOT'
>>> [e["t"] for e in client.act({"t": "peek", "player": 0, "slot": 2})]
['peeked']
>>> driver.close()
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import select
import shlex
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cambio_ref.errors import CambioError
from cambio_ref.rules import Rules
from conformance.checked import CheckedLines
from conformance.implementation import Event, Implementation, Rejection
from conformance.processes import StderrTail, Supervised, become_subreaper
from conformance.protocol import (
    Hello,
    Message,
    ProtocolError,
    check_reply,
    dispatch,
    hello_request,
    new_game_request,
    reply_to_act,
)
from conformance.schema_check import shown
from conformance.signals import received
from conformance.strict_json import MAX_DEPTH, MAX_LINE, StrictJSONError, parse_line

DEFAULT_TIMEOUT = 5.0
HELLO_TIMEOUT = 30.0
DEFAULT_RESTARTS = 20
STDERR_TAIL = 4000
HINT = ("stdout must carry only protocol lines: print logs to stderr and flush stdout after"
        " each reply")


class ImplementationFailure(Exception):
    """The implementation crashed, hung, or broke the protocol while handling `cmd`."""

    def __init__(self, status: str, message: str, stderr: str = "", cmd: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.stderr = stderr
        self.cmd = cmd
        # in a batch: the replies to the requests before the one that failed, and its index
        self.replies: list[Message] = []
        self.index = 0


class CannotStart(CambioError):
    """The implementation command cannot be started at all (a usage error)."""


class RestartBudgetExhausted(Exception):
    """The implementation failed too often; the rest of the run is not run."""


# -- what --impl names -------------------------------------------------------------


@dataclass(frozen=True)
class ImplSpec:
    """An implementation to drive: a command line, or a Python factory (in-process)."""

    text: str
    argv: tuple[str, ...] = ()
    factory: Callable[[], Implementation] | None = None

    @property
    def in_process(self) -> bool:
        return self.factory is not None


SERVE = "cambio serve"


def parse_impl(text: str | None) -> ImplSpec:
    """Read ``--impl``: a command line (default ``cambio serve``), or ``python:module:factory``.

    >>> parse_impl("node adapter.js --fast").argv
    ('node', 'adapter.js', '--fast')
    >>> parse_impl("python:nowhere:make")
    Traceback (most recent call last):
    ...
    conformance.harness.CannotStart: --impl python:nowhere:make: cannot import module 'nowhere'

    Only a missing option means the default: an empty or blank one (an unset variable in a
    CI job) is an error, never a silent run against the bundled reference.
    """
    text = (SERVE if text is None else text).strip()
    if text.startswith("python:"):
        _, _, rest = text.partition(":")
        module, sep, attr = rest.partition(":")
        if not module or not sep or not attr:
            raise CannotStart(f"--impl {text}: expected python:MODULE:FACTORY")
        try:
            mod = importlib.import_module(module)
        except ImportError:
            raise CannotStart(f"--impl {text}: cannot import module {module!r}") from None
        factory = getattr(mod, attr, None)
        if not callable(factory):
            raise CannotStart(f"--impl {text}: {module} has no callable {attr!r}")
        return ImplSpec(text, factory=factory)
    try:
        argv = shlex.split(text)
    except ValueError as exc:
        raise CannotStart(f"--impl {text!r}: {exc}") from None
    if not argv:
        raise CannotStart("--impl is empty: give the implementation's command line (leave the"
                          " option out to check the bundled reference, cambio serve)")
    if argv[:2] == ["cambio", "serve"] and shutil.which("cambio") is None:
        argv = [sys.executable, "-m", "conformance.serve", *argv[2:]]
    return ImplSpec(text, argv=tuple(argv))


# -- endpoints -------------------------------------------------------------------


class Endpoint:
    """One running implementation: send a batch of requests, get the replies in order."""

    def send(self, requests: Sequence[Message], timeout: float) -> list[Message]:
        raise NotImplementedError

    def stderr_tail(self) -> str:
        return ""

    def expect(self, cmd: str, reply: Message, encoded: bytes | None = None) -> None:
        """Hear that the reference's own reply to `cmd` in this batch is `reply` (valid;
        `encoded`: its compact encoding, if known)."""

    def close(self) -> None:
        """Stop the implementation; no process may be left behind."""


def _check(request: Message, reply: Any, tail: Callable[[], str]) -> Message:
    """`reply` if it fits the schema of the reply to `request` and echoes its seq."""
    cmd = request["cmd"]
    if not isinstance(reply, dict):
        raise ImplementationFailure("protocol_error", f"the reply to {cmd} (seq {request['seq']})"
                                    f" is not a JSON object: {shown(reply, 120)} ({HINT})",
                                    tail(), cmd)
    problem = check_reply(cmd, reply)
    if problem:
        raise ImplementationFailure("protocol_error", f"{problem} (seq {request['seq']})", tail(),
                                    cmd)
    if reply["seq"] != request["seq"]:
        raise ImplementationFailure("protocol_error", f"the reply to {cmd} (seq {request['seq']})"
                                    f" carries seq {reply['seq']}", tail(), cmd)
    return reply


def _reported(request: Message, reply: Message, tail: str) -> ImplementationFailure:
    message = reply["error"]["message"]
    trace = reply["error"].get("traceback")
    return ImplementationFailure("crash", f"the implementation reported an error on {request['cmd']}"
                                 f" (seq {request['seq']}): {message}",
                                 (trace if isinstance(trace, str) else "") + tail, request["cmd"])


class ProcessEndpoint(Endpoint):
    """An implementation in its own process group, spoken to over pipes."""

    def __init__(self, argv: Sequence[str]) -> None:
        self.argv = list(argv)
        become_subreaper()
        try:
            self.proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.PIPE, start_new_session=True, bufsize=0)
        except OSError as exc:
            raise CannotStart(f"--impl {shlex.join(self.argv)}: cannot start it:"
                              f" {exc.strerror or exc}") from None
        assert self.proc.stdin is not None and self.proc.stdout is not None
        assert self.proc.stderr is not None
        self.supervised = Supervised(self.proc.pid)
        self.stderr = StderrTail(self.proc.stderr.fileno())
        self.fd_in = self.proc.stdin.fileno()
        self.fd_out = self.proc.stdout.fileno()
        os.set_blocking(self.fd_in, False)  # (a batch is written as the pipe takes it)
        self.buffer = bytearray()
        self.closed = False
        self.encode = json.JSONEncoder(separators=(",", ":")).encode
        self.checked = CheckedLines()

    def stderr_tail(self) -> str:
        return self.stderr.text(STDERR_TAIL)

    def expect(self, cmd: str, reply: Message, encoded: bytes | None = None) -> None:
        """A reply line byte for byte the reference's own encoding of `reply` (apart from
        its seq; `encoded` when the caller has it) is valid without being parsed or
        checked: a big `legal` list then costs a comparison of bytes. Only for the batch
        being sent."""
        text = encoded if encoded is not None else self.encode(reply).encode()
        self.checked.expect((cmd, text[1:]), reply)

    def send(self, requests: Sequence[Message], timeout: float,
             meanwhile: Iterable[object] | None = None) -> list[Message]:
        """Write the batch; do `meanwhile` (the caller's work while the implementation
        answers, one piece per item); then read, check and return the replies in order."""
        data = b"".join(self.encode(r).encode() + b"\n" for r in requests)
        self.checked.new_batch()
        self._write(data, requests[0], timeout)
        if meanwhile is not None:
            self._meanwhile(meanwhile)
        replies: list[Message] = []
        reported: ImplementationFailure | None = None
        try:
            for request in requests:
                line = self._readline(request, timeout)
                known = self.checked.known(request["cmd"], line)
                if known is not None and known["seq"] == request["seq"]:
                    replies.append(known)  # (passed before but for its seq: only that is new)
                    continue
                try:
                    reply = parse_line(line)
                except StrictJSONError as exc:
                    self.kill()
                    raise ImplementationFailure(
                        "protocol_error", f"not a JSON line in reply to {request['cmd']} (seq"
                        f" {request['seq']}): {exc}; the line: "
                        f"{shown(line[:120].decode('utf-8', 'replace'), 130)} ({HINT})",
                        self.stderr_tail(), request["cmd"]) from None
                try:
                    reply = _check(request, reply, self.stderr_tail)
                except ImplementationFailure:
                    self.kill()
                    raise
                if "error" not in reply:
                    self.checked.add(self.checked.key(request["cmd"], line), reply)
                elif reported is None:
                    reported = _reported(request, reply, self.stderr_tail())
                    reported.replies, reported.index = list(replies), len(replies)
                replies.append(reply)
        except ImplementationFailure as exc:  # (after an error reply: that request failed first)
            exc.replies, exc.index = (reported.replies, reported.index) if reported is not None \
                else (replies, len(replies))
            raise
        if reported is not None:
            raise reported
        return replies

    def _write(self, data: bytes, request: Message, timeout: float) -> None:
        """Write a batch of requests, reading replies into the buffer meanwhile, so that
        an implementation that answers while the batch is still being written never
        waits on a full pipe (and neither does the harness)."""
        view = memoryview(data)
        deadline = time.monotonic() + timeout
        while view:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                self.kill()
                raise ImplementationFailure(
                    "timeout", f"the implementation stopped reading its requests (at"
                    f" {request['cmd']}, seq {request['seq']}) for {timeout:g} s",
                    self.stderr_tail(), request["cmd"])
            readable, writable, _ = select.select([self.fd_out], [self.fd_in], [], remaining)
            if writable:
                try:
                    written = os.write(self.fd_in, view[:65536])
                except BlockingIOError:
                    written = 0
                except BrokenPipeError:  # (it has ended: what it wrote first is read, and
                    return                 # reported, by the reading of the replies)
                view = view[written:]
                if written:
                    deadline = time.monotonic() + timeout
            if readable:
                chunk = os.read(self.fd_out, 65536)
                if not chunk:
                    raise self._died(request)
                self.buffer += chunk
                if len(self.buffer) > 2 * MAX_LINE:  # (a flood while the batch is written)
                    self.kill()
                    raise ImplementationFailure(
                        "protocol_error", f"more than {2 * MAX_LINE} bytes of output while its"
                        f" requests were still being written (at {request['cmd']}, seq"
                        f" {request['seq']}) ({HINT})", self.stderr_tail(), request["cmd"])

    def _meanwhile(self, work: Iterable[object]) -> None:
        """Do `work` piece by piece, reading between pieces what the implementation has
        written so far, so that it never waits on a full pipe (up to the flood limit of
        `_write`; past it, and after its end of output, `_readline` deals with the rest)."""
        reading = True
        for _ in work:
            if reading and select.select([self.fd_out], [], [], 0)[0]:
                chunk = os.read(self.fd_out, 65536)
                self.buffer += chunk
                reading = bool(chunk) and len(self.buffer) <= 2 * MAX_LINE

    def _readline(self, request: Message, timeout: float) -> bytes:
        deadline = time.monotonic() + timeout
        buffer = self.buffer
        while True:
            end = buffer.find(b"\n")
            if end >= 0:
                line = bytes(buffer[:end])
                del buffer[:end + 1]
                if line.strip():
                    return line
                continue
            if len(buffer) > MAX_LINE:
                self.kill()
                raise ImplementationFailure(
                    "protocol_error", f"the reply to {request['cmd']} (seq {request['seq']}) is a"
                    f" line longer than {MAX_LINE} bytes ({HINT})", self.stderr_tail(),
                    request["cmd"])
            remaining = deadline - time.monotonic()
            ready = select.select([self.fd_out], [], [], remaining)[0] if remaining > 0 else []
            if not ready:
                self.kill()
                raise ImplementationFailure(
                    "timeout", f"no reply to {request['cmd']} (seq {request['seq']}) within"
                    f" {timeout:g} s", self.stderr_tail(), request["cmd"])
            chunk = os.read(self.fd_out, 65536)
            if not chunk:
                raise self._died(request)
            buffer += chunk

    def _died(self, request: Message) -> ImplementationFailure:
        code = self._wait(1.0)
        self.kill()
        if code is None:
            how = "closed its stdout"
        elif code < 0:
            how = f"was killed by signal {signal.Signals(-code).name}"
        else:
            how = f"exited with status {code}"
        return ImplementationFailure("crash", f"the implementation {how} while handling"
                                     f" {request['cmd']} (seq {request['seq']})",
                                     self.stderr_tail(), request["cmd"])

    def _wait(self, seconds: float) -> int | None:
        """Wait for the process to exit without reaping it; its exit status, or None."""
        deadline = time.monotonic() + seconds
        while True:
            try:
                info = os.waitid(os.P_PID, self.proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
            except ChildProcessError:
                return self.proc.returncode
            if info is not None:
                return info.si_status if info.si_code == os.CLD_EXITED else -info.si_status
            if time.monotonic() >= deadline:
                return None
            time.sleep(0.005)

    def kill(self) -> None:
        """Kill the implementation and every process it started, and reap it."""
        if self.closed:
            return
        self.supervised.kill(0 if self._wait(0) is not None else 0.2)
        self.proc.wait()
        for pipe in (self.proc.stdin, self.proc.stdout):
            if pipe is not None:
                pipe.close()
        self.closed = True  # (only now: a kill cut short by a signal is done again by close)

    def close(self) -> None:
        if not self.closed:
            with contextlib.suppress(OSError):
                os.write(self.fd_in, b'{"cmd":"stop","seq":-1}\n')
            self._wait(1.0)
            self.kill()
        self.stderr.join(1.0)
        if self.proc.stderr is not None:
            self.proc.stderr.close()


def _as_sent(request: Message, reply: Any) -> Any:
    """A Python implementation's reply as it would arrive over a pipe: strict JSON, so that
    in-process and out-of-process implementations are held to the same rules."""
    try:
        line = json.dumps(reply, allow_nan=False, separators=(",", ":")).encode("utf-8")
        return parse_line(line)
    except RecursionError:
        raise ImplementationFailure("protocol_error", f"the reply to {request['cmd']} (seq"
                                    f" {request['seq']}) is not strict JSON: nested deeper than"
                                    f" {MAX_DEPTH} levels", "", request["cmd"]) from None
    except (TypeError, ValueError, UnicodeEncodeError) as exc:
        raise ImplementationFailure("protocol_error", f"the reply to {request['cmd']} (seq"
                                    f" {request['seq']}) is not strict JSON: {exc}", "",
                                    request["cmd"]) from None


class InProcessEndpoint(Endpoint):
    """A Python implementation called directly (``--impl python:module:factory``); no timeouts."""

    def __init__(self, factory: Callable[[], Implementation]) -> None:
        try:
            self.impl = factory()
        except Exception as exc:
            raise ImplementationFailure("crash", f"the factory failed: {type(exc).__name__}:"
                                        f" {exc}", "", "hello") from None

    def send(self, requests: Sequence[Message], timeout: float) -> list[Message]:
        replies: list[Message] = []
        for request in requests:
            try:
                reply = _check(request, _as_sent(request, dispatch(self.impl, request)), str)
                if "error" in reply:
                    raise _reported(request, reply, "")
            except ImplementationFailure as exc:
                exc.replies, exc.index = replies, len(replies)
                raise
            replies.append(reply)
        return replies


# -- supervision ---------------------------------------------------------------


@dataclass
class Stats:
    """Traffic through the protocol."""

    requests: int = 0
    round_trips: int = 0  # batches of requests written at once and answered
    acts: int = 0
    seconds: float = 0.0
    restarts: int = 0
    failures: dict[str, int] = field(default_factory=dict)


class Driver:
    """The implementation under test, restarted after each failure (up to `max_restarts`)."""

    def __init__(self, spec: ImplSpec, timeout: float = DEFAULT_TIMEOUT,
                 max_restarts: int = DEFAULT_RESTARTS, hello_timeout: float = HELLO_TIMEOUT) -> None:
        self.spec = spec
        self.timeout = timeout
        self.hello_timeout = max(hello_timeout, timeout)
        self.max_restarts = max_restarts
        self.endpoint: Endpoint | None = None
        self.hello: Hello | None = None
        self.stats = Stats()
        self.last_stderr = ""
        self._seq = 0

    @property
    def name(self) -> str:
        return self.hello.name if self.hello else self.spec.text

    @property
    def exhausted(self) -> bool:
        return self.hello is not None and self.endpoint is None and \
            self.stats.restarts >= self.max_restarts

    def start(self) -> Hello:
        """Start the implementation and do the handshake (the first start, or a restart)."""
        if self.endpoint is not None:
            assert self.hello is not None
            return self.hello
        endpoint: Endpoint
        if self.spec.factory is not None:
            endpoint = InProcessEndpoint(self.spec.factory)
        else:
            endpoint = ProcessEndpoint(self.spec.argv)
        self.endpoint = endpoint
        self._seq = 0
        request = hello_request(0)
        try:
            try:
                hello = Hello.parse(endpoint.send([request], self.hello_timeout)[0])
            except ProtocolError as exc:
                raise ImplementationFailure("protocol_error", str(exc), endpoint.stderr_tail(),
                                            "hello") from None
        except ImplementationFailure as exc:
            self._failed(exc)
            self.close()
            raise
        if self.hello is None:
            self.hello = hello
        return self.hello

    def send(self, requests: Sequence[Message],
             meanwhile: Iterable[object] | None = None) -> list[Message]:
        """Send requests (a batch, answered in order); restart first if the last one failed.
        `meanwhile` is done while the implementation answers (see `Endpoint.send`); not at
        all if the batch could not be written."""
        stop = received()
        if stop is not None:  # (the run is stopping: a library that caught it cannot go on)
            raise stop
        if self.endpoint is None:
            if self.hello is not None:
                if self.stats.restarts >= self.max_restarts:
                    raise RestartBudgetExhausted(f"the implementation failed {self.stats.restarts}"
                                                 " times; the restart budget is spent")
                self.stats.restarts += 1
            self.start()
        assert self.endpoint is not None
        for request in requests:
            self._seq += 1
            request["seq"] = self._seq
        endpoint = self.endpoint
        if meanwhile is not None and not isinstance(endpoint, ProcessEndpoint):
            for _ in meanwhile:  # (in-process: nothing runs alongside, so the work comes first)
                pass
            meanwhile = None
        started = time.perf_counter()
        try:
            if meanwhile is None:
                replies = endpoint.send(requests, self.timeout)
            else:
                assert isinstance(endpoint, ProcessEndpoint)
                replies = endpoint.send(requests, self.timeout, meanwhile)
        except ImplementationFailure as exc:
            self.stats.requests += exc.index  # (the requests answered before the failure)
            self.stats.round_trips += 1 if exc.index else 0
            self._failed(exc)
            raise
        self.stats.seconds += time.perf_counter() - started  # (only answered requests count)
        self.stats.requests += len(requests)
        self.stats.round_trips += 1
        return replies

    def expect(self, cmd: str, reply: Message, encoded: bytes | None = None) -> None:
        """Tell the implementation's endpoint the reference's reply to `cmd` in the batch
        being sent (`Endpoint.expect`)."""
        if self.endpoint is not None:
            self.endpoint.expect(cmd, reply, encoded)

    def _failed(self, exc: ImplementationFailure) -> None:
        self.stats.failures[exc.status] = self.stats.failures.get(exc.status, 0) + 1
        self.last_stderr = exc.stderr
        if exc.status == "crash" and exc.message.startswith("the implementation reported"):
            return  # it answered with an error: still in step, keep the process
        if self.endpoint is not None:
            self.endpoint.close()
            self.endpoint = None

    def close(self) -> None:
        """Stop the implementation (kill its process group if it does not stop)."""
        if self.endpoint is not None:
            self.endpoint.close()
            self.endpoint = None


class Client:
    """An `Implementation` over a `Driver`: what `run_case` plays cases against."""

    def __init__(self, driver: Driver) -> None:
        self.driver = driver
        self.name = driver.name

    def new_game(self, rules: Rules, players: int, dealer: int, deck: list[str],
                 seed: int, first: int | None = None) -> list[Event]:
        reply = self.driver.send([new_game_request(rules, players, dealer, deck, seed, first)])[0]
        events: list[Event] = reply["events"]
        return events

    def act(self, action: dict[str, Any]) -> list[Event] | Rejection:
        self.driver.stats.acts += 1
        return reply_to_act(self.driver.send([{"cmd": "act", "action": action}])[0])

    def observe(self, player: int) -> dict[str, Any]:
        view: dict[str, Any] = self.driver.send([{"cmd": "observe", "player": player}])[0]["view"]
        return view
