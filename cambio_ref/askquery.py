"""A question as the question engine reads it (`cambio_ref.askread.analyse` reads it): the ruleset it names, its
cards, the words it asks for, and whether it asks about a hand's points (`Query.hand`) or a rule's answer.

>>> from cambio_ref.cardnames import CardMention
>>> q = Query("two kings, is that good", None, (CardMention("K"), CardMention("K")), 0, False, 0, (), False,
...           judged=True)
>>> q.hand, q.values
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass

from cambio_ref.cardnames import CardMention

__all__ = ["Query"]


@dataclass(frozen=True)
class Query:
    """A question as the engine reads it."""

    text: str
    ruleset: str | None  # the ruleset it names, if any
    cards: tuple[CardMention, ...]
    codes: int  # how many cards were typed as codes ("KH") or with a symbol ("K♥")
    value: bool  # it uses a word of value ("worth", "score", "points")
    leftover: int  # its words that are neither stop words, card words, value words nor a ruleset
    wanted: tuple[tuple[str, ...], ...]  # per word or phrase, the tokens that satisfy it
    house: bool  # it speaks of a house rule
    ranks_only: bool = False  # its cards are plural ranks without a count ("kings and jokers")
    unread: tuple[str, ...] = ()  # words among its cards (or unknown words) not read as anything
    fixed: tuple[tuple[str, str], ...] = ()  # typos read as another word: (as typed, as read)
    each: bool = False  # it asks for each card's value ("each", or "what are" before its cards)
    topical: int = 0  # its other words that name a glossary term ("snap", "swap"): it asks about a rule
    switched: tuple[tuple[str, bool], ...] = ()  # glossary terms said to be on or off: ("risky-fives", True)
    covered: tuple[tuple[tuple[str, ...], ...], ...] = ()  # per entry of `wanted`, the plain words its phrase covers
    asks: str = ""  # what it asks for (`askkind.asking`): "number", "other", "when", "yes-no" or ""
    elsewhere: bool = False  # it names another card game ("in uno") or counts as poker does ("like four of a kind"),
    # and names neither Cambio nor a ruleset
    stated: bool = False  # it states its cards' points ("red king 0 and black king 20, how do kings count")
    aside: bool = False  # it asks for advice, the game's history or manners, not a rule ("is it worth keeping a 5")
    summed: bool = False  # it asks what its cards add up to ("... left", "how much is that", "my total": `summed`)
    alone: bool = False  # it says its one card is the player's last ("my last card", "just an ace left": `alone`)
    told: tuple[str, ...] = ()  # cards it tells of apart from the hand, not scored (`gone`, `labelled`, `described`)
    said: tuple[tuple[CardMention, int], ...] = ()  # cards it says are worth some points ("where an ace is zero")
    owned: bool = False  # it says its cards are the player's ("i have a 9 and a jack, is that low": `owned`)
    versus: int = 0  # the first of its cards in a second hand it compares with the first (`askversus.versus`), or 0
    # its rule's words all come before the cards it says are the player's, and a word of value after them ("after the
    # call i had 6, 2, A, score?"): the rule tells what happened, the question asks the cards' points
    told_first: bool = False
    judged: bool = False  # a word after its cards judges them ("a 2 and a 3, is that good": `askhand.judged`)

    @property
    def off_topic(self) -> bool:
        """It asks about another card game alone, for advice, about the game's history or manners: no rule answers
        it, and its answer is never sure (`cambio_ref.asksure.choose`), nor a hand (`hand`)."""
        return self.elsewhere or self.aside

    @property
    def hand(self) -> bool:
        """A question about what cards score rather than about a rule (a rule's word makes it a rule's question,
        unless two or more cards are typed as codes, or it names four or more cards); and whatever else it says,
        one that asks what two or more cards add up to (`summed`: "ok last round. black king, 6 of diamonds, 2. how
        many points is that"), or what the player's last card scores (`alone`: "my last card is a queen, what's it
        worth", "just an ace left", "snapped the other three, all i have is a 9"), or that says two or more cards
        are the player's with no rule's word (`owned`: "i have a 9 and a jack, is that low"), or with its rule's words
        all before them and a word of value after (`told_first`: "after the call i had 6, 2, A, score?"), or that
        judges two or more cards with no other word (`judged`: "a 2 and a 3, is that good"); not when it
        states their points ("red king 0, black king 20": a rule a table plays), nor when it is `off_topic`. Ranks
        named in the plural with no count (`ranks_only`: "do red kings do anything") count once each."""
        n = len(set(self.cards)) if self.ranks_only else len(self.cards)
        return n > 0 and not self.stated and not self.off_topic and (
            (self.summed and n >= 2) or (self.alone and n == 1 and (self.value or self.topical == 0 or self.summed))
            or (self.owned and n >= 2 and (self.topical == 0 or self.told_first))
            or (self.judged and n >= 2 and self.topical == 0 and self.leftover <= 1) or (  # (judging words aside)
            (self.topical == 0 or self.codes >= 2 or n >= 4) and (
                ((self.value or self.codes >= 2) and self.leftover <= max(1, n + 1))
                or (n >= 2 and self.leftover == 0)
                or (n >= 3 and self.leftover <= n + 1))))

    @property
    def values(self) -> bool:
        """A question about what ranks are worth ("what are kings and jokers worth", "an ace and a jack, how
        many points each", "how do aces and jacks count": plural ranks with no count are no hand), not about one
        hand."""
        return self.hand and (self.ranks_only or (self.value and self.each))
