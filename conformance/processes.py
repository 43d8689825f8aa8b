"""Supervising an implementation's processes: none escapes, and its stderr stays bounded.

An implementation runs in its own process group, but a child that calls
``setsid`` (or forks twice) leaves that group. On Linux the harness becomes a
*child subreaper* (``prctl(PR_SET_CHILD_SUBREAPER)``), so such an orphan is
re-parented to the harness instead of to init; `kill_tree` then finds every
descendant of the implementation by walking ``/proc``, together with the
orphans it left to the harness, and kills them all. Elsewhere the process group
is all there is.

`StderrTail` drains the implementation's stderr in a thread and keeps only its
last `STDERR_KEEP` bytes, counting the rest. In a worker process of ``--jobs N``,
`mirror_stderr_to` has every tail also kept in a file (its shown part, rewritten as it
grows), so that the main process can still quote it when the worker dies.

>>> import subprocess, sys
>>> proc = subprocess.Popen([sys.executable, "-c", "import sys; sys.stderr.write('x' * 70000)"],
...                         stderr=subprocess.PIPE, start_new_session=True)
>>> tail = StderrTail(proc.stderr.fileno(), keep=1000)
>>> proc.wait()
0
>>> tail.join(5)
>>> tail.dropped, tail.text(limit=100)[:44]
(69000, '[69900 earlier bytes of stderr not kept]\\nxxx')
>>> proc.stderr.close()
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os
import signal
import sys
import threading
import time
from functools import cache
from pathlib import Path

STDERR_KEEP = 64 * 1024  # bytes of an implementation's stderr kept in memory
STDERR_TAIL = 4000  # bytes of it quoted in a result
PR_SET_CHILD_SUBREAPER = 36
PR_SET_PDEATHSIG = 1
LINUX = sys.platform.startswith("linux")
_live_roots: set[int] = set()  # implementations running now (their orphans are not another's)
_mirror: list[str] = []  # (the file this process's stderr tails are mirrored to, if any)


def _prctl(option: int, value: int) -> bool:
    """``prctl(option, value)`` (Linux); True if it succeeded."""
    if not LINUX:
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        return bool(libc.prctl(option, value, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


@cache
def become_subreaper() -> bool:
    """Make this process the reaper of its orphaned descendants (Linux); True if it is."""
    return _prctl(PR_SET_CHILD_SUBREAPER, 1)


def die_with_parent(parent: int, sig: signal.Signals = signal.SIGTERM) -> bool:
    """Have the kernel send `sig` to this process as soon as its parent ends, whatever
    kills it (Linux: ``prctl(PR_SET_PDEATHSIG)``; the parent is the thread that started
    this process); False if the parent, pid `parent`, is already gone (then no signal
    will come) or the platform has no such thing.

    >>> die_with_parent(-1)  # (not this process's parent: nothing is asked of the kernel)
    False
    """
    if os.getppid() != parent:
        return False
    return _prctl(PR_SET_PDEATHSIG, sig) and os.getppid() == parent


def _forget_after_fork() -> None:
    """In a forked child (a `conformance.jobs` worker): the kernel does not pass on being a
    subreaper, and the parent's implementations are not the child's to supervise."""
    become_subreaper.cache_clear()
    _live_roots.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_after_fork)


def _stat(pid: int) -> tuple[str, int, int] | None:
    """(state, parent pid, start time in clock ticks) of a process, or None if it is gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as file:
            data = file.read()
    except OSError:
        return None
    fields = data[data.rfind(b")") + 2:].split()
    try:
        return fields[0].decode(), int(fields[1]), int(fields[19])
    except (IndexError, ValueError):
        return None


def processes() -> dict[int, tuple[str, int, int]]:
    """Every process visible in /proc: pid -> (state, parent pid, start time)."""
    out = {}
    with contextlib.suppress(OSError):
        for name in os.listdir("/proc"):
            if name.isdigit():
                stat = _stat(int(name))
                if stat is not None:
                    out[int(name)] = stat
    return out


def tree(root: int, since: int | None = None) -> list[int]:
    """`root` and its descendants (alive or zombie), and, when `since` is given, the orphans
    re-parented to this process that started at or after tick `since` (and theirs).

    >>> tree(os.getpid())[0] == os.getpid()
    True
    """
    table = processes()
    children: dict[int, list[int]] = {}
    for pid, (_, parent, _) in table.items():
        children.setdefault(parent, []).append(pid)
    me = os.getpid()
    starts = [root]
    if since is not None:
        starts += [pid for pid in children.get(me, ()) if pid != root and pid not in _live_roots
                   and table[pid][2] >= since]
    found: list[int] = []
    seen = set()
    while starts:
        pid = starts.pop(0)
        if pid in seen or (pid != root and pid == me):
            continue
        seen.add(pid)
        found.append(pid)
        starts += children.get(pid, [])
    return found


def start_time(pid: int) -> int | None:
    """When process `pid` started, in clock ticks since boot (None if unknown)."""
    stat = _stat(pid) if LINUX else None
    return stat[2] if stat else None


def _signal(pids: list[int], sig: signal.Signals) -> None:
    for pid in pids:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, sig)


def _reap(pids: list[int]) -> None:
    """Collect the exit status of those of `pids` that are this process's children."""
    for pid in pids:
        with contextlib.suppress(ChildProcessError, OSError):
            os.waitpid(pid, os.WNOHANG)


def kill_tree(root: int, since: int | None, grace: float = 0.2) -> None:
    """Stop the implementation `root` with everything it started: SIGTERM, a short grace,
    then SIGKILL to every process found (again until none is left), reaping the orphans.

    The caller reaps `root` itself (it is a `subprocess.Popen`)."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(root, signal.SIGTERM)
    if not LINUX:
        time.sleep(grace)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(root, signal.SIGKILL)
        return
    alive = [pid for pid in tree(root, since) if (_stat(pid) or ("Z",))[0] != "Z"]
    _signal(alive, signal.SIGTERM)
    deadline = time.monotonic() + grace
    while alive and time.monotonic() < deadline:
        time.sleep(0.01)
        alive = [pid for pid in alive if (_stat(pid) or ("Z",))[0] != "Z"]
    for _ in range(50):  # a process may fork while we look: look again until nothing is left
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(root, signal.SIGKILL)
        found = tree(root, since)
        others = [pid for pid in found if pid != root]
        alive = [pid for pid in found if (_stat(pid) or ("Z",))[0] != "Z"]
        _signal(alive, signal.SIGKILL)
        _reap(others)
        if not alive:
            return
        time.sleep(0.005)


class Supervised:
    """Registers an implementation's root process while it runs (see `tree`)."""

    def __init__(self, root: int) -> None:
        self.root = root
        self.since = start_time(root)
        _live_roots.add(root)

    def kill(self, grace: float = 0.2) -> None:
        """Kill the implementation and all its descendants (the root is left to reap)."""
        kill_tree(self.root, self.since, grace)
        _live_roots.discard(self.root)


def mirror_stderr_to(path: str | None) -> None:
    """Mirror the shown part of every `StderrTail` this process starts from now on to
    `path` (None: to nothing). The file always holds the latest tail's `text`.

    >>> import subprocess, sys, tempfile
    >>> mirror = tempfile.NamedTemporaryFile(suffix=".stderr")
    >>> mirror_stderr_to(mirror.name)
    >>> proc = subprocess.Popen([sys.executable, "-c", "import sys; sys.stderr.write('oops')"],
    ...                         stderr=subprocess.PIPE)
    >>> tail = StderrTail(proc.stderr.fileno())
    >>> proc.wait(), tail.join(5), read_mirror(mirror.name)
    (0, None, 'oops')
    >>> mirror_stderr_to(None); proc.stderr.close(); mirror.close()
    """
    _mirror[:] = [path] if path is not None else []


def read_mirror(path: str, limit: int = 2 * STDERR_TAIL) -> str:
    """The stderr tail kept in `path` by `mirror_stderr_to` ("" if there is none)."""
    try:
        with open(path, "rb") as file:
            return file.read(limit).decode("utf-8", "replace")
    except OSError:
        return ""


class StderrTail:
    """Drains a file descriptor in a daemon thread, keeping only its last `keep` bytes
    (and, see `mirror_stderr_to`, their shown part in a file)."""

    def __init__(self, fd: int, keep: int = STDERR_KEEP) -> None:
        self.fd = fd
        self.keep = keep
        self.mirror = _mirror[0] if _mirror else None
        self.buffer = bytearray()
        self.dropped = 0
        self.lock = threading.Lock()
        self.thread = threading.Thread(target=self._drain, name=f"stderr-{fd}", daemon=True)
        self.thread.start()

    def _drain(self) -> None:
        while True:
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:
                return
            if not chunk:
                return
            with self.lock:
                self.buffer += chunk
                extra = len(self.buffer) - self.keep
                if extra > 0:
                    del self.buffer[:extra]
                    self.dropped += extra
            if self.mirror is not None:
                with contextlib.suppress(OSError):
                    Path(self.mirror).write_text(self.text(STDERR_TAIL), encoding="utf-8",
                                                 errors="replace")

    def join(self, timeout: float) -> None:
        self.thread.join(timeout)

    def text(self, limit: int = 4000) -> str:
        """The last `limit` bytes kept, decoded; says how many earlier bytes are not shown."""
        with self.lock:
            data = bytes(self.buffer[-limit:])
            hidden = self.dropped + max(0, len(self.buffer) - limit)
        text = data.decode("utf-8", "replace")
        return f"[{hidden} earlier bytes of stderr not kept]\n{text}" if hidden else text
