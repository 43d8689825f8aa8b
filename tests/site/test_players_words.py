"""Issue 30 item 4: what a player reads is in a player's words.

Every case answer (and why a case does not apply), every case question, every option's
question, alternatives' descriptions and ruling, and every ruleset's title and summary
are walked; none may name an option id (taken from the catalogue itself), a code value
in backticks, "the reference" or an error code. The ids, codes and the reference
interpreter belong under the folded "For implementers" parts, which read other fields.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

import pytest

from cambio_ref.catalogue import Catalogue, load_catalogue
from cambio_ref.resources import cases_dir
from cambio_ref.yamlio import load_yaml, yaml_files


@cache
def _catalogue() -> Catalogue:
    return load_catalogue()


def _texts() -> Iterator[tuple[str, str]]:
    """(where, text) for every text a player reads on the site, in a sheet or from `cambio ask`."""
    cat = _catalogue()
    for opt in cat.options:
        yield f"option {opt.id}: question", opt.question
        if opt.ruling:
            yield f"option {opt.id}: ruling", opt.ruling
        for alt in opt.alternatives:
            yield f"option {opt.id}: alternative {alt.value!r}", alt.description or ""
            yield f"option {opt.id}: alternative {alt.value!r} ruling", alt.rationale or ""
        for c in opt.conflicts:
            yield f"option {opt.id}: conflict in {c.source}", f"{c.summary} {c.rationale or ''}"
    for rs in cat.rulesets.values():
        yield f"ruleset {rs.id}: title", rs.title
        yield f"ruleset {rs.id}: summary", rs.summary
        for option, choice in rs.choices.items():
            if isinstance(choice, dict):
                yield f"ruleset {rs.id}: ruling on {option}", str(choice.get("ruling", ""))
    for rule in cat.core_rules.values():
        yield f"core rule {rule.id}", f"{rule.statement} {rule.ruling or ''}"
    for path in yaml_files(cases_dir())[0]:
        data = load_yaml(path).data
        if not isinstance(data, dict):
            continue
        yield f"{path.name}: title", str(data.get("title", ""))
        for rs, out in (data.get("rulesets") or {}).items():
            for field in ("answer", "not_applicable"):
                if isinstance(out, dict) and out.get(field):
                    yield f"{path.name}: {rs} {field}", str(out[field])


def problems(text: str, option_ids: frozenset[str]) -> list[str]:
    """What in `text` a player should not have to read.

    >>> problems("The `turn.direction` is `true`; see the reference (E_X).", frozenset({"turn.direction"}))
    ["option id 'turn.direction'", "code '`turn.direction`'", "code '`true`'", "'the reference'", "error code 'E_X'"]
    >>> problems("Play passes to the left.", frozenset({"turn.direction"}))
    []
    """
    found = [f"option id {i!r}" for i in sorted(option_ids)
             if i in text and re.search(rf"(?<![\w.-]){re.escape(i)}(?![\w-])", text)]
    found += [f"code {m!r}" for m in re.findall(r"`[^`]+`", text)]
    found += ["'the reference'"] if re.search(r"\bthe reference\b", text, re.IGNORECASE) else []
    found += [f"error code {m!r}" for m in re.findall(r"\bE_[A-Z_]+\b", text)]
    return found


def test_players_read_no_ids_codes_or_reference() -> None:
    ids = frozenset(o.id for o in _catalogue().options)
    bad = [f"{where}: {', '.join(p)}" for where, text in _texts() if (p := problems(text, ids))]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("word", ["flip", "burn"])
def test_ruleset_summaries_say_snap(word: str) -> None:
    """The site's word for laying a matching card on the discard is "snap"; a summary says it too."""
    bad = [rs.id for rs in _catalogue().rulesets.values()
           if re.search(rf"\b{word}\w*", rs.summary, re.IGNORECASE)]
    assert not bad, f"summaries saying {word!r}: {bad}"


def _answer_texts() -> Iterator[tuple[str, str]]:
    """(where, text) for every answer `cambio ask` and the site's search give: each question's title, label,
    answer per ruleset, note and ruling in words, and each option's value in words."""
    from cambio_ref.askdata import reply_part, shipped_data

    for doc in shipped_data()["docs"]:
        where = f"{doc['kind']} {doc['id']}"
        yield f"{where}: title", doc["title"]
        yield f"{where}: label", doc["label"]
        for rs, text in doc["answers"]:
            yield f"{where}: {rs}", text
        part = reply_part(doc)
        for a in [*part.get("every", []), *part.get("one", {}).values()]:
            yield f"{where}: {a['ruleset']} answer", " ".join((a["text"], a["note"], a["ruling_words"]))
        for v in part.get("values", []):
            yield f"{where}: {v['ruleset']} value", v["text"]


def test_no_answer_shows_an_id_a_code_or_the_reference() -> None:
    ids = frozenset(o.id for o in _catalogue().options)
    texts = list(_answer_texts())
    bad = [f"{where}: {', '.join(p)}" for where, text in texts if (p := problems(text, ids))]
    assert len(texts) > 1000 and not bad, "\n".join(bad)
