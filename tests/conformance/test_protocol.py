"""The protocol: its JSON Schemas describe the real traffic, `cambio serve` speaks it over
stdio, and the handshake is checked."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from cambio_ref.catalogue import SCHEMA_BASE, schema_registry
from cambio_ref.resources import spec_dir
from cambio_ref.rules import resolve
from conformance import endpoints
from conformance.conform import Runner, plan
from conformance.harness import Driver, parse_impl
from conformance.protocol import Hello, ProtocolError, Support, check_reply, rules_from_json
from conformance.targets import targets

SPEC_DIR = spec_dir()

PROTOCOL = SPEC_DIR / "schemas" / "protocol"
SCHEMAS = sorted(PROTOCOL.glob("*.schema.json"))


@pytest.mark.parametrize("path", SCHEMAS, ids=lambda p: p.name)
def test_each_protocol_schema_is_2020_12_with_an_id(path: Path) -> None:
    schema = json.loads(path.read_text(encoding="utf-8"))
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == f"{SCHEMA_BASE}protocol/{path.name}"
    jsonschema.Draft202012Validator.check_schema(schema)


def test_there_is_a_request_and_a_reply_schema_for_every_command() -> None:
    names = {p.name for p in SCHEMAS}
    for cmd in ("hello", "new_game", "act", "observe", "legal", "snapshot", "views", "stop"):
        assert f"{cmd}.request.schema.json" in names and f"{cmd}.reply.schema.json" in names


def validator_for(name: str) -> jsonschema.Draft202012Validator:
    registry = schema_registry(SPEC_DIR / "schemas")
    schema = registry.contents(f"{SCHEMA_BASE}protocol/{name}")
    return jsonschema.Draft202012Validator(schema, registry=registry)


def test_the_schemas_describe_the_real_traffic(monkeypatch: pytest.MonkeyPatch) -> None:
    # every reply line as the in-process implementation writes it (as over a pipe)
    traffic: list[tuple[dict[str, Any], dict[str, Any]]] = []
    as_sent = endpoints.as_sent

    def tap(request: Any, reply: Any) -> bytes:
        line = as_sent(request, reply)
        traffic.append((dict(request), json.loads(line)))
        return line

    from conformance.serve import reference_line

    def tap_written(impl: Any, request: Any) -> bytes | None:  # (legal and views, as written)
        line = reference_line(impl, request)
        if line is not None:
            traffic.append((dict(request), json.loads(line)))
        return line

    monkeypatch.setattr(endpoints, "as_sent", tap)
    monkeypatch.setattr("conformance.endpoints.reference_line", tap_written)
    runner = Runner(Driver(parse_impl("python:conformance.serve:ReferenceEngine")), seed=3)
    runner.start()
    for item in plan(targets(["awareness", "online"], None), keyword="snap or tie or fuzz",
                     fuzz=6):
        assert all(r.status in ("pass", "not_applicable") for r in runner.run(item))
    runner.close()
    seen = {(request["cmd"], "rejected" in reply) for request, reply in traffic}
    assert {("hello", False), ("new_game", False), ("act", False), ("act", True),
            ("observe", False), ("snapshot", False), ("legal", False), ("views", False)} <= seen
    any_request = validator_for("request.schema.json")
    kinds: set[str] = set()
    shapes: set[tuple[object, ...]] = set()
    for request, reply in traffic:
        cmd = request["cmd"]
        shape = (cmd, "rejected" in reply, *sorted({e["t"] for e in reply.get("events", ())}))
        if shape in shapes:  # one message of each shape is enough (and much faster)
            continue
        shapes.add(shape)
        any_request.validate(request)
        validator_for(f"{cmd}.request.schema.json").validate(request)
        validator_for(f"{cmd}.reply.schema.json").validate(reply)
        kinds.update(e["t"] for e in reply.get("events", ()))
    assert {"dealt", "peeked", "drew", "discarded", "snapped", "snap_wrong", "round_over"} <= kinds


def test_the_schemas_reject_wrong_messages() -> None:
    with pytest.raises(jsonschema.ValidationError):
        validator_for("act.reply.schema.json").validate({"seq": 1})
    with pytest.raises(jsonschema.ValidationError):
        validator_for("observe.reply.schema.json").validate({"seq": 1, "view": {"player": 0}})
    with pytest.raises(jsonschema.ValidationError):
        validator_for("new_game.reply.schema.json").validate(
            {"seq": 1, "events": [{"t": "drew", "player": 0, "visible_to": [0]}]})  # no card


def _serve(*lines: str) -> list[dict[str, Any]]:
    proc = subprocess.run([sys.executable, "-m", "cambio_ref.cli", "serve"], check=True,
                          input="".join(line + "\n" for line in lines), capture_output=True,
                          text=True, timeout=60)
    return [json.loads(line) for line in proc.stdout.splitlines()]


def test_cambio_serve_speaks_the_protocol_over_stdio() -> None:
    rules = resolve("hearts")
    deck = [c.code for c in rules.deck(2)]
    replies = _serve(
        json.dumps({"cmd": "hello", "seq": 0, "protocol": 1}),
        json.dumps({"cmd": "new_game", "seq": 1, "rules": rules.values(), "players": 2,
                    "dealer": 0, "first": None, "deck": deck, "seed": 0}),
        json.dumps({"cmd": "act", "seq": 2, "action": {"t": "draw", "player": 1}}),
        json.dumps({"cmd": "act", "seq": 3, "action": {"t": "peek", "player": 1, "slot": 2}}),
        json.dumps({"cmd": "observe", "seq": 4, "player": 1}),
        "this is not JSON",
        json.dumps({"cmd": "jump", "seq": 5}),
        json.dumps({"cmd": "stop", "seq": 6}),
        json.dumps({"cmd": "observe", "seq": 7, "player": 0}),  # after stop: never answered
    )
    assert [r["seq"] for r in replies] == [0, 1, 2, 3, 4, None, 5, 6]
    hello, deal, rejected, peeked, seen, garbage, unknown, stop = replies
    assert hello["implementation"]["name"] == "cambio-ref"
    assert set(hello["commands"]) == {"legal", "snapshot", "views"}
    assert [e["t"] for e in deal["events"]].count("dealt") == 8
    assert rejected["rejected"]["code"] == "E_WRONG_PHASE"
    assert peeked["events"][0]["t"] == "peeked"
    assert seen["view"]["grids"][1][2] == peeked["events"][0]["card"]
    assert "not JSON" in garbage["error"]["message"]
    assert "unknown command 'jump'" in unknown["error"]["message"]
    assert stop == {"seq": 6}


def test_cambio_serve_refuses_another_protocol_version_and_incomplete_rules() -> None:
    replies = _serve(json.dumps({"cmd": "hello", "seq": 0, "protocol": 2}),
                     json.dumps({"cmd": "new_game", "seq": 1, "rules": {"tie": "shared"},
                                 "players": 2, "dealer": 0, "deck": [], "seed": 0}))
    assert "speaks protocol 1, not 2" in replies[0]["error"]["message"]
    assert "missing option keys" in replies[1]["error"]["message"]


def test_rules_travel_complete() -> None:
    rules = resolve("awareness", {"tie": "shared"})
    assert rules_from_json(rules.values(), rules.canonical) == rules
    with pytest.raises(ProtocolError, match="unknown option keys colour"):
        rules_from_json({**rules.values(), "colour": "red"})
    with pytest.raises(ProtocolError, match="tie='sometimes' is not allowed"):
        rules_from_json({**rules.values(), "tie": "sometimes"})


def test_the_handshake_declares_option_values() -> None:
    support = Support.parse({"snap.match": ["rank"], "red_king": [-1, 40], "tie": "*"})
    assert support.missing(resolve("memory")) == ["snap_match=points"]
    assert support.missing(resolve("hearts")) == ["red_king=-2"]
    assert support.choices("tie") == ("shared", "caller-loses", "caller-wins", "most-cards")
    assert support.choices("red_king") == (-1, 40)
    for bad, message in [({"colour": ["red"]}, "unknown option 'colour'"),
                         ({"tie": ["sometimes"]}, "'sometimes' is not a value of end.tie"),
                         ({"tie": "shared"}, "must be a list of values")]:
        with pytest.raises(ProtocolError, match=message):
            Support.parse(bad)
    reply = {"seq": 0, "protocol": 1, "implementation": {"name": "x"}, "commands": ["undo"]}
    assert 'commands[0]: expected one of "legal", "snapshot", "views", got "undo"' in (
        check_reply("hello", reply) or "")
    with pytest.raises(ProtocolError, match="unknown optional commands undo"):
        Hello.parse(reply)
    assert "protocol" in (check_reply("hello", {**reply, "protocol": 2}) or "")
    hello = Hello.parse({**reply, "commands": ["legal"], "skip": ["tie.three-way",
                                                                 {"case": "x.y", "reason": "later"}]})
    assert hello.skip == {"tie.three-way": "declared skipped", "x.y": "later"}


def test_cambio_serve_writes_its_first_replies_while_a_long_batch_goes_on(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A batch whose answering takes longer than `FLUSH_SECONDS` (here 30 requests of 10 ms
    each, as a whole game of big `legal` lists takes on a loaded machine) has its first
    replies written while the rest are still being answered: the harness's per-request
    timeout must not measure the whole batch for the first reply (a long campaign's
    `new_game` timeouts). Every reply is written, in order, once."""
    import io
    import time

    from cambio_ref.catalogue import load_catalogue
    from conformance import serve as served
    from conformance.protocol import dispatch as answer

    def slow(engine: Any, request: Any) -> Any:
        time.sleep(0.01)
        return answer(engine, request)

    monkeypatch.setattr("conformance.serve.dispatch", slow)
    writes: list[tuple[float, bytes]] = []

    class Out(io.BytesIO):
        def write(self, data: Any) -> int:
            writes.append((time.monotonic(), bytes(data)))
            return len(data)

    requests = [{"cmd": "hello", "seq": 0, "protocol": 1},
                *({"cmd": "observe", "seq": i, "player": 0} for i in range(1, 30)),
                {"cmd": "stop", "seq": 30}]
    load_catalogue()  # (read once per process: not part of the batch's time)
    began = time.monotonic()
    served.serve(io.BytesIO(b"".join(json.dumps(r).encode() + b"\n" for r in requests)), Out())
    ended = time.monotonic()
    assert len(writes) > 2  # (one write of all 31 replies at the end before)
    assert writes[0][0] - began < (ended - began) / 2
    lines = b"".join(data for _, data in writes).splitlines()
    assert [json.loads(line)["seq"] for line in lines] == list(range(31))


def test_cambio_serve_writes_legal_and_views_as_dispatch_encodes_them() -> None:
    """`reference_line` (the remembered text of the legal actions, the views written
    directly) gives byte for byte the line the generic path gives, along random games with
    every snap listed (multi-burn, anyone's cards), and falls back to it for anything else,
    and for an engine that answers `views` or `legal` its own way."""
    import random

    from cambio_ref.actions import action_to_json
    from cambio_ref.engine import legal_actions
    from conformance.protocol import dispatch
    from conformance.serve import ReferenceEngine, reference_line

    encode = json.JSONEncoder(separators=(",", ":")).encode
    compared = 0
    for name, players in (("online(multi_burn=true, snap_others=true)", 5), ("hearts", 3)):
        rules = resolve(name)
        engine = ReferenceEngine()
        engine.new_game(rules, players, 0, [c.code for c in rules.deck(players)], 1)
        pick = random.Random(players)
        for seq in range(60):
            for cmd in ("legal", "views"):
                request = {"cmd": cmd, "seq": seq}
                assert reference_line(engine, request) == \
                    encode(dispatch(engine, request)).encode() + b"\n"
                compared += 1
            assert engine.state is not None
            choices = legal_actions(engine.state)
            if not choices:
                break
            engine.act(action_to_json(pick.choice(choices)))
    assert compared > 120
    assert reference_line(ReferenceEngine(), {"cmd": "observe", "seq": 1, "player": 0}) is None

    class OwnViews(ReferenceEngine):
        def observe(self, player: int) -> dict[str, Any]:
            return {**super().observe(player), "extra": 1}

    own = OwnViews()
    own.new_game(rules, 2, 0, [c.code for c in rules.deck(2)], 1)
    assert reference_line(own, {"cmd": "views", "seq": 1}) is None
    assert reference_line(own, {"cmd": "legal", "seq": 1}) is not None
    assert reference_line(object(), {"cmd": "legal", "seq": 1}) is None  # (not the reference)
