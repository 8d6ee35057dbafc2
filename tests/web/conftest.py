"""Fixtures of the web tests: a real ``kd serve`` process on 127.0.0.1, and Chromium.

The browser is the system's Chromium (``/usr/bin/chromium``, installed by the
package manager; ``.ci/run`` installs it when absent) driven by Playwright's Python
API: Playwright's own browser download is never used. Screenshots go to
``<pytest tmp>/artifacts`` (the path is printed at the end of the run).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_support import CHROMIUM, CHROMIUM_ARGS, LiveServer


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path / "data").start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def artifacts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where browser tests save their screenshots (kept with pytest's temporary files)."""
    folder = tmp_path_factory.getbasetemp() / "artifacts"
    folder.mkdir(exist_ok=True)
    return folder


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not Path(CHROMIUM).exists() and shutil.which("chromium") is None:
        pytest.fail(
            f"no Chromium at {CHROMIUM}: install it with the system's package manager "
            "(apt-get install chromium), as .ci/run does"
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        found = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield found
        finally:
            found.close()


@pytest.fixture
def page(browser: Any) -> Any:
    context = browser.new_context(viewport={"width": 1300, "height": 900})
    found = context.new_page()
    errors: list[str] = []
    found.on("pageerror", lambda exc: errors.append(str(exc)))
    found.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    found.errors = errors
    yield found
    context.close()
    assert not errors, errors  # no script error, no blocked resource, nothing fetched afar


def pytest_terminal_summary(terminalreporter, exitstatus, config):  # type: ignore[no-untyped-def]
    factory = getattr(config, "_tmp_path_factory", None)
    if factory is None:
        return
    try:
        folder = factory.getbasetemp() / "artifacts"
    except Exception:
        return
    if folder.is_dir() and any(folder.iterdir()):
        terminalreporter.write_line(f"web test screenshots: {folder}")
