"""The hand calculator of the ruleset and dispute pages: the card values it adds up, read from the catalogue.

`calculator_data` exports what `cambio_ref.rules` builds a ruleset's points table from (the
value options of spec/options/values.yaml, the cards each covers, each ruleset's values) and
the risky-fives rule with its parameters, so docs/javascripts/calculator.js scores a hand as
`cambio_ref.scoring.score_hand` does, for a ruleset or for house rules picked with the "we
play..." picker. Nothing here or in the script states a card's value.

>>> from cambio_ref.catalogue import load_catalogue
>>> from cambio_ref.rulebook.common import prepare_site
>>> data = calculator_data(prepare_site(load_catalogue(), ()))
>>> data["rulesets"]["online"]["values"]["red_king"], data["risky"]["one"]
(40, 25)
>>> next(o["cards"] for o in data["options"] if o["key"] == "six_of_hearts")
['6H']
"""

from __future__ import annotations

import html
import json
from typing import Any

from cambio_ref.cards import JOKER, RANKS, SUITS
from cambio_ref.rulebook.common import Site
from cambio_ref.rulebook.table import card_face

__all__ = ["calculator_data", "calculator_html"]

_RANK_NAMES = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}
_SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def _card(code: str) -> dict[str, Any]:
    """A card as the calculator's buttons show it: its code, face and name.

    >>> _card("KH")
    {'code': 'KH', 'face': 'K♥', 'name': 'king of hearts', 'red': True}
    """
    if code == JOKER:
        return {"code": code, "face": card_face(code), "name": "joker", "red": False}
    rank, suit = code[:-1], code[-1]
    return {"code": code, "face": card_face(code), "name": f"{_RANK_NAMES.get(rank, rank)} of {_SUIT_NAMES[suit]}",
            "red": suit in ("H", "D")}


def calculator_data(site: Site) -> dict[str, Any]:
    """The calculator's data: the cards, the value options in the order `cambio_ref.rules` applies
    them (a later option overrides an earlier one for a card both cover), the risky-fives rule,
    and each ruleset's values."""
    cat = site.cat
    opts = [o for o in cat.options if o.phase == "scoring" and o.ranks]
    options = []
    ranks: list[str] = []
    for opt in opts:
        cards = [JOKER] if opt.ranks == (JOKER,) else [r + s for r in opt.ranks if r != JOKER
                                                       for s in SUITS if opt.covers(r, s)]
        options.append({"key": opt.key, "id": opt.id, "cards": cards})
        ranks += [r for r in opt.ranks if r not in ranks]
    risky = cat.option("risky_fives")
    on = risky.alternative(True)
    params = dict(on.parameters) if on is not None else {}
    jokers = cat.option("jokers")
    deck = [_card(r + s) for r in _in_rank_order(ranks) if r != JOKER for s in SUITS] + [_card(JOKER)]
    return {
        "cards": deck,
        "options": options,
        "face": "face",  # the value meaning "the number on the card" (cambio_ref.rules)
        "jokers": jokers.key, "jokersId": jokers.id,
        "risky": {"key": risky.key, "id": risky.id, "rank": "5", "one": params.get("one_five", 0),
                  "more": params.get("two_or_more_fives", 0),
                  "text": " ".join((on.description if on is not None else "").split())},
        "order": list(site.order),
        "rulesets": {rs: {"values": {o.key: site.rules[rs].value(o.key) for o in opts},
                          risky.key: site.rules[rs].value(risky.key), jokers.key: site.rules[rs].value(jokers.key)}
                     for rs in site.order},
    }


def _in_rank_order(ranks: list[str]) -> list[str]:
    return sorted(ranks, key=lambda r: RANKS.index(r) if r in RANKS else len(RANKS))


def calculator_html(site: Site, ruleset: str | None = None) -> list[str]:
    """The calculator as Markdown lines: a folded block the script fills in (empty without it).

    `ruleset` is the page's own ruleset (a ruleset page); without one, the picked ruleset or
    the first is scored (a dispute page).
    """
    # Compact JSON in a single-quoted attribute: no escaped double quotes, about half the bytes.
    data = html.escape(json.dumps(calculator_data(site), sort_keys=True, ensure_ascii=False, separators=(",", ":")),
                       quote=False).replace("'", "&#x27;")
    own = f' data-ruleset="{ruleset}"' if ruleset else ""
    return [f"<details class=\"calculator\"{own} data-calculator='{data}'>",
            "<summary>Score a hand: tap the cards</summary>",
            '<p class="calc-offline">The calculator needs JavaScript; the card values are in the table of'
            " each ruleset page.</p>",
            "</details>", ""]
