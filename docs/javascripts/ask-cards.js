// The site's search, reading cards in words (a hand, a card, a count): cambio_ref.cardnames, cambio_ref.cardcounts
// and cambio_ref.askhand, step for step (ask.js assembles the parts).
(function (parts) {
  "use strict";
  parts.cards = function (ctx) {
    var lex = ctx.lex, has = ctx.has, same = ctx.same, ranks = ctx.ranks, suits = ctx.suits, colours = ctx.colours,
      counts = ctx.counts, notCards = ctx.notCards, pairs = ctx.pairs, beforeColour = ctx.beforeColour,
      letterJoins = ctx.letterJoins, indefinite = ctx.indefinite, articles = ctx.articles;
    var aceLetter = new RegExp(lex.ace_letter, "g");  // cambio_ref.cardnames.ACE_LETTER
    var qaSpaced = new RegExp(lex.qa_spaced, "g");  // cambio_ref.cardnames.QA_SPACED: "the Q and A" is the Q&A
    var runTogether = new RegExp(lex.run_together, "g");  // cambio_ref.cardnames.RUN_TOGETHER: "KK77", "kq"
    var pluralS = new RegExp(lex.plural_s, "g");  // cambio_ref.cardnames.PLURAL_S: "5s", "ks" are fives, kings
    var eachAfter = new RegExp(lex.each_after, "g"), eachBefore = new RegExp(lex.each_before, "g");  // "2 of each"
    var countedPlural = new RegExp(lex.counted_plural, "g");  // cambio_ref.cardcounts.COUNTED_PLURAL: "two 5's"
    var factoredPlural = new RegExp(lex.factored_plural, "g");  // cambio_ref.cardcounts.FACTORED_PLURAL: "3's x 2"
    var agreedPlural = new RegExp(lex.agreed_plural, "g");  // cambio_ref.cardcounts.AGREED_PLURAL: "are K's worth"
    var countBreak = new RegExp(lex.count_break, "g");  // cambio_ref.cardcounts.COUNT_BREAK: "ten, twos"
    var pointsSaid = new RegExp(lex.points_said, "g");  // cambio_ref.cardpoints.POINTS_SAID: "Joker (0)"
    var minusSaid = new RegExp(lex.minus_said, "g");  // cambio_ref.cardpoints.MINUS_SAID: "red king -2"
    var equalsSaid = new RegExp(lex.equals_said, "g");  // cambio_ref.cardpoints.EQUALS_SAID: "K=13"
    var listColon = new RegExp(lex.list_colon, "gi");
    var numberEnd = new RegExp(lex.number_end, "gi");
    var starFix = new RegExp(lex.star_fix, "g");  // cambio_ref.askhand.STAR_FIX: "a quen *queen"  // cambio_ref.askhand.NUMBER_END: "ace, 3. points?"
    var countAre = new RegExp(lex.count_are, "gi");  // cambio_ref.cardcounts.COUNT_ARE: "my final four were 10, ..."
    var countColon = new RegExp(lex.count_colon, "gi");  // cambio_ref.cardcounts.COUNT_COLON: "I've got 5: red K, ..."  // cambio_ref.cardpoints.LIST_COLON: "worth: 10, J" lists cards
    var pointsBefore = new Set(lex.points_before), pointsVerbs = new Set(lex.points_verbs), forPointsVerbs = new Set(lex.for_points_verbs);
    var aceOfSpades = new RegExp(lex.ace_of_spades, "g");  // cambio_ref.cardnames.ACE_OF_SPADES: "AS", "A♠"
    var factorSpaced = new RegExp(lex.factor_spaced, "g");  // cambio_ref.cardcounts.FACTOR_SPACED: "a jack x 2, ..."
    var acePlural = new RegExp(lex.ace_plural, "g");  // cambio_ref.cardnames.ACE_PLURAL: "A's"
    var suitAlone = new RegExp(lex.suit_alone, "g");  // cambio_ref.cardnames.SUIT_ALONE: "king of ♥"
    var colourAfter = new RegExp(lex.colour_after, "g");  // cambio_ref.cardnames.COLOUR_AFTER: "King (Red)"
    var nickname = new RegExp(lex.nickname, "g");  // cambio_ref.cardnames.NICKNAME: "suicide king"
    var possessiveName = new RegExp(lex.possessive_name, "g");  // cambio_ref.askhand.POSSESSIVE_NAME: "Mia's card"
    var tagQuestion = new RegExp(lex.tag_question, "g");  // cambio_ref.askhand.TAG_QUESTION: ", right?"
    var myOwn = new RegExp(lex.my_own, "g");  // cambio_ref.askhand.MY_OWN: "I snapped my card" is my own card
    var anotherAlone = new RegExp(lex.another_alone, "g");  // cambio_ref.cardcounts.ANOTHER_ALONE: "another, K"
    var oneColours = new RegExp(lex.one_colours, "g");  // cambio_ref.cardcounts.ONE_COLOURS: "2 kings (1 red 1 black)"
    var labelColon = new RegExp(lex.label_colon, "gi");  // cambio_ref.askhand.LABEL_COLON: "hand at the end: 7, 8"
    var cardNamed = new RegExp(lex.card_named, "gi");  // cambio_ref.askhand.CARD_NAMED: "card 8, card 10"
    var contraction = new RegExp(lex.contraction, "g");  // cambio_ref.askread.expand: "hadn't" is "had not"
    function expand(text) {
      return text.replace(contraction, function (m, base, word, ending, unmarked) {
        if (base) { return lex.not_bases[base] + " not"; }
        return word ? word + " " + lex.contracted[ending] : lex.unmarked[unmarked];
      });
    }
    function rawWords(text) {  // cambio_ref.askhand.raw_words
      text = text.split("\u2019").join("'").split("\u2018").join("'").replace(starFix, "i mean ");  // ("a 6 *5")
      text = text.replace(possessiveName, lex.others);
      Object.keys(lex.symbols).forEach(function (s) { text = text.split(s).join(lex.symbols[s]); });
      text = text.replace(countColon, "$1 cards$2:").replace(countAre, "$1$2 cards$3").replace(listColon, "$1 so ").replace(pointsSaid, ",").replace(minusSaid, " minus ").replace(equalsSaid, " equals ");
      text = text.replace(numberEnd, "$1 so ");
      var upper = text === text.toUpperCase() && text !== text.toLowerCase();  // (Python's str.isupper)
      text = text.replace(aceOfSpades, function (m) { return upper && m === "AS" ? m : "ace of spades"; });
      text = text.replace(factorSpaced, function (m, space, n) { return space + "x" + n; });
      text = text.replace(qaSpaced, "$1Q&A").replace(acePlural, "aces").replace(aceLetter, "ace");
      text = text.replace(labelColon, "$1 so ").replace(cardNamed, "");  // (after a capital A after a colon is read as an ace)
      text = text.replace(pluralS, function (m, r) { return lex.plural_words[r.toUpperCase()]; }).toLowerCase();
      text = text.replace(tagQuestion, "?").replace(myOwn, "$1 own $2");  // ("I snapped my card": my own)
      text = text.replace(oneColours, "one $1$2one $3");
      text = text.replace(suitAlone, function (m, g) { return " " + lex.suit_names[lex.glyphs[g]] + " "; });
      text = text.replace(colourAfter, function (m, w, c1, c2) { return (c1 || c2) + " " + w; });
      text = text.replace(nickname, function (m) { return lex.nicknames[m]; });
      text = text.replace(anotherAlone, "another one");
      text = text.replace(runTogether, function (m) {  // cambio_ref.cardnames.split_run
        return (lex.run_chat.indexOf(m) >= 0 || (m.length === 2 && /[0-9]/.test(m))) ? m
            : m.split("").join(" ") + (/[0-9]$/.test(m) ? "," : "");  // (a last digit is a card, not a count)
      });
      text = expand(text);
      text = text.replace(countedPlural, function (m, count, space, r) { return count + space + lex.plural_words[r.toUpperCase()]; });
      text = text.replace(factoredPlural, function (m, r) { return lex.plural_words[r.toUpperCase()]; });
      text = text.replace(agreedPlural, function (m, r, s) { return lex.plural_words[(r || s).toUpperCase()]; });
      text = text.replace(eachAfter, function (m, a, b, n) { return n + " " + a + " and " + n + " " + b; });
      text = text.replace(eachBefore, function (m, n, a, b) { return n + " " + a + " and " + n + " " + b; });
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
    var RANK_TOKENS = { A: "ace", J: "jack", Q: "queen", K: "king", X: "joker" };
    function rankToken(rank) { return RANK_TOKENS[rank] || rank; }
    function codeOf(word) {
      if (word === "x") { return ["X", ""]; }
      var m = /^(10|[2-9]|[ajqk])([shdc])$/.exec(word);
      if (!m || word === "as") { return null; }
      return [m[1].toUpperCase(), m[2].toUpperCase()];
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
      while (before > 0 && (letterJoins.has(words[before]) || lex.correcting.indexOf(words[before]) >= 0)) { before -= 1; }
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
      var namedAt = [];  // (per card of found: where its words start, the same for the cards of one count)
      var i = 0;
      while (i < words.length) {
        var start = i;
        var word = words[i];
        var after = (found.length && used[i - 1]) ? timesAfter(words, i) : [0, 0];
        if (after[0]) {  // "kings x2", "kings x 2", "a jack twice", "a king 2 times": so many in all
          for (var f = 1; f < after[0]; f++) {
            found.push(found[found.length - 1]);
            namedAt.push(namedAt[namedAt.length - 1]);  // (one card said so many times: one count)
          }
          for (var w = i; w < i + after[1]; w++) { used[w] = true; }
          pluralOnly = false;
          i += after[1];
          continue;
        }
        var code = codeOf(word);
        if (code) {
          found.push({ rank: code[0], suit: code[1], colour: "" });
          namedAt.push(i);
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
          namedAt.push(i);
          for (var a = i; a < i + width; a++) { used[a] = true; }
          pluralOnly = false;
          i += width;
          continue;
        }
        if (has(colours, word) && i > 0 && beforeColour.has(words[i - 1]) &&
            (words[i + 1] === "and" || words[i + 1] === "or" || words[i + 1] === lex.one) &&
            !(words[i + 1] === lex.one && found.length && words[i - 1] !== lex.one)) {
          pending.push([word, i]);  // "a red and a black king": said with the next colour (and where)
          used[i] = true;
          if (words[i - 1] === lex.one) { used[i - 1] = true; }
          i += 1;
          continue;
        }
        if (has(colours, word) && words[i + 1] === lex.one && found.length && found[found.length - 1].rank !== "X") {
          found.push({ rank: found[found.length - 1].rank, suit: "", colour: word });  // "a black one"
          namedAt.push(i);
          used[i] = true;
          used[i + 1] = true;
          pluralOnly = false;
          i += 2;
          continue;
        }
        var count = 0;
        var pair = pairs.has(word), of = pair && words[i + 1] === "of";  // "a pair of kings"; "couple 4s"
        // "3 x 4": a count, the times sign and a rank is so many of that rank (cambio_ref.cardcounts.TIMES_SIGN)
        var sign = has(counts, word) && counts[word] > 1 && word !== "both" && words[i + 1] === lex.times_sign &&
          !(i > 0 && indefinite.has(words[i - 1]));  // ("a 10 x 2": a ten, twice)
        var before = timesBefore(word) || (sign ? counts[word] : 0);  // "double", "3x": singular or plural
        var j = (of || sign) ? i + 2 : (has(counts, word) || before || pair) ? i + 1 : i;
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
        var counted = number && !count && !colour && (after2 < words.length && ((notCards.has(words[after2]) &&
          !lex.not_cards_except.some(function (p) { return p[0] === words[after2] && p[1] === words[after2 + 1]; })) ||
          (words[after2] === "of" && after2 + 1 < words.length && lex.of_people.indexOf(words[after2 + 1]) >= 0)) ||
          // cambio_ref.cardcounts.COUNT_BEFORE: "my bottom two", "the other three" count cards
          (i > 1 && lex.count_before.indexOf(words[i - 1]) >= 0 && lex.count_owners.indexOf(words[i - 2]) >= 0 &&
           !/^[0-9]/.test(word)) ||
          (i > 0 && lex.numbered.indexOf(words[i - 1]) >= 0));  // ("round 3": cambio_ref.askcanon.ordinals)
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
                     (words[i - 1] === "for" && forPointsVerbs.has(words[i - 2])) ||
                     (lex.claimed.indexOf(words[i - 1]) >= 0 && used[i - 2] === true) ||  // ("a red king and a 5 is 4")
                     (words[i - 1] === "to" && pointsBefore.has(words[i - 2])))) ||  // ("equal to 4")
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
        // ("only 4 + 4 left", "7 and 8 left": one more card)
        var listed = words[after2] === "left" && (used[i - 1] === true ||
          (i > 1 && lex.listed_joins.indexOf(words[i - 1]) >= 0 && used[i - 2] === true));
        // (after "a" a number is a card; after "the" too, but for "the two cards": those counted)
        var articled = i > 0 && (indefinite.has(words[i - 1]) ||
          (words[i - 1] === lex.definite && words[after2] !== "card" && words[after2] !== "cards"));
        if ((has(ranks, word) || ace) && !said && !stated && !alike && !ranged &&
            !(counted && !articled && !listed) && !letterAlone) {
          var rank = has(ranks, word) ? ranks[word] : "A", suit = "";
          var plural = word.endsWith("s");
          if (suited && rank !== "X") {
            suit = suits[words[i + 2]];
            i += 2;
          }
          if (colour && rank !== "X" && !suit) {
            pending.forEach(function (c) {
              found.push({ rank: rank, suit: "", colour: c[0] });
              namedAt.push(c[1]);
            });
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
          // "the black aces", "red kings and a 5" (a colour, its rank plural, no count): every card of that colour
          var many = (colour && plural && !(count || suit) && rank !== "X") ? colours[colour].length : 0;
          for (var n = 0; n < (again ? 0 : count || many || 1); n++) {
            found.push({ rank: rank, suit: suit, colour: (suit || rank === "X") ? "" : colour });
            namedAt.push(start);
          }
          // "and another king": "another" is the card's article (not after an article)
          var another = start > 0 && words[start - 1] === lex.another && !(start > 1 && articles.has(words[start - 2]));
          var countedOne = ace && start > 0 && words[start - 1] === lex.one;  // "one 1": one ace
          for (var k = (another || countedOne) ? start - 1 : start; k <= i; k++) { used[k] = true; }
          pluralOnly = pluralOnly && plural && !count && !suit;
        }
        i += 1;
      }
      return { cards: found, used: used, points: points, stated: statements > 0, poker: poker, ranksOnly: found.length > 0 && pluralOnly,
               namedAt: namedAt };
    }
    // cambio_ref.cardcounts.without: a reading less the cards whose words start at `places`, and those words
    function without(reading, places) {
      var keptAt = [], used = {};
      reading.namedAt.forEach(function (at, n) { if (places.indexOf(at) < 0) { keptAt.push(n); } });
      Object.keys(reading.used).forEach(function (k) {
        if (reading.used[k] && places.indexOf(Number(k)) < 0) { used[k] = true; }
      });
      return { cards: keptAt.map(function (n) { return reading.cards[n]; }), used: used, points: reading.points,
               stated: reading.stated, poker: reading.poker, ranksOnly: reading.ranksOnly,
               namedAt: keptAt.map(function (n) { return reading.namedAt[n]; }) };
    }
    function mentionSuits(m) {
      if (m.rank === "X") { return [""]; }
      if (m.suit) { return [m.suit]; }
      return has(colours, m.colour) ? colours[m.colour] : ["S", "H", "D", "C"];
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
    // cambio_ref.askhand.labels: the word at j is right before a card, "is", "are" or an article between
    function labels(words, j, used, between) {
      var k = j + 1;
      while (k < words.length && (lex.described_by.indexOf(words[k]) >= 0 || articles.has(words[k]) ||
          (between && between.indexOf(words[k]) >= 0))) { k += 1; }
      return used[k] === true;
    }

    // cambio_ref.askhand.having: the word at j says the player has the cards after it ("i have", "now", "left with")
    function having(words, j) {
      var w = words[j];
      return (lex.having.indexOf(w) >= 0 && words.slice(Math.max(j - 2, 0), j).indexOf("i") >= 0) ||
        lex.now_words.indexOf(w) >= 0 ||
        (j > 0 && lex.having_pairs.some(function (p) { return p[0] === words[j - 1] && p[1] === w; })) ||
        // ("ended the round with")
        (j > 2 && lex.having_within.some(function (b) { return same(words.slice(j - 2, j), b); }) &&
         lex.having_pairs.some(function (p) { return p[0] === words[j - 3] && p[1] === w; }));
    }

    // cambio_ref.askhand.introduces: a hand's label or a word of having right before a card
    function introduces(words, j, used) {
      return (lex.hand_labels.indexOf(words[j]) >= 0 && labels(words, j, used)) ||
        (having(words, j) && labels(words, j, used, lex.having_between));
    }
    // cambio_ref.cardnames.CardMention's equality: the same rank, suit and colour
    function sameCard(a, b) { return a.rank === b.rank && a.suit === b.suit && a.colour === b.colour; }
    // each card once, in order (dict.fromkeys of the mentions)
    function distinct(cards) {
      return cards.filter(function (m, x) { return !cards.slice(0, x).some(function (o) { return sameCard(o, m); }); });
    }
    return { expand: expand, rawWords: rawWords, andBetweenCards: andBetweenCards, rankToken: rankToken, codeOf: codeOf,
             readCards: readCards, without: without, mentionSuits: mentionSuits, handCodes: handCodes, labels: labels,
             having: having, introduces: introduces, sameCard: sameCard, distinct: distinct };
  };
}(typeof module !== "undefined" ? module.exports : (window.cambioAskParts = window.cambioAskParts || {})));
