"""The house-rules guide: how to write a house-rules file, with worked examples."""

from __future__ import annotations

import posixpath
from collections.abc import Sequence

from cambio_ref.rulebook.common import Site, one_line, option_page
from cambio_ref.rulebook.model import Example


def house_rules_md(site: Site, examples: Sequence[Example]) -> str:
    first = site.order[0] if site.order else "online"
    out = [
        "# Write your house rules",
        "",
        "A house-rules file is a short YAML file. It names the ruleset your table starts from"
        " and sets only the options you play differently; everything else keeps that"
        " ruleset's value.",
        "",
        "```yaml",
        "# yaml-language-server: $schema=schemas/house-rules.schema.json",
        f"extends: {first}",
        "name: Our table                  # optional",
        "description: Why we play so.     # optional",
        "set:",
        "  option_key: value              # an option's key or id",
        "```",
        "",
        f"`extends` names one of the rulesets: {', '.join(f'`{rs}`' for rs in site.order)}. The first"
        " line points editors at the schema (see below); use the path or address where you keep it.",
        "",
        "1. Pick the ruleset closest to how you play from the [rulesets](rulesets/index.md) or the"
        " [variant matrix](matrix.md).",
        "2. For each difference, find the option in the table below and add it under `set:`.",
        "3. Check the file: `cambio validate our-table.yaml` reports every problem at once, with"
        " the line and what was expected (exit status 0 when the file is valid).",
        "4. See the result: `cambio show our-table.yaml` lists every option's value and where it"
        " comes from; the first line is the canonical one-line form, which you can also pass to"
        " any `cambio` command.",
        "",
        "## Editor support",
        "",
        "The JSON Schema for house-rules files is published with this site:"
        " [house-rules.schema.json](schemas/house-rules.schema.json) (it refers to"
        " [common.schema.json](schemas/common.schema.json) and"
        " [ruleset.schema.json](schemas/ruleset.schema.json)). Editors that use the YAML"
        " language server pick it up from the `# yaml-language-server: $schema=...` first line,"
        " and then complete and check the file as you type.",
        "",
    ]
    for ex in examples:
        out += [
            f"## Worked example: {posixpath.basename(ex.path)}",
            "",
            f"From the repository, `{ex.path}`:",
            "",
            "```yaml",
            ex.text.rstrip("\n"),
            "```",
            "",
            f"Its canonical one-line form is `{ex.rules.canonical}`. An option set to the value the"
            " base ruleset already has does not appear in it.",
            "",
        ]
    out += ["## Every option you can set", "",
            "| key | option | allowed values |", "|---|---|---|"]
    for opt in site.cat.options:
        out.append(f"| `{opt.key}` | [`{opt.id}`]({option_page(opt.id)}#{opt.id}) | {one_line(opt.allowed())} |")
    out.append("")
    return "\n".join(out)
