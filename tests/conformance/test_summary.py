"""What the default `cambio conform` output says (issue 33, item 2; issue 29, item 5): the
verdict, the counts, why items were not applicable grouped by reason, and the time; no
harness term (round trip, lock-step, requests, µs) unless ``-v`` asks; the unsuccessful
items folded into their causes, in full only behind ``-v``."""

from __future__ import annotations

import re

import pytest

from cambio_ref.cli import main
from conformance.reports.outcome import Meta
from conformance.reports.summary import render_text
from conformance.results import Result

HARNESS_TERMS = re.compile(r"round trip|lock-?step|requests|µs", re.IGNORECASE)
# official plays without snapping (its rules say so: spec/rulesets), so the snap cases the
# hearts ruleset runs are not applicable under it, for the one reason the run states
RUN = ["conform", "--impl", "python:conformance.serve:ReferenceEngine", "--ruleset",
       "official", "--ruleset", "hearts", "-k", "snap.wrong-own or fuzz", "--fuzz", "2",
       "--seed", "1", "--jobs", "1"]


def test_the_default_summary_speaks_the_user_s_language(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(RUN) == 0
    out = capsys.readouterr().out
    assert not HARNESS_TERMS.search(out), out
    last = out.rstrip().splitlines()[-1]
    assert re.fullmatch(r"PASS: (\d+)/\1 applicable passed \((\d+) not applicable\) in"
                        r" [\d.]+ s", last), last
    skipped = int(re.search(r"\((\d+) not applicable\)", last).group(1))  # type: ignore[union-attr]
    assert skipped >= 1
    heading = f"{skipped} item{'s' if skipped != 1 else ''} not applicable:"
    assert heading in out
    reasons = out.split(heading)[1].strip().split("\n\n")[0].splitlines()
    assert sum(int(r.split()[1]) for r in reasons) == skipped  # each item under one reason
    assert all("under official" in r and "E_SNAP_DISABLED" in r for r in reasons), reasons


def test_verbose_adds_the_throughput(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*RUN, "-v"]) == 0
    assert HARNESS_TERMS.search(capsys.readouterr().out)


def _meta() -> Meta:
    return Meta(impl="x", implementation={"name": "x"}, seed=1, rulesets=["hearts"],
                started="", elapsed=1.0, throughput={"acts": 5, "round_trips": 2,
                                                     "requests": 9, "round_trip_us": 3.0})


def test_items_are_folded_and_in_full_only_with_verbose() -> None:
    bad = [Result(f"case{i}", "hearts", "crash", message="the implementation exited with"
                  " status 3", expected={"a": 1}, actual={"a": 2},
                  repro=[f"cambio conform -k case{i}"]) for i in range(30)]
    short, full = render_text(_meta(), bad), render_text(_meta(), bad, verbose=True)
    assert short.count("exited with status 3") == 1  # one line for the thirty
    assert "30 items" in short and "reproduce: cambio conform -k case0" in short
    assert "expected (reference)" not in short and full.count("expected (reference)") == 30
    assert not HARNESS_TERMS.search(short) and HARNESS_TERMS.search(full)


def test_no_message_is_cut_inside_a_word() -> None:
    message = "the card must be swapped into the slot it came from " * 20
    bad = [Result("a", "hearts", "crash", message=message),
           Result("b", "hearts", "crash", message=message)]
    for line in render_text(_meta(), bad).splitlines():
        if "must be swapped" in line:
            assert line.endswith(" ...") and line[:-4].split()[-1] in message.split(), line
