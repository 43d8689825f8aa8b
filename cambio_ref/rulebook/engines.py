"""The site's pages of public engines (examples/engines/): for each engine its declared
rules (every option, with where in the engine's code the value comes from), what its
committed run found it plays as, and its deviations, all read from the files the
project commits beside its adapter (``rules.json`` and ``run-seed1.jsonl``, the log of
``cambio conform --seed 1``, which carries the engine's commit and the date). Nothing
here needs the engine itself.

>>> engine_page("cambia")
'engines/cambia.md'
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from cambio_ref.rulebook.common import option_page, rel, value_code
from cambio_ref.rulebook.model import EngineRun, Found, Pinned

LOG = "run-seed1.jsonl"
INDEX = "engines/index.md"


def engine_page(folder: str) -> str:
    """The page of the engine whose adapter lives in examples/engines/`folder`."""
    return f"engines/{folder}.md"


def _lines(path: Path) -> Iterable[dict[str, Any]]:
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            yield json.loads(line)


def read_engine(folder: Path) -> EngineRun:
    """The declared rules and the committed run of the adapter in `folder`. Raises
    ValueError naming the file when one is missing or not what the adapters write."""
    rules_file, log_file = folder / "rules.json", folder / LOG
    for path in (rules_file, log_file):
        if not path.is_file():
            raise ValueError(f"{path}: missing (an engine folder needs rules.json and {LOG})")
    rules = json.loads(rules_file.read_text(encoding="utf-8"))
    records = list(_lines(log_file))
    header = next((r for r in records if r.get("type") == "header"), None)
    footer = next((r for r in records if r.get("type") == "footer"), None)
    if header is None or footer is None:
        raise ValueError(f"{log_file}: not a complete run log (no header or no footer line)")
    pinned = tuple(Pinned(o["id"], o["value"], o["from"]) for o in rules["options"])
    found = tuple(Found(r["summary"], r.get("rule") or "", r.get("as_if"), int(r.get("count", 0)))
                  for r in records if r.get("type") == "deviation")
    return EngineRun(folder.name, str(rules["engine"]), str(rules["commit"]),
                     str(header.get("started", "")), int(header.get("seed", 0)), pinned, found,
                     dict(footer.get("totals") or {}))


def _plain(text: str) -> str:
    """Run text as Markdown that shows it as written: outside its code spans (between
    backticks), no emphasis, links, HTML or table cells.

    >>> print(_plain("a *b* `c_d` [e]|f"))
    a \\*b\\* `c_d` \\[e\\]\\|f
    """
    parts = text.split("`")
    for i in range(0, len(parts), 2):  # (the odd parts are code spans)
        for char in "\\*_[]<>|":
            parts[i] = parts[i].replace(char, "\\" + char)
    return "`".join(parts)


def engine_md(run: EngineRun) -> str:
    """The page of one engine."""
    src = engine_page(run.folder)
    day = run.started[:10]
    lines = [f"# {run.name}", "",
             f"The public engine [{run.name}](https://github.com/{run.name}) at commit"
             f" `{run.commit}`, checked with `cambio conform --seed {run.seed}` through the"
             f" adapter in the repository's `examples/engines/{run.folder}/` on {day}.", "",
             "## What it declares", "",
             "Every option pinned to what the engine plays, each with where in the engine's"
             " code it comes from:", "",
             "| option | value | in the engine |", "|---|---|---|"]
    for p in run.pinned:
        link = rel(src, option_page(p.option))
        lines.append(f"| [{p.option}]({link}) | {value_code(p.value)} | {_plain(p.source)} |")
    lines += ["", "## What it plays as", ""]
    named = run.plays_as
    if named:
        lines.append("The values the run's deviations name, on top of the declared rules"
                     " (an option two of them name with different values is left out):")
        lines.append("")
        lines += [f"- [{o}]({rel(src, option_page(o))}) = {value_code(v)}" for o, v in named.items()]
    else:
        lines.append(f"No deviation of the run ({len(run.found)}, below) is named by an"
                     " option value.")
    unexplained = sum(1 for f in run.found if not f.as_if)
    if unexplained and named:
        lines += ["", f"It also has {unexplained} deviation{'s' if unexplained != 1 else ''}"
                  " no option value explains (below)."]
    lines += ["", f"## Its deviations ({len(run.found)})", "",
              "As the run reported them (`cambio conform` groups them by cause); the"
              " adapter's DEVIATIONS.md checks each against the engine's code.", ""]
    lines += [f"{i}. {_plain(f.summary)}" for i, f in enumerate(run.found, 1)]
    totals = ", ".join(f"{n} {status.replace('_', ' ')}" for status, n in sorted(run.totals.items()))
    lines += ["", f"Items of the run: {totals}.", ""]
    return "\n".join(lines)


def engines_index_md(runs: Sequence[EngineRun]) -> str:
    """The index of the engine pages."""
    lines = ["# Public engines", "",
             "Adapters for public, open-source Cambio engines live in the repository's"
             " `examples/engines/`; each page shows an engine's declared rules, what its"
             " committed run found it plays as, and its deviations. The engines themselves"
             " are not part of the project: the adapters take a checkout at the commit named.", "",
             "| engine | commit | run | deviations |", "|---|---|---|---|"]
    for run in runs:
        link = rel(INDEX, engine_page(run.folder))
        lines.append(f"| [{run.name}]({link}) | `{run.commit[:7]}` | {run.started[:10]},"
                     f" seed {run.seed} | {len(run.found)} |")
    lines.append("")
    return "\n".join(lines)


def engine_pages(runs: Sequence[EngineRun]) -> dict[str, str]:
    """Every engine page and the index, as ``{path: markdown}``."""
    pages = {engine_page(run.folder): engine_md(run) for run in runs}
    if runs:
        pages[INDEX] = engines_index_md(runs)
    return pages


def engines_nav(runs: Sequence[EngineRun]) -> list[Any]:
    """The navigation of the engine pages: the index, then one entry per engine."""
    return [INDEX, *({run.name: engine_page(run.folder)} for run in runs)]
