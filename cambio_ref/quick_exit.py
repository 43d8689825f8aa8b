"""Ending a command's process without tearing the interpreter down.

After a long run the interpreter's own teardown (freeing every remembered
legal-action block, state and JSON text, one object at a time) takes most of
a second, and `cambio conform` waits for it three times over: in itself, in
each worker process and in each ``cambio serve`` it stops. Once a command has
returned, its files are closed and its output is written, so there is nothing
left for the teardown to do but free memory the operating system frees anyway.
"""

from __future__ import annotations

import contextlib
import os
import sys
from typing import NoReturn


def quick_exit(status: int) -> NoReturn:
    """Flush stdout and stderr, then end the process with `status` at once (no atexit
    handlers, no freeing of objects: call it only when nothing is left to write).

    >>> import subprocess, sys
    >>> code = "from cambio_ref.quick_exit import quick_exit; print('said'); quick_exit(3)"
    >>> done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    >>> done.returncode, done.stdout
    (3, 'said\\n')
    """
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):  # (a closed pipe: nothing to say)
            stream.flush()
    os._exit(status)
