"""The hand calculator of the ruleset and dispute pages, in the browser: tap cards, read each card's
points and the total; it must agree with the scorer (`cambio score`) under every ruleset.

Hand-checked examples: online §How to play values a red king 40, a black king -1, a joker 0 and an
ace 1, so K♥ K♠ Joker A♣ is 40 (the README's `cambio score` example); hearts §Value of the Card
values the 6♥ at -3; online §Options' risky fives make one five add 25 instead of its face value,
so 5♥ 2♣ is 27.
"""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page

from cambio_ref.cards import Card, standard_deck
from cambio_ref.catalogue import load_catalogue
from cambio_ref.rulebook import dispute_page
from cambio_ref.rules import resolve
from cambio_ref.scoring import score_hand
from tests.site.browsing import PHONE, Visit, url_of

pytestmark = pytest.mark.browser

RULESETS = sorted(load_catalogue().rulesets)


def opened(page: Page) -> None:
    calc = page.locator("details.calculator")
    if calc.get_attribute("open") is None:
        calc.locator("summary").click()


def tap(page: Page, *cards: str) -> None:
    opened(page)
    calc = page.locator("details.calculator")
    calc.locator(".calc-clear").click()
    for code in cards:
        calc.locator(f".calc-cards [data-card='{code}']").click()


def total(page: Page) -> int:
    return int(page.locator("details.calculator .calc-sum").inner_text())


def points(page: Page) -> list[int]:
    return [int(p) for p in page.locator("details.calculator .calc-hand li").evaluate_all(
        "items => items.map(li => li.dataset.points)")]


# The hands of a ruleset tapped in the page itself, each after "Clear the hand": the same click
# handlers as a tap, without a round trip to the browser for each card (the first test taps them one by one).
TAP_HANDS = """hands => {
  const calc = document.querySelector("details.calculator");
  return hands.map(hand => {
    calc.querySelector(".calc-clear").click();
    for (const code of hand) { calc.querySelector(`.calc-cards [data-card='${code}']`).click(); }
    return [Number(calc.querySelector(".calc-sum").textContent),
            [...calc.querySelectorAll(".calc-hand li")].map(li => Number(li.dataset.points))];
  });
}"""


def test_a_ruleset_page_scores_a_hand_card_by_card(phone: Visit) -> None:
    page = phone.goto("rulesets/online/")
    tap(page, "KH", "KS", "X", "AC")
    assert points(page) == [40, -1, 0, 1]
    assert total(page) == 40
    # Tapping a card of the hand takes it out.
    page.locator("details.calculator .calc-hand li button").first.click()
    assert points(page) == [-1, 0, 1] and total(page) == 0
    page = phone.goto("rulesets/hearts/")
    tap(page, "6H", "6S")
    assert points(page) == [-3, 6] and total(page) == 3
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_the_calculator_agrees_with_the_scorer_under_every_ruleset(visit: Visit) -> None:
    draw = random.Random(24)
    page = visit.goto(url_of(dispute_page("tie.caller-ties-lowest")))
    for rs in RULESETS:
        rules = resolve(rs)
        deck = sorted({c.code for c in standard_deck(rules.jokers)})
        hands = [["5H"], ["5H", "5S", "KD"], ["6H", "X" if rules.jokers else "AS", "KC", "KH", "QS"]]
        hands += [draw.sample(deck, draw.randint(1, 6)) for _ in range(4)]
        opened(page)
        page.locator("details.calculator .calc-ruleset").select_option(rs)
        for hand, (shown_total, shown_points) in zip(hands, page.evaluate(TAP_HANDS, hands), strict=True):
            expected = score_hand([Card.parse(c) for c in hand], rules)
            assert shown_total == expected.total, (rs, hand)
            assert shown_points == [c.points for c in expected.cards], (rs, hand)


def test_the_picked_house_rules_are_scored_on_a_dispute_page(visit: Visit) -> None:
    page = visit.goto("")
    page.select_option("#we-play-select", "house")
    page.locator("#we-play-house").fill("online(risky_fives=true)")
    page.locator("#we-play-house").press("Enter")
    page = visit.goto(url_of(dispute_page("tie.caller-ties-lowest")))
    assert page.locator("details.calculator .calc-ruleset").input_value() == "picked"
    tap(page, "5H", "2C")
    rules = resolve("online(risky_fives=true)")
    assert total(page) == score_hand([Card.parse("5H"), Card.parse("2C")], rules).total == 27
    assert "risky fives" in page.locator("details.calculator .calc-hand").inner_text()
