"""A table that looks like the game (issue 25), in a real Chromium at a real
``kd serve``: each terrain drawn as a tile (art.js, made for this project, nothing
fetched), the castle in its player's colour, kings as pieces in their player's
colour, kings and dominoes that move to their new places (none when the system asks
for reduced motion), and the words of what the player sees, never coordinates.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from web_support import LiveServer, click_turn, create_in_lobby, shot, wait_turn

COORDINATES = re.compile(r"-?\d+,-?\d+|castle is 0 0|\bx y\b")


def _count(page: Any, name: str) -> int:
    return int(page.evaluate(f"Number(document.body.dataset.{name} || 0)"))


def test_the_table_is_drawn_and_things_move(
    live_server: LiveServer, page: Any, artifacts: Path
) -> None:
    create_in_lobby(page, live_server, "base", [("here", ""), ("bot", "greedy")], 7)
    page.click("#open-table")
    for _ in range(12):
        click_turn(page)
    wait_turn(page)
    # Terrain tiles: every square of a known terrain is filled with its tile, which
    # the page itself holds (an SVG pattern of art.js).
    squares = page.locator(".kingdom-panel svg rect.square[data-terrain]")
    assert squares.count() >= 8
    fills = page.evaluate(
        "[...document.querySelectorAll('.kingdom-panel svg rect.square')]"
        ".map(r => [r.dataset.terrain, getComputedStyle(r).fill])"
    )
    for terrain, fill in fills:
        assert f"#kd-tile-{terrain}" in fill, (terrain, fill)
        assert page.locator(f"#kd-art pattern#kd-tile-{terrain}").count() == 1
    # The line's dominoes use the same tiles.
    halves = page.locator("[data-line] svg rect.half")
    assert halves.count() >= 4
    assert "url(" in (halves.first.get_attribute("fill") or "")
    # The castle and the kings in their player's colour.
    colours = page.evaluate(
        "[...document.querySelectorAll('.kingdom-panel')].map(p => ["
        "getComputedStyle(p.querySelector('rect.castle + path')).fill,"
        "p.style.getPropertyValue('--seat')])"
    )
    assert len({fill for fill, _seat in colours}) == 2
    for fill, seat in colours:
        r, g, b = (int(seat[i : i + 2], 16) for i in (1, 3, 5))
        assert fill == f"rgb({r}, {g}, {b})"
    kings = page.locator("[data-line] .king[data-king] svg.king-piece")
    assert kings.count() >= 2
    # Kings moved to their new dominoes, placed dominoes flew to their squares.
    assert _count(page, "kingMoves") > 0 and _count(page, "flights") > 0
    # What the player reads: no coordinates, on the prompt or in the move list.
    text = page.inner_text("body")
    assert not COORDINATES.search(text), COORDINATES.search(text)
    assert "places " in page.inner_text("#recent") and " the castle)" in page.inner_text("#recent")
    shot(page, artifacts, "drawn-table", docs=True)
    # Reduced motion: nothing moves any more.
    page.emulate_media(reduced_motion="reduce")
    flights, moves = _count(page, "flights"), _count(page, "kingMoves")
    for _ in range(6):
        click_turn(page)
    wait_turn(page)
    assert (_count(page, "flights"), _count(page, "kingMoves")) == (flights, moves)
