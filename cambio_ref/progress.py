"""One self-redrawing progress line for long runs (`cambio simulate`, `cambio conform`).

The line goes to a stream (stderr by default) and is drawn only when that stream
is a terminal, so pipes, files and ``--json`` runs see nothing. Redraws are
throttled; `note` prints a whole line (a failure as it happens) above the bar.

>>> import io
>>> out = io.StringIO()
>>> bar = Progress(10, label="games", stream=out, enabled=True, interval=0.0,
...                clock=iter([0.0, 2.0, 4.0, 4.0]).__next__)
>>> bar.update(5, failures=1)
>>> out.getvalue()
'\\rgames 5/10, failures 1, elapsed 0:02, remaining ~0:02\\x1b[K'
>>> bar.close()
>>> out.getvalue().endswith('\\r\\x1b[K')
True
>>> Progress(10, stream=io.StringIO()).enabled   # not a terminal: off
False
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO

CLEAR = "\x1b[K"  # erase to the end of the line


def clock_text(seconds: float) -> str:
    """Seconds as ``m:ss`` (or ``h:mm:ss``).

    >>> clock_text(5), clock_text(75.4), clock_text(3725)
    ('0:05', '1:15', '1:02:05')
    """
    whole = int(seconds + 0.5)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def is_terminal(stream: TextIO) -> bool:
    """Whether `stream` is an interactive terminal (False for files, pipes, closed streams).

    >>> import io
    >>> is_terminal(io.StringIO())
    False
    """
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


class Progress:
    """A live ``done/total, failures, elapsed, remaining`` line.

    `enabled` defaults to whether the stream is a terminal; pass False for
    ``--json``. `interval` is the least time between two redraws (the last
    update before `close` may be skipped; `close` erases the line anyway).
    """

    def __init__(self, total: int, label: str = "items", stream: TextIO | None = None,
                 enabled: bool | None = None, interval: float = 0.2,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.total = total
        self.label = label
        self.stream: TextIO = stream if stream is not None else sys.stderr
        self.enabled = is_terminal(self.stream) if enabled is None else enabled
        self.interval = interval
        self.clock = clock
        self.start = clock() if self.enabled else 0.0
        self.last = float("-inf")
        self.drawn = False

    def text(self, done: int, failures: int, elapsed: float) -> str:
        """The line's text for `done` items and `failures` after `elapsed` seconds.

        >>> Progress(4, label="cases", enabled=False).text(1, 0, 3.0)
        'cases 1/4, failures 0, elapsed 0:03, remaining ~0:09'
        """
        line = f"{self.label} {done}/{self.total}, failures {failures}, elapsed {clock_text(elapsed)}"
        if 0 < done < self.total:
            line += f", remaining ~{clock_text(elapsed / done * (self.total - done))}"
        return line

    def update(self, done: int, failures: int = 0) -> None:
        """Redraw the line (at most once per `interval`, always for the last item)."""
        if not self.enabled:
            return
        now = self.clock()
        if now - self.last < self.interval and done < self.total:
            return
        self.last = now
        self.stream.write("\r" + self.text(done, failures, now - self.start) + CLEAR)
        self.stream.flush()
        self.drawn = True

    def note(self, line: str) -> None:
        """Print `line` on its own (e.g. a failure as it happens), above the progress line."""
        if self.enabled and self.drawn:
            self.stream.write("\r" + CLEAR)
            self.last = float("-inf")  # redraw at the next update
        self.stream.write(line + "\n")
        self.stream.flush()

    def close(self) -> None:
        """Erase the line, leaving the terminal as it was."""
        if self.enabled and self.drawn:
            self.stream.write("\r" + CLEAR)
            self.stream.flush()
            self.drawn = False

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
