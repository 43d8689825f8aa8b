// The site's search, each question's score for a reading: cambio_ref.askindex and cambio_ref.asklike, step for step
// (ask.js assembles the parts).
(function (parts) {
  "use strict";
  parts.rank = function (ctx) {
    var lex = ctx.lex, data = ctx.data, has = ctx.has, asking = ctx.asking;
    var docs = data.docs.map(function (d) {
      return { d: d, fields: d.fields.map(function (f) { return [f[0], new Set(f[1])]; }),
               asked: (d.asked || []).map(function (a) { return [lex.asked_weight, new Set(a)]; }),
               title: d.fields[0][1], about: new Set(d.about), asks: asking(d.title) };
    });
    // cambio_ref.asklike: how alike a question is, letter by letter, to each question's profile (its title's and
    // players' phrasings' words, word pairs and runs of letters), the cosine of the two.
    var shortest = lex.like_letters[0], longest = lex.like_letters[1];
    function grams(text) {
      var words = text.toLowerCase().split("'").join("").split("\u2019").join("").match(/[a-z0-9]+/g) || [];
      var out = {};
      function add(g) { out[g] = (has(out, g) ? out[g] : 0) + 1; }
      words.forEach(function (w, i) {
        add("=" + w);
        if (i) { add("=" + words[i - 1] + "=" + w); }
        var padded = " " + w + " ";
        for (var n = shortest; n <= longest; n++) {
          if (n >= padded.length) { add(padded); break; }
          for (var j = 0; j + n <= padded.length; j++) { add(padded.slice(j, j + n)); }
        }
      });
      return out;
    }
    function entry(gram) {  // cambio_ref.asklike.entry: a gram's idf and postings ("idf i v i v ...")
      if (!has(data.like.grams, gram)) { return null; }
      var parts = data.like.grams[gram].split(" ");
      return [parseFloat(parts[0]), parts.slice(1).map(function (x) { return parseInt(x, 10); })];
    }
    function alike(text) {
      var counts = grams(text), known = {};
      Object.keys(counts).forEach(function (g) { var e = entry(g); if (e !== null) { known[g] = e; } });
      var raw = Object.keys(counts).sort().filter(function (g) { return has(known, g); })
        .map(function (g) { return [g, Math.sqrt(counts[g]) * known[g][0]]; });
      var total = 0.0;
      raw.forEach(function (gv) { total += gv[1] * gv[1]; });
      var norm = Math.sqrt(total) || 1.0;
      var out = {};
      raw.forEach(function (gv) {
        var w = gv[1] / norm, found = known[gv[0]][1];
        for (var j = 0; j < found.length; j += 2) {
          var i = found[j];
          out[i] = (has(out, i) ? out[i] : 0.0) + w * found[j + 1] / 10000;
        }
      });
      return out;
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
      var asked = {};
      q.switched.forEach(function (tv) { asked[tv[0]] = tv[1]; });
      var like = data.like ? alike(q.text) : {};
      var scored = docs.map(function (doc, di) {
        var got = 0.0;
        // cambio_ref.askindex.Index.field_weight: a field longer than the mean field weighs less (not the title);
        // then each way players ask the question, at asked_weight (cambio_ref.askindex.Index.normed).
        var normed = doc.fields.map(function (f, i) {
          return i === 0 ? f : [f[0] / Math.max(1.0, 1.0 - lex.length_norm + lex.length_norm * f[1].size / data.mean_length), f[1]];
        }).concat(doc.asked);
        // cambio_ref.askindex._found: the weight of the best place a token of alts is found (a term said on or off
        // is not found by the glossary's pointer: cambio_ref.askindex.rank).
        function found(alts) {
          var best = alts.some(function (t) { return doc.about.has(t) && !(t[0] === "@" && has(asked, t.slice(1))); })
            ? data.about_weight : 0.0;
          normed.forEach(function (f) {
            if (f[0] > best && alts.some(function (t) { return f[1].has(t); })) { best = f[0]; }
          });
          return best;
        }
        wanted.forEach(function (alts, i) {
          var best = found(alts), plain = q.covered[i];
          if (plain.length) {  // a phrase's plain words stand in for it, at covered_weight, where its term is not found
            var sum = 0.0;
            plain.forEach(function (p) { sum += found(p); });
            best = Math.max(best, lex.covered_weight * sum / plain.length);
          }
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
        // the question's weight found in the nearest of the players' ways of asking it (spec/asked.yaml)
        var near = 0.0;
        doc.asked.forEach(function (a) {
          var w = 0.0;
          wanted.forEach(function (alts, i) { if (alts.some(function (t) { return a[1].has(t); })) { w += weights[i]; } });
          if (w > near) { near = w; }
        });
        var score = Math.min(got / total, 1.0) * S[0] + S[1] * precision + S[2] * spread + S[3] * aim +
          S[4] * Math.min(near / total, 1.0);
        var said = (doc.d.senses || []).filter(function (tv) { return has(asked, tv[0]); })
          .map(function (tv) { return asked[tv[0]] === tv[1]; });
        var agrees = said.some(function (x) { return x; });
        if (doc.d.house && !q.house && !agrees) { score = score * lex.house_weight; }  // "risky fives is on"
        if (said.length && !agrees) { score = score * lex.switch_weight; }  // the case's rule the other way
        if (q.asks === "number" && doc.asks === "other") { score = score * lex.number_weight; }  // "how many" asks a number
        score = score + lex.like_weight * (has(like, di) ? like[di] : 0.0);  // how alike, letter by letter
        if (doc.d.kind === "option" && q.ruleset !== null) { score = score + lex.named_bonus; }
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

    return { rank: rank };
  };
}(typeof module !== "undefined" ? module.exports : (window.cambioAskParts = window.cambioAskParts || {})));
