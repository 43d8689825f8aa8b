"""The question engine on the held-out phrasings (issue 30's "Done when"), reported by counts only.

tests/site/heldout-test.yaml is the frozen test half: its questions are never printed here,
in a failure or anywhere else; a failure gives the counts of tests/site/heldout_check.tally.
The thresholds are issue 30's: at least 90% right first, at most 1% confidently wrong, every
question no ruleset answers "not sure", and at least 95% of the hands scored right with no
word silently dropped. The tune half is scored with the same thresholds, and so is the validation
set (tests/site/heldout-valid.yaml, written later by another writer from the same inputs, read by
counts only and never tuned on: whether what the tune half decided generalises), and so is a second one
(tests/site/heldout-valid2.yaml, by a third writer, added after the first had chosen among settings by its counts),
and so is a third (tests/site/heldout-valid3.yaml, by a fourth writer, added after every choice of the likeness
letter by letter, cambio_ref.asklike).

The last two tests hold now and must keep holding: no unanswerable question gets an answer,
and no hand drops a word silently on the tune half.

Where it stands (issue 30; counts of `python -m tests.site.heldout_check test`, 260 questions):

- before tuning: 105 right first, 44 confidently wrong (107 and 43 once main had moved on);
- 2026-11-27, after a sure answer must lead by a margin (cambio_ref.asksure.choose), a named
  ruleset gets its option, and a rule's words keep cards from reading as a hand: 125 right
  first, 18 confidently wrong, 117 not sure, all 30 unanswerable "not sure". The tune half:
  140 right first, 6 confidently wrong.
- 2026-11-27, later (chat words are stop words, a typo keeps its first letter, hands read "a pair of",
  "both", "a black one"): test half 127 right first, 19 confidently wrong, 114 not sure, 30 of 30
  unanswerable "not sure", one hand still scored with a word dropped; tune half 140 right first, 8
  confidently wrong, no word dropped. A BM25 length normalisation (k1 1.2, b 0.3 to 0.9) was tried on
  the tune half and the project's phrasing set and not kept: no better on the tune half, and on the
  phrasing set 6 fewer questions with the right answer ranked first and 3 more confident errors.
- 2026-11-27, players' words for topics in spec/glossary.yaml (synonyms for the deal, the table size,
  the knock-out, a late snap, a multi-snap, a wrong call; new terms for discarding, taking the
  discard, the next dealer, round wins, a target score, an exact landing, the caller's score, the snap
  window, a swap shown to the table, one try at a discard): test half 128 right first, 18 confidently
  wrong, 114 not sure; tune half 151 right first, 7 confidently wrong. Synonyms that raised the
  confident errors on the tune half ("correctly", "does everyone get", "turn cap") were left out.
- 2026-11-27, more of players' words (final turns, the caller's lock, a second call, what fires a
  power, looking at the caller's cards, giving a card, a right and a wrong snap, snapping onto a power
  card; new terms for the cards peeked at the start, open hands, where a penalty card goes, a calling
  limit): test half 130 right first, 18 confidently wrong, 112 not sure; tune half 158 right first,
  6 confidently wrong. "two of us want to call" was left out: under a named ruleset it sent the
  question to the case's option (when a call may be made) with confidence.
- 2026-11-27, a third batch (a snap race called a "dual", looking at a caller's cards, whether every
  version has snapping, a second try at a discard; a new term for which kings have a power): test half
  131 right first, 18 confidently wrong, 111 not sure; tune half 161 right first, 4 confidently wrong.
  "already snapped" and "on top too" for a second snap were left out (a confident error on the tune half).
- 2026-11-27, a fourth batch (a power that must be used, a knocked-out player who keeps going; a new term
  for whose card a peek power looks at): test half unchanged (131, 18); tune half 162 right first, 4
  confidently wrong. "have to look" for a compulsory power was left out (it lost a question on the tune half).
- 2026-11-27, later: a real English word is no typo of a game word, "three of us" is no tie, the letters of
  the card notation and a capital A are cards: test half 132 right first, 19 confidently wrong, 109 not sure.
  Main's rename of one case id then moved the tune half from 162/4 to 159/6 (the id's words were indexed);
  a case is no longer found by its id: tune 159 right first, 5 confidently wrong; test half 132/19.
  "rules" after a ruleset's name is part of the name, and "got" a stop word as "get" is: tune half 162 right
  first, 5 confidently wrong; test half 134 right first, 17 confidently wrong, 109 not sure, 30 of 30
  unanswerable "not sure", one hand still scored with a word dropped.
  Sureness rules tried on the tune half and on a replay of it with the glossary before its tuning (commit
  2396553's), and not kept: comparing scores without the house weight and the named-ruleset bonus, no
  promotion of two cases' shared option, a floor on the share of the question's weight the answer covers,
  at least two words found, an option's own case with a title word the option lacks. Each lost 5 to 16
  right answers for 0 to 3 fewer confident errors: the confident errors are ranking errors (a wrong
  question leading clearly), not close calls a threshold can catch. Keeping a case that a core rule
  settles, rather than its option, for a named ruleset ("official rules: what if two of us want to
  call") left the tune half and the phrasing set unchanged and was not kept: the catalogue does not say
  when an option only sets a case's scene (call.final-round rests on a core ruling, yet its option is
  the rule players ask about).
- 2026-11-27, a ranking and a sureness rule that generalise (the tune half only decided them, with two-fold
  cross-validation on it; the test half's counts were read only to report them): a field longer than the
  mean field weighs less, as BM25 normalises length (b = 0.5; cambio_ref.askindex.LENGTH_NORM), which put
  the right answer first for 152 of the tune half's 197 topic questions (143 before; in the first three for
  182, 179 before); and a first answer is sure when its score plus 3 times its lead over the first question
  not its own reaches 1.1 (cambio_ref.asksure.sure), one line through the two numbers, fitted for at most
  about 1% confidently wrong on the tune half, replacing four thresholds tuned there. Tune half 147 right
  first, 2 confidently wrong (160 and 5 before); test half 121 right first, 12 confidently wrong, 127 not
  sure, 30 of 30 unanswerable "not sure" (133 and 17 before): fewer answers, fewer of them wrong.
  Hands read "double", "triple", "2x", "x2", "twice", "N times" and counts to ten, and name the word before
  the first card when it is no card (a Hypothesis property in test_ask checks no word is dropped); the
  English list was made again (2,810 words). Counts unchanged: tune 147 / 2, test 121 / 12; the test half
  still has one hand scored with a word dropped (not looked at).
- 2026-11-27, issue 30 follow-up: "another" after a card is one more of it, and "one", "other", "more"
  among a hand's cards are read or named (tune 147 / 2, test 121 / 12: unchanged); a rule said on or
  off ("risky fives is on", "no risky fives", "turned off snapping others' cards") keeps its sense and a
  case playing it the other way weighs as a house rule not asked for (tune 147 / 2, test 121 / 12;
  six on/off phrasings added to the phrasing set, two of which got the opposite value, sure, before);
  typos of three letters read by the commonest slip (swap, then a letter left out, then a changed letter
  not into a stop word) and "goes" stemmed to "go": tune 150 right first / 2 confidently wrong; test
  half 120 / 12 (one fewer right first; decided on the tune half and the phrasing set only). Of the
  tune half's 41 topic questions still not right first, the right answer is second for 17; by family:
  snapping 13 (own card or another's, same discard, several cards), powers 8 (6 of them house-rule
  variants told apart by one detail), calling 6, out of cards 4, set-up/match 5, players 3, other 2.
- 2026-11-27, a glossary phrase's plain words stand in for its term where the term is not found, at a
  quarter of its weight (cambio_ref.askindex.COVERED_WEIGHT; the term used to replace them): tune half
  152 right first, 2 confidently wrong; test half 120 / 12 (unchanged); the phrasing set answers as
  before. The plain words added beside the term instead (the question's weight grows) lost at every
  weight tried (tune 150 / 2 at 0.25, 140 / 4 at 1.0; phrasing set 2 to 15 fewer right), and the
  fallback at 0.5 or 0.75 lost too (149, 146).
- 2026-11-27, players' everyday English (decided on the tune half and the phrasing set only; the test half's
  counts read once, to report): cambio_ref/askplain.txt reads irregular past forms as their verb ("drew" as
  "draw") and "max"/"min" as "most"/"least"; be-forms, possessive and indefinite pronouns are stop words;
  "count for" asks a card's worth; "call/say cambio" is the call; "the online site", "the memory page", "the
  cambia engine" name their ruleset. Tune half 164 right first, 2 confidently wrong, 94 not sure, hands 21 of 21
  (one-card hands are now judged by the hand's totals: tests/site/phrasing_check.py); test half 125 right
  first, 12 confidently wrong, 123 not sure, 30 of 30 unanswerable "not sure", hands 26 of 27, one still scored
  with a word dropped (by the old judge the tune half's one-card hand, answered with the card's worth, was a
  confident error: 163 / 3; the test half's counts are the same by either judge). Not kept: sureness for
  short questions whose words the first title covers (adds 1 to 4 confident errors on the tune half in-sample),
  refitting the sureness line (two-fold cross-validation: 8 more right, 4 more confidently wrong), stemming
  "-ly", dropping a count that is no card, joining contractions, chat short forms ("ppl"), weighing a word no
  question has at nothing (3 unanswerable answered).
- 2026-11-27, two reading bugs fixed as bugs (tune half and phrasing set only; the test half's counts read once,
  to report): a rank and a lower-case "s" is players' plural ("ks", "5s", "10s": kings, fives, tens), the card of
  spades is "KS", "5S" or "5♠"; a contraction is read as its words before typos ("hadn't" was "hadn" + "t",
  corrected to "hand"). Tune half 165 right first, 2 confidently wrong, 93 not sure (164 / 2 / 94 before);
  phrasing set unchanged; test half 129 right first, 11 confidently wrong, 120 not sure, 30 of 30 unanswerable
  "not sure", hands 26 of 27, one still scored with a word dropped. Cues tried for the tune misses whose right
  answer is second or third behind a sibling, and not kept (no tune gain, or a phrasing lost): a question
  naming a house rule weighing a case that is no house rule down as a house rule is weighed when not asked
  for (no change); "our table", "house" or "we play" as words for a house rule (0 or +1 on the tune half, 1
  or 2 phrasings lost: "can we play with only two people" is no house rule); "my own" against a title about
  another player's card and the reverse (no change).
- 2026-11-27, later: the question word is a cue (cambio_ref.askread.asking): a question asking how many weighs a
  title asking who, what or where at 0.9 (cambio_ref.askindex.NUMBER_WEIGHT; a title asking yes or no, or when,
  keeps its weight). Tune half 167 right first, 2 confidently wrong, 91 not sure; phrasing set 138 right first
  (135 before), none lost; test half 130 right first, 11 confidently wrong, 119 not sure, 30 of 30 unanswerable
  "not sure", hands 26 of 27 (read after the decision, to report). Not kept: every question word, yes-no
  included (tune 164 right first, 5 confidently wrong), wh-words other than how many (a phrasing lost, or a
  confident error on the phrasing set), a bonus for a matching how-many title (no change), the title's share
  of the score at 0.08, 0.16 or 0.2 instead of 0.12 (166 / 3, 165 / 3, 158 / 3). Of the tune half's misses, 51
  have the right answer first but not sure, 27 second or third, 13 not among the three offered.
  Then "two 5's", "both K's" (a count, a rank and "'s") read as plurals, not a 2 and a 5: tune and phrasing set
  unchanged (167 / 2; 138); the test half not read again.
- 2026-11-27, last: a Hypothesis property in players' usual words around a hand (card names and typos, colours,
  suits, counts, "'s", codes, separators, chat; written from general usage, not from these files) found cards
  lost or misread with no word named ("3 x 4", "kings x 2", "two black 3's", "a J", "J plus three 5's", "A of
  spades with...", "a ten" before a plural read as ten of them); fixed in cardwords and ask.js. Left: punctuation
  is not read, so "ten, twos" is still ten twos. Tune half 167 right first, 2 confidently wrong, 91 not sure, hands
  21 of 21, none dropped; phrasing set and every reply to the tune half and the case titles unchanged; test half
  (read once, to report) 130 / 11 / 119, hands 26 of 27, still one scored with a word dropped: the property's
  forms do not cover it, and it was not looked at.
- 2026-11-27, after that: the property also types a number, a separator ("," "/" "&" "+") and a plural ("ten,
  twos" is a 10 and twos, "3, 5s" a 3 and fives; they were ten twos and three fives) and "n" for "and" between
  cards; both read in cardwords, askread.raw_words and ask.js. Tune half 167 / 2 / 91, hands 21 of 21, none
  dropped; phrasing set 138 of 181 right first; every reply to both unchanged; test half (read once, to report)
  130 / 11 / 119, 30 of 30 unanswerable "not sure", hands 26 of 27, still one scored with a word dropped: not
  among these forms either, and not looked at.
- 2026-11-27, sureness and near misses (decided on the tune half and the phrasing set only; two-fold cross-validation
  on the tune half, 20 random splits, for each rule or weight; the test half's counts read once, after the last
  change, to report): a sure answer's lead is over the first rival that is not a narrower form of it (a title with
  every word of its title and more, none asked for: cambio_ref.asksure._narrower; kept on 31 of 40 folds, held-out
  +1.0 right, +0.0 wrong); "what are K's worth" reads kings (cardwords.AGREED_PLURAL); a real English word is read
  only as its own inflection ("form" was "for"); "do" ends a question once the ruleset's words are set aside; "mid"
  is no typo of "min"; a glossary term finds the option or rule its entry points to at 1.15 (ABOUT_WEIGHT, was 1.0),
  except a term said on or off (nested cross-validation: 1.15 picked on 19 of 40 folds, held-out +5.25 right,
  +0.40 wrong). Tune half 180 right first, 2 confidently wrong, 78 not sure (167 / 2 / 91), hands 21 of 21, none
  dropped; phrasing set 143 right first (138); test half 137 right first, 13 confidently wrong, 110 not sure (130 /
  11 / 119), 29 of 30 unanswerable "not sure" (30 before: one is now answered, sure), hands 26 of 27, one still
  scored with a word dropped. Which change moved the test half's errors is not known (read once, not by change).
  Not kept: idea "sure of the answer" (a rival whose one-line answer, or option value, is the first answer's for
  the rulesets asked: no tune or phrasing question has one within reach of the line); a rival whose own title words
  are none asked and outnumber the first answer's (tune +3 right, +2 wrong; kept on 9 to 11 of 40 folds, held-out
  +0.3 right, +0.6 wrong); a case that does not apply to the named ruleset skipped as a rival, or weighed down (no
  change); refitting LEAD and SURE again (held-out +3.1 right, +1.4 wrong); the shares of the title and of the
  glossary pointers, HOUSE_WEIGHT, NAMED_BONUS, COVERED_WEIGHT and each field's weight (the current values chosen
  on most folds, held-out -0.6 to +0.4 right for 0 to 0.4 more wrong).
- 2026-11-27, a validation set (tests/site/heldout-valid.yaml: 160 questions written after these rounds, by another
  writer, from the sources, the research notes and the same topic list only): 66 right first, 6 confidently wrong,
  88 not sure, 14 of 15 unanswerable "not sure", hands 17 of 20, none dropped, both before and after the session's
  sureness and near-miss changes (tune 167 -> 180): they did not carry over to new words. Of its 110 questions on a
  topic, 27 are answered right and 3 wrong, sure; 50 have the right answer first but "not sure", 11 second or third
  and 19 not among the three. Lowering the sureness line trades right for wrong on it as on the tune half (SURE 0.9:
  80 right, 10 wrong; 0.7: 103 and 14). Its questions were read once, to find this out; nothing was tuned on them.
- 2026-11-27, sureness that generalises (fitted on the tune half, selected on the validation set by counts only): two
  cases first and second within 0.14 (cambio_ref.asksure.MARGIN, was 0.08) that turn on one option answer with that
  option. Tune half 182 right first, 2 confidently wrong, 76 not sure (180 / 2 / 78); validation set 70 / 6 / 84
  (66 / 6 / 88); phrasing set 144 right first (143), no confident error. The tune half gains the same from 0.12 to
  0.25 and the phrasing set answers a case with its own option from 0.15; the validation set chose 0.14 (0.12: 67,
  0.13: 69).
  Then a second sureness rule beside the line: a first answer is sure when it scores at least 1.5 times the first
  question not its own and the question asks for at least a quarter of its title's words (cambio_ref.asksure.clear:
  RATIO, TITLE_SHARE). Tune half 187 right first, 2 confidently wrong, 71 not sure; validation set 79 / 6 / 75; phrasing
  set 144 right first, unchanged. Fitted on the tune half (a grid of pairs of features, kept only with no more
  confident errors on the tune half and the phrasing set); six forms read on the validation set by counts, and only
  those with no more confident errors there kept: ratio 1.5 with at least 3 words asked 83 / 9, ratio 1.3 with a title
  share of 0.35 (the form two-fold cross-validation on the tune half picks most often: held-out +2.0 right, +0.3
  wrong) 84 / 9, ratio 1.5 with a share of 0.2 79 / 7, 1.55 with 0.25 79 / 6, 1.6 with 0.25 78 / 6. Not kept (no
  gain on the validation set without more confident errors, or none on the tune half): a lead ratio alone (1.5 from
  a score of 0.4: 74 / 7), every word found in the first answer's title (66 / 6), every word a glossary term pointing
  to it (66 / 6), the first answer staying first when any one word is left out with a floor on score and lead (69 /
  7 to 70 / 9), the share of the question's weight the first answer covers (tune: each gain came with confident
  errors), lower SURE (as before). Ranking weights read on all three sets (HOUSE_WEIGHT 0.65 / 0.85, NAMED_BONUS 0 /
  0.1, COVERED_WEIGHT 0 / 0.4, LENGTH_NORM 0.35 / 0.65, ABOUT_WEIGHT 1.0 / 1.3, NUMBER_WEIGHT 0.8 / 1.0, other SHARES,
  SWITCH_WEIGHT 1.0): none gained on the tune half without a confident error more on it or on the validation set.
  The test half, read once after both changes, to report: 141 right first, 14 confidently wrong, 105 not sure (137 /
  13 / 110 before them), 29 of 30 unanswerable "not sure", hands 26 of 27, one still scored with a word dropped.
  Which of the two changes moved its errors is not known (read once, not by change).
- 2026-11-28, hand words found by hand (not from any held-out set): "1" before a rank in words counts ("1 ace"), "1"
  as a card is an ace ("a 1 and a 2"), a label before the cards ("hand:", "my cards:") is chat, card letters run
  together are cards ("KK77", "kq j"). No reply of the tune half or the phrasing set changed: tune 187 / 2 / 71,
  hands 21 of 21; validation set 79 / 6 / 75, hands 17 of 20, none dropped; phrasing set 144 right first. The test
  half, read once after, to report: 141 / 14 / 105, 29 of 30 unanswerable "not sure", hands 26 of 27, one still
  scored with a word dropped (all as before these forms).
- 2026-11-28, players' ways of asking each question (spec/asked.yaml: 1,181 phrasings of all 197 questions, written
  by five independent writers from the sources, the research notes and the list of questions only), matched as a
  field each at 0.7 (ASKED_WEIGHT; 0.5 to 1.0 tried on the tune half and the validation set) and as a fifth share of
  the score, the nearest one (0.1, with SURE refitted to 1.15); a title that has every word asked for and the rival's
  not is sure; the rule of proportion dropped (it no longer decided anything but one right and one wrong on the
  validation set). A second batch of 1,181 phrasings in other voices (teenager, parent, a player of another game, a
  non-native speaker, a rules lawyer) made nothing better on the tune half or the validation set and was not kept.
  Tune half 187 / 2 / 71 -> 200 / 5 / 55; validation set 79 / 6 / 75 -> 92 / 5 / 63; phrasing set 144 -> 163 right
  first. A second validation set (tests/site/heldout-valid2.yaml: 160 questions by a second writer, from the same
  inputs, added after every choice above and chosen on by nothing): at the session's start (c33947d) 88 right first,
  10 confidently wrong, 62 not sure; after: 108 / 9 / 43, 15 of 15 unanswerable "not sure", hands 17 of 20, none
  dropped.
- 2026-11-28, hands in the sources' and players' forms (not from any held-out set): the hand property of
  tests/site/test_ask_hands.py types cards as the sources' value lists write them ("6 of ♥️", "King (Red)", "2 Red
  Kings (-2) + Joker (0) + Ace (1)") and as players do (colours after a card, symbols, "A's", "AS", factors, "another
  one", ";", a line break, "holding", ...); what it found dropped or misread, unnamed, is read (cardwords, askhand,
  ask.js). No reply of the tune half, the phrasing set or the case titles changed: tune 200 / 5 / 55, hands 21 of 21;
  validation set 92 / 5 / 63, hands 17 of 20, none dropped; phrasing set 163 right first. The test half, read once
  after, to report: 168 right first, 15 confidently wrong, 77 not sure, 28 of 30 unanswerable "not sure", hands 27 of
  27 right, none scored with a word dropped (26 of 27 and one dropped when last read, before spec/asked.yaml and these
  forms: which change, or which form, mended it is not known).
- 2026-11-28, a floor for sureness (cambio_ref.asksure.FLOOR, 0.5: a first answer scoring under it is never sure;
  decided on the tune half, the validation set, the phrasing set, all unchanged, and 40 questions no ruleset answers
  written for it: 2 sure -> 1). The test half, read once at the session's end, to report: 169 right first, 14
  confidently wrong, 77 not sure, 29 of 30 unanswerable "not sure", hands 27 of 27, none dropped (at the session's
  start: 141 / 14 / 105, 29 of 30, hands 26 of 27 with one dropped). The second validation set: 108 / 9 / 43.
- 2026-11-28, a second reading, letter by letter (cambio_ref/asklike.py, in ask.js too): each question's profile is
  the tf-idf mean of its title's and players' phrasings' words, word pairs and runs of 3 to 5 letters (a nearest-
  centroid classifier); its cosine with the question adds 0.6 to the score (askindex.LIKE_WEIGHT, chosen from 0.4 to
  0.8). Words alone ranked the right answer first for 163 of the tune half's 197 topic questions and 83 of the
  validation set's 110: they had learnt the tune half; a centroid model alone, 139 and 92. Refitted with it on the tune
  half and the validation set: SURE 1.35, FLOOR 0.6, MARGIN 0.25, and two cases' shared option answered only when it
  scores within 0.2 of the first (asksure.OPTION_NEAR). Also: a number said as points ("worth 10", "-3", "= 0") is no
  card; "stick" is a snap. Not kept: the second batch of phrasings in the model (tune +3, validation -3), option
  descriptions or glossary words in the profiles, the title counted twice, letter runs across words, word skip-pairs,
  sureness when the two readings agree. Tune half 200 / 5 / 55 -> 224 / 3 / 33; validation set 92 / 5 / 63 -> 116 / 5
  / 39; phrasing set 163 -> 171 right first. Read once at the end, to report: the test half 169 / 14 / 77 -> 187
  right first, 14 confidently wrong, 59 not sure, 28 of 30 unanswerable "not sure" (29 before), hands 27 of 27, none
  dropped; the second validation set 108 / 9 / 43 -> 121 / 13 / 26, 15 of 15 unanswerable, hands 17 of 20; a third
  validation set (tests/site/heldout-valid3.yaml, written after every choice above): 124 / 7 / 29, 15 of 15
  unanswerable, hands 17 of 20, none dropped. More right first on every set; confident errors level on the test
  half, up by 4 on the second validation set.
- 2026-11-28, later: 1,023 more questions on a topic by four more writers (tests/site/heldout-dev.yaml, same inputs),
  written as phrasings for spec/asked.yaml. In the model they made the right answer first more often and confident
  errors more common on the tune half, the validation set and the phrasing set alike, refitted or not (counts in
  tests/site/heldout_check.py's docstring): not kept. Kept as a set to look at and tune on. Its confident errors, read:
  most are a sibling question (the house rule's case against the rule's option, the caller's lock against the caller's
  snap) or card-value questions the writers labelled with the rule's option where the engine gives the card's points.
  Four kinds of hand misread were fixed: a question ending on "do" asks what its cards do, plural ranks with no count
  ask their values, "equal value" is a right snap's word, a number inside a rule's phrase ("risky fives", "2 matching
  cards") is no card; and players' words for a second call ("two cambios"), the caller's penalty ("got beat") and an
  optional power ("not do"). Dev set 629 / 55 -> 637 / 48 (right first / confidently wrong); the tune half 224 / 3 / 33
  (unchanged), the validation set 117 / 4 / 39 (116 / 5 / 39), the phrasing set 171 right first (unchanged). Read at
  the end, to report (twice: after the hand fixes, then after the words; nothing chosen between): the test half 187 /
  14 / 59, 28 of 30 unanswerable "not sure", hands 27 of 27; the second validation set 121 / 13 / 26; the third 124 /
  7 / 29 (all unchanged). Sureness lines refitted on the dev set (1,372 questions with the tune half and the
  validation set) traded right answers for confident errors at about the rate of the line in use: none kept.
- 2026-11-28, the next session: "we play", "we say", "the way we do" and "our king" (queen, jack) speak of a house rule;
  a rank named again after "the" is the card already named ("drew a 2, put the 2 in"). Dev set 637 / 48 -> 650 / 43;
  the tune half 224 / 3 -> 223 / 3; the validation set and the phrasing set unchanged. A fifth writer's 233 questions
  no topic answers joined the dev set: 218 "not sure" untuned. Not kept: a named ruleset's case kept first when the
  question asks for two words of its title no option has ("the official rules' Q&A", "the example"): dev 5 fewer
  confident errors, but the validation set 3 fewer right first; a logistic sureness on 18 features of the ranking
  (fitted on the tune half and the dev set in a scratch venv): no better than the line on the validation set. Read
  once at the end, to report: the test half 188 / 13 / 59, 28 of 30 unanswerable "not sure", hands 27 of 27; the second
  validation set 122 / 12 / 26; the third 125 / 7 / 28.
- 2026-11-28, the session after: misreads found in the dev set, each kept only if it lost nothing on the tune half,
  the validation set or the phrasing set: poker's counts ("four of a kind", "two pair") and a run of ranks ("2 to 10")
  name no card; a number after a card ("red king 0", "red king at 0") states its points, a rule, not a hand; a number
  before "of us" counts people; a question about another card game, asking for advice ("is it worth", "tips") or about
  the game's history ("same game as") is never sure (glossary terms other-game, strategy, history); "max players" and
  "min players" each find their own option. Dev set 868 / 58 -> 883 / 45 (of its 1,256, the 233 unanswerable
  included); the tune half 223 / 3 / 34, the validation set 117 / 4 / 39 and the phrasing set 171 right first,
  unchanged. `heldout_check.tally` now also counts the confident errors near the labelled answer (`neighbour`: the
  rule the labelled case turns on, or the reverse; a card's points for its value rule): 35 of the dev set's 45, all 3
  of the tune half's, 1 of the validation set's 4. Read once at the end, to report: the test half 189 / 13 / 58, 28
  of 30 unanswerable "not sure", hands 27 of 27, none dropped, 2 of its 13 confident errors near the labelled answer;
  the second validation set 122 / 12 / 26 (6 of 12 near); the third 125 / 7 / 28 (5 of 7 near).
- 2026-11-28, "not sure" when the first answer is right: of the dev set's 328 answerable questions answered "not
  sure", 223 had the right answer first. Why, by the first rival (cambio_ref.asksure._rival): a score under FLOOR 42;
  a case leading a case that shares its option 22; an option leading a case of another option 50; a rival the writer
  also accepts 7; a broader or narrower form of the answer 3; another question 99 (of them 18 a card's power or value
  option the question names as its scene). Kept, each alone losing nothing on the tune half, the validation set or the
  phrasing set and adding no confident error: a broader form of the first answer is no rival when the question asks
  for its narrower words (cambio_ref.asksure._broader); "ppl", ordinals in figures and texting's "every1" read as
  words (cambio_ref/askplain.txt); the glossary's rearrange term, "someone else's turn" for the snap window, "double
  burn" (flip, slap) for several cards in one snap. Dev set 883 / 45 / 328 -> 894 / 45 / 317; the validation set
  117 / 4 / 39 -> 119 / 4 / 37; the tune half 223 / 3 / 34 and the phrasing set 171 / 3 unchanged. Not kept (each one
  more confident error): a possessive name before "card" ("Mia's card", "joes card") read as another player's card
  (dev 5 more right first, 1 more confidently wrong); a house rule's case no rival to a question that speaks of none
  (tune 1 more right first; dev 2 more, and one right answer turned confidently wrong); a case no rival to an option
  when none of its own options scores near it (dev 9 more right first, 7 more confidently wrong; tune 2 and 2); a
  ruleset's case no rival to the house-rule sibling the question states (tune 1 more right first; dev 1 and 1); two
  options a case plays out together no rivals (dev 4 and 4, tune 1 and 3). A named ruleset's conflict case
  (conflict.official-*) kept first rather than its option: dev 880 / 41 / 335, tune 220 / 3 / 37, valid 115 / 4 / 41.
- 2026-11-28, the fourth round: a part of a source is a glossary term (qa: "Q&A", "FAQ"; main-text: "main text",
  "body"; worked-example: "example game", "walkthrough"), "not the FAQ bit" or "rather than the main text" sets one
  aside (cambio_ref.askread.set_aside), and a named ruleset keeps first the case whose title names the one part the
  question names, the other part's case no rival to it (cambio_ref.asksure._reads_part, _other_part). Dev
  894 / 45 / 317 -> 900 / 38 / 318 (the official conflicts: the main text's and the example's readings were answered
  with official's rule, which follows the Q&A); the tune half 223 / 3 / 34, the validation set 119 / 4 / 37 and the
  phrasing set 171 / 3 unchanged. Keeping the case first when the question names any of its parts (two named: "the
  Q&A and the example disagree") lost one right answer on the validation set (118 / 4 / 38). Then a capitalised
  name with "'s" before "card" inside a sentence ("I snapped Zoe's card") read as "someone else's card"
  (cambio_ref.askhand.POSSESSIVE_NAME): dev 900 / 38 / 318 -> 901 / 38 / 317, the other sets unchanged.
- 2026-11-28, the counts read once at the end of that session (52a157d), the frozen sets by counts only: the test
  half 191 / 13 / 56 (189 / 13 / 58 at its start), 28 of its 30 unanswerable not sure, hands 27 of 27, none with a
  word dropped; the second validation set 122 / 12 / 26 (unchanged), the third 126 / 6 / 28 (125 / 7 / 28). With a
  perfect sureness the first-ranked answer would give the test half at most 227 right first of 260 (87%; its
  answerable questions' first-ranked answer is right in 197 of 230), the dev set 1,125 of 1,256 (90%): the 90%
  target needs a better ranking as well as a better sureness (counted as the first-ranked answer, sure or not).
- 2026-11-28, the fifth round, on the first-ranked answer (sure or not; /work/tools/ceiling.py's count): at 7b44826
  147 answerable questions of the tune half (16) and the dev set (131) had a wrong answer first. By cause: a named
  ruleset's case replaced by its best-ranked option where the writer wanted the case or another of its options 34; two
  close cases replaced by an option they share 10; a card's or hand's points where the writer wanted the value rule 8;
  a name or "whos" read as a typo ("tom" as "top", "nina" as "nine") 10; the right topic's sibling (sharing an option)
  36; another near tie, within 0.03, 14; the right answer 2nd or 3rd by more 21, lower 14. Among the last 85, by
  reading: 16 a snap of one's own card against another's, a right snap against a wrong one, or a tie with the caller
  against one without (titles saying "does not match", "did not call": a negation the index does not read); 9 a
  house-rule case, several sharing one title ("Under a house rule some tables play, what may a king ... do?"); about 5
  a player's word in no glossary term. Kept, each measured alone on the commits before it and losing nothing: "whos" a
  stop word; "yell", "hit", "went", "go cambio", "arrange", "round two" in the glossary, and "after you lock" (the
  bot's call), a term for the caller snapping (caller-snaps); two close cases give the option they share only when it
  is the first case's own first option; 42 common given names no typos (cambio_ref.asktypos.given_names); a named
  ruleset keeps first a house-rule case it plays as its own (cambio_ref.asksure._own_house). Tune 223 / 3 / 34 -> 224
  / 3 / 33, the validation set 119 / 4 / 37 unchanged, dev 901 / 38 / 317 -> 910 / 34 / 312, the phrasing set 171 / 3;
  first-ranked right tune 217 -> 218, valid 128, dev 892 -> 903. Not kept: "-ches", "-shes", "-sses", "-xes", "-zes"
  stemmed as "-ch" ... (tune 222 / 4, dev first-ranked 889); a word after "not" or "never" left out of the index
  (valid 119 / 5, first-ranked 125); "instantly" for on the spot (dev 2 more confidently wrong); a named ruleset's
  case kept first (tune first-ranked 209, valid 123) or replaced by its first option (tune 216, dev 888); no
  house-rule weight under a ruleset that plays the rule (tune 225 / 3, valid 120 / 4, but dev 1 to 3 more confidently
  wrong: "in the app can the caller snap?" answered by the app's own snap.caller-snaps-house-rule, labelled
  snap.caller-snaps).
- 2026-11-28, the fifth round's end (98ae26d), the frozen sets read once, by counts only: the test half 191 / 14 /
  55 (191 / 13 / 56 before the round; the new confident error is one more where the option's case was answered for
  its option, 3 of the 14), 28 of 30 unanswerable "not sure", hands 27 of 27 with no word dropped; the second
  validation set 123 / 11 / 26 (122 / 12 / 26), the third 128 / 6 / 26 (126 / 6 / 28). The first-ranked answer,
  sure or not: the test half 197 of 230 answerable as before (its ceiling with a perfect sureness still 227 of 260,
  87%), the second validation set 126, the third 129 (each one more). What the round gained on dev (first-ranked
  892 -> 903) barely reached the sets it was not tuned on.
- 2026-11-28, the sixth round (acd4167 -> a2b2b5e). Answers: "Q and A" spaced out in capitals after "the" is the Q&A
  (cardnames.QA_SPACED), "how many can play" shows the fewest and the most players (glossary `together`), and a
  named ruleset gives a case's option only when the option is among the eight closest questions
  (asksure.OPTION_RANK: dev 910 / 34 / 312 -> 913 / 31 / 312). Tried and not kept, with numbers in heldout_check's
  docstring: the dev set as phrasings of spec/asked.yaml, cross-validated by writer; a blind reading found half the
  sure answers the judge counts wrong answer their question. Hands: a new writer's 100 hands
  (tests/site/heldout-hands.yaml, tuned on) scored 78 right untuned, one with a word dropped; then a hand told in a
  story is scored when the question asks for its sum (askhand.summed), a list after "worth:" starts with a card
  (cardpoints.LIST_COLON), a card the player got rid of is left out (askhand.gone), "4 + 4 left" is two fours, "="
  after a hand's label is its colon: 91 right first, 4 confidently wrong, none dropped. A second writer's 80 hands
  (tests/site/heldout-hands2.yaml), read by counts to see whether that carried over: 43 right before, 46 after
  (21 and 22 confidently wrong): it barely did. Looked at and tuned on since (cards told before the hand's label
  are the story's, "what do i score", "hearts house rules", "two penalties"): 53 / 15 / 12, none dropped. Tune
  224 / 3 / 33 and the phrasing set 171 / 3 unchanged throughout; the validation set 119 / 4 / 37 -> 120 / 3 / 37.
  The frozen sets, by counts only, read three times (at 44a467c, cddd9ec and a2b2b5e), nothing chosen on any: the
  test half 191 / 14 / 55 each time, 28 of 30 unanswerable "not sure", hands 27 of 27, none dropped; the second
  validation set 123 / 11 / 26, 123 / 11 / 26, 124 / 10 / 26; the third 128 / 6 / 26, 127 / 7 / 26, 127 / 7 / 26:
  one of the first hand changes made one of its questions confidently wrong (its hands still 17 of 20). Which, is
  not looked at: the set stays chosen on by nothing. The test half's 27 of 27 hands overstate the hand reading:
  independent writers' hands in stories are far from 95%.
- 2026-11-28 (night), the seventh round (b78df91 ->): hands told in a story. First on the two tuned hands sets: a sum
  asked anywhere after the cards ("... Total?", "sum please", "what does that come to", "what's that?"), the
  player's last card scored as a hand, cards before "i have" or "my last cards are" and cards something is said
  about ("where an ace is zero") left out, and every card left out named in the reply (Reply.told); a hand stating
  values only one ruleset has is scored for it (ask.stated_ruleset). A fourth writer's 80 hands
  (tests/site/heldout-hands4.yaml) were then read by counts: 31 / 28 / 21 at b78df91, 48 / 24 / 8 after those
  changes; looked at and tuned on since: counts before a colon or after "the other", "under 5" as points, a label
  right before the cards, cards got rid of one after another or swapped out, corrections ("no wait"), a list said
  twice and a suited card named twice counted once: 68 / 8 / 4. The first hands set 91 / 4 / 5 -> 96 / 1 / 3, the
  second 53 / 15 / 12 -> 74 / 4 / 2; none dropped. Tune 224 / 3 / 33, dev 913 / 31 / 312 and the phrasing set
  171 / 3: no reply changed; the validation set 120 / 3 / 37 (counts). The frozen sets by counts, read once after
  the first hand changes (hands3 only: 46 / 7 / 7) and once after the second (nothing chosen on either): the
  third hands set 39 / 7 / 14 -> 50 / 4 / 6 (hands 46 of 54 right, 85%; 39 at the start), the test half 191 / 14
  / 55 -> 192 / 13 / 55 (28 of 30 unanswerable "not sure", hands 27 of 27), the second validation set 124 / 10 /
  26 -> 126 / 8 / 26, the third 127 / 7 / 26 -> 128 / 8 / 24 (one more confident error, not looked at). Not kept:
  "points" and "score" after the cards as asking for the sum (four dev questions about a rule read as hands).
- 2026-11-29, the eighth round (e533812 -> 9d08590): hands in a fifth writer's words. Its 120 hands were split at
  random before anything was read (tests/site/heldout-hands5.yaml, tuned on; heldout-hands6.yaml, frozen) and read by
  counts: 30 / 12 / 18 and 31 / 9 / 20. Then: the hand as it is now after "now", "so", "left with", "down to", "i
  hold" (askhand.having), a list after one that ends the question asks for its sum, and so do "what do i have", "how
  many points", "did i win", "plus" among the cards, "the sum of"; cards said to be the player's with no rule's word
  are a hand (askhand.owned); cards got rid of with the verb after them or "it" ("the 9 i discarded", "swapped it
  out"), said not counted ("not 3 jacks": askstory.denied), taken back by "was" or "but it's", of the deck ("2 jokers
  in the deck") or a power ("the queen swap") left out and named; rank slang (bullet, lady, hook, cowboy, dime ...)
  and two nicknames; "hearts game", "in the hearts version"; "(both black)" after a count; a number before "left with"
  is a card; then more found by probing with my own table talk ("got 4 cards: A 2 3 4", "two of each", "ended up
  with", "lost my queen", a letter beside a card left out, "a red king and a 5 is 4, is she right"). Two Hypothesis
  properties of stories (a card got rid of, a card taken back). The tuned hands sets: hands5 30 / 12 / 18 -> 50 / 5 /
  5, hands4 69 / 7 / 4 -> 74 / 4 / 2, the first 96 / 1 / 3 -> 98 / 0 / 2, the second 74 / 4 / 2 -> 75 / 3 / 2. Tune,
  dev and the phrasing set: no reply changed. Frozen, by counts (read at the start, after the first commit and at the
  end): hands6 31 / 9 / 20 -> 36 / 9 / 15 (one hand with a word dropped, as at the start), hands3 50 / 4 / 6 -> 52 / 3
  / 5, the test half 192 / 13 / 55 unchanged, the validation set 120 / 3 / 37 -> 121 / 4 / 35, the second 126 / 8 / 26
  unchanged, the third 128 / 8 / 24 -> 129 / 8 / 23. A sixth writer's 80 hands in everyday table talk
  (tests/site/heldout-hands7.yaml), frozen when written: 47 / 10 / 23 at e533812, 54 / 8 / 18 when first read (at
  ca45224), 57 / 8 / 15 at the end; its brief (written by me: chat such as "is that good", "did i win", one-card
  hands) named kinds of phrasing that three of the last changes also cover, so its last readings overstate what
  carries over. The hands of independent writers in stories and chat are still far from 95% (hands6 67%, hands7 71%),
  against 27 of 27 on the test half.
- 2026-11-29 (later), the ninth round (a15f7b9 -> c4ae486): the people a question names are not asked for
  (cambio_ref/askpeople.py), texting's short forms are stop words, two hands compared are each scored
  (cambio_ref/askversus.py), risky fives and a card's points said in the question are scored so (ask.house_tables).
  Tune 224 / 3 / 33 -> 226 / 3 / 31, dev 913 / 31 / 312 -> 932 / 34 / 290. Frozen, read at the end by counts: the
  test half 192 / 13 / 55 -> 192 / 14 / 54, the second validation set 126 / 8 / 26 -> 127 / 8 / 25, hands6 36 / 9 /
  15 -> 36 / 8 / 16, hands7 57 / 8 / 15 -> 58 / 8 / 14, the rest unchanged.
- 2026-11-29 (evening), the tenth round (c4ae486 -> a2b1b33): players' phrasings from more writers, and rulesets
  named by what players call their documents.
  - Reading: "the memory-game version" names memory whole; a tag question (", right?") and a last filler ("do
    exactly", "do again") ask nothing; spec/rulesets/*.yaml gain `called` (online: "website", "site", as its page
    calls its table; hearts: "the counter-clockwise house rules"; awareness: "the game of awareness"), a source's
    file name after a ruleset's names it ("memory.html"), and "cambio" right before a ruleset's name is part of it
    (dev +8, tune +1, hands2 +1, hands5 +2).
  - Sureness: a question asking for the number of players alone is sure of both bounds (asksure.together, moved
    from ask; tune +1).
  - Phrasings (spec/asked.yaml): a fifth writer's five of every question (982), briefed as the four before, took
    dev 935 / 33 / 283 -> 978 / 28 / 245 (right first / confidently wrong / not sure, counted as /tmp/tcmp.py does),
    the validation set 121 -> 123 right first; with it a first case gives way to its own option within 0.05
    (asksure.CASE_NEAR: dev 1 more right, 1 fewer wrong). A sixth writer's disputes and table stories (two a
    question, 394) took dev to 997 / 31 / 223 and the validation set to 125 / 4 / 31; its three other kinds, a
    seventh writer's plain questions and two more writers' disputes and stories (eighth and ninth, three a
    question each) were each measured on top and left out: each lost right answers or added confident errors on
    dev or the tune half. More phrasings help up to a point, then add noise. The data takes about 3 s of CPU more
    to build (9 to 10 s); `cambio ask` cold 0.25 -> 0.27 s of CPU (median of 21, with each tree's bytecode
    compiled: without it, the changed modules are compiled in every call).
  - Tried and not kept: an own-card glossary term ("my own card" against another player's: dev -3, tune lost one
    right answer to a confident error); a question word no question of the rulebook has made "not sure" (it would
    turn 41 right answers of tune and dev "not sure" for 5 confident errors on unanswerable questions).
  - At the end: tune 226 / 3 / 31 -> 229 / 1 / 30; dev 932 / 34 / 290 -> 1002 / 31 / 223 (this module's counting);
    the phrasing set 171 right first. Frozen, read by counts once mid-session (after the first three commits:
    unchanged) and at the end: the test half 192 / 14 / 54 -> 198 / 12 / 50 (28 of 30 unanswerable "not sure",
    hands 27 of 27); the validation set 121 / 4 / 35 -> 125 / 4 / 31 (chosen on); the second 127 / 8 / 25 -> 128 / 7
    / 25; the third 129 / 8 / 23 -> 135 / 6 / 19; hands3 52 / 3 / 5 -> 52 / 2 / 6; hands6 36 / 8 / 16 unchanged;
    hands7 58 / 8 / 14 -> 58 / 9 / 13 (one more confident error, from which change is not known).
  - After that reading: cambio_ref/askenglish.txt remade (stale since the new phrasings; "hack" is now a real word,
    so the second hands set's "a hack... I mean jack" is "not sure": 77 -> 76 right first), and "tricks", "hacks",
    "get better at", "how do i remember" ask for strategy ("memory tricks" was answered, sure). Tune, dev and the
    phrasing set unchanged; the frozen sets, read again by counts, unchanged.
- 2026-11-29 (a new machine), the eleventh round (a2b1b33 -> c451860): names and texting are no typos.
  - Reading: a given name of cambio_ref/askpeople.txt is never read as a typo ("gina" was read as "gin" and asked
    for, though listed as a name), nor is one with a possessive's "s" typed without its apostrophe ("lisas 9", "toms
    card": askpeople.given), which is a person as "Lisa's" is; a word read as its own inflection is not told as a
    typo ("Read 'know' as 'knows'", "elses" as "else"); 178 more given names from general usage (after "rick" was
    read as "risk", "ron" as "ran", "walt" as "want"); texting's "urs", "cos" and "coz" ask nothing. Dev 1002 / 31 /
    223 -> 1006 / 32 / 218 (four questions naming "maya's", "raj's" card and the like without an apostrophe answered
    as with it; one of them is a confident error the apostrophe form already made). Tune, the phrasing set and the
    validation set (counts) unchanged.
  - Table manners (apologising, photos of cards, trash talk: spec/glossary.yaml's "table manners") ask for no rule,
    as strategy and the game's history do: never sure. Dev 1006 / 32 / 218 -> 1008 / 30 / 218 (the two
    unanswerable questions "take a photo of my cards" and "say sorry after you snap"), the rest unchanged.
  - Tried and not kept (each measured on tune, dev, the phrasing set and the validation set's counts): a
    discriminative sureness (logistic regression on the score, the lead, the share of the question's weight the
    first answer misses, words no question has, the likeness, the kind of answer; fitted on dev) drew no better line
    than SURE and LEAD; a word classifier trained on spec/asked.yaml (word pairs and runs of letters) ranked dev's
    topic questions right first 896 of 1,015 times against the engine's 937, and mixed into the score gained at most
    about 1%; the house rule a case plays as a field of its own (dev -2 confidently wrong, validation -1 right); a
    case about a core rule kept first under a named ruleset (dev +1 only: of the six cases whose rulings name a core
    rule, five turn on their option too); a case's title naming another card's rank than the question's (numbers
    such as "max six" are no card; dev -5); own against another player's card and right against wrong as contrary
    words (tune +1 right first, +1 confidently wrong); "his/her/their card" as another player's (no change); a tenth
    writer's 572 phrasings contrasting each of 143 pairs of close questions (spec/asked.yaml: tune 229 / 2 / 29, dev
    1006 / 31 / 219, validation 125 / 4 / 31 -> 122 / 5 / 33). More phrasings add noise, as the tenth round found.
  - Frozen, read by counts after ef57709 and again at the end (c451860): the test half 198 / 12 / 50 (28 of 30
    unanswerable "not sure", hands 27 of 27), the second validation set 128 / 7 / 25, the third 135 / 6 / 19, hands3
    52 / 2 / 6, hands6 36 / 8 / 16 (the hand with a word dropped still there), hands7 58 / 9 / 13: all as at the
    start.
- 2026-11-29, the twelfth round (6eb2eab -> 0b19d4c): hands in more of players' words, found by the tuned hands
  sets and by hands written for tests/site/hands_in_words.py from general usage (each a test there or in
  test_ask_hands.py).
  - Reading: poker's names for cards held together ("big slick", "nina ross", the "dead man's hand"); "that's all i
    got" or "left" right after the cards (askhand.owned), "all that's left is" before one card; "both" or "all" and
    a count after as many cards of that rank counts them again ("yes all 4 twos": askagain.recounted); a card said
    something of before "is" is the last one only ("a queen, both kings are red" kept the queen out); "dropped",
    "chucked", "binned" and "played" get rid of a card; a word taken back by a correction ("a hack... I mean jack")
    is neither unread nor asked; rule words told before the player's cards, with a word of value after them, tell
    what happened ("after the call i had 6, 2, A, score?": Query.told_first); "1 red 1 black" after a count; a colon
    before a list after a word that is no label ("hand at the end: 7, 8, 9, 10"); "card 8" names the 8; a letter of
    the notation after a card taken back ("a 7, no wait, J", found by the hands property); and a word left over is
    named as unread only when it may be a card mistyped (asktypos.near_card_word: about 70 lines such as "Could not
    read 'bruv' as a card" gone from the tuned sets' replies, no hand dropped a word).
  - Tuned sets: hands 98 / 0 / 2 -> 99 / 0 / 1, hands2 76 / 1 / 3 -> 79 / 1 / 0, hands4 75 / 3 / 2 -> 77 / 3 / 0 (one
    more confident error: a ruleset told only by one of its rules, "the rules page that says it's best with 4 or more
    players: 10H, ...", is now scored for every ruleset where it was not sure), hands5 54 / 4 / 2 -> 57 / 2 / 1;
    tune 229 / 1 / 30, dev 1008 / 30 / 218 and the phrasing set (171 right first) unchanged.
  - Tried and not kept: the cambio-bot's own word for the call ("lock", "locked", "locker": its source's Lock
    section) read as the call when a question names that ruleset (dev 1008 / 30 / 218 -> 1009 / 31 / 216); a round
    "in which nobody calls" weighed down for a question that tells of a call (no change); "Score?" after the cards
    as a sum asked (a phrasing "risky fives turned on, what do two fives score" became a hand); a naive Bayes between
    the first answer and its rival, trained on spec/asked.yaml, as sureness (at the same confident errors, no more
    right first than SURE and LEAD: the unsure replies whose first answer is right and those whose first is wrong
    score alike); SURE raised (1.45: dev 958 / 24 / 274; 1.55: 914 / 21 / 321).
  - Frozen, read by counts once at the end: the test half 198 / 12 / 50 (28 of 30 unanswerable "not sure", hands 27
    of 27), the validation sets 125 / 4 / 31, 128 / 7 / 25 and 135 / 6 / 19, hands3 52 / 2 / 6: unchanged; hands6
    36 / 8 / 16 -> 38 / 9 / 13 (hands 36 -> 38 of 54 right; the hand with a word dropped still there), hands7 58 / 9
    / 13 -> 59 / 8 / 13 (hands 51 -> 52 of 70).
- 2026-11-29, the thirteenth round (6e7449f -> e66e94c): hands and topics in more of players' words, each a general
  reading rule with a test written from general usage (tests/site/hands_in_words.py, test_ask_hands.py,
  test_ask_ranking.py), found by the tuned sets and by phrasings of my own.
  - Reading: a colour before a plural rank with no count names every card of that colour ("the black aces", "red
    kings and a 5"; as a value question each rank once, and for whether a question is a hand too: "do red kings do
    anything" asks the power); the colour or suits told after cards are theirs ("two kings and a queen, both kings
    are red", "the fives are spades and clubs": askagain.colours_told), and cards told first with "my" and a colour
    are the hand's ("my two queens are black, plus a 3"); a word judging the cards asks how they score ("a 2 and a 3,
    is that good", "pair of sevens, good or bad": askhand.judged); "in the deck" right after cards set apart asks no
    rule ("with 2 jokers in the deck, whats a joker and a black king"); "I snapped my card" is the player's own card
    (askhand.MY_OWN: the glossary's "snapped my card" is another player's act); a total said after "that's" or
    "makes", in digits or words ("that's ten right"), and a number ending a sentence before "points" (askhand.
    NUMBER_END) are no cards; "couple" counts two without "of"; "N of us play" and "best with" are the number of
    players (spec/glossary.yaml); a star before a word corrects the one before it, as texting writes it ("a quen
    *queen", "a 6 *5": askhand.STAR_FIX), and one correction's words may follow another's ("sorry, i mean a 3"); a
    person named right before "card" is another player's card, in lower case too ("sophies card": askpeople.theirs).
  - Tuned sets: hands 99 / 0 / 1 -> 100 / 0 / 0, hands5 57 / 2 / 1 -> 59 / 0 / 1, dev 1008 / 30 / 218 -> 1011 / 30
    / 215, tune 229 / 1 / 30 -> 230 / 1 / 29 ("... thinking it was a jack but it was a 3 lmao now what": the jack
    taken back); hands2 79 / 1 / 0, hands4 77 / 3 / 0 and the phrasing set (171 right first) unchanged.
  - Tried and not kept: a question asking for one glossary term alone given the option that term points to first (no
    set changed); two more signals of sureness, measured on tune and dev's topic questions: two rankings agreeing on
    the first answer (the words' score and the likeness letter by letter; of the unsure answers made sure, 54 right
    and 10 wrong, no better than SURE lowered), and the first answer kept when any one word is left out (as often for
    the unsure right answers, 13%, as for the sure wrong ones, 12%).
  - Frozen, read by counts at b48348c, 9b49894 and the end (e66e94c), the same each time: the test half 198 / 12 /
    50 -> 198 / 13 / 49 (one "not sure" became a confident error; which one is not looked at; 28 of 30 unanswerable
    "not sure", hands 27 of 27); the validation sets 125 / 4 / 31 and 128 / 7 / 25 unchanged, the third 135 / 6 / 19
    -> 136 / 6 / 18; hands3 52 / 2 / 6 unchanged; hands6 38 / 9 / 13 -> 39 / 9 / 12 (hands 38 -> 39 of 54; the hand
    with a word dropped still there); hands7 59 / 8 / 13 unchanged.
- 2026-11-29, the fourteenth round (c8e7e8c -> 1e3da7e): hands told in a story and topics in everyday words, each a
  general reading rule with a test written from general usage or from phrasings of my own (tests/site/
  hands_in_words.py, test_ask_hands.py, test_ask_ranking.py, test_ask_sure.py); the tuned sets found none of them.
  - Reading: a verb of getting rid of a card in its -ing form too ("after burning my jack", "snapping my 5") takes the
    card out of the hand and tells the hand's story, no rule's word (askstory.rid_of); so does the time of the call
    ("... left when he called", "once cambio was called": askstory.call_time); "stuck with", "sitting on" and "ended
    the round with" say the cards are the player's (askhand.HAVING_PAIRS, HAVING_WITHIN); "stole", "nicked",
    "swiped" and "snatched" take a card away; cards after "in the deck there are", or after "we play with" and
    before "in the deck", are the deck's, and cards all told of as the deck's make no hand ("we play with 4 jokers
    in the deck, is that allowed" was four jokers scored); another player and a verb of having start a second hand
    whatever is asked ("i have jack and 2, he has queen and 3": askversus.OWNER_HAS); a person's grid, hand or
    layout is another player's cards (askpeople.CARD_NOUNS); a letter said instead of a card taken back stays a card
    when no other card is left to read it by ("K, a 7, no wait, J": the 7 was counted and not named; the hands
    property finds it with 20 times its examples); "other two" with no "the" or "my" before it counts more cards,
    told of apart and named (askstory.counted_apart: "queen and 4. other two i dont know yet" scored a 2; read as a
    count and not named, the hands property found a card dropped silently, "a ace, other two total?");
    spec/glossary.yaml: "after the round" is the next round, "no more cards in the stack" the empty deck, "over for
    good" the match's end, "do you get one of mine" the card given after a snap, "should i call" (knock, keep, swap,
    snap, burn) advice, and cheating table manners.
  - Tuned sets unchanged: tune 230 / 1 / 29, dev 1011 / 30 / 215, hands 100 / 0 / 0, hands2 79 / 1 / 0, hands4 77 / 3
    / 0, hands5 59 / 0 / 1, the phrasing set 171 right first. My own phrasings (written before the changes they
    led to; not in the repository): 255 topic questions 163 -> 166 right first (38 -> 37 confidently wrong); 30
    unanswerable 3 -> 1 sure, and a second 20, written after that change and read once with it, 3 sure (4 at the
    round's start); 65 hands in a story with their cards 59 -> 61 right, 4 -> 2 wrong.
  - Tried and not kept: "person who called" read as the call, not the caller's locked cards (dev 1013 / 32 / 211);
    a first answer whose title names a card the question does not name, weighed down (0.9: dev 1008 / 31 / 217);
    more words for the snap window and the optional power (dev one fewer right first each); "matches" stemmed as
    "match" (dev 1009 / 32 / 215: "match" is the glossary's word for a series of rounds); numbers over 10 left out
    of what a question asks for (dev 1007 / 30 / 219: "playing to 100" needs its 100).
  - Frozen, read by counts at afb66cf, 17cb5a6 and the end (1e3da7e), the same each time, all unchanged: the test half
    198 / 13 / 49 (28 of 30 unanswerable "not sure", hands 27 of 27), the validation sets 125 / 4 / 31, 128 / 7 / 25
    and 136 / 6 / 18, hands3 52 / 2 / 6, hands6 39 / 9 / 12, hands7 59 / 8 / 13. The round's rules, found on my own
    phrasings, moved none of the frozen sets' questions.
- 2026-11-29, the fifteenth round (436c073 -> 336094c): a dispute's framing, and a measure written first. Before any
  change, 95 new phrasings of my own (80 on a topic, 15 no rule answers); after the first change, before reading its
  effect on them, 30 disputes told as who says what (25 on a topic, 5 no rule answers). Not in the repository.
  - Reading: who says or thinks what in a dispute is not asked for ("my cousin says ...", "mum thinks ...", "is that
    fair", "we keep arguing", "that's fine": askcanon.STOP_WORDS); a case whose title names a number the question
    does not say is narrower than it, not sure by the title-alone rule ("penalty for a wrong slap?" had the case of a
    hand grown to six cards: asksure._titled_alone); the game compared with cabo is its history; "high or low" and
    "negative or zero" ask what a card is worth ("ace high or low" was not sure, led by the calling limit; "jokers
    negative or zero?" had the case of a negative total, sure). askstory split
    (askdescribed: the cards a question says something about rather than holds).
  - Tuned sets: tune 230 / 1 / 29 unchanged, dev 1011 / 30 / 215 -> 1015 / 29 / 212; the phrasing set and the hand sets
    unchanged. My disputes 10 -> 17 right first of their 25 on a topic (0 -> 1 confidently wrong: the card's answer
    for "aces worth 11", its value, which my label did not name; the 5 no rule answers "not sure" throughout).
  - Tried and not kept: face cards (court, picture cards) as a glossary term for the jack, queen and king values shown
    together: the validation set 125 / 4 / 31 -> 124 / 5 / 31, my phrasings one error made "not sure"; kin words as
    people rather than stop words (no change anywhere); "supposed", "normally", "usually" and the like as framing (one
    more confident error on my phrasings).
  - Sureness left as it is: SURE 1.35 / 1.3 / 1.25 / 1.2 gives the validation set (counts) 127 / 4, 128 / 4, 133 / 4,
    135 / 4 right first / confidently wrong, the dev set 1015 / 29, 1031 / 34, 1041 / 41, 1051 / 44, the tune half
    230 / 1, 231 / 2, 233 / 3, 234 / 4, my 95 phrasings 66 / 9, 69 / 9, 70 / 9, 70 / 9: a trade whose price
    (how many right answers a confident error is worth) is the product owner's to set.
  - Frozen, read by counts at f4aeea4, cc8546f and the end (336094c), the same each time: the test half 198 / 13 / 49
    unchanged (28 of 30 unanswerable "not sure", hands 27 of 27); the validation set 125 / 4 / 31 -> 127 / 4 / 29
    (read by counts during the round to choose, as it is for); the second 128 / 7 / 25 unchanged; the third 136 / 6 /
    18 -> 135 / 6 / 19 (one right answer became "not sure"; not looked at, nothing chosen on it); hands3 52 / 2 / 6,
    hands6 39 / 9 / 12, hands7 59 / 8 / 13 unchanged.
- 2026-11-29, the sixteenth round (13216ca -> 214dbb3): numbered rounds, rank letters, idioms of "point", hands in a
  story. My own questions, none in the repository, each set written before the changes it measures: 45 (40 on a topic, 5
  no rule answers) before any change; 35 after the first; 40 and 30 search-box queries after the second; 30 hands told
  in a story after the third; 25, 20 and 15 more hands, and 35 questions in a newcomer's words, each after the hand
  change before it; then 30 naming a ruleset and 30 in slang (stick, burn, slam, knock, cabo).
  - Reading: a number after "round", "lap" or "game" counts it ("round one": the first round, askcanon.ordinals; no
    card: "round 3 just ended and i'm sitting here with a queen, a 2 and a 5"); a rank's letter after an article or a
    possessive is the card ("whats the q do", not the Q of "Q&A": askcanon.letters); "the point of" and "at what point"
    ask no card's points (askcanon.idioms); "rid of every" is out of cards; "must i use" asks whether a power is
    optional; the reveal is the end of a round, not a swap shown (spec/glossary.yaml's own use). Hands: a noun for
    another player sets a second hand apart ("my sister had a 4 and a 4": askversus.OTHER_OWNERS); "ended the round
    holding" and "now it's just ..." and "stuck w" say the cards are the player's; "7 and 8 left" is two cards
    (cardcounts.LISTED_JOINS); "called cambio" telling when the cards were counted asks no rule.
  - Tuned sets: tune 230 / 1 / 29 unchanged, dev 1015 / 29 / 212 -> 1016 / 29 / 211, the phrasing set and the hand sets
    unchanged. My questions (right first / confidently wrong / not sure): the first 40 on a topic 25 / 6 / 9 -> 25 / 4 /
    11, the next 30 20 / 4 / 6 -> 21 / 4 / 5, the newcomer's 30 13 / 2 / 15 -> 13 / 1 / 16, the 30 naming a ruleset 22 /
    4 / 4 -> 23 / 4 / 3 (the 4 a card's points for a value rule), the others unchanged; hands 21 / 4 / 5 -> 26 / 2 / 2,
    22 / 1 / 2 -> 23 / 1 / 1, 13 / 2 / 5 -> 17 / 1 / 2, 11 / 2 / 2 unchanged; the no-rule questions "not sure"
    throughout.
  - Tried and not kept (each measured on the tuned sets and the validation set by counts): "every" read as "all" (dev
    and validation set one fewer right first); a number before "cards", "players" or "rounds" told from a card (dev 1015
    -> 1010); phrases of the glossary matched leftmost-longest, none overlapping (dev 1015 -> 1011); a final "e" dropped
    by the stemmer, so "timing" finds "time" (tune one fewer right first, dev one more confident error); "the person who
    called" moved from locked cards to the call (dev two more right first, two more confident errors); more phrases of a
    declined power and of a wrong snap (fewer right first); a case not sure when its title's numbers are not the
    question's (dev 1015 -> 1010: "two players both snapped ..."); the word "cambio", the game's name, not asked for
    (the tune half's "which is better, cambio or cabo", which no rule answers, then sure); a logistic sureness over the
    score, the lead and eight features of the match, fitted out of fold by writer on the tune half and the dev set, its
    line set for the present rule's rate of confident errors: 926 right first and 23 confidently wrong out of fold,
    against the present rule's 956 and 21. And a verb of having opening a question with its "i" left out ("only had an
    ace and a jack"), landed and reverted: see below.
  - Frozen, read by counts at ea8879e, at 7cde9a9, at 73ceb98 (the same as at 7cde9a9) and at the end (214dbb3): the
    test half 198 / 13 / 49 unchanged (28 of 30 unanswerable "not sure", hands 27 of 27); the validation set 127 / 4 /
    29 unchanged (read by counts to choose); the second 128 / 7 / 25 -> 129 / 7 / 24; the third 135 / 6 / 19 -> 136 / 6
    / 18; hands6 unchanged; hands7 59 / 8 / 13 -> 60 / 8 / 12 at the end ("stuck w"). hands3 went from 52 / 2 / 6 to 52
    / 3 / 5 at 98d0f4d (the verb of having opening a question), found by its counts at each commit; that change was
    reverted (f5d0ef4), and hands3 is back to 52 / 2 / 6. hands3 has so informed one decision.
"""

from __future__ import annotations

from collections import Counter

import pytest

from tests.site.heldout_check import load_half, tally
from tests.site.replies import SharedReplies

_COUNTS: dict[str, Counter[str]] = {}


def _tally(half: str, replies: SharedReplies) -> Counter[str]:
    """A half's counts: each half is counted once in this module, from replies worked out once a
    session (the site search's agreement test asks the same questions: tests/site/replies.py)."""
    if half not in _COUNTS:
        entries = load_half(half)
        known = replies(e["q"] for e in entries)
        _COUNTS[half] = tally(entries, known.__getitem__)
    return _COUNTS[half]


# Not met yet (issue 30 stays open): the engine ranks players' own words far worse than the
# project's phrasing set. strict: the day both halves pass, this marker must go.
@pytest.mark.xfail(strict=True, reason="issue 30: the held-out thresholds are not met yet (see the counts)")
@pytest.mark.parametrize("half", ["test", "tune", "valid", "valid2", "valid3"])
def test_the_held_out_half_meets_issue_30(half: str, replies: SharedReplies) -> None:
    entries = load_half(half)
    counts = _tally(half, replies)
    answerable = counts["questions"] - counts["unanswerable"]
    summary = ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
    assert counts["questions"] == len(entries) and counts["questions"] >= 100, summary
    assert counts["unanswerable not sure"] == counts["unanswerable"], summary
    assert counts["hands dropped a word"] == 0, summary
    assert counts["hands right"] >= 0.95 * counts["hands"], summary
    assert counts["confidently wrong"] <= 0.01 * counts["questions"], summary
    assert counts["right first"] >= 0.9 * counts["questions"], summary
    assert answerable > 0, summary


@pytest.mark.parametrize("half", ["hands", "hands2", "hands3", "hands4", "hands5", "hands6", "hands7"])
def test_no_hand_of_the_hands_sets_is_scored_with_a_word_dropped_unsaid(half: str, replies: SharedReplies) -> None:
    # (issue 30: a word that cannot be read is named, and a card left out of the hand is named as not counted; the
    # frozen third, sixth and seventh sets by their counts only)
    counts = _tally(half, replies)
    # (one hand of the frozen sixth set is scored with a word dropped, as it was before any fix for that writer's
    # hands; it is not looked at, the set being frozen: a ratchet, not a pass)
    dropped = {"hands6": 1}.get(half, 0)
    assert counts["hands"] > 0 and counts["hands dropped a word"] <= dropped, f"{half}: counts only"
    # (and the hands are read at all: a reader scoring none would drop none; 85 to 96% right at 14b9ef7, the fifth
    # writer's two halves 78% and 67% after a first round of fixes: 2026-11-29)
    assert counts["hands right"] >= 0.65 * counts["hands"], f"{half}: counts only"


def test_the_tune_half_never_answers_the_unanswerable_nor_drops_a_word(replies: SharedReplies) -> None:
    counts = _tally("tune", replies)
    summary = ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
    assert counts["unanswerable not sure"] == counts["unanswerable"] > 0, summary
    assert counts["hands dropped a word"] == 0, summary
