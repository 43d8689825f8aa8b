"""Which answer `cambio ask` ranks first (issue 30, the fifth round on ranking): words a player types that must
not be read as another word, players' words for a topic, and which rule two close cases are taken to ask for.
How the words are read in general is tests/site/test_ask_words.py; sureness, tests/site/test_ask_sure.py.
"""

from __future__ import annotations

from cambio_ref.ask import ask
from cambio_ref.askdata import shipped_data
from cambio_ref.askindex import Doc, engine_for
from cambio_ref.askpeople import common_names
from cambio_ref.asksure import choose


def _asked(question: str) -> set[str]:
    """Every token the question asks for, each alternative of each word."""
    query = engine_for(shipped_data()).analyse(question)
    return {t for alts in query.wanted for t in alts}


def test_whos_without_its_apostrophe_is_who_is_not_whose():
    # "whos" is "who's" typed without its apostrophe, as "whats" and "hows" are stop words; read as the typo
    # "whose" it asked for the titles of "Whose card does a 10 let you look at?" and the like.
    query = engine_for(shipped_data()).analyse("raj called, i tied him. whos the winner")
    assert ("whos", "whose") not in query.fixed
    assert "whose" not in _asked("if the next seat starts, whos first and whos last")


def test_players_everyday_words_for_a_call_a_rearranging_and_the_next_round():
    # spec/glossary.yaml: "yelled", "hit" or "went" cambio is a call, as "shouted cambio" was; "arrange" my cards is
    # rearranging them; "round two" is the next round (its own first player: "who goes first in round two?").
    assert "@call" in _asked("he yelled cambio anyway, does it count")
    assert all("@call" in _asked(q) for q in ("when may i hit cambio", "tom went cambio after drawing"))
    # The bot's call is a lock (spec/sources.yaml's summary of cambio-bot, §Lock): "after you lock" is
    # after the call, not the locked cards' own term, which answered "can you still flip your own cards?", sure.
    assert "@call" in _asked("with the bot, after you lock, can you still flip your own cards")
    assert "@locked" not in _asked("with the bot, after you lock, can you still flip your own cards")
    # The caller snapping is a topic of its own (option snap.caller-snaps), not only the caller's locked cards.
    assert "@caller-snaps" in _asked("can the caller still burn a card")
    assert "@rearrange" in _asked("can i arrange my cards how i want")
    assert "@next-round" in _asked("who goes first in round two?")
    # "after the round" is the next round too: who starts it is match.next-starter, its own rule
    # (spec/options/match.yaml), not the three-player match's rotation of dealer and first player.
    for question in ("who starts after the round is over", "who goes first after a round"):
        assert "@next-round" in _asked(question)
        assert ask(question).top == "option:match.next-starter", question


def test_everyday_words_for_an_empty_deck_the_match_and_a_card_given_after_a_snap():
    # spec/glossary.yaml: "the stack" to draw from running out is the empty deck (deck.empty, spec/options/deck.yaml);
    # a game over "for good" is the match's end (match.end), not the round's; "do you get one of mine" after a snap
    # of your card is the card given into its gap (snap.give-card). The first two were "not sure" with a power's or a
    # house rule's case first; the third had the rule whether another's card may be snapped first.
    assert "@empty-deck" in _asked("no more cards in the stack to pick up, what now")
    assert ask("no more cards in the stack to pick up, what now").top == "option:deck.empty"
    assert "@match" in _asked("when is the game over for good")
    assert ask("when is the game over for good").top == "option:match.end"
    assert "@give-card" in _asked("if i burn your card do you get one of mine")


def test_high_or_low_and_negative_or_zero_ask_what_a_card_is_worth():
    # "ace high or low" is card-table talk for what an ace counts (spec/glossary.yaml's points). Without it the
    # question was "not sure", led by the calling limit ("low enough to call"). What an ace is worth: value.ace
    # (spec/options/values.yaml), shown as the option or as the card's points (1 under memory, memory §values).
    reply = ask("ace high or low")
    assert reply.sure and reply.top in ("option:value.ace", "card:AS")
    assert "@points" in _asked("is the ace high or low in cambio")
    # so do "negative or zero" and "negative or positive": "jokers negative or zero?" had the case of a hand's negative
    # total (its title says both words), sure; it asks what a joker is worth (value.joker, 0 under memory, §values)
    reply = ask("jokers negative or zero?")
    assert reply.sure and reply.top in ("option:value.joker", "card:X")
    assert "@points" in _asked("is a red king negative or positive")


def test_who_says_what_in_a_dispute_is_not_asked_for():
    # A dispute is told as who says what ("my cousin says ..., mum says ..., is that fair"): the people and the verb
    # of saying frame the question, no rule's words (cambio_ref.askcanon.STOP_WORDS, as "bro" and "gf" were). With
    # them asked for, "mum says jokers are minus one, my cousin says zero, who is right" was "not sure"; it asks what a
    # joker is worth (value.joker, spec/options/values.yaml).
    question = "mum says jokers are minus one, my cousin says zero, who is right"
    assert not {"mum", "cousin", "say", "says"} & _asked(question)
    assert not {"sister", "fair"} & _asked("my sister says you can take the top discard, is that fair")
    assert not {"think", "insist"} & _asked("mom thinks the jack lets you look first, dad insists it doesn't")
    assert not {"argu", "true"} & _asked("we keep arguing: is it true the jack lets you look first")
    assert "fine" not in _asked("he swapped my cards after i called and says that's fine")
    reply = ask(question)
    assert reply.sure and reply.top == "option:value.joker"


def test_a_numbered_round_is_an_ordinal():
    # "round one" and "round 2" are the first round and the second in everyday English, as "1st" is read
    # (cambio_ref.askcanon.ordinals): "can we call in round one" had dropped "one" (a stop word) and was answered, sure,
    # with the case of a round nobody calls in; it asks from which round calling opens (call.from-round,
    # spec/options/calling.yaml), which the engine now ranks first.
    assert {"first", "round"} <= _asked("can we call in round one")
    assert "1" not in _asked("can we call in round 1")
    for question in ("can we call in round one", "can we call in round 1"):
        reply = ask(question)
        first = reply.top if reply.sure else f"{reply.closest[0].kind}:{reply.closest[0].id}"
        assert first == "option:call.from-round", question
    # ("turn" is not numbered so: "do we turn one up" turns a card)
    assert "first" not in _asked("is the discard pile empty at the start or do we turn one up")


def test_a_rank_letter_after_an_article_is_the_card():
    # After "the", "a" or "my" a lone J, Q or K names the card, as "the queen" would (cambio_ref.askcanon.letters):
    # "whats the q do" had matched the "Q" of "Q&A" in two dispute titles and answered neither; it asks what a queen
    # does (power.queen, spec/options/powers.yaml). "Q&A" and "q and a" stay the part of a source.
    assert "queen" in _asked("whats the q do") and "q" not in _asked("whats the q do")
    assert "jack" in _asked("what does the j do")
    assert "@qa" in _asked("under the q&a does a swapped 7 peek")
    assert "queen" not in _asked("under the q and a does a swapped 7 peek")
    for question, rule in (("whats the q do", "option:power.queen"), ("what does the j do", "option:power.jack")):
        reply = ask(question)
        assert reply.sure and reply.top == rule, question
    assert ask("under the q&a does a swapped 7 peek").top == "case:conflict.official-swapped-in-seven-qa"


def test_the_point_of_a_card_asks_no_points():
    # "what's the point of" asks a card's purpose and "at what point" asks when, in everyday English
    # (cambio_ref.askcanon.idioms): "what's the point of the jack exactly" was answered, sure, with the jack's points,
    # a card's reply. A card's worth in points is still its points.
    assert "@points" not in _asked("what's the point of the jack exactly, i keep forgetting")
    assert "@points" not in _asked("at what point can i say cambio, beginning or end of my turn?")
    reply = ask("what's the point of the jack exactly, i keep forgetting")
    assert reply.kind != "card" and not reply.sure
    # (when a player may call: call.timing, spec/options/calling.yaml, and the case of a call at the wrong time)
    reply = ask("at what point can i say cambio, beginning or end of my turn?")
    first = reply.top if reply.sure else f"{reply.closest[0].kind}:{reply.closest[0].id}"
    assert first in {"case:call.wrong-time", "option:call.timing"}
    assert ask("whats a jack worth in points").top == "card:JS"


def test_must_i_use_a_power_asks_whether_powers_are_optional():
    # The question word comes between "must" and "use" when it is asked ("must i use a power"), as in "must i swap"
    # (spec/glossary.yaml's optional power): it was "not sure", led by the case of a snapped power card. Under hearts a
    # player may decline a power's look and swap (power.optional, spec/options/powers.yaml).
    assert "@optional-power" in _asked("hearts rules: must i use a power")
    reply = ask("hearts rules: must i use a power")
    assert reply.sure and reply.top == "option:power.optional" and reply.ruleset == "hearts"


def test_rid_of_every_card_is_out_of_cards():
    # "got rid of every card" says what "rid of all" does (spec/glossary.yaml's out of cards): the question asks what
    # happens to a player with no cards left, not about snapping as such.
    assert "@out-of-cards" in _asked("i got rid of every card i had. does that end it")
    reply = ask("i got rid of every card i had. does that end it")
    assert not reply.sure or reply.top in {"option:end.empty-hand", "option:call.out-of-cards",
                                           "case:out-of-cards.empty-hand-wins"}
    assert reply.sure or reply.closest[0].id in {"end.empty-hand", "call.out-of-cards", "out-of-cards.empty-hand-wins"}


def _doc(kind: str, ident: str, options: tuple[str, ...] = ()) -> Doc:
    return Doc(kind, ident, ident, ((1.0, frozenset({ident})),), options=options)


def test_two_close_cases_give_their_shared_option_only_when_it_is_the_first_case_own_rule():
    # A case's first option is the rule it settles; the others, rules it plays under. Two close cases sharing
    # only such a side rule of the first do not ask for it (cambio_ref.asksure.choose): "can the caller still snap"
    # led by the case of the caller's snap, beside the case of the caller's locked cards, had answered the lock.
    query = engine_for(shipped_data()).analyse("zebra unicorn")
    locked = _doc("option", "call.caller-locked")
    for options, first in ((("snap.caller-snaps", "call.caller-locked"), "case:snap.caller-snaps"),
                           (("call.caller-locked", "snap.caller-snaps"), "option:call.caller-locked")):
        ranked = [(_doc("case", "snap.caller-snaps", options), 1.0),
                  (_doc("case", "call.locked-caller", ("call.caller-locked",)), 0.95), (locked, 0.9)]
        assert choose(ranked, query)[0][0][0].key == first, options
    reply = ask("can the caller still snap their own cards after cambio")
    assert reply.top in ("case:snap.caller-snaps", "option:snap.caller-snaps"), reply.top


def test_a_players_name_is_no_typo_of_a_game_word():
    # Players name each other at the table: "tom" read as "top", "nina" as "nine" or "carl" as "card" asked for
    # the wrong words (cambio_ref/askenglish.txt lists common given names near a known word: no typo).
    from cambio_ref.asktypos import given_names

    assert {"tom", "nina", "carl", "maya"} <= given_names()
    query = engine_for(shipped_data()).analyse("nina throws a 5 and carl says tom cant snap, maya agrees")
    assert not {typed for typed, _ in query.fixed} & {"nina", "carl", "tom", "maya"}, query.fixed
    # Every name of cambio_ref/askpeople.txt, and a name with a possessive's "s" typed without its apostrophe: "gina"
    # was read as "gin" and "lisas" as "lists", and each asked for.
    assert {"gina", "lisa"} <= common_names()
    query = engine_for(shipped_data()).analyse("gina snapped lisas 9, does she get a penalty")
    asked = {t for alts in query.wanted for t in alts}
    assert query.fixed == () and not {"gin", "list", "gina", "lisa", "lisas"} & asked


def test_the_people_a_question_names_are_not_asked_for():
    # A name is in no question of the rulebook, so it weighed as the rarest word and lowered every answer's score
    # alike (cambio_ref.askpeople): the same question about "him" and "her" asks for the same words. A capital
    # word first in a sentence is no name unless it is a given name ("Dropped a black king ...").
    engine = engine_for(shipped_data())
    named = engine.analyse("So Omar called and tied with Pia at the reveal. Does nina or Omar win?")
    plain = engine.analyse("So he called and tied with her at the reveal. Does she or he win?")
    assert named.wanted == plain.wanted and ("omar",) not in named.wanted
    assert ("drop",) in engine.analyse("Dropped a black king off the deck, what now").wanted
    # a common given name in lower case (cambio_ref/askpeople.txt), but not a name that is an everyday word
    assert engine.analyse("zoe snapped my card").wanted == engine.analyse("she snapped my card").wanted
    assert ("rob",) in engine.analyse("can i rob his card").wanted
    # ("rick" was read as "risk", "ron" as "ran": names of the list's second batch)
    query = engine.analyse("rick snapped ron's 5 wrong, does he take a penalty")
    assert query.fixed == () and query.wanted == engine.analyse("he snapped her 5 wrong, does he take a penalty").wanted


def test_no_given_name_is_a_word_the_engine_reads():
    # A name in cambio_ref/askpeople.txt is never asked for: one that is an everyday word the engine reads as a word
    # of the rules (askplain.txt: "drew" is "draw") or a stop word would drop a word that asks.
    from cambio_ref.askcanon import STOP_WORDS, plain_words

    assert "drew" in plain_words() and "drew" not in common_names()
    # nor is a name with a possessive's "s" (askpeople.given: "lisas" is Lisa's)
    assert not {w for n in common_names() for w in (n, n + "s") if w in plain_words() or w in STOP_WORDS}


def test_a_named_ruleset_keeps_the_house_rule_case_it_plays_as_its_own():
    # power.king-look-own-first-house-rule is a house rule for most tables, and cambia's own king (Doc.native): a
    # question naming cambia gets the case, which plays its rule out, not the king's option in its stead
    # (cambio_ref.asksure._own_house); a question naming hearts, whose king differs, still gets the option.
    from cambio_ref.askindex import build_index

    case = next(d for d in build_index().docs if d.key == "case:power.king-look-own-first-house-rule")
    assert case.house and "cambia" in case.native and "hearts" not in case.native
    assert shipped_data()["docs"][[d["id"] for d in shipped_data()["docs"]].index(case.id)]["native"] == list(
        case.native)
    reply = ask("in cambia, my first king look was at my own card: where may the second look go")
    assert reply.top == "case:power.king-look-own-first-house-rule", reply.top


def test_a_named_ruleset_gets_the_cases_option_only_when_the_question_reads_as_the_options():
    # spec/cases/information/looked-card-forgotten.yaml asks whether a card a player only looked at is still shown
    # once its owner swaps it away; it turns on info.open-hands, "are all cards face up?", which the question does not
    # ask: that option ranks far below the eight closest questions, so the named ruleset keeps the case
    # (cambio_ref.asksure.OPTION_RANK). A question that does read as the option still gets it.
    reply = ask("in the app i peeked at anas card with a 10, then she swapped it out. does it still show me that card")
    assert (reply.top, reply.sure, reply.ruleset) == ("case:info.looked-card-forgotten-after-swap", True, "cambio-app")
    assert ask("in the app are all the cards face up").top == "option:info.open-hands"


def test_a_rulesets_game_version_a_tag_question_and_a_last_filler_ask_nothing_themselves():
    # "the memory-game version" names the memory ruleset (spec/sources.yaml: the memory page calls Cambio a memory
    # game), its "game" and "version" no topic words: "game" was asked for as a match and "version" as a word.
    query = engine_for(shipped_data()).analyse("memory-game version: am I allowed to pick up from the discard pile?")
    assert query.ruleset == "memory"
    assert not {"version", "game"} & _asked("memory-game version: am I allowed to pick up from the discard pile?")
    # A tag after a statement ("..., right?") asks nothing: "right" is asked for as a direction otherwise.
    assert "right" not in _asked("In the online version, I'm allowed to pass, right?")
    assert "@direction-of-play" in _asked("do we go left, or right?")  # (no tag: "or" before it)
    # "what does the jack do exactly": "exactly" after the last word leaves "do" the question's last word, which
    # asks for the card's power (as "what does the jack do" does).
    assert "@power" in _asked("whats the jack do exactly") and "@power" in _asked("what does a queen do again?")
    assert ask("online version whats the jack do exactly").top == "option:power.jack"


def test_a_ruleset_is_named_by_what_players_call_its_document():
    # spec/rulesets/*.yaml's `called`: online's page calls its table "this site" (online §Options), and of the five
    # documents only hearts plays counter-clockwise (hearts §6); a source's file name names it (spec/sources.yaml).
    from cambio_ref.catalogue import load_catalogue

    engine = engine_for(shipped_data())
    for rs, spec in load_catalogue().rulesets.items():
        for name in spec.called:
            assert engine.analyse(f"what does a queen do on the {name}").ruleset == rs, name
    assert engine.analyse("Playing on the website version of Cambio with the jokers: joker, ace").ruleset == "online"
    hand = engine.analyse("the counter clockwise house rules, jack 7 4")
    assert (hand.ruleset, hand.hand) == ("hearts", True)
    assert engine.analyse("snap by equal value rules (memory.html): queen, king of clubs, 10").ruleset == "memory"
    assert engine.analyse("going by hearts.txt: what's a red king").ruleset == "hearts"
    # awareness §Intro quotes a friend calling Cambio "a game of awareness"; the game's name before a ruleset's is part
    # of it, no call: the three cards are a hand
    hand = engine.analyse("cambio 'game of awareness' version, king of diamonds, queen, 8")
    assert (hand.ruleset, hand.hand, hand.unread) == ("awareness", True, ())
    # ("counter-clockwise" alone asks about the direction of play, under no ruleset)
    assert engine.analyse("do we play counter-clockwise?").ruleset is None


def test_i_snapped_my_card_is_a_snap_of_my_own_card():
    # spec/glossary.yaml lists "snapped my card" and the like as another player's act ("she snapped my card"); with
    # "I" before it the player snapped their own card (cambio_ref.askhand.MY_OWN). "i snapped my card but it didnt
    # match" was answered, sure, with the wrong snap of another player's card. The case snap.wrong-own-card is the
    # player's own card snapped wrong; snap.wrong-other-card another player's.
    own = ask("i snapped my card but it didnt match, what now")
    other = ask("she snapped my card but it didnt match, what now")
    assert own.sure and own.top in ("case:snap.wrong-own-card", "option:snap.wrong-own")
    assert other.sure and other.top in ("case:snap.wrong-other-card", "option:snap.wrong-other")


def test_a_count_of_us_playing_asks_how_many_can_play():
    # spec/glossary.yaml, number of players: "3 of us play" counts the players at the table (no card: a count of
    # people, tests/site/hands_in_words.py's PEOPLE_COUNTED), as "how many can play" does: the fewest or the most
    # players is the first answer, sure or not (it was the order of play of three players, or a tie's).
    for question in ("can 3 of us play?", "can 9 of us still play", "the memory page says best with 4. can 2 play?"):
        reply = ask(question)
        first = reply.found[0].hit if reply.sure else reply.closest[0]
        assert first.id in ("players.minimum", "players.maximum"), question


def test_a_persons_card_in_lower_case_is_another_players_card():
    # "Sophie's card" read as another player's card (askhand.POSSESSIVE_NAME); typed in lower case, with or without
    # its apostrophe, the name was only dropped (cambio_ref.askpeople.theirs). "slapped sophies card and it was wrong"
    # was "not sure"; spec/options/snapping.yaml's snap.wrong-other is the wrong snap of another player's card.
    for question in ("slapped sophies card and it was wrong, what now", "slapped sophie's card and it was wrong"):
        reply = ask(question)
        assert reply.sure and reply.top in ("option:snap.wrong-other", "case:snap.wrong-other-card"), question
    # ... and so is a person's grid, hand or layout, the glossary's word for a player's cards
    assert all("@opponent" in _asked(q) for q in ("can i slap a card from ana's grid if it matches the pile",
                                                  "can I snap from Ana's hand", "is tom's layout fair game"))
    # a name before anything else is the person, not their card ("jake snapped my card": mine)
    assert "@opponent" in _asked("can i snap jakes card") and "someone" not in _asked("jake snapped the 7")
