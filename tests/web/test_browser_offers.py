"""The market drawn offer by offer (issue 23), in a real Chromium at a real ``kd
serve`` (``--trust``, examples/two-lines on ``KD_RULESET_PATH``): each offer of the
round is its own row under its name, and a king is put on a domino of the second row
by a click, as on the single line of the base game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from web_support import LiveServer, create_in_lobby, shot, wait_turn

TWO_LINES = Path(__file__).resolve().parents[2] / "examples" / "two-lines"


@pytest.fixture
def two_lines_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("KD_RULESET_PATH", str(TWO_LINES))
    server = LiveServer(tmp_path / "data", extra=["--trust"]).start()
    try:
        yield server
    finally:
        server.stop()


def _claimed(page: Any, domino: str) -> bool:
    """Whether a king stands on ``domino`` in a row of the market."""
    script = (
        "d => !!document.querySelector("
        "`[data-line='next'] .domino[data-domino='${d}'] .king[data-king]`)"
    )
    return bool(page.evaluate(script, domino))


def test_two_lines_are_two_named_rows_and_the_second_takes_a_claim(
    two_lines_server: LiveServer, page: Any, artifacts: Path
) -> None:
    create_in_lobby(page, two_lines_server, "two-lines", [("here", ""), ("bot", "greedy")], 7)
    page.click("#open-table")
    assert wait_turn(page) == "claim"
    rows = page.locator("[data-line='next']")
    assert rows.count() == 2
    titles = [rows.nth(i).locator("h3").inner_text() for i in range(2)]
    assert titles == ["Picking: left line", "Picking: right line"]
    for i in range(2):
        assert rows.nth(i).is_visible()
        assert rows.nth(i).get_attribute("data-offer") == str(i)
        assert rows.nth(i).locator(".domino").count() == 4  # one domino a king, 2 kings
    # A claim from the second row: a highlighted domino there, clicked, gets my king.
    second = rows.nth(1).locator(".domino.legal")
    assert second.count() >= 1
    domino = str(second.first.get_attribute("data-domino"))
    moves = int(page.evaluate("Number(document.body.dataset.moves)"))
    second.first.click()
    page.wait_for_function(f"() => Number(document.body.dataset.moves) > {moves}")
    page.wait_for_function(
        "d => !!document.querySelector(`[data-offer='1'] .domino[data-domino='${d}']"
        " .king[data-seat='0']`)",
        arg=domino,
    )
    assert _claimed(page, domino)
    assert page.locator("[data-offer='0'] h3").inner_text() == "Picking: left line"
    shot(page, artifacts, "two-lines-offers", docs=True)
