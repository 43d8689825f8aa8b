"""The input limits are written where users read them (issue 21, item 8): the README,
the protocol page and the published schemas' descriptions, with the values the code
enforces (read from the constants, so a changed limit fails here until the docs follow)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cambio_ref import yamlio
from conformance import strict_json

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = ROOT / "spec" / "schemas"
FILE_LIMITS = [f"{yamlio.MAX_BYTES >> 20} MiB", f"{yamlio.MAX_DEPTH} levels",
               f"{yamlio.MAX_NODES:,} values", f"{yamlio.MAX_INT_DIGITS} digits"]
REPLY_LIMITS = [f"{strict_json.MAX_LINE >> 20} MiB", f"{strict_json.MAX_DEPTH} levels"]
ONE_LINE = "1,000 characters"  # yamlio.check_text's default limit, which resolve uses


def _flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize(("path", "limits"), [
    ("README.md", [*FILE_LIMITS, ONE_LINE]),
    ("docs/developers/protocol.md", [*FILE_LIMITS, *REPLY_LIMITS, ONE_LINE]),
])
def test_the_user_docs_state_the_limits(path: str, limits: list[str]) -> None:
    text = _flat((ROOT / path).read_text(encoding="utf-8"))
    assert [limit for limit in limits if limit not in text] == []


@pytest.mark.parametrize(("name", "limits"), [
    ("house-rules.schema.json", FILE_LIMITS),
    ("case.schema.json", FILE_LIMITS),
    ("protocol/request.schema.json", [*REPLY_LIMITS, *FILE_LIMITS[:2], FILE_LIMITS[3]]),
    ("protocol/hello.reply.schema.json", [*REPLY_LIMITS, ONE_LINE]),
])
def test_the_published_schemas_state_the_limits(name: str, limits: list[str]) -> None:
    schema = json.loads((SCHEMAS / name).read_text(encoding="utf-8"))
    descriptions = []
    stack = [schema]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            descriptions += [v for k, v in node.items() if k == "description" and isinstance(v, str)]
            stack += node.values()
        elif isinstance(node, list):
            stack += node
    text = " ".join(descriptions)
    assert [limit for limit in limits if limit not in text] == []


def test_the_one_line_limit_is_the_one_enforced() -> None:
    from cambio_ref.errors import SpecError

    yamlio.check_text("x" * 1000, "rules")
    with pytest.raises(SpecError):
        yamlio.check_text("x" * 1001, "rules")
