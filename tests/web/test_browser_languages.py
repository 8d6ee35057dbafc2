"""The browser table in the player's language (issue 25 item 5), in a real Chromium at a
real ``kd serve``: the browser's language chooses the page's, the selector switches
it (and keeps it), and one server shows one table in two languages at once.

Screenshots go to the artifacts folder (and ``docs/img`` with ``KD_DOCS_SCREENSHOTS``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_support import LiveServer, create_in_lobby, shot, wait_turn


def _page(browser: Any, **options: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1366, "height": 768}, **options)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    context.close()
    assert not errors, errors


@pytest.fixture
def english(browser: Any) -> Iterator[Any]:
    yield from _page(browser, locale="en-GB")


@pytest.fixture
def chinese(browser: Any) -> Iterator[Any]:
    yield from _page(browser, locale="zh-TW")


def test_the_selector_switches_the_table_to_french(
    live_server: LiveServer, english: Any, chinese: Any, artifacts: Path
) -> None:
    page = english
    create_in_lobby(page, live_server, "base", [("here", ""), ("bot", "greedy")], 3)
    page.click("#open-table")
    assert wait_turn(page, timeout=60_000) == "claim"
    assert "Your turn" in page.title()
    assert "Choose a domino" in page.inner_text("body")
    # The selector, in every page's header: French, kept across pages (a cookie).
    page.select_option("#language", "fr")
    page.wait_for_load_state("load")
    assert wait_turn(page, timeout=60_000) == "claim"
    page.wait_for_function("() => document.documentElement.lang === 'fr'")
    body = page.inner_text("body")
    assert "Choisissez un domino à placer au prochain tour" in body  # the engine's words
    assert "Coups" in body and "Vous jouez P1" in body  # the page's own words
    assert "champ de blé" in body or "forêt" in body or "marais" in body or "lac" in body
    assert "Choose a domino" not in body and "You play" not in body
    assert page.title().startswith("À vous")
    shot(page, artifacts, "table-in-french", docs=True)
    # The same table at the same time for a browser set to traditional Chinese.
    chinese.goto(page.url)
    chinese.wait_for_function("() => document.body.dataset.version")
    chinese.wait_for_function("() => document.documentElement.lang === 'zh-Hant'")
    assert "步驟" in chinese.inner_text("body")
    # The lobby too, in French now.
    page.goto(live_server.url + "/")
    page.wait_for_selector("text=Nouvelle table")
    assert page.locator("#language").input_value() == "fr"


# Every word of a whole game in the pseudo-language: test_browser_pseudo_game.py.
