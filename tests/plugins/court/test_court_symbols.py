"""Every Court character has a symbol of its own in the terminal grids (they all
shared ``@``, the warriors ``!``), named by the key."""

from __future__ import annotations

from kd_court.notation import CHARACTER_SYMBOLS
from rich.cells import cell_len

from kingdomino_cli.panels import key_text
from kingdomino_core.engine.words import pieces_at
from kingdomino_core.testing import make_engine, set_kingdom


def test_each_character_has_its_own_one_column_symbol() -> None:
    engine = make_engine(["base", "court"], 2)
    registry = engine.registry
    characters = [key for key in registry.annotations if key in CHARACTER_SYMBOLS]
    assert len(characters) == 12  # every character of the data file has its symbol
    symbols = [registry.annotations[key].piece(None).symbol for key in characters]
    assert len(set(symbols)) == len(symbols), symbols
    taken = {t.letter for t in registry.terrains} | {"C", "•", "⌂"}
    for symbol in symbols:
        assert cell_len(symbol) == 1 and symbol not in taken, symbol


def test_the_key_names_each_character_by_its_symbol() -> None:
    game = make_engine(["base", "court"], 2).new_game(seed=1)
    game.play_chance()
    set_kingdom(game, 0, "G0+farmer W0+king C F0+lumberjack S0+axe_warrior")
    kingdom = game.kingdoms[0]
    found = {
        piece.symbol: piece.words
        for cell in kingdom.board.cells_of(kingdom.occupied)
        for piece in pieces_at(game.engine, kingdom, cell)
    }
    assert found == {"Y": "Farmer", "K": "King", "T": "Lumberjack", "X": "Axe warrior"}
    key = key_text(game).plain
    for symbol, words in found.items():
        assert f"{symbol} {words}" in key, key
    assert "('key' names the piece on each square)" not in key  # no symbol is shared
