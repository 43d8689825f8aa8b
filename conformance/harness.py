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

import importlib
import shlex
import shutil
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cambio_ref.rules import Rules
from conformance.endpoints import Endpoint, InProcessEndpoint, ProcessEndpoint
from conformance.failures import CannotStart, ImplementationFailure, RestartBudgetExhausted
from conformance.implementation import Event, Implementation, Rejection
from conformance.protocol import (
    Hello,
    Message,
    ProtocolError,
    hello_request,
    new_game_request,
    reply_to_act,
)
from conformance.signals import received

DEFAULT_TIMEOUT = 5.0
HELLO_TIMEOUT = 30.0
DEFAULT_RESTARTS = 20


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
    conformance.failures.CannotStart: --impl python:nowhere:make: cannot import module 'nowhere'

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
    legal_bytes: int = 0  # the reference's last `legal` reply, encoded (`Lockstep.replay`)


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

    def stderr_tail(self) -> str:
        """The tail of the implementation's stderr: the running process's, else the last
        failed one's."""
        return self.endpoint.stderr_tail() if self.endpoint is not None else self.last_stderr

    def expect(self, cmd: str, reply: Message, encoded: bytes) -> None:
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
