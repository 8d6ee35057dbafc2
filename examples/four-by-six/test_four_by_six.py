"""Tests of the four-by-six house rule: ``pytest examples/four-by-six``.

The rule's legality and rounds, then the rule at every table: three bots, the
testing kit's ``conformance``, a whole ``kd play`` session in the terminal, a whole
game over ``kd serve``'s HTTP API on a real local server, and the shape as the
terminal grid and the SVG draw it.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from kingdomino_core import Direction, Place, RulesetError
from kingdomino_core.testing import (
    conformance,
    domino_id,
    make_engine,
    make_game,
    place_step_game,
    play_random_game,
    set_kingdom,
)
from kingdomino_play import game_kingdom_svg

HERE = Path(__file__).parent
RULESET = str(HERE / "four-by-six.toml")
FIXED = {"either_way": False}


def place(x: int, y: int, direction: Direction) -> Place:
    return Place(seat=0, domino=domino_id(1), x=x, y=y, direction=direction)  # wheat | wheat


def test_a_kingdom_grows_six_wide_and_four_high() -> None:
    """Wheat from x=-1 to x=3 around the castle: a sixth column is legal, a seventh is
    not; with the rows fixed east to west a fifth row is refused, in words."""
    engine = make_engine(RULESET, 2, four_by_six=FIXED)
    game = place_step_game(engine, 1, kingdom="W0 C W0 W0 W0")
    assert game.explain(place(4, 0, Direction.S)) is None  # column 6 (and a second row)
    reason = game.explain(place(4, 0, Direction.E))  # a seventh column
    assert reason is not None and "4 rows by 6 columns" in reason
    tall = place_step_game(engine, 1, kingdom="C\nW0\nW0")
    assert tall.explain(place(0, 3, Direction.E)) is None  # the fourth row
    reason = tall.explain(place(0, 3, Direction.S))  # a fifth row
    assert reason is not None and "4 rows by 6 columns" in reason


def test_either_way_round_a_kingdom_may_stand_six_high() -> None:
    game = place_step_game(make_engine(RULESET, 2), 1, kingdom="C\nW0\nW0\nW0")
    assert game.explain(place(0, 4, Direction.S)) is None  # rows 5 and 6, 1 column wide
    assert game.explain(place(1, 0, Direction.E)) is None  # 4 high, 3 wide: either way
    fixed = place_step_game(make_engine(RULESET, 2, four_by_six=FIXED), 1, kingdom="C\nW0\nW0\nW0")
    assert fixed.explain(place(0, 4, Direction.S)) is not None  # rows fixed: 4 at most
    wide = "C W0 W0 W0 W0\nW0 . . . .\nW0 . . . .\nW0 . . . ."  # 4 rows of 5
    game = place_step_game(make_engine(RULESET, 2), 1, kingdom=wide)
    assert game.explain(place(5, 0, Direction.S)) is None  # 6 wide, 4 rows: 4x6
    assert game.explain(place(5, 0, Direction.N)) is not None  # 6 wide, 5 rows: neither
    reason = game.explain(place(0, 4, Direction.S))  # 6 rows of 5: neither way round
    assert reason is not None and "4 rows by 6 columns (or 6 by 4)" in reason


@pytest.mark.parametrize(("players", "rounds"), [(2, 5), (3, 11), (4, 11)])
def test_the_rounds_fit_what_a_kingdom_holds(players: int, rounds: int) -> None:
    """11 dominoes fill a 4x6 kingdom: 11 rounds with a king each, 5 with two."""
    engine = make_engine(RULESET, players)
    assert engine.config.lines_total == rounds
    assert engine.config.kingdom_shape == (4, 6) and engine.config.kingdom_size == 6
    game = play_random_game(engine, 3)
    for kingdom in game.kingdoms:
        width, height = kingdom.extent
        assert (width <= 6 and height <= 4) or (width <= 4 and height <= 6)
        assert len(kingdom.placements) + len(kingdom.discards) == rounds * (
            2 if players == 2 else 1
        )


def test_harmony_is_refused_and_the_middle_kingdom_too() -> None:
    with pytest.raises(RulesetError, match="23 squares besides the castle"):
        make_engine(RULESET, 2, base={"harmony": True})
    with pytest.raises(RulesetError, match="4 rows by 6 columns has no centre square"):
        make_engine(RULESET, 2, base={"middle_kingdom": True})


def test_a_complete_kingdom_scores_its_properties() -> None:
    game = make_game(RULESET, 2, seed=1)
    set_kingdom(
        game, 0, "W1 W0 W0 F0 F0 F1\nW0 C  L2 L0 F0 F0\nS0 S0 L0 L0 M2 M0\nS1 S0 G0 G0 G1 ."
    )
    sheet = game.score_sheet(0)
    assert {(p.terrain, p.squares, p.crowns) for p in sheet.properties} >= {
        ("wheat", 4, 1),
        ("forest", 5, 1),
        ("lake", 4, 2),
    }
    assert game.score_total(0) == sheet.total


@pytest.mark.parametrize("players", [2, 4])
def test_plays_whole_games_correctly(players: int) -> None:
    conformance(RULESET, players, seeds=range(2)).raise_for_problems()
    conformance(
        make_engine(RULESET, players, four_by_six=FIXED), seeds=range(1)
    ).raise_for_problems()


# -- kd score --------------------------------------------------------------------------


def kd(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "kingdomino_cli.app", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        env={**__import__("os").environ, "NO_COLOR": "1"},
    )


def test_kd_score_refuses_a_kingdom_the_shape_refuses_naming_the_rule(tmp_path: Path) -> None:
    """A 5x5 kingdom is a kingdom file no 4x6 table can build: refused (exit 4, an input
    error) with the rule in words, never its id."""
    five = tmp_path / "five.txt"
    five.write_text(
        "W0 W0 W0 W0 W0\nF0 F0 F0 F0 F0\nL0 L0 C L0 L0\nG0 G0 G0 G0 G0\nS0 S0 S0 S0 S0\n"
    )
    r = kd("score", str(five), "--ruleset", RULESET, "--trust")
    assert r.returncode == 4, r.stderr
    assert "the kingdom must fit in 4 rows by 6 columns (or 6 by 4), castle included" in r.stderr
    assert "spans 5 rows by 5 columns" in r.stderr
    assert "within_size" not in r.stderr and "Traceback" not in r.stderr
    fits = tmp_path / "fits.txt"
    fits.write_text("W1 W0 W0 F0 F0 F1\nW0 C L2 L0 F0 F0\n")
    r = kd("score", str(fits), "--ruleset", RULESET, "--trust", "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["total"] == 4 * 1 + 5 * 1 + 2 * 2  # wheat, forest, lake
    tall = tmp_path / "tall.txt"  # 6 high, 4 wide: the shape turned
    tall.write_text("W0 C\nW0 .\nW0 .\nW0 .\nW0 .\nW1 .\n")
    assert kd("score", str(tall), "--ruleset", RULESET, "--trust").returncode == 0


# -- the terminal grid and the SVG -----------------------------------------------------


def svg_squares(svg: str) -> tuple[int, int]:
    """Columns and rows an SVG board draws (its size over its ``data-cell``)."""
    width, height, cell = (
        int(re.search(rf"{key}='(\d+)'", svg).group(1))  # type: ignore[union-attr]
        for key in ("width", "height", "data-cell")
    )
    return width // cell, height // cell


def test_the_svg_shows_only_rows_the_kingdom_can_use() -> None:
    """A kingdom one row high and six wide, rows fixed: it can still grow 3 rows north
    or south (7 rows drawn, not the 11 of a 6x6 board), in no other column; complete,
    exactly its 4 rows by 6 columns."""
    game = make_game(make_engine(RULESET, 2, four_by_six=FIXED), seed=1)
    set_kingdom(game, 0, "C W0 W0 F0 F0 F1")
    assert svg_squares(game_kingdom_svg(game, 0)) == (6, 7)
    assert "data-x0='0' data-y0='-3'" in game_kingdom_svg(game, 0)
    set_kingdom(game, 0, "W1 W0 W0 F0 F0 F1\nW0 C L2 L0 F0 F0\nS0 S0 L0 L0 M2 M0\nS1 S0 G0 G0 G1 .")
    assert svg_squares(game_kingdom_svg(game, 0)) == (6, 4)
    turned = make_game(RULESET, 2, seed=1)  # either way round: 6 high is room too
    set_kingdom(turned, 0, "C W0 W0 F0 F0 F1")
    assert svg_squares(game_kingdom_svg(turned, 0)) == (6, 7)
    set_kingdom(turned, 0, "C\nW0\nW0\nF0\nF0\nF1")
    assert svg_squares(game_kingdom_svg(turned, 0)) == (7, 6)
    set_kingdom(turned, 0, "C W0 W0 F0")  # 4 wide, 1 high: 6 columns or 6 rows to come
    assert svg_squares(game_kingdom_svg(turned, 0)) == (8, 11)  # x -2..5; y -5..5


# -- kd play and kd serve --------------------------------------------------------------


def test_a_person_plays_it_to_the_end_in_the_terminal() -> None:
    r = kd(
        "play", "--ruleset", RULESET, "--trust", "-p", "human,greedy", "--seed", "3",
        "--json", "--ask-forced", stdin="1\n" * 400,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr[-2000:]
    data = json.loads(r.stdout)
    assert data["finished"] and data["players"][0]["agent"] == "human"
    for kingdom in data["kingdoms"]:  # the final kingdoms: 4x6 either way round
        rows = [row.split() for row in kingdom["grid"]]
        assert len(rows) * len(rows[0]) <= 24 and max(len(rows), len(rows[0])) <= 6
    # The last grid drawn for the person: their kingdom's columns, then its rows, as
    # many as the 4x6 shape still lets it use (never the 11 of a 6x6 board).
    lines = r.stderr.splitlines()
    title = max(i for i, line in enumerate(lines) if line.startswith("P1 (you)"))
    labels = re.findall(r"-?\d", re.split(r"\s{3,}", lines[title + 1].strip())[0])
    rows = 0
    while re.match(r"^ ?-?\d ", lines[title + 2 + rows]):
        rows += 1
    assert sorted((len(labels), rows)) == [4, 6], lines[title : title + 2 + rows]


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
            f"{server.url}/api/tables", {"ruleset": "four-by-six", "seats": seats, "seed": 2}
        )
        url, token = f"{server.url}/api/tables/{table['id']}", table["host"]
        current = http(url, token=token)
        for _ in range(200):
            if current["view"]["finished"]:
                break
            current = http(url + "/act", {"action": first_move(current["decision"])}, token)
        assert current["view"]["finished"]
        for kingdom in current["view"]["kingdoms"]:
            short, long = sorted(svg_squares(kingdom["svg"]))
            assert short <= 4 and long <= 6, kingdom["svg"][:200]  # the 4x6 shape, either way
    finally:
        server.stop()
