// The site's search: the question engine of `cambio ask` (cambio_ref/askindex.py and
// cambio_ref/ask.py), step for step, on the index the build exports (search/ask-index.json,
// cambio_ref/rulebook/search.py). The index is fetched the first time someone searches,
// never with the page. tests/site/test_search_browser.py checks that this file and
// `cambio ask` give the same top answer to every question of tests/site/phrasings.yaml.
// No network beyond the site itself, no library: plain DOM.
(function () {
  "use strict";

  // -- the engine (mirrors cambio_ref.askindex) ----------------------------------------
  function Engine(data) {
    var lex = data.lexicon;
    var stop = new Set(lex.stop);
    var ranks = lex.ranks, suits = lex.suits, colours = lex.colours, counts = lex.counts;
    var cues = new Set(lex.cues);
    var docs = data.docs.map(function (d) {
      return { d: d, fields: d.fields.map(function (f) { return [f[0], new Set(f[1])]; }),
               title: d.fields[0][1], about: new Set(d.about) };
    });
    var single = {};
    lex.phrases.forEach(function (p) { if (p[0].length === 1) { single[p[0][0]] = p[1]; } });

    function rawWords(text) {
      text = text.toLowerCase().split("\u2019").join("'").split("\u2018").join("'");
      Object.keys(lex.glyphs).forEach(function (g) { text = text.split(g).join(lex.glyphs[g]); });
      return text.split("'s").join("").match(/[a-z0-9]+/g) || [];
    }
    function stem(word) {
      var sfx = ["ing", "ed"];
      for (var i = 0; i < sfx.length; i++) {
        var s = sfx[i];
        if (word.endsWith(s) && word.length > s.length + 2) {
          word = word.slice(0, -s.length);
          if (word.length > 2 && word[word.length - 1] === word[word.length - 2] && "bdgmnprt".indexOf(word[word.length - 1]) >= 0) {
            word = word.slice(0, -1);
          }
          return word;
        }
      }
      if (word.endsWith("s") && !word.endsWith("ss") && word.length > 3) { return word.slice(0, -1); }
      return word;
    }
    var RANK_TOKENS = { A: "ace", J: "jack", Q: "queen", K: "king", X: "joker" };
    function rankToken(rank) { return RANK_TOKENS[rank] || rank; }
    function codeOf(word) {
      if (word === "x") { return ["X", ""]; }
      var m = /^(10|[2-9]|[ajqk])([shdc])$/.exec(word);
      if (!m || word === "as") { return null; }
      return [m[1].toUpperCase(), m[2].toUpperCase()];
    }
    function has(obj, key) { return Object.prototype.hasOwnProperty.call(obj, key); }
    function canon(word) {
      var code = codeOf(word);
      if (code) {
        var out = [rankToken(code[0])];
        if (code[1]) {
          var sw = Object.keys(suits).filter(function (w) { return suits[w] === code[1]; })[0];
          var col = Object.keys(colours).filter(function (c) { return colours[c].indexOf(code[1]) >= 0; })[0];
          out.push(stem(sw), col);
        }
        return out;
      }
      if (has(ranks, word)) { return [rankToken(ranks[word])]; }
      return [stem(word)];
    }
    function canonWords(words) {
      var out = [];
      words.forEach(function (w) { canon(w).forEach(function (c) { out.push(c); }); });
      return out;
    }
    function same(a, b) {
      if (a.length !== b.length) { return false; }
      for (var i = 0; i < a.length; i++) { if (a[i] !== b[i]) { return false; } }
      return true;
    }
    function mentions(words) {
      var found = [];
      var i = 0;
      while (i < words.length) {
        var word = words[i];
        var code = codeOf(word);
        if (code) { found.push({ rank: code[0], suit: code[1], colour: "" }); i += 1; continue; }
        var count = 1;
        if (has(counts, word) && i + 1 < words.length && has(ranks, words[i + 1]) && words[i + 1].endsWith("s")) {
          count = counts[word];
          i += 1;
          word = words[i];
        }
        var colour = (has(colours, word) && i + 1 < words.length && has(ranks, words[i + 1])) ? word : "";
        if (colour) { i += 1; word = words[i]; }
        if (has(ranks, word)) {
          var rank = ranks[word], suit = "";
          if (i + 2 < words.length && words[i + 1] === "of" && has(suits, words[i + 2]) && rank !== "X") {
            suit = suits[words[i + 2]];
            i += 2;
          }
          for (var n = 0; n < count; n++) { found.push({ rank: rank, suit: suit, colour: (suit || rank === "X") ? "" : colour }); }
        }
        i += 1;
      }
      return found;
    }
    function mentionSuits(m) {
      if (m.rank === "X") { return [""]; }
      if (m.suit) { return [m.suit]; }
      return has(colours, m.colour) ? colours[m.colour] : ["S", "H", "D", "C"];
    }
    function terms(words) {
      var found = [];
      for (var i = 0; i < words.length; i++) {
        lex.phrases.forEach(function (p) {
          if (same(words.slice(i, i + p[0].length), p[0]) && found.indexOf(p[1]) < 0) { found.push(p[1]); }
        });
      }
      return found;
    }

    function analyse(text) {
      var words = rawWords(text);
      var ruleset = null, keep = [], i = 0;
      while (i < words.length) {
        var matched = false;
        for (var r = 0; r < lex.rulesets.length; r++) {
          var name = lex.rulesets[r][0];
          var next = words.slice(i + 1, i + 2);
          if (same(words.slice(i, i + name.length), name) && ruleset === null && (
              !same(name, ["hearts"]) || (i > 0 && cues.has(words[i - 1])) || same(next, ["rules"]) || same(next, ["ruleset"]))) {
            ruleset = lex.rulesets[r][1];
            i += name.length;
            matched = true;
            break;
          }
        }
        if (!matched) { keep.push(words[i]); i += 1; }
      }
      var cards = mentions(keep);
      var cw = canonWords(keep);
      var wanted = [], covered = cw.map(function () { return false; });
      for (var j = 0; j < cw.length; j++) {
        lex.phrases.forEach(function (p) {
          if (p[0].length > 1 && same(cw.slice(j, j + p[0].length), p[0])) {
            wanted.push(["@" + p[1]]);
            for (var k = j; k < j + p[0].length; k++) { covered[k] = true; }
          }
        });
      }
      cw.forEach(function (w, j) {
        if (!stop.has(w) && !covered[j]) { wanted.push(has(single, w) ? [w, "@" + single[w]] : [w]); }
      });
      var last = cw.length - 1;
      if (cw.length && stop.has(cw[last]) && has(single, cw[last]) && !covered[last]) { wanted.push(["@" + single[cw[last]]]); }
      var seen = new Set(), unique = [];
      wanted.forEach(function (alts) { var key = alts.join("\u0000"); if (!seen.has(key)) { seen.add(key); unique.push(alts); } });
      var valued = keep.map(function () { return false; });
      for (var v = 0; v < keep.length; v++) {
        lex.value.forEach(function (phrase) {
          if (same(canonWords(keep.slice(v, v + phrase.length)), phrase)) {
            for (var k2 = v; k2 < v + phrase.length; k2++) { valued[k2] = true; }
          }
        });
      }
      var leftover = 0;
      keep.forEach(function (w, j) {
        if (!stop.has(w) && !has(ranks, w) && !has(suits, w) && !has(colours, w) && !has(counts, w) && codeOf(w) === null &&
            !valued[j] && ["rule", "rules", "ruleset"].indexOf(w) < 0) { leftover += 1; }
      });
      var codes = keep.filter(function (w) { return codeOf(w) !== null; }).length;
      var value = valued.some(function (x) { return x; });
      return { ruleset: ruleset, cards: cards, codes: codes, value: value, leftover: leftover, wanted: unique,
               house: terms(cw).indexOf(lex.house) >= 0 };
    }
    function isHand(q) {
      return q.cards.length > 0 && ((q.value || q.codes >= 2) && q.leftover <= 1 || q.cards.length >= 2 && q.leftover === 0);
    }

    var S = data.shares;
    function rank(q) {
      var wanted = q.wanted;
      if (!wanted.length) { return []; }
      function idf(t) { return has(data.idf, t) ? data.idf[t] : data.unseen; }
      var weights = wanted.map(function (alts) {
        var ts = alts.filter(function (t) { return t[0] === "@"; });
        if (!ts.length) { ts = alts; }
        return Math.max.apply(null, ts.map(idf));
      });
      var total = 0.0;
      weights.forEach(function (w) { total += w; });
      var scored = docs.map(function (doc) {
        var got = 0.0;
        wanted.forEach(function (alts, i) {
          var best = alts.some(function (t) { return doc.about.has(t); }) ? data.about_weight : 0.0;
          doc.fields.forEach(function (f) {
            if (f[0] > best && alts.some(function (t) { return f[1].has(t); })) { best = f[0]; }
          });
          got += weights[i] * best;
        });
        var hit = doc.title.filter(function (t) { return wanted.some(function (alts) { return alts.indexOf(t) >= 0; }); }).length;
        var precision = hit / Math.max(doc.title.length, 1);
        var spread = 0.0;
        wanted.forEach(function (alts) {
          spread += doc.fields.filter(function (f) { return alts.some(function (t) { return f[1].has(t); }); }).length / doc.fields.length;
        });
        spread = spread / wanted.length;
        var aim = wanted.filter(function (alts) { return alts.some(function (t) { return doc.about.has(t); }); }).length / wanted.length;
        var score = Math.min(got / total, 1.0) * S[0] + S[1] * precision + S[2] * spread + S[3] * aim;
        if (doc.d.house && !q.house) { score = score * lex.house_weight; }
        return { doc: doc.d, score: score };
      });
      var kinds = { case: 0, option: 1, rule: 2 };
      scored.sort(function (a, b) {
        var ka = -Math.floor(a.score * 100 + 0.5), kb = -Math.floor(b.score * 100 + 0.5);
        if (ka !== kb) { return ka - kb; }
        if (a.doc.house !== b.doc.house) { return a.doc.house ? 1 : -1; }
        if (kinds[a.doc.kind] !== kinds[b.doc.kind]) { return kinds[a.doc.kind] - kinds[b.doc.kind]; }
        if (a.score !== b.score) { return b.score - a.score; }
        return a.doc.id < b.doc.id ? -1 : a.doc.id > b.doc.id ? 1 : 0;
      });
      return scored;
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

    function score(codes, rs) {
      var points = data.points[rs], risky = data.risky[rs];
      var missing = codes.filter(function (c) { return !has(points, c); });
      if (missing.length) { return null; }
      var fives = codes.filter(function (c) { return c[0] === "5"; }).length;
      var on = risky.on && fives > 0;
      var cards = codes.map(function (c) { return [c, on && c[0] === "5" ? 0 : points[c]]; });
      var total = 0;
      cards.forEach(function (c) { total += c[1]; });
      if (on) { total += fives === 1 ? risky.one_five : risky.two_or_more_fives; }
      return { cards: cards, total: total };
    }

    // The answer to `text` (as cambio_ref.ask.ask): {top, kind, ruleset, docs | hands, closest}.
    function ask(text) {
      var q = analyse(text);
      if (isHand(q)) {
        var codes = q.cards.map(function (m) { return m.rank + mentionSuits(m)[0]; });
        var tables = q.ruleset ? [q.ruleset] : data.rulesets;
        var kind = codes.length === 1 ? "card" : "hand";
        var split = kind === "card" ? bySuit(q.cards[0], tables) : null;
        if (split) {
          return { top: "card:" + q.cards[0].rank, kind: "card", ruleset: q.ruleset, codes: [q.cards[0].rank], split: split };
        }
        return { top: kind + ":" + codes.join(" "), kind: kind, ruleset: q.ruleset, codes: codes,
                 hands: tables.map(function (rs) { return [rs, score(codes, rs)]; }) };
      }
      var ranked = rank(q);
      if (!ranked.length || ranked[0].score < data.good) {
        return { top: "unsure", kind: "", ruleset: q.ruleset, closest: ranked.slice(0, 3) };
      }
      var best = ranked[0].score;
      var more = ranked.slice(1, 8).filter(function (h) { return h.score >= data.good && h.score >= best - 0.1; }).slice(0, 2);
      return { top: ranked[0].doc.kind + ":" + ranked[0].doc.id, kind: ranked[0].doc.kind, ruleset: q.ruleset,
               found: [ranked[0]].concat(more) };
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
    if (reply.kind === "card" || reply.kind === "hand") {
      var li = el("li", "ask-result ask-score");
      li.setAttribute("data-top", reply.top);
      li.appendChild(el("p", "ask-title", (reply.kind === "card" ? "What " : "Score of ") + reply.codes.join(" ") +
                        (reply.kind === "card" ? " is worth" : "")));
      if (reply.split) {
        var mine = reply.split.filter(function (r) { return r[0] === ruleset; });
        (mine.length ? mine : reply.split).forEach(function (r) {
          li.appendChild(el("p", "ask-teaser", r[0] + ": " + r[1].map(function (g) { return g[0] + " " + g[1]; }).join("; ")));
        });
        list.appendChild(li);
        return reply;
      }
      var rows = reply.hands.filter(function (h) { return !ruleset || h[0] === ruleset || reply.ruleset; });
      if (!rows.length) { rows = reply.hands; }
      rows.forEach(function (h) {
        var s = h[1];
        var line = s ? s.cards.map(function (c) { return c[0] + " " + c[1]; }).join(" + ") + " = " + s.total
                     : "not in this ruleset's deck";
        li.appendChild(el("p", "ask-teaser", h[0] + ": " + (reply.kind === "card" && s ? String(s.total) : line)));
      });
      list.appendChild(li);
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
      var t = reply.top === "unsure" ? null : teaser(h.doc, ruleset);
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
