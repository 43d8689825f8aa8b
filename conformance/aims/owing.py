"""Aims for the states some pairs of option values need (`conformance.aims.pairs`) that
random play never reaches: a card owed after a snap while something else holds (a
player out of the round, a caller, the first round, a hand over the points limit), and
a snap by a caller who makes no more snaps, where the lock binds the caller or only the
hand discard lays cards.

Their rows come after every row of the covering array (`PAIR_AIMS`,
`conformance.draws.cover_rows`): they take games a default run played with rules drawn
around the target (those past the array), so no game an earlier row gives changes. A
game is steered toward one of them only when its rules are that aim's row
(`conformance.aims.steer.steer_for`); the probes are the collider's
(`conformance.aims.pairs.Collider`), which such a game asks first at every step, in a
calm game too.

>>> from cambio_ref.rules import resolve
>>> rules = resolve("hearts(give_card=mandatory,snap_others=true,knock_out=above-six)")
>>> [aim.name for aim in PAIR_AIMS if aim.fits(rules)]
['owed-while-out', 'owed-after-call']
>>> [aim.chance(rules) for aim in PAIR_AIMS]  # (not their rows: never steered)
[0.0, 0.0, 0.0, 0.0]
"""

from __future__ import annotations

from collections.abc import Sequence

from cambio_ref.actions import Action, Call, Snap
from cambio_ref.snapping import matches, within_limit
from cambio_ref.state import OVER, State
from cambio_ref.table import cards_of, is_out
from conformance.aims.catalogue import Aim


def _correct_snap_of_anothers(state: State, legal: Sequence[Action]) -> Snap | None:
    """A legal snap of one card of another player that matches the open discard (a card
    is then owed: snap.give-card)."""
    if state.window_card is None:
        return None
    for action in legal:
        if isinstance(action, Snap) and len(action.targets) == 1:
            owner, slot = action.targets[0]
            card = state.grids[owner][slot]
            if owner != action.player and card is not None and matches(state, card) \
                    and within_limit(state, action.player):
                return action
    return None


def _wrong_own_snap(state: State, seat: int, legal: Sequence[Action]) -> Snap | None:
    """A legal snap by `seat` of one of its own cards that does not match the open
    discard (its penalty cards knock it out in the end: snap.knock-out)."""
    if state.window_card is None:
        return None
    for action in legal:
        if isinstance(action, Snap) and action.player == seat and len(action.targets) == 1 \
                and action.targets[0][0] == seat:
            card = state.grids[seat][action.targets[0][1]]
            if card is not None and not matches(state, card):
                return action
    return None


def _owing(state: State, seat: int, legal: Sequence[Action]) -> Action | None:
    """Toward a card owed while a third thing holds: every correct snap of another's
    card; `seat` knocked out by wrong snaps of its own where the rules
    knock out; then a call (once `seat` is out, where they do). Nothing while a card is
    owed: the collider, then the drawing, act there."""
    if state.pending_give or state.phase == OVER:
        return None
    snap = _correct_snap_of_anothers(state, legal)
    if snap is not None:
        return snap
    knocking = state.rules.params.get("knock_out", {}).get("max_cards") is not None
    if knocking and not is_out(state, seat) and state.caller is None and cards_of(state, seat):
        wrong = _wrong_own_snap(state, seat, legal)
        if wrong is not None:
            return wrong
    if state.caller is None and (not knocking or is_out(state, seat)):
        return next((a for a in legal if isinstance(a, Call)), None)
    return None


def _calling(state: State, seat: int, legal: Sequence[Action]) -> Action | None:
    """A call as soon as one is legal (the windows after it hold a bound caller)."""
    if state.caller is not None or state.phase == OVER:
        return None
    return next((a for a in legal if isinstance(a, Call)), None)


def _collider_probes(state: State, seat: int, legal: Sequence[Action]) -> None:
    return None  # (the collider sends the actions these states are for)


# values that keep the other aims away (no taking; start-of-turn calling or no knock-outs)
# and the round long
_QUIET = (("take_discard", False), ("max_turns", 300))

PAIR_AIMS: tuple[Aim, ...] = (
    Aim("owed-while-out",
        "a card owed (E_MUST_GIVE) before an out player's call or snap (snap.knock-out),"
        " a call in round one (call.from-round) or over the points limit (call.points-limit)",
        (("give_card", ("mandatory", "optional")), ("snap", (True,)), ("snap_others", (True,)),
         ("knock_out", ("above-six",))),
        _owing, _collider_probes, 0.0,
        (("wrong_own", "return-and-two-penalties"), ("call_from_round", 2),
         ("call_timing", "start-of-turn"),
         ("call_limit", "five-or-fewer"), ("caller_snaps", False), ("hand_discard", "none"),
         ("snap_limit", "unlimited"),
         *_QUIET)),
    Aim("owed-after-call",
        "a card owed (E_MUST_GIVE) before a bound caller's snap (call.caller-locked,"
        " snap.caller-snaps) or a snap of the caller's card",
        (("give_card", ("mandatory", "optional")), ("snap", (True,)), ("snap_others", (True,)),
         ("caller_locked", ("everyone",))),
        _owing, _collider_probes, 0.0,
        (("caller_snaps", False), ("call_from_round", 2), ("call_limit", "none"),
         ("call_timing", "end-of-turn"), ("knock_out", "never"), ("hand_discard", "none"), ("snap_limit", "unlimited"),
         *_QUIET)),
    Aim("bound-caller-snap",
        "a bound caller's snap (call.caller-locked) before the caller's own snap rule"
        " (snap.caller-snaps) or another's card (snap.others)",
        (("caller_locked", ("everyone",)), ("snap", (True,)), ("snap_others", (False,))),
        _calling, _collider_probes, 0.0,
        (("caller_snaps", False), ("call_from_round", 1), ("call_limit", "none"),
         ("call_timing", "start-of-turn"), ("hand_discard", "none"), *_QUIET)),
    Aim("hand-discard-caller",
        "a caller's snap outside the hand discard's one chance (turn.discard-from-hand)"
        " before the caller's own snap rule (snap.caller-snaps)",
        (("hand_discard", ("matching-at-once",)), ("snap", (False,)),
         ("caller_snaps", (False,))),
        _calling, _collider_probes, 0.0,
        (("call_from_round", 1), ("call_limit", "none"), ("call_timing", "start-of-turn"),
         *_QUIET)),
)
