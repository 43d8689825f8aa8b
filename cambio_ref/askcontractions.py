"""Contractions in a question, read as the words they stand for (`expand`): "hadn't" is "had not", "i'm" "i am".

`cambio_ref.askread` reads them before any typo is corrected, so a contraction split at its
apostrophe is never taken for another word ("hadn" + "t" was read as "hand").
docs/javascripts/ask-cards.js reads the same tables from the site's index (`cambio_ref.askread.reading_json`).
"""

from __future__ import annotations

import re

__all__ = ["CONTRACTED", "CONTRACTION", "NOT_BASES", "UNMARKED", "expand"]

# Contractions, read as the words they stand for before any typo is ("hadn't" is "had not", never "hand"; it was
# split at its apostrophe, "hadn" + "t"). "n't" after these (the key as it is spelt there), with or without its
# apostrophe ("dont"): the word it stands for and "not".
_SAME_BASES = "do does did is are was were has have had could would should must need might dare"
NOT_BASES: dict[str, str] = {w: w for w in _SAME_BASES.split()} | {"ca": "can", "wo": "will", "sha": "shall",
                                                                   "ai": "is"}
# Other endings after an apostrophe ("we're", "they've", "i'll", "she'd", "i'm"); "'s" is dropped ("what's").
CONTRACTED: dict[str, str] = {"re": "are", "ve": "have", "ll": "will", "d": "would", "m": "am"}
# Those typed without their apostrophe that are no English word ("ill", "well", "were" are).
UNMARKED: dict[str, str] = {"im": "i am", "ive": "i have", "youre": "you are", "youve": "you have",
                            "youll": "you will", "youd": "you would", "theyre": "they are", "theyve": "they have",
                            "theyll": "they will", "theyd": "they would", "weve": "we have",
                            # ("'s" is dropped, as in "what's")
                            "whats": "what", "hows": "how", "whos": "who", "thats": "that"}
CONTRACTION = re.compile(
    rf"\b(?:({'|'.join(NOT_BASES)})n'?t|([a-z0-9]+)'({'|'.join(CONTRACTED)})|({'|'.join(UNMARKED)}))\b")


def expand(text: str) -> str:
    """`text` (lower case) with its contractions written out.

    >>> print(expand("i don't know, hadn't we? they've said i'm out, he wont"))
    i do not know, had not we? they have said i am out, he will not
    """
    def out(m: re.Match[str]) -> str:
        if m[1]:
            return f"{NOT_BASES[m[1]]} not"
        return f"{m[2]} {CONTRACTED[m[3]]}" if m[2] else UNMARKED[m[4]]

    return CONTRACTION.sub(out, text)
