"""On your own turn the table's prompt says who decides the same way for every kind of
decision (issue 25): before, the claim prompt began "Ann: ..." and the place prompt
did not (the page made the latter itself, without the name)."""

from __future__ import annotations

from typing import Any

from web_support import LiveServer, click_turn, create_in_lobby, wait_turn


def test_the_claim_and_the_place_prompt_both_name_the_player(
    live_server: LiveServer, page: Any
) -> None:
    create_in_lobby(page, live_server, "base", [("here", ""), ("bot", "greedy")], 7)
    page.click("#open-table")
    assert wait_turn(page) == "claim"
    claim = page.inner_text("#status")
    name, sep, _words = claim.partition(": ")
    assert sep and name, claim
    while wait_turn(page) != "place":
        click_turn(page)
    place = page.inner_text("#status")
    assert place.startswith(f"{name}: "), (claim, place)
    assert "Place domino" in place
