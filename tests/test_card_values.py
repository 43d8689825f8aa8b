"""Card values and hand scores for every ruleset, derived from the source documents.

Every expectation below was read off the source text in ../shared/sources/ and
carries its citation (source key + section, as in spec/sources.yaml) next to it.
Where a number comes from a project ruling instead, the comment says so.
"""

from __future__ import annotations

import json

import pytest

from cambio_ref.cards import RANKS, SUITS, Card
from cambio_ref.cli import main
from cambio_ref.errors import UnknownCardError
from cambio_ref.rules import resolve
from cambio_ref.scoring import card_points, score_hand

RULESETS = ("memory", "online", "hearts", "official", "awareness")

# The value alternatives this module checks (see tests/engine/test_coverage.py).
pytestmark = pytest.mark.exercises(
    "value.number-cards=face", "value.ace=1", "value.ace=0", "value.jack=10", "value.jack=11",
    "value.queen=10", "value.queen=12", "value.red-king=-1", "value.red-king=-2",
    "value.red-king=40", "value.black-king=10", "value.black-king=-1", "value.black-king=13",
    "value.joker=0", "value.joker=-1", "value.six-of-hearts=6", "value.six-of-hearts=-3",
    "scoring.risky-fives=false", "scoring.risky-fives=true",
    "value.red-king=25", "value.red-king=0", "value.red-king=13", "value.black-king=15",
    "value.black-king=20", "value.black-king=-2",
)


def hand(*codes: str) -> list[Card]:
    return [Card.parse(c) for c in codes]


# (ruleset, card, points, citation): one special card per row.
SPECIAL_CARDS = [
    # memory §values: red kings -1, joker 0, ace 1; jacks, queens and black kings 10.
    ("memory", "AS", 1, "memory §values: A = 1 point"),
    ("memory", "AH", 1, "memory §values: A = 1 point"),
    ("memory", "JC", 10, "memory §values: J = 10"),
    ("memory", "QD", 10, "memory §values: Q = 10"),
    ("memory", "KH", -1, "memory §values: red kings = -1"),
    ("memory", "KD", -1, "memory §values: red kings = -1"),
    ("memory", "KS", 10, "memory §values: black kings = 10"),
    ("memory", "KC", 10, "memory §values: black kings = 10"),
    ("memory", "X", 0, "memory §values: joker = 0"),
    ("memory", "6H", 6, "memory §values: 2-10 at face value, no exception for the 6 of hearts"),
    # online §How to play: black king -1, joker 0, ace 1, jack and queen 10, red king 40.
    ("online", "AD", 1, "online §How to play: ace = 1"),
    ("online", "JH", 10, "online §How to play: jack = 10"),
    ("online", "QS", 10, "online §How to play: queen = 10"),
    ("online", "KH", 40, "online §How to play: red king = 40"),
    ("online", "KD", 40, "online §How to play: red king = 40"),
    ("online", "KS", -1, "online §How to play: black king = -1"),
    ("online", "KC", -1, "online §How to play: black king = -1"),
    ("online", "X", 0, "online §How to play: joker = 0"),
    ("online", "6H", 6, "online §How to play: numbers are worth their face value"),
    # hearts §Value of the Card: ace 0, joker -1, the kings of hearts and diamonds -2,
    # the six of hearts -3, every other face card 10.
    ("hearts", "AS", 0, "hearts §Value of the Card: Ace = 0"),
    ("hearts", "AH", 0, "hearts §Value of the Card: Ace = 0"),
    ("hearts", "JD", 10, "hearts §Value of the Card: all other face cards = 10"),
    ("hearts", "QC", 10, "hearts §Value of the Card: all other face cards = 10"),
    ("hearts", "KH", -2, "hearts §Value of the Card: King of hearts = -2"),
    ("hearts", "KD", -2, "hearts §Value of the Card: King of diamonds = -2"),
    ("hearts", "KS", 10, "hearts §Value of the Card: all other face cards (black kings) = 10"),
    ("hearts", "KC", 10, "hearts §Value of the Card: all other face cards (black kings) = 10"),
    ("hearts", "X", -1, "hearts §Value of the Card: Joker = -1"),
    ("hearts", "6H", -3, "hearts §Value of the Card: 6 of hearts = -3"),
    ("hearts", "6D", 6, "hearts §Value of the Card: only the 6 of hearts is special"),
    ("hearts", "6S", 6, "hearts §Value of the Card: only the 6 of hearts is special"),
    ("hearts", "6C", 6, "hearts §Value of the Card: only the 6 of hearts is special"),
    # official §Card Point Values: Ace 1, Jack 10, Queen 10, King (Black) 10, King (Red) -1, Joker 0.
    ("official", "AC", 1, "official §Card Point Values: Ace = 1"),
    ("official", "JS", 10, "official §Card Point Values: Jack = 10"),
    ("official", "QH", 10, "official §Card Point Values: Queen = 10"),
    ("official", "KH", -1, "official §Card Point Values: King (Red) = -1"),
    ("official", "KD", -1, "official §Card Point Values: King (Red) = -1"),
    ("official", "KS", 10, "official §Card Point Values: King (Black) = 10"),
    ("official", "KC", 10, "official §Card Point Values: King (Black) = 10"),
    ("official", "X", 0, "official §Card Point Values: Joker = 0"),
    ("official", "6H", 6, "official §Card Point Values: 2-10 at face value"),
    # awareness §Points: face value (ace 1, jack 11, queen 12), black king 13, red king -2.
    ("awareness", "AH", 1, "awareness §Points: Ace = 1"),
    ("awareness", "JD", 11, "awareness §Points: J = 11"),
    ("awareness", "QS", 12, "awareness §Points: Q = 12"),
    ("awareness", "KH", -2, "awareness §Points: red king = -2"),
    ("awareness", "KD", -2, "awareness §Points: red king = -2"),
    ("awareness", "KS", 13, "awareness §Points: black king = 13"),
    ("awareness", "KC", 13, "awareness §Points: black king = 13"),
    ("awareness", "6H", 6, "awareness §Points: number cards at face value"),
]


@pytest.mark.parametrize(("ruleset", "code", "points", "cite"), SPECIAL_CARDS,
                         ids=[f"{r}-{c}" for r, c, _, _ in SPECIAL_CARDS])
def test_special_card_value(ruleset: str, code: str, points: int, cite: str) -> None:
    rules = resolve(ruleset)
    card = Card.parse(code)
    assert card_points(card, rules) == points, cite
    assert score_hand([card], rules).total == points, cite


# Number cards 2-10 at face value, in every suit (the 6 of hearts is covered above).
NUMBER_CITES = {
    "memory": "memory §values: 2-10 face value",
    "online": "online §How to play: numbers are worth their face value",
    "hearts": "hearts §Value of the Card: number cards count their face value",
    "official": "official §Card Point Values: 2-10 face value",
    "awareness": "awareness §Points: 2 = 2 ... (face value)",
}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_number_cards_are_worth_their_face_value(ruleset: str) -> None:
    rules = resolve(ruleset)
    checked = 0
    for suit in SUITS:
        for rank in RANKS[1:10]:  # 2 .. 10
            card = Card(rank, suit)
            if ruleset == "hearts" and card.code == "6H":
                continue  # hearts §Value of the Card: 6 of hearts = -3 (tested above)
            assert card_points(card, rules) == int(rank), f"{card}: {NUMBER_CITES[ruleset]}"
            checked += 1
    assert checked == 36 - (ruleset == "hearts")


def test_six_of_hearts_is_reported_as_a_special_rule() -> None:
    # hearts §Value of the Card: 6 of hearts = -3; the score says which rule applied.
    result = score_hand(hand("6H", "6D"), resolve("hearts"))
    assert result.total == -3 + 6
    assert [s.points for s in result.cards] == [-3, 6]
    assert any("six-of-hearts" in line and "-3" in line for line in result.applied)
    # online §How to play: numbers at face value, so nothing special applies.
    plain = score_hand(hand("6H", "6D"), resolve("online"))
    assert plain.total == 12
    assert plain.applied == ()


# -- whole hands -----------------------------------------------------------------


def test_online_example_hand_totals_40() -> None:
    # online §How to play: red king 40, black king -1, joker 0, ace 1 -> 40 - 1 + 0 + 1.
    result = score_hand(hand("KH", "KS", "X", "AC"), resolve("online"))
    assert result.total == 40
    assert [(s.card.code, s.points) for s in result.cards] == [("KH", 40), ("KS", -1), ("X", 0), ("AC", 1)]


def test_official_negative_total_example() -> None:
    # official §Q&A: Red King & Negative Scores: its example hand of two red kings, a
    # joker and an ace totals -1.
    assert score_hand(hand("KH", "KD", "X", "AS"), resolve("official")).total == -1


@pytest.mark.parametrize(("ruleset", "codes", "total", "cite"), [
    # memory §values: red K -1, joker 0, A 1, 10 at face value.
    ("memory", ("KD", "X", "AS", "10C"), -1 + 0 + 1 + 10, "memory §values"),
    # hearts §Value of the Card: A 0, 6 of hearts -3, red K -2, joker -1.
    ("hearts", ("AH", "6H", "KD", "X"), 0 - 3 - 2 - 1, "hearts §Value of the Card"),
    # awareness §Points: J 11, Q 12, black K 13, red K -2.
    ("awareness", ("JS", "QH", "KS", "KH"), 11 + 12 + 13 - 2, "awareness §Points"),
    # official §Card Point Values: J 10, Q 10, black K 10, 9 at face value.
    ("official", ("JS", "QH", "KC", "9D"), 10 + 10 + 10 + 9, "official §Card Point Values"),
    # online §How to play: black K -1 twice, jack 10, a 5 without risky fives.
    ("online", ("KS", "KC", "JD", "5H"), -1 - 1 + 10 + 5, "online §How to play"),
], ids=["memory", "hearts", "awareness", "official", "online"])
def test_hand_totals(ruleset: str, codes: tuple[str, ...], total: int, cite: str) -> None:
    assert score_hand(hand(*codes), resolve(ruleset)).total == total, cite


@pytest.mark.parametrize("ruleset", RULESETS)
def test_an_empty_hand_scores_zero(ruleset: str) -> None:
    # hearts §3a: a player whose four cards are all gone scores zero.
    # The other sources are silent; end.empty-hand rules that an empty hand sums to zero.
    assert resolve(ruleset).empty_hand == "zero"
    result = score_hand([], resolve(ruleset))
    assert result.total == 0
    assert result.cards == ()
    # Risky fives cannot add 25 to a hand with no five in it (online §Options).
    assert score_hand([], resolve(ruleset, {"risky_fives": True})).total == 0


# -- risky fives -----------------------------------------------------------------
# online §Options: with risky fives, fives are not counted as usual: a hand with two
# fives takes 25 points off and a hand with a single five adds 25. So fives count 0,
# then -25 for two fives and +25 for one.

RISKY = "online(risky_fives=true)"


def test_risky_fives_two_fives_subtract_25() -> None:
    # online §Options: two fives -> -25, the fives themselves count 0.
    result = score_hand(hand("5H", "5S", "2C", "3D"), resolve(RISKY))
    assert result.total == 2 + 3 - 25
    assert [s.points for s in result.cards] == [0, 0, 2, 3]
    assert any("risky-fives" in line and "-25" in line for line in result.applied)


def test_risky_fives_two_fives_alone() -> None:
    # online §Options: two fives, nothing else -> -25.
    assert score_hand(hand("5C", "5D"), resolve(RISKY)).total == -25


def test_risky_fives_one_five_adds_25() -> None:
    # online §Options: exactly one five -> +25, the five itself counts 0.
    result = score_hand(hand("5H", "2C", "3D"), resolve(RISKY))
    assert result.total == 2 + 3 + 25
    assert [s.points for s in result.cards] == [0, 2, 3]
    assert any("risky-fives" in line and "+25" in line for line in result.applied)
    assert score_hand(hand("5C"), resolve(RISKY)).total == 25


def test_risky_fives_no_five_is_the_normal_sum() -> None:
    # online §Options changes only hands with fives; online §How to play values otherwise:
    # 2 + 3 + red king 40.
    result = score_hand(hand("2C", "3D", "KH"), resolve(RISKY))
    assert result.total == 2 + 3 + 40
    assert result.applied == ()


def test_three_fives_count_like_two_by_ruling() -> None:
    # Not in any source: online §Options speaks of one and of two fives only. The
    # project ruling on scoring.risky-fives (spec/options/scoring.yaml) treats three
    # or more like two.
    assert score_hand(hand("5C", "5D", "5H", "2S"), resolve(RISKY)).total == 2 - 25


def test_fives_count_normally_without_risky_fives() -> None:
    # online §Options: risky fives is a table option; online's default counts fives at face value.
    assert resolve("online").risky_fives is False
    assert score_hand(hand("5H", "5S", "2C"), resolve("online")).total == 5 + 5 + 2


def test_risky_fives_combine_with_the_six_of_hearts() -> None:
    # The kitchen-table house rules: hearts plus risky fives. hearts §Value of the Card:
    # A 0, 6 of hearts -3; online §Options: one five counts 0 and adds 25.
    rules = resolve("hearts", {"risky_fives": True})
    assert score_hand(hand("5H", "6H", "AS"), rules).total == 0 - 3 + 0 + 25


# -- cards a ruleset does not have --------------------------------------------------


def test_a_joker_under_awareness_is_an_error_not_zero() -> None:
    # awareness §Points lists no joker, and deck.jokers is 0 for awareness.
    rules = resolve("awareness")
    assert rules.jokers == 0
    joker = Card.parse("X")
    with pytest.raises(UnknownCardError, match=r"card 'X' is not in the awareness deck"):
        score_hand(hand("AS", "X"), rules)
    with pytest.raises(UnknownCardError, match=r"'X'"):
        card_points(joker, rules)


def test_a_house_rule_can_add_jokers_to_awareness() -> None:
    # Ruling on value.joker: awareness is silent, so added jokers get the value most
    # sources give (memory §values, online §How to play, official §Card Point Values: 0).
    rules = resolve("awareness", {"jokers": 2})
    assert score_hand(hand("X", "AS"), rules).total == 0 + 1


@pytest.mark.parametrize("ruleset", ["memory", "online", "hearts", "official"])
def test_rulesets_with_jokers_have_two(ruleset: str) -> None:
    # online §How to play: a standard pack plus two jokers; memory, hearts and official
    # give the joker a value but no count (implied; spec/options/setup.yaml deck.jokers).
    rules = resolve(ruleset)
    assert rules.jokers == 2
    assert len(rules.deck(4)) == 54


def test_unknown_card_code_is_an_error() -> None:
    for code in ("11H", "1S", "KZ", "", "JOKER"):
        with pytest.raises(UnknownCardError, match="unknown card"):
            Card.parse(code)


# -- the command line ----------------------------------------------------------------


def test_cli_score_online_example_totals_40(capsys: pytest.CaptureFixture[str]) -> None:
    # `cambio score --ruleset online KH KS X AC` prints a total of 40 (issue 2, "Done when").
    assert main(["score", "--ruleset", "online", "KH", "KS", "X", "AC"]) == 0
    out = capsys.readouterr().out
    assert "total 40" in out.splitlines()[-1]
    assert main(["score", "--ruleset", "online", "KH", "KS", "X", "AC", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["total"] == 40
    assert [c["card"] for c in data["cards"]] == ["KH", "KS", "X", "AC"]
    assert [c["points"] for c in data["cards"]] == [40, -1, 0, 1]


def test_cli_score_shows_the_special_rules_applied(capsys: pytest.CaptureFixture[str]) -> None:
    # hearts §Value of the Card (6 of hearts -3) and online §Options (one five, +25).
    assert main(["score", "--ruleset", "hearts", "--set", "risky_fives=true", "6H", "5D", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["total"] == -3 + 0 + 25
    assert data["ruleset"] == "hearts(risky_fives=true)"
    assert len(data["applied"]) == 2


# -- secondary sources (../shared/research/variants-in-the-wild.md) -------------------
# (rules, card, points, citation). The three whole rulesets, and single variants played
# as house rules on top of a primary ruleset.
SECONDARY_CARDS = [
    # cambia §1 Card Values: red K -1, joker 0, ace 1, J 11, Q 12, black K 13.
    ("cambia", "KH", -1, "cambia §1 Card Values"),
    ("cambia", "X", 0, "cambia §1 Card Values"),
    ("cambia", "AS", 1, "cambia §1 Card Values"),
    ("cambia", "JD", 11, "cambia §1 Card Values"),
    ("cambia", "QC", 12, "cambia §1 Card Values"),
    ("cambia", "KS", 13, "cambia §1 Card Values"),
    # cambio-app §Point Values (defaults): ace 1, J and Q 10, black K -2, red K 25, joker 0.
    ("cambio-app", "AH", 1, "cambio-app §Point Values"),
    ("cambio-app", "JS", 10, "cambio-app §Point Values"),
    ("cambio-app", "QD", 10, "cambio-app §Point Values"),
    ("cambio-app", "KC", -2, "cambio-app §Point Values"),
    ("cambio-app", "KD", 25, "cambio-app §Point Values"),
    ("cambio-app", "X", 0, "cambio-app §Point Values"),
    # cambio-bot §Rules: ace 1, J and Q 10, black K 15, red K -1, joker 0.
    ("cambio-bot", "AD", 1, "cambio-bot §Rules"),
    ("cambio-bot", "JH", 10, "cambio-bot §Rules"),
    ("cambio-bot", "KS", 15, "cambio-bot §Rules"),
    ("cambio-bot", "KH", -1, "cambio-bot §Rules"),
    ("cambio-bot", "X", 0, "cambio-bot §Rules"),
    # tightarse (page): red king 0.
    ("online(red_king=0)", "KD", 0, "tightarse §page"),
    # playcabo and collectingcardgames (pages): a king is 13 whatever its colour.
    ("online(red_king=13, black_king=13)", "KH", 13, "playcabo §page"),
    ("online(red_king=13, black_king=13)", "KS", 13, "playcabo §page"),
    # alv (page): black king 20 and ace 0.
    ("online(black_king=20, ace=0)", "KC", 20, "alv §page"),
    ("online(black_king=20, ace=0)", "AC", 0, "alv §page"),
    # millsip (how-to-play): joker -1, red king -2.
    ("online(joker=-1, red_king=-2)", "X", -1, "millsip §how-to-play"),
]


@pytest.mark.parametrize(("rules", "code", "points", "cite"), SECONDARY_CARDS,
                         ids=[f"{r}-{c}" for r, c, _, _ in SECONDARY_CARDS])
def test_secondary_card_value(rules: str, code: str, points: int, cite: str) -> None:
    assert card_points(Card.parse(code), resolve(rules)) == points, cite


@pytest.mark.parametrize("ruleset", ["cambia", "cambio-app", "cambio-bot"])
def test_secondary_number_cards_are_face_value(ruleset: str) -> None:
    # cambia §1 Card Values, cambio-app §Point Values, cambio-bot §Rules: 2-10 at face value.
    rules = resolve(ruleset)
    assert all(card_points(Card(rank, suit), rules) == int(rank)
               for suit in SUITS for rank in RANKS[1:10])
