"""How an implementation under test fails: what `conformance.endpoints` raise and
`conformance.harness.Driver` counts.

>>> failure = ImplementationFailure("timeout", "no reply to act (seq 3) within 5 s", "", "act")
>>> failure.status, str(failure)
('timeout', 'no reply to act (seq 3) within 5 s')
"""

from __future__ import annotations

from cambio_ref.errors import CambioError
from conformance.protocol import Message


class ImplementationFailure(Exception):
    """The implementation crashed, hung, or broke the protocol while handling `cmd`."""

    def __init__(self, status: str, message: str, stderr: str = "", cmd: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.stderr = stderr
        self.cmd = cmd
        # in a batch: the replies to the requests before the one that failed, and its index
        self.replies: list[Message] = []
        self.index = 0


class CannotStart(CambioError):
    """The implementation command cannot be started at all (a usage error)."""


class RestartBudgetExhausted(Exception):
    """The implementation failed too often; the rest of the run is not run."""
