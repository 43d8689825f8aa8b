"""A lock-step batch ends before the reference's expected `legal` replies pass
`BATCH_REPLY_BYTES`, counted from the legal blocks a drawn game hands over as known
(issue 33: estimated from the last reply, which is a few actions while no discard is open
to snapping, one batch of seed 3's default run held 154 replies of about 400 KB)."""

from __future__ import annotations

from typing import Any

import pytest

from cambio_ref.actions import action_json
from cambio_ref.engine import legal_blocks
from cambio_ref.rules import resolve
from conformance import lockstep
from conformance.disagreement import Known, known_blocks
from conformance.harness import Driver, ImplSpec
from conformance.implementation import Reference
from conformance.lockstep import Game, Lockstep
from conformance.protocol import Message
from conformance.serve import ReferenceEngine


def _drawn(players: int, steps: int) -> tuple[list[Any], list[Known]]:
    """A game under awareness (multi-burn: a discard opens every single and pair snap,
    about 550 at four players) played by its first legal action that is no snap, with the reference's
    reply, state and legal blocks at each step, as the fuzz drawing hands them over."""
    rules = resolve("awareness")
    deck = [c.code for c in rules.deck(players)]
    game = Game(rules, players, 0, 0, deck)
    ref = Reference()
    deal = ref.new_game(rules, players, 0, deck, 0)
    assert ref.state is not None
    known: list[Known] = [(deal, ref.state, None)]
    calls: list[Any] = [("new_game", game, "deal")]
    for _ in range(steps):
        state = ref.state
        assert state is not None
        blocks = legal_blocks(state)
        known[-1] = (*known[-1][:2], blocks)
        action = next(a for block in blocks for a in block if a.kind != "snap")
        ref.state = state.copy()
        calls.append(("act", action_json(action), f"step {len(calls)}"))
        known.append((ref.act(calls[-1][1]), ref.state, None))
    return calls, known


def test_a_batch_ends_before_its_known_legal_replies_pass_the_bound(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls, known = _drawn(4, 22)
    sizes = [sum(len(block) for block in known_blocks(entry[2]) or ()) for entry in known]
    bound = lockstep.ACTION_BYTES * max(sizes) * 2  # about two of the largest replies
    assert lockstep.ACTION_BYTES * sum(sizes) > 3 * bound  # (the bound is met several times)
    monkeypatch.setattr(lockstep, "BATCH_REPLY_BYTES", bound)
    driver = Driver(ImplSpec("reference", factory=ReferenceEngine))
    lock = Lockstep(driver, driver.start())
    batches: list[int] = []  # the calls of each batch: its new_game and act requests
    send = driver.send

    def counted(requests: list[Message], *args: Any) -> list[Any]:
        batches.append(sum(r["cmd"] in ("new_game", "act") for r in requests))
        return send(requests, *args)

    monkeypatch.setattr(driver, "send", counted)
    lock.replay(calls, known=known)
    driver.close()
    assert sum(batches) == len(calls) and len(batches) > 3
    start = 0
    for count in batches:
        # every call of a batch but its last found the legal replies before it under the bound
        before = sizes[start:start + count - 1]
        assert lockstep.ACTION_BYTES * sum(before) < bound
        start += count
