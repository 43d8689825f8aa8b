"""Scoring the question engine on the held-out phrasings (issue 30), by counts.

tests/site/heldout-tune.yaml and tests/site/heldout-test.yaml were written from the sources
and a topic list only, and split at random before any tuning. The test half is frozen: it
is scored here and reported only as counts (`tally`), never question by question. The tune
half may be looked at: ``python -m tests.site.heldout_check tune`` prints its counts and its
misses; ``python -m tests.site.heldout_check test`` prints the test half's counts only.

tests/site/heldout-valid.yaml is a third set, written later (160 questions, after thirteen rounds of
tuning) by another writer from the same inputs: it tells whether what the tune half decided
generalises. It is read by counts only, as the test half (``... heldout_check valid``), and never tuned on.
tests/site/heldout-valid2.yaml is a fourth (160 questions, 2026-11-28, a second writer, the same inputs), added
once the validation set had chosen among settings by its counts: read by counts only, and chosen on by nothing.
tests/site/heldout-valid3.yaml is a fifth (160 questions, 2026-11-28, a third writer, the same inputs), written after
every choice of the session that added the likeness letter by letter (cambio_ref.asklike): read by counts only, once,
to report, and chosen on by nothing.
tests/site/heldout-hands.yaml (100 hands in players' words by another writer, the sources only, 2026-11-28) may be
looked at and tuned on too: ``... heldout_check hands`` prints its counts and misses; so may heldout-hands2.yaml (80
more by a second writer, read by counts before and after the first set's fixes: 43 and 46 right).
tests/site/heldout-hands3.yaml (60 hands by a third writer, the same inputs) is frozen as the test half is: counts only.
tests/site/heldout-hands4.yaml (80 hands told in a story by a fourth writer, the same inputs, 2026-11-28) was read by
counts at b78df91 and after the first story fixes (31 and 48 right first), and looked at and tuned on since:
``... heldout_check hands4`` prints its misses.
tests/site/heldout-hands5.yaml and heldout-hands6.yaml are a fifth writer's 120 hands (2026-11-29, the same inputs),
split at random before anything was read: the first half may be looked at and tuned on (``... heldout_check hands5``),
the second is frozen (counts only). tests/site/heldout-hands7.yaml (80 hands in everyday table talk by a sixth
writer, the same inputs) is frozen when written: counts only.
tests/site/heldout-dev.yaml (1,023 questions on a topic by four more writers, the same inputs) may be looked at and
tuned on, as the tune half: ``... heldout_check dev`` prints its counts and misses. A fifth writer later added 233
questions no topic answers (near misses in the game's words, strategy, other games): 218 "not sure" untuned.
The topic questions were written as more phrasings
for spec/asked.yaml, and not kept there: with it the engine ranked the right answer first more often (the likeness
alone, on the validation set's topic questions: 104 of 110 instead of 90), but confident errors with it. Refitted
(LIKE_WEIGHT 0.8, LEAD 4, SURE 1.2), the tune half 238 right first / 8 confidently wrong (224 / 3 without it), the
validation set 137 / 8 (116 / 5), the phrasing set 175 / 6 (171 / 3). Replaying the sureness line alone on the topic
and unanswerable questions of both sets, no setting with it kept both at 3 confident errors or fewer and answered as
many right first as without it (265 against 293 of 349).
Tried again on 2026-11-28 (evening) on the engine as it then stood (dev 910 / 34 / 312), cross-validated by writer
(writers 1 and 2 added and 3 and 4 scored, then the reverse; the 233 unanswerable questions scored, never added):
out of fold, dev 982 right first / 38 confidently wrong against 910 / 34, and first-ranked right 932 of 1,023
against 903. With all four writers added, the validation set (counts) 127 / 6 against 119 / 4 and the tune half
220 / 4 against 224 / 3; first-ranked right 131 of 145 against 128, and 217 of 233 against 218. The dev set's writers
share a style (a third of writer 3's questions are within a few words of one of writer 2's), so the out-of-fold gain
overstates what carries over to other writers; with the sureness line refitted on the out-of-fold questions, the
tune half and the validation set together (420 questions) answered about as many right first as without them for
the same number of confident errors (for example 340 / 10 against 342 / 7, 312 / 5 against 302 / 4). Not kept.

An entry is judged as tests/site/phrasing_check.py judges the project's own phrasings, and
besides: a question that names its ruleset must be answered for that ruleset; a value
question about several ranks (``also_card``) must give each rank's value.

How strict that judge is, read blind (2026-11-28): a helper given only each question and `cambio ask`'s whole reply
(no label, no code), for the 30 sure answers of the tune half and the dev set the judge counts wrong and 30 it
counts right (drawn at random, the two mixed), graded whether the reply's first answer answers the question as its
player meant it. Of the 30 counted wrong: 15 answer it, 9 partly, 6 do not; of the 30 counted right: 27, 2 and 1.
The judge is left as the labels say (`neighbour` names the near misses); whether to accept any of them is the
product owner's call.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from cambio_ref.ask import Reply, ask
from cambio_ref.cases import load_cases
from tests.site.phrasing_check import accepted
from tests.site.phrasing_check import problems as phrasing_problems

HERE = Path(__file__).parent
HALVES = {"tune": HERE / "heldout-tune.yaml", "test": HERE / "heldout-test.yaml",
          "valid": HERE / "heldout-valid.yaml", "valid2": HERE / "heldout-valid2.yaml",
          "valid3": HERE / "heldout-valid3.yaml", "dev": HERE / "heldout-dev.yaml",
          "hands": HERE / "heldout-hands.yaml", "hands2": HERE / "heldout-hands2.yaml",
          "hands3": HERE / "heldout-hands3.yaml", "hands4": HERE / "heldout-hands4.yaml",
          "hands5": HERE / "heldout-hands5.yaml", "hands6": HERE / "heldout-hands6.yaml",
          "hands7": HERE / "heldout-hands7.yaml"}


def load_half(name: str) -> list[dict[str, Any]]:
    with HALVES[name].open(encoding="utf-8") as f:
        data: list[dict[str, Any]] = yaml.safe_load(f)
    return data


def _rank(code: str) -> str:
    return code[:-1] if len(code) > 1 else code


def problems(entry: dict[str, Any], reply: Reply) -> list[str]:
    """Why `reply` is not the right answer to `entry` ([] when it is)."""
    if entry.get("unsure") or not reply.sure:
        return phrasing_problems(entry, reply)
    named = entry.get("ruleset")
    if named and (reply.ruleset or "").split("(")[0] != named:
        return [f"answered for {reply.ruleset or 'every ruleset'}, not {named}"]
    if reply.kind == "card" and "card" in entry:
        want = [entry["card"], *(entry.get("also_card") or [])]
        got = [f.hit.id for f in reply.found]
        if sorted(map(_rank, got)) != sorted(map(_rank, want)):
            return [f"valued {' '.join(got)}, not {' '.join(want)}"]
        first = next(f for f in reply.found if _rank(f.hit.id) == _rank(entry["card"]))
        points: dict[str, int | None] = {rs.split("(")[0]: (s.total if s else None) for rs, s, _ in first.hands}
        for rs, groups in first.by_suit:
            points[rs] = next((p for codes, p, _ in groups if entry["card"] in codes.split()), None)
        return [f"{rs}: {points.get(rs)} points, expected {v}" for rs, v in entry["points"].items()
                if rs in points and points.get(rs) != v] + [
            f"{rs}: not answered" for rs in entry["points"] if rs not in points and not named]
    if reply.kind == "hand" and "hand" in entry:
        got = reply.found[0].hit.id.split()
        if sorted(map(_rank, got)) != sorted(map(_rank, entry["hand"])):
            return [f"scored {' '.join(got)}, not {' '.join(entry['hand'])}"]
        totals = {rs.split("(")[0]: (s.total if s else None) for rs, s, _ in reply.found[0].hands}
        return [f"{rs}: {totals.get(rs)} points, expected {v}" for rs, v in entry["totals"].items()
                if totals.get(rs) != v]
    return phrasing_problems(entry, reply)


def dropped(entry: dict[str, Any], reply: Reply) -> bool:
    """A hand scored with fewer cards than it has, and no word named as unread or as a card told of apart from the
    hand: a word silently dropped."""
    if "hand" not in entry or reply.kind != "hand":
        return False
    return len(reply.found[0].hit.id.split()) < len(entry["hand"]) and not reply.unread and not reply.told


def neighbour(entry: dict[str, Any], reply: Reply) -> str | None:
    """How a confidently wrong answer to a topic question is near the labelled one, if it is: the rule the
    labelled case turns on ("the case's option"), a case that turns on the labelled option ("the option's case"),
    a case sharing an option with the labelled case ("a sibling case"), or a card's points where its value rule
    was labelled ("the card's points"). None for any other answer. Only reported beside the counts (`tally`):
    the judge (`problems`) still counts each of these wrong, as the labels say; whether a player is answered by
    them is the product owner's call.

    >>> from types import SimpleNamespace as Said  # (only a reply's `sure` and `top` are read)
    >>> entry = {"case": "snap.caller-snaps", "option": "snap.caller-snaps"}
    >>> neighbour(entry, Said(sure=True, top="option:call.caller-locked"))  # (the case turns on both options)
    "the case's option"
    >>> neighbour(entry, Said(sure=True, top="case:snap.caller-snaps-house-rule"))
    "the option's case"
    >>> neighbour(entry, Said(sure=True, top="option:turn.direction")) is None
    True
    """
    if not reply.sure or entry.get("unsure") or not reply.top:
        return None
    kind, _, ident = reply.top.partition(":")
    cases, wanted = load_cases(), [top.partition(":") for top in accepted(entry)]
    options = {i for k, _, i in wanted if k == "option"}
    labelled = [cases[i] for k, _, i in wanted if k == "case" and i in cases]
    if kind == "option" and any(ident in c.options for c in labelled):
        return "the case's option"
    if kind == "case" and ident in cases:
        got = set(cases[ident].options)
        if got & options:
            return "the option's case"
        if any(got & set(c.options) for c in labelled):
            return "a sibling case"
    if kind == "card" and any(i.startswith("value.") for i in [*options, *(c.id for c in labelled)]):
        return "the card's points"
    return None


def tally(entries: list[dict[str, Any]], reply_to: Callable[[str], Reply] = ask) -> Counter[str]:
    """Counts: right first, confidently wrong (and how many of those are near the labelled answer, by kind:
    `neighbour`), not sure (of the answerable), unanswerable and how many got
    "not sure", hands and how many were scored right, hands scored with a word silently dropped (each
    question's reply from `reply_to`, `cambio_ref.ask.ask` unless replies already worked out are given)."""
    out: Counter[str] = Counter()
    for e in entries:
        reply = reply_to(e["q"])
        wrong = problems(e, reply)
        out["questions"] += 1
        if e.get("unsure"):
            out["unanswerable"] += 1
            out["unanswerable not sure"] += not reply.sure
            out["right first"] += not reply.sure
            out["confidently wrong"] += reply.sure
            continue
        out["right first"] += not wrong
        out["not sure"] += not reply.sure
        out["confidently wrong"] += bool(wrong) and reply.sure
        near = neighbour(e, reply) if wrong and reply.sure else None
        if near is not None:  # (a part of the confidently wrong, by kind: `neighbour`)
            out[f"confidently wrong: {near}"] += 1
        if "hand" in e:
            out["hands"] += 1
            out["hands right"] += not wrong
            out["hands dropped a word"] += dropped(e, reply)
    return out


def main(argv: list[str]) -> int:
    half = argv[0] if argv else "tune"
    entries = load_half(half)
    counts = tally(entries)
    print(f"{half}: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    # only these: the test half (and the other frozen sets) are never shown question by question
    if half in ("tune", "dev", "hands", "hands2", "hands4", "hands5"):
        for e in entries:
            reply = ask(e["q"])
            wrong = problems(e, reply)
            if wrong:
                print(f"- {e['kind']}: {e['q']!r} -> {reply.top} ({'sure' if reply.sure else 'not sure'}): {wrong[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
