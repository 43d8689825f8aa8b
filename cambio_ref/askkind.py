"""What a question or a title asks for, by its first question word: a yes or no, a time, a number or something else.

`cambio_ref.askindex` weighs a question's match with a title by whether the two ask for the same kind of answer
("how many" asks a number); docs/javascripts/ask-read.js reads the same tables (`cambio_ref.askread.reading_json`).
"""

from __future__ import annotations

import re

__all__ = ["ASKING", "HOW_MUCH", "asking"]

_WORD = re.compile(r"[a-z0-9]+")

# What a question or a title asks for, by its first question word (`asking`): a yes or no, a time, a number ("how
# many", "how much") or something else (a person, a place, a thing, a way).
ASKING: dict[str, str] = {**dict.fromkeys(("can", "may", "do", "does", "did", "is", "are", "must", "should", "could"),
                                          "yes-no"),
                          "when": "when", "how": "how",
                          **dict.fromkeys(("who", "whom", "whose", "where", "what", "whats", "which", "why"), "other")}
# After "how", these ask for a number.
HOW_MUCH = frozenset(("many", "much"))


def asking(text: str) -> str:
    """What `text` asks for: "number" ("how many", "how much"), "other" (who, where, what, which, why, or how
    else), "when", "yes-no", or "" when it has no question word.

    >>> [asking(t) for t in ("How many cards are dealt?", "Who deals the next round?", "how do we deal",
    ...  "Does a match end when a player has won four rounds?", "When does a match end?", "kings")]
    ['number', 'other', 'other', 'yes-no', 'when', '']
    """
    words = _WORD.findall(text.lower().replace("'", "").replace("\u2019", ""))
    for i, word in enumerate(words):
        kind = ASKING.get(word)
        if kind == "how":
            return "number" if words[i + 1:i + 2] and words[i + 1] in HOW_MUCH else "other"
        if kind:
            return kind
    return ""
