"""The rules a run checks an implementation under: its targets, each with a short label.

By default the target is what the implementation declares in its handshake
(``rules``), labelled ``declared``; an implementation that declares nothing is
checked under the five source rulesets. ``--ruleset`` replaces the defaults;
``--ruleset declared`` names the declared rules, so ``--ruleset declared
--ruleset hearts`` adds hearts to them.

A label is short: the ruleset id, the house-rules file's name without its
suffix, ``declared``, or for a one-line form the form itself when it is short
and its base id with a number otherwise.

>>> [t.label for t in targets(["hearts", "online(ace=0)"], None)]
['hearts', 'online(ace=0)']
>>> targets(["hearts"], None)[0].source
'hearts'
>>> targets([], None)[0].label
'memory'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from cambio_ref.errors import CambioError
from cambio_ref.rules import Rules, resolve

DEFAULT_RULESETS = ("memory", "online", "hearts", "official", "awareness")
DECLARED = "declared"
SHORT = 32  # a one-line form longer than this is labelled by its base and a number


@dataclass(frozen=True)
class Target:
    """Rules to check an implementation under, and the short name the summary shows."""

    label: str
    rules: Rules

    @property
    def rerun_name(self) -> str:
        """What ``--ruleset`` names these rules by in a rerun: ``declared``, or the
        canonical one-line form."""
        return DECLARED if self.label == DECLARED else self.rules.canonical

    @property
    def source(self) -> str | None:
        """The source ruleset these rules are exactly (no option changed), if any."""
        return None if self.rules.overrides else self.rules.name


def _label(text: str, rules: Rules, taken: set[str]) -> str:
    if not rules.overrides:
        label = rules.name
    elif text.endswith((".yaml", ".yml")) or "/" in text:
        label = Path(text).stem
    elif len(rules.canonical) <= SHORT:
        label = rules.canonical
    else:
        label = f"{rules.name}+{len(rules.overrides)}"
    n, unique = 2, label
    while unique in taken:
        unique, n = f"{label}~{n}", n + 1
    return unique


def check_names(names: Sequence[str]) -> None:
    """Resolve each of `names` (``--ruleset``) but ``declared``, so that a bad one is a usage
    error before any implementation starts.

    >>> check_names(["declared", "hearts"])
    >>> check_names(["heart"])
    Traceback (most recent call last):
    ...
    cambio_ref.errors.RulesError: unknown ruleset 'heart'; known rulesets: ...
    """
    for text in names:
        if text.strip().lower() != DECLARED:
            resolve(text)


def targets(names: Sequence[str], declared: Rules | None) -> list[Target]:
    """The targets of a run: `names` (``--ruleset``) or the defaults, resolved and labelled."""
    chosen = list(names) or ([DECLARED] if declared is not None else list(DEFAULT_RULESETS))
    out: list[Target] = []
    seen: dict[str, str] = {}
    for text in chosen:
        if text.strip().lower() == DECLARED:
            if declared is None:
                raise CambioError("--ruleset declared: the implementation declares no rules in"
                                  " its handshake")
            rules, label = declared, DECLARED
        else:
            rules = resolve(text)
            label = _label(text, rules, {t.label for t in out})
        if rules.canonical in seen:
            raise CambioError(f"--ruleset names the same rules twice: {seen[rules.canonical]}"
                              f" and {text}")
        seen[rules.canonical] = text
        out.append(Target(label, rules))
    return out
