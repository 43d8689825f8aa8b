"""Every alternative of every option is exercised by at least one test.

Tests declare what they check with ``@pytest.mark.exercises("option.id=value")``.
This test fails, listing the gaps, if any alternative is missed; the terminal
summary prints the same report on every full run.
"""

from __future__ import annotations

import pytest

from cambio_ref.catalogue import load_catalogue
from cambio_ref.rules import format_value

# Modules whose markers count; the check is skipped when a run selects only some tests.
MODULES = ("test_card_values.py", "test_setup_turn.py", "test_powers.py", "test_snapping.py",
           "test_calling_scoring.py", "test_deck_views_match.py")


def all_alternatives() -> set[str]:
    return {f"{o.id}={format_value(a.value)}" for o in load_catalogue().options
            for a in o.alternatives}


def exercised(items: list[pytest.Item]) -> set[str]:
    found: set[str] = set()
    for item in items:
        for mark in item.iter_markers("exercises"):
            found.update(mark.args)
    return found


def test_every_alternative_is_exercised(request: pytest.FixtureRequest) -> None:
    items = request.session.items
    files = {item.path.name for item in items}
    if not set(MODULES) <= files:
        pytest.skip("run the whole suite to check option coverage")
    marks = exercised(items)
    unknown = sorted(marks - all_alternatives())
    assert not unknown, f"markers name alternatives that do not exist: {unknown}"
    missing = sorted(all_alternatives() - marks)
    assert not missing, "alternatives no test exercises:\n  " + "\n  ".join(missing)
