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
    var stop = new Set(lex.stop);
    var ranks = lex.ranks, suits = lex.suits, colours = lex.colours, counts = lex.counts;
    var cues = new Set(lex.cues);
    var notCards = new Set(lex.not_cards), sumWords = new Set(lex.sum_words), ruleTerms = new Set(lex.rule_terms);
    var pairs = new Set(lex.pairs), beforeColour = new Set(lex.before_colour), letterJoins = new Set(lex.letter_joins);
    var indefinite = new Set(lex.indefinite);
    var joins = new Set(lex.joins), articles = new Set(lex.articles), notUnread = new Set(lex.not_unread);
    var docs = data.docs.map(function (d) {
      return { d: d, fields: d.fields.map(function (f) { return [f[0], new Set(f[1])]; }),
               asked: (d.asked || []).map(function (a) { return [lex.asked_weight, new Set(a)]; }),
               title: d.fields[0][1], about: new Set(d.about), asks: asking(d.title) };
    });
    var single = {};
    lex.phrases.forEach(function (p) { if (p[0].length === 1) { single[p[0][0]] = p[1]; } });

    var aceLetter = new RegExp(lex.ace_letter, "g");  // cambio_ref.cardnames.ACE_LETTER
    var runTogether = new RegExp(lex.run_together, "g");  // cambio_ref.cardnames.RUN_TOGETHER: "KK77", "kq"
    var pluralS = new RegExp(lex.plural_s, "g");  // cambio_ref.cardnames.PLURAL_S: "5s", "ks" are fives, kings
    var countedPlural = new RegExp(lex.counted_plural, "g");  // cambio_ref.cardcounts.COUNTED_PLURAL: "two 5's"
    var factoredPlural = new RegExp(lex.factored_plural, "g");  // cambio_ref.cardcounts.FACTORED_PLURAL: "3's x 2"
    var agreedPlural = new RegExp(lex.agreed_plural, "g");  // cambio_ref.cardcounts.AGREED_PLURAL: "are K's worth"
    var countBreak = new RegExp(lex.count_break, "g");  // cambio_ref.cardcounts.COUNT_BREAK: "ten, twos"
    var pointsSaid = new RegExp(lex.points_said, "g");  // cambio_ref.cardcounts.POINTS_SAID: "Joker (0)"
    var minusSaid = new RegExp(lex.minus_said, "g");  // cambio_ref.cardcounts.MINUS_SAID: "red king -2"
    var equalsSaid = new RegExp(lex.equals_said, "g");  // cambio_ref.cardcounts.EQUALS_SAID: "K=13"
    var pointsBefore = new Set(lex.points_before), pointsVerbs = new Set(lex.points_verbs), forPointsVerbs = new Set(lex.for_points_verbs);
    var aceOfSpades = new RegExp(lex.ace_of_spades, "g");  // cambio_ref.cardnames.ACE_OF_SPADES: "AS", "A♠"
    var factorSpaced = new RegExp(lex.factor_spaced, "g");  // cambio_ref.cardcounts.FACTOR_SPACED: "a jack x 2, ..."
    var acePlural = new RegExp(lex.ace_plural, "g");  // cambio_ref.cardnames.ACE_PLURAL: "A's"
    var suitAlone = new RegExp(lex.suit_alone, "g");  // cambio_ref.cardnames.SUIT_ALONE: "king of ♥"
    var colourAfter = new RegExp(lex.colour_after, "g");  // cambio_ref.cardnames.COLOUR_AFTER: "King (Red)"
    var anotherAlone = new RegExp(lex.another_alone, "g");  // cambio_ref.cardcounts.ANOTHER_ALONE: "another, K"
    var contraction = new RegExp(lex.contraction, "g");  // cambio_ref.askread.expand: "hadn't" is "had not"
    function expand(text) {
      return text.replace(contraction, function (m, base, word, ending, unmarked) {
        if (base) { return lex.not_bases[base] + " not"; }
        return word ? word + " " + lex.contracted[ending] : lex.unmarked[unmarked];
      });
    }
    function rawWords(text) {  // cambio_ref.askhand.raw_words
      text = text.split("\u2019").join("'").split("\u2018").join("'");
      Object.keys(lex.symbols).forEach(function (s) { text = text.split(s).join(lex.symbols[s]); });
      text = text.replace(pointsSaid, ",").replace(minusSaid, " minus ").replace(equalsSaid, " equals ");
      var upper = text === text.toUpperCase() && text !== text.toLowerCase();  // (Python's str.isupper)
      text = text.replace(aceOfSpades, function (m) { return upper && m === "AS" ? m : "ace of spades"; });
      text = text.replace(factorSpaced, function (m, space, n) { return space + "x" + n; });
      text = text.replace(acePlural, "aces").replace(aceLetter, "ace");
      text = text.replace(pluralS, function (m, r) { return lex.plural_words[r.toUpperCase()]; }).toLowerCase();
      text = text.replace(suitAlone, function (m, g) { return " " + lex.suit_names[lex.glyphs[g]] + " "; });
      text = text.replace(colourAfter, function (m, w, c1, c2) { return (c1 || c2) + " " + w; });
      text = text.replace(anotherAlone, "another one");
      text = text.replace(runTogether, function (m) {  // cambio_ref.cardnames.split_run
        return (lex.run_chat.indexOf(m) >= 0 || (m.length === 2 && /[0-9]/.test(m))) ? m
            : m.split("").join(" ") + (/[0-9]$/.test(m) ? "," : "");  // (a last digit is a card, not a count)
      });
      text = expand(text);
      text = text.replace(countedPlural, function (m, count, space, r) { return count + space + lex.plural_words[r.toUpperCase()]; });
      text = text.replace(factoredPlural, function (m, r) { return lex.plural_words[r.toUpperCase()]; });
      text = text.replace(agreedPlural, function (m, r, s) { return lex.plural_words[(r || s).toUpperCase()]; });
      text = text.replace(countBreak, function (m, n, s) { return n + (s || "") + " and "; });
      Object.keys(lex.glyphs).forEach(function (g) { text = text.split(g).join(lex.glyphs[g]); });
      return andBetweenCards(text.split("'s").join("").match(/[a-z0-9]+/g) || []);
    }
    // cambio_ref.cardcounts.and_between_cards: "n" after a card's word and before a card is "and".
    function andBetweenCards(words) {
      return words.map(function (w, i) {
        if (w !== lex.short_and || i === 0) { return w; }
        var p = words[i - 1];  // a card's word, a factor after it, "another (one)" or a colour after a card
        var afterCard = has(ranks, p) || has(suits, p) || codeOf(p) !== null || has(lex.after, p) || times.test(p) ||
          p === lex.another || (p === lex.one && words[i - 2] === lex.another) ||
          (has(colours, p) && i > 1 && (has(ranks, words[i - 2]) || codeOf(words[i - 2]) !== null));
        if (!afterCard) { return w; }
        // an article, a count ("one", "a pair of") or a colour, then a rank
        var k = i + 1 + (i + 1 < words.length && articles.has(words[i + 1]) ? 1 : 0);
        var first = k < words.length ? words[k] : "";
        return cardFollows(words, k) || pairs.has(first) ||
          ((has(counts, first) || timesBefore(first) > 0) && cardFollows(words, k + 1)) ? "and" : w;
      });
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
      if (word.endsWith("oes") && word.length > 3) { return word.slice(0, -2); }  // "goes" is "go"
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
      if (has(ranks, word) && lex.rank_letters.indexOf(word) < 0) { return [rankToken(ranks[word])]; }
      return [stem(has(lex.plain, word) ? lex.plain[word] : word)];  // everyday English: "drew" is "draw"
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
    // cambio_ref.cardcounts.TIMES and _times_before: "2x" or "x2" as a count; "double" and "triple".
    var times = new RegExp(lex.times);
    var rangeWords = new Set(lex.range_words);
    function isNumber(word) { return /^[0-9]/.test(word) || has(counts, word); }  // cambio_ref.cardcounts._is_number
    function timesBefore(word) {
      if (has(lex.multiples, word)) { return lex.multiples[word]; }
      var m = times.exec(word);
      return (m && m[2]) ? Number(m[2]) : 0;
    }
    // cambio_ref.cardcounts._times_after: the count a factor after a card says, and how many words it takes.
    function timesAfter(words, i) {
      var word = words[i], m = times.exec(word);
      // "kings x 2": the times sign and a count after a plural, or with no card after them (not "K X 2 5")
      var plural = i > 0 && has(ranks, words[i - 1]) && words[i - 1].endsWith("s");
      if (word === lex.times_sign && i + 1 < words.length && has(counts, words[i + 1]) && counts[words[i + 1]] > 1 &&
          words[i + 1] !== "both" && (plural ||
            !(i + 2 < words.length && (has(ranks, words[i + 2]) || codeOf(words[i + 2]) !== null)))) {
        return [counts[words[i + 1]], 2];
      }
      if (m && m[1]) { return [Number(m[1]), 1]; }
      if (has(lex.after, word)) { return [lex.after[word], 1]; }
      if (has(counts, word) && counts[word] > 1 && word !== "both" && words[i + 1] === lex.times_word) {
        return [counts[word], 2];
      }
      return [0, 0];
    }
    // cambio_ref.cardcounts.read_cards: the cards, the positions of the words that name them, and
    // whether every card is a plural rank without a count ("kings and jokers").
    // cambio_ref.cardcounts._card_follows: a rank, a card code, or a colour or count and then a rank.
    function cardFollows(words, i) {
      if (i >= words.length) { return false; }
      var w = words[i];
      return has(ranks, w) || codeOf(w) !== null ||
        ((has(colours, w) || has(counts, w)) && i + 1 < words.length && has(ranks, words[i + 1]));
    }
    // cambio_ref.cardcounts._beside_a_card: a letter of the notation ("K Q J 10") is a card only where the words
    // around it make it one (not in "Q&A").
    function namesACardAt(words, k) {
      return k >= 0 && k < words.length && (has(ranks, words[k]) || has(suits, words[k]) || codeOf(words[k]) !== null);
    }
    // cambio_ref.cardcounts._ace_number: "1" where a letter of the notation is a card is an ace ("a 1 and a 2",
    // "K 1 2"); before a rank in words it counts ("1 ace"), read before this.
    function aceNumber(words, i) {
      return words[i] === lex.ace_number && besideACard(words, i, true);  // (noAces, as Python's aces=False)
    }
    function besideACard(words, i, noAces) {
      function namesACard(k) {  // (an ace typed "1" too, unless noAces: "K 1 2")
        return namesACardAt(words, k) || (!noAces && k >= 0 && k < words.length && aceNumber(words, k));
      }
      var k = i + 1;
      while (k < words.length && letterJoins.has(words[k])) { k += 1; }  // ("K and also a 5")
      k += (k < words.length && articles.has(words[k])) ? 1 : 0;
      var before = i - 1;
      while (before > 0 && letterJoins.has(words[before])) { before -= 1; }
      var next = i + 1 < words.length ? words[i + 1] : "";
      return namesACard(i - 1) || namesACard(i + 1) ||
        (i > 0 && (beforeColour.has(words[i - 1]) || has(colours, words[i - 1]))) || next === "of" ||
        (next !== "" && (has(colours, next) || has(lex.after, next) || times.test(next))) ||  // "K red", "K twice"
        (k < words.length && (cardFollows(words, k) || pairs.has(words[k]) || words[k] === lex.another ||
          (has(counts, words[k]) && cardFollows(words, k + 1)) ||
          (timesBefore(words[k]) > 0 && cardFollows(words, k + 1)) || (!noAces && aceNumber(words, k)))) ||
        (before < i - 1 && namesACard(before));
    }
    // cambio_ref.cardcounts._after_a_card: the words before, joining words aside, end a card already read.
    function afterACard(words, i, used) {
      var k = i - 1;
      while (k > 0 && letterJoins.has(words[k])) { k -= 1; }
      return k >= 0 && !!used[k];
    }
    function readCards(words) {
      var found = [], used = {}, points = {}, statements = 0, poker = false, pluralOnly = true, pending = [];
      var i = 0;
      while (i < words.length) {
        var start = i;
        var word = words[i];
        var after = (found.length && used[i - 1]) ? timesAfter(words, i) : [0, 0];
        if (after[0]) {  // "kings x2", "kings x 2", "a jack twice", "a king 2 times": so many in all
          for (var f = 1; f < after[0]; f++) { found.push(found[found.length - 1]); }
          for (var w = i; w < i + after[1]; w++) { used[w] = true; }
          pluralOnly = false;
          i += after[1];
          continue;
        }
        var code = codeOf(word);
        if (code) {
          found.push({ rank: code[0], suit: code[1], colour: "" });
          used[i] = true;
          pluralOnly = false;
          i += 1;
          continue;
        }
        if (word === lex.another && found.length && (words[i + 1] === lex.one ||
            (!used[i - 1] && !cardFollows(words, i + 1)))) {
          // "a king and another (one)": one more of the card just named (its rank and colour)
          var width = words[i + 1] === lex.one ? 2 : 1;
          var last = found[found.length - 1];
          found.push({ rank: last.rank, suit: "", colour: last.colour });
          for (var a = i; a < i + width; a++) { used[a] = true; }
          pluralOnly = false;
          i += width;
          continue;
        }
        if (has(colours, word) && i > 0 && beforeColour.has(words[i - 1]) &&
            (words[i + 1] === "and" || words[i + 1] === "or" || words[i + 1] === lex.one) &&
            !(words[i + 1] === lex.one && found.length && words[i - 1] !== lex.one)) {
          pending.push(word);  // "a red and a black king": said with the next colour
          used[i] = true;
          if (words[i - 1] === lex.one) { used[i - 1] = true; }
          i += 1;
          continue;
        }
        if (has(colours, word) && words[i + 1] === lex.one && found.length && found[found.length - 1].rank !== "X") {
          found.push({ rank: found[found.length - 1].rank, suit: "", colour: word });  // "a black one"
          used[i] = true;
          used[i + 1] = true;
          pluralOnly = false;
          i += 2;
          continue;
        }
        var count = 0;
        var pair = pairs.has(word) && words[i + 1] === "of";  // "a pair of kings"
        // "3 x 4": a count, the times sign and a rank is so many of that rank (cambio_ref.cardcounts.TIMES_SIGN)
        var sign = has(counts, word) && counts[word] > 1 && word !== "both" && words[i + 1] === lex.times_sign &&
          !(i > 0 && indefinite.has(words[i - 1]));  // ("a 10 x 2": a ten, twice)
        var before = timesBefore(word) || (sign ? counts[word] : 0);  // "double", "3x": singular or plural
        var j = (pair || sign) ? i + 2 : (has(counts, word) || before) ? i + 1 : i;
        var colourAt = (j < words.length && has(colours, words[j])) ? j : -1;
        var rankAt = colourAt >= 0 ? colourAt + 1 : j;
        // After "a" or "an" a number is a card, not a count (cambio_ref.cardcounts.INDEFINITE)
        var carded = i > 0 && indefinite.has(words[i - 1]) && !(pair || before);
        if (j > i && !carded && rankAt < words.length && has(ranks, words[rankAt]) &&
            ((words[rankAt].endsWith("s") && codeOf(words[rankAt]) === null) || counts[word] === 1 || before) &&
            !(word === lex.ace_number && /^[0-9]/.test(words[rankAt]))) {  // "1 2": an ace and a 2
          count = pair ? 2 : before || counts[word];
          i = j;
          word = words[i];
        }
        var colour = (has(colours, word) && i + 1 < words.length && (has(ranks, words[i + 1]) || aceNumber(words, i + 1)))
          ? word : "";  // ("a black 1": an ace)
        if (colour) { i += 1; word = words[i]; }
        var number = /^[0-9]/.test(word) || has(counts, word);
        // "two cards left" counts cards, but "a 5 left" and "a red two more" are cards: after an article or a
        // colour a number is a card.
        var after2 = words[i + 1] === lex.more ? i + 2 : i + 1;  // "two more cards" counts cards
        // cambio_ref.cardcounts.OF_PEOPLE: "two of us" counts people, no card
        var counted = number && !count && !colour && after2 < words.length && (notCards.has(words[after2]) ||
          (words[after2] === "of" && after2 + 1 < words.length && lex.of_people.indexOf(words[after2 + 1]) >= 0));
        // cambio_ref.cardcounts.OF_A_KIND: "four of a kind", "a three of a kind", "two pair" name no card
        var alike = number && !count && lex.of_a_kind.some(function (p) {
          return same(words.slice(i + 1, i + 1 + p.length), p) && words[i + 1 + p.length] !== "of";
        });
        if (alike) { poker = true; }
        // cambio_ref.cardcounts.read_cards: "worth 10", "counts as 11" say points, not a card
        // ("score for ten of spades": a card)
        var suited = words[i + 1] === "of" && i + 2 < words.length && has(suits, words[i + 2]);
        var said = number && !count && !colour && !suited && i > 0 && (pointsBefore.has(words[i - 1]) ||
          (i > 1 && ((words[i - 1] === "as" && pointsVerbs.has(words[i - 2])) ||
                     (words[i - 1] === "for" && forPointsVerbs.has(words[i - 2])))) ||
          (words[i - 1] === "or" && points[i - 2] === true));
        // "red king 0, black king 20": a number right after a card that names no rank states that card's points
        // (and any number after a card and cambio_ref.cardcounts.STATED_AT: "red king at 0", "black king at 10")
        var stated = /^[0-9]+$/.test(word) && !count && !colour && (
          (!has(ranks, word) && word !== lex.ace_number && used[i - 1] === true) ||
          (i > 1 && words[i - 1] === lex.stated_at && used[i - 2] === true));
        if (said || stated) { points[i] = true; }
        if (stated) { statements += 1; }
        var letterAlone = lex.rank_letters.indexOf(word) >= 0 && !count && !afterACard(words, i, used) &&
          !besideACard(words, i);
        var ace = !count && aceNumber(words, i);
        // cambio_ref.cardcounts.RANGE_WORDS: "what are 2 to 10 worth", a run of ranks, no card
        var ranged = number && !count && !colour && (
          (i + 2 < words.length && rangeWords.has(words[i + 1]) && isNumber(words[i + 2])) ||
          (i > 1 && rangeWords.has(words[i - 1]) && isNumber(words[i - 2])));
        if ((has(ranks, word) || ace) && !said && !stated && !alike && !ranged && !(counted && !(i > 0 && articles.has(words[i - 1]))) && !letterAlone) {
          var rank = has(ranks, word) ? ranks[word] : "A", suit = "";
          var plural = word.endsWith("s");
          if (suited && rank !== "X") {
            suit = suits[words[i + 2]];
            i += 2;
          }
          if (colour && rank !== "X" && !suit) {
            pending.forEach(function (c) { found.push({ rank: rank, suit: "", colour: c }); });
          }
          pending = [];
          if (!colour && !suit && rank !== "X" && i + 1 < words.length && has(colours, words[i + 1]) &&
              words[i + 2] !== lex.one && (!cardFollows(words, i + 1) || timesAfter(words, i + 2)[0])) {
            colour = words[i + 1];  // after its rank, with no card after it: "a queen red and another"
            i += 1;
          }
          // "I had a queen ... the queen went on the pile": the card named again, not one more
          var again = start > 0 && words[start - 1] === lex.definite && !(count || colour || suit || plural) &&
            found.some(function (m) { return m.rank === rank; });
          for (var n = 0; n < (again ? 0 : count || 1); n++) {
            found.push({ rank: rank, suit: suit, colour: (suit || rank === "X") ? "" : colour });
          }
          // "and another king": "another" is the card's article (not after an article)
          var another = start > 0 && words[start - 1] === lex.another && !(start > 1 && articles.has(words[start - 2]));
          var countedOne = ace && start > 0 && words[start - 1] === lex.one;  // "one 1": one ace
          for (var k = (another || countedOne) ? start - 1 : start; k <= i; k++) { used[k] = true; }
          pluralOnly = pluralOnly && plural && !count && !suit;
        }
        i += 1;
      }
      return { cards: found, used: used, points: points, stated: statements > 0, poker: poker, ranksOnly: found.length > 0 && pluralOnly };
    }
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
    var stopRaw = new Set(lex.stop_raw), english = new Set(data.english || []);
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
    function inflection(a, b) {  // cambio_ref.asktypos._inflection: one word is the other and an inflection's ending
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

    // cambio_ref.askread.switched: the glossary terms a question says are on or off ("risky fives is on").
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
          if (m < n && has(sw.on_off, cw[m]) &&
              !(m === k && cw[m] === "on" && m + 1 < n && (swOnBefore.has(cw[m + 1]) || /^[0-9]/.test(cw[m + 1])))) {
            say(term, sw.on_off[cw[m]]);
          }
          if (j > 0 && swNeg.has(cw[j - 1])) { say(term, false); }
          if (j > 1 && has(sw.on_off, cw[j - 1]) && swVerbs.has(cw[j - 2])) { say(term, sw.on_off[cw[j - 1]]); }
          break;  // the longest name starting here is the one said on or off
        }
      }
      return order.filter(function (t) { return said[t].length === 1; }).map(function (t) { return [t, said[t][0]]; });
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
      var words = typed.map(correct);
      var fixed = [], fixedSeen = new Set();
      typed.forEach(function (t, n) {
        var key = t + "\u0000" + words[n];
        if (t !== words[n] && !fixedSeen.has(key)) { fixedSeen.add(key); fixed.push([t, words[n]]); }
      });
      words = andBetweenCards(words);  // ("k n a qeen": "n" joins cards once the typo is read)
      var ruleset = null, keep = [], i = 0;
      while (i < words.length) {
        var matched = false;
        for (var r = 0; r < lex.rulesets.length; r++) {
          var name = lex.rulesets[r][0];
          var next = words.slice(i + 1, i + 2);
          if (same(words.slice(i, i + name.length), name) && ruleset === null && (
              !same(name, ["hearts"]) || i === 0 || cues.has(words[i - 1]) || same(next, ["rules"]) || same(next, ["ruleset"]))) {
            ruleset = lex.rulesets[r][1];
            i += name.length;
            if (lex.ruleset_tails.indexOf(words[i]) >= 0) { i += 1; }  // "official rules", "online site": the name
            matched = true;
            break;
          }
        }
        if (!matched) { keep.push(words[i]); i += 1; }
      }
      var owner = [], cw = [];  // (the word of keep each canonical word comes from)
      keep.forEach(function (w, j) { canon(w).forEach(function (c) { owner.push(j); cw.push(c); }); });
      var found = rulePhrases(cw), masked = new Set();  // ("risky fives": no card there)
      found.forEach(function (places) { places.forEach(function (i) { masked.add(owner[i]); }); });
      var reading = readCards(keep.map(function (w, j) { return masked.has(j) ? "" : w; }));
      var cards = reading.cards;
      var wanted = [], plain = [], covered = cw.map(function () { return false; });
      for (var j = 0; j < cw.length; j++) {
        lex.phrases.forEach(function (p) {
          if (p[0].length > 1 && same(cw.slice(j, j + p[0].length), p[0])) {
            wanted.push(["@" + p[1]]);
            plain.push(p[0].filter(function (w) { return !stop.has(w); }).map(function (w) {
              return has(single, w) ? [w, "@" + single[w]] : [w];
            }));
            for (var k = j; k < j + p[0].length; k++) { covered[k] = true; }
          }
        });
      }
      cw.forEach(function (w, j) {
        if (!stop.has(w) && !covered[j]) { wanted.push(has(single, w) ? [w, "@" + single[w]] : [w]); plain.push([]); }
      });
      var last = cw.length - 1;  // the words that named the ruleset aside ("on the" cambio app)
      while (ruleset !== null && last >= 0 && (cues.has(cw[last]) || articles.has(cw[last]))) { last -= 1; }
      // ("what do 7s and 8s do": a rule's word, as topical counts it)
      var askedLast = last >= 0 && stop.has(cw[last]) && has(single, cw[last]) && !covered[last] ? 1 : 0;
      if (askedLast) { wanted.push(["@" + single[cw[last]]]); plain.push([]); }
      var seen = new Set(), unique = [], uniqueCovered = [];
      wanted.forEach(function (alts, n) {
        var key = alts.join("\u0000");
        if (!seen.has(key)) { seen.add(key); unique.push(alts); uniqueCovered.push(plain[n]); }
      });
      var valued = keep.map(function () { return false; });
      for (var v = 0; v < keep.length; v++) {
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
        (firstCard === 1 || lex.label_owners.indexOf(keep[firstCard - 2]) >= 0) ? firstCard - 1 : -1;
      var rest = [];
      keep.forEach(function (w, j) {
        if (!stopRaw.has(w) && !has(ranks, w) && !has(suits, w) && !has(colours, w) &&
            !(has(counts, w) && w !== lex.ace_number) && codeOf(w) === null &&
            !reading.used[j] &&
            !valued[j] && ["rule", "rules", "ruleset"].indexOf(w) < 0 && j !== label) { rest.push(j); }
      });
      // From the word before the first card (cambio_ref.askindex._hand_span).
      var lo = usedAt.length ? Math.max(Math.min.apply(null, usedAt) - 1, 0) : 0, hi = usedAt.length ? Math.max.apply(null, usedAt) : -1;
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
      keep.forEach(function (w, j) {
        if (reading.used[j] || reading.points[j] || masked.has(j)) { return; }
        if ((j >= lo && j < end && !notUnread.has(w) && !valued[j] && j !== label) || (rest.indexOf(j) >= 0 && !has(vocab, w))) {
          unread.push(w);
        }
      });
      var codes = keep.filter(function (w) { return codeOf(w) !== null; }).length;
      var value = valued.some(function (x) { return x; });
      var first = usedAt.length ? lo : 0;
      var each = keep.indexOf("each") >= 0 ||
        (keep.slice(0, first).indexOf("are") >= 0 && !keep.some(function (w) { return sumWords.has(w); }));
      return { text: text, ruleset: ruleset, cards: cards, codes: codes, value: value, leftover: rest.length, wanted: unique, covered: uniqueCovered,
               house: terms(cw).indexOf(lex.house) >= 0,
               elsewhere: (terms(cw).indexOf(lex.other_game) >= 0 || reading.poker) && terms(cw).indexOf(lex.game) < 0 &&
                 ruleset === null,
               aside: terms(cw).some(function (t) { return lex.aside.indexOf(t) >= 0; }),
               stated: reading.stated, ranksOnly: reading.ranksOnly, unread: unread, fixed: fixed,
               each: each, switched: switched(cw), asks: asking(text), topical: askedLast + rest.filter(function (j) { return has(single, stem(keep[j])); }).length +
                 found.size };
    }
    // cambio_ref.askread.Query.off_topic: another card game alone, advice or the game's history
    function offTopic(q) { return q.elsewhere || q.aside; }
    function isHand(q) {
      var n = q.cards.length;
      return n > 0 && !q.stated && !offTopic(q) && (q.topical === 0 || q.codes >= 2 || n >= 4) && ((q.value || q.codes >= 2) && q.leftover <= Math.max(1, n + 1) || n >= 2 && q.leftover === 0 ||
                       n >= 3 && q.leftover <= n + 1);
    }
    // cambio_ref.ask.hand_cards: a rank without a suit takes the first suit of its colour no earlier card took.
    function handCodes(ms) {
      var taken = new Set();
      return ms.map(function (m) {
        var all = mentionSuits(m);
        var free = all.filter(function (s) { return !taken.has(m.rank + s); });
        var code = m.rank + (free.length ? free : all)[0];
        taken.add(code);
        return code;
      });
    }

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

    // cambio_ref.asksure.choose: a named ruleset puts a first case's best option first (at the case's score), as
    // do two cases within `margin` that share an option scoring within `option_near` of the first (unless a house rule is asked about or the first case's
    // title has every word asked for); sure when the score plus `lead` times its lead over the first question
    // not its own nor a narrower form of it (`narrower`) reaches `sure` (cambio_ref.asksure.sure), or when the
    // question is its title word for word, or every word asked for is in its title and not in the rival's.
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
    function rivalOf(ranked, q) {
      var top = ranked[0].doc;
      var own = new Set([top.kind + ":" + top.id]);
      top.options.forEach(function (o) { own.add("option:" + o); });
      for (var j = 1; j < ranked.length; j++) {
        var d = ranked[j].doc;
        if (!own.has(d.kind + ":" + d.id) && !(top.kind === "option" && d.options.indexOf(top.id) >= 0) &&
            !narrower(d, top, q)) {
          return { doc: d, score: ranked[j].score };
        }
      }
      return { doc: null, score: 0.0 };
    }
    // cambio_ref.asksure._narrower: the doc's title has every word of the top's title and more, none of them asked for.
    function narrower(doc, top, q) {
      var mine = new Set(top.fields[0][1]), theirs = doc.fields[0][1];
      if (theirs.length <= mine.size || !top.fields[0][1].every(function (t) { return theirs.indexOf(t) >= 0; })) {
        return false;
      }
      var asked = new Set();
      q.wanted.forEach(function (alts) { alts.forEach(function (t) { asked.add(t); }); });
      return theirs.every(function (t) { return mine.has(t) || !asked.has(t); });
    }
    function titled(doc, q) {  // every word asked for is in the doc's title
      var title = new Set(doc.fields[0][1]);
      return q.wanted.every(function (alts) { return alts.some(function (t) { return title.has(t); }); });
    }
    function exact(doc, q) {  // every word of the doc's title (its terms aside) is asked for
      var asked = new Set();
      q.wanted.forEach(function (alts) { alts.forEach(function (t) { asked.add(t); }); });
      return doc.fields[0][1].every(function (t) { return t[0] === "@" || asked.has(t); });
    }
    function choose(ranked, q) {
      var out = ranked.slice();
      if (!out.length) { return { ranked: out, sure: false }; }
      var top = out[0].doc, score = out[0].score;
      if (q.ruleset !== null && top.kind === "case" && top.options.length) { out = firstOption(out, top.options, score); }
      var rival = rivalOf(out, q);
      if (score - rival.score < data.margin && !q.house && top.kind === "case" && rival.doc !== null &&
          rival.doc.kind === "case" && !titled(top, q)) {
        var shared = top.options.filter(function (o) { return rival.doc.options.indexOf(o) >= 0; });
        // cambio_ref.asksure._near: only when one of them scores within `option_near` of the first case
        var near = out.some(function (h) {
          return h.doc.kind === "option" && shared.indexOf(h.doc.id) >= 0 && h.score >= score - data.option_near;
        });
        if (shared.length && near) {
          out = firstOption(out, shared, score);
          rival = rivalOf(out, q);
        }
      }
      // cambio_ref.asksure._titled_alone: every word asked for in its title and not all in the rival's.
      var alone = titled(out[0].doc, q) && (rival.doc === null || !titled(rival.doc, q));
      // never under `floor` (cambio_ref.asksure.FLOOR)
      return { ranked: out, sure: !offTopic(q) && score >= data.floor && (score + data.lead * (score - rival.score) >= data.sure ||
        (titled(out[0].doc, q) && exact(out[0].doc, q)) || alone) };
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

    // What one card (or a rank, each colour where they differ) is worth (cambio_ref.ask._card_found).
    function cardFound(m, tables) {
      var split = bySuit(m, tables);
      if (split) { return { id: m.rank, codes: [m.rank], split: split }; }
      var code = m.rank + mentionSuits(m)[0];
      return { id: code, codes: [code], hands: tables.map(function (rs) { return [rs, score([code], rs)]; }) };
    }

    // The answer to `text` (as cambio_ref.ask.ask): {top, kind, ruleset, found | cards, closest, unread, fixed}.
    function ask(text, picked) {
      var q = analyse(text);
      var ruleset = picked || q.ruleset;
      if (isHand(q)) {
        var tables = ruleset ? [ruleset] : data.rulesets;
        var values = q.ranksOnly || (q.value && q.each);
        if (values || q.cards.length === 1) {
          var cards = (values ? q.cards : [q.cards[0]]).map(function (m) { return cardFound(m, tables); });
          return { top: "card:" + cards[0].id, kind: "card", ruleset: ruleset, cards: cards, unread: q.unread,
                   fixed: q.fixed };
        }
        var codes = handCodes(q.cards);
        return { top: "hand:" + codes.join(" "), kind: "hand", ruleset: ruleset, unread: q.unread, fixed: q.fixed,
                 cards: [{ id: codes.join(" "), codes: codes,
                           hands: tables.map(function (rs) { return [rs, score(codes, rs)]; }) }] };
      }
      var chosen = choose(rank(q), q), ranked = chosen.ranked;
      if (!chosen.sure) {
        return { top: "unsure", kind: "", ruleset: ruleset, closest: ranked.slice(0, 3), fixed: q.fixed };
      }
      var best = ranked[0].score;
      var more = ranked.slice(1, 8).filter(function (h) { return h.score >= data.good && h.score >= best - 0.1; }).slice(0, 2);
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
          li.appendChild(el("p", "ask-teaser", h[0] + ": " + (reply.kind === "card" && s ? String(s.total) : line)));
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
