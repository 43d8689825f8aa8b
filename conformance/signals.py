"""Stopping a run cleanly on SIGINT, SIGTERM and SIGHUP.

Inside `interruptible`, each of these signals raises `Interrupted` (a
BaseException, so that no ``except Exception`` on the way, Hypothesis's
included, takes it for a failure of the implementation). The run loop then
kills the implementation and writes every report inside `shielded`, where the
same signals are ignored until the reports are complete.

>>> import os, signal, time
>>> with interruptible():
...     try:
...         os.kill(os.getpid(), signal.SIGTERM)
...         time.sleep(5)
...     except Interrupted as exc:
...         print(exc, exc.status)
interrupted by SIGTERM 143
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
from collections.abc import Iterator
from types import FrameType
from typing import Any

STOPPING = (signal.SIGINT, signal.SIGTERM, *([signal.SIGHUP] if hasattr(signal, "SIGHUP") else []))


class Interrupted(BaseException):
    """The run was told to stop by a signal; `status` is the conventional 128 + its number."""

    def __init__(self, signum: int) -> None:
        self.signum = signum
        self.status = 128 + signum
        super().__init__(f"interrupted by {signal.Signals(signum).name}")


_received: list[int] = []  # the signals received inside `interruptible`
_depth = [0]  # how many `interruptible` levels the main thread is inside


def _forget() -> None:
    """A forked child starts outside every level (it never leaves its parent's)."""
    _received.clear()
    _depth[0] = 0


os.register_at_fork(after_in_child=_forget)


def _raise(signum: int, frame: FrameType | None) -> None:
    _received.append(signum)
    raise Interrupted(signum)


def received() -> Interrupted | None:
    """The first stopping signal received inside `interruptible`, if any (even when a library
    on the way, such as Hypothesis, wrapped the exception in another)."""
    return Interrupted(_received[0]) if _received else None


@contextlib.contextmanager
def _handlers(handler: signal.Handlers | object) -> Iterator[None]:
    if threading.current_thread() is not threading.main_thread():
        yield  # (signals reach the main thread only; a run elsewhere keeps the defaults)
        return
    old = {sig: signal.signal(sig, handler) for sig in STOPPING}  # type: ignore[arg-type]
    try:
        yield
    finally:
        for sig, previous in old.items():
            signal.signal(sig, previous)


@contextlib.contextmanager
def _quiet_unraisable() -> Iterator[None]:
    """`Interrupted` raised where Python cannot pass it on (a garbage-collector callback,
    a ``__del__``) is dropped silently: `received` still tells, and the next request stops."""
    previous = sys.unraisablehook

    def hook(unraisable: Any) -> None:
        if not isinstance(unraisable.exc_value, Interrupted):
            previous(unraisable)

    sys.unraisablehook = hook
    try:
        yield
    finally:
        sys.unraisablehook = previous


@contextlib.contextmanager
def interruptible() -> Iterator[None]:
    """While inside, SIGINT, SIGTERM and SIGHUP raise `Interrupted`. What `received` tells
    lasts until the outermost level is left: a level inside another (``cambio conform``
    nests two) leaves it for the outer one to read, and nothing run afterwards in the same
    process sees a stop that belonged to an earlier run.

    >>> import os, signal
    >>> with interruptible():
    ...     try:
    ...         with interruptible():
    ...             os.kill(os.getpid(), signal.SIGHUP)
    ...     except Interrupted:
    ...         print(received())
    interrupted by SIGHUP
    >>> print(received())
    None
    """
    if threading.current_thread() is not threading.main_thread():
        with _quiet_unraisable():  # (no signal reaches this thread: the state is not its own)
            yield
        return
    if _depth[0] == 0:
        _received.clear()
    _depth[0] += 1
    try:
        with _quiet_unraisable(), _handlers(_raise):
            yield
    finally:
        _depth[0] -= 1
        if _depth[0] == 0:
            _received.clear()


@contextlib.contextmanager
def own_record() -> Iterator[None]:
    """While inside, what `received` tells is this run's own: whatever levels are open around
    it (left open by a run an exception cut short), it starts with no stop recorded, and
    theirs is put back when it is left. Around a run's outermost level (``cambio conform``:
    ``with own_record(), interruptible():``), or alone around a run that is no level of its
    own: an item of the pytest plugin, where a signal must stay pytest's.

    >>> import os, signal
    >>> left_open = interruptible()
    >>> left_open.__enter__()
    >>> try:
    ...     os.kill(os.getpid(), signal.SIGHUP)
    ... except Interrupted:
    ...     pass
    >>> with own_record():
    ...     print(received())
    None
    >>> print(received())
    interrupted by SIGHUP
    >>> left_open.__exit__(None, None, None)
    False
    """
    if threading.current_thread() is not threading.main_thread():
        yield  # (a run in another thread reads the main thread's record: none of its own)
        return
    outer, _received[:], _depth[0] = (list(_received), _depth[0]), [], 0
    try:
        yield
    finally:
        _received[:], _depth[0] = outer


def shielded() -> contextlib.AbstractContextManager[None]:
    """While inside, SIGINT, SIGTERM and SIGHUP are ignored (the reports are being written)."""
    return _handlers(signal.SIG_IGN)
