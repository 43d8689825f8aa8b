"""What `cambio ask` prints: a reply as short lines for a phone or a terminal, or as JSON.

A player reads the question and each ruleset's answer with its source; the ids and the
commands that replay an answer come last, under "For implementers" (issue 13 asks for the
case id and the replay command, issue 30 for no id outside that part).

>>> from cambio_ref.ask import ask
>>> print("\\n".join(reply_lines(ask("KH KS X AC in online"))))
What does KH KS X AC score?
  online: KH 40 + KS -1 + X 0 + AC 1 = 40
  For implementers: each card and its rule: cambio score --ruleset online KH KS X AC
>>> print("\\n".join(reply_lines(ask("who wins when the caller ties the lowest score?", "hearts"))[:5]))
Who wins when the caller ties the lowest score?
  hearts: A player tied with the caller wins: the non-caller takes the round (aces are 0, so both hold 9).
    source: hearts §9 (stated)
  For implementers: case tie.caller-ties-lowest
    replay: cambio replay tie.caller-ties-lowest --ruleset hearts
>>> reply_lines(ask("zebra unicorn"))[0]
"Not sure what 'zebra unicorn' asks. The closest questions:"
"""

from __future__ import annotations

import shlex
from typing import Any

from cambio_ref.answers import Answer
from cambio_ref.ask import Found, Reply, points_text

__all__ = ["citation_line", "reply_json", "reply_lines"]


def citation_line(a: Answer, ruling: str = "") -> str:
    """The source or ruling of an answer, in one line (`ruling`: the ruling in words)."""
    said = []
    if a.citations:
        said.append("source: " + "; ".join(f"{c} ({c.evidence})" for c in a.citations))
    if a.ruling:
        said.append(ruling or "the project's ruling")
    if not said and a.shared:
        said.append("source (for the whole question): " + "; ".join(f"{c} ({c.evidence})" for c in a.shared))
    return " | ".join(said) or "no source given"


def reply_lines(reply: Reply) -> list[str]:
    """The reply as lines: each answer under its question, one ruleset per line, then its source."""
    out = []
    if reply.fixed:
        out.append("Read " + ", ".join(f"{typed!r} as {read!r}" for typed, read in reply.fixed) + ".")
    if reply.unread and reply.kind in ("card", "hand"):
        out.append("Could not read " + ", ".join(repr(w) for w in reply.unread) + " as a card: left out.")
    if reply.told and reply.kind in ("card", "hand"):
        out.append("Not counted in the hand: " + ", ".join(repr(w) for w in reply.told) + ".")
    if not reply.sure:
        out.append(f"Not sure what {reply.question!r} asks. The closest questions:")
        for h in reply.closest:
            out.append(f"  {h.title}")
            if h.preview:
                out.append(f"    {h.preview}")
        out.append("Ask again in other words, or with one of these.")
        return out
    for f in reply.found:
        if out and not out[-1].startswith(("Read ", "Could not read ")):
            out.append("")
        out += _found_lines(reply, f)
    return out


def _found_lines(reply: Reply, f: Found) -> list[str]:
    out = [f.hit.title]
    if f.hit.label:  # said once, above the answers, not under each ruleset's name
        out.append(f"  {f.hit.label}")
    rulings = f.rulings or ("",) * len(f.answers)
    for a, note, ruling in zip(f.answers, f.notes or ("",) * len(f.answers), rulings, strict=True):
        out.append(f"  {a.ruleset}: {' '.join(a.text.split())}")
        note = note.removeprefix(f.hit.label).strip() if f.hit.label else note
        if note:
            out.append(f"    note: {note}")
        if a.applies or a.backed:
            out.append(f"    {citation_line(a, ruling)}")
    for rs, fact in f.values:
        out.append(f"  {rs}: {fact.text}")
    if f.rule is not None:
        out.append("  every ruleset: " + "; ".join(f.rule[1]))
    why = dict(f.why)
    for rs, score, note in f.hands:
        line = f"  {table_words(rs)}: {points_text(score, note)}"
        if why.get(rs) and score is not None:
            line += f"  ({why[rs]})"
        out.append(line)
    for rs, groups in f.by_suit:
        out.append(f"  {rs}: " + "; ".join(f"{codes} {points}" for codes, points, _ in groups))
    return out + _implementers(reply, f)


def table_words(table: str) -> str:
    """A table's name as a player reads it: a ruleset's house rules in words, not their notation (the notation stays
    in the implementers' replay line). ask.js writes the same.

    >>> table_words("online(red_king=-10, risky_fives=true)"), table_words("hearts")
    ('online (red king -10, risky fives on)', 'hearts')
    """
    name, _, rest = table.partition("(")
    if not rest:
        return table
    words = []
    for part in rest.rstrip(")").split(","):
        key, _, value = part.strip().partition("=")
        words.append(f"{key.replace('_', ' ')} {dict(true='on', false='off').get(value, value)}")
    return f"{name} ({', '.join(words)})"


def _implementers(reply: Reply, f: Found) -> list[str]:
    """The folded part for implementers: the question's kind and id, and each answer's replay command."""
    if f.hands:
        if reply.kind != "hand":
            return []
        rs = shlex.quote(f.hands[0][0]) if len(f.hands) == 1 else "RULESET"  # ('online(joker=-5)': a shell's words)
        return [f"  For implementers: each card and its rule: cambio score --ruleset {rs} {f.hit.id}"]
    return [f"  For implementers: {f.hit.kind} {f.hit.id}",
            *(f"    replay: {a.replay}" for a in f.answers if a.applies)]


def reply_json(reply: Reply) -> dict[str, Any]:
    """The reply for a script: the top answer's identity, every match, or the closest questions."""
    return {
        "question": reply.question, "ruleset": reply.ruleset, "sure": reply.sure, "good": reply.sure,
        "top": reply.top, "kind": reply.kind or None, "unread": list(reply.unread),
        "told": list(reply.told),
        "typos": [{"typed": t, "read": r} for t, r in reply.fixed],
        "matches": [{
            "kind": f.hit.kind, "id": f.hit.id, "title": f.hit.title, "score": f.hit.score,
            "label": f.hit.label or None,
            "answers": [{**a.to_json(), "note": note or None}
                        for a, note in zip(f.answers, f.notes or ("",) * len(f.answers), strict=True)],
            "values": [{"ruleset": rs, "value": r.value, "text": r.text, "origin": r.origin,
                        "citations": list(r.citations), "ruling": r.ruling}
                       for rs, r in f.values],
            "rule": None if f.rule is None else {"value": f.rule[0], "citations": list(f.rule[1])},
            "hands": [{"ruleset": rs, "total": s.total if s else None, "error": note or None,
                       "cards": [{"card": c.code, "points": c.points, "note": c.note} for c in s.cards]
                       if s else [], "applied": list(s.applied) if s else []}
                      for rs, s, note in f.hands],
            "options": [{"ruleset": rs, "option": o} for rs, o in f.options],
            "by_suit": [{"ruleset": rs, "groups": [{"cards": codes.split(), "points": points, "option": option}
                                                   for codes, points, option in groups]}
                        for rs, groups in f.by_suit],
        } for f in reply.found],
        "closest": [{"kind": h.kind, "id": h.id, "title": h.title, "score": h.score, "preview": h.preview}
                    for h in reply.closest],
    }
