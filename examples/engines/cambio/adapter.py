"""The conformance adapter of evanbrierton/cambio's TypeScript engine (packages/game).

Run: ``CAMBIO_DIR=/path/to/cambio python examples/engines/cambio/adapter.py`` (the
checkout at the commit README.md names, with its npm dependencies and tsx). It speaks
docs/developers/protocol.md on stdin/stdout; the engine runs in a Node process
(bridge.mts, started with tsx) that applies each move with the engine's own
`handleMessage` to the engine's whole `GameState`, which this side keeps between moves.
The events are read off what the engine did to its state.

What the adapter supplies (README.md, "What the adapter adds"): the deal and the
reshuffles from the protocol's deck and seed (the engine shuffles with Math.random),
who knows which card (the engine does not record it), the rejection codes (the engine
answers a refusal with an English sentence), and the end of the round's last snap
window, which the engine closes on a timer: the adapter lets it expire at once.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from adapterlib import Adapter, Event, Refused, Table, deal, hello_reply, read_action, shuffle

COMMIT = "be01e2699d59b8438ecf90eb3665d2a0a806ecbb"
SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
CODES = {v: k for k, v in SUITS.items()}
POWERS = {"7": "peek_own", "8": "peek_own", "9": "spy", "10": "spy", "J": "blind_switch",
          "Q": "queen_look", "K": "king_look"}


def checkout() -> Path:
    root = os.environ.get("CAMBIO_DIR") or (sys.argv[1] if len(sys.argv) > 1 else "")
    if not root or not (Path(root) / "packages" / "game" / "src" / "engine.ts").is_file():
        sys.stderr.write("cambio adapter: set CAMBIO_DIR to a checkout of evanbrierton/cambio"
                         f" at {COMMIT[:7]} (packages/game/src/engine.ts not found)\n")
        raise SystemExit(2)
    return Path(root)


def tsx() -> list[str]:
    """The command that runs bridge.mts: $TSX, else tsx on the PATH, else npx tsx."""
    if os.environ.get("TSX"):
        return [os.environ["TSX"]]
    found = shutil.which("tsx")
    return [found] if found else ["npx", "--yes", "tsx"]


def declared() -> tuple[dict[str, Any], dict[str, list[Any]]]:
    data = json.loads(Path(__file__).with_name("rules.json").read_text(encoding="utf-8"))
    rules = {o["key"]: o["value"] for o in data["options"]}
    return rules, {key: [value] for key, value in rules.items()}


def to_engine(code: str, serial: int) -> dict[str, Any]:
    if code == "X":
        return {"id": f"c{serial}", "suit": "joker", "rank": "JOKER"}
    return {"id": f"c{serial}", "suit": SUITS[code[-1]], "rank": code[:-1]}


def to_code(card: dict[str, Any] | None) -> str | None:
    if card is None:
        return None
    return "X" if card["rank"] == "JOKER" else card["rank"] + CODES[card["suit"]]


class CambioAdapter(Adapter):
    def __init__(self) -> None:
        root = checkout()
        self.bridge = subprocess.Popen(
            [*tsx(), str(Path(__file__).with_name("bridge.mts"))], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, text=True, env={**os.environ, "CAMBIO_DIR": str(root)})
        self.state: dict[str, Any] = {}
        self.table: Table | None = None
        self.first = 0
        self.seed = 0
        self.reshuffles = 0
        self.engine_refused = False

    # -- the engine ------------------------------------------------------------------

    def call(self, request: dict[str, Any]) -> dict[str, Any]:
        assert self.bridge.stdin is not None and self.bridge.stdout is not None
        self.bridge.stdin.write(json.dumps(request) + "\n")
        self.bridge.stdin.flush()
        line = self.bridge.stdout.readline()
        if not line:
            raise RuntimeError("the engine's Node process ended")
        reply: dict[str, Any] = json.loads(line)
        if "error" in reply:
            raise RuntimeError(f"engine: {reply['error']}")
        return reply

    def pid(self, seat: int) -> str:
        return f"p{seat}"

    def seat_of(self, player_id: str) -> int:
        return int(player_id[1:])

    def engine_index(self, seat: int) -> int:
        """The engine plays its players in array order from index 0: the protocol's first
        player sits at index 0, and the seats follow clockwise."""
        assert self.table is not None
        return (seat - self.first) % self.table.n

    def send(self, seat: int, message: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        """The engine's reply to `message` from `seat`, and its state before it (the new
        state is kept only if the engine changed it)."""
        before = self.state
        if message["type"] == "snap" or message.get("source") == "deck":
            self.reshuffle_if_due()  # (the engine reshuffles only to draw a card)
        reply = self.call({"op": "message", "state": self.state, "player": self.pid(seat),
                           "message": message})
        self.state = reply["state"]
        return reply["result"], before

    def reshuffle_if_due(self) -> None:
        """The engine reshuffles with Math.random when it must draw from an empty deck
        (reshuffleDiscardIntoDeck): the adapter lays the protocol's reshuffle out first,
        the same cards (the pile but its top, bottom first), so the engine finds a deck."""
        s = self.state
        if s["deck"] or len(s["discard"]) <= 1:
            return
        self.reshuffles += 1
        order = shuffle(s["discard"][:-1], self.seed, self.reshuffles)  # top first
        s["deck"] = order[::-1]  # the engine draws with deck.pop()
        s["discard"] = s["discard"][-1:]
        self.pending_reshuffle = [to_code(c) for c in order]

    # -- the deal --------------------------------------------------------------------

    def hello(self) -> dict[str, Any]:
        return hello_reply("evanbrierton/cambio", COMMIT, "typescript", (2, 6), *declared())

    def new_game(self, request: dict[str, Any]) -> list[Event]:
        n, dealer = request["players"], request["dealer"]
        self.seed, self.reshuffles = request.get("seed", 0), 0
        self.pending_reshuffle: list[str | None] | None = None
        grids, _up, rest = deal(request["deck"], n, dealer, False)
        first = request.get("first")
        self.first = (dealer + 1) % n if first is None else first
        serial = iter(range(10**6))
        order = [(self.first + i) % n for i in range(n)]
        players = [{"id": self.pid(seat), "name": f"seat {seat}",
                    "hand": [{"card": to_engine(c, next(serial)), "faceUp": False} for c in grids[seat]],
                    "penaltyCount": 0, "setupPeekedSlots": [], "hasCalledCambio": False,
                    "finalTurnDone": False, "isWaiting": False, "connected": True, "isBot": False,
                    "botDifficulty": None} for seat in order]
        self.state = {
            "roomId": "conform", "phase": "setup_peek", "isSoloMode": False, "isMatchmade": False,
            "matchTargetSize": n, "matchFillWithBots": False, "matchSoftStartAt": None,
            "soloDifficulty": None, "jokerCount": 2,
            "cardPoints": {"ace": 1, "face": 10, "joker": 0, "blackKing": -2, "redKing": 25},
            "hostId": self.pid(self.first), "players": players, "currentPlayerIndex": 0,
            "deck": [to_engine(c, next(serial)) for c in reversed(rest)], "discard": [],
            "cambioCallerId": None, "pendingAbility": None, "drawnCard": None,
            "drawnFromDiscard": False, "turnStarted": False, "debugReveal": False,
            "roundNumber": 1, "roundHistory": [], "cumulativeScores": {p["id"]: 0 for p in players},
            "winnerIds": [], "scores": None, "snapWindowEndsAt": None,
            "snapEligibleTopCardId": None, "snapChainPlayerId": None, "botThinkingId": None,
            "log": [], "chatMessages": []}
        self.table = Table(grids, dealer, self.first)
        self.table.deck = len(rest)
        return self.table.dealt()

    # -- reading the engine's state --------------------------------------------------

    def hand(self, seat: int, state: dict[str, Any] | None = None) -> list[dict[str, Any] | None]:
        s = state or self.state
        return [slot["card"] for slot in s["players"][self.engine_index(seat)]["hand"]]

    def current(self, state: dict[str, Any] | None = None) -> int:
        s = state or self.state
        return self.seat_of(s["players"][s["currentPlayerIndex"]]["id"])

    # -- acting ----------------------------------------------------------------------

    def act(self, data: Any) -> list[Event]:
        table = self.table
        assert table is not None
        action = read_action(data)
        p, kind = action["player"], action["t"]
        if not 0 <= p < table.n:
            raise Refused("E_UNKNOWN_PLAYER", f"there is no player {p}")
        if table.phase == "over":
            raise Refused("E_ROUND_OVER", "the round is over")
        pending = self.state["pendingAbility"]
        if pending and pending["kind"] == "snap_give" and kind != "give" \
                and (self.seat_of(pending["playerId"]) == p or kind != "snap"):
            raise Refused("E_MUST_GIVE", "a snapper owes a card")
        saved = (json.dumps(self.state), self.reshuffles)
        self.engine_refused = False
        try:
            return self.play(p, kind, action)
        except Refused:
            # A refusal of the adapter's changes nothing. One of the engine's keeps what
            # the engine did to its state (a refused draw still marks the turn started):
            # that is the engine's behaviour, and what follows shows it.
            if not self.engine_refused:
                self.state, self.reshuffles = json.loads(saved[0]), saved[1]
            elif self.pending_reshuffle is not None:  # laid out for a draw that never came
                before = json.loads(saved[0])
                self.state["deck"], self.state["discard"] = before["deck"], before["discard"]
                self.reshuffles, self.pending_reshuffle = saved[1], None
            raise

    def refuse(self, result: dict[str, Any], kind: str) -> None:
        """The engine refused (an English sentence): a protocol code for it."""
        text = result.get("error", "")
        codes = [("Not your turn", "E_NOT_YOUR_TURN"), ("Player not found", "E_UNKNOWN_PLAYER"),
                 ("Invalid slot", "E_EMPTY_SLOT"),
                 ("No card in that slot", "E_EMPTY_SLOT"), ("Invalid source slot", "E_EMPTY_SLOT"),
                 ("Invalid target slot", "E_EMPTY_SLOT"), ("Discard pile is empty", "E_DISCARD_EMPTY"),
                 ("Must swap discard draws", "E_MUST_SWAP"), ("protected", "E_LOCKED"),
                 ("Cambio caller cannot snap", "E_LOCKED"), ("Peek your own", "E_POWER_TARGET"),
                 ("Spy an opponent", "E_POWER_TARGET"), ("Pick two different", "E_POWER_TARGET"),
                 ("bottom two", "E_PEEK_SLOT"), ("Already peeked", "E_PEEK_DONE"),
                 ("Cannot call Cambio now", "E_CALL_TIMING"), ("Call Cambio before", "E_CALL_TIMING"),
                 ("No snap available", "E_NO_SNAP_WINDOW"), ("Cannot snap", "E_NO_SNAP_WINDOW"),
                 ("Another player is resolving", "E_NO_SNAP_WINDOW"),
                 ("Wait for the snap card to be given", "E_MUST_GIVE"),
                 ("Already looked enough", "E_WRONG_PHASE")]
        code = next((c for phrase, c in codes if phrase in text), "E_WRONG_PHASE")
        raise Refused(code, f"the engine says: {text}")

    def play(self, p: int, kind: str, action: dict[str, Any]) -> list[Event]:
        table = self.table
        assert table is not None
        if kind == "peek":
            return self.peek(p, action["slot"])
        if table.phase == "peek" and kind != "snap":
            raise Refused("E_GIVE_FORBIDDEN" if kind == "give" else "E_NOT_YOUR_TURN"
                          if p != table.current else "E_CALL_TIMING" if kind == "call"
                          else "E_WRONG_PHASE", "the opening peek is not over")
        self.precheck(p, kind)
        if kind == "pass":
            raise Refused("E_PASS_FORBIDDEN", "the engine has no pass")
        if kind == "skip":
            raise Refused("E_POWER_REQUIRED", "the engine's powers cannot be declined")
        message: dict[str, Any]
        if kind in ("draw", "take"):
            message = {"type": "draw", "source": "deck" if kind == "draw" else "discard"}
        elif kind == "call":
            if self.state["cambioCallerId"] is not None:
                raise Refused("E_ALREADY_CALLED", "someone has called")
            message = {"type": "call_cambio"}
        elif kind == "swap":
            message = {"type": "swap", "slot": action["slot"]}
        elif kind == "discard":
            message = {"type": "discard_drawn"}
        elif kind == "look":
            if not 0 <= action["owner"] < table.n:
                raise Refused("E_UNKNOWN_PLAYER", f"there is no player {action['owner']}")
            message = {"type": "ability_look", "playerId": self.pid(action["owner"]),
                       "slot": action["slot"]}
        elif kind == "power_swap":
            (oa, sa), (ob, sb) = action["a"], action["b"]
            for owner in (oa, ob):
                if not 0 <= owner < table.n:
                    raise Refused("E_UNKNOWN_PLAYER", f"there is no player {owner}")
            message = {"type": "ability_swap", "fromPlayerId": self.pid(oa), "fromSlot": sa,
                       "toPlayerId": self.pid(ob), "toSlot": sb}
        elif kind == "snap":
            if table.phase == "peek":
                raise Refused("E_SNAP_DURING_PEEK", "no snapping during the opening peek")
            owner, slot = action["targets"][0]
            if len(action["targets"]) > 1:  # the engine's own refusal first, if it has one
                self.try_first(p, {"type": "snap", "targetPlayerId": self.pid(owner % table.n),
                                   "slot": slot})
                raise Refused("E_SNAP_MULTI", "one card per snap")
            # (an unknown owner goes to the engine too: it looks the target up only after
            # its own checks of the snapper and the window, the protocol's order)
            message = {"type": "snap", "targetPlayerId": self.pid(owner), "slot": slot}
        else:  # give
            slot = action["slot"]
            pending = self.state["pendingAbility"]
            if not pending or pending["kind"] != "snap_give":
                raise Refused("E_GIVE_FORBIDDEN", "no card is owed")
            if self.seat_of(pending["playerId"]) != p:
                raise Refused("E_MUST_GIVE", "another snapper owes a card")
            if slot is None:
                raise Refused("E_MUST_GIVE", "a card must be given")
            message = {"type": "snap_give", "slot": slot}
        result, before = self.send(p, message)
        wrong_snap = kind == "snap" and "Wrong snap" in result.get("error", "")
        if "error" in result and not wrong_snap:
            self.engine_refused = True
            self.refuse(result, kind)
        return self.events(p, kind, action, before, wrong_snap)

    def precheck(self, p: int, kind: str) -> None:
        """The codes the engine's sentences do not tell apart, in the protocol's order:
        the turn, then the phase (the engine checks the move's own conditions first)."""
        table = self.table
        assert table is not None
        if kind in ("snap", "give"):
            return
        if kind == "call" and self.state["cambioCallerId"] is not None:
            raise Refused("E_ALREADY_CALLED", "someone has called")
        if p != self.current():
            raise Refused("E_NOT_YOUR_TURN", f"it is player {self.current()}'s turn")
        phase = {"draw": "turn", "take": "turn", "pass": "turn", "call": "turn", "swap": "hand",
                 "discard": "hand", "look": "power", "power_swap": "power", "skip": "power"}[kind]
        if table.phase != phase:
            raise Refused("E_CALL_TIMING" if kind == "call" else "E_WRONG_PHASE",
                          f"{kind} is not possible now ({table.phase})")

    def try_first(self, seat: int, message: dict[str, Any]) -> None:
        """Refused with the engine's own reason if it refuses `message` (which is not
        played: the state stays as it was)."""
        reply = self.call({"op": "message", "state": self.state, "player": self.pid(seat),
                           "message": message})
        if "error" in reply["result"] and "Wrong snap" not in reply["result"]["error"]:
            self.refuse(reply["result"], message["type"])

    def peek(self, p: int, slot: int) -> list[Event]:
        table = self.table
        assert table is not None
        if table.phase != "peek":
            raise Refused("E_WRONG_PHASE", "the opening peek is over")
        table.card_at(p, slot)
        result, _before = self.send(p, {"type": "setup_peek", "slot": slot})
        if "error" in result:
            self.refuse(result, "peek")
        events = [table.peeked(p, slot)]
        if self.state["phase"] != "setup_peek":
            events.append(table.public("peek_over"))
            events.append(table.turn(self.current()))
        return events

    # -- what the engine did ---------------------------------------------------------

    def events(self, p: int, kind: str, action: dict[str, Any], before: dict[str, Any],
               wrong_snap: bool) -> list[Event]:
        table, s = self.table, self.state
        assert table is not None
        events: list[Event] = []
        if self.pending_reshuffle is not None and kind != "snap":  # (a snap's comes with its penalty)
            events.append(table.reshuffled(self.pending_reshuffle))  # type: ignore[arg-type]
            self.pending_reshuffle = None
        if kind == "draw":
            events.append(table.drew(p, to_code(s["drawnCard"]) or "?"))
        elif kind == "take":
            events.append(table.took(p))
        elif kind == "call":
            table.caller = p
            events.append(table.public("called", player=p))
        elif kind == "swap":
            old = self.hand(p, before)[action["slot"]]
            if old is None:  # a slot emptied by a snap: the engine fills it, discarding nothing
                table.place(p, table.held or "?", action["slot"])
                table.held = None
            else:
                events += table.swapped(p, action["slot"])
        elif kind == "discard":
            card = table.held
            events.append(table.discarded(p))
            power = POWERS.get((card or "")[:-1])
            if power:
                events.append(table.public("power", player=p, card=card))
                if not s["pendingAbility"]:
                    events.append(table.public("power_done", player=p))
                else:
                    table.phase = "power"
        elif kind == "look":
            events.append(table.looked(p, action["owner"], action["slot"]))
            if not s["pendingAbility"]:
                events.append(table.public("power_done", player=p))
        elif kind == "power_swap":
            events.append(table.power_swapped(p, tuple(action["a"]), tuple(action["b"])))
            events.append(table.public("power_done", player=p))
        elif kind == "snap":
            owner, slot = action["targets"][0]
            if wrong_snap:
                # the engine shows the card to nobody (it stays face down: no faceUp)
                events.append({"t": "snap_wrong", "player": p, "targets": [[owner, slot]],
                               "cards": [table.card_at(owner, slot)], "visible_to": []})
                if self.pending_reshuffle is not None:  # the penalty's draw reshuffled
                    events.append(table.reshuffled(self.pending_reshuffle))  # type: ignore[arg-type]
                    self.pending_reshuffle = None
                old = {(c or {}).get("id") for c in self.hand(p, before)}
                for slot, card in enumerate(self.hand(p)):  # where the engine laid it
                    if card is not None and card["id"] not in old:
                        events.append(table.penalty(p, to_code(card) or "?", slot))
            else:
                events.append(table.snapped("snapped", p, owner, slot))
        elif kind == "give":
            pending = before["pendingAbility"]
            to = self.seat_of(pending["snapTargetPlayerId"])
            given = self.hand(p, before)[action["slot"]] or {}
            gap = next(i for i, c in enumerate(self.hand(to)) if c and c["id"] == given.get("id"))
            events.append(table.gave(p, action["slot"], to, gap))  # where the engine laid it
        table.snap_open = s["snapEligibleTopCardId"] is not None
        return events + self.after(before)

    def after(self, before: dict[str, Any]) -> list[Event]:
        table, s = self.table, self.state
        assert table is not None
        events: list[Event] = []
        if s["cambioCallerId"] is not None and table.caller is None:  # a call for an empty hand
            table.caller = self.seat_of(s["cambioCallerId"])
            events.append(table.public("called", player=table.caller, auto=True))
        if s["phase"] == "snap_window":  # the end of the round: its timed window expires
            self.state = s = self.call({"op": "reveal", "state": s})["state"]
        if s["phase"] == "ended":
            scores = [s["scores"][self.pid(seat)] for seat in range(table.n)]
            winners = sorted(self.seat_of(w) for w in s["winnerIds"])
            reason = "called" if s["cambioCallerId"] else "deck-exhausted"
            events.append(table.round_over(reason, scores, winners))
            return events
        if s["drawnCard"] is None and not s["pendingAbility"]:
            if (s["currentPlayerIndex"], s["turnStarted"]) != (before["currentPlayerIndex"], before["turnStarted"]) \
                    and not s["turnStarted"] and self.current() != self.current(before):
                events.append(table.turn(self.current()))
            elif table.phase in ("hand", "power"):
                table.phase = "turn"
        return events

    # -- what a player sees ----------------------------------------------------------

    def observe(self, player: int) -> dict[str, Any]:
        assert self.table is not None
        self.table.deck = len(self.state["deck"])
        return self.table.view(player)

    def snapshot(self) -> dict[str, Any]:
        s = self.state
        grids = [[to_code(c) for c in self.hand(seat)] for seat in range(len(s["players"]))]
        assert self.table is not None
        for seat, grid in enumerate(grids):  # the engine trims trailing gaps; the protocol keeps them
            grid += [None] * (len(self.table.grids[seat]) - len(grid))
        return {"deck": [to_code(c) for c in reversed(s["deck"])],
                "pile": [to_code(c) for c in s["discard"]], "grids": grids,
                "held": to_code(s["drawnCard"])}


if __name__ == "__main__":
    raise SystemExit(CambioAdapter().serve())
