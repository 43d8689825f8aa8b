"""How `make test` spreads the suite over its pytest-xdist workers.

The workers take whole modules (``--dist loadscope``, so that a module's fixtures, a
browser or a built wheel, are made once), in the order collected
(``--no-loadscope-reorder``). The modules that take longest go first, so that no worker
is left with a long module at the end while the other has finished: the longest first,
then the rest as collected. `HEAVY` lists them by the CPU they took in a whole run
(`docs/developers/performance.md` has the figures); a module missing from it only runs
later, so the list needs no care beyond speed. The site's modules are not in it: they
wait for the site that `make test` builds meanwhile, so they come after these.

Each pytest process, once it has collected the suite, moves everything alive then (the
test modules, the items, the catalogue) out of the cyclic garbage collector's sight
(`gc.freeze`) and collects rarely (`cambio_ref.collector.collect_rarely`, as the long
`cambio` commands do): each older-generation pass walked the whole collected suite again.
On the conformance, engine and question-engine tests run in one process that took 105 s of
CPU, 14 s of it in the collector; 94 s with this.
"""

from __future__ import annotations

import gc

import pytest

from cambio_ref.collector import collect_rarely
from conformance.naming import forget_plays

# modules of many seconds of CPU each, the heaviest first
HEAVY = (
    "tests/conformance/test_planted.py",
    "tests/conformance/test_jobs.py",
    "tests/test_install.py",
    "tests/conformance/test_hostile.py",
    "tests/conformance/test_plugin.py",
    "tests/engine/test_properties.py",
    "tests/conformance/test_draws.py",
    "tests/conformance/test_mutation.py",
    "tests/conformance/test_broken.py",
    "tests/test_hostile_files.py",
    "tests/conformance/test_cli.py",
    "tests/conformance/test_own_rules.py",
    "tests/conformance/test_campaigns.py",
    "tests/conformance/test_no_false_green.py",
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    rank = {name: i for i, name in enumerate(HEAVY)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::")[0], len(HEAVY)))


def pytest_collection_finish(session: pytest.Session) -> None:
    gc.collect()  # (garbage frozen now would never be freed)
    gc.freeze()
    collect_rarely()


def pytest_sessionfinish(session: pytest.Session) -> None:
    # the kit's remembered plays of cases (hundreds of MB of states and actions after the
    # planted suite) dropped before pytest's last garbage collections and the interpreter's
    # walk them
    forget_plays()
