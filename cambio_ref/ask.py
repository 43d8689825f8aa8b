"""`cambio ask`: find the disputes and options a question is about, knowing the game's synonyms.

Words are matched after a light stemming ("snapping" -> "snap") and after the
glossary (spec/glossary.yaml) maps each table word to its term: "flip", "burn" and
"slap" all find "snap", "knock" finds "call", and "wrong flip" finds "wrong snap".
A case is searched by its title (weighted most), its answers and its options'
questions; an option by its question and its alternatives.

>>> hits = search("wrong flip of someone else's card")
>>> hits[0].id, hits[0].kind
('snap.wrong-other-card', 'case')
>>> search("knock")[0].id.startswith("call.")
True
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cambio_ref.answers import Answer, answer_for, answer_for_rules
from cambio_ref.cases import Case, load_cases
from cambio_ref.catalogue import Catalogue, Term, load_catalogue
from cambio_ref.rules import Resolved, Rules, explain, resolve

__all__ = ["GOOD", "Found", "Hit", "Reply", "ask", "search", "terms_in", "tokens"]

# A hit is good when it matches at least this share of the question's weight.
GOOD = 0.6
_STOP_WORDS = (
    "a an the of to is are be was what who whom when does do did can may might must it its in on at and or"
    " with for if after before how which one their his her they them this that there someone somebody"
    " happen happens happened else as by from into onto than then so not no yes i we you your my our"
    " under has have had get gets any")
_STOP = frozenset(_STOP_WORDS.split(" "))
_WORD = re.compile(r"[a-z0-9]+")


def _stem(word: str) -> str:
    """
    >>> [_stem(w) for w in ("snapping", "snapped", "calling", "ties", "cards", "player's", "less")]
    ['snap', 'snap', 'call', 'tie', 'card', 'player', 'less']
    """
    word = word.removesuffix("'s")
    for suffix in ("ing", "ed"):
        if word.endswith(suffix) and len(word) > len(suffix) + 2:
            word = word[: -len(suffix)]
            if len(word) > 2 and word[-1] == word[-2] and word[-1] in "bdgmnprt":
                word = word[:-1]
            return word
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        return word[:-1]
    return word


def _words(text: str) -> list[str]:
    return [_stem(w) for w in _WORD.findall(text.lower().replace("\u2019", "'").replace("'s", ""))]


@dataclass(frozen=True)
class _Glossary:
    phrases: tuple[tuple[tuple[str, ...], str], ...]  # (stemmed words, term id), longest first


def _glossary(terms: Iterable[Term]) -> _Glossary:
    phrases = [(tuple(_words(word)), t.id) for t in terms for word in t.words]
    return _Glossary(tuple(sorted((p for p in phrases if p[0]), key=lambda p: -len(p[0]))))


def tokens(text: str, glossary: Iterable[Term] | None = None) -> list[str]:
    """The search tokens of `text`: its stemmed words (no stop words) and ``@term`` for each glossary term.

    >>> tokens("A wrong flip?")
    ['wrong', 'flip', '@wrong-snap', '@snap']
    """
    gl = _glossary(load_catalogue().glossary if glossary is None else glossary)
    words = _words(text)
    out = [w for w in words if w not in _STOP]
    out += [f"@{t}" for t in _terms(words, gl)]
    return out


def _terms(words: Sequence[str], gl: _Glossary) -> list[str]:
    found: list[str] = []
    for i in range(len(words)):
        for phrase, term in gl.phrases:
            if tuple(words[i:i + len(phrase)]) == phrase and term not in found:
                found.append(term)
    return found


def terms_in(text: str, glossary: Iterable[Term] | None = None) -> list[Term]:
    """The glossary terms `text` uses, by any of their words.

    >>> [t.id for t in terms_in("Ben knocks, then Ann burns a card")]
    ['call', 'snap']
    """
    terms = list(load_catalogue().glossary if glossary is None else glossary)
    ids = _terms(_words(text), _glossary(terms))
    return [t for t in terms if t.id in ids]


@dataclass(frozen=True)
class Hit:
    """A case or an option that matches a question, and how well (0 to 1)."""

    kind: str  # "case" or "option"
    id: str
    title: str
    score: float

    @property
    def good(self) -> bool:
        return self.score >= GOOD


@dataclass(frozen=True)
class _Doc:
    kind: str
    id: str
    title: str
    fields: tuple[tuple[float, frozenset[str]], ...]  # (weight, tokens)


def _docs(cat: Catalogue, cases: Iterable[Case]) -> list[_Doc]:
    gl = list(cat.glossary)
    docs = []
    for case in cases:
        answers = " ".join(str(o.get("answer", "")) for o in case.rulesets.values())
        questions = " ".join(cat.option(o).question + " " + o.replace(".", " ") for o in case.options
                             if cat.has_option(o))
        docs.append(_Doc("case", case.id, case.title, (
            (1.0, frozenset(tokens(case.title, gl))), (0.6, frozenset(tokens(answers, gl))),
            (0.5, frozenset(tokens(questions + " " + case.id.replace(".", " "), gl))))))
    for opt in cat.options:
        alts = " ".join(a.description or "" for a in opt.alternatives)
        docs.append(_Doc("option", opt.id, opt.question, (
            (0.8, frozenset(tokens(opt.question, gl))),
            (0.5, frozenset(tokens(alts + " " + opt.id.replace(".", " "), gl))))))
    return docs


def search(question: str, *, catalogue: Catalogue | None = None,
           cases: Iterable[Case] | None = None) -> list[Hit]:
    """Every case and option, best match first, scored against `question`."""
    cat = catalogue or load_catalogue()
    docs = _docs(cat, load_cases().values() if cases is None else cases)
    counts: Counter[str] = Counter(t for d in docs for t in set().union(*(f for _, f in d.fields)))
    wanted = _wanted(question, cat)
    if not wanted:
        return []

    def idf(token: str) -> float:
        return math.log(1 + len(docs) / (1 + counts[token]))

    # A word weighs as much as its term: "slap", "flip" and "snap" all weigh as much as "snap".
    weights = [max(idf(t) for t in ({t for t in alts if t.startswith("@")} or alts)) for alts in wanted]
    total = sum(weights)
    hits = []
    for d in docs:
        got = 0.0
        for alts, weight in zip(wanted, weights, strict=True):
            got += weight * max((w for w, f in d.fields if alts & f), default=0.0)
        # Among equal matches: the title that says least else, then the question whose every
        # part (title, answers, options) speaks of what was asked.
        title = d.fields[0][1]
        precision = sum(1 for t in title if any(t in alts for alts in wanted)) / max(len(title), 1)
        spread = sum(sum(1 for _, f in d.fields if alts & f) / len(d.fields) for alts in wanted) / len(wanted)
        score = min(got / total, 1.0) * 0.9 + 0.05 * precision + 0.05 * spread if total else 0.0
        hits.append(Hit(d.kind, d.id, d.title, round(score, 3)))
    return sorted(hits, key=lambda h: (-round(h.score, 2), h.kind != "case", -h.score, h.id))


def _wanted(question: str, cat: Catalogue) -> list[set[str]]:
    """What the question asks for: per word, the tokens that satisfy it (the word or its term)."""
    gl = _glossary(cat.glossary)
    words = _words(question)
    wanted: list[set[str]] = []
    for i in range(len(words)):
        for phrase, term in gl.phrases:
            if len(phrase) > 1 and tuple(words[i:i + len(phrase)]) == phrase:
                wanted.append({f"@{term}"})
    single = {phrase[0]: term for phrase, term in gl.phrases if len(phrase) == 1}
    for w in words:
        if w in _STOP:
            continue
        wanted.append({w, f"@{single[w]}"} if w in single else {w})
    return wanted


# -- the reply of `cambio ask` ---------------------------------------------------


@dataclass(frozen=True)
class Found:
    """One matching case or option, with the answers to show (one per ruleset, or the table's)."""

    hit: Hit
    answers: tuple[Answer, ...] = ()  # for a case
    notes: tuple[str, ...] = ()  # per answer: how a house-rules table's answer was found ("" if plainly)
    values: tuple[tuple[str, Resolved], ...] = ()  # for an option: (ruleset, its value and why)


@dataclass(frozen=True)
class Reply:
    """What `cambio ask` says: the good matches, or, when there is none, the closest questions."""

    question: str
    found: tuple[Found, ...]
    closest: tuple[Hit, ...]

    @property
    def good(self) -> bool:
        return bool(self.found)


def ask(question: str, rules: Rules | None = None, *, most: int = 3) -> Reply:
    """The answers to `question`, for `rules` (a ruleset or house rules) or for every ruleset.

    The good matches (at least `GOOD`, and close to the best: up to `most` cases, then
    the closest option) come with their answers; without one, the reply lists the
    closest questions instead.

    >>> from cambio_ref.rules import resolve
    >>> reply = ask("caller ties lowest", resolve("hearts"))
    >>> first = reply.found[0]
    >>> first.hit.id, [a.ruleset for a in first.answers]
    ('tie.caller-ties-lowest', ['hearts'])
    >>> ask("zebra unicorn").good
    False
    """
    cat = load_catalogue()
    cases = load_cases()
    hits = search(question, catalogue=cat, cases=cases.values())
    best = hits[0].score if hits else 0.0
    close = [h for h in hits if h.good and h.score >= best - 0.1]
    # The cases first (they answer), then the closest option (it names the rule).
    good = [h for h in close if h.kind == "case"][:most] + [h for h in close if h.kind == "option"][:1]
    found = []
    for hit in good:
        if hit.kind == "case":
            case = cases[hit.id]
            if rules is None:
                found.append(Found(hit, tuple(answer_for(case, rs, catalogue=cat) for rs in case.rulesets)))
            else:
                answer, note = answer_for_rules(case, rules, catalogue=cat)
                found.append(Found(hit, (answer,), (note,)))
        else:
            tables = [resolve(rs) for rs in cat.rulesets] if rules is None else [rules]
            values = tuple((r.canonical, next(x for x in explain(r, catalogue=cat) if x.option.id == hit.id))
                           for r in tables)
            found.append(Found(hit, values=values))
    return Reply(question, tuple(found), () if found else tuple(hits[:5]))
