"""Command-line arguments, checked when they are parsed, before anything is allocated.

Every number a command accepts has a range, and every report path is checked
before a run starts. The argparse types here are shared by every subcommand
(`cambio_ref.cli` and `conformance.cli`), and `Parser` turns a usage error into
one line instead of the usage text.

>>> integer(1, 8)("3")
3
>>> integer(1, 8, "players")("1000000000")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: players must be an integer from 1 to 8, not '1000000000'
>>> number(0, 60)("nan")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: must be a number from 0 to 60, not 'nan'
"""

from __future__ import annotations

import argparse
import math
import os
import re
import stat
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn

from cambio_ref.errors import CambioError

MAX_SEED = 2**64 - 1
"""Seeds are 64-bit, as the shuffle's splitmix64 state (spec/shuffle.yaml)."""

_MAX_TEXT = 40  # the longest number text read


def _shown(text: str) -> str:
    return repr(text if len(text) <= _MAX_TEXT else text[:20] + "...")


def integer(low: int, high: int, what: str = "") -> Callable[[str], int]:
    """An argparse type: a decimal integer from `low` to `high`."""
    label = f"{what} must be" if what else "must be"

    def parse(text: str) -> int:
        stripped = text.strip()
        digits = stripped.removeprefix("-").removeprefix("+")
        if not (stripped.isascii() and digits.isdigit() and len(stripped) <= _MAX_TEXT):
            raise argparse.ArgumentTypeError(f"{label} an integer from {low} to {high},"
                                             f" not {_shown(text)}")
        value = int(stripped)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{label} an integer from {low} to {high},"
                                             f" not {_shown(text)}")
        return value

    parse.__name__ = "integer"  # argparse names the type in its own messages
    return parse


def number(low: float, high: float, what: str = "", *, above: bool = False) -> Callable[[str], float]:
    """An argparse type: a finite decimal number from `low` (or above it) to `high`."""
    label = f"{what} must be" if what else "must be"
    span = f"above {low:g} and at most {high:g}" if above else f"from {low:g} to {high:g}"

    def parse(text: str) -> float:
        try:
            value = float(text) if text.isascii() and len(text) <= _MAX_TEXT else math.nan
        except ValueError:
            value = math.nan
        if not (math.isfinite(value) and (low < value if above else low <= value) and value <= high):
            raise argparse.ArgumentTypeError(f"{label} a number {span}, not {_shown(text)}")
        return value

    parse.__name__ = "number"
    return parse


def _refuse_text(text: str) -> None:
    from cambio_ref.yamlio import bad_character  # (here: `cambio ask` need not import the YAML layer)

    bad = bad_character(text)
    if bad is not None or not text.strip():
        raise argparse.ArgumentTypeError(f"{text!r} is not a usable path")


def output_file(text: str) -> Path:
    """An argparse type: a file to write: its folder exists, and it is not a folder,
    a FIFO or a device (a report written there would be lost or would block)."""
    _refuse_text(text)
    path = Path(text)
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        raise argparse.ArgumentTypeError(f"{text}: {exc.strerror or exc}") from None
    if mode is not None and stat.S_ISDIR(mode):
        raise argparse.ArgumentTypeError(f"{text} is a directory; name a file")
    if mode is not None and not stat.S_ISREG(mode) and path != Path(os.devnull):
        raise argparse.ArgumentTypeError(f"{text} is not a regular file")
    if not path.parent.is_dir():
        raise argparse.ArgumentTypeError(f"{text}: no such directory {str(path.parent)!r}")
    return path


def output_dir(text: str) -> Path:
    """An argparse type: a folder to write files into: it exists, or can be made
    (the nearest existing parent is a folder); a file of that name is refused."""
    _refuse_text(text)
    path = Path(text)
    if path.exists() and not path.is_dir():
        raise argparse.ArgumentTypeError(f"{text} is not a directory")
    parent = path
    while not parent.exists() and parent != parent.parent:
        parent = parent.parent
    if parent.exists() and not parent.is_dir():
        raise argparse.ArgumentTypeError(f"{text}: {parent} is not a directory")
    return path


class UsageError(CambioError):
    """A command line that cannot be parsed: a missing or out-of-range argument."""


_ARGUMENT = re.compile(r"^argument ([^:]+): ")


class Parser(argparse.ArgumentParser):
    """An ArgumentParser that raises UsageError (one line, exit status 2 in `main`)
    instead of printing its usage text and exiting.

    >>> parser = Parser(prog="demo")
    >>> _ = parser.add_argument("--games", type=integer(1, 9))
    >>> parser.parse_args(["--games", "0"])
    Traceback (most recent call last):
    ...
    cambio_ref.arguments.UsageError: --games must be an integer from 1 to 9, not '0' (see `demo --help`)
    """

    def error(self, message: str) -> NoReturn:
        match = _ARGUMENT.match(message)
        if match:
            rest = message[match.end():]
            message = f"{match.group(1)}{' ' if rest.startswith('must be') else ': '}{rest}"
        raise UsageError(f"{message} (see `{self.prog} --help`)")
