"""The rare states fuzzing aims for (`AIMS`), each with the option values it needs, how
play approaches it for one seat, and the action tried there.

>>> from cambio_ref.rules import resolve
>>> [aim.name for aim in fitting(resolve("official"))]  # (no snapping: no hand empties)
['off-grid-swap']
>>> [aim.name for aim in fitting(resolve("hearts(knock_out=above-six)"))]
['knocked-out-caller', 'empty-hand-take', 'off-grid-swap']
>>> rows_of(Support(), ["knock_out", "call_timing", "snap"])[0]
{'knock_out': 'above-six', 'call_timing': 'end-of-turn', 'snap': True}
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from cambio_ref.actions import Action, Give, PowerSwap, Snap, action_to_json
from cambio_ref.catalogue import Value
from cambio_ref.rules import Rules
from cambio_ref.snapping import matches, within_limit
from cambio_ref.state import OVER, POWER, TURN, State
from cambio_ref.table import cards_of, is_out
from conformance.covering import same_value
from conformance.protocol import Support

Approach = Callable[[State, int, Sequence[Action]], Action | None]
Probe = Callable[[State, int, Sequence[Action]], dict[str, Any] | None]


@dataclass(frozen=True)
class Aim:
    """A rare state and what to try there.

    `needs` gives, per option, the values under which the state exists and the probe
    meets the rules it is about (the first is the one the covering array's row takes);
    `approach` is a legal action by the aim's seat that brings the state nearer (None:
    play as drawn); `probe` is the action to send once the state is reached (None: not
    reached yet). `helps` are values the row also takes, under which the state comes
    sooner. A game whose rules fit is steered toward it with probability `share`, one
    with the row's values always (`conformance.aims.steer`)."""

    name: str
    about: str  # the rules whose order or guard the probe tells apart
    needs: tuple[tuple[str, tuple[Value, ...]], ...]
    approach: Approach
    probe: Probe
    share: float
    helps: tuple[tuple[str, Value], ...] = ()
    lasting: bool = True  # the state takes a while: no calls while steering toward it

    def fits(self, rules: Rules) -> bool:
        """True when `rules` have one of the values each option needs."""
        return all(any(same_value(getattr(rules, key), v) for v in values)
                   for key, values in self.needs)

    def row(self) -> tuple[tuple[str, Value], ...]:
        """The values of the aim's row: the first each option needs, then `helps`."""
        return tuple((key, values[0]) for key, values in self.needs) + self.helps

    def chance(self, rules: Rules) -> float:
        """How often a game under `rules` is steered toward this aim."""
        if not self.fits(rules):
            return 0.0
        whole = self.needs and all(same_value(getattr(rules, k), v) for k, v in self.row())
        return 1.0 if whole else self.share


def _snaps_by(seat: int, legal: Sequence[Action]) -> list[Snap]:
    return [a for a in legal if isinstance(a, Snap) and a.player == seat]


def _wrong_snap(state: State, seat: int, legal: Sequence[Action]) -> Action | None:
    """A snap by `seat` naming one of its own cards that does not match the open discard:
    each costs it penalty cards (snap.wrong-own) until one more would knock it out
    (snap.knock-out); that last one is made just after its own turn, while it is the
    one who may call."""
    if state.window_card is None:
        return None
    params = state.rules.params
    cost = params.get("wrong_own", {}).get("penalty_cards", 0)
    limit = params.get("knock_out", {}).get("max_cards")
    if limit is not None and len(cards_of(state, seat)) + cost > limit \
            and state.end_caller != seat:
        return None
    wrong = [a for a in _snaps_by(seat, legal) if len(a.targets) == 1
             and a.targets[0][0] == seat
             and (card := state.grids[seat][a.targets[0][1]]) is not None
             and not matches(state, card)]
    return wrong[0] if wrong else None


def _call_while_out(state: State, seat: int, legal: Sequence[Action]) -> dict[str, Any] | None:
    """A call by `seat` once it is out of the round and nobody has called (at once: the
    turn it would have called at the end of has just ended)."""
    if state.phase == OVER or state.caller is not None or not is_out(state, seat):
        return None
    return {"t": "call", "player": seat}


def _shedding(state: State, seat: int, legal: Sequence[Action]) -> Action | None:
    """What empties `seat`'s hand: a card given away after its snap, or a correct snap
    (as many of its own cards as match, else another's card when one is given back)."""
    gives = [a for a in legal if isinstance(a, Give) and a.player == seat and a.slot is not None]
    if gives:
        return gives[0]
    if state.window_card is None or not within_limit(state, seat):
        return None
    right = [a for a in _snaps_by(seat, legal)
             if all((card := state.grids[o][s]) is not None and matches(state, card)
                    for o, s in a.targets)]
    giving = state.rules.give_card != "none"
    right = [a for a in right if giving or all(o == seat for o, _ in a.targets)]
    right.sort(key=lambda a: -sum(o == seat for o, _ in a.targets))
    return right[0] if right else None


def _take_empty_handed(state: State, seat: int,
                       legal: Sequence[Action]) -> dict[str, Any] | None:
    """A take of the discard by `seat` at the start of its turn with no card in hand."""
    if state.phase != TURN or state.current != seat or not state.pile \
            or cards_of(state, seat) or state.pending_give:
        return None
    return {"t": "take", "player": seat}


def _nothing(state: State, seat: int, legal: Sequence[Action]) -> Action | None:
    return None


def _swap_off_grid(state: State, seat: int, legal: Sequence[Action]) -> dict[str, Any] | None:
    """A legal power swap with one position moved one past the end of its owner's grid
    (an owner whose last slot holds a card: an engine that reads the slot past the end
    as the last one then swaps it)."""
    if state.phase != POWER or state.power_stage != "swap":
        return None
    for action in legal:
        if not isinstance(action, PowerSwap):
            continue
        for side, (owner, _) in (("a", action.a), ("b", action.b)):
            if state.grids[owner] and state.grids[owner][-1] is not None:
                data = action_to_json(action)
                data[side] = [owner, len(state.grids[owner])]
                return data
    return None


AIMS: tuple[Aim, ...] = (
    Aim("knocked-out-caller",
        "an out player has no turn to call at the end of (call.timing, E_CALL_TIMING),"
        " rather than a locked one (snap.knock-out, E_LOCKED)",
        (("knock_out", ("above-six",)), ("call_timing", ("end-of-turn",)), ("snap", (True,)),
         ("wrong_own", ("return-and-two-penalties", "return-and-penalty"))),
        _wrong_snap, _call_while_out, 0.75),  # (rare rules: most of their games)
    Aim("empty-hand-take",
        "turn.take-discard with no card to swap the taken one for (E_MUST_SWAP)",
        (("take_discard", (True,)), ("snap", (True,)), ("empty_hand", ("zero",)),
         ("auto_call", (False,))),
        _shedding, _take_empty_handed, 0.25,  # (online and hearts fit)
        (("snap_others", True), ("give_card", "mandatory"), ("multi_burn", True),
         ("snap_limit", "unlimited"), ("max_turns", 300))),
    Aim("off-grid-swap", "a power swap's slot one past the end of a grid (E_EMPTY_SLOT)",
        (), _nothing, _swap_off_grid, 0.5, lasting=False),
)


def fitting(rules: Rules, aims: Sequence[Aim] = AIMS) -> list[Aim]:
    """The aims `rules` let a game reach."""
    return [aim for aim in aims if aim.fits(rules)]


def rows_of(support: Support, factors: Sequence[str],
            aims: Sequence[Aim] = AIMS) -> list[dict[str, Value]]:
    """The covering array's rows the aims need: for each aim with needs, the first value
    of each that the implementation declares, and the values that help it if declared,
    on the options the array covers (`factors`); none for an aim one of whose options
    has no such value."""
    rows: list[dict[str, Value]] = []
    for aim in aims:
        row: dict[str, Value] = {}
        for key, values in aim.needs:
            declared = [v for v in values if support.allows(key, v)]
            if not declared:
                break
            if key in factors:
                row[key] = declared[0]
        else:
            row.update((k, v) for k, v in aim.helps if k in factors and support.allows(k, v))
            if row:
                rows.append(row)
    return rows
