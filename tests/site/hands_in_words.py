"""Hands in players' words, and questions that count people, shared by tests/site/test_ask_hands.py (`cambio ask`)
and tests/site/test_search_browser.py (ask.js in the browser): both engines must read each the same way.
"""

from __future__ import annotations

# Hands in players' words (issue 30), written for these tests: the question, the cards it names (a rank
# without a suit takes the first free suit of its colour: spades, hearts, diamonds, clubs) and the words
# that name no card, which the reply must name rather than drop. tests/site/test_search_browser.py asks
# ask.js the same.
HANDS_IN_WORDS = [
    # Number words count cards; colours pick the suits; a mistyped rank is read, and said so.
    ("2 red kings a joker and an ace", ["KH", "KD", "X", "AS"], ()),
    ("two fives and a king", ["5S", "5H", "KS"], ()),
    ("what do two black kings and a kign score", ["KS", "KC", "KH"], ()),
    ("i have a qeen and a jack, what's that worth", ["QS", "JS"], ()),
    # "a pair of", "both", "a black one" (one more of the rank just named), "a red and a black king".
    ("a pair of kings and an ace score", ["KS", "KH", "AS"], ()),
    ("both jokers and a king total", ["X", "X", "KS"], ()),
    ("two red kings and a black one score", ["KH", "KD", "KS"], ()),
    ("a red and a black king score", ["KH", "KS"], ()),
    ("one red one black king and a 4 total", ["KH", "KS", "4S"], ()),
    ("two kings one black one red and a 4, total?", ["KS", "KH", "4S"], ()),
    # "grid" and "layout" label the cards after "my", as "hand" does (the sources' word for a player's cards: memory
    # "grid"); before, "grid" was named as a word that could not be read as a card.
    ("my grid: 10, J, red K, 2. score?", ["10S", "JS", "KH", "2S"], ()),
    ("my layout: a 3, a 4 and a king", ["3S", "4S", "KS"], ()),
    ("a red king plus a black king plus a joker", ["KH", "KS", "X"], ()),
    # A trey is a three; a typo is read as a card's name before any other word ("sevn" is not "seen").
    ("an ace, a deuce and a trey, score?", ["AS", "2S", "3S"], ()),
    ("five and six and sevn total", ["5S", "6S", "7S"], ()),
    # "two cards left" counts cards, but after an article a number is a card ("a 5 left").
    ("i have a king and a 5 left, whats my score", ["KS", "5S"], ()),
    # Words that name no card are said: a suit left over, the card an "and" adds after the last one.
    ("kings of hearts and diamonds and a joker score", ["KH", "X"], ("diamonds",)),
    ("an ace, a 2 and a face card, score", ["AS", "2S"], ("face",)),
    ("eight, nine, tenn, jak", ["8S", "9S", "10S", "JS"], ()),  # "jak": a typo of three letters, read as jack
    # After a rank and "of", a typo is read as the nearest suit, a real word too ("harts" was named unread, and the
    # 6 scored as a spade: 6 points, not the hearts ruleset's -3 for the six of hearts)
    ("the 6 of harts and a 4, total", ["6H", "4S"], ()),
    ("queen of spaids and a 3 total", ["QS", "3S"], ()),
    # The one-eyed king is the king of diamonds (it was read as a king of no colour said, a spade)
    ("the one-eyed king and a 4, total", ["KD", "4S"], ()),
    ("a king, a 7 and a zqx total", ["KS", "7S"], ("zqx",)),
    # The letters of the card notation typed alone; a capital A inside a sentence is an ace, not an article
    # (it was dropped without a word: "K 7 A 2" scored as a 7 and a 2).
    ("score for K Q J 10", ["KS", "QS", "JS", "10S"], ()),
    ("K 7 A 2 total?", ["KS", "7S", "AS", "2S"], ()),
    ("K-Q-J, what do they add up to", ["KS", "QS", "JS"], ()),
    ("A king and a 2, total", ["KS", "2S"], ()),
    # Counts players use: a multiple ("double", "triple") before a rank, a factor ("2x", "x2", "twice", "2 times"
    # after a card: so many of it in all), numbers past six
    # ("double king" dropped "double", "seven 2s" was a 7 and a 2, "kings x2 and an ace" got a case).
    ("a double king and an ace, total", ["KS", "KH", "AS"], ()),
    ("kings x2 and an ace", ["KS", "KH", "AS"], ()),
    ("a jack twice and a 4 total", ["JS", "JH", "4S"], ()),
    ("a king two times and an ace, score?", ["KS", "KH", "AS"], ()),
    ("2x jokers and a queen total", ["X", "X", "QS"], ()),
    ("seven 2s, what's the score", ["2S", "2H", "2D", "2C", "2S", "2S", "2S"], ()),
    # The word just before the first card is among the cards: named when it is no card.
    ("what do an extra king and a 4 score", ["KS", "4S"], ("extra",)),
    # "another" after a card is one more of it ("another" was a filler: "a king and another" scored one king);
    # a word that may stand for a card but is not read as one ("the other") is named.
    ("a red king and another, total", ["KH", "KD"], ()),
    ("what do a 5 and another one score", ["5S", "5H"], ()),
    ("a king and another queen total", ["KS", "QS"], ()),
    ("two kings one black one red and a 4 total", ["KS", "KH", "4S"], ()),
    ("a queen, a jack and the other total", ["QS", "JS"], ("other",)),
    # After a count, "'s" makes a plural ("two 5's" was scored, sure, as a 2 and a 5).
    ("two 5's and a king total", ["5S", "5H", "KS"], ()),
    ("both K's and an ace, score?", ["KS", "KH", "AS"], ()),
    # Found by test_no_word_of_a_hand_in_players_words_is_dropped_silently, each scored, sure, with a card lost or
    # misread and no word named: "3 x 4" (was a 3, a joker and a 4), "'s" after a colour or "a pair of" (a 3 and
    # a single 3), a letter of the notation after "a", a colour or before "plus", "with", "of" (dropped), a
    # capital A first before "of" or "with" (read as an article, dropped), "kings x 2" (a joker and a 2).
    ("3 x 4 and a king total", ["4S", "4H", "4D", "KS"], ()),
    ("two black 3's and a king, score?", ["3S", "3C", "KS"], ()),
    ("a pair of 3's and an ace total", ["3S", "3H", "AS"], ()),
    ("lol a J and black 10 and a five what's my score", ["JS", "10S", "5S"], ()),
    ("my hand is J plus three 5's", ["JS", "5S", "5H", "5D"], ()),
    ("K with a joker total?", ["KS", "X"], ()),
    ("A of spades with a jack and a three lol", ["AS", "JS", "3S"], ()),
    ("kings x 2 and an ace", ["KS", "KH", "AS"], ()),  # was a king, a joker, a 2 and an ace
    # Found by the same property later: a rank and "'s" before the times sign and a count ("'s" read as a
    # possessive and dropped, then "3 x 2": three 2s).
    ("a ten and a ten and 3's x 2", ["10S", "10H", "3S", "3H"], ()),
    # Found by the same property once it typed them: a number, a separator and a plural read as a count
    # ("ten, twos" was ten twos, "3, 5s" three fives), and "n" for "and" between cards (named as unread).
    ("i got ten, twos and a king total?", ["10S", "2S", "KS"], ()),
    ("3, 5s plus a jack what's my score", ["3S", "5S", "JS"], ()),
    ("seven + tens and an ace total?", ["7S", "10S", "AS"], ()),
    ("2 / kings & a queen total", ["2S", "KS", "QS"], ()),
    ("3's, tens total", ["3S", "10S"], ()),  # was three tens
    ("a king n a queen total", ["KS", "QS"], ()),
    ("so i have a jack n 2 red kings", ["JS", "KH", "KD"], ()),
    # Found by hand (issue 30): "1" before a rank in words counts one card ("1 ace, 1 two": '1', '1' were named
    # unread); "1" as a card is an ace, where a letter of the notation would be a card ("a 1", "K 1 2"). The
    # notation has no card "1": memory §values, official §Card Point Values and awareness §Points count an ace as
    # 1 (awareness lists it first in the run "Ace = 1, 2 = 2"), so players there call an ace "a 1".
    ("what do i score with 1 ace, 1 two", ["AS", "2S"], ()),
    ("what do i score with a 1 and a 2", ["AS", "2S"], ()),
    ("K 1 2 total", ["KS", "AS", "2S"], ()),
    ("a 1 of hearts and a king total", ["AH", "KS"], ()),
    # A label before the cards is chat, neither a card nor unread ("hand" was named as unread; "my cards: k, q" was
    # "not sure", "cards" taken for a rule's word).
    ("what do i score with my hand: 3, 3, 9, joker", ["3S", "3H", "9S", "X"], ()),
    ("my cards: k, q", ["KS", "QS"], ()),
    ("hand: 2, 3, joker total", ["2S", "3S", "X"], ()),
    # A capital A first after the label is an ace, as first in the question (it was dropped silently: the hand
    # property's example "hand: A, a ten what's my score" scored the ten alone).
    ("hand: A, a ten what's my score", ["AS", "10S"], ()),
    ("A a ten KH", ["AS", "10S", "KH"], ()),  # (no article comes before another)
    # A "1" and a separator before a rank is an ace, not a count: "1, two" was one 2, the ace dropped silently.
    ("what do i score with 1, two and a king", ["AS", "2S", "KS"], ()),
    ("what do i score with 1 & two", ["AS", "2S"], ()),
    # Card letters and digits typed run together are those cards (not read at all before: "not sure").
    ("what do i score with KK77", ["KS", "KH", "7S", "7H"], ()),
    ("what do i score with kq j", ["KS", "QS", "JS"], ()),
    ("what do i score with kk2 tens", ["KS", "KH", "2S", "10S"], ()),  # (the 2 is a card, not a count of the tens)
    # Found by test_no_word_of_a_hand_in_players_words_is_dropped_silently once its grammar took the sources' ways of
    # writing cards and more of players' separators, counts and chat; each scored, sure, with a card lost or misread
    # and no word named. Points in brackets (official §Red King & Negative Scores: "2 Red Kings (-2) + Joker (0) +
    # Ace (1)") were cards; a colour after its card (official §Card Point Values: "King (Red)") went to the next card
    # or nowhere; a suit symbol after "of" (hearts §Value of the Card: "6 of ♥️") was unread.
    ("2 Red Kings (-2) + Joker (0) + Ace (1)", ["KH", "KD", "X", "AS"], ()),  # (was KH KD 2S X AS AH, "0" unread)
    ("King (Red), Queen, Joker total", ["KH", "QS", "X"], ()),
    ("a king red, a Q and a 5 total", ["KH", "QS", "5S"], ()),
    ("a queen black and another total", ["QS", "QC"], ()),
    ("6 of \u2665\ufe0f and a king total", ["6H", "KS"], ()),
    # Symbols: the joker's and the playing cards' own (dropped silently), the times sign (its count read as a card).
    ("\U0001F0CF and a king total", ["X", "KS"], ()),
    ("\U0001F0AE \U0001F0A1 total", ["KS", "AS"], ()),
    ("king \u00d72 and a 5", ["KS", "KH", "5S"], ()),
    # The ace typed "A's", "AS" (the notation) or "A♠" ("as" is an English word: all three were dropped silently).
    ("A's and a king total", ["AS", "KS"], ()),
    ("AS KH total", ["AS", "KH"], ()),
    ("A\u2660 and a king total", ["AS", "KS"], ()),
    # A factor spaced before a separator, or after an article ("a 10 x 2": not ten twos), is a factor; "another"
    # before a separator or as "another one" is one more of the card before it, not the next card's article.
    ("a jack x 2, a 5 total", ["JS", "JH", "5S"], ()),
    ("a 10 x 2 and a king total", ["10S", "10H", "KS"], ()),
    ("a ten and another / an ace total", ["10S", "10H", "AS"], ()),
    ("a 5, another one, K total", ["5S", "5H", "KS"], ()),
    # ";", a line break and a dash between spaces separate cards as "," does ("ten; twos" was ten twos).
    ("ten; twos and a king total", ["10S", "2S", "KS"], ()),
    ("3 - fives total", ["3S", "5S"], ()),
    ("sevn, jacks total", ["7S", "JS"], ()),  # (a number mistyped too)
    # A letter of the notation goes on a list of cards after "and also", before "and another", a factor, a count
    # or "a 1" (each was dropped silently); "a black 1" is an ace; "9, 6S" is a 9 and the six of spades, not nine 6s.
    ("a queen and also K total", ["QS", "KS"], ()),
    ("K and another and a 5 total", ["KS", "KH", "5S"], ()),
    ("J twice and a 4 total", ["JS", "JH", "4S"], ()),
    ("J triple aces total", ["JS", "AS", "AH", "AD"], ()),
    ("K with a 1 total", ["KS", "AS"], ()),
    ("a double J red total", ["JH", "JD"], ()),
    ("a black 1 and a king total", ["AS", "KS"], ()),
    ("9, 6S total", ["9S", "6S"], ()),
    ("A red, K total", ["AH", "KS"], ()),
    ("KQ&A total", ["KS", "QS", "AS"], ()),  # (but "the official Q&A" names no ace)
    # "n" for "and" after a factor or before a mistyped card; chat before the cards ("holding" was named as unread,
    # "i'm holding a king and a 5" was "not sure"; "final hand:" is a label as "my hand:" is).
    ("a ten twice n a jack total", ["10S", "10H", "JS"], ()),
    ("k n a qeen total", ["KS", "QS"], ()),
    ("i'm holding a king and a 5", ["KS", "5S"], ()),
    ("final hand: K, Q, 5", ["KS", "QS", "5S"], ()),
    # A hand in a story of the round, whose game words ("round", "turn", "flipped", "called") had made it a rule's
    # question: asked as one sum ("how many points is that", "what's my total", "my count") it is the hand
    # (cambio_ref.askhand.summed; from a set of 100 hands written for issue 30 by a writer who saw only the sources).
    ("ok last round. black king, 6 of diamonds, 2. how many points is that", ["KS", "6D", "2S"], ()),
    ("After the final turn I flipped everything: 6 of spades, 6 of hearts, 9 of clubs. What's my total?",
     ["6S", "6H", "9C"], ()),
    ("Game ended on my friend's cambio. I've got the six of hearts, a two and a joker. What's my count?",
     ["6H", "2S", "X"], ()),
    ("Cambio got called on me. I flipped a 10 of diamonds, a jack and a 2. how much is that?", ["10D", "JS", "2S"], ()),
    # A list after "worth:" starts with a card, not with the points it is worth (the 10 was dropped, unsaid).
    ("what's my hand worth: 10, jakc, qeen, black king", ["10S", "JS", "QS", "KS"], ()),
    # A card the player got rid of is no longer theirs (cambio_ref.askstory.gone): the jack snapped away is not scored.
    ("so i snapped my jack and i'm left with a 9 and a 2, what's my score now", ["9S", "2S"], ()),
    # A number right after a card, before "left", is one more card, not a count of cards left; "only" needs no saying.
    ("only 4 + 4 left, what's my score", ["4S", "4H"], ()),
    ("3 + 4 left. total?", ["3S", "4S"], ()),
    # ... and so is a number after a card and "and" (cardcounts.LISTED_JOINS: the 8 was a count of cards left, named
    # as unread, and the 7 scored alone)
    ("i have 7 and 8 left, total?", ["7S", "8S"], ()),
    # "=" after a hand's label is its colon (the 7 was read as points and dropped, unsaid); "the two cards" counts them.
    ("Hand = seven + eight + nine. total pls", ["7S", "8S", "9S"], ()),
    ("Score check: a red 4 and a black 6, just the two cards.", ["4H", "6S"], ()),
    # A card told before the hand's label is not in the hand (askstory.labelled); "what do i score" asks for the sum.
    # ("useless", far from any card's word, is chat, not named as unread: asktypos.near_card_word)
    ("my friend says my 7 is useless. final hand: K, 7, 2. total?", ["KS", "7S", "2S"], ()),
    ("Cambio got called and I flipped over a pair of nines plus a black king. What do I score?", ["9S", "9H", "KS"],
     ()),
    # A number before "penalties" counts them: no 2 among the cards.
    ("six cards after two penalties: A, 2, 3, 4, 5, 6. add it up pls", ["AS", "2S", "3S", "4S", "5S", "6S"], ()),
    # A sum asked anywhere after the cards of a story (askhand.summed): "total", "sum", "come to", "what's that".
    ("round's over, I turned up a jack, a 3 and a joker. Total?", ["JS", "3S", "X"], ()),
    ("a 5 and a 6 were all I had at the end, sum please", ["5S", "6S"], ()),
    ("cambio was called on me with a queen and two 4s showing. what does that come to", ["QS", "4S", "4H"], ()),
    ("they flipped my cards: a 9 and a red king. what's that?", ["9S", "KH"], ()),
    # Cards told before "i have" (two or more after it) or "my last cards are" are the story's (askstory.labelled).
    ("i swapped a red king in, and now i have that red king and a 7. total?", ["KH", "7S"], ()),
    ("we play with both jokers in the deck. my last cards are a 2 and a 3, what's my score", ["2S", "3S"], ()),
    # A card the question says something about ("jokers are wild") is no card of the hand (askdescribed.described).
    ("jokers are wild here lol. a joker, an 8 and a 10, what's the total", ["X", "8S", "10S"], ()),
    ("i snapped my jack, so a 9 and a 2 are left. total?", ["9S", "2S"], ()),  # (cards still held: no statement)
    # A number before a colon counts the cards after it; "the other two", "my top two" count cards; "under 5" is a
    # number of points; "2 penalty cards" counts them (askhand.raw_words with COUNT_COLON, cardcounts.COUNT_BEFORE).
    ("got two penalty cards so I'm on 6 now: 2D, 3C, 4H, 9S, JC, QD. total?",
     ["2D", "3C", "4H", "9S", "JC", "QD"], ()),
    ("I've got 3: a jack, a 4 and a 7. am I under 5?", ["JS", "4S", "7S"], ()),
    ("burned the other two, so it's a queen and a 6 of clubs. total?", ["QS", "6C"], ()),
    # A label right before the cards that end the question asks for their sum (askhand.summed); "mine" is a label.
    ("my friend says I'm wrong about it. hand: 3C 8D AH", ["3C", "8D", "AH"], ()),
    ("she kept the black king, not me. mine: 4H, 5C, 9D. how many points", ["4H", "5C", "9D"], ()),
    ("my friend showed me his 9. mine are 2S, 4H and 8C. total?", ["2S", "4H", "8C"], ()),
    # Cards got rid of one after the other, or swapped out, are not counted (askstory.gone).
    ("i burned my 3 and my 9, and what's left is a queen and a 2. total?", ["QS", "2S"], ()),
    # A card got rid of that points back at one told before ("the 7", "my 7") is that card (askstory.referred): the 7
    # was scored though burned. "other two:" labels more cards, so those before it stay (askstory.LABEL_MORE).
    ("i had a 7 and a 9 and a 4, then burned the 7. total", ["9S", "4S"], ()),
    ("i had a 7, a 9 and a 4 then i snapped my 7. what is my score", ["9S", "4S"], ()),
    # ... and in the -ing form after the cards held; that verb tells the hand's story and asks no rule
    # (askstory.rid_of): "burning my jack" made this a question about snapping, "not sure".
    ("ended with a 4 and a 6 after burning my jack", ["4S", "6S"], ()),
    ("i'm left with a 2 and a king after snapping my 5", ["2S", "KS"], ()),
    # ... or another player took ("stole", "nicked"): the queen was scored with an unread "stole"
    ("4 4 2 after he stole my queen", ["4S", "4H", "2S"], ()),
    # "other two" with no "the" or "my" before it counts more cards, told of apart and named as not counted
    # (askstory.counted_apart: the two was scored as a 2)
    ("peeked at my cards: queen and 4. other two i dont know yet. score of the known ones?", ["QS", "4S"], ()),
    # "ended the round with" says the cards are the player's, as "ended with" does (askhand.HAVING_WITHIN: the joker's
    # value was answered, sure)
    ("ended the round with a joker and a ten lol", ["X", "10S"], ()),
    # ... as "ended the round holding" does (askhand.HAVING_PAIRS: the joker's value was answered, sure)
    ("ended the round holding a joker and a four", ["X", "4S"], ()),
    # When the hand was counted, by the call ("when he called", "once cambio was called"), asks no rule
    # (askstory.call_time): "called" and "knocked" made these questions about calling, "not sure". "stuck with" and
    # "sitting on" say the cards are the player's, as "left with" does (askhand.HAVING_PAIRS).
    ("i only had a king of spades and a 2 left when he called", ["KS", "2S"], ()),
    ("got stuck with two 9s when she knocked, how bad", ["9S", "9H"], ()),
    # (texting's "w" for "with", a stop word as "with" is: askhand.HAVING_PAIRS; it was "not sure")
    ("stuck w two red queens at the end, what's that in hearts", ["QH", "QD"], ()),
    ("had an ace, a 4 and a jack when sam knocked. my total?", ["AS", "4S", "JS"], ()),
    ("after someone called cambio i was sitting on a queen and a 2", ["QS", "2S"], ()),
    # ... and so does "called cambio" after it, a phrase of the call (askread.analyse's `ruled`: it made the question
    # one about calling, "not sure")
    ("6 7 8 in my hand when she called cambio", ["6S", "7S", "8S"], ()),
    # The reveal is the end of a round, where the cards are counted (spec/glossary.yaml uses it so), not a swap shown
    # to the table: "reveal" made these questions about a rule, "not sure".
    ("had 3 twos at the reveal", ["2S", "2H", "2D"], ()),
    ("final reveal: A, 2, 3. did i do good", ["AS", "2S", "3S"], ()),
    # A number right after "round" counts the round, no card (cardcounts: NUMBERED, as askcanon.ordinals reads it;
    # the 3 was scored)
    ("ok so round 3 just ended and i'm sitting here with a queen, a 2 and a 5. what's my total?", ["QS", "2S", "5S"],
     ()),
    # "just" or "only" may come between "now it's" and the cards (askhand.HAVING_BETWEEN): the cards are the player's
    # after the story told before them (the jack swapped away)
    ("i swapped my jack away so now its just red king and a 3. points??", ["KH", "3S"], ()),
    ("i know my 4 and my 6, other two: a king and a jack, total", ["4S", "6S", "KS", "JS"], ("other", "two")),
    # A number before "are" or "were" after "my", "final", "last" or "other" counts the cards after it (the four was
    # a card: cardcounts.COUNT_ARE); "were" labels as "are" does; "what did i get" after the cards asks their sum.
    ("my final four were 10, 10, 10, 2", ["10S", "10H", "10D", "2S"], ()),
    ("the other two are a king and a jack, and i also have a 5. total", ["KS", "JS", "5S"], ()),
    ("final cards were the queen of hearts and the 4 of clubs", ["QH", "4C"], ()),
    ("end of round, i flipped a 3, a jack and the joker. what did i get", ["3S", "JS", "X"], ()),
    # A total over any card's number said of the cards, and "who's right": the hand is scored to check it
    # (askhand.summed); the totals said are named as no cards.
    ("i say 12, he says 14: a king, a 2 and a joker. who's right?", ["KS", "2S", "X"], ("12", "14")),
    ("swapped my king out for a 4 of clubs, so now 4C and 10H. score?", ["4C", "10H"], ()),
    # A card taken back ("no wait") is not counted (askstory.corrected); a list said twice counts once
    # (askagain.restated): the reply names the words it did not count.
    ("I have a 9, no wait, a 6 of spades, and a king of hearts. total?", ["6S", "KH"], ()),
    ("two jacks, so J J, and the 5 of diamonds. score?", ["JS", "JH", "5D"], ()),
    ("QH QD QC. three queens lol, total?", ["QH", "QD", "QC"], ()),
    # The hand as it is now after the story: "now", "so", "left with", "i hold" before two or more cards
    # (askhand.having); a list after one that ends the question asks for its sum, "now" after it too.
    ("traded my jack for a 5 so now it's 5, 6, ace", ["5S", "6S", "AS"], ()),
    ("dumped both my 10s 🙃 left with a king of clubs and a 3, what do i have", ["KC", "3S"], ()),
    ("after the swap i hold 2, 9, queen. how's that", ["2S", "9S", "QS"], ()),
    ("i took his queen of spades when he snapped my 4, so i've got the QS, a 7 and an ace now", ["QS", "7S", "AS"],
     ()),
    # Cards got rid of with the verb after them ("the 8 i threw"), or swapped out before them; cards said not to be
    # counted ("not", "don't count"); a card taken back by "was" or "but it's" (askstory.gone, denied, corrected).
    ("add up 5, 5, jack, not the 8 i threw", ["5S", "5H", "JS"], ()),
    ("drew a 2 then swapped out my queen. so 2 6 9, total?", ["2S", "6S", "9S"], ()),
    ("i had a 7, a king... wait the king was a queen. and a 3. sum", ["7S", "QS", "3S"], ()),
    ("thought i had a 6 but it's an 8. so 8, jack and 2", ["8S", "JS", "2S"], ()),
    ("three cards: king, 4, king. not 2 fours. two kings and a 4. total", ["KS", "4S", "KH"], ()),
    # "it" after a verb of getting rid of a card is the card said last; cards "in the deck" are no hand's; "the sum
    # of" asks for the sum (askstory.gone, described; askhand.SUM_PAIRS).
    ("drew a 9 and snapped it straight away, so a 4 and a king of clubs. total", ["4S", "KC"], ()),
    ("we play with 2 jokers in the deck. i have a joker and a 6. what's my total", ["X", "6S"], ()),
    ("sum of my cards: 3, 3, queen (not the 8 i burned)", ["3S", "3H", "QS"], ()),
    # Cards said to be the player's ("i have", "i had", "my cards are") with no rule's word are a hand, whatever is
    # asked about them (askhand.owned); "did i win" asks their sum; "(both black)" after a count colours both.
    ("i have a 9 and a jack, is that low", ["9S", "JS"], ()),
    ("round over, i had a 4 and a queen, did i win", ["4S", "QS"], ()),
    ("ended with 2 kings (both black) and a 3", ["KS", "KC", "3S"], ()),
    ("two queens, both red, and an ace. total?", ["QH", "QD", "AS"], ()),
    # An "A" after a colon before two more cards is an ace; "is how much" asks; "come out to" asks the sum.
    ("got 3 cards: A 5 9", ["AS", "5S", "9S"], ()),
    ("a 6 and a red king is how much", ["6S", "KH"], ()),
    ("what would a 2 and a jack come out to", ["2S", "JS"], ()),
    # "Two of each" counts each plural said with it; "make" ending the question asks the sum.
    ("jacks and 4s, two of each. total?", ["JS", "JH", "4S", "4H"], ()),
    ("i've got 2 of each: 7s and 8s", ["7S", "7H", "8S", "8H"], ()),
    ("what do 2 black kings and an ace make", ["KS", "KC", "AS"], ()),
    ("playing online: 4, 4, K red. total", ["4S", "4H", "KH"], ()),  # (a ruleset's cue word is read: not unread)
    # "lost my queen" got rid of it; "ended with" says the cards after it are the hand; "how'd i do" asks the sum.
    ("lost my queen, then ended with a 2 and a 6", ["2S", "6S"], ()),
    ("we all flipped after the knock. i had a 5, a 9 and a king of clubs. how'd i do", ["5S", "9S", "KC"], ()),
    # A number after "is" or "equal to" right after a list of cards is what someone says they add up to, not a card
    # nor the last card's points: the hand is scored so the table can check it (askdescribed.claimed;
    # cardpoints.CLAIMED).
    ("my friend says a red king and a 6 is 5, is he right", ["KH", "6S"], ()),
    ("is a jack and a 2 equal to 12", ["JS", "2S"], ()),
    # A letter read as a card beside a card taken back stays a card (cardcounts.without).
    ("i have J, a 7, no wait, a ten, and a 4. total", ["JS", "10S", "4S"], ()),
    # ... and so when the card said instead is a letter too: the 7 was counted and not named (the hands property,
    # with more examples than the suite runs)
    ("i have K, a 7, no wait, J total?", ["KS", "JS"], ()),
    # A rank before a noun of its power is the power, no card ("the jack swap gave me ..."; askdescribed.POWER_NOUNS).
    ("my mate's jack swap gave me a red king and a 5. total?", ["KH", "5S"], ()),
    ("what's a queen plus a 3 of hearts", ["QS", "3H"], ()),  # ("plus" among the cards adds them: SUM_BETWEEN)
    ("took a penalty card on a slow burn so i have 4: 2S, 3S, 9D, KC, how many points", ["2S", "3S", "9D", "KC"], ()),
    # Table slang for ranks and two cards (cardnames.RANK_WORDS, NICKNAMES): a bullet is an ace, a lady a queen, a
    # hook a jack, a cowboy a king, a dime a ten; the suicide king is the king of hearts, a hockey stick a 7.
    ("a bullet, a lady and a dime, total?", ["AS", "QS", "10S"], ()),
    ("two hooks and a cowboy. what's my score", ["JS", "JH", "KS"], ()),
    ("the suicide king plus a hockey stick, how many points", ["KH", "7S"], ()),
    # Poker's names for cards held together: big slick is an ace and a king, nina ross a 9, the dead man's hand the
    # black aces and the black eights; "that's all i got" after the cards says they are the player's
    # (askhand.owned).
    ("big slick, thats all i got", ["AS", "KS"], ()),
    ("nina ross plus a dime plus a deuce", ["9S", "10S", "2S"], ()),
    ("flipped the dead man's hand, total?", ["AS", "AC", "8S", "8C"], ()),
    ("a 7 and a 2, that's all i have", ["7S", "2S"], ()),
    # "both" or "all" and a count after as many cards of a rank says them again (askagain.recounted): four twos, two
    # fives that are red, two black kings; a count of more than were named before is more cards: three fives.
    ("2 2 2 2 and a joker (yes all 4 twos)", ["2S", "2H", "2D", "2C", "X"], ()),
    ("two 5s and a 3 (both fives red)", ["3S", "5H", "5D"], ()),
    ("k k and a 5, both kings black", ["5S", "KS", "KC"], ()),
    ("a 5 and both fives", ["5S", "5H", "5D"], ()),
    # A colour before a plural rank, with no count, names every card of that colour: a pack has two red kings and
    # two black aces (cardcounts.read_cards); said again after a name for them, they are the same cards.
    ("red kings and a 5, how many points", ["KH", "KD", "5S"], ()),
    ("i'm holding the black aces and a 9, total?", ["AS", "AC", "9S"], ()),
    ("dead man's hand, black aces and black eights, score?", ["AS", "AC", "8S", "8C"], ()),
    # The colour or suits of cards named before, told after them with "is" or "are", are theirs (askagain.colours_told):
    # the kings red, the sevens red, the fives a spade and a club; no more cards.
    ("i have two kings and a queen, both kings are red", ["KH", "KD", "QS"], ()),
    ("my hand: 7, 7, 2. the sevens are red", ["7H", "7D", "2S"], ()),
    ("q 5 5, the fives are spades and clubs, total?", ["QS", "5S", "5C"], ()),
    # Told first, with "my", they are the hand's (askagain.first_told); "two are red" after three fours tells of two
    # of them, no 2.
    ("my two queens are black, plus a 3. total", ["QS", "QC", "3S"], ()),
    ("3 fours, two are red", ["4S", "4H", "4D"], ()),
    # Cards told of "in the deck" are not the hand, and "in the deck" asks no rule of the deck (askdescribed.in_deck).
    ("2 jokers in the deck at ours, what is a joker and a red queen", ["X", "QH"], ()),
    # ... nor those after "in the deck there are" (three jokers were scored), and "we play with" before the deck's
    # cards tells how the deck is made up (it made this no hand: the number of jokers in the deck was answered).
    ("in the deck there are two jokers; what is a joker plus a king", ["X", "KS"], ()),
    ("we play with 2 jokers in the deck. whats a joker and a red queen", ["X", "QH"], ()),
    # A word after the cards that judges them, with no rule's word, asks how they score (askhand.judged).
    ("a 2 and a 3, is that good", ["2S", "3S"], ()),
    ("two jacks, am i cooked", ["JS", "JH"], ()),
    ("pair of sevens, good or bad", ["7S", "7H"], ()),
    # A number after "that's" or "makes" right after the cards is the total the player says, no card
    # (cardpoints.CLAIMED); "couple" counts two without "of" (cardcounts.PAIR_WORDS).
    ("ace two three, that's 6 right?", ["AS", "2S", "3S"], ()),
    ("a king and a queen makes 22?", ["KS", "QS"], ()),
    ("couple 4s and a jack, total", ["4S", "4H", "JS"], ()),
    ("8 and a 2, that's ten right", ["8S", "2S"], ()),  # (a total in words: askhand.summed)
    # A number that ends a sentence is a card, whatever word comes next (askhand.NUMBER_END): "3. points?" is no
    # count of points.
    ("my cards: ace, 3. points?", ["AS", "3S"], ()),
    # A star before a word corrects the one before it, as texting writes it (askhand.STAR_FIX), and one correction's
    # words may follow another's ("sorry, i mean": askstory._corrected_to): the card taken back is told, not counted.
    ("a 5 and a quen *queen, total", ["5S", "QS"], ()),
    ("i have a 4 and a 6 *5, total?", ["4S", "5S"], ()),
    ("a king and a 2, sorry i mean a 3, total", ["KS", "3S"], ()),
    # "left" right after the cards says they are the player's (askhand.owned), with no word of value: "+" is no card
    ("only 4 + 4 left", ["4S", "4H"], ()),
    # A word no card is read at, taken back by a correction before a card, is a slip: not unread (askstory.taken_back)
    ("a 2 and a hat, sorry, a 10. total?", ["2S", "10S"], ()),
    # A rule's word told before the player's cards, and a word of value after them, says what happened before the
    # cards were counted (askread.Query.told_first)
    ("after the call i had 6, 2, A, score?", ["6S", "2S", "AS"], ()),
    ("after the knock i had a 4 and a king, how many points", ["4S", "KS"], ()),
    # "1 red 1 black" after a count of cards says their colours, as "one red one black" does: no aces
    # (cardcounts.ONE_COLOURS)
    ("I had a 5 and 2 kings (1 red 1 black)", ["5S", "KS", "KH"], ()),
    ("2 kings, 1 red and 1 black, and a 5", ["KS", "KH", "5S"], ()),
    # A colon after a word that is no hand's label, before a list, opens the list: the word is chat, not a card
    # mistyped (askhand.LABEL_COLON)
    ("hand at the end: 7, 8, 9, 10", ["7S", "8S", "9S", "10S"], ()),
    ("final tally: K, 2, 2", ["KS", "2S", "2H"], ()),
    ("cards left: 9 and 9", ["9S", "9H"], ()),
    # "card" before a number names that card: no count of cards (askhand.CARD_NAMED)
    ("i have card 8, card 10 and card K. total?", ["8S", "10S", "KS"], ()),
]


# A number, "of" and "us", "them" or "you" counts people or cards named already: no card.
PEOPLE_COUNTED = ["two of us flipped at the same time, who wins the snap", "3 of us. who deals next round",
                  "can 3 of us play?", "two of them are kings, can i snap both", "can both of you snap"]
