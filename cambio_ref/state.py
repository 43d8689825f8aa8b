"""Game state of one round, and the deal.

A `State` is mutable and changed only by `cambio_ref.engine.apply`, which checks
an action completely before touching anything; `State.copy()` is a cheap
clone (no deepcopy). Chance is an input: the deck order is given, or comes from
a seed through `cambio_ref.shuffle`.

>>> from cambio_ref.rules import resolve
>>> state = new_round(resolve("hearts"), players=3, seed=1)
>>> state.phase, len(state.deck), [len(g) for g in state.grids]
('peek', 42, [4, 4, 4])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cambio_ref.cards import Card
from cambio_ref.catalogue import Power
from cambio_ref.errors import CambioError, UnknownCardError
from cambio_ref.flags import Flags, flags_of, grid_size
from cambio_ref.rules import Rules
from cambio_ref.shuffle import shuffle

Event = dict[str, object]
Events = list[Event] | None
"""Where the engine's steps put the events they cause; None builds no events at all
(the fast path of `cambio_ref.engine.step`)."""

# phases of a round
PEEK, TURN, HAND, POWER, OVER = "peek", "turn", "hand", "power", "over"


@dataclass(frozen=True)
class RoundResult:
    """Scores and winners of a finished round."""

    raw: tuple[int, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    caller: int | None
    reason: str
    cards: tuple[int, ...]


class State:
    """Everything about a round in progress. Grids hold `None` for empty slots.

    ``known[p][s]`` is a bitmask of the players who know the card at (p, s).
    The deck and the discard pile keep their top card last.
    """

    __slots__ = (
        "caller",
        "current",
        "dealer",
        "deck",
        "end_caller",
        "final_left",
        "flags",
        "grids",
        "held",
        "held_from",
        "knocked_out",
        "known",
        "n",
        "peeked",
        "pending_give",
        "phase",
        "pile",
        "power",
        "power_looked",
        "power_stage",
        "powers_this_turn",
        "reshuffles",
        "result",
        "rules",
        "seed",
        "turns",
        "window",
        "window_card",
        "window_tried",
        "window_winner",
        "window_won",
    )

    rules: Rules
    flags: Flags  # the options read on every action, as plain values (`cambio_ref.flags`)
    n: int
    dealer: int
    seed: int
    deck: list[Card]
    pile: list[Card]
    grids: list[list[Card | None]]
    known: list[list[int]]
    knocked_out: int  # seat mask of players out of the round (snap.knock-out)
    phase: str
    current: int
    peeked: list[int]
    held: Card | None
    held_from: str | None
    power: Power | None
    power_stage: str | None
    power_looked: list[tuple[int, int]]
    powers_this_turn: int
    window: bool
    window_card: Card | None
    window_won: int
    window_tried: int
    window_winner: int | None  # the player whose correct snap won the open window
    pending_give: list[tuple[int, int, int]]
    caller: int | None
    final_left: int
    end_caller: int | None
    turns: int
    reshuffles: int
    result: RoundResult | None

    @property
    def everyone(self) -> int:
        """The bitmask of all players."""
        return (1 << self.n) - 1

    def copy(self) -> State:
        """A cheap independent copy."""
        other = State.__new__(State)
        for name in State.__slots__:
            object.__setattr__(other, name, getattr(self, name))
        other.deck = list(self.deck)
        other.pile = list(self.pile)
        other.grids = [list(g) for g in self.grids]
        other.known = [list(k) for k in self.known]
        other.peeked = list(self.peeked)
        other.power_looked = list(self.power_looked)
        other.pending_give = list(self.pending_give)
        return other

    def snapshot(self) -> dict[str, object]:
        """A complete, comparable picture of the state (JSON-ready)."""
        return {
            "phase": self.phase, "current": self.current, "dealer": self.dealer,
            "deck": [c.code for c in reversed(self.deck)],
            "pile": [c.code for c in self.pile],
            "grids": [[c.code if c else None for c in g] for g in self.grids],
            "known": [list(k) for k in self.known],
            "peeked": list(self.peeked),
            "held": self.held.code if self.held else None, "held_from": self.held_from,
            "power": None if self.power is None else [self.power_stage, list(self.power_looked)],
            "power_card": None if self.power is None else next(
                (code for code, p in self.flags.powers.items() if p == self.power), None),
            "powers_this_turn": self.powers_this_turn,
            "window": [self.window, self.window_card.code if self.window_card else None,
                       self.window_won, self.window_tried],
            "window_winner": self.window_winner,
            "pending_give": [list(g) for g in self.pending_give],
            "knocked_out": [p for p in range(self.n) if (self.knocked_out >> p) & 1],
            "caller": self.caller, "final_left": self.final_left, "end_caller": self.end_caller,
            "turns": self.turns, "reshuffles": self.reshuffles,
            "result": None if self.result is None else {
                "scores": list(self.result.scores), "winners": list(self.result.winners)},
        }

    def all_cards(self) -> list[Card]:
        """Every card of the round, wherever it is (for conservation checks)."""
        cards = list(self.deck) + list(self.pile)
        for grid in self.grids:
            cards.extend(c for c in grid if c is not None)
        if self.held is not None:
            cards.append(self.held)
        return cards

    def next_seat(self, seat: int) -> int:
        """The seat that plays after `seat` in the direction of play."""
        return (seat + self.flags.step) % self.n


def deal_events(state: State) -> list[Event]:
    """The events of the deal: every grid card (seen by nobody, or by all with open
    hands) and the starting discard (seen by all)."""
    everyone = list(range(state.n))
    events: list[Event] = []
    for seat, grid in enumerate(state.grids):
        for slot, card in enumerate(grid):
            if card is not None:
                events.append({"t": "dealt", "player": seat, "slot": slot, "card": card.code,
                               "visible_to": everyone if state.rules.open_hands else []})
    if state.pile:
        events.append({"t": "turned_up", "card": state.pile[-1].code, "visible_to": everyone})
    return events


class SetupError(CambioError):
    """A round that cannot be set up: bad player count, dealer, or deck."""


def first_seat(rules: Rules, players: int, dealer: int) -> int:
    """The seat that takes the first turn when `dealer` deals (turn.first-player).

    >>> from cambio_ref.rules import resolve
    >>> ahead = {"first_player": "next-in-direction"}
    >>> first_seat(resolve("online", ahead), 4, 0), first_seat(resolve("hearts", ahead), 4, 0)
    (1, 3)
    """
    if rules.first_player == "next-in-direction":
        left = rules.direction == "clockwise"
    else:
        left = rules.first_player == "left-of-dealer"
    return (dealer + (1 if left else -1)) % players


def dealer_for(rules: Rules, players: int, first: int) -> int:
    """The dealer whose deal makes `first` take the first turn (the inverse of
    `first_seat`).

    >>> from cambio_ref.rules import resolve
    >>> ahead = {"first_player": "next-in-direction"}
    >>> dealer_for(resolve("online"), 3, 1), dealer_for(resolve("hearts", ahead), 3, 1)
    (0, 2)
    """
    return next(d for d in range(players) if first_seat(rules, players, d) == first)


def arrange(rules: Rules, players: int, grids: Sequence[Sequence[str]], *, dealer: int = 0,
            starting: str | None = None, draws: Sequence[str] = ()) -> list[Card]:
    """A full deck order (top first) that deals `grids` (slots 0-3 of each seat),
    turns up `starting` if the rules have a starting discard, and then has `draws`
    on top of the deck; the other cards follow in the unshuffled order.

    >>> from cambio_ref.rules import resolve
    >>> deck = arrange(resolve("hearts"), 2, [["AS", "2S", "3S", "4S"], ["AH", "2H", "3H", "4H"]],
    ...                draws=["KD"])
    >>> [c.code for c in deck[:9]]
    ['AH', 'AS', '2H', '2S', '3H', '3S', '4H', '4S', 'KD']
    """
    if len(grids) != players or any(len(g) != grid_size() for g in grids):
        raise SetupError(f"give {grid_size()} cards for each of the {players} players")
    order: list[Card] = []
    for slot in range(grid_size()):
        for i in range(1, players + 1):
            order.append(Card.parse(grids[(dealer + i) % players][slot]))
    if rules.starting_discard:
        if starting is None:
            raise SetupError("these rules turn up a starting discard: name it")
        order.append(Card.parse(starting))
    order.extend(Card.parse(c) for c in draws)
    rest = list(rules.deck(players))
    for card in order:
        if card not in rest:
            raise SetupError(f"card {card.code} is used more often than the deck holds")
        rest.remove(card)
    return order + rest


def dealt_slots(players: int, dealer: int) -> list[tuple[int, int]]:
    """Where the deck's cards go, top card first (core.deal): slot 0 of every seat, then
    slot 1, and so on, each pass from the seat after the dealer.

    >>> dealt_slots(2, 1)[:4]
    [(0, 0), (1, 0), (0, 1), (1, 1)]
    """
    return [((dealer + i) % players, slot) for slot in range(grid_size())
            for i in range(1, players + 1)]


def new_round(rules: Rules, players: int, *, deck: Sequence[Card | str] | None = None,
              seed: int = 0, dealer: int = 0, first: int | None = None) -> State:
    """Deal a round. `deck` is the full order, top card first; without it the
    ruleset's deck is shuffled from `seed` (stream 0). `first` overrides who
    starts (match play: the last winner)."""
    if not rules.min_players <= players <= rules.max_players:
        raise SetupError(f"{rules.canonical} is played by {rules.min_players} to"
                         f" {rules.max_players} players, not {players}")
    if not 0 <= dealer < players:
        raise SetupError(f"dealer {dealer} is not a seat (0..{players - 1})")
    full = rules.deck(players)
    if deck is None:
        order = shuffle(full, seed, 0)
    else:
        order = [c if isinstance(c, Card) else Card.parse(c) for c in deck]
        for c in order:
            if not rules.has_card(c):
                raise UnknownCardError(f"card {c.code!r} is not in the {rules.canonical} deck")
        if sorted(c.code for c in order) != sorted(c.code for c in full):  # (codes: C-speed)
            raise SetupError(f"the deck must be a permutation of the {len(full)}-card"
                             f" {rules.canonical} deck for {players} players")
    need = players * grid_size() + (1 if rules.starting_discard else 0) + 1
    if len(order) < need:
        raise SetupError(f"{players} players need at least {need} cards")
    s = State.__new__(State)
    s.rules, s.n, s.dealer, s.seed = rules, players, dealer, seed
    s.flags = flags_of(rules)
    s.grids = [[None] * grid_size() for _ in range(players)]
    top = 0
    for seat, slot in dealt_slots(players, dealer):
        s.grids[seat][slot] = order[top]
        top += 1
    s.pile = []
    if rules.starting_discard:
        s.pile.append(order[top])
        top += 1
    s.deck = list(reversed(order[top:]))
    everyone = (1 << players) - 1
    s.known = [[everyone if rules.open_hands else 0] * grid_size() for _ in range(players)]
    s.phase = PEEK
    s.current = first_seat(rules, players, dealer) if first is None else first % players
    s.peeked = [0] * players
    s.held = None
    s.held_from = None
    s.power = None
    s.power_stage = None
    s.power_looked = []
    s.powers_this_turn = 0
    s.window = bool(s.pile) and rules.snap and rules.peek_snap
    s.window_card = s.pile[-1] if s.window else None
    s.window_won = 0
    s.window_tried = 0
    s.window_winner = None
    s.pending_give = []
    s.knocked_out = 0
    s.caller = None
    s.final_left = 0
    s.end_caller = None
    s.turns = 0
    s.reshuffles = 0
    s.result = None
    return s
