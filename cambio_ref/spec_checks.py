"""Cross-file checks of the catalogue: what JSON Schema cannot say.

Duplicate ids and keys, citations that name a known source section, rulesets that
choose an allowed value for every option, error codes and glossary words. Each check
yields every `Problem` it finds (file, line, path), so `cambio validate` reports them
all at once; `cambio_ref.catalogue.read_spec` runs them on the whole catalogue it reads.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator

from cambio_ref.catalogue_model import Catalogue, choice_value, citations, show_value
from cambio_ref.citation import Citation
from cambio_ref.errors import Problem
from cambio_ref.yamlio import YamlDoc


def duplicates(items: list[tuple[YamlDoc, tuple[str | int, ...], str]], what: str
                ) -> list[Problem]:
    seen: dict[str, str] = {}
    out = []
    for doc, path, value in items:
        if value in seen:
            out.append(doc.problem(path, f"duplicate {what} {value!r} (first in {seen[value]})"))
        else:
            seen[value] = doc.name
    return out


def check_section(cat: Catalogue, doc: YamlDoc, path: tuple[str | int, ...], key: str,
                   section: str, key_field: str = "key") -> Iterator[Problem]:
    src = cat.sources.get(key)
    if src is None:
        yield doc.problem((*path, key_field), f"unknown source key {key!r}")
    elif section not in {name for name, _ in src.sections}:
        yield doc.problem((*path, "section"),
                          f"{key} has no section {section!r} (see spec/sources.yaml)")


def check_citations(cat: Catalogue, doc: YamlDoc, path: tuple[str | int, ...],
                     cites: tuple[Citation, ...]) -> Iterator[Problem]:
    for j, c in enumerate(cites):
        yield from check_section(cat, doc, (*path, j), c.key, c.section)


def check_options(cat: Catalogue, option_docs: list[tuple[YamlDoc, int]]) -> Iterator[Problem]:
    yield from duplicates([(d, ("options", i, "id"), o.id)
                            for (d, i), o in zip(option_docs, cat.options, strict=True)],
                           "option id")
    keys: list[tuple[YamlDoc, tuple[str | int, ...], str]] = [
        (d, ("options", i, "key"), o.key)
        for (d, i), o in zip(option_docs, cat.options, strict=True)]
    yield from duplicates(keys, "option key")
    ids = {o.id for o in cat.options}
    for (doc, i), opt in zip(option_docs, cat.options, strict=True):
        base: tuple[str | int, ...] = ("options", i)
        if opt.key in ids and opt.key != opt.id:
            yield doc.problem((*base, "key"), f"key {opt.key!r} is another option's id")
        values = [a.value for a in opt.alternatives]
        for j, v in enumerate(values):
            if v in values[:j]:
                yield doc.problem((*base, "alternatives", j, "value"),
                                  f"duplicate alternative {show_value(v)}")
        for j, alt in enumerate(opt.alternatives):
            yield from check_citations(cat, doc, (*base, "alternatives", j, "sources"),
                                        alt.sources)
            if opt.phase == "powers" and opt.ranks and alt.power is None:
                yield doc.problem((*base, "alternatives", j), "a power alternative needs `power`")
        if opt.alternative(opt.default) is None:
            yield doc.problem((*base, "default"),
                              f"default {show_value(opt.default)} is not one of the alternatives")
        cited = {c.key for a in opt.alternatives for c in a.sources}
        for k, key in enumerate(opt.silent):
            if key in cited:
                yield doc.problem((*base, "silent", k),
                                  f"{key} is listed as silent but is cited for this option")
        missing = set(cat.primary_sources()) - cited - set(opt.silent)
        if missing:
            yield doc.problem(base, "every primary source must be cited or listed as silent;"
                              " missing: "
                              + ", ".join(sorted(missing)))
        for k, note in enumerate(doc.data["options"][i].get("notes", ())):
            yield from check_section(cat, doc, (*base, "notes", k), note["source"],
                                      str(note["section"]), key_field="source")
        if opt.silent and not opt.ruling:
            yield doc.problem(base, "an option with silent sources needs a `ruling` for its default")
        for k, conflict in enumerate(opt.conflicts):
            for v in (*conflict.alternatives, conflict.resolution):
                if opt.alternative(v) is None:
                    yield doc.problem((*base, "conflicts", k),
                                      f"conflict names {show_value(v)}, which is not an alternative")


def check_rulesets(cat: Catalogue, docs: list[YamlDoc]) -> Iterator[Problem]:
    for doc in docs:
        rs = doc.data
        if rs["source"] not in cat.sources:
            yield doc.problem(("source",), f"unknown source key {rs['source']!r}")
            continue
        for name, raw in rs["choices"].items():
            path = ("choices", name)
            if not cat.has_option(name):
                yield doc.problem(path, f"unknown option {name!r}")
                continue
            opt = cat.option(name)
            if name != opt.id:
                yield doc.problem(path, f"rulesets name options by id: use {opt.id!r}")
            value = choice_value(raw)
            if not opt.accepts(value):
                yield doc.problem(path, f"{show_value(value)} is not allowed for {opt.id};"
                                  f" expected {opt.allowed()}")
                continue
            if isinstance(raw, dict):
                continue
            positions = [a.value for a in opt.positions(rs["source"])]
            if positions and value not in positions:
                yield doc.problem(path, f"{rs['source']} takes {' or '.join(map(show_value, positions))}"
                                  f" on {opt.id}; a different value needs a `ruling`")
            elif not positions and value != opt.default:
                yield doc.problem(path, f"{rs['source']} is silent on {opt.id}; a value other than"
                                  f" the default ruling ({show_value(opt.default)}) needs a `ruling`")
        for opt in cat.options:
            if opt.id not in rs["choices"]:
                yield doc.problem(("choices",), f"ruleset does not resolve option {opt.id!r}")


def check_errors(cat: Catalogue, docs: list[YamlDoc]) -> Iterator[Problem]:
    for doc in docs:
        items = doc.data["errors"]
        yield from duplicates([(doc, ("errors", i, "code"), e["code"])
                                for i, e in enumerate(items)], "error code")
        for i, e in enumerate(items):
            if e["rule"] not in cat.core_rules and not cat.has_option(e["rule"]):
                yield doc.problem(("errors", i, "rule"),
                                  f"unknown rule {e['rule']!r}: not an option or core rule id")


def check_asked(cat: Catalogue, docs: list[YamlDoc]) -> Iterator[Problem]:
    """Each ``option:ID`` or ``rule:ID`` of spec/asked.yaml names an option or a core rule with a value (a
    ``case:ID`` is checked against the cases, `cambio_ref.validate`)."""
    for doc in docs:
        for key in doc.data["asked"]:
            kind, _, name = key.partition(":")
            if kind == "option" and not cat.has_option(name):
                yield doc.problem(("asked", key), f"unknown option {name!r}")
            elif kind == "rule" and (name not in cat.core_rules or cat.core_rules[name].value is None):
                yield doc.problem(("asked", key), f"unknown rule {name!r}: not a core rule with a value")


def check_asked_cases(docs: list[YamlDoc], case_ids: Collection[str]) -> Iterator[Problem]:
    """Each ``case:ID`` of spec/asked.yaml names a case of `case_ids`."""
    for doc in docs:
        for key in doc.data["asked"]:
            kind, _, name = key.partition(":")
            if kind == "case" and name not in case_ids:
                yield doc.problem(("asked", key), f"unknown case {name!r}")


def check_glossary(cat: Catalogue, docs: list[YamlDoc]) -> Iterator[Problem]:
    for doc in docs:
        terms = doc.data["terms"]
        yield from duplicates([(doc, ("terms", i, "id"), t["id"]) for i, t in enumerate(terms)], "term id")
        yield from duplicates([(doc, ("terms", i), w) for i, t in enumerate(terms)
                                for w in [t["name"].lower(), *t.get("synonyms", ())]], "glossary word")
        for i, t in enumerate(terms):
            for j, rule in enumerate(t.get("see", ())):
                if rule not in cat.core_rules and not cat.has_option(rule):
                    yield doc.problem(("terms", i, "see", j),
                                      f"unknown rule {rule!r}: not an option or core rule id")
            yield from check_citations(cat, doc, ("terms", i, "sources"), citations(t.get("sources")))
