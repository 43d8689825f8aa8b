"""What `cambio ask` prints: a reply as short lines for a phone or a terminal, or as JSON.

>>> from cambio_ref.ask import ask
>>> print("\\n".join(reply_lines(ask("KH KS X AC in online"))))
What does KH KS X AC score?  [hand KH KS X AC]
  online: KH 40 + KS -1 + X 0 + AC 1 = 40
  each card and its rule: cambio score --ruleset online KH KS X AC
>>> reply_lines(ask("zebra unicorn"))[0]
"Not sure what 'zebra unicorn' asks. The closest questions:"
"""

from __future__ import annotations

from typing import Any

from cambio_ref.answers import Answer
from cambio_ref.ask import Found, Reply, points_text, value_text
from cambio_ref.catalogue import load_catalogue
from cambio_ref.rules import explain, resolve

__all__ = ["citation_line", "reply_json", "reply_lines"]


def citation_line(a: Answer) -> str:
    """The source or ruling of an answer, in one line."""
    said = []
    if a.citations:
        said.append("source: " + "; ".join(f"{c} ({c.evidence})" for c in a.citations))
    if a.ruling:
        said.append(f"ruling: {a.ruling}" + (" (the project's ruling on this option; see `cambio show`)"
                                            if load_catalogue().has_option(a.ruling) else ""))
    if not said and a.shared:
        said.append("source (cited by the case): " + "; ".join(f"{c} ({c.evidence})" for c in a.shared))
    return " | ".join(said) or "no source given"


def reply_lines(reply: Reply) -> list[str]:
    """The reply as lines: each answer under its question, one ruleset per line, then its source."""
    if not reply.sure:
        out = [f"Not sure what {reply.question!r} asks. The closest questions:"]
        out += [f"  {h.title}  [{h.kind} {h.id}]" for h in reply.closest]
        out.append("Ask again in other words, or with one of these.")
        return out
    out = []
    for f in reply.found:
        if out:
            out.append("")
        out += _found_lines(reply, f)
    return out


def _found_lines(reply: Reply, f: Found) -> list[str]:
    out = [f"{f.hit.title}  [{f.hit.kind} {f.hit.id}]"]
    if f.hit.label:  # said once, above the answers, not under each ruleset's name
        out.append(f"  {f.hit.label}")
    for a, note in zip(f.answers, f.notes or ("",) * len(f.answers), strict=True):
        out.append(f"  {a.ruleset}: {' '.join(a.text.split())}")
        note = note.removeprefix(f.hit.label).strip() if f.hit.label else note
        if note:
            out.append(f"    note: {note}")
        if a.applies or a.backed:
            out.append(f"    {citation_line(a)}")
        if a.applies:
            out.append(f"    replay: {a.replay}")
    for rs, r in f.values:
        out.append(f"  {rs}: {value_text(r)}")
    if f.rule is not None:
        out.append("  every ruleset: " + "; ".join(str(c) for c in f.rule[1]))
    cat = load_catalogue()
    for (rs, score, note), (_, option) in zip(f.hands, f.options or [("", "")] * len(f.hands), strict=True):
        line = f"  {rs}: {points_text(score, note)}"
        if option and score is not None:
            why = next(x for x in explain(resolve(rs), catalogue=cat) if x.option.id == option)
            line += f"  ({option}: {value_text(why).rsplit(' (', 1)[-1].rstrip(')')})"
        out.append(line)
    for rs, groups in f.by_suit:
        out.append(f"  {rs}: " + "; ".join(f"{codes} {points} ({option})" for codes, points, option in groups))
    if f.hands and reply.kind == "hand":
        rs = f.hands[0][0] if len(f.hands) == 1 else "RULESET"
        out.append(f"  each card and its rule: cambio score --ruleset {rs} {f.hit.id}")
    return out


def reply_json(reply: Reply) -> dict[str, Any]:
    """The reply for a script: the top answer's identity, every match, or the closest questions."""
    return {
        "question": reply.question, "ruleset": reply.ruleset, "sure": reply.sure, "good": reply.sure,
        "top": reply.top, "kind": reply.kind or None,
        "matches": [{
            "kind": f.hit.kind, "id": f.hit.id, "title": f.hit.title, "score": f.hit.score,
            "label": f.hit.label or None,
            "answers": [{**a.to_json(), "note": note or None}
                        for a, note in zip(f.answers, f.notes or ("",) * len(f.answers), strict=True)],
            "values": [{"ruleset": rs, "value": r.value, "text": value_text(r), "origin": r.origin,
                        "citations": [str(c) for c in r.citations], "ruling": r.reason}
                       for rs, r in f.values],
            "rule": None if f.rule is None else {"value": f.rule[0], "citations": [str(c) for c in f.rule[1]]},
            "hands": [{"ruleset": rs, "total": s.total if s else None, "error": note or None,
                       "cards": [{"card": c.card.code, "points": c.points, "note": c.note} for c in s.cards]
                       if s else [], "applied": list(s.applied) if s else []}
                      for rs, s, note in f.hands],
            "by_suit": [{"ruleset": rs, "groups": [{"cards": codes.split(), "points": points, "option": option}
                                                   for codes, points, option in groups]}
                        for rs, groups in f.by_suit],
        } for f in reply.found],
        "closest": [{"kind": h.kind, "id": h.id, "title": h.title, "score": h.score} for h in reply.closest],
    }
