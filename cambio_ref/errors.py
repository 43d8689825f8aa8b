"""Errors for bad input: every message names what was wrong and where.

>>> print(Problem("spec/x.yaml", 3, "options[0].id", "duplicate id 'a'"))
spec/x.yaml:3: options[0].id: duplicate id 'a'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


class CambioError(ValueError):
    """Base class for every error caused by bad user input (never a bug)."""


@dataclass(frozen=True, order=True)
class Problem:
    """One problem found in an input file: file, line, path inside it, message."""

    file: str
    line: int | None
    path: str
    message: str

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        return f"{where}: {self.path}: {self.message}" if self.path else f"{where}: {self.message}"


class SpecError(CambioError):
    """One or more problems in spec, house-rules or case files."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class UnknownCardError(CambioError):
    """A card code that does not name a card, or a card the ruleset's deck lacks."""


class RulesError(CambioError):
    """A ruleset name, option or value that cannot be resolved."""
