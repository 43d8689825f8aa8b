"""The Sphinx API reference under site/api/ looks like the rest of the site and has no dead ends.

Checked on the built HTML (``python docs/build.py --if-stale`` first, as the browser tests
do): every page has the rulebook's header, with a link home and a search box that opens the
rulebook's search; the index summarises every module from its docstring; every link with an
anchor lands on an element with that id; the footer is a real one; nothing is fetched from
another host.
"""

from __future__ import annotations

import functools
import html
import importlib
import os
import pkgutil
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from urllib.parse import unquote

import pytest

from tests.site.browsing import DESKTOP, PHONE, Visit

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "site"
API = SITE / "api"
PACKAGES = ("cambio_ref", "conformance")


@pytest.fixture(scope="module")
def pages() -> dict[Path, str]:
    subprocess.run([sys.executable, str(ROOT / "docs" / "build.py"), "--if-stale"], cwd=ROOT, check=True)
    found = {p: p.read_text(encoding="utf-8") for p in sorted(API.rglob("*.html"))}
    assert len(found) > 10
    return found


def modules() -> list[str]:
    names = []
    for package in PACKAGES:
        names.append(package)
        names += [m.name for m in pkgutil.walk_packages(importlib.import_module(package).__path__,
                                                        f"{package}.")]
    return names


def target(page: Path, href: str) -> Path:
    """The file a relative link of `page` leads to (a directory means its index.html)."""
    rel = href.split("#")[0].split("?")[0]
    return _file(page.parent, unquote(rel)) if rel else page


@functools.cache
def _file(folder: Path, rel: str) -> Path:
    # Once for each folder and path: every page's sidebar links to every module (43,000 links, 1,600 paths).
    path = Path(os.path.normpath(folder / rel))
    return path / "index.html" if path.is_dir() else path


def text(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", fragment)).split())


def test_every_page_has_the_rulebook_header_and_search(pages: dict[Path, str]) -> None:
    for page, source in pages.items():
        header = re.search(r'<header class="site-header">(.*?)</header>', source, re.S)
        assert header, page
        home = re.search(r'<a class="site-header__logo" href="([^"]+)"', header.group(1))
        assert home and target(page, home.group(1)) == SITE / "index.html", page
        # the search box sends ?q= to the rulebook's home page, whose search opens with it
        form = re.search(r'<form class="site-header__search" action="([^"]+)" method="get"', header.group(1))
        assert form and target(page, form.group(1)) == SITE / "index.html", page
        assert 'name="q"' in header.group(1)
        assert re.search(r'href="[^"]*_static/api\.css', source), page


def test_the_index_summarises_every_module_from_its_docstring(pages: dict[Path, str]) -> None:
    index = pages[API / "index.html"]
    for name in modules():
        doc = importlib.import_module(name).__doc__
        assert doc, f"{name} has no docstring"
        row = re.search(rf'<tr[^>]*>\s*<td>.*?href="modules/{re.escape(name)}\.html#module-{re.escape(name)}"'
                        r".*?</td>\s*<td>(.*?)</td>", index, re.S)
        assert row, f"no summary row for {name}"
        first = " ".join(re.sub(r"[`*]", "", doc.strip().split("\n\n")[0]).split())
        assert text(row.group(1))[:25] == first[:25], name


def test_no_link_leads_to_a_missing_page_or_anchor(pages: dict[Path, str]) -> None:
    ids: dict[Path, set[str]] = {}
    broken = []
    for page, source in pages.items():
        for href in re.findall(r'href="([^"]+)"', source):
            if re.match(r"[a-z][a-z0-9+.-]*:", href):
                continue
            dest = target(page, html.unescape(href))
            if dest not in pages and not dest.exists():
                broken.append(f"{page.relative_to(SITE)}: {href}")
                continue
            anchor = unquote(html.unescape(href)).partition("#")[2]
            if anchor and dest.suffix == ".html":
                if dest not in ids:
                    dest_text = pages.get(dest) or dest.read_text(encoding="utf-8")
                    ids[dest] = set(re.findall(r'\sid="([^"]+)"', dest_text))
                if anchor not in ids[dest]:
                    broken.append(f"{page.relative_to(SITE)}: {href}")
    assert broken == []


def test_the_footer_is_a_real_one(pages: dict[Path, str]) -> None:
    for page, source in pages.items():
        footer = re.search(r'<footer class="site-footer"[^>]*>(.*?)</footer>', source, re.S)
        assert footer, page
        assert "Cambio rulebook" in text(footer.group(1)), page
        assert "©" not in text(source) and "&#169;" not in source, page


def test_nothing_comes_from_another_host(pages: dict[Path, str]) -> None:
    for page, source in pages.items():
        assets = re.findall(r'<(?:script|img|iframe)[^>]*\ssrc="([^"]+)"', source)
        assets += re.findall(r'<link[^>]*\shref="([^"]+)"', source)
        assert [a for a in assets if re.match(r"(https?:)?//", a)] == [], page


@pytest.mark.browser
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_header_search_opens_the_rulebook_search(open_visit: Callable[[dict[str, int]], Visit],
                                                     viewport: dict[str, int]) -> None:
    page = open_visit(viewport).goto("api/modules/cambio_ref.rules.html")
    page.fill(".site-header__search input", "tie")
    page.press(".site-header__search input", "Enter")
    page.wait_for_url(re.compile(r"/\?q=tie$"))
    page.locator(".ask-result").first.wait_for()  # the rulebook's search (docs/javascripts/ask.js)
    assert page.input_value("#ask-q") == "tie"
