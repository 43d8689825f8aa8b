"""`cambio serve`: the reference interpreter speaking the protocol over stdin and stdout.

It is the bundled implementation and the default ``--impl`` of `cambio conform`.
It declares every option value and the optional commands (``legal``, ``snapshot``
and ``views``), reads one request per line and answers each at once.

>>> import io, json
>>> out = io.BytesIO()
>>> serve(io.BytesIO(b'{"cmd": "hello", "seq": 0, "protocol": 1}\\n{"cmd": "stop", "seq": 1}\\n'), out)
0
>>> [json.loads(line)["seq"] for line in out.getvalue().splitlines()]
[0, 1]
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any, BinaryIO

from cambio_ref.catalogue import load_catalogue
from cambio_ref.collector import collect_rarely
from cambio_ref.engine import legal_blocks
from cambio_ref.errors import CambioError
from cambio_ref.quick_exit import quick_exit
from cambio_ref.rules import Rules, resolve
from cambio_ref.views import views_text
from conformance.implementation import Reference
from conformance.legal import legal_json, legal_text
from conformance.protocol import dispatch
from conformance.strict_json import MAX_LINE, StrictJSONError, encode_compact, parse_line

FLUSH_SECONDS = 0.05
"""The longest `serve` keeps the replies it has made before it writes them."""


class ReferenceEngine(Reference):
    """The reference with the optional commands: `legal`, `snapshot` and `views`.

    ``python:conformance.serve:ReferenceEngine`` runs it in-process.
    """

    name = "cambio-ref"
    version = "0.1.0"
    language = "python"
    rules: Rules | None = None  # declared in the handshake when set (`cambio serve --rules`)
    players: dict[str, int] | None = None

    def legal(self) -> list[dict[str, Any]]:
        """Every legal action now, in the reference's sorted order."""
        assert self.state is not None, "new_game first"
        return legal_json(legal_blocks(self.state))

    def views(self) -> list[dict[str, Any]]:
        """Every player's view, seat 0 first: `observe` of each seat (so an engine that
        changes `observe` answers `views` the same way)."""
        assert self.state is not None, "new_game first"
        return [self.observe(player) for player in range(self.state.n)]

    def snapshot(self) -> dict[str, Any]:
        """The whole state: deck (top first), pile (top last), grids, held card, and more."""
        assert self.state is not None, "new_game first"
        return self.state.snapshot()


def declaring(rules: Rules) -> ReferenceEngine:
    """The reference declaring `rules` (and their player range) in its handshake.

    >>> from cambio_ref.rules import resolve
    >>> engine = declaring(resolve("online(ace=0)"))
    >>> engine.rules.canonical, engine.players
    ('online(ace=0)', {'min': 2, 'max': 8})
    """
    engine = ReferenceEngine()
    engine.rules = rules
    engine.players = {"min": max(2, rules.min_players), "max": min(8, rules.max_players)}
    return engine


def reference_line(engine: object, request: Any) -> bytes | None:
    """The reply line to a `legal` or `views` request of `engine`, a `ReferenceEngine`
    that does not override how it answers them, written from the reference's own texts
    (`conformance.legal.legal_text`, `cambio_ref.views.views_text`) rather than encoded
    anew: the very bytes `dispatch`'s reply encodes to. None for anything else, or before
    `new_game` (`dispatch` answers those).

    >>> engine = ReferenceEngine()
    >>> reference_line(engine, {"cmd": "legal", "seq": 1}) is None
    True
    >>> from cambio_ref.rules import resolve
    >>> rules = resolve("online")
    >>> _ = engine.new_game(rules, 2, 0, [c.code for c in rules.deck(2)], 0)
    >>> reference_line(engine, {"cmd": "legal", "seq": 2})[:50]
    b'{"seq":2,"actions":[{"t":"peek","player":0,"slot":'
    >>> reference_line(engine, {"cmd": "views", "seq": 3})[:40]
    b'{"seq":3,"views":[{"player":0,"phase":"p'
    """
    if not isinstance(engine, ReferenceEngine) or not isinstance(request, dict) \
            or engine.state is None:
        return None
    cmd, cls = request.get("cmd"), type(engine)
    try:
        if cmd == "legal" and cls.legal is ReferenceEngine.legal:
            field, text = b"actions", legal_text(legal_blocks(engine.state))
        elif cmd == "views" and cls.views is ReferenceEngine.views \
                and cls.observe is Reference.observe:
            field, text = b"views", views_text(engine.state).encode()
        else:
            return None
    except Exception:  # (a bug: `dispatch` reports it as an error reply)
        return None
    return b'{"seq":' + encode_compact(request.get("seq")).encode() + b',"' + field + b'":' \
        + text + b"}\n"


def serve(stdin: BinaryIO, stdout: BinaryIO, rules: Rules | None = None) -> int:
    """Answer requests line by line until `stop` or the end of input; return the exit status.
    With `rules`, the handshake declares them.

    It reads whatever input is there, answers every complete line of it in order, and
    writes and flushes those replies at once before it waits for more: a harness that
    writes a batch of requests gets its replies in a few writes, and no reply is ever held
    back while it waits. Nor while it works: the replies made so far go out once
    `FLUSH_SECONDS` have passed since the last write, so that a long batch (a whole game
    of big `legal` lists on a loaded machine) does not keep its first reply back for the
    time of all of them, which a per-request timeout would take for a hang."""
    load_catalogue()  # before the handshake, so the first game is not slow
    engine = ReferenceEngine() if rules is None else declaring(rules)
    read: Callable[[int], bytes] = getattr(stdin, "read1", stdin.read)
    write, flush = stdout.write, stdout.flush
    lines = RequestLines()
    while True:
        chunk = read(65536)
        out: list[bytes] = []
        written = time.monotonic()
        for line in lines.feed(chunk):
            if out and time.monotonic() - written > FLUSH_SECONDS:
                write(b"".join(out))
                flush()
                out, written = [], time.monotonic()
            if isinstance(line, bytes) and not line.strip():
                continue
            try:
                request = parse_line(line) if isinstance(line, bytes) else None
            except StrictJSONError as exc:
                request = None
                reply: dict[str, Any] = {"seq": None, "error": {"message": f"not a request: {exc}"}}
            else:
                if request is None and not isinstance(line, bytes):
                    reply = {"seq": None, "error": {"message": f"not a request: {line}"}}
                else:
                    fast = reference_line(engine, request)
                    if fast is not None:
                        out.append(fast)
                        continue
                    reply = dispatch(engine, request)
            out.append(encode_compact(reply).encode() + b"\n")
            if isinstance(request, dict) and request.get("cmd") == "stop":
                chunk = b""
                break
        if out:
            write(b"".join(out))
            flush()
        if not chunk:
            return 0


class RequestLines:
    """The request lines of a byte stream, in time linear in its length: the pieces of a
    line are kept until its end, and a line longer than `MAX_LINE` is dropped as it comes
    (it yields the reason instead, a `str`), so no input can make `serve` hold more.

    >>> lines = RequestLines(max_line=8)
    >>> lines.feed(b'{"a"'), lines.feed(b': 1}\\n{"b'), lines.feed(b'": 22222222}\\n')
    ([], [b'{"a": 1}'], ['a line longer than 8 bytes'])
    >>> lines.feed(b"[1]"), lines.feed(b"")
    ([], [b'[1]'])
    """

    def __init__(self, max_line: int = MAX_LINE) -> None:
        self.max_line = max_line
        self.pieces: list[bytes] = []
        self.size = 0
        self.dropped = False

    def feed(self, chunk: bytes) -> list[bytes | str]:
        """The lines `chunk` completes (at the end of input, b"": the last line too)."""
        parts = chunk.split(b"\n") if chunk else [b"", b""]
        found: list[bytes | str] = []
        for n, part in enumerate(parts):
            if not self.dropped:
                self.pieces.append(part)
                self.size += len(part)
                if self.size > self.max_line:
                    self.pieces, self.dropped = [], True
            if n < len(parts) - 1:  # (a newline ends the line)
                if self.dropped:
                    found.append(f"a line longer than {self.max_line} bytes")
                elif self.size or len(self.pieces) > 1 or chunk:
                    found.append(b"".join(self.pieces))
                self.pieces, self.size, self.dropped = [], 0, False
        return [line for line in found if line]


def main(rules: Rules | None = None) -> int:
    """Serve on this process's stdin and stdout (declaring `rules` when given)."""
    collect_rarely()  # (a long session: see cambio_ref.collector)
    try:
        return serve(sys.stdin.buffer, sys.stdout.buffer, rules)
    except (BrokenPipeError, KeyboardInterrupt):
        return 0


def declared(text: str | None) -> Rules | None:
    """The rules ``--rules`` asks `cambio serve` to declare (None without the option);
    an empty value is refused like an empty ``--impl``, not taken as no rules.

    >>> declared("hearts").canonical
    'hearts'
    >>> declared("  ")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cambio_ref.errors.CambioError: --rules is empty: give a ruleset id, ...
    """
    if text is None:
        return None
    if not text.strip():
        raise CambioError("--rules is empty: give a ruleset id, a one-line form or a house-rules"
                          " file (leave the option out to declare no rules)")
    return resolve(text)


def _main_with_args(argv: list[str]) -> int:
    """``python -m conformance.serve [--rules R|FILE]`` (what `cambio serve` runs)."""
    if not argv:
        return main()
    if argv[0] != "--rules" or len(argv) != 2:
        print("usage: python -m conformance.serve [--rules R|FILE]", file=sys.stderr)
        return 2
    try:
        rules = declared(argv[1])
    except CambioError as exc:
        print(f"cambio serve: error: {exc}", file=sys.stderr)
        return 2
    return main(rules)


if __name__ == "__main__":
    quick_exit(_main_with_args(sys.argv[1:]))
