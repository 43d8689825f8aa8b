"""Words as the question engine compares them: stop words, stems, everyday English read as the rules' words, and a
card's words as its rank, suit and colour (`cambio_ref.askread` reads a question with them, `cambio_ref.askswitch`
its house rules said on or off); and the readings of a few words by the words beside them: a rank's letter after an
article (`letters`), a numbered round (`ordinals`), "point" in an idiom (`idioms`).

>>> canonical_words(["drew", "kh", "snapping"])
['draw', 'king', 'heart', 'red', 'snap']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path

from cambio_ref.cardnames import COLOURS, RANK_LETTERS, RANK_WORDS, SUIT_WORDS, code_of, rank_token

__all__ = ["LETTERED", "NUMBERED", "ORDINALS", "PLAIN_FILE", "POINT_IDIOMS", "STOP", "STOP_WORDS", "beside",
           "canonical", "canonical_words", "card_canonical", "idioms", "letters", "ordinals", "plain_words", "stem"]

STOP_WORDS = frozenset((  # noqa: SIM905 (a list of words reads better as one string)
    "a an the of to is are be was what who whom when does do did can may might must it its in on at and or"
    " with for if after before how which one their his her they them this that there someone somebody"
    " happen happens happened else as by from into onto than then so not no yes i we you your my our"
    " under has have had get gets got getting any me us im dont doesnt whats hows whos should would will much"
    " about okay ok just also too really allowed allow but though because now am were been being equals"
    " mine yours ours theirs anyone anybody anything something everything everyone everybody whoever whatever"
    # table talk around a question: people, pronouns, chat ("she", "u", "lol", "nah")
    " she he him hers herself himself myself yourself u ur ya ive id youre theyre wasnt wasn isnt isn didnt didn"
    " cant wont aren arent lol lmao nah yeah yep pls please guys guy bro dude mate mates gf bf literally"
    " actually basically exactly pretty okay so anyway tonight thing stuff ve ll re theres thats heres"
    # texting's short forms of such words ("w" with, "rn" right now, "b4" before, "cuz" because, "em" them)
    " w rn b4 cuz cos coz bc tho em urs wanna gotta gonna kinda sorta tbh idk imo btw ngl lmk plz thx ty smth sth"
    " legit totally"
    # who says or thinks what in a dispute ("my cousin says ..., mum thinks ..., is that fair"); "said" and "thought"
    # are askplain.txt's "say" and "think"
    " says saying fair cousin sister brother dad mum mom think thinks insist insists reckon reckons claims"
    " true argument arguing argue debate fine"
    ).split())


def stem(word: str) -> str:
    """
    >>> [stem(w) for w in ("snapping", "snapped", "calling", "ties", "cards", "less", "rounds", "goes")]
    ['snap', 'snap', 'call', 'tie', 'card', 'less', 'round', 'go']
    """
    for suffix in ("ing", "ed"):
        if word.endswith(suffix) and len(word) > len(suffix) + 2:
            word = word[: -len(suffix)]
            if len(word) > 2 and word[-1] == word[-2] and word[-1] in "bdgmnprt":
                word = word[:-1]
            return word
    if word.endswith("oes") and len(word) > 3:  # "goes" is "go" (not "goe")
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        return word[:-1]
    return word


# The stop words as the engine compares them (stemmed too: "does" -> "doe").
STOP = STOP_WORDS | frozenset(stem(w) for w in STOP_WORDS)


def canonical(word: str) -> list[str]:
    """A raw word as the engine compares it: a card code as its rank, suit and colour; a rank word as its rank."""
    code = code_of(word)
    if code:
        rank, suit = code
        out = [rank_token(rank)]
        if suit:
            out += [stem(next(w for w, s in SUIT_WORDS.items() if s == suit)),
                    next(c for c, suits in COLOURS.items() if suit in suits)]
        return out
    if word in RANK_WORDS and word not in RANK_LETTERS:
        return [rank_token(RANK_WORDS[word])]
    return [stem(plain_words().get(word, word))]


# Everyday English read as the rules' words ("drew" as "draw", "max" as "most"): package data of cambio_ref.
PLAIN_FILE = "askplain.txt"


@cache
def plain_words() -> dict[str, str]:
    """The words of `PLAIN_FILE`, each with the word it is read as.

    >>> plain_words()["drew"], plain_words()["max"]
    ('draw', 'most')
    """
    text = Path(__file__).with_name(PLAIN_FILE).read_text(encoding="utf-8")
    pairs = [line.split() for line in text.splitlines() if line.strip() and not line.startswith("#")]
    return {said: meant for said, meant in pairs}


def canonical_words(words: Iterable[str]) -> list[str]:
    return [c for w in words for c in canonical(w)]


# A rank's letter after an article or a possessive is the card ("what does the q do", "my k"), not in "Q&A".
LETTERED = frozenset(("the", "a", "an", "my", "your", "his", "her", "their", "our"))


def letters(canon: list[str]) -> list[str]:
    """Canonical words with a rank's letter read as its rank where a word of LETTERED comes before it.

    >>> letters(canonical_words("whats the q do".split()))
    ['what', 'the', 'queen', 'do']
    >>> letters(canonical_words("the q a says".split())), letters(canonical_words("the q and a".split()))
    (['the', 'q', 'a', 'say'], ['the', 'q', 'and', 'a'])
    """
    out = list(canon)
    for i in range(1, len(out)):
        if out[i] in RANK_LETTERS and out[i - 1] in LETTERED and out[i + 1:i + 2] != ["a"] \
                and out[i + 1:i + 3] != ["and", "a"]:
            out[i] = rank_token(out[i].upper())
    return out


# A number after the name of a stage of play counts that stage: "round one" and "round 2" are the first round and the
# second, as "1st" and "2nd" are read (`PLAIN_FILE`). Not "turn": "do we turn one up" turns a card.
NUMBERED = ("round", "lap", "game")
ORDINALS = {"one": "first", "1": "first", "2": "second", "3": "third", "4": "fourth", "5": "fifth", "6": "sixth"}


def ordinals(canon: list[str]) -> list[str]:
    """Canonical words with a stage of play counted by a number read as an ordinal before it.

    >>> ordinals(canonical_words("can we call in round one".split()))
    ['can', 'we', 'call', 'in', 'first', 'round']
    >>> ordinals(canonical_words("who starts round 2".split()))
    ['who', 'start', 'second', 'round']
    """
    out = list(canon)
    for i in range(1, len(out)):
        if out[i - 1] in NUMBERED and out[i] in ORDINALS:
            out[i - 1], out[i] = ORDINALS[out[i]], out[i - 1]
    return out


def beside(canon: list[str]) -> list[str]:
    """Canonical words read by the words beside them, as a question and the texts it is found by are read alike: a
    numbered round (`ordinals`), then a rank's letter after an article (`letters`).

    >>> beside(canonical_words("in round one the k".split()))
    ['in', 'first', 'round', 'the', 'king']
    """
    return letters(ordinals(canon))


# "point" in an idiom of purpose or of time is no card's points: "what's the point of the jack", "at what point can i
# call" (`idioms`).
POINT_IDIOMS = (("the", "point", "of"), ("what", "point"), ("which", "point"))


def idioms(canon: Sequence[str]) -> frozenset[int]:
    """The places of the words "point" of `POINT_IDIOMS` in canonical words: asked for as the word, not as points.

    >>> sorted(idioms(canonical_words("whats the point of the jack".split())))
    [2]
    >>> sorted(idioms(canonical_words("at what point can i call".split()))), idioms(canonical_words(["points"]))
    ([2], frozenset())
    """
    out: set[int] = set()
    for idiom in POINT_IDIOMS:
        at = idiom.index("point")
        for j in range(len(canon) - len(idiom) + 1):
            if tuple(canon[j:j + len(idiom)]) == idiom:
                out.add(j + at)
    return frozenset(out)


@cache
def card_canonical() -> frozenset[str]:
    """Every card word as the engine compares it ("kings" -> "king", "hearts" -> "heart")."""
    return frozenset(c for w in (*RANK_WORDS, *SUIT_WORDS, *COLOURS) for c in canonical(w))
