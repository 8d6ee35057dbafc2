"""Nothing a player saw is lost: ``kill -9`` of ``kd serve`` during play, then a restart.

A bounded load run on 127.0.0.1: each table has a client playing its human seat over
HTTP, a page watching it over the WebSocket and a spectator reloading it; the real
server process is killed with SIGKILL at random moments. After each kill, every state
any client received must be in the save on disk (its moves a prefix of the save's,
the table the same when the save is replayed that far), and the restarted server
leaves no temporary file of a write the kill cut short. The server writes each move
before it tells anyone of it.

CI size by default (a few seconds of play); larger with ``KD_KILL_ROUNDS`` (kills),
``KD_KILL_TABLES`` (tables played at once) and ``KD_KILL_SEED``.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import threading
import time
import urllib.error
import urllib.request
from http.client import HTTPException
from pathlib import Path
from typing import Any

from web_support import LiveServer, first_move

from kingdomino_core.saves.savegame import engine_for_save, parse_save, read_actions
from kingdomino_web.views import public_view

ROUNDS = int(os.environ.get("KD_KILL_ROUNDS", "2"))
TABLES = int(os.environ.get("KD_KILL_TABLES", "3"))
SEED = int(os.environ.get("KD_KILL_SEED", "1"))
SEATS = [{"name": "Ann", "kind": "here"}, {"name": "Bot", "kind": "bot", "agent": "random"}]


def fingerprint(view: dict[str, Any]) -> str:
    """What a player sees of the table at one moment (the kingdoms, the lines, the
    decision in words), comparable with a view of the save replayed."""
    shown = [view["moves"], view["kingdoms"], view["line"], view["next_line"], view["current"]]
    return json.dumps(shown, sort_keys=True)


class Seen:
    """Every state any client received, per table: move count -> fingerprints."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.states: dict[str, dict[int, set[str]]] = {}
        #: Tables seen finished.
        self.finished: set[str] = set()

    def add(self, table: str, view: dict[str, Any]) -> None:
        with self.lock:
            if view["finished"]:
                self.finished.add(table)
            self.states.setdefault(table, {}).setdefault(view["moves"], set()).add(
                fingerprint(view)
            )


def call(url: str, path: str, body: Any = None, token: str = "") -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        url + path, data=data, headers={"X-KD-Token": token, "Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())
    except urllib.error.HTTPError as exc:  # say why (the server's reason)
        raise AssertionError(f"{path}: {exc.code} {exc.read().decode()}") from None


def play(url: str, table: dict[str, str], seen: Seen, stop: threading.Event) -> None:
    """The human seat's client: play first moves over HTTP until the server dies."""
    tid, token = table["id"], table["host"]
    # The server died (or a resumed bot moved first: a stale move, 409): stop there.
    with contextlib.suppress(OSError, HTTPException, ValueError, AssertionError):
        state = call(url, f"/api/tables/{tid}", token=token)
        seen.add(tid, state["view"])
        while not stop.is_set() and state["decision"] is not None:
            move = {"action": first_move(state["decision"]), "version": state["view"]["version"]}
            state = call(url, f"/api/tables/{tid}/act", move, token)
            seen.add(tid, state["view"])


def poll(url: str, tid: str, seen: Seen, stop: threading.Event) -> None:
    """A spectator reloading the table: every state ``GET /api/tables/{id}`` answers."""
    with contextlib.suppress(OSError, HTTPException, ValueError, AssertionError):
        while not stop.is_set():
            seen.add(tid, call(url, f"/api/tables/{tid}")["view"])


def watch(port: int, tid: str, seen: Seen, stop: threading.Event) -> None:
    """A spectator's page: every state the WebSocket pushes."""
    from websockets.sync.client import connect
    from websockets.typing import Origin

    with (
        contextlib.suppress(Exception),  # ends when the server dies
        connect(
            f"ws://127.0.0.1:{port}/ws/tables/{tid}",
            origin=Origin(f"http://127.0.0.1:{port}"),
            open_timeout=10,
        ) as ws,
    ):
        ws.send(json.dumps({"type": "hello", "token": ""}))
        while not stop.is_set():
            message = json.loads(ws.recv(timeout=10))
            if message.get("type") == "state":
                seen.add(tid, message["view"])


def check_saves(data: Path, seen: Seen) -> int:
    """Every state seen is the save's game replayed that far; return the states checked."""
    checked = 0
    for tid, states in seen.states.items():
        source = data / f"{tid}.save.json"
        saved = parse_save(source.read_text("utf-8"), str(source))
        engine = engine_for_save(saved, str(source))
        actions = read_actions(saved, engine, str(source))
        assert max(states) <= len(actions), f"{tid}: saw {max(states)} moves, saved {len(actions)}"
        game = engine.new_game(seed=saved.seed)
        for n in sorted(states):
            while len(game.log) < n:
                game.apply(actions[len(game.log)])
            assert states[n] == {fingerprint(public_view(game, list(saved.players)))}, (tid, n)
            checked += 1
    return checked


def leftovers(data: Path) -> list[Path]:
    return sorted(p for p in data.iterdir() if p.name.endswith(".tmp"))


def test_every_move_a_client_saw_is_in_the_save_after_kill_9(tmp_path: Path) -> None:
    rng = random.Random(SEED)
    data = tmp_path / "data"
    seen = Seen()
    tables: list[dict[str, str]] = []
    server = LiveServer(data).start()
    checked = kills = 0
    try:
        for _ in range(ROUNDS):
            # Finished games make way for new ones: always TABLES games in play.
            tables = [t for t in tables if t["id"] not in seen.finished]
            while len(tables) < TABLES:
                made = call(server.url, "/api/tables", {"ruleset": "base", "seats": SEATS})
                tables.append({"id": made["id"], "host": made["host"]})
            stop = threading.Event()
            threads = [
                threading.Thread(target=play, args=(server.url, t, seen, stop)) for t in tables
            ]
            threads += [
                threading.Thread(target=watch, args=(server.port, t["id"], seen, stop))
                for t in tables
            ]
            threads += [
                threading.Thread(target=poll, args=(server.url, t["id"], seen, stop))
                for t in tables
            ]
            for thread in threads:
                thread.start()
            time.sleep(rng.uniform(0.3, 1.5))
            assert server.proc is not None
            os.kill(server.proc.pid, signal.SIGKILL)
            server.proc.wait(timeout=10)
            kills += 1
            stop.set()
            for thread in threads:
                thread.join(timeout=30)
            checked += check_saves(data, seen)
            killed_half_way = leftovers(data)
            server = LiveServer(data, port=server.port).start()
            # Cleaned up at start-up (new writes make new temporary files for a moment).
            assert set(killed_half_way) & set(leftovers(data)) == set()
        checked += check_saves(data, seen)
    finally:
        server.stop()
    assert kills == ROUNDS
    assert checked > ROUNDS * TABLES  # the clients did see the game move on
