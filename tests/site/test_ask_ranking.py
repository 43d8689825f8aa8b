"""Which answer `cambio ask` ranks first (issue 30, the fifth round on ranking): words a player types that must
not be read as another word, players' words for a topic, and which rule two close cases are taken to ask for.
How the words are read in general is tests/site/test_ask_words.py; sureness, tests/site/test_ask_sure.py.
"""

from __future__ import annotations

from cambio_ref.askdata import shipped_data
from cambio_ref.askindex import engine_for


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
    # spec/glossary.yaml: "yelled cambio" is a call, as "shouted cambio" was; "arrange" my cards is rearranging
    # them; "round two" is the next round (its own first player: "who goes first in round two?").
    assert "@call" in _asked("he yelled cambio anyway, does it count")
    assert "@rearrange" in _asked("can i arrange my cards how i want")
    assert "@next-round" in _asked("who goes first in round two?")
