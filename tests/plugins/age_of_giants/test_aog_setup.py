"""Set-up, the line and the combinations (docs/rules/age-of-giants.md, I-G1..I-G3, I-G12, I-G16)."""

from __future__ import annotations

import pytest
from aog_checks import aog
from kd_age_of_giants.dominoes import giant_id

from kingdomino_core import Claim, DominoId, PlayerCountError, Reveal, RulesetError
from kingdomino_core.testing import ScriptedChance, make_engine, play_random_game

FIRST_LINE = [30, 49, giant_id("C"), 2, giant_id("A")]
ORDERED = [
    giant_id("A"),
    giant_id("C"),
    DominoId(number=2),
    DominoId(number=30),
    DominoId(number=49),
]


def first_line_game(players: int, **options):
    engine = aog(players, **options)
    return ScriptedChance(dominoes=FIRST_LINE).new_game(engine)


def test_sixty_dominoes_and_labels() -> None:
    engine = aog(4)
    assert len(engine.deck) == 60
    names = [engine.deck[d].domino.name for d in sorted(engine.deck)]
    assert names[:7] == ["A", "B", "C", "D", "E", "F", "1"]
    assert [engine.deck[d].domino.label for d in sorted(engine.deck)][6:] == [""] * 54
    assert max(engine.deck).number == 54


def test_line_order_letters_first_then_numbers() -> None:
    """The line: lettered giant dominoes first, A to F, above the smallest number (I-G2)."""
    game = first_line_game(5)
    assert game.next_line == ORDERED


@pytest.mark.parametrize(
    ("players", "discarded"),
    [(2, [3]), (3, [2, 4]), (4, [3]), (5, [])],
)
def test_discards_per_player_count(players: int, discarded: list[int]) -> None:
    """I-G3: five drawn; 2 and 4 players discard the middle one, 3 players the 2nd and
    4th, 5 players none; discarded before anyone chooses, out of the game."""
    game = first_line_game(players)
    gone = [ORDERED[p - 1] for p in discarded]
    kept = [d for d in ORDERED if d not in gone]
    assert game.next_line == kept  # the rest keep their order
    assert game.unpicked == gone  # nobody's discards, through the core's discard path
    claims = [a.domino for a in game.legal_actions() if isinstance(a, Claim)]
    assert claims == kept
    for domino in gone:
        why = game.explain(Claim(seat=game.current_seat, king=game.step.king, domino=domino))
        assert why is not None and "not in the line" in why
    assert game.ext["age_of_giants"].market_discards == tuple(gone)


@pytest.mark.parametrize(
    ("players", "kings", "lines"), [(2, 2, 6), (3, 1, 12), (4, 1, 12), (5, 1, 12)]
)
def test_setup_by_player_count(players: int, kings: int, lines: int) -> None:
    """I-G1: 2 players in 5x5 draw 6 lines of 5 (a random 30 of the 60); 3-5: all 60."""
    engine = aog(players)
    cfg = engine.config
    assert (cfg.kings_per_seat, cfg.line_size, cfg.lines_total, cfg.kingdom_size) == (
        kings,
        5,
        lines,
        5,
    )
    game = play_random_game(engine, seed=3)
    drawn = [a.domino for a in game.log if isinstance(a, Reveal)]
    assert len(drawn) == 5 * lines == len(set(drawn))
    for k in game.kingdoms:
        assert len(k.placements) + len(k.discards) == 12


def test_two_player_deck_option() -> None:
    """I-G1 as an option: ``two_player_dominoes``."""
    assert aog(2, age_of_giants={"two_player_dominoes": 20}).config.lines_total == 4
    with pytest.raises(RulesetError, match="two_player_dominoes: a multiple of 5"):
        aog(2, age_of_giants={"two_player_dominoes": 60})


def test_five_players_have_a_seat_each() -> None:
    engine = aog(5)
    assert engine.config.players == 5 and engine.config.kings == 5
    game = play_random_game(engine, seed=1)
    assert len(game.kingdoms) == 5 and game.is_terminal()


def test_with_the_two_player_7x7_game() -> None:
    """I-G12: with grand_duel, 2 players, 7x7 kingdoms, all 60 dominoes in 12 lines."""
    engine = make_engine(["base", "grand_duel", "quests", "age_of_giants"], 2)
    cfg = engine.config
    assert (cfg.kingdom_size, cfg.kings_per_seat, cfg.line_size, cfg.lines_total) == (7, 2, 5, 12)
    game = play_random_game(engine, seed=2)
    assert all(len(k.placements) + len(k.discards) == 24 for k in game.kingdoms)
    with pytest.raises(PlayerCountError, match=r"allowed: 2$"):
        make_engine(["base", "grand_duel", "quests", "age_of_giants"], 3)


def test_listed_before_grand_duel_is_refused() -> None:
    with pytest.raises(RulesetError, match="list age_of_giants after"):
        make_engine(["base", "quests", "age_of_giants", "grand_duel"], 2)


def test_with_dynasty() -> None:
    """Dynasty: three games; giants and quests start afresh in each."""
    engine = aog(3, base={"dynasty": True})
    game = play_random_game(engine, seed=4)
    assert game.game_number == 3 and len(game.match_sheets) == 2
    reveals = [a for a in game.log if a.kind == "quests.reveal"]
    assert len(reveals) == 6


@pytest.mark.parametrize(
    ("plugins", "players", "reason"),
    [
        (["base", "xl", "quests", "age_of_giants"], 4, "defines no XL game"),
        (["base", "teamdomino", "quests", "age_of_giants"], 6, "defines no team game"),
        (["base", "court", "quests", "age_of_giants"], 4, "no published rule combines"),
    ],
)
def test_combinations_refused_with_the_reason(plugins, players, reason) -> None:
    with pytest.raises(RulesetError, match=reason):
        make_engine(plugins, players)


@pytest.mark.parametrize("bonus", ["middle_kingdom", "harmony"])
def test_base_bonuses_refused_they_are_quests(bonus: str) -> None:
    """Middle Kingdom and Harmony are quest tiles with Age of Giants, not separate bonuses."""
    with pytest.raises(RulesetError, match=f"options.base.{bonus}: .*are quest tiles"):
        aog(4, base={bonus: True})


def test_base_three_player_variant_refused() -> None:
    """I-G16: Age of Giants fixes the line at 5."""
    with pytest.raises(RulesetError, match="I-G16"):
        aog(3, base={"three_player_all_dominoes": True})


def test_discard_option_is_checked() -> None:
    with pytest.raises(RulesetError, match="discards_4p"):
        aog(4, age_of_giants={"discards_4p": [1, 2]})
    with pytest.raises(RulesetError, match="discards_3p: distinct"):
        aog(3, age_of_giants={"discards_3p": [6]})
    # The lowest-domino reading (rejected by I-G3) is one option away.
    game = first_line_game(4, age_of_giants={"discards_4p": [1]})
    assert game.next_line == ORDERED[1:]


def test_quests_plugin_with_a_plain_base_game() -> None:
    """``quests``: 48 dominoes, the base line, 2 quests revealed and scored."""
    engine = make_engine("quests", 4)
    assert len(engine.deck) == 48 and engine.config.line_size == 4
    game = play_random_game(engine, seed=5)
    quests = [line for line in game.score_sheet(0).lines if line.kind == "quest"]
    assert len(quests) == 2
    fixed = make_engine("quests", 4, quests={"fixed": ["lost_corner", "Q13"]})
    game = fixed.new_game(seed=1)
    assert game.ext["quests"] == ("lost_corner", "harmony")
    with pytest.raises(RulesetError, match="unknown quest 'nope'"):
        make_engine("quests", 4, quests={"fixed": ["nope"]})
