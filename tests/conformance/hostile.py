"""Hostile implementations: the reference, attacking the harness in one way per MODE.

Run ``python tests/conformance/hostile.py MODE``. It speaks the protocol like
`cambio serve` until its trigger (the handshake, or the first request of some
command), where MODE strikes: a wrong type in a reply field, invalid JSON, a
flood, an escaping grandchild, a signal, a lie in the handshake, or a view that
leaks cards. `MODES` lists them with what each does; test_hostile.py says what
the harness must make of each.

With ``HOSTILE_PIDS=FILE`` in the environment, every process it starts (itself
included) appends its pid to FILE, so a test can check that none is left.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from cambio_ref.catalogue import load_catalogue
from conformance.protocol import dispatch
from conformance.serve import ReferenceEngine

Reply = dict[str, Any]
Mutation = Callable[[Reply, ReferenceEngine], Any]  # a new reply (JSON value) or raw bytes

NASTY = "\uffff\ufffe\x00\x07\x1b[31m\x85"
BOGUS_ROUND_OVER = {"t": "round_over", "visible_to": [0, 1], "reason": "called", "caller": 0,
                    "grids": [[], []], "raw": [0, 0], "scores": [0, 0], "winners": [0]}


def _set(path: tuple[Any, ...], value: Any) -> Mutation:
    """Set one field of the reply (a path of keys and indices)."""
    def mutate(reply: Reply, engine: ReferenceEngine) -> Any:
        target: Any = reply
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        return reply
    return mutate


def _event(event: dict[str, Any]) -> Mutation:
    """Append an event to the reply's events."""
    def mutate(reply: Reply, engine: ReferenceEngine) -> Any:
        reply.setdefault("events", []).append(event)
        reply.pop("rejected", None)
        return reply
    return mutate


def _whole(value: Any) -> Mutation:
    """Replace the whole reply, keeping its seq where the value is an object."""
    def mutate(reply: Reply, engine: ReferenceEngine) -> Any:
        return {"seq": reply["seq"], **value} if isinstance(value, dict) else value
    return mutate


def _raw(make: Callable[[Reply], bytes]) -> Mutation:
    return lambda reply, engine: make(reply)


def _whole_floats(value: Any) -> Any:
    """Every integer written as a whole float (3 as 3.0), as some JSON libraries write them."""
    if isinstance(value, dict):
        return {k: _whole_floats(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_whole_floats(v) for v in value]
    return float(value) if isinstance(value, int) and not isinstance(value, bool) else value


def _deck_leak(reply: Reply, engine: ReferenceEngine) -> Any:
    assert engine.state is not None
    reply["view"]["x_deck"] = [card.code for card in engine.state.deck]
    return reply


def _grid_leak(reply: Reply, engine: ReferenceEngine) -> Any:
    assert engine.state is not None
    other = (reply["view"]["player"] + 1) % engine.state.n
    codes = " ".join(c.code for c in engine.state.grids[other] if c is not None)
    reply["view"]["debug"] = {"note": f"seat {other} holds {codes}"}
    return reply


# mode -> (the command whose first reply it changes, how)
REPLIES: dict[str, tuple[str, Mutation]] = {
    # lies and wrong types in the handshake
    "hello-protocol-true": ("hello", _set(("protocol",), True)),
    "hello-protocol-2": ("hello", _set(("protocol",), 2)),
    "hello-seq-false": ("hello", _set(("seq",), False)),
    "hello-commands-nested": ("hello", _set(("commands",), [[1]])),
    "hello-commands-unknown": ("hello", _set(("commands",), ["undo"])),
    "hello-options-list-in-list": ("hello", _set(("options",), {"tie": [[]]})),
    "hello-options-unknown": ("hello", _set(("options",), {"colour": ["red"]})),
    "hello-players-reversed": ("hello", _set(("players",), {"min": 8, "max": 2})),
    "hello-name-int": ("hello", _set(("implementation",), {"name": 5})),
    "hello-rules-bogus": ("hello", _set(("rules",), "nonsense(x=1)")),
    "hello-not-object": ("hello", _whole([1, 2])),
    "hello-nan": ("hello", _raw(lambda r: b'{"seq":0,"protocol":1,"implementation":{"name":"x"},'
                                          b'"x_load":NaN}')),
    "hello-deep": ("hello", _raw(lambda r: b"[" * 100_000)),
    "name-uffff": ("hello", _set(("implementation", "name"), "hostile" + NASTY)),
    # wrong types in act replies: events
    "act-seq-true": ("act", _set(("seq",), True)),
    "act-wrong-seq": ("act", lambda r, e: {**r, "seq": r["seq"] + 1}),
    "event-visible-to-int": ("act", _event({"t": "drew", "player": 0, "card": "5H",
                                            "visible_to": 7})),
    "event-visible-to-bool": ("act", _event({"t": "drew", "player": 0, "card": "5H",
                                             "visible_to": [True]})),
    "event-not-object": ("act", _event(5)),  # type: ignore[arg-type]
    "event-t-list": ("act", _event({"t": ["drew"], "visible_to": [0]})),
    "event-card-int": ("act", _event({"t": "drew", "player": 0, "card": 5, "visible_to": [0]})),
    "events-not-list": ("act", _whole({"events": {"t": "drew"}})),
    "round-over-scores-int": ("act", _event({**BOGUS_ROUND_OVER, "scores": 5})),
    "round-over-grids-int": ("act", _event({**BOGUS_ROUND_OVER, "grids": 5})),
    "round-over-winners-str": ("act", _event({**BOGUS_ROUND_OVER, "winners": "0"})),
    # rejections and error replies
    "rejected-code-int": ("act", _whole({"rejected": {"code": 5}})),
    "rejected-not-object": ("act", _whole({"rejected": "E_NOT_YOUR_TURN"})),
    "rejected-and-events": ("act", _whole({"rejected": {"code": "E_NOT_YOUR_TURN"},
                                           "events": []})),
    "error-not-object": ("act", _whole({"error": 5})),
    # views
    "view-grids-int": ("observe", _set(("view", "grids"), 5)),
    "view-not-object": ("observe", _set(("view",), [])),
    "view-held-int": ("observe", _set(("view", "held"), 5)),
    "view-phase-unknown": ("observe", _set(("view", "phase"), "lunch")),
    "view-leak-deck": ("observe", _deck_leak),
    "view-leak-note": ("observe", _grid_leak),
    # the optional commands
    "snapshot-deck-int": ("snapshot", _set(("state", "deck"), 5)),
    "snapshot-bad-card": ("snapshot", _set(("state", "grids"), [["ZZ"]])),
    "legal-t-list": ("legal", _set(("actions",), [{"t": ["draw"], "player": 0}])),
    "legal-not-list": ("legal", _set(("actions",), 5)),
    # strict JSON
    "act-nan": ("act", _raw(lambda r: json.dumps({**r, "x_score": float("nan")}).encode())),
    "act-infinity": ("act", _raw(lambda r: json.dumps({**r, "x_score": float("inf")}).encode())),
    "act-lone-surrogate": ("act", _raw(lambda r: json.dumps({**r, "x_note": "\ud800"}).encode())),
    "act-raw-surrogate": ("act", _raw(lambda r: b'{"seq":%d,"events":[],"x":"\xed\xa0\x80"}'
                                      % r["seq"])),
    "act-deep": ("act", _raw(lambda r: b"[" * 100_000)),
    "act-beyond-double": ("act", _raw(lambda r: json.dumps(r).encode()[:-1] + b', "x_score": 1e400}')),
    "act-whole-floats": ("act", _raw(lambda r: json.dumps(_whole_floats(r)).encode())),
    "act-huge-line": ("act", _raw(lambda r: b'{"seq":%d,"events":[],"x":"%s"}'
                                  % (r["seq"], b"a" * (9 * 1024 * 1024)))),
}

# modes that act instead of changing a reply, at the first act unless they say "start"
ACTIONS = ("act-endless", "act-endless-lines", "stderr-uffff-crash", "stderr-flood-crash",
           "stderr-flood-pass", "kill-self", "segfault", "exit-3", "ignore-sigterm-hang",
           "close-stdout-hang", "setsid-child", "double-fork", "setsid-hang", "setsid-many")
MODES = (*REPLIES, *ACTIONS)


def _note_pid(pid: int) -> None:
    path = os.environ.get("HOSTILE_PIDS")
    if path:
        with open(path, "a", encoding="utf-8") as file:
            file.write(f"{pid}\n")


def _escape(new_session: bool = True) -> None:
    """Leave a grandchild behind that sleeps for an hour, outside the process group."""
    if os.fork() == 0:  # the child
        if new_session:
            os.setsid()
        if os.fork() == 0:  # the grandchild: the child exits, so it is an orphan
            _note_pid(os.getpid())
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
            os.closerange(0, 3)
            time.sleep(3600)
        os._exit(0)
    time.sleep(0.05)


def _hang() -> None:
    while True:
        time.sleep(3600)


def _strike(mode: str, out: Any) -> None:
    """The modes that act at the first act."""
    if mode == "act-endless":
        while True:
            out.write(b"x" * 65536)
    if mode == "act-endless-lines":
        while True:
            out.write(b'{"seq": -5, "events": []}\n' * 1000)
    if mode == "stderr-uffff-crash":
        os.write(2, f"about to fail{NASTY}".encode() + b" \xed\xa0\x80\xff here\n")
        os._exit(3)
    if mode == "stderr-flood-crash":
        chunk = b"flooding stderr\n" * 4096
        for _ in range(50):  # about 3 MB
            os.write(2, chunk)
        os._exit(3)
    if mode in ("kill-self", "segfault"):
        os.kill(os.getpid(), signal.SIGKILL if mode == "kill-self" else signal.SIGSEGV)
    if mode == "exit-3":
        os._exit(3)
    if mode == "ignore-sigterm-hang":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        _hang()
    if mode == "close-stdout-hang":
        out.close()
        os.close(1)
        _hang()
    if mode == "setsid-hang":
        _escape()
        _hang()


class DeepView(ReferenceEngine):
    """In-process (``python:tests.conformance.hostile:DeepView``): a view nested 5,000 deep."""

    name = "hostile-deep-view"

    def observe(self, player: int) -> dict[str, Any]:
        deep: list[Any] = []
        for _ in range(5000):
            deep = [deep]
        return {**super().observe(player), "x_deep": deep}


class NanView(ReferenceEngine):
    """In-process: a NaN in every view (it could never be sent over a pipe as strict JSON)."""

    name = "hostile-nan-view"

    def observe(self, player: int) -> dict[str, Any]:
        return {**super().observe(player), "x_odds": float("nan")}


class ObjectView(ReferenceEngine):
    """In-process: a Python object that is not JSON at all in every view."""

    name = "hostile-object-view"

    def observe(self, player: int) -> dict[str, Any]:
        return {**super().observe(player), "x_state": object()}


IN_PROCESS = {"DeepView": "nested deeper than 100 levels", "NanView": "Out of range float",
              "ObjectView": "is not JSON serializable"}


def main(mode: str) -> int:
    if mode not in MODES:
        print(f"hostile.py: unknown mode {mode!r}; one of {', '.join(MODES)}", file=sys.stderr)
        return 2
    _note_pid(os.getpid())
    if mode in ("setsid-child", "double-fork", "setsid-many"):
        for _ in range(5 if mode == "setsid-many" else 1):
            _escape(new_session=mode != "double-fork")
    load_catalogue()
    engine = ReferenceEngine()
    target, mutation = REPLIES.get(mode, ("act", None))
    done = False
    out = sys.stdout.buffer
    for line in sys.stdin.buffer:
        request = json.loads(line)
        cmd = request.get("cmd")
        if mode == "stderr-flood-pass":
            sys.stderr.write("chatty " * 10000 + "\n")
        if cmd == target and not done:
            done = True
            if mutation is None:
                _strike(mode, out)
        reply = dispatch(engine, request)
        if done and mutation is not None and cmd == target and not getattr(engine, "_struck", False):
            engine._struck = True  # type: ignore[attr-defined]
            changed = mutation(reply, engine)
            data = changed if isinstance(changed, bytes) else json.dumps(changed).encode()
        else:
            data = json.dumps(reply).encode()
        out.write(data + b"\n")
        out.flush()
        if cmd == "stop":
            break
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else ""))
