"""Kingdom geometry in a real browser (issue 23 item 3): a castle placed by clicking a
square next to the first domino, and a 4x6 kingdom drawn with only the rows it can
use. The page has no code for either: the castle's squares arrive as choices with a
target square, the boards as the server's SVG."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from web_support import LiveServer, click_turn, create_in_lobby, shot, wait_turn

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
CASTLE_LATER = EXAMPLES / "castle-later" / "castle-later.toml"
FOUR_BY_SIX = EXAMPLES / "four-by-six" / "four-by-six.toml"


def my_board(page: Any) -> str:
    return str(
        page.locator(".kingdom-panel").first.locator("svg").first.evaluate("e => e.outerHTML")
    )


def test_the_castle_is_placed_by_clicking_a_square(
    tmp_path: Path, page: Any, artifacts: Path
) -> None:
    server = LiveServer(tmp_path / "data", extra=["--ruleset", str(CASTLE_LATER)]).start()
    try:
        create_in_lobby(page, server, "castle-later", [("here", ""), ("bot", "greedy")], 4)
        page.click("#open-table")
        for _ in range(40):
            kind = wait_turn(page)
            if kind == "place_castle":
                break
            click_turn(page)
        assert kind == "place_castle"
        shot(page, artifacts, "castle-later-place-castle")
        assert "Place your castle" in page.inner_text("body")
        assert page.locator(".kingdom-panel svg rect[data-x].target").count() == 6
        assert 'class="castle"' not in my_board(page) and "class='castle'" not in my_board(page)
        click_turn(page)  # a highlighted square: the castle goes there
        page.wait_for_function(
            "() => document.querySelectorAll('.kingdom-panel svg .castle').length >= 1"
        )
        moves = page.inner_text("body")
        assert "castle at " in moves
        assert "(before the castle)" in moves and "on the castle" not in moves
    finally:
        server.stop()


def test_a_four_by_six_board_shows_only_rows_it_can_use(
    tmp_path: Path, page: Any, artifacts: Path
) -> None:
    server = LiveServer(tmp_path / "data", extra=["--ruleset", str(FOUR_BY_SIX)]).start()
    try:
        create_in_lobby(page, server, "four-by-six", [("here", ""), ("bot", "greedy")], 2)
        page.click("#open-table")
        for _ in range(80):
            if click_turn(page) == "over":
                break
        assert wait_turn(page) == "over"
        shot(page, artifacts, "four-by-six-end")
        for svg in page.locator(".kingdom-panel svg.kingdom").all():
            cell = int(svg.get_attribute("data-cell"))
            width, height = int(svg.get_attribute("width")), int(svg.get_attribute("height"))
            assert sorted((width // cell, height // cell)) <= [4, 6] or (
                width // cell <= 6 and height // cell <= 4
            ), (width, height)
            short, long = sorted((width // cell, height // cell))
            assert short <= 4 and long <= 6
        assert re.search(r"\d+ points?", page.inner_text("body"))
    finally:
        server.stop()
