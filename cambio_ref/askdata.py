"""The question engine's data: its index and every answer it can give, built once and cached on disk.

`cambio ask` and the site's search read the same data. `build_data` makes it from the
catalogue (spec/) and the cases: the index of `cambio_ref.askindex` (each question's
tokens, each token's weight, the lexicon, the words typos are corrected to), and for
each question its answer per ruleset, already in players' words, with the citations and
rulings behind it. The site publishes the part ask.js reads (`site_data`); `cambio ask`
answers from the whole.

Building takes seconds (it reads and checks every case); `shipped_data` builds it once
and keeps it in a cache file named by the hash of the catalogue's files and of the
modules that build it, so a changed catalogue or engine never reads a stale file. Any
call after the first reads that one JSON file, and neither the catalogue nor a case
file.

>>> data = shipped_data()
>>> data["docs"][0]["kind"], sorted(data["points"]["online"])[:3]
('case', ['10C', '10D', '10H'])
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cambio_ref import diskcache

if TYPE_CHECKING:
    from cambio_ref.cases import Case
    from cambio_ref.catalogue import Catalogue

__all__ = ["CACHE_ENV", "SITE_KEYS", "build_data", "cache_file", "content_key", "reply_part", "shipped_data",
           "site_data"]

# Where the cache lives (`cambio_ref.diskcache`).
CACHE_ENV = diskcache.CACHE_ENV
# The modules whose code shapes the data: a change to any of them is a new cache key.
_BUILDERS = ("askdata.py", "askbuild.py", "askindex.py", "askread.py", "askcanon.py", "askswitch.py", "askkind.py",
             "askhand.py", "askstory.py", "asklike.py", "askcontractions.py", "asksure.py", "asktypos.py",
             "askpeople.py", "askversus.py", "askwords.py", "answers.py", "cardnames.py", "cardcounts.py", "ask.py",
             "askenglish.txt", "askplain.txt", "askpeople.txt")
# What the site's search reads (the rest serves `cambio ask` alone).
SITE_KEYS = ("lexicon", "idf", "unseen", "mean_length", "like", "option_near", "option_rank", "case_near", "shares",
             "about_weight", "good", "margin", "lead", "sure", "floor", "rulesets", "docs", "together", "points",
             "risky", "risky_key", "risky_terms", "value_keys", "vocab", "typo", "inflections", "english", "names")
_DOC_SITE_KEYS = ("kind", "id", "fields", "asked", "about", "house", "native", "options", "senses", "title", "url",
                  "label", "answers")


def content_key() -> str:
    """The hash of the catalogue's files and of the modules that build the data (hex, 16 digits)."""
    from cambio_ref.resources import spec_dir

    here = Path(__file__).resolve().parent
    return diskcache.content_key([spec_dir()], (".yaml", ".yml", ".json"), [here / name for name in _BUILDERS])


def cache_file(key: str) -> Path:
    """The cache file of the data under `key`."""
    return diskcache.cache_file("ask", key)


def shipped_data() -> dict[str, Any]:
    """The data of the shipped catalogue: from the cache file if there is one, else built and saved there."""
    return _shipped()


@cache
def _shipped() -> dict[str, Any]:
    key = content_key()
    data: dict[str, Any] | None = diskcache.load_json("ask", key)
    if data is None:
        data = build_data()
        diskcache.save_json("ask", key, data)
    return data


def _save(path: Path, data: dict[str, Any]) -> None:
    """Write the cache file `path` (named by `cache_file`) whole, or not at all."""
    diskcache.save_json("ask", path.stem.removeprefix("ask-"), data)


def reply_part(doc: Mapping[str, Any]) -> dict[str, Any]:
    """What a question's answer shows beyond the site's data: a case's answers (``one``: per ruleset, ``every``:
    each ruleset's own), an option's ``values``, a core rule's ``value`` and ``citations``. Kept as one JSON
    string a question, read only for the questions a reply shows.

    >>> sorted(reply_part(next(d for d in shipped_data()["docs"] if d["kind"] == "case")))
    ['every', 'one']
    """
    part: dict[str, Any] = json.loads(doc["reply"])
    return part


def site_data(data: dict[str, Any]) -> dict[str, Any]:
    """The part of the data the site's search reads (without what only `cambio ask` prints)."""
    out = {k: data[k] for k in SITE_KEYS}
    out["docs"] = [{k: d[k] for k in _DOC_SITE_KEYS} for d in data["docs"]]
    return out


def build_data(catalogue: Catalogue | None = None, cases: Iterable[Case] | None = None) -> dict[str, Any]:
    """The index and every answer, as plain data (JSON)."""
    from cambio_ref.askbuild import build

    return build(catalogue, cases)


def main(argv: list[str]) -> int:
    """Print the English file: ``python -m cambio_ref.askdata DICTIONARY > cambio_ref/askenglish.txt``."""
    from cambio_ref.askindex import STOP_WORDS
    from cambio_ref.asktypos import NAMES_HEADING, given_names, near_english

    if len(argv) != 1:
        print("usage: python -m cambio_ref.askdata DICTIONARY (a word list, one word a line)", file=sys.stderr)
        return 2
    vocab = shipped_data()["vocab"]
    with open(argv[0], encoding="utf-8") as f:
        words = near_english((line.strip() for line in f), vocab, STOP_WORDS)
    names = [n for n in near_english(given_names(), vocab, STOP_WORDS) if n not in words]
    print("# English words that the question engine's typo correction must not read as another word")
    print("# (cambio_ref.asktypos): the words of a dictionary within a typo of a word the engine knows.")
    print(f"# Made by `python -m cambio_ref.askdata {argv[0]}`; {len(words)} words.")
    print("\n".join(words))
    print(f"{NAMES_HEADING}: a name said at the table is no typo of a game word (cambio_ref.asktypos). Common")
    print("# given names within a typo of a word the engine knows, from general usage; kept as written when the")
    print(f"# words above are made again (less those no longer near a known word); {len(names)} names.")
    print("\n".join(names))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
