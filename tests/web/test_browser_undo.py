"""Undo with a friend seated (issue 25): two real Chromium pages, one per seat, at a
real ``kd serve``. A person takes back their last decision until someone else has
decided; the friend's page updates at once and says who took back what.

The friend's page gets its updates late (``lagging``), as on a loaded machine: the
test waits for what each page shows (``settled``), never for a fixed time, and never
assumes both pages show the same state at once.

Screenshots go to the artifacts folder (and ``docs/img`` with ``KD_DOCS_SCREENSHOTS``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_support import LiveServer, click_turn, create_in_lobby, lagging, settled, shot, shown_state


def _page(context: Any, errors: list[str]) -> Any:
    found = context.new_page()
    found.on("pageerror", lambda exc: errors.append(str(exc)))
    found.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    return found


@pytest.fixture
def two_devices(browser: Any) -> Iterator[tuple[Any, Any]]:
    """Two pages of two browser contexts: the host's laptop and a friend's phone,
    which shows each new state 400 ms after the host's."""
    errors: list[str] = []
    host = browser.new_context(viewport={"width": 1300, "height": 800})
    friend = browser.new_context(viewport={"width": 1300, "height": 800})
    try:
        yield _page(host, errors), lagging(_page(friend, errors), 400)
    finally:
        host.close()
        friend.close()
    assert not errors, errors


def test_a_person_takes_back_a_move_and_the_friend_sees_it(
    live_server: LiveServer, two_devices: tuple[Any, Any], artifacts: Path
) -> None:
    host, friend = two_devices
    create_in_lobby(host, live_server, "base", [("here", ""), ("link", "")], 11)
    link = host.locator("#created-links a.seat-link").first.get_attribute("href")
    assert link
    host.click("#open-table")
    friend.goto(link)
    pages = (host, friend)
    mover = settled(pages)
    other = friend if mover is host else host
    # Play until the mover has decided and the other is to decide next.
    for _ in range(8):
        version = _version(mover)
        click_turn(mover)
        now = settled(pages, version)
        if now is other:
            break
    else:
        pytest.fail("the other seat never came to decide")
    history = other.locator("#recent li").count()
    last = other.locator("#recent li").first.inner_text()
    # The mover may take it back; the friend, who has not decided, may not.
    assert mover.locator("#undo").is_visible()
    assert mover.locator("#undo-help").is_visible()
    assert other.locator("#undo").is_hidden()
    name = mover.inner_text("#you").removeprefix("You play ")
    version = _version(other)
    mover.click("#undo")
    # Both pages: the decision is gone, the mover decides again, and each says who
    # took back what.
    assert settled(pages, version) is mover
    notice = other.inner_text("#notice")
    assert other.locator("#notice").is_visible()
    assert notice.startswith(f"{name} took back their last decision: ")
    assert last.removeprefix(f"{name}: ") in notice
    assert shown_state(other)[1] == "wait"
    assert other.locator("#recent li").count() == history - 1
    assert shown_state(mover)[1] == "claim"
    assert mover.inner_text("#notice") == notice
    shot(other, artifacts, "undo-friend-sees", docs=True)
    shot(mover, artifacts, "undo-after")
    # The mover decides again; once the friend has decided, it is too late to undo.
    version = _version(mover)
    click_turn(mover)
    now = settled(pages, version)
    assert other.locator("#notice").is_hidden()
    while now is mover:
        version = _version(mover)
        click_turn(mover)
        now = settled(pages, version)
    version = _version(other)
    click_turn(other)
    settled(pages, version)
    assert mover.locator("#undo").is_hidden()
    assert other.locator("#undo").is_visible()


def _version(page: Any) -> str:
    return shown_state(page)[0]
