"""Support of the web tests: a real ``kd serve`` process on 127.0.0.1, Chromium, moves.

The browser is the system's Chromium (``/usr/bin/chromium``, installed by the
package manager; ``.ci/run`` installs it when absent) driven by Playwright's Python
API: Playwright's own browser download is never used. Screenshots go to
``<pytest tmp>/artifacts`` (the path is printed at the end of the run).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from kingdomino_web.views import decision_moves

CHROMIUM = os.environ.get("KD_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LiveServer:
    """``kd serve`` in its own process, on 127.0.0.1 only."""

    def __init__(self, data: Path, port: int | None = None, extra: list[str] | None = None):
        self.data = data
        self.port = port or free_port()
        self.extra = extra or []
        self.proc: subprocess.Popen[str] | None = None
        self.output: list[str] = []

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> LiveServer:
        cmd = [sys.executable, "-m", "kingdomino_cli.app", "serve", "--host", "127.0.0.1"]
        cmd += ["--port", str(self.port), "--data", str(self.data), *self.extra]
        self.proc = subprocess.Popen(
            cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1
        )
        deadline = time.monotonic() + 30
        assert self.proc.stdout is not None
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                break
            self.output.append(line)
            if "serving on" in line:
                self._wait_port(deadline)
                return self
        self.stop()
        raise RuntimeError("kd serve did not start:\n" + "".join(self.output))

    def _wait_port(self, deadline: float) -> None:
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("kd serve never listened")

    def stop(self) -> None:
        """Stop the server; what it printed since it started is added to ``output``."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self.proc is not None and self.proc.stdout is not None:
            self.output.append(self.proc.stdout.read())
            self.proc.stdout.close()
        self.proc = None


def first_move(decision: dict[str, Any]) -> dict[str, Any]:
    """A legal move of a decision view: its first placement, else its first choice."""
    moves = decision_moves(decision)
    return next((m for m in moves if m["kind"] == "place"), moves[0])


def wait_turn(page: Any, timeout: float = 20_000) -> str:
    """Wait until this page must decide (or the game is over); return the decision kind."""
    page.wait_for_function(
        "() => document.body && document.body.dataset.turn"
        " && document.body.dataset.turn !== 'wait'",
        timeout=timeout,
    )
    return str(page.evaluate("document.body.dataset.turn"))


def click_turn(page: Any) -> str:
    """Play this page's decision by clicking, as a person would; return its kind.

    A claim clicks a highlighted domino of the line; a placement clicks a highlighted
    square (rotating with the R key until one is highlighted) or the discard button;
    any other decision clicks a highlighted square or kingdom, else its first button.
    """
    kind = wait_turn(page)
    if kind == "over":
        return kind
    version = page.evaluate("document.body.dataset.version")
    if kind == "claim":
        page.locator("[data-line='next'] .domino.legal").first.click()
    elif page.locator("#place-controls").is_visible():
        for _ in range(4):
            squares = page.locator(".kingdom-panel.current svg rect[data-x].legal")
            if squares.count():
                squares.first.click()
                break
            page.keyboard.press("r")
        else:
            page.locator("#choices .choice.discard").first.click()
    else:
        squares = page.locator(".kingdom-panel svg rect[data-x].target")
        kingdoms = page.locator(".kingdom-panel.target h2")
        if squares.count():
            # A square with one choice plays it; with several, they are listed (hinted).
            squares.first.click()
            page.wait_for_function(
                f"() => document.body.dataset.version !== {version!r}"
                " || document.querySelector('#choices .choice.hint')",
                timeout=20_000,
            )
            if page.evaluate("document.body.dataset.version") == version:
                page.locator("#choices .choice.hint").first.click()
        elif kingdoms.count():
            kingdoms.first.click()
        else:
            page.locator("#choices .choice").first.click()
    page.wait_for_function(f"() => document.body.dataset.version !== {version!r}", timeout=20_000)
    return kind


def lagging(page: Any, milliseconds: int) -> Any:
    """``page``, its table's live updates delivered ``milliseconds`` late (in order),
    as on a loaded machine where one page renders behind another: a test of several
    pages must then wait for what each shows, never assume they show the same.
    Call before the page opens the table."""
    page.add_init_script(
        """(delay => {
  const add = WebSocket.prototype.addEventListener;
  WebSocket.prototype.addEventListener = function (type, listener, options) {
    if (type !== "message") return add.call(this, type, listener, options);
    const late = (event) => setTimeout(() => listener.call(this, event), delay);
    return add.call(this, type, late, options);
  };
})(DELAY);""".replace("DELAY", str(int(milliseconds)))
    )
    return page


def shown_state(page: Any) -> tuple[str, str]:
    """What ``page`` shows now: the table's version and whose turn (``wait``, a
    decision's kind, ``over``), as the page's script marks them on its body."""
    found = page.evaluate("[document.body.dataset.version || '', document.body.dataset.turn || '']")
    return str(found[0]), str(found[1])


def settled(pages: Sequence[Any], old: str | None = None, timeout: float = 30.0) -> Any:
    """The page that decides now, once every page shows one same state newer than
    version ``old`` in which one of them decides (or the game is over): the server
    then waits for a person, so no newer state is on its way. (A move is published
    in steps, the move then chance's draws: a page may show a state in which nobody
    decides, or lag behind another.)"""
    deadline = time.monotonic() + timeout
    while True:
        shown = [shown_state(p) for p in pages]
        versions = {version for version, _turn in shown}
        if len(versions) == 1 and not versions & {"", old}:
            deciding = [p for p, (_v, turn) in zip(pages, shown, strict=True) if turn != "wait"]
            if deciding and "" not in (turn for _v, turn in shown):
                return deciding[0]
        if time.monotonic() > deadline:
            raise AssertionError(f"the pages never showed one state newer than {old}: {shown}")
        pages[0].wait_for_timeout(50)


DOCS_SHOTS = os.environ.get("KD_DOCS_SCREENSHOTS")


def shot(page: Any, artifacts: Path, name: str, *, docs: bool = False) -> None:
    """Save a screenshot of the page as a test artifact (and for the docs, if asked),
    once what moves has come to rest (kings and dominoes, art.js)."""
    page.wait_for_function("() => !document.getAnimations().length", timeout=5_000)
    page.screenshot(path=str(artifacts / f"{name}.png"), full_page=True)
    if docs and DOCS_SHOTS:
        page.screenshot(path=str(Path(DOCS_SHOTS) / f"{name}.png"), full_page=False)


def create_in_lobby(
    page: Any,
    server: LiveServer,
    ruleset: str,
    seats: list[tuple[str, str]],
    seed: int,
    artifacts: Path | None = None,
) -> None:
    """Fill the lobby form: ``seats`` are (kind, bot) pairs; then create the table."""
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready]")
    page.select_option("#ruleset", ruleset)
    page.select_option("#count", str(len(seats)))
    rows = page.locator("#seats tbody tr")
    for i, (kind, bot) in enumerate(seats):
        row = rows.nth(i)
        row.locator(".kind").select_option(kind)
        if kind == "bot":
            row.locator(".agent").select_option(bot)
    page.fill("#seed", str(seed))
    if artifacts is not None:
        shot(page, artifacts, "lobby", docs=True)
    page.click("#create")
    page.wait_for_selector("#open-table[href]")


#: The address of the test clients (``TestClient(app, base_url=LOCAL)``): a name the
#: app answers to (its Host allow-list, kingdomino_web/guard.py).
LOCAL = "http://127.0.0.1"
#: The same for WebSockets (the test client's own default name is not allowed).
LOCAL_WS = "ws://127.0.0.1"


def run_async(work: Any) -> Any:
    """Run a coroutine to its end in a thread of its own (the session's Playwright
    keeps an event loop running in this one, where ``asyncio.run`` is refused)."""
    import asyncio
    import threading

    out: dict[str, Any] = {}

    def main() -> None:
        try:
            out["value"] = asyncio.run(work)
        except BaseException as exc:  # re-raised in the caller
            out["error"] = exc

    thread = threading.Thread(target=main)
    thread.start()
    thread.join()
    if "error" in out:
        raise out["error"]
    return out["value"]
