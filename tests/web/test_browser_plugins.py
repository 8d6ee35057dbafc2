"""Plugin decisions by clicking in a real browser: a few turns of The Court, of
Origins (Tribe: fire and recruiting) and a Teamdomino table showing who placed what.

The browser has no code for these plugins: their decisions arrive as choices with
the plugins' own words and, where an action names a square or a kingdom, a target
to click (see kingdomino_web/views.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from web_support import LiveServer, click_turn, create_in_lobby, shot, wait_turn

from kingdomino_core.testing import make_engine


def play_until(page: Any, wanted: set[str], limit: int) -> list[str]:
    """Click through this page's decisions until every kind in ``wanted`` was played."""
    kinds: list[str] = []
    while len(kinds) < limit and not wanted <= set(kinds):
        kind = wait_turn(page)
        if kind == "over":
            break
        if kind in wanted and kind not in kinds:
            shot(page, page.artifacts, f"{page.prefix}-{kind.replace('.', '-')}", docs=True)
        moves = page.evaluate("document.body.dataset.moves")
        kinds.append(click_turn(page))
        assert page.evaluate("document.body.dataset.moves") != moves
    return kinds


def test_a_few_turns_of_the_court_by_clicks(
    live_server: LiveServer, page: Any, artifacts: Path
) -> None:
    create_in_lobby(page, live_server, "court", [("here", ""), ("bot", "greedy")], 5)
    page.click("#open-table")
    page.artifacts, page.prefix = artifacts, "court"
    kinds = play_until(page, {"court.buy", "court.pay"}, 60)
    assert "court.buy" in kinds and "court.pay" in kinds, kinds
    # The plugin's own lines (the court's visible tiles) are on the table.
    assert "court" in page.inner_text("#info").lower()


def test_a_few_turns_of_origins_tribe_by_clicks(
    live_server: LiveServer, page: Any, artifacts: Path
) -> None:
    create_in_lobby(page, live_server, "origins-tribe", [("here", ""), ("bot", "greedy")], 3)
    page.click("#open-table")
    page.artifacts, page.prefix = artifacts, "origins"
    kinds = play_until(page, {"origins.fire", "origins.recruit"}, 80)
    assert "origins.fire" in kinds and "origins.recruit" in kinds, kinds
    assert "cave" in page.inner_text("#info").lower()


def test_teamdomino_shows_which_teammate_placed_what(
    live_server: LiveServer, page: Any, artifacts: Path
) -> None:
    seats = [("here", "")] + [("bot", "greedy")] * 5
    create_in_lobby(page, live_server, "teamdomino", seats, 4)
    page.click("#open-table")
    for _ in range(14):
        click_turn(page)
    wait_turn(page)
    # Team kingdoms: each placed square marked with its player's letter and colour.
    marks = page.locator(".kingdom-panel svg .seat-mark")
    assert marks.count() >= 8
    seats_marked = {marks.nth(i).get_attribute("data-seat") for i in range(marks.count())}
    assert len(seats_marked) >= 4
    titles = page.locator(".kingdom-panel h2 .who")
    assert " + " in titles.first.inner_text()
    shot(page, artifacts, "teamdomino", docs=True)


def first_seed_with_a_giant_domino() -> tuple[int, list[str]]:
    """A seed whose first line (two players) holds a lettered giant domino, and the
    names of that line as people should see them."""
    engine = make_engine("age-of-giants", 2)
    for seed in range(1, 100):
        game = engine.new_game(seed=seed)
        while game.is_chance():
            game.resolve_chance()
        names = [game.domino(d).domino.name for d in game.next_line]
        if any(name.isalpha() for name in names):
            return seed, names
    raise AssertionError("no seed from 1 to 99 draws a giant domino first")


def test_age_of_giants_shows_its_giant_dominoes_lettered(
    live_server: LiveServer, page: Any, artifacts: Path
) -> None:
    seed, names = first_seed_with_a_giant_domino()
    create_in_lobby(page, live_server, "age-of-giants", [("here", ""), ("bot", "greedy")], seed)
    page.click("#open-table")
    assert wait_turn(page) == "claim"
    shot(page, artifacts, "age-of-giants-letters")
    shown = page.locator("[data-line='next'] .domino .number").all_inner_texts()
    assert shown == names  # A to F first, as printed (I-G2), then the numbers
    assert not any(name.startswith("-") for name in shown)
    choices = page.inner_text("#choices")
    free = [n for n in names if n.isalpha() and f"take {n} (" in choices]
    assert free, choices  # the bot may have taken one giant, never all of them here
    assert "take -" not in choices and "domino -" not in page.inner_text("#info")


def first_seed_with_a_volcano() -> tuple[int, int]:
    """A seed whose first line (Origins Discovery, two players) holds a volcano, and the
    craters printed on that line."""
    engine = make_engine("origins-discovery", 2)
    for seed in range(1, 100):
        game = engine.new_game(seed=seed)
        while game.is_chance():
            game.resolve_chance()
        squares = [sq for d in game.next_line for sq in game.domino(d).domino.squares]
        craters = sum(sq.mark("craters") for sq in squares)
        if craters:
            return seed, craters
    raise AssertionError("no seed from 1 to 99 draws a volcano first")


def test_origins_volcano_dominoes_show_their_craters_before_placement(
    live_server: LiveServer, page: Any, artifacts: Path
) -> None:
    seed, craters = first_seed_with_a_volcano()
    create_in_lobby(page, live_server, "origins-discovery", [("here", ""), ("bot", "greedy")], seed)
    page.click("#open-table")
    assert wait_turn(page) == "claim"
    shot(page, artifacts, "origins-craters")
    line = page.locator("[data-line='next'] .domino")
    assert line.locator("svg .crater").count() == craters
    titles = " ".join(line.locator("svg title").all_text_contents())
    assert "volcano " in titles and " crater" in titles  # e.g. "volcano 2 craters | desert"
