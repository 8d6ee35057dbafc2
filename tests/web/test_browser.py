"""A real browser (the system's Chromium) plays at a real ``kd serve`` by clicks.

Screenshots of each test are saved under ``<pytest tmp>/artifacts`` (printed at the
end of the run); with ``KD_DOCS_SCREENSHOTS=DIR`` the documentation's pictures are
written to DIR too (``docs/img``).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

from web_support import LiveServer, click_turn, create_in_lobby, shot, wait_turn

from kingdomino_core.saves.savegame import read_save, verify


def test_a_whole_base_game_against_a_bot_by_clicks(
    live_server: LiveServer, page: Any, artifacts: Path, tmp_path: Path
) -> None:
    create_in_lobby(page, live_server, "base", [("here", ""), ("bot", "greedy")], 7, artifacts)
    page.click("#open-table")
    assert wait_turn(page) == "claim"
    shot(page, artifacts, "base-start")
    kinds: list[str] = []
    refused = undone = False
    while True:
        kind = wait_turn(page)
        if kind == "over":
            break
        if (
            kind == "place"
            and not refused
            and page.locator(".kingdom-panel.current svg rect[data-x].legal").count()
        ):
            # A square that is not highlighted: the engine's reason is shown, nothing moves.
            direction = page.inner_text("#direction")
            page.keyboard.press("r")
            assert page.inner_text("#direction") != direction
            page.keyboard.press("Shift+R")
            assert page.inner_text("#direction") == direction
            moves = page.evaluate("document.body.dataset.moves")
            page.locator(".kingdom-panel.current svg rect.empty:not(.legal)").first.click()
            page.wait_for_selector("#refusal:not([hidden])")
            assert page.inner_text("#refusal").strip()
            shot(page, artifacts, "base-refused")
            assert page.evaluate("document.body.dataset.moves") == moves
            refused = True
        if kind == "place" and len(kinds) > 8 and not undone:
            # Undo against a bot: back to the previous decision, then play on.
            moves = int(page.evaluate("document.body.dataset.moves"))
            version = page.evaluate("document.body.dataset.version")
            page.click("#undo")
            page.wait_for_function(f"() => document.body.dataset.version !== {version!r}")
            assert int(page.evaluate("document.body.dataset.moves")) < moves
            undone = True
            continue
        if len(kinds) == 20:
            shot(page, artifacts, "base-table", docs=True)
        kinds.append(click_turn(page))
    assert refused and undone
    # (A decision with a single legal action is played for the person: not clicked.)
    assert kinds.count("claim") >= 10 and kinds.count("place") >= 5
    # The end: ranking with the tie-break column, each kingdom's score sheet.
    page.wait_for_selector("#end:not([hidden]) table.ranking")
    assert page.locator("table.ranking tr").count() == 3
    assert page.locator("table.sheet").count() == 2
    assert "wins" in page.inner_text(".winners") or "share" in page.inner_text(".winners")
    shot(page, artifacts, "base-end", docs=True)
    # The download is a save that kd replay --verify accepts.
    with page.expect_download() as info:
        page.click("#save")
    target = tmp_path / "game.json"
    info.value.save_as(target)
    assert verify(read_save(target)).ok
    done = subprocess.run(
        [sys.executable, "-m", "kingdomino_cli.app", "replay", str(target), "--verify"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    # The replay viewer steps through it.
    page.click("#replay")
    page.wait_for_selector("#stepper:not([hidden])")
    page.keyboard.press("ArrowRight")
    page.wait_for_selector("body[data-move='1']")
    page.keyboard.press("End")
    page.wait_for_selector("#result table.ranking")
    shot(page, artifacts, "replay", docs=True)


def test_two_devices_play_one_table_through_their_seat_links(
    live_server: LiveServer, browser: Any, page: Any, artifacts: Path
) -> None:
    create_in_lobby(page, live_server, "base", [("link", ""), ("link", "")], 12)
    links = page.locator("#created-links a.seat-link")
    assert links.count() == 2
    urls = [links.nth(i).get_attribute("href") for i in range(2)]
    assert urls[0] != urls[1]
    devices = []
    for url in urls:
        context = browser.new_context(viewport={"width": 1100, "height": 800})
        other = context.new_page()
        other.goto(url)
        devices.append((context, other))
    try:
        pages = [p for _c, p in devices]
        for p in pages:
            p.wait_for_function("() => document.body && document.body.dataset.turn")
        turns = 0
        while True:
            states = [p.evaluate("document.body.dataset.turn") for p in pages]
            if all(s == "over" for s in states):
                break
            deciding = [p for p, s in zip(pages, states, strict=True) if s not in ("wait", "over")]
            if not deciding:
                pages[0].wait_for_timeout(50)
                continue
            assert len(deciding) == 1  # one seat decides at a time, the other waits
            mover = deciding[0]
            other = pages[1 - pages.index(mover)]
            assert other.locator("#controls").is_hidden()
            click_turn(mover)
            turns += 1
            if turns == 30:
                shot(pages[0], artifacts, "two-devices-seat1")
                shot(pages[1], artifacts, "two-devices-seat2")
        assert turns >= 30  # the forced decisions (one legal action) are played for them
        for p in pages:
            p.wait_for_selector("#end:not([hidden]) table.ranking")
        assert pages[0].inner_text(".winners") == pages[1].inner_text(".winners")
    finally:
        for context, _p in devices:
            context.close()
