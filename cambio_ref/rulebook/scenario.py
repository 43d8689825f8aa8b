"""From spec/cases to disputes: `case_dispute` turns a case and its runs into a `Dispute`."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from cambio_ref.answers import CaseRun, answer_for, case_citations
from cambio_ref.cases import Case, keys_hold
from cambio_ref.catalogue import Catalogue, load_catalogue
from cambio_ref.rulebook.common import SLOT_NAMES
from cambio_ref.rulebook.model import Deal, Dispute, Moment, Round, Step
from cambio_ref.rules import Rules, format_value


def case_dispute(case: Case, runs: Mapping[str, CaseRun], *, peek: Sequence[int],
                 catalogue: Catalogue | None = None,
                 scenes: Mapping[str, Sequence[Moment]] | None = None) -> Dispute:
    """A case of spec/cases as its dispute page shows it.

    `runs` are the case's runs against the reference, by ruleset (the hook gets
    them from `conformance.scenarios.run_case`); an applicable ruleset without a run
    is shown as not run. `peek` is the slots the runner's opening peek looks at.
    `scenes` are the moments of each run (`cambio_ref.rulebook.table.case_moments`),
    drawn as the table after every step.
    The scenario is described from the case file; the outcome, the pass or fail and
    the log of who saw what come from the runs.

    >>> from cambio_ref.cases import load_cases
    >>> d = case_dispute(load_cases()["tie.caller-ties-lowest"], {}, peek=(2, 3))
    >>> d.question, d.rounds[0].deal.grids[1], d.rounds[0].steps[0].text
    ('Who wins when the caller ties the lowest score?', ('AH', '2H', '3H', '4H'), 'Seat 1 calls Cambio.')
    >>> d.rounds[0].steps[0].only, d.rounds[0].steps[0].rulesets
    (('call.timing=start-of-turn',), ('awareness', 'cambia', 'cambio-app', 'cambio-bot', 'official', 'online'))
    """
    cat = catalogue or load_catalogue()
    data = case.data
    rules = {}
    for rs in case.rulesets:
        if case.applies_to(rs) and rs in cat.rulesets:
            rules[rs] = case.rules_for(rs)
    setup = data["setup"]
    first = int(setup["first"]) if "first" in setup else None
    dealer = None if first is not None else int(setup.get("dealer", 0))
    rounds = [Round(_deal(setup, dealer, peek, first), _steps(data["steps"], rules, cat))]
    rounds += [Round(_deal(r["setup"], None, peek), _steps(r["steps"], rules, cat))
               for r in data.get("next_rounds", ())]
    return Dispute(
        id=case.id,
        question=case.title,
        options=case.options,
        answers=tuple(answer_for(case, rs, runs.get(rs), catalogue=cat) for rs in case.rulesets),
        rounds=tuple(rounds),
        citations=case_citations(data.get("sources")),
        scenario=case.file,
        settings=tuple((str(k), format_value(v)) for k, v in (data.get("set") or {}).items()),
        rulings=tuple(str(r) for r in data.get("rulings", ())),
        exercises=tuple(sorted(case.exercises(cat))),
        scenes=tuple((rs, tuple(m)) for rs, m in (scenes or {}).items() if m),
        values=tuple((rs, tuple((cat.option(o).key, format_value(r.value(cat.option(o).key))) for o in case.options
                                if cat.has_option(o)))
                     for rs, r in rules.items()),
        sets=tuple(cat.option(str(k)).key for k in (data.get("set") or {}) if cat.has_option(str(k))),
    )


def _deal(setup: Mapping[str, Any], dealer: int | None, peek: Sequence[int],
          first: int | None = None) -> Deal:
    def cards(raw: Iterable[Any]) -> tuple[str, ...]:
        return tuple(str(c).upper() for c in raw)

    return Deal(
        grids=tuple(cards(g) for g in setup.get("grids", ())),
        deck=cards(setup.get("deck", ())),
        dealer=dealer,
        first=first,
        starting=str(setup.get("starting", "")).upper(),
        draws=cards(setup.get("draws", ())),
        peek=tuple(peek) if setup.get("peek", True) else (),
    )


def _steps(raw: Iterable[Mapping[str, Any]], rules: Mapping[str, Rules], cat: Catalogue) -> tuple[Step, ...]:
    out = []
    for step in raw:
        only = tuple(str(k) for k in step.get("only", ()))
        taken = tuple(sorted(rs for rs, r in rules.items() if keys_hold(list(only), rs, r, cat))) if only else ()
        # An observed step checks the observing seat's view; an action's check names its seat or means seat 0.
        seat = int(step.get("observe", 0))
        checks = tuple((str(k), expectation_text(v, seat)) for k, v in (step.get("expect") or {}).items())
        text = (f"The table as seat {step['observe']} sees it." if "observe" in step
                else _repeat(step["repeat"]) if "repeat" in step
                else _action(step.get("do") or {}))
        out.append(Step(text, str(step.get("note", "")), only, checks, taken))
    return tuple(out)


def _at(owner: Any, slot: Any, player: Any) -> str:
    """A card on the table, as `player` would say it.

    >>> _at(1, 0, 1), _at(0, 3, 1), _at(2, 5, 0)
    ('their top-left card', "seat 0's bottom-right card", "seat 2's card in slot 5")
    """
    whose = "their" if owner == player else f"seat {owner}'s"
    if isinstance(slot, int) and 0 <= slot < len(SLOT_NAMES):
        return f"{whose} {SLOT_NAMES[slot]} card"
    return f"{whose} card in slot {slot}"


def _repeat(repeat: Mapping[str, Any]) -> str:
    """A repeat step in words.

    >>> _repeat({"turns": 3, "play": [{"t": "draw"}, {"t": "swap", "slot": 0}]})
    'For 3 turns, each player in turn plays: draw, swap (slot=0).'
    >>> _repeat({"until": "deck-empty"})
    'Until the deck is empty, each player in turn plays: draw, discard.'
    """
    kinds = ", ".join(str(a.get("t")) + (f" ({brief({k: v for k, v in a.items() if k != 't'})})" if len(a) > 1 else "")
                      for a in repeat.get("play") or [{"t": "draw"}, {"t": "discard"}])
    span = f"For {repeat['turns']} turns" if "turns" in repeat else "Until the deck is empty"
    return f"{span}, each player in turn plays: {kinds}."


def _action(do: Mapping[str, Any]) -> str:
    """One action of the protocol's JSON form, in words (as given, if it is malformed).

    >>> _action({"t": "look", "player": 0, "owner": 1, "slot": 0})
    "Seat 0 uses the power to look at seat 1's top-left card."
    >>> _action({"t": "snap", "player": 2, "targets": [[0, 3]]})
    "Seat 2 snaps seat 0's bottom-right card onto the discard pile."
    >>> _action({"t": "power_swap", "player": 2, "a": 7})
    'Seat 2: power_swap (a=7).'
    """
    try:
        return _say(do)
    except (TypeError, ValueError, IndexError, KeyError):
        rest = {k: v for k, v in do.items() if k not in ("t", "player")}
        return f"Seat {do.get('player')}: {do.get('t')}" + (f" ({brief(rest)})." if rest else ".")


def _say(do: Mapping[str, Any]) -> str:
    p, kind = do.get("player"), do.get("t")
    who = f"Seat {p}"
    if kind == "peek":
        return f"{who} looks at {_at(p, do.get('slot'), p)}."
    if kind == "draw":
        return f"{who} draws the top card of the deck."
    if kind == "take":
        return f"{who} takes the top card of the discard pile."
    if kind == "pass":
        return f"{who} passes."
    if kind == "call":
        return f"{who} calls Cambio."
    if kind == "swap":
        return f"{who} puts the card in hand in place of {_at(p, do.get('slot'), p)}, which is discarded."
    if kind == "discard":
        return f"{who} discards the card in hand."
    if kind == "look":
        return f"{who} uses the power to look at {_at(do.get('owner'), do.get('slot'), p)}."
    if kind == "power_swap":
        (oa, sa), (ob, sb) = do["a"], do["b"]
        return f"{who} uses the power to swap {_at(oa, sa, p)} with {_at(ob, sb, p)}, face down."
    if kind == "skip":
        return f"{who} declines this step of the power."
    if kind == "snap":
        targets = [_at(owner, slot, p) for owner, slot in do["targets"]]
        return f"{who} snaps {' and '.join(targets) or 'nothing'} onto the discard pile."
    if kind == "give":
        if do.get("slot") is None:
            return f"{who} gives no card into the gap."
        return f"{who} moves {_at(p, do.get('slot'), p)} into the gap left by the snap."
    raise ValueError(f"unknown action {kind!r}")


def brief(value: Any) -> str:
    """A value of a case file on one line.

    >>> brief({"t": "called", "player": 1, "cards": ["AS", "_"], "auto": True})
    't=called, player=1, cards=[AS, _], auto=true'
    """
    if isinstance(value, Mapping):
        return ", ".join(f"{k}={brief(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return "[" + ", ".join(brief(v) for v in value) + "]"
    if isinstance(value, bool):
        return format_value(value)
    return "none" if value is None else str(value)


def expectation_text(exp: Mapping[str, Any], seat: int = 0) -> str:
    """What an expectation of a case file asks for, in words.

    >>> expectation_text({"events": [{"t": "called", "player": 1}]})
    'events called (player=1)'
    >>> expectation_text({"view": {"pile_top": "4S"}}, seat=1)
    "seat 1's view shows pile_top=4S"
    >>> expectation_text({"reject": "E_NOT_YOUR_TURN", "no_events": ["turn"]})
    'rejected with E_NOT_YOUR_TURN; no turn event'
    """
    parts = []
    if "reject" in exp:
        parts.append("rejected (any code)" if exp["reject"] == "any" else f"rejected with {exp['reject']}")
    if "events" in exp:
        events = []
        for e in exp["events"]:
            rest = {k: v for k, v in e.items() if k != "t"} if isinstance(e, Mapping) else {}
            name = e.get("t", "any") if isinstance(e, Mapping) else brief(e)
            events.append(f"{name} ({brief(rest)})" if rest else str(name))
        parts.append("events " + ", then ".join(events))
    if "no_events" in exp:
        parts.append("no " + " or ".join(map(str, exp["no_events"])) + " event")
    if "view" in exp:
        view = {k: v for k, v in exp["view"].items() if k != "player"}
        parts.append(f"seat {exp['view'].get('player', seat)}'s view shows {brief(view)}")
    if "state" in exp:
        parts.append(f"the state has {brief(exp['state'])}")
    return "; ".join(parts) or "the action is accepted"
