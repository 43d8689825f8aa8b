"""Taking over the implementation's state: a reference `State` rebuilt from a snapshot.

When the implementation and the reference reach different states and no option
value explains why, the reference takes over the implementation's state from its
``snapshot`` reply and plays on from there, the way processor co-simulation
resynchronises its reference model with the design under test. That needs a
complete snapshot: every field of `cambio_ref.state.State.snapshot` (see the
protocol's ``snapshot`` command); `rebuild` names the first field missing or
wrong.

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

from typing import Any

from cambio_ref.cards import Card
from cambio_ref.errors import CambioError
from cambio_ref.flags import flags_of
from cambio_ref.rules import Rules
from cambio_ref.state import RoundResult, State

# every field a complete snapshot has (`State.snapshot`)
FIELDS = ("phase", "current", "dealer", "deck", "pile", "grids", "known", "peeked", "held",
          "held_from", "power", "power_card", "powers_this_turn", "window", "window_winner",
          "pending_give", "knocked_out", "caller", "final_left", "end_caller", "turns",
          "reshuffles", "result")


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
