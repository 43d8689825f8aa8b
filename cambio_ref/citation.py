"""A source's position, as the catalogue, the cases and every answer cite it.

Its own module, apart from `cambio_ref.catalogue_model` (which re-exports it): `cambio ask`
reads citations from its cached data, and need not create the catalogue's ten other types
(about 15 ms of CPU in every call).

>>> str(Citation("hearts", "9", "stated"))
'hearts §9'
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Citation"]


@dataclass(frozen=True)
class Citation:
    """A source's position: `key §section`, stated or implied."""

    key: str
    section: str
    evidence: str
    note: str | None = None

    def __str__(self) -> str:
        return f"{self.key} §{self.section}"
