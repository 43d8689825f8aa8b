"""The built rulebook site in a real headless browser: Debian's chromium driven by Playwright.

The site is served from site/ on 127.0.0.1 by a thread in the test; it is built
first (``python docs/build.py --if-stale``) when missing or older than its inputs.
Every page must load with no console error and no request leaving localhost
(tests/site/browsing.py and conftest.py: the pages the browser tests share).
Full-page screenshots go to build/screenshots/ (ignored by git) when CAMBIO_SCREENSHOTS
is set.

Deselect with ``pytest -m "not browser"``. Install the browser with ``make browser``;
never ``playwright install``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Locator, Page

from cambio_ref.answers import answer_for_rules, table_words
from cambio_ref.cases import load_cases
from cambio_ref.catalogue import load_catalogue
from cambio_ref.rulebook import dispute_page
from cambio_ref.rules import resolve
from tests.site.browsing import DESKTOP, PHONE, ROOT, SITE, Visit, url_of
from tests.site.test_players_words import problems as players_words_problems
from tests.site.words import built_player_text

pytestmark = pytest.mark.browser

SHOTS = ROOT / "build" / "screenshots"
# A dispute with one ruleset that cannot play it, shown in the browser and screenshotted.
DISPUTE = "tie.most-cards-breaks-tie"
Opener = Callable[[dict[str, int]], Visit]


def test_built_site_has_every_page(site_url: str) -> None:
    # A generator that ignores MkDocs hooks would silently drop these pages.
    cat = load_catalogue()
    expected = [f"options/{o.id.replace('.', '-')}/index.html" for o in cat.options]
    expected += [f"rulesets/{rs}/index.html" for rs in cat.rulesets]
    expected += [url_of(dispute_page(case)) + "index.html" for case in load_cases()]
    expected += ["index.html", "matrix/index.html", "house-rules/index.html", "disputes/index.html",
                 "developers/index.html", "schemas/house-rules.schema.json", "api/index.html",
                 "api/modules/cambio_ref.rules.html", "search/ask-index.json"]
    assert [p for p in expected if not (SITE / p).is_file()] == []
    assert "Sphinx" in (SITE / "api" / "index.html").read_text(encoding="utf-8")
    # Each page carries its stable anchor: the option, ruleset or case id on its heading.
    anchors = {f"options/{o.id.replace('.', '-')}/index.html": o.id for o in cat.options}
    anchors |= {f"rulesets/{rs}/index.html": rs for rs in cat.rulesets}
    anchors |= {url_of(dispute_page(case)) + "index.html": case for case in load_cases()}
    missing = [p for p, anchor in anchors.items()
               if f'<h1 id="{anchor}">' not in (SITE / p).read_text(encoding="utf-8")]
    assert missing == []


def test_home_page_loads_without_errors(visit: Visit) -> None:
    page = visit.goto("")
    assert page.locator("h1").first.inner_text().rstrip("¶") == "The Cambio rulebook"
    for link in ("Settle a dispute", "Compare the sources", "Write your house rules", "Validate your implementation"):
        assert page.locator("article a", has_text=link).count() == 1, link
    visit.settle()
    assert any(url.endswith(".css") for url in visit.requests)


def search(page: Page, text: str) -> None:
    """Ask the site's search (docs/javascripts/ask.js; tests/site/test_search_browser.py tests it)."""
    page.locator("#ask-open").click()
    page.locator("#ask-q").fill(text)


def search_results(page: Page) -> list[str]:
    """The pages the open search lists, best first (paths from the site root)."""
    page.locator(".ask-result a.ask-title").first.wait_for()
    links: list[str] = page.locator(".ask-result a.ask-title").evaluate_all(
        "links => links.map(a => new URL(a.href).pathname)")
    return links


def test_search_finds_a_tie_answer_and_opens_it(visit: Visit) -> None:
    page = visit.goto("")
    search(page, "tie")
    tie_pages = {"/" + url_of(dispute_page(case)) for case in load_cases() if case.startswith("tie.")}
    listed = search_results(page)
    assert listed and set(listed) <= tie_pages | {"/options/end-tie/"}, listed
    page.locator(".ask-result a.ask-title").first.click()
    page.wait_for_url("**" + listed[0] + "**")
    assert (page.locator("h1").first.get_attribute("id") or "").startswith(("tie.", "end.tie"))


def value_cell(page: Page, option_id: str) -> str:
    row = page.locator("tr", has=page.locator(f'[id="{option_id}"]'))
    assert row.count() == 1
    return row.locator("td").nth(1).inner_text().strip()


def test_ruleset_page_shows_the_right_values(visit: Visit) -> None:
    page = visit.goto("rulesets/hearts/")
    # hearts.txt, "Value of the Card": the six of hearts is worth -3 points (in words; the code is folded).
    assert resolve("hearts").six_of_hearts == -3
    assert value_cell(page, "value.six-of-hearts") == "Minus three points."
    page = visit.goto("rulesets/online/")
    # online.html, "How to play": the red king is worth 40.
    assert resolve("online").red_king == 40
    assert value_cell(page, "value.red-king") == "Forty points, the worst card in the deck."


def test_no_built_player_page_shows_an_id_a_code_the_reference_or_an_error_code(site_url: str) -> None:
    """Issue 30: the walk of tests/site/test_rulebook.py reads the generated Markdown; this one reads the
    built pages a player opens, as the browser gets them (hand-written pages and the theme's templates
    included), outside their folded "For implementers" parts."""
    ids = frozenset(o.id for o in load_catalogue().options)
    paths = [SITE / "index.html", *(p for d in ("options", "rulesets", "disputes", "sheets", "glossary", "sources")
                                    for p in sorted((SITE / d).rglob("index.html")))]
    bad = {str(p.relative_to(SITE)): found for p in paths
           if (found := players_words_problems(built_player_text(p.read_text(encoding="utf-8")), ids))}
    assert len(paths) > 200 and not bad, bad


@pytest.mark.parametrize("ruleset", sorted(load_catalogue().rulesets))
def test_ruleset_page_prints_on_one_page(visit: Visit, ruleset: str) -> None:
    pdf = visit.goto(f"rulesets/{ruleset}/").pdf(format="A4")
    pages = len(re.findall(rb"/Type\s*/Page\b", pdf))
    assert pages == 1, f"the {ruleset} rule sheet prints on {pages} A4 pages"


def test_variant_matrix_has_one_column_per_ruleset(visit: Visit) -> None:
    page = visit.goto("matrix/")
    headers = [h.strip() for h in page.locator(".variant-matrix thead th").all_inner_texts()]
    assert headers[:2] == ["option", "phase"]
    assert sorted(headers[2:]) == sorted(load_catalogue().rulesets)
    assert page.locator(".variant-matrix tbody tr").count() == len(load_catalogue().options)
    assert page.locator(".variant-matrix mark").count() > 0


def answer(page: Page, case: str, ruleset: str) -> Locator:
    return page.locator(f'.answer[id="{case}:{ruleset}"]')


def test_dispute_page_shows_an_answer_for_every_ruleset(visit: Visit) -> None:
    case = load_cases()[DISPUTE]
    page = visit.goto(url_of(dispute_page(DISPUTE)))
    assert page.locator("h1").first.get_attribute("id") == DISPUTE
    assert page.locator("h1").first.inner_text().rstrip("¶") == case.title
    applies = [rs for rs in case.rulesets if case.applies_to(rs)]
    assert applies and len(applies) < len(case.rulesets), f"{DISPUTE} should show both kinds of answer"
    for rs, outcome in case.rulesets.items():
        block = answer(page, DISPUTE, rs)
        assert block.count() == 1, rs
        text = " ".join(block.inner_text().split())
        assert text.startswith(rs + " "), rs
        # What backs the answer, and a visible link to it.
        assert block.locator(".why").is_visible()
        assert block.locator("a.answer-link").get_attribute("href") == f"#{DISPUTE}:{rs}"
        if rs in applies:
            # The sentence of the case file; what the reference did is for implementers, further down.
            assert " ".join(table_words(outcome["answer"]).split())[:30] in text, rs
            assert "Reference" not in text and "Passes" not in text, rs
            assert f"{rs}: round over after a call" in page.locator("#for-implementers ~ ul").first.inner_text(), rs
        else:
            assert "Not applicable: " in text and "Reference" not in text, rs
    # One log per ruleset that plays it, folded away under "for implementers" until opened.
    logs = page.locator(".case-logs details")
    assert logs.count() == len(applies)
    assert not logs.first.locator("pre").is_visible()
    logs.first.locator("summary").click()
    assert logs.first.locator("pre").is_visible()
    assert "seen by" in logs.first.locator("pre").inner_text()


WRONG_SNAP = "snap.wrong-other-card"


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_home_to_the_hearts_answer_of_the_wrong_snap_in_at_most_three_taps(open_visit: Opener,
                                                                          viewport: dict[str, int]) -> None:
    page = open_visit(viewport).goto("")
    # Tap 1: the question, listed among the most argued ones on the home page.
    page.locator("#argued ~ ol a", has_text=load_cases()[WRONG_SNAP].title).first.click()
    page.wait_for_url(f"**/{url_of(dispute_page(WRONG_SNAP))}**")
    hearts = answer(page, WRONG_SNAP, "hearts")
    hearts.scroll_into_view_if_needed()
    assert hearts.is_visible()
    # hearts §3e: the card goes back and the flipper takes a blind penalty card; the row cites it.
    source = hearts.locator(".why a", has_text="hearts §3e")
    assert source.is_visible() and (source.get_attribute("href") or "").endswith("sources/#hearts")


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_one_search_for_wrong_flip_finds_the_dispute_with_its_answer(open_visit: Opener,
                                                                    viewport: dict[str, int]) -> None:
    page = open_visit(viewport).goto("")
    page.locator("#front-q").click()
    page.keyboard.type("wrong flip of another player's card")  # key by key; the box reads it on Enter
    page.keyboard.press("Enter")  # the home page's box opens the site search with the question
    listed = search_results(page)
    # The rule that settles it comes first, then the dispute that plays it.
    assert listed[:2] == ["/options/snap-wrong-other/", "/" + url_of(dispute_page(WRONG_SNAP))], listed
    teaser = " ".join(page.locator(".ask-result .ask-teaser").nth(1).inner_text().split())
    openings = [" ".join(str(a["answer"]).split()[:5]) for a in load_cases()[WRONG_SNAP].rulesets.values()
                if "answer" in a]
    assert any(opening in teaser for opening in openings), (teaser, openings)


def test_the_picker_narrows_every_answer_table_and_can_show_all(visit: Visit) -> None:
    page = visit.goto("")
    page.select_option("#we-play-select", "hearts")
    page = visit.goto(url_of(dispute_page(WRONG_SNAP)))
    visible = page.locator(".answer:visible").evaluate_all("l => l.map(a => a.dataset.ruleset)")
    assert visible == ["hearts"]
    assert "We play hearts" in page.locator(".we-play-bar").first.inner_text()
    # The ruleset's scene is the one drawn open.
    assert page.locator(".scenes details[open] .scene").get_attribute("data-ruleset") == "hearts"
    # An option's comparison table keeps only the chosen ruleset's row.
    page = visit.goto("options/snap-wrong-other/")
    assert page.locator(".compare tbody tr:visible").count() == 1
    page.locator(".we-play-bar button").first.click()
    assert page.locator(".compare tbody tr:visible").count() == len(load_catalogue().rulesets)
    # "show all" forgets the choice: the next page shows every answer again.
    page = visit.goto(url_of(dispute_page(WRONG_SNAP)))
    assert page.locator(".answer:visible").count() == len(load_cases()[WRONG_SNAP].rulesets)


def test_house_rules_in_one_line_take_the_answer_of_the_ruleset_that_plays_the_same(visit: Visit) -> None:
    page = visit.goto("")
    page.select_option("#we-play-select", "house")
    page.locator("#we-play-house").fill("online(tie=caller-loses)")
    page.locator("#we-play-house").press("Enter")
    page = visit.goto(url_of(dispute_page("tie.caller-ties-lowest")))
    # The same choice as `cambio ask` (cambio_ref.answers.answer_for_rules).
    expected, note = answer_for_rules(load_cases()["tie.caller-ties-lowest"], resolve("online(tie=caller-loses)"))
    assert page.locator(".answer:visible").evaluate_all("l => l.map(a => a.dataset.ruleset)") == [expected.ruleset]
    assert note in page.locator(".we-play-bar").first.inner_text()


def test_a_scenario_picture_draws_the_right_cards(visit: Visit) -> None:
    page = visit.goto(url_of(dispute_page(WRONG_SNAP)))
    scene = page.locator(".scenes details").first
    assert scene.get_attribute("open") is not None
    first = scene.locator("figure.moment").first
    cleo = first.locator(".seat").nth(2)
    # The case's deal: seat 2 (Cleo) holds 2♦ 3♦ 6♦ 5♦, face down, named small for the reader.
    assert cleo.locator(".who").inner_text().startswith("Cleo (seat 3)")
    assert [" ".join(t.split()) for t in cleo.locator(".grid .pc").all_inner_texts()] == ["2♦", "3♦", "6♦", "5♦"]
    assert cleo.locator(".grid .pc.back").count() == 4
    # The wrong snap is told in table language under its picture.
    captions = scene.locator("figcaption").all_inner_texts()
    assert any("snaps Cleo's top-right card, the 3♦, which does not match" in c for c in captions), captions
    # Seen on a phone, the pictures fit the screen.
    page.set_viewport_size({"width": PHONE["width"], "height": PHONE["height"]})
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_no_request_leaves_localhost(visit: Visit) -> None:
    for path in ("", "options/snap-wrong-own/", "rulesets/awareness/", "matrix/", "house-rules/",
                 url_of(dispute_page(DISPUTE)), "schemas/house-rules.schema.json", "api/"):
        visit.goto(path)
        visit.settle()
    search(visit.goto(""), "snap")
    search_results(visit.page)
    assert visit.requests and all(url.startswith(visit.site_url) for url in visit.requests
                                  if not url.startswith(("data:", "blob:")))


def test_a_request_leaving_localhost_is_refused_and_seen(visit: Visit) -> None:
    # What test_no_request_leaves_localhost and each test's end rely on (tests/site/browsing.py): the
    # browser's proxy refuses the request, and the Visit lists it among those that left localhost.
    page = visit.goto("")
    with page.expect_console_message(lambda m: m.type == "error"), page.expect_event("requestfailed") as failed:
        page.evaluate("u => fetch(u, {mode: 'no-cors'}).catch(() => null)", "https://cdn.example/x.js")
    assert failed.value.url == "https://cdn.example/x.js"
    assert failed.value.failure == "net::ERR_PROXY_CONNECTION_FAILED"
    assert visit.outside == ["https://cdn.example/x.js"]
    assert visit.errors == ["console: Failed to load resource: net::ERR_PROXY_CONNECTION_FAILED"]
    # Asserted here, so forgotten before the test's end would fail it for the same request.
    visit.outside.clear()
    visit.errors.clear()


SCREENS = {"home": "", "option": "options/snap-wrong-own/", "dispute": url_of(dispute_page(DISPUTE)),
           "matrix": "matrix/", "ruleset": "rulesets/hearts/", "sheet": "sheets/hearts/", "glossary": "glossary/"}
# A scene folded on a dispute page is fetched when opened (docs/javascripts/scenes.js): drawn when this holds.
SCENES_DRAWN = ("() => [...document.querySelectorAll('details[open] .scene[data-src]')]"
                ".every(s => s.dataset.loaded === 'yes')")


@pytest.mark.parametrize("name", sorted(SCREENS))
@pytest.mark.parametrize(("size", "viewport"), [("phone", PHONE), ("desktop", DESKTOP)])
def test_no_page_is_wider_than_the_screen(open_visit: Opener, name: str, size: str, viewport: dict[str, int]) -> None:
    page = open_visit(viewport).goto(SCREENS[name])
    # Every fold opened (the dispute's logs and scenes: long lines too), each scene drawn.
    page.evaluate("() => document.querySelectorAll('details').forEach(d => { d.open = true; })")
    page.wait_for_function(SCENES_DRAWN)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= viewport["width"], f"{name} overflows at {viewport['width']}px: {width}px wide"
    # A full-page shot of a long page costs seconds of chromium's CPU (the glossary about 3 s), more
    # than the check: taken only on demand, to look at the pages.
    if os.environ.get("CAMBIO_SCREENSHOTS"):
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}-{size}.png"), full_page=True)
