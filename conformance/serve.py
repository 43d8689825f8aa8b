"""`cambio serve`: the reference interpreter speaking the protocol over stdin and stdout.

It is the bundled implementation and the default ``--impl`` of `cambio conform`.
It declares every option value and both optional commands (``legal`` and
``snapshot``), reads one request per line and answers each at once.

>>> import io, json
>>> out = io.BytesIO()
>>> serve(io.BytesIO(b'{"cmd": "hello", "seq": 0, "protocol": 1}\\n{"cmd": "stop", "seq": 1}\\n'), out)
0
>>> [json.loads(line)["seq"] for line in out.getvalue().splitlines()]
[0, 1]
"""

from __future__ import annotations

import json
import sys
from typing import Any, BinaryIO

from cambio_ref.actions import action_to_json
from cambio_ref.catalogue import load_catalogue
from cambio_ref.engine import legal_actions
from conformance.implementation import Reference
from conformance.protocol import dispatch


class ReferenceEngine(Reference):
    """The reference with the optional commands: `legal` and `snapshot`.

    ``python:conformance.serve:ReferenceEngine`` runs it in-process.
    """

    name = "cambio-ref"
    version = "0.1.0"
    language = "python"

    def legal(self) -> list[dict[str, Any]]:
        """Every legal action now, in the reference's sorted order."""
        assert self.state is not None, "new_game first"
        return [action_to_json(a) for a in legal_actions(self.state)]

    def snapshot(self) -> dict[str, Any]:
        """The whole state: deck (top first), pile (top last), grids, held card, and more."""
        assert self.state is not None, "new_game first"
        return self.state.snapshot()


def serve(stdin: BinaryIO, stdout: BinaryIO) -> int:
    """Answer requests line by line until `stop` or the end of input; return the exit status."""
    load_catalogue()  # before the handshake, so the first game is not slow
    engine = ReferenceEngine()
    dumps = json.JSONEncoder(separators=(",", ":")).encode
    write, flush = stdout.write, stdout.flush
    for line in stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except ValueError as exc:
            request = None
            reply: dict[str, Any] = {"seq": None, "error": {"message": f"not JSON: {exc}"}}
        else:
            reply = dispatch(engine, request)
        write(dumps(reply).encode() + b"\n")
        flush()
        if isinstance(request, dict) and request.get("cmd") == "stop":
            break
    return 0


def main() -> int:
    """Serve on this process's stdin and stdout."""
    try:
        return serve(sys.stdin.buffer, sys.stdout.buffer)
    except (BrokenPipeError, KeyboardInterrupt):
        return 0


if __name__ == "__main__":
    sys.exit(main())
