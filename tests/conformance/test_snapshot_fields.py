"""Every snapshot field the protocol defines is compared when an implementation offers it
(issue 32: the fields stay optional, but an offered one must equal the reference's), and
``cambio serve`` offers them all, so the project's mutation check (which serves each
mutant with ``cambio serve``) counts a mutant seen only in one of them as observable."""

from __future__ import annotations

import json
from pathlib import Path

from cambio_ref.rules import resolve
from conformance.differences import SNAPSHOT_CARDS, snapshot_difference
from conformance.serve import ReferenceEngine

SCHEMA = Path(__file__).resolve().parents[2] / "spec/schemas/protocol/snapshot.reply.schema.json"


def _fields() -> list[str]:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    return list(schema["properties"]["state"]["properties"])


def test_cambio_serve_offers_every_field_and_each_is_compared() -> None:
    engine = ReferenceEngine()
    rules = resolve("online")
    engine.new_game(rules, 3, 0, [c.code for c in rules.deck(3)], 0)
    want = engine.snapshot()
    fields = _fields()
    assert set(SNAPSHOT_CARDS) < set(fields) and set(fields) <= set(want)
    for key in fields:
        found = snapshot_difference(want, {**want, key: ["not", "the", "reference's"]})
        assert found is not None and found[0] == f"snapshot.{key}", key
        # (offered alone beside the four card fields, and right: no difference)
        assert snapshot_difference(want, {k: v for k, v in want.items()
                                          if k == key or k in SNAPSHOT_CARDS}) is None
