"""The progress line: off for pipes and --json, one redrawn line on a terminal."""

from __future__ import annotations

import io
import itertools
import sys

import pytest

from cambio_ref.progress import CLEAR, Progress


class FakeTty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_off_when_not_a_terminal() -> None:
    out = io.StringIO()
    bar = Progress(3, stream=out)
    bar.update(1)
    bar.update(3, failures=2)
    bar.close()
    assert not bar.enabled
    assert out.getvalue() == ""


def test_off_when_disabled_even_on_a_terminal() -> None:
    out = FakeTty()
    bar = Progress(3, stream=out, enabled=False)
    bar.update(3)
    bar.close()
    assert out.getvalue() == ""


def test_on_a_terminal_the_line_redraws_in_place() -> None:
    out = FakeTty()
    seconds = itertools.count()
    bar = Progress(4, label="games", stream=out, interval=0.0, clock=lambda: float(next(seconds)))
    assert bar.enabled
    bar.update(1)
    bar.update(2, failures=1)
    text = out.getvalue()
    assert "\n" not in text
    assert text.count("\r") == 2
    assert "games 2/4, failures 1" in text and "remaining" in text
    bar.close()
    assert out.getvalue().endswith("\r" + CLEAR)


def test_redraws_are_throttled_but_the_last_item_is_drawn() -> None:
    out = FakeTty()
    bar = Progress(100, stream=out, interval=1e9, clock=lambda: 0.0)
    for done in range(1, 101):
        bar.update(done)
    assert out.getvalue().count("\r") == 2  # the first and the last
    assert "100/100" in out.getvalue()


def test_notes_print_whole_lines_and_the_bar_comes_back() -> None:
    out = FakeTty()
    bar = Progress(2, stream=out, interval=1e9, clock=lambda: 0.0)
    bar.update(1)
    bar.note("game seed 3: card multiset changed")
    assert "game seed 3: card multiset changed\n" in out.getvalue()
    bar.update(1)  # redrawn despite the throttle
    assert out.getvalue().rstrip(CLEAR).endswith("1/2, failures 0, elapsed 0:00, remaining ~0:00")


def test_notes_reach_pipes_too() -> None:
    out = io.StringIO()
    Progress(2, stream=out).note("a failure")
    assert out.getvalue() == "a failure\n"


def test_simulate_draws_the_line_on_a_terminal_but_not_with_json(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from cambio_ref.cli import main

    tty = FakeTty()
    monkeypatch.setattr(sys, "stderr", tty)
    assert main(["simulate", "--ruleset", "hearts", "--games", "3", "--players", "2"]) == 0
    assert "games 3/3, failures 0" in tty.getvalue() and tty.getvalue().endswith(CLEAR)
    tty.seek(0)
    tty.truncate()
    assert main(["simulate", "--ruleset", "hearts", "--games", "3", "--json"]) == 0
    assert tty.getvalue() == ""
    capsys.readouterr()


def test_conform_shows_progress_and_each_failure_as_it_happens(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from cambio_ref.cli import main
    from tests.conformance.conftest import broken

    args = ["conform", "--impl", broken("tie"), "--ruleset", "official", "-k",
            "caller-ties-lowest or three-way", "--fuzz", "0", "--jobs", "1"]
    tty = FakeTty()
    monkeypatch.setattr(sys, "stderr", tty)
    assert main(args) == 1
    text = tty.getvalue()
    assert "\ritems 1/2, failures 1" in text and "\ritems 2/2, failures " in text
    assert "fail: tie.caller-ties-lowest[official] at step" in text
    pipe = io.StringIO()
    monkeypatch.setattr(sys, "stderr", pipe)
    assert main(args) == 1
    assert "\r" not in pipe.getvalue()  # no line for a pipe, the failure all the same
    assert pipe.getvalue().startswith("fail: tie.caller-ties-lowest[official]")
    capsys.readouterr()
