"""The play layer's table (kingdomino_play.Table): what every front end plays through.

The real engine and bots throughout: moves are checked and logged in the engine's
canonical form, chance and bots play until a person decides, undo gives back the
very game of a person's earlier decision (replayed from the seed, with no copy of
the game kept), and where undo is off the table keeps nothing for it.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from kingdomino_core import (
    Direction,
    Engine,
    Game,
    IllegalActionError,
    Place,
    PluginHookError,
    Ruleset,
)
from kingdomino_core.i18n import use_language
from kingdomino_core.saves.savegame import PlayerEntry, read_save, replay
from kingdomino_play import MAX_UNDO, Table, build_seat

ANN_VS_BOT = [PlayerEntry(name="Ann", agent="human"), PlayerEntry(name="Bot", agent="greedy")]


def base(players: int = 2) -> Engine:
    return Engine(Ruleset(name="base", plugins=("base",)), players)


def state(game: Game) -> tuple[object, ...]:
    """Everything a player sees, and the chance stream: equal states play on alike."""
    return (
        [k.occupied for k in game.kingdoms],
        [tuple(k.terrain_at) for k in game.kingdoms],
        list(game.line),
        list(game.next_line),
        list(game.pending),
        list(game.log),
        game.rng.getstate(),
    )


def play_to_end(table: Table, pick: int = 0) -> None:
    while not table.finished:
        table.advance()
        if table.person_decides():
            actions = table.game.legal_actions()
            table.act(actions[pick % len(actions)])


def test_advance_plays_chance_and_bots_up_to_the_person() -> None:
    table = Table(base().new_game(seed=4), ANN_VS_BOT)
    moves = table.advance()
    assert moves and table.person_decides() and table.game.current_seat == 0
    assert {m.seat for m in moves} <= {-1, 1}
    assert table.advance() == []  # a person decides: nothing more to play
    assert table.moves == list(table.game.log)


def test_the_same_seed_gives_the_same_game_as_kd_play_seats() -> None:
    """Bots are seeded per decision: two tables, same seed, same moves."""
    first, second = (Table(base().new_game(seed=9), ANN_VS_BOT) for _ in range(2))
    play_to_end(first)
    play_to_end(second)
    assert first.moves == second.moves and first.finished


def test_a_person_s_move_is_checked_and_an_illegal_one_changes_nothing() -> None:
    table = Table(base().new_game(seed=4), ANN_VS_BOT)
    table.advance()
    before = state(table.game)
    with pytest.raises(IllegalActionError):
        table.act(Place(seat=1, domino=table.game.next_line[0], x=1, y=0, direction=Direction.E))
    assert state(table.game) == before and table.moves == list(table.game.log)


def test_a_symmetric_domino_placed_facing_west_is_logged_facing_east() -> None:
    """docs/api.md, "Symmetric dominoes": the log holds the canonical form."""
    for seed in range(40):
        table = Table(base().new_game(seed=seed), ANN_VS_BOT)
        while not table.finished:
            table.advance()
            step = table.game.step
            if step is None:
                break
            if step.kind == "place" and table.game.engine.deck[step.domino].symmetric:
                east = next(
                    a
                    for a in table.game.legal_actions()
                    if isinstance(a, Place) and a.direction is Direction.E
                )
                west = Place(
                    seat=0, domino=east.domino, x=east.x + 1, y=east.y, direction=Direction.W
                )
                move = table.act(west)
                assert move.action == east and table.moves[-1] == east
                assert table.game.log[-1] == east and table.saved().log[-1]["direction"] == "E"
                return
            table.act(table.game.legal_actions()[0])
    raise AssertionError("no symmetric domino to place")


def test_undo_gives_back_the_very_game_of_the_person_s_previous_decision() -> None:
    table = Table(base().new_game(seed=12), ANN_VS_BOT, undo=True)
    table.advance()
    snapshots = []
    for _ in range(6):
        snapshots.append((len(table.moves), state(table.game.clone())))
        table.act(table.game.legal_actions()[-1])
        table.advance()
    for at, snapshot in reversed(snapshots):
        assert table.can_undo({0})
        assert table.undo({0})
        assert len(table.moves) == at and state(table.game) == snapshot
    assert not table.can_undo({0}) and not table.undo({0})
    assert table.recent[-1] == "(undone: back to your previous decision)"
    # Played again after undoing, the bots answer exactly as before.
    again = Table(base().new_game(seed=12), ANN_VS_BOT)
    play_to_end(table, pick=-1)
    play_to_end(again, pick=-1)
    assert table.moves == again.moves


def test_undo_goes_back_to_the_latest_decision_of_the_seats_asked() -> None:
    """Hot seat: each person undoes their own decision (``kd play``), or the device's
    latest (``kd serve``'s host holds both seats)."""
    players = [PlayerEntry(name="Ann", agent="human"), PlayerEntry(name="Bob", agent="human")]
    table = Table(base().new_game(seed=3), players, undo=True)
    decided = []
    for _ in range(5):
        table.advance()
        decided.append((table.game.current_seat, len(table.moves)))
        table.act(table.game.legal_actions()[0])
    last_of = {seat: at for seat, at in decided}
    latest = decided[-1]
    seat_of_latest = latest[0]
    other = 1 - seat_of_latest
    assert table.undo({other}) and len(table.moves) == last_of[other]
    table2 = Table(base().new_game(seed=3), players, undo=True)
    for _ in range(5):
        table2.advance()
        table2.act(table2.game.legal_actions()[0])
    assert table2.undo({0, 1}) and len(table2.moves) == latest[1]


def test_the_history_holds_every_worded_move_still_in_the_game() -> None:
    """The move list the browser numbers: every decision (not chance's draws), however
    long the game, and an undo takes its moves off it."""
    table = Table(base().new_game(seed=12), ANN_VS_BOT, undo=True)
    table.advance()
    for _ in range(5):
        table.act(table.game.legal_actions()[-1])
        table.advance()
    chance = {"reveal", "draw_king"}
    decided = [i for i, action in enumerate(table.moves) if action.kind not in chance]
    assert [at for at, _words in table.history] == decided
    assert [words for _at, words in table.history] == table.recent
    before = len(table.history)
    assert table.undo({0})
    assert len(table.history) < before
    assert all(at < len(table.moves) for at, _words in table.history)
    play_to_end(table, pick=-1)
    decided = [i for i, action in enumerate(table.moves) if action.kind not in chance]
    assert [at for at, _words in table.history] == decided  # the whole game, not its end
    assert len(table.history) > 40


def test_where_undo_is_off_nothing_is_kept_for_it() -> None:
    """Issue 21: no copy of the game per move; no undo point at all without undo."""
    table = Table(base().new_game(seed=5), ANN_VS_BOT)
    play_to_end(table)
    assert table.undo_points == [] and not table.undo({0})
    on = Table(base().new_game(seed=5), ANN_VS_BOT, undo=True)
    play_to_end(on)
    assert on.undo_points and all(
        type(seat) is int and type(at) is int for seat, at in on.undo_points
    )
    assert not any(isinstance(value, Game) for value in vars(on).values() if value is not on.game)


def test_undo_points_are_bounded() -> None:
    table = Table(base().new_game(seed=5), ANN_VS_BOT, undo=True)
    table.advance()
    table.undo_points.extend([(0, 0)] * (MAX_UNDO + 10))
    table.act(table.game.legal_actions()[0])
    assert len(table.undo_points) == MAX_UNDO


FAULTY = """
from kingdomino_core import hookimpl

NAME = "faulty"


@hookimpl
def kd_after_place(game, seat, action):
    if seat == 1 and len(game.log) > 20:
        raise RuntimeError("the faulty house rule broke")
"""


def test_a_plugin_failing_mid_move_leaves_the_game_as_before_it(tmp_path: Path) -> None:
    (tmp_path / "faulty.py").write_text(FAULTY)
    from kingdomino_core.inputs.trust import Trust
    from kingdomino_core.rulesets.files import load_ruleset_text

    ruleset = load_ruleset_text(
        '[ruleset]\nname = "faulty"\nextends = "base"\nplugin_files = ["faulty.py"]\n'
        'plugins = ["faulty"]\n',
        str(tmp_path / "faulty.toml"),
        trust=Trust(everything=True),
    )
    table = Table(Engine(ruleset, 2).new_game(seed=1), ANN_VS_BOT)
    while not table.failure:
        table.advance()
        if table.person_decides():
            table.act(table.game.legal_actions()[0])
    assert "Bot could not move" in table.failure and "broke" in table.failure
    with use_language("fr"):  # each page reads it in its own language
        assert str(table.failure).startswith("Bot n'a pas pu jouer : ") and "broke" in table.failure
    assert table.advance() == []  # play stays stopped
    # The game is the one before the failing move: its log is the table's moves.
    assert list(table.game.log) == table.moves
    path = tmp_path / "kept.json"
    table.save(path, result=False)
    kept = read_save(path)
    again = replay(kept, str(path), trust=Trust(everything=True))
    assert state(again)[:-1] == state(table.game)[:-1]


class Crashing:
    def act(self, game: Game) -> object:
        raise ZeroDivisionError("the bot divided by zero")


def test_a_crashing_bot_is_named_and_the_game_is_untouched() -> None:
    seat = build_seat(1, ANN_VS_BOT[1])
    seat.agent = Crashing()  # type: ignore[assignment]
    table = Table(base().new_game(seed=2), ANN_VS_BOT, seats=[seat])
    while table.game.current_seat != 1:
        if table.person_decides():
            table.act(table.game.legal_actions()[0])
        else:
            table.play_automatic()
    before = state(table.game)
    with pytest.raises(PluginHookError, match="agent 'greedy'"):
        table.play_automatic()
    assert state(table.game) == before


def test_a_bot_seat_is_built_with_its_generator_following_the_game() -> None:
    seat = build_seat(1, PlayerEntry(name="R", agent="random"))
    game = base().new_game(seed=1)
    while game.current_seat != 1:
        game.resolve_chance() if game.is_chance() else game.apply(game.legal_actions()[0])
    assert seat.choose(game) == seat.choose(game)  # the same decision, the same numbers
    assert isinstance(seat.rng, random.Random) and not seat.human
    person = build_seat(0, PlayerEntry(name="Ann", agent="human"))
    assert person.human and person.agent is None


def test_the_reference_page_example_runs_and_prints_what_it_says() -> None:
    """docs/reference/play.md's example, in a new interpreter."""
    import re
    import subprocess
    import sys

    page = (Path(__file__).parents[2] / "docs" / "reference" / "play.md").read_text("utf-8")
    [code] = re.findall(r"```python\n(.*?)```", page, re.S)
    said = [line.removeprefix("# ") for line in code.splitlines() if line.startswith("# ")]
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == said
