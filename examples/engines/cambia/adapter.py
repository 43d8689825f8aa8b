"""The conformance adapter of jason-s-yu/cambia's Python engine (cfr/src/game, two players).

Run: ``CAMBIA_DIR=/path/to/cambia python examples/engines/cambia/adapter.py`` (the
checkout at the commit README.md names). It speaks docs/developers/protocol.md on
stdin/stdout and drives the engine's own `CambiaGameState`: every action is turned into
the engine's action, checked against the engine's own legal actions, and applied with
the engine's `apply_action`; the events are read off what the engine did.

What the adapter supplies because the engine has no such thing (README.md, "What the
adapter adds"): the deal and the reshuffles from the protocol's deck and seed, the
opening peek (the engine only records which two cards each player knows), fixed grid
slots (the engine's hand is a list that closes up), who knows which card, and the
rejection codes (the engine logs a refusal and changes nothing).
"""

from __future__ import annotations

import copy
import json
import logging
import os
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from adapterlib import Adapter, Event, Refused, Table, deal, hello_reply, read_action, shuffle

COMMIT = "38ed48fd538701120248137d10811147fa969373"
# engine hand index -> protocol slot: the engine's two peeked cards (indices 0 and 1,
# engine.py _setup_game: initial_peek_indices=range(initial_view_count)) are the two
# closest to the player (RULES.md §2), slots 2 and 3.
LAYOUT = (2, 3, 0, 1)


def engine_modules() -> dict[str, Any]:
    """The engine's modules, from the checkout named by CAMBIA_DIR."""
    root = os.environ.get("CAMBIA_DIR") or (sys.argv[1] if len(sys.argv) > 1 else "")
    cfr = Path(root) / "cfr"
    if not root or not (cfr / "src" / "game" / "engine.py").is_file():
        sys.stderr.write("cambia adapter: set CAMBIA_DIR to a checkout of jason-s-yu/cambia"
                         f" at {COMMIT[:7]} (cfr/src/game/engine.py not found)\n")
        raise SystemExit(2)
    sys.path.insert(0, str(cfr))
    logging.disable(logging.CRITICAL)  # the engine logs every refusal
    from src import constants  # type: ignore[import-not-found]
    from src.card import Card  # type: ignore[import-not-found]
    from src.config import CambiaRulesConfig  # type: ignore[import-not-found]
    from src.game.engine import CambiaGameState  # type: ignore[import-not-found]
    from src.game.player_state import PlayerState  # type: ignore[import-not-found]
    return {"C": constants, "Card": Card, "Config": CambiaRulesConfig,
            "State": CambiaGameState, "PlayerState": PlayerState}


def card_code(card: Any) -> str:
    """The protocol's code of an engine card, or of its text in a delta (`Card.__str__`
    gives 10H; R is the joker)."""
    text = str(card)
    return "X" if text == "R" else text


def declared() -> tuple[dict[str, Any], dict[str, list[Any]]]:
    """The declared rules (rules.json: every option pinned) and the same values as the
    only ones supported."""
    data = json.loads(Path(__file__).with_name("rules.json").read_text(encoding="utf-8"))
    rules = {o["key"]: o["value"] for o in data["options"]}
    return rules, {key: [value] for key, value in rules.items()}


class ProtocolShuffle:
    """Stands in for the engine's `_rng` (engine.py `_attempt_reshuffle` calls
    ``self._rng.shuffle(discard[:-1])``): the protocol's reshuffle of stream k."""

    def __init__(self, seed: int) -> None:
        self.seed, self.stream = seed, 0

    def shuffle(self, cards: list[Any]) -> None:
        self.stream += 1
        order = shuffle(cards, self.seed, self.stream)  # the new deck, top first
        cards[:] = order[::-1]  # the engine draws from the end of its stockpile

    def randint(self, a: int, b: int) -> int:  # (not reached: the adapter seats the first player)
        return a


class CambiaAdapter(Adapter):
    def __init__(self) -> None:
        self.m = engine_modules()
        self.g: Any = None
        self.table: Table | None = None
        self.slots: list[list[int]] = []  # per seat, engine hand index -> protocol slot
        self.peeks: list[set[int]] = []
        self.king_look: tuple[int, int] | None = None  # the first of a king's two looks
        self.before_power: Any = None  # the engine before a power's discard (a skip undoes it)

    def hello(self) -> dict[str, Any]:
        return hello_reply("jason-s-yu/cambia", COMMIT, "python", (2, 2), *declared())

    # -- the deal --------------------------------------------------------------------

    def new_game(self, request: dict[str, Any]) -> list[Event]:
        m = self.m
        n, dealer, seed = request["players"], request["dealer"], request.get("seed", 0)
        grids, up, rest = deal(request["deck"], n, dealer, True)
        first = request.get("first")
        first = (dealer + 1) % n if first is None else first
        by_code: dict[str, list[Any]] = {}

        def engine_card(code: str) -> Any:
            rank, suit = ("R", None) if code == "X" else (code[:-1].replace("10", "T"), code[-1])
            card = m["Card"](rank=rank, suit=suit)
            by_code.setdefault(code, []).append(card)
            return card

        hands = [[engine_card(grids[p][slot]) for slot in LAYOUT] for p in range(n)]
        config = m["Config"](allowDrawFromDiscardPile=True)  # RULES.md §3: taking the discard
        g = m["State"](players=[m["PlayerState"](hand=h, initial_peek_indices=(0, 1)) for h in hands],
                       stockpile=[engine_card(c) for c in reversed(rest)],
                       discard_pile=[engine_card(up)] if up else [],
                       current_player_index=first, num_players=n, house_rules=config)
        g._rng = ProtocolShuffle(seed)
        self.g = g
        self.slots = [list(LAYOUT) for _ in range(n)]
        self.table = table = Table(grids, dealer, first)
        table.deck = len(rest)
        self.peeks = [set() for _ in range(n)]
        self.king_look = self.before_power = None
        events = table.dealt()
        if up:
            events.append(table.turned_up(up))
        return events

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
        if kind == "snap":
            return self.snap(p, action)
        if kind == "peek":
            return self.peek(p, action)
        saved = copy.deepcopy((self.g, self.table, self.slots, self.before_power))
        try:
            return self.play(p, kind, action)
        except Refused:  # a refused action changes nothing
            self.g, self.table, self.slots, self.before_power = saved
            raise

    def precheck(self, p: int, kind: str) -> None:
        """The rejection codes the engine does not give (it only logs a refusal), in the
        protocol's order: the turn, then the phase, then the kind's own checks."""
        table, g = self.table, self.g
        assert table is not None
        if kind == "give":
            raise Refused("E_GIVE_FORBIDDEN", "no card is owed (the engine snaps own cards only)")
        if kind == "call" and g.cambia_caller_id is not None:
            raise Refused("E_ALREADY_CALLED", "someone has called")
        if p != table.current:
            raise Refused("E_NOT_YOUR_TURN", f"it is player {table.current}'s turn")
        phase = {"draw": "turn", "take": "turn", "pass": "turn", "call": "turn", "swap": "hand",
                 "discard": "hand", "look": "power", "power_swap": "power", "skip": "power"}[kind]
        if table.phase != phase:
            raise Refused("E_CALL_TIMING" if kind == "call" else "E_WRONG_PHASE",
                          f"{kind} is not possible now ({table.phase})")
        if kind == "pass":
            raise Refused("E_PASS_FORBIDDEN", "the engine has no pass")

    def play(self, p: int, kind: str, action: dict[str, Any]) -> list[Event]:
        table, g = self.table, self.g
        assert table is not None
        events: list[Event] = []
        if kind in ("draw", "take", "call") and g.snap_phase_active and p != g.current_player_index:
            events += self.close_snaps()  # the engine's snap phase: everybody passes
            if table.phase == "over":
                raise Refused("E_ROUND_OVER", "the round is over")
        self.precheck(p, kind)
        g = self.g
        C = self.m["C"]
        if kind == "draw":
            return events + self.step(C.ActionDrawStockpile(), p, kind, action)
        if kind == "take":
            return events + self.step(C.ActionDrawDiscard(), p, kind, action)
        if kind == "call":
            return events + self.step(C.ActionCallCambia(), p, kind, action)
        if kind == "swap":
            return self.step(C.ActionReplace(target_hand_index=self.index(p, p, action["slot"])),
                             p, kind, action)
        if kind == "discard":
            with_power = C.ActionDiscard(use_ability=True)
            if with_power in g.get_legal_actions():
                self.before_power = copy.deepcopy(g)
                return self.step(with_power, p, kind, action)
            return self.step(C.ActionDiscard(use_ability=False), p, kind, action)
        return self.power(p, action)

    def index(self, player: int, owner: int, slot: int) -> int:
        """The engine's hand index of the protocol's slot (E_UNKNOWN_PLAYER/E_EMPTY_SLOT)."""
        assert self.table is not None
        self.table.card_at(owner, slot)
        return self.slots[owner].index(slot)

    def peek(self, p: int, action: dict[str, Any]) -> list[Event]:
        table = self.table
        assert table is not None
        if table.phase != "peek":
            raise Refused("E_WRONG_PHASE", "the opening peek is over")
        slot = action["slot"]
        table.card_at(p, slot)
        if slot not in (LAYOUT[0], LAYOUT[1]):
            raise Refused("E_PEEK_SLOT", "only the two closest cards may be peeked")
        if slot in self.peeks[p] or len(self.peeks[p]) >= 2:
            raise Refused("E_PEEK_DONE", "already peeked")
        self.peeks[p].add(slot)
        events = [table.peeked(p, slot)]
        if all(len(s) == 2 for s in self.peeks):
            events.append(table.public("peek_over"))
            events.append(table.turn(self.g.current_player_index))
        return events

    # -- applying one engine action, and reading off what it did ---------------------

    def apply(self, engine_action: Any, p: int) -> list[tuple[Any, ...]]:
        g = self.g
        if p != g.get_acting_player() or engine_action not in g.get_legal_actions():
            raise Refused(self.why(engine_action), f"the engine does not offer {engine_action}")
        deltas, _undo = g.apply_action(engine_action)
        return list(deltas)

    def why(self, engine_action: Any) -> str:
        """A rejection code for an engine action the engine does not offer (it has none)."""
        g, C = self.g, self.m["C"]
        if isinstance(engine_action, (C.ActionDrawStockpile, C.ActionDrawDiscard, C.ActionCallCambia)):
            if g.pending_action is not None:
                return "E_WRONG_PHASE"
            if isinstance(engine_action, C.ActionDrawDiscard):
                return "E_DISCARD_EMPTY" if not g.discard_pile else "E_TAKE_FORBIDDEN"
            if isinstance(engine_action, C.ActionCallCambia):
                return "E_ALREADY_CALLED" if g.cambia_caller_id is not None else "E_CALL_TIMING"
            return "E_WRONG_PHASE"
        if isinstance(engine_action, C.ActionReplace):
            return "E_WRONG_PHASE" if not isinstance(g.pending_action, C.ActionDiscard) else "E_LOCKED"
        if isinstance(engine_action, C.ActionDiscard):
            return "E_WRONG_PHASE" if not isinstance(g.pending_action, C.ActionDiscard) else "E_MUST_SWAP"
        return "E_POWER_TARGET"

    def step(self, engine_action: Any, p: int, kind: str, action: dict[str, Any]) -> list[Event]:
        table, g = self.table, self.g
        assert table is not None
        before_turn, before_caller = (g.current_player_index, g._turn_number), g.cambia_caller_id
        held = g.pending_action_data.get("drawn_card") if g.pending_action is not None else None
        deltas = self.apply(engine_action, p)
        events: list[Event] = []
        for delta in deltas:
            name = delta[0]
            if name == "reshuffle":
                events.append(self.reshuffled(delta))
            elif name == "draw_stockpile":
                events.append(table.drew(p, card_code(delta[2])))
            elif name == "draw_discard":
                events.append(table.took(p))
            elif name == "set_attr" and delta[1] == "cambia_caller_id" and before_caller is None:
                table.caller = p
                events.append(table.public("called", player=p))
            elif name == "replace_discard" or (name == "list_append" and delta[1] == "discard_pile"):
                if kind == "swap":
                    events += table.swapped(p, action["slot"])
                else:
                    events.append(table.discarded(p))
            elif name == "set_pending_action" and delta[1] not in ("ActionDiscard",):
                events.append(table.public("power", player=p, card=card_code(held)))
                table.phase = "power"
            elif name == "start_snap_phase":
                table.snap_open = True
        if kind == "swap" and not any(e["t"] == "swapped" for e in events):
            events += table.swapped(p, action["slot"])
        if kind == "discard" and not any(e["t"] == "discarded" for e in events):
            events.append(table.discarded(p))
        if kind == "discard" and g.pending_action is None and any(e["t"] == "power" for e in events):
            events.append(table.public("power_done", player=p))
        events += self.after(before_turn)
        return events

    def reshuffled(self, delta: tuple[Any, ...]) -> Event:
        assert self.table is not None
        return self.table.reshuffled([card_code(c) for c in delta[1]][::-1])

    def after(self, before_turn: tuple[int, int]) -> list[Event]:
        """The turn passing and the round ending, as the engine did them."""
        table, g = self.table, self.g
        assert table is not None
        events: list[Event] = []
        if not g.snap_phase_active:
            table.snap_open = table.snap_open and False
        if g._game_over:
            events.append(self.round_over())
        elif (g.current_player_index, g._turn_number) != before_turn:
            events.append(table.turn(g.current_player_index))
        elif g.pending_action is None and table.phase in ("hand", "power"):
            table.phase = "turn"  # (the engine's snap phase, before the turn passes)
        return events

    def round_over(self) -> Event:
        table, g = self.table, self.g
        assert table is not None
        scores = [sum(c.value for c in pl.hand) for pl in g.players]
        winners = [g._winner] if g._winner is not None else []  # a tie without the caller: nobody
        caller = g.cambia_caller_id
        reason = "called" if caller is not None and g.turns_after_cambia >= g.num_players else (
            "turn-limit" if g._turn_number >= g.house_rules.max_game_turns else "deck-exhausted")
        return table.round_over(reason, scores, winners)

    # -- snaps -----------------------------------------------------------------------

    def close_snaps(self) -> list[Event]:
        """Every snapper the engine still asks passes (the protocol has no such action:
        a snap window simply closes when play goes on)."""
        g, C = self.g, self.m["C"]
        before = (g.current_player_index, g._turn_number)
        while g.snap_phase_active and not g._game_over:
            g.apply_action(C.ActionPassSnap())
        assert self.table is not None
        self.table.snap_open = False
        return self.after(before)

    def snap(self, p: int, action: dict[str, Any]) -> list[Event]:
        table, g, C = self.table, self.g, self.m["C"]
        assert table is not None
        targets = action["targets"]
        if table.phase == "peek":
            raise Refused("E_SNAP_DURING_PEEK", "no snapping during the opening peek")
        if not g.snap_phase_active:
            raise Refused("E_NO_SNAP_WINDOW", "the engine holds no snap phase now")
        if len(targets) > 1:
            raise Refused("E_SNAP_MULTI", "one card per snap")
        owner, slot = targets[0]
        if not g.snap_phase_active:
            raise Refused("E_NO_SNAP_WINDOW", "the engine holds no snap phase now")
        order = g.snap_potential_snappers[g.snap_current_snapper_idx:]
        if p not in order:
            raise Refused("E_NO_SNAP_WINDOW" if p not in g.snap_potential_snappers else
                          "E_ALREADY_SNAPPED", f"the engine does not ask player {p} to snap now")
        table.card_at(owner, slot)
        if owner != p:
            raise Refused("E_SNAP_OTHERS", "only one's own cards may be snapped")
        before = (g.current_player_index, g._turn_number)
        while g.get_acting_player() != p:
            g.apply_action(C.ActionPassSnap())
        index = self.slots[p].index(slot)
        deltas, _ = g.apply_action(C.ActionSnapOwn(own_card_hand_index=index))
        events: list[Event] = []
        success = any(d[0] == "snap_own_success" for d in deltas)
        if success:
            self.slots[p].pop(index)
            events.append(table.snapped("snapped", p, p, slot))
        else:
            events.append(table.snapped("snap_wrong", p, p, slot))
        for d in deltas:
            if d[0] == "reshuffle":
                events.append(self.reshuffled(d))
            elif d[0] == "penalty_draw":
                event = table.penalty(p, card_code(d[2]))
                self.slots[p].append(event["slot"])
                events.append(event)
        if not success and not any(d[0] == "penalty_draw" for d in deltas):
            events.append(table.public("penalty_skipped", player=p))
        table.snap_open = g.snap_phase_active
        events += self.after(before)
        return events

    # -- powers ----------------------------------------------------------------------

    def power(self, p: int, action: dict[str, Any]) -> list[Event]:
        table, g, C = self.table, self.g, self.m["C"]
        assert table is not None
        pending, kind = g.pending_action, action["t"]
        looks = (C.ActionAbilityPeekOwnSelect, C.ActionAbilityPeekOtherSelect,
                 C.ActionAbilityKingLookSelect)
        if pending is None or isinstance(pending, C.ActionDiscard):
            raise Refused("E_WRONG_PHASE", "no power is under way")
        opponent = 1 - p
        if kind == "skip":
            if isinstance(pending, C.ActionAbilityKingSwapDecision):  # the king's swap declined
                before = (g.current_player_index, g._turn_number)
                self.apply(C.ActionAbilityKingSwapDecision(perform_swap=False), p)
                self.before_power = None
                table.snap_open = g.snap_phase_active
                return [table.public("skipped", player=p, step="swap"),
                        table.public("power_done", player=p), *self.after(before)]
            if self.king_look is None and self.before_power is not None:  # nothing done yet
                return self.decline(p, "look" if isinstance(pending, looks) else "swap")
            raise Refused("E_POWER_REQUIRED", "the engine's power cannot be declined now")
        if kind == "look":
            owner, slot = action["owner"], action["slot"]
            if not isinstance(pending, looks):
                raise Refused("E_WRONG_PHASE", "the power's looks are over")
            index = self.index(p, owner, slot)
            if isinstance(pending, C.ActionAbilityPeekOwnSelect):
                if owner != p:
                    raise Refused("E_POWER_TARGET", "this power looks at one's own card")
                return self.look_step(C.ActionAbilityPeekOwnSelect(target_hand_index=index), p, [(owner, slot)])
            if isinstance(pending, C.ActionAbilityPeekOtherSelect):
                if owner == p:
                    raise Refused("E_POWER_TARGET", "this power looks at the opponent's card")
                return self.look_step(C.ActionAbilityPeekOtherSelect(target_opponent_hand_index=index),
                                      p, [(owner, slot)])
            # the king: one engine action takes both looks (own and other)
            if self.king_look is None:
                self.king_look = (owner, slot)
                return [table.looked(p, owner, slot)]
            first = self.king_look
            if first[0] == owner:
                raise Refused("E_POWER_TARGET", "the king looks at one own card and one other")
            own, other = (first, (owner, slot)) if first[0] == p else ((owner, slot), first)
            engine_action = C.ActionAbilityKingLookSelect(
                own_hand_index=self.slots[p].index(own[1]),
                opponent_hand_index=self.slots[opponent].index(other[1]))
            self.king_look = None
            return self.look_step(engine_action, p, [(owner, slot)])
        # power_swap
        a, b = tuple(action["a"]), tuple(action["b"])
        for owner, slot in (a, b):
            self.index(p, owner, slot)
        if isinstance(pending, looks):
            raise Refused("E_WRONG_PHASE", "the swap comes after the looks")
        if isinstance(pending, C.ActionAbilityKingSwapDecision):
            looked = {tuple(x) for x in g.pending_action_data.get("looked", [])} or None
            engine_action = C.ActionAbilityKingSwapDecision(perform_swap=True)
            own_i = g.pending_action_data.get("own_idx")
            opp_i = g.pending_action_data.get("opp_idx")
            if own_i is not None and opp_i is not None:
                pair = {(p, self.slots[p][own_i]), (opponent, self.slots[opponent][opp_i])}
                if {a, b} != pair:
                    raise Refused("E_POWER_TARGET", "the king swaps the two cards it looked at")
            del looked
        else:
            own, other = (a, b) if a[0] == p else (b, a)
            if own[0] != p or other[0] != opponent:
                raise Refused("E_POWER_TARGET", "one own card with one of the opponent's")
            engine_action = C.ActionAbilityBlindSwapSelect(
                own_hand_index=self.slots[p].index(own[1]),
                opponent_hand_index=self.slots[opponent].index(other[1]))
        before = (g.current_player_index, g._turn_number)
        self.apply(engine_action, p)
        events = [table.power_swapped(p, a, b), table.public("power_done", player=p)]
        self.before_power = None
        table.snap_open = g.snap_phase_active
        return events + self.after(before)

    def look_step(self, engine_action: Any, p: int, where: list[tuple[int, int]]) -> list[Event]:
        table, g = self.table, self.g
        assert table is not None
        before = (g.current_player_index, g._turn_number)
        self.apply(engine_action, p)
        events = [table.looked(p, o, s) for o, s in where]
        if g.pending_action is None:
            events.append(table.public("power_done", player=p))
            self.before_power = None
            table.snap_open = g.snap_phase_active
        return events + self.after(before)

    def decline(self, p: int, step: str) -> list[Event]:
        """A skip of a power's first step (a look, or a jack's or queen's swap): the
        engine, back from before the discard, discards without the power (its only way to
        decline one)."""
        table, C = self.table, self.m["C"]
        assert table is not None
        self.g = self.before_power
        self.before_power = None
        g = self.g
        before = (g.current_player_index, g._turn_number)
        g.apply_action(C.ActionDiscard(use_ability=False))
        table.snap_open = g.snap_phase_active
        return [table.public("skipped", player=p, step=step),
                table.public("power_done", player=p), *self.after(before)]

    # -- what a player sees ----------------------------------------------------------

    def observe(self, player: int) -> dict[str, Any]:
        assert self.table is not None
        self.table.deck = len(self.g.stockpile)
        return self.table.view(player)

    def snapshot(self) -> dict[str, Any]:
        table, g = self.table, self.g
        assert table is not None
        held = g.pending_action_data.get("drawn_card") if g.pending_action is not None else None
        return {"deck": [card_code(c) for c in reversed(g.stockpile)],
                "pile": [card_code(c) for c in g.discard_pile],
                "grids": [list(grid) for grid in table.grids],
                "held": card_code(held) if held is not None else None}


if __name__ == "__main__":
    raise SystemExit(CambiaAdapter().serve())
