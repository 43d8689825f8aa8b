"""The home page's front door: a search box, the "we play..." picker and the most argued questions.

The home page (docs/index.md) is written by hand; the hook replaces its `FRONT_MARK`
with `front_md`, so the questions it lists are data (docs/front.yaml), not prose.

>>> from cambio_ref.catalogue import load_catalogue
>>> html = front_md(load_catalogue(), (), Front(), "index.md")
>>> 'name="q"' in html, '<option value="hearts">' in html
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence

from cambio_ref.catalogue import Catalogue
from cambio_ref.rulebook.common import dispute_page, one_line, prepare_site, rel
from cambio_ref.rulebook.model import Dispute, Front

__all__ = ["FRONT_MARK", "front_md"]

FRONT_MARK = "<!-- front-door -->"


def front_md(cat: Catalogue, disputes: Sequence[Dispute], front: Front, src: str) -> str:
    """The front door as Markdown with HTML, for the page at `src`."""
    site = prepare_site(cat, disputes, front)
    options = "".join(f'<option value="{rs}">{rs}: {one_line(cat.rulesets[rs].title)}</option>' for rs in site.order)
    out = [
        '<form class="front-search" action="." method="get" role="search">',
        '<label for="front-q">Settle it: what is your table arguing about?</label>',
        '<div class="row"><input id="front-q" name="q" type="search" autocomplete="off"'
        ' placeholder="e.g. wrong flip, knock, caller ties">'
        '<button type="submit" class="md-button md-button--primary">Search</button></div>',
        "</form>",
        "",
        '<div class="we-play-form" id="we-play">',
        '<label for="we-play-select"><strong>We play…</strong></label>',
        f'<select id="we-play-select"><option value="">every ruleset (show all)</option>{options}'
        '<option value="house">our house rules…</option></select>',
        '<input id="we-play-house" type="text" hidden placeholder="hearts(snap_give=optional)"'
        ' aria-label="house rules in one line">',
        '<p class="hint">Remembered on this device. Every answer then shows your ruleset (or, for house'
        " rules written in one line, as the house rules page shows, the ruleset that plays the"
        " question's options as you do), with a button to show all.</p>",
        "</div>",
        "",
    ]
    by_id = {d.id: d for d in disputes}
    argued = [by_id[c] for c in front.argued if c in by_id]
    if argued:
        out += ["## The questions tables argue about most { #argued }", ""]
        out += [f"1. [{one_line(d.question)}]({rel(src, dispute_page(d.id))}#{d.id})" for d in argued]
        out += ["", f"All {len(disputes)} questions, by situation: [the disputes index]"
                f"({rel(src, 'disputes/index.md')}).", ""]
    return "\n".join(out)
