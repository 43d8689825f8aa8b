"""The names of cards in players' words: "seven", "red king", "K♥", "jokers", "KK77".

The English names of the card notation (`cambio_ref.cards`), not rule values: what a
card is worth always comes from the ruleset. Rank and suit words, suit symbols, colours,
the notation's letters and codes ("kh", "AS") and one card as a question names it
(`CardMention`). How many cards the words name, and which numbers say points instead, is
`cambio_ref.cardcounts`, which reads a question's cards (`read_cards`). The site's search
(docs/javascripts/ask-cards.js) reads the same tables from the exported index.

>>> code_of("kh"), code_of("as"), RANK_WORDS["kings"], str(CardMention("K", colour="red"))
(('K', 'H'), None, 'K', 'K(red)')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cambio_ref.cards import JOKER, SUITS

__all__ = [
    "ACE_LETTER",
    "ACE_NUMBER",
    "ACE_OF_SPADES",
    "ACE_PLURAL",
    "CARD_SYMBOLS",
    "COLOURS",
    "COLOUR_AFTER",
    "NICKNAME",
    "NICKNAMES",
    "PLURAL_S",
    "PLURAL_WORDS",
    "QA_SPACED",
    "RANK_LETTERS",
    "RANK_WORDS",
    "RED_SUITS",
    "RUN_CHAT",
    "RUN_TOGETHER",
    "SUIT_ALONE",
    "SUIT_GLYPHS",
    "SUIT_NAMES",
    "SUIT_WORDS",
    "CardMention",
    "code_of",
    "rank_token",
    "split_run",
]

# Every word (lower case, as typed or plural) that names a rank, and the rank it names.
RANK_WORDS: dict[str, str] = {
    "ace": "A", "aces": "A", "two": "2", "twos": "2", "deuce": "2", "deuces": "2", "three": "3", "threes": "3",
    "trey": "3", "treys": "3",
    "four": "4", "fours": "4", "five": "5", "fives": "5", "six": "6", "sixes": "6", "seven": "7", "sevens": "7",
    "eight": "8", "eights": "8", "nine": "9", "nines": "9", "ten": "10", "tens": "10", "jack": "J", "jacks": "J",
    "knave": "J", "queen": "Q", "queens": "Q", "king": "K", "kings": "K", "joker": JOKER, "jokers": JOKER,
    # Table slang for ranks ("a bullet, a hook and a lady"; "pocket rockets"; "two ladies and a crab").
    "bullet": "A", "bullets": "A", "rocket": "A", "rockets": "A", "crab": "3", "crabs": "3", "sailboat": "4",
    "sailboats": "4", "snowman": "8", "snowmen": "8", "dime": "10", "dimes": "10", "hook": "J", "hooks": "J",
    "fishhook": "J", "fishhooks": "J", "lady": "Q", "ladies": "Q", "cowboy": "K", "cowboys": "K",
    **{str(n): str(n) for n in range(2, 11)}, **{f"{n}s": str(n) for n in range(2, 11)},
    # The letters of the card notation, typed alone ("K Q J 10", "K-Q-J"); an ace's "A" is `ACE_LETTER`.
    "k": "K", "q": "Q", "j": "J",
}
# Table slang of more than one word for a card or a rank, as the words `RANK_WORDS` and `SUIT_WORDS` know: the king
# of hearts (the "suicide king", the king with a sword behind his head), the 7 ("hockey stick") and the king of
# diamonds, drawn in profile (the "one-eyed king": research/variants-in-the-wild.md, playcabo.io's king power).
# Card-table names for cards held together, borrowed from poker: "big slick" (an ace and a king), "nina ross" (a
# nine) and the "dead man's hand" (the black aces and the black eights).
NICKNAMES: dict[str, str] = {"suicide king": "king of hearts", "suicide kings": "king of hearts",
                             "hockey stick": "seven", "hockey sticks": "sevens",
                             "one eyed king": "king of diamonds", "one-eyed king": "king of diamonds",
                             "big slick": "ace and king", "nina ross": "nine",
                             **{f"dead {man} hand": "ace of spades, ace of clubs, eight of spades and eight of clubs"
                                for man in ("man's", "mans", "man\u2019s", "man")}}
NICKNAME = re.compile(rf"\b(?:{'|'.join(sorted(NICKNAMES, key=len, reverse=True))})\b")
# Those letters: cards in a hand, but searched as themselves (a rule's text has "J/Q" for other things).
RANK_LETTERS = frozenset(("k", "q", "j"))
# A capital A standing alone, neither first in the text nor first after a sentence's end, is an ace ("K 7 A 2");
# `cambio_ref.askindex.raw_words` reads it as "ace" before anything is lower-cased ("a" is an article).
# First in the text or first after a colon ("hand: A, a ten"), it is an ace before a separator, a joining word,
# "of" or an article ("A, K", "A with a 7", "A of spades", "A a ten": no article comes before another).
# (After a separator too, ",A", and before "+" or "&", "A+K"; not in "Q&A".) After a colon, before two more cards in
# the notation too ("got 4 cards: A 2 3 4"; "hand: A 7" may be "a 7"). First in a line too, and first before a
# colour that ends the card ("A red, K", "A (Red)": a red ace; "A red king" is an article).
_ACE_ENDS = (r"(?:\s*[,&+/;\n(=?!.]|\s+-\s|\s*$|\s+(?:and|plus|with|of|an?|also)\s|\s*x\s*\d|\s+twice\b"
             r"|\s+\d+\s+times\b)")
# "Q and A" spaced out ("Q n A", "Q & A") after "the", "their" or "its" (a word between: "the official Q and A"), or
# before "says", "section", "part", "bit" or "answers", is a source's Q&A, as "Q&A" is, not a queen and an ace: it is
# written as "Q&A" (group 1, the words before it, kept) before `ACE_LETTER` reads a capital A. "I have a Q and A" is
# still a hand. (issue 30: "the official Q and A says ..." was scored as a queen and an ace)
QA_SPACED = re.compile(r"\b(?:((?:[Tt]he|[Tt]heir|[Ii]ts|THE)\s+(?:[A-Za-z']+\s+)?)Q\s*(?:and|AND|n|&)\s*A"
                       r"|Q\s*(?:and|AND|n|&)\s*A(?=\s+(?:says?|said|section|part|bit|answers?)\b))\b")
ACE_LETTER = re.compile(r"(?:(?<=[^\s.!?:]\s)|(?<=[,;/+])|(?<!\b[Qq]&)(?<=&))A(?=[\s,.?!;+&]|$)"
                        rf"|(?:^|(?<=:\s)|(?<=\n))A(?={_ACE_ENDS}|\s+\(?\s*(?:[Rr]ed|[Bb]lack|RED|BLACK)\s*\)?{_ACE_ENDS})"
                        r"|(?<=:\s)A(?=\s+(?:10|[2-9JQK])\s+(?:10|[2-9JQK])\b)")
# A rank and a lower-case "s" are players' plural ("5s", "ks", "Ks", "10s": fives, kings, tens), not a card of
# spades: that card is written as spec/ and `cambio score` write it, "5S", "KS", or with its symbol, "5♠".
# `cambio_ref.askindex.raw_words` reads such a plural as the rank's plural word (`PLURAL_WORDS`) before anything is
# lower-cased. ("as" is no plural of aces: it is an English word.)
PLURAL_S = re.compile(r"\b(10|[2-9JQKjqk])s\b")
# Each rank's plural word: the first plural of its name in RANK_WORDS ("twos", not "deuces"; read backwards, the
# first one written is the one kept).
PLURAL_WORDS: dict[str, str] = {rank: word for word, rank in reversed(RANK_WORDS.items())
                                if word.isalpha() and len(word) > 1 and word.endswith("s")}
SUIT_WORDS: dict[str, str] = {"spade": "S", "spades": "S", "heart": "H", "hearts": "H", "diamond": "D",
                              "diamonds": "D", "club": "C", "clubs": "C"}
# Suit symbols, outlined too, as the one-letter suit they stand for ("K♥" reads as "kh").
SUIT_GLYPHS: dict[str, str] = {"♠": "s", "♤": "s", "♥": "h", "♡": "h", "♦": "d", "♢": "d", "♣": "c", "♧": "c"}
# A suit symbol not typed right after a rank ("king of ♥", hearts §Value of the Card's "6 of ♥️") is its suit's word.
SUIT_ALONE = re.compile(r"(?<![0-9A-Za-z])([♠♤♥♡♦♢♣♧])")
SUIT_NAMES: dict[str, str] = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
# Other symbols that stand for card words: the times sign ("K \u00d72"), the emoji form's selector (U+FE0F, "♥️"),
# and the playing-card symbols of Unicode (U+1F0A1 the ace of spades ... U+1F0DE the king of clubs, the knights
# left out; U+1F0BF, U+1F0CF "🃏" and U+1F0DF the jokers).
CARD_SYMBOLS: dict[str, str] = {
    "\u00d7": "x", "\ufe0f": "",
    **{chr(base + n): f" {('ace', *map(str, range(2, 11)), 'jack', '', 'queen', 'king')[n - 1]} of {suit} "
       for base, suit in ((0x1F0A0, "spades"), (0x1F0B0, "hearts"), (0x1F0C0, "diamonds"), (0x1F0D0, "clubs"))
       for n in range(1, 15) if n != 12},
    **{chr(c): " joker " for c in (0x1F0BF, 0x1F0CF, 0x1F0DF)}}
# A capital "A's" is aces ("A's and a king"), not after "player" or "seat" (a player named A).
ACE_PLURAL = re.compile(r"(?<![Pp]layer )(?<![Ss]eat )\bA's\b")
# "AS" in capitals is the ace of spades in the notation (spec/, `cambio score`), unless the whole text is in
# capitals ("AS IF"); "as" is an English word.
ACE_OF_SPADES = re.compile(r"\b(?:AS|[Aa][♠♤])(?![A-Za-z0-9])")  # ("A♠" too: "as" after the symbol's letter)
# A colour in brackets after a word is that word's ("King (Red)", official §Card Point Values), and so is a colour
# after a card's word at the end of a list item, before a separator or the end ("kings red, a Q"): written before
# the word ("red king"), with "both" or "all" before it too ("2 kings (both black)", "two kings, both red"). Not after a
# count, "one", an article or a joining word ("two kings, one black, one red").
COLOUR_AFTER = re.compile(r"\b(?!(?:one|two|three|four|both|a|an|the|and|or|plus|with|of|red|black)\b)"
                          r"([a-z0-9]+(?:'s)?)(?:\s*\(\s*(?:(?:both|all)\s+)?(red|black)\s*\)"
                          r"|,?\s+(?:(?:both|all)\s+)?(red|black)(?=\s*(?:[,;/&+\n?!.]|$)|\s+-\s))")
RED_SUITS = frozenset({"H", "D"})  # (the rules never ask a card's colour: values name cards)
COLOURS: dict[str, tuple[str, ...]] = {"red": tuple(s for s in SUITS if s in RED_SUITS),
                                       "black": tuple(s for s in SUITS if s not in RED_SUITS)}
# "1" names no card in the notation, which writes an ace "A" (spec/options/values.yaml, value.ace); before a rank
# in words it counts ("1 ace, 1 two": one ace, one two), but players where aces count 1 (memory §values, official
# §Card Point Values, awareness §Points, which lists the ace first in the run "Ace = 1, 2 = 2") also call an ace
# "a 1": after "a", "an" or "one", before a digit, or beside another card ("a 1 and a 2", "K 1 2") it is an ace.
ACE_NUMBER = "1"
# Card letters and digits typed run together are those cards ("KK77", "kq j": two kings and two sevens, a king, a
# queen and a jack): a word of two to four of "k", "q", "j" and 2 to 9 with a letter among them (a number alone is
# a number, "77"), two long only if letters alone ("q4", "4k" are quarters and screens). Not an ace's "a", nor
# "x": words ("aa", "ka", "xx"). Matched in lower case.
RUN_TOGETHER = re.compile(r"\b(?=[2-9]*[jqk])[2-9jqk]{2,4}\b")
# Such words that are chat, not cards: "kk" (okay), "jk" (just kidding), "qq" (crying), "kkk".
RUN_CHAT = frozenset(("kk", "jk", "qq", "kkk"))
# A card code typed as one word: "kh", "10d", "x". "as" (ace of spades) is refused: it is an English word.
_CODE = re.compile(r"^(10|[2-9]|[ajqk])([shdc])$")
_NOT_CODES = frozenset({"as"})
# The word a rank is searched by: the digit for a number card, the name for the others.
_RANK_TOKENS = {"A": "ace", "J": "jack", "Q": "queen", "K": "king", JOKER: "joker"}




@dataclass(frozen=True)
class CardMention:
    """One card a question names: a rank, and a suit (or ``""``) or a colour (or ``""``)."""

    rank: str
    suit: str = ""
    colour: str = ""

    @property
    def suits(self) -> tuple[str, ...]:
        """The suits the mention may be: its own, its colour's, or all four (none for a joker)."""
        if self.rank == JOKER:
            return ("",)
        return (self.suit,) if self.suit else COLOURS.get(self.colour, SUITS)

    def __str__(self) -> str:
        if self.rank == JOKER:
            return JOKER
        return self.rank + (self.suit or (f"({self.colour})" if self.colour else ""))


def rank_token(rank: str) -> str:
    """The search word of a rank.

    >>> rank_token("7"), rank_token("K"), rank_token("X")
    ('7', 'king', 'joker')
    """
    return _RANK_TOKENS.get(rank, rank)


def code_of(word: str) -> tuple[str, str] | None:
    """The (rank, suit) of a word typed as a card code, or None.

    >>> code_of("10h"), code_of("x"), code_of("as"), code_of("kings")
    (('10', 'H'), ('X', ''), None, None)
    """
    if word == "x":
        return JOKER, ""
    m = _CODE.match(word)
    if not m or word in _NOT_CODES:
        return None
    return m[1].upper(), m[2].upper()


def split_run(word: str) -> str:
    """A word `RUN_TOGETHER` matched, as the cards it is, one a word; unchanged if it is chat or a number. A last
    digit is a card, not a count of what follows: a comma after it keeps "kk2 tens" a 2 and tens (`COUNT_BREAK`).

    >>> split_run("kk77"), split_run("kq"), split_run("kk"), split_run("q4"), split_run("k4"), split_run("kk2")
    ('k k 7 7,', 'k q', 'kk', 'q4', 'k4', 'k k 2,')
    """
    if word in RUN_CHAT or (len(word) == 2 and not word.isalpha()):
        return word
    return " ".join(word) + ("," if word[-1].isdigit() else "")
