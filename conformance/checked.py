"""Reply lines already found valid: a line seen before, apart from its seq, is valid again.

Checking a reply (strict JSON, then its protocol schema, `conformance.replies`)
costs far more than parsing it, and most replies recur byte for byte apart
from their ``seq``: in a run of every case, about 94 % of the `legal` replies,
86 % of the `act` replies and 63 % of the `observe` replies. `CheckedLines`
remembers, per command, the text after ``{"seq":N,`` of every line that passed
both checks, with the value it parsed to. A line with a remembered text parses
to the same value as the one that passed, apart from its seq (an integer, which
the schema allows whatever its value), so it passes again: only its seq is
compared, and it is not parsed again (its value is the remembered one with its
own seq; the values inside are shared between such replies, so they must not be
changed). Nothing is remembered for a line that failed, or that does not start
with its seq. Apart from those, `expect` takes for one batch the reference's own
encoding of its own replies (a `legal` list of thousands of snaps where everyone
may snap anyone's cards): a line that is that text needs no parse either.

>>> lines = CheckedLines()
>>> key = lines.key("act", b'{"seq":4,"events":[]}')
>>> key
('act', b'"events":[]}')
>>> key in lines
False
>>> lines.add(key, {"seq": 4, "events": []})
>>> lines.key("act", b'{"seq":5,"events":[]}') in lines
True
>>> lines.known("act", b'{"seq":5,"events":[]}')
{'seq': 5, 'events': []}
>>> lines.key("act", b'{"events":[],"seq":5}') is None
True
>>> lines.expect(("legal", b'"actions":[]}'), {"actions": []})  # (the reference's own)
>>> lines.known("legal", b'{"seq":9,"actions":[]}')
{'actions': [], 'seq': 9}
>>> lines.known("legal", b'{"seq":9,"actions":[ ]}') is None  # (other bytes: parsed, checked)
True
>>> lines.new_batch(); lines.known("legal", b'{"seq":9,"actions":[]}') is None
True
"""

from __future__ import annotations

import re
from typing import Any

from conformance.strict_json import MAX_LINE

REMEMBERED_LINES = 16384  # per process; forgotten all at once when full
_SEQ = re.compile(rb'\{"seq":(-?(?:0|[1-9][0-9]*)),')


class CheckedLines:
    """The reply lines (by command, without their seq) that passed every check."""

    def __init__(self, limit: int = REMEMBERED_LINES) -> None:
        self.limit = limit
        self.passed: dict[tuple[str, bytes], dict[str, Any]] = {}
        self.expected: dict[tuple[str, bytes], dict[str, Any]] = {}  # (`expect`)

    def key(self, cmd: str, line: bytes) -> tuple[str, bytes] | None:
        """What identifies `line` as a reply to `cmd` apart from its seq; None if it does not
        start with its seq."""
        found = _SEQ.match(line)
        if found is None or len(line) > MAX_LINE:
            return None
        return cmd, line[found.end():]

    def __contains__(self, key: object) -> bool:
        return key in self.passed

    def known(self, cmd: str, line: bytes) -> dict[str, Any] | None:
        """The value of `line` if a line with the same text apart from its seq passed, with
        the seq of `line`; else None."""
        found = _SEQ.match(line)
        if found is None or len(line) > MAX_LINE:
            return None
        key = (cmd, line[found.end():])
        reply = self.passed.get(key) or self.expected.get(key)
        if reply is None:
            return None
        return {**reply, "seq": int(found.group(1))}

    def expect(self, key: tuple[str, bytes], reply: dict[str, Any]) -> None:
        """Take a line as valid without it having passed: the reference's own encoding of
        its own (valid) reply, expected in the batch being read. Kept apart from the lines
        that passed, until `new_batch` (such lines can be big)."""
        self.expected[key] = reply

    def new_batch(self) -> None:
        """Forget the lines `expect` took for the batch before."""
        self.expected.clear()

    def add(self, key: tuple[str, bytes] | None, reply: dict[str, Any]) -> None:
        """Remember a line that passed, with its value (nothing for None)."""
        if key is None:
            return
        if len(self.passed) >= self.limit:
            self.passed.clear()
        self.passed[key] = reply
