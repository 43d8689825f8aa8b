"""The answer model: what one ruleset says about one edge case, and how to see it happen.

`answer_for` is the one function that builds an `Answer`. The dispute pages of the
site and ``cambio ask`` both show what it returns: the answer in words, the
citations that back it or the ruling it rests on, the case id, and the
``cambio replay`` command that plays it. When the caller has played the case
(the site's hook does, with `conformance.scenarios.run_case`), the answer also
carries what the reference did.

Seats are named at the table, not numbered from 0: seat 0 of a case file is
Ann (seat 1), seat 1 is Ben (seat 2), and so on (`seat_name`, `table_words`).

>>> from cambio_ref.cases import load_cases
>>> a = answer_for(load_cases()["tie.caller-ties-lowest"], "hearts")
>>> a.replay
'cambio replay tie.caller-ties-lowest --ruleset hearts'
>>> a.applies, [str(c) for c in a.citations]
(True, ['hearts §9'])
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from cambio_ref.citation import Citation

if TYPE_CHECKING:  # the catalogue is loaded when an answer is built, not when one is read (`cambio ask`)
    from cambio_ref.cases import Case
    from cambio_ref.catalogue import Catalogue
    from cambio_ref.rules import Rules

__all__ = ["SEAT_NAMES", "Answer", "CaseRun", "answer_for", "answer_for_rules", "case_citations", "seat_name",
           "seats_text", "table_words", "winners_text"]

# The names the site and `cambio ask` give the seats of a case, seat 0 first.
SEAT_NAMES = ("Ann", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hal", "Ivy", "Jon")


class CaseRun(Protocol):
    """What is shown of one run of a case under one ruleset.

    `conformance.scenarios.CaseResult` fits; `cambio_ref` never runs a case itself.
    """

    @property
    def status(self) -> str: ...  # pass, fail or not_applicable (anything else: could not run)

    @property
    def scores(self) -> Sequence[int] | None: ...

    @property
    def winners(self) -> Sequence[int] | None: ...

    @property
    def reason(self) -> str | None: ...

    @property
    def trace(self) -> Sequence[str]: ...

    @property
    def failures(self) -> Sequence[object]: ...


@dataclass(frozen=True)
class Answer:
    """One ruleset's answer to one case, and what the reference did when it played it."""

    case: str  # the case id, e.g. snap.wrong-other-card
    ruleset: str
    text: str  # one sentence; "Not applicable: why." when the case cannot be played
    applies: bool = True
    citations: tuple[Citation, ...] = ()
    ruling: str = ""  # an option or core rule id whose ruling it rests on, or the ruling in words
    outcome: str = ""  # what the reference ended with, e.g. "round over ...; Ann wins"
    reference: str = ""  # pass, fail, or another word for a run that could not finish; "" when not run
    problems: tuple[str, ...] = ()  # the expectations the reference did not meet
    trace: tuple[str, ...] = ()  # the reference's log: every action, event and who saw which card
    # The case's own citations of this ruleset's source, shown when the answer cites nothing itself.
    shared: tuple[Citation, ...] = ()

    @property
    def replay(self) -> str:
        """The command that plays this case under this ruleset, step by step."""
        return f"cambio replay {self.case} --ruleset {self.ruleset}"

    @property
    def backed(self) -> bool:
        """True if a source or a ruling backs the answer (the case's own citations count)."""
        return bool(self.citations or self.ruling or self.shared)

    def to_json(self) -> dict[str, Any]:
        return {"case": self.case, "ruleset": self.ruleset, "answer": self.text, "applies": self.applies,
                "citations": [{"key": c.key, "section": c.section, "evidence": c.evidence, "note": c.note}
                              for c in self.citations],
                "case_citations": [{"key": c.key, "section": c.section, "evidence": c.evidence, "note": c.note}
                                   for c in self.shared],
                "ruling": self.ruling or None, "replay": self.replay}


def case_citations(raw: Iterable[Mapping[str, Any]] | None) -> tuple[Citation, ...]:
    """Citations as a case file writes them (`cambio_ref.catalogue.citations`)."""
    from cambio_ref.catalogue import citations

    return citations(raw)


def answer_for(case: Case, ruleset: str, run: CaseRun | None = None, *,
               catalogue: Catalogue | None = None) -> Answer:
    """What `ruleset` answers to `case`, with what `run` (if given) did when it played it."""
    from cambio_ref.catalogue import load_catalogue

    cat = catalogue or load_catalogue()
    outcome = case.rulesets.get(ruleset, {"not_applicable": f"the case does not list {ruleset}"})
    cites, ruling = case_citations(outcome.get("cite")), str(outcome.get("ruling", ""))
    source = cat.rulesets[ruleset].source if ruleset in cat.rulesets else ruleset
    shared = () if cites or ruling else tuple(
        c for c in case_citations(case.data.get("sources")) if c.key == source)
    if "not_applicable" in outcome:
        why = table_words(str(outcome["not_applicable"]))
        if why[:1].isupper() and why[1:2].islower():  # "The conflict ..." but not "QA ..."
            why = why[0].lower() + why[1:]
        return Answer(case.id, ruleset, f"Not applicable: {why}", applies=False, citations=cites, ruling=ruling,
                      shared=shared)
    text = table_words(str(outcome["answer"]))
    if run is None:
        return Answer(case.id, ruleset, text, citations=cites, ruling=ruling, shared=shared)
    return Answer(case.id, ruleset, text, citations=cites, ruling=ruling, shared=shared,
                  outcome=_outcome(outcome, run),
                  reference=run.status, problems=tuple(str(f) for f in run.failures), trace=tuple(run.trace))


def answer_for_rules(case: Case, rules: Rules, *, catalogue: Catalogue | None = None) -> tuple[Answer, str]:
    """The answer for a table playing `rules` (a ruleset or house rules), and a note on how it was found.

    A ruleset of the case answers for itself. House rules take the answer of the
    ruleset they extend when they play the case's options as it does; otherwise
    that of the first ruleset of the case that plays those options as they do; if
    none does, the extended ruleset's answer, with a warning that it may not hold.

    >>> from cambio_ref.cases import load_cases
    >>> from cambio_ref.rules import resolve
    >>> case = load_cases()["tie.caller-ties-lowest"]
    >>> answer, note = answer_for_rules(case, resolve("online(tie=caller-loses)"))
    >>> answer.ruleset, note
    ('official', 'Your house rules play end.tie as official does: its answer.')
    """
    from cambio_ref.catalogue import load_catalogue
    from cambio_ref.rules import resolve

    cat = catalogue or load_catalogue()
    keys = [cat.option(o).key for o in case.options]
    base = rules.name
    if not rules.overrides or base not in case.rulesets:
        return answer_for(case, base), ""
    played = case.rules_for(rules)
    mine = {k: played.value(k) for k in keys}

    def same(rs: str) -> bool:
        theirs = case.rules_for(rs)
        return case.applies_to(rs) and all(theirs.value(k) == v for k, v in mine.items())

    changed = ", ".join(o for o in case.options if resolve(base).value(cat.option(o).key) != mine[cat.option(o).key])
    if not case.applies_to(base) or same(base):
        return answer_for(case, base), (f"Your house rules do not change {', '.join(case.options)}:"
                                        f" {base}'s answer holds." if case.applies_to(base) else "")
    for rs in case.rulesets:
        if rs in cat.rulesets and same(rs):
            return answer_for(case, rs), f"Your house rules play {changed} as {rs} does: its answer."
    return answer_for(case, base), (f"Your house rules change {changed}, and no ruleset plays it that way:"
                                    f" {base}'s answer may not hold for your table.")


# -- seats in table language ------------------------------------------------------


def seat_name(seat: int, *, number: bool = False) -> str:
    """The name of seat `seat` (from 0), with its number from 1 if asked.

    >>> seat_name(0), seat_name(2, number=True)
    ('Ann', 'Cleo (seat 3)')
    """
    name = SEAT_NAMES[seat] if 0 <= seat < len(SEAT_NAMES) else f"seat {seat + 1}"
    return f"{name} (seat {seat + 1})" if number and name != f"seat {seat + 1}" else name


_SEAT = re.compile(r"\b([Ss])eats? (\d)((?:, \d)*)(?: and (\d))?\b")


def table_words(text: str) -> str:
    """Case prose with seats numbered from 0 turned into names.

    >>> table_words("seat 0 snaps; Seat 1 wins; seats 0 and 2 tie")
    'Ann snaps; Ben wins; Ann and Cleo tie'
    """
    def name(m: re.Match[str]) -> str:
        seats = [int(m[2]), *(int(s) for s in m[3].split(", ") if s)] + ([int(m[4])] if m[4] else [])
        return _join([seat_name(s) for s in seats])

    return _SEAT.sub(name, text)


def _join(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def seats_text(seats: Sequence[int]) -> str:
    """
    >>> seats_text([0]), seats_text([0, 2]), seats_text([0, 1, 3])
    ('Ann', 'Ann and Cleo', 'Ann, Ben and Dev')
    """
    return _join([seat_name(s) for s in seats])


def winners_text(seats: Sequence[int]) -> str:
    """
    >>> winners_text([1]), winners_text([])
    ('Ben wins', 'nobody wins')
    """
    if not seats:
        return "nobody wins"
    return f"{seats_text(seats)} {'wins' if len(seats) == 1 else 'win'}"


# -- what the reference ended with --------------------------------------------------

_ENDINGS = {"called": "after a call", "turn-limit": "at the turn limit", "deck-exhausted": "when the deck ran out",
            "empty-hand": "when a hand was emptied", "knocked-out": "with every player out"}


def _outcome(outcome: Mapping[str, Any], run: CaseRun) -> str:
    """What the reference ended with: the last round's scores and winners, and the match."""
    if run.scores is None:
        parts = ["the scenario stops before the round is over"]
    else:
        ending = _ENDINGS.get(run.reason or "", f"({run.reason})" if run.reason else "")
        scores = ", ".join(map(str, run.scores))
        parts = [f"round over {ending} with scores {scores}".replace("  ", " "), winners_text(run.winners or ())]
    match = outcome.get("match")
    if isinstance(match, Mapping) and match and run.status == "pass":
        parts.append(_match(match))
    return "; ".join(parts)


def _match(match: Mapping[str, Any]) -> str:
    """
    >>> _match({"rounds": 1, "dealer": 2, "first": 2})
    'then, after 1 round, Cleo deals and Cleo plays first'
    """
    said = []
    if "rounds" in match:
        n = match["rounds"]
        said.append(f"after {n} round{'' if n == 1 else 's'}")
    clauses = []
    for key, value in match.items():
        if key == "dealer":
            clauses.append(f"{seat_name(value)} deals")
        elif key == "first":
            clauses.append(f"{seat_name(value)} plays first")
        elif key == "over":
            clauses.append("the match is over" if value else "the match goes on")
        elif key == "winners":
            clauses.append(f"{winners_text(value)} the match" if value else "nobody wins the match")
        elif key == "tally":
            clauses.append(f"the running totals are {', '.join(map(str, value))}")
        elif key == "wins":
            clauses.append(f"the round wins are {', '.join(map(str, value))}")
        elif key != "rounds":
            clauses.append(f"{key} is {value}")
    lead = f"then, {said[0]}, " if said else "then "
    return lead + (" and ".join(clauses) if clauses else "the match goes on")
