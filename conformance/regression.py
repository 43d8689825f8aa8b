"""Writing a shrunk fuzz disagreement as a case file (the spec/cases format).

The case replays the game step by step. Its expectations are the reference
interpreter's replies (a file comment says so): `cambio replay FILE` and
`cambio validate FILE` accept it, and `cambio conform --cases FILE` runs it
against an implementation as a regression test.

>>> from cambio_ref.rules import resolve
>>> from conformance.fuzz import Disagreement, Game, Step
>>> game = Game(resolve("hearts"), 2, 0, 0, [c.code for c in resolve("hearts").deck(2)])
>>> game.steps.append(Step({"t": "peek", "player": 0, "slot": 2}, [{"t": "peeked"}]))
>>> case_id, text = regression_case(Disagreement("fail", "step 1", "differs", game), impl="x")
>>> case_id.startswith("fuzz."), "expect:" in text
(True, True)
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from cambio_ref.catalogue import Citation, load_catalogue
from cambio_ref.resources import schema_path
from cambio_ref.rules import Rules
from conformance.fuzz import Disagreement, Game
from conformance.implementation import Rejection

# The option a disagreement most likely concerns, by the first event kind that differs.
OPTION_BY_EVENT = {
    "dealt": "setup.starting-discard", "turned_up": "setup.starting-discard",
    "peeked": "peek.which", "peek_over": "peek.which", "turn": "turn.direction",
    "drew": "turn.take-discard", "took": "turn.take-discard", "passed": "turn.pass",
    "swapped": "turn.take-discard", "discarded": "turn.take-discard",
    "called": "call.timing", "power": "power.trigger", "looked": "power.optional",
    "power_swapped": "power.optional", "skipped": "power.optional",
    "power_done": "power.optional", "snapped": "snap.match", "gave": "snap.give-card",
    "snap_late": "snap.race-losers", "snap_wrong": "snap.wrong-own",
    "took_wrong": "snap.wrong-other", "penalty": "snap.penalty-placement",
    "penalty_skipped": "snap.penalty-placement", "reshuffled": "deck.empty",
    "round_over": "end.tie",
}


def _flow(value: Any) -> str:
    """A value in YAML flow style (JSON is valid YAML)."""
    return json.dumps(value, ensure_ascii=False)


def _options(d: Disagreement) -> list[str]:
    """Option ids for the case: the options the rules change, then the likely one."""
    cat = load_catalogue()
    ids = [cat.option(key).id for key, _ in d.game.rules.overrides]
    guess: str | None = None
    if d.aspect == "view":
        guess = "info.open-hands"
    elif d.aspect == "rejection" and isinstance(d.expected, str):
        error = cat.errors.get(d.expected)
        guess = error.rule if error is not None and cat.has_option(error.rule) else None
    else:
        expected = d.game.steps[-1].expected if d.game.steps else d.game.deal
        if isinstance(expected, list):
            for event in expected:
                if event.get("t") in OPTION_BY_EVENT:
                    guess = OPTION_BY_EVENT[event["t"]]
                    if event.get("t") not in ("turn", "drew", "discarded"):
                        break
    guess = guess or "turn.take-discard"
    return sorted(set(ids) | {guess}, key=lambda i: (i != guess, i))


def _citation(rules: Rules, options: list[str]) -> Citation:
    """The catalogue's citation for the value these rules give the first option that has one."""
    cat = load_catalogue()
    source = cat.rulesets[rules.name].source
    for oid in options:
        opt = cat.option(oid)
        alt = opt.alternative(rules.value(opt.key))
        cites = list(alt.sources if alt else ()) + [c for a in opt.alternatives for c in a.sources]
        cites.sort(key=lambda c: c.key != source)
        if cites:
            return cites[0]
    return next(c for o in cat.options for a in o.alternatives for c in a.sources)


def _expect(reply: list[dict[str, Any]] | Rejection) -> dict[str, Any]:
    if isinstance(reply, Rejection):
        return {"reject": reply.code}
    return {"events": reply}


def _outcome(game: Game, cite: Citation) -> dict[str, Any]:
    over = [e for s in game.steps if not isinstance(s.expected, Rejection) for e in s.expected
            if e.get("t") == "round_over"]
    out: dict[str, Any] = {"answer": "The reference's behaviour in this generated game (not a"
                           " ruling from a source)."}
    if over:
        out.update(scores=over[-1]["scores"], winners=over[-1]["winners"],
                   reason=over[-1]["reason"])
    out["cite"] = [{"key": cite.key, "section": cite.section, "evidence": cite.evidence}]
    return out


def regression_case(d: Disagreement, *, impl: str, seed: int | None = None,
                    directory: Path | None = None) -> tuple[str, str]:
    """The case id and the YAML text of a case that replays the disagreement's game."""
    game, rules = d.game, d.game.rules
    base = rules.name
    key = json.dumps([rules.canonical, game.players, game.dealer, game.seed, game.deck,
                      [s.action for s in game.steps], d.observe], sort_keys=True)
    case_id = "fuzz." + hashlib.sha256(key.encode()).hexdigest()[:10]
    options = _options(d)
    cite = _citation(rules, options)
    schema = schema_path("case")
    rel = os.path.relpath(schema, directory.resolve()) if directory else str(schema)
    seeded = f" (--seed {seed})" if seed is not None else ""
    lines = [
        f"# yaml-language-server: $schema={rel}",
        f"# Generated by `cambio conform` from a shrunk fuzz game{seeded}, run against:",
        f"#   {impl}",
        f"# {d.where}: {' '.join(d.message.split())[:300]}",
        "# Every expectation below is the reference interpreter's (cambio_ref) reply, not a",
        "# ruling from a source document: review it before committing this case as a",
        "# regression test.",
    ]
    if d.aspect in ("snapshot", "legal"):
        lines.append(f"# The disagreement was in the {d.aspect} command, which cases cannot"
                     " check: the steps replay the game up to it.")
    elif d.where == "deal" and d.aspect == "events":
        lines.append("# The disagreement was in the events of the deal, which cases cannot"
                     " check: the case only sets the deal up.")
    lines += [
        f"id: {case_id}",
        f"title: {_flow(f'Does this generated game under {rules.canonical} play as the reference plays it?')}",
        f"options: {_flow(options)}",
        "exercises: []",
        "sources:",
        "  - " + _flow({"key": cite.key, "section": cite.section, "evidence": cite.evidence,
                        "note": "the catalogue's citation for the rule this generated game"
                                " touches; the expectations come from the reference"}),
    ]
    if rules.overrides:
        lines.append("set: " + _flow({k: v for k, v in rules.overrides}))
    lines += [
        "setup:",
        f"  players: {game.players}",
        f"  dealer: {game.dealer}",
        f"  seed: {game.seed}",
        "  peek: false",
        f"  deck: {_flow(game.deck)}",
        "steps:",
    ]
    if d.observe is not None and not game.steps:
        lines += _observe(d, base)
    for i, step in enumerate(game.steps):
        lines.append(f"  - do: {_flow(step.action)}")
        if i == len(game.steps) - 1:
            lines.append(f"    note: {_flow(f'the implementation disagreed here ({d.status})')}")
        lines += ["    expect:", f"      {base}: {_flow(_expect(step.expected))}"]
    if d.observe is not None and game.steps:
        lines += _observe(d, base)
    if not game.steps and d.observe is None:
        lines[-1] = "steps: []"
    lines.append("rulesets:")
    for name in sorted(load_catalogue().rulesets):
        if name == base:
            lines.append(f"  {name}: {_flow(_outcome(game, cite))}")
        else:
            lines.append(f"  {name}: " + _flow({"not_applicable": f"generated under"
                                                f" {rules.canonical} only"}))
    return case_id, "\n".join(lines) + "\n"


def _observe(d: Disagreement, base: str) -> list[str]:
    view = {k: v for k, v in (d.expected or {}).items() if k != "player"}
    return [f"  - observe: {d.observe}",
            f"    note: {_flow('the view the implementation got wrong')}",
            "    expect:", f"      {base}: {_flow({'view': view})}"]


def save_regression(d: Disagreement, directory: Path, *, impl: str,
                    seed: int | None = None) -> Path:
    """Write the case into `directory` (created if needed) and return its path."""
    directory.mkdir(parents=True, exist_ok=True)
    case_id, text = regression_case(d, impl=impl, seed=seed, directory=directory)
    path = directory / f"{case_id.replace('.', '-')}.yaml"
    path.write_text(text, encoding="utf-8")
    return path

