"""How identifiers and card codes typed by people are compared.

Option ids and keys, ruleset ids, option values and card codes are all plain
ASCII. Input is compared case-insensitively, after Unicode compatibility
normalisation (NFKC). A spelling that is not plain ASCII but normalises to a
known name is a look-alike (the Kelvin sign for K, a long s for s, full-width
letters and digits): it is refused, with the canonical spelling suggested, so
that nothing passes for what it only looks like.

>>> fold(" Black_King ")
'black_king'
>>> fold("black_\\u212aing")  # the Kelvin sign is not a K
'black_\\u212aing'
>>> lookalike("black_\\u212aing", {"black_king"})
'black_king'
>>> lookalike("A\\u017f", {"AS"}, upper=True)
'AS'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Container


def fold(text: str, *, upper: bool = False) -> str:
    """The spelling `text` is looked up by: stripped, and lower case (upper for cards).

    Only ASCII is case-folded: ``str.lower`` would turn the Kelvin sign into ``k``.
    """
    text = text.strip()
    if not text.isascii():
        return text
    return text.upper() if upper else text.lower()


def lookalike(text: str, known: Container[str], *, upper: bool = False) -> str | None:
    """The known name `text` imitates, if it is not ASCII and its NFKC form is known."""
    if text.isascii():
        return None
    normal = unicodedata.normalize("NFKC", text).strip()
    if not normal.isascii():
        return None
    normal = normal.upper() if upper else normal.lower()
    return normal if normal in known else None


def did_you_mean(text: str, known: Container[str], *, upper: bool = False) -> str:
    """A hint for an unknown `text`: the canonical spelling if it is a look-alike, else "".

    >>> did_you_mean("\\uff48earts", {"hearts"})
    '; did you mean hearts? (it is written with look-alike characters)'
    """
    found = lookalike(text, known, upper=upper)
    return "" if found is None else f"; did you mean {found}? (it is written with look-alike characters)"


def quoted(text: str, limit: int = 60) -> str:
    """`text` quoted for a message, cut short: a hostile name may be megabytes long.

    >>> quoted("hearts"), quoted("h" * 100)
    ("'hearts'", "'hhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhh...' (100 characters)")
    """
    if len(text) <= limit:
        return repr(text)
    return f"{repr(text[:40])[:-1]}...' ({len(text)} characters)"
