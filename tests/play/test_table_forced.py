"""Forced moves in the play layer (issue 23 item 1): a table made with ``forced=True``
plays a person's decision that has a single legal action like a bot's move, marked
``Move.forced``, for every front end (``kd play`` and ``kd serve`` make theirs so);
the moves, the save and the bots' choices are those of a table that asks."""

from __future__ import annotations

from kingdomino_core.saves.savegame import PlayerEntry
from kingdomino_core.testing import make_engine
from kingdomino_play import Table

PLAYERS = [PlayerEntry(name="Ann", agent="human"), PlayerEntry(name="Bot", agent="greedy")]


def play(forced: bool) -> tuple[Table, int, int]:
    """A game to its end, the person always taking the first legal action; (the
    table, the decisions the person was asked, the forced moves played for them)."""
    table = Table(make_engine(["base"], 2).new_game(seed=5), PLAYERS, forced=forced, undo=True)
    asked = played = 0
    while not table.finished:
        played += sum(m.forced for m in table.advance())
        if table.person_decides():
            asked += 1
            table.act(table.game.legal_actions()[0])
    return table, asked, played


def test_a_forced_table_plays_the_person_s_only_choices_and_the_game_is_the_same() -> None:
    asking, asked, none = play(False)
    playing, chosen, forced = play(True)
    assert none == 0 and forced > 0
    assert asked == chosen + forced  # every forced decision, asked there, played here
    assert playing.moves == asking.moves
    assert playing.saved() == asking.saved()
    assert playing.recent == asking.recent  # worded as the player's own moves


def test_undo_points_are_the_decisions_the_person_was_asked() -> None:
    table, asked, forced = play(True)
    assert forced > 0 and len(table.undo_points) == asked
