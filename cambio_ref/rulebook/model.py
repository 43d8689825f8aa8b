"""The values the rulebook's pages are rendered from: examples, disputes and their parts,
and the public engines' committed runs (`cambio_ref.rulebook.engines` reads them).

`Answer` and `CaseRun` come from `cambio_ref.answers`, the model `cambio ask` shares.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cambio_ref.answers import Answer
from cambio_ref.catalogue import Citation, Value
from cambio_ref.rules import Rules


@dataclass(frozen=True)
class Front:
    """The front door, as data (docs/front.yaml): the most argued questions and the situations.

    `argued` lists case ids; `situations` titles the disputes index's sections by the
    first part of a case id.
    """

    argued: tuple[str, ...] = ()
    situations: tuple[tuple[str, str], ...] = ()

    def situation(self, prefix: str) -> str:
        """The section title for case ids starting with `prefix`.

        >>> Front(situations=(("snap", "When someone snaps"),)).situation("snap")
        'When someone snaps'
        >>> Front().situation("snap")
        'Snapping'
        """
        return dict(self.situations).get(prefix) or group_title(prefix)


@dataclass(frozen=True)
class Example:
    """A house-rules file shown on the house-rules guide: its path, text and resolved rules."""

    path: str
    text: str
    rules: Rules


@dataclass(frozen=True)
class Deal:
    """The cards of one round, as a case sets them up."""

    grids: tuple[tuple[str, ...], ...] = ()  # card codes per seat, slot 0 first
    deck: tuple[str, ...] = ()  # the whole deck, top first (instead of grids)
    dealer: int | None = 0  # None: as the match rules say (a later round)
    first: int | None = None  # the seat that plays first, when the case names it instead of the dealer
    starting: str = ""  # the starting discard, for rulesets that turn one up
    draws: tuple[str, ...] = ()  # the next cards of the deck, top first
    peek: tuple[int, ...] = ()  # the slots every player looks at first; () for no opening peek


@dataclass(frozen=True)
class Step:
    """One step of a scenario: who acts (or whose view is checked) and what must hold."""

    text: str  # e.g. "Seat 1 calls Cambio."
    note: str = ""
    only: tuple[str, ...] = ()  # taken only under these rulesets or option=value; () always
    checks: tuple[tuple[str, str], ...] = ()  # (ruleset, option=value or all; what must hold)
    rulesets: tuple[str, ...] = ()  # with `only`: the rulesets that take the step


@dataclass(frozen=True)
class Round:
    """One round of a scenario: the deal, then the steps."""

    deal: Deal
    steps: tuple[Step, ...] = ()


@dataclass(frozen=True)
class Moment:
    """The table after one step: the state's snapshot, the action and what followed.

    `step` is the step's index in its round (None for the deal and the opening peek);
    `viewer` is set for a step that observes the table from one seat.
    """

    round: int
    step: int | None
    snapshot: Mapping[str, Any]
    action: Mapping[str, Any] | None = None
    events: tuple[Mapping[str, Any], ...] = ()
    rejected: str = ""  # the rejection code, if the action was refused
    viewer: int | None = None
    note: str = ""  # the case author's note on the step
    before: Mapping[str, Any] | None = None  # the snapshot before the step
    direction: str = ""  # the direction of play (turn.direction), drawn on the table


@dataclass(frozen=True)
class Entry:
    """One call a recorder saw: the deal (`action` None) or an action, its reply and the state after it."""

    action: Mapping[str, Any] | None
    events: tuple[Mapping[str, Any], ...]
    rejected: str
    snapshot: Mapping[str, Any]


@dataclass(frozen=True)
class Dispute:
    """One edge case (a file of spec/cases), as the site shows it.

    The MkDocs hook builds these with `case_dispute` and passes them to `render_site`,
    which gives each its page under ``disputes/`` and links it from the pages of the
    options it exercises.
    """

    id: str
    question: str
    options: tuple[str, ...]
    answers: tuple[Answer, ...]
    rounds: tuple[Round, ...] = ()  # the scenario step by step
    citations: tuple[Citation, ...] = ()
    scenario: str = ""  # the scenario file, e.g. spec/cases/ties/caller-ties-lowest.yaml
    settings: tuple[tuple[str, str], ...] = ()  # options set on top of every ruleset (name, value)
    rulings: tuple[str, ...] = ()  # option or core rule ids whose project ruling it relies on
    exercises: tuple[str, ...] = ()  # the option values it shows, as option.id=value
    scenes: tuple[tuple[str, tuple[Moment, ...]], ...] = ()  # (ruleset, the table after every step)
    values: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()  # (ruleset, (option key, value)) for the picker
    sets: tuple[str, ...] = ()  # the option keys the case sets itself (house rules cannot change them)

    @property
    def group(self) -> str:
        """The section of "Disputes" it is listed under, from the first part of its id.

        >>> Dispute("tie.caller-ties-lowest", "?", ("end.tie",), ()).group
        'Ties'
        """
        return group_title(self.id.partition(".")[0])


@dataclass(frozen=True)
class Pinned:
    """One option of an engine's declared rules, and where the engine's code decides it."""

    option: str
    value: Value
    source: str


@dataclass(frozen=True)
class Found:
    """One distinct deviation of the committed run, as its log line gives it."""

    summary: str
    rule: str
    as_if: Mapping[str, Value] | None
    count: int


@dataclass(frozen=True)
class EngineRun:
    """An engine's committed adapter files, read."""

    folder: str
    name: str
    commit: str
    started: str
    seed: int
    pinned: tuple[Pinned, ...]
    found: tuple[Found, ...]
    totals: Mapping[str, int]

    @property
    def plays_as(self) -> dict[str, Value]:
        """The option values the run's deviations name, one consistent set: an option
        that two deviations name with different values is left out, as the run's own
        "plays as" line leaves it (`conformance.grouping.plays_as`).

        >>> run = EngineRun("x", "x", "c", "", 1, (), (Found("a", "", {"o.a": 1}, 1),
        ...     Found("b", "", {"o.b": 2}, 1), Found("c", "", {"o.a": 3}, 1)), {})
        >>> run.plays_as
        {'o.b': 2}
        """
        named: dict[str, list[Value]] = {}
        for deviation in self.found:
            for option, value in (deviation.as_if or {}).items():
                if value not in named.setdefault(option, []):
                    named[option].append(value)
        return {option: values[0] for option, values in named.items() if len(values) == 1}


# Section titles of "Disputes", by the first part of a case id; others are capitalised.
GROUP_TITLES = {
    "call": "Calling", "conflict": "Conflicting sources", "deal": "Dealing", "deck": "The deck",
    "end": "End of the round", "info": "Information", "match": "Matches", "peek": "Peeking",
    "power": "Powers", "score": "Scoring", "setup": "Setup", "snap": "Snapping", "tie": "Ties",
    "turn": "Turns", "value": "Card values",
}


def group_title(prefix: str) -> str:
    """The title of the group of cases whose ids start with `prefix`.

    >>> group_title("snap"), group_title("opening-peek")
    ('Snapping', 'Opening peek')
    """
    return GROUP_TITLES.get(prefix, prefix.replace("-", " ").capitalize())
