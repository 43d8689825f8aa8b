"""Hands and card values in players' words (issue 30): what `cambio ask` and the site's search read as cards.

Each hand's cards and the words it must name as unread are written from general usage, not from the
held-out phrasings, in tests/site/hands_in_words.py (`HANDS_IN_WORDS`), which
tests/site/test_search_browser.py asks ask.js too.
Expected points come from the sources' value lists, cited beside each. The two properties that no word
of a hand is dropped silently are in tests/site/test_ask_hands_said.py.
"""

from __future__ import annotations

import json

import pytest

from cambio_ref.ask import ask
from cambio_ref.askdata import shipped_data
from cambio_ref.askindex import analyse, build_index, engine_for, raw_words
from cambio_ref.cardcounts import read_cards
from cambio_ref.cardnames import CardMention
from cambio_ref.cli import main
from cambio_ref.rules import resolve
from tests.site.hands_in_words import HANDS_IN_WORDS, PEOPLE_COUNTED


@pytest.mark.parametrize(("words", "cards"), [
    ("what's a seven worth", ["7"]), ("kings", ["K"]), ("two jokers and a red king", ["X", "X", "K(red)"]),
    ("K♥ 10♦ x", ["KH", "10D", "X"]), ("the ace of spades", ["AS"]), ("as if", []),
])
def test_cards_are_read_from_words_plurals_and_suit_symbols(words, cards):
    index = build_index()
    assert [str(c) for c in analyse(words, index.lexicon).cards] == cards


def test_a_hand_goes_to_the_scorer_and_points_to_cambio_score(capsys):
    # online, How to play: red king 40, black king -1, joker 0, ace 1.
    assert main(["ask", "what does K♥ K♠ joker A♣ score in online?"]) == 0
    out = capsys.readouterr().out
    assert "  online: KH 40 + KS -1 + X 0 + AC 1 = 40" in out
    assert "cambio score --ruleset online KH KS X AC" in out
    # awareness plays without jokers (awareness Points lists none): the joker is not in its deck.
    reply = ask("X KH")
    assert dict((rs, s) for rs, s, _ in reply.found[0].hands)["awareness"] is None


def test_a_card_worth_question_names_the_option_that_values_it(capsys):
    assert main(["ask", "what is a red king worth", "--ruleset", "hearts"]) == 0
    # hearts.txt, Value of the Card: the kings of hearts and diamonds are -2.
    # In players' words: where the value comes from, not the option's id (issue 30); --json names the option.
    assert "  hearts: -2  (hearts §Value of the Card)" in capsys.readouterr().out
    assert main(["ask", "what is a red king worth", "--ruleset", "hearts", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["matches"][0]["options"] == [
        {"ruleset": "hearts", "option": "value.red-king"}]


def test_a_rank_named_without_its_suit_says_each_colour_where_they_differ(capsys):
    assert main(["ask", "what is a king worth", "--ruleset", "hearts"]) == 0
    # hearts.txt, Value of the Card: the kings of hearts and diamonds are -2, the other face cards 10.
    assert "  hearts: KS KC 10; KH KD -2" in capsys.readouterr().out
    assert main(["ask", "what is a king worth", "--ruleset", "hearts", "--json"]) == 0
    groups = json.loads(capsys.readouterr().out)["matches"][0]["by_suit"][0]["groups"]
    assert [(g["cards"], g["points"], g["option"]) for g in groups] == [
        (["KS", "KC"], 10, "value.black-king"), (["KH", "KD"], -2, "value.red-king")]
    # Every seven scores 7 everywhere (each source's list: numbers at face value): one value, one card.
    assert ask("what is a seven worth").top == "card:7S"


def test_the_data_scorer_gives_what_the_scorer_gives():
    # `cambio ask` scores from the exported points tables, as ask.js does; cambio_ref.scoring is the reference.
    from cambio_ref.ask import score_cards
    from cambio_ref.cards import Card
    from cambio_ref.scoring import score_hand

    data = shipped_data()
    hands = [["KH", "KS", "X", "AC"], ["5H", "2C"], ["5H", "5D", "KD"], ["6H", "10D", "QS"], ["X", "X"], ["JC"]]
    for rs in data["rulesets"]:
        rules = resolve(rs)
        for hand in hands:
            score, _ = score_cards(hand, data["points"][rs], data["risky"][rs], rs)
            if not all(rules.has_card(Card.parse(c)) for c in hand):
                assert score is None, (rs, hand)
                continue
            assert score is not None and score.total == score_hand([Card.parse(c) for c in hand], rules).total


@pytest.mark.parametrize(("question", "card"), [("my last card is the queen of spades, what's it worth", "QS"),
                                              ("just a 7 left", "7S"), ("only card left: a joker. points?", "X"),
                                              ("burned the rest, down to my 4 of clubs", "4C"),
                                              ("swapped away the other two, all i have is a jack", "JS"),
                                              ("my last one is a 4", "4S"), ("i'm left with only a joker", "X"),
                                              ("so all that's left is the black king of clubs", "KC")])
def test_the_players_last_card_is_scored_as_their_hand(question, card):
    # (askhand.alone: the one card a player says is their last gets its points under each ruleset, as a hand does)
    reply = ask(question)
    assert reply.kind == "card" and reply.top == f"card:{card}", reply.top


@pytest.mark.parametrize(("question", "told"), [
    ("I have a 9, no wait, a 6 of spades, and a king of hearts. total?", ("9",)),
    ("QH QD QC. three queens lol, total?", ("three queens",)),
    ("i burned my 3 and my 9, and what's left is a queen and a 2. total?", ("3", "9")),
    ("swapped my king out for a 4 of clubs, so now 4C and 10H. score?", ("king", "4 of clubs")),
    ("add up 5, 5, jack, not the 8 i threw", ("8",)),
    ("i had a 7 and a 9 and a 4, then burned the 7. total", ("7", "7")),
    ("three cards: king, 4, king. not 2 fours. two kings and a 4. total", ("2 fours", "two kings", "4")),
    # "both" or "all" and a count, after as many cards of that rank, counts them again (askagain.recounted); the
    # list that says fewer suits and colours is the one left out
    ("2 2 2 2 and a joker (yes all 4 twos)", ("4 twos",)),
    ("two 5s and a 3 (both fives red)", ("two fives",)),
    # a card said something of is the last one before "is" or "are", not every card right before it with no word
    # between: the queen is counted (askdescribed.said_of: it was left out with the kings)
    ("i have two kings and a queen, both kings are red. total", ("both kings red",)),
    # a card after a verb of getting rid of it is no longer in a hand, whoever dropped or played it
    # (askstory.GONE_VERBS)
    ("i have a 5 and a jack. someone dropped a 7, total?", ("7",)),
    ("played my 7 and kept a 2 and a 4, total", ("7",)),
    # a letter of the notation after a card taken back is the card said instead (cardcounts.CORRECTING; found by the
    # property of tests/site/test_ask_hands_said.py: the J was not read, the 7 kept)
    ("i have a ten, a 7, no wait, J total?", ("7",))])
def test_the_words_not_counted_in_a_hand_are_named(question, told):
    assert ask(question).told == told


def test_a_hand_with_a_rulesets_own_values_said_is_scored_for_it():
    # (askdescribed.said_points, ask.stated_ruleset): a six of hearts at -3 is the hearts ruleset's value alone
    # (spec/rulesets/hearts.yaml: value.six-of-hearts; hearts source §Value of the Card); an ace at 0 and a joker at
    # -1 are hearts' too. A value every ruleset or none has names no ruleset.
    reply = ask("our house rules, where the six of hearts is minus three: I've got the 6 of hearts and a 4. total?")
    assert reply.top == "hand:6H 4S" and reply.ruleset == "hearts"
    assert ask("where an ace is zero and a joker is -1, I have a joker and a 5, total?").ruleset == "hearts"
    assert ask("where a 7 is 7 points: a 7 and a 2, total?").ruleset is None


def test_a_house_rule_the_question_turns_on_is_scored():
    # online §Options, risky fives (spec/options/values.yaml, scoring.risky-fives): fives lose their face value; one
    # five adds 25, two or more take 25 off. Said on, every ruleset's hand is scored with it, under its house-rules
    # name; said off where no ruleset plays it, nothing changes.
    reply = ask("risky fives is on. i have two fives and a king, total?")
    totals = {rs: s.total for rs, s, _ in reply.found[0].hands if s}
    assert totals["online(risky_fives=true)"] == 0 + 0 - 1 - 25  # online's black king -1 (§How to play)
    assert totals["memory(risky_fives=true)"] == 0 + 0 + 10 - 25
    plain, off = ([rs for rs, _, _ in ask(f"{said}i have two fives and a king, total?").found[0].hands]
                  for said in ("", "no risky fives. "))
    assert off == plain and "online" in plain


def test_the_points_a_question_says_a_card_is_worth_are_scored():
    # A value no ruleset plays, said of a card an option values (spec/options/values.yaml: value.red-king,
    # value.joker): every ruleset's hand is scored with it, under its house-rules name; the other cards keep each
    # ruleset's own points (a 3 and a 4 at face value everywhere). It was scored with each ruleset's own red king.
    reply = ask("at our table the red king is -10: red king, 3, 4. total?")
    totals = {rs: s.total for rs, s, _ in reply.found[0].hands if s}
    assert len(totals) == 8 and all(rs.endswith("(red_king=-10)") and t == -10 + 3 + 4 for rs, t in totals.items())
    # (printed in words for the player; the notation only in the implementers' replay line: cambio_ref.askprint)
    from cambio_ref.askprint import reply_lines

    lines = reply_lines(reply)
    assert "  memory (red king -10): KH -10 + 3S 3 + 4S 4 = -3" in lines and not any(
        "red_king" in line for line in lines if "For implementers" not in line)


@pytest.mark.parametrize(("question", "first", "second"), [
    ("i had a 3 and a 4, she had a 2 and a 6, who wins", "3S 4S", "2S 6S"),
    ("my hand: K, 2. his hand: 5, 5. who won", "KS 2S", "5S 5H"),
    ("me: 7 7 1, tom: 9 2 3. who's lower", "7S 7H AS", "9S 2S 3S"),
    ("my 10 and ace vs her 6 and 6", "10S AS", "6S 6H"),
    ("final reveal: i have 4 and 4, sam has K and joker. who takes it", "4S 4H", "KS X"),
    ("my cards: 6 and 7. theirs: 10 and 2", "6S 7S", "10S 2S"),
    ("lowest wins right? i had 9 9, ben had 10 7", "9S 9H", "10S 7S"),
    # (another player and a verb of having, whatever is asked: askversus.OWNER_HAS; the four cards were one hand)
    ("i have jack and 2, he has queen and 3, what's mine", "JS 2S", "QS 3S"),
    # (a noun for another player, as a pronoun: askversus.OTHER_OWNERS; "sister" is no rule's word, so the four cards
    # were one hand with nothing named as unread)
    ("i had a 3 and a 5, my sister had a 4 and a 4. who wins", "3S 5S", "4S 4H"),
    ("my cards were a nine and a four and my friend had an eight and a two, who won", "9S 4S", "8S 2S")])
def test_two_hands_compared_are_each_scored(question, first, second):
    # (cambio_ref.askversus) both hands were scored as one, a total nobody had; the words that set them apart are
    # not named as unread. Number cards count their face value under every ruleset (each source's values).
    reply = ask(question)
    assert [f.hit.id for f in reply.found] == [first, second] and reply.unread == () and reply.told == ()
    if question.startswith("i had a 3 and a 4,"):
        assert {s.total for f in reply.found for _, s, _ in f.hands if s} == {3 + 4, 2 + 6}


def test_a_hand_with_another_players_card_told_is_one_hand_unless_asked_who_wins():
    assert [f.hit.id for f in ask("my friend showed me his 9. mine are 2S, 4H and 8C. total?").found] == ["2S 4H 8C"]


def test_the_hearts_house_rules_name_the_hearts_ruleset():
    # "hearts" alone may be the suit; before "house rules" it is the ruleset (spec/sources.yaml: hearts is a
    # house-rules write-up), as after "in" or before "rules"
    reply = ask("with the hearts house rules: king of hearts, 6 of hearts, joker. total?")
    assert (reply.top, reply.ruleset) == ("hand:KH 6H X", "hearts")


def test_points_after_worth_and_a_colon_are_still_points():
    # no comma after the first number: "11 or 10" is what the jack is worth (cardpoints.LIST_COLON)
    assert ask("jack worth: 11 or 10?").top == "card:JS"


def test_a_rule_question_pointing_back_at_a_snap_is_no_hand():
    # "Does that count?" points at the snap, not at a sum: no word of value next to "that" (askhand.summed).
    assert ask("Someone threw a 10 and I slapped my black king on it, because it's 10 points too. Does that count?"
               ).kind != "hand"


@pytest.mark.parametrize("words", ["kk thanks", "jk", "qq", "77 points", "q4", "4k", "kkk"])
def test_chat_and_numbers_are_not_run_together_cards(words):
    # "kk" (okay), "jk" (just kidding), "qq" (crying) are chat; "77" is a number; "q4", "4k" a quarter, a screen.
    assert read_cards(raw_words(words)).cards == ()


def test_a_letter_of_the_card_notation_is_a_card_only_among_cards():
    # "the official Q&A" names no queen: a lone letter is read as a card only beside another card.
    from cambio_ref.cardcounts import mentions

    assert mentions(raw_words("what does the official Q&A say about a king")) == (CardMention("K"),)
    assert [str(m) for m in mentions(raw_words("K Q J and a 10"))] == ["K", "Q", "J", "10"]


# Players write a rank's plural with a lower-case "s" ("5s", "ks", "10s": fives, kings, tens); the notation of
# spec/ and `cambio score` writes the five or king of spades in capitals ("5S", "KS"), or with its symbol ("5♠").
# Each was read as a card of spades: "what are ks worth in hearts" answered for the king of spades alone, "riskey 5s"
# named the five of spades. A possessive is no plural ("a 7's peek", spec/options/turn.yaml).
@pytest.mark.parametrize(("words", "cards"), [
    ("what are ks worth", ["K"]), ("riskey 5s how do they score", ["5"]), ("two 5s", ["5", "5"]),
    ("js qs and 10s", ["J", "Q", "10"]), ("Ks or 2s", ["K", "2"]), ("KS 5S", ["KS", "5S"]),
    ("K♠ 5♠", ["KS", "5S"]), ("kh 10d qc", ["KH", "10D", "QC"]), ("after a 7's peek", ["7"]),
    ("two 5's", ["5", "5"]), ("3 Q\u2019s", ["Q", "Q", "Q"]),
])
def test_a_rank_and_a_lower_case_s_is_a_plural_not_a_spade(words, cards):
    assert [str(c) for c in analyse(words, build_index().lexicon).cards] == cards


# After "are", "were", "do", "all" or "many", or before "are", a rank and "'s" is a plural too (English agreement:
# "what are K's worth" asks for kings; it was "not sure", the "k" unread).
@pytest.mark.parametrize("question", ["what are ks worth in hearts", "what are K's worth in hearts",
                                      "K's are worth what in hearts"])
def test_what_plural_ranks_are_worth_is_every_suit_of_them(question):
    # hearts "Value of the Card": the kings of hearts and diamonds -2, the other kings 10.
    reply = ask(question)
    assert reply.kind == "card" and [f.hit.id for f in reply.found] == ["K"]
    assert [(codes, p) for codes, p, _ in reply.found[0].by_suit[0][1]] == [("KS KC", 10), ("KH KD", -2)]


@pytest.mark.parametrize(("question", "cards", "unread"), HANDS_IN_WORDS)
def test_hands_in_words(question, cards, unread):
    reply = ask(question)
    assert reply.kind == "hand" and reply.top == "hand:" + " ".join(cards), reply.top
    assert reply.unread == unread


@pytest.mark.parametrize("question", ["bruv im done, got a 4 and a 6. total?",
                                      "hello, i finished with a jack and a 2, what is that"])
def test_chat_outside_the_cards_is_not_named_as_unread(question):
    # (asktypos.near_card_word: a word no question uses, outside the cards, is named only when it is near a card's
    # word, a card mistyped; "bruv" and "hello" were each named as a card that could not be read)
    reply = ask(question)
    assert reply.kind == "hand" and reply.unread == ()


def test_a_word_among_the_cards_that_cannot_be_read_is_named(capsys):
    reply = ask("KH KS blorp AC in online")
    assert reply.kind == "hand" and reply.unread == ("blorp",)
    assert main(["ask", "KH KS blorp AC in online"]) == 0
    assert "Could not read 'blorp' as a card: left out." in capsys.readouterr().out


def test_a_card_told_of_apart_from_the_hand_is_named_as_not_counted(capsys):
    # (the snapped jack is the story's, not the hand's: the reply says so rather than dropping it unsaid)
    question = "so i snapped my jack and i'm left with a 9 and a 2, what's my score now"
    reply = ask(question)
    assert reply.top == "hand:9S 2S" and reply.told == ("jack",)
    assert main(["ask", question]) == 0
    assert "Not counted in the hand: 'jack'." in capsys.readouterr().out
    assert main(["ask", "--json", question]) == 0
    assert json.loads(capsys.readouterr().out)["told"] == ["jack"]


def test_what_ranks_are_worth_gives_their_values_not_a_hand():
    # hearts "Value of the Card": red kings -2, black kings 10, a joker -1.
    reply = ask("what are kings and jokers worth", "hearts")
    assert reply.kind == "card" and [f.hit.id for f in reply.found] == ["K", "X"]
    assert [(codes, p) for codes, p, _ in reply.found[0].by_suit[0][1]] == [("KS KC", 10), ("KH KD", -2)]
    assert reply.found[1].hands[0][1] is not None and reply.found[1].hands[0][1].total == -1


def test_a_colour_and_a_plural_rank_asked_of_is_that_colours_value_not_a_hand():
    # "red kings" with no count names both red kings (a hand of two when held: tests/site/hands_in_words.py); asked
    # what they are worth, it asks their value. hearts "Value of the Card": a red king is -2.
    reply = ask("what are red kings worth in hearts")
    assert reply.kind == "card" and reply.found[0].hit.id == "KH"
    assert [s.total for _, s, _ in reply.found[0].hands if s] == [-2]


@pytest.mark.parametrize(("question", "rule"), [
    # what the cards do: their powers (a question ending on "do"), not their points
    ("what do 7s and 8s do", "option:power.seven-eight"),
    ("what do a 7 and an 8 do", "option:power.seven-eight"),
    # "red kings" names both red kings, but ranks in the plural with no count ask about the rank, once
    # (askread.Query.hand): whether a red king has a power, not its points
    ("do red kings do anything", "case:power.red-king"),
    # matching by equal value is snapping's rule (spec/glossary.yaml, right snap; memory "snapping"): not sure, the
    # rule of what matches offered first
    ("memory version says equal value, so black king onto a 10 is fine?", "option:snap.match"),
    # the fives of "risky fives" (a rule's name: spec/glossary.yaml) are no cards: two fives and one five, a rule's
    # question (it was scored as four fives), asked as the title of the case value.risky-fives-on asks it ("With
    # risky fives on, what do hands with two fives, one five and no five score?"; its option, scoring.risky-fives,
    # came first until the fifth writer's phrasings of spec/asked.yaml)
    ("risky fives on - how do two fives vs one five vs none work", "case:value.risky-fives-on"),
    # a story names its cards again with "the" ("the 2", "the queen"): two cards, not five, and the rule asked is
    # whether a power card swapped out of the hand fires (the case file cites official's Q&A and three more)
    ("I had a queen in my hand, drew a 2, put the 2 in and the queen went on the pile. Do I get the queen's power?",
     "case:power.swapped-out-fires-nothing"),
    # cards told of as the deck's ("in the deck", askdescribed.in_deck) are no hand, even four of them: how many
    # jokers a deck may have (spec/options/deck.yaml, deck.jokers)
    ("we play with 4 jokers in the deck, is that allowed", "option:deck.jokers"),
])
def test_cards_in_a_question_about_a_rule_are_no_hand(question, rule):
    # Each was scored as a hand, sure (questions of tests/site/heldout-dev.yaml, and one like them).
    reply = ask(question)
    first = reply.top if reply.sure else f"{reply.closest[0].kind}:{reply.closest[0].id}"
    assert reply.kind != "hand" and first == rule


@pytest.mark.parametrize("question", ["after the call i had a 6 and a 2, can i still snap",
                                      "i called and had a 2 and a 3, does the caller get a penalty",
                                      "a 7 and a 7, can i snap both, is that fine",
                                      "i had a 3 and a 4 when he called, can i still snap?",
                                      "when he called, can i still use my jack"])
def test_a_rule_asked_after_the_players_cards_is_no_hand(question):
    # (askread.Query.told_first: a rule's word after the cards asks that rule, whatever is told before them; "after the
    # call i had 6, 2, A, score?" asks the cards' points: tests/site/hands_in_words.py; and a word judging the cards,
    # askhand.judged, makes no hand of a rule's question; nor does the time of the call, askstory.call_time)
    assert ask(question).kind != "hand"


def test_plural_ranks_with_no_count_ask_their_values_without_a_value_word():
    # Ranks named in the plural with no count are no hand a player holds: "how do aces, jacks, queens and black kings
    # count" asks what each is worth, as "what are kings and jokers worth" does (it was scored as a hand of four
    # cards, sure). awareness (its opening paragraph on points): ace 1, jack 11, queen 12, a black king 13.
    reply = ask("awareness rules: how do aces, jacks, queens and black kings count at the end?")
    assert reply.kind == "card" and [f.hit.id.rstrip("SC") for f in reply.found] == ["A", "J", "Q", "K"]
    assert [[s.total for _, s, _ in f.hands if s] for f in reply.found] == [[1], [11], [12], [13]]


@pytest.mark.parametrize(("question", "rank", "points"), [
    # hearts "Value of the Card": a joker is -1, a jack 10.
    ("what does a joker count for in hearts", "X", -1),
    ("how much does a jack count for in hearts", "J", 10),
])
def test_count_for_asks_what_a_card_is_worth(question, rank, points):
    reply = ask(question)
    assert reply.kind == "card" and reply.found[0].hit.id.rstrip("HDSC") == rank
    assert [s.total for _, s, _ in reply.found[0].hands if s] == [points]


@pytest.mark.parametrize(("question", "card"), [
    ("is a king worth 10", "K"),
    ("does a jack count as 11", "J"),
    ("is the 6 of hearts worth -3 in hearts", "6H"),
    ("ace worth 1 or 0", "A"),
    # (the option that values the card is as right an answer: spec/options value.joker, value.red-king)
    ("is a joker = 0", "option:value.joker"),
    ("is a red king -1 in memory", "option:value.red-king"),
])
def test_a_number_said_as_points_is_no_card(question, card):
    # A number after "worth", "count as", "=" or with a minus sign says points (cambio_ref.cardpoints.POINTS_BEFORE,
    # MINUS_SAID): the question asks what that one card is worth. It is no hand with the number as a second card
    # ("is a king worth 10" was scored as a king and a ten), and the number is no word left unread.
    reply = ask(question)
    if card.startswith("option:"):
        assert reply.top == card
    else:
        assert reply.kind == "card" and [f.hit.id.rstrip("SC") if len(card) == 1 else f.hit.id
                                         for f in reply.found] == [card]
    assert reply.unread == ()


@pytest.mark.parametrize("question", ["four of a kind", "is a three of a kind worth anything", "does two pair count",
                                      "four of a kind, is that good",
                                      "do four aces in your hand at the end get a bonus, like four of a kind?"])
def test_poker_counts_of_cards_alike_are_no_card(question):
    # "four of a kind" was read as a card 4 (with "kind" left unread), "two pair" as a 2: poker's words, no card
    # (cambio_ref.cardcounts.OF_A_KIND). A question counting as poker does asks of poker's rules, as one naming
    # another card game (askread.Query.elsewhere): never sure. ("does two pair count" found the risky-fives option,
    # sure, by its "2"; the last, a question of tests/site/heldout-dev.yaml no ruleset answers, was scored as a hand.)
    reply = ask(question)
    assert not reply.sure and reply.unread == ()


@pytest.mark.parametrize("question", PEOPLE_COUNTED)
def test_a_number_of_us_or_them_is_no_card(question):
    # "two of us flipped at the same time" was read with a 2 among its words (cambio_ref.cardcounts.OF_PEOPLE), as
    # "3 of us" with a 3 (questions of tests/site/heldout-dev.yaml); "two of them are kings" is kings alone.

    cards = engine_for(shipped_data()).analyse(question).cards
    assert all(c.rank == "K" for c in cards) and ("kings" in question) == bool(cards)


@pytest.mark.parametrize("question", ["red king 0 and black king 20, how do kings count",
                                      "house rule red king 0 black king 20, thats how u score them?",
                                      "Our rule sheet has red king at 0 and black king at 20. That right for kings?",
                                      "we play red king at 0 and black king at 10, how do kings count"])
def test_cards_said_with_their_points_ask_for_the_rule_not_a_hand(question):
    # A number right after a card that names no rank states that card's points (cambio_ref.cardcounts, Reading.stated):
    # a table's values, asked about, not a hand to score. Both were scored as a hand of kings, sure, with "0" and
    # "20" unread (the second and third are questions of tests/site/heldout-dev.yaml); the case of those house values
    # answers. After "at" any number states points ("black king at 10" was read as a king and a 10).
    reply = ask(question)
    assert reply.top == "case:value.red-zero-black-twenty" and reply.unread == ()


@pytest.mark.parametrize("question", ["what are 2 to 10 worth, just face value?",
                                      "are cards 2 through 10 worth face value"])
def test_a_run_of_ranks_is_the_number_cards_not_a_card(question):
    # "2 to 10" is the number cards as a kind (cambio_ref.cardcounts.RANGE_WORDS): the first (a question of
    # tests/site/heldout-dev.yaml) was answered sure with what a 10 is worth.
    assert ask(question).top == "option:value.number-cards"


def test_a_number_before_of_and_a_suit_is_a_card_not_points():
    # "score for ten of spades": "for" after a word of scoring says points ("counts for 10"), but a number with "of" and
    # a suit after it names a card. The hand property below found the ten of spades dropped, silently, from
    # "score for ten of ♠, a ten" (scored as one ten).
    reply = ask("score for ten of ♠, a ten")
    assert reply.kind == "hand" and reply.found[0].hit.id.split() == ["10S", "10H"] and reply.unread == ()
    # "for" says points only after a word of counting ("counts for 11"): "score for 10's, a joker" names its cards
    # (the property found the tens dropped)
    reply = ask("score for 10's, a joker")
    assert reply.kind == "hand" and [c[:-1] or c for c in reply.found[0].hit.id.split()] == ["10", "X"]


def test_a_dash_between_cards_is_still_a_separator():
    # " - " between cards joins them (the hand property's forms); only a minus sign stuck to a number says points.
    reply = ask("K - 5 - joker total")
    assert reply.kind == "hand" and sorted(c.rstrip("HDSC") for c in reply.found[0].hit.id.split()) == ["5", "K", "X"]


@pytest.mark.parametrize("question", ["in the hearts game i have a 6 of hearts and a king of diamonds. total?",
                                      "hearts version: 6 of hearts, king of diamonds, what's my score"])
def test_hearts_before_game_or_version_or_after_in_the_names_the_ruleset(question):
    # (askread.SUIT_RULESET_TAILS; hearts §Value of the Card: the 6 of hearts -3 and a red king -2 make -5)
    reply = ask(question)
    assert reply.kind == "hand" and (reply.ruleset or "").startswith("hearts"), (reply.top, reply.ruleset)
    assert [s.total for _, s, _ in reply.found[0].hands if s] == [-5]


def test_the_6_of_hearts_rule_is_no_ruleset():
    assert ask("is the 6 of hearts rule real, it's minus 3 right").ruleset is None
