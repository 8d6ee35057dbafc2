"""The one naming of players in the rules' words (:func:`kingdomino_play.name_seats`),
which ``kd play`` and ``kd serve`` both show: every language's words, teams, numbers
with no player, and a text translated when shown."""

from __future__ import annotations

from kingdomino_core.engine.words import kingdom_name
from kingdomino_core.i18n import use_language
from kingdomino_core.testing import make_engine
from kingdomino_play import name_seats

NAMES = ["Ann", "Bea", "Cy"]


def test_the_seats_the_words_name_are_named_by_their_players() -> None:
    assert name_seats("it is P2's turn, not P1's", NAMES) == "it is Bea's turn, not Ann's"
    assert name_seats("team 1 (P1+P3): P1 placed 2", NAMES) == "team 1 (Ann+Cy): Ann placed 2"
    assert name_seats("P4's kingdom", NAMES) == "P4's kingdom"  # nobody sits there
    assert name_seats("P12, MP3, P2x, P0", NAMES) == "P12, MP3, P2x, P0"  # not seats
    assert name_seats("P2's kingdom", []) == "P2's kingdom"
    # Names are put in once: a player called "P2" stays so.
    assert name_seats("P1 and P2", ["P2", "Bea"]) == "P2 and Bea"


def test_every_language_is_named() -> None:
    game = make_engine(["base"], 3).new_game(seed=1)
    found = {}
    for language in ("en", "fr", "zh_Hant"):
        with use_language(language):
            found[language] = name_seats(kingdom_name(game, 1), NAMES)
    assert found == {"en": "Bea's kingdom", "fr": "royaume de Bea", "zh_Hant": "Bea的王國"}
