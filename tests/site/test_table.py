"""Scenarios as pictures: the moments of a case, their pictures and their captions.

The case is spec/cases/snapping/wrong-other-card.yaml, played by the reference through
the site hook's recorder. Expected cards come from the case file's deal; what a wrong
snap does comes from hearts §3e (the card goes back, a blind penalty card) and online
§Options (the snapper keeps the card, and the owner is left a gap).
"""

from __future__ import annotations

import re

import pytest

from cambio_ref.cases import Case, load_cases
from cambio_ref.rulebook.model import Moment
from cambio_ref.rulebook.table import card_face, case_moments, picture, scene_html, where
from conformance.scenarios import DEFAULT_PEEK, run_case
from tests.site.test_rulebook import load_hook

CASE = load_cases()["snap.wrong-other-card"]


def moments(ruleset: str) -> tuple[Moment, ...]:
    recorder = load_hook().Recorder()
    assert run_case(CASE, ruleset, recorder).status == "pass"
    return case_moments(CASE, ruleset, recorder.log, peek_count=len(DEFAULT_PEEK) * 3)


def seats(html: str) -> list[str]:
    """The HTML of each seat of a picture, seat 0 first."""
    return re.findall(r'<div class="seat[^"]*">(.*?)</div></div>', html)


@pytest.fixture(scope="module")
def hearts() -> tuple[Moment, ...]:
    return moments("hearts")


def test_one_moment_for_the_deal_and_one_per_step(hearts):
    assert [m.step for m in hearts] == [None, 0, 1, 2, 3]
    assert hearts[-1].viewer == 1  # the case's `observe: 1`


def test_the_deal_shows_every_card_face_down_and_named_for_the_reader(hearts):
    html = picture(hearts[0])
    for grid in CASE.data["setup"]["grids"]:
        for code in grid:
            assert f"<small>{card_face(code)}</small>" in html
    assert html.count('class="pc back') == 12 + 1  # the twelve grid cards and the deck
    assert "Ann (seat 1)" in html and "Cleo (seat 3)" in html
    # hearts turns no card up to start the pile (setup.starting-discard), so the pile is empty.
    assert '<div class="who">pile</div><span class="pc gap"></span>' in html


def test_the_draw_names_the_card(hearts):
    # The case's first draw is the 4 of clubs, by seat 1 (Ben, seat 2).
    assert "Ben draws the 4♣." in scene_html(hearts[1:2])
    assert "in Ben's hand" in picture(hearts[1])


def test_a_wrong_snap_under_hearts_goes_back_with_a_penalty_card(hearts):
    snap = hearts[3]
    said = scene_html([snap])
    assert "Ann snaps Cleo's top-right card, the 3♦, which does not match: it goes back." in said
    assert "Ann takes a penalty card from the deck, face down, as their first card beside the grid." in said
    assert "everyone has seen Cleo's top-right card, the 3♦" in said
    ann, _, cleo = seats(picture(snap))
    assert ann.count('class="pc') == 5 and "<small>K♦</small>" in ann  # the king of diamonds, beside the grid
    assert "<small>3♦</small>" in cleo and "gap" not in cleo


def test_online_leaves_the_owner_a_gap():
    online = moments("online")
    # online turns up a starting discard: the case's ace of clubs lies face up on the pile.
    assert '<div class="who">pile</div><span class="pc">A♣</span>' in picture(online[0])
    snap = online[3]
    ann, _, cleo = seats(picture(snap))
    assert "pc gap" in cleo
    assert ann.count('class="pc') == 6  # four, the 3♦ kept, and the penalty card


def test_an_observed_step_shows_that_seat_s_view_and_says_whose(hearts):
    seen = hearts[-1]
    html = picture(seen)
    assert "<small>" not in html  # no card is named for the reader: only what Ben knows is shown
    faces = re.findall(r'<span class="pc red[^"]*">([^<]+)</span>', html)
    # Ben peeked at his bottom two (6♥, 5♥); everyone saw the 3♦; the pile shows the 4♣.
    assert sorted(faces) == sorted(["6♥", "5♥", "3♦"])
    assert "The table as Ben sees it" in scene_html([seen])


def test_places_are_named_from_the_player_s_side():
    assert where(1, 0) == "Ben's top-left card"
    assert where(0, 2, 0) == "their bottom-left card"


def test_a_long_run_draws_its_first_and_last_steps_only(hearts):
    long = [hearts[1]] * 50
    html = scene_html(long, most=10)
    assert html.count('<figure class="moment"') == 10
    assert "… 40 more steps, not drawn here" in html


def test_a_repeat_step_is_one_picture_after_all_its_turns():
    # The same run, read as if the case had said "repeat one turn of draw and discard" for its
    # first two steps (the case format's repeat step): one moment covers both actions.
    recorder = load_hook().Recorder()
    run_case(CASE, "hearts", recorder)
    steps = [{"repeat": {"turns": 1}}, *CASE.data["steps"][2:]]
    repeated = Case(CASE.id, CASE.title, CASE.options, {**CASE.data, "steps": steps}, CASE.file)
    got = case_moments(repeated, "hearts", recorder.log, peek_count=len(DEFAULT_PEEK) * 3)
    assert [m.step for m in got] == [None, 0, 1, 2]
    assert got[1].action is not None and got[1].action["actions"] == 2
    assert "2 actions later (each player in turn: draw, then discard the card in hand)" in scene_html(got[1:2])
    # The snap that follows is still the snap: the log stays aligned.
    assert "which does not match" in scene_html(got[2:3])
