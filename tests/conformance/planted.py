"""The planted-deviation suite: implementations whose every deviation is known.

`PLANTED`: the reference declaring a ruleset in its handshake but playing other
values of some of its options (the planted values), over the eight rulesets.
`HANDWRITTEN`: the reference with faults no option value explains, written by
hand (`FAULTS`). Each is an in-process implementation
(``python:tests.conformance.planted:NAME``, NAME with ``_`` for ``-``), and
``python tests/conformance/planted.py NAME`` serves it over the real protocol;
``python tests/conformance/planted.py --check-default`` runs a default `cambio conform`
on every one and prints whether it lists exactly what was planted.
"""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from cambio_ref.catalogue import load_catalogue
from cambio_ref.rules import Rules, format_value, resolve
from cambio_ref.state import TURN
from cambio_ref.views import view
from conformance.implementation import Event, Rejection
from conformance.protocol import dispatch
from conformance.resync import MINIMUM
from conformance.serve import ReferenceEngine, reference_line

# name: (declared ruleset, planted values by Rules field); each value differs from the
# ruleset's own (tests/conformance/test_planted.py checks it)
PLANTED: dict[str, tuple[str, dict[str, Any]]] = {
    "hearts-red-king": ("hearts", {"red_king": -1}),
    "hearts-direction-six": ("hearts", {"direction": "clockwise", "six_of_hearts": 6}),
    "online-wrong-own": ("online", {"wrong_own": "return-only"}),
    "online-late-snap": ("online", {"late_snap": "return-only"}),
    "official-reshuffle-ace": ("official", {"reshuffle": "all-but-top", "ace": 0}),
    "memory-direction": ("memory", {"direction": "counter-clockwise"}),
    "awareness-tie": ("awareness", {"tie": "shared"}),
    "cambia-wrong-other": ("cambia", {"wrong_other": "return-only"}),
    "cambia-red-king-direction": ("cambia", {"red_king": -2,
                                             "direction": "counter-clockwise"}),
    "cambio-app-black-king": ("cambio-app", {"black_king": 10}),
    "cambio-bot-take-discard": ("cambio-bot", {"take_discard": False}),
    "cambio-bot-tie-jack-queen": ("cambio-bot", {"tie": "caller-loses", "jack": 11}),
    # official never snaps, so every hand keeps four cards and tie=shared plays as
    # tie=most-cards would; only tie.fewer-cards-with-snapping-house-rule (snapping set on
    # top, which the implementation plays: it declares no `options`) tells them apart
    "official-tie": ("official", {"tie": "shared"}),
    # a caller's penalty pushes a score past the declared rules' bounds
    "memory-caller-penalty": ("memory", {"caller_penalty": 20}),
}

# the hand-written faults (none of them an option value)
FAULTS = {
    "extra-legal": "lists an action of a seat that does not exist among the legal ones",
    "reason": "names every end of round `done`",
    "bottom-draw": "draws the first card of a round from the bottom of the deck",
    "called-hidden": "shows a call to nobody",
    "turn-code": "rejects an action out of turn with E_MALFORMED_ACTION",
    "turn-once": "passes the first turn of a round the other way round the table, and every"
                 " later one the right way (so another direction fits that turn alone)",
}
# name: (declared ruleset, faults, waived root-cause keys)
HANDWRITTEN: dict[str, tuple[str, tuple[str, ...], tuple[str, ...]]] = {
    # an early difference that leaves the states equal, and one it would mask
    "masked": ("online", ("extra-legal", "reason"), ()),
    # a state divergence that only taking over the implementation's state goes past
    "diverged": ("online", ("bottom-draw", "called-hidden"), ()),
    # a wrong code, reachable only past a waived divergence
    "waived": ("memory", ("bottom-draw", "turn-code"), ("fail:events:drew.card",)),
    # a wrong rejection code and a wrong reason
    "wrong-code": ("hearts", ("turn-code", "reason"), ()),
    # a value that fits the first difference and is refuted later in the same item
    "refuted": ("online", ("turn-once",), ()),
}


# implementations that look like real adapters: a snapshot cut to the protocol's minimum
# (deck, pile, grids, held), no `views`, planted values mixed with faults no option
# explains; name: (declared ruleset, planted values, faults, offers `legal`)
ADAPTERS: dict[str, tuple[str, dict[str, Any], tuple[str, ...], bool]] = {
    "adapter-tie": ("online", {"direction": "counter-clockwise", "wrong_own": "return-only"},
                    ("first-tie", "one-look"), True),
    "adapter-late": ("online", {"wrong_own": "return-only"}, ("late-end", "one-look"), False),
    # (online's queen: one look, then a swap; a king that ends when a look is declined
    # plays as another value of power.king would, so that is no fault of its own)
    "adapter-power": ("online", {"ace": 0}, ("one-look",), False),
}
FAULTS.update({
    "first-tie": "gives a tie for the lowest score to the first tied seat alone",
    "late-end": "ends a called round one action late: the turn passes on after the last"
                " final turn, and the next player's action ends the round",
    "one-look": "ends a power when one of its looks is declined (its swap too)",
})

# every deviation waived (one by its key, one by its class), and one waiver that matches
# nothing: the waiver tests (tests/conformance/test_planted.py)
ALL_WAIVED = ("memory", ("bottom-draw", "turn-code"),
              ("fail:events:drew.card", "rejection-code", "core.never-seen"))


class Planted(ReferenceEngine):
    """The reference declaring `declared` and playing it with `planted` values too,
    with `faults` (`FAULTS`) and `waived` deviations."""

    def __init__(self, name: str, declared: str, planted: dict[str, Any],
                 faults: tuple[str, ...] = (), waived: tuple[str, ...] = (), *,
                 minimal: bool = False, legal: bool = True) -> None:
        super().__init__()
        self.minimal = minimal
        self.late: tuple[Event, int] | None = None  # (late-end: the round_over held back)
        if minimal:  # (no `views`: the handshake lists only callable commands)
            self.views = None  # type: ignore[assignment]
        if not legal:
            self.legal = None  # type: ignore[assignment]
        self.name = f"planted-{name}"
        self.rules: Rules = resolve(declared)
        self.players = {"min": max(2, self.rules.min_players),
                        "max": min(8, self.rules.max_players)}
        self.planted = planted
        self.faults = faults
        self.drawn = self.turned = False
        if waived:
            self.waive = [{"id": key, "reason": "planted on purpose"} for key in waived]

    def new_game(self, rules: Rules, players: int, dealer: int, deck: list[str],
                 seed: int, first: int | None = None) -> list[Event]:
        if self.planted:
            rules = resolve(rules.name, [*rules.overrides, *self.planted.items()])
        self.drawn = self.turned = False
        self.late = None
        return super().new_game(rules, players, dealer, deck, seed, first)

    def snapshot(self) -> dict[str, Any]:
        snap = super().snapshot()
        return {k: snap[k] for k in MINIMUM} if self.minimal else snap

    def act(self, action: dict[str, Any]) -> list[Event] | Rejection:
        if self.late is not None:
            over, seat = self.late
            if isinstance(action, dict) and action.get("player") == seat:
                self.late = None
                return [over]
            return Rejection("E_NOT_YOUR_TURN", f"it is player {seat}'s turn")
        return self._faulty(action)

    def _faulty(self, action: dict[str, Any]) -> list[Event] | Rejection:
        state = self.state
        bottom = "bottom-draw" in self.faults and not self.drawn and state is not None \
            and isinstance(action, dict) and action.get("t") == "draw" \
            and action.get("player") == state.current and state.phase == "turn" \
            and state.held is None and len(state.deck) > 1
        if bottom:
            assert state is not None
            state.deck.append(state.deck.pop(0))  # (the bottom card comes on top)
        before = (state.phase, state.current) if state is not None else None
        reply = super().act(action)
        if isinstance(reply, Rejection):
            if bottom:  # (a draw it rejects, e.g. by player `true`, leaves the deck as it was)
                assert state is not None
                state.deck.insert(0, state.deck.pop())
            if "turn-code" in self.faults and reply.code == "E_NOT_YOUR_TURN":
                return Rejection("E_MALFORMED_ACTION", "not this player's turn")
            return reply
        if isinstance(action, dict) and action.get("t") == "draw":
            self.drawn = True
        if "one-look" in self.faults and isinstance(action, dict) and action.get("t") == "skip" \
                and any(e.get("t") == "skipped" and e.get("step") == "look" for e in reply) \
                and self.state is not None and self.state.power_stage == "swap":
            rest = super().act({"t": "skip", "player": action.get("player")})
            assert not isinstance(rest, Rejection)
            reply = [*reply, *(e for e in rest if e.get("t") != "skipped")]
        if "late-end" in self.faults and self.state is not None:
            over = next((e for e in reply if e.get("t") == "round_over"
                         and e.get("reason") == "called"), None)
            if over is not None:
                seat = self.state.next_seat(self.state.current)
                self.late = (over, seat)
                reply[reply.index(over)] = {"t": "turn", "player": seat,
                                            "visible_to": list(range(self.state.n))}
        for event in reply:
            if "turn-once" in self.faults and not self.turned and event.get("t") == "turn" \
                    and before is not None and before[0] != "peek" and self.state is not None \
                    and self.state.n > 2:
                self.turned = True  # (the seat on the other side of the one whose turn ended)
                event["player"] = self.state.current = (2 * before[1] - event["player"]) \
                    % self.state.n
            if "reason" in self.faults and event.get("t") == "round_over":
                event["reason"] = "done"
            if "called-hidden" in self.faults and event.get("t") == "called":
                event["visible_to"] = []
            if "first-tie" in self.faults and event.get("t") == "round_over" \
                    and len(event["winners"]) > 1 and self.state is not None:
                event["winners"] = event["winners"][:1]
                assert self.state.result is not None
                self.state.result = replace(self.state.result, winners=tuple(event["winners"]))
        return reply


class ExtraLegal(Planted):
    """A planted implementation with the fault "extra-legal": its `legal` lists one action too many.

    (Only this one overrides `legal`: the others answer it as the reference does, with its own
    text (`conformance.serve.reference_line`), instead of encoding some 20 kB of actions anew
    at every step, which was about half of each run's time.)
    """

    def legal(self) -> list[dict[str, Any]]:
        return [*super().legal(), {"t": "pass", "player": 99}]


class LateEnd(Planted):
    """A planted implementation with the fault "late-end": while it holds the end of the
    round back, its views show the round going on.

    (Only this one overrides `observe`: the others answer `views` as the reference does,
    with its own text (`conformance.serve.reference_line`), instead of building every
    player's view and encoding them anew at every step.)
    """

    def observe(self, player: int) -> dict[str, Any]:
        state = self.state
        if self.late is not None and state is not None:  # (the round goes on, as it shows it)
            state = state.copy()
            state.phase, state.current, state.result = TURN, self.late[1], None
            return view(state, player)
        return super().observe(player)


def _kind(faults: tuple[str, ...]) -> type[Planted]:
    """The class of a planted implementation with `faults`."""
    return ExtraLegal if "extra-legal" in faults else LateEnd if "late-end" in faults \
        else Planted


def make(name: str) -> Planted:
    """The implementation called `name` (of `PLANTED`, `HANDWRITTEN` or `ADAPTERS`)."""
    if name in PLANTED:
        declared, planted = PLANTED[name]
        return Planted(name, declared, planted)
    if name in ADAPTERS:
        declared, planted, faults, legal = ADAPTERS[name]
        return _kind(faults)(name, declared, planted, faults, minimal=True, legal=legal)
    declared, faults, waived = ALL_WAIVED if name == "all-waived" else HANDWRITTEN[name]
    return _kind(faults)(name, declared, {}, faults, waived)


for _name in [*PLANTED, *HANDWRITTEN, *ADAPTERS, "all-waived"]:
    globals()[_name.replace("-", "_")] = (lambda n: lambda: make(n))(_name)


def serve_lines(impl: ReferenceEngine) -> int:
    """Answer the protocol's requests on stdin with `impl`, one reply line each, until stop."""
    out = sys.stdout.buffer
    for line in sys.stdin.buffer:
        request = json.loads(line)
        out.write(reference_line(impl, request) or json.dumps(dispatch(impl, request)).encode() + b"\n")
        out.flush()
        if request.get("cmd") == "stop":
            break
    return 0


# the root-cause key each hand-written fault shows as (`conformance.grouping.key_of`)
FAULT_KEYS = {
    "extra-legal": "fail:legal:legal.extra:pass",
    "reason": "fail:events:round_over.reason",
    "bottom-draw": "fail:events:drew.card",
    "called-hidden": "fail:events:called.visible_to",
    "turn-code": "code:E_NOT_YOUR_TURN->E_MALFORMED_ACTION",
    "turn-once": "fail:events:turn.player",
    "first-tie": "fail:events:round_over.winners",
    "late-end": "fail:events:events[round_over]",
    "one-look": "fail:events:events[power_done]",
}
# what a fault also breaks further on, past the point where the reference took over the
# implementation's state, which only the properties (`conformance.properties`) still see:
# a call made before the wrongly passed turn gives the caller a turn after its call
CONSEQUENCES = {
    "turn-once": ("fail:property:turns.final:call.final-turns",),
}


def wanted(name: str) -> list[str]:
    """What a run lists for `name`: the planted values (``option.id=value``) or the
    hand-written faults' keys, sorted."""
    if name in PLANTED or name in ADAPTERS:
        cat = load_catalogue()
        values = PLANTED[name][1] if name in PLANTED else ADAPTERS[name][1]
        return sorted(f"{cat.option(key).id}={format_value(value)}" for key, value in values.items())
    return sorted(key for fault in HANDWRITTEN[name][1]
                  for key in (FAULT_KEYS[fault], *CONSEQUENCES.get(fault, ())))


def listed(name: str, deviations: list[dict[str, Any]]) -> list[str]:
    """What the deviation lines of a run on `name` list, to compare with `wanted`."""
    if name in PLANTED:
        return sorted(d["rule"] if d["class"] == "explained" and d["as_if"] else d["key"]
                      for d in deviations)
    if name in ADAPTERS:  # (its values named; its faults, and what they lead to, unexplained)
        return sorted(d["rule"] for d in deviations if d["class"] == "explained")
    return sorted(d["key"] if d["as_if"] is None else d["rule"] for d in deviations)


def faults_unexplained(name: str, deviations: list[dict[str, Any]]) -> bool:
    """Whether a run on the adapter-like `name` lists each of its faults unexplained, and
    names no value on an unexplained line (always true for the others)."""
    if name not in ADAPTERS:
        return True
    unexplained = [d for d in deviations if d["class"] != "explained"]
    return {FAULT_KEYS[f] for f in ADAPTERS[name][2]} <= {d["key"] for d in unexplained} \
        and all("=" not in str(d["rule"]) for d in unexplained)


def check_default_runs(names: list[str]) -> int:
    """Run a default `cambio conform --seed 1` on each implementation (over the protocol, as
    a user would) and print what it lists against what was planted; 1 if any differs."""
    import subprocess
    import tempfile
    import time

    bad = 0
    print(f"{'implementation':28} {'exit':>4} {'seconds':>7}  verdict")
    for name in names:
        with tempfile.TemporaryDirectory() as tmp:
            log = Path(tmp) / "run.jsonl"
            started = time.perf_counter()
            code = subprocess.run([sys.executable, "-m", "cambio_ref", "conform", "--impl",
                                   f"{sys.executable} {Path(__file__).resolve()} {name}",
                                   "--seed", "1", "--log", str(log)],
                                  capture_output=True, check=False).returncode
            seconds = time.perf_counter() - started
            lines = [json.loads(x) for x in log.read_text().splitlines()] if log.exists() else []
        deviations = [d for d in lines if d.get("type") == "deviation"]
        got = listed(name, deviations)
        ok = got == wanted(name) and faults_unexplained(name, deviations) and code == 1
        bad += not ok
        print(f"{name:28} {code:>4} {seconds:7.1f}  {'as planted' if ok else f'LISTS {got}'}")
    return 1 if bad else 0


def main(argv: list[str]) -> int:
    """``planted.py NAME``: serve NAME; ``planted.py --check-default [NAME...]``: check a
    default run on each (every implementation without names)."""
    load_catalogue()
    if argv and argv[0] == "--check-default":
        return check_default_runs(argv[1:] or [*PLANTED, *HANDWRITTEN, *ADAPTERS])
    return serve_lines(make(argv[0]))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
