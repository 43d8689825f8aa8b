"""The built rulebook site in a real headless browser: Debian's chromium driven by Playwright.

The browser tests of tests/site/ share what is here and the fixtures of tests/site/conftest.py:
one served site/ and one chromium per pytest process, and one page per viewport that the tests
of that process take in turn (`Visit`). Starting a browser, a context and a page again for each
test cost more than the tests themselves: a fresh page is a new renderer process whose first
page load parses every script and stylesheet again (about 2 s of chromium's CPU against 0.4 s
for a page load in a page already open). Each test still starts on a page it loads itself, on
an origin with nothing stored (the picker's choice is forgotten between tests), and fails on a
console error or a request leaving localhost made during the test.

Install the browser with ``make browser``; never ``playwright install``.
"""

from __future__ import annotations

import functools
import http.server
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Browser, ConsoleMessage, Page, Request, Route

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "site"
CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
# Addresses the site may ask for besides its own (a data: font, a blob: worker).
LOCAL_SCHEMES = ("data", "blob", "about")
# The icons a page links: chromium fetches them after the page's load event.
ICONS = "() => [...document.querySelectorAll('link[rel~=icon]')].map(link => link.href)"


def url_of(page: str) -> str:
    """The address of a generated page, from its Markdown path.

    >>> url_of("disputes/x.md")
    'disputes/x/'
    """
    return page.removesuffix(".md") + "/"


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def served_site() -> Iterator[str]:
    """site/, built first if missing or stale, served on 127.0.0.1 by a thread: its address."""
    subprocess.run([sys.executable, str(ROOT / "docs" / "build.py"), "--if-stale"], cwd=ROOT, check=True)
    handler = functools.partial(_Quiet, directory=str(SITE))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def outside_pattern(site_url: str) -> re.Pattern[str]:
    """The addresses that leave the served site: only these are routed to Python (and refused).

    Playwright matches a pattern in the driver, so the site's own requests never wait for the
    test's process; a handler for every request made each of them a round trip to Python.

    >>> p = outside_pattern("http://127.0.0.1:8000/")
    >>> [bool(p.match(u)) for u in ("http://127.0.0.1:8000/a.css", "https://cdn.example/x.js", "data:,x")]
    [False, True, False]
    """
    local = "|".join([re.escape(site_url), *(f"{scheme}:" for scheme in LOCAL_SCHEMES)])
    return re.compile(f"^(?!{local})")


class Visit:
    """One browser context at one viewport and its page, which the tests of a process take in turn.

    `requests`, `errors` and `outside` hold what happened since the test began: every request,
    every console error or uncaught exception, and every request that left localhost (refused);
    `waiting`, the requests not answered yet.
    `end` closes a test's turn: it leaves the page, forgets what the site stored, puts the
    viewport back, and fails on an error or a request that left localhost.
    """

    def __init__(self, browser: Browser, site_url: str, viewport: dict[str, int]) -> None:
        self.site_url = site_url
        self.viewport = viewport
        self.context = browser.new_context(viewport=viewport)  # type: ignore[arg-type]
        self.context.set_default_timeout(15_000)
        self.requests: list[str] = []
        self.outside: list[str] = []
        self.errors: list[str] = []
        self.waiting: set[Request] = set()
        self.context.route(outside_pattern(site_url), self._route)
        self.context.on("request", self._request)
        self.context.on("requestfinished", self._answered)
        self.context.on("requestfailed", self._answered)
        self.page = self._new_page()

    def _new_page(self) -> Page:
        page = self.context.new_page()
        page.on("console", self._console)
        page.on("pageerror", lambda exc: self.errors.append(f"pageerror: {exc}"))
        return page

    def _local(self, url: str) -> bool:
        return urlsplit(url).scheme in LOCAL_SCHEMES or url.startswith(self.site_url)

    def _route(self, route: Route) -> None:
        if self._local(route.request.url):
            route.continue_()
        else:
            self.outside.append(route.request.url)
            route.abort()

    def _request(self, request: Request) -> None:
        self.requests.append(request.url)
        self.waiting.add(request)
        if not self._local(request.url) and request.url not in self.outside:
            self.outside.append(request.url)

    def _answered(self, request: Request) -> None:
        self.waiting.discard(request)

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text}")

    def goto(self, path: str) -> Page:
        response = self.page.goto(self.site_url + path)
        assert response is not None and response.ok, f"{path}: {response and response.status}"
        return self.page

    def settle(self) -> Page:
        """Wait until the page has fetched all it asks for on opening: its load event past (`goto`
        waits for it), each icon it links fetched (chromium asks for it after the load event), and
        no request unanswered. The site's own scripts fetch after the load event only when asked
        (a search, a scene opened), so this is what waiting for 500 ms of network silence
        (Playwright's "networkidle") found, without the half second.
        """
        icons = self.page.evaluate(ICONS)
        deadline = time.monotonic() + 15
        while (missing := [url for url in icons if url not in self.requests]) or self.waiting:
            assert time.monotonic() < deadline, f"still waiting for {missing or [r.url for r in self.waiting]}"
            self.page.wait_for_timeout(10)
        return self.page

    def begin(self) -> Visit:
        """Start a test's turn: a live page, nothing recorded yet."""
        if self.page.is_closed():
            self.page = self._new_page()
        self.requests.clear()
        self.errors.clear()
        self.outside.clear()
        self.waiting.clear()
        return self

    def end(self) -> None:
        """End a test's turn (see the class); raises on what went wrong during it."""
        errors, outside = list(self.errors), list(self.outside)
        if not self.page.is_closed():
            if self.page.url.startswith(self.site_url):
                self.page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
            self.page.goto("about:blank")
            self.page.set_viewport_size(self.viewport)  # type: ignore[arg-type]
        self.begin()
        assert not errors, f"errors in the browser: {errors}"
        assert not outside, f"requests left localhost: {outside}"

    def close(self) -> None:
        self.context.close()
