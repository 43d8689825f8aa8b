// The site's search: the question engine of `cambio ask` (cambio_ref/ask.py and the modules it uses), step for
// step, on the index the build exports (search/ask-index.json, cambio_ref/rulebook/search.py). The index is
// fetched the first time someone searches, never with the page. tests/site/test_search_browser.py checks that
// the site's search and `cambio ask` give the same top answer to every question of tests/site/phrasings.yaml.
// No network beyond the site itself, no library: plain DOM.
// The engine is in parts, one per concept, each mirroring its Python modules: ask-cards.js (cardnames,
// cardcounts, askhand), ask-typos.js (asktypos), ask-story.js (askstory, askpeople, askversus), ask-read.js
// (askread), ask-rank.js (askindex, asklike) and ask-sure.js (asksure). Each page loads them before this file,
// which puts them together (`Engine`), answers (cambio_ref.ask), loads the index and draws the search box.
(function () {
  "use strict";

  var PARTS = ["cards", "typos", "story", "read", "rank", "sure"];
  // (in node, for a quick check outside the browser, the parts are required from beside this file)
  var parts = typeof document === "undefined" && typeof require !== "undefined"
    ? PARTS.reduce(function (all, name) { return Object.assign(all, require("./ask-" + name + ".js")); }, {})
    : window.cambioAskParts;

  // -- the engine: its base, its parts, and the answer (mirrors cambio_ref.ask) ------------
  function Engine(data) {
    var lex = data.lexicon;
    var stop = new Set(lex.stop);
    var ranks = lex.ranks, suits = lex.suits, colours = lex.colours, counts = lex.counts;
    var cues = new Set(lex.cues);
    var notCards = new Set(lex.not_cards), sumWords = new Set(lex.sum_words), ruleTerms = new Set(lex.rule_terms);
    var pairs = new Set(lex.pairs), beforeColour = new Set(lex.before_colour), letterJoins = new Set(lex.letter_joins);
    var indefinite = new Set(lex.indefinite);
    var joins = new Set(lex.joins), articles = new Set(lex.articles), notUnread = new Set(lex.not_unread);
    var stopRaw = new Set(lex.stop_raw);
    function has(obj, key) { return Object.prototype.hasOwnProperty.call(obj, key); }
    function same(a, b) {
      if (a.length !== b.length) { return false; }
      for (var i = 0; i < a.length; i++) { if (a[i] !== b[i]) { return false; } }
      return true;
    }
    // The parts, each a concept of the Python engine (ask-cards.js, ask-typos.js, ask-story.js, ask-read.js,
    // ask-rank.js, ask-sure.js; each page loads them before this file): each reads the base above and what the
    // earlier give.
    var ctx = { lex: lex, data: data, has: has, same: same, stop: stop, ranks: ranks, suits: suits, colours: colours,
                counts: counts, cues: cues, notCards: notCards, sumWords: sumWords, ruleTerms: ruleTerms, pairs: pairs,
                beforeColour: beforeColour, letterJoins: letterJoins, indefinite: indefinite, joins: joins,
                articles: articles, notUnread: notUnread, stopRaw: stopRaw };
    PARTS.forEach(function (name) { Object.assign(ctx, parts[name](ctx)); });
    var analyse = ctx.analyse, choose = ctx.choose, handCodes = ctx.handCodes, isHand = ctx.isHand,
      mentionSuits = ctx.mentionSuits, rank = ctx.rank;

    function statedRuleset(said) {
      var fits = data.rulesets.filter(function (rs) {
        return said.length > 0 && said.every(function (sp) {
          return mentionSuits(sp[0]).every(function (suit) { return data.points[rs][sp[0].rank + suit] === sp[1]; });
        });
      });
      return fits.length === 1 ? fits[0] : null;
    }

    // A rank named without a suit whose suits score differently somewhere (cambio_ref.ask.by_suit):
    // per ruleset, [cards, points] per group of suits; null when every suit scores the same.
    function bySuit(m, tables) {
      if (m.suit || m.rank === "X") { return null; }
      var differ = false;
      var out = tables.map(function (rs) {
        var groups = [];
        mentionSuits(m).forEach(function (suit) {
          var code = m.rank + suit, pts = data.points[rs][code];
          var g = groups.filter(function (x) { return x[1] === pts; })[0];
          if (g) { g[0].push(code); } else { groups.push([[code], pts]); }
        });
        if (groups.length > 1) { differ = true; }
        return [rs, groups.map(function (g) { return [g[0].join(" "), g[1]]; })];
      });
      return differ ? out : null;
    }

    // (riskyOn: risky fives as the question says, else as the ruleset plays; worth: the points it says cards are worth)
    function score(codes, rs, riskyOn, worth) {
      var points = data.points[rs], risky = data.risky[rs];
      var missing = codes.filter(function (c) { return !has(points, c); });
      if (missing.length) { return null; }
      var fives = codes.filter(function (c) { return c[0] === "5"; }).length;
      var on = (riskyOn === null || riskyOn === undefined ? risky.on : riskyOn) && fives > 0;
      var cards = codes.map(function (c) {
        return [c, on && c[0] === "5" ? 0 : worth && has(worth, c) ? worth[c] : points[c]];
      });
      var total = 0;
      cards.forEach(function (c) { total += c[1]; });
      if (on) { total += fives === 1 ? risky.one_five : risky.two_or_more_fives; }
      return { cards: cards, total: total };
    }

    // What one card (or a rank, each colour where they differ) is worth (cambio_ref.ask._card_found).
    function cardFound(m, tables) {
      var split = bySuit(m, tables);
      if (split) { return { id: m.rank, codes: [m.rank], split: split }; }
      var code = m.rank + mentionSuits(m)[0];
      return { id: code, codes: [code], hands: tables.map(function (rs) { return [rs, score([code], rs)]; }) };
    }

    // The answer to `text` (as cambio_ref.ask.ask): {top, kind, ruleset, found | cards, closest, unread, fixed, told}.
    function ask(text, picked) {
      var q = analyse(text);
      // cambio_ref.ask.stated_ruleset: a hand asked about with card values that only one ruleset has is scored for it
      var ruleset = picked || q.ruleset || (isHand(q) ? statedRuleset(q.said) : null);
      if (isHand(q)) {
        var tables = ruleset ? [ruleset] : data.rulesets;
        var values = q.ranksOnly || (q.value && q.each);
        if (values || q.cards.length === 1) {
          // (each card once: "black kings" names two, asked of as one value)
          var once = ctx.distinct(q.cards);
          var cards = (values ? once : [q.cards[0]]).map(function (m) { return cardFound(m, tables); });
          return { top: "card:" + cards[0].id, kind: "card", ruleset: ruleset, cards: cards, unread: q.unread,
                   fixed: q.fixed, told: q.told };
        }
        var codes = handCodes(q.cards);
        // cambio_ref.ask.house_tables: the points the question says cards are worth where an option sets them ("our red
        // king is -10"), and risky fives said on or off; each table named as its house rules are where not its own
        var said = null, worth = {};
        q.switched.forEach(function (tv) { if (said === null && data.risky_terms.indexOf(tv[0]) >= 0) { said = tv[1]; } });
        q.said.forEach(function (sp) {
          mentionSuits(sp[0]).forEach(function (suit) {
            if (has(data.value_keys, sp[0].rank + suit)) { worth[sp[0].rank + suit] = sp[1]; }
          });
        });
        function label(rs) {
          var changes = {}, points = data.points[rs];
          Object.keys(worth).forEach(function (c) {
            if (has(points, c) && points[c] !== worth[c]) { changes[data.value_keys[c]] = String(worth[c]); }
          });
          if (said !== null && data.risky[rs].on !== said) { changes[data.risky_key] = String(said); }
          var keys = Object.keys(changes).sort();
          return keys.length ? rs + "(" + keys.map(function (k) { return k + "=" + changes[k]; }).join(", ") + ")" : rs;
        }
        function scored(part) {
          return { id: part.join(" "), codes: part,
                   hands: tables.map(function (rs) { return [label(rs), score(part, rs, said, worth)]; }) };
        }
        // (two hands compared, "..., she had a 2 and a 6, who wins": each scored, cambio_ref.ask._hand_found)
        var parts = q.versus ? [codes.slice(0, q.versus), codes.slice(q.versus)] : [codes];
        return { top: "hand:" + parts[0].join(" "), kind: "hand", ruleset: ruleset, unread: q.unread, fixed: q.fixed,
                 told: q.told, cards: parts.map(scored) };
      }
      var chosen = choose(rank(q), q), ranked = chosen.ranked;
      if (!chosen.sure) {
        return { top: "unsure", kind: "", ruleset: ruleset, closest: ranked.slice(0, 3), fixed: q.fixed };
      }
      var best = ranked[0].score, top = ranked[0].doc;
      var more = ranked.slice(1, 8).filter(function (h) {
        return h.score >= data.good && (h.score >= best - 0.1 || ctx.together(top, h.doc, q));
      }).slice(0, 2);
      return { top: ranked[0].doc.kind + ":" + ranked[0].doc.id, kind: ranked[0].doc.kind, ruleset: ruleset,
               found: [ranked[0]].concat(more), fixed: q.fixed };
    }
    return { analyse: analyse, rank: rank, ask: ask, score: score, data: data };
  }

  // -- loading the index on first use ----------------------------------------------------
  if (typeof document === "undefined") {  // node, for a quick check outside the browser
    if (typeof module !== "undefined") { module.exports = { Engine: Engine }; }
    return;
  }
  var script = document.currentScript;
  var root = script ? new URL("..", script.src).href.replace(/javascripts\/?$/, "") : "";
  var engine = null;
  function load() {
    if (!engine) {
      engine = fetch(root + "search/ask-index.json").then(function (r) {
        if (!r.ok) { throw new Error("search index: HTTP " + r.status); }
        return r.json();
      }).then(Engine);
    }
    return engine;
  }
  window.cambioAsk = { load: load, Engine: Engine };

  // -- the search box and its results ----------------------------------------------------
  // cambio_ref.askprint.table_words: a ruleset's house rules in words ("online (red king -10, risky fives on)")
  function tableWords(table) {
    var at = table.indexOf("(");
    if (at < 0) { return table; }
    var words = table.slice(at + 1).replace(/\)$/, "").split(",").map(function (part) {
      var kv = part.trim().split("="), value = kv.slice(1).join("=");
      return kv[0].split("_").join(" ") + " " + (value === "true" ? "on" : value === "false" ? "off" : value);
    });
    return table.slice(0, at) + " (" + words.join(", ") + ")";
  }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined) { e.textContent = text; }
    return e;
  }
  function picked() {
    try { return window.localStorage.getItem("cambio-we-play") || ""; } catch (e) { return ""; }
  }
  function pickedBase() {
    var m = /^\s*([a-z0-9_-]+)/i.exec(picked());
    return m ? m[1].toLowerCase() : "";
  }
  // The answer a result shows: the picked ruleset's, else the first ruleset's under its name
  // (the page shows every ruleset's), or "every ruleset" when they all say the same.
  function teaser(doc, ruleset) {
    var answers = doc.answers || [];
    var mine = answers.filter(function (a) { return a[0] === ruleset; })[0];
    if (mine) { return mine; }
    if (!answers.length) { return null; }
    var first = answers[0][1];
    var all = answers.every(function (a) { return a[1] === first; });
    return all ? ["every ruleset", first] : answers[0];
  }
  function has(obj, key) { return Object.prototype.hasOwnProperty.call(obj, key); }

  function render(list, eng, text) {
    list.textContent = "";
    var reply = eng.ask(text);
    var ruleset = reply.ruleset || pickedBase();
    if (reply.fixed && reply.fixed.length) {
      var fx = el("li", "ask-result ask-note", "Read " + reply.fixed.map(function (f) {
        return "\u201c" + f[0] + "\u201d as \u201c" + f[1] + "\u201d"; }).join(", ") + ".");
      list.appendChild(fx);
    }
    if (reply.kind === "card" || reply.kind === "hand") {
      if (reply.unread && reply.unread.length) {
        list.appendChild(el("li", "ask-result ask-note", "Could not read " + reply.unread.map(function (w) {
          return "\u201c" + w + "\u201d"; }).join(", ") + " as a card: left out."));
      }
      if (reply.told && reply.told.length) {
        list.appendChild(el("li", "ask-result ask-note", "Not counted in the hand: " + reply.told.map(function (w) {
          return "\u201c" + w + "\u201d"; }).join(", ") + "."));
      }
      reply.cards.forEach(function (c, n) {
        var li = el("li", "ask-result ask-score");
        if (n === 0) { li.setAttribute("data-top", reply.top); }
        li.appendChild(el("p", "ask-title", (reply.kind === "card" ? "What " : "Score of ") + c.codes.join(" ") +
                          (reply.kind === "card" ? " is worth" : "")));
        if (c.split) {
          var mine = c.split.filter(function (r) { return r[0] === ruleset; });
          (mine.length ? mine : c.split).forEach(function (r) {
            li.appendChild(el("p", "ask-teaser", r[0] + ": " + r[1].map(function (g) { return g[0] + " " + g[1]; }).join("; ")));
          });
          list.appendChild(li);
          return;
        }
        var rows = c.hands.filter(function (h) { return !ruleset || h[0] === ruleset || reply.ruleset; });
        if (!rows.length) { rows = c.hands; }
        rows.forEach(function (h) {
          var s = h[1];
          var line = s ? s.cards.map(function (x) { return x[0] + " " + x[1]; }).join(" + ") + " = " + s.total
                       : "not in this ruleset's deck";
          li.appendChild(el("p", "ask-teaser", tableWords(h[0]) + ": " + (reply.kind === "card" && s ? String(s.total) : line)));
        });
        list.appendChild(li);
      });
      return reply;
    }
    if (reply.top === "unsure") {
      var none = el("li", "ask-result ask-unsure");
      none.setAttribute("data-top", "unsure");
      none.appendChild(el("p", "ask-title", "Not sure what you mean. Did you mean one of these?"));
      list.appendChild(none);
    }
    var hits = reply.top === "unsure" ? reply.closest : reply.found;
    hits.forEach(function (h, i) {
      var item = el("li", "ask-result");
      if (i === 0 && reply.top !== "unsure") { item.setAttribute("data-top", reply.top); }
      var a = el("a", "ask-title", h.doc.title);
      a.href = root + h.doc.url;
      item.appendChild(a);
      if (h.doc.label) { item.appendChild(el("p", "ask-label", h.doc.label)); }
      var t = teaser(h.doc, ruleset);
      if (t) {
        var p = el("p", "ask-teaser");
        if (t[0]) { p.appendChild(el("strong", "", t[0] + ": ")); }
        p.appendChild(document.createTextNode(t[1]));
        if (t[0] && t[0] !== "every ruleset") { p.setAttribute("data-ruleset", t[0]); }
        item.appendChild(p);
      }
      list.appendChild(item);
    });
    return reply;
  }

  function setup() {
    var header = document.querySelector(".md-header__inner");
    if (!header || document.getElementById("ask-open")) { return; }
    var open = el("button", "md-header__button ask-open", "Search");
    open.id = "ask-open";
    open.type = "button";
    open.setAttribute("aria-haspopup", "dialog");
    var panel = el("div", "ask-panel");
    panel.id = "ask-panel";
    panel.hidden = true;
    panel.setAttribute("role", "dialog");
    panel.setAttribute("aria-label", "Ask the rulebook");
    var form = el("form", "ask-form");
    form.setAttribute("role", "search");
    var label = el("label", "", "Ask the rulebook");
    label.setAttribute("for", "ask-q");
    var input = el("input", "ask-input");
    input.id = "ask-q";
    input.type = "search";
    input.autocomplete = "off";
    input.placeholder = "e.g. wrong flip, who starts, KH KS X AC in online";
    var close = el("button", "md-button ask-close", "Close");
    close.type = "button";
    var status = el("p", "ask-status");
    status.setAttribute("aria-live", "polite");
    var list = el("ol", "ask-results");
    form.appendChild(label);
    form.appendChild(input);
    form.appendChild(close);
    panel.appendChild(form);
    panel.appendChild(status);
    panel.appendChild(list);
    header.appendChild(open);
    document.body.appendChild(panel);

    function run() {
      var text = input.value.trim();
      if (!text) { list.textContent = ""; status.textContent = ""; return; }
      status.textContent = "Searching…";
      load().then(function (eng) {
        if (input.value.trim() !== text) { return; }
        var reply = render(list, eng, text);
        status.textContent = reply.top === "unsure" ? "Not sure." : "";
      }, function () { status.textContent = "The search index could not be loaded."; });
    }
    function show(text) {
      panel.hidden = false;
      if (text !== undefined) { input.value = text; }
      input.focus();
      load();
      run();
    }
    open.addEventListener("click", function () { show(); });
    close.addEventListener("click", function () { panel.hidden = true; open.focus(); });
    input.addEventListener("input", run);
    form.addEventListener("submit", function (e) { e.preventDefault(); run(); });
    document.addEventListener("keydown", function (e) {
      if (e.key === "Escape" && !panel.hidden) { panel.hidden = true; open.focus(); }
      if (e.key === "/" && panel.hidden && document.activeElement === document.body) { e.preventDefault(); show(); }
    });
    // The home page's box submits ?q=...; any page opened so answers at once.
    var q = new URLSearchParams(window.location.search).get("q");
    if (q) { show(q); }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setup);
  } else {
    setup();
  }
})();
