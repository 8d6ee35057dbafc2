"""Saved games (kingdomino_core.saves.savegame): format, atomic writes, replay, verify, resume."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kingdomino_core import Engine, Game, Place, Ruleset
from kingdomino_core.engine.agents import AgentRegistry
from kingdomino_core.hooks.plugins import default_catalogue, make_plugin_manager
from kingdomino_core.saves.savegame import (
    CHANCE_SCRIPTED,
    PlayerEntry,
    ReplayMismatchError,
    SaveFormatError,
    decision_seed,
    final_result,
    parse_save,
    read_save,
    replay,
    save_of,
    to_json,
    verify,
    write_save,
)
from kingdomino_core.testing import ScriptedChance, digest

BASE = Ruleset(name="base", plugins=["base"])
GRAND_DUEL = Ruleset(name="grand-duel", plugins=["base", "grand_duel"])
TEAMS = Ruleset(name="teamdomino", plugins=["base", "teamdomino"])


def _registry() -> AgentRegistry:
    registry = AgentRegistry()
    pm = make_plugin_manager(default_catalogue().all())
    pm.hook.kd_register_agents(agents=registry)
    return registry


REGISTRY = _registry()


class Seated:
    """Agents seeded per decision with ``decision_seed``, as ``kd play`` seats an agent
    whose generator is a plain ``random.Random``."""

    def __init__(self, specs: list[str]) -> None:
        self.rngs = [random.Random() for _ in specs]
        self.agents = [REGISTRY.make(s, r) for s, r in zip(specs, self.rngs, strict=True)]

    def step(self, game: Game) -> None:
        if game.is_chance():
            game.resolve_chance()
            return
        seat = game.current_seat
        assert seat is not None
        self.rngs[seat].seed(decision_seed(game.seed, seat, len(game.log)))
        game.apply(self.agents[seat].act(game))

    def finish(self, game: Game) -> Game:
        while not game.is_terminal():
            self.step(game)
        return game


def players(n: int, agent: str = "greedy") -> list[PlayerEntry]:
    return [PlayerEntry(name=f"P{i + 1}", agent=agent) for i in range(n)]


def finished_game(ruleset: Ruleset = BASE, n: int = 3, seed: int = 11, agent: str = "random"):
    engine = Engine(ruleset, n)
    return Seated([agent] * n).finish(engine.new_game(seed=seed))


# -- the file format ------------------------------------------------------------------------


def test_save_round_trips_through_json_and_records_what_replay_needs() -> None:
    game = finished_game()
    saved = save_of(game, players(3, "random"))
    data = json.loads(to_json(saved))
    assert data["format"] == "kingdomino-save" and data["version"] == 1
    assert data["ruleset"]["plugins"] == ["base"]
    assert data["seed"] == 11
    assert [p["agent"] for p in data["players"]] == ["random"] * 3
    assert len(data["log"]) == len(game.log)
    assert data["result"]["winners"] == list(game.winners())
    assert parse_save(to_json(saved)) == saved


def test_unfinished_save_has_no_result() -> None:
    engine = Engine(BASE, 2)
    game = engine.new_game(seed=3)
    seated = Seated(["greedy", "greedy"])
    for _ in range(30):
        seated.step(game)
    saved = save_of(game, players(2))
    assert saved.result is None and not saved.finished
    assert len(saved.log) == 30


def test_write_is_atomic_and_keeps_the_old_save_on_failure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    first = save_of(finished_game(seed=1), players(3, "random"))
    write_save(path, first)
    before = path.read_text()

    def broken(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("kingdomino_core.saves.save_file.os.replace", broken)
    with pytest.raises(OSError):
        write_save(path, save_of(finished_game(seed=2), players(3, "random")))
    assert path.read_text() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temp file left


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("{", "not valid JSON"),
        ("[1, 2]", "expected a JSON object"),
        ('{"format": "chess"}', "format is 'chess', expected 'kingdomino-save'"),
        ('{"format": "kingdomino-save", "version": 99}', "version 99 is not supported"),
        ('{"format": "kingdomino-save", "version": 1}', "required key missing"),
    ],
)
def test_corrupt_files_give_one_clear_message(text: str, expected: str, tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(SaveFormatError) as err:
        read_save(path)
    assert str(path) in str(err.value)
    assert expected in str(err.value)


def _tampered(tmp_path: Path, change) -> Path:
    data = json.loads(to_json(save_of(finished_game(), players(3, "random"))))
    change(data)
    path = tmp_path / "t.json"
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda d: d.update(seed="7"), "seed: expected an integer, found '7'"),
        (lambda d: d["players"][0].pop("agent"), "players[0].agent"),
        (lambda d: d.update(chance="dice"), "chance is 'dice'"),
        (lambda d: d.update(players="P1,P2"), "players: expected a list"),
    ],
)
def test_bad_fields_are_named(change, expected: str, tmp_path: Path) -> None:
    with pytest.raises(SaveFormatError, match=expected.replace("[", r"\[").replace("]", r"\]")):
        read_save(_tampered(tmp_path, change))


def test_missing_file_and_unknown_plugin_and_bad_action_are_format_errors(tmp_path: Path) -> None:
    with pytest.raises(SaveFormatError, match="cannot read the saved game"):
        read_save(tmp_path / "nope.json")
    saved = read_save(_tampered(tmp_path, lambda d: d["ruleset"].update(plugins=["nope"])))
    with pytest.raises(SaveFormatError, match="unknown plugin 'nope'"):
        replay(saved)
    saved = read_save(_tampered(tmp_path, lambda d: d["log"][5].update(kind="teleport")))
    with pytest.raises(SaveFormatError, match="log entry 6: unknown action kind 'teleport'"):
        replay(saved)


# -- replay and verify ------------------------------------------------------------------------


def test_replay_reproduces_the_game_exactly() -> None:
    game = finished_game(GRAND_DUEL, 2, seed=5, agent="greedy")
    again = replay(parse_save(to_json(save_of(game, players(2)))))
    assert digest(again) == digest(game)


def _first_place_index(data: dict) -> int:
    return next(i for i, a in enumerate(data["log"]) if a["kind"] == "place")


def test_verify_names_an_illegal_move(tmp_path: Path) -> None:
    def move_far(d: dict) -> None:
        d["log"][_first_place_index(d)].update(x=4, y=4)

    report = verify(read_save(_tampered(tmp_path, move_far)), "t.json")
    data = json.loads((tmp_path / "t.json").read_text())
    assert not report.ok
    assert report.bad_move == _first_place_index(data) + 1
    assert f"move {report.bad_move}" in report.problem and "illegal there" in report.problem


def test_verify_catches_a_draw_the_seed_does_not_make(tmp_path: Path) -> None:
    def swap(d: dict) -> None:
        d["log"][0], d["log"][1] = d["log"][1], d["log"][0]

    report = verify(read_save(_tampered(tmp_path, swap)), "t.json")
    assert not report.ok and report.bad_move == 1
    assert "does not reproduce" in report.problem


def test_scripted_chance_saves_skip_the_seed_check() -> None:
    """A game recorded with scripted draws (a real table) replays when marked 'scripted'."""
    engine = Engine(BASE, 2)
    script = ScriptedChance(dominoes=[48, 47, 46, 45], kings=[3, 2, 1, 0])
    game = engine.new_game(seed=1)
    seated = Seated(["random", "random"])
    while not game.is_terminal():
        if game.is_chance():
            script.resolve(game)
        else:
            seated.step(game)
    seeded = verify(save_of(game, players(2)))
    assert not seeded.ok and seeded.bad_move == 1
    scripted = verify(save_of(game, players(2), chance=CHANCE_SCRIPTED))
    assert scripted.ok and scripted.finished


def test_verify_catches_a_changed_result_and_moves_after_the_end(tmp_path: Path) -> None:
    def other_winner(d: dict) -> None:
        d["result"]["winners"] = [w + 1 for w in d["result"]["winners"]]

    report = verify(read_save(_tampered(tmp_path, other_winner)))
    assert not report.ok and "winners" in report.problem

    def score(d: dict) -> None:
        d["result"]["kingdoms"][0]["score"]["total"] += 1

    report = verify(read_save(_tampered(tmp_path, score)))
    assert not report.ok and "kingdom 0 score" in report.problem

    def extra(d: dict) -> None:
        d["log"].append(d["log"][-1])

    saved = read_save(_tampered(tmp_path, extra))
    with pytest.raises(ReplayMismatchError, match="after the end of the game"):
        replay(saved)


def test_verify_accepts_an_untouched_save() -> None:
    game = finished_game(TEAMS, 6, seed=2)
    report = verify(parse_save(to_json(save_of(game, players(6, "random")))))
    assert report.ok and report.finished and report.moves == len(game.log)


# -- resume == uninterrupted ----------------------------------------------------------------


@pytest.mark.parametrize(("ruleset", "n", "stop"), [(BASE, 4, 37), (GRAND_DUEL, 2, 80)])
def test_resumed_game_finishes_like_the_uninterrupted_one(
    ruleset: Ruleset, n: int, stop: int, tmp_path: Path
) -> None:
    specs = ["greedy", "random"] * (n // 2)
    engine = Engine(ruleset, n)
    whole = Seated(specs).finish(engine.new_game(seed=21))

    part = engine.new_game(seed=21)
    seated = Seated(specs)
    while len(part.log) < stop:
        seated.step(part)
    write_save(tmp_path / "s.json", save_of(part, players(n)))
    resumed = replay(read_save(tmp_path / "s.json"))
    Seated(specs).finish(resumed)  # fresh agents, as after a restart
    assert resumed.log == whole.log
    assert digest(resumed) == digest(whole)
    assert final_result(resumed) == final_result(whole)


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**40),
    which=st.sampled_from([(BASE, 2), (BASE, 3), (BASE, 4), (GRAND_DUEL, 2), (TEAMS, 6)]),
    cut=st.floats(min_value=0.0, max_value=1.0),
)
def test_property_any_save_point_replays_to_the_same_state(seed: int, which, cut: float) -> None:
    """Saving anywhere and replaying gives the same state, and the game finishes the same."""
    ruleset, n = which
    engine = Engine(ruleset, n)
    specs = ["random"] * n
    whole = Seated(specs).finish(engine.new_game(seed=seed))
    stop = int(cut * len(whole.log))
    saved = parse_save(to_json(save_of(whole, players(n, "random"))))
    partial = replay(saved, upto=stop)
    assert partial.log == whole.log[:stop]
    Seated(specs).finish(partial)
    assert digest(partial) == digest(whole)
    assert verify(saved).ok


def test_typed_placement_is_stored_by_value() -> None:
    """Actions are stored by value (not list index), so they survive a reordered list."""
    game = finished_game(BASE, 2, seed=4)
    saved = save_of(game, players(2, "random"))
    places = [a for a in saved.log if a["kind"] == "place"]
    first = next(a for a in game.log if isinstance(a, Place))
    assert places[0] == {
        "kind": "place",
        "seat": first.seat,
        "domino": str(first.domino),
        "x": first.x,
        "y": first.y,
        "direction": first.direction.name,
    }
