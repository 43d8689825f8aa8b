"""Build the rulebook site: MkDocs (--strict) into site/, then the Sphinx API into site/api/.

Run ``python docs/build.py`` (what ``make docs`` does), or ``--if-stale`` to skip the
build when site/ is newer than every input (what ``make test`` and the site tests do).
One build at a time: a second one (a pytest-xdist worker's, or ``make test``'s build
job beside its tests) waits for the first, then finds site/ fresh.
"""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "site"
STAMP = SITE / ".built"
LOCK = ROOT / "build" / "site.lock"
INPUTS = ("mkdocs.yml", "docs", "spec", "examples", "cambio_ref", "conformance")
IGNORED = ("__pycache__", ".pyc", "docs/sphinx/modules")


def _newest_input() -> float:
    newest = 0.0
    for name in INPUTS:
        root = ROOT / name
        for path in (root.rglob("*") if root.is_dir() else [root]):
            rel = path.relative_to(ROOT).as_posix()
            if path.is_file() and not any(part in rel for part in IGNORED):
                newest = max(newest, path.stat().st_mtime)
    return newest


def is_stale() -> bool:
    """True if site/ is missing or older than any input of the build."""
    return not STAMP.exists() or STAMP.stat().st_mtime < _newest_input()


def build() -> None:
    """Build the whole site; raise CalledProcessError on any warning."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "DISABLE_MKDOCS_2_WARNING": "true"}
    started = time.monotonic()
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict"],
                   cwd=ROOT, env=env, check=True)
    subprocess.run([sys.executable, "-m", "sphinx", "-b", "html", "-W", "--keep-going", "-E", "-q",
                    "-d", str(ROOT / "build" / "sphinx-doctrees"), "docs/sphinx", "site/api"],
                   cwd=ROOT, env=env, check=True)
    STAMP.write_text("", encoding="utf-8")
    print(f"site built in {time.monotonic() - started:.1f} s: {SITE.relative_to(ROOT)}/", file=sys.stderr)


def main(argv: list[str]) -> int:
    LOCK.parent.mkdir(exist_ok=True)
    with LOCK.open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # (released when the file closes)
        if "--if-stale" in argv and not is_stale():
            return 0
        try:
            build()
        except subprocess.CalledProcessError as exc:
            print(f"docs build failed: {' '.join(map(str, exc.cmd))} exited {exc.returncode}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
