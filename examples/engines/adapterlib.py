"""What every adapter of examples/engines needs beside its engine: the JSON-lines loop of
the protocol (docs/developers/protocol.md), the protocol's deal and reshuffle
(spec/shuffle.yaml), and the table as the protocol sees it (grids with fixed slots,
the pile, the card in hand, who knows which card), from which the views and the
snapshot are answered.

The engines it serves keep no memory of who saw which card, and their hands are lists
that close up when a card leaves; the adapter keeps both here, from the events it
reports (the knowledge rules of the protocol), so the engine itself decides only what
happens. Standard library only: an adapter runs outside the kit.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

T = TypeVar("T")
MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15

Event = dict[str, Any]


class Refused(Exception):
    """An action the adapter (or its engine) refuses, with a protocol error code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


# -- chance, as spec/shuffle.yaml fixes it ---------------------------------------------


def hello_reply(name: str, commit: str, language: str, players: tuple[int, int],
                rules: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    """The handshake of an adapter for the public engine `name` (``owner/repo``) at `commit`."""
    return {"protocol": 1,
            "implementation": {"name": name, "version": commit[:7], "language": language,
                               "homepage": f"https://github.com/{name}"},
            "rules": rules, "options": options,
            "players": {"min": players[0], "max": players[1]}, "commands": ["snapshot"]}


def splitmix64(seed: int) -> Iterator[int]:
    """SplitMix64 outputs from `seed` (spec/shuffle.yaml).

    >>> hex(next(splitmix64(0)))
    '0xe220a8397b1dcdaf'
    """
    x = seed & MASK
    while True:
        x = (x + GOLDEN) & MASK
        z = x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        yield z ^ (z >> 31)


def shuffle(items: Sequence[T], seed: int, stream: int) -> list[T]:
    """The protocol's shuffle of `items` for the round's `stream`-th reshuffle."""
    out = list(items)
    outputs = splitmix64((seed + stream * GOLDEN) & MASK)
    for i in range(len(out) - 1, 0, -1):
        j = next(outputs) % (i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def deal(deck: Sequence[str], players: int, dealer: int, turn_up: bool
         ) -> tuple[list[list[str]], str | None, list[str]]:
    """The protocol's deal: four slots each, one card at a time from the seat after the
    dealer; then the turned-up card (if the rules turn one up); then the rest, top first.

    >>> deal([str(i) for i in range(10)], 2, 0, True)
    ([['1', '3', '5', '7'], ['0', '2', '4', '6']], '8', ['9'])
    """
    grids: list[list[str]] = [[] for _ in range(players)]
    at = 0
    for _slot in range(4):
        for k in range(players):
            grids[(dealer + 1 + k) % players].append(deck[at])
            at += 1
    up = deck[at] if turn_up else None
    return grids, up, list(deck[at + (1 if turn_up else 0):])


# -- the table as the protocol sees it ------------------------------------------------


class Table:
    """Grids with fixed slots (``None`` for a gap), the pile, the card in hand, and for
    every slot the set of seats that know its card, kept by the protocol's knowledge
    rules. Each method changes the table and returns the event it shows as."""

    def __init__(self, grids: list[list[str]], dealer: int, current: int) -> None:
        self.n = len(grids)
        self.grids: list[list[str | None]] = [list(g) for g in grids]
        self.known: list[list[set[int]]] = [[set() for _ in g] for g in grids]
        self.pile: list[str] = []
        self.deck = 0
        self.held: str | None = None
        self.held_public = False
        self.dealer, self.current = dealer, current
        self.phase = "peek"
        self.caller: int | None = None
        self.snap_open = False
        self.result: dict[str, Any] | None = None

    def everyone(self) -> list[int]:
        return list(range(self.n))

    # slots
    def card_at(self, owner: int, slot: int) -> str:
        if not 0 <= owner < self.n:
            raise Refused("E_UNKNOWN_PLAYER", f"there is no player {owner}")
        grid = self.grids[owner]
        card = grid[slot] if 0 <= slot < len(grid) else None
        if card is None:
            raise Refused("E_EMPTY_SLOT", f"player {owner} has no card in slot {slot}")
        return card

    def occupied(self, owner: int) -> list[int]:
        return [s for s, c in enumerate(self.grids[owner]) if c is not None]

    def place(self, owner: int, card: str, slot: int | None = None) -> int:
        """Put `card` into `slot`, or the lowest empty slot (then one past the grid)."""
        grid = self.grids[owner]
        if slot is None:
            slot = next((s for s, c in enumerate(grid) if c is None), len(grid))
        while slot >= len(grid):
            grid.append(None)
            self.known[owner].append(set())
        grid[slot] = card
        self.known[owner][slot] = set()
        return slot

    # events
    def dealt(self) -> list[Event]:
        return [{"t": "dealt", "player": p, "slot": s, "card": c, "visible_to": []}
                for p in range(self.n) for s, c in enumerate(self.grids[p]) if c is not None]

    def turned_up(self, card: str) -> Event:
        self.pile.append(card)
        return {"t": "turned_up", "card": card, "visible_to": self.everyone()}

    def peeked(self, player: int, slot: int) -> Event:
        card = self.card_at(player, slot)
        self.known[player][slot].add(player)
        return {"t": "peeked", "player": player, "owner": player, "slot": slot, "card": card,
                "visible_to": [player]}

    def public(self, kind: str, **fields: Any) -> Event:
        return {"t": kind, **fields, "visible_to": self.everyone()}

    def turn(self, player: int) -> Event:
        self.current, self.phase = player, "turn"
        return self.public("turn", player=player)

    def drew(self, player: int, card: str) -> Event:
        self.held, self.held_public, self.phase = card, False, "hand"
        self.deck -= 1
        return {"t": "drew", "player": player, "card": card, "visible_to": [player]}

    def took(self, player: int) -> Event:
        card = self.pile.pop()
        self.held, self.held_public, self.phase = card, True, "hand"
        return self.public("took", player=player, card=card)

    def swapped(self, player: int, slot: int) -> list[Event]:
        """The card in hand into `slot`; the card there discarded."""
        old = self.card_at(player, slot)
        card, public = self.held, self.held_public
        assert card is not None
        self.grids[player][slot] = card
        self.known[player][slot] = set(self.everyone()) if public else {player}
        self.held = None
        self.pile.append(old)
        return [{"t": "swapped", "player": player, "slot": slot, "card": card,
                 "visible_to": self.everyone() if public else [player]},
                self.public("discarded", player=player, card=old, **{"from": [player, slot]})]

    def discarded(self, player: int) -> Event:
        card = self.held
        assert card is not None
        self.held = None
        self.pile.append(card)
        return self.public("discarded", player=player, card=card, **{"from": None})

    def looked(self, player: int, owner: int, slot: int) -> Event:
        card = self.card_at(owner, slot)
        self.known[owner][slot].add(player)
        return {"t": "looked", "player": player, "owner": owner, "slot": slot, "card": card,
                "visible_to": [player]}

    def power_swapped(self, player: int, a: tuple[int, int], b: tuple[int, int]) -> Event:
        (oa, sa), (ob, sb) = a, b
        ga, gb = self.grids[oa], self.grids[ob]
        ga[sa], gb[sb] = gb[sb], ga[sa]
        ka, kb = self.known[oa], self.known[ob]
        ka[sa], kb[sb] = kb[sb], ka[sa]
        return {"t": "power_swapped", "player": player, "a": [oa, sa], "b": [ob, sb],
                "cards": [ga[sa], gb[sb]], "visible_to": []}

    def snapped(self, kind: str, player: int, owner: int, slot: int) -> Event:
        """A snap's public event; a correct snap moves the card onto the pile."""
        card = self.card_at(owner, slot)
        if kind == "snapped":
            self.grids[owner][slot] = None
            self.known[owner][slot] = set()
            self.pile.append(card)
        else:  # a wrong snap shows the card to everybody
            self.known[owner][slot] = set(self.everyone())
        return self.public(kind, player=player, targets=[[owner, slot]], cards=[card])

    def gave(self, player: int, slot: int, to: int, gap: int) -> Event:
        """The card in `player`'s `slot` given into `to`'s `gap`: face down, so whoever
        knew it still knows it there, and nobody else learns it."""
        card = self.card_at(player, slot)
        knew = self.known[player][slot]
        self.grids[player][slot], self.known[player][slot] = None, set()
        self.place(to, card, gap)
        self.known[to][gap] = set(knew)
        return {"t": "gave", "player": player, "slot": slot, "to": [to, gap], "card": card,
                "visible_to": []}

    def penalty(self, player: int, card: str, slot: int | None = None) -> Event:
        """A penalty card into `slot`, or (by default) the lowest empty slot."""
        slot = self.place(player, card, slot)
        self.deck -= 1
        return {"t": "penalty", "player": player, "slot": slot, "card": card, "visible_to": []}

    def reshuffled(self, order: list[str]) -> Event:
        top = self.pile[-1:]
        self.pile = top
        self.deck = len(order)
        return {"t": "reshuffled", "count": len(order), "order": order, "visible_to": []}

    def round_over(self, reason: str, scores: list[int], winners: list[int]) -> Event:
        self.phase, self.snap_open = "over", False
        grids = [list(g) for g in self.grids]
        self.result = {"scores": scores, "winners": winners}
        return self.public("round_over", reason=reason, caller=self.caller, grids=grids,
                           raw=list(scores), scores=scores, winners=winners)

    # what a player sees
    def view(self, player: int) -> dict[str, Any]:
        over = self.phase == "over"
        grids = [[None if c is None else (c if over or player in self.known[o][s] else "?")
                  for s, c in enumerate(g)] for o, g in enumerate(self.grids)]
        sees_held = self.held is not None and (self.held_public or player == self.current)
        out = {"player": player, "phase": self.phase, "current": self.current,
               "dealer": self.dealer, "deck": self.deck,
               "pile_top": self.pile[-1] if self.pile else None, "pile_size": len(self.pile),
               "held": self.held if sees_held else None, "grids": grids,
               "caller": self.caller, "snap_open": self.snap_open}
        if self.result is not None:
            out.update(self.result)
        return out


# -- the protocol loop ----------------------------------------------------------------


class Adapter:
    """One engine behind the protocol: subclasses answer `hello`'s fields and the game
    commands; `serve` reads requests and writes one reply each."""

    def hello(self) -> dict[str, Any]:
        raise NotImplementedError

    def new_game(self, request: dict[str, Any]) -> list[Event]:
        raise NotImplementedError

    def act(self, action: Any) -> list[Event]:
        raise NotImplementedError

    def observe(self, player: int) -> dict[str, Any]:
        raise NotImplementedError

    def snapshot(self) -> dict[str, Any]:
        raise NotImplementedError

    def answer(self, request: dict[str, Any]) -> dict[str, Any]:
        cmd = request.get("cmd")
        handlers: dict[str, Callable[[], dict[str, Any]]] = {
            "hello": self.hello,
            "new_game": lambda: {"events": self.new_game(request)},
            "act": lambda: self._act(request.get("action")),
            "observe": lambda: {"view": self.observe(int(request["player"]))},
            "snapshot": lambda: {"state": self.snapshot()},
            "stop": dict,
        }
        if cmd not in handlers:
            return {"error": {"message": f"unknown command {cmd!r}"}}
        return handlers[cmd]()

    def _act(self, action: Any) -> dict[str, Any]:
        try:
            return {"events": self.act(action)}
        except Refused as refusal:
            return {"rejected": {"code": refusal.code, "message": str(refusal)}}

    def serve(self) -> int:
        for line in sys.stdin:
            if not line.strip():
                continue
            request = json.loads(line)
            try:
                reply = self.answer(request)
            except Exception as exc:  # an engine's own failure: the harness counts a crash
                reply = {"error": {"message": f"{type(exc).__name__}: {exc}"}}
            reply["seq"] = request.get("seq")
            sys.stdout.write(json.dumps(reply) + "\n")
            sys.stdout.flush()
            if request.get("cmd") == "stop":
                return 0
        return 0


def read_action(data: Any) -> dict[str, Any]:
    """An action's fields as the protocol reads them ("Reading an action"): Refused with
    E_MALFORMED_ACTION when its kind's fields are missing or not integers."""
    fields = {"peek": ("slot",), "swap": ("slot",), "look": ("owner", "slot"),
              "power_swap": ("a", "b"), "snap": ("targets",), "give": ("slot",)}
    if not isinstance(data, dict) or data.get("t") not in (
            "peek", "draw", "take", "pass", "call", "swap", "discard", "look", "power_swap",
            "skip", "snap", "give"):
        raise Refused("E_MALFORMED_ACTION", f"not an action: {str(data)[:80]}")

    def integer(value: Any) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    def position(value: Any) -> bool:
        return isinstance(value, list) and len(value) == 2 and all(map(integer, value))

    if not integer(data.get("player")):
        raise Refused("E_MALFORMED_ACTION", "'player' must be an integer")
    for name in fields.get(data["t"], ()):
        value = data.get(name, KeyError)
        ok = {"a": position, "b": position}.get(name, integer)
        if name == "targets":
            good = isinstance(value, list) and bool(value) and all(map(position, value))
        elif data["t"] == "give":
            good = value is None or integer(value)
        else:
            good = ok(value)
        if not good:
            raise Refused("E_MALFORMED_ACTION", f"field {name!r} is missing or mistyped")
    return data
