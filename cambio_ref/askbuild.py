"""Building the question engine's data (`cambio_ref.askdata`) from the catalogue and the cases.

Each question of the index carries its answers, per ruleset, as `cambio ask` prints them
and as the site's search previews them: a case's answer, its citations or ruling and
its house-rule note; an option's value in words; a core rule's value. Cards carry their
points per ruleset and the rule that sets them.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from typing import Any

from cambio_ref.answers import Answer, answer_for
from cambio_ref.askcanon import plain_words
from cambio_ref.askhand import JUDGING
from cambio_ref.askindex import (
    ABOUT_WEIGHT,
    SHARES,
    build_index,
    house_changes,
    lexicon_json,
    raw_words,
)
from cambio_ref.askpeople import common_names
from cambio_ref.askstory import story_words
from cambio_ref.asksure import CASE_NEAR, FLOOR, GOOD, LEAD, MARGIN, OPTION_NEAR, OPTION_RANK, SURE
from cambio_ref.asktypos import INFLECTIONS, LONG_TYPO, MIN_TYPO, english_words, given_names
from cambio_ref.askwords import card_option, house_label, player_title, rule_title, value_text
from cambio_ref.cardcounts import AFTER_WORDS, COUNT_WORDS, MULTIPLES
from cambio_ref.cardnames import COLOURS, RANK_WORDS, SUIT_WORDS
from cambio_ref.cards import Card, standard_deck
from cambio_ref.cases import Case, load_cases
from cambio_ref.catalogue import Catalogue, Citation, load_catalogue
from cambio_ref.rules import Resolved, explain, resolve

# The field of the rules that the "risky" table of each ruleset in the data holds (on or off, and its points).
RISKY_KEY = "risky_fives"

__all__ = ["build"]


def _url(page: str, anchor: str = "") -> str:
    """A generated page's address from the site root (directory URLs, as mkdocs.yml sets them).

    >>> _url("disputes/tie-x.md", "tie.x"), _url("index.md")
    ('disputes/tie-x/#tie.x', '')
    """
    path = page.removesuffix(".md")
    path = "" if path == "index" else path.removesuffix("/index") + "/"
    return path + (f"#{anchor}" if anchor else "")


def _cites(cs: Iterable[Citation]) -> list[dict[str, Any]]:
    return [{"key": c.key, "section": c.section, "evidence": c.evidence, "note": c.note} for c in cs]


def _answer(a: Answer, note: str, cat: Catalogue) -> dict[str, Any]:
    ruling = a.ruling
    said = ""
    if ruling and cat.has_option(ruling):
        said = f"the project's ruling on this question: {cat.option(ruling).question}"
    elif ruling and ruling in cat.core_rules:
        said = "the project's ruling on this question"
    elif ruling:
        said = ruling
    return {"ruleset": a.ruleset, "text": " ".join(a.text.split()), "applies": a.applies,
            "citations": _cites(a.citations), "case_citations": _cites(a.shared), "ruling": ruling,
            "ruling_words": said, "note": note}


def _fact(r: Resolved) -> dict[str, Any]:
    return {"ruleset": "", "value": r.value, "text": value_text(r), "origin": r.origin,
            "citations": [str(c) for c in r.citations], "ruling": r.reason}


def build(catalogue: Catalogue | None = None, cases: Iterable[Case] | None = None) -> dict[str, Any]:
    """The whole data: the index, the lexicon, every answer per ruleset, the cards' points."""
    from cambio_ref.rulebook.common import dispute_page, glossary_page, option_page

    cat = catalogue or load_catalogue()
    by_id = {c.id: c for c in (load_cases().values() if cases is None else cases)}
    index = build_index(cat, by_id.values())
    order = list(cat.ruleset_order())
    tables = {rs: resolve(rs, catalogue=cat) for rs in order}
    facts = {rs: {r.option.id: r for r in explain(tables[rs], catalogue=cat)} for rs in order}
    docs = []
    texts: list[str] = []
    for d in index.docs:
        doc: dict[str, Any] = {"kind": d.kind, "id": d.id, "fields": [[w, sorted(f)] for w, f in d.fields],
                               "about": sorted(d.about), "house": d.house,
                               "options": list(d.options), "senses": [[t, v] for t, v in d.senses],
                               "asked": [sorted(a) for a in d.asked], "native": list(d.native)}
        if d.kind == "case":
            case = by_id[d.id]
            answers = [answer_for(case, rs, catalogue=cat) for rs in case.rulesets]
            every = [_answer(a, house_label(case, cat) if house_changes(case, a.ruleset, cat) else "", cat)
                     for a in answers]
            one = {}
            for rs in order:
                a = answer_for(case, rs, catalogue=cat)
                note = house_label(case, cat) if case.data.get("set") and house_changes(case, rs, cat) else ""
                one[rs] = _answer(a, note, cat)
            doc.update(title=player_title(case), url=_url(dispute_page(d.id), d.id),
                       label=house_label(case, cat) if d.house else "",
                       answers=[[rs, one[rs]["text"]] for rs in order if rs in case.rulesets],
                       reply=_reply(every=every, one=one))
            texts += [case.title, *(a.text for a in answers)]
        elif d.kind == "option":
            values = [{**_fact(facts[rs][d.id]), "ruleset": rs} for rs in order]
            doc.update(title=d.title, url=_url(option_page(d.id), d.id), label="",
                       answers=[[v["ruleset"], v["text"]] for v in values], reply=_reply(values=values))
            texts += [d.title, *(a.description or "" for a in cat.option(d.id).alternatives)]
        else:
            rule = cat.core_rules[d.id]
            term = next((t.id for t in cat.glossary if d.id in t.see), "")
            text = rule_title(cat, d.id)
            doc.update(title=text, url=_url(glossary_page(), term), label="", answers=[[rs, text] for rs in order],
                       reply=_reply(value=rule.value or 0, citations=[str(c) for c in rule.sources]))
            texts.append(text)
        docs.append(doc)
    texts += [w for t in cat.glossary for w in (t.name, *t.words)] + order
    return {
        "lexicon": lexicon_json(index.lexicon), "idf": dict(index.idf), "unseen": index.unseen,
        "mean_length": index.mean_length, "like": index.like, "option_near": OPTION_NEAR,
        "option_rank": OPTION_RANK, "case_near": CASE_NEAR,
        "shares": list(SHARES), "about_weight": ABOUT_WEIGHT, "good": GOOD, "margin": MARGIN,
        "lead": LEAD, "sure": SURE, "floor": FLOOR, "rulesets": order, "docs": docs,
        "together": sorted(f"@{t.id}" for t in cat.glossary if t.together),
        "points": {rs: {code: p for code, p in tables[rs].points.items() if tables[rs].has_card(Card.parse(code))}
                   for rs in order},
        "risky": {rs: {"on": tables[rs].risky_fives, **tables[rs].risky_five_points} for rs in order},
        # the glossary terms of the rule the "risky" tables switch, and no other ("risky fives is on":
        # `cambio_ref.ask.house_tables`)
        # the value option's key of each card whose points one sets (a number card's are no single number):
        # `cambio_ref.ask.house_tables`
        "value_keys": _value_keys(cat),
        "risky_key": RISKY_KEY, "risky_terms": sorted(t.id for t in cat.glossary if any(
            t.see == (o.id,) and o.key == RISKY_KEY for o in cat.options)),
        "vocab": _vocab(texts), "typo": [MIN_TYPO, LONG_TYPO], "inflections": list(INFLECTIONS),
        "english": sorted(english_words()), "names": sorted(given_names() | common_names()),
        "valued_by": {rs: {code: _valued_by(cat, Card.parse(code), facts[rs]) for code in tables[rs].points
                           if tables[rs].has_card(Card.parse(code))} for rs in order},
    }


def _reply(**part: Any) -> str:
    """What only `cambio ask`'s answer shows of a question (its answers in full, per ruleset), as one JSON
    string: a reply shows at most a few questions, so the cache file is read without making the objects of
    every other question's (about 40% of the file's objects; `cambio_ref.askdata.reply_part` reads it)."""
    return json.dumps(part, ensure_ascii=False, separators=(",", ":"))


def _vocab(texts: Iterable[str]) -> dict[str, int]:
    """Every word the engine knows (as typed, lower case), with how many texts use it: what a typo is corrected to."""
    seen: Counter[str] = Counter()
    for text in texts:
        seen.update(set(raw_words(text)))
    for word in (*RANK_WORDS, *SUIT_WORDS, *COLOURS, *COUNT_WORDS, *MULTIPLES, *AFTER_WORDS, *plain_words(),
                 *story_words(), *JUDGING):
        seen[word] += 1
    return {w: n for w, n in sorted(seen.items()) if w.isalpha()}


def _value_keys(cat: Catalogue) -> dict[str, str]:
    """The key of the option that sets each card's points, for the cards an option of numbers sets (not the pips)."""
    options = {o.id: o for o in cat.options}
    return {c.code: options[o].key for c in dict.fromkeys(standard_deck(1))
            if options[o := card_option(cat, c)].type == "int"}


def _valued_by(cat: Catalogue, card: Card, facts: dict[str, Resolved]) -> list[str]:
    """The option that sets what `card` is worth (a later option overrides an earlier one), and its source in words."""
    option = card_option(cat, card)
    return [option, value_text(facts[option]).rsplit(" (", 1)[-1].rstrip(")")]
