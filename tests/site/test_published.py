"""The files implementers need, published with the built site and linked from the developer pages.

The site is built first (``python docs/build.py --if-stale``) when missing or older than
its inputs, as the browser tests do.
"""

from __future__ import annotations

import posixpath
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cambio_ref.resources import published_files, schema_names

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "site"


@pytest.fixture(scope="module")
def site() -> Path:
    subprocess.run([sys.executable, str(ROOT / "docs" / "build.py"), "--if-stale"], cwd=ROOT, check=True)
    return SITE


def links(site: Path, page: str) -> set[str]:
    """Every local link of a built page, as a path from the site's root."""
    html = (site / page).read_text(encoding="utf-8")
    base = posixpath.dirname(page)
    return {posixpath.normpath(posixpath.join(base, href.split("#")[0]))
            for href in re.findall(r'href="([^"#:]+)"', html)}


def test_every_schema_shuffle_and_errors_are_published_as_they_are(site: Path) -> None:
    files = published_files()
    assert {"spec/shuffle.yaml", "spec/errors.yaml"} <= set(files)
    assert {f"schemas/{n}.schema.json" for n in schema_names()} <= set(files)
    assert any(p.startswith("schemas/protocol/") for p in files)
    differ = [p for p, source in files.items()
              if not (site / p).is_file() or (site / p).read_bytes() != source.read_bytes()]
    assert differ == []


@pytest.mark.parametrize("page", ["developers/index.html", "developers/protocol/index.html"])
def test_the_developer_pages_link_them(site: Path, page: str) -> None:
    found = links(site, page)
    assert {"spec/shuffle.yaml", "spec/errors.yaml", "schemas/protocol/common.schema.json",
            "schemas/protocol/hello.request.schema.json"} <= found
    assert all((site / p).exists() for p in found if p.startswith(("spec/", "schemas/")))


def test_no_dispute_page_puts_a_scene_inside_a_paragraph(site: Path) -> None:
    # A figure or a div may not stand in a paragraph (HTML's content model): the drawn scene's mark was a
    # paragraph of its own, and a folded scene's div ran into the link inside it.
    pages = sorted((site / "disputes").glob("*/index.html"))
    assert pages
    nested = [p.parent.name for p in pages if re.search(r"<p>\s*<(?:figure|div)\b", p.read_text(encoding="utf-8"))]
    assert nested == []
