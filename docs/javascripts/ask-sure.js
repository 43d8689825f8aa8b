// The site's search, whether the first answer is sure: cambio_ref.asksure, step for step (ask.js assembles the
// parts).
(function (parts) {
  "use strict";
  parts.sure = function (ctx) {
    var data = ctx.data, offTopic = ctx.offTopic, lex = ctx.lex;
    // cambio_ref.asksure.choose: a named ruleset puts a first case's best option first (at the case's score), as
    // do two cases within `margin` that share an option scoring within `option_near` of the first (unless a house rule is asked about or the first case's
    // title has every word asked for); sure when the score plus `lead` times its lead over the first question
    // not its own nor a narrower form of it (`narrower`), nor a broader one when its narrower words are asked for,
    // reaches `sure` (cambio_ref.asksure.sure), or when the question is its title word for word, or every word asked for is in its title and not in the rival's.
    function firstOption(ranked, options, score) {
      for (var i = 0; i < ranked.length; i++) {
        if (ranked[i].doc.kind === "option" && options.indexOf(ranked[i].doc.id) >= 0) {
          var out = ranked.slice();
          var mine = out.splice(i, 1)[0];
          out.unshift({ doc: mine.doc, score: score });
          return out;
        }
      }
      return ranked;
    }
    // cambio_ref.asksure.together: a question asking for one term of `data.together` alone ("how many can play")
    // asks for each rule it points to, shown beside the first answer, none of them its rival
    function together(top, doc, q) {
      var words = q.wanted.filter(function (alts) { return alts.indexOf("@" + lex.game) < 0; });
      return words.length === 1 && words[0].some(function (t) {
        return data.together.indexOf(t) >= 0 && top.about.indexOf(t) >= 0 && doc.about.indexOf(t) >= 0;
      });
    }
    function rivalOf(ranked, q) {
      var top = ranked[0].doc;
      var own = new Set([top.kind + ":" + top.id]);
      top.options.forEach(function (o) { own.add("option:" + o); });
      var reading = readsPart(top, q);  // (once, not for every candidate)
      for (var j = 1; j < ranked.length; j++) {
        var d = ranked[j].doc;
        if (!own.has(d.kind + ":" + d.id) && !(top.kind === "option" && d.options.indexOf(top.id) >= 0) &&
            !narrower(d, top, q) && !narrower(top, d, q, true) && !(reading && otherPart(d, q)) &&
            !together(top, d, q)) {
          return { doc: d, score: ranked[j].score };
        }
      }
      return { doc: null, score: 0.0 };
    }
    function askedOf(q) {  // cambio_ref.asksure._asked: every word asked for, each alternative of each
      var asked = new Set();
      q.wanted.forEach(function (alts) { alts.forEach(function (t) { asked.add(t); }); });
      return asked;
    }
    // cambio_ref.asksure._narrower: the doc's title has every word of the top's title and more, none of them asked for;
    // with `some` (cambio_ref.asksure._broader, doc and top swapped), one of them asked for.
    function narrower(doc, top, q, some) {
      var mine = new Set(top.fields[0][1]), theirs = doc.fields[0][1];
      if (theirs.length <= mine.size || !top.fields[0][1].every(function (t) { return theirs.indexOf(t) >= 0; })) {
        return false;
      }
      var asked = askedOf(q);
      var more = theirs.filter(function (t) { return !mine.has(t); });
      return some ? more.some(function (t) { return asked.has(t); }) : more.every(function (t) { return !asked.has(t); });
    }
    // cambio_ref.asksure._reads_part: the question names parts of a source (`parts`: "the Q&A", "the main text"),
    // each of them named by the doc's title; _other_part: the doc's title names a part the question does not.
    function partsOf(doc) {
      return doc.fields[0][1].filter(function (t) { return lex.parts.indexOf(t.slice(1)) >= 0 && t[0] === "@"; });
    }
    function readsPart(doc, q) {
      var mine = partsOf(doc), named = [];
      q.wanted.forEach(function (alts) {
        alts.forEach(function (t) { if (t[0] === "@" && lex.parts.indexOf(t.slice(1)) >= 0 && named.indexOf(t) < 0) { named.push(t); } });
      });
      return named.length > 0 && named.every(function (t) { return mine.indexOf(t) >= 0; });
    }
    // cambio_ref.asksure._other_part: the doc reads a part of a source the question does not name.
    function otherPart(doc, q) {
      return partsOf(doc).length > 0 && !readsPart(doc, q);
    }
    function askedBeyond(kase, option, q) {  // cambio_ref.asksure._asked_beyond
      var theirs = new Set(option.fields[0][1]), asked = askedOf(q);
      return kase.fields[0][1].some(function (t) { return !theirs.has(t) && asked.has(t); });
    }
    function titled(doc, q) {  // every word asked for is in the doc's title
      var title = new Set(doc.fields[0][1]);
      return q.wanted.every(function (alts) { return alts.some(function (t) { return title.has(t); }); });
    }
    function exact(doc, q) {  // every word of the doc's title (its terms aside) is asked for
      var asked = askedOf(q);
      return doc.fields[0][1].every(function (t) { return t[0] === "@" || asked.has(t); });
    }
    function choose(ranked, q) {
      var out = ranked.slice();
      if (!out.length) { return { ranked: out, sure: false }; }
      var top = out[0].doc, score = out[0].score;
      var part = readsPart(top, q);  // the reading of the part of a source the question names: no option for it
      // cambio_ref.asksure._own_house: a house-rule case the named ruleset plays as its own stays first
      var ownHouse = top.house && q.ruleset !== null && (top.native || []).indexOf(q.ruleset) >= 0;
      // (cambio_ref.asksure._ranked_among: only an option among the first `option_rank` questions)
      var among = out.slice(0, data.option_rank).some(function (h) {
        return h.doc.kind === "option" && top.options.indexOf(h.doc.id) >= 0;
      });
      if (q.ruleset !== null && top.kind === "case" && top.options.length && !part && !ownHouse && among) {
        out = firstOption(out, top.options, score);
      } else if (top.kind === "case" && !part && !q.house) {
        // (cambio_ref.asksure.CASE_NEAR: the case's option within `case_near` of it comes first, unless the question
        // asks for a word of the case's title that the option's has not, cambio_ref.asksure._asked_beyond)
        var mine = out.slice(1).filter(function (h) {
          return h.doc.kind === "option" && top.options.indexOf(h.doc.id) >= 0;
        })[0];
        if (mine && mine.score >= score - data.case_near && !askedBeyond(top, mine.doc, q)) {
          out = firstOption(out, [mine.doc.id], score);
        }
      }
      var rival = rivalOf(out, q);
      if (score - rival.score < data.margin && !q.house && !part && top.kind === "case" && rival.doc !== null &&
          rival.doc.kind === "case" && !titled(top, q)) {
        // (the first case's own first option only: the rule it settles, cambio_ref.asksure.choose)
        var shared = top.options.slice(0, 1).filter(function (o) { return rival.doc.options.indexOf(o) >= 0; });
        // cambio_ref.asksure._near: only when one of them scores within `option_near` of the first case
        var near = out.some(function (h) {
          return h.doc.kind === "option" && shared.indexOf(h.doc.id) >= 0 && h.score >= score - data.option_near;
        });
        if (shared.length && near) {
          out = firstOption(out, shared, score);
          rival = rivalOf(out, q);
        }
      }
      // cambio_ref.asksure._titled_alone: every word asked for in its title and not all in the rival's, and no
      // number in its title that the question does not ask for
      var asked = askedOf(q);
      var alone = titled(out[0].doc, q) && (rival.doc === null || !titled(rival.doc, q)) &&
        out[0].doc.fields[0][1].every(function (t) { return !/^[0-9]+$/.test(t) || asked.has(t); });
      // never under `floor` (cambio_ref.asksure.FLOOR)
      return { ranked: out, sure: !offTopic(q) && score >= data.floor && (score + data.lead * (score - rival.score) >= data.sure ||
        (titled(out[0].doc, q) && exact(out[0].doc, q)) || alone) };
    }
    return { choose: choose, together: together };
  };
}(typeof module !== "undefined" ? module.exports : (window.cambioAskParts = window.cambioAskParts || {})));
