"""Judging one reply of the question engine against one entry of tests/site/phrasings.yaml."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import yaml

from cambio_ref.answers import table_words
from cambio_ref.ask import Reply
from cambio_ref.cases import load_cases
from cambio_ref.catalogue import load_catalogue
from cambio_ref.rules import resolve

PHRASINGS = Path(__file__).with_name("phrasings.yaml")


def load_phrasings() -> list[dict[str, Any]]:
    with PHRASINGS.open(encoding="utf-8") as f:
        data: list[dict[str, Any]] = yaml.safe_load(f)
    return data


def _ids(entry: dict[str, Any], key: str) -> list[str]:
    value = entry.get(key) or []
    return [value] if isinstance(value, str) else list(value)


def accepted(entry: dict[str, Any]) -> set[str]:
    """The top answers (as `Reply.top` names them) that are right for `entry`."""
    if entry.get("unsure"):
        return {"unsure"}
    tops = {f"{kind}:{i}" for kind in ("case", "option", "rule") for i in _ids(entry, kind)}
    if "card" in entry:
        tops.add(f"card:{entry['card']}")
    if "hand" in entry:
        tops.add("hand:" + " ".join(entry["hand"]))
    return tops


def problems(entry: dict[str, Any], reply: Reply) -> list[str]:
    """Why `reply` is not the right answer to `entry` ([] when it is)."""
    if entry.get("unsure"):
        return [] if not reply.sure else [f"answered {reply.top} where nothing applies"]
    if not reply.sure:
        return ["not sure"]
    found = reply.found[0]
    kind, ident = reply.kind, found.hit.id
    if kind in ("card", "hand"):
        want_cards = [entry["card"]] if kind == "card" and "card" in entry else entry.get("hand")
        if want_cards is None:
            return [f"scored {ident} where {sorted(accepted(entry))} was meant"]
        got = ident.split()
        # A rank named without a suit may be any card of that rank (the values given say which suits count).
        if Counter(c[:-1] or c for c in got) != Counter(c[:-1] or c for c in want_cards):
            return [f"scored {ident}, not {' '.join(want_cards)}"]
        # One card asked as a hand ("my last card, a red king: my score?") is answered as that card: its points
        # under each ruleset are the hand's totals.
        wanted = entry.get("points") if kind == "card" and "card" in entry else entry.get("totals")
        if not wanted:
            return [f"{kind} {ident} has no expected points"]
        got_points = {rs.split("(")[0]: (s.total if s else None) for rs, s, _ in found.hands}
        out = [f"{rs}: {got_points.get(rs)} points, expected {v}" for rs, v in wanted.items()
               if got_points.get(rs) != v]
        # A ruleset the entry leaves out has no such card in its deck (awareness plays without jokers).
        out += [f"{rs}: scored {v} where its deck has no such card" for rs, v in got_points.items()
                if rs not in wanted and v is not None and len(got_points) > 1]
        return out
    if ident not in _ids(entry, kind):
        return [f"top answer {reply.top}, expected one of {sorted(accepted(entry))}"]
    cat = load_catalogue()
    if kind == "case":
        case = load_cases()[ident]
        out = []
        for a in found.answers:
            expected = case.rulesets[a.ruleset]
            said = table_words(" ".join(str(expected.get("answer", "")).split()))
            if "answer" in expected and " ".join(a.text.split()) != said:
                out.append(f"{a.ruleset}: answer {a.text!r} is not the case file's")
        return out
    if kind == "option":
        opt = cat.option(ident)
        return [f"{rs}: value {r.value!r}, the ruleset says {resolve(rs).value(opt.key)!r}"
                for rs, r in found.values if r.value != resolve(rs).value(opt.key)]
    if kind == "rule":
        return [] if found.rule and found.rule[0] == cat.core_rules[ident].value else ["wrong core value"]
    return [f"unknown kind {kind}"]
