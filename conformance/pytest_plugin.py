"""The pytest plugin: every case x ruleset pair is one test, e.g. ``tie.caller-ties-lowest[hearts]``.

Registered as the ``cambio`` pytest11 entry point. It collects the YAML files of
a ``cases`` directory (spec/cases in this repository) and runs each case under
each ruleset it names against the reference interpreter in-process. A case that
a ruleset cannot express is reported as skipped with its reason.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cambio_ref.cases import Case, load_case_file
from cambio_ref.errors import CambioError
from conformance.scenarios import run_case


class CaseFailed(Exception):
    """A case whose expectations did not hold."""


class CaseFile(pytest.File):
    def collect(self) -> Iterator[pytest.Item]:
        try:
            case = load_case_file(self.path)
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


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "exercises(*alternatives): option alternatives a test checks"
                            " (option.id=value)")


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if file_path.suffix == ".yaml" and "cases" in file_path.parts:
        return CaseFile.from_parent(parent, path=file_path)
    return None
