"""The expansions' own state drawn as pictures (issue 25), in a real Chromium at a
real ``kd serve``: the Court board's tiles and the resource tokens on the lines'
dominoes, the giants' supply and the giant dominoes, the quests in play, Origins'
totems and resources; each piece with the plugin's words on hover and on a tap.

The browser has no code for any rule set: the pictures come from the plugins'
``TableNote``s (kingdomino_core.model.pieces), the same notes whose words the
terminal prints. Players are named everywhere (no "kingdom 1"). Each note is shown
once: drawn where it has a place (pieces laid on the lines' dominoes are drawn on
them, with their words on hover or tap), listed as text only otherwise.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from test_browser_plugins import first_seed_with_a_giant_domino
from web_support import LiveServer, click_turn, shot, wait_turn


def _name_seats(page: Any, names: list[str]) -> None:
    rows = page.locator("#seats tbody tr")
    for i, name in enumerate(names):
        rows.nth(i).locator(".name").fill(name)


def _open(page: Any, server: LiveServer, ruleset: str, seed: int, names: list[str]) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready]")
    page.select_option("#ruleset", ruleset)
    page.select_option("#count", "2")
    page.locator("#seats tbody tr").nth(1).locator(".kind").select_option("bot")
    _name_seats(page, names)
    page.fill("#seed", str(seed))
    page.click("#create")
    page.wait_for_selector("#open-table[href]")
    page.click("#open-table")
    wait_turn(page)


def _note(page: Any, starts: str) -> Any:
    """The note whose words start so (held by its place: a tap changes its words)."""
    notes = page.locator("#info .note")
    for i in range(notes.count()):
        if notes.nth(i).locator(".note-words").inner_text().startswith(starts):
            return notes.nth(i)
    raise AssertionError(f"no note starts with {starts!r}: {page.inner_text('#info')}")


def _listed(page: Any) -> list[str]:
    """The notes listed as lines of text (those drawn nowhere)."""
    text = page.locator("#info pre.info")
    return text.inner_text().splitlines() if text.count() else []


def _shown_once(page: Any, words: str) -> None:
    """A note laid on the lines' dominoes is drawn there and nowhere else: no line of
    text repeats it (the pictures and their words on hover or tap say it)."""
    assert words not in page.inner_text("#info"), page.inner_text("#info")
    assert not [line for line in _listed(page) if line.startswith(words)]


def _tap_on_a_domino_says_its_words(page: Any) -> None:
    """A tap on a piece lying on a domino of the lines says its words under its line
    (a hover shows them too: the piece's title); a domino the player may take now is
    taken by a tap, so play on to a placement, when none is."""
    while wait_turn(page) not in ("place", "over"):
        click_turn(page)
    piece = page.locator("[data-line] .domino:not(.legal) svg svg.on-half").first
    words = piece.get_attribute("data-words")
    assert words and piece.locator("title").first.text_content() == words
    domino = piece.locator("xpath=ancestor::div[contains(@class, 'domino')][1]")
    name = domino.locator(".number").inner_text()
    piece.click()
    line = domino.locator("xpath=ancestor::div[contains(@class, 'line')][1]")
    caption = line.locator(".line-words")
    assert caption.is_visible()
    assert caption.inner_text() == f"{name}: {words}"


def _tap_says_its_words(page: Any, note: Any) -> None:
    """A tap on a piece puts its words under the row (a hover shows them too)."""
    piece = note.locator(".piece-pic").first
    words = piece.get_attribute("data-words")
    assert words and piece.get_attribute("title") == words
    piece.click()
    assert note.locator(".note-words").inner_text() == words


def test_the_court_board_and_its_tokens_are_pictures(
    live_server: LiveServer, page: Any, artifacts: Path
) -> None:
    _open(page, live_server, "court", 5, ["Ann", "Bea"])
    board = _note(page, "Court board:")
    words = board.locator(".note-words").inner_text()
    tiles = board.locator(".piece-pic")
    assert tiles.count() >= 1
    for i in range(tiles.count()):
        assert tiles.nth(i).get_attribute("data-words") in words  # each tile face up
    assert board.locator("svg.piece.tile, svg.piece.figure").count() == tiles.count()
    # Resource tokens lie on the lines' dominoes, drawn on their halves, and only there.
    tokens = page.locator("[data-line] .domino svg svg.on-half")
    assert tokens.count() >= 1
    assert all(tokens.nth(i).is_visible() for i in range(tokens.count()))
    assert "token" in " ".join(page.locator("[data-line] .domino svg > title").all_text_contents())
    _shown_once(page, "Resource tokens on the lines' dominoes")
    shot(page, artifacts, "court-board", docs=True)
    _tap_says_its_words(page, board)
    _tap_on_a_domino_says_its_words(page)


def test_the_giants_the_giant_dominoes_and_the_quests_are_pictures(
    live_server: LiveServer, page: Any, artifacts: Path
) -> None:
    seed, _names = first_seed_with_a_giant_domino()
    _open(page, live_server, "age-of-giants", seed, ["Ann", "Bea"])
    supply = _note(page, "giants:")
    words = supply.locator(".note-words").inner_text()
    count = int(words.split("giants: ")[1].split(" in the supply")[0])
    assert supply.locator(".piece-pic svg.piece.figure").count() == count > 0
    # Players named, never "kingdom 1".
    assert "Ann's kingdom" in words and "Bea's kingdom" in words
    assert "kingdom 1" not in page.inner_text("body")
    # The giant domino of the line is marked on it, in the plugin's words.
    giant = page.locator("[data-line] .domino .whole-mark")
    assert giant.count() >= 1
    assert "giant" in (giant.first.get_attribute("data-words") or "")
    assert giant.first.get_attribute("title") == giant.first.get_attribute("data-words")
    _shown_once(page, "on the lines:")
    quests = _note(page, "quests:")
    assert quests.locator("svg.piece.tile").count() >= 1
    shot(page, artifacts, "age-of-giants-state", docs=True)
    _tap_says_its_words(page, supply)


def test_origins_totems_and_resources_are_pictures(
    live_server: LiveServer, page: Any, artifacts: Path
) -> None:
    _open(page, live_server, "origins-totem", 3, ["Ann", "Bea"])
    totems = _note(page, "Totems:")
    words = totems.locator(".note-words").inner_text()
    pieces = totems.locator(".piece-pic")
    assert pieces.count() == words.count(" points)") > 0  # one tile per totem
    assert totems.locator("svg.piece.tile").count() == pieces.count()
    shown = [pieces.nth(i).get_attribute("data-words") or "" for i in range(pieces.count())]
    assert all("totem" in w and ("in the middle" in w or "held by" in w) for w in shown)
    resources = page.locator("[data-line] .domino svg svg.on-half")
    assert resources.count() >= 1
    _shown_once(page, "Resources on the lines' dominoes")
    shot(page, artifacts, "origins-totems", docs=True)
    _tap_says_its_words(page, totems)
    _tap_on_a_domino_says_its_words(page)
