"""A lock-step game and a difference found in it: the value types `Game` (everything
needed to replay a game or write it as a case), `Step`, and `Disagreement` (where, what
and which field differed first, and what diagnosis makes of it), with `with_values`
(rules plus as-if option values) and `harmless` (a difference that leaves both states
equal). `conformance.lockstep` plays games and raises them; onward play, diagnosis,
grouping, shrinking and the reports read them.

>>> from cambio_ref.rules import resolve
>>> d = Disagreement("fail", "deal", "x", Game(resolve("online"), 2, 0, 0, []), aspect="view")
>>> d.kind, harmless(d)
('deal', True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from cambio_ref.actions import Action
from cambio_ref.rules import Rules, resolve
from cambio_ref.state import State
from conformance.implementation import Event, Rejection

__all__ = ["Disagreement", "Game", "Reply", "Step", "harmless", "with_values"]

Reply = list[Event] | Rejection


@dataclass
class Looks:
    """What the reference shows of one recorded state (its legal blocks, its views and its
    snapshot as the lock-step expects them, and the encoded reply to the act that led to
    it), each worked out when first asked for and kept with the state: a case's recorded
    play is played again in each run of a process (`conformance.caserun.reference_play`)."""

    blocks: Sequence[Sequence[Action]] | None = None
    views_text: bytes | None = None
    snapshot: dict[str, Any] | None = None
    snapshot_line: bytes | None = None  # (`{"state": snapshot}` encoded)
    legal_text: bytes | None = None  # (kept only when short: `LOOKS_LEGAL_BYTES`)
    reply_line: bytes | None = None  # (the reply to the act that led to it, encoded)


LOOKS_LEGAL_BYTES = 16384
def known_blocks(kept: Sequence[Sequence[Action]] | Looks | None
                 ) -> Sequence[Sequence[Action]] | None:
    """The legal blocks a `Known` keeps (its third item), if any.

    >>> known_blocks(Looks()), known_blocks([[]])
    (None, [[]])
    """
    return kept.blocks if isinstance(kept, Looks) else kept


# What the reference already did for one call, so that the lock-step need not play it
# again: its reply, a copy of its state after it (never changed again), and that
# state's legal blocks (`cambio_ref.engine.legal_blocks`) if they were built, else None,
# or the `Looks` that keep them and more.
# (A comment, not a docstring: Sphinx would document the alias, and its viewcode would
# link its module, builtins, to a page it never writes.)
Known = tuple[Any, State, "Sequence[Sequence[Action]] | Looks | None"]


@dataclass
class Step:
    """One action of a game and the reference's reply to it."""

    action: Any
    expected: Reply


@dataclass
class Game:
    """A game: everything needed to replay it or write it as a case."""

    rules: Rules
    players: int
    dealer: int
    seed: int
    deck: list[str]
    steps: list[Step] = field(default_factory=list)
    deal: list[Event] = field(default_factory=list)
    first: int | None = None
    # where the reference took over the implementation's state (`conformance.resync`):
    # the number of steps played then, and the implementation's snapshot
    resynced: tuple[int, dict[str, Any]] | None = None

    def copy(self, **changes: Any) -> Game:
        """A copy with its own list of steps (and `changes` to its setup)."""
        fields: dict[str, Any] = {"rules": self.rules, "players": self.players,
                                  "dealer": self.dealer, "seed": self.seed, "deck": self.deck,
                                  "first": self.first}
        fields.update(changes)
        new = Game(**fields)
        new.steps, new.deal, new.resynced = list(self.steps), self.deal, self.resynced
        return new


class Disagreement(Exception):
    """The implementation differs from the reference (or broke an invariant, or failed)."""

    def __init__(self, status: str, where: str, message: str, game: Game, *,
                 expected: Any = None, actual: Any = None, stderr: str = "",
                 observe: int | None = None, aspect: str = "events",
                 field: str = "") -> None:
        super().__init__(f"{where}: {message}")
        self.status = status
        self.where = where
        self.message = message
        self.game = game
        self.expected = expected
        self.actual = actual
        self.stderr = stderr
        self.observe = observe  # the player whose view differed
        self.aspect = aspect  # events, rejection, view, snapshot, legal, failure
        self.field = field or aspect  # the first field that differs, e.g. "penalty.card"
        self.rule: str | None = None  # the option or core rule involved, once diagnosed
        self.index = len(game.steps)  # the steps played when it showed
        self.call = 0  # the index of its call in what `Lockstep.replay` was given
        self.snapshot: dict[str, Any] | None = None  # the implementation's, after the step
        # the next actions and the implementation's replies to them, as far as known
        self.after: list[tuple[Any, Reply]] = []
        self.listed: list[str] | None = None  # the implementation's legal actions (`action_key`)
        self.as_if: tuple[tuple[str, Any], ...] = ()  # the reference's extra option values
        self.candidates: list[str] = []  # the option values that explain it (diagnosed)
        # a code difference's: the values under which the reference gives that code too
        # (`conformance.diagnosis.folds`; named only where the run names them elsewhere)
        self.folds: list[str] = []
        self.refuted: list[str] = []  # option values refuted in the run so far (`onward`)
        self.repeats = 0  # how many more times the same difference showed in its game
        # where an unexplained state difference earlier in its item was (the reference
        # took over the implementation's state there), if any: it was found past it
        self.behind: str | None = None

    @property
    def kind(self) -> str:
        """The kind of the action it happened on (``deal`` for the deal)."""
        if self.where == "deal" or not self.index:
            return "deal"
        action = self.game.steps[self.index - 1].action
        kind = action.get("t") if isinstance(action, dict) else None
        return kind if isinstance(kind, str) else "malformed"

    @property
    def signature(self) -> str:
        """What groups disagreements: action kind, first differing field, rule involved.

        >>> from cambio_ref.rules import resolve
        >>> d = Disagreement("fail", "deal", "x", Game(resolve("online"), 2, 0, 0, []),
        ...                  field="dealt.card")
        >>> d.signature
        'deal/dealt.card/?'
        """
        return f"{self.kind}/{self.field}/{self.rule or '?'}"

    def size(self) -> tuple[int, ...]:
        """Smaller is simpler: fewer steps, players and overrides."""
        game = self.game
        return (len(game.steps), game.players, len(game.rules.overrides), game.seed != 0,
                game.dealer)


def with_values(rules: Rules, values: Sequence[tuple[str, Any]]) -> Rules:
    """`rules` with more option values (by field name), or `rules` itself if none.

    >>> from cambio_ref.rules import resolve
    >>> with_values(resolve("hearts"), [("red_king", -1)]).canonical
    'hearts(red_king=-1)'
    """
    if not values:
        return rules
    return resolve(rules.name, [*rules.overrides, *values])


def harmless(d: Disagreement) -> bool:
    """True if the difference leaves both states equal: a view, the legal actions, the
    code of a rejection, or events that differ only in who saw them or in their order."""
    return d.aspect in ("view", "legal") or d.field in ("code", "events.order") \
        or d.field.endswith(".visible_to")
