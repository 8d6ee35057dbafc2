"""Every decision and every choice reads in words (``StepHandler.describe`` and
``describe_action``): what the terminal and the browser table show."""

from __future__ import annotations

import random
import re
from typing import ClassVar

import pytest
from attrs import evolve, frozen
from kd_court.actions import BuyTile
from kd_origins.fire import FireThrow, Volcanoes
from kd_origins.tribe import CaveDraw

from kingdomino_core import (
    Action,
    Game,
    IllegalActionError,
    Pass,
    Step,
    StepHandler,
    describe_action,
    describe_step,
)
from kingdomino_core.engine.words import domino_words, icons, kingdom_name, seat_name
from kingdomino_core.mechanics import Choosing
from kingdomino_core.model.pieces import note_words
from kingdomino_core.testing import make_engine, place_step_game, random_choice, set_kingdom

RULESETS = [
    (["base"], 4, {}),
    (["base", "grand_duel"], 2, {}),
    (["base", "teamdomino"], 6, {}),
    (["base", "court"], 3, {}),
    (["origins"], 4, {"origins": {"mode": "totem"}}),
    (["origins"], 4, {"origins": {"mode": "tribe"}}),
]
#: Internal names never shown to a player: step kinds, tile ids, snake_case.
INTERNAL = re.compile(r"\b[a-z]+\.[a-z_]+\b|\b[a-z]+_[a-z_]+\b|\bseat \d|\bking \d")


def _origins_game(mode: str, text: str, cave: tuple[str, ...] = ()) -> Game:
    """A 2-player Origins game at its first decision, P1's kingdom given as text."""
    game = make_engine(["origins"], 2, origins={"mode": mode}).new_game(seed=5)
    wanted = list(cave)
    while game.is_chance():
        step = game.step
        assert step is not None
        if step.kind == "origins.cave_draw" and wanted:
            game.apply(CaveDraw(caveman=wanted.pop(0)))
        else:
            game.resolve_chance()
    set_kingdom(game, 0, text)
    return game


def _words_of_whole_games(plugins: list[str], players: int, options: dict) -> list[str]:
    engine = make_engine(plugins, players, **options)
    out = []
    for seed in range(2):
        game = engine.new_game(seed=seed)
        rng = random.Random(seed)
        while not game.is_terminal():
            if game.is_chance():
                game.resolve_chance()
                continue
            actions = game.legal_actions()
            out.append(describe_step(game))
            out.extend(describe_action(game, a) for a in actions[:4] + actions[-4:])
            # Mostly the last choice: purchases and recruits are listed after pass.
            game.apply(actions[-1] if rng.random() < 0.7 else rng.choice(actions))
    return out


@pytest.mark.parametrize(("plugins", "players", "options"), RULESETS, ids=str)
def test_every_decision_and_choice_is_in_words(
    plugins: list[str], players: int, options: dict
) -> None:
    words = _words_of_whole_games(plugins, players, options)
    assert words
    for text in words:
        assert text.strip(), "an empty description"
        assert not INTERNAL.search(text), f"internal name in {text!r}"
        assert "Choose one (" not in text, f"a shipped decision has only generic words: {text}"


def test_placing_names_the_domino_halves_and_squares() -> None:
    engine = make_engine(["base"], 2)
    game = place_step_game(engine, 23)
    step_words = describe_step(game)
    assert step_words.startswith("Place domino 23 (wheat 1 crown | mine) in your kingdom")
    assert "first half at x y (the castle is 0 0)" in step_words
    place = next(
        a
        for a in game.legal_actions()
        if (getattr(a, "x", None), getattr(a, "y", None)) == (1, 0) and a.direction.name == "E"  # type: ignore[attr-defined]
    )
    assert describe_action(game, place) == "wheat 1 crown at 1,0, mine at 2,0"


def test_claiming_names_the_king_and_the_place_in_the_line() -> None:
    engine = make_engine(["base"], 2)  # two kings each
    game = engine.new_game(seed=3)
    game.play_chance()
    assert "put one of your 2 kings on a free domino" in describe_step(game)
    claim = game.legal_actions()[0]
    assert describe_action(game, claim) == (
        f"take {domino_words(game, game.next_line[0])}, first in the line"
    )


def test_court_purchase_words_give_costs_and_effects() -> None:
    game = make_engine(["base", "court"], 2).new_game(seed=1)
    game.play_chance()
    set_kingdom(game, 0, "C W0+wheat F0+wood\n. L0+fish .")
    court = game.ext["court"]
    court.visible = ("farmer", "wheat_building_1")
    game.insert_steps([Step(kind="court.buy", seat=0, king=0)])
    assert describe_step(game).startswith(
        "Buy a building or character (2 different resources for a visible tile, 4 for one "
        "from the pile)"
    )
    assert "you hold 3 kinds of resource" in describe_step(game)
    farmer = BuyTile(seat=0, source="visible", tile="farmer", x=1, y=1)
    text = describe_action(game, farmer)
    assert text == (
        "buy the Farmer from the board onto 1,1 (lake), paying its fish token: "
        "3 + 3 per wheat token around it: 6 points there now (before the rest is paid)"
    )
    mill = BuyTile(seat=0, source="visible", tile="wheat_building_1", x=1, y=0)
    assert describe_action(game, mill).endswith("+1 crown on its wheat square")
    assert describe_action(game, Pass(seat=0)) == "pass (buy nothing)"
    game.apply(mill)
    assert describe_step(game).startswith(
        "Pay for your tile: choose a resource token of your kingdom, 1 more to pay"
    )
    assert "(paid so far: wheat)" in describe_step(game)
    assert [describe_action(game, a) for a in game.legal_actions()] == [
        "pay the wood token at 2,0",
        "pay the fish token at 1,1",
    ]


def test_origins_fire_words_say_fire_reach_and_what_burns() -> None:
    game = _origins_game("tribe", "C V0+craters=2 G0+res=mammoth\n. D0 .")
    game.insert_steps([Step(kind="origins.fire", seat=0, data=Volcanoes(squares=((1, 0),)))])
    words = describe_step(game)
    assert "the volcano at 1,0 (2 craters) throws a token of 2 fire up to 2 squares away" in words
    assert "crown" not in words.replace("like a crown", "")
    throw = FireThrow(seat=0, x=1, y=0, tx=2, ty=0)
    assert describe_action(game, throw) == "fire onto 2,0 (grassland), burning the mammoth"
    assert icons(game, 2) == "2 fire"


def test_origins_recruit_and_pay_words() -> None:
    rich = "G0+res=mammoth L0+res=fish J0+res=mushroom\nC Q0+res=flint D0"
    game = _origins_game("tribe", rich, cave=("hunter", "amazon", "shaman", "painter"))
    game.insert_steps([Step(kind="origins.recruit", seat=0, king=0, data=Choosing())])
    assert describe_step(game).startswith(
        "Recruit a cro-magnon (2 different resources for one in the cave, 4 for any one "
        "from the pile)"
    )
    texts = [describe_action(game, a) for a in game.legal_actions()]
    assert texts[0] == "pass (recruit nobody)"
    hunter = next(t for t in texts if t.startswith("recruit the Hunter (cave) onto 0,-1"))
    # On the mammoth square (paid), next to no other mammoth: 3 per mammoth, none yet.
    assert hunter == (
        "recruit the Hunter (cave) onto 0,-1 (grassland), paying its mammoth: "
        "3 per mammoth around it, +0 now (before the rest is paid)"
    )
    next_to = next(t for t in texts if t.startswith("recruit the Hunter (cave) onto 1,0 "))
    # The mammoth at 0,-1 counts now, but the payment chosen next may spend it.
    assert next_to.endswith("3 per mammoth around it, +3 now (before the rest is paid)")
    shaman = next(t for t in texts if t.startswith("recruit the Shaman (cave)"))
    assert shaman.endswith(" now")  # counts cro-magnons, and no other: paying changes nothing
    kingdom = game.kingdom_of(0)
    kingdom.layer("origins.caveman")[kingdom.board.cell(2, 0)] = "hunter"  # counts mammoths
    texts = [describe_action(game, a) for a in game.legal_actions()]
    shaman = next(t for t in texts if t.startswith("recruit the Shaman (cave)"))
    assert shaman.endswith(" now (before the rest is paid)")  # the hunter's mammoth may go
    game.apply(next(a for a in game.legal_actions() if getattr(a, "caveman", "") == "hunter"))
    assert describe_step(game).startswith("Pay for your cro-magnon: spend a wooden resource")


def test_names_are_one_based_and_teams_share_a_kingdom() -> None:
    game = make_engine(["base", "teamdomino"], 6).new_game(seed=0)
    assert seat_name(0) == "P1"
    for k in range(2):
        seats = game.config.seats_of(k)
        assert len(seats) >= 2
        assert kingdom_name(game, k) == " and ".join(f"P{s + 1}" for s in seats) + "'s kingdom"


@frozen(kw_only=True, slots=True)
class _Toss(Action):
    kind: ClassVar[str] = "lucky.toss"
    seat: int

    def describe(self) -> str:
        return "toss"


class _Plain(StepHandler):
    """A plugin's handler that does not describe itself: the generic words."""

    kind = "lucky.choose_coin"

    def legal_actions(self, game, step):  # type: ignore[no-untyped-def]
        return [_Toss(seat=step.seat)]


def test_handlers_without_words_get_generic_ones() -> None:
    game = make_engine(["base"], 2).new_game(seed=0)
    step = Step(kind="lucky.choose_coin", seat=0)
    handler = _Plain()
    assert handler.describe(game, step) == "Choose one (choose coin)"
    assert handler.describe_action(game, step, _Toss(seat=0)) == "toss"


def test_wrapped_steps_and_extra_actions_keep_their_words() -> None:
    """A StepWrapper describes as the handler it wraps; an ExtraActions' own actions are
    described by it (rules.add_actions), the step's by the step's handler."""
    from kingdomino_core import ExtraActions, StepWrapper
    from kingdomino_core.engine.handlers import WithExtraActions

    class Quiet(StepWrapper):
        kind = "place"

    class Wave(ExtraActions):
        id = "wave.hello"
        action_types = (_Toss,)

        def actions(self, game, step):  # type: ignore[no-untyped-def]
            return [_Toss(seat=step.seat)]

        def describe_action(self, game, step, action):  # type: ignore[no-untyped-def]
            return "wave at the table (nothing happens)"

        def apply(self, game, step, action):  # type: ignore[no-untyped-def]
            game.insert_steps([Step(kind="place", seat=step.seat, domino=step.domino)])

    engine = make_engine(["base"], 2)
    game = place_step_game(engine, 23)
    words = describe_step(game)
    wrapped = Quiet()
    wrapped.inner = engine.rules.handlers["place"]
    step = game.step
    assert step is not None
    assert wrapped.describe(game, step) == words
    combined = WithExtraActions(wrapped, (Wave(),))
    assert combined.describe(game, step) == words
    assert combined.describe_action(game, step, _Toss(seat=0)) == (
        "wave at the table (nothing happens)"
    )
    place = game.legal_actions()[0]
    assert combined.describe_action(game, step, place) == describe_action(game, place)


@pytest.mark.parametrize(("plugins", "players", "options"), RULESETS, ids=str)
def test_refusals_name_players_as_the_screen_does(
    plugins: list[str], players: int, options: dict
) -> None:
    """A choice made for the wrong player is refused in the screen's words: "it is
    P1's turn, not P2's", never the 0-based "seat 0" / "king 0" of the engine."""
    engine = make_engine(plugins, players, **options)
    game = engine.new_game(seed=1)
    rng = random.Random(1)
    refused: set[str] = set()
    while not game.is_terminal():
        if game.is_chance():
            game.resolve_chance()
            continue
        step = game.step
        assert step is not None
        for action in game.legal_actions()[:3]:
            if getattr(action, "seat", None) != step.seat:
                continue
            other = evolve(action, seat=(step.seat + 1) % players)  # type: ignore[misc]
            try:
                game.check(other)
            except IllegalActionError as exc:
                refused.add(type(action).__name__)
                assert not re.search(r"\bseat \d|\bking \d", exc.message), exc.message
                assert seat_name(step.seat) in exc.message, exc.message
        actions = game.legal_actions()
        game.apply(actions[-1] if rng.random() < 0.7 else rng.choice(actions))
    assert {"Place", "Claim"} <= refused


def test_no_choice_of_the_court_or_the_quests_stacks_two_brackets() -> None:
    """A bracket follows a name, never another bracket: ``building (1 crown) from the
    board``, not ``building (1 crown) (board)``; quests the same."""
    stacked = re.compile(r"\([^()]*\) \(")
    for rules, players in (((["base", "court"]), 4), ("age-of-giants", 4)):
        game = make_engine(rules, players).new_game(seed=5)
        choose = random_choice(random.Random(5))
        for _ in range(150):
            if game.is_terminal():
                break
            if game.is_chance():
                game.resolve_chance()
                continue
            texts = [describe_step(game), *(describe_action(game, a) for a in game.legal_actions())]
            notes = game.hooks.kd_describe_game(game=game, viewer=None)
            texts += [note_words(line) for lines in notes for line in lines]
            assert not [t for t in texts if stacked.search(t)]
            game.apply(choose(game))
