"""The browser tests' fixtures: one served site, one chromium and one page per viewport for each
pytest process (tests/site/browsing.py says why), whatever module asks for them; and `cambio
ask`'s replies to question sets, worked out once for the session's processes (tests/site/replies.py)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, sync_playwright

from tests.site.browsing import ARGS, CHROMIUM, DESKTOP, PHONE, Visit, refusing_proxy, served_site
from tests.site.replies import SharedReplies


@pytest.fixture(scope="session")
def replies(tmp_path_factory: pytest.TempPathFactory) -> SharedReplies:
    """`cambio ask`'s reply to each question asked, shared by this session's pytest-xdist workers
    (their temporary directories' parent is the session's)."""
    base = tmp_path_factory.getbasetemp()
    return SharedReplies(base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base)


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    with served_site() as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: run `make browser` (Debian's chromium-headless-shell package)")
    with refusing_proxy() as proxy, sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=[*ARGS, proxy])
        yield b
        b.close()


@pytest.fixture(scope="session")
def _kept_visits(browser: Browser, site_url: str) -> Iterator[dict[tuple[int, int], Visit]]:
    kept: dict[tuple[int, int], Visit] = {}
    yield kept
    for v in kept.values():
        v.close()


@pytest.fixture
def open_visit(browser: Browser, site_url: str,
               _kept_visits: dict[tuple[int, int], Visit]) -> Iterator[Callable[[dict[str, int]], Visit]]:
    """The test's turn on the page of a viewport (`Visit`), ended when the test ends."""
    taken: list[Visit] = []

    def take(viewport: dict[str, int]) -> Visit:
        key = (viewport["width"], viewport["height"])
        if key not in _kept_visits:
            _kept_visits[key] = Visit(browser, site_url, viewport)
        v = _kept_visits[key]
        if v not in taken:
            taken.append(v.begin())
        return v

    yield take
    failed: list[AssertionError] = []
    for v in taken:
        try:
            v.end()
        except AssertionError as e:
            failed.append(e)
    if failed:
        raise failed[0]


@pytest.fixture
def visit(open_visit: Callable[[dict[str, int]], Visit]) -> Visit:
    """The desktop page, for this test."""
    return open_visit(DESKTOP)


@pytest.fixture
def phone(open_visit: Callable[[dict[str, int]], Visit]) -> Visit:
    """The phone page, for this test."""
    return open_visit(PHONE)
