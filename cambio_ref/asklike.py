"""How alike a question is to the ways each question of the rulebook is asked, letter by letter.

The question engine's words (`cambio_ref.askindex`) find a question by the words it
shares with a title, its answers and players' phrasings (spec/asked.yaml). This module
adds a second reading that needs no word to be spelt right or said the usual way: a
question's *grams* are its words, its pairs of neighbouring words and the runs of three
to five letters inside each word ("qeen" shares " qe" and "een " with "queen"). Each
question of the rulebook has one *profile*: the mean of its title's and its phrasings'
grams, each gram weighed by how rare it is (tf-idf), scaled to length one. A player's
question is as alike to it as the cosine of the two (0 to 1).

This is the nearest-centroid text classifier (Rocchio) on word and letter n-grams. It
is built with the engine's data (`cambio_ref.askbuild`) and travels in the site's index,
where docs/javascripts/ask-rank.js computes the same numbers.

>>> m = build_model([["what does the queen do?"], ["what does the king do?"]])
>>> sim = alike("wat does the qeen do", m)
>>> sim[0] > sim[1]
True
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from cambio_ref.memo import per_object

__all__ = ["LONGEST", "SHORTEST", "alike", "build_model", "entry", "grams", "vector"]

# The runs of letters inside a word that count: from SHORTEST to LONGEST letters, the word padded by a space
# each side (so a run can tell a word's start and end).
SHORTEST = 3
LONGEST = 5
_WORD = re.compile(r"[a-z0-9]+")


def grams(text: str) -> Counter[str]:
    """The grams of `text`: each word (``=word``), each pair of neighbouring words (``=one=two``) and each run of
    SHORTEST to LONGEST letters of a word padded by spaces (a word shorter than the run counts whole once).

    >>> sorted(grams("Kings!"))
    [' ki', ' kin', ' king', '=kings', 'gs ', 'ing', 'ings', 'ings ', 'kin', 'king', 'kings', 'ngs', 'ngs ']
    >>> grams("a b")["=a=b"]
    1
    """
    words = _WORD.findall(text.lower().replace("'", "").replace("\u2019", ""))
    out: Counter[str] = Counter()
    for i, w in enumerate(words):
        out["=" + w] += 1
        if i:
            out["=" + words[i - 1] + "=" + w] += 1
        padded = f" {w} "
        for n in range(SHORTEST, LONGEST + 1):
            if n >= len(padded):
                out[padded] += 1
                break
            for j in range(len(padded) - n + 1):
                out[padded[j:j + n]] += 1
    return out


def vector(counts: Mapping[str, int], idf: Mapping[str, float]) -> list[tuple[str, float]]:
    """The grams `counts` weighed (the square root of the count, times the gram's idf), scaled to length one, in
    the grams' order; grams not in `idf` are left out. (No logarithm and no rounding: ask.js gets the same numbers.)

    >>> vector({"b": 1, "a": 4, "z": 3}, {"a": 1.0, "b": 2.0})
    [('a', 0.7071067811865475), ('b', 0.7071067811865475)]
    """
    raw = [(g, math.sqrt(counts[g]) * idf[g]) for g in sorted(counts) if g in idf]
    total = 0.0
    for _, v in raw:
        total += v * v
    norm = math.sqrt(total) or 1.0
    return [(g, v / norm) for g, v in raw]


def build_model(texts: Sequence[Sequence[str]], least: float = 0.0) -> dict[str, Any]:
    """The model of `texts` (for each question, the ways it is asked), as plain data: for each gram (``grams``), one
    string: its idf (rounded to 4 places), then each question whose profile has it at `least` or more, as the
    question's place in `texts` and the gram's weight in its profile in ten-thousandths, space-separated. (One string
    a gram: a question reads only its own grams' (`entry`), and JSON reads strings far faster than lists.)

    >>> build_model([["a b"], ["a c"]])["grams"]["=b"]
    '1.4055 0 4992'
    """
    counted = [[grams(t) for t in ts] for ts in texts]
    n = sum(len(c) for c in counted)
    df: Counter[str] = Counter(g for cs in counted for c in cs for g in c)
    idf = {g: round(math.log((1 + n) / (1 + d)) + 1.0, 4) for g, d in sorted(df.items())}
    post: dict[str, list[int]] = {g: [] for g in idf}
    for i, cs in enumerate(counted):
        mean: dict[str, float] = {}
        for c in cs:
            for g, v in vector(c, idf):
                mean[g] = mean.get(g, 0.0) + v
        norm = math.sqrt(sum(v * v for v in mean.values())) or 1.0
        for g, v in sorted(mean.items()):
            if v / norm >= least:
                post[g].extend((i, round(10000 * v / norm)))
    return {"grams": {g: " ".join([repr(w), *map(str, post[g])]) for g, w in idf.items()}}


def entry(model: Mapping[str, Any], gram: str) -> tuple[float, list[int]] | None:
    """A gram's idf and postings in `model` (None for a gram it does not know), read once per model.

    >>> entry(build_model([["a b"], ["a c"]]), "=b")
    (1.4055, [0, 4992])
    """
    read = _entries(model)
    got = read.get(gram)
    if got is None:
        said = model["grams"].get(gram)
        if said is None:
            return None
        idf, *post = said.split(" ")
        got = read[gram] = (float(idf), [int(x) for x in post])
    return got


@per_object(limit=8)  # (a process asks one model; tests build a few more)
def _entries(model: Mapping[str, Any]) -> dict[str, tuple[float, list[int]]]:
    """The grams of `model` read so far (`entry`), one table per model object."""
    return {}


def alike(text: str, model: Mapping[str, Any]) -> dict[int, float]:
    """How alike `text` is to each question of `model` (the cosine of its grams and the question's profile,
    0 to 1), by the question's place; a question sharing no gram with it is left out.

    >>> {i: round(v, 2) for i, v in alike("a c", build_model([["a b"], ["a c"]])).items()}
    {0: 0.25, 1: 1.0}
    """
    counts = grams(text)
    known = {g: e for g in counts if (e := entry(model, g)) is not None}
    out: dict[int, float] = {}
    for g, w in vector(counts, {g: e[0] for g, e in known.items()}):
        found = known[g][1]
        for i, v in zip(found[::2], found[1::2], strict=True):  # (question, weight) pairs
            out[i] = out.get(i, 0.0) + w * v / 10000
    return out
