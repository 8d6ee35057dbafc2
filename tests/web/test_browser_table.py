"""The table as people use it (issue 25), in a real Chromium at a real ``kd serve``:
placing by touch with a ghost domino and a confirm on a phone, turning it, "nothing
fits this way", the whose-turn title, the winner's banner at the top, the whole
numbered move list, every kingdom of a 4-player game on one 1366x768 screen, and the
replay stepping by decisions.

Screenshots go to the artifacts folder (and ``docs/img`` with ``KD_DOCS_SCREENSHOTS``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_support import LiveServer, click_turn, create_in_lobby, shot, wait_turn

from kingdomino_core import Direction, Game, Place
from kingdomino_core.inputs.trust import Trust
from kingdomino_core.saves.savegame import engine_for_save, parse_save, read_actions

LEGAL = ".kingdom-panel.placing svg rect[data-x].legal"


def _context_page(browser: Any, **options: Any) -> Iterator[Any]:
    context = browser.new_context(**options)
    found = context.new_page()
    errors: list[str] = []
    found.on("pageerror", lambda exc: errors.append(str(exc)))
    found.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    yield found
    context.close()
    assert not errors, errors


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """A phone-sized page with a touch screen (390x844)."""
    yield from _context_page(
        browser, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )


@pytest.fixture
def laptop(browser: Any) -> Iterator[Any]:
    """A laptop screen (1366x768)."""
    yield from _context_page(browser, viewport={"width": 1366, "height": 768})


def _version(page: Any) -> str:
    return str(page.evaluate("document.body.dataset.version"))


def _changed(page: Any, version: str) -> None:
    page.wait_for_function(f"() => document.body.dataset.version !== {version!r}")


def _square(cell: Any) -> tuple[int, int]:
    return int(cell.get_attribute("data-x")), int(cell.get_attribute("data-y"))


def test_a_phone_places_by_touch_with_a_ghost_and_a_confirm(
    live_server: LiveServer, phone: Any, artifacts: Path
) -> None:
    create_in_lobby(phone, live_server, "base", [("here", ""), ("bot", "greedy")], 7)
    shot(phone, artifacts, "phone-lobby")
    phone.click("#open-table")
    assert wait_turn(phone) == "claim"
    assert phone.title().startswith("Your turn")
    version = _version(phone)
    phone.locator("[data-line='next'] .domino.legal").first.tap()
    _changed(phone, version)
    while wait_turn(phone) != "place":
        click_turn(phone)
    # The prompt speaks of what the player sees, not of coordinates.
    status = phone.inner_text("#status")
    assert "castle is 0 0" not in status and "E, S, W or N" not in status
    assert "Place domino" in status
    version = _version(phone)
    cell = phone.locator(LEGAL).first
    x, y = _square(cell)
    cell.tap()
    # A tap holds the ghost there: nothing is placed until "Place here".
    phone.wait_for_selector("#confirm:not([hidden])")
    assert phone.locator("svg.kingdom rect.preview").count() == 2
    assert _version(phone) == version
    assert phone.locator("#confirm").bounding_box()["y"] < 844  # type: ignore[index]
    # The phone layout: the lines, then your kingdom first, mostly on the screen.
    mine = phone.locator(".kingdom-panel.placing").bounding_box()
    lines = phone.locator("#lines").bounding_box()
    assert mine is not None and lines is not None
    assert lines["y"] + lines["height"] <= mine["y"] and mine["y"] < 844 - 300
    shot(phone, artifacts, "phone-ghost", docs=True)
    # The button turns it, the ghost stays on its square; a second tap turns it too.
    direction = phone.inner_text("#direction")
    phone.locator("#rotate").tap()
    assert phone.inner_text("#direction") != direction
    assert phone.locator("svg.kingdom rect.preview").count() == 2
    turned = phone.inner_text("#direction")
    phone.locator(f".kingdom-panel.placing svg rect[data-x='{x}'][data-y='{y}']").tap()
    assert phone.inner_text("#direction") not in (turned,)
    assert _version(phone) == version
    # Back to a way that fits here, then confirm: the domino is placed.
    for _ in range(4):
        if phone.locator(
            f".kingdom-panel.placing svg rect[data-x='{x}'][data-y='{y}'].legal"
        ).count():
            break
        phone.locator("#rotate").tap()
    phone.locator("#confirm").tap()
    _changed(phone, version)
    assert int(phone.evaluate("document.body.dataset.moves")) > 0
    assert phone.locator("#refusal").is_hidden()
    shot(phone, artifacts, "phone-placed")


def test_a_phone_is_told_to_touch_before_its_first_touch(
    live_server: LiveServer, phone: Any
) -> None:
    """A phone opened at its placement (a friend's link, a reload) speaks of touching
    from the start, not of a click and an R key it does not have."""
    create_in_lobby(phone, live_server, "base", [("here", ""), ("bot", "greedy")], 7)
    phone.click("#open-table")
    while wait_turn(phone) != "place":
        click_turn(phone)
    phone.reload()  # no pointer has touched this page yet
    assert wait_turn(phone) == "place"
    said = phone.inner_text("#place-help")
    assert said.startswith("Touch a lit square") and "R key" not in said, said
    assert phone.locator("#rotate").is_visible() and phone.locator("#rotate kbd").is_hidden()


def _game_of(page: Any, server: LiveServer) -> Game:
    """The table's game as it stands, from its save (the engine's own view)."""
    table = page.url.split("/table/")[1].split("#")[0]
    token = page.url.split("#t=")[1]
    answer = page.request.get(
        f"{server.url}/api/tables/{table}/save", headers={"X-KD-Token": token}
    )
    assert answer.ok, answer.text()
    text = answer.text()
    saved = parse_save(text, "test")
    engine = engine_for_save(saved, "test", trust=Trust())
    game = engine.new_game(saved.seed)
    for action in read_actions(saved, engine, "test"):
        game.apply(action)
    return game


def _fits(game: Game, directions: list[Direction]) -> bool:
    step = game.step
    assert step is not None and step.kind == "place" and step.domino is not None
    return any(
        game.explain(Place(seat=step.seat, domino=step.domino, x=x, y=y, direction=d)) is None
        for d in directions
        for x in range(-8, 9)
        for y in range(-8, 9)
    )


def test_turn_the_domino_when_nothing_fits_this_way(
    live_server: LiveServer, laptop: Any, artifacts: Path
) -> None:
    create_in_lobby(laptop, live_server, "base", [("here", ""), ("bot", "greedy")], 3)
    laptop.click("#open-table")
    # The sound is off unless switched on, and the switch is remembered.
    laptop.wait_for_selector("body[data-turn]")
    assert laptop.inner_text("#sound") == "Sound: off"
    laptop.click("#sound")
    assert laptop.inner_text("#sound") == "Sound: on"
    laptop.reload()
    laptop.wait_for_selector("body[data-turn]")
    assert laptop.inner_text("#sound") == "Sound: on"
    assert laptop.get_attribute("#sound", "aria-pressed") == "true"
    # Crowns on the line are drawn as in the kingdoms: the same shape.
    assert laptop.locator("[data-line] svg .crown").count() > 0
    assert laptop.locator("[data-line] svg circle.crown").count() == 0
    seen = first = False
    while (kind := wait_turn(laptop)) != "over" and not seen:
        if kind == "place" and not first:
            # Beside the castle alone, every way fits (a domino with two identical
            # halves too: the engine lists it facing E and S only).
            for _ in range(4):
                assert laptop.locator(LEGAL).count() > 0, laptop.inner_text("#direction")
                laptop.locator("#rotate").click()
            first = True
        if kind == "place" and laptop.locator("#place-controls").is_visible():
            for _ in range(4):
                if not laptop.locator(LEGAL).count() and "fits nowhere" not in laptop.inner_text(
                    "#place-help"
                ):
                    help_text = laptop.inner_text("#place-help")
                    assert "Turn the domino: nothing fits this way." in help_text
                    # True of the game: no square takes it turned this way, some
                    # square takes it turned another way.
                    game = _game_of(laptop, live_server)
                    turned = Direction[laptop.get_attribute("#direction", "data-dir")]
                    assert not _fits(game, [turned]) and _fits(game, list(Direction))
                    shot(laptop, artifacts, "nothing-fits", docs=True)
                    seen = True
                    break
                laptop.locator("#rotate").click()
        click_turn(laptop)
    assert seen, "no placement in this game had a way that fits nowhere"


def test_the_winner_banner_is_at_the_top_and_the_moves_are_all_numbered(
    live_server: LiveServer, laptop: Any, artifacts: Path
) -> None:
    create_in_lobby(laptop, live_server, "base", [("bot", "greedy"), ("bot", "random")], 4)
    laptop.click("#open-table")
    assert wait_turn(laptop, timeout=60_000) == "over"
    laptop.wait_for_selector("#end:not([hidden]) .winners")
    assert laptop.title().startswith("Game over")
    banner = laptop.locator("#end").bounding_box()
    assert banner is not None and banner["y"] + banner["height"] <= 768
    headline = laptop.inner_text(".winners")
    assert "wins" in headline or "share" in headline or "Nobody" in headline
    assert laptop.locator("#end table.ranking tr").count() == 3
    sheet = laptop.locator("table.sheet").first.bounding_box()
    assert sheet is not None and sheet["y"] > banner["y"] + banner["height"]
    # The whole move list, numbered by move, newest first, in a scrolling box.
    items = laptop.locator("#recent li")
    count = items.count()
    assert count > 40
    assert items.first.get_attribute("value") == str(count)
    assert items.last.get_attribute("value") == "1"
    assert laptop.evaluate("getComputedStyle(document.getElementById('recent')).overflowY") in (
        "auto",
        "scroll",
    )
    assert " 1 points" not in laptop.inner_text("body")
    shot(laptop, artifacts, "end-banner", docs=True)
    # The replay steps by decisions, chance folded in; its buttons are drawn (no glyph
    # a font may lack).
    laptop.click("#replay")
    laptop.wait_for_selector("#stepper:not([hidden])")
    for button in ("first", "prev", "next", "last"):
        assert laptop.locator(f"#{button} svg.icon").count() == 1
        box = laptop.locator(f"#{button} svg.icon").bounding_box()
        assert box is not None and box["width"] > 10
    assert laptop.inner_text("#position") == f"decision 0 of {count}"
    for step in range(1, 4):
        laptop.keyboard.press("ArrowRight")
        laptop.wait_for_selector(f"body[data-move='{step}']")
        assert not laptop.inner_text("#last-move").startswith("chance")
    laptop.keyboard.press("End")
    laptop.wait_for_selector(f"body[data-move='{count}']")
    assert laptop.inner_text("#position") == f"decision {count} of {count}"


def test_every_kingdom_of_a_four_player_game_fits_a_laptop_screen(
    live_server: LiveServer, laptop: Any, artifacts: Path
) -> None:
    seats = [("here", ""), ("bot", "greedy"), ("bot", "random"), ("bot", "greedy")]
    create_in_lobby(laptop, live_server, "base", seats, 9)
    laptop.click("#open-table")
    wait_turn(laptop)
    # Things move smoothly, and not at all when the system asks for reduced motion.
    duration = "getComputedStyle(document.querySelector('.kingdom-panel')).transitionDuration"
    assert laptop.evaluate(duration) != "0s"
    laptop.emulate_media(reduced_motion="reduce")
    assert laptop.evaluate(duration) == "0s"
    laptop.emulate_media(reduced_motion="no-preference")
    sizes = []
    for _ in range(10):
        kind = wait_turn(laptop)
        panels = laptop.locator(".kingdom-panel")
        assert panels.count() == 4
        boxes = [panels.nth(i).bounding_box() for i in range(4)]
        for box in boxes:
            assert box is not None
            assert box["x"] >= 0 and box["x"] + box["width"] <= 1366
            assert box["y"] >= 0 and box["y"] + box["height"] <= 768, box
        sizes.append([(round(b["width"]), round(b["height"])) for b in boxes if b])
        assert laptop.locator(".kingdom-panel.current").count() == 1
        if kind == "place":
            shot(laptop, artifacts, "four-kingdoms", docs=True)
        click_turn(laptop)
    # A stable layout: the boards keep their size from turn to turn.
    assert all(s == sizes[0] for s in sizes), sizes


def test_the_lobby_fits_a_phone_and_copies_seat_links(
    live_server: LiveServer, browser: Any, artifacts: Path
) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        has_touch=True,
        is_mobile=True,
        permissions=["clipboard-read", "clipboard-write"],
    )
    try:
        phone = context.new_page()
        create_in_lobby(
            phone, live_server, "base", [("here", ""), ("link", ""), ("bot", "greedy")], 2
        )
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
        # No option suggested for a bot that takes none; mcts's own are.
        bot = phone.locator("#seats tbody tr").nth(2)
        assert bot.locator(".options").is_disabled()
        assert "time=0.5" not in (bot.locator(".options").get_attribute("placeholder") or "")
        bot.locator(".agent").select_option("mcts")
        assert bot.locator(".options").is_enabled()
        assert "=" in (bot.locator(".options").get_attribute("placeholder") or "")
        link = phone.locator("#created-links a.seat-link").first.get_attribute("href")
        phone.locator("#created-links button.copy").first.tap()
        phone.wait_for_selector("#created-links button.copy:text('Copied')")
        assert phone.evaluate("navigator.clipboard.readText()") == link
        shot(phone, artifacts, "phone-lobby-created", docs=True)
    finally:
        context.close()
