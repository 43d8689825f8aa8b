"""`cambio ask`'s replies to question sets that more than one site test asks, worked out once a session.

The held-out thresholds (tests/site/test_heldout.py) and the site search's agreement with `cambio
ask` (tests/site/test_search_browser.py) ask the same five held-out question sets: about 1,000
questions, 13 s of CPU, most often on two pytest-xdist workers. `SharedReplies` keeps each reply
in a file of the session's temporary directory, which its workers share, under a key of the
catalogue's and cambio_ref's contents (so a changed engine asks again): the second test reads what
the first worked out. A lock makes a worker wait for the other's replies rather than work them out
too. The file holds the tests' own objects (pickled), in the session's temporary directory only,
and nothing of it is printed.
"""

from __future__ import annotations

import fcntl
import os
import pickle
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from cambio_ref.ask import Reply, ask
from cambio_ref.diskcache import content_key
from cambio_ref.resources import spec_dir

# (what a reply can depend on: the catalogue, and cambio_ref's code and data files)
SUFFIXES = (".py", ".txt", ".json", ".yaml", ".yml")


def replies_key() -> str:
    """The hash of the catalogue and of cambio_ref, which the replies are valid for (hex, 16 digits)."""
    return content_key([spec_dir(), Path(__file__).resolve().parents[2] / "cambio_ref"], SUFFIXES)


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    with path.open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # (released when the file closes)
        yield


class SharedReplies:
    """`cambio_ref.ask.ask`'s reply to each question, worked out once for every process that shares `folder`."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.known: dict[str, Reply] = {}

    def __call__(self, questions: Iterable[str]) -> dict[str, Reply]:
        """The reply to each of `questions` (asked with no ruleset), by question."""
        wanted = list(dict.fromkeys(questions))
        if any(q not in self.known for q in wanted):
            path = self.folder / f"ask-replies-{replies_key()}.pickle"
            with _locked(path.with_suffix(".lock")):
                if path.exists():
                    with path.open("rb") as f:
                        self.known.update(pickle.load(f))
                todo = [q for q in wanted if q not in self.known]
                if todo:
                    self.known.update((q, ask(q)) for q in todo)
                    written = path.with_suffix(f".{os.getpid()}")
                    with written.open("wb") as f:
                        pickle.dump(self.known, f, protocol=pickle.HIGHEST_PROTOCOL)
                    written.replace(path)
        return {q: self.known[q] for q in wanted}
