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

>>> reply = ask("who wins when the caller ties the lowest score?")
>>> reply.sure, reply.top
(True, 'case:tie.caller-ties-lowest')
>>> reply = ask("what do K♥ K♠ joker A♣ score in online?")
>>> reply.kind, [(rs, s.total) for rs, s, _ in reply.found[0].hands]
('hand', [('online', 40)])
>>> ask("zebra unicorn").sure
False
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cambio_ref.answers import Answer
from cambio_ref.askdata import build_data, reply_part, shipped_data
from cambio_ref.askindex import Query, engine_for
from cambio_ref.asksure import GOOD, choose, together
from cambio_ref.askwords import card_option, house_label, player_title, rule_title, terms_in, tokens, value_text
from cambio_ref.cardnames import CardMention, rank_token
from cambio_ref.cards import JOKER, Card
from cambio_ref.citation import Citation

if TYPE_CHECKING:  # read from the catalogue only for house rules and to build the data (cambio_ref.askbuild)
    from cambio_ref.cases import Case
    from cambio_ref.catalogue import Catalogue
    from cambio_ref.rules import Resolved, Rules

__all__ = ["GOOD", "Found", "Hit", "Reply", "ask", "by_suit", "card_option", "house_label", "player_title",
           "points_text", "rule_title", "search", "terms_in", "tokens", "value_text"]

# How many other good matches a reply shows after the first, and how close to it they must be.
MORE = 2
CLOSE = 0.1


@dataclass(frozen=True)
class Hit:
    """A case, an option or a core rule that matches a question, and how well (0 to 1.7)."""

    kind: str  # "case", "option" or "rule"
    id: str
    title: str  # in players' words (`player_title`)
    score: float
    label: str = ""  # for a house-rule case: "A house rule some tables play: ..."
    preview: str = ""  # its answer in one line, for the picked ruleset ("hearts: ...")

    @property
    def good(self) -> bool:
        return self.score >= GOOD


def search(question: str, *, catalogue: Catalogue | None = None, cases: Iterable[Case] | None = None) -> list[Hit]:
    """Every case, option and core rule with a value, best match first."""
    data = shipped_data() if catalogue is None and cases is None else build_data(catalogue, cases)
    engine = engine_for(data)
    return [_doc_hit(engine.docs[f"{d.kind}:{d.id}"], s, data, None) for d, s in engine.rank(engine.analyse(question))]


# -- the reply --------------------------------------------------------------------


@dataclass(frozen=True)
class CardPoints:
    """One card of a scored hand: its code, its points, and a note when a hand rule set them."""

    code: str
    points: int
    note: str | None = None


@dataclass(frozen=True)
class Score:
    """A hand's total, each card's points, and the hand rules applied (in players' words)."""

    total: int
    cards: tuple[CardPoints, ...]
    applied: tuple[str, ...] = ()


@dataclass(frozen=True)
class Fact:
    """One ruleset's value of an option: the value, in words, and where it comes from."""

    value: Any
    text: str  # in players' words, with its source or "the project's ruling"
    origin: str  # "source", "ruling" or "house"
    citations: tuple[str, ...]
    ruling: str | None


@dataclass(frozen=True)
class Found:
    """One answer: a case's answers, an option's values, a core rule, or a card's or hand's points."""

    hit: Hit
    answers: tuple[Answer, ...] = ()  # for a case
    notes: tuple[str, ...] = ()  # per answer: a house rule, or how a house-rules table's answer was found
    values: tuple[tuple[str, Fact], ...] = ()  # for an option: (ruleset, its value and why)
    hands: tuple[tuple[str, Score | None, str], ...] = ()  # for cards: (ruleset, the score, a note)
    rule: tuple[int, tuple[str, ...]] | None = None  # for a core rule: its value and citations
    options: tuple[tuple[str, str], ...] = ()  # for one card: (ruleset, the option that values it)
    # For a rank whose suits score differently somewhere: (ruleset, ((cards, points, option), ...)).
    by_suit: tuple[tuple[str, tuple[tuple[str, int, str], ...]], ...] = ()
    rulings: tuple[str, ...] = ()  # per answer: the ruling it rests on, in words ("" if none)
    why: tuple[tuple[str, str], ...] = ()  # for one card: (ruleset, where its value comes from, in words)


@dataclass(frozen=True)
class Reply:
    """What `cambio ask` says: the answer and other good matches, or, when not sure, the closest questions."""

    question: str
    found: tuple[Found, ...]
    closest: tuple[Hit, ...]
    kind: str = ""  # case, option, rule, card, hand; "" when not sure
    ruleset: str | None = None  # the ruleset (one-line form) the answers are for, if one
    unread: tuple[str, ...] = ()  # words of a hand that could not be read as cards
    fixed: tuple[tuple[str, str], ...] = ()  # typos read as another word: (as typed, as read)
    told: tuple[str, ...] = ()  # cards the question tells of apart from the hand, not scored (`Query.told`)

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


def ask(question: str, rules: Rules | str | None = None, *, catalogue: Catalogue | None = None) -> Reply:
    """The answer to `question` for `rules` (a ruleset, its name or house rules), else the ruleset it names, else all.

    The shipped catalogue's answers come from `cambio_ref.askdata.shipped_data` (built once,
    cached on disk); house rules are resolved and answered from the catalogue.
    """
    data = shipped_data() if catalogue is None else build_data(catalogue)
    engine = engine_for(data)
    if isinstance(rules, str):
        rules = rules.strip()
        if rules not in data["rulesets"]:
            from cambio_ref.rules import resolve

            rules = resolve(rules, catalogue=catalogue)
    query = engine.analyse(question)
    house = rules if rules is not None and not isinstance(rules, str) and (
        rules.overrides or rules.name not in data["rulesets"]) else None
    name = rules if isinstance(rules, str) else rules.name if rules is not None else query.ruleset
    if query.hand and name is None:  # ("where the six of hearts is minus three": hearts' own value)
        name = canonical = stated_ruleset(query.said, data)
    else:
        canonical = house.canonical if house is not None else name
    if query.hand:
        return _hand_reply(question, query, data, name, house, canonical)
    ranked, sure = choose(engine.rank(query), query, data["together"])
    docs = engine.docs
    hits = [_doc_hit(docs[d.key], s, data, name) for d, s in ranked[:8]]
    if not sure:
        return Reply(question, (), tuple(hits[:3]), "", canonical, fixed=query.fixed)
    # (on the unrounded scores, as the site's search compares them: a hit's score is rounded for showing)
    best, top = ranked[0][1], ranked[0][0]
    chosen = [hits[0], *[h for h, (d, s) in zip(hits[1:], ranked[1:8], strict=False)
                         if s >= GOOD and (s >= best - CLOSE or together(top, d, query, data["together"]))][:MORE]]
    found = tuple(_found(h, docs[f"{h.kind}:{h.id}"], name, house, catalogue) for h in chosen)
    return Reply(question, found, (), hits[0].kind, canonical, fixed=query.fixed)


def _doc_hit(doc: Mapping[str, Any], score: float, data: dict[str, Any], ruleset: str | None) -> Hit:
    return Hit(doc["kind"], doc["id"], doc["title"], round(score, 3), doc["label"],
               preview(doc, ruleset, data["rulesets"]))


def preview(doc: Mapping[str, Any], ruleset: str | None, order: Sequence[str] = ()) -> str:
    """A question's answer in one line, as the site's search shows it: the ruleset's, else the one every ruleset gives.

    When the rulesets differ and none is picked, the first ruleset's answer, under its name.
    """
    answers = doc["answers"]
    mine = [a for a in answers if a[0] == ruleset]
    if mine:
        return f"{mine[0][0]}: {mine[0][1]}"
    if not answers:
        return ""
    if all(a[1] == answers[0][1] for a in answers):
        return f"every ruleset: {answers[0][1]}"
    return f"{answers[0][0]}: {answers[0][1]}"


def _found(hit: Hit, doc: Mapping[str, Any], name: str | None, house: Rules | None,
           catalogue: Catalogue | None) -> Found:
    if house is not None:
        from cambio_ref.catalogue import load_catalogue

        return _found_for_house(hit, house, catalogue or load_catalogue())
    part = reply_part(doc)
    if hit.kind == "case":
        said = [part["one"][name]] if name is not None else part["every"]
        return Found(hit, tuple(_answer_of(hit.id, a) for a in said), tuple(a["note"] for a in said),
                     rulings=tuple(a["ruling_words"] for a in said))
    if hit.kind == "rule":
        return Found(hit, rule=(part["value"], tuple(part["citations"])))
    values = tuple((v["ruleset"], Fact(v["value"], v["text"], v["origin"], tuple(v["citations"]), v["ruling"]))
                   for v in part["values"] if name is None or v["ruleset"] == name)
    return Found(hit, values=values)


def _answer_of(case_id: str, a: dict[str, Any]) -> Answer:
    def cites(raw: list[dict[str, Any]]) -> tuple[Citation, ...]:
        return tuple(Citation(c["key"], c["section"], c["evidence"], c["note"]) for c in raw)

    return Answer(case_id, a["ruleset"], a["text"], a["applies"], cites(a["citations"]), a["ruling"],
                  shared=cites(a["case_citations"]))


def fact(r: Resolved) -> Fact:
    """An option's value under some rules as a `Fact`."""
    return Fact(r.value, value_text(r), r.origin, tuple(str(c) for c in r.citations), r.reason)


def _found_for_house(hit: Hit, rules: Rules, cat: Catalogue) -> Found:
    """An answer for house rules (not in the cached data): from the catalogue and the case file."""
    from cambio_ref.answers import answer_for_rules
    from cambio_ref.askindex import house_changes
    from cambio_ref.cases import load_cases
    from cambio_ref.rules import explain
    if hit.kind == "case":
        case = load_cases()[hit.id]
        answer, note = answer_for_rules(case, rules, catalogue=cat)
        if case.data.get("set") and house_changes(case, answer.ruleset, cat):
            note = " ".join(filter(None, (house_label(case, cat), note)))
        return Found(hit, (answer,), (note,), rulings=(answer.ruling,))
    if hit.kind == "rule":
        rule = cat.core_rules[hit.id]
        return Found(hit, rule=(rule.value or 0, tuple(str(c) for c in rule.sources)))
    return Found(hit, values=((rules.canonical, fact(next(x for x in explain(rules, catalogue=cat)
                                                          if x.option.id == hit.id))),))


def stated_ruleset(said: Iterable[tuple[CardMention, int]], data: Mapping[str, Any]) -> str | None:
    """The one ruleset whose points agree with every card's points a question states, if exactly one does: a hand
    asked about "where the six of hearts is minus three" is scored for hearts.

    >>> from cambio_ref.askdata import shipped_data
    >>> stated_ruleset([(CardMention("6", "H"), -3)], shipped_data()), stated_ruleset([], shipped_data())
    ('hearts', None)
    """
    said = list(said)
    fits = [rs for rs in data["rulesets"] if said and all(
        data["points"][rs].get(card.rank + suit) == points for card, points in said for suit in card.suits)]
    return fits[0] if len(fits) == 1 else None


def _tables(data: dict[str, Any], name: str | None,
            house: Rules | None) -> list[tuple[str, dict[str, int], dict[str, Any]]]:
    """(ruleset, points of each card in its deck, risky fives) for each table a hand is scored for."""
    if house is not None:
        points = {code: p for code, p in house.points.items() if house.has_card(Card.parse(code))}
        return [(house.canonical, points, {"on": house.risky_fives, **house.risky_five_points})]
    names = [name] if name is not None else data["rulesets"]
    return [(rs, data["points"][rs], data["risky"][rs]) for rs in names]


def house_tables(tables: Sequence[tuple[str, dict[str, int], dict[str, Any]]], query: Query,
                 data: Mapping[str, Any]) -> list[tuple[str, dict[str, int], dict[str, Any]]]:
    """`tables` with what the question says of the game its table plays: the points it says a card is worth where an
    option sets them ("at our table the red king is -10": `Query.said`), and risky fives said on or off ("risky fives
    is on": `Query.switched`); each table named as its house rules are (``online(red_king=-10, risky_fives=true)``,
    as `--ruleset` takes them) where they are not its own.

    >>> from cambio_ref.askdata import shipped_data
    >>> from cambio_ref.askindex import engine_for
    >>> data = shipped_data()
    >>> query = engine_for(data).analyse("risky fives is on and the red king is -10. i have a red king and a 5")
    >>> [(rs, p["KH"], risky["on"]) for rs, p, risky in house_tables(_tables(data, "online", None), query, data)]
    [('online(red_king=-10, risky_fives=true)', -10, True)]
    """
    keys = data["value_keys"]
    worth = {card.rank + suit: points for card, points in query.said for suit in card.suits if card.rank + suit in keys}
    on = next((said for term, said in query.switched if term in data["risky_terms"]), None)
    out = []
    for rs, points, risky in tables:
        changes: dict[str, object] = {keys[c]: p for c, p in worth.items() if c in points and points[c] != p}
        if on is not None and risky["on"] != on:
            changes[data["risky_key"]] = str(on).lower()
        label = f"{rs}({', '.join(f'{k}={v}' for k, v in sorted(changes.items()))})" if changes else rs
        out.append((label, {**points, **{c: p for c, p in worth.items() if c in points}},
                    {**risky, "on": risky["on"] if on is None else on}))
    return out


def score_cards(codes: Sequence[str], points: dict[str, int], risky: dict[str, Any],
                ruleset: str = "") -> tuple[Score | None, str]:
    """A hand's score from a ruleset's points table and its risky fives (as ask.js scores it), or why not.

    Its totals are those of `cambio_ref.scoring.score_hand` (tests/site/test_ask_hands.py checks that both agree).

    >>> score_cards(["5H", "2C"], {"5H": 5, "2C": 2}, {"on": True, "one_five": 25, "two_or_more_fives": -25})[0].total
    27
    >>> score_cards(["X"], {"KH": 1}, {"on": False}, "awareness")
    (None, 'there is no joker in the awareness deck')
    """
    missing = [c for c in codes if c not in points]
    if missing:
        return None, f"there is no {'joker' if missing[0] == JOKER else missing[0]} in the {ruleset} deck"
    fives = sum(1 for c in codes if c.startswith("5"))
    on = bool(risky.get("on")) and fives > 0
    items = tuple(CardPoints(c, 0 if on and c.startswith("5") else points[c],
                            "risky fives: counted with the other fives" if on and c.startswith("5") else None)
                  for c in codes)
    total = sum(i.points for i in items)
    applied: tuple[str, ...] = ()
    if on:
        bonus = risky["one_five" if fives == 1 else "two_or_more_fives"]
        total += bonus
        applied = (f"risky fives: {'one five' if fives == 1 else f'{fives} fives'} score {bonus:+d} together",)
    return Score(total, items, applied), ""


def _hand_reply(question: str, query: Query, data: dict[str, Any], name: str | None, house: Rules | None,
                canonical: str | None) -> Reply:
    tables = _tables(data, name, house)
    if query.values:  # "what are kings and jokers worth": each rank's points, not a hand (each once: "black kings")
        found = tuple(_card_found(m, tables, data, house) for m in dict.fromkeys(query.cards))
        return Reply(question, found, (), "card", canonical, query.unread, query.fixed, query.told)
    if len(query.cards) == 1:
        return Reply(question, (_card_found(query.cards[0], tables, data, house),), (), "card", canonical,
                     query.unread, query.fixed, query.told)
    cards = hand_cards(query.cards)
    # ("risky fives is on, two fives and a king", "our red king is -10": scored so)
    scored = house_tables(tables, query, data) if house is None else tables
    # (two hands compared, "..., she had a 2 and a 6, who wins": each scored)
    parts = (cards[:query.versus], cards[query.versus:]) if query.versus else (cards,)
    return Reply(question, tuple(_hand_found(part, scored) for part in parts), (), "hand", canonical, query.unread,
                 query.fixed, query.told)


def _hand_found(cards: Sequence[Card], tables: Sequence[tuple[str, dict[str, int], dict[str, Any]]]) -> Found:
    """One hand scored under each table."""
    ident = " ".join(c.code for c in cards)
    return Found(Hit("hand", ident, f"What does {ident} score?", 1.0),
                 hands=tuple((rs, *score_cards([c.code for c in cards], points, risky, rs))
                             for rs, points, risky in tables))


def _card_found(m: CardMention, tables: Sequence[tuple[str, dict[str, int], dict[str, Any]]],
                data: dict[str, Any], house: Rules | None) -> Found:
    """What one card (or a rank, each colour where they differ) is worth under each table."""
    title = f"What is {_said(m)} worth?"
    split = by_suit(m, tables, data, house)
    if split:  # "a king": the red and the black ones differ somewhere, so each is said
        return Found(Hit("card", m.rank, title, 1.0), by_suit=split)
    card = _card(m)
    hands = tuple((rs, *score_cards([card.code], points, risky, rs)) for rs, points, risky in tables)
    valued = [_valued_by(data, rs, card.code, house) for rs, _, _ in tables]
    return Found(Hit("card", card.code, title, 1.0), hands=hands,
                 options=tuple((rs, v[0]) for (rs, _, _), v in zip(tables, valued, strict=True)),
                 why=tuple((rs, v[1]) for (rs, _, _), v in zip(tables, valued, strict=True)))


def _valued_by(data: dict[str, Any], ruleset: str, code: str, house: Rules | None) -> tuple[str, str]:
    """The option that sets a card's points under a ruleset, and where its value comes from, in words."""
    if house is not None:
        from cambio_ref.catalogue import load_catalogue
        from cambio_ref.rules import explain

        cat = load_catalogue()
        option = card_option(cat, Card.parse(code))
        r = next(x for x in explain(house, catalogue=cat) if x.option.id == option)
        return option, value_text(r).rsplit(" (", 1)[-1].rstrip(")")
    got = data["valued_by"][ruleset].get(code)
    return (got[0], got[1]) if got else ("", "")


def _card(m: CardMention) -> Card:
    """The card a mention stands for: its suit, else the first of its colour's (or of all four)."""
    return Card(m.rank, m.suits[0])


def hand_cards(ms: Sequence[CardMention]) -> list[Card]:
    """The cards of a hand: a rank named without a suit takes the first suit of its colour (or of all four)
    that no earlier card of that rank took ("two red kings" are KH and KD).

    >>> [c.code for c in hand_cards([CardMention("K", "", "red"), CardMention("K", "", "red"), CardMention("K")])]
    ['KH', 'KD', 'KS']
    """
    taken: set[str] = set()
    out = []
    for m in ms:
        free = [s for s in m.suits if m.rank + s not in taken]
        card = Card(m.rank, (free or list(m.suits))[0])
        taken.add(card.code)
        out.append(card)
    return out


def _said(m: CardMention) -> str:
    """
    >>> [_said(m) for m in (CardMention("K", "", "red"), CardMention("7"), CardMention("K", "H"), CardMention("X"))]
    ['a red king', 'a 7', 'the KH', 'a joker']
    """
    if m.suit:
        return f"the {_card(m).code}"
    name = rank_token(m.rank)
    return f"a {m.colour} {name}" if m.colour else f"an {name}" if name in ("ace", "8") else f"a {name}"


def by_suit(m: CardMention, tables: Sequence[tuple[str, dict[str, int], dict[str, Any]]], data: dict[str, Any],
            house: Rules | None = None) -> tuple[tuple[str, tuple[tuple[str, int, str], ...]], ...]:
    """For a rank named without a suit, each table's points per group of suits, if the suits differ anywhere.

    >>> from cambio_ref.askdata import shipped_data
    >>> data = shipped_data()
    >>> split = by_suit(CardMention("K"), [("hearts", data["points"]["hearts"], {})], data)
    >>> split[0][0], [(codes, points) for codes, points, _ in split[0][1]]
    ('hearts', [('KS KC', 10), ('KH KD', -2)])
    >>> by_suit(CardMention("7"), [("hearts", data["points"]["hearts"], {})], data)
    ()
    """
    if m.suit or m.rank == JOKER:
        return ()
    out = []
    for rs, points, _ in tables:
        groups: dict[int, list[str]] = {}
        for suit in m.suits:
            if m.rank + suit in points:
                groups.setdefault(points[m.rank + suit], []).append(m.rank + suit)
        out.append((rs, tuple((" ".join(codes), p, _valued_by(data, rs, codes[0], house)[0])
                              for p, codes in groups.items())))
    return tuple(out) if any(len(groups) > 1 for _, groups in out) else ()


def points_text(score: Score | None, note: str) -> str:
    """A hand's points in one line: each card's, then the total.

    >>> points_text(score_cards(["KH", "AC"], {"KH": 40, "AC": 1}, {"on": False})[0], "")
    'KH 40 + AC 1 = 41'
    """
    if score is None:
        return note
    cards = " + ".join(f"{s.code} {s.points}" for s in score.cards)
    extra = "".join(f"; {a}" for a in score.applied)
    return f"{cards} = {score.total}{extra}" if len(score.cards) > 1 or score.applied else f"{score.total}"

