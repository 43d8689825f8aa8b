"""The comparison of one deal or step: the implementation's replies to it (the events, or
the rejection code, every player's view, and where offered its snapshot and its legal
actions) against what the reference worked out for it (`Expected`), and every reply fed
to the properties (`conformance.properties`). `StepComparison` is the comparing half of
`conformance.lockstep.Lockstep`, which plays the batches; a difference raises
`Disagreement`, or with ``go_on`` is noted when it leaves both states equal (`harmless`).

>>> check = StepComparison(Hello("x", commands=frozenset({"observe", "views", "snapshot"})))
>>> check.views, check.snapshots, check.legals, check._observing(False)
(True, True, False, False)
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from cambio_ref.actions import Action
from cambio_ref.ending import score_bounds
from cambio_ref.rules import Rules
from cambio_ref.state import OVER, State
from cambio_ref.views import view
from conformance.differences import (
    _few,
    action_key,
    compact,
    conservation,
    events_difference,
    legal_field,
    reordered,
    snapshot_difference,
    taken_elsewhere,
    view_field,
)
from conformance.disagreement import Disagreement, Game, Reply, harmless, with_values
from conformance.implementation import Event, Rejection
from conformance.leaks import leak, secrets
from conformance.legal import legal_keys
from conformance.matching import mismatch
from conformance.properties import Watch, compared_in
from conformance.protocol import Hello, Message, reply_to_act


@dataclass
class Expected:
    """The reference's side of one deal or step, worked out while the implementation
    answers: its reply, every view, the snapshot, the legal actions; and what it changed,
    to undo it if an earlier deal or step of the batch disagrees."""

    what: str  # new_game or act
    arg: Any  # the Game, or the action
    game: Game
    steps_before: int  # len(game.steps) before it
    deal_before: list[Event] = field(default_factory=list)
    reply: Any = None  # the deal's events, or the reference's Reply
    state: State | None = None  # the reference's state after it (None: not reached)
    views: list[dict[str, Any]] = field(default_factory=list)  # (built when compared)
    views_text: bytes | None = None  # every view as the reference encodes them
    snapshot: dict[str, Any] | None = None
    legal: list[Action] | None = None
    legal_text: bytes | None = None  # the legal actions as the reference encodes them
    counted: bool = False  # counted in `Lockstep.steps` and the driver's acts
    error: Exception | None = None  # the reference itself raised it here


class StepComparison:
    """Compares the implementation's replies to one deal or step with the reference's."""

    def __init__(self, hello: Hello, *, legal: bool = True, go_on: bool = False,
                 as_if: tuple[tuple[str, Any], ...] = ()) -> None:
        self.snapshots = "snapshot" in hello.commands
        # every view in one `views` reply when offered; `observe` per player still at deals
        self.views = "views" in hello.commands
        self.legals = legal and "legal" in hello.commands
        self.game: Game | None = None
        self.legal: list[Action] | None = None  # the reference's, when last compared
        # with `go_on`, a difference that leaves both states equal (`harmless`) is noted
        # here and play goes on; any other still raises
        self.go_on = go_on
        self.noted: list[Disagreement] = []
        self.limit = 1000  # at most this many noted: the next one raises
        self.at = 0  # the steps played up to the deal or step being compared
        self.as_if = as_if  # option values the reference plays on top of the game's rules
        # the properties of the game dealt last, fed every reply of the implementation
        # (`conformance.properties`): their violations are noted like harmless differences
        self.watch: Watch | None = None
        self.synced = False  # every reply of the game so far the reference's own

    def ref_rules(self, rules: Rules) -> Rules:
        """The rules the reference plays: `rules` with the `as_if` values."""
        return with_values(rules, self.as_if)

    def _found(self, d: Disagreement) -> None:
        """Raise `d`, or note it and go on when the states stay equal."""
        d.index = self.at
        if not (self.go_on and harmless(d)) or len(self.noted) >= self.limit:
            raise d
        same = (d.status, d.aspect, d.field, d.kind)
        for seen in self.noted:  # (the same difference again in this game: counted once)
            if (seen.status, seen.aspect, seen.field, seen.kind) == same:
                seen.repeats += 1
                return
        assert self.game is not None
        d.game, d.as_if = d.game.copy(), self.as_if
        del d.game.steps[d.index:]
        self.noted.append(d)

    def _observing(self, deal: bool) -> bool:
        """True if the views are asked for by one `observe` per player: always without
        `views`, and at every deal with it (so that both commands are checked)."""
        return deal or not self.views

    def _check(self, done: list[Expected], index: int, replies: list[Message], where: str,
               check_legal: bool) -> None:
        """Compare the replies to one deal or step with what the reference worked out."""
        expected = done[index]
        if expected.error is not None:
            raise expected.error
        self.at = expected.steps_before + (expected.what != "new_game")
        broken = self._watch(expected, replies, where, check_legal)
        if not broken:
            self._compare(expected, replies, where, check_legal)
            return
        noted = len(self.noted)
        self._compare(expected, replies, where, check_legal)
        # a property broken where the comparison found no new difference of what it sees
        # is a deviation of its own; where it found one (raised, or noted here), the
        # property's is that one's
        found = {d.aspect for d in self.noted[noted:]}
        self.noted.extend(d for d in broken if not found.intersection(compared_in(d.field)))

    def _compare(self, expected: Expected, replies: list[Message], where: str,
                 check_legal: bool) -> None:
        game = expected.game
        if expected.what == "new_game":
            found = events_difference(game.deal, replies[0]["events"])
            if found:
                self._found(Disagreement(
                    "fail", "deal", found[1], game, expected=game.deal,
                    actual=replies[0]["events"],
                    field=reordered(game.deal, replies[0]["events"]) or found[0]))
            self._compare_table(expected, replies[1:], "deal", True)
            return
        self.legal = None
        self._compare_reply(expected, reply_to_act(replies[0]), where)
        if expected.what != "reject":
            self._compare_table(expected, replies[1:], where, check_legal)

    def _watch(self, expected: Expected, replies: list[Message], where: str,
               check_legal: bool) -> list[Disagreement]:
        """Feed the implementation's replies to one deal or step to the properties; what
        they find there, each a deviation naming the rule it tests. While every reply of
        the game is the reference's own (its events, and its looks byte for byte), the
        looks are the reference's, which holds the properties (tests/conformance/
        test_properties.py): only the events are fed, the looks from the first
        difference on."""
        game, deal = expected.game, expected.what == "new_game"
        if deal:
            self.watch = Watch(self.ref_rules(game.rules), game.players, game.dealer,
                               game.deck, game.seed, game.first)
            self.watch.on_deal(replies[0]["events"])
            self.synced = replies[0]["events"] == expected.reply
        elif self.watch is None:
            return []
        else:
            reply = reply_to_act(replies[0])
            self.watch.on_reply(expected.arg, reply)
            want = expected.reply
            self.synced = self.synced and (reply == want if not isinstance(want, Rejection)
                                           else isinstance(reply, Rejection)
                                           and reply.code == want.code)
        watch = self.watch
        rest = replies[1:] if expected.what != "reject" else []
        if rest and self._observing(deal):
            views = [reply["view"] for reply in rest[:game.players]]
            rest = rest[game.players:]
            self.synced = self.synced and all(  # (another step's of the batch: equal)
                v is want or v == want for v, want in zip(views, expected.views, strict=False))
            if not self.synced:
                watch.on_views(views)
        if rest and self.views:
            listed = rest.pop(0)["views"]
            self.synced = self.synced and listed == expected.views_text
            if not self.synced:
                watch.on_views(json.loads(listed) if isinstance(listed, bytes) else listed)
        if rest and self.snapshots:
            snap = rest.pop(0)["state"]
            self.synced = self.synced and (snap is expected.snapshot
                                           or snap == expected.snapshot)
            if not self.synced:
                watch.on_snapshot(snap)
        if rest and (check_legal or deal) and self.legals:
            listed = rest.pop(0)["actions"]
            self.synced = self.synced and listed == expected.legal_text
            if not self.synced:
                watch.on_legal(listed)
        return self.broken(where, game)

    def broken(self, where: str, game: Game) -> list[Disagreement]:
        """The properties broken since the last call (`Watch.take`), as deviations of
        `game` at its step `self.at`: status fail, aspect ``property``, the field the
        property's name, the rule the one it tests (play on without the reference feeds
        `self.watch` itself, then calls this)."""
        found = []
        for v in self.watch.take() if self.watch is not None else ():
            d = Disagreement("fail", where, f"{v.name}: {v.message}", game.copy(),
                             aspect="property", field=v.name)
            d.rule, d.index, d.as_if = v.rule, self.at, self.as_if
            del d.game.steps[d.index:]
            found.append(d)
        return found

    def _compare_reply(self, expected: Expected, actual: Reply, where: str) -> None:
        game, want = expected.game, expected.reply
        action = compact(expected.arg, 200)
        if isinstance(want, Rejection):
            if not isinstance(actual, Rejection):
                raise Disagreement("accepted_wrongly", where, f"accepted {action}, which the"
                                   f" reference rejects: {want.message}", game,
                                   expected=want.code, actual=actual, aspect="rejection",
                                   field="accepted")
            if actual.code != want.code:
                self._found(Disagreement("rejected_wrongly", where, f"rejected {action} with"
                                         f" {actual.code}; the reference rejects it with"
                                         f" {want.message}", game, expected=want.code,
                                         actual=actual.code, aspect="rejection", field="code"))
            return
        if isinstance(actual, Rejection):
            raise Disagreement("rejected_wrongly", where, f"rejected {action}, a legal action,"
                               f" with {actual.code}: {actual.message}", game,
                               expected=want, actual=actual.code, aspect="rejection",
                               field="rejected")
        for event in actual:
            if event.get("t") == "round_over" and isinstance(event.get("scores"), list):
                grids = event.get("grids") or []
                for seat, score in enumerate(event["scores"]):
                    cards = sum(c is not None for c in grids[seat]) if seat < len(grids) else 4
                    low, high = score_bounds(self.ref_rules(game.rules), cards)
                    if not isinstance(score, int) or not low <= score <= high:
                        raise Disagreement("fail", where, f"score bounds: seat {seat} scores"
                                           f" {score}, outside [{low}, {high}] for {cards}"
                                           " cards", game, expected=want, actual=actual,
                                           field="round_over.scores")
        found = events_difference(want, actual)
        if found:
            problem = found[1]
            if expected.state is not None and expected.state.phase == OVER and \
                    not any(e.get("t") == "round_over" for e in actual):
                problem = f"termination: the round is over but the implementation goes on ({problem})"
            self._found(Disagreement("fail", where, problem, game, expected=want, actual=actual,
                                     field=reordered(want, actual) or found[0]))

    def _view_replies(self, expected: Expected) -> int:
        """How many replies of a deal or step carry views (before the snapshot)."""
        deal = expected.what == "new_game"
        return (expected.game.players if self._observing(deal) else 0) + (1 if self.views else 0)

    def _compare_table(self, expected: Expected, replies: list[Message], where: str,
                       check_legal: bool) -> None:
        game, state = expected.game, expected.state
        assert state is not None
        players = game.players
        answers: list[tuple[str, list[Any]]] = []  # (where from, every player's view)
        if self._observing(expected.what == "new_game"):
            answers.append(("", [reply["view"] for reply in replies[:players]]))
        if self.views:
            listed = replies[self._view_replies(expected) - 1]["views"]
            # a line of the reference's own bytes (`_expect`): the very views of the
            # reference (the usual case), or another step's of the batch
            same = isinstance(listed, bytes) and listed == expected.views_text
            if isinstance(listed, bytes) and not same:
                listed = json.loads(listed)
            if same:
                pass
            elif len(listed) == players:
                answers.append((" (views)", listed))
            else:
                self._found(Disagreement("fail", where, f"the views reply lists {len(listed)}"
                                         f" views for {players} players", game,
                                         expected=players, actual=len(listed),
                                         aspect="view", field="views.count"))
        if answers and not expected.views:
            expected.views = [view(state, p) for p in range(players)]
        for source, views in answers:
            for player, want in enumerate(expected.views):
                got = views[player]
                if want is got or want == got:
                    continue
                problem = leak(want, got, secrets(state, player, want))
                name = "view.hiding" if problem else ""
                problem = f"information hiding: {problem}" if problem \
                    else mismatch(want, got, "view")
                if problem:  # (equal apart from extra fields is fine)
                    self._found(Disagreement("fail", where, f"player {player}'s{source}"
                                             f" {problem}", game, expected=want, actual=got,
                                             observe=player, aspect="view",
                                             field=name or view_field(problem)))
                    break  # (the other players' views: the same difference, as a rule)
        rest = replies[self._view_replies(expected):]
        if self.snapshots:
            snap = rest.pop(0)["state"]
            problem = conservation(game.deck, snap)
            name = "snapshot.conservation"
            if problem is None:
                want_snap = expected.snapshot
                assert want_snap is not None
                found = snapshot_difference(want_snap, snap)
                if found is not None:
                    name, problem = found
                taken = taken_elsewhere(want_snap, snap, expected.reply) \
                    if name == "snapshot.deck" else None
                if taken:  # (the events would have shown it, had the two copies differed)
                    raise Disagreement("fail", where, taken[1], game, expected=expected.reply,
                                       actual=expected.reply, field=taken[0])
            if problem:
                raise Disagreement("fail", where, problem, game, aspect="snapshot", field=name)
        if check_legal and self.legals:
            listed = rest.pop(0)["actions"]
            self.legal = expected.legal
            if isinstance(listed, bytes):  # (a line of the reference's own bytes: `_expect`)
                if listed == expected.legal_text:  # (the usual case)
                    return
                listed = json.loads(listed)  # (those of another step of the batch)
            theirs = json.loads(expected.legal_text or b"[]")
            if listed == theirs:  # (the same actions in the same order)
                return
            want_legal = set(legal_keys([expected.legal]) if expected.legal is not None
                             else map(action_key, theirs or ()))
            got_legal = set(map(action_key, listed))
            if want_legal != got_legal:
                missing, extra = sorted(want_legal - got_legal), sorted(got_legal - want_legal)
                d = Disagreement("fail", where, f"legal actions: missing {_few(missing)},"
                                 f" extra {_few(extra)}", game, aspect="legal",
                                 expected=missing, actual=extra,
                                 field=legal_field(missing, extra))
                d.listed = sorted(got_legal)
                self._found(d)
