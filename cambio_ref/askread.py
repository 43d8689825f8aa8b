"""Reading a question in players' words: its words, its ruleset, its cards and what it asks for.

`analyse` reads a question: the ruleset it names ("in online"), the cards it names
("K♥", "red king", "sevens", `cambio_ref.cardnames`), and what it asks for, word by
word, each word with its glossary term (spec/glossary.yaml: "flip", "burn" and "slap"
all find "snap"), typos read as known words (`cambio_ref.asktypos`), everyday English as the
rules' words ("drew" as "draw", "max" as "most": `plain_words`). `doc_tokens` reads
a question the engine answers the same way, for its index (`cambio_ref.askindex`).
docs/javascripts/ask-read.js follows the same steps on the `reading_json` tables.

>>> lex = shipped_lexicon()
>>> q = analyse("what do K♥ K♠ joker A♣ score in online?", lex)
>>> q.ruleset, [str(c) for c in q.cards], q.value, q.leftover
('online', ['KH', 'KS', 'X', 'AC'], True, 0)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache, cached_property
from typing import TYPE_CHECKING, Any

from cambio_ref.askagain import (
    RECOUNT_WORDS,
    again_json,
    coloured,
    colours_told,
    first_told,
    recounted,
    repeated,
    restated,
)
from cambio_ref.askcanon import (
    LETTERED,
    NUMBERED,
    ORDINALS,
    POINT_IDIOMS,
    STOP,
    STOP_WORDS,
    beside,
    canonical,
    canonical_words,
    card_canonical,
    idioms,
    plain_words,
    stem,
)
from cambio_ref.askcontractions import CONTRACTED, CONTRACTION, NOT_BASES, UNMARKED, expand
from cambio_ref.askdescribed import described, in_deck, said_points
from cambio_ref.askhand import (
    HAND_LABELS,
    JOINS,
    alone,
    hand_json,
    hand_label,
    hand_span,
    judged,
    owned,
    raw_words,
    summed,
)
from cambio_ref.askkind import ASKING, HOW_MUCH, asking
from cambio_ref.askpeople import CARD_NOUNS, given, people, theirs
from cambio_ref.askquery import Query
from cambio_ref.askstory import (
    CORRECTIONS,
    call_time,
    corrected,
    counted_apart,
    denied,
    gone,
    labelled,
    referred,
    rid_of,
    runs,
    story_json,
    taken_back,
)
from cambio_ref.askswitch import switch_json, switched
from cambio_ref.asktypos import correct, inflection, near_card_word, suit_typos
from cambio_ref.askversus import versus, versus_json
from cambio_ref.cardcounts import (
    ANOTHER,
    ARTICLES,
    COUNT_WORDS,
    NOT_CARDS,
    ONE,
    Reading,
    and_between_cards,
    read_cards,
    without,
)
from cambio_ref.cardnames import (
    ACE_NUMBER,
    COLOURS,
    RANK_WORDS,
    SUIT_WORDS,
    code_of,
)

if TYPE_CHECKING:
    from cambio_ref.catalogue import Term
    from cambio_ref.catalogue_model import RulesetSpec

__all__ = [
    "ASIDE_TERMS",
    "GAME_TERM",
    "HOUSE_TERM",
    "OTHER_GAME_TERM",
    "PART_TERMS",
    "RULESET_TAILS",
    "SET_ASIDE_AFTER",
    "SET_ASIDE_BEFORE",
    "SET_ASIDE_BETWEEN",
    "VALUE_TERM",
    "Lexicon",
    "Query",
    "analyse",
    "doc_tokens",
    "expand",
    "lexicon",
    "raw_words",
    "reading_json",
    "set_aside",
    "shipped_lexicon",
]

# The glossary terms the engine itself reads: the words of a value question, and of a house rule; the game's own
# name ("cambio", "cabo") and the names of other card games ("uno", "blackjack"): a question naming another game is
# about that game unless it names Cambio or a ruleset too.
VALUE_TERM = "points"
HOUSE_TERM = "house-rule"
GAME_TERM = "cambio"
OTHER_GAME_TERM = "other-game"
# The glossary terms of questions no rule answers: asking for advice ("is it worth ...", "best way to ...", "which of
# my cards should ...": the rules say what a player may do, not what is wise), about the game's history ("who
# invented", "the same game as") and about table manners ("say sorry", "take a photo"). Such a question is never sure.
ASIDE_TERMS = ("strategy", "history", "manners")
# The glossary terms of a part of a source ("the Q&A", "the main text", "the worked example"): a question naming one
# asks for the reading of that part, which a case whose title names it plays out (`cambio_ref.asksure.choose`).
PART_TERMS = ("qa", "main-text", "worked-example")
# Words that set such a part aside, before it ("not the FAQ", "rather than the main text", "instead of the example",
# "the Q&A over the main text") or after it ("leaving the FAQ aside"): the question does not ask for that part's
# reading (`set_aside`). Between the two, an article, "rules" or a word for a piece of text ("not the FAQ bit").
SET_ASIDE_BEFORE = ("not", "rather than", "instead of", "ignoring", "ignore", "apart from", "except", "besides",
                    "over")
SET_ASIDE_AFTER = ("aside",)
SET_ASIDE_BETWEEN = ("a", "an", "the", "rules", "bit", "part", "section")
# Words that ask for a ruleset when they come before one of its names ("in hearts", "playing online").
_RULESET_CUES = frozenset(("in", "on", "under", "for", "playing", "play", "using", "with", "per"))
# Words after a ruleset's name that are part of it: what it is, a set of rules or where they are written ("official
# rules", "the online site", "the memory page", "the cambia engine").
RULESET_TAILS = ("rules", "rule", "ruleset", "site", "website", "page", "version", "engine", "html", "text", "md")
# A word that may come between a ruleset's name and its tail ("the memory-game version", "memory game rules").
RULESET_BETWEEN = ("game",)
# The words after "hearts" that make it the ruleset's name rather than the suit's ("hearts rules", "the hearts game";
# not "the 6 of hearts rule"), unless a word of `_RULESET_CUES` comes before it ("in hearts", "in the hearts ...").
SUIT_RULESET_TAILS = (["rules"], ["ruleset"], ["game"], ["version"], ["text"])
# Words after the last word of a question that add nothing to it ("what does the jack do exactly").
LAST_FILLERS = frozenset(("exactly", "again", "though", "tho", "anyway", "actually", "anything"))
# Words that ask for a hand's total rather than each card's value.
_SUM_WORDS = frozenset(("total", "add", "adds", "altogether", "together", "sum", "hand", "score"))


@dataclass(frozen=True)
class Lexicon:
    """What the engine knows of words: stop words, the glossary's phrases, value words and ruleset names."""

    phrases: tuple[tuple[tuple[str, ...], str], ...]  # (canonical words, term id), longest first
    value_phrases: tuple[tuple[str, ...], ...]  # canonical words of each word of the glossary term VALUE_TERM
    rulesets: tuple[tuple[tuple[str, ...], str], ...]  # (raw words of a ruleset id, the id), longest first

    def terms(self, words: Sequence[str], skip: frozenset[str] = frozenset()) -> list[str]:
        """The glossary terms `words` (canonical) use, each once, in order of first use; a word of `skip`
        alone names no term (a phrase may still use it)."""
        starting = self.starting()
        found: list[str] = []
        for i, word in enumerate(words):
            for phrase, term in starting.get(word, ()):
                if phrase == (word,) and word in skip:
                    continue
                if tuple(words[i:i + len(phrase)]) == phrase and term not in found:
                    found.append(term)
        return found

    # (Each worked out once per lexicon: a question reads them several times a word.)
    @cached_property
    def _starting(self) -> dict[str, list[tuple[tuple[str, ...], str]]]:
        out: dict[str, list[tuple[tuple[str, ...], str]]] = {}
        for phrase, term in self.phrases:
            out.setdefault(phrase[0], []).append((phrase, term))
        return out

    @cached_property
    def _rule_terms(self) -> frozenset[str]:
        cards = card_canonical()
        carded = {term for phrase, term in self.phrases
                  if all(w in cards or w in STOP for w in phrase) and any(w in cards for w in phrase)}
        return frozenset(term for _, term in self.phrases) - carded - {VALUE_TERM, HOUSE_TERM}

    @cached_property
    def _single(self) -> dict[str, str]:
        return {phrase[0]: term for phrase, term in self.phrases if len(phrase) == 1}

    def starting(self) -> dict[str, list[tuple[tuple[str, ...], str]]]:
        """The phrases by their first word, longest first (as `phrases`)."""
        return self._starting

    def rule_terms(self) -> frozenset[str]:
        """The terms that name a rule: not a card (no phrase of card words alone), nor points, nor a house rule."""
        return self._rule_terms

    def single(self) -> dict[str, str]:
        """The one-word phrases, each with its term."""
        return self._single


def shipped_lexicon() -> Lexicon:
    """The lexicon of the shipped catalogue, without building the index (a hand needs no more)."""
    return _shipped_lexicon()


@cache
def _shipped_lexicon() -> Lexicon:
    from cambio_ref.catalogue import load_catalogue

    cat = load_catalogue()
    return lexicon(cat.glossary, cat.rulesets)


def lexicon(glossary: Iterable[Term], rulesets: Iterable[str] | Mapping[str, RulesetSpec] = ()) -> Lexicon:
    terms = list(glossary)
    phrases = [(tuple(canonical_words(raw_words(word))), t.id) for t in terms for word in t.words]
    value = next((t for t in terms if t.id == VALUE_TERM), None)
    value_phrases = tuple(tuple(canonical_words(raw_words(word))) for word in (value.words if value else ()))
    ids = list(rulesets)
    names = [(tuple(raw_words(rs)), rs) for rs in ids]
    # (and the names players give its document: "the website" is online's, spec/rulesets/*.yaml's `called`)
    if isinstance(rulesets, Mapping):
        names += [(tuple(raw_words(name)), rs) for rs, spec in rulesets.items() for name in spec.called]
    # A word of a ruleset's id that no other id has names it alone ("the bot" is cambio-bot).
    shared = Counter(w for rs in ids for w in set(raw_words(rs)))
    names += [((w,), rs) for rs in ids if len(raw_words(rs)) > 1 for w in raw_words(rs) if shared[w] == 1]
    return Lexicon(tuple(sorted((p for p in phrases if p[0]), key=lambda p: -len(p[0]))), value_phrases,
                   tuple(sorted(names, key=lambda p: -len(p[0]))))


def doc_tokens(text: str, lex: Lexicon) -> list[str]:
    """The tokens a text is found by: its canonical words (no stop words) and ``@`` + each glossary term it uses.

    >>> doc_tokens("A wrong flip of a red king", shipped_lexicon())
    ['wrong', 'flip', 'red', 'king', '@wrong-snap', '@snap', '@red-king']
    """
    canon = beside(canonical_words(raw_words(text)))
    aside = set_aside(canon, lex)
    words = [w for i, w in enumerate(canon) if i not in aside]
    # A stop word that is a glossary word ("do" for a power) names its term only at the end of a question.
    return [w for w in words if w not in STOP] + [f"@{t}" for t in lex.terms(words, STOP)]


@cache
def _set_aside_words() -> tuple[tuple[tuple[str, ...], ...], tuple[tuple[str, ...], ...], frozenset[str]]:
    """`SET_ASIDE_BEFORE`, `SET_ASIDE_AFTER` and `SET_ASIDE_BETWEEN` as the engine compares them (canonical)."""
    return (tuple(tuple(canonical_words(raw_words(c))) for c in SET_ASIDE_BEFORE),
            tuple(tuple(canonical_words(raw_words(c))) for c in SET_ASIDE_AFTER),
            frozenset(canonical_words(SET_ASIDE_BETWEEN)))


def set_aside(canon: Sequence[str], lex: Lexicon) -> frozenset[int]:
    """The places of the words naming a part of a source (`PART_TERMS`) that `canon` (a question's canonical words)
    sets aside (`SET_ASIDE_BEFORE`, `SET_ASIDE_AFTER`): it asks for another part's reading.

    >>> lex = shipped_lexicon()
    >>> [sorted(set_aside(canonical_words(raw_words(q)), lex)) for q in ("the main text (not the FAQ bit)",
    ...  "going by the Q&A rather than the main text", "leaving the faq aside", "the faq says")]
    [[5], [8, 9], [2], []]
    """
    before, after, between = _set_aside_words()
    out: set[int] = set()
    n = len(canon)
    for j in range(n):
        for phrase, term in lex.starting().get(canon[j], ()):
            k = j + len(phrase)
            if tuple(canon[j:k]) != phrase:
                continue
            if term not in PART_TERMS:
                break  # (the longest name starting here names another term)
            i, m = j, k
            while i > 0 and canon[i - 1] in between:
                i -= 1
            while m < n and canon[m] in between:
                m += 1
            if any(tuple(canon[max(i - len(c), 0):i]) == c for c in before) or any(
                    tuple(canon[m:m + len(c)]) == c for c in after):
                out.update(range(j, k))
            break  # the longest name starting here
    return frozenset(out)


# Words among a hand's cards that are no card and need no saying: stop words, colours (a colour with no
# rank after it says which of the cards named is red: "two kings, one black one red"), "card", "rules", "just",
# "only" ("only 4 + 4 left").
# Not the words that may stand for a card ("one", "another", "other", "more"): read as one, or named.
_NOT_UNREAD = (STOP_WORDS | set(COLOURS) | NOT_CARDS | JOINS | {"rule", "rules", "ruleset", "just", "only"}
               | {w for c in CORRECTIONS for w in c} | _RULESET_CUES | RECOUNT_WORDS) - {ONE, ANOTHER, "other"}
# (a correction's words, "a king... wait, a queen"; a cue before a ruleset's name, "playing online: 5, 5"; the word
# that counts cards again, "yes all 4 twos")


def card_word(word: str) -> bool:
    """Whether `word` may name (part of) a card: a rank, a suit, a colour, a count or a card's code.

    >>> [card_word(w) for w in ("fives", "kh", "red", "two", "penalty")]
    [True, True, True, True, False]
    """
    return word in RANK_WORDS or word in SUIT_WORDS or word in COLOURS or word in COUNT_WORDS or (
        code_of(word) is not None)


def said_again(words: Sequence[str], reading: Reading, again: Collection[int]) -> tuple[str, ...]:
    """The words naming the cards at `again` (indices of `reading.cards`), each run of them one phrase: from where
    the first card's words start to where the next card's do.

    >>> from cambio_ref.cardcounts import read_cards
    >>> words = "7c 7d 7h three sevens and a 2".split()
    >>> said_again(words, read_cards(words), {3, 4, 5})
    ('three sevens',)
    """
    out: list[str] = []
    ids = sorted(again)
    while ids:
        run = [ids.pop(0)]
        while ids and ids[0] == run[-1] + 1:
            run.append(ids.pop(0))
        start = reading.named_at[run[0]]
        end = reading.named_at[run[-1] + 1] if run[-1] + 1 < len(reading.cards) else len(words)
        # (a card said so many times, "KH x2", shares its words with the next: named as read)
        out += runs(words, {j for j in reading.used if start <= j < end}) if start < end else [
            str(reading.cards[n]) for n in run]
    return tuple(out)


def analyse(text: str, lex: Lexicon, vocab: Mapping[str, int] | None = None,
            english: Collection[str] = (), names: Collection[str] = ()) -> Query:
    """Read `text`: its ruleset, its cards, and per word what satisfies it (typos read as the words of `vocab`,
    an `english` word only as its own inflection); the people it names (`cambio_ref.askpeople.people`, given
    `names` too) are not asked for."""
    typed = raw_words(text)
    # (a given name is no typo: "gina" is not "gin"; nor is a word read as its own inflection one to tell of: "know"
    # read as "knows", "else's" typed "elses" as "else")
    words = suit_typos([w if given(w, names) else correct(w, vocab, STOP_WORDS, english) for w in typed]
                       if vocab else typed)
    fixed = tuple(dict.fromkeys((t, w) for t, w in zip(typed, words, strict=True) if t != w and not inflection(t, w)))
    words = and_between_cards(words)  # ("k n a qeen": "n" joins cards once the typo is read)
    ruleset: str | None = None
    keep: list[str] = []
    i = 0
    while i < len(words):
        for name, rs in lex.rulesets:
            if tuple(words[i:i + len(name)]) == name and ruleset is None and (
                    name != ("hearts",) or i == 0 or words[i - 1] in _RULESET_CUES
                    or (i > 1 and words[i - 1] in ARTICLES and words[i - 2] in _RULESET_CUES)  # ("in the hearts game")
                    or words[i + 1:i + 2] in SUIT_RULESET_TAILS or words[i + 1:i + 3] == ["house", "rules"]):
                ruleset = rs
                i += len(name)
                if keep and keep[-1] == GAME_TERM:  # ("cambio official rules", "the cambio memory version")
                    keep.pop()
                if words[i:i + 1] and words[i] in RULESET_BETWEEN and words[i + 1:i + 2] \
                        and words[i + 1] in RULESET_TAILS:  # ("the memory-game version")
                    i += 1
                if words[i:i + 1] and words[i] in RULESET_TAILS:  # "official rules": the ruleset's name
                    i += 1
                break
        else:
            keep.append(words[i])
            i += 1
    named = people(text, vocab, names) if vocab is not None else frozenset()
    keep = theirs(keep, named)  # ("can i snap jakes card": another player's card)
    parts = [tuple(canonical(w)) for w in keep]
    canon = beside([c for p in parts for c in p])  # ("round one": the first round; "the q": the queen)
    owner = [j for j, p in enumerate(parts) for _ in p]  # (the word of `keep` each canonical word comes from)
    found = rule_phrases(canon, lex)
    masked = {owner[i] for places in found.values() for i in places}  # ("risky fives": no card there)
    # (only a card's word is masked: "2 penalty cards" still counts penalty cards, no 2)
    reading = read_cards([w if j not in masked or not card_word(w) else "" for j, w in enumerate(keep)])
    # A card the player got rid of ("I burned my 7 earlier"), or one told before the hand's label ("he says my red
    # king is bad. my hand is ..."), is not in the hand, when other cards are.
    # Two hands compared ("i had a 3 and a 4, she had a 2 and a 6, who wins"): each has its own label, if any.
    cut = versus(keep, reading.used, reading.named_at, named)
    thrown = gone(keep, reading.used)
    # ("two kings and a queen, both kings are red": the kings told of are red; "fives are spades and clubs"; the first
    # told of, with their colour, are the hand's: "my two queens are black, plus a 3")
    hues = colours_told(keep, reading)
    away = (thrown | referred(keep, reading, thrown) | (labelled(keep, reading.used) if cut < 0 else frozenset())
            | described(keep, reading.used, reading.named_at) | corrected(keep, reading.used)
            | denied(keep, reading.used, reading.named_at) | counted_apart(keep, reading.used)) - masked - first_told(
        keep, reading, hues)
    said = tuple((card, points) for run, points in said_points(keep, reading.used, reading.named_at)
                 for card in read_cards([w if j in run else "" for j, w in enumerate(keep)]).cards)
    told: tuple[str, ...] = ()
    apart: frozenset[int] = frozenset()
    kept = read_cards([w if j not in masked | away else "" for j, w in enumerate(keep)]) if away else reading
    # (a letter read beside a card left out stays a card: "J, a 7, no wait, a ten", "K, a 7, no wait, J")
    if away and not reading.used - away <= kept.used:
        kept = without(reading, away)
    deck = in_deck(keep, away) if away else frozenset()  # ("with 2 jokers in the deck, ...": where they are, no rule)
    if away and (kept.cards or deck):  # (cards all the deck's are no hand: "we play with 4 jokers in the deck, ok?")
        reading, masked, told = kept, masked | away, runs(keep, away)
        apart = deck | rid_of(keep, thrown)  # ("... after burning my jack": the verb tells the hand's story, no rule)
    if hues:
        reading = replace(reading, cards=coloured(reading.cards, hues))
    back = taken_back(keep, reading.used)  # ("a hack... I mean jack": a slip taken back, neither unread nor asked)
    single = lex.single()
    # A phrase of the glossary ("slow burn", "which way") is asked for as its term, not word by word.
    wanted: list[tuple[str, ...]] = []
    plain: list[tuple[tuple[str, ...], ...]] = []
    covered = [False] * len(canon)
    starting = lex.starting()  # (only a phrase that starts with a word can start there)
    aside = set_aside(canon, lex)  # ("not the FAQ": a part of a source the question does not ask for)
    purpose = idioms(canon)  # ("the point of", "at what point": the word, no card's points)
    for j in range(len(canon)):
        for phrase, term in starting.get(canon[j], ()):
            if len(phrase) > 1 and j not in aside and tuple(canon[j:j + len(phrase)]) == phrase:
                wanted.append((f"@{term}",))
                plain.append(tuple((w, f"@{single[w]}") if w in single else (w,) for w in phrase if w not in STOP))
                for k in range(j, j + len(phrase)):
                    covered[k] = True
    for j, w in enumerate(canon):
        if w not in STOP and not covered[j] and j not in aside and keep[owner[j]] not in named and owner[j] not in back:
            wanted.append((w, f"@{single[w]}") if w in single and j not in purpose else (w,))
            plain.append(())
    # A stop word that is a glossary word counts when it ends the question: "what does a ten do?", the words that
    # named its ruleset aside ("what does the king do on the cambio app": "on the" before the ruleset's name).
    end = len(canon)
    while ruleset is not None and end and canon[end - 1] in _RULESET_CUES | ARTICLES:
        end -= 1
    while end and canon[end - 1] in LAST_FILLERS:  # ("what does the jack do exactly")
        end -= 1
    # ("what do 7s and 8s do": the cards' powers, not their points; that word is a rule's word, as `topical` counts.)
    # (not after "what" or the player: "no more cards in the deck, what do", "what do i do" ask what to do)
    asked_last = int(bool(end) and canon[end - 1] in STOP and canon[end - 1] in single and not covered[end - 1]
                     and canon[end - 2:end - 1] not in (["what"], ["i"], ["we"], ["you"]))
    if asked_last:
        wanted.append((f"@{single[canon[end - 1]]}",))
        plain.append(())
    # Words that ask what cards are worth: a phrase of the glossary term VALUE_TERM ("worth", "add up").
    valued = [False] * len(keep)
    idiom = {owner[i] for i in purpose}
    for j in range(len(keep)):
        for phrase in lex.value_phrases if j not in idiom else ():
            if tuple(c for p in parts[j:j + len(phrase)] for c in p) == phrase:
                for k in range(j, j + len(phrase)):
                    valued[k] = True
    # ("1" unread is a word left over, as before it counted: "ace worth 1 or 0")
    first = min(reading.used) if reading.used else 0
    label = hand_label(keep, reading.used)
    judging = judged(keep, reading.used)  # ("a pair of sevens, good or bad": words judging the cards)
    when = call_time(keep, reading.used)  # ("... a 2 left when he called": when they were counted, no rule)
    rest = [j for j, w in enumerate(keep) if w not in STOP_WORDS and (w == ACE_NUMBER or not card_word(w))
            and j not in reading.used and not valued[j] and w not in ("rule", "rules", "ruleset") and j != label
            and j not in back and j not in apart and j not in judging and j not in when]
    # Unread: a word among the cards (or the one an "and" adds after them) that is no card, a suit word left
    # over ("kings of hearts and diamonds"), or a word nobody uses that is near a card's word (a card mistyped:
    # `near_card_word`).
    span = hand_span(keep, reading.used)
    # (the words between two hands compared set them apart: "my 10 and ace vs her 6 and 6")
    between = range(max((at for at in reading.named_at if at < cut), default=cut) + 1, cut)
    unread = tuple(keep[j] for j in range(len(keep)) if j not in reading.used and j not in reading.points
                   and j not in masked and j not in between and j not in back and (
        (j in span and keep[j] not in _NOT_UNREAD and not valued[j] and j != label)
        or (j in rest and vocab is not None and keep[j] not in vocab and near_card_word(keep[j]))))
    once: dict[tuple[str, ...], tuple[tuple[str, ...], ...]] = {}
    for alts, words_of in zip(wanted, plain, strict=True):
        once.setdefault(alts, words_of)
    terms = lex.terms([c for i, c in enumerate(canon) if owner[i] not in back])
    # ("what are an ace and a jack worth": each card's value; not "mine are 2S, 4H": a hand's label)
    each = "each" in keep or (any(w == "are" and not (k and keep[k - 1] in HAND_LABELS) for k, w in
                                  enumerate(keep[:first])) and not any(w in _SUM_WORDS for w in keep))
    # A rule's words: a word naming a glossary term, or a phrase of a term that is not a card ("risky fives").
    # (not the call that tells when the cards were counted: "... in my hand when she called cambio")
    ruled = [j for j in rest if stem(keep[j]) in single and j not in idiom] + [
        owner[places[0]] for places in found.values() if owner[places[0]] not in when]
    topical = asked_last + len(ruled)
    # (the rule's words all told before the cards, a word of value after them: "after the call i had 6, 2, A, score?")
    told_first = bool(reading.used) and not asked_last and all(j < first for j in ruled) and any(
        valued[j] for j in range(max(reading.used, default=0) + 1, len(keep)))
    # ("three fives, so 5 5 5": the fives named twice are three fives; the reply names the words said again)
    # and a suited card named twice is one card ("swapped my king out for a 4 of clubs, so now 4C and 10H")
    again = restated(reading.cards, reading.named_at)
    # ("2 2 2 2 and a joker (yes all 4 twos)": the twos counted again by "all" and a count are the same twos)
    again |= recounted(keep, reading.cards, reading.named_at, again)
    left = [n for n in range(len(reading.cards)) if n not in again]
    again |= {left[x] for x in repeated([reading.cards[n] for n in left])}
    cards = tuple(c for n, c in enumerate(reading.cards) if n not in again)
    told += said_again(keep, reading, again)
    first_of_second = sum(1 for n, at in enumerate(reading.named_at) if n not in again and at < cut)
    return Query(text, ruleset, cards, sum(1 for w in keep if code_of(w)), any(valued),
                 len(rest), tuple(once), HOUSE_TERM in terms, reading.ranks_only, unread, fixed,
                 each, topical, switched(canon, lex.starting()), tuple(once.values()), asking(text),
                 (OTHER_GAME_TERM in terms or reading.poker) and GAME_TERM not in terms and ruleset is None,
                 bool(reading.stated), any(t in terms for t in ASIDE_TERMS),
                 summed(keep, reading.used, [j for j, v in enumerate(valued) if v]), alone(keep, reading.used),
                 told, said, owned(keep, reading.used),
                 first_of_second if 0 < first_of_second < len(cards) else 0, told_first,
                 bool(judging))


def rule_phrases(canon: Sequence[str], lex: Lexicon) -> dict[tuple[tuple[str, ...], str], list[int]]:
    """Each phrase of a rule's glossary term (no card's: `Lexicon.rule_terms`) that `canon` (a question's canonical
    words) uses, with its term, and the places of its words: a number or a rank there names no card.

    >>> rule_phrases(canonical_words(raw_words("risky fives is on with two fives")), shipped_lexicon())
    {(('risky', '5'), 'risky-fives'): [0, 1]}
    """
    rules = lex.rule_terms()
    starting = lex.starting()
    found: dict[tuple[tuple[str, ...], str], list[int]] = {}
    for j, w in enumerate(canon):
        for phrase, term in starting.get(w, ()):
            n = len(phrase)
            if n > 1 and term in rules and tuple(canon[j:j + n]) == phrase:
                places = found.setdefault((phrase, term), [])
                if j not in places:  # (two names of a term may read alike: "risky fives", "risky 5s")
                    places.extend(range(j, j + n))
    return found


def reading_json(lex: Lexicon) -> dict[str, Any]:
    """The lexicon and the reading's word lists, as ask.js reads them."""
    return {**hand_json(), **story_json(), **again_json(), "stop": sorted(STOP), "stop_raw": sorted(STOP_WORDS),
            "phrases": [[list(p), t] for p, t in lex.phrases], "value": [list(p) for p in lex.value_phrases],
            "rulesets": [[list(p), rs] for p, rs in lex.rulesets], "cues": sorted(_RULESET_CUES),
            "ruleset_tails": list(RULESET_TAILS), "ruleset_between": list(RULESET_BETWEEN),
            "suit_ruleset_tails": list(SUIT_RULESET_TAILS),
            "contraction": CONTRACTION.pattern, "not_bases": NOT_BASES,
            "contracted": CONTRACTED, "unmarked": UNMARKED, "house": HOUSE_TERM, "game": GAME_TERM,
            "other_game": OTHER_GAME_TERM, "aside": list(ASIDE_TERMS), "parts": list(PART_TERMS),
            "set_aside": [[list(c) for c in cues] for cues in _set_aside_words()[:2]],
            "set_aside_between": sorted(_set_aside_words()[2]), "sum_words": sorted(_SUM_WORDS),
            "last_fillers": sorted(LAST_FILLERS),
            "rule_terms": sorted(lex.rule_terms()), "not_unread": sorted(_NOT_UNREAD), "switch": switch_json(),
            "versus": versus_json(), "card_nouns": sorted(CARD_NOUNS),
            "plain": plain_words(), "asking": ASKING, "how_much": sorted(HOW_MUCH), "numbered": list(NUMBERED),
            "ordinals": ORDINALS, "lettered": sorted(LETTERED),
            "point_idioms": [list(i) for i in POINT_IDIOMS]}
