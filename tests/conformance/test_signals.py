"""`conformance.signals`: a stop belongs to the run it interrupted.

A signal received inside `interruptible` is remembered (`received`) so that every request
of that run refuses to go on, even when a library caught the exception. It must end with
the run: a test that signals its own process (the module's doctest does) must not stop a
later in-process run in the same pytest worker, whatever order the tests run in.
"""

from __future__ import annotations

import contextlib
import os
import signal
from pathlib import Path

import pytest

from cambio_ref.cli import main
from cambio_ref.rules import resolve
from conformance.harness import Client, Driver, parse_impl
from conformance.signals import Interrupted, interruptible, received


def interrupt_one_run(sig: signal.Signals = signal.SIGTERM) -> None:
    """One run, stopped by `sig` sent to this very process."""
    with pytest.raises(Interrupted), interruptible():
        os.kill(os.getpid(), sig)


def test_a_stop_does_not_outlive_the_run_it_stopped() -> None:
    interrupt_one_run()
    assert received() is None


def test_a_request_after_an_interrupted_run_goes_through() -> None:
    # the symptom seen under `--dist worksteal`: the next in-process driver refused its
    # first request with "interrupted by SIGTERM"
    interrupt_one_run()
    driver = Driver(parse_impl("python:conformance.serve:ReferenceEngine"))
    try:
        driver.start()
        online = resolve("online")
        events = Client(driver).new_game(online, 2, 0, [c.code for c in online.deck(2)], 0)
    finally:
        driver.close()
    assert events  # (the deal's events: the request was answered, not refused)


def test_the_outer_level_still_reads_what_stopped_the_inner_one() -> None:
    # `cambio conform` nests two levels: the inner one (the run) is left by the exception,
    # then the outer one (start-up included) asks what stopped it
    with interruptible():
        with pytest.raises(Interrupted), interruptible():
            os.kill(os.getpid(), signal.SIGINT)
        stop = received()
        assert stop is not None and stop.status == 128 + signal.SIGINT
    assert received() is None


def test_a_stop_is_remembered_inside_its_run_even_when_caught() -> None:
    # (a library such as Hypothesis may catch and wrap the exception: the run still stops)
    with interruptible():
        with contextlib.suppress(Interrupted):
            os.kill(os.getpid(), signal.SIGHUP)
        stop = received()
        assert stop is not None and str(stop) == "interrupted by SIGHUP"


def test_a_forked_child_starts_with_no_stop_and_outside_every_level() -> None:
    # a worker forked inside the run's level: its own level is its outermost one
    read, write = os.pipe()
    with interruptible():
        pid = os.fork()
        if pid == 0:  # the child: report, then leave at once (no pytest teardown here)
            try:
                with interruptible():
                    pass
                os.write(write, b"clear" if received() is None else b"stale")
            finally:
                os._exit(0)
        os.close(write)
        os.waitpid(pid, 0)
        with os.fdopen(read, "rb") as answer:
            assert answer.read() == b"clear"


def test_a_run_starts_clean_inside_a_level_left_open(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    # A run that an exception cut short at the wrong moment can leave its level open (its
    # context manager never resumed): the stop it recorded must not stop every later
    # `cambio conform` in the process (seen once in a pytest worker: 13 runs in a row
    # exited 143 "interrupted by SIGTERM during start-up" at once)
    left_open = interruptible()
    left_open.__enter__()
    try:
        with contextlib.suppress(Interrupted):
            os.kill(os.getpid(), signal.SIGTERM)
        assert received() is not None
        # (the first of those 13: a program that cannot start is a usage error, exit 2)
        code = main(["conform", "--fuzz", "0", "--impl", "no-such-program-xyz",
                     "--log", str(tmp_path / "run.jsonl")])
        assert code == 2
        assert "cannot start it" in capsys.readouterr().err
        assert received() is not None  # (the open level's own stop is put back)
    finally:
        with contextlib.suppress(StopIteration):
            left_open.__exit__(None, None, None)
    assert received() is None
