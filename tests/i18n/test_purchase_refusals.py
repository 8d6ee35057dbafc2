"""The shared purchase mechanic's words are whole sentences of catalogs (issue 25 item 5):
every refusal of a Court purchase or payment and of an Origins recruit payment is shown
in the player's language, in the pseudo-language marked throughout (no English glued
around the plugins' words), and the English text is what it always was."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest
from pseudo_support import PSEUDO, unmarked_words

from kingdomino_core import Action, Game, IllegalActionError, Pass, Step, i18n
from kingdomino_core.mechanics import Choosing
from kingdomino_core.testing import make_engine, set_kingdom

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "plugins" / "origins"))
from kd_court.actions import BuyTile, PayToken
from kd_origins.tribe import Spend
from origins_checks import RICH, tribe_game

COURT = make_engine(["base", "court"], 2)
VISIBLE = ("farmer", "wheat_building_1", "lake_building_1")
# The ids a refusal lists for a program that sent a wrong one (the fields' values).
IDS = {"gold", "dragon", "wheat", "wood", "fish", "sheep", "mushroom", "mammoth", "flint"}


def court_at_buy(text: str) -> Game:
    game: Game = COURT.new_game(seed=3)
    game.play_chance()
    set_kingdom(game, 0, text)
    st = game.ext["court"]
    rest = Counter(st.pile) + Counter(st.visible) - Counter(VISIBLE)
    st.visible, st.pile = VISIBLE, tuple(sorted(rest.elements()))
    game.insert_steps([Step(kind="court.buy", seat=0, king=COURT.king_owner.index(0))])
    return game


def buy(source: str, tile: str, x: int, y: int, seat: int = 0) -> BuyTile:
    return BuyTile(seat=seat, source=source, tile=tile, x=x, y=y)


def pay(resource: str, x: int, y: int, seat: int = 0) -> PayToken:
    return PayToken(seat=seat, resource=resource, x=x, y=y)


def refusals() -> dict[str, str]:
    """Every refusal of the mechanic, by what it refuses, in the language of the moment."""
    found: dict[str, str] = {}

    def refused(name: str, game: Game, action: Action) -> None:
        with pytest.raises(IllegalActionError) as err:
            game.apply(action)
        found[name] = err.value.message

    buying = court_at_buy("C W0+wheat W0 F0+wood F1")
    refused("cost, kinds missing", buying, buy("pile", "queen", 2, 0))
    refused("not a purchase", buying, pay("wheat", 1, 0))
    refused("another seat", buying, buy("visible", "farmer", 2, 0, seat=1))
    refused("cost", court_at_buy("C W0+wheat W0+wheat W0"), buy("visible", "farmer", 3, 0))
    refused("cost, no kind", court_at_buy("C W0 W0 W0"), buy("pile", "queen", 2, 0))
    paying = court_at_buy("C W0+wheat W0 F0+wood F1")
    paying.apply(buy("visible", "farmer", 2, 0))
    refused("not a payment", paying, Pass(seat=0))
    refused("another token", paying, pay("fish", 3, 0))
    refused("no token", paying, pay("wheat", 2, 0))
    refused("no such kind", paying, pay("gold", 1, 0))
    twice = court_at_buy("C W0+wheat W0+wheat F0+wood W0")
    twice.apply(buy("visible", "farmer", 4, 0))
    twice.apply(pay("wheat", 1, 0))
    refused("twice", twice, pay("wheat", 2, 0))
    recruit = tribe_game(RICH)
    recruit.insert_steps([Step(kind="origins.recruit", seat=0, data=Choosing(purchases=1))])
    recruit.apply(next(a for a in recruit.legal_actions() if not isinstance(a, Pass)))
    refused("recruit: not a payment", recruit, Pass(seat=0))
    refused("recruit: no resource", recruit, Spend(seat=0, x=2, y=0))
    return found


def test_the_purchase_refusals_read_as_before_in_english() -> None:
    i18n.set_language("en")
    found = refusals()
    assert found["cost, kinds missing"] == (
        "a tile from the pile costs 4 different resources; the kingdom holds 2 kinds: "
        "wheat, wood; it has no fish, sheep"
    )
    assert found["cost"] == (
        "a visible tile costs 2 different resources; the kingdom holds 1 kind: wheat"
    )
    assert found["cost, no kind"] == (
        "a tile from the pile costs 4 different resources; the kingdom holds 0 kinds; "
        "it has no wheat, wood, fish, sheep"
    )
    assert found["twice"] == (
        "wheat is already paid: the resources paid must all be different (paid so far: wheat)"
    )
    assert found["another token"] == (
        "cannot pay fish from square 3,0: it holds wood in your kingdom"
    )
    assert found["recruit: no resource"] == (
        "cannot spend a wooden resource from square 2,0: it holds no wooden resource in "
        "your kingdom"
    )
    assert found["another seat"] == "it is P1's decision, not P2's"


def test_the_purchase_refusals_are_in_french() -> None:
    i18n.set_language("fr")
    found = refusals()
    assert found["cost"] == (
        "une tuile visible coûte 2 ressources de sortes différentes ; le royaume en a 1 sorte : blé"
    )
    assert "déjà payé" in found["twice"] and "blé" in found["twice"]
    assert "dépenser" in found["recruit: no resource"]


def test_every_purchase_refusal_is_marked_in_the_pseudo_language(
    monkeypatch: pytest.MonkeyPatch, pseudo_dir: Path
) -> None:
    monkeypatch.setenv(i18n.LOCALE_PATH_VARIABLE, str(pseudo_dir))
    assert i18n.set_language(PSEUDO) == PSEUDO
    found = refusals()
    assert len(found) == 12
    left = {name: unmarked_words(text, IDS | {"queen", "farmer"}) for name, text in found.items()}
    assert {name: words for name, words in left.items() if words} == {}, found
