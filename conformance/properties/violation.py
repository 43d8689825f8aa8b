"""A broken property: which one, the rule it tests, where and what; and `Violations`, which
keeps each kind of violation once per game.

>>> report = Violations()
>>> report.add("turns.order", "turn.direction", "seat 2 takes a turn; seat 1 is next")
>>> report.add("turns.order", "turn.direction", "the same kind again: counted, not kept")
>>> [(v.name, v.rule, v.where, v.repeats) for v in report.all()]
[('turns.order', 'turn.direction', 'deal', 1)]
"""

from __future__ import annotations

from dataclasses import dataclass

# the property families, each with what it checks (the field of a violation starts with one)
FAMILIES = {
    "scores": "scores and winners recomputed from the hands the round's end reveals",
    "cards": "the dealt deck, and nothing else, in the deck, the pile, the grids and the hand",
    "hiding": "a view shows a card only to a seat the implementation's own events showed it to",
    "consistency": "events, views, snapshot and legal actions agree with each other",
    "turns": "the turn order, the final turns after a call and the round's end reasons",
}


def compared_in(name: str) -> tuple[str, ...]:
    """The aspects of the lock-step comparison (`conformance.disagreement.Disagreement`)
    that see what the property `name` checks, at the same step: a difference found there
    is the same cause.

    >>> compared_in("hiding.view"), compared_in("cards.conserved"), compared_in("turns.order")
    (('view',), ('snapshot',), ('events', 'rejection'))
    """
    if name.startswith(("hiding.", "consistency.view-")):
        return ("view",)
    if name.startswith(("cards.conserved", "consistency.snapshot-")):
        return ("snapshot",)
    return ("events", "rejection")


@dataclass
class Violation:
    """One broken property: `name` is ``family.check`` (``scores.winners``), `rule` the
    core rule or option id it tests, `step` the actions answered when it showed (0: the
    deal), `where` the same as a place (``deal``, ``step 3``)."""

    name: str
    rule: str
    message: str
    step: int = 0
    repeats: int = 0  # how many more times the same kind showed in the game

    @property
    def family(self) -> str:
        return self.name.partition(".")[0]

    @property
    def where(self) -> str:
        return f"step {self.step}" if self.step else "deal"


class Violations:
    """The violations of one game, each kind (name and rule) kept once: the first, with a
    count of the others."""

    def __init__(self) -> None:
        self.step = 0  # the actions answered so far (set by the watch)
        self._kept: dict[tuple[str, str], Violation] = {}
        self._new: list[Violation] = []

    def add(self, name: str, rule: str, message: str) -> None:
        """Record a violation of `name` (testing `rule`) at the current step."""
        seen = self._kept.get((name, rule))
        if seen is not None:
            seen.repeats += 1
            return
        found = self._kept[(name, rule)] = Violation(name, rule, message, self.step)
        self._new.append(found)

    def take(self) -> list[Violation]:
        """The violations recorded since the last `take`."""
        new, self._new = self._new, []
        return new

    def all(self) -> list[Violation]:
        """Every violation of the game, in the order they showed."""
        return list(self._kept.values())
