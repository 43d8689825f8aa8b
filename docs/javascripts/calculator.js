// The hand calculator of the ruleset and dispute pages: tap cards, see each card's points and the
// total under the page's ruleset, the ruleset picked with "we play...", or any ruleset chosen here.
// The card values are not written here: the page embeds them (cambio_ref/rulebook/calculator.py
// exports the catalogue's value options, each ruleset's values and the risky-fives rule), and this
// scores a hand the way cambio_ref.scoring.score_hand does. No network, no library.
(function () {
  "use strict";

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text !== undefined) { node.textContent = text; }
    return node;
  }

  function rankOf(code) { return code === "X" ? "X" : code.slice(0, -1); }

  // The table's choice from the picker ("hearts" or "hearts(ace=0, risky_fives=true)"), if any.
  function picked(data) {
    var we = window.cambioWePlay;
    var choice = we ? we.parse(we.load()) : null;
    return choice && data.rulesets[choice.base] ? choice : null;
  }

  function setting(sets, names) {
    for (var i = 0; i < names.length; i++) {
      if (sets[names[i]] !== undefined) { return sets[names[i]]; }
    }
    return undefined;
  }

  // The rules that score: a ruleset's values, with house-rule settings on top.
  function rulesOf(data, base, sets) {
    var from = data.rulesets[base];
    var values = {};
    data.options.forEach(function (o) {
      var v = setting(sets || {}, [o.key, o.id]);
      var n = v === undefined ? NaN : (v === data.face ? v : parseInt(v, 10));
      values[o.key] = (v !== undefined && (n === data.face || !isNaN(n))) ? n : from.values[o.key];
    });
    var risky = setting(sets || {}, [data.risky.key, data.risky.id]);
    var jokers = parseInt(setting(sets || {}, [data.jokers, data.jokersId]), 10);
    return {
      values: values,
      risky: risky === undefined ? from[data.risky.key] : risky === "true",
      jokers: isNaN(jokers) ? from[data.jokers] : jokers
    };
  }

  // Each card's points: the value options in order, a later one overriding an earlier one.
  function pointsTable(data, rules) {
    var table = {};
    data.options.forEach(function (o) {
      var v = rules.values[o.key];
      o.cards.forEach(function (code) { table[code] = v === data.face ? parseInt(code, 10) : Number(v); });
    });
    return table;
  }

  function score(data, rules, hand) {
    var table = pointsTable(data, rules);
    var fives = hand.filter(function (c) { return rankOf(c) === data.risky.rank; }).length;
    var risky = rules.risky && fives > 0;
    var items = hand.map(function (c) {
      return risky && rankOf(c) === data.risky.rank ? { code: c, points: 0, note: "risky fives" }
        : { code: c, points: table[c], note: "" };
    });
    var bonus = risky ? (fives === 1 ? data.risky.one : data.risky.more) : 0;
    var total = items.reduce(function (s, i) { return s + i.points; }, bonus);
    return { items: items, bonus: bonus, risky: risky, total: total };
  }

  function signed(n) { return n > 0 ? "+" + n : String(n); }

  function build(box) {
    var data = JSON.parse(box.getAttribute("data-calculator"));
    var faces = {};
    data.cards.forEach(function (c) { faces[c.code] = c; });
    var hand = [];
    box.querySelectorAll(".calc-offline").forEach(function (p) { p.remove(); });

    var form = el("div", { "class": "calc" });
    var label = el("label", { "class": "calc-pick" }, "Score under ");
    var select = el("select", { "class": "calc-ruleset" });
    var choice = picked(data);
    if (choice && Object.keys(choice.sets).length) {
      select.appendChild(el("option", { value: "picked" }, "our house rules (" + window.cambioWePlay.load() + ")"));
    }
    data.order.forEach(function (rs) { select.appendChild(el("option", { value: rs }, rs)); });
    var own = box.getAttribute("data-ruleset");
    select.value = own || (choice ? (Object.keys(choice.sets).length ? "picked" : choice.base) : data.order[0]);
    label.appendChild(select);
    form.appendChild(label);

    var deck = el("div", { "class": "calc-cards", role: "group", "aria-label": "Cards: tap one to add it to the hand" });
    data.cards.forEach(function (c) {
      var b = el("button", { type: "button", "class": "calc-card" + (c.red ? " red" : ""), "data-card": c.code,
                             "aria-label": "add the " + c.name }, c.face);
      b.addEventListener("click", function () { hand.push(c.code); show(); });
      deck.appendChild(b);
    });
    form.appendChild(deck);

    var held = el("ul", { "class": "calc-hand", "aria-label": "The hand: tap a card to take it out" });
    var result = el("p", { "class": "calc-total", "aria-live": "polite" });
    var clear = el("button", { type: "button", "class": "md-button calc-clear" }, "Clear the hand");
    clear.addEventListener("click", function () { hand = []; show(); });
    form.appendChild(held);
    form.appendChild(result);
    form.appendChild(clear);
    box.appendChild(form);
    select.addEventListener("change", show);

    function rules() {
      if (select.value === "picked" && choice) { return rulesOf(data, choice.base, choice.sets); }
      return rulesOf(data, select.value, {});
    }

    function show() {
      var r = rules();
      var s = score(data, r, hand);
      deck.querySelectorAll("[data-card='X']").forEach(function (b) { b.hidden = !(r.jokers > 0); });
      held.textContent = "";
      s.items.forEach(function (item, i) {
        var li = el("li", { "data-card": item.code, "data-points": String(item.points) });
        var b = el("button", { type: "button", "class": "calc-card" + (faces[item.code].red ? " red" : ""),
                               "aria-label": "take out the " + faces[item.code].name }, faces[item.code].face);
        b.addEventListener("click", function () { hand.splice(i, 1); show(); });
        li.appendChild(b);
        li.appendChild(el("span", { "class": "calc-points" },
                          " " + item.points + (item.note ? " (" + item.note + ")" : "")));
        held.appendChild(li);
      });
      result.textContent = "";
      if (!hand.length) {
        result.appendChild(el("span", {}, "No cards yet: a hand with no cards scores 0."));
        return;
      }
      if (s.risky) { result.appendChild(el("span", { "class": "calc-note" }, data.risky.text + " This hand: " + signed(s.bonus) + ". ")); }
      result.appendChild(el("span", {}, "Total: "));
      result.appendChild(el("strong", { "class": "calc-sum" }, String(s.total)));
    }
    show();
    document.addEventListener("cambio-we-play", function () {
      choice = picked(data);
      show();
    });
  }

  function start() {
    document.querySelectorAll("details.calculator[data-calculator]").forEach(build);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
