"""The built rulebook site in a real headless browser: Debian's chromium driven by Playwright.

The browser is chromium's headless shell (Debian's chromium-headless-shell: the same Blink and V8
as chromium, without the desktop browser around them, what Playwright itself runs for headless
tests): the browser tests took about a quarter less of chromium's CPU than with the full browser
in its headless mode. It fetches no icon a page links, which a reader's browser does after the
load event: `Visit.settle` fetches each from the page instead.

The browser tests of tests/site/ share what is here and the fixtures of tests/site/conftest.py:
one served site/ and one chromium per pytest process, and one page per viewport that the tests
of that process take in turn (`Visit`). Starting a browser, a context and a page again for each
test cost more than the tests themselves: a fresh page is a new renderer process whose first
page load parses every script and stylesheet again (about 2 s of chromium's CPU against 0.4 s
for a page load in a page already open). Each test still starts on a page it loads itself, on
an origin with nothing stored (the picker's choice is forgotten between tests), and fails on a
console error or a request leaving localhost made during the test.

No request is routed through Playwright (routing turns chromium's HTTP cache off): a request that
leaves localhost goes to a proxy that refuses it (`refusing_proxy`; chromium sends loopback
addresses direct), and `Visit` sees every request. So a page load reuses the site's scripts and
stylesheets as a reader's browser does, about a quarter less of chromium's CPU a page.

Install the browser with ``make browser``; never ``playwright install``.
"""

from __future__ import annotations

import functools
import http.server
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Browser, ConsoleMessage, Page, Request

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "site"
CHROMIUM = Path("/usr/lib/chromium/chromium-headless-shell")  # (/usr/bin's is a script around it)
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
# Addresses the site may ask for besides its own (a data: font, a blob: worker).
LOCAL_SCHEMES = ("data", "blob", "about")
# The icons a page links: a reader's browser fetches them after the page's load event.
ICONS = "() => [...document.querySelectorAll('link[rel~=icon]')].map(link => link.href)"
# Fetched from the page as the browser would (the headless shell fetches none): whether it was served.
FETCH = "url => fetch(url).then(response => response.ok, () => false)"


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


@contextmanager
def refusing_proxy() -> Iterator[str]:
    """A chromium argument sending every request that leaves localhost to a port of 127.0.0.1
    held bound but not listening: each is refused at once (net::ERR_PROXY_CONNECTION_FAILED)."""
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        yield f"--proxy-server=http://127.0.0.1:{held.getsockname()[1]}"


class Visit:
    """One browser context at one viewport and its page, which the tests of a process take in turn.

    `requests`, `errors` and `outside` hold what happened since the test began: every request,
    every console error or uncaught exception, and every request that left localhost (refused by
    the browser's proxy, `refusing_proxy`);
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

    def _request(self, request: Request) -> None:
        self.requests.append(request.url)
        self.waiting.add(request)
        if not self._local(request.url):
            self.outside.append(request.url)

    def _answered(self, request: Request) -> None:
        self.waiting.discard(request)

    def _console(self, message: ConsoleMessage) -> None:
        # For a document that links no icon (the schema's JSON, the API reference) the full chromium tries
        # /favicon.ico on its own, once: not a request of the site's (Visit never sees it), and one
        # chromium did not make while requests were routed through Playwright.
        if message.type == "error" and message.location["url"] != self.site_url + "favicon.ico":
            self.errors.append(f"console: {message.text}")

    def goto(self, path: str) -> Page:
        response = self.page.goto(self.site_url + path)
        assert response is not None and response.ok, f"{path}: {response and response.status}"
        return self.page

    def settle(self) -> Page:
        """Wait until the page has fetched all it asks for on opening: its load event past (`goto`
        waits for it), each icon it links fetched (a reader's browser asks for it after the load
        event; the headless shell does not, so it is fetched here from the page, and must be
        served), and no request unanswered. The site's own scripts fetch after the load event only
        when asked (a search, a scene opened), so this is what waiting for 500 ms of network
        silence (Playwright's "networkidle") found, without the half second.
        """
        for url in self.page.evaluate(ICONS):
            if url not in self.requests:
                assert self.page.evaluate(FETCH, url), f"the icon {url} is not served"
        deadline = time.monotonic() + 15
        while self.waiting:
            assert time.monotonic() < deadline, f"still waiting for {[r.url for r in self.waiting]}"
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
