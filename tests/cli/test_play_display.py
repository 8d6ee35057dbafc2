"""The terminal display (kingdomino_cli.display): grids, lines with kings, scores, plugin
lines, team markers, colour only for terminals."""

from __future__ import annotations

import io

from kingdomino_cli.display import domino_text, kingdom_lines, table_lines, use_colour
from kingdomino_core import Engine, Ruleset
from kingdomino_core.testing import ScriptedChance

BASE = Ruleset(name="base", plugins=["base"])
TEAMS = Ruleset(name="teams", plugins=["base", "teamdomino"])


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def _played(ruleset: Ruleset, players: int, moves: int, seed: int = 1):
    game = Engine(ruleset, players).new_game(seed=seed)
    while len(game.log) < moves and not game.is_terminal():
        if game.is_chance():
            game.resolve_chance()
        else:
            game.apply(game.legal_actions()[0])
    return game


def test_colour_only_for_a_terminal_without_no_color(monkeypatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert use_colour(Tty())
    assert not use_colour(io.StringIO())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not use_colour(Tty())


def test_grid_shows_castle_terrain_and_crowns_at_castle_relative_coordinates() -> None:
    game = _played(BASE, 2, 60)
    kingdom = game.kingdoms[0]
    lines = kingdom_lines(game, 0, ["ann", "bob"], window=False)
    assert lines[0].startswith("Kingdom 1: ann (")
    header = lines[1].split()
    assert header == [str(x) for x in range(kingdom.minx, kingdom.maxx + 1)]
    rows = {int(line.split()[0]): line.split()[1:] for line in lines[2:]}
    assert rows[0][header.index("0")] == "C"
    terrains = game.engine.registry.terrains
    for cell, terrain, crowns in kingdom.iter_squares():
        x, y = kingdom.board.xy(cell)
        assert rows[y][header.index(str(x))] == f"{terrains[terrain].letter}{crowns}"


def test_window_covers_every_square_the_kingdom_can_still_reach() -> None:
    game = Engine(BASE, 2).new_game(seed=1)
    lines = kingdom_lines(game, 0, ["a", "b"], window=True)
    assert lines[1].split() == [str(x) for x in range(-4, 5)]
    assert len(lines) == 2 + 9


def test_colour_uses_the_terrain_ansi_code() -> None:
    game = _played(BASE, 2, 60)
    coloured = "\n".join(kingdom_lines(game, 0, ["a", "b"], colour=True))
    plain = "\n".join(kingdom_lines(game, 0, ["a", "b"], colour=False))
    kingdom = game.kingdoms[0]
    used = {game.engine.registry.terrains[t].ansi for _, t, _ in kingdom.iter_squares()}
    for ansi in used:
        assert f"\x1b[48;5;{ansi}m" in coloured
    assert "\x1b[" not in plain


def test_lines_show_dominoes_and_their_kings() -> None:
    script = ScriptedChance(dominoes=[1, 2, 3, 4], kings=[0, 1, 2, 3])
    game = script.new_game(Engine(BASE, 2), seed=1)
    game.apply(game.legal_actions()[2])  # king 0 (seat 0) takes the third domino
    text = "\n".join(table_lines(game, ["ann", "bob"]))
    picking = next(line for line in text.splitlines() if line.startswith("Picking:"))
    assert f"[{domino_text(game, game.next_line[2])} king 0 ann]" in picking
    assert picking.count("free") == 3
    assert "Scores: ann 0, bob 0" in text


def test_shared_kingdom_marks_who_placed_what_and_plugin_lines_are_shown() -> None:
    """Teamdomino (docs/rules/xl.md): one kingdom, two seats; squares show their seat."""
    game = _played(TEAMS, 6, 80, seed=3)
    names = [f"P{i + 1}" for i in range(6)]
    lines = table_lines(game, names)
    text = "\n".join(lines)
    assert "Kingdom 1: P1 + P2" in text
    assert "placed by: a = P1, b = P2" in text
    kingdom = game.kingdoms[0]
    seat, _, first, _ = kingdom.placements[0]
    x, y = kingdom.board.xy(first)
    grid = kingdom_lines(game, 0, names, window=False)
    header = grid[1].split()
    row = next(line.split()[1:] for line in grid[2:] if line.split()[0] == str(y))
    assert row[header.index(str(x))].endswith("ab"[seat])
    described = [line for part in game.engine.hooks.describe_game(game=game) for line in part]
    assert described and all(line in lines for line in described)
