"""The Cambio reference: rule catalogue loader, rules resolution and scoring.

>>> from cambio_ref import resolve
>>> resolve("online").red_king
40
"""

from cambio_ref.cards import Card
from cambio_ref.errors import CambioError, Problem, SpecError
from cambio_ref.rules import Rules, parse_rules, resolve

__all__ = ["CambioError", "Card", "Problem", "Rules", "SpecError", "parse_rules", "resolve"]
