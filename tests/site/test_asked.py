"""Players' ways of asking each question (spec/asked.yaml): complete, in their own words, and used.

The question engine (`cambio ask`, the site's search) matches a player's question against
each question's title, answers and glossary terms, and against these phrasings
(cambio_ref.askindex.ASKED_WEIGHT). Issue 30 asks for an engine that generalises to words
nobody wrote down yet: the phrasings were written by writers who saw neither the engine nor
any question set it is scored on (spec/asked.yaml's header).
"""

from __future__ import annotations

import html
import re
from functools import cache
from pathlib import Path

import pytest

from cambio_ref.askdata import shipped_data
from cambio_ref.askindex import engine_for
from cambio_ref.catalogue import load_catalogue
from cambio_ref.resources import spec_dir
from cambio_ref.validate import validate_file

SOURCES_DIR = Path(__file__).resolve().parents[2].parent / "shared" / "sources"
# A copied sentence shares at least this many words in a row with its source. Shorter runs are everyday
# phrases ("the person to the left of the dealer" shares seven).
COPIED_RUN = 8


def _asked() -> dict[str, tuple[str, ...]]:
    return dict(load_catalogue().asked)


def test_every_question_of_the_engine_has_ways_of_asking_it() -> None:
    # Each case, option and core rule the engine answers has at least three (the writers were asked for
    # six, three for an implementer's detail), and nothing else has any: a phrasing of a question the
    # engine does not answer would be dead data (`cambio validate` names an unknown id: below).
    asked = _asked()
    keys = {d.key for d in engine_for(shipped_data()).index.docs}
    assert keys == set(asked)
    assert [k for k in sorted(keys) if len(asked[k]) < 3] == []


def test_no_phrasing_names_a_ruleset() -> None:
    # The engine reads a ruleset named in a question as the table's rules (cambio_ref.askread); a
    # phrasing belongs to its question under every ruleset.
    engine = engine_for(shipped_data())
    named = [(k, q, engine.analyse(q).ruleset) for k, qs in _asked().items() for q in qs]
    assert [n for n in named if n[2] is not None] == []


@cache
def _source_runs() -> frozenset[tuple[str, ...]]:
    runs: set[tuple[str, ...]] = set()
    for path in sorted(SOURCES_DIR.iterdir()):
        text = path.read_text(encoding="utf-8", errors="replace")
        if path.suffix == ".html":
            text = html.unescape(re.sub(r"<[^>]+>", " ", text))
        words = re.findall(r"[a-z0-9']+", text.lower())
        runs.update(tuple(words[i:i + COPIED_RUN]) for i in range(len(words) - COPIED_RUN + 1))
    return frozenset(runs)


def test_phrasings_are_in_the_writers_own_words() -> None:
    # The project's rule: never copy a sentence from the sources (../shared/sources/).
    if not SOURCES_DIR.is_dir():
        pytest.skip(f"the source documents are not beside the project ({SOURCES_DIR})")
    runs = _source_runs()
    copied = []
    for key, qs in _asked().items():
        for q in qs:
            words = re.findall(r"[a-z0-9']+", q.lower())
            if any(tuple(words[i:i + COPIED_RUN]) in runs for i in range(len(words) - COPIED_RUN + 1)):
                copied.append((key, q))
    assert copied == []


def test_a_phrasing_finds_its_own_question() -> None:
    # The engine uses them: every 20th phrasing (56 of them), asked as it is, has its own question among
    # the engine's three best. (Over all 1,115, on 2026-11-28: 96% among the three best, 77% first;
    # questions that differ by a house rule share most of their words.)
    engine = engine_for(shipped_data())
    pairs = [(k, q) for k, qs in sorted(_asked().items()) for q in qs][::20]
    missed = [(k, q) for k, q in pairs if k not in [d.key for d, _ in engine.rank(engine.analyse(q))[:3]]]
    assert len(missed) <= len(pairs) // 10, missed


def _bad(tmp_path: Path, old: str, new: str) -> list[str]:
    text = (spec_dir() / "asked.yaml").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "asked.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return [f"{p.file}:{p.line}: {p.message}" for p in validate_file(path)]


def test_cambio_validate_names_an_unknown_question_and_its_line(tmp_path: Path) -> None:
    lines = (spec_dir() / "asked.yaml").read_text(encoding="utf-8").splitlines()
    for old, new, message in (
            ("case:call.final-round:", "case:call.last-round:", "unknown case 'call.last-round'"),
            ("option:call.timing:", "option:call.timeing:", "unknown option 'call.timeing'"),
            ("rule:core.grid:", "rule:core.turn-order:",
             "unknown rule 'core.turn-order': not a core rule with a value")):
        line = next(i for i, s in enumerate(lines, 1) if s.strip() == old) + 1  # (its first phrasing)
        assert _bad(tmp_path, old, new) == [f"{tmp_path / 'asked.yaml'}:{line}: {message}"]


def test_cambio_validate_names_a_phrasing_that_is_no_text(tmp_path: Path) -> None:
    problems = _bad(tmp_path, "case:call.final-round:\n", "case:call.final-round:\n    - 42\n")
    assert len(problems) == 1 and "42 is not of type 'string'" in problems[0], problems
