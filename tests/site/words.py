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


def player_part(page: str) -> str:
    """A generated page's Markdown without its parts for implementers: a "For implementers" section (up to
    the next heading of its level or above) and a folded "For implementers" block.

    >>> page = '# Q\\nA.\\n## For implementers\\n`x`\\n## Next\\nB\\n??? info "For implementers"\\n\\n    `y`\\nC.'
    >>> player_part(page)
    '# Q\\nA.\\n## Next\\nB\\nC.'
    """
    out: list[str] = []
    skip = ""
    for line in page.splitlines():
        if skip == "section" and not line.startswith(("# ", "## ")):
            continue
        if skip == "fold" and (not line.strip() or line.startswith("    ")):
            continue
        skip = ""
        if line.startswith("## For implementers"):
            skip = "section"
        elif re.match(r'\?\?\?\+? \w+ "For implementers"', line):
            skip = "fold"
        else:
            out.append(line)
    return "\n".join(out)


def visible(page: str) -> str:
    """What a reader sees of Markdown: without comments, attribute lists, link targets and HTML tags.

    >>> visible('# Q { #snap.limit }\\n<span id="a.b"></span>[Who?](../x.md#snap.limit) <!-- c.d -->')
    '# Q \\nWho? '
    """
    page = re.sub(r"<!--.*?-->", "", page, flags=re.DOTALL)
    page = re.sub(r"\{\s*[:#.][^}\n]*\}", "", page)
    page = re.sub(r"\]\([^)\s]*\)", "]", page)
    page = re.sub(r"<[^>\n]+>", "", page)
    return page.replace("[", "").replace("]", "")
