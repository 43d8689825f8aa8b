"""Scenarios as pictures: the table after every step of a case, drawn in plain HTML and CSS.

The caller plays the case (the site's hook records the reference interpreter) and
hands over `Moment`s: a snapshot of the state (`State.snapshot()`), the action of
the step and what followed. `picture` draws one moment: every seat's grid (and
extra slots) as cards with rank and suit, face-down cards as backs (the card is
named small beneath for the reader), the deck, the pile and the card in hand.
`caption` says what happened in table language, and who now knows which card.
An observed step draws the table as that seat sees it: only the cards it knows
are face up.

>>> snap = {"grids": [["2S", None], ["KD", "4C"]], "known": [[1, 0], [0, 3]], "deck": ["9H"],
...         "pile": ["4D"], "held": None, "current": 1, "caller": None, "phase": "turn"}
>>> html = picture(Moment(0, 0, snap))
>>> 'class="pc back"' in html, "4♦" in html, "Ann (seat 1)" in html
(True, True, True)
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence
from typing import Any

from cambio_ref.answers import seat_name, table_words
from cambio_ref.cases import Case, keys_hold
from cambio_ref.catalogue import Catalogue, load_catalogue
from cambio_ref.rulebook.common import SLOT_NAMES, SUIT_GLYPHS
from cambio_ref.rulebook.model import Entry, Moment

__all__ = ["Entry", "Moment", "caption", "card_face", "case_moments", "picture", "scene_html", "where"]


def card_face(code: str) -> str:
    """A card as rank and suit glyph, e.g. ``10♥``; a joker is ``Joker``.

    >>> card_face("10H"), card_face("X")
    ('10♥', 'Joker')
    """
    if code == "X":
        return "Joker"
    return f"{code[:-1]}{SUIT_GLYPHS.get(code[-1:], code[-1:])}"


def _colour(code: str) -> str:
    return " red" if code[-1:] in ("H", "D") else ""


def _up(code: str, extra: str = "") -> str:
    return f'<span class="pc{_colour(code)}{extra}">{html.escape(card_face(code))}</span>'


def _down(code: str | None, extra: str = "") -> str:
    label = f"<small>{html.escape(card_face(code))}</small>" if code else ""
    return f'<span class="pc back{extra}">{label}</span>'


def where(owner: Any, slot: Any, player: Any = None) -> str:
    """A place on the table, in words: ``Ben's top-left card``, or ``their`` for the player's own;
    a card beside the grid (a penalty card) is counted from the grid.

    >>> where(1, 0), where(0, 3, 0)
    ("Ben's top-left card", 'their bottom-right card')
    >>> where(2, 4), where(2, 5)
    ("Cleo's first card beside the grid", "Cleo's second card beside the grid")
    """
    whose = "their" if owner == player else f"{seat_name(int(owner))}'s"
    if isinstance(slot, int) and 0 <= slot < len(SLOT_NAMES):
        return f"{whose} {SLOT_NAMES[slot]} card"
    n = int(slot) - len(SLOT_NAMES)
    nth = _ORDINALS[n] if n < len(_ORDINALS) else f"{n + 1}th"
    return f"{whose} {nth} card beside the grid"


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
# Where each seat sits round the picture's table, clockwise from the bottom (seats are numbered
# clockwise, spec/core.yaml core.players): the places of a 3x3 grid, and the ones n seats take.
_AROUND = ("s", "sw", "w", "nw", "n", "ne", "e", "se")
_ARROWS = {"clockwise": "\N{CLOCKWISE OPEN CIRCLE ARROW}", "counter-clockwise": "\N{ANTICLOCKWISE OPEN CIRCLE ARROW}"}


def seat_places(players: int) -> tuple[str, ...]:
    """The place of each seat round the table, seat 0 at the bottom, the others spread clockwise.

    >>> seat_places(2), seat_places(3), seat_places(4)
    (('s', 'n'), ('s', 'nw', 'ne'), ('s', 'w', 'n', 'e'))
    """
    return tuple(_AROUND[round(i * len(_AROUND) / players) % len(_AROUND)] for i in range(players))


_SLOTS = re.compile(r"\b(?:(their|its|[\w']+'s) )?slots? (\d+)(?: and (\d+))?")


def slot_words(text: str) -> str:
    """Case prose with grid slots numbered from 0 turned into places at the table.

    >>> slot_words("the jack's swap of Ann's slot 0 with the caller's slot 1")
    "the jack's swap of Ann's top-left card with the caller's top-right card"
    >>> slot_words("swaps it into slot 0; peeked at slots 2 and 3")
    'swaps it into the top-left card; peeked at the bottom-left card and bottom-right card'
    >>> slot_words("penalties into slot 5")
    'penalties into the second card beside the grid'
    """
    def place(slot: str) -> str:
        return where(0, int(slot), 0).removeprefix("their ")

    def said(m: re.Match[str]) -> str:
        both = f"{place(m[2])} and {place(m[3])}" if m[3] else place(m[2])
        return f"{m[1] or 'the'} {both}"

    return _SLOTS.sub(said, text)


def picture(m: Moment) -> str:
    """The table of one moment, as an HTML figure (without its caption)."""
    s = m.snapshot
    viewer = m.viewer
    seats = []
    places = seat_places(len(s["grids"]))
    touched = _touched(m)
    for seat, (grid, known) in enumerate(zip(s["grids"], s["known"], strict=True)):
        cards = []
        for slot, code in enumerate(grid):
            changed = (seat, slot) in touched
            extra = " hit" if changed else ""
            if code is None:
                cards.append(f'<span class="pc gap{extra}" title="empty"></span>')
            elif viewer is not None:
                cards.append(_up(code, extra) if known[slot] >> viewer & 1 or s.get("phase") == "over"
                             else _down(None, extra))
            elif s.get("phase") == "over":
                cards.append(_up(code, extra))
            else:
                cards.append(_down(code, extra))
        marks = []
        if seat == s.get("current") and s.get("phase") != "over":
            marks.append("to play")
        if seat == s.get("caller"):
            marks.append("called")
        mark = f' <em>{", ".join(marks)}</em>' if marks else ""
        cls = " current" if "to play" in marks else ""
        main, extra_cards = cards[:4], cards[4:]
        extras = f'<div class="extra">{"".join(extra_cards)}</div>' if extra_cards else ""
        seats.append(f'<div class="seat{cls} at-{places[seat]}">'
                     f'<div class="who">{seat_name(seat, number=True)}{mark}</div>'
                     f'<div class="grid">{"".join(main)}</div>{extras}</div>')
    deck = s.get("deck") or []
    pile = s.get("pile") or []
    deck_html = _down(None) if deck else '<span class="pc gap"></span>'
    pile_html = _up(pile[-1]) if pile else '<span class="pc gap"></span>'
    middle = [f'<div class="stack"><div class="who">deck ({len(deck)})</div>{deck_html}</div>',
              f'<div class="stack"><div class="who">pile</div>{pile_html}</div>']
    if s.get("held"):
        holder = seat_name(int(s.get("current", 0)))
        shown = _up(s["held"]) if viewer is None or viewer == s.get("current") or s.get("held_from") == "discard" \
            else _down(None)
        middle.append(f'<div class="stack"><div class="who">in {holder}\'s hand</div>{shown}</div>')
    if m.direction:
        arrow = _ARROWS.get(m.direction, "")
        middle.append(f'<div class="direction"><span aria-hidden="true">{arrow}</span>'
                      f' play goes {html.escape(m.direction.replace("-", " "))}</div>')
    return (f'<div class="table-pic">{"".join(seats)}'
            f'<div class="middle">{"".join(middle)}</div></div>')


def _touched(m: Moment) -> set[tuple[Any, Any]]:
    """The places (seat, slot) the step's action or events name (they are highlighted).

    >>> sorted(_touched(Moment(0, 0, {}, events=({"t": "swapped", "a": [0, 1], "b": [1, 2]},))))
    [(0, 1), (1, 2)]
    """
    touched: set[tuple[Any, Any]] = set()
    for e in (*m.events, *([m.action] if m.action else [])):
        places = [e.get("targets") or [], [e.get("a"), e.get("b")], [e.get("to")],
                  [[e.get("owner"), e.get("slot")]] if "owner" in e else []]
        if e.get("t") in ("swapped", "penalty", "peeked", "swap") and "slot" in e:
            places.append([[e.get("player"), e.get("slot")]])
        touched.update((p[0], p[1]) for group in places for p in group
                       if isinstance(p, list | tuple) and len(p) == 2
                       and not any(isinstance(x, list | dict | set) for x in p))
    return touched


def caption(m: Moment, cat: Catalogue | None = None) -> str:
    """What happened at this moment, in table language, then who now knows which card."""
    if m.viewer is not None:
        return f"The table as {seat_name(m.viewer)} sees it: only the cards they know are face up."
    said = _said(m, cat)
    knows = _learned(m)
    return " ".join(x for x in (said, knows) if x)


def _said(m: Moment, cat: Catalogue | None) -> str:
    if m.action is None:
        return ("The cards are dealt face down, and each player has looked at their own bottom two cards."
                if m.events else "The cards are dealt face down.")
    a = m.action
    p = a.get("player")
    who = seat_name(p) if isinstance(p, int) else "Someone"
    if m.rejected:
        why = ""
        if cat is not None and m.rejected in cat.errors:
            why = f": {cat.errors[m.rejected].summary.rstrip('.')}"
        return f"{who} tries to {_verb(a)}. Not allowed{why}; nothing changes."
    if a.get("t") == "repeat":
        plays = ", then ".join(_verb(t) for t in (a.get("play") or [{"t": "draw"}, {"t": "discard"}]))
        ends = " ".join(x for x in (_event_text(e, m) for e in m.events) if x)
        return f"{a['actions']} actions later (each player in turn: {plays}), the table looks like this. {ends}".strip()
    parts = [_event_text(e, m) for e in m.events]
    text = " ".join(x for x in parts if x)
    return f"{who} {text}" if text and not text[:1].isupper() else (text or f"{who} {_verb(a)}.")


def _verb(a: Mapping[str, Any]) -> str:
    """The action as a verb phrase, for refused actions."""
    kind, p = a.get("t"), a.get("player")
    if kind == "snap":
        targets = [where(o, s, p) for o, s in a.get("targets", [])]
        return f"snap {' and '.join(targets)}"
    if kind in ("look",):
        return f"look at {where(a.get('owner', 0), a.get('slot', 0), p)}"
    if kind == "swap":
        return f"swap the card in hand into {where(p, a.get('slot', 0), p)}"
    if kind == "give":
        return "keep all their cards" if a.get("slot") is None else f"give {where(p, a['slot'], p)}"
    return {"draw": "draw", "take": "take the top discard", "pass": "pass", "call": "call Cambio",
            "discard": "discard the card in hand", "skip": "skip the power", "peek": "peek",
            "power_swap": "swap two cards with the power"}.get(str(kind), str(kind))


def _event_text(e: Mapping[str, Any], m: Moment) -> str:
    t = e.get("t")
    p = e.get("player")
    name = seat_name(p) if isinstance(p, int) else ""
    if t == "drew":
        return f"draws the {card_face(e['card'])}."
    if t == "took":
        return f"takes the {card_face(e['card'])} from the pile."
    if t == "discarded":
        if e.get("from") is None:
            return f"{name} throws the {card_face(e['card'])} away."
        old = where(e["from"][0], e["from"][1], p)
        return f"{name} puts it in place of {old}, the {card_face(e['card'])}, which goes on the pile."
    if t == "power":
        return f"The {card_face(e['card'])} gives {name} its power."
    if t == "looked":
        return f"{name} looks at {where(e['owner'], e['slot'], p)}."
    if t == "power_swapped":
        return f"{name} swaps {where(e['a'][0], e['a'][1], p)} with {where(e['b'][0], e['b'][1], p)}."
    if t == "skipped":
        return f"{name} does not use the power."
    if t == "snapped":
        cards = ", ".join(f"{where(o, s)}, the {card_face(c)}" for (o, s), c in zip(e["targets"], e["cards"],
                                                                                   strict=False))
        return f"{name} snaps {cards}, which matches: it stays on the pile."
    if t == "snap_wrong":
        cards = ", ".join(f"{where(o, s)}, the {card_face(c)}" for (o, s), c in zip(e["targets"], e["cards"],
                                                                                   strict=False))
        return f"{name} snaps {cards}, which does not match: it goes back."
    if t == "snap_late":
        return f"{name} snaps too late: someone was faster, and the card goes back."
    if t == "penalty":
        return f"{name} takes a penalty card from the deck, face down, as {where(p, e['slot'], p)}."
    if t == "penalty_skipped":
        return f"{name} would take a penalty card, but the deck is empty."
    if t == "gave":
        if e.get("slot") is None:
            return f"{name} gives no card into the gap."
        return f"{name} moves {where(p, e['slot'], p)} into the gap in {where(e['to'][0], e['to'][1])}."
    if t == "took_wrong":
        return f"{name} keeps {where(e['from'][0], e['from'][1])} beside their grid."
    if t == "called":
        return f"{name} calls Cambio{' (they have no cards left)' if e.get('auto') else ''}."
    if t == "passed":
        return f"{name} passes."
    if t == "reshuffled":
        return "The deck is empty: the pile is shuffled into a new deck."
    if t == "round_over":
        scores = ", ".join(map(str, e.get("scores", [])))
        winners = e.get("winners", [])
        won = " and ".join(seat_name(w) for w in winners) or "nobody"
        return f"The round is over: the scores are {scores}, and {won} {'wins' if len(winners) == 1 else 'win'}."
    if t == "turn" and e is m.events[-1]:
        return f"Now it is {seat_name(int(p or 0))}'s turn."
    return ""


def _learned(m: Moment) -> str:
    """Who now knows a card they did not know before the step."""
    if m.before is None:
        return ""
    now, then = m.snapshot, m.before
    told = []
    for seat, (grid, known) in enumerate(zip(now["grids"], now["known"], strict=True)):
        old_grid = then["grids"][seat] if seat < len(then["grids"]) else []
        old_known = then["known"][seat] if seat < len(then["known"]) else []
        for slot, code in enumerate(grid):
            if code is None:
                continue
            same = slot < len(old_grid) and old_grid[slot] == code
            before = old_known[slot] if same and slot < len(old_known) else 0
            new = known[slot] & ~before
            if new and bin(new).count("1") < len(now["grids"]):
                names = " and ".join(seat_name(w) for w in range(len(now["grids"])) if new >> w & 1)
                told.append(f"{names} now {'knows' if bin(new).count('1') == 1 else 'know'}"
                            f" {where(seat, slot)} is the {card_face(code)}")
            elif new:
                told.append(f"everyone has seen {where(seat, slot)}, the {card_face(code)}")
    return ("Knowledge: " + "; ".join(told) + ".") if told else ""


def scene_html(moments: Sequence[Moment], cat: Catalogue | None = None, *, prefix: str = "m",
               most: int = 30) -> str:
    """Every moment of one ruleset's run, numbered, each picture with its caption; the figures'
    ids are `prefix` and their number (one prefix per scene of a page keeps them unique).

    The caption comes first, so reading down meets what happens before its picture. Steps
    are numbered as this ruleset takes them, so a step the case takes only under other rules
    leaves no gap in the numbers. A run
    longer than `most` moments and a half shows its first and last `most // 2` (a phone
    should not load hundreds of pictures); a line says how many steps lie between.
    """
    out = []
    half = most // 2
    cut = len(moments) > most + half  # a few pictures more are drawn rather than skipped
    drawn: dict[int, int] = {}  # steps this ruleset takes, by round: a case's steps for other rules are not counted
    for i, m in enumerate(moments):
        if m.step is not None:
            drawn[m.round] = drawn.get(m.round, 0) + 1
        if cut and half <= i < len(moments) - half:
            if i == half:
                out.append(f'<p class="skipped">… {len(moments) - 2 * half} more steps, not drawn here'
                           " (the log under “for implementers” has every one).</p>")
            continue
        label = "The deal" if m.step is None else f"Step {drawn[m.round]}"
        if m.round:
            label = f"Round {m.round + 1}, {label[:1].lower()}{label[1:]}"
        note = f' <span class="note">({html.escape(m.note, quote=False)})</span>' if m.note else ""
        said = html.escape(caption(m, cat), quote=False)
        out.append(f'<figure class="moment" id="{prefix}{i}">'
                   f"<figcaption><strong>{label}.</strong> {said}{note}</figcaption>{picture(m)}</figure>")
    return "\n".join(out)


def case_moments(case: Case, ruleset: str, log: Sequence[Entry], *, peek_count: int,
                 catalogue: Catalogue | None = None) -> tuple[Moment, ...]:
    """The moments of one run of `case` under `ruleset`, from what a recorder saw.

    The log holds, per round, the deal, the opening peek's actions (`peek_count`
    of them when the round has an opening peek) and then the actions of the steps
    the ruleset takes, in order. A step that observes the table shows the state
    after the last action, from the observing seat.
    """
    cat = catalogue or load_catalogue()
    rules = case.rules_for(ruleset)
    setup = case.data["setup"]
    rounds = [(setup, case.data["steps"])] + [(r["setup"], r["steps"]) for r in case.data.get("next_rounds", ())]
    out: list[Moment] = []
    i = 0
    for r, (round_setup, steps) in enumerate(rounds):
        while i < len(log) and log[i].action is not None:
            i += 1
        if i >= len(log):
            break
        snap, i = log[i].snapshot, i + 1
        peeks: list[Mapping[str, Any]] = []
        if round_setup.get("peek", True):
            for _ in range(peek_count):
                action = log[i].action if i < len(log) else None
                if action is not None and action.get("t") == "peek":
                    peeks += log[i].events
                    snap, i = log[i].snapshot, i + 1
        out.append(Moment(r, None, snap, events=tuple(peeks), direction=rules.direction))
        for j, step in enumerate(steps):
            only = step.get("only")
            if only and not keys_hold(list(only), ruleset, rules, cat):
                continue
            note = slot_words(table_words(str(step.get("note", ""))))
            if "observe" in step:
                out.append(Moment(r, j, snap, viewer=int(step["observe"]), note=note, direction=rules.direction))
                continue
            if "repeat" in step:
                taken, i = _repeated(step["repeat"], log, i, snap)
                if taken:
                    events = tuple(ev for e in taken for ev in e.events if ev.get("t") in ("reshuffled", "round_over"))
                    summary = {**step["repeat"], "t": "repeat", "actions": len(taken)}
                    out.append(Moment(r, j, taken[-1].snapshot, summary, events, taken[-1].rejected, note=note,
                                      before=snap, direction=rules.direction))
                    snap = taken[-1].snapshot
                continue
            if i >= len(log) or log[i].action is None:
                break
            e = log[i]
            i += 1
            out.append(Moment(r, j, e.snapshot, e.action, e.events, e.rejected, note=note, before=snap,
                              direction=rules.direction))
            snap = e.snapshot
    return tuple(out)


MAX_REPEAT = 1000  # turns a repeat step plays at most (as the case runner)


def _repeated(repeat: Mapping[str, Any], log: Sequence[Entry], i: int,
              snap: Mapping[str, Any]) -> tuple[list[Entry], int]:
    """The entries a repeat step played, as the runner plays it: before each turn it stops when
    the round is over (or, with ``until: deck-empty``, when the deck is empty), and it stops at a
    refused action; each turn plays the step's actions (draw and discard by default)."""
    play = repeat.get("play") or [{"t": "draw"}, {"t": "discard"}]
    turns = repeat.get("turns")
    taken: list[Entry] = []
    done = 0
    while done < (turns if turns is not None else MAX_REPEAT):
        state = taken[-1].snapshot if taken else snap
        if state.get("phase") == "over" or (repeat.get("until") == "deck-empty" and not state.get("deck")):
            break
        for _ in play:
            if i >= len(log) or log[i].action is None:
                return taken, i
            taken.append(log[i])
            i += 1
            if taken[-1].rejected:
                return taken, i
        done += 1
    return taken, i
