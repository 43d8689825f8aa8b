"""`Watch`: every property of one game, fed the implementation's replies as they come.

A watch needs nothing of the reference's state: the game's setup (rules, players,
dealer, deck, seed, first seat), then what the implementation answers, in order:
its deal events (`on_deal`), each action with its reply (`on_reply`), and whatever
else it offers after them (`on_view` or `on_views`, `on_snapshot`, `on_legal`).
`take` gives the violations found since the last call, `finish` all of them; each
kind (its name and rule) is kept once per game, with a count of its repeats. So it
runs beside the lock-step comparison (`conformance.lockstep` feeds it every call)
and goes on alone once the reference has lost track.

>>> from cambio_ref.rules import resolve
>>> rules = resolve("online")
>>> deck = [c.code for c in rules.deck(2)]
>>> watch = Watch(rules, 2, 0, deck, 0)
>>> watch.on_deal([{"t": "dealt", "player": 1, "slot": 0, "card": "AS", "visible_to": []}])
>>> watch.on_reply({"t": "draw", "player": 1}, [{"t": "turn", "player": 0, "visible_to": [0, 1]}])
>>> [(v.name, v.rule, v.where) for v in watch.finish()]
[('turns.order', 'turn.first-player', 'step 1')]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cambio_ref.rules import Rules
from conformance.implementation import Rejection
from conformance.properties.cards import Table
from conformance.properties.consistency import Legal, check_view
from conformance.properties.hiding import RULE as SEEN
from conformance.properties.hiding import leaks
from conformance.properties.scores import check_round_over
from conformance.properties.turns import Turns
from conformance.properties.violation import Violation, Violations

Reply = Sequence[Mapping[str, Any]] | Rejection


class Watch:
    """The properties of one game (see the module docstring)."""

    def __init__(self, rules: Rules, players: int, dealer: int, deck: Sequence[str],
                 seed: int = 0, first: int | None = None) -> None:
        self.rules = rules
        self.report = Violations()
        self.table = Table(rules, players, dealer, deck, seed, self.report)
        self.turns = Turns(rules, players, dealer, first, self.report)
        self.legal = Legal()

    @property
    def steps(self) -> int:
        """The actions answered so far."""
        return self.report.step

    def on_deal(self, events: Sequence[Mapping[str, Any]]) -> None:
        """The implementation's reply to ``new_game``."""
        for event in events:
            self.table.apply(event)

    def on_reply(self, action: Any, reply: Reply) -> None:
        """The implementation's reply to ``act`` with `action`: its events or rejection."""
        self.report.step += 1
        rejected = reply.code if isinstance(reply, Rejection) else None
        rule = self.legal.answered(action, rejected)
        if rule is not None:
            self.report.add("consistency.legal-" + ("refused" if rejected else "accepted"),
                            rule, f"{'refused' if rejected else 'accepted'} {action}, which the"
                            f" implementation's legal actions {'list' if rejected else 'leave out'}"
                            + (f" ({rejected})" if rejected else ""))
        if isinstance(reply, Rejection):
            return
        if self.table.over:
            self.report.add("consistency.round-over", "core.round-over", f"accepted {action}"
                            " after the round was over")
        table, turns = self.table, self.turns
        snappers: list[Any] = []
        for event in reply:
            table.apply(event)
            kind = event.get("t")
            if kind == "turn":
                turns.marker(event.get("player"))
            elif kind == "called":
                turns.called(event.get("player"), bool(event.get("auto")))
            elif kind in ("snap_wrong", "snap_late"):
                snappers.append(event.get("player"))
            elif kind == "round_over":
                self._knock_out(snappers)  # (the snap that put the last player out)
                snappers = []
                check_round_over(event, self.rules, turns.in_play(), self.report)
                turns.round_over(event, len(table.deck), [table.cards(q)
                                                          for q in range(table.n)])
        self._knock_out(snappers)

    def _knock_out(self, snappers: list[Any]) -> None:
        """The seats whose wrong or late snaps of this reply are paid for."""
        for seat in snappers:
            if isinstance(seat, int) and 0 <= seat < self.table.n:
                self.turns.snapped(seat, self.table.cards(seat))

    def on_view(self, seat: int, view: Any) -> None:
        """What ``observe`` with `seat` answered."""
        if not isinstance(view, Mapping) or not 0 <= seat < self.table.n:
            return
        leak = leaks(view, seat, self.table)
        if leak:
            self.report.add("hiding.view", SEEN, leak)
        check_view(view, seat, self.table, self.report)

    def on_views(self, views: Sequence[Any]) -> None:
        """What ``views`` answered: every seat's view, seat 0 first."""
        for seat, view in enumerate(views[:self.table.n]):
            self.on_view(seat, view)

    def on_snapshot(self, state: Any) -> None:
        """What ``snapshot`` answered (its deck, pile, grids and held are checked)."""
        if isinstance(state, Mapping):
            self.table.snapshot(state)

    def on_legal(self, actions: bytes | Sequence[Any]) -> None:
        """What ``legal`` answered (its reply's ``actions``, parsed or as their bytes)."""
        self.legal.listed(actions)

    def take(self) -> list[Violation]:
        """The violations found since the last `take`."""
        return self.report.take()

    def finish(self) -> list[Violation]:
        """Every violation of the game, each kind once, in the order they showed."""
        return self.report.all()
