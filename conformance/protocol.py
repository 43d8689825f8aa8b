"""The conformance protocol, version 1: JSON lines between the harness and an implementation.

The harness writes one request per line on the implementation's stdin; the
implementation answers each with one line on stdout, in order, echoing the
request's ``seq``. Its stderr is free for logs. The messages are defined by the
JSON Schemas in ``spec/schemas/protocol/`` and described in
docs/developers/protocol.md. This module holds what both sides share: the
rules in their wire form, the handshake, the shape check of every reply, and
`dispatch`, which answers a request with any Python `Implementation` (that is
all `cambio serve` does, line by line).

>>> from cambio_ref.rules import resolve
>>> rules = resolve("hearts")
>>> rules_from_json(rules_to_json(rules), rules.canonical) == rules
True
>>> check_reply("act", {"seq": 3, "rejected": {"code": "E_NOT_YOUR_TURN"}})
>>> check_reply("observe", {"seq": 4, "events": []})
"the observe reply: $: missing the required field 'view'"
"""

from __future__ import annotations

import re
import traceback
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from cambio_ref.catalogue import Value, load_catalogue
from cambio_ref.errors import CambioError
from cambio_ref.names import quoted
from cambio_ref.rules import Rules, format_value, option_keys, resolve
from conformance.implementation import Implementation, Rejection
from conformance.sanitise import shorten

PROTOCOL_VERSION = 1
COMMANDS = ("hello", "new_game", "act", "observe", "legal", "snapshot", "views", "stop")
OPTIONAL_COMMANDS = ("legal", "snapshot", "views")
REPLY_FIELD = {"legal": "actions", "snapshot": "state", "views": "views"}  # (of each optional one)
Message = dict[str, Any]


class ProtocolError(CambioError):
    """A message that does not follow the protocol."""


# -- rules on the wire ---------------------------------------------------------


def rules_to_json(rules: Rules) -> dict[str, Value]:
    """Every option key with its value: the fully resolved rules of `new_game`."""
    return rules.values()


_BASE = re.compile(r"^\s*([a-z0-9-]+)")


def rules_from_json(data: Any, ruleset: str | None = None) -> Rules:
    """Rebuild `Rules` from the wire form; every option key must be present.

    `ruleset` (the canonical one-line form, informational) only names the base.

    >>> rules_from_json({"tie": "shared"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    conformance.protocol.ProtocolError: rules: missing option keys ace, auto_call, ... (... in all)
    """
    if not isinstance(data, Mapping):
        raise ProtocolError("rules must be an object mapping every option key to its value")
    missing = [k for k in option_keys() if k not in data]
    if missing:
        more = f", ... ({len(missing)} in all)" if len(missing) > 2 else ""
        raise ProtocolError(f"rules: missing option keys {', '.join(sorted(missing)[:2])}{more}")
    unknown = sorted(set(data) - set(option_keys()))
    if unknown:
        raise ProtocolError(f"rules: unknown option keys {', '.join(unknown)}")
    base = "online"
    match = _BASE.match(ruleset or "")
    if match and match.group(1) in load_catalogue().rulesets:
        base = match.group(1)
    return _resolve(base, tuple((k, _hashable(data[k])) for k in option_keys()))


def _hashable(value: Any) -> Any:
    return value if isinstance(value, bool | int | str) else repr(value)


@lru_cache(maxsize=256)
def _resolve(base: str, items: tuple[tuple[str, Any], ...]) -> Rules:
    cat = load_catalogue()
    for key, value in items:
        if not cat.option(key).accepts(value):
            raise ProtocolError(f"rules: {key}={value!r} is not allowed;"
                                f" expected {cat.option(key).allowed()}")
    return resolve(base, items)


# -- the handshake ---------------------------------------------------------------


@dataclass(frozen=True)
class Support:
    """The option values an implementation declared, by key (None: every value).

    >>> s = Support.parse({"snap_match": ["rank"], "tie": "*"})
    >>> from cambio_ref.rules import resolve
    >>> s.missing(resolve("memory"))
    ['snap_match=points']
    >>> s.missing(resolve("online"))
    []
    """

    values: Mapping[str, tuple[Value, ...] | None] = field(default_factory=dict)

    @classmethod
    def parse(cls, data: Any) -> Support:
        """Read the ``options`` of a hello reply; raise ProtocolError on anything unknown."""
        if data is None:
            return cls({})
        if not isinstance(data, Mapping):
            raise ProtocolError("hello: 'options' must map option keys to lists of values")
        cat = load_catalogue()
        out: dict[str, tuple[Value, ...] | None] = {}
        for name, values in data.items():
            if not isinstance(name, str) or not cat.has_option(name):
                raise ProtocolError(f"hello: unknown option {name!r} in 'options'")
            opt = cat.option(name)
            if values == "*":
                out[opt.key] = None
                continue
            if not isinstance(values, list):
                raise ProtocolError(f"hello: options.{name} must be a list of values or \"*\"")
            if not values:
                raise ProtocolError(f"hello: options.{name} lists no value, so no game and no"
                                    " fuzz game could be played; list the values it plays, or"
                                    " \"*\" for every value")
            for value in values:
                if not opt.accepts(value):
                    raise ProtocolError(f"hello: options.{name}: {value!r} is not a value of"
                                        f" {opt.id} (expected {opt.allowed()})")
            out[opt.key] = tuple(values)
        return cls(out)

    def allows(self, key: str, value: Value) -> bool:
        """True if the implementation declared `value` for option `key` (or every value)."""
        declared = self.values.get(key)
        return declared is None or any(v == value and type(v) is type(value) for v in declared)

    def missing(self, rules: Rules) -> list[str]:
        """The ``key=value`` pairs of `rules` that the implementation did not declare."""
        return [f"{k}={format_value(v)}" for k, v in rules.values().items() if not self.allows(k, v)]

    def choices(self, key: str) -> tuple[Value, ...]:
        """The values fuzzing may draw for `key`: the declared ones, else every alternative."""
        declared = self.values.get(key)
        if declared is not None:
            return declared
        return tuple(a.value for a in load_catalogue().option(key).alternatives)

    def to_json(self) -> dict[str, Any]:
        return {k: "*" if v is None else list(v) for k, v in self.values.items()}

    def left_open(self) -> list[str]:
        """The option keys the declaration leaves open (not listed, or ``"*"``): every
        value of each counts as supported, in the catalogue's order.

        >>> len(Support.parse({}).left_open()) == len(load_catalogue().options)
        True
        >>> Support.parse({"tie": ["shared"], "ace": "*"}).left_open()[:2]
        ['min_players', 'max_players']
        """
        return [o.key for o in load_catalogue().options if self.values.get(o.key) is None]

    def seats(self, players: tuple[int, int]) -> bool:
        """True if some player count fits the declared `players` range and some pair of
        declared ``min_players`` and ``max_players`` values.

        >>> Support.parse({"min_players": [8], "max_players": [2]}).seats((2, 8))
        False
        >>> Support.parse({"min_players": [3, 4]}).seats((2, 3))
        True
        """
        return any(max(low, players[0]) <= min(high, players[1])
                   for low in self.choices("min_players") for high in self.choices("max_players")
                   if isinstance(low, int) and isinstance(high, int))


DEFAULT_PLAYERS = (2, 8)


def declared_rules(data: Any) -> Rules:
    """The rules a hello reply declares: a ruleset id, a one-line form, or a complete
    rules object (every option key).

    >>> declared_rules("online(ace=0)").canonical
    'online(ace=0)'
    >>> declared_rules(7)
    Traceback (most recent call last):
    ...
    conformance.protocol.ProtocolError: hello: 'rules' must be a ruleset id, a one-line form or a complete rules object
    """
    if isinstance(data, Mapping):
        return rules_from_json(data)
    if not isinstance(data, str):
        raise ProtocolError("hello: 'rules' must be a ruleset id, a one-line form or a complete"
                            " rules object")
    try:
        return resolve(data if "(" in data else data.strip())
    except CambioError as exc:
        why = shorten(str(exc), 300)
        raise ProtocolError(f"hello: rules {quoted(data)}: {why}") from None


def declared_players(data: Any) -> tuple[int, int]:
    """The player range of a hello reply (2 to 8 when it says nothing).

    >>> declared_players({"min": 2, "max": 4}), declared_players(None)
    ((2, 4), (2, 8))
    """
    if data is None:
        return DEFAULT_PLAYERS
    low, high = (data.get("min"), data.get("max")) if isinstance(data, Mapping) else (None, None)
    if not (isinstance(low, int) and isinstance(high, int)) or isinstance(low, bool) or \
            isinstance(high, bool) or not 2 <= low <= high <= DEFAULT_PLAYERS[1]:
        raise ProtocolError("hello: 'players' must be {\"min\": m, \"max\": n} with"
                            f" 2 <= m <= n <= {DEFAULT_PLAYERS[1]}")
    return low, high


def _waivers(data: Any) -> dict[str, str]:
    """``waive``: option ids, core rule ids or deviation signatures, each with a reason."""
    if data is None:
        return {}
    if not isinstance(data, list):
        raise ProtocolError("hello: 'waive' lists {\"id\": ..., \"reason\": ...} objects")
    out: dict[str, str] = {}
    for item in data:
        if not (isinstance(item, Mapping) and isinstance(item.get("id"), str)
                and isinstance(item.get("reason"), str) and item["reason"].strip()):
            raise ProtocolError("hello: each 'waive' entry needs a string 'id' (an option id,"
                                " a core rule id or a deviation signature) and a 'reason'")
        out[item["id"]] = item["reason"]
    return out


@dataclass(frozen=True)
class Hello:
    """What an implementation said about itself in the handshake."""

    name: str
    version: str | None = None
    language: str | None = None
    support: Support = field(default_factory=Support)
    commands: frozenset[str] = frozenset()
    skip: Mapping[str, str] = field(default_factory=dict)
    rules: Rules | None = None  # the rules it plays, when it declares them
    players: tuple[int, int] = DEFAULT_PLAYERS
    waive: Mapping[str, str] = field(default_factory=dict)

    def waiver(self, *ids: str | None) -> str | None:
        """The reason of the first of `ids` the implementation waived (an option id also
        waives ``id=value``), if any.

        >>> Hello("x", waive={"snap.wrong-own": "not yet"}).waiver("snap.wrong-own=return-only")
        'snap.wrong-own: not yet'
        """
        for key in ids:
            if not key:
                continue
            for candidate in (key, key.partition("=")[0]):
                if candidate in self.waive:
                    return f"{candidate}: {self.waive[candidate]}"
        return None

    @classmethod
    def parse(cls, reply: Message) -> Hello:
        """Read a hello reply (already shape-checked)."""
        impl = reply["implementation"]
        commands = reply.get("commands", [])
        unknown = sorted(set(commands) - set(OPTIONAL_COMMANDS))
        if unknown:
            raise ProtocolError(f"hello: unknown optional commands {', '.join(unknown)};"
                                f" known: {', '.join(OPTIONAL_COMMANDS)}")
        skip: dict[str, str] = {}
        for item in reply.get("skip", []):
            if isinstance(item, str):
                skip[item] = "declared skipped"
            elif isinstance(item, Mapping) and isinstance(item.get("case"), str):
                skip[item["case"]] = str(item.get("reason", "declared skipped"))
            else:
                raise ProtocolError("hello: 'skip' lists case ids or {case, reason} objects")
        rules = declared_rules(reply["rules"]) if reply.get("rules") is not None else None
        support, players = Support.parse(reply.get("options")), declared_players(reply.get("players"))
        problem = unplayable(support, rules, players)
        if problem:
            raise ProtocolError(f"hello: {problem}")
        return cls(name=str(impl["name"]), version=_opt_str(impl.get("version")),
                   language=_opt_str(impl.get("language")), support=support,
                   commands=frozenset(commands), skip=skip, rules=rules, players=players,
                   waive=_waivers(reply.get("waive")))

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "version": self.version, "language": self.language,
                "options": self.support.to_json(), "commands": sorted(self.commands),
                "skip": dict(self.skip),
                "rules": self.rules.canonical if self.rules is not None else None,
                "players": {"min": self.players[0], "max": self.players[1]},
                "waive": dict(self.waive)}


def unplayable(support: Support, rules: Rules | None, players: tuple[int, int]) -> str | None:
    """Why a declaration allows no game at all (so a run would check nothing), if so: the
    declared rules need values `options` leaves out, or are played by no count in
    `players`, or no count fits `players` and the declared player-count options.

    >>> print(unplayable(Support(), resolve("official(min_players=5)"), (2, 3)))
    the declared rules official(min_players=5) are played by 5 to 8 players and 'players' allows 2 to 3: ...
    >>> print(unplayable(Support.parse({"min_players": [8], "max_players": [2]}), None, (2, 8)))
    no player count fits 'players' (2 to 8) and options min_players [8], max_players [2]: no game can be dealt
    >>> unplayable(Support(), resolve("hearts"), (2, 4)) is None
    True
    """
    low, high = players
    if rules is not None:
        missing = support.missing(rules)
        if missing:
            return (f"the declared rules {rules.canonical} need {', '.join(missing)}, which"
                    " 'options' does not list: no game can be dealt under them")
        if max(low, rules.min_players) > min(high, rules.max_players):
            return (f"the declared rules {rules.canonical} are played by {rules.min_players} to"
                    f" {rules.max_players} players and 'players' allows {low} to {high}: no game"
                    " can be dealt")
    if not support.seats(players):
        declared = ", ".join(f"{key} {support.to_json().get(key, '*')}"
                             for key in ("min_players", "max_players"))
        return (f"no player count fits 'players' ({low} to {high}) and options {declared}:"
                " no game can be dealt")
    return None


def _opt_str(value: Any) -> str | None:
    return None if value is None else str(value)


def hello_request(seq: int = 0) -> Message:
    """The harness's first message."""
    return {"cmd": "hello", "seq": seq, "protocol": PROTOCOL_VERSION}


def new_game_request(rules: Rules, players: int, dealer: int, deck: Iterable[str], seed: int,
                     first: int | None = None) -> Message:
    """A `new_game` request (without its seq)."""
    return {"cmd": "new_game", "ruleset": rules.canonical, "rules": rules_to_json(rules),
            "players": players, "dealer": dealer, "first": first, "deck": list(deck),
            "seed": seed}


# -- checking replies ------------------------------------------------------------


def check_reply(cmd: str, reply: Any) -> str | None:
    """None if `reply` fits the protocol schema of the reply to `cmd`, else what is wrong
    (the field and what was expected). The ``seq`` is compared by the caller.

    >>> check_reply("legal", {"seq": 2, "actions": [{"t": ["draw"], "player": 0}]})[:45]
    'the legal reply: $.actions[0].t: expected one'
    """
    from conformance.replies import reply_problem  # (jsonschema-rs: the harness's, not cambio serve's)

    return reply_problem(cmd, reply)


def reply_to_act(reply: Message) -> list[dict[str, Any]] | Rejection:
    """The events or the rejection of a checked `act` reply."""
    if "rejected" in reply:
        rej = reply["rejected"]
        return Rejection(rej["code"], str(rej.get("message", "")))
    events: list[dict[str, Any]] = reply["events"]
    return events


# -- the implementation side -----------------------------------------------------


def hello_reply(impl: Implementation, seq: Any = 0) -> Message:
    """The handshake reply of a Python implementation, from its optional attributes
    ``version``, ``options``, ``skip``, ``rules``, ``players`` and ``waive``, and its
    ``legal``, ``snapshot`` and ``views`` methods."""
    info: dict[str, Any] = {"name": impl.name, "language": "python"}
    version = getattr(impl, "version", None)
    if version is not None:
        info["version"] = str(version)
    reply = {"seq": seq, "protocol": PROTOCOL_VERSION, "implementation": info,
             "options": dict(getattr(impl, "options", {}) or {}),
             "commands": [c for c in OPTIONAL_COMMANDS if callable(getattr(impl, c, None))],
             "skip": list(getattr(impl, "skip", ()) or ())}
    for key in ("rules", "players", "waive"):
        value = getattr(impl, key, None)
        if value is not None:
            reply[key] = value.canonical if isinstance(value, Rules) else value
    return reply


def dispatch(impl: Implementation, request: Any) -> Message:
    """Answer one request with a Python implementation: the whole of `cambio serve`.

    A malformed request or a failure inside the implementation gives an
    ``error`` reply; `stop` is answered like any other request (the caller exits).

    >>> from conformance.serve import ReferenceEngine
    >>> dispatch(ReferenceEngine(), {"cmd": "observe", "seq": 7, "player": 0})["error"]["message"]
    'observe before new_game'
    """
    seq = request.get("seq") if isinstance(request, dict) else None
    try:
        if not isinstance(request, dict):
            raise ProtocolError("a request must be a JSON object")
        return {"seq": seq, **_answer(impl, request)}
    except CambioError as exc:
        return {"seq": seq, "error": {"message": str(exc)}}
    except Exception as exc:  # a bug in the implementation: report it, keep serving
        return {"seq": seq, "error": {"message": f"{type(exc).__name__}: {exc}",
                                      "traceback": traceback.format_exc(limit=8)}}


def _answer(impl: Implementation, request: Message) -> Message:
    cmd = request.get("cmd")
    if cmd == "hello":
        if request.get("protocol") != PROTOCOL_VERSION:
            raise ProtocolError(f"this implementation speaks protocol {PROTOCOL_VERSION},"
                                f" not {request.get('protocol')!r}")
        reply = hello_reply(impl)
        del reply["seq"]
        return reply
    if cmd == "new_game":
        rules = rules_from_json(request.get("rules"), request.get("ruleset"))
        players, dealer = request.get("players"), request.get("dealer", 0)
        deck, seed, first = request.get("deck"), request.get("seed", 0), request.get("first")
        if not isinstance(players, int) or not isinstance(dealer, int) or not isinstance(seed, int):
            raise ProtocolError("new_game needs integer 'players', 'dealer' and 'seed'")
        if not isinstance(deck, list) or not all(isinstance(c, str) for c in deck):
            raise ProtocolError("new_game needs 'deck', the full deck order as card codes")
        if first is not None and not isinstance(first, int):
            raise ProtocolError("new_game: 'first' must be a seat or null")
        return {"events": impl.new_game(rules, players, dealer, deck, seed, first)}
    if cmd == "stop":
        return {}
    if cmd in ("act", "observe", *OPTIONAL_COMMANDS) and getattr(impl, "state", True) is None:
        raise ProtocolError(f"{cmd} before new_game")
    if cmd == "act":
        result = impl.act(request.get("action"))  # type: ignore[arg-type] # checked by the engine
        if isinstance(result, Rejection):
            return {"rejected": {"code": result.code, "message": result.message}}
        return {"events": result}
    if cmd == "observe":
        player = request.get("player")
        if not isinstance(player, int) or isinstance(player, bool):
            raise ProtocolError("observe needs an integer 'player'")
        return {"view": impl.observe(player)}
    if cmd in OPTIONAL_COMMANDS:
        method = getattr(impl, cmd, None)
        if not callable(method):
            raise ProtocolError(f"this implementation has no {cmd!r} command")
        return {REPLY_FIELD[cmd]: method()}
    raise ProtocolError(f"unknown command {cmd!r}; expected one of {', '.join(COMMANDS)}")
