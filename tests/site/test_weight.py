"""Light pages: the first load of a page, everything the browser fetches on opening it (`Visit.settle`),
is at most 600 kB uncompressed (the site serves files as they are, so a file's size on disk is
what the browser receives).

Measured in the browser on the pages a table opens (the home page, the disputes index, a dispute,
the heaviest dispute, an option, a ruleset, a sheet, the glossary); and, for every generated page,
its own HTML with the stylesheets and scripts every page loads.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from cambio_ref.rulebook import dispute_page
from tests.site.browsing import SITE, Visit, url_of

pytestmark = pytest.mark.browser

BUDGET = 600_000  # bytes, uncompressed
PAGES = ["", "disputes/", url_of(dispute_page("snap.wrong-other-card")), "options/snap-wrong-other/",
         "rulesets/hearts/", "sheets/hearts/", "glossary/"]


def served(url: str) -> Path:
    """The file of site/ a local URL is served from."""
    path = unquote(urlsplit(url).path).lstrip("/")
    file = SITE / path
    return file / "index.html" if file.is_dir() or path.endswith("/") or not path else file


def first_load(v: Visit, path: str) -> dict[str, int]:
    """The bytes of every file the first load of `path` fetched, by URL.

    Any load is a first load here: a page asks for every file it uses even when the browser has
    it cached (the request is seen, answered from the cache), and each file's size is read from
    site/, not from what crossed the wire. Until the page has settled (`Visit.settle`): the icon a browser
    fetches after the load event counts, as would a script's fetch still unanswered.
    """
    v.requests.clear()
    v.goto(path)
    v.settle()
    files = {url: served(url) for url in set(v.requests) if url.startswith(v.site_url)}
    return {url: f.stat().st_size for url, f in files.items() if f.is_file()}


def heaviest_dispute() -> str:
    pages = sorted((SITE / "disputes").glob("*/index.html"), key=lambda p: p.stat().st_size)
    return f"disputes/{pages[-1].parent.name}/"


@pytest.mark.parametrize("path", [*PAGES, "heaviest dispute"])
def test_the_first_load_of_a_page_is_at_most_600_kb(visit: Visit, path: str) -> None:
    if path == "heaviest dispute":
        path = heaviest_dispute()
    loaded = first_load(visit, path)
    assert any(url.endswith(".css") for url in loaded) and any(url.endswith(".js") for url in loaded)
    total = sum(loaded.values())
    biggest = sorted(loaded.items(), key=lambda kv: -kv[1])[:5]
    assert total <= BUDGET, f"{path}: {total} bytes; the biggest: {biggest}"


def test_every_page_with_what_every_page_loads_is_at_most_600_kb(visit: Visit) -> None:
    # What the home page loads besides itself (stylesheets, scripts) every page loads too.
    shared = sum(size for url, size in first_load(visit, "").items() if served(url) != SITE / "index.html")
    heavy = {str(p.relative_to(SITE)): p.stat().st_size + shared for p in SITE.rglob("index.html")
             if "api" not in p.parts and p.stat().st_size + shared > BUDGET}
    assert heavy == {}


def test_the_sites_scripts_are_served_without_their_comment_lines() -> None:
    # (docs/hooks/pages.py: the comment lines of docs/javascripts/, each naming the Python it mirrors, stay there;
    # what every page loads is lighter by them)
    sources = sorted((SITE.parent / "docs" / "javascripts").glob("*.js"))
    assert sources
    for source in sources:
        code = [line for line in source.read_text(encoding="utf-8").splitlines()
                if not line.lstrip().startswith("//")]
        assert (SITE / "javascripts" / source.name).read_text(encoding="utf-8").splitlines() == code, source.name
