"""`cambio ask`: answer a question in players' words, from a case, a rule's value or the scorer.

The engine (`cambio_ref.askindex`) reads the question; `ask` answers it:

- a hand ("KH KS X AC in online", "what do K♥ K♠ joker A♣ score?") goes to the scorer:
  the total and each card's points, per ruleset;
- one card's worth ("what's a seven worth?") is that card's points under each ruleset,
  with the option that values it and its citation;
- anything else is the best question of the index: a case (each ruleset's answer, from
  `cambio_ref.answers.answer_for`, the one function the site shows too), an option (each
  ruleset's value and its citation) or a core rule (its value);
- when the best match is weak, the reply is not sure and offers the three closest questions.

The ruleset's own answer ranks before a house rule, and a house-rule case is labelled as
a house rule some tables play, with the rule in words.

>>> reply = ask("the caller ties for lowest, who wins?")
>>> reply.sure, reply.top
(True, 'case:tie.caller-ties-lowest')
>>> reply = ask("what do K♥ K♠ joker A♣ score in online?")
>>> reply.kind, [(rs, s.total) for rs, s, _ in reply.found[0].hands]
('hand', [('online', 40)])
>>> ask("zebra unicorn").sure
False
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cambio_ref.answers import Answer, answer_for, answer_for_rules
from cambio_ref.askindex import Doc, analyse, build_index, doc_tokens, house_changes, lexicon, rank, shipped_lexicon
from cambio_ref.cards import JOKER, Card
from cambio_ref.cardwords import CardMention, rank_token
from cambio_ref.cases import Case, load_cases
from cambio_ref.catalogue import Catalogue, Citation, Term, load_catalogue
from cambio_ref.errors import UnknownCardError
from cambio_ref.rules import Resolved, Rules, explain, format_value, resolve
from cambio_ref.scoring import HandScore, score_hand

__all__ = ["GOOD", "Found", "Hit", "Reply", "ask", "by_suit", "card_option", "house_label", "player_title",
           "points_text", "rule_title", "search", "terms_in", "tokens", "value_text"]

# A match is sure when it scores at least this (0 to 1).
GOOD = 0.58
# How many other good matches a reply shows after the first, and how close to it they must be.
MORE = 2
CLOSE = 0.1


def tokens(text: str, glossary: Iterable[Term] | None = None) -> list[str]:
    """The search tokens of `text`: its words and ``@term`` for each glossary term it uses.

    >>> tokens("A wrong flip?")
    ['wrong', 'flip', '@wrong-snap', '@snap']
    """
    return doc_tokens(text, lexicon(load_catalogue().glossary if glossary is None else glossary))


def terms_in(text: str, glossary: Iterable[Term] | None = None) -> list[Term]:
    """The glossary terms `text` uses, by any of their words.

    >>> [t.id for t in terms_in("Ben knocks, then Ann burns a card")]
    ['call', 'snap']
    """
    terms = list(load_catalogue().glossary if glossary is None else glossary)
    ids = {t[1:] for t in doc_tokens(text, lexicon(terms)) if t.startswith("@")}
    return [t for t in terms if t.id in ids]


@dataclass(frozen=True)
class Hit:
    """A case, an option or a core rule that matches a question, and how well (0 to 1)."""

    kind: str  # "case", "option" or "rule"
    id: str
    title: str  # in players' words (`player_title`)
    score: float
    label: str = ""  # for a house-rule case: "A house rule some tables play: ..."

    @property
    def good(self) -> bool:
        return self.score >= GOOD


def search(question: str, *, catalogue: Catalogue | None = None, cases: Iterable[Case] | None = None) -> list[Hit]:
    """Every case, option and core rule with a value, best match first."""
    cat = catalogue or load_catalogue()
    index = build_index(catalogue, cases)
    all_cases = {c.id: c for c in (load_cases().values() if cases is None else cases)}
    return [_hit(d, s, cat, all_cases) for d, s in rank(index, analyse(question, index.lexicon))]


def _hit(d: Doc, score: float, cat: Catalogue, cases: dict[str, Case]) -> Hit:
    if d.kind == "case":
        case = cases[d.id]
        return Hit(d.kind, d.id, player_title(case), round(score, 3), house_label(case, cat) if d.house else "")
    if d.kind == "rule":
        return Hit(d.kind, d.id, rule_title(cat, d.id), round(score, 3))
    return Hit(d.kind, d.id, d.title, round(score, 3))


def player_title(case: Case) -> str:
    """A case's question as a player reads it: a house-rule case names no source.

    >>> player_title(load_cases()["power.queen-look-two-house-rule"])
    'Under a house rule some tables play, what may a queen discarded from the deck do?'
    >>> player_title(load_cases()["tie.caller-ties-lowest"])
    'Who wins when the caller ties the lowest score?'
    """
    title = case.title
    if case.data.get("set") and title.startswith("With ") and ", " in title:
        return "Under a house rule some tables play, " + title.rsplit(", ", 1)[1]
    return title


def house_label(case: Case, cat: Catalogue | None = None) -> str:
    """The rule a house-rule case plays, in words.

    >>> house_label(load_cases()["power.queen-look-two-house-rule"])
    'A house rule some tables play: look at up to two cards anywhere on the table, then swap any two cards.'
    """
    cat = cat or load_catalogue()
    said = []
    for name, value in (case.data.get("set") or {}).items():
        if cat.has_option(name):
            alt = cat.option(name).alternative(cat.option(name).coerce(value))
            if alt is not None and alt.description:
                said.append(first_sentence(alt.description).rstrip("."))
    text = "; ".join(said)
    return f"A house rule some tables play: {text[:1].lower()}{text[1:]}." if text else \
        "A house rule some tables play."


def rule_title(cat: Catalogue, rule_id: str) -> str:
    """A core rule with a value, in words, the value in place.

    >>> rule_title(load_catalogue(), "core.grid")
    'Each player is dealt 4 cards, face down, as a 2x2 grid.'
    """
    rule = cat.core_rules[rule_id]
    text = " ".join(rule.statement.split()).replace("this many", str(rule.value))
    while " (" in text and ")" in text.split(" (", 1)[1]:
        head, tail = text.split(" (", 1)
        text = head + tail.split(")", 1)[1]
    return text


# -- the reply --------------------------------------------------------------------


@dataclass(frozen=True)
class Found:
    """One answer: a case's answers, an option's values, a core rule, or a card's or hand's points."""

    hit: Hit
    answers: tuple[Answer, ...] = ()  # for a case
    notes: tuple[str, ...] = ()  # per answer: a house rule, or how a house-rules table's answer was found
    values: tuple[tuple[str, Resolved], ...] = ()  # for an option: (ruleset, its value and why)
    hands: tuple[tuple[str, HandScore | None, str], ...] = ()  # for cards: (ruleset, the score, a note)
    rule: tuple[int, tuple[Citation, ...]] | None = None  # for a core rule: its value and citations
    options: tuple[tuple[str, str], ...] = ()  # for one card: (ruleset, the option that values it)
    # For a rank whose suits score differently somewhere: (ruleset, ((cards, points, option), ...)).
    by_suit: tuple[tuple[str, tuple[tuple[str, int, str], ...]], ...] = ()


@dataclass(frozen=True)
class Reply:
    """What `cambio ask` says: the answer and other good matches, or, when not sure, the closest questions."""

    question: str
    found: tuple[Found, ...]
    closest: tuple[Hit, ...]
    kind: str = ""  # case, option, rule, card, hand; "" when not sure
    ruleset: str | None = None  # the ruleset (one-line form) the answers are for, if one

    @property
    def sure(self) -> bool:
        return bool(self.found)

    @property
    def good(self) -> bool:
        return self.sure

    @property
    def top(self) -> str:
        """The answer's identity, as the site's search names it too: ``case:ID``, ``hand:KH KS``, ``unsure``."""
        if not self.found:
            return "unsure"
        return f"{self.kind}:{self.found[0].hit.id}"


def ask(question: str, rules: Rules | None = None, *, catalogue: Catalogue | None = None) -> Reply:
    """The answer to `question`, for `rules` (a ruleset or house rules), the ruleset it names, or every ruleset."""
    cat = catalogue or load_catalogue()
    query = analyse(question, shipped_lexicon() if catalogue is None else lexicon(cat.glossary, cat.rulesets))
    if rules is None and query.ruleset is not None:
        rules = resolve(query.ruleset, catalogue=cat)
    tables = [rules] if rules is not None else [resolve(rs, catalogue=cat) for rs in cat.ruleset_order()]
    canonical = rules.canonical if rules is not None else None
    if query.hand:
        cards = [_card(m) for m in query.cards]
        ident = " ".join(c.code for c in cards)
        hands = tuple(_score(cards, r) for r in tables)
        if len(cards) == 1:
            split = by_suit(query.cards[0], tables, cat)
            title = f"What is {_said(query.cards[0])} worth?"
            if split:  # "a king": the red and the black ones differ somewhere, so each is said
                found = Found(Hit("card", query.cards[0].rank, title, 1.0), by_suit=split)
            else:
                found = Found(Hit("card", ident, title, 1.0), hands=hands,
                              options=tuple((r.canonical, card_option(cat, cards[0])) for r in tables))
            return Reply(question, (found,), (), "card", canonical)
        found = Found(Hit("hand", ident, f"What does {ident} score?", 1.0), hands=hands)
        return Reply(question, (found,), (), "hand", canonical)
    cases = load_cases() if catalogue is None else {c.id: c for c in load_cases().values()}
    ranked = rank(build_index(catalogue), query)
    hits = [_hit(d, s, cat, cases) for d, s in ranked[:8]]
    if not ranked or ranked[0][1] < GOOD:  # the unrounded score, as the site's search compares it
        return Reply(question, (), tuple(hits[:3]), "", canonical)
    best = hits[0].score
    chosen = [hits[0], *[h for h in hits[1:] if h.good and h.score >= best - CLOSE][:MORE]]
    return Reply(question, tuple(_found(h, cat, cases, rules, tables) for h in chosen), (), hits[0].kind, canonical)


def _found(hit: Hit, cat: Catalogue, cases: dict[str, Case], rules: Rules | None,
           tables: Sequence[Rules]) -> Found:
    if hit.kind == "case":
        case = cases[hit.id]
        if rules is None:
            answers = tuple(answer_for(case, rs, catalogue=cat) for rs in case.rulesets)
            notes = tuple(house_label(case, cat) if house_changes(case, a.ruleset, cat) else "" for a in answers)
            return Found(hit, answers, notes)
        answer, note = answer_for_rules(case, rules, catalogue=cat)
        if case.data.get("set") and house_changes(case, answer.ruleset, cat):
            note = " ".join(filter(None, (house_label(case, cat), note)))
        return Found(hit, (answer,), (note,))
    if hit.kind == "rule":
        rule = cat.core_rules[hit.id]
        return Found(hit, rule=(rule.value or 0, rule.sources))
    values = tuple((r.canonical, next(x for x in explain(r, catalogue=cat) if x.option.id == hit.id))
                   for r in tables)
    return Found(hit, values=values)


def _card(m: CardMention) -> Card:
    """The card a mention stands for: its suit, else the first of its colour's (or of all four)."""
    return Card(m.rank, m.suits[0])


def _said(m: CardMention) -> str:
    """
    >>> [_said(m) for m in (CardMention("K", "", "red"), CardMention("7"), CardMention("K", "H"), CardMention("X"))]
    ['a red king', 'a 7', 'the KH', 'a joker']
    """
    if m.suit:
        return f"the {_card(m).code}"
    name = rank_token(m.rank)
    return f"a {m.colour} {name}" if m.colour else f"an {name}" if name in ("ace", "8") else f"a {name}"


def _score(cards: Sequence[Card], rules: Rules) -> tuple[str, HandScore | None, str]:
    try:
        return rules.canonical, score_hand(cards, rules), ""
    except UnknownCardError as exc:
        return rules.canonical, None, str(exc)


def by_suit(m: CardMention, tables: Sequence[Rules],
            cat: Catalogue) -> tuple[tuple[str, tuple[tuple[str, int, str], ...]], ...]:
    """For a rank named without a suit, each ruleset's points per group of suits, if the suits differ anywhere.

    >>> split = by_suit(CardMention("K"), [resolve("hearts")], load_catalogue())
    >>> split[0][0], [(codes, points) for codes, points, _ in split[0][1]]
    ('hearts', [('KS KC', 10), ('KH KD', -2)])
    >>> by_suit(CardMention("7"), [resolve("hearts")], load_catalogue())
    ()
    """
    if m.suit or m.rank == JOKER:
        return ()
    out = []
    for rules in tables:
        groups: dict[int, list[str]] = {}
        for suit in m.suits:
            groups.setdefault(rules.points[m.rank + suit], []).append(m.rank + suit)
        out.append((rules.canonical, tuple((" ".join(codes), points, card_option(cat, Card.parse(codes[0])))
                                           for points, codes in groups.items())))
    return tuple(out) if any(len(groups) > 1 for _, groups in out) else ()


def card_option(cat: Catalogue, card: Card) -> str:
    """The option that sets what `card` is worth (a later option overrides an earlier one).

    >>> card_option(load_catalogue(), Card("K", "H")), card_option(load_catalogue(), Card("7", "C"))
    ('value.red-king', 'value.number-cards')
    """
    return [o.id for o in cat.options if o.covers(card.rank, card.suit)][-1]


def value_text(r: Resolved) -> str:
    """An option's value under a ruleset in players' words: the alternative's description, and where it comes from.

    >>> online = {x.option.id: x for x in explain(resolve("online"))}
    >>> value_text(online["turn.direction"])
    'Play passes to the next player clockwise, to the left. (online §How to play)'
    """
    alt = r.option.alternative(r.value)
    said = first_sentence(alt.description) if alt is not None and alt.description else format_value(r.value)
    if r.origin == "source" and r.citations:
        why = "; ".join(str(c) for c in r.citations)
    elif r.origin == "house":
        why = "your house rule"
    else:
        why = "the project's ruling"
    return f"{said} ({why})"


def first_sentence(text: str) -> str:
    """The first sentence of a description, without its asides (they often speak to implementers).

    >>> first_sentence("Play passes clockwise. Seats are numbered (mod n).")
    'Play passes clockwise.'
    >>> first_sentence("Play passes counter-clockwise, so after seat p comes seat p-1 (mod n).")
    'Play passes counter-clockwise.'
    """
    text = re.sub(r" ?\([^()]*\)", "", " ".join(text.split()))
    text = text.split(". ", 1)[0].rstrip(".")
    return re.sub(r", so after seat p .*$", "", text) + "."


def points_text(score: HandScore | None, note: str) -> str:
    """A hand's points in one line: each card's, then the total.

    >>> from cambio_ref.cards import JOKER, Card
    >>> points_text(score_hand([Card.parse("KH"), Card.parse("AC")], resolve("online")), "")
    'KH 40 + AC 1 = 41'
    """
    if score is None:
        return note
    cards = " + ".join(f"{s.card.code} {s.points}" for s in score.cards)
    extra = "".join(f"; {a}" for a in score.applied)
    return f"{cards} = {score.total}{extra}" if len(score.cards) > 1 or score.applied else f"{score.total}"

