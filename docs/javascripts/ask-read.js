// The site's search, what a question asks for, its ruleset, its hand and its terms: cambio_ref.askread, step for
// step (ask.js assembles the parts).
(function (parts) {
  "use strict";
  parts.read = function (ctx) {
    var lex = ctx.lex, has = ctx.has, same = ctx.same, stop = ctx.stop, ranks = ctx.ranks, suits = ctx.suits,
      colours = ctx.colours, counts = ctx.counts, cues = ctx.cues, sumWords = ctx.sumWords,
      ruleTerms = ctx.ruleTerms, joins = ctx.joins, articles = ctx.articles, notUnread = ctx.notUnread,
      rawWords = ctx.rawWords, andBetweenCards = ctx.andBetweenCards, rankToken = ctx.rankToken, codeOf = ctx.codeOf,
      readCards = ctx.readCards, correct = ctx.correct, suitTypos = ctx.suitTypos, nearCardWord = ctx.nearCardWord,
      labels = ctx.labels, having = ctx.having, introduces = ctx.introduces, gone = ctx.gone, denied = ctx.denied,
      corrected = ctx.corrected, runs = ctx.runs, restated = ctx.restated, recounted = ctx.recounted,
      takenBack = ctx.takenBack,
      claimed = ctx.claimed,
      described = ctx.described, saidPoints = ctx.saidPoints, referred = ctx.referred, people = ctx.people,
      versus = ctx.versus, given = ctx.given, inflection = ctx.inflection,
      stopRaw = ctx.stopRaw, vocab = ctx.data.vocab;
    // cambio_ref.askread.asking: what a question or a title asks for, by its first question word.
    function asking(text) {
      var words = text.toLowerCase().split("'").join("").split("\u2019").join("").match(/[a-z0-9]+/g) || [];
      for (var i = 0; i < words.length; i++) {
        var kind = Object.prototype.hasOwnProperty.call(lex.asking, words[i]) ? lex.asking[words[i]] : "";
        if (kind === "how") { return i + 1 < words.length && lex.how_much.indexOf(words[i + 1]) >= 0 ? "number" : "other"; }
        if (kind) { return kind; }
      }
      return "";
    }
    var single = {};
    lex.phrases.forEach(function (p) { if (p[0].length === 1) { single[p[0][0]] = p[1]; } });
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
      if (word.endsWith("oes") && word.length > 3) { return word.slice(0, -2); }  // "goes" is "go"
      if (word.endsWith("s") && !word.endsWith("ss") && word.length > 3) { return word.slice(0, -1); }
      return word;
    }
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
      if (has(ranks, word) && lex.rank_letters.indexOf(word) < 0) { return [rankToken(ranks[word])]; }
      return [stem(has(lex.plain, word) ? lex.plain[word] : word)];  // everyday English: "drew" is "draw"
    }
    function canonWords(words) {
      var out = [];
      words.forEach(function (w) { canon(w).forEach(function (c) { out.push(c); }); });
      return out;
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

    // cambio_ref.askswitch.switched: the glossary terms a question says are on or off ("risky fives is on").
    var sw = lex["switch"];
    var swLinks = new Set(sw.links), swNeg = new Set(sw.negations), swVerbs = new Set(sw.verbs);
    var swOnBefore = new Set(sw.on_before);
    function switched(cw) {
      var said = {}, order = [];
      function say(term, v) {
        if (!has(said, term)) { said[term] = []; order.push(term); }
        if (said[term].indexOf(v) < 0) { said[term].push(v); }
      }
      var n = cw.length;
      for (var j = 0; j < n; j++) {
        for (var x = 0; x < lex.phrases.length; x++) {
          var p = lex.phrases[x][0], term = lex.phrases[x][1];
          if (p[0] !== cw[j] || !same(cw.slice(j, j + p.length), p)) { continue; }
          var k = j + p.length, m = k;
          while (m < n && swLinks.has(cw[m])) { m += 1; }
          // (after "with", "on" says the rule is on whatever follows: "with risky fives on, two fives")
          if (m < n && has(sw.on_off, cw[m]) && ((j > 0 && cw[j - 1] === sw["with"]) ||
              !(m === k && cw[m] === "on" && m + 1 < n && (swOnBefore.has(cw[m + 1]) || /^[0-9]/.test(cw[m + 1]))))) {
            say(term, sw.on_off[cw[m]]);
          }
          if (j > 0 && swNeg.has(cw[j - 1])) { say(term, false); }
          if (j > 1 && has(sw.on_off, cw[j - 1]) && swVerbs.has(cw[j - 2])) { say(term, sw.on_off[cw[j - 1]]); }
          break;  // the longest name starting here is the one said on or off
        }
      }
      return order.filter(function (t) { return said[t].length === 1; }).map(function (t) { return [t, said[t][0]]; });
    }

    // cambio_ref.askread.set_aside: the places of the words naming a part of a source (`parts`) that the canonical
    // words `cw` set aside ("not the FAQ bit", "rather than the main text", "leaving the faq aside").
    var asideBefore = lex.set_aside[0], asideAfter = lex.set_aside[1], asideBetween = new Set(lex.set_aside_between);
    function setAside(cw) {
      var out = new Set(), n = cw.length;
      for (var j = 0; j < n; j++) {
        for (var x = 0; x < lex.phrases.length; x++) {
          var p = lex.phrases[x][0], term = lex.phrases[x][1];
          if (p[0] !== cw[j] || !same(cw.slice(j, j + p.length), p)) { continue; }
          if (lex.parts.indexOf(term) < 0) { break; }  // the longest name starting here
          var k = j + p.length, i = j, m = k;
          while (i > 0 && asideBetween.has(cw[i - 1])) { i -= 1; }
          while (m < n && asideBetween.has(cw[m])) { m += 1; }
          if (asideBefore.some(function (c) { return same(cw.slice(Math.max(i - c.length, 0), i), c); }) ||
              asideAfter.some(function (c) { return same(cw.slice(m, m + c.length), c); })) {
            for (var a = j; a < k; a++) { out.add(a); }
          }
          break;
        }
      }
      return out;
    }

    // cambio_ref.askread.rule_phrases: each phrase of a rule's term (not a card's: "risky fives") the canonical
    // words `cw` use, with its term, and the places of its words (a number or a rank there names no card).
    function rulePhrases(cw) {
      var found = new Map();
      for (var j = 0; j < cw.length; j++) {
        lex.phrases.forEach(function (p) {
          var n = p[0].length;
          if (n < 2 || !ruleTerms.has(p[1]) || !same(cw.slice(j, j + n), p[0])) { return; }
          var key = p[0].join(" ") + "\u0000" + p[1];
          if (!found.has(key)) { found.set(key, []); }
          var places = found.get(key);
          if (places.indexOf(j) < 0) { for (var k = j; k < j + n; k++) { places.push(k); } }
        });
      }
      return found;
    }
    function analyse(text) {
      var typed = rawWords(text);
      // (a given name is no typo, nor is a word read as its own inflection one to tell of)
      var words = suitTypos(typed.map(function (w) { return given(w) ? w : correct(w); }));
      var fixed = [], fixedSeen = new Set();
      typed.forEach(function (t, n) {
        var key = t + "\u0000" + words[n];
        if (t !== words[n] && !inflection(t, words[n]) && !fixedSeen.has(key)) {
          fixedSeen.add(key);
          fixed.push([t, words[n]]);
        }
      });
      words = andBetweenCards(words);  // ("k n a qeen": "n" joins cards once the typo is read)
      var ruleset = null, keep = [], i = 0;
      while (i < words.length) {
        var matched = false;
        for (var r = 0; r < lex.rulesets.length; r++) {
          var name = lex.rulesets[r][0];
          var next = words.slice(i + 1, i + 2);
          if (same(words.slice(i, i + name.length), name) && ruleset === null && (
              !same(name, ["hearts"]) || i === 0 || cues.has(words[i - 1]) ||
              (i > 1 && articles.has(words[i - 1]) && cues.has(words[i - 2])) ||  // ("in the hearts game")
              lex.suit_ruleset_tails.some(function (t) { return same(next, t); }) ||
              same(words.slice(i + 1, i + 3), ["house", "rules"]))) {
            ruleset = lex.rulesets[r][1];
            i += name.length;
            if (keep.length && keep[keep.length - 1] === lex.game) { keep.pop(); }  // ("cambio official rules")
            if (lex.ruleset_between.indexOf(words[i]) >= 0 && lex.ruleset_tails.indexOf(words[i + 1]) >= 0) {
              i += 1;  // ("the memory-game version")
            }
            if (lex.ruleset_tails.indexOf(words[i]) >= 0) { i += 1; }  // "official rules", "online site": the name
            matched = true;
            break;
          }
        }
        if (!matched) { keep.push(words[i]); i += 1; }
      }
      var named = people(text);
      keep = ctx.theirs(keep, named);  // ("can i snap jakes card": another player's card)
      var owner = [], cw = [];  // (the word of keep each canonical word comes from)
      keep.forEach(function (w, j) { canon(w).forEach(function (c) { owner.push(j); cw.push(c); }); });
      // cambio_ref.askcanon.ordinals: "round one" is the first round
      for (var o = 1; o < cw.length; o++) {
        if (lex.numbered.indexOf(cw[o - 1]) >= 0 && has(lex.ordinals, cw[o])) {
          var stage = cw[o - 1]; cw[o - 1] = lex.ordinals[cw[o]]; cw[o] = stage;
        }
      }
      // cambio_ref.askcanon.letters: a rank's letter after an article or a possessive is the card ("the q"), not "Q&A"
      for (var l = 1; l < cw.length; l++) {
        if (lex.rank_letters.indexOf(cw[l]) >= 0 && lex.lettered.indexOf(cw[l - 1]) >= 0 && cw[l + 1] !== "a" &&
            !(cw[l + 1] === "and" && cw[l + 2] === "a")) {
          cw[l] = rankToken(cw[l].toUpperCase());
        }
      }
      var found = rulePhrases(cw), masked = new Set();  // ("risky fives": no card there)
      found.forEach(function (places) { places.forEach(function (i) { masked.add(owner[i]); }); });
      // (only a card's word is masked: "2 penalty cards" still counts penalty cards; cambio_ref.askread.card_word)
      var reading = readCards(keep.map(function (w, j) {
        return masked.has(j) && (has(ranks, w) || has(suits, w) || has(colours, w) || has(counts, w) || codeOf(w) !== null)
          ? "" : w;
      }));
      // cambio_ref.askstory.gone: a card the player got rid of ("I burned my 7 earlier") is not in the hand, when
      // other cards are
      // cambio_ref.askstory.labelled: the cards before the hand's label ("my hand is", "final hand:", "my last
      // cards are"), or before "i have" ("i've got", "i'm holding") with two or more cards after it, are the story's
      var usedFirst = Object.keys(reading.used).map(Number);
      var cut = versus(keep, reading.used, reading.namedAt, named);
      var handLabel = -1;
      function cardsAfter(j) { return usedFirst.filter(function (k) { return k > j; }).length; }
      keep.forEach(function (w, j) {
        if (lex.hand_labels.indexOf(w) >= 0 && (j === 0 || lex.label_owners.indexOf(keep[j - 1]) >= 0 ||
            (j > 1 && lex.label_asides.indexOf(keep[j - 1]) >= 0 && lex.label_owners.indexOf(keep[j - 2]) >= 0) ||
            labels(keep, j, reading.used)) && cardsAfter(j) >= 1) { handLabel = j; }
        if (having(keep, j) && cardsAfter(j) >= 2) { handLabel = j; }
      });
      // (a label after "other" or "rest" labels more cards: those before it stay, askstory.LABEL_MORE)
      if (keep.slice(Math.max(handLabel - 2, 0), Math.max(handLabel, 0)).some(function (w) {
        return lex.label_more.indexOf(w) >= 0;
      })) { handLabel = -1; }
      if (cut >= 0) { handLabel = -1; }  // (two hands compared: each has its own label, if any)
      var said = [];
      saidPoints(keep, reading.used, reading.namedAt).forEach(function (sp) {
        readCards(keep.map(function (w, j) { return sp[0].indexOf(j) >= 0 ? w : ""; })).cards.forEach(function (c) {
          said.push([c, sp[1]]);
        });
      });
      var told = [], apart = [];
      // ("two kings and a queen, both kings are red"; the first told of, with their colour, are the hand's: "my two
      // queens are black, plus a 3")
      var hues = ctx.coloursTold(keep, reading), own = ctx.firstTold(keep, reading, hues);
      var thrown = gone(keep, reading.used);
      var away = thrown.concat(referred(keep, reading, thrown), usedFirst.filter(function (k) { return k < handLabel; }),
        described(keep, reading.used, reading.namedAt), corrected(keep, reading.used), denied(keep, reading.used, reading.namedAt),
        ctx.countedApart(keep, reading.used))
        .filter(function (j, x, all) { return !masked.has(j) && own.indexOf(j) < 0 && all.indexOf(j) === x; });
      if (away.length) {
        var kept = readCards(keep.map(function (w, j) { return masked.has(j) || away.indexOf(j) >= 0 ? "" : w; }));
        // cambio_ref.cardcounts.without: a letter read beside a card left out stays a card ("J, a 7, no wait, a ten",
        // "K, a 7, no wait, J")
        if (Object.keys(reading.used).map(Number).some(function (k) {
          return reading.used[k] && away.indexOf(k) < 0 && !kept.used[k];
        })) {
          kept = ctx.without(reading, away);
        }
        var deck = ctx.inDeck(keep, away);  // ("with 2 jokers in the deck, ...": where they are, no rule)
        if (kept.cards.length || deck.length) {  // (cards all the deck's are no hand: "we play with 4 jokers in the deck")
          reading = kept;
          away.forEach(function (j) { masked.add(j); });
          told = runs(keep, away);  // (the cards told of apart from the hand)
          // ("... after burning my jack": the verb tells the hand's story, no rule)
          apart = deck.concat(ctx.ridOf(keep, thrown));
        }
      }
      if (hues.length) { reading.cards = ctx.coloured(reading.cards, hues); }
      var cards = reading.cards;
      // cambio_ref.askstory.taken_back: a slip taken back ("a hack... I mean jack"), neither unread nor asked
      var back = takenBack(keep, reading.used);
      var cwKept = cw.filter(function (w, i) { return back.indexOf(owner[i]) < 0; });
      var wanted = [], plain = [], covered = cw.map(function () { return false; });
      var aside = setAside(cw);  // ("not the FAQ": a part of a source the question does not ask for)
      // cambio_ref.askcanon.idioms: "point" in "the point of", "what point" is the word, no card's points
      var purpose = new Set(), idiom = new Set();
      lex.point_idioms.forEach(function (words) {
        for (var p = 0; p + words.length <= cw.length; p++) {
          if (same(cw.slice(p, p + words.length), words)) {
            purpose.add(p + words.indexOf("point"));
            idiom.add(owner[p + words.indexOf("point")]);
          }
        }
      });
      for (var j = 0; j < cw.length; j++) {
        lex.phrases.forEach(function (p) {
          if (p[0].length > 1 && !aside.has(j) && same(cw.slice(j, j + p[0].length), p[0])) {
            wanted.push(["@" + p[1]]);
            plain.push(p[0].filter(function (w) { return !stop.has(w); }).map(function (w) {
              return has(single, w) ? [w, "@" + single[w]] : [w];
            }));
            for (var k = j; k < j + p[0].length; k++) { covered[k] = true; }
          }
        });
      }
      cw.forEach(function (w, j) {
        if (!stop.has(w) && !covered[j] && !aside.has(j) && !named.has(keep[owner[j]]) && back.indexOf(owner[j]) < 0) {
          wanted.push(has(single, w) && !purpose.has(j) ? [w, "@" + single[w]] : [w]); plain.push([]);
        }
      });
      var last = cw.length - 1;  // the words that named the ruleset aside ("on the" cambio app)
      while (ruleset !== null && last >= 0 && (cues.has(cw[last]) || articles.has(cw[last]))) { last -= 1; }
      while (last >= 0 && lex.last_fillers.indexOf(cw[last]) >= 0) { last -= 1; }  // ("what does the jack do exactly")
      // ("what do 7s and 8s do": a rule's word, as topical counts it)
      // (not after "what" or the player: "no more cards in the deck, what do", "what do i do" ask what to do)
      var askedLast = last >= 0 && stop.has(cw[last]) && has(single, cw[last]) && !covered[last] &&
        ["what", "i", "we", "you"].indexOf(cw[last - 1]) < 0 ? 1 : 0;
      if (askedLast) { wanted.push(["@" + single[cw[last]]]); plain.push([]); }
      var seen = new Set(), unique = [], uniqueCovered = [];
      wanted.forEach(function (alts, n) {
        var key = alts.join("\u0000");
        if (!seen.has(key)) { seen.add(key); unique.push(alts); uniqueCovered.push(plain[n]); }
      });
      var valued = keep.map(function () { return false; });
      for (var v = 0; v < keep.length; v++) {
        if (idiom.has(v)) { continue; }
        lex.value.forEach(function (phrase) {
          if (same(canonWords(keep.slice(v, v + phrase.length)), phrase)) {
            for (var k2 = v; k2 < v + phrase.length; k2++) { valued[k2] = true; }
          }
        });
      }
      var usedAt = Object.keys(reading.used).map(Number);
      var firstCard = usedAt.length ? Math.min.apply(null, usedAt) : 0;
      // cambio_ref.askhand.hand_label: "hand: 3, 3, 9", "my cards: K, Q" label the cards right after them, and
      // "holding" before them or their article is chat too
      var verb = firstCard - 1 - (firstCard > 1 && articles.has(keep[firstCard - 1]) ? 1 : 0);
      var label = firstCard && lex.hand_verbs.indexOf(keep[verb]) >= 0 ? verb
        : firstCard && lex.hand_labels.indexOf(keep[firstCard - 1]) >= 0 &&
        (firstCard === 1 || lex.label_owners.indexOf(keep[firstCard - 2]) >= 0 ||
         lex.own_labels.indexOf(keep[firstCard - 1]) >= 0) ? firstCard - 1 : -1;
      // From the word before the first card (cambio_ref.askindex._hand_span).
      var lo = usedAt.length ? Math.max(Math.min.apply(null, usedAt) - 1, 0) : 0, hi = usedAt.length ? Math.max.apply(null, usedAt) : -1;
      // cambio_ref.askhand.judged: the words judging the cards after the last ("a pair of sevens, good or bad")
      var judging = hi < 0 ? [] : keep.map(function (w, j) { return j; }).filter(function (j) {
        return j > hi && lex.judging.indexOf(keep[j]) >= 0;
      });
      var when = ctx.callTime(keep, reading.used);  // ("... a 2 left when he called": when they were counted, no rule)
      var rest = [];
      keep.forEach(function (w, j) {
        if (!stopRaw.has(w) && !has(ranks, w) && !has(suits, w) && !has(colours, w) &&
            !(has(counts, w) && w !== lex.ace_number) && codeOf(w) === null &&
            !reading.used[j] &&
            !valued[j] && ["rule", "rules", "ruleset"].indexOf(w) < 0 && j !== label && back.indexOf(j) < 0 &&
            apart.indexOf(j) < 0 && judging.indexOf(j) < 0 && when.indexOf(j) < 0) { rest.push(j); }
      });
      // cambio_ref.askindex._hand_span: the word an "and" after the last card joins is among the cards too.
      var end = hi + 1;
      if (usedAt.length) {
        var at = end;
        while (at < keep.length && articles.has(keep[at])) { at += 1; }
        if (at < keep.length && joins.has(keep[at])) {
          at += 1;
          while (at < keep.length && articles.has(keep[at])) { at += 1; }
          end = Math.min(at + 1, keep.length);
        }
      }
      var unread = [];
      // (the words between two hands compared set them apart: "my 10 and ace vs her 6 and 6")
      var lastBefore = cut;
      reading.namedAt.forEach(function (at) { if (at < cut && (lastBefore === cut || at > lastBefore)) { lastBefore = at; } });
      keep.forEach(function (w, j) {
        if (reading.used[j] || reading.points[j] || masked.has(j) || (j > lastBefore && j < cut) || back.indexOf(j) >= 0) { return; }
        if ((j >= lo && j < end && !notUnread.has(w) && !valued[j] && j !== label) ||
            (rest.indexOf(j) >= 0 && !has(vocab, w) && nearCardWord(w))) {
          unread.push(w);
        }
      });
      var codes = keep.filter(function (w) { return codeOf(w) !== null; }).length;
      var value = valued.some(function (x) { return x; });
      // cambio_ref.askhand.summed: "left" right after the cards (with a word of value), "total" or "sum" after
      // them, "come to" ("add to") after them, "what's that" ending the question, "that" or "those" after them next
      // but one to a word of value ("how much is that"), or "my total"
      var tail = usedAt.length ? keep.slice(hi + 1) : [];
      var listed = usedAt.length > 0 && tail.every(function (w) { return lex.now_words.indexOf(w) >= 0; }) &&
        keep.some(function (w, j) { return introduces(keep, j, reading.used); });  // ("... hand: 2C 5H", "now i have 2, 7")
      var added = usedAt.length > 0 && keep.slice(Math.min.apply(null, usedAt), hi + 1).some(function (w) {
        return lex.sum_between.indexOf(w) >= 0;  // ("a 10 plus a jack")
      });
      // ("a red king and a 5 is 4, is she right": a sum said of the cards, to be checked)
      var claim = (keep[hi + 1] === "equal" && keep[hi + 2] === "to") || (keep[hi + 1] === "that" && keep[hi + 2] === "is")
        ? keep[hi + 3] : keep[hi + 2];
      added = added || (usedAt.length > 0 && lex.claimed.concat(lex.equal_words).indexOf(keep[hi + 1]) >= 0 &&
        claim !== undefined && (/^[0-9]+$/.test(claim) || has(lex.number_words, claim)));  // ("that's ten")
      // ("... who's right": a total over any card's number said, to check: askhand.summed)
      var checked = tail.indexOf(lex.right) >= 0 && keep.some(function (w) { return /^[0-9]+$/.test(w) && Number(w) > lex.max_number_card; });
      var summed = usedAt.length > 0 && (listed || added || checked || (keep[hi + 1] === "left" && value) ||
        tail.some(function (w) { return lex.sum_after.indexOf(w) >= 0; }) ||
        tail.some(function (w, k) {  // ("come to", "come out to")
          return lex.sum_to.indexOf(w) >= 0 && (tail[k + 1] === "to" || (tail[k + 1] === "out" && tail[k + 2] === "to"));
        }) ||
        lex.sum_ends.some(function (e) { return tail.length >= e.length && same(tail.slice(tail.length - e.length), e); }) ||
        keep.some(function (w, k) {
          return k > hi && lex.summed.indexOf(w) >= 0 && valued.some(function (v, x) { return v && Math.abs(k - x) <= 2; });
        }) || keep.some(function (w, k) {
          return k + 1 < keep.length && (w === "my" && lex.sum_nouns.indexOf(keep[k + 1]) >= 0 ||
            lex.sum_pairs.some(function (p) { return p[0] === w && p[1] === keep[k + 1]; }));
        }));
      // cambio_ref.askhand.owned: a hand's label or a word of having right before the first card ("i have a 9 and"),
      // "left" right after the last ("only 4 + 4 left"), or "all i" and a word of having after the last ("a 7 and a 2,
      // thats all i got")
      var owned = usedAt.length > 0 && (keep.slice(0, Math.min.apply(null, usedAt)).some(function (w, j) {
        return introduces(keep, j, reading.used);
      }) || keep[hi + 1] === "left" || keep.some(function (w, k) {
        return k > hi && w === "all" && keep[k + 1] === "i" && lex.having.indexOf(keep[k + 2]) >= 0;
      }));
      // cambio_ref.askhand.alone: the one card is the player's last ("my last card", "just an ace left")
      var alone = usedAt.length > 0 && (keep[hi + 1] === "left" || keep.some(function (w, k) {
        return lex.alone_pairs.some(function (p) { return p[0] === w && p[1] === keep[k + 1]; });
      }));
      var first = usedAt.length ? Math.min.apply(null, usedAt) : 0;  // (the first card's first word)
      // cambio_ref.askread.Query.told_first: the rule's words all before the cards, a word of value after them ("after
      // the call i had 6, 2, A, score?")
      var ruled = rest.filter(function (j) { return has(single, stem(keep[j])) && !idiom.has(j); });
      // (not the call that tells when the cards were counted: "... in my hand when she called cambio")
      found.forEach(function (places) { if (when.indexOf(owner[places[0]]) < 0) { ruled.push(owner[places[0]]); } });
      var toldFirst = usedAt.length > 0 && !askedLast && ruled.every(function (j) { return j < first; }) &&
        valued.some(function (v, j) { return v && j > hi; });
      // cambio_ref.askagain.restated: the cards said twice are counted once ("three fives, so 5 5 5"), the words said
      // again named as not counted
      // and cambio_ref.askagain.repeated: a suited card named twice is one card
      var again = restated(reading.cards, reading.namedAt);
      // and cambio_ref.askagain.recounted: the cards counted again by "both" or "all" and a count ("yes all 4 twos")
      recounted(keep, reading.cards, reading.namedAt, again).forEach(function (x) { again.push(x); });
      var left = [];
      reading.cards.forEach(function (c, x) { if (again.indexOf(x) < 0) { left.push(x); } });
      left.forEach(function (x, y) {
        var m = reading.cards[x];
        if (m.suit && left.slice(y + 1).some(function (z) {
          return ctx.sameCard(reading.cards[z], m);
        })) { again.push(x); }
      });
      if (again.length) {
        cards = reading.cards.filter(function (c, x) { return again.indexOf(x) < 0; });
        // cambio_ref.askread.said_again: the words of each run of them, from its first card's to the next card's
        var ids = again.slice().sort(function (a, b) { return a - b; });
        while (ids.length) {
          var run = [ids.shift()];
          while (ids.length && ids[0] === run[run.length - 1] + 1) { run.push(ids.shift()); }
          var start = reading.namedAt[run[0]];
          var end = run[run.length - 1] + 1 < reading.cards.length ? reading.namedAt[run[run.length - 1] + 1] : keep.length;
          if (start < end) {
            told = told.concat(runs(keep, usedAt.filter(function (j) { return j >= start && j < end; })));
          } else {
            run.forEach(function (x) { var c = reading.cards[x]; told.push(c.rank === "X" ? "X" : c.rank + (c.suit || (c.colour ? "(" + c.colour + ")" : ""))); });
          }
        }
      }
      var secondAt = reading.namedAt.filter(function (at, x) { return again.indexOf(x) < 0 && at < cut; }).length;
      var each = keep.indexOf("each") >= 0 ||
        (keep.slice(0, first).some(function (w, k) { return w === "are" && !(k && lex.hand_labels.indexOf(keep[k - 1]) >= 0); }) &&
         !keep.some(function (w) { return sumWords.has(w); }));
      return { text: text, ruleset: ruleset, cards: cards, codes: codes, value: value, leftover: rest.length, wanted: unique, covered: uniqueCovered,
               house: terms(cwKept).indexOf(lex.house) >= 0,
               elsewhere: (terms(cwKept).indexOf(lex.other_game) >= 0 || reading.poker) && terms(cwKept).indexOf(lex.game) < 0 &&
                 ruleset === null,
               aside: terms(cwKept).some(function (t) { return lex.aside.indexOf(t) >= 0; }),
               stated: reading.stated, ranksOnly: reading.ranksOnly, unread: unread, fixed: fixed, summed: summed,
               alone: alone, told: told, said: said, owned: owned, versus: secondAt > 0 && secondAt < cards.length ? secondAt : 0,
               each: each, switched: switched(cw), asks: asking(text), topical: askedLast + ruled.length, toldFirst: toldFirst,
               judged: judging.length > 0 };
    }
    // cambio_ref.askread.Query.off_topic: another card game alone, advice, the game's history or manners
    function offTopic(q) { return q.elsewhere || q.aside; }
    function isHand(q) {
      // (ranks named in the plural with no count count once each: "do red kings do anything")
      var n = q.ranksOnly ? ctx.distinct(q.cards).length : q.cards.length;
      return n > 0 && !q.stated && !offTopic(q) && ((q.summed && n >= 2) || (q.alone && n === 1 && (q.value || q.topical === 0 || q.summed)) ||
        (q.owned && n >= 2 && (q.topical === 0 || q.toldFirst)) ||
        (q.judged && n >= 2 && q.topical === 0 && q.leftover <= 1) ||
        (q.topical === 0 || q.codes >= 2 || n >= 4) && ((q.value || q.codes >= 2) && q.leftover <= Math.max(1, n + 1) ||
                       n >= 2 && q.leftover === 0 || n >= 3 && q.leftover <= n + 1));
    }
    return { asking: asking, stem: stem, canon: canon, canonWords: canonWords, terms: terms, analyse: analyse, offTopic: offTopic, isHand: isHand };
  };
}(typeof module !== "undefined" ? module.exports : (window.cambioAskParts = window.cambioAskParts || {})));
