"""Giants and footprints, rule by rule (docs/rules/age-of-giants.md, I-G4..I-G8, I-G15)."""

from __future__ import annotations

import pytest
from aog_checks import GIANT_A, aog, from_supply, giants_in_play, giants_of, placed
from kd_age_of_giants.giants import CoverCrown, SendGiant

from kingdomino_core import Discard, DominoId, IllegalActionError, Pass
from kingdomino_core.testing import make_engine, place_step_game, set_kingdom

FOOTPRINT = DominoId(number=49)  # wheat 2 | forest 1


def cell(game, seat: int, x: int, y: int) -> int:
    return game.kingdom_of(seat).board.cell(x, y)


def test_giant_domino_makes_its_owner_cover_one_of_their_crowns() -> None:
    """A placed giant domino: mandatory, the owner chooses which of their crowns."""
    game = placed(aog(), GIANT_A, "C W1 L2")
    assert game.step.kind == "aog.giant" and game.step.seat == 0
    actions = game.legal_actions()
    assert actions == [CoverCrown(seat=0, x=1, y=0), CoverCrown(seat=0, x=2, y=0)]
    assert not any(isinstance(a, Pass) for a in actions)  # mandatory
    game.apply(CoverCrown(seat=0, x=2, y=0))
    k = game.kingdom_of(0)
    assert k.crowns_at[cell(game, 0, 2, 0)] == 1
    assert giants_of(game, 0) == {cell(game, 0, 2, 0): 1}
    assert game.ext["age_of_giants"].supply == 5
    assert giants_in_play(game) == 6


def test_covered_crowns_score_nothing() -> None:
    """A crown under a giant scores nothing: 2 lakes x 1 crown instead of x 3."""
    game = placed(aog(), GIANT_A, "C L1 L2")
    before = game.score_sheet(0).properties
    assert any(p.terrain == "lake" and p.crowns == 3 for p in before)
    game.apply(CoverCrown(seat=0, x=2, y=0))
    lake = next(p for p in game.score_sheet(0).properties if p.terrain == "lake")
    assert (lake.squares, lake.crowns, lake.points) == (2, 2, 4)
    giants = [line for line in game.score_sheet(0).lines if line.kind == "giants"]
    assert [(g.points, g.crowns) for g in giants] == [(0, 1)]


def test_giant_dismissed_when_the_kingdom_has_no_crown() -> None:
    """I-G4: no crown in the kingdom: the effect is dismissed, the giant stays in the supply."""
    game = placed(aog(), GIANT_A, "C W0 F0")
    assert game.step.kind != "aog.giant"
    assert game.ext["age_of_giants"].supply == 6
    assert game.ext["age_of_giants"].dismissed == 1
    assert giants_of(game, 0) == {}


def test_discarded_giant_domino_brings_no_giant() -> None:
    """I-G4: a giant domino that fits nowhere is discarded and brings no giant."""
    full = "\n".join(
        ["W0 F0 F0 L0 M0", "G0 F0 L0 L0 S0", "G0 G0 C  S0 S0", "W0 G0 M1 M0 S0", "W0 W0 W1 M0 M0"]
    )
    for option, expected in ((False, None), (True, "aog.giant")):
        engine = aog(age_of_giants={"giant_from_discarded_domino": option})
        game = place_step_game(engine, GIANT_A, kingdom=full)
        assert game.legal_actions() == [Discard(seat=0, domino=GIANT_A)]
        game.apply(Discard(seat=0, domino=GIANT_A))
        assert (game.step.kind if game.step.kind == "aog.giant" else None) == expected


def test_footprint_sends_a_giant_and_the_opponent_chooses_the_crown() -> None:
    """Two decisions, two players: the owner sends, the receiving opponent covers."""
    engine = aog()
    game = place_step_game(engine, FOOTPRINT, kingdom="C W1+giant W0")
    set_kingdom(game, 1, "C L1 L2")
    from_supply(game)
    place = next(a for a in game.legal_actions() if not isinstance(a, Discard))
    game.apply(place)
    assert game.step.kind == "aog.footprint" and game.step.seat == 0
    # Seats 2 and 3 have no crown yet: only seat 1 may receive (I-G15).
    assert game.legal_actions() == [SendGiant(seat=0, x=1, y=0, to=1), Pass(seat=0)]
    game.apply(SendGiant(seat=0, x=1, y=0, to=1))
    assert game.kingdom_of(0).crowns_at[cell(game, 0, 1, 0)] == 2  # uncovered
    assert game.ext["age_of_giants"].travelling == 1
    assert giants_in_play(game) == 6
    # The opponent decides where it stands.
    assert game.step.kind == "aog.receive" and game.current_seat == 1
    assert game.legal_actions() == [CoverCrown(seat=1, x=1, y=0), CoverCrown(seat=1, x=2, y=0)]
    with pytest.raises(IllegalActionError, match="chooses the crown"):
        game.apply(CoverCrown(seat=0, x=1, y=0))
    game.apply(CoverCrown(seat=1, x=2, y=0))
    assert giants_of(game, 0) == {}
    assert giants_of(game, 1) == {cell(game, 1, 2, 0): 1}
    assert game.kingdom_of(1).crowns_at[cell(game, 1, 2, 0)] == 1
    assert game.ext["age_of_giants"].travelling == 0


def test_footprint_is_optional() -> None:
    engine = aog()
    game = place_step_game(engine, FOOTPRINT, kingdom="C W1+giant W0")
    set_kingdom(game, 1, "C L1 L2")
    game.apply(next(a for a in game.legal_actions() if not isinstance(a, Discard)))
    game.apply(Pass(seat=0))
    assert game.step.kind != "aog.receive"
    assert sum(giants_of(game, 0).values()) == 1


def test_footprint_without_a_giant_is_dismissed() -> None:
    game = placed(aog(), FOOTPRINT, "C W1 W0")
    assert game.step.kind not in ("aog.footprint", "aog.receive")


def test_footprint_needs_an_opponent_with_a_crown() -> None:
    """I-G15: no opponent has an uncovered crown: dismissed; the option lets the giant
    go to a crownless opponent, where it stands on the castle covering nothing."""
    game = placed(aog(), FOOTPRINT, "C W1+giant W0")
    assert game.step.kind != "aog.footprint"
    engine = aog(age_of_giants={"footprint_needs_crown": False})
    game = placed(engine, FOOTPRINT, "C W1+giant W0")
    from_supply(game)
    assert game.step.kind == "aog.footprint"
    assert {a.to for a in game.legal_actions() if isinstance(a, SendGiant)} == {1, 2, 3}
    game.apply(SendGiant(seat=0, x=1, y=0, to=2))
    assert game.legal_actions() == [CoverCrown(seat=2, x=0, y=0)]
    game.apply(CoverCrown(seat=2, x=0, y=0))
    castle = game.kingdom_of(2).board.castle
    assert giants_of(game, 2) == {castle: 1}
    assert giants_in_play(game) == 6


def test_two_giants_on_a_two_crown_square() -> None:
    """I-G6: one giant per crown by default; option ``one``: one giant per square."""
    game = placed(aog(), GIANT_A, "C W1+giant W0")
    assert game.legal_actions() == [CoverCrown(seat=0, x=1, y=0)]
    game.apply(CoverCrown(seat=0, x=1, y=0))
    assert game.kingdom_of(0).crowns_at[cell(game, 0, 1, 0)] == 0
    engine = aog(age_of_giants={"giants_per_square": "one"})
    game = placed(engine, GIANT_A, "C W1+giant W0")
    assert game.step.kind != "aog.giant"  # the only crown is on an occupied square
    assert game.ext["age_of_giants"].dismissed == 1


def test_received_giants_may_be_sent_on_unless_the_option_says_not() -> None:
    """I-G5: any giant standing in your kingdom may be sent, however it arrived."""
    for option, offered in ((True, True), (False, False)):
        engine = aog(age_of_giants={"send_received_giants": option})
        game = place_step_game(engine, FOOTPRINT, kingdom="C W1+giant W0")
        set_kingdom(game, 1, "C L1 L2")
        game.kingdom_of(0).layer("giants.received")[cell(game, 0, 1, 0)] = 1
        game.apply(next(a for a in game.legal_actions() if not isinstance(a, Discard)))
        assert (game.step.kind == "aog.footprint") is offered


def test_covered_crowns_do_not_count_in_the_crowns_tiebreak() -> None:
    """I-G8: equal totals and largest properties; covered crowns break no tie (option: they do)."""
    for option, winners in ((False, (0, 1)), (True, (0,))):
        engine = aog(2, age_of_giants={"covered_crowns_in_tiebreak": option})
        game = engine.new_game(seed=1)
        set_kingdom(game, 0, "C W1 W0+giant")
        set_kingdom(game, 1, "C W1 W0")
        sheets = game.scores()
        assert [s.total for s in sheets][:2] == [2, 2]
        assert game.ranking(sheets).winners == winners


def test_plugin_needs_the_quests_and_base_plugins() -> None:
    from kingdomino_core import PluginError

    with pytest.raises(PluginError, match="requires plugin 'quests'"):
        make_engine(["base", "age_of_giants"], 4)


def test_decisions_in_words_with_the_points_they_change() -> None:
    """The words a player reads (terminal and browser): the decision and each choice."""
    game = placed(aog(), GIANT_A, "C W1 W0 W0\n. . . L1")
    handler = game.handler(game.step)
    assert "stand a giant from the supply on one of your crowns" in handler.describe(
        game, game.step
    )
    words = {a: handler.describe_action(game, game.step, a) for a in game.legal_actions()}
    wheat = next(a for a in words if (a.x, a.y) == (1, 0))
    assert words[wheat].startswith("cover a crown at 1,0 (wheat, 1 crown showing)")
    assert words[wheat].endswith("-3 points")  # 3 wheat squares lose their crown
    engine = aog()
    game = place_step_game(engine, FOOTPRINT, kingdom="C W1+giant W0")
    set_kingdom(game, 1, "C L1 L2")
    from_supply(game)
    game.apply(next(a for a in game.legal_actions() if not isinstance(a, Discard)))
    handler = game.handler(game.step)
    send = SendGiant(seat=0, x=1, y=0, to=1)
    assert "send the giant at 1,0 to P2" in handler.describe_action(game, game.step, send)
    assert "pass" in handler.describe_action(game, game.step, Pass(seat=0))
    game.apply(send)
    handler = game.handler(game.step)
    assert handler.describe(game, game.step).startswith("P1 sends you a giant")
