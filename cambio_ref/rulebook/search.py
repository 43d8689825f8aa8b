"""The site's search data: the question engine's index, exported for docs/javascripts/ask.js.

The site searches with the same engine as `cambio ask` (`cambio_ref.askindex`): this
module writes its index, lexicon and weights, and each question's answer per ruleset
(the teaser the search shows for the picked ruleset, as ``[ruleset, text]`` pairs in the
site's ruleset order), as one JSON file the hook
publishes at `SEARCH_INDEX`. Pages do not load it: ask.js fetches it the first time
someone searches, so a page's first load stays light.

>>> data = search_index()
>>> data["docs"][0]["kind"], sorted(data["points"]["online"])[:3]
('case', ['10C', '10D', '10H'])
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from cambio_ref.answers import answer_for
from cambio_ref.ask import GOOD, house_label, player_title, rule_title, value_text
from cambio_ref.askindex import ABOUT_WEIGHT, SHARES, build_index, lexicon_json
from cambio_ref.cards import Card
from cambio_ref.cases import Case, load_cases
from cambio_ref.catalogue import Catalogue, load_catalogue
from cambio_ref.rulebook.common import dispute_page, glossary_page, option_page
from cambio_ref.rules import explain, resolve

__all__ = ["SEARCH_INDEX", "search_index", "search_json"]

# Where the site publishes the index (ask.js reads it from the site's root).
SEARCH_INDEX = "search/ask-index.json"


def _url(page: str, anchor: str = "") -> str:
    """A generated page's address from the site root (directory URLs, as mkdocs.yml sets them)."""
    path = page.removesuffix(".md")
    path = "" if path == "index" else path.removesuffix("/index") + "/"
    return path + (f"#{anchor}" if anchor else "")


def search_index(catalogue: Catalogue | None = None, cases: Iterable[Case] | None = None) -> dict[str, Any]:
    """Everything ask.js needs to answer as `cambio_ref.ask.ask` does, as plain data."""
    cat = catalogue or load_catalogue()
    by_id = {c.id: c for c in (load_cases().values() if cases is None else cases)}
    index = build_index(catalogue, None if cases is None else by_id.values())
    order = list(cat.ruleset_order())
    tables = {rs: resolve(rs, catalogue=cat) for rs in order}
    facts = {rs: {r.option.id: r for r in explain(tables[rs], catalogue=cat)} for rs in order}
    docs = []
    for d in index.docs:
        doc: dict[str, Any] = {"kind": d.kind, "id": d.id, "fields": [[w, sorted(f)] for w, f in d.fields],
                               "about": sorted(d.about), "house": d.house}
        if d.kind == "case":
            case = by_id[d.id]
            answers = [answer_for(case, rs, catalogue=cat) for rs in order if rs in case.rulesets]
            doc.update(title=player_title(case), url=_url(dispute_page(d.id), d.id),
                       label=house_label(case, cat) if d.house else "",
                       answers=[[a.ruleset, " ".join(a.text.split())] for a in answers])
        elif d.kind == "option":
            doc.update(title=d.title, url=_url(option_page(d.id), d.id), label="",
                       answers=[[rs, value_text(facts[rs][d.id])] for rs in order])
        else:
            term = next((t.id for t in cat.glossary if d.id in t.see), "")
            text = rule_title(cat, d.id)
            doc.update(title=text, url=_url(glossary_page(), term), label="", answers=[[rs, text] for rs in order])
        docs.append(doc)
    return {
        "lexicon": lexicon_json(index.lexicon), "idf": dict(index.idf), "unseen": index.unseen,
        "shares": list(SHARES), "about_weight": ABOUT_WEIGHT, "good": GOOD, "rulesets": order, "docs": docs,
        "points": {rs: {code: p for code, p in tables[rs].points.items() if tables[rs].has_card(Card.parse(code))}
                   for rs in order},
        "risky": {rs: {"on": tables[rs].risky_fives, **tables[rs].risky_five_points} for rs in order},
    }


def search_json(catalogue: Catalogue | None = None, cases: Iterable[Case] | None = None) -> str:
    """`search_index` as compact JSON (answers in the site's ruleset order)."""
    return json.dumps(search_index(catalogue, cases), ensure_ascii=False, separators=(",", ":"))
