"""The interpreter benchmark's anchor: a fixed, minimal random-play loop.

`cambio simulate` reports the reference's speed beside this loop's, measured in
the same run, so the ratio means something on a loaded or a fast machine alike.
The loop is the lean single-variant prototype of the design brief, written
once and kept fixed: it plays one table (the cards, points and powers of the
rules it is given, read once before the clock starts) with nothing but small
integers, and none of the reference's generality.

What it plays, counting one action per decision as the reference does:

- a deck of card numbers, shuffled by `random.Random`; core.grid cards to each
  player and core.peek-count peeks each (one action per peek);
- a turn: call (rarely, as the reference's random policy does) or draw; a drawn
  card is swapped into a random slot or discarded;
- a discarded power card: each of its looks is one action at a random target;
  its swap (if any) is one action between a random own and other card, or a skip;
- after every discard, a random player may snap (one action): a card of the
  discard's rank leaves the hand, a wrong one draws a penalty card;
- the deck, when empty, is refilled from the pile under its top card; a call
  gives every other player one more turn; the round is scored and ends.

It is shaped like an engine: a round state, the kinds of action open now, one
action drawn uniformly within a kind (a kind first, calls down-weighted, as the
reference's random policy does), and an apply step that checks the action's
phase and player and returns a compact event tuple. It keeps no views, history
or rule options: it is a floor for what random play of this game costs in
Python, not a second engine, and its code stays fixed so that ratios measured
at different times compare.

>>> from cambio_ref.rules import resolve
>>> actions, seconds = anchor_loop(resolve("official"), players=4, games=20, seed=1)
>>> actions > 20 * 8, seconds > 0
(True, True)
"""

from __future__ import annotations

import random
import time

from cambio_ref.cards import RANKS
from cambio_ref.flags import grid_size, peek_count
from cambio_ref.rules import Rules

CALL_WEIGHT = 0.1  # as the reference's random policy: a call is ten times rarer than a draw
SNAP_CHANCE = 0.5  # how often a discard draws a snap attempt

# power kinds, one small integer per card
NONE, LOOK, LOOK_SWAP, SWAP = 0, 1, 2, 3


def card_table(rules: Rules, players: int) -> tuple[list[int], list[int], list[int]]:
    """Each card number's rank index, points and power kind, from `rules`' deck."""
    ranks, points, powers = [], [], []
    for card in rules.deck(players):
        ranks.append(RANKS.index(card.rank) if card.rank in RANKS else len(RANKS))
        points.append(rules.points[card.code])
        power = rules.power_of(card)
        if power is None:
            powers.append(NONE)
        elif power.swap == "none":
            powers.append(LOOK)
        else:
            powers.append(LOOK_SWAP if power.look else SWAP)
    return ranks, points, powers


class Round:
    """One round of the anchor's game: card numbers in lists, knowledge in bitmasks."""

    __slots__ = ("caller", "current", "deck", "grid", "grids", "held", "known", "left", "n",
                 "peeks", "per_peek", "phase", "pile", "power", "turns", "window")

    def __init__(self, n: int, deck: list[int]) -> None:
        self.n, self.deck = n, deck
        self.grid, self.per_peek = grid_size(), peek_count()  # core.grid, core.peek-count
        self.grids = [[deck.pop() for _ in range(self.grid)] for _ in range(n)]
        self.known = [[0] * self.grid for _ in range(n)]
        self.pile = [deck.pop()]
        self.peeks = n * self.per_peek  # the opening peeks still to make, seat by seat
        self.phase, self.current, self.caller, self.left, self.turns = PEEK, 0, -1, n, 0
        self.held, self.power, self.window = -1, NONE, False


# phases, and the kinds of action (an action is a tuple: kind, player, then up to three numbers)
PEEK, TURN, HAND, POWER_LOOK, POWER_SWAP, OVER = range(6)
A_PEEK, A_DRAW, A_CALL, A_SWAP, A_DISCARD, A_LOOK, A_PSWAP, A_SKIP, A_SNAP = range(9)


# the phase each kind is played in (a snap: any phase while a discard is open)
_PHASE = (PEEK, TURN, TURN, HAND, HAND, POWER_LOOK, POWER_SWAP, POWER_SWAP, -1)


def kinds(r: Round) -> list[int]:
    """The kinds of action available now (snaps among them while a discard is open)."""
    phase = r.phase
    if phase == PEEK:
        kinds = [A_PEEK]
    elif phase == TURN:
        kinds = [A_DRAW] if r.caller >= 0 else [A_DRAW, A_CALL]
    elif phase == HAND:
        kinds = [A_SWAP, A_DISCARD]
    elif phase == POWER_LOOK:
        kinds = [A_LOOK]
    else:
        kinds = [A_PSWAP, A_SKIP]
    if r.window and phase != PEEK:
        kinds.append(A_SNAP)
    return kinds


def pick(r: Round, kind: int, rng: random.Random) -> tuple[int, int, int, int, int]:
    """One action of `kind`, uniformly among its targets."""
    p, randrange = r.current, rng.randrange
    if kind == A_PEEK:
        done = r.n * r.per_peek - r.peeks
        return kind, done // r.per_peek, done % r.per_peek, 0, 0
    if kind == A_SWAP:
        held = [s for s, c in enumerate(r.grids[p]) if c >= 0]
        if held:
            return kind, p, held[randrange(len(held))], 0, 0
        kind = A_DISCARD
    if kind in (A_LOOK, A_PSWAP):
        other = (p + 1 + randrange(r.n - 1)) % r.n
        return kind, p, other, randrange(r.grid), randrange(r.grid)
    if kind == A_SNAP:
        q = randrange(r.n)
        return kind, q, randrange(len(r.grids[q])), 0, 0
    return kind, p, 0, 0, 0


def apply(r: Round, action: tuple[int, int, int, int, int], rng: random.Random,
           ranks: list[int], powers: list[int]) -> tuple[int, ...]:
    """Check and play `action`; a compact event tuple. An illegal one raises ValueError."""
    kind, p, a, b, mine = action
    wrong_player = kind not in (A_SNAP, A_PEEK) and p != r.current
    wrong_phase = not r.window if kind == A_SNAP else r.phase != _PHASE[kind]
    if wrong_player or wrong_phase or not 0 <= p < r.n:
        raise ValueError(f"illegal action {action}")
    if kind == A_SNAP:
        r.window = False
        hand = r.grids[p]
        if hand[a] >= 0 and ranks[hand[a]] == ranks[r.pile[-1]]:
            r.pile.append(hand[a])
            hand[a] = -1
            return kind, p, a, 1
        if r.deck:
            hand.append(r.deck.pop())
            r.known[p].append(0)
        return kind, p, a, 0
    if kind == A_PEEK:
        r.known[p][a] |= 1 << p
        r.peeks -= 1
        if not r.peeks:
            r.phase = TURN
        return kind, p, a
    if kind == A_CALL:
        r.caller, r.left = p, r.n - 1
        _next(r)
        return kind, p
    if kind == A_DRAW:
        r.window = False
        if not r.deck:
            top = r.pile.pop()
            r.deck, r.pile = r.pile, [top]
            rng.shuffle(r.deck)
            if not r.deck:
                r.phase = OVER
                return kind, p, -1
        r.held = r.deck.pop()
        r.phase = HAND
        return kind, p, r.held
    if kind == A_SWAP:
        card, r.grids[p][a] = r.grids[p][a], r.held
        r.known[p][a] = 1 << p
        return _discard(r, card, p, False)
    if kind == A_DISCARD:
        return _discard(r, r.held, p, True, powers)
    if kind == A_LOOK:
        if r.grids[a][b] >= 0:
            r.known[a][b] |= 1 << p
        if r.power == LOOK_SWAP:
            r.phase = POWER_SWAP
        else:
            _next(r)
        return kind, p, a, b
    if kind == A_PSWAP:
        grid, theirs = r.grids[p], r.grids[a]
        if grid[mine] >= 0 and theirs[b] >= 0:
            grid[mine], theirs[b] = theirs[b], grid[mine]
            r.known[p][mine] = r.known[a][b] = 0
    _next(r)
    return kind, p, a, b


def _discard(r: Round, card: int, p: int, drawn: bool,
             powers: list[int] | None = None) -> tuple[int, ...]:
    r.pile.append(card)
    r.held, r.window = -1, True
    power = powers[card] if powers is not None else NONE
    r.power = power
    if power == NONE:
        _next(r)
    else:
        r.phase = POWER_SWAP if power == SWAP else POWER_LOOK
    return A_DISCARD if drawn else A_SWAP, p, card


def _next(r: Round) -> None:
    r.turns += 1
    if r.caller >= 0 and r.current != r.caller:
        r.left -= 1
    r.current = (r.current + 1) % r.n
    r.phase = OVER if r.left <= 0 or r.turns >= 200 else TURN


def anchor_loop(rules: Rules, players: int, games: int, seed: int) -> tuple[int, float]:
    """Play `games` rounds; the number of actions and the seconds they took."""
    ranks, points, powers = card_table(rules, players)
    rng = random.Random(seed)
    rand = rng.random
    actions = 0
    t0 = time.perf_counter()
    for _ in range(games):
        deck = list(range(len(ranks)))
        rng.shuffle(deck)
        r = Round(players, deck)
        while r.phase != OVER:
            open_kinds = kinds(r)
            if len(open_kinds) == 1:
                kind = open_kinds[0]
            else:
                x = rand() * (len(open_kinds) - (1.0 - CALL_WEIGHT if A_CALL in open_kinds else 0.0))
                for kind in open_kinds:
                    x -= CALL_WEIGHT if kind == A_CALL else 1.0
                    if x < 0:
                        break
            apply(r, pick(r, kind, rng), rng, ranks, powers)
            actions += 1
        min(sum(points[c] for c in g if c >= 0) for g in r.grids)
    return actions, time.perf_counter() - t0
