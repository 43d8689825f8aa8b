"""Lockstep: one game played on the reference and the implementation side by side.

`Lockstep` sends the requests of the deal and of every action in batches (with the
looks: every player's view, and where the implementation offers them its snapshot and
its legal actions), plays each on the reference while the implementation answers, and
undoes what the reference did past a deal or step that disagrees. Each deal and step is
then compared (`conformance.comparison`: the reply with the reference's, the events or
the rejection code, the looks; invariants that name the broken property: card
conservation, information hiding, score bounds and termination; every reply fed to the
properties, `conformance.properties`). A difference raises `Disagreement`
(`conformance.disagreement`), which says where, what and which field differed first;
with ``go_on``, a difference that leaves both states equal (`harmless`) is noted instead
and play goes on (`conformance.onward` goes on past the others). Cases
(`conformance.caserun`) and fuzzing (`conformance.fuzz`) both play through it.

>>> events_difference([{"t": "drew", "card": "7H"}], [{"t": "drew", "card": "7S"}])
('drew.card', 'event 1 (drew): card: expected 7H, got 7S')
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import Any

from cambio_ref.engine import legal_blocks
from cambio_ref.state import State
from cambio_ref.views import view, views_text
from conformance.comparison import Expected, StepComparison
from conformance.differences import (
    action_key,
    compact,
    conservation,
    events_difference,
    events_problem,
    legal_field,
    reordered,
    view_field,
)
from conformance.disagreement import (
    LOOKS_LEGAL_BYTES,
    Disagreement,
    Game,
    Known,
    Looks,
    Reply,
    Step,
    harmless,
    known_blocks,
    with_values,
)
from conformance.failures import ImplementationFailure
from conformance.harness import Driver
from conformance.implementation import Reference, Rejection
from conformance.legal import legal_text
from conformance.protocol import Hello, Message, new_game_request, reply_to_act
from conformance.strict_json import encode_own

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
    return reply, encode_own(reply).encode()


# -- lockstep -------------------------------------------------------------------


# What the reference's expected `legal` replies of one batch may add up to (bytes, about):
# at a full table of multi-burn rules one reply is about 450 KB, and a batch of 245 such
# steps held 110 MB of them, and as much again in the lines `CheckedLines.expect` keeps.
BATCH_REPLY_BYTES = 4 << 20
# What one legal action's text is taken to weigh, counting a step's known legal actions
# (a pair snap is 48 bytes, `{"t":"snap","player":1,"targets":[[0,2],[3,4]]},`, most
# other actions fewer)
ACTION_BYTES = 48


class Lockstep(StepComparison):
    """Plays one game on the reference and the implementation side by side: the requests
    in batches, the reference's half played meanwhile (`_expect`), each deal and step then
    compared (`conformance.comparison.StepComparison`)."""

    def __init__(self, driver: Driver, hello: Hello, *, legal: bool = True,
                 go_on: bool = False, as_if: tuple[tuple[str, Any], ...] = ()) -> None:
        super().__init__(hello, legal=legal, go_on=go_on, as_if=as_if)
        self.driver = driver
        self.ref = Reference()
        self.steps = 0
        self.before: State | None = None  # the reference's state before the last difference

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
            blocks, looks = None, None
            if known is not None:
                expected.reply, self.ref.state, kept = known
                looks, blocks = kept if isinstance(kept, Looks) else None, known_blocks(kept)
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
                message = {"events": reply} if not isinstance(reply, Rejection) \
                    else {"rejected": {"code": reply.code, "message": reply.message}}
                line = looks.reply_line if looks is not None else None
                if line is None:
                    line = _encoded(message)[1]
                    if looks is not None:
                        looks.reply_line = line
                expect("act", message, line)
            if what == "reject":  # (no looks: the next call's show any change)
                return expected
            if self._observing(what == "new_game"):
                expected.views = [view(state, p) for p in range(game.players)]
                for seen in expected.views:
                    expect("observe", *_encoded({"view": seen}))
            if self.views:
                # a reply line of these very bytes stands for the views unparsed, as for
                # the legal actions below (the dicts are built only if it differs)
                text = looks.views_text if looks is not None else None
                if text is None:
                    text = views_text(state).encode()
                    if looks is not None:
                        looks.views_text = text
                expected.views_text = text
                expect("views", {"views": text}, b'{"views":' + text + b"}")
            if self.snapshots:
                snapshot, line = (looks.snapshot, looks.snapshot_line) if looks is not None \
                    else (None, None)
                if snapshot is None or line is None:
                    snapshot = state.snapshot()
                    line = _encoded({"state": snapshot})[1]
                    if looks is not None:
                        looks.snapshot, looks.snapshot_line = snapshot, line
                expected.snapshot = snapshot
                expect("snapshot", {"state": snapshot}, line)
            if (check_legal or what == "new_game") and self.legals:
                blocks = legal_blocks(state) if blocks is None else blocks
                expected.legal = [action for block in blocks for action in block]
                # a reply line of these very bytes stands for them unparsed: its
                # "actions" are the text itself (`_compare_table` compares the bytes)
                text = looks.legal_text if looks is not None else None
                if text is None:
                    text = legal_text(blocks)
                    if looks is not None:
                        looks.blocks = blocks
                        if len(text) <= LOOKS_LEGAL_BYTES:
                            looks.legal_text = text
                expected.legal_text = text
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
        blocks = known_blocks(known[2]) if known is not None else None
        if blocks is not None:
            return ACTION_BYTES * sum(len(block) for block in blocks)
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
