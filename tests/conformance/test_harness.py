"""The driver: an exception inside an in-process implementation is a crash with its
traceback, an error reply keeps the process, and a restarted process replays hello."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from conformance.failures import ImplementationFailure
from conformance.harness import Driver, parse_impl
from tests.conformance.conftest import Run, broken

Conform = Callable[..., Run]


def test_an_exception_in_process_is_a_crash_with_its_traceback(conform: Conform) -> None:
    run = conform("--impl", "python:tests.conformance.limited:Fragile", "--ruleset", "official",
                  "-k", "caller-ties-lowest or turn.pass", "--fuzz", "0")
    result = run.result("tie.caller-ties-lowest[official]")
    assert result["status"] == "crash"
    assert "ZeroDivisionError: a bug in the call" in result["message"]
    assert "Traceback" in result["stderr"]
    assert run.result("turn.pass[official]")["status"] == "pass"  # the run went on


def test_an_error_reply_keeps_the_process_and_a_failure_restarts_it() -> None:
    driver = Driver(parse_impl(broken("crash")), timeout=5)
    hello = driver.start()
    assert hello.name == "broken-crash"
    with pytest.raises(ImplementationFailure) as error:
        driver.send([{"cmd": "observe", "player": 0}])
    assert error.value.status == "crash" and "observe before new_game" in error.value.message
    endpoint = driver.endpoint
    assert endpoint is not None  # it answered: same process
    with pytest.raises(ImplementationFailure) as error:
        driver.send([{"cmd": "act", "action": {"t": "call", "player": 0}}])
    assert error.value.status == "crash" and "exited with status 3" in error.value.message
    assert driver.endpoint is None and driver.stats.restarts == 0
    with pytest.raises(ImplementationFailure, match="observe before new_game"):
        driver.send([{"cmd": "observe", "player": 0}])  # restarts, replays hello
    assert driver.endpoint is not None and driver.endpoint is not endpoint
    assert driver.stats.restarts == 1
    driver.close()


def test_a_batch_larger_than_a_pipe_does_not_deadlock() -> None:
    """One batch of requests well over a pipe's 64 KB, each answered by a longer reply:
    the harness reads replies while it writes, so neither side waits on the other."""
    import json

    from cambio_ref.rules import resolve
    from conformance.protocol import new_game_request

    driver = Driver(parse_impl("cambio serve"), timeout=20)
    driver.start()
    rules = resolve("online")
    driver.send([new_game_request(rules, 8, 0, [c.code for c in rules.deck(8)], 3)])
    batch = [{"cmd": "observe", "player": n % 8} for n in range(3000)]
    assert sum(len(json.dumps(r)) for r in batch) > 65536
    replies = driver.send(batch)
    assert [r["view"]["player"] for r in replies] == [n % 8 for n in range(3000)]
    driver.close()
