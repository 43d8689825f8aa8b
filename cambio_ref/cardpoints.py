"""Numbers a question says as points, not as cards: "worth 10", "counts as 11", "red king -2", "K=13", "(0)", "a
red king and a 5 is 4". `cambio_ref.cardcounts.read_cards` reads no card there, and `cambio_ref.askhand.raw_words`
rewrites the signs and brackets as words; docs/javascripts/ask-cards.js reads the same tables.

>>> "worth" in POINTS_BEFORE, bool(MINUS_SAID.search("red king -2"))
(True, True)
"""

from __future__ import annotations

import re

__all__ = ["CLAIMED", "EQUALS_SAID", "EQUAL_WORDS", "FOR_POINTS_VERBS", "LIST_COLON", "MINUS_SAID", "POINTS_BEFORE",
           "POINTS_SAID", "POINTS_VERBS"]

# A number in brackets, signed or not, "pt" or "points" after it, says a card's points ("2 Red Kings (-2) + Joker
# (0) + Ace (1)", official §Red King & Negative Scores): neither a card nor a word to name, but
# the end of a card, read as a comma ("A (1) total": an ace).
POINTS_SAID = re.compile(r"\(\s*[-+\u2212\u2013]?\s*\d+\s*(?:pts?|points?)?\s*\)")
# A number with a minus sign and no word before it ("red king -2") or after "=" ("K=13") says points: read as "minus"
# or "equals" and the number (`cambio_ref.askhand.raw_words`), so that `read_cards` reads no card there.
MINUS_SAID = re.compile(r"(?<![\w+])[-\u2212\u2013](?=\d)")
# (not after a hand's label, where it is the label's colon: "Hand = seven + eight + nine")
EQUALS_SAID = re.compile(r"(?<![Hh]and)(?<![Hh]and )(?<![Cc]ards)(?<![Cc]ards )=")
# A number right after one of these says a card's points, not a card ("worth 10", "equals 0", "minus 2"), and so does
# one after "as" after a word of POINTS_VERBS ("counts as 11", "scores as 13") or "for" after one of FOR_POINTS_VERBS
# ("counts for 11"; "score for 10, a joker" names cards), or after "or" after such a number ("worth 1 or 0"):
# `read_cards` reads no card there.
# (EQUAL_WORDS, as `EQUALS_SAID` writes "=", after cards also says their sum: `cambio_ref.askhand.summed`)
EQUAL_WORDS = frozenset(("equals", "equal"))
POINTS_BEFORE = frozenset(("worth", "minus", "under", "below", "over", "above")) | EQUAL_WORDS
# ... but a colon after such a word opens a list of cards ("what's my hand worth: 10, jack, queen"; a comma after its
# first item, unlike "worth: 11 or 10?"): the number after it is a card. `cambio_ref.askhand.raw_words` writes the
# colon as "so" (a stop word), which no number's points follow.
LIST_COLON = re.compile(rf"\b({'|'.join(sorted(POINTS_BEFORE))})\s*:(?=[^,.?!;]+,)", re.IGNORECASE)
POINTS_VERBS = frozenset(("count", "counts", "counted", "score", "scores", "scored"))
# "is" right after a card, before a number: the number is points said of the cards before, not a card ("a red king
# and a 5 is 4, is she right"); so is "that's" (read "that") and "makes" ("ace two three, that's 6 right?").
CLAIMED = frozenset(("is", "that", "makes"))
FOR_POINTS_VERBS = frozenset(("count", "counts", "counted"))
