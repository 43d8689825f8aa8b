// The site's search, the story around a hand: the cards told of apart from it (cambio_ref.askstory) or described
// (cambio_ref.askdescribed), the people a question names (cambio_ref.askpeople) and two hands compared in one
// question (cambio_ref.askversus), step for step (ask.js assembles the parts; ask-read.js reads a question with them).
(function (parts) {
  "use strict";
  parts.story = function (ctx) {
    var lex = ctx.lex, has = ctx.has, same = ctx.same, ranks = ctx.ranks, suits = ctx.suits, colours = ctx.colours,
      joins = ctx.joins, articles = ctx.articles, vocab = ctx.data.vocab;
    // cambio_ref.askstory.gone: the places of the words read as cards (`used`) right after a verb of getting rid of one
    // (and those an "and" adds), after a verb of swapping followed by "out" or "away", or after "in for" after it
    function gone(words, used) {
      var out = [];
      function run(k) {
        k = pastSkip(words, k);
        var got = [];
        for (; used[k] === true; k++) { got.push(k); }
        return [got, k];
      }
      function add(places) { places.forEach(function (k) { if (out.indexOf(k) < 0) { out.push(k); } }); }
      words.forEach(function (w, j) {
        if (j > 0 && (articles.has(words[j - 1]) || has(colours, words[j - 1]))) { return; }  // ("a snapped ace")
        var r;
        if (lex.gone_verbs.indexOf(w) >= 0) {
          r = run(j + 1);
          while (r[0].length) {
            add(r[0]);
            r = r[1] < words.length && joins.has(words[r[1]]) ? run(r[1] + 1) : [[], r[1]];
          }
        } else if (lex.swap_verbs.indexOf(w) >= 0) {
          r = run(j + 1);
          if (r[0].length && (words[r[1]] === "out" || words[r[1]] === "away")) { add(r[0]); }
          if (words[j + 1] === "out" || words[j + 1] === "away") { add(run(j + 2)[0]); }  // ("swapped out my 8")
          for (var m = j + 1; m < Math.min(j + 8, words.length); m++) {
            if (words[m] === "in" && words[m + 1] === "for") { add(run(m + 2)[0]); break; }
          }
        }
        if (lex.gone_verbs.indexOf(w) >= 0 && j > 0 && words[j - 1] === "i") {  // ("the 9 i discarded")
          for (var b = j - 2 - (words[j - 2] === "that" ? 1 : 0); used[b] === true; b--) { add([b]); }
        }
        // ("had the 6 of hearts but swapped it out", "drew a 7 and snapped it": the card said last before the verb)
        if (words[j + 1] === "it" && (lex.gone_verbs.indexOf(w) >= 0 ||
            (lex.swap_verbs.indexOf(w) >= 0 && (words[j + 2] === "out" || words[j + 2] === "away")))) {
          var last = -1;
          for (var u = 0; u < j; u++) { if (used[u] === true) { last = u; } }
          for (var c = last; c >= 0 && used[c] === true; c--) { add([c]); }
        }
      });
      return out;
    }

    // cambio_ref.askstory.denied: the one card or count right after "not" or "without" ("not 3 jacks", "don't
    // count the 9"), the words of denied_skip between
    function denied(words, used, namedAt) {
      var out = [], starts = namedAt.filter(function (k, x) { return namedAt.indexOf(k) === x; })
        .sort(function (a, b) { return a - b; });
      words.forEach(function (w, j) {
        if (lex.denying.indexOf(w) < 0) { return; }
        var k = j + 1;
        while (k < words.length && lex.denied_skip.indexOf(words[k]) >= 0) { k += 1; }
        if (used[k] !== true || starts.indexOf(k) < 0) { return; }
        var next = starts.filter(function (n) { return n > k; }), end = next.length ? next[0] : words.length;
        for (var m = k; m < end; m++) { if (used[m] === true && out.indexOf(m) < 0) { out.push(m); } }
      });
      return out;
    }

    // cambio_ref.askstory._corrected_to: where the word said instead starts when a correction starts at j, else -1
    function correctedTo(words, j) {
      var k = j;
      for (;;) {  // (one correction's words after another's: "sorry i mean")
        var said = null;
        for (var c = 0; c < lex.corrections.length && said === null; c++) {
          if (same(words.slice(k, k + lex.corrections[c].length), lex.corrections[c])) { said = lex.corrections[c]; }
        }
        if (said === null) { break; }
        k += said.length;
      }
      if (k === j) { return -1; }
      while (k < words.length && articles.has(words[k])) { k += 1; }
      return k;
    }

    // cambio_ref.askstory.corrected: the card right before words that take it back ("a 7, no wait, an 8")
    function corrected(words, used) {
      var out = [];
      for (var j = 1; j < words.length; j++) {
        if (used[j - 1] !== true || used[correctedTo(words, j)] !== true) { continue; }
        for (var b = j - 1; used[b] === true; b--) { if (out.indexOf(b) < 0) { out.push(b); } }
      }
      return out;
    }

    // cambio_ref.askstory.taken_back: the places of words no card is read at right before a correction that a card
    // follows: a slip taken back ("a 4 and a hack... I mean jack")
    function takenBack(words, used) {
      var out = [];
      for (var j = 1; j < words.length; j++) {
        if (used[j - 1] !== true && used[correctedTo(words, j)] === true) { out.push(j - 1); }
      }
      return out;
    }

    // cambio_ref.askstory.runs: the words at `places`, each run of neighbouring places one phrase
    function runs(words, places) {
      var out = [];
      places.slice().sort(function (a, b) { return a - b; }).forEach(function (j) {
        if (out.length && places.indexOf(j - 1) >= 0) { out[out.length - 1] += " " + words[j]; } else { out.push(words[j]); }
      });
      return out;
    }

    // cambio_ref.askagain.restated: the indices of cards said again right before or after a list of the same ranks,
    // one list counted and the other card by card ("three fives, so 5 5 5"): of the two, the one saying fewer suits
    // cambio_ref.askagain._first_said_again: of two lists naming the same cards, whether the first is said again (it
    // tells fewer suits and colours); null when a suit one names is not among the other's
    function firstSaidAgain(first, then) {
      function told(h) { return h.reduce(function (t, m) { return t + 2 * (m.suit ? 1 : 0) + (m.colour ? 1 : 0); }, 0); }
      function suited(h) { return h.filter(function (m) { return m.suit; }).map(function (m) { return m.rank + m.suit; }); }
      function within(a, b) { return a.every(function (x) { return b.indexOf(x) >= 0; }); }
      var a = suited(first), b = suited(then);
      if (!(within(a, b) || within(b, a))) { return null; }
      return told(then) > told(first);
    }

    function restated(cards, namedAt) {
      var n = cards.length === namedAt.length ? cards.length : 0;
      function ranksOf(h) { return h.map(function (m) { return m.rank; }).sort().join(" "); }
      for (var k = Math.floor(n / 2); k > 1; k--) {
        for (var o = 0; o + 2 * k <= n; o++) {
          var first = cards.slice(o, o + k), then = cards.slice(o + k, o + 2 * k);
          var here = new Set(namedAt.slice(o, o + k)), there = new Set(namedAt.slice(o + k, o + 2 * k));
          var shared = Array.from(here).some(function (x) { return there.has(x); });
          if (ranksOf(first) !== ranksOf(then) || shared || (here.size === k) === (there.size === k) ||
              (o > 0 && namedAt[o - 1] === namedAt[o]) || (o + 2 * k < n && namedAt[o + 2 * k - 1] === namedAt[o + 2 * k])) {
            continue;
          }
          var firstAgain = firstSaidAgain(first, then);
          if (firstAgain === null) { continue; }
          var from = firstAgain ? o : o + k, out = [];
          for (var x = from; x < from + k; x++) { out.push(x); }
          return out;
        }
      }
      return [];
    }

    // cambio_ref.askagain.recounted: the indices of cards counted again by "both" or "all" and a count, as many of
    // their rank as were named before ("2 2 2 2 and a joker (yes all 4 twos)"): of the two, the one saying fewer suits
    function recounted(words, cards, namedAt, again) {
      var n = cards.length === namedAt.length ? cards.length : 0, out = [];
      function mentions(xs) { return xs.map(function (m) { return cards[m]; }); }
      var o = 0;
      while (o < n) {
        var k = 1;
        while (o + k < n && namedAt[o + k] === namedAt[o]) { k += 1; }
        var at = namedAt[o], rank = cards[o].rank, group = [];
        for (var g = o; g < o + k; g++) { group.push(g); }
        var opened = words[at] === "both" || (at > 0 && lex.recount.indexOf(words[at - 1]) >= 0 && words[at] !== "both");
        var before = [];
        for (var m = 0; m < o; m++) {
          if (cards[m].rank === rank && again.indexOf(m) < 0 && out.indexOf(m) < 0) { before.push(m); }
        }
        if (k >= 2 && opened && group.every(function (x) { return cards[x].rank === rank; }) && before.length === k) {
          var firstAgain = firstSaidAgain(mentions(before), mentions(group));
          if (firstAgain !== null) { (firstAgain ? before : group).forEach(function (x) { out.push(x); }); }
        }
        o += k;
      }
      return out;
    }

    // cambio_ref.askdescribed.described: the places of the words read as cards right before "is" or "are" (not followed
    // by a pronoun that asks: "is that negative?"): a card the question says something about, not one of the hand
    // cambio_ref.askdescribed.claimed: "is" and a number after a list of cards say its total ("a red king and a 5 is 4")
    function claimed(words, j, used) {
      var next = words[j + 1];
      if (used[j - 1] !== true || next === undefined || !(/^[0-9]+$/.test(next) || has(lex.number_words, next))) {
        return false;
      }
      var k = j - 1;
      while (used[k] === true) { k -= 1; }
      while (k >= 0 && articles.has(words[k])) { k -= 1; }
      if (k < 0 || !joins.has(words[k])) { return false; }
      k -= 1;
      while (k >= 0 && articles.has(words[k])) { k -= 1; }
      return used[k] === true;
    }

    // cambio_ref.askdescribed.said_of: the places of the run of words read as cards right before j, the last card's words
    // only when starts (where each card's words start) is given ("a queen, both kings are red": "both kings")
    function saidOf(j, used, starts) {
      var run = [];
      for (var k = j - 1; used[k] === true; k--) {
        run.unshift(k);
        if (starts && starts.indexOf(k) >= 0) { break; }
      }
      return run;
    }

    function described(words, used, starts) {
      var out = [];
      function add(k) { if (out.indexOf(k) < 0) { out.push(k); } }
      words.forEach(function (w, j) {
        // (last, after a colour: "the sevens are red" at the end reads "sevens red are")
        if (lex.described_by.indexOf(w) < 0 || (j + 1 >= words.length ? !(j > 0 && has(colours, words[j - 1])) :
            lex.asking_pronouns.indexOf(words[j + 1]) >= 0 || lex.held_after.indexOf(words[j + 1]) >= 0) ||
            claimed(words, j, used)) {
          return;
        }
        saidOf(j, used, starts).forEach(add);
      });
      words.forEach(function (w, j) {  // (cards of the deck, "2 jokers in the deck"; a power, "the queen swap")
        if (!lex.in_deck.some(function (d) { return same(words.slice(j, j + d.length), d); }) &&
            lex.power_nouns.indexOf(w) < 0) { return; }
        saidOf(j, used, starts).forEach(add);
      });
      words.forEach(function (w, j) {  // ("in the deck there are two jokers": the first card after)
        var at = deckHas(words, j);
        if (at < 0) { return; }
        for (var k = at; used[k] === true && (k === at || !(starts && starts.indexOf(k) >= 0)); k++) { add(k); }
      });
      return out;
    }

    // cambio_ref.askdescribed._deck_has: where the cards start that "in the deck" and "there are" before them tell of
    function deckHas(words, j) {
      for (var x = 0; x < lex.in_deck.length; x++) {
        var d = lex.in_deck[x];
        if (!same(words.slice(j, j + d.length), d)) { continue; }
        for (var y = 0; y < lex.deck_has.length; y++) {
          var h = lex.deck_has[y];
          if (same(words.slice(j + d.length, j + d.length + h.length), h)) { return j + d.length + h.length; }
        }
      }
      return -1;
    }

    // cambio_ref.askagain.colours_told: the colour or suits told after naming cards, each [rank, colour, suits]
    // ("both kings are red", "fives are spades and clubs")
    function coloursTold(words, reading) {
      var out = [];
      words.forEach(function (w, j) {
        if (lex.described_by.indexOf(w) < 0) { return; }
        var run = saidOf(j, reading.used, reading.namedAt), found = {};
        reading.cards.forEach(function (c, n) { if (run.indexOf(reading.namedAt[n]) >= 0) { found[c.rank] = true; } });
        var k = j + 1, colour = run.indexOf(j - 1) >= 0 && has(colours, words[j - 1]) ? words[j - 1] : "", told = [];
        while (k < words.length && (has(colours, words[k]) || has(suits, words[k]) || (joins.has(words[k]) && k > j + 1 &&
               k + 1 < words.length && (has(colours, words[k + 1]) || has(suits, words[k + 1]))))) {
          if (has(colours, words[k])) { colour = colour || words[k]; } else if (has(suits, words[k])) { told.push(suits[words[k]]); }
          k += 1;
        }
        var rs = Object.keys(found);
        if (rs.length === 1 && (colour || told.length) && (k === words.length || !has(ranks, words[k]))) {
          out.push([rs[0], colour, told, run]);
        }
      });
      return out;
    }

    // cambio_ref.askdescribed.in_deck: the places of the words "in the deck" and the like right after cards set apart
    // (and the words of deck_before right before those cards: "we play with"; or "in the deck there are" before them)
    function inDeck(words, apart) {
      var out = [];
      function add(k) { if (out.indexOf(k) < 0) { out.push(k); } }
      for (var j = 1; j < words.length; j++) {
        if (apart.indexOf(j - 1) < 0) { continue; }
        lex.in_deck.forEach(function (d) {
          if (same(words.slice(j, j + d.length), d)) {
            for (var k = j; k < j + d.length; k++) { add(k); }
            var m = j - 1;
            while (apart.indexOf(m - 1) >= 0) { m -= 1; }
            while (m > 0 && lex.deck_before.indexOf(words[m - 1]) >= 0) { m -= 1; add(m); }
          }
        });
      }
      for (var i = 0; i < words.length; i++) {
        var at = deckHas(words, i);
        if (at >= 0 && apart.indexOf(at) >= 0) { for (var n = i; n < at; n++) { add(n); } }
      }
      return out.sort(function (a, b) { return a - b; });
    }

    // cambio_ref.askstory.rid_of: the places of the verbs of getting rid of a card right before a card gone (`thrown`,
    // past "my", "both" or an article): the hand's story, no rule ("ended with a 4 and a 6 after burning my jack")
    function ridOf(words, thrown) {
      var out = [];
      words.forEach(function (w, j) {
        if (lex.gone_verbs.indexOf(w) >= 0 && thrown.indexOf(pastSkip(words, j + 1)) >= 0) { out.push(j); }
      });
      return out;
    }

    // cambio_ref.askstory._past_skip: the first place from k on whose word is not one of gone_skip
    function pastSkip(words, k) {
      while (k < words.length && lex.gone_skip.indexOf(words[k]) >= 0) { k += 1; }
      return k;
    }

    // cambio_ref.askstory.call_time: the places of the words that tell when the cards (`used`) were counted, by the
    // call ("when he called", "once cambio was called"): a time word, a verb of calling after it with at most
    // call_reach words and no card between, and "cambio" right after it; none when no card is read
    function callTime(words, used) {
      var out = [];
      if (!Object.keys(used).some(function (k) { return used[k] === true; })) { return out; }
      words.forEach(function (w, j) {
        if (lex.call_times.indexOf(w) < 0) { return; }
        var verb = -1;
        for (var k = j + 1; k < Math.min(j + 2 + lex.call_reach, words.length); k++) {
          if (lex.call_verbs.indexOf(words[k]) >= 0) { verb = k; break; }
        }
        if (verb < 0) { return; }
        for (var c = j; c < verb; c++) { if (used[c] === true) { return; } }
        var end = verb + 1 + (words[verb + 1] === "cambio" ? 1 : 0);
        for (var m = j; m < end; m++) { if (out.indexOf(m) < 0) { out.push(m); } }
      });
      return out;
    }

    // cambio_ref.askstory.counted_apart: number words from "two" up read as cards right after "other", "remaining"
    // and the like, with no "a" or "an" before: more cards counted, told of apart ("queen and 4. other two i dont know")
    function countedApart(words, used) {
      var out = [];
      words.forEach(function (w, j) {
        if (used[j] === true && j > 0 && has(lex.number_words, w) && lex.number_words[w] >= 2 &&
            lex.count_before.indexOf(words[j - 1]) >= 0 && (j === 1 || !ctx.indefinite.has(words[j - 2]))) {
          out.push(j);
        }
      });
      return out;
    }

    // cambio_ref.askagain.first_told: the places of the cards told of, said to be the player's ("my") when no other
    // card of their rank is named: the hand's, with their colour ("my two queens are black, plus a 3")
    function firstTold(words, reading, told) {
      var out = [];
      told.forEach(function (t) {
        var run = t[3];
        if (!run.length || run[0] === 0 || lex.label_owners.indexOf(words[run[0] - 1]) < 0) { return; }
        if (reading.cards.every(function (c, n) { return c.rank !== t[0] || run.indexOf(reading.namedAt[n]) >= 0; })) {
          run.forEach(function (k) { if (out.indexOf(k) < 0) { out.push(k); } });
        }
      });
      return out;
    }

    // cambio_ref.askagain.coloured: the cards with the colours and suits told of their rank given to those with no suit
    function coloured(cards, told) {
      var out = cards.slice();
      told.forEach(function (t) {
        var bare = [];
        out.forEach(function (c, n) { if (c.rank === t[0] && !c.suit) { bare.push(n); } });
        if (t[2].length && t[2].length === bare.length) {
          bare.forEach(function (n, x) { out[n] = { rank: t[0], suit: t[2][x], colour: "" }; });
        } else if (t[1]) {
          bare.forEach(function (n) { out[n] = { rank: t[0], suit: "", colour: t[1] }; });
        }
      });
      return out;
    }

    // cambio_ref.askdescribed.said_points: the runs of words read as cards said to be worth a number of points ("where an
    // ace is zero", "jokers are minus 1"), each as [places, points]
    function saidPoints(words, used, starts) {
      var out = [];
      words.forEach(function (w, j) {
        if (lex.described_by.indexOf(w) < 0 || used[j - 1] !== true || claimed(words, j, used)) { return; }
        var run = saidOf(j, used, starts);
        var m = j + 1;
        while (m < words.length && lex.points_lead.indexOf(words[m]) >= 0) { m += 1; }
        var sign = m < words.length && lex.negative.indexOf(words[m]) >= 0 ? -1 : 1;
        if (sign < 0) { m += 1; }
        var said = m < words.length ? words[m] : "";
        var n = /^[0-9]+$/.test(said) ? parseInt(said, 10) : has(lex.number_words, said) ? lex.number_words[said] : null;
        if (n !== null) { out.push([run, sign * n]); }
      });
      return out;
    }

    // cambio_ref.askstory.referred: a card got rid of that points back ("the 7", "my 7") at one told before is that
    // card, gone too (the latest before it of its rank and a suit it may be, named alone, not itself gone)
    function referred(words, reading, away) {
      var starts = reading.namedAt, out = [];
      away.slice().sort(function (a, b) { return a - b; }).forEach(function (at) {
        if (at === 0 || lex.back_words.indexOf(words[at - 1]) < 0) { return; }
        var card;
        if (starts.indexOf(at) >= 0) { card = reading.cards[starts.indexOf(at)]; }
        else if (has(ranks, words[at])) { card = { rank: ranks[words[at]], suit: "", colour: "" }; }
        else { return; }
        var mine = ctx.mentionSuits(card);
        for (var m = starts.length - 1; m >= 0; m--) {
          var told = reading.cards[m];
          if (starts[m] >= at || away.indexOf(starts[m]) >= 0 || told.rank !== card.rank ||
              !ctx.mentionSuits(told).some(function (x) { return mine.indexOf(x) >= 0; })) { continue; }
          if (starts.filter(function (x) { return x === starts[m]; }).length === 1) {
            var end = words.length;
            for (var n = m + 1; n < starts.length; n++) { if (starts[n] > starts[m]) { end = starts[n]; break; } }
            Object.keys(reading.used).map(Number).forEach(function (k) {
              if (reading.used[k] && k >= starts[m] && k < end && k < at && out.indexOf(k) < 0) { out.push(k); }
            });
          }
          break;
        }
      });
      return out;
    }
    // cambio_ref.askpeople.people: the people a question names, never asked for: a given name (data.names) anywhere,
    // or a word the engine does not know with a capital, not first in a sentence
    var givenNames = new Set(ctx.data.names || []);
    function given(w) {  // cambio_ref.askpeople.given: a given name, or one with a possessive's "s" ("lisas 9")
      return givenNames.has(w) || (w.slice(-1) === "s" && givenNames.has(w.slice(0, -1)));
    }
    function people(text) {
      var out = new Set();
      (text.toLowerCase().match(/[a-z]+/g) || []).forEach(function (w) {
        if (given(w)) { out.add(w); }
      });
      var re = /\b([A-Z][a-z]+)(?:['\u2019]s)?\b/g, m;
      while ((m = re.exec(text)) !== null) {
        var word = m[1].toLowerCase(), before = text.slice(0, m.index).replace(/[ \t]+$/, "");
        if (!has(vocab, word) && before && ".!?:\n".indexOf(before[before.length - 1]) < 0) { out.add(word); }
      }
      return out;
    }
    // cambio_ref.askpeople.theirs: a person named right before "card" or "cards" written as another player
    // ("can i snap jakes card"), as a capital name's card is read
    function theirs(words, named) {
      var out = [];
      words.forEach(function (w, j) {
        if (named.has(w) && lex.card_nouns.indexOf(words[j + 1]) >= 0) {
          ctx.rawWords(lex.others).forEach(function (o) { out.push(o); });
        } else { out.push(w); }
      });
      return out;
    }
    // cambio_ref.askversus.versus: where a second hand compared with the first starts (its first card's first word),
    // or -1: after a word of comparing ("vs", "beat"), or, when the question asks who wins, of another player
    function versus(words, used, starts, names) {
      var vs = lex.versus, asks = words.some(function (w) { return vs.who_wins.indexOf(w) >= 0; });
      for (var x = 0; x + 1 < starts.length; x++) {
        var between = [];
        for (var k = starts[x] + 1; k < starts[x + 1]; k++) { if (!used[k]) { between.push(words[k]); } }
        var owners = between.map(function (w) { return vs.other_owners.indexOf(w) >= 0 || names.has(w); });
        // (another player and a verb of having, whatever is asked: "i have jack and 2, he has queen and 3")
        var hasHand = owners.some(function (o, y) {
          return o && y + 1 < between.length && vs.owner_has.indexOf(between[y + 1]) >= 0;
        });
        if (between.some(function (w) { return vs.comparing.indexOf(w) >= 0; }) || (asks && owners.some(Boolean)) || hasHand) {
          return starts[x + 1];
        }
      }
      return -1;
    }
    return { gone: gone, denied: denied, corrected: corrected, runs: runs, restated: restated, recounted: recounted, takenBack: takenBack, claimed: claimed,
             described: described, coloursTold: coloursTold, firstTold: firstTold, inDeck: inDeck, ridOf: ridOf, callTime: callTime, countedApart: countedApart, coloured: coloured, saidPoints: saidPoints, referred: referred, people: people, theirs: theirs, given: given,
             versus: versus };
  };
}(typeof module !== "undefined" ? module.exports : (window.cambioAskParts = window.cambioAskParts || {})));
