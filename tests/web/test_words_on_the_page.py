"""Words on the page: a score of 1 is "1 point", and a score sheet speaks of the
rules' icons ("fire" in Origins, where the page said "crown"). The server words
them (kingdomino_web/views.py), the page shows them: checked in the view and in
the replay viewer of a real browser."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

from web_support import LiveServer

from kingdomino_core.saves.savegame import PlayerEntry, read_save, replay
from kingdomino_web.views import public_view


def _save(tmp_path: Path, ruleset: str, seed: int) -> Path:
    target = tmp_path / f"{ruleset}-{seed}.json"
    play = [sys.executable, "-m", "kingdomino_cli.app", "play", "-r", ruleset]
    done = subprocess.run(
        [*play, "-p", "greedy,greedy", "--seed", str(seed), "--save", str(target)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return target


def _one_point_move(path: Path) -> int | None:
    """The first move after which some kingdom scores exactly 1 (within 80 moves)."""
    saved = read_save(path)
    for n in range(1, min(80, len(saved.log))):
        if any(sheet.total == 1 for sheet in replay(saved, upto=n).scores()):
            return n
    return None


def test_the_view_words_points_and_the_rules_icons(tmp_path: Path) -> None:
    players = [PlayerEntry(name="A", agent="greedy"), PlayerEntry(name="B", agent="greedy")]
    origins = replay(read_save(_save(tmp_path, "origins-discovery", 2)))
    view = public_view(origins, players)
    words = [line["words"] for sheet in view["result"]["sheets"] for line in sheet["lines"]]
    properties = [w for w in words if " squares" in w or " square " in w]
    assert properties and all(" fire" in w and "crown" not in w for w in properties), words
    base = replay(read_save(_save(tmp_path, "base", 1)))
    words = [
        line["words"] for s in public_view(base, players)["result"]["sheets"] for line in s["lines"]
    ]
    assert any(w.endswith((" 1 crown", " 2 crowns", " 3 crowns")) for w in words), words
    for kingdom in view["kingdoms"]:
        total = kingdom["score"]
        assert kingdom["score_words"] == (f"{total} point" if total == 1 else f"{total} points")


def test_the_replay_viewer_says_1_point_and_fire(
    live_server: LiveServer, page: Any, tmp_path: Path
) -> None:
    seed, move = next(
        (s, n) for s in range(6) if (n := _one_point_move(_save(tmp_path, "origins-discovery", s)))
    )
    path = tmp_path / f"origins-discovery-{seed}.json"
    # The viewer steps by decisions (chance's draws folded in): the step that shows the
    # table after that move is the number of decisions up to it.
    saved = read_save(path)
    move = sum(replay(saved, upto=i).current_seat not in (None, -1) for i in range(move))
    page.goto(live_server.url + "/replay")
    page.set_input_files("#file", str(path))
    page.wait_for_selector("#stepper:not([hidden])")
    page.evaluate(
        f"() => {{ const s = document.getElementById('slider'); s.value = '{move}';"
        " s.dispatchEvent(new Event('input')); }"
    )
    page.wait_for_selector(f"body[data-move='{move}']")
    scores = page.locator(".kingdom-panel .score").all_inner_texts()
    assert "1 point" in scores and "1 points" not in scores, scores
    page.keyboard.press("End")
    page.wait_for_selector("#result table.sheet")
    sheets = page.inner_text("#result")
    assert " fire" in sheets and "crown" not in sheets, sheets


def test_moves_and_choices_name_squares_as_the_player_sees_them() -> None:
    """The boards show no coordinates: a Court purchase, an Origins recruit or a token
    paid says where its square lies from the castle, in the move list and the choices."""
    import re

    from kingdomino_core.testing import make_engine
    from kingdomino_play import Table
    from kingdomino_web.views import decision_view, table_move_words

    coordinates = re.compile(r"-?\d+,-?\d+")
    for ruleset in ("court", "origins-tribe"):
        game = make_engine(ruleset, 2).new_game(seed=3)
        players = [PlayerEntry(name="Ann", agent="greedy"), PlayerEntry(name="Bea", agent="greedy")]
        table = Table(game, players, words=table_move_words)
        choices: list[str] = []
        for _ in range(80):
            decision = decision_view(table.game, table.names)
            choices += [c["words"] for c in (decision or {"choices": []})["choices"]]
            table.advance(1)
        moved = [words for _at, words in table.history]
        squares = [w for w in moved + choices if "the square " in w]
        assert squares, moved  # purchases and recruits name their square
        assert not [w for w in moved + choices if coordinates.search(w)]
