"""Reading the rule catalogue in spec/: sources, options, rulesets, core rules and errors.

The value types it reads into are in `cambio_ref.catalogue_model` (and importable from
here). `load_catalogue()` validates every file against its JSON Schema and checks the
cross-references a schema cannot express; any problem raises SpecError listing
all of them at once.

>>> cat = load_catalogue()
>>> cat.option("risky_fives").id, cat.option("snap.others").key
('scoring.risky-fives', 'snap_others')
>>> sorted(cat.rulesets)
['awareness', 'cambia', 'cambio-app', 'cambio-bot', 'hearts', 'memory', 'official', 'online']
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cambio_ref import diskcache
from cambio_ref.catalogue_model import (
    PHASES,
    Alternative,
    Catalogue,
    Conflict,
    CoreRule,
    ErrorCode,
    Option,
    Power,
    RulesetSpec,
    Source,
    Term,
    Value,
    choice_value,
    citations,
    show_value,
)
from cambio_ref.citation import Citation
from cambio_ref.errors import Problem, SpecError
from cambio_ref.resources import schema_dir, spec_dir
from cambio_ref.spec_checks import (
    check_asked,
    check_errors,
    check_glossary,
    check_options,
    check_rulesets,
    duplicates,
)
from cambio_ref.yamlio import YamlDoc, load_yaml

if TYPE_CHECKING:
    import jsonschema
    import referencing

# jsonschema and referencing are imported where a document is validated, not here: a
# catalogue read from its cache (`load_catalogue`) needs neither (a tenth of a second of
# start-up for every `cambio` process).

# the value types live in `cambio_ref.catalogue_model`; they are imported from here too
__all__ = ["PHASES", "SCHEMA_BASE", "SCHEMA_FOR_KIND", "Alternative", "Catalogue", "Citation", "Conflict",
           "CoreRule", "ErrorCode", "Option", "Power", "RulesetSpec", "Source", "Term", "Value", "choice_value",
           "citations", "load_catalogue", "read_spec", "schema_contents", "schema_problems", "schema_registry",
           "show_value", "spec_key"]

SCHEMA_BASE = "https://cambio-rulebook.invalid/schemas/"


# -- schemas -----------------------------------------------------------------

SCHEMA_FOR_KIND = {
    "sources": "sources.schema.json",
    "options": "options.schema.json",
    "ruleset": "ruleset.schema.json",
    "house-rules": "house-rules.schema.json",
    "errors": "errors.schema.json",
    "core": "core.schema.json",
    "shuffle": "shuffle.schema.json",
    "case": "case.schema.json",
    "glossary": "glossary.schema.json",
    "asked": "asked.schema.json",
}


@cache
def schema_contents(directory: Path | None = None) -> dict[str, Any]:
    """Every schema under `directory` (by default the catalogue's), by its ``$id`` (read
    once), as plain JSON: what a validator that takes no `referencing` registry needs
    (jsonschema-rs, `conformance.replies`), without importing referencing and attrs, about
    70 ms of CPU in each `cambio conform` process and worker."""
    found: dict[str, Any] = {}
    for path in sorted((directory or schema_dir()).rglob("*.schema.json")):
        contents = json.loads(path.read_text(encoding="utf-8"))
        found[contents["$id"]] = contents
    return found


@cache
def schema_registry(directory: Path | None = None) -> referencing.Registry[Any]:
    """Every schema under `directory` (by default the catalogue's), by its ``$id`` (read once)."""
    import referencing

    return referencing.Registry().with_resources(
        (uri, referencing.Resource.from_contents(contents))
        for uri, contents in schema_contents(directory).items())


def schema_problems(doc: YamlDoc, kind: str, root: Path | None = None) -> list[Problem]:
    """Validate `doc` against the schema for `kind` (from the catalogue at `root`, by default
    the installed one); one Problem per error."""
    directory = root / "schemas" if root else schema_dir()
    digest = _data_digest(kind, doc.data)
    passed = _passed(directory)
    if digest in passed:
        return []
    import jsonschema

    registry = schema_registry(directory)
    schema = registry.contents(SCHEMA_BASE + SCHEMA_FOR_KIND[kind])
    validator = jsonschema.Draft202012Validator(schema, registry=registry)
    problems = []
    for err in sorted(validator.iter_errors(doc.data), key=lambda e: list(map(str, e.path))):
        problems.append(doc.problem(tuple(err.path), _schema_message(err)))
    if not problems:
        passed.add(digest)
        if _batches:
            _unsaved.add(directory)
        else:
            _save_passed(directory)
    return problems


_batches: list[None] = []  # (one per `schema_batch` under way)
_unsaved: set[Path] = set()  # (schema directories with passed digests not yet on disk)


@contextmanager
def schema_batch() -> Iterator[None]:
    """Validate many documents with `schema_problems`, keeping the digests of those that
    passed on disk once, at the end (of the outermost batch), not once per document.

    >>> with schema_batch(), schema_batch():
    ...     len(_batches)
    2
    """
    _batches.append(None)
    try:
        yield
    finally:
        _batches.pop()
        if not _batches:
            for directory in sorted(_unsaved):
                _save_passed(directory)
            _unsaved.clear()


def _save_passed(directory: Path) -> None:
    diskcache.save_json("schema-passed", _schemas_key(directory), sorted(_passed(directory)))


# Validating a document takes most of the time of reading the catalogue, and its result
# depends only on the data, its kind, the schemas and the validator: the digests of the
# documents that passed are kept on disk (`cambio_ref.diskcache`) under the schemas' key,
# so a document read again is not validated again. A document with problems is always
# validated, for its messages.

def _data_digest(kind: str, data: Any) -> str:
    text = json.dumps([kind, data], sort_keys=True, ensure_ascii=False, default=repr)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


@cache
def _schemas_key(directory: Path) -> str:
    from importlib.metadata import version

    return diskcache.content_key([directory], (".json",)) + "-" + version("jsonschema")


@cache
def _passed(directory: Path) -> set[str]:
    kept = diskcache.load_json("schema-passed", _schemas_key(directory))
    return {d for d in kept if isinstance(d, str)} if isinstance(kept, list) else set()


def _schema_message(err: jsonschema.ValidationError) -> str:
    """The validator's message, cut short: it quotes the bad value, which may be huge."""
    from jsonschema.exceptions import best_match

    if err.validator == "oneOf" and err.context:
        message = str(best_match(err.context).message)
    elif err.validator == "anyOf" and err.context and all(
            e.validator == "required" for e in err.context):
        wanted = sorted({str(e.message).split("'")[1] for e in err.context})
        message = "needs one of " + ", ".join(f"`{w}`" for w in wanted)
    elif err.validator == "additionalProperties":
        message = err.message.replace("Additional properties are not allowed", "unknown field")
    else:
        message = err.message
    return message if len(message) <= 1000 else f"{message[:900]} ... ({len(message)} characters)"


# -- loading -----------------------------------------------------------------


def _option(raw: dict[str, Any], phase: str, file: str) -> Option:
    alts = tuple(
        Alternative(
            value=a["value"],
            description=a["description"].strip(),
            sources=citations(a.get("sources")),
            rationale=a.get("rationale"),
            power=Power(**a["power"]) if "power" in a else None,
            parameters=tuple(sorted(a.get("parameters", {}).items())),
            compulsory=tuple(sorted((r, tuple(st)) for r, st in a.get("compulsory", {}).items())),
            suits=tuple(a.get("suits", ())),
        )
        for a in raw["alternatives"]
    )
    rng = raw.get("range")
    return Option(
        id=raw["id"],
        key=raw["key"],
        phase=phase,
        question=raw["question"],
        type=raw["type"],
        alternatives=alts,
        default=raw["default"],
        ruling=raw.get("ruling"),
        silent=tuple(raw.get("silent", ())),
        range=(rng["min"], rng["max"]) if rng else None,
        conflicts=tuple(
            Conflict(c["source"], c["kind"], c["summary"], tuple(c["alternatives"]),
                     c["resolution"], c.get("rationale"))
            for c in raw.get("conflicts", ())
        ),
        file=file,
        ranks=tuple(raw.get("ranks", ())),
        colour=raw.get("colour"),
        suits=tuple(raw.get("suits", ())),
    )


def _rel(path: Path, root: Path) -> str:
    try:
        return str(path.relative_to(root.parent))
    except ValueError:
        return str(path)


Docs = dict[str, list[YamlDoc]]  # the documents read, by kind (`SCHEMA_FOR_KIND`)


def read_spec(root: Path | None = None) -> tuple[Catalogue | None, list[Problem]]:
    """Read and check the whole catalogue at `root` (default: `spec_dir()`); return it (if
    readable) and every problem."""
    cat, problems, _ = _read_spec(root)
    return cat, problems


def _read_spec(root: Path | None) -> tuple[Catalogue | None, list[Problem], Docs]:
    """The catalogue, every problem, and the documents it was built from."""
    with schema_batch():
        docs, problems = _read_docs(root or spec_dir())
    if problems:
        return None, problems, docs
    cat, option_docs = _assemble(docs)
    problems += list(check_options(cat, option_docs))
    problems += list(check_rulesets(cat, docs["ruleset"]))
    problems += list(check_errors(cat, docs["errors"]))
    problems += list(check_glossary(cat, docs["glossary"]))
    problems += list(check_asked(cat, docs["asked"]))
    problems += duplicates([(d, ("sources", i, "key"), s["key"])
                             for d in docs["sources"] for i, s in enumerate(d.data["sources"])],
                            "source key")
    problems += duplicates([(d, ("rules", i, "id"), r["id"])
                             for d in docs["core"] for i, r in enumerate(d.data["rules"])],
                            "core rule id")
    problems += duplicates([(d, ("id",), d.data["id"]) for d in docs["ruleset"]], "ruleset id")
    return cat, problems, docs


def _read_docs(spec: Path) -> tuple[Docs, list[Problem]]:
    """Every file of the catalogue at `spec`, each checked against its schema, by kind (the
    options in phase order); and the problems of those that fail."""
    problems: list[Problem] = []
    docs: Docs = {k: [] for k in SCHEMA_FOR_KIND}

    def read(path: Path, kind: str) -> None:
        try:
            doc = load_yaml(path, _rel(path, spec))
        except SpecError as exc:
            problems.extend(exc.problems)
            return
        found = schema_problems(doc, kind, spec)
        problems.extend(found)
        if not found:
            docs[kind].append(doc)

    read(spec / "sources.yaml", "sources")
    read(spec / "core.yaml", "core")
    read(spec / "errors.yaml", "errors")
    read(spec / "shuffle.yaml", "shuffle")
    if (spec / "glossary.yaml").exists():
        read(spec / "glossary.yaml", "glossary")
    if (spec / "asked.yaml").exists():
        read(spec / "asked.yaml", "asked")
    for path in sorted((spec / "options").glob("*.yaml")):
        read(path, "options")
    docs["options"].sort(key=lambda d: (PHASES.index(d.data["phase"]),
                                        Path(d.name).stem != d.data["phase"], d.name))
    for path in sorted((spec / "rulesets").glob("*.yaml")):
        read(path, "ruleset")
    return docs, problems


def _assemble(docs: Docs) -> tuple[Catalogue, list[tuple[YamlDoc, int]]]:
    """The catalogue built from its documents (each of which passed its schema), and each
    option's document and index there."""
    sources = {
        s["key"]: Source(s["key"], s["title"], s.get("file", ""), s["description"].strip(),
                         tuple((str(x["name"]), x["about"]) for x in s["sections"]),
                         s["kind"], s.get("url", ""))
        for doc in docs["sources"] for s in doc.data["sources"]
    }
    options: list[Option] = []
    option_docs: list[tuple[YamlDoc, int]] = []
    for doc in docs["options"]:
        for i, raw in enumerate(doc.data["options"]):
            options.append(_option(raw, doc.data["phase"], doc.name))
            option_docs.append((doc, i))
    core = {
        r["id"]: CoreRule(r["id"], r["statement"], citations(r.get("sources")), r.get("ruling"),
                          r.get("value"))
        for doc in docs["core"] for r in doc.data["rules"]
    }
    errors = {
        e["code"]: ErrorCode(e["code"], e["rule"], e["summary"])
        for doc in docs["errors"] for e in doc.data["errors"]
    }
    rulesets = {
        doc.data["id"]: RulesetSpec(doc.data["id"], doc.data["source"], doc.data["title"],
                                    doc.data["summary"].strip(), doc.data["choices"], doc.name,
                                    tuple(c["words"] for c in doc.data.get("called", ())))
        for doc in docs["ruleset"]
    }
    glossary = tuple(
        Term(t["id"], t["name"], tuple(t.get("synonyms", ())), " ".join(t["definition"].split()),
             tuple(t.get("see", ())), citations(t.get("sources")), bool(t.get("together", False)))
        for doc in docs["glossary"] for t in doc.data["terms"]
    )
    asked = {key: tuple(" ".join(str(q).split()) for q in qs)
             for doc in docs["asked"] for key, qs in doc.data["asked"].items()}
    return Catalogue(sources, tuple(options), rulesets, core, errors, glossary, asked), option_docs


def load_catalogue(root: Path | None = None) -> Catalogue:
    """Load the catalogue at `root` (default: `spec_dir()`) once per process, raising
    SpecError with every problem found."""
    return _load_catalogue(root or spec_dir())


# Reading the catalogue (YAML, schemas, cross-checks) takes a tenth of a second or more,
# in every `cambio` process. A catalogue that passed every check is kept on disk
# (`cambio_ref.diskcache`) as the JSON of its documents, under the hash of the catalogue's
# files and of this package's code (`spec_key`): a process that finds it builds the
# catalogue from it, with nothing to parse or check; any change to a file or to the code is
# a new key, so a stale file is never read. A catalogue with problems is never kept.

@cache
def _load_catalogue(root: Path) -> Catalogue:
    key = spec_key() if root == spec_dir() else None
    kept = diskcache.load_json("catalogue", key) if key else None
    if kept is not None:
        try:
            return _assemble(_kept_docs(kept))[0]
        except (KeyError, IndexError, TypeError, ValueError, AttributeError):
            pass  # a damaged cache file: the catalogue is read again
    cat, problems, docs = _read_spec(root)
    if problems or cat is None:
        raise SpecError(problems)
    if key:
        with suppress(TypeError, ValueError):  # a value JSON cannot hold (a YAML date): not kept
            diskcache.save_json("catalogue", key, {kind: [[d.name, d.data] for d in found]
                                                   for kind, found in docs.items()})
    return cat


def _kept_docs(kept: Any) -> Docs:
    """The documents of a kept catalogue (their data without the lines: it had no problem)."""
    return {kind: [YamlDoc(str(name), data) for name, data in kept[kind]] for kind in SCHEMA_FOR_KIND}


def spec_key() -> str:
    """The hash of the catalogue's files (`spec_dir()`, with its cases) and of this package's
    code: the key of what is kept on disk from reading and checking them."""
    return _spec_key(spec_dir())


@cache
def _spec_key(root: Path) -> str:
    return diskcache.content_key([root, Path(__file__).resolve().parent],
                                 (".yaml", ".yml", ".json", ".py"))
