"""Endpoints: one running implementation, spoken to in batches of requests.

`ProcessEndpoint` runs a command in its own process group and speaks JSON lines
over pipes, with a timeout per request; `InProcessEndpoint` calls a Python
implementation directly, its replies held to the same strict JSON. Both turn
every misbehaviour into an `ImplementationFailure`; `conformance.harness.Driver`
restarts them.

>>> from conformance.protocol import hello_request
>>> from conformance.serve import ReferenceEngine
>>> endpoint = InProcessEndpoint(ReferenceEngine)
>>> [reply["implementation"]["name"] for reply in endpoint.send([hello_request(0)], 5.0)]
['cambio-ref']
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import shlex
import signal
import subprocess
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from conformance.checked import CheckedLines
from conformance.failures import CannotStart, ImplementationFailure
from conformance.implementation import Implementation
from conformance.processes import STDERR_TAIL, StderrTail, Supervised, become_subreaper
from conformance.protocol import Message, check_reply, dispatch
from conformance.replies import shown
from conformance.serve import reference_line
from conformance.strict_json import (
    MAX_DEPTH,
    MAX_LINE,
    StrictJSONError,
    encode_compact,
    parse_line,
)

HINT = ("stdout must carry only protocol lines: print logs to stderr and flush stdout after"
        " each reply")


class Endpoint:
    """One running implementation: send a batch of requests, get the replies in order."""

    def send(self, requests: Sequence[Message], timeout: float) -> list[Message]:
        raise NotImplementedError

    def stderr_tail(self) -> str:
        return ""

    def expect(self, cmd: str, reply: Message, encoded: bytes) -> None:
        """Hear that the reference's own reply to `cmd` in this batch is `reply` (valid),
        `encoded` its compact encoding."""

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
        self.encode = encode_compact
        self.checked = CheckedLines()

    def stderr_tail(self) -> str:
        return self.stderr.text(STDERR_TAIL)

    def expect(self, cmd: str, reply: Message, encoded: bytes) -> None:
        """A reply line byte for byte `encoded`, the reference's own encoding of `reply`
        (apart from its seq), is valid without being parsed or checked: a big `legal`
        list then costs a comparison of bytes. Only for the batch being sent."""
        self.checked.expect((cmd, encoded[1:]), reply)

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
        # Its last words: the thread that drains stderr may not have read them yet when the process has
        # ended (its pipe's end comes once every process of the group is gone, as now after the kill).
        self.stderr.join(1.0)
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


def as_sent(request: Message, reply: Any) -> bytes:
    """A Python implementation's reply as the line it would write to a pipe (compact, as
    `cambio serve` writes), so that in-process and out-of-process implementations are held
    to the same rules: the line is then read as any other (`parse_line`)."""
    try:
        return _AS_SENT(reply).encode("utf-8")
    except RecursionError:
        raise ImplementationFailure("protocol_error", f"the reply to {request['cmd']} (seq"
                                    f" {request['seq']}) is not strict JSON: nested deeper than"
                                    f" {MAX_DEPTH} levels", "", request["cmd"]) from None
    except (TypeError, ValueError, UnicodeEncodeError) as exc:
        raise ImplementationFailure("protocol_error", f"the reply to {request['cmd']} (seq"
                                    f" {request['seq']}) is not strict JSON: {exc}", "",
                                    request["cmd"]) from None


# (built once: json.dumps with options builds an encoder for every call)
_AS_SENT = json.JSONEncoder(allow_nan=False, separators=(",", ":")).encode


class InProcessEndpoint(Endpoint):
    """A Python implementation called directly (``--impl python:module:factory``); no timeouts."""

    def __init__(self, factory: Callable[[], Implementation]) -> None:
        try:
            self.impl = factory()
        except Exception as exc:
            raise ImplementationFailure("crash", f"the factory failed: {type(exc).__name__}:"
                                        f" {exc}", "", "hello") from None
        self.checked = CheckedLines()

    def expect(self, cmd: str, reply: Message, encoded: bytes) -> None:
        """As `ProcessEndpoint.expect`: a reply whose line is the reference's own bytes is
        taken without being parsed and checked (the harness says so before `send`)."""
        self.checked.expect((cmd, encoded[1:]), reply)

    def send(self, requests: Sequence[Message], timeout: float) -> list[Message]:
        replies: list[Message] = []
        try:
            for request in requests:
                try:
                    reply = self._reply(request)
                    if "error" in reply:
                        raise _reported(request, reply, "")
                except ImplementationFailure as exc:
                    exc.replies, exc.index = replies, len(replies)
                    raise
                replies.append(reply)
        finally:
            self.checked.new_batch()
        return replies

    def _reply(self, request: Message) -> Message:
        # (the reference's own `legal`, not overridden, is written as `cambio serve` writes
        # it: from the remembered texts of its actions, not by encoding their dicts)
        fast = reference_line(self.impl, request)
        line = fast[:-1] if fast is not None else as_sent(request, dispatch(self.impl, request))
        known = self.checked.known(request["cmd"], line)
        if known is not None and known["seq"] == request["seq"]:
            return known
        try:
            value = parse_line(line)
        except StrictJSONError as exc:
            raise ImplementationFailure("protocol_error", f"the reply to {request['cmd']} (seq"
                                        f" {request['seq']}) is not strict JSON: {exc}", "",
                                        request["cmd"]) from None
        reply = _check(request, value, str)
        if "error" not in reply:
            self.checked.add(self.checked.key(request["cmd"], line), reply)
        return reply
