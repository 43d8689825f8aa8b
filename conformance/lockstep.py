"""Lockstep: one game played on the reference and the implementation side by side.

After the deal and after every action, `Lockstep` compares the implementation's
reply with the reference's (the events, or the rejection code), every player's
view, and, where the implementation offers them, its snapshot and its legal
actions (`conformance.differences` names the first field that differs); and it
checks invariants that name the broken property: card conservation, information
hiding, score bounds and termination; and it feeds every reply to the properties
(`conformance.properties`), whose violations it notes. A difference raises `Disagreement`
(`conformance.disagreement`), which says where, what and which field differed
first; with ``go_on``, a difference that leaves both states equal (`harmless`) is
noted instead and play goes on (`conformance.onward` goes on past the others). Cases (`conformance.caserun`) and
fuzzing (`conformance.fuzz`) both play through it.

>>> events_difference([{"t": "drew", "card": "7H"}], [{"t": "drew", "card": "7S"}])
('drew.card', 'event 1 (drew): card: expected 7H, got 7S')
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from cambio_ref.actions import Action
from cambio_ref.ending import score_bounds
from cambio_ref.engine import legal_blocks
from cambio_ref.rules import Rules
from cambio_ref.state import OVER, State
from cambio_ref.views import view, views_text
from conformance.differences import (
    _few,
    action_key,
    compact,
    conservation,
    events_difference,
    events_problem,
    legal_field,
    reordered,
    snapshot_difference,
    taken_elsewhere,
    view_field,
)
from conformance.disagreement import (
    Disagreement,
    Game,
    Known,
    Reply,
    Step,
    harmless,
    with_values,
)
from conformance.failures import ImplementationFailure
from conformance.harness import Driver
from conformance.implementation import Event, Reference, Rejection
from conformance.leaks import leak, secrets
from conformance.legal import legal_text
from conformance.matching import mismatch
from conformance.properties import Watch, compared_in
from conformance.protocol import Hello, Message, new_game_request, reply_to_act
from conformance.strict_json import encode_compact

__all__ = ["Disagreement", "Game", "Lockstep", "Step", "action_key", "compact", "conservation",
           "events_difference", "events_problem", "harmless", "legal_field", "reordered",
           "view_field", "with_values"]

def _size(request: Message, sizes: dict[tuple[Any, ...], int]) -> int:
    """The length of `request` as JSON text, remembered for the looks (observe, snapshot,
    legal), which recur unchanged.

    >>> sizes = {}
    >>> _size({"cmd": "observe", "player": 1}, sizes), sizes
    (31, {(('cmd', 'observe'), ('player', 1)): 31})
    """
    if request["cmd"] in ("act", "new_game"):
        return len(json.dumps(request))
    key = tuple(request.items())
    found = sizes.get(key)
    if found is None:
        found = sizes[key] = len(json.dumps(request))
    return found


def _encoded(reply: Message) -> tuple[Message, bytes]:
    """The reference's own reply (without its seq) and its compact encoding, for
    `Driver.expect`: an implementation whose reply line is those bytes (after its seq) need
    not have it parsed and checked.

    >>> _encoded({"view": {"player": 0}})
    ({'view': {'player': 0}}, b'{"view":{"player":0}}')
    """
    return reply, encode_compact(reply).encode()


# -- lockstep -------------------------------------------------------------------


# What the reference's expected `legal` replies of one batch may add up to (bytes, about):
# at a full table of multi-burn rules one reply is about 450 KB, and a batch of 245 such
# steps held 110 MB of them, and as much again in the lines `CheckedLines.expect` keeps.
BATCH_REPLY_BYTES = 4 << 20
# What one legal action's text is taken to weigh, counting a step's known legal actions
# (a pair snap is 48 bytes, `{"t":"snap","player":1,"targets":[[0,2],[3,4]]},`, most
# other actions fewer)
ACTION_BYTES = 48


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


class Lockstep:
    """Plays one game on the reference and the implementation side by side."""

    def __init__(self, driver: Driver, hello: Hello, *, legal: bool = True,
                 go_on: bool = False, as_if: tuple[tuple[str, Any], ...] = ()) -> None:
        self.driver = driver
        self.snapshots = "snapshot" in hello.commands
        # every view in one `views` reply when offered; `observe` per player still at deals
        self.views = "views" in hello.commands
        self.legals = legal and "legal" in hello.commands
        self.ref = Reference()
        self.game: Game | None = None
        self.steps = 0
        self.legal: list[Action] | None = None  # the reference's, when last compared
        # with `go_on`, a difference that leaves both states equal (`harmless`) is noted
        # here and play goes on; any other still raises
        self.go_on = go_on
        self.noted: list[Disagreement] = []
        self.limit = 1000  # at most this many noted: the next one raises
        self.at = 0  # the steps played up to the deal or step being compared
        self.as_if = as_if  # option values the reference plays on top of the game's rules
        self.before: State | None = None  # the reference's state before the last difference
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

    def resend(self, game: Game) -> None:
        """Deal `game` again on the implementation and play its steps, comparing nothing
        (it is deterministic: it reaches the state it had after them)."""
        requests: list[Message] = [new_game_request(game.rules, game.players, game.dealer,
                                                    game.deck, game.seed, game.first)]
        requests += [{"cmd": "act", "action": step.action} for step in game.steps]
        try:
            self.driver.send(requests)
        except ImplementationFailure as exc:
            raise self._failure(exc, f"step {len(game.steps)}") from None

    def start(self, game: Game) -> None:
        """Deal on both sides and compare the deal, the views and the snapshot."""
        self.game = game
        requests = self.deal_requests(game)
        self.replay([("new_game", game, "deal")], requests=[requests])

    def deal_requests(self, game: Game) -> list[Message]:
        """The requests of a deal: `new_game`, then every view, the snapshot, the legal."""
        return self._requests([("new_game", game, "deal")], True)[0]

    def compare_deal(self, game: Game, replies: list[Message]) -> None:
        """Deal on the reference and compare the implementation's `replies` to the deal."""
        self._check([self._expect("new_game", game, True)], 0, replies, "deal", True)

    def _observing(self, deal: bool) -> bool:
        """True if the views are asked for by one `observe` per player: always without
        `views`, and at every deal with it (so that both commands are checked)."""
        return deal or not self.views

    def _looks(self, players: int, legal: bool, deal: bool) -> list[Message]:
        looks: list[Message] = [{"cmd": "observe", "player": p} for p in range(players)] \
            if self._observing(deal) else []
        if self.views:
            looks.append({"cmd": "views"})
        if self.snapshots:
            looks.append({"cmd": "snapshot"})
        if legal and self.legals:
            looks.append({"cmd": "legal"})
        return looks

    def step(self, action: Any, check_legal: bool = True, where: str | None = None) -> Reply:
        """Play `action` on both sides and compare everything; the reference's reply."""
        assert self.game is not None
        where = where or f"step {len(self.game.steps) + 1}"
        requests = self.step_requests(action, check_legal)
        self.replay([("act", action, where)], requests=[requests], check_legal=check_legal)
        return self.game.steps[-1].expected

    def step_requests(self, action: Any, check_legal: bool = True) -> list[Message]:
        """The requests of one step: `act`, then every view, the snapshot, the legal."""
        return self._requests([("act", action, "")], check_legal)[0]

    def compare_step(self, action: Any, replies: list[Message] | None, where: str,
                     check_legal: bool = True) -> Reply:
        """Play `action` on the reference and compare the implementation's `replies`
        (None: only advance the reference)."""
        expected = self._expect("act", action, check_legal)
        if replies is not None:
            self._check([expected], 0, replies, where, check_legal)
        elif expected.error is not None:
            raise expected.error
        reply: Reply = expected.reply
        return reply

    def _failure(self, exc: ImplementationFailure, where: str) -> Disagreement:
        assert self.game is not None
        return Disagreement(exc.status, where, exc.message, self.game, stderr=exc.stderr,
                            aspect="failure", field=exc.status)

    # -- the reference's half ------------------------------------------------------

    def _expect(self, what: str, arg: Any, check_legal: bool,
                known: Known | None = None) -> Expected:
        """Play one deal or step on the reference and work out everything the
        implementation's replies are compared with; an exception is kept, not raised (the
        implementation may be answering: its replies must be read first). `known`: the
        reference's reply and a state after it that is the caller's to give away (the
        reference already played it), used rather than playing it again; a third item, if
        not None, is that state's legal blocks (`conformance.disagreement.Known`)."""
        if what == "new_game":
            game: Game = arg
            expected = Expected(what, arg, game, len(game.steps), game.deal)
        else:
            assert self.game is not None
            game = self.game
            expected = Expected(what, arg, game, len(game.steps))
        try:
            blocks = None
            if known is not None:
                expected.reply, self.ref.state, blocks = known
            if what == "new_game":
                if known is None:
                    expected.reply = self.ref.new_game(self.ref_rules(game.rules), game.players,
                                                       game.dealer,
                                                       game.deck, game.seed, game.first)
                game.deal = expected.reply
                self.game = game
            else:
                if known is None:
                    if self.ref.state is not None:  # (the state before it stays as it was)
                        self.ref.state = self.ref.state.copy()
                    expected.reply = self.ref.act(arg)
                game.steps.append(Step(arg, expected.reply))
                self.steps += 1
                self.driver.stats.acts += 1
                expected.counted = True
            state = expected.state = self.ref.state
            assert state is not None
            expect = self.driver.expect
            if what != "new_game":
                reply = expected.reply
                expect("act", *_encoded({"events": reply} if not isinstance(reply, Rejection)
                                        else {"rejected": {"code": reply.code,
                                                           "message": reply.message}}))
            if what == "reject":  # (no looks: the next call's show any change)
                return expected
            if self._observing(what == "new_game"):
                expected.views = [view(state, p) for p in range(game.players)]
                for seen in expected.views:
                    expect("observe", *_encoded({"view": seen}))
            if self.views:
                # a reply line of these very bytes stands for the views unparsed, as for
                # the legal actions below (the dicts are built only if it differs)
                text = expected.views_text = views_text(state).encode()
                expect("views", {"views": text}, b'{"views":' + text + b"}")
            if self.snapshots:
                expected.snapshot = state.snapshot()
                expect("snapshot", *_encoded({"state": expected.snapshot}))
            if (check_legal or what == "new_game") and self.legals:
                blocks = legal_blocks(state) if blocks is None else blocks
                expected.legal = [action for block in blocks for action in block]
                # a reply line of these very bytes stands for them unparsed: its
                # "actions" are the text itself (`_compare_table` compares the bytes)
                text = expected.legal_text = legal_text(blocks)
                self.driver.stats.legal_bytes = len(text)
                self.driver.expect("legal", {"actions": text}, b'{"actions":' + text + b"}")
        except Exception as exc:  # (raised again in order, once the replies are read)
            expected.error = exc
        return expected

    def _rewind(self, done: list[Expected], index: int, played: bool, before: State | None,
                game: Game | None) -> None:
        """Undo what the reference did for ``done[index + 1:]`` (and ``done[index]`` unless
        `played`): as if the batch had stopped there. `before`, `game`: the reference's
        state and game before the batch."""
        for expected in reversed(done[index if not played else index + 1:]):
            del expected.game.steps[expected.steps_before:]
            if expected.what == "new_game":
                expected.game.deal = expected.deal_before
            if expected.counted:
                self.steps -= 1
                self.driver.stats.acts -= 1
        last = next((e for e in reversed(done[:index + 1 if played else index])
                     if e.state is not None), None)
        self.ref.state = last.state if last is not None else before
        self.game = last.game if last is not None else game
        if not played and done[index].what == "new_game":
            self.game = done[index].game

    # -- replaying -----------------------------------------------------------------

    def replay(self, calls: Sequence[tuple[str, Any, str]], batch_bytes: int = 32000, *,
               requests: Sequence[list[Message]] | None = None, check_legal: bool = True,
               known: Sequence[Known] | None = None) -> None:
        """Play recorded calls (``("new_game", Game, where)``, ``("act", action,
        where)``, or ``("reject", action, where)``: an act the reference rejects, sent
        without the looks, which the next call's show unchanged) with the requests
        written in batches, each read back and compared in order: far fewer round trips
        than one call at a time (the requests of a batch fit in a pipe, so writing them
        never waits for the implementation). While the
        implementation answers a batch, the reference plays it; if a deal or step of the
        batch disagrees or fails, what the reference did for the later ones is undone.
        `known`: the reference's reply to each call and a state after it, if it has played
        them already (see `_expect`). A batch also ends before its expected `legal` replies
        pass `BATCH_REPLY_BYTES`: counted from the known legal blocks, else estimated from
        the last reply."""
        sizes: dict[tuple[Any, ...], int] = {}  # (the looks recur: each measured once)
        if requests is None:
            requests = self._requests(calls, check_legal)
        start = 0
        while start < len(calls):
            end, size, legal = start, 0, 0
            while end < len(calls) and (end == start or (
                    size < batch_bytes and legal < BATCH_REPLY_BYTES)):
                size += sum(_size(r, sizes) for r in requests[end])
                legal += self._legal_bytes(calls[end][0], check_legal,
                                           known[end] if known is not None else None)
                end += 1
            self._batch(calls[start:end], requests[start:end], check_legal,
                        known[start:end] if known is not None else None, start)
            start = end

    def _legal_bytes(self, what: str, check_legal: bool, known: Known | None) -> int:
        """About what the expected `legal` reply after a call of kind `what` weighs: none if
        it asks none, `ACTION_BYTES` a legal action if `known` has the blocks, else as
        much as the last reply (a drawn game's replies go from a few actions to thousands
        of snaps and back as a discard opens and closes the snapping window)."""
        if what == "reject" or not self.legals or not (check_legal or what == "new_game"):
            return 0
        if known is not None and known[2] is not None:
            return ACTION_BYTES * sum(len(block) for block in known[2])
        return self.driver.stats.legal_bytes

    def _requests(self, calls: Sequence[tuple[str, Any, str]],
                  check_legal: bool) -> list[list[Message]]:
        """The requests of each call: `new_game` or `act`, then the looks."""
        players = self.game.players if self.game is not None else 0
        result: list[list[Message]] = []
        for what, arg, _ in calls:
            if what == "new_game":
                players = arg.players
                first = new_game_request(arg.rules, arg.players, arg.dealer, arg.deck, arg.seed,
                                         arg.first)
            else:
                first = {"cmd": "act", "action": arg}
            looks = self._looks(players, check_legal or what == "new_game",
                                what == "new_game") if what != "reject" else []
            result.append([first, *looks])
        return result

    def _batch(self, calls: Sequence[tuple[str, Any, str]], groups: Sequence[list[Message]],
               check_legal: bool, known: Sequence[Known] | None,
               first: int = 0) -> None:
        """Send one batch, play it on the reference meanwhile, then compare in order
        (`first`: the index of its first call in what `replay` was given)."""
        before, game = self.ref.state, self.game
        done: list[Expected] = []

        def meanwhile() -> Iterator[None]:
            for what, arg, _ in calls:
                done.append(self._expect(what, arg, check_legal,
                                         known[len(done)] if known is not None else None))
                yield None

        try:
            replies = self.driver.send([r for group in groups for r in group], meanwhile())
            failed = None
        except ImplementationFailure as exc:
            replies, failed = exc.replies, exc
        offset = 0
        for index, ((what, arg, where), group) in enumerate(zip(calls, groups, strict=True)):
            if index == len(done):  # (the batch was never written: play it only now)
                done.append(self._expect(what, arg, check_legal,
                                         known[index] if known is not None else None))
            answered = failed is None or offset + len(group) <= failed.index
            mine = replies[offset:offset + len(group)] if answered else None
            offset += len(group)
            expected = done[index]
            if mine is None:
                assert failed is not None
                played = what != "new_game" and expected.error is None
                self._rewind(done, index, played, before, game)
                if expected.error is not None:
                    raise expected.error
                failure = self._failure(failed, where)
                failure.call = first + index
                raise failure
            try:
                self._check(done, index, mine, where, check_legal)
            except Disagreement as d:
                self.before = done[index - 1].state if index else before  # (`onward`)
                self._rewind(done, index, True, before, game)
                d.call, d.as_if, d.index = first + index, self.as_if, self.at
                if self.snapshots and len(mine) > 1:
                    d.snapshot = mine[1 + self._view_replies(expected)].get("state")
                d.after = self._later(calls[index + 1:], groups[index + 1:], replies[offset:])
                raise
            except BaseException:
                self._rewind(done, index, True, before, game)
                raise

    @staticmethod
    def _later(calls: Sequence[tuple[str, Any, str]], groups: Sequence[list[Message]],
               replies: list[Message]) -> list[tuple[Any, Reply]]:
        """The implementation's replies to the actions after a disagreement in its batch
        (up to the next deal, or a failure)."""
        later: list[tuple[Any, Reply]] = []
        offset = 0
        for (what, action, _), group in zip(calls, groups, strict=True):
            if what == "new_game" or offset + len(group) > len(replies):
                break
            try:
                later.append((action, reply_to_act(replies[offset])))
            except (KeyError, TypeError, ValueError):
                break
            offset += len(group)
        return later

    # -- the comparing half --------------------------------------------------------

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
            want_legal, got_legal = set(map(action_key, theirs or ())), set(map(action_key, listed))
            if want_legal != got_legal:
                missing, extra = sorted(want_legal - got_legal), sorted(got_legal - want_legal)
                d = Disagreement("fail", where, f"legal actions: missing {_few(missing)},"
                                 f" extra {_few(extra)}", game, aspect="legal",
                                 expected=missing, actual=extra,
                                 field=legal_field(missing, extra))
                d.listed = sorted(got_legal)
                self._found(d)
