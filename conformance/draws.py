"""What fuzzing draws: rules around a target, a player count, a dealer, a deck order and
a reshuffle seed (`game_strategy`), then the actions of one round (`draw_actions`):
mostly legal ones, some legal ones twisted (`twisted`), some from a wider space
(`wide_action`).

The choice of every action is made on the reference alone, so the games a seed gives
never depend on the implementation under test (`conformance.fuzz` plays them).

>>> d = Digits(7)
>>> d.take(4), d.take(2)
(3, 1)
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from cambio_ref.actions import KINDS, Action, PowerSwap, Snap, action_to_json
from cambio_ref.engine import legal_actions
from cambio_ref.policy import kinds
from cambio_ref.rules import Rules, option_keys, resolve
from cambio_ref.state import OVER, State
from conformance.implementation import Reference
from conformance.lockstep import Game
from conformance.protocol import Support

MAX_STEPS = 300
# The order of action kinds when Hypothesis picks one (it shrinks towards the first),
# and their weights: calls are rare so that rounds last and decks run out.
KIND_ORDER = ("peek", "draw", "swap", "discard", "look", "power_swap", "skip", "give", "take",
              "pass", "snap", "call")
WEIGHTS = {"snap": 3, "call": 1}
TWISTED_WEIGHT = 1  # a legal action, twisted (see `twisted`)
ILLEGAL_WEIGHT = 2  # an action from the wide space (see `wide_action`)
FIXED_OPTIONS = ("min_players", "max_players")


@st.composite
def rules_around(draw: st.DrawFn, base: Rules, support: Support, listed: bool) -> Rules:
    """The base rules with a few options changed to other declared values (and every
    undeclared value replaced by a declared one). With `listed`, only options the
    implementation lists in its handshake change."""
    values = base.values()
    overrides: list[tuple[str, Any]] = list(base.overrides)
    keys = [k for k in option_keys() if k not in FIXED_OPTIONS and len(support.choices(k)) > 1
            and (not listed or k in support.values)]
    forced = [k for k in option_keys() if not support.allows(k, values[k])]
    changed = draw(st.lists(st.sampled_from(keys), max_size=8, unique=True)) if keys else []
    for key in sorted(set(forced) | set(changed)):
        value = draw(st.sampled_from(support.choices(key)))
        if value != values[key] or type(value) is not type(values[key]):
            overrides.append((key, value))
    return resolve(base.name, overrides) if len(overrides) != len(base.overrides) else base


@st.composite
def game_strategy(draw: st.DrawFn, base: Rules, support: Support,
                   players: tuple[int, int], listed: bool) -> Game:
    """Rules, players, dealer, reshuffle seed and deck order of one round."""
    rules = draw(rules_around(base, support, listed))
    low = max(players[0], rules.min_players)
    high = max(low, min(players[1], rules.max_players))
    count = draw(st.integers(low, high))
    dealer = draw(st.integers(0, count - 1))
    seed = draw(st.integers(0, 2**32 - 1))
    deck = draw(st.permutations([c.code for c in rules.deck(count)]))
    return Game(rules, count, dealer, seed, list(deck))


class Digits:
    """Reads choices out of one drawn integer, so each step costs Hypothesis one draw.

    >>> d = Digits(7)
    >>> d.take(4), d.take(2), d.take(3)
    (3, 1, 0)
    """

    def __init__(self, value: int) -> None:
        self.value = value

    def take(self, n: int) -> int:
        """A number in ``range(n)``."""
        self.value, digit = divmod(self.value, max(1, n))
        return digit

    def signed(self, n: int) -> int:
        """A number in ``range(-1, n + 1)``: one below and one above ``range(n)``."""
        return self.take(n + 2) - 1


MALFORMED = ({"t": "draw", "player": "zero"}, {"t": "fly", "player": 0},
             {"t": "swap", "player": 0, "slot": "two"}, {"t": "draw"})
WIDE_KINDS = (*KINDS, "malformed")


def wide_action(digits: Digits, players: int) -> dict[str, Any]:
    """An action from a wider space: any kind, seats and slots from -1 to one past the
    end, empty or repeated snap targets, now and then a malformed one."""
    kind = WIDE_KINDS[digits.take(len(WIDE_KINDS))]
    if kind == "malformed":
        return dict(MALFORMED[digits.take(len(MALFORMED))])
    action: dict[str, Any] = {"t": kind, "player": digits.signed(players)}

    def pos() -> list[int]:
        return [digits.signed(players), digits.signed(6)]

    if kind in ("peek", "swap"):
        action["slot"] = digits.signed(6)
    elif kind == "look":
        action["owner"], action["slot"] = digits.signed(players), digits.signed(6)
    elif kind == "power_swap":
        action["a"], action["b"] = pos(), pos()
    elif kind == "snap":
        count = digits.take(4)  # 0: empty, 3: one target twice
        targets = [pos() for _ in range(min(count, 2))]
        action["targets"] = targets * 2 if count == 3 else targets
    elif kind == "give":
        slot = digits.take(8)
        action["slot"] = None if slot == 7 else slot - 1
    return action


def twisted(action: Action, digits: Digits, players: int) -> dict[str, Any]:
    """A legal action made illegal in a way engines get wrong: played by another player
    (one who is not due), a power swap with its positions reversed, or a snap naming
    its first target twice.

    >>> twisted(PowerSwap(0, (0, 1), (1, 2)), Digits(1), 2)
    {'t': 'power_swap', 'player': 0, 'a': [1, 2], 'b': [0, 1]}
    """
    data = action_to_json(action)
    how = digits.take(2)
    if how == 1 and isinstance(action, PowerSwap):
        data["a"], data["b"] = data["b"], data["a"]
    elif how == 1 and isinstance(action, Snap):
        data["targets"] = [data["targets"][0], *data["targets"]]
    else:
        data["player"] = (action.player + 1 + digits.take(max(1, players - 1))) % players
    return data


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
        pick = ILLEGAL_WEIGHT  # (none of that kind after all: go wide)
        break
    if pick < TWISTED_WEIGHT:
        legal = legal if legal is not None else legal_actions(state)
        if legal:
            return twisted(legal[digits.take(len(legal))], digits, players)
    return wide_action(digits, players)


STEP = st.integers(0, 2**64 - 1)


def draw_actions(data: st.DataObject, game: Game) -> list[Any]:
    """The actions of one drawn game, chosen on the reference alone (the choice never
    depends on the implementation): to the end of the round (or MAX_STEPS), then one
    action after the end."""
    ref = Reference()
    ref.new_game(game.rules, game.players, game.dealer, game.deck, game.seed, game.first)
    state = ref.state
    assert state is not None
    return actions_from(data, ref, game.players)


def actions_from(data: st.DataObject, ref: Reference, players: int) -> list[Any]:
    """Drawn actions from the reference's state on (played on it as they are drawn), as
    `draw_actions` draws them."""
    state = ref.state
    assert state is not None
    patient = data.draw(st.integers(0, 3)) == 0  # no calls for a while: decks run out
    # a calm game plays only legal actions and never snaps, so that a deviation met
    # early in most games (snapping, illegal actions) does not hide one met later
    calm = data.draw(st.integers(0, 2)) == 0
    actions: list[Any] = []
    for count in range(MAX_STEPS):
        if state.phase == OVER:
            break
        action = choose_action(data.draw(STEP), state, players,
                               not patient or count > 150, None, calm)
        ref.act(action)
        actions.append(action)
    else:
        return actions
    actions.append({"t": "draw", "player": state.current})
    return actions
