"""Taking over the implementation's state: a reference `State` rebuilt from a snapshot.

When the implementation and the reference reach different states and no option
value explains why, the reference takes over the implementation's state from its
``snapshot`` reply and plays on from there, the way processor co-simulation
resynchronises its reference model with the design under test. From a complete
snapshot (every field of `cambio_ref.state.State.snapshot`, see the protocol's
``snapshot`` command) `rebuild` gives that very state, naming the first field
missing or wrong. Real adapters give the protocol's minimum (`MINIMUM`: deck, pile,
grids, held): `take_over` then takes the cards from it, the phase, the player to
play, the caller and the round's result from the implementation's events where they
show them, and the rest from the reference's own state, and says which fields it
assumed.

>>> from cambio_ref.rules import resolve
>>> from cambio_ref.state import new_round
>>> state = new_round(resolve("hearts"), players=3, seed=1)
>>> rebuild(state.snapshot(), resolve("hearts"), seed=1).snapshot() == state.snapshot()
True
>>> rebuild({"deck": []}, resolve("hearts"), seed=1)
Traceback (most recent call last):
...
conformance.resync.IncompleteSnapshot: the snapshot has no 'phase'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cambio_ref.cards import Card
from cambio_ref.engine import legal_blocks
from cambio_ref.errors import CambioError
from cambio_ref.flags import flags_of
from cambio_ref.rules import Rules
from cambio_ref.state import HAND, OVER, POWER, TURN, RoundResult, State

# every field a complete snapshot has (`State.snapshot`)
FIELDS = ("phase", "current", "dealer", "deck", "pile", "grids", "known", "peeked", "held",
          "held_from", "power", "power_card", "powers_this_turn", "window", "window_winner",
          "pending_give", "knocked_out", "caller", "final_left", "end_caller", "turns",
          "reshuffles", "result")


# the protocol's minimum snapshot: the cards, wherever they are
MINIMUM = ("deck", "pile", "grids", "held")


class IncompleteSnapshot(ValueError):
    """A snapshot the reference cannot rebuild a state from (the reason says why)."""


def _card(code: Any) -> Card | None:
    return None if code is None else Card.parse(str(code))


def rebuild(snap: Any, rules: Rules, seed: int) -> State:
    """The state `snap` describes, played under `rules` (`seed`: the reshuffle seed)."""
    if not isinstance(snap, dict):
        raise IncompleteSnapshot("the snapshot is not an object")
    for name in FIELDS:
        if name not in snap:
            raise IncompleteSnapshot(f"the snapshot has no {name!r}")
    try:
        return _build(snap, rules, seed)
    except (CambioError, TypeError, ValueError, KeyError, IndexError) as exc:
        raise IncompleteSnapshot(f"the snapshot cannot be read: {exc}") from None


def _build(snap: dict[str, Any], rules: Rules, seed: int) -> State:
    s = State.__new__(State)
    s.rules, s.flags, s.seed = rules, flags_of(rules), seed
    s.n = len(snap["grids"])
    s.dealer, s.phase, s.current = int(snap["dealer"]), str(snap["phase"]), int(snap["current"])
    s.deck = [Card.parse(c) for c in reversed(snap["deck"])]
    s.pile = [Card.parse(c) for c in snap["pile"]]
    s.grids = [[_card(c) for c in grid] for grid in snap["grids"]]
    s.known = [[int(k) for k in row] for row in snap["known"]]
    s.peeked = [int(p) for p in snap["peeked"]]
    s.held, s.held_from = _card(snap["held"]), snap["held_from"]
    power = snap["power"]
    if power is None:
        s.power, s.power_stage, s.power_looked = None, None, []
    else:
        s.power = s.flags.powers[str(snap["power_card"])]
        s.power_stage = power[0]
        s.power_looked = [(int(o), int(slot)) for o, slot in power[1]]
    s.powers_this_turn = int(snap["powers_this_turn"])
    window, card, won, tried = snap["window"]
    s.window, s.window_card = bool(window), _card(card)
    s.window_won, s.window_tried = int(won), int(tried)
    s.window_winner = snap["window_winner"]
    s.pending_give = [(int(a), int(b), int(c)) for a, b, c in snap["pending_give"]]
    s.knocked_out = sum(1 << int(p) for p in snap["knocked_out"])
    s.caller, s.final_left, s.end_caller = snap["caller"], int(snap["final_left"]), \
        snap["end_caller"]
    s.turns, s.reshuffles = int(snap["turns"]), int(snap["reshuffles"])
    result = snap["result"]
    if result is None:
        s.result = None
    else:
        scores = tuple(int(x) for x in result["scores"])
        cards = tuple(sum(c is not None for c in grid) for grid in s.grids)
        s.result = RoundResult(scores, scores, tuple(int(w) for w in result["winners"]),
                               s.caller, str(result.get("reason", "")), cards)
    return s


@dataclass(frozen=True)
class TakenOver:
    """A state taken over from the implementation: the fields read from its events
    (``shown``) and those assumed from the reference's own state (``assumed``); both
    empty when the snapshot was complete."""

    state: State
    shown: tuple[str, ...] = ()
    assumed: tuple[str, ...] = ()

    def note(self, where: str) -> str:
        """What was taken over after `where`, in words (empty from a complete snapshot)."""
        if not self.assumed:
            return ""
        shown = f", {', '.join(self.shown)} from its events" if self.shown else ""
        return (f"after {where} the reference took the cards from the implementation's"
                f" snapshot{shown}, and assumed {', '.join(self.assumed)} from its own state")


def take_over(snap: Any, rules: Rules, seed: int, *, after: State, before: State | None,
              reply: Any) -> TakenOver:
    """The implementation's state after a step: from a complete snapshot, `rebuild`;
    from the minimum one (`MINIMUM`), the reference's own state after the step (`after`;
    `before` it, when the implementation refused the step or goes on where the reference
    ended the round) with the snapshot's cards, and what the implementation's `reply` (its
    events) shows: who is to play (``turn``, ``drew``, ``took``), the caller, the
    round's end. IncompleteSnapshot if even that cannot be played on.

    >>> from cambio_ref.rules import resolve
    >>> from cambio_ref.state import new_round
    >>> state = new_round(resolve("online"), players=2, seed=1)
    >>> snap = {k: v for k, v in state.snapshot().items() if k in MINIMUM}
    >>> taken = take_over(snap, resolve("online"), 1, after=state, before=None, reply=[])
    >>> taken.state.snapshot() == state.snapshot(), taken.assumed[:3]
    (True, ('phase', 'current', 'dealer'))
    """
    if isinstance(snap, dict) and all(name in snap for name in FIELDS):
        return TakenOver(rebuild(snap, rules, seed))
    if not isinstance(snap, dict):
        raise IncompleteSnapshot("the snapshot is not an object")
    for name in MINIMUM:
        if name not in snap:
            raise IncompleteSnapshot(f"the snapshot has no {name!r}")
    events = reply if isinstance(reply, list) else []
    ends = any(isinstance(e, dict) and e.get("t") == "round_over" for e in events)
    refused = not isinstance(reply, list)
    # the implementation played the step and went on where the reference ended the round
    went_on = before is not None and not refused and after.phase == OVER and not ends
    base = before if before is not None and (refused or went_on) else after
    try:
        state = _cards(snap, base.copy(), rules, after if went_on else None)
        shown = _shown(base, events, went_on)
    except (CambioError, TypeError, ValueError, KeyError, IndexError) as exc:
        raise IncompleteSnapshot(f"the snapshot cannot be read: {exc}") from None
    for name, value in shown.items():
        setattr(state, name, value)
    if state.phase == OVER and state.result is None:
        raise IncompleteSnapshot("the round is over and its events give no result")
    try:
        legal_blocks(state)
    except Exception as exc:  # (the reference's own, on a state no rules play on from)
        raise IncompleteSnapshot(f"the state it shows cannot be played on: {exc}") from None
    names = tuple(name for name in shown
                  if name not in ("held_from", "power", "power_stage", "power_looked"))
    assumed = tuple(name for name in FIELDS if name not in MINIMUM and name not in names)
    return TakenOver(state, names, assumed)


def _cards(snap: dict[str, Any], state: State, rules: Rules,
           played: State | None = None) -> State:
    """`state` with the cards of `snap` (and what each player knows kept only where the
    card stayed the same; where `played`, the reference's state after a step both played,
    has the card, what each player knows there, the step's own looks and swaps too)."""
    grids = [[_card(c) for c in grid] for grid in snap["grids"]]
    if len(grids) != state.n:
        raise ValueError(f"{len(grids)} grids for {state.n} players")
    state.rules, state.flags = rules, flags_of(rules)
    then = played or state
    state.known = [[_knowers(slot, card, then.grids[p], then.known[p])
                    or _knowers(slot, card, state.grids[p], state.known[p])
                    for slot, card in enumerate(grid)] for p, grid in enumerate(grids)]
    state.grids = grids
    state.deck = [Card.parse(c) for c in reversed(snap["deck"])]
    state.pile = [Card.parse(c) for c in snap["pile"]]
    state.held = _card(snap["held"])
    if state.held is None:
        state.held_from = None
    return state


def _knowers(slot: int, card: Card | None, grid: Sequence[Card | None],
             known: Sequence[int]) -> int:
    """Who knows `card` at `slot`, if `grid` (with `known`) has that card there, else 0."""
    return known[slot] if slot < len(known) and slot < len(grid) and grid[slot] == card else 0


def _shown(state: State, events: list[Any], went_on: bool = False) -> dict[str, Any]:
    """The fields the implementation's events set, by name (the last event that says
    wins): the phase and the player to play, the caller, the round's result. `went_on`:
    the events of a step that ended the reference's round and not the implementation's
    (`state`: the reference's before it), where a ``power_done`` ends the power in play
    and the turn, as the reference's own turn would have ended."""
    shown: dict[str, Any] = {}
    for event in events:
        kind = event.get("t") if isinstance(event, dict) else None
        player = event.get("player") if isinstance(event, dict) else None
        if kind == "power_done" and went_on and state.phase == POWER:
            shown.update(phase=TURN, current=state.next_seat(state.current), power=None,
                         power_stage=None, power_looked=[])
        elif kind == "called" and isinstance(player, int):
            shown["caller"] = player
        elif kind == "turn" and isinstance(player, int):
            shown.update(phase=TURN, current=player, power=None, power_stage=None,
                         result=None)
        elif kind in ("drew", "took") and isinstance(player, int):
            shown.update(phase=HAND, current=player, held_from="deck" if kind == "drew"
                         else "discard", result=None)
        elif kind == "round_over":
            scores = tuple(int(x) for x in event["scores"])
            grids = event.get("grids") or state.grids
            shown.update(phase=OVER, result=RoundResult(
                tuple(int(x) for x in event.get("raw", scores)), scores,
                tuple(int(w) for w in event["winners"]), event.get("caller"),
                str(event.get("reason", "")),
                tuple(sum(c is not None for c in grid) for grid in grids)))
    return shown
