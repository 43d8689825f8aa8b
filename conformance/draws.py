"""What fuzzing draws: rules around a target, a player count, a dealer, a deck order and
a reshuffle seed (`game_strategy`), then the actions of one round (`draw_actions`):
mostly legal ones, and some an implementation must reject
(`conformance.bad_actions`): legal ones twisted at one field, any kind by a player
who may act now whatever the phase, malformed ones of any shape, and ones from a
wider space.

The choice of every action is made on the reference alone, so the games a seed gives
never depend on the implementation under test (`conformance.fuzz` plays them).

>>> from cambio_ref.state import new_round
>>> state = new_round(resolve("hearts"), 2, seed=1)
>>> [choose_action(v, state, 2, calls=True)["t"] for v in range(3)]
['peek', 'peek', 'peek']
"""

from __future__ import annotations

import functools
import random
from typing import Any

from hypothesis import strategies as st

from cambio_ref.actions import Action, action_to_json
from cambio_ref.catalogue import Value
from cambio_ref.engine import legal_actions, legal_blocks
from cambio_ref.policy import kinds
from cambio_ref.rules import Rules, option_keys, resolve
from cambio_ref.state import OVER, State
from conformance.aims import PAIR_AIMS, rows_of, steer_for
from conformance.aims.pairs import Collider
from conformance.bad_actions import Digits, malformed, off_phase, twisted, wide_action
from conformance.covering import Factor, Row, pairwise
from conformance.disagreement import Game, Known
from conformance.implementation import Reference
from conformance.protocol import Support
from conformance.sweep import rejected_sweep

MAX_STEPS = 300
# The order of action kinds when Hypothesis picks one (it shrinks towards the first),
# and their weights: calls are rare so that rounds last and decks run out.
KIND_ORDER = ("peek", "draw", "swap", "discard", "look", "power_swap", "skip", "give", "take",
              "pass", "snap", "call")
WEIGHTS = {"snap": 3, "call": 1}
# the weights of the actions an implementation must reject (`conformance.bad_actions`)
TWISTED_WEIGHT = 2  # a legal action, twisted at one field
OFF_PHASE_WEIGHT = 1  # any kind, in range, by a player who may act now
MALFORMED_WEIGHT = 1  # not an action, or one with a field or position of any shape
WIDE_WEIGHT = 1  # any kind, seats and slots just off the table
ILLEGAL_WEIGHT = OFF_PHASE_WEIGHT + MALFORMED_WEIGHT + WIDE_WEIGHT
FIXED_OPTIONS = ("min_players", "max_players")


SEED = st.integers(0, 2**64 - 1)
"""The one draw Hypothesis makes for a game's actions: the seed of a `random.Random` that
chooses them. Hypothesis never shrinks them (fuzzing plays its generate phase only and
shrinks with `conformance.shrink`), so one draw per game (and one per deck order) costs it
nothing, where a draw per action (and per card) was a fifth of the harness's time; the
same seed still gives the same game."""


@st.composite
def seat_overrides(draw: st.DrawFn, values: dict[str, Any],
                   support: Support) -> list[tuple[str, Any]]:
    """The fewest and most players where the base's values are not declared: drawn as one
    pair that seats somebody (a fewest above the most would allow no game at all).

    >>> from hypothesis import find
    >>> from conformance.protocol import Support
    >>> support = Support.parse({"min_players": [3, 6], "max_players": [4, 5]})
    >>> find(seat_overrides({"min_players": 2, "max_players": 8}, support), lambda o: True)
    [('min_players', 3), ('max_players', 4)]
    """
    lows, highs = ([int(values[k])] if support.allows(k, values[k])
                   else [int(v) for v in support.choices(k)] for k in FIXED_OPTIONS)
    pairs = [(a, b) for a in lows for b in highs if a <= b] or [(a, b) for a in lows for b in highs]
    low, high = draw(st.sampled_from(pairs))
    return [(k, v) for k, v in zip(FIXED_OPTIONS, (low, high), strict=True) if v != values[k]]


@st.composite
def rules_around(draw: st.DrawFn, base: Rules, support: Support, listed: bool) -> Rules:
    """The base rules with a few options changed to other declared values (and every
    undeclared value replaced by a declared one). With `listed`, only options the
    implementation lists in its handshake change."""
    values = base.values()
    overrides: list[tuple[str, Any]] = list(base.overrides)
    keys = [k for k in option_keys() if k not in FIXED_OPTIONS and len(support.choices(k)) > 1
            and (not listed or k in support.values)]
    forced = [k for k in option_keys()
              if k not in FIXED_OPTIONS and not support.allows(k, values[k])]
    changed = draw(st.lists(st.sampled_from(keys), max_size=8, unique=True)) if keys else []
    overrides += draw(seat_overrides(values, support))
    for key in sorted(set(forced) | set(changed)):
        value = draw(st.sampled_from(support.choices(key)))
        if value != values[key] or type(value) is not type(values[key]):
            overrides.append((key, value))
    return resolve(base.name, overrides) if len(overrides) != len(base.overrides) else base


def cover_factors(support: Support, listed: bool) -> list[Factor]:
    """The options whose values fuzzing covers pairwise, each with its declared values
    (with `listed`, only the options the implementation lists with several values)."""
    return [(k, support.choices(k)) for k in option_keys()
            if k not in FIXED_OPTIONS and len(support.choices(k)) > 1
            and (not listed or k in support.values)]


@functools.lru_cache(maxsize=8)
def _cover(factors: tuple[Factor, ...], seed: int,
           start: tuple[tuple[tuple[str, Value], ...], ...]) -> list[Row]:
    return pairwise(factors, seed, tries=2, start=[dict(row) for row in start])


def cover_rows(support: Support, listed: bool, seed: int) -> list[Row]:
    """The covering array fuzzing plays, one row a game (built once per process): the
    rows the aims need first (`conformance.aims.rows_of`: values that must meet in one
    game for a rare state to be reached), then every pair of values, then the rows of
    the aims toward pairs' states (`conformance.aims.PAIR_AIMS`: after the others, so
    that they change no game an earlier row gives)."""
    factors = cover_factors(support, listed)
    keys = [key for key, _ in factors]
    start = rows_of(support, keys)
    late: list[Row] = [{**row} for row in rows_of(support, keys, PAIR_AIMS)]
    return _cover(tuple(factors), seed, tuple(tuple(row.items()) for row in start)) + late


@st.composite
def rules_of_row(draw: st.DrawFn, base: Rules, support: Support, row: Row) -> Rules:
    """The base rules with the values of one row of the covering array (a free cell
    keeps the base's value, or a declared one where the base's is not declared)."""
    values = base.values()
    overrides: list[tuple[str, Any]] = list(base.overrides) + draw(seat_overrides(values, support))
    for key in option_keys():
        if key in FIXED_OPTIONS:
            continue
        value = row.get(key)
        if value is None and not support.allows(key, values[key]):
            value = draw(st.sampled_from(support.choices(key)))
        if value is not None and (value != values[key] or type(value) is not type(values[key])):
            overrides.append((key, value))
    return resolve(base.name, overrides) if len(overrides) != len(base.overrides) else base


@st.composite
def game_strategy(draw: st.DrawFn, base: Rules, support: Support,
                  players: tuple[int, int], listed: bool, row: Row | None = None) -> Game:
    """Rules (around the base, or those of a `row` of the covering array), players,
    dealer, reshuffle seed and deck order of one round."""
    rules = draw(rules_around(base, support, listed) if row is None
                 else rules_of_row(base, support, row))
    low = max(players[0], rules.min_players)
    high = max(low, min(players[1], rules.max_players))
    count = draw(st.integers(low, high))
    dealer = draw(st.integers(0, count - 1))
    seed = draw(st.integers(0, 2**32 - 1))
    deck = [c.code for c in rules.deck(count)]
    random.Random(draw(SEED)).shuffle(deck)  # (one draw, not one per card: see SEED)
    return Game(rules, count, dealer, seed, deck)


def choose_action(value: int, state: State, players: int, calls: bool,
                  legal: list[Action] | None = None, calm: bool = False) -> Any:
    """A legal action (a kind first, then one of that kind, as `cambio simulate` samples
    them), a twisted one, or one from the wide space, all read from one drawn integer.
    `legal` is the legal actions now, when already known. A `calm` choice is always
    legal and never a snap (unless nothing else is legal)."""
    digits = Digits(value)
    available = kinds(state)
    if not calls and len(available) > 1:
        available.pop("call", None)
    if calm and len(available) > 1:
        available.pop("snap", None)
    names = sorted(available, key=KIND_ORDER.index)
    weights = [WEIGHTS.get(k, 4) for k in names]
    pick = digits.take(sum(weights) + (0 if calm else TWISTED_WEIGHT + ILLEGAL_WEIGHT))
    for kind, weight in zip(names, weights, strict=True):
        if pick >= weight:
            pick -= weight
            continue
        legal = legal if legal is not None else legal_actions(state)
        listed = [a for a in legal if a.kind == kind]
        if listed:
            return action_to_json(listed[digits.take(len(listed))])
        pick = TWISTED_WEIGHT + ILLEGAL_WEIGHT - 1  # (none of that kind after all: go wide)
        break
    legal = legal if legal is not None else legal_actions(state)
    if pick < TWISTED_WEIGHT and legal:  # (a kind first here too: snaps are most of `legal`)
        kind = digits.pick(sorted({a.kind for a in legal}, key=KIND_ORDER.index))
        return twisted(digits.pick([a for a in legal if a.kind == kind]), digits, state)
    pick = max(0, pick - TWISTED_WEIGHT)
    if pick < OFF_PHASE_WEIGHT:
        return off_phase(digits, state, legal)
    if pick < OFF_PHASE_WEIGHT + MALFORMED_WEIGHT:
        return malformed(digits, state, legal)
    return wide_action(digits, players)


def draw_actions(data: st.DataObject, game: Game) -> list[Any]:
    """The actions of one drawn game, chosen on the reference alone (the choice never
    depends on the implementation): to the end of the round (or MAX_STEPS), then one
    action after the end."""
    return draw_game(data, game)[0]


def draw_game(data: st.DataObject, game: Game,
              sweep: bool = False) -> tuple[list[Any], list[Known], int]:
    """`draw_actions`, what the reference did at the deal and at each action (`Known`), and
    how many of the actions are the sweep's: with `sweep`, the malformed actions of
    `conformance.sweep` come first, right after the deal (the reference rejects them all:
    the state stays the deal's)."""
    ref = Reference()
    deal = ref.new_game(game.rules, game.players, game.dealer, game.deck, game.seed, game.first)
    state = ref.state
    assert state is not None
    known: list[Known] = [(deal, state, None)]
    swept = rejected_sweep(state) if sweep else []
    known += [(reply, state, None) for _, reply in swept]
    return [a for a, _ in swept] + actions_from(data, ref, game.players, known), known, len(swept)


def actions_from(data: st.DataObject, ref: Reference, players: int,
                 known: list[Known] | None = None) -> list[Any]:
    """Drawn actions from the reference's state on (played on it as they are drawn), as
    `draw_actions` draws them; with `known` (the entry of the state they start from last),
    each action's `Known` is added to it."""
    state = ref.state
    assert state is not None
    rng = random.Random(data.draw(SEED))
    patient = rng.randrange(4) == 0  # no calls for a while: decks run out
    # a calm game plays only legal actions and never snaps, so that a deviation met
    # early in most games (snapping, illegal actions) does not hide one met later
    calm = rng.randrange(3) == 0
    steer = steer_for(state, rng)  # toward a rare state, now and then (`conformance.aims`)
    # toward a pair's state: the collider's probes come first, in a calm game too
    pairing = steer is not None and steer.aim in PAIR_AIMS
    # where a state lets one action break two rules two options govern, that action once
    # (rejected, it changes nothing: the game goes on as drawn); never in a calm game
    collider = None if calm and not pairing else Collider.for_rules(state.rules)
    actions: list[Any] = []
    for count in range(MAX_STEPS):
        if state.phase == OVER:
            break
        blocks = legal_blocks(state)
        if known is not None:
            known[-1] = (*known[-1][:2], blocks)
            state = ref.state = state.copy()  # (the state known before stays as it was)
        legal = [action for block in blocks for action in block]
        action = collider.next(state) if pairing and collider and collider.left else None
        if action is None:
            action = steer.next(state, legal) if steer is not None else None
        if action is None and collider is not None and collider.left:
            action = collider.next(state)
        if action is None:  # (no calls while steering: the round must last)
            waiting = patient or (steer is not None and steer.aim.lasting and not steer.probed)
            action = choose_action(rng.getrandbits(64), state, players,
                                   not waiting or count > 150, legal, calm)
            if steer is not None and not steer.allows(action):
                action = choose_action(rng.getrandbits(64), state, players,
                                       not waiting or count > 150, legal, calm=True)
        reply = ref.act(action)
        actions.append(action)
        if known is not None:
            known.append((reply, state, None))
    else:
        return actions
    actions.append({"t": "draw", "player": state.current})
    if known is not None:
        ref.state = state.copy()
        known.append((ref.act(actions[-1]), ref.state, None))
    return actions
