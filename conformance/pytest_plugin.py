"""The pytest plugin: every case x ruleset pair is one test, e.g. ``tie.caller-ties-lowest[hearts]``.

Registered as the ``cambio`` pytest11 entry point.

Without options it collects the YAML files of a ``cases`` directory (spec/cases
in this repository) and runs each case under each ruleset it names against the
reference interpreter in-process. A case that a ruleset cannot express is
reported as skipped with its reason.

With ``--cambio-impl=CMD`` it runs what `cambio conform` runs instead, as
tests named ``cambio::CASE[RULESET]`` and ``cambio::fuzz[RULESET]``: every
case of spec/cases under each ruleset, then the differential fuzzing, against
the implementation that CMD starts (``python:module:factory`` runs a Python
implementation in-process). Not applicable items are skipped; anything else
that is not a pass fails with the same details and reproducer as `cambio
conform` prints. ``--cambio-ruleset``, ``--cambio-fuzz``, ``--cambio-seed`` and
``--cambio-timeout`` work as the `cambio conform` options of the same names.
Under pytest-xdist (``-n N``) each worker runs its share of the items against its
own implementation process, with the same seed.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from cambio_ref.cases import Case, load_case_file, load_cases
from cambio_ref.errors import CambioError
from cambio_ref.resources import cases_dir
from conformance.scenarios import run_case

RUNNER = pytest.StashKey[Any]()
SEED = pytest.StashKey[int]()


class CaseFailed(Exception):
    """A case whose expectations did not hold."""


def _shipped_case(path: Path) -> Case | None:
    """The case of `path` as `load_cases` reads it, if it is one of the catalogue's own (kept
    on disk, checked, across processes): each pytest process (each xdist worker) then collects
    spec/cases without reading and checking its files again (1.4 s of CPU a process)."""
    root = cases_dir()
    return _shipped_cases(root).get(path) if root in path.parents else None


@cache
def _shipped_cases(root: Path) -> dict[Path, Case]:
    """The catalogue's cases under `root` by path, made once a process (`Case.file` is relative to
    the folder above spec/, as `cambio_ref.cases` names it)."""
    try:
        cases = load_cases()
    except CambioError:
        return {}  # (a file has a problem: each file read alone reports its own)
    return {root.parent.parent / case.file: case for case in cases.values()}


class CaseFile(pytest.File):
    def collect(self) -> Iterator[pytest.Item]:
        try:
            case = _shipped_case(self.path) or load_case_file(self.path)
        except CambioError as exc:
            raise self.CollectError(str(exc)) from None
        for ruleset in case.rulesets:
            yield CaseItem.from_parent(self, name=f"{case.id}[{ruleset}]", case=case,
                                       ruleset=ruleset)


class CaseItem(pytest.Item):
    def __init__(self, *, case: Case, ruleset: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.case = case
        self.ruleset = ruleset
        # the option alternatives the case shows, for the coverage check
        self.add_marker(pytest.mark.exercises(*sorted(case.exercises())))

    def runtest(self) -> None:
        result = run_case(self.case, self.ruleset)
        if result.status == "not_applicable":
            pytest.skip(f"not applicable: {result.answer}")
        if result.status != "pass":
            raise CaseFailed("\n".join(str(f) for f in result.failures))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException],
                     style: Any = None) -> str:
        if isinstance(excinfo.value, CaseFailed):
            return (f"{self.case.id} under {self.ruleset} ({self.case.file}):\n"
                    f"{excinfo.value}\nreplay: cambio replay {self.case.id} --ruleset {self.ruleset}")
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return self.path, None, f"case {self.case.id} [{self.ruleset}]"


# -- against an implementation (--cambio-impl) ---------------------------------------


class ConformFailed(Exception):
    """An item of the conformance run that did not pass."""


class ConformSuite(pytest.Collector):
    """The items of `cambio conform`, under the node ``cambio``."""

    def collect(self) -> Iterator[pytest.Item]:
        from conformance.conform import DEFAULT_FUZZ, plan
        from conformance.targets import targets

        config = self.config
        fuzz = config.getoption("cambio_fuzz")
        names = config.getoption("cambio_ruleset") or ()
        # without --cambio-ruleset, the rules the implementation declares (if it answers)
        hello = None if names else _runner(config).hello
        try:
            items = plan(targets(names, hello.rules if hello else None),
                         fuzz=DEFAULT_FUZZ if fuzz is None else fuzz)
        except CambioError as exc:
            raise pytest.UsageError(f"cambio: {exc}") from None
        for item in items:
            yield ConformItem.from_parent(self, name=item.name, item=item)


class ConformItem(pytest.Item):
    def __init__(self, *, item: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.item = item

    def runtest(self) -> None:
        from conformance.reports.summary import failure_lines
        from conformance.signals import own_record

        with own_record():  # (a stop left recorded by an earlier run in this process is not this item's)
            results = _runner(self.config).run(self.item)
        bad = [r for r in results if r.status not in ("pass", "not_applicable")]
        if bad:
            raise ConformFailed("\n".join(line for i, r in enumerate(bad, 1)
                                          for line in failure_lines(r, i)))
        if all(r.status == "not_applicable" for r in results):
            pytest.skip(f"not applicable: {results[0].message}")

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException],
                     style: Any = None) -> str:
        if isinstance(excinfo.value, ConformFailed):
            return str(excinfo.value)
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return self.path, None, f"cambio {self.name}"


def _runner(config: pytest.Config) -> Any:
    """The session's Runner, started on first use (collection alone starts nothing)."""
    runner = config.stash.get(RUNNER, None)
    if runner is None:
        from conformance.conform import HandshakeFailed, Runner
        from conformance.harness import Driver, parse_impl
        from conformance.signals import own_record

        text = config.getoption("cambio_impl")
        try:
            driver = Driver(parse_impl(text), timeout=config.getoption("cambio_timeout"))
        except CambioError as exc:
            raise pytest.UsageError(f"cambio: {exc}") from None
        runner = Runner(driver, seed=config.stash[SEED], impl_text=text)
        config.stash[RUNNER] = runner
        try:
            with own_record():
                runner.start()
        except (HandshakeFailed, CambioError) as exc:
            runner.exhausted = str(exc)
    return runner


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("cambio", "Cambio conformance (the cambio plugin)")
    group.addoption("--cambio-impl", metavar="CMD", default=None,
                    help="run the conformance cases and fuzzing against this implementation"
                         " (a command speaking the protocol, or python:module:factory)")
    group.addoption("--cambio-ruleset", metavar="R|FILE", action="append", default=None,
                    help="ruleset to run under, or 'declared' (repeatable; default: the declared"
                         " rules, or all five)")
    group.addoption("--cambio-fuzz", metavar="N", type=int, default=None,
                    help="fuzz games in all (default 70; 0: none)")
    group.addoption("--cambio-seed", metavar="S", type=int, default=None,
                    help="fuzzing seed (default: random, shown in the header)")
    group.addoption("--cambio-timeout", metavar="SECONDS", type=float, default=5.0,
                    help="per-request timeout (default 5)")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "exercises(*alternatives): option alternatives a test checks"
                            " (option.id=value)")
    impl = config.getoption("cambio_impl", None)
    if impl is not None:
        from conformance.harness import parse_impl

        try:  # a usage error (an empty --cambio-impl above all) stops the run before collection
            parse_impl(impl)
        except CambioError as exc:
            raise pytest.UsageError(f"cambio: {exc}") from None
    seed = config.getoption("cambio_seed", None)
    given = getattr(config, "workerinput", {}).get("cambio_seed")  # (a pytest-xdist worker)
    if seed is None:
        seed = given if given is not None else random.SystemRandom().randrange(100000)
    config.stash[SEED] = seed


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """Under pytest-xdist (``-n N``): every worker fuzzes with the controller's seed."""
    node.workerinput["cambio_seed"] = node.config.stash[SEED]


def pytest_report_header(config: pytest.Config) -> str | None:
    impl = config.getoption("cambio_impl", None)
    if impl is None:
        return None
    return f"cambio: --cambio-impl {impl}, fuzzing seed {config.stash[SEED]}"


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if parent.config.getoption("cambio_impl", None) is not None:
        return None  # the cases run against the implementation instead (ConformSuite)
    if file_path.suffix == ".yaml" and "cases" in file_path.parts:
        return CaseFile.from_parent(parent, path=file_path)
    return None


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config,
                                  items: list[pytest.Item]) -> None:
    """Add the conformance items before -k and -m select among all items."""
    if config.getoption("cambio_impl", None) is not None:
        suite = ConformSuite.from_parent(session, name="cambio", nodeid="cambio")
        items.extend(suite.collect())


def pytest_unconfigure(config: pytest.Config) -> None:
    runner = config.stash.get(RUNNER, None)
    if runner is not None:
        runner.close()
