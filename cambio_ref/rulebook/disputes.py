"""The dispute pages: one per case, and the disputes index grouped by situation."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Sequence

from cambio_ref.answers import Answer
from cambio_ref.catalogue import PHASES, Catalogue, Value
from cambio_ref.errors import CambioError
from cambio_ref.rulebook.calculator import calculator_html
from cambio_ref.rulebook.common import (
    SLOT_NAMES,
    Site,
    card_html,
    cards_html,
    cite,
    core_rule_words,
    dispute_page,
    gloss_links,
    one_line,
    option_link,
    option_page,
    other_words,
    phase_title,
    question_link,
    rel,
    ruleset_page,
    ruling_anchor,
    search_tags,
)
from cambio_ref.rulebook.model import Deal, Dispute, Front, Moment, Step
from cambio_ref.rulebook.table import scene_html
from cambio_ref.rules import format_value


def condition_link(site: Site, src: str, key: str) -> str:
    """A ruleset id, an option=value or `all`, as a link."""
    if key == "all":
        return "every ruleset"
    if key in site.cat.rulesets:
        return f"[{key}]({rel(src, ruleset_page(key))}#{key})"
    name, _, raw = key.partition("=")
    if not site.cat.has_option(name):
        return f"`{one_line(key)}`"
    opt = site.cat.option(name)
    try:
        value: Value | None = opt.coerce(raw)
    except CambioError:
        value = None
    text = raw if value is None else format_value(value)
    anchor = opt.id if value is None or opt.alternative(value) is None else f"{opt.id}:{text}"
    return f"[`{opt.id}={one_line(text)}`]({rel(src, option_page(opt.id))}#{anchor})"


def mention_cases(site: Site, src: str, d: Dispute, text: str) -> str:
    """Prose with every other case's id it mentions turned into a link to that case."""
    ids = sorted((o.id for o in site.disputes if o.id != d.id and o.id in text), key=len, reverse=True)
    if not ids:
        return text
    pattern = re.compile(r"(?<![\w.-])(" + "|".join(map(re.escape, ids)) + r")(?![\w-]|\.\w)")
    questions = {o.id: one_line(o.question) for o in site.disputes}
    return pattern.sub(lambda m: f"[{questions[m[1]]}]({rel(src, dispute_page(m[1]))}#{m[1]})", text)


def ordered_answers(site: Site, d: Dispute) -> list[Answer]:
    rank = {rs: i for i, rs in enumerate(site.order)}
    return sorted(d.answers, key=lambda a: (rank.get(a.ruleset, len(rank)), a.ruleset))


def verdict(a: Answer) -> str:
    """The reference's result for one ruleset, in a few words.

    >>> verdict(Answer("c.x", "hearts", "x", reference="fail", problems=("step 2: expected E_X",)))
    'fails ✗ (step 2: expected E_X)'
    """
    why = f" ({one_line(a.problems[0])})" if a.problems else ""
    if a.reference == "pass":
        return "passes ✓"
    if a.reference == "fail":
        return f"fails ✗{why}"
    return f"could not play it ✗{why or f' ({one_line(a.reference)})'}" if a.reference else "was not run"


def why_html(site: Site, src: str, a: Answer) -> str:
    """What backs an answer: its citations, its ruling (linked to the option's ruling), or "no source given"."""
    said = [cite(c, src, cat=site.cat) for c in a.citations]
    if a.ruling and site.cat.has_option(a.ruling):
        opt = site.cat.option(a.ruling)
        target = f"{rel(src, option_page(opt.id))}#{ruling_anchor(site, opt)}"
        said.append(f"the project's [ruling on \u201c{one_line(opt.question)}\u201d]({target})")
    elif a.ruling:
        said.append(f"the project's ruling: {one_line(a.ruling)}")
    if said:
        return ("Source: " if a.citations else "By ") + "; ".join(said)
    if a.shared:
        return "Source (cited by the case): " + "; ".join(cite(c, src, cat=site.cat) for c in a.shared)
    return "No source given"


def _answer_md(site: Site, src: str, d: Dispute, a: Answer) -> list[str]:
    """One answer as a block: the ruleset, the answer, what backs it, and a link to it."""
    anchor = f"{d.id}:{a.ruleset}"
    link = (f"[{a.ruleset}]({rel(src, ruleset_page(a.ruleset))}#{a.ruleset})"
            if a.ruleset in site.cat.rulesets else f"`{a.ruleset}`")
    text = mention_cases(site, src, d, gloss_links(site, src, one_line(a.text)))
    lines = [f'<div class="answer{"" if a.applies else " na"}" id="{anchor}" data-ruleset="{a.ruleset}" markdown>',
             "", f"**{link}** {text}", "",
             f'<span class="why">{why_html(site, src, a)}</span> · [link to this answer](#{anchor})'
             + "{ .answer-link }", ""]
    return [*lines, "</div>", ""]


def reference_md(site: Site, d: Dispute) -> list[str]:
    """What the reference interpreter did under each ruleset that plays the case, and whether it
    passed: for implementers, so it stays off the answers a player reads.

    >>> from cambio_ref.catalogue import load_catalogue
    >>> from cambio_ref.rulebook.common import prepare_site
    >>> d = Dispute("c.x", "?", (), (Answer("c.x", "hearts", "x", outcome="scores 1, 2", reference="pass"),))
    >>> reference_md(prepare_site(load_catalogue(), ()), d)
    ['The reference interpreter under each ruleset:', '', '- hearts: scores 1, 2. Passes ✓.', '']
    """
    rows = []
    for a in ordered_answers(site, d):
        if a.applies and a.reference:
            what = f"{one_line(a.outcome)}. " if a.outcome else ""
            said = verdict(a)
            rows.append(f"- {a.ruleset}: {what}{said[:1].upper()}{said[1:]}.")
    return ["The reference interpreter under each ruleset:", "", *rows, ""] if rows else []


def answers_md(site: Site, src: str, d: Dispute) -> list[str]:
    """Every ruleset's answer, in a block the "we play..." picker narrows (it reads the data attributes)."""
    values = {rs: dict(kv) for rs, kv in d.values}
    keys = {site.cat.option(o).key: site.cat.option(o).id for o in d.options if site.cat.has_option(o)}
    order = [rs for rs, _ in d.values]  # the case's order: house rules take the first ruleset that fits
    data = html.escape(json.dumps({"values": values, "keys": keys, "sets": list(d.sets), "order": order},
                                  sort_keys=True))
    out = [f'<div class="answers" data-case="{d.id}" data-picker="{data}" markdown>', ""]
    for a in ordered_answers(site, d):
        out += _answer_md(site, src, d, a)
    return [*out, "</div>", ""]


def _deal_md(d: Deal, players: int) -> list[str]:
    out = []
    if d.first is not None:
        dealer = (f"seat {d.first} plays first (under each ruleset the dealer is the seat"
                  " whose deal makes it start)")
    elif d.dealer is not None:
        dealer = f"seat {d.dealer} deals"
    else:
        dealer = "the match rules choose the dealer"
    if d.grids:
        out += [f"{len(d.grids)} players; {dealer}.", ""]
        width = max(len(g) for g in d.grids)
        names = [SLOT_NAMES[i].replace("-", " ") if width == len(SLOT_NAMES) else f"slot {i}" for i in range(width)]
        out += ["<div class=\"deal\" markdown>", "", "| seat | " + " | ".join(names) + " |",
                "|---|" + "---|" * width]
        for seat, grid in enumerate(d.grids):
            mark = " (dealer)" if seat == d.dealer else " (plays first)" if seat == d.first else ""
            out.append(f"| {seat}{mark} | " + " | ".join(card_html(c) for c in grid) + " |")
        out += ["", "</div>", ""]
        if d.starting:
            out.append(f"The starting discard is {card_html(d.starting)}, for rulesets that turn one up.")
        if d.draws:
            out.append(f"The next cards of the deck, top first: {cards_html(d.draws)}.")
    elif d.deck:
        out += [f"{players} players; {dealer}. The whole deck, top first: {cards_html(d.deck)}."]
    if d.peek:
        slots = " and ".join(f"{SLOT_NAMES[s] if 0 <= s < len(SLOT_NAMES) else f'slot {s}'} card" for s in d.peek)
        out += ["", f"Before the first turn, every player looks at their own {slots}"
                f" (slots {' and '.join(map(str, d.peek))})."]
    else:
        out += ["", "There is no opening peek."]
    return [*out, ""]


def _step_md(site: Site, src: str, d: Dispute, n: int, step: Step) -> list[str]:
    line = f"{n}. "
    if step.note:
        note = mention_cases(site, src, d, one_line(step.note))
        line += f"*{note[:1].upper()}{note[1:]}{'' if note.endswith(('.', '?', '!')) else '.'}* "
    line += one_line(step.text)
    if step.only:
        line += " Only under " + " or ".join(condition_link(site, src, k) for k in step.only)
        line += f" ({', '.join(step.rulesets)})." if step.rulesets else ": none of this case's rulesets."
    out = [line]
    for key, what in step.checks:
        out.append(f"    - Must hold under {condition_link(site, src, key)}: {one_line(what)}.")
    return out


def _indent(lines: Sequence[str]) -> list[str]:
    return [f"    {line}" if line else "" for line in lines]


def _ordered_scenes(site: Site, d: Dispute) -> list[tuple[str, Sequence[Moment]]]:
    rank = {rs: i for i, rs in enumerate(site.order)}
    return sorted(d.scenes, key=lambda x: (rank.get(x[0], len(rank)), x[0]))


def scene_file(ruleset: str) -> str:
    """The file, beside a dispute's page, holding one ruleset's scene (loaded when it is opened)."""
    return f"scene-{ruleset}.html"


def scene_mark(ruleset: str) -> str:
    """The paragraph a dispute page's Markdown holds where its drawn scene goes (`drawn_scenes`).

    >>> scene_mark("memory")
    '%%scene-memory%%'
    """
    return f"%%scene-{ruleset}%%"


def scenes_md(site: Site, d: Dispute) -> list[str]:
    """The table after every step, one folded scene per ruleset: the first open and drawn in the
    page, the others loaded from their file (`scene_files`) when opened, so the page stays light.

    The drawn scene is a mark (`scene_mark`) that the HTML of `drawn_scenes` replaces after the
    Markdown is converted: its pictures are HTML already, and Markdown read the figures of a
    long run for a tenth of a second each page, to change nothing."""
    if not d.scenes:
        return []
    out = ["## The table, step by step { #scenario }", ""]
    if d.settings:
        out += ["Every ruleset is played here with a house rule: "
                + " ".join(_setting_words(site, k, v) for k, v in d.settings), ""]
    out += ["Cards lying face down are drawn as backs, with the card named small beneath them for you;"
            " the cards the step touches are outlined. Seats are numbered from 1.", "",
            '<section class="scenes" data-search-exclude markdown>', ""]
    for n, (rs, _moments) in enumerate(_ordered_scenes(site, d)):
        if n == 0:
            out += [f'???+ example "Under {rs}"', "", f'    <div class="scene" data-ruleset="{rs}">', "",
                    f"    {scene_mark(rs)}", "", "    </div>", ""]
        else:
            out += [f'??? example "Under {rs}"', "",
                    f'    <div class="scene" data-ruleset="{rs}" data-src="{scene_file(rs)}">', "",
                    f"    <p><a href='{scene_file(rs)}'>The table under {rs}, step by step</a></p>", "",
                    "    </div>", ""]
    return [*out, "</section>", ""]


def drawn_scenes(site: Site, d: Dispute) -> dict[str, str]:
    """The scene a dispute page draws itself (its first ruleset's), as ``{its mark's paragraph in the
    page's HTML: the scene's HTML}`` (the paragraph goes too: a figure may not stand in one); empty if
    the case has no scene."""
    return {f"<p>{scene_mark(rs)}</p>": scene_html(moments, site.cat, prefix=f"{rs}-")
            for rs, moments in _ordered_scenes(site, d)[:1]}


def scene_files(site: Site, d: Dispute) -> dict[str, str]:
    """The scenes a dispute page loads when opened, as ``{path from the docs root: HTML}``: every
    ruleset's but the first, which the page draws itself. They sit beside the page's own
    directory URL (``disputes/<case>/``)."""
    folder = dispute_page(d.id).removesuffix(".md")
    return {f"{folder}/{scene_file(rs)}": scene_html(moments, site.cat, prefix=f"{rs}-")
            for rs, moments in _ordered_scenes(site, d)[1:]}


def _setting_words(site: Site, name: str, value: str) -> str:
    """An option a case sets, in players' words: its question, answered by the value it sets.

    >>> from cambio_ref.catalogue import load_catalogue
    >>> from cambio_ref.rulebook.common import prepare_site
    >>> _setting_words(prepare_site(load_catalogue(), ()), "snap.others", "false")
    "May a player snap another player's card? Only your own cards."
    """
    if site.cat.has_option(name):
        opt = site.cat.option(name)
        try:
            alt = opt.alternative(opt.coerce(value))
        except CambioError:
            alt = None
        said = one_line(alt.description) if alt is not None else f"{one_line(value)}."
        return f"{one_line(opt.question)} {said}"
    return f"{one_line(name)}: {one_line(value)}."


LOG_LINES = 80  # lines of a reference log a dispute page shows (a page stays light; replay prints all)


def log_excerpt(trace: Sequence[str], replay: str, most: int = LOG_LINES) -> list[str]:
    """A reference log as a page shows it: whole, or its first and last `most // 2` lines with
    the command that prints every line between.

    >>> log_excerpt([str(i) for i in range(5)], "cambio replay x", most=2)
    ['0', '… 3 more lines: `cambio replay x` prints the whole log …', '4']
    """
    if len(trace) <= most:
        return list(trace)
    half = most // 2
    return [*trace[:half], f"… {len(trace) - 2 * half} more lines: `{replay}` prints the whole log …",
            *trace[len(trace) - half:]]


def _implementers_md(site: Site, src: str, d: Dispute) -> list[str]:
    """The case as the conformance kit reads it: the deal, every step with its checks, and the logs."""
    out = ["## For implementers { #for-implementers }", "",
           f"Case `{d.id}`" + (f", scenario file `{d.scenario}`" if d.scenario else "")
           + f". Replay it with `cambio replay {d.id}` (add `--ruleset NAME` for one ruleset).", ""]
    if d.rounds:
        body: list[str] = []
        players = len(d.rounds[0].deal.grids)
        many = len(d.rounds) > 1
        for i, rnd in enumerate(d.rounds, 1):
            prefix = f"Round {i}: " if many else ""
            body += [f"**{prefix}{'the deal' if many else 'The deal'}.** Seats are numbered from 0 here, as in"
                     " the case file.", ""]
            body += _deal_md(rnd.deal, players)
            body += [f"**{prefix}{'the steps' if many else 'The steps'}.**", ""]
            if rnd.steps:
                for n, step in enumerate(rnd.steps, 1):
                    body += _step_md(site, src, d, n, step)
            else:
                body.append("No one acts: the round is only dealt.")
            body.append("")
        out += ['??? info "The deal, the steps and what each ruleset must show"', "", *_indent(body), ""]
    out += reference_md(site, d)
    runs = [a for a in ordered_answers(site, d) if a.trace or a.problems]
    if runs:
        # The logs stay out of the search index: they would bury the questions and answers.
        # (Material's indexer ends an exclusion at the first closing tag of the same name,
        # hence a <section>, which nothing inside it uses, and not a <div>.)
        out += ["The reference interpreter's log under each ruleset: every action, every event, and who"
                " saw each card.", "",
                "<section class=\"case-logs\" data-search-exclude markdown>", ""]
        for a in runs:
            kind = {"pass": "success", "fail": "failure"}.get(a.reference, "warning")
            title = f"{a.ruleset}: the reference {verdict(a)}".replace('"', "'")
            out += [f"??? {kind} \"{title}\"", "", "    ```text"]
            out += [f"    {line}" for line in log_excerpt(a.trace, f"cambio replay {d.id} --ruleset {a.ruleset}")]
            out += [f"    {p}" for p in a.problems]
            out += ["    ```", ""]
        out += ["</section>", ""]
    return out


def dispute_md(site: Site, d: Dispute) -> str:
    src = dispute_page(d.id)
    out = ["---", f"title: \"{d.question.replace(chr(34), chr(39))}\"", "search:", "  boost: 3",
           *search_tags(site, d.question), "---", "",
           f"# {one_line(d.question)} {{ #{d.id} }}", ""]
    out += answers_md(site, src, d)
    out += calculator_html(site)
    out += other_words(site, src, d.question)  # the question's own terms: they are what a table searches for
    out += scenes_md(site, d)
    if d.citations or d.rulings:
        out += ["## Citations", ""]
        out += [f"- {mention_cases(site, src, d, cite(c, src, note=True, cat=site.cat))}" for c in d.citations]
        for r in d.rulings:
            if site.cat.has_option(r):
                ruling = site.cat.option(r).ruling
                out.append(f"- *ruling* on {question_link(site, src, r)}"
                           + (f": {one_line(ruling)}" if ruling else ""))
            elif r in site.cat.core_rules:
                rule = site.cat.core_rules[r]
                said = f": {one_line(rule.ruling)}" if rule.ruling else ""
                out.append(f"- *ruling* on {core_rule_words(site, r)}{said}")
            else:
                out.append(f"- *ruling* on `{one_line(r)}`")
        out.append("")
    out += _implementers_md(site, src, d)
    out += ["### Options it exercises { #options-exercised }", ""]
    for o in d.options:
        if not site.cat.has_option(o):
            out.append(f"- `{one_line(o)}`")
            continue
        opt = site.cat.option(o)
        values = [v.partition("=")[2] for v in d.exercises if v.partition("=")[0] == opt.id]
        shows = f" It shows {', '.join(f'`{v}`' for v in values)}." if values else ""
        out.append(f"- {option_link(site, src, o)}: {one_line(opt.question)}{shows}")
    out.append("")
    return "\n".join(out)


def dispute_groups(site: Site | Catalogue, disputes: Sequence[Dispute],
                   front: Front | None = None) -> list[tuple[str, str, list[Dispute]]]:
    """The disputes by situation (prefix, title, cases): in the order of `front.situations`,
    then the others in the order of play; the cases by id."""
    cat = site.cat if isinstance(site, Site) else site
    front = site.front if isinstance(site, Site) else (front or Front())
    phase_rank = {phase: i for i, phase in enumerate(PHASES)}
    listed = [prefix for prefix, _ in front.situations]
    by_prefix: dict[str, list[Dispute]] = {}
    for d in sorted(disputes, key=lambda d: d.id):
        by_prefix.setdefault(d.id.partition(".")[0], []).append(d)

    def rank(prefix: str) -> tuple[int, int, str]:
        phases = [phase_rank.get(cat.option(o).phase, len(PHASES)) for d in by_prefix[prefix]
                  for o in d.options if cat.has_option(o)]
        first = listed.index(prefix) if prefix in listed else len(listed)
        return (first, min(phases, default=len(PHASES)), prefix)

    return [(p, front.situation(p), by_prefix[p]) for p in sorted(by_prefix, key=rank)]


def disputes_index_md(site: Site) -> str:
    src = "disputes/index.md"
    out = ["---", "search:", "  boost: 1.5", "---", "", "# Settle a dispute", ""]
    if site.disputes:
        out += [f"{len(site.disputes)} questions tables argue about, by situation. Each page gives every"
                " ruleset's answer with its source, and shows the table after every step.", ""]
        for prefix, title, cases in dispute_groups(site, site.disputes):
            out += [f"## {title} {{ #cases-{prefix} }}", ""]
            out += [f"- [{one_line(d.question)}]({rel(src, dispute_page(d.id))}#{d.id})" for d in cases]
            out.append("")
    else:
        out += ["!!! note \"Step-by-step cases are coming\"",
                "    The edge cases (ties, an empty deck, wrong snaps, races, locked callers, ...)"
                " will each get a page here, with the answer under every ruleset and the scenario"
                " step by step, once the case catalogue is published.", ""]
    out += ["## Find the question", "",
            "Every question the rules can differ on, by phase of play. Each answer gives every"
            " ruleset's position with its source.", ""]
    for phase in PHASES:
        opts = [o for o in site.cat.options if o.phase == phase]
        if opts:
            out += [f"### {phase_title(phase)} {{ #{phase} }}", ""]
            out += [f"- [{one_line(o.question)}]({rel(src, option_page(o.id))}#{o.id})" for o in opts]
            out.append("")
    return "\n".join(out)
