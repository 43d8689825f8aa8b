"""The question engine's index: every question it can answer, and how words find them.

`build_index` turns the catalogue (cases, options, core rules with a value), the
glossary and players' ways of asking each question (spec/asked.yaml) into an `Index`:
for each question its weighted token fields, and for each token its weight (inverse
document frequency). `cambio_ref.askread.analyse` reads a
question in players' words (its ruleset, its cards, what it asks for); `rank` scores
every question against it.

`cambio ask` and the site's search are one engine: `cambio_ref.askdata` builds the
index, the lexicon, the known words and every answer once (cached on disk by the
catalogue's hash), the site publishes it as ``search/ask-index.json``, and
docs/javascripts/ask-rank.js follows these steps on it, number for number, typo correction
(`cambio_ref.asktypos.correct`, a bounded optimal-string-alignment distance) included
(tests/site/test_search_browser.py compares the two on the phrasing set and both
held-out halves).

>>> idx = build_index()
>>> q = analyse("wrong flip of someone else's card", idx.lexicon)
>>> [d.id for d, _ in rank(idx, q)[:2]]
['snap.wrong-other', 'snap.wrong-other-card']
>>> q = analyse("what do K♥ K♠ joker A♣ score in online?", idx.lexicon)
>>> q.ruleset, [str(c) for c in q.cards], q.value, q.leftover
('online', ['KH', 'KS', 'X', 'AC'], True, 0)
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from typing import TYPE_CHECKING, Any

from cambio_ref.askcanon import STOP_WORDS, stem
from cambio_ref.askkind import asking
from cambio_ref.asklike import LONGEST, SHORTEST, alike, build_model
from cambio_ref.askread import (
    VALUE_TERM,
    Lexicon,
    Query,
    analyse,
    doc_tokens,
    lexicon,
    raw_words,
    reading_json,
    shipped_lexicon,
)

if TYPE_CHECKING:  # the catalogue is read to build the index, never to answer from it (`cambio_ref.askdata`)
    from cambio_ref.cases import Case
    from cambio_ref.catalogue import Catalogue

__all__ = [
    "ABOUT_WEIGHT",
    "ASKED_WEIGHT",
    "HOUSE_WEIGHT",
    "LEAST_LIKE",
    "LENGTH_NORM",
    "LIKE_WEIGHT",
    "NUMBER_WEIGHT",
    "SHARES",
    "STOP_WORDS",
    "Doc",
    "Engine",
    "Index",
    "Lexicon",
    "Query",
    "Reach",
    "analyse",
    "build_index",
    "doc_tokens",
    "engine_for",
    "house_changes",
    "index_from",
    "lexicon",
    "lexicon_json",
    "rank",
    "raw_words",
    "shipped_lexicon",
    "stem",
    "switches",
    "title_share",
]

# A house-rule case weighs this much of its match, so the ruleset's own answer comes first.
HOUSE_WEIGHT = 0.75
# A question that names its ruleset asks for that ruleset's rule: an option gains this much.
NAMED_BONUS = 0.05
# A glossary term finds the option or core rule its entry points to more surely than a title has it: the term
# names that rule, a title may only mention it. (Two-fold cross-validation on the tune half of the held-out
# phrasings chose 1.15 from 1.0 to 1.3 most often; tests/site/test_heldout.py.) A term the question says is on or
# off finds it only by its words: the question asks how a table plays it that way (a case), not what each ruleset
# sets (`rank`).
ABOUT_WEIGHT = 1.15
# The shares of a score: the question's weight found, the title's words asked for, words found in
# every field, terms whose glossary entry points to the question itself, and the question's weight found in one
# player's way of asking it (spec/asked.yaml): the nearest. These shares sum to 1.1; the likeness letter by letter
# adds up to LIKE_WEIGHT (a score is 0 to 1.7). The last share was chosen
# from 0.05 to 0.2, with SURE refitted (cambio_ref.asksure), on the tune half and the validation set: 0.1 answered
# more right first on both (tune 192 -> 200, validation 90 -> 93, the phrasing set 154 -> 163) with no more
# confidently wrong; it ranks about as before (the right answer first as often) but sets a first answer apart.
SHARES = (0.8, 0.12, 0.04, 0.04, 0.1)
# A case that plays a rule the question says is the other way ("risky fives is on", a case with them off)
# weighs this much of its match, as a house rule the question does not ask for.
SWITCH_WEIGHT = HOUSE_WEIGHT
# A question asking how many (or how much) asks for a number: a question whose title asks who, where, what, which,
# why or how weighs this much of its match. A title asking yes or no may answer with a number ("Can six players sit
# at one table?"), and one asking when may answer in turns or rounds ("how many rounds" asks when a match ends).
NUMBER_WEIGHT = 0.9
# A glossary phrase's plain words ("wrong", "snap" of "wrong snap") found where its term is not: this share of it.
COVERED_WEIGHT = 0.25
# A field longer than the index's mean field weighs less, as BM25 normalises a document's length: its weight
# is divided by 1 - b + b * length / mean length (b = LENGTH_NORM) when that exceeds 1. A long field (a case's
# answers under every ruleset) otherwise finds any common word and outweighs the title that asks the question.
LENGTH_NORM = 0.5
# A player's way of asking a question (spec/asked.yaml) finds it at this weight: each is a field of its own, as
# short as a title, and a word found in one counts at this weight (less than the title's 1.0: the title is the
# rulebook's own question). Chosen from 0.5 to 1.0 by the counts of the tune half and of the validation set
# (tests/site/test_heldout.py): 0.6 to 0.8 did about as well, 1.0 made twice as many confident errors.
ASKED_WEIGHT = 0.7
# How alike the question is, letter by letter, to each question's title and players' phrasings
# (`cambio_ref.asklike`: 0 to 1) adds this much times that likeness to its score, after the house-rule and
# how-many weights. Words alone had learnt the tune half: the right answer ranked first for 163 of its 197 topic
# questions (no hand, card or unanswerable), for 83 of the validation set's 110; a nearest-centroid model of the
# titles and phrasings alone (word pairs and runs of letters), for 139 and 92. Chosen from 0.4 to 0.8 with SURE refitted
# (`cambio_ref.asksure`): 0.6 answered the tune half 222 right first / 3 confidently wrong (200 / 5 before) and the
# validation set 113 / 7 (92 / 5); 0.8 answered more and more wrongly (valid 123 / 10), 0.4 fewer (108 / 6).
LIKE_WEIGHT = 0.6
# A gram weighing less than this in a question's profile is left out of the model (`cambio_ref.asklike.build_model`):
# the site's index stays small, and the likeness changes little.
LEAST_LIKE = 0.02


@dataclass(frozen=True)
class Doc:
    """One question the engine can answer: a case, an option or a core rule."""

    kind: str  # "case", "option" or "rule"
    id: str
    title: str
    fields: tuple[tuple[float, frozenset[str]], ...]  # (weight, tokens); the first is the title
    house: bool = False  # a case whose rules most rulesets only play as a house rule
    about: frozenset[str] = frozenset()  # the glossary terms whose entry points to this option or rule
    options: tuple[str, ...] = ()  # for a case: the options it turns on
    # For a case: the rules it plays on or off, by the glossary terms that name them (`switches`).
    senses: tuple[tuple[str, bool], ...] = ()
    asked: tuple[frozenset[str], ...] = ()  # players' ways of asking it (spec/asked.yaml), each one's tokens
    native: tuple[str, ...] = ()  # for a house-rule case (`house`): the rulesets that play its rule as their own

    @property
    def key(self) -> str:
        """``kind:id``, as a reply names its top answer."""
        return f"{self.kind}:{self.id}"


@dataclass(frozen=True)
class Index:
    docs: tuple[Doc, ...]
    idf: Mapping[str, float]
    unseen: float  # the weight of a token no question has (the lower quartile of the weights)
    lexicon: Lexicon
    mean_length: float = 1.0  # the mean number of tokens of a field, over every question's fields
    like: Mapping[str, Any] | None = None  # the letter-by-letter model of the questions (`cambio_ref.asklike`)

    def field_weight(self, weight: float, tokens: Collection[str]) -> float:
        """A field's weight, less for a field longer than the mean (`LENGTH_NORM`).

        >>> Index((), {}, 1.0, Lexicon((), (), ()), 10.0).field_weight(0.6, range(30))
        0.3
        """
        return weight / max(1.0, 1.0 - LENGTH_NORM + LENGTH_NORM * len(tokens) / self.mean_length)

    @cached_property
    def normed(self) -> tuple[tuple[tuple[float, frozenset[str]], ...], ...]:
        """Each question's fields (as `docs`) at the weight a match in them counts: the title at its own,
        the others by `field_weight`. Worked out once, not at every question."""
        return tuple(tuple((fw if i == 0 else self.field_weight(fw, f), f) for i, (fw, f) in enumerate(d.fields))
                     + tuple((ASKED_WEIGHT, a) for a in d.asked)
                     for d in self.docs)

    @cached_property
    def tokens(self) -> tuple[frozenset[str], ...]:
        """Each question's every token (as `docs`): its fields' and its glossary pointers'."""
        return tuple(d.about.union(*(f for _, f in d.fields), *d.asked) for d in self.docs)

    @cached_property
    def reach(self) -> tuple[Reach, ...]:
        """Each question's tokens (as `docs`), worked out once: for `rank` to look each word up rather than
        search every field for it (`Reach`)."""
        return tuple(Reach.of(d, normed) for d, normed in zip(self.docs, self.normed, strict=True))


@dataclass(frozen=True)
class Reach:
    """Where one question has each of its tokens: the best weight a field (as `Index.normed`) with it counts
    at, which of its own fields (`Doc.fields`, a bit each) and which players' phrasings (`Doc.asked`) have it.

    >>> d = Doc("case", "x", "", ((1.0, frozenset({"snap"})), (0.5, frozenset({"snap", "own"}))),
    ...         asked=(frozenset({"own"}),))
    >>> r = Reach.of(d, ((1.0, frozenset({"snap"})), (0.4, frozenset({"snap", "own"})), (0.7, frozenset({"own"}))))
    >>> r.best, r.fields, r.asked
    ({'snap': 1.0, 'own': 0.7}, {'snap': 3, 'own': 2}, {'own': 1})
    """

    best: Mapping[str, float]
    fields: Mapping[str, int]
    asked: Mapping[str, int]

    @classmethod
    def of(cls, doc: Doc, normed: Sequence[tuple[float, frozenset[str]]]) -> Reach:
        best: dict[str, float] = {}
        for weight, tokens in normed:
            for t in tokens:
                if weight > best.get(t, 0.0):
                    best[t] = weight
        return cls(best, _bits(f for _, f in doc.fields), _bits(doc.asked))


def _bits(sets: Iterable[frozenset[str]]) -> dict[str, int]:
    """For each token, which of `sets` have it: bit i for the i-th."""
    out: dict[str, int] = {}
    for i, tokens in enumerate(sets):
        for t in tokens:
            out[t] = out.get(t, 0) | 1 << i
    return out


def house_changes(case: Case, ruleset: str, cat: Catalogue) -> bool:
    """True if the case's ``set`` changes a rule `ruleset` plays: for that table it is a house rule."""
    sets = case.data.get("set") or {}
    from cambio_ref.rules import resolve

    own = resolve(ruleset, catalogue=cat) if ruleset in cat.rulesets else None
    return own is None or any(own.value(cat.option(k).key) != case.rules_for(ruleset).value(cat.option(k).key)
                              for k in sets if cat.has_option(k))


def switches(case: Case, cat: Catalogue) -> tuple[tuple[str, bool], ...]:
    """The on/off rules (bool options) a case plays one way, by each glossary term that names them: the value
    it sets or exercises, else the one value every ruleset it applies to plays.

    >>> from cambio_ref.cases import load_cases
    >>> from cambio_ref.catalogue import load_catalogue
    >>> cases, cat = load_cases(), load_catalogue()
    >>> switches(cases["value.risky-fives-on"], cat), switches(cases["value.fives-without-risky-fives"], cat)
    ((('risky-fives', True),), (('risky-fives', False),))
    """
    out: dict[str, bool] = {}
    applies = [rs for rs in case.rulesets if case.applies_to(rs)]
    exercised = [str(e) for e in case.data.get("exercises") or ()]
    for name in case.options:
        if not cat.has_option(name) or cat.option(name).type != "bool":
            continue
        option = cat.option(name)
        said = {e.split("=", 1)[1] == "true" for e in exercised if e.split("=", 1)[0] == name}
        values = said or {bool(case.rules_for(rs).value(option.key)) for rs in applies}
        if len(values) == 1:
            for t in cat.glossary:
                if name in t.see and t.id != VALUE_TERM:
                    out[t.id] = next(iter(values))
    return tuple(out.items())


def build_index(catalogue: Catalogue | None = None, cases: Iterable[Case] | None = None) -> Index:
    """The index of every case, option and core rule with a value (cached for the shipped catalogue)."""
    from cambio_ref.cases import load_cases
    from cambio_ref.catalogue import load_catalogue

    if catalogue is None and cases is None:
        return _shipped_index()
    cat = catalogue or load_catalogue()
    return _build(cat, list(load_cases().values() if cases is None else cases))


@cache
def _shipped_index() -> Index:
    from cambio_ref.cases import load_cases
    from cambio_ref.catalogue import load_catalogue

    return _build(load_catalogue(), list(load_cases().values()))


def _build(cat: Catalogue, cases: list[Case]) -> Index:
    lex = lexicon(cat.glossary, cat.rulesets)

    def see(rule_ids: Iterable[str]) -> list[str]:
        """The terms whose glossary entry points to one of `rule_ids` ("slow burn" -> the snap race)."""
        ids = set(rule_ids)
        return [f"@{t.id}" for t in cat.glossary if ids & set(t.see)]

    def asked_of(key: str) -> tuple[frozenset[str], ...]:
        """The tokens of each way players ask the question `key` (``case:ID``...)."""
        return tuple(frozenset(doc_tokens(a, lex)) for a in cat.asked.get(key, ()))

    docs = []
    for case in cases:
        answers = " ".join(str(o.get("answer", "")) for o in case.rulesets.values())
        questions = " ".join(cat.option(o).question + " " + o.replace(".", " ") for o in case.options
                             if cat.has_option(o))
        named = [cat.option(o).id for o in case.options if cat.has_option(o)]
        applies = [rs for rs in case.rulesets if case.applies_to(rs)]
        changed = {rs for rs in applies if house_changes(case, rs, cat)} if case.data.get("set") else set()
        house = 2 * len(changed) > len(applies)
        senses = switches(case, cat)
        native = tuple(rs for rs in applies if rs not in changed) if house else ()
        docs.append(Doc("case", case.id, case.title, (
            (1.0, frozenset(doc_tokens(case.title, lex))), (0.6, frozenset(doc_tokens(answers, lex))),
            # Not the case's id: a file's name for implementers, renamed at will (its title and answers say it).
            (0.5, frozenset(doc_tokens(questions, lex) + see(named)))), house,
            options=tuple(named), senses=senses, asked=asked_of(f"case:{case.id}"), native=native))
    for opt in cat.options:
        alts = " ".join(a.description or "" for a in opt.alternatives)
        docs.append(Doc("option", opt.id, opt.question, (
            (0.8, frozenset(doc_tokens(opt.question, lex))),
            (0.5, frozenset(doc_tokens(alts + " " + opt.id.replace(".", " "), lex)))), about=frozenset(see([opt.id])),
            asked=asked_of(f"option:{opt.id}")))
    for rule in cat.core_rules.values():
        if rule.value is not None:
            docs.append(Doc("rule", rule.id, rule.statement, (
                (0.8, frozenset(doc_tokens(rule.statement, lex))),
                (0.5, frozenset(doc_tokens(rule.id.replace(".", " "), lex)))), about=frozenset(see([rule.id])),
                asked=asked_of(f"rule:{rule.id}")))
    counts: Counter[str] = Counter(t for d in docs
                                   for t in frozenset().union(d.about, *(f for _, f in d.fields), *d.asked))
    n = len(docs)
    idf = {t: math.log(1 + n / (1 + c)) for t, c in sorted(counts.items())}
    # A word no question has cannot tell questions apart: it weighs as a common word (the lower quartile).
    fields = [len(f) for d in docs for _, f in d.fields]
    like = build_model([[d.title, *cat.asked.get(d.key, ())] for d in docs], LEAST_LIKE)
    import statistics  # (here: `cambio ask` reads a built index, and need not import it)

    return Index(tuple(docs), idf, statistics.quantiles(idf.values(), n=4)[0] if len(idf) > 1 else 1.0, lex,
                 statistics.mean(fields) if fields else 1.0, like)


def rank(index: Index, query: Query) -> list[tuple[Doc, float]]:
    """Every question, best match first, with its score (0 to 1.7: `SHARES` and `LIKE_WEIGHT`).

    A word weighs as much as its term ("slap", "flip" and "snap" all weigh as much as
    "snap"). The score is the share of the question's weight found (a field counts at its
    weight, less when it is longer than the mean field: `Index.field_weight`; a player's way
    of asking the question at `ASKED_WEIGHT`; a term whose
    glossary entry points to the question at `ABOUT_WEIGHT`, unless the question says it is on
    or off), with small shares for a title that says little else, for words found in every
    field, for terms whose glossary entry points to the option itself, and for the question's
    weight found in its nearest phrasing of spec/asked.yaml; a question asking
    how many weighs a title asking who, what or where less (`NUMBER_WEIGHT`); then how alike the
    question is, letter by letter, to its title and phrasings (`LIKE_WEIGHT`). Among equal
    matches (to 2 decimals): the ruleset's own answers before house rules, cases before
    options, then the higher score, then the id.
    """
    wanted = query.wanted
    if not wanted:
        return []

    def idf(token: str) -> float:
        return index.idf.get(token, index.unseen)

    asked = dict(query.switched)
    switched = {f"@{t}" for t in asked}
    covered = query.covered or tuple(() for _ in wanted)
    weights = [max(idf(t) for t in ([t for t in alts if t.startswith("@")] or alts)) for alts in wanted]
    total = 0.0
    for w in weights:
        total += w
    # (a question with no token of the query scores 0 on every share: not worked out)
    asked_tokens = {t for alts in wanted for t in alts} | {t for words in covered for p in words for t in p}
    like = alike(query.text, index.like) if index.like else {}
    scored = []
    union = frozenset(t for alts in wanted for t in alts)
    for i, (d, reach, tokens) in enumerate(zip(index.docs, index.reach, index.tokens, strict=True)):
        score = 0.0
        if not tokens.isdisjoint(asked_tokens):
            score = _score(d, d.about - switched if switched else d.about, reach, wanted, weights, covered, total,
                           union)
        said = [asked[t] == v for t, v in d.senses if t in asked]
        if d.house and not query.house and not any(said):  # "risky fives is on" asks for that house rule
            score = score * HOUSE_WEIGHT
        if said and not any(said):  # the question says the case's rule is the other way
            score = score * SWITCH_WEIGHT
        if query.asks == "number" and _asking(d.title) == "other":  # "how many cards" is no "who deals"
            score = score * NUMBER_WEIGHT
        score += LIKE_WEIGHT * like.get(i, 0.0)
        if d.kind == "option" and query.ruleset is not None:
            score = score + NAMED_BONUS  # a question naming its ruleset asks for that ruleset's rule
        scored.append((d, score))
    kinds = {"case": 0, "option": 1, "rule": 2}
    return sorted(scored, key=lambda ds: (-math.floor(ds[1] * 100 + 0.5), ds[0].house, kinds[ds[0].kind],
                                          -ds[1], ds[0].id))


def _score(d: Doc, about: frozenset[str], reach: Reach, wanted: Sequence[tuple[str, ...]],
           weights: Sequence[float], covered: Sequence[tuple[tuple[str, ...], ...]], total: float,
           union: frozenset[str]) -> float:
    """`rank`'s score of one question `d` before its house-rule and named-ruleset adjustments (`union`: every
    token of `wanted`). Each word is looked up in `reach`, number for number as ask.js finds it field by field."""
    got = 0.0
    for alts, weight, plain in zip(wanted, weights, covered, strict=True):
        best = _found(alts, about, reach.best)
        if plain:  # a phrase's plain words stand in for it, at COVERED_WEIGHT, where its term is not found
            best = max(best, COVERED_WEIGHT * sum(_found(p, about, reach.best) for p in plain) / len(plain))
        got += weight * best
    precision = title_share(d, union)
    spread = 0.0
    fields, asked = reach.fields, reach.asked
    for alts in wanted:
        spread += _any_of(alts, fields).bit_count() / len(d.fields)
    spread = spread / len(wanted)
    aim = sum(1 for alts in wanted if not d.about.isdisjoint(alts)) / len(wanted)
    found = [_any_of(alts, asked) for alts in wanted]
    near = 0.0
    some = 0
    for bits in found:
        some |= bits
    if some:  # (the best phrasing by the weight of the words it has; with none, 0 as for none at all)
        near = max(sum(w for bits, w in zip(found, weights, strict=True) if bits >> j & 1)
                   for j in range(some.bit_length()) if some >> j & 1)
    return (min(got / total, 1.0) * SHARES[0] + SHARES[1] * precision + SHARES[2] * spread + SHARES[3] * aim
            + SHARES[4] * min(near / total, 1.0))


def _any_of(alts: tuple[str, ...], bits: Mapping[str, int]) -> int:
    """The bits of the fields (or phrasings) that have a token of `alts`."""
    out = 0
    for t in alts:
        out |= bits.get(t, 0)
    return out


def title_share(doc: Doc, asked: Collection[str]) -> float:
    """The share of the tokens of the title of `doc` that the question asks for (`asked`: every token of its
    `Query.wanted`, any alternative).

    >>> title_share(Doc("case", "x", "", ((1.0, frozenset({"snap", "wrong", "own", "card"})),)), {"snap", "own"})
    0.5
    """
    title = doc.fields[0][1]
    return sum(1 for t in title if t in asked) / max(len(title), 1)


@cache
def _asking(title: str) -> str:
    return asking(title)


def _found(alts: tuple[str, ...], about: frozenset[str], best: Mapping[str, float]) -> float:
    """The weight of the best place a token of `alts` is found: the question's glossary pointers (`about`) or a
    field (`best`: each token's best field weight, `Reach.best`).

    >>> _found(("snap", "flip"), frozenset(), {"swap": 1.0, "snap": 0.5})
    0.5
    """
    found = ABOUT_WEIGHT if not about.isdisjoint(alts) else 0.0
    for t in alts:
        weight = best.get(t, 0.0)
        if weight > found:
            found = weight
    return found


def lexicon_json(lex: Lexicon) -> dict[str, Any]:
    """The lexicon, the reading's word lists and the scoring's numbers, as ask.js reads them."""
    return {**reading_json(lex), "house_weight": HOUSE_WEIGHT, "switch_weight": SWITCH_WEIGHT,
            "named_bonus": NAMED_BONUS, "length_norm": LENGTH_NORM, "asked_weight": ASKED_WEIGHT,
            "covered_weight": COVERED_WEIGHT, "number_weight": NUMBER_WEIGHT, "like_weight": LIKE_WEIGHT,
            "like_letters": [SHORTEST, LONGEST]}


def index_from(data: Mapping[str, Any]) -> Index:
    """The index as `cambio_ref.askdata` stores it, read back."""
    lx = data["lexicon"]
    lex = Lexicon(tuple((tuple(p), t) for p, t in lx["phrases"]), tuple(tuple(p) for p in lx["value"]),
                  tuple((tuple(p), rs) for p, rs in lx["rulesets"]))
    docs = tuple(Doc(d["kind"], d["id"], d["title"], tuple((w, frozenset(f)) for w, f in d["fields"]), d["house"],
                     frozenset(d["about"]), tuple(d["options"]),
                     tuple((t, v) for t, v in d.get("senses", ())),
                     tuple(frozenset(a) for a in d.get("asked", ())), tuple(d.get("native", ()))) for d in data["docs"])
    return Index(docs, data["idf"], data["unseen"], lex, data["mean_length"], data.get("like"))


@dataclass(frozen=True)
class Engine:
    """The engine on one set of data: the index, its questions by id, and the known words."""

    index: Index
    docs: Mapping[str, Mapping[str, Any]]  # by "kind:id"
    vocab: Mapping[str, int]
    english: frozenset[str] = frozenset()  # real words a typo is not read as (`cambio_ref.asktypos`)
    names: frozenset[str] = frozenset()  # given names, never asked for (`cambio_ref.askpeople`)

    def analyse(self, text: str) -> Query:
        return analyse(text, self.index.lexicon, self.vocab, self.english, self.names)

    def rank(self, query: Query) -> list[tuple[Doc, float]]:
        return rank(self.index, query)


_engines: dict[int, tuple[Mapping[str, Any], Engine]] = {}


def engine_for(data: Mapping[str, Any]) -> Engine:
    """The engine on `data` (made once per data object)."""
    got = _engines.get(id(data))
    if got is None or got[0] is not data:
        got = (data, Engine(index_from(data), {f"{d['kind']}:{d['id']}": d for d in data["docs"]}, data["vocab"],
                            frozenset(data.get("english", ())), frozenset(data.get("names", ()))))
        _engines[id(data)] = got
    return got[1]
