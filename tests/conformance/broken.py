"""Deliberately broken implementations: the reference with exactly one thing wrong.

Run ``python tests/conformance/broken.py MODE``; it speaks the protocol on stdin
and stdout like `cambio serve`, except for what MODE breaks (the modes of `IN_PROCESS`
also run in-process: `in_process`):

- ``crash``: exits with status 3 when asked to call Cambio;
- ``hang``: stops answering when asked to call Cambio;
- ``hang-with-child``: starts a child process, then hangs like ``hang``;
- ``garbage``: prints a log line on stdout before answering a call;
- ``wrong-seq``: answers a call with the wrong sequence number;
- ``leak``: every view shows the next player's cards;
- ``no-penalty``: never penalises a wrong snap;
- ``red-king``: scores the red king as 10 (11 where 10 is right);
- ``tie``: shares every tie (or lets the caller lose it where sharing is right);
- ``accept-illegal``: accepts an action out of turn (and does nothing);
- ``no-reshuffle``: never reshuffles the empty deck (the round ends instead);
- ``direction``: plays the other turn direction (nothing else changes);
- ``two-bugs``: both ``no-penalty`` and ``red-king`` (two unrelated bugs).

A second argument ``waive=RULE`` makes the handshake waive RULE (an option id, a
core rule id or a deviation signature).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from cambio_ref import drawing
from cambio_ref.catalogue import load_catalogue
from cambio_ref.rules import Rules, resolve
from conformance.implementation import Event, Rejection
from conformance.protocol import dispatch
from conformance.serve import ReferenceEngine, reference_line
from conformance.strict_json import encode_compact

MODES = ("crash", "hang", "hang-with-child", "garbage", "wrong-seq", "leak", "no-penalty",
         "red-king", "tie", "accept-illegal", "no-reshuffle", "direction", "two-bugs")


class Broken(ReferenceEngine):
    """The reference, with the rules or the replies changed by `mode`."""

    def __init__(self, mode: str) -> None:
        super().__init__()
        self.mode = mode
        self.name = f"broken-{mode}"
        self.waive: list[dict[str, str]] | None = None

    def new_game(self, rules: Rules, players: int, dealer: int, deck: list[str],
                 seed: int, first: int | None = None) -> list[Event]:
        changes: list[tuple[str, Any]] = []
        if self.mode in ("no-penalty", "two-bugs"):
            changes = [("wrong_own", "return-only"), ("wrong_other", "return-only")]
        if self.mode in ("red-king", "two-bugs"):
            changes += [("red_king", 11 if rules.red_king == 10 else 10)]
        elif self.mode == "direction":
            changes = [("direction", "counter-clockwise" if rules.direction == "clockwise"
                        else "clockwise")]
        elif self.mode == "tie":
            changes = [("tie", "caller-loses" if rules.tie == "shared" else "shared")]
        if changes:
            rules = resolve(rules.name, [*rules.overrides, *changes])
        return super().new_game(rules, players, dealer, deck, seed, first)

    def act(self, action: dict[str, Any]) -> list[Event] | Rejection:
        reply = super().act(action)
        if self.mode == "accept-illegal" and isinstance(reply, Rejection) \
                and reply.code == "E_NOT_YOUR_TURN":
            return []
        return reply

    def observe(self, player: int) -> dict[str, Any]:
        seen = super().observe(player)
        if self.mode == "leak" and self.state is not None:
            other = (player + 1) % self.state.n
            seen["grids"][other] = [None if c is None else c.code for c in self.state.grids[other]]
        return seen


WAIVED = "a known deviation, waived on purpose"
# the modes that break only the rules or the replies (not the process, nor the reference
# sharing an in-process implementation's interpreter, as no-reshuffle's patch would):
# each also runs in-process, for the tests that are not about processes (`in_process`)
IN_PROCESS = ("leak", "no-penalty", "red-king", "tie", "accept-illegal", "direction",
              "two-bugs")


def in_process(mode: str) -> str:
    """The --impl of `mode` (of `IN_PROCESS`) run in-process.

    >>> in_process("red-king")
    'python:tests.conformance.broken:red_king'
    """
    assert mode in IN_PROCESS, mode
    return f"python:tests.conformance.broken:{mode.replace('-', '_')}"


def _factory(mode: str, waive: str | None = None) -> Callable[[], Broken]:
    def make() -> Broken:
        impl = Broken(mode)
        if waive:
            impl.waive = [{"id": waive, "reason": WAIVED}]
        return impl
    return make


for _mode in IN_PROCESS:
    globals()[_mode.replace("-", "_")] = _factory(_mode)
# ``two-bugs`` with its handshake waiving the red king's value (``two-bugs waive=...``)
two_bugs_waiving_red_king = _factory("two-bugs", "value.red-king")


def main(mode: str, waive: str | None = None) -> int:
    if mode not in MODES:
        print(f"broken.py: unknown mode {mode!r}; one of {', '.join(MODES)}", file=sys.stderr)
        return 2
    if mode == "no-reshuffle":
        drawing.refillable = lambda state: False
    if mode == "hang-with-child":
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)"])
        print(f"broken: child pid {child.pid}", file=sys.stderr, flush=True)
    load_catalogue()
    impl = Broken(mode)
    if waive:
        impl.waive = [{"id": waive, "reason": WAIVED}]
    out = sys.stdout.buffer
    for line in sys.stdin.buffer:
        request = json.loads(line)
        action = request.get("action")  # (fuzzing sends any JSON value as an action)
        calling = request.get("cmd") == "act" and isinstance(action, dict) and action.get("t") == "call"
        if calling and mode == "crash":
            print("broken: crashing on purpose at a call", file=sys.stderr, flush=True)
            os._exit(3)
        if calling and mode in ("hang", "hang-with-child"):
            print("broken: hanging on purpose at a call", file=sys.stderr, flush=True)
            time.sleep(3600)
        if calling and mode == "garbage":
            out.write(b"acting on a call now\n")
        fast = reference_line(impl, request)  # (the reference's `legal`, as `cambio serve` writes it)
        if fast is not None:
            out.write(fast)
            out.flush()
            continue
        reply = dispatch(impl, request)
        if calling and mode == "wrong-seq":
            reply["seq"] = request["seq"] + 1
        out.write(encode_compact(reply).encode() + b"\n")  # (as `cambio serve` writes)
        out.flush()
        if request.get("cmd") == "stop":
            break
    return 0


if __name__ == "__main__":
    extra = sys.argv[2] if len(sys.argv) > 2 and sys.argv[2].startswith("waive=") else ""
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "", extra.removeprefix("waive=") or None))
