"""A whole game of ``kd serve`` in the pseudo-language, in a real Chromium (issue 25 item 5):
every message of every catalog is marked, so a word on screen that no catalog gave is an
unmarked one. Checked at every moment a person meets: the lobby and its refusal, each kind
of decision the base game asks, a refused move, an undo and its notice, the end banner and
the score sheets, and the replay viewer at its start, its middle and its end.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from web_support import LiveServer, click_turn, shot, wait_turn

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "i18n"))
from pseudo_support import PSEUDO, pseudo_locale, unmarked_words

#: Wraps the page's WebSocket so that the test can send what the page would not (a stale
#: move): the page's own channel, its own language.
KEEP_SOCKETS = """
(() => {
  const Original = window.WebSocket;
  window.__sockets = [];
  window.WebSocket = function (...args) {
    const ws = new Original(...args);
    window.__sockets.push(ws);
    return ws;
  };
  window.WebSocket.prototype = Original.prototype;
  Object.assign(window.WebSocket, { OPEN: 1, CLOSED: 3, CONNECTING: 0, CLOSING: 2 });
})();
"""


def _names(page: Any) -> tuple[set[str], list[str]]:
    """What every language writes the same: the languages (each in itself), the site,
    the rulesets' and bots' names, the players' names; and the rulesets' descriptions
    (their files' text, which the lobby shows as it is)."""
    names = {"kingdomino", "English", "Français", "繁體中文", PSEUDO, "greedy", "random", "mcts"}
    names |= {"Ann", "Bot"}
    rulesets = page.evaluate("fetch('/api/rulesets').then(r => r.json())")
    for ruleset in rulesets:
        names |= {str(ruleset.get("name", "")), *str(ruleset.get("name", "")).split("-")}
    descriptions = [str(r["description"]) for r in rulesets if r.get("description")]
    return names, sorted(descriptions, key=len, reverse=True)


def _check(
    page: Any, known: tuple[set[str], list[str]], moment: str, seen: dict[str, list[str]]
) -> None:
    """The words on screen now that no catalog gave (``seen[moment]``, if any)."""
    names, descriptions = known
    text = page.inner_text("body") + "\n" + page.title()
    for description in descriptions:
        text = text.replace(description, " ")
    left = unmarked_words(text, names)
    if left:
        seen[moment] = sorted(set(left))


def test_a_whole_game_in_the_pseudo_language_shows_no_unmarked_word(
    tmp_path: Path, browser: Any, artifacts: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KD_LOCALE_PATH", str(pseudo_locale(tmp_path / "locale")))
    server = LiveServer(tmp_path / "data").start()
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    context.add_init_script(KEEP_SOCKETS)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    seen: dict[str, list[str]] = {}
    try:
        page.goto(server.url + f"/?lang={PSEUDO}")
        page.wait_for_selector("body[data-ready]")
        names = _names(page)
        _check(page, names, "lobby", seen)
        # The lobby's refusal: a name with a bidirectional control character.
        page.select_option("#ruleset", "base")
        page.select_option("#count", "2")
        rows = page.locator("#seats tbody tr")
        rows.nth(1).locator(".kind").select_option("bot")
        rows.nth(1).locator(".agent").select_option("greedy")
        rows.nth(0).locator(".name").fill("Ann\u202e")
        page.fill("#seed", "5")
        page.click("#create")
        page.wait_for_selector("#error:not([hidden])")
        _check(page, names, "lobby refusal", seen)
        rows.nth(0).locator(".name").fill("Ann")
        rows.nth(1).locator(".name").fill("Bot")
        page.click("#create")
        page.wait_for_selector("#open-table[href]")
        _check(page, names, "table ready", seen)
        page.goto(page.locator("#open-table").get_attribute("href") or "")
        kinds: list[str] = []
        undone = refused = False
        for _ in range(200):
            kind = wait_turn(page, timeout=60_000)
            if kind == "over":
                break
            _check(page, names, f"decision {kind}", seen)
            if not refused:  # the page's own channel, a move of a table that has changed
                page.evaluate(
                    "() => { const ws = window.__sockets.at(-1);"
                    " ws.send(JSON.stringify({type: 'act', version: -1,"
                    " action: {kind: 'pass', seat: 0}})); }"
                )
                page.wait_for_selector("#refusal:not([hidden])")
                _check(page, names, "refused move", seen)
                refused = True
            kinds.append(click_turn(page))
            if not undone and page.locator("#undo").is_visible():
                version = page.evaluate("document.body.dataset.version")
                page.click("#undo")
                page.wait_for_function(f"() => document.body.dataset.version !== {version!r}")
                page.wait_for_selector("#notice:not([hidden])")
                _check(page, names, "undo notice", seen)
                undone = True
        assert wait_turn(page) == "over"
        assert {"claim", "place"} <= set(kinds) and undone and refused
        page.wait_for_selector("#end:not([hidden])")
        _check(page, names, "end banner and sheets", seen)
        shot(page, artifacts, "game-over-in-pseudo-language")
        # The replay viewer, from the table's button.
        with page.expect_navigation():
            page.click("#replay")
        page.wait_for_selector("#stepper:not([hidden])")
        _check(page, names, "replay start", seen)
        page.evaluate(
            "() => { const s = document.getElementById('slider');"
            " s.value = String(Math.floor(Number(s.max) / 2));"
            " s.dispatchEvent(new Event('input')); }"
        )
        page.wait_for_function("() => Number(document.body.dataset.move) > 0")
        _check(page, names, "replay middle", seen)
        page.keyboard.press("End")
        page.wait_for_selector("#result table.sheet")
        _check(page, names, "replay end", seen)
    finally:
        context.close()
        server.stop()
    assert not errors, errors
    assert seen == {}, "\n".join(f"{k}: {v}" for k, v in seen.items())
