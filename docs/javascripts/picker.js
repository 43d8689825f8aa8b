// The "we play..." picker: remembers the table's ruleset (or house rules in one line) on this
// device and narrows every answer block and ruleset table of the page to it, with "show all".
// No network, no library: plain DOM. The answer data is embedded by the page (data-picker).
(function () {
  "use strict";
  var KEY = "cambio-we-play";

  function load() {
    try { return window.localStorage.getItem(KEY) || ""; } catch (e) { return ""; }
  }
  function save(value) {
    try {
      if (value) { window.localStorage.setItem(KEY, value); } else { window.localStorage.removeItem(KEY); }
    } catch (e) { /* private mode: the choice lasts for this page only */ }
  }

  // "hearts" or "hearts(tie=shared, snap_give=optional)" -> {base, sets}
  function parse(text) {
    var m = /^\s*([a-z0-9_-]+)\s*(?:\((.*)\))?\s*$/i.exec(text || "");
    if (!m) { return null; }
    var sets = {};
    (m[2] || "").split(",").forEach(function (pair) {
      var kv = pair.split("=");
      if (kv.length === 2 && kv[0].trim()) { sets[kv[0].trim().toLowerCase()] = kv[1].trim().toLowerCase(); }
    });
    return { base: m[1].toLowerCase(), sets: sets };
  }

  // Which ruleset's answer a table playing `choice` reads in this block, and why.
  function pick(block, choice) {
    var data = JSON.parse(block.getAttribute("data-picker") || "{}");
    var values = data.values || {}, keys = data.keys || {}, fixed = data.sets || [];
    var base = choice.base;
    if (!(base in values)) {
      return { ruleset: base, note: "" };
    }
    var mine = {}, changed = [];
    Object.keys(keys).forEach(function (key) {
      var wanted = choice.sets[key] !== undefined ? choice.sets[key] : choice.sets[keys[key]];
      mine[key] = (wanted === undefined || fixed.indexOf(key) >= 0) ? values[base][key] : wanted;
      if (mine[key] !== values[base][key]) { changed.push(keys[key]); }
    });
    if (!changed.length) { return { ruleset: base, note: "" }; }
    var names = data.order || Object.keys(values);
    for (var i = 0; i < names.length; i++) {
      var same = Object.keys(mine).every(function (k) { return values[names[i]][k] === mine[k]; });
      if (same) {
        return { ruleset: names[i], note: "Your house rules play " + changed.join(", ") + " as " + names[i] +
                 " does: its answer." };
      }
    }
    return { ruleset: base, note: "Your house rules change " + changed.join(", ") +
             " and no ruleset plays it that way: " + base + "'s answer may not hold for your table." };
  }

  function bar(text, onAll) {
    var div = document.createElement("div");
    div.className = "we-play-bar";
    var span = document.createElement("span");
    span.textContent = text;
    var button = document.createElement("button");
    button.type = "button";
    button.className = "md-button";
    button.textContent = "show all";
    button.addEventListener("click", onAll);
    div.appendChild(span);
    div.appendChild(button);
    return div;
  }

  function showAll() {
    document.querySelectorAll(".we-play-bar").forEach(function (b) { b.remove(); });
    document.querySelectorAll("[data-we-play-hidden]").forEach(function (el) {
      el.hidden = false;
      el.removeAttribute("data-we-play-hidden");
    });
  }

  function hide(el) {
    el.hidden = true;
    el.setAttribute("data-we-play-hidden", "");
  }

  function apply(text) {
    showAll();
    document.dispatchEvent(new CustomEvent("cambio-we-play", { detail: text }));
    var choice = parse(text);
    if (!choice) { return; }
    var forget = function () { save(""); showAll(); var s = document.getElementById("we-play-select"); if (s) { s.value = ""; } };
    document.querySelectorAll(".answers").forEach(function (block) {
      var found = pick(block, choice);
      var answers = block.querySelectorAll(".answer[data-ruleset]");
      var hit = false;
      answers.forEach(function (a) {
        if (a.getAttribute("data-ruleset") === found.ruleset) { hit = true; } else { hide(a); }
      });
      if (!hit) { answers.forEach(function (a) { a.hidden = false; a.removeAttribute("data-we-play-hidden"); }); return; }
      var said = "We play " + text + "." + (found.note ? " " + found.note : "");
      block.parentNode.insertBefore(bar(said, forget), block);
    });
    document.querySelectorAll("table").forEach(function (table) {
      var rows = table.querySelectorAll("tr");
      var marked = Array.prototype.filter.call(rows, function (tr) { return tr.querySelector("[data-ruleset]"); });
      if (!marked.some(function (tr) { return tr.querySelector('[data-ruleset="' + choice.base + '"]'); })) { return; }
      marked.forEach(function (tr) {
        if (!tr.querySelector('[data-ruleset="' + choice.base + '"]')) { hide(tr); }
      });
      var wrap = table.closest(".md-typeset__scrollwrap") || table;
      wrap.parentNode.insertBefore(bar("We play " + text + ": showing " + choice.base + " only.", forget), wrap);
    });
    document.querySelectorAll(".scenes details").forEach(function (d) {
      var scene = d.querySelector(".scene[data-ruleset]");
      if (scene) { d.open = scene.getAttribute("data-ruleset") === choice.base; }
    });
  }

  function setupForm() {
    var select = document.getElementById("we-play-select");
    var house = document.getElementById("we-play-house");
    if (!select || !house) { return; }
    var current = load();
    var plain = Array.prototype.some.call(select.options, function (o) { return o.value === current && current !== "house"; });
    if (plain) { select.value = current; } else if (current) { select.value = "house"; house.hidden = false; house.value = current; }
    select.addEventListener("change", function () {
      if (select.value === "house") {
        house.hidden = false;
        house.focus();
        return;
      }
      house.hidden = true;
      save(select.value);
      apply(select.value);
    });
    house.addEventListener("change", function () {
      save(house.value.trim());
      apply(house.value.trim());
    });
  }

  // For the hand calculator (calculator.js): the table's choice, read the same way.
  window.cambioWePlay = { load: load, parse: parse };

  function start() {
    setupForm();
    var current = load();
    if (current) { apply(current); }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
