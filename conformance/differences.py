"""Differences between two replies: events, views, snapshots and legal actions, compared
field by field, and the first field that differs named (what `conformance.lockstep`
reports and `conformance.diagnosis` replays).

>>> events_difference([{"t": "drew", "card": "7H"}], [{"t": "drew", "card": "7S"}])
('drew.card', 'event 1 (drew): card: expected 7H, got 7S')
"""

from __future__ import annotations

import contextlib
import json
from collections import Counter
from collections.abc import Sequence
from typing import Any

from conformance.implementation import Event


def _clean(value: Any) -> Any:
    """Drop the extension fields (``x_...``) an implementation may add to events."""
    if isinstance(value, dict):
        return {k: v for k, v in value.items() if not (isinstance(k, str) and k.startswith("x_"))}
    return value


def compact(value: Any, limit: int = 400) -> str:
    """JSON in one line, cut at `limit` characters."""
    text = json.dumps(value, separators=(", ", ": "))
    return text if len(text) <= limit else text[:limit] + " ..."


def events_difference(expected: list[Event], actual: list[Event]) -> tuple[str, str] | None:
    """None if the event lists are equal (ignoring ``x_`` fields), else the first
    differing field and a description of the difference."""
    for i, (want, got) in enumerate(zip(expected, actual, strict=False)):
        if want == got:  # (the common case, without a cleaned copy: the reference's
            continue  # own events have no extension fields)
        got = _clean(got)
        if want != got:
            if want.get("t") != got.get("t"):
                return (f"events[{want.get('t')}]",
                        f"event {i + 1}: expected {want.get('t')!r}, got {got.get('t')!r}")
            for key in sorted(set(want) | set(got)):
                if want.get(key) != got.get(key):
                    if key not in got:
                        return f"{want['t']}.{key}", f"event {i + 1} ({want['t']}): missing {key!r}"
                    return (f"{want['t']}.{key}", f"event {i + 1} ({want['t']}): {key}: expected"
                            f" {_plain(want.get(key))}, got {_plain(got.get(key))}")
    if len(expected) != len(actual):
        want_kinds = [e.get("t") for e in expected]
        got_kinds = [e.get("t") if isinstance(e, dict) else None for e in actual]
        longer = want_kinds if len(want_kinds) > len(got_kinds) else got_kinds
        return (f"events[{longer[min(len(want_kinds), len(got_kinds))]}]",
                f"expected {len(expected)} events {want_kinds}, got {len(actual)} {got_kinds}")
    return None


def events_equal(expected: list[Event], actual: list[Event]) -> bool:
    """True if the event lists are equal (ignoring ``x_`` fields): ``events_difference(...)
    is None``, without describing a difference (a diagnosis replay asks it of hundreds of
    replies that differ, and needs no words for them).

    >>> events_equal([{"t": "drew", "card": "7H"}], [{"t": "drew", "card": "7H", "x_a": 1}])
    True
    >>> events_equal([{"t": "drew", "card": "7H"}], [{"t": "drew", "card": "7S"}])
    False
    """
    if len(expected) != len(actual):
        return False
    return all(want == got or want == _clean(got) for want, got in zip(expected, actual, strict=True))


def events_problem(expected: list[Event], actual: list[Event]) -> str | None:
    """None if the event lists are equal (ignoring ``x_`` fields), else the first difference.

    >>> events_problem([{"t": "drew", "card": "7H"}], [{"t": "drew", "card": "7S"}])
    'event 1 (drew): card: expected 7H, got 7S'
    """
    found = events_difference(expected, actual)
    return found[1] if found else None


def _plain(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value)


def action_key(data: Any) -> str:
    """An action's JSON form as a comparable string: keys sorted, snap targets in order,
    and a power swap's two positions in order (either order names the same swap, so a
    legal action listed either way is the same one).

    >>> action_key({"t": "snap", "targets": [[1, 0], [0, 2]], "player": 1})
    '{"player": 1, "t": "snap", "targets": [[0, 2], [1, 0]]}'
    >>> action_key({"t": "power_swap", "player": 0, "a": [1, 2], "b": [0, 3]})
    '{"a": [0, 3], "b": [1, 2], "player": 0, "t": "power_swap"}'
    """
    if isinstance(data, dict) and data.get("t") == "snap" and isinstance(data.get("targets"), list):
        with contextlib.suppress(TypeError):
            data = {**data, "targets": sorted(data["targets"])}
    if isinstance(data, dict) and data.get("t") == "power_swap":
        with contextlib.suppress(TypeError, KeyError):
            a, b = sorted([data["a"], data["b"]])
            data = {**data, "a": a, "b": b}
    return _SORTED.encode(data)


_SORTED = json.JSONEncoder(sort_keys=True)  # (json.dumps would build it for every call)


def _few(items: list[str]) -> str:
    return ("[" + ", ".join(items[:3]) + (" ..." if len(items) > 3 else "") + "]") if items else "none"


def conservation(deck: Sequence[str], state: dict[str, Any]) -> str | None:
    """None if the snapshot holds exactly the cards of the deck, else what went missing.

    >>> conservation(["AS", "2S", "3S"], {"deck": ["2S"], "pile": ["AS"], "grids": [[None]],
    ...                                   "held": "2S"})
    "card conservation: the snapshot holds 3 cards for a 3-card deck (missing ['3S'], extra ['2S'])"
    """
    cards: list[Any] = [*state["deck"], *state["pile"]]
    for grid in state["grids"]:
        cards.extend(c for c in (grid if isinstance(grid, list) else []) if c is not None)
    if state.get("held") is not None:
        cards.append(state["held"])
    if len(cards) == len(deck) and sorted(map(str, cards)) == sorted(deck):
        return None
    have, want = Counter(map(str, cards)), Counter(deck)
    lost, extra = sorted((want - have).elements()), sorted((have - want).elements())
    return (f"card conservation: the snapshot holds {len(cards)} cards for a"
            f" {len(deck)}-card deck (missing {lost or 'none'}, extra {extra or 'none'})")


SNAPSHOT_CARDS = ("deck", "pile", "grids", "held")
"""The fields every snapshot has (the protocol's minimum); the others are optional."""


def snapshot_difference(want: dict[str, Any], got: dict[str, Any]) -> tuple[str, str] | None:
    """The first field in which the implementation's snapshot `got` differs from the
    reference's `want`, and what differs: the four card fields first (every snapshot has
    them), then every other field of the protocol's snapshot that `got` offers, in the
    protocol's order (an optional field is compared when offered, never required).

    >>> ref = {"deck": ["4C"], "pile": [], "grids": [], "held": None, "phase": "turn",
    ...        "power": ["look", [[0, 1]]], "turns": 3}
    >>> snapshot_difference(ref, {"deck": ["4C"], "pile": [], "grids": [], "held": None})
    >>> snapshot_difference(ref, dict(ref, power=["look", [[1, 1]]]))
    ('snapshot.power', 'snapshot: power: expected ["look", [[0, 1]]], got ["look", [[1, 1]]]')
    """
    for key in (*SNAPSHOT_CARDS, *(k for k in want if k not in SNAPSHOT_CARDS and k in got)):
        theirs, ours = got.get(key), want.get(key)
        if theirs != ours and theirs != json.loads(json.dumps(ours)):  # (tuples are lists)
            return (f"snapshot.{key}", f"snapshot: {key}: expected {compact(ours, 300)},"
                                       f" got {compact(theirs, 300)}")
    return None


def taken_elsewhere(want: dict[str, Any], got: dict[str, Any],
                    events: Any) -> tuple[str, str] | None:
    """Where two snapshots differ only in the deck's order because the implementation took
    another copy of the card the reference took (two decks hold it twice): the event field
    that would have shown it, had the copies differed, and what happened; else None. Its
    deck (top first) is then the reference's with that card moved to the top, and an event
    of the step names the card.

    >>> ref = {"deck": ["4C", "8S"], "pile": [], "grids": [], "held": "8S"}
    >>> taken_elsewhere(ref, dict(ref, deck=["8S", "4C"]), [{"t": "drew", "card": "8S"}])[0]
    'drew.card'
    >>> taken_elsewhere(ref, dict(ref, deck=["8S", "4C"]), [{"t": "drew", "card": "4C"}])
    """
    deck, theirs = want["deck"], got.get("deck")
    if not isinstance(events, list) or not isinstance(theirs, list) or not theirs \
            or len(theirs) != len(deck) or any(got.get(k) != want[k] for k in ("pile", "grids", "held")):
        return None
    top = theirs[0]
    depth = next((k for k, card in enumerate(deck) if k and card == top
                  and theirs == [card, *deck[:k], *deck[k + 1:]]), None)
    event = next((e for e in events if isinstance(e, dict) and e.get("card") == top), None)
    if depth is None or event is None:
        return None
    return (f"{event.get('t')}.card", f"took the {top} {depth + 1} cards below the top of"
            f" the deck, where the reference takes the top card, another {top}: only the"
            " order of the deck shows it")


def legal_field(missing: list[str], extra: list[str]) -> str:
    """The field of a difference in the legal actions: the kinds missing and extra.

    >>> legal_field(['{"player": 1, "t": "snap"}'], [])
    'legal.missing:snap'
    """
    def kinds(keys: list[str]) -> str:
        found = (json.loads(k) for k in keys)
        return "+".join(sorted({str(a.get("t")) if isinstance(a, dict) else "?" for a in found}))

    parts = [f"missing:{kinds(missing)}" if missing else "", f"extra:{kinds(extra)}" if extra else ""]
    return "legal." + ",".join(p for p in parts if p)


def view_field(problem: str) -> str:
    """The first field of a view mismatch: ``view.grids`` for ``view.grids[1][0]: ...``.

    >>> view_field("view.grids[1][2]: expected '?', got 'KD'")
    'view.grids'
    """
    head = problem.split(":", 1)[0].split("[", 1)[0].strip()
    return head if head.startswith("view.") else "view"


def reordered(expected: list[Event], actual: list[Event]) -> str | None:
    """``events.order`` if the events are the same but in another order, ``KIND.visible_to``
    if they differ only in who saw them, else None.

    >>> reordered([{"t": "a"}, {"t": "b"}], [{"t": "b"}, {"t": "a"}])
    'events.order'
    >>> reordered([{"t": "a", "visible_to": [0]}], [{"t": "a", "visible_to": [0, 1]}])
    'a.visible_to'
    """
    if not all(isinstance(e, dict) for e in actual) or len(expected) != len(actual):
        return None

    def key(events: list[Event], drop: bool) -> list[str]:
        return [json.dumps({k: v for k, v in _clean(e).items() if not (drop and k == "visible_to")},
                           sort_keys=True, default=str) for e in events]

    if sorted(key(expected, False)) == sorted(key(actual, False)):
        return "events.order"
    if key(expected, True) == key(actual, True):
        kind = next(w.get("t") for w, g in zip(expected, actual, strict=True)
                    if w.get("visible_to") != g.get("visible_to"))
        return f"{kind}.visible_to"
    return None
