"""The site's search data: the question engine's data, exported for docs/javascripts/ask.js.

The site searches with the same engine as `cambio ask` (`cambio_ref.askindex`) on the same
data (`cambio_ref.askdata`): this module writes the part of it ask.js reads (the index,
the lexicon, the weights, the known words typos are read as, and each question's answer
per ruleset, the preview the search shows for the picked ruleset, as ``[ruleset, text]``
pairs in the site's ruleset order) as one JSON file the hook publishes at `SEARCH_INDEX`.
Pages do not load it: ask.js fetches it the first time someone searches, so a page's
first load stays light.

>>> data = search_index()
>>> data["docs"][0]["kind"], sorted(data["points"]["online"])[:3]
('case', ['10C', '10D', '10H'])
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from cambio_ref.askdata import build_data, shipped_data, site_data
from cambio_ref.cases import Case
from cambio_ref.catalogue import Catalogue

__all__ = ["SEARCH_INDEX", "search_index", "search_json"]

# Where the site publishes the index (ask.js reads it from the site's root).
SEARCH_INDEX = "search/ask-index.json"


def search_index(catalogue: Catalogue | None = None, cases: Iterable[Case] | None = None) -> dict[str, Any]:
    """Everything ask.js needs to answer as `cambio_ref.ask.ask` does, as plain data."""
    data = shipped_data() if catalogue is None and cases is None else build_data(catalogue, cases)
    return site_data(data)


def search_json(catalogue: Catalogue | None = None, cases: Iterable[Case] | None = None) -> str:
    """`search_index` as compact JSON (answers in the site's ruleset order)."""
    return json.dumps(search_index(catalogue, cases), ensure_ascii=False, separators=(",", ":"))
