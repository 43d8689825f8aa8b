"""Accessibility, in the browser: axe-core finds no violation on the pages a table uses.

axe-core comes bundled inside axe-playwright-python (the `docs` extra): it is injected into the
page from the package, so nothing is fetched (each Visit fails on a request leaving localhost).
The pages: the home page (with its picker), a dispute page narrowed by the picker, an option
page, a ruleset page with its calculator open, a quick-reference sheet, the glossary and the open
search; on a phone, the buttons a thumb taps in two of them are at least 44 px each way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

from cambio_ref.rulebook import dispute_page
from tests.site.browsing import DESKTOP, PHONE, Visit, url_of

pytestmark = pytest.mark.browser

DISPUTE = url_of(dispute_page("snap.wrong-other-card"))


def violations(page: Page) -> list[str]:
    """axe-core's violations on the page as it stands, one line each (rule, impact, first places)."""
    found: list[dict[str, Any]] = Axe().run(page).response["violations"]
    return [f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes'][:3]]}" for v in found]


def small_targets(page: Page, selector: str) -> list[list[Any]]:
    """The visible buttons of `selector` less than 44 px wide or tall: [text, width, height]."""
    sizes: list[list[Any]] = page.locator(selector).evaluate_all(
        "bs => bs.filter(b => b.offsetParent !== null).map(b => { const r = b.getBoundingClientRect();"
        " return [b.textContent.trim(), Math.round(r.width), Math.round(r.height)]; })")
    assert sizes, selector
    return [s for s in sizes if s[1] < 44 or s[2] < 44]


def _open_calculator(page: Page) -> None:
    page.locator("details.calculator summary").click()
    page.locator(".calc-cards [data-card='KH']").click()


def _pick_house_rules(page: Page) -> None:
    page.select_option("#we-play-select", "house")
    page.locator("#we-play-house").wait_for(state="visible")


def _open_search(page: Page) -> None:
    # The open search panel (issue 30: the header's Search button failed contrast while it was open),
    # with a "not sure" reply and its previews, then an answer.
    page.locator("#ask-open").click()
    page.locator("#ask-q").fill("zebra unicorn")
    page.locator(".ask-unsure").wait_for()
    page.locator("#ask-q").fill("who wins a tie")
    page.locator(".ask-result[data-top]").first.wait_for()


PAGES: dict[str, tuple[str, Callable[[Page], None] | None]] = {
    "home": ("", None),
    "picker": ("", _pick_house_rules),
    "dispute": (DISPUTE, None),
    "option": ("options/snap-wrong-other/", None),
    "ruleset": ("rulesets/hearts/", _open_calculator),
    "sheet": ("sheets/online/", None),
    "glossary": ("glossary/", None),
    "search": ("", _open_search),
}
# Issue 30 (the calculator's card buttons were 31 px on a phone): on a phone, the buttons a thumb
# taps in these states are at least 44 px each way, checked on the page axe checks.
TOUCH = {"ruleset": ".calc-cards button, .calc-hand button, .calc-clear", "search": "#ask-open, .ask-close"}


@pytest.mark.parametrize("name", sorted(PAGES))
@pytest.mark.parametrize(("size", "viewport"), [("phone", PHONE), ("desktop", DESKTOP)])
def test_axe_finds_no_violation(open_visit: Callable[[dict[str, int]], Visit], name: str, size: str,
                                viewport: dict[str, int]) -> None:
    path, then = PAGES[name]
    page = open_visit(viewport).goto(path)
    if then is not None:
        then(page)
    assert violations(page) == []
    if size == "phone" and name in TOUCH:
        assert small_targets(page, TOUCH[name]) == []


def test_axe_finds_no_violation_on_a_dispute_narrowed_by_the_picker(visit: Visit) -> None:
    visit.goto("").select_option("#we-play-select", "hearts")
    page = visit.goto(DISPUTE)
    assert page.locator(".we-play-bar").count() > 0
    assert violations(page) == []
