// The site's search, a typo read as the nearest known word: cambio_ref.asktypos, step for step (ask.js assembles the
// parts).
(function (parts) {
  "use strict";
  parts.typos = function (ctx) {
    var lex = ctx.lex, data = ctx.data, has = ctx.has, ranks = ctx.ranks, suits = ctx.suits, stopRaw = ctx.stopRaw;
    // cambio_ref.asktypos.edits and correct: a typo is read as the nearest known word.
    var vocab = data.vocab, vocabWords = Object.keys(vocab);
    function edits(a, b, bound) {
      if (Math.abs(a.length - b.length) > bound) { return bound + 1; }
      var prev2 = [], prev = [];
      for (var x = 0; x <= b.length; x++) { prev.push(x); }
      for (var i = 1; i <= a.length; i++) {
        var cur = [i], low = i;
        for (var j = 1; j <= b.length; j++) {
          var cost = a[i - 1] === b[j - 1] ? 0 : 1;
          var v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
          if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) { v = Math.min(v, prev2[j - 2] + 1); }
          cur.push(v);
          low = Math.min(low, v);
        }
        if (low > bound) { return bound + 1; }
        prev2 = prev;
        prev = cur;
      }
      return Math.min(prev[b.length], bound + 1);
    }
    var english = new Set(data.english || []);
    function correct(word) {
      if (word.length < data.typo[0] || !/^[a-z]+$/.test(word) || has(vocab, word) || stopRaw.has(word)) { return word; }
      var bound = word.length >= data.typo[1] ? 2 : 1;
      var best = null, real = english.has(word);  // a real English word: only its own inflection
      vocabWords.forEach(function (known) {
        if (known[0] !== word[0] || Math.abs(known.length - word.length) > bound) { return; }
        if (real && !inflection(word, known)) { return; }
        var d = edits(word, known, bound);
        if (d > bound) { return; }
        // two letters swapped first ("teh" is "the"), a letter left out ("wat" is "what"), then, for a letter
        // changed, no stop word ("tye" is "tie"), then a card's name
        var slip = swapped(word, known) ? 0 : known.length === word.length + 1 ? 1 : 2;
        var key = [d, slip, slip === 2 && stopRaw.has(known) ? 1 : 0, has(ranks, known) ? 0 : 1,
                   -vocab[known], known];
        if (best === null || before(key, best)) { best = key; }
      });
      return best ? best[5] : word;
    }
    function inflection(a, b) {  // cambio_ref.asktypos.inflection: one word is the other and an inflection's ending
      var short = a.length <= b.length ? a : b, long = a.length <= b.length ? b : a;
      return short.length >= data.typo[0] && long.indexOf(short) === 0 &&
        data.inflections.indexOf(long.slice(short.length)) >= 0;
    }
    function before(a, b) {  // a sorts before b, element by element (as Python compares tuples)
      for (var i = 0; i < a.length; i++) { if (a[i] !== b[i]) { return a[i] < b[i]; } }
      return false;
    }
    function swapped(a, b) {  // cambio_ref.asktypos._swapped: two neighbouring letters swapped
      if (a.length !== b.length) { return false; }
      var diff = [];
      for (var i = 0; i < a.length; i++) { if (a[i] !== b[i]) { diff.push(i); } }
      return diff.length === 2 && diff[1] === diff[0] + 1 && a[diff[0]] === b[diff[1]] && a[diff[1]] === b[diff[0]];
    }
    // cambio_ref.asktypos.suit_typos: a word after a rank and "of" read as the nearest suit, even an English word.
    var suitWords = Object.keys(ctx.suits);
    function suitTypos(words) {
      var out = words.slice();
      for (var i = 2; i < out.length; i++) {
        var word = out[i];
        if (out[i - 1] !== "of" || !has(ranks, out[i - 2]) || has(ctx.suits, word) || word.length < 4) { continue; }
        var bound = word.length >= 5 ? 2 : 1, best = null;
        suitWords.forEach(function (suit) {  // (fewest edits, then a plural for a plural, then alphabetically)
          if (suit[0] !== word[0]) { return; }
          var key = [edits(word, suit, bound), (suit[suit.length - 1] === "s") !== (word[word.length - 1] === "s") ? 1 : 0,
                     suit];
          if (best === null || before(key, best)) { best = key; }
        });
        if (best !== null && best[0] <= bound) { out[i] = best[2]; }
      }
      return out;
    }
    // cambio_ref.asktypos.near_card_word: a rank's or a suit's name mistyped, as far as its letters tell
    var cardNames = Object.keys(ranks).concat(Object.keys(suits)).filter(function (w) {
      return /^[a-z]+$/.test(w) && w.length >= 3;
    });
    function shortened(word, name) {  // cambio_ref.asktypos._shortened: "jkr" for "joker"
      if (word[0] !== name[0] || word.length >= name.length) { return false; }
      var at = 1;
      for (var i = 1; i < word.length; i++) {
        at = name.indexOf(word[i], at);
        if (at < 0) { return false; }
        at += 1;
      }
      return true;
    }
    function nearCardWord(word) {
      var bound = word.length <= 4 ? 1 : 2;
      return word.length <= 2 || !/^[a-z]+$/.test(word) ||
        cardNames.some(function (name) { return edits(word, name, bound) <= bound || shortened(word, name); });
    }
    return { correct: correct, suitTypos: suitTypos, inflection: inflection, nearCardWord: nearCardWord };
  };
}(typeof module !== "undefined" ? module.exports : (window.cambioAskParts = window.cambioAskParts || {})));
