"""Scenes a player reads: each caption before its picture, in players' words, the seats round a
table with the direction of play, every step drawn, and no implementer text on the player's part.

The cases are played by the reference through the site hook's recorder. What a refused snap
of a locked caller's card is comes from hearts §6 (the caller's cards are locked after the
call); the direction of play from hearts §6 (counter-clockwise) and online §How to play
(clockwise).
"""

from __future__ import annotations

import re

import pytest

from cambio_ref.cases import load_cases
from cambio_ref.catalogue import load_catalogue
from cambio_ref.rulebook import case_dispute, dispute_page, render_site, site_files, site_scenes
from cambio_ref.rulebook.disputes import scene_mark
from cambio_ref.rulebook.model import Moment
from cambio_ref.rulebook.table import case_moments, picture, scene_html, seat_places
from cambio_ref.rules import resolve
from conformance.scenarios import DEFAULT_PEEK, run_case
from tests.site.browsing import Visit, url_of
from tests.site.test_rulebook import load_hook
from tests.site.words import developer_tokens

CASES = load_cases()
CAT = load_catalogue()


def played(case_id: str, ruleset: str) -> tuple[Moment, ...]:
    case = CASES[case_id]
    recorder = load_hook().Recorder()
    run_case(case, ruleset, recorder)
    return case_moments(case, ruleset, recorder.log, peek_count=len(DEFAULT_PEEK) * int(case.data["setup"]["players"]))


def captions(html: str) -> list[str]:
    return [re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<figcaption>(.*?)</figcaption>", html)]


@pytest.fixture(scope="module")
def locked() -> tuple[Moment, ...]:
    return played("call.locked-caller", "hearts")


def test_each_caption_comes_before_its_picture(locked):
    html = scene_html(locked, CAT)
    figures = re.findall(r'<figure class="moment"[^>]*>(.*?)</figure>', html, flags=re.DOTALL)
    assert len(figures) == len(locked)
    for fig in figures:
        assert fig.index("<figcaption>") < fig.index('<div class="table-pic">')


def test_a_refused_action_is_told_without_its_error_code(locked):
    said = captions(scene_html(locked, CAT))
    refused = [c for c in said if "Not allowed" in c]
    # hearts §6: after the call nobody may snap or swap the caller's cards, so the case's snaps
    # and the jack's swap of a caller's card are refused.
    assert refused, said
    assert all(developer_tokens(c) == [] for c in said), [(c, developer_tokens(c)) for c in said]
    assert not any(re.search(r"\bslots? \d", c) for c in said)


@pytest.mark.parametrize(("case_id", "ruleset"), [("snap.wrong-other-card", "hearts"),
                                                  ("snap.wrong-other-card", "online"),
                                                  ("call.locked-caller", "awareness")])
def test_captions_speak_players_words(case_id, ruleset):
    said = captions(scene_html(played(case_id, ruleset), CAT))
    assert said and all(developer_tokens(c) == [] for c in said), [c for c in said if developer_tokens(c)]


def test_the_seats_sit_round_the_table_clockwise_from_the_bottom():
    # Seats are numbered clockwise (spec/core.yaml core.players); seat 0 sits at the bottom.
    assert seat_places(2) == ("s", "n")
    assert seat_places(4) == ("s", "w", "n", "e")
    assert len(set(seat_places(8))) == 8


@pytest.mark.parametrize("ruleset", ["hearts", "online"])
def test_the_picture_shows_the_direction_of_play(ruleset):
    moments = played("snap.wrong-other-card", ruleset)
    html = picture(moments[0])
    direction = resolve(ruleset).direction  # hearts §6: counter-clockwise; online: clockwise
    assert f"play goes {direction.replace('-', ' ')}" in html
    assert [m.group(1) for m in re.finditer(r'class="seat[^"]* at-(\w+)"', html)] == list(seat_places(3))


def test_every_step_is_drawn_when_a_run_is_only_a_little_long():
    # match.first-to-four-round-wins under memory has 31 moments: skipping one of them hid a step.
    moments = played("match.first-to-four-round-wins", "memory")
    assert len(moments) > 30
    html = scene_html(moments, CAT)
    assert html.count('<figure class="moment"') == len(moments)
    assert "not drawn here" not in html


def test_the_answers_a_player_reads_carry_no_implementer_text():
    d = case_dispute(CASES["call.locked-caller"], {}, peek=DEFAULT_PEEK,
                     scenes={"hearts": played("call.locked-caller", "hearts")})
    page = render_site(CAT, disputes=[d])[dispute_page(d.id)]
    players_part = page[:page.index("## For implementers")]
    for said in ("Reference", "Passes", "✓", "Showing"):
        assert said not in players_part, said
    scenes = players_part[players_part.index("## The table, step by step"):].split("## Citations")[0]
    # The captions and the prose around the pictures (a picture labels each seat with its number from 1).
    prose = [line for line in scenes.splitlines() if "<" not in line and not line.startswith("#")]
    assert developer_tokens("\n".join([*captions(scenes), *prose])) == []


@pytest.mark.browser
def test_the_built_dispute_page_puts_each_caption_above_its_picture(visit: Visit) -> None:
    page = visit.goto(url_of(dispute_page("call.locked-caller")))
    figure = page.locator(".scenes details[open] figure.moment")
    assert figure.count() > 3
    for i in range(figure.count()):
        cap = figure.nth(i).locator("figcaption").bounding_box()
        pic = figure.nth(i).locator(".table-pic").bounding_box()
        assert cap is not None and pic is not None
        assert cap["y"] + cap["height"] <= pic["y"] + 1, i
    said = "\n".join(page.locator(".scenes details[open] figcaption").all_inner_texts())
    assert developer_tokens(said) == []
    assert "play goes" in page.locator(".scenes details[open] .table-pic").first.inner_text()
    # The answers hold no reference verdict: that is under "For implementers".
    assert "Passes" not in page.locator(".answers").inner_text()


def test_a_page_draws_its_first_scene_and_loads_the_others_from_files_beside_it():
    scenes = {rs: played("snap.wrong-other-card", rs) for rs in ("memory", "online", "hearts")}
    d = case_dispute(CASES["snap.wrong-other-card"], {}, peek=DEFAULT_PEEK, scenes=scenes)
    page = render_site(CAT, disputes=[d])[dispute_page(d.id)]
    files = site_files(CAT, [d])
    # memory comes first in the order of the sources: drawn in the page (its mark, which the
    # scene's HTML replaces once the Markdown is converted); the others are files.
    drawn = site_scenes(CAT, [d])
    assert drawn == {dispute_page(d.id): {f"<p>{scene_mark('memory')}</p>": scene_html(scenes["memory"], CAT,
                                                                                     prefix="memory-")}}
    assert page.count(scene_mark("memory")) == 1 and "<figure" not in page
    assert set(files) == {"disputes/snap-wrong-other-card/scene-online.html",
                          "disputes/snap-wrong-other-card/scene-hearts.html"}
    assert files["disputes/snap-wrong-other-card/scene-hearts.html"] == scene_html(scenes["hearts"], CAT,
                                                                                   prefix="hearts-")
    assert 'data-src="scene-hearts.html"' in page


@pytest.mark.browser
def test_opening_a_folded_scene_loads_it(visit: Visit) -> None:
    page = visit.goto(url_of(dispute_page("snap.wrong-other-card")))
    folded = page.locator(".scenes details").nth(1)  # the first is open and drawn in the page
    assert folded.get_attribute("open") is None and folded.locator("figure.moment").count() == 0
    folded.locator("summary").click()
    folded.locator("figure.moment").first.wait_for()
    assert folded.locator("figcaption").first.inner_text().startswith("The deal.")


def test_steps_are_numbered_as_the_ruleset_takes_them():
    # call.locked-caller: under hearts (call.timing=end-of-turn) the case's first step, the call at
    # the start of a turn, is not taken; the steps drawn are still numbered 1, 2, 3, ... without a gap.
    moments = played("call.locked-caller", "hearts")
    assert moments[1].step != 0  # the case's step 1 is skipped under hearts
    labels = re.findall(r"<strong>Step (\d+)\.</strong>", scene_html(moments, CAT))
    assert labels == [str(n) for n in range(1, len(labels) + 1)] and len(labels) == len(moments) - 1
