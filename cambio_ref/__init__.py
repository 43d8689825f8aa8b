"""The Cambio reference: rule catalogue loader, rules resolution and scoring.

>>> from cambio_ref import resolve
>>> resolve("online").red_king
40

`Rules`, `parse_rules` and `resolve` are imported on first use: a command that never
resolves rules (`cambio ask` answers from its cached data) never loads the catalogue's
validator.
"""

from typing import TYPE_CHECKING, Any

from cambio_ref.cards import Card
from cambio_ref.errors import CambioError, Problem, SpecError

if TYPE_CHECKING:
    from cambio_ref.rules import Rules, parse_rules, resolve

__all__ = ["CambioError", "Card", "Problem", "Rules", "SpecError", "parse_rules", "resolve"]


def __getattr__(name: str) -> Any:
    if name in ("Rules", "parse_rules", "resolve"):
        from cambio_ref import rules

        return getattr(rules, name)
    raise AttributeError(f"module 'cambio_ref' has no attribute {name!r}")
