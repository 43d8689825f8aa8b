"""The optional `views` command (every player's view in one reply): `cambio serve` answers it
as one `observe` per seat, the harness uses it only when the handshake offers it, still sends
`observe` per player at every deal, and checks what it answers as strictly as `observe`, so an
implementation that lies in it is caught (docs/developers/protocol.md, "views")."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from cambio_ref.rules import resolve
from conformance.harness import Driver, parse_impl
from conformance.lockstep import Disagreement, Game, Lockstep
from conformance.protocol import check_reply, dispatch
from conformance.serve import ReferenceEngine

HERE = "python:tests.conformance.test_views"


class NoViews(ReferenceEngine):
    """Does not offer `views`: the harness asks each player's view with `observe`."""

    name = "no-views"
    views = None  # type: ignore[assignment]


class LeakingViews(ReferenceEngine):
    """Offers `views`, answers `observe` honestly, but its `views` shows player 0 the
    next player's cards."""

    name = "leaking-views"

    def views(self) -> list[dict[str, Any]]:
        seen = super().views()
        assert self.state is not None
        seen[0]["grids"][1] = [None if c is None else c.code for c in self.state.grids[1]]
        return seen


class ShortViews(ReferenceEngine):
    """Offers `views` but leaves the last seat out of it."""

    name = "short-views"

    def views(self) -> list[dict[str, Any]]:
        return super().views()[:-1]


class LeakingObserve(ReferenceEngine):
    """Offers `views` and answers it honestly, but its `observe` leaks."""

    name = "leaking-observe"

    def views(self) -> list[dict[str, Any]]:
        return [ReferenceEngine.observe(self, p) for p in range(len(super().views()))]

    def observe(self, player: int) -> dict[str, Any]:
        seen = super().observe(player)
        assert self.state is not None
        other = (player + 1) % self.state.n
        seen["grids"][other] = [None if c is None else c.code for c in self.state.grids[other]]
        return seen


def _game(players: int = 3) -> Game:
    rules = resolve("online")
    return Game(rules, players, 0, 7, [card.code for card in rules.deck(players)])


def _lock(factory: str) -> tuple[Driver, Lockstep, list[list[str]]]:
    """A lock-step over the in-process `factory`, and the commands of every batch sent."""
    driver = Driver(parse_impl(f"{HERE}:{factory}"))
    hello = driver.start()
    sent: list[list[str]] = []
    send = driver.send

    def tap(requests: Any, meanwhile: Any = None) -> Any:
        sent.append([r["cmd"] for r in requests])
        return send(requests, meanwhile)

    driver.send = tap  # type: ignore[method-assign]
    return driver, Lockstep(driver, hello), sent


def test_cambio_serve_answers_views_as_one_observe_per_seat() -> None:
    engine = ReferenceEngine()
    assert "views" in dispatch(engine, {"cmd": "hello", "seq": 0, "protocol": 1})["commands"]
    assert "before new_game" in dispatch(engine, {"cmd": "views", "seq": 1})["error"]["message"]
    game = _game()
    engine.new_game(game.rules, game.players, game.dealer, game.deck, game.seed)
    engine.act({"t": "peek", "player": 1, "slot": 2})
    reply = dispatch(engine, {"cmd": "views", "seq": 2})
    assert check_reply("views", reply) is None
    assert reply["views"] == [engine.observe(p) for p in range(3)]
    assert reply["views"][1]["grids"][1][2] != "?"  # (player 1 peeked at it; nobody else)
    assert reply["views"][0]["grids"][1][2] == reply["views"][2]["grids"][1][2] == "?"


def test_the_views_reply_schema_names_the_field() -> None:
    problem = check_reply("views", {"seq": 3, "views": [{"grids": 5}]})
    assert problem is not None and "$.views[0]" in problem
    assert check_reply("views", {"seq": 3, "view": {}}) is not None


def test_views_replaces_observe_after_the_deal_only_when_offered() -> None:
    for factory, per_step in (("ReferenceEngine", ["act", "views", "snapshot", "legal"]),
                              ("NoViews", ["act", "observe", "observe", "observe",
                                           "snapshot", "legal"])):
        driver, lock, sent = _lock(factory)
        lock.start(_game())
        lock.step({"t": "peek", "player": 1, "slot": 2})
        deal, step = sent
        assert step == per_step, factory
        # at the deal: one observe per player in any case, and views as well when offered
        assert Counter(deal)["observe"] == 3
        assert ("views" in deal) == (factory == "ReferenceEngine")
        driver.close()


@pytest.mark.parametrize(("factory", "field", "words"), [
    ("LeakingViews", "view.hiding", "player 0's (views) information hiding"),
    ("ShortViews", "views.count", "the views reply lists 2 views for 3 players"),
    ("LeakingObserve", "view.hiding", "player 0's information hiding"),
])
def test_an_implementation_that_lies_in_views_or_observe_is_caught(
        factory: str, field: str, words: str) -> None:
    driver, lock, _ = _lock(factory)
    with pytest.raises(Disagreement) as caught:
        lock.start(_game())
        lock.step({"t": "peek", "player": 1, "slot": 2})
    assert caught.value.field == field and words in caught.value.message
    driver.close()
