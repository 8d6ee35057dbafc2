"""Tests of the castle-later house rule: ``pytest examples/castle-later``.

The rule's decision and its geometry, then the rule at every table: three bots, the
testing kit's ``conformance``, a whole ``kd play`` session in the terminal, a whole
game over ``kd serve``'s HTTP API on a real local server, and the kingdom as the
terminal grid and the SVG draw it before and after its castle.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from kingdomino_core import Discard, Game, IllegalActionError, Place, PlaceCastle, RulesetError
from kingdomino_core.testing import conformance, make_engine, play_random_game
from kingdomino_play import game_kingdom_svg

HERE = Path(__file__).parent
RULESET = str(HERE / "castle-later.toml")
CASTLE_STEP = "place_castle"


def to_first_castle(seed: int = 1) -> Game:
    """A 2-player game played by its first legal moves up to the first castle decision."""
    game = make_engine(RULESET, 2).new_game(seed=seed)
    while game.step is not None and game.step.kind != CASTLE_STEP:
        game.apply(game.legal_actions()[0])
    return game


def test_kingdoms_start_empty_and_the_first_domino_covers_0_0() -> None:
    game = make_engine(RULESET, 2).new_game(seed=1)
    assert not any(k.has_castle or k.occupied for k in game.kingdoms)
    while game.step is not None and game.step.kind != "place":
        game.apply(game.legal_actions()[0])
    places = [a for a in game.legal_actions() if isinstance(a, Place)]
    assert places and all((0, 0) in ((p.x, p.y), p.second) for p in places)
    far = Place(
        seat=places[0].seat, domino=places[0].domino, x=2, y=2, direction=places[0].direction
    )
    reason = game.explain(far)
    assert reason is not None and "covers 0,0" in reason


def test_the_castle_goes_next_to_the_first_domino_and_becomes_0_0() -> None:
    game = to_first_castle()
    seat = game.step.seat
    kingdom = game.kingdom_of(seat)
    (first, second) = [c for c in kingdom.board.cells_of(kingdom.occupied)]
    squares = {kingdom.board.xy(c) for c in (first, second)}
    offered = [a for a in game.legal_actions()]
    assert offered and all(isinstance(a, PlaceCastle) for a in offered)
    around = {
        (x + dx, y + dy) for x, y in squares for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
    } - squares
    assert {(a.x, a.y) for a in offered} == around  # the 6 squares around a domino
    with pytest.raises(IllegalActionError, match="next to the kingdom"):
        game.apply(PlaceCastle(seat=seat, x=3, y=3))
    choice = offered[0]
    game.apply(choice)
    assert kingdom.has_castle and not kingdom.castle_squares()
    moved = {kingdom.board.xy(c) for c, _, _ in kingdom.iter_squares()}
    assert moved == {(x - choice.x, y - choice.y) for x, y in squares}
    assert kingdom.squares == 2 and (kingdom.minx, kingdom.miny) <= (0, 0)
    assert game.score_total(game.config.kingdom_of(seat)) == game.score_sheet(seat).total


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_kingdom_gets_its_castle_and_keeps_to_5x5(players: int) -> None:
    engine = make_engine(RULESET, players)
    for seed in range(3):
        game = play_random_game(engine, seed)
        decisions = [a for a in game.log if isinstance(a, PlaceCastle)]
        assert sorted(a.seat for a in decisions) == list(range(players))
        for kingdom in game.kingdoms:
            assert kingdom.has_castle and kingdom.extent <= (5, 5)
            assert max(kingdom.extent) <= 5


@pytest.mark.parametrize("players", [2, 4])
def test_plays_whole_games_correctly(players: int) -> None:
    conformance(RULESET, players, seeds=range(2)).raise_for_problems()


def test_the_castle_may_wait_for_a_second_domino() -> None:
    engine = make_engine(RULESET, 2, castle_later={"after_dominoes": 2})
    conformance(engine, seeds=range(2)).raise_for_problems()
    game = play_random_game(engine, 1)
    for seat in range(2):
        before = [
            a for a in game.log[: next(i for i, a in enumerate(game.log)
                                       if isinstance(a, PlaceCastle) and a.seat == seat)]
            if isinstance(a, Place | Discard) and a.seat == seat
        ]  # fmt: skip
        assert len(before) == 2  # placed, or discarded when it fitted nowhere
    with pytest.raises(RulesetError, match="after_dominoes: from 1 to 3, not 0"):
        make_engine(RULESET, 2, castle_later={"after_dominoes": 0})


def test_the_kernel_is_not_used_and_a_save_replays(tmp_path: Path) -> None:
    """``--engine auto`` plays it in Python (the kernel knows castles at the start only:
    tests/fast checks it says so), and a saved game replays move for move."""
    save = tmp_path / "game.json"
    r = kd(
        "simulate", "--ruleset", RULESET, "--trust", "-n", "3", "--engine", "auto", "--seed", "1"
    )
    assert r.returncode == 0, r.stderr
    r = kd("play", "--ruleset", RULESET, "--trust", "-p", "greedy,random", "--save", str(save))
    assert r.returncode == 0, r.stderr
    assert kd("replay", str(save), "--verify", "--trust").returncode == 0


# -- the terminal grid and the SVG -----------------------------------------------------


def test_the_svg_shows_no_castle_until_it_is_placed() -> None:
    game = to_first_castle()
    index = game.config.kingdom_of(game.step.seat)
    before = game_kingdom_svg(game, index)
    assert "class='castle'" not in before
    game.apply(game.legal_actions()[0])
    after = game_kingdom_svg(game, index)
    assert after.count("class='castle'") == 1


def grid(lines: list[str], title: int) -> dict[tuple[int, int], str]:
    """The squares of the first kingdom drawn under line ``title`` of a ``kd play``
    transcript: ``{(x, y): "W1"}``, read off its rulers."""
    labels = [int(v) for v in re.findall(r"-?\d", re.split(r"\s{3,}", lines[title + 1].strip())[0])]
    out = {}
    for line in lines[title + 2 :]:
        found = re.match(r"^ ?(-?\d) ", line)
        if not found:
            break
        for i, x in enumerate(labels):
            out[(x, int(found.group(1)))] = line[3 + 2 * i : 5 + 2 * i].strip()
    return out


# -- kd play and kd serve --------------------------------------------------------------


def kd(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "kingdomino_cli.app", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "NO_COLOR": "1"},
    )


def test_a_person_plays_it_to_the_end_in_the_terminal() -> None:
    r = kd(
        "play", "--ruleset", RULESET, "--trust", "-p", "human,mcts:playouts=10", "--seed", "3",
        "--json", "--ask-forced", stdin="1\n" * 400,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr[-2000:]
    data = json.loads(r.stdout)
    assert data["finished"] and data["players"][0]["agent"] == "human"
    assert "Place your castle at x y: on an empty square next to your kingdom" in r.stderr
    assert "castle at " in r.stderr
    # The grid drawn when P1 is asked: its first domino, no castle; the next one: the
    # castle at 0,0 of the rulers.
    lines = r.stderr.splitlines()
    asked = next(i for i, line in enumerate(lines) if "Place your castle" in line)
    before = grid(lines, max(i for i in range(asked) if lines[i].startswith("P1 (you)")))
    assert "C" not in before.values() and sum(v not in ("·", "") for v in before.values()) == 2
    after = grid(
        lines, next(i for i in range(asked, len(lines)) if lines[i].startswith("P1 (you)"))
    )
    assert after[(0, 0)] == "C"
    for kingdom in data["kingdoms"]:
        assert sum(row.split().count("C") for row in kingdom["grid"]) == 1


def test_a_person_types_the_castle_square(tmp_path: Path) -> None:
    """``x y`` answers the castle decision as a number does; a square off the kingdom is
    refused with the rule in words, and the person is asked again."""
    save = tmp_path / "typed.json"
    r = kd(
        "play", "--ruleset", RULESET, "--trust", "-p", "human,random", "--seed", "5",
        "--save", str(save), "--ask-forced", stdin="9 9\n0 -1\n1\n" * 200,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr[-2000:]
    assert "Illegal: castle at 9,9: " in r.stderr and "the castle cannot go on 9,9" in r.stderr
    log = json.loads(save.read_text())["log"]
    mine = next(a for a in log if a["kind"] == "place_castle" and a["seat"] == 0)
    typed_was_legal = "Illegal: castle at 0,-1" not in r.stderr
    assert ((mine["x"], mine["y"]) == (0, -1)) == typed_was_legal


def http(url: str, data: Any = None, token: str = "") -> Any:
    body = None if data is None else json.dumps(data).encode()
    request = urllib.request.Request(
        url, data=body, headers={"X-KD-Token": token, "Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def test_a_person_plays_it_to_the_end_over_kd_serve(tmp_path: Path) -> None:
    sys.path.insert(0, str(HERE.parents[1] / "tests" / "web"))
    try:
        from web_support import LiveServer, first_move
    finally:
        sys.path.pop(0)
    server = LiveServer(tmp_path / "data", extra=["--ruleset", RULESET]).start()
    try:
        seats = [{"kind": "here"}, {"kind": "bot", "agent": "greedy"}]
        table = http(
            f"{server.url}/api/tables", {"ruleset": "castle-later", "seats": seats, "seed": 2}
        )
        url, token = f"{server.url}/api/tables/{table['id']}", table["host"]
        current = http(url, token=token)
        castle = None
        for _ in range(200):
            if current["view"]["finished"]:
                break
            decision = current["decision"]
            if decision["kind"] == CASTLE_STEP:
                castle = decision
                assert "Place your castle" in current["view"]["current"]["words"]
            current = http(url + "/act", {"action": first_move(decision)}, token)
        assert current["view"]["finished"]
        assert castle is not None
        choice = castle["choices"][0]
        assert choice["words"].startswith("castle at ") and choice["target"]["x"] is not None
        for kingdom in current["view"]["kingdoms"]:
            assert kingdom["svg"].count("class='castle'") == 1
    finally:
        server.stop()
