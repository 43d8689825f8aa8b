"""What a player's page must not say: the developer tokens the sheets and scene captions are checked for.

>>> developer_tokens("After seat p comes p+1 (mod n), see spec/shuffle.yaml and snap.window.")
['(mod n)', 'p+1', 'seat p', 'snap.window', 'spec/shuffle.yaml']
>>> developer_tokens("She snaps Cleo's top-left card, rejected (E_LOCKED).")
['E_LOCKED']
>>> developer_tokens("Bea looks at her top-left card.")
[]
"""

from __future__ import annotations

import re
from functools import cache

from cambio_ref.catalogue import load_catalogue


@cache
def _pattern() -> re.Pattern[str]:
    cat = load_catalogue()
    names = {o.id for o in cat.options} | {o.key for o in cat.options if "_" in o.key} | set(cat.core_rules)
    names |= {e.code for e in cat.errors.values()}
    generic = [
        r"\bspec/\S*", r"\S+\.(?:yaml|json)\b",  # file names
        r"\(mod n\)|\bmod n\b",  # seat arithmetic
        r"\b[a-z]+[+-]1\b", r"\bseat [a-z]\b", r"\bseats? \d", r"\bslots? \d", r"\(\d, \d, \.\.\.\)",
        r"\bE_[A-Z_]+\b",  # rejection codes
        r"`",  # code spans left unrendered
    ]
    named = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return re.compile(rf"(?<![\w.-])(?:{named})(?![\w-])|" + "|".join(generic))


def developer_tokens(text: str) -> list[str]:
    """The developer tokens in `text` (option ids and keys, core rule ids, error codes, file
    names, slot and seat numbers, seat arithmetic), sorted and without repeats."""
    return sorted(set(_pattern().findall(text)))
