#!/usr/bin/env python3
"""Fetch a public engine at its pinned commit, with its runtime, for its adapter.

    python3 examples/engines/setup_engine.py cambia [--from URL-OR-MIRROR] [--into DIR]

clones the engine's repository (or a local mirror of it: any path or URL git can clone)
into ``DIR/repo``, checks out the commit its ``rules.json`` names and refuses any other,
installs the runtime its adapter needs (a virtualenv with the engine's Python imports, or
an npm folder with tsx and the engine's packages, linked as the checkout's
``node_modules``) and prints the ``--impl`` command for ``cambio conform``. Run again, it
fetches into the same checkout. ``--checkout-only`` skips the runtime. Standard library
only; nothing of the engine is kept in this repository (``.engines/`` is ignored by git).

>>> ENGINES["cambia"].runtime
('python', ('pydantic==2.14.4', 'PyYAML==6.0.4'))
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_INTO = HERE.parents[1] / ".engines"


@dataclass(frozen=True)
class Engine:
    """Where an engine comes from and what its adapter runs it with."""

    repository: str
    runtime: tuple[str, tuple[str, ...]]  # ("python", pip requirements) or ("node", npm packages)
    variable: str  # the environment variable the adapter reads the checkout from

    def commit(self, name: str) -> str:
        """The commit the engine's declared rules (``rules.json``) were read from."""
        commit: str = json.loads((HERE / name / "rules.json").read_text(encoding="utf-8"))["commit"]
        return commit


# The versions the project's own runs used (examples/engines/*/README.md).
ENGINES = {
    "cambia": Engine("https://github.com/jason-s-yu/cambia", ("python", ("pydantic==2.14.4", "PyYAML==6.0.4")),
                     "CAMBIA_DIR"),
    "cambio": Engine("https://github.com/evanbrierton/cambio",
                     ("node", ("tsx@4.23.15", "nanoid@5.1.16", "zod@4.6.7")), "CAMBIO_DIR"),
}


class SetupFailed(Exception):
    """A step of the set-up failed; the message says which and why."""


def _run(*command: str, what: str) -> None:
    try:
        done = subprocess.run(command, capture_output=True, text=True, check=False)
    except FileNotFoundError:
        raise SetupFailed(f"{what}: {command[0]} is not installed") from None
    if done.returncode != 0:
        detail = (done.stderr or done.stdout).strip().splitlines()
        raise SetupFailed(f"{what}: {' '.join(command)} failed"
                          + (f": {detail[-1]}" if detail else f" (exit {done.returncode})"))


def checkout(source: str, into: Path, commit: str) -> Path:
    """``into`` holding `source`'s history with `commit` checked out (cloned, or fetched
    into an earlier checkout); SetupFailed if `source` has no such commit."""
    if not (into / ".git").exists():
        into.parent.mkdir(parents=True, exist_ok=True)
        _run("git", "clone", "--quiet", "--no-checkout", source, str(into), what=f"cloning {source}")
    else:
        _run("git", "-C", str(into), "fetch", "--quiet", source, what=f"fetching {source}")
    # (a full hash: checked out, HEAD is that commit and no other)
    _run("git", "-C", str(into), "checkout", "--quiet", "--detach", commit,
         what=f"checking out {commit} (is it in {source}?)")
    return into


def install_runtime(engine: Engine, into: Path) -> str:
    """Install `engine`'s runtime beside its checkout ``into/repo``; the adapter's command."""
    kind, packages = engine.runtime
    repo = into / "repo"
    if kind == "python":
        venv = into / "venv"
        _run(sys.executable, "-m", "venv", str(venv), what="making a virtualenv")
        _run(str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", *packages,
             what="installing the engine's Python packages")
        return f"env {engine.variable}={repo} {venv / 'bin' / 'python'}"
    node = into / "node"
    node.mkdir(parents=True, exist_ok=True)
    _run("npm", "install", "--silent", "--prefix", str(node), *packages,
         what="installing tsx and the engine's npm packages")
    link = repo / "node_modules"
    if not link.exists():
        link.symlink_to(node / "node_modules")
    return f"env {engine.variable}={repo} TSX={node / 'node_modules' / '.bin' / 'tsx'} {sys.executable}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("engine", choices=sorted(ENGINES))
    parser.add_argument("--from", dest="source", help="the repository's URL or a local mirror"
                        " (default: the engine's public repository)")
    parser.add_argument("--into", type=Path, help=f"where to put it (default: {DEFAULT_INTO}/ENGINE)")
    parser.add_argument("--checkout-only", action="store_true", help="fetch the engine, install nothing")
    args = parser.parse_args(argv)
    engine = ENGINES[args.engine]
    into = (args.into or DEFAULT_INTO / args.engine).resolve()
    commit = engine.commit(args.engine)
    try:
        checkout(args.source or engine.repository, into / "repo", commit)
        print(f"{args.engine}: {into / 'repo'} at {commit}")
        if not args.checkout_only:
            run = install_runtime(engine, into)
            adapter = HERE / args.engine / "adapter.py"
            print(f"run it with: cambio conform --seed 1 --impl \"{run} {adapter}\"")
    except SetupFailed as exc:
        print(f"setup_engine: {args.engine}: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
