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
from html.parser import HTMLParser

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


class _PlayerText(HTMLParser):
    """The text of a built page's article as a reader sees it, without its parts for implementers.

    Left out: scripts and styles, a folded block whose summary is "For implementers", and a
    "For implementers" section up to the next heading of its level or above. A code element
    is kept in backticks, so a check for code spans finds it as in Markdown.
    """

    _SKIP = frozenset(("script", "style"))
    _VOID = frozenset(("br", "img", "input", "hr", "meta", "link", "source", "wbr"))

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.stack: list[tuple[str, bool]] = []  # open elements: (tag, whether it is skipped)
        self.in_article = 0
        self.summary: list[str] | None = None
        self.section: int | None = None  # the level of the "For implementers" heading being skipped past

    def _skipping(self) -> bool:
        return any(skip for _, skip in self.stack) or self.section is not None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self._VOID:
            return
        classes = (dict(attrs).get("class") or "").split()
        if tag == "article" or "md-content__inner" in classes:
            self.in_article += 1
        heading = re.fullmatch(r"h([1-6])", tag)
        if heading and self.section is not None and int(heading[1]) <= self.section:
            self.section = None
        if heading and dict(attrs).get("id") == "for-implementers":
            self.section = int(heading[1])
        self.stack.append((tag, tag in self._SKIP))
        if tag == "summary":
            self.summary = []
        if tag == "code" and not self._skipping():
            self.out.append("`")

    def handle_endtag(self, tag: str) -> None:
        if tag in self._VOID or not any(t == tag for t, _ in self.stack):
            return
        while self.stack:
            open_tag, _ = self.stack.pop()
            if open_tag == "code" and not self._skipping():
                self.out.append("`")
            if open_tag == "summary" and self.summary is not None:
                said, self.summary = "".join(self.summary), None
                if " ".join(said.split()) == "For implementers":
                    # the whole <details> is for implementers: mark it skipped
                    for k in range(len(self.stack) - 1, -1, -1):
                        if self.stack[k][0] == "details":
                            self.stack[k] = ("details", True)
                            break
                elif self.in_article and not self._skipping():
                    self.out.append(said)
            if open_tag == tag:
                break
        if tag == "article":
            self.in_article -= 1

    def handle_data(self, data: str) -> None:
        if self.summary is not None:
            self.summary.append(data)  # said once the summary ends, unless it folds a part for implementers
        elif self.in_article and not self._skipping():
            self.out.append(data)


def built_player_text(html: str) -> str:
    """What a reader sees of a built page's article, outside its parts for implementers.

    >>> built_player_text('<article class="md-content__inner"><h1>Q</h1><p>A <code>x.y</code>.</p>'
    ...                   '<details class="info"><summary>For implementers</summary><p><code>z</code></p></details>'
    ...                   '<h2 id="for-implementers">For implementers</h2><p>log</p><h2>Next</h2><p>B</p></article>')
    'QA `x.y`.NextB'

    Only the article is parsed (a built page is about five times its article: the navigation
    lists every page); nothing outside it is said.
    """
    start, end = html.find("<article"), html.rfind("</article>")
    if 0 <= start < end:
        html = html[start:end + len("</article>")]
    parser = _PlayerText()
    parser.feed(html)
    parser.close()
    return "".join(parser.out)
