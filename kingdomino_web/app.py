"""The web server: the lobby, the tables and the replay viewer as a Starlette app.

Pages are static files shipped in the package (``static/``); everything else is
JSON over HTTP (``/api/...``) and one WebSocket per open table page
(``/ws/tables/{id}``) that pushes every new state and takes moves. The protocol:

- client -> server: ``{"type": "hello", "token": T}`` first (T may be empty for a
  spectator); then ``{"type": "act", "action": {...}, "version": V}``,
  ``{"type": "explain", "action": {...}}``, ``{"type": "undo"}``.
- server -> client: ``{"type": "state", "view": ..., "you": [seats], "decision":
  ... | null}`` after every change; ``{"type": "refused", "reason": ...}`` for a
  move that was not played (with the engine's reason for an illegal one);
  ``{"type": "explained", "legal": bool, "reason": ...}``; ``{"type": "error"}``.

The same moves can be posted over HTTP (``POST /api/tables/{id}/act``), which is
what the API tests and simple scripts use.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from collections.abc import AsyncIterator, Callable
from functools import partial
from importlib import resources
from pathlib import Path
from typing import Any

import attrs
from anyio import CapacityLimiter, to_thread
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from kingdomino_core import Action, KingdominoError, Ruleset
from kingdomino_core.engine.agents import installed_agents
from kingdomino_core.errors import ReplayError
from kingdomino_core.inputs.limits import InputLimitError, loads_json
from kingdomino_core.inputs.trust import CodeNotAllowedError, Trust
from kingdomino_core.rulesets.files import allowed_players, load_ruleset_file
from kingdomino_core.rulesets.lookup import list_rulesets
from kingdomino_core.saves.serialize import action_from_dict
from kingdomino_play import HUMAN
from kingdomino_play.budgets import SERVER_MOVE, budget_problem, move_seconds, table_problem

from .guard import Guard, HostPolicy
from .replays import ReplayStore
from .store import MAX_OPEN, TableStore, scan
from .tables import (
    ID_RE,
    TOKEN_RE,
    SeatSpec,
    Table,
    TableError,
    check_seats,
    load_table,
    new_table,
    remove_leftovers,
)

#: Largest JSON body accepted by the API, and largest save upload.
MAX_BODY = 64 * 1024
MAX_UPLOAD = 2 * 1024 * 1024
#: Largest WebSocket message accepted.
MAX_MESSAGE = 64 * 1024
#: Bot threads: one for the bots that answer at once, one for those that think
#: (``mcts``, any installed bot whose budget is unknown): a table whose bots think
#: never makes the quick ones of another table wait.
QUICK, THINKING = "quick", "thinking"
#: How often tables not in use are looked for, to leave memory.
SWEEP_SECONDS = 30.0
#: A bot thinking at least this long a move (its budget) plays in the thinking lane.
QUICK_SECONDS = 0.1

STATIC = Path(str(resources.files("kingdomino_web") / "static"))
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; connect-src 'self' ws: wss:; "
        "object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


class Server:
    """The tables, rulesets and replays of one server process, and its live channels."""

    def __init__(
        self,
        data: Path | None,
        *,
        rulesets: list[Path] | None = None,
        announce: Callable[[Table], None] | None = None,
        trust: Trust | None = None,
        max_open: int = MAX_OPEN,
    ) -> None:
        self.data = data
        #: What the operator allowed to run (``kd serve --allow-code FILE``, ``--trust``):
        #: nothing else does, neither a ruleset of ``KD_RULESET_PATH`` nor a kept table.
        self.trust = trust if trust is not None else Trust(named_file=False)
        if data is not None:
            data.mkdir(parents=True, exist_ok=True, mode=0o700)
        self.extra_rulesets = list(rulesets or [])
        self.announce = announce
        self.store = TableStore(self._load, max_open, disk=data is not None)
        self.channels: dict[str, set[tuple[WebSocket, str]]] = {}
        self.replays = ReplayStore()
        self._rulesets: dict[str, tuple[Ruleset, dict[str, Any]]] | None = None
        self.resume_problems: list[str] = []
        self.tasks: set[asyncio.Task[None]] = set()
        #: One bot thread per lane (with the GIL, more threads would not think faster,
        #: and would starve the event loop that shows humans their moves). In the
        #: thinking lane a table plays one bot move, then waits its turn behind the
        #: other tables waiting (first come, first served): no table's bots wait more
        #: than one move of each other table's (each at most the budget per move).
        self.limiters = {QUICK: CapacityLimiter(1), THINKING: CapacityLimiter(1)}

    # -- rulesets ---------------------------------------------------------------

    def rulesets(self) -> dict[str, tuple[Ruleset, dict[str, Any]]]:
        """Rulesets the lobby offers, by key: shipped, ``KD_RULESET_PATH``, command line.

        Nobody named a ruleset of ``KD_RULESET_PATH`` by starting the server: its
        plugin files run only if the operator allowed them (``--allow-code``,
        ``--trust``); one that needs others is listed, marked, and not offered. A
        ``--ruleset FILE`` is named: its own plugin files run, as in ``kd play -r``.
        """
        if self._rulesets is None:
            found: dict[str, tuple[Ruleset, dict[str, Any]]] = {}
            listed = attrs.evolve(self.trust, named_file=False)
            named = attrs.evolve(self.trust, named_file=True)
            entries = [(e.name, e.path, e.where, listed) for e in list_rulesets()]
            entries += [(p.stem, p, "command line", named) for p in self.extra_rulesets]
            for name, path, where, trust in entries:
                key = name if name not in found else f"{name} ({path})"
                found[key] = _offer(key, name, path, where, trust)
            self._rulesets = found
        return self._rulesets

    def allowed_code(self) -> Trust:
        """The trust of a kept table: the plugin files of the rulesets offered, and the
        files the operator allowed (a table's save cannot ask for more)."""
        offered = [p for ruleset, _info in self.rulesets().values() for p in ruleset.plugin_files]
        return Trust(named_file=False, files=[*offered, *self.trust.files])

    # -- tables -----------------------------------------------------------------

    @property
    def tables(self) -> dict[str, Table]:
        """The tables in memory (the others are on disk: :class:`TableStore`)."""
        return self.store.open

    def resume(self) -> None:
        """Know every table kept in the data directory, without opening any: a table
        is opened (its game replayed) when someone asks for it (:meth:`using`).

        A kept table's plugin files run only if a ruleset this server offers names
        them, or the operator allowed them (:meth:`allowed_code`); a table needing
        others is not opened, and says why.
        """
        if self.data is None:
            return
        remove_leftovers(self.data)  # writes a crash cut short: the old files stand
        kept, closed, problems = scan(self.data, self.allowed_code())
        self.store.kept.update(kept)
        self.store.closed.update(closed)
        self.resume_problems.extend(problems)

    def _load(self, table_id: str) -> Table:
        assert self.data is not None
        return load_table(self.data, table_id, self.allowed_code())

    def table(self, table_id: str) -> Table:
        """A table in memory (``TableError`` 404 if it is not open)."""
        found = self.tables.get(table_id) if ID_RE.match(table_id) else None
        if found is None:
            raise TableError("no such table", 404)
        return found

    async def open(self, table_id: str) -> Table:
        """The table, opened if it is on disk only (``TableError``: 404, 403, 503)."""
        return await self.store.get(table_id, self._opened)

    @contextlib.asynccontextmanager
    async def using(self, table_id: str) -> AsyncIterator[Table]:
        """The table, opened if it is on disk only, kept in memory while in use."""
        table = await self.open(table_id)
        self.store.hold(table)
        try:
            yield table
        finally:
            self.store.release(table)

    def _opened(self, table: Table) -> None:
        """A table just opened from disk: its bots carry on if it is their turn."""
        if table.bots_to_move():
            self.spawn(self.bots_of(table))

    def spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)  # keep a reference until it is done
        task.add_done_callback(self.tasks.discard)

    async def bots_of(self, table: Table) -> None:
        """Play a table's bots, holding it in memory meanwhile."""
        self.store.hold(table)
        try:
            await self.play_bots(table)
        finally:
            self.store.release(table)

    def create(self, body: Any) -> Table:
        if not isinstance(body, dict):
            raise TableError("expected a JSON object")
        key = body.get("ruleset", "base")
        known = self.rulesets()
        if not isinstance(key, str) or key not in known:
            raise TableError(f"ruleset: unknown ruleset {key!r}", 404)
        ruleset, info = known[key]
        if "runs_code" in info:
            raise TableError(f"ruleset {key!r} is not offered: {info['error']}", 403)
        if "error" in info:
            raise TableError(f"ruleset {key!r} cannot be played: {info['error']}")
        seats = check_seats(body.get("seats"), info["players"])
        check_budgets(seats)
        seed = body.get("seed")
        if seed is not None and (
            not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63
        ):
            raise TableError("seed: expected an integer from 0 to 2**63-1")
        table = new_table(ruleset, seats, seed, self.data)
        if self.announce is not None:
            self.announce(table)
        return table

    # -- live channel -----------------------------------------------------------

    async def broadcast(self, table: Table) -> None:
        """Send the new state to every open page of the table."""
        channels = list(self.channels.get(table.id, ()))
        if not channels:
            return
        shared = None if table.hides else json.dumps(table.view())
        for ws, token in channels:
            decision = table.decision_for(token)
            seats = sorted(table.seats_of(token))
            # Each seat its own view when a plugin hides something (Secret).
            view = shared if shared is not None else json.dumps(table.view(token))
            text = (
                f'{{"type": "state", "view": {view}, "you": {json.dumps(seats)}, '
                f'"host": {json.dumps(bool(token) and token == table.host)}, '
                f'"decision": {json.dumps(decision)}}}'
            )
            # A page that went away is dropped by its own handler.
            with contextlib.suppress(Exception):
                await ws.send_text(text)

    async def after_move(self, table: Table) -> None:
        """Show the move (already saved: a table writes every change to disk before
        publishing it), then let the bots play and show theirs."""
        await self.broadcast(table)
        await self.play_bots(table)

    async def play_bots(self, table: Table) -> None:
        lane = lane_of(table)
        limit = 1 if lane == THINKING else None
        while table.bots_to_move():
            moved = await to_thread.run_sync(table.run_bots, limit, limiter=self.limiters[lane])
            await self.broadcast(table)
            if not moved:
                break


def lane_of(table: Table) -> str:
    """The bot lane of a table: thinking if any of its bots thinks (or may: an
    installed bot whose budget is unknown), else quick."""
    for seat in table.seats:
        if not seat.human:
            seconds = move_seconds(seat.agent)
            if seconds is None or seconds >= QUICK_SECONDS:
                return THINKING
    return QUICK


def check_budgets(seats: list[SeatSpec]) -> None:
    """Refuse bots that would think longer than this server allows (per move, and
    the table's bots together per round: kingdomino_play/budgets.py)."""
    bots = [(i, s.agent) for i, s in enumerate(seats) if not s.human]
    for i, agent in bots:
        problem = budget_problem(agent, SERVER_MOVE)
        if problem is not None:
            raise TableError(f"seats[{i}].agent: {problem}")
    problem = table_problem([agent for _i, agent in bots])
    if problem is not None:
        raise TableError(f"seats: {problem}")


def _offer(
    key: str, name: str, path: Path, where: str, trust: Trust
) -> tuple[Ruleset, dict[str, Any]]:
    """One lobby entry: the ruleset and what the lobby shows of it (``error``: why it
    cannot be played; ``runs_code``: the plugin files it would run, not allowed)."""
    try:
        ruleset = load_ruleset_file(path, trust=trust)
        counts = allowed_players(ruleset)
    except CodeNotAllowedError as exc:
        files = [str(p) for p, _why in exc.files]
        flags = " ".join(f"--allow-code {p}" for p in files)
        return (
            Ruleset(name=name, plugins=()),
            {
                "key": key,
                "where": where,
                "runs_code": files,
                "error": f"not checked (runs code: {', '.join(files)}); to offer it, "
                f"start kd serve with {flags} (or --trust); see docs/trust.md",
            },
        )
    except KingdominoError as exc:
        return Ruleset(name=name, plugins=()), {"key": key, "where": where, "error": str(exc)}
    info = {
        "key": key,
        "name": ruleset.name,
        "where": where,
        "description": ruleset.description,
        "players": list(counts),
        "default_players": ruleset.default_players or counts[-1],
        "plugins": list(ruleset.plugins),
    }
    return ruleset, info


def _too_soon(what: str, table: Table) -> str:
    """Why the save or replay of a game in progress is refused: it holds every move,
    so what the rules hide from the seats too (even the host's own seat)."""
    if table.hides:
        return f"this game hides things from its players: the {what} is available once it is over"
    return f"the {what} is available once the game is over"


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status, headers=SECURITY_HEADERS)


def _ok(data: Any, status: int = 200) -> JSONResponse:
    return JSONResponse(data, status_code=status, headers=SECURITY_HEADERS)


async def read_body(request: Request, limit: int) -> bytes:
    """The request body, refused (413) beyond ``limit`` bytes, declared or not."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > limit):
        raise TableError(f"request too large (at most {limit} bytes)", 413)
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise TableError(f"request too large (at most {limit} bytes)", 413)
        chunks.append(chunk)
    return b"".join(chunks)


async def read_json(request: Request, limit: int = MAX_BODY) -> Any:
    body = await read_body(request, limit)
    try:
        text = body.decode("utf-8") if body else "{}"
    except UnicodeDecodeError:
        raise TableError("expected a JSON body (UTF-8 text)") from None
    return parse_json(text)


def parse_json(text: str) -> Any:
    """A request's or message's JSON, within the input limits (nesting, digits);
    ``TableError`` (400) says what is wrong. (Strings are checked where they are
    used: a seat name, say, must be printable text.)"""
    try:
        return loads_json(text)
    except InputLimitError as exc:
        raise TableError(f"expected a JSON body: {exc}") from None
    except ValueError:  # json.JSONDecodeError
        raise TableError("expected a JSON body") from None


def _token(request: Request) -> str:
    return token_of(request.headers.get("x-kd-token", ""))


def token_of(value: Any) -> str:
    """A seat token as sent, or "" (a spectator) if it cannot be one of ours."""
    return value if isinstance(value, str) and TOKEN_RE.match(value) else ""


def parse_action(table: Table, data: Any) -> Action:
    try:
        return action_from_dict(data, table.game.engine.registry)
    except ReplayError as exc:
        raise TableError(f"not a move: {exc}", 422) from None


def create_app(server: Server, hosts: HostPolicy | None = None) -> Starlette:
    """The Starlette application serving ``server``'s tables, answering only to the
    names of ``hosts`` (default: this computer's loopback names) and only to its own
    pages for anything that changes a table (:mod:`kingdomino_web.guard`)."""

    def page(name: str) -> Callable[[Request], Any]:
        async def handler(request: Request) -> Response:
            return FileResponse(STATIC / name, headers=SECURITY_HEADERS)

        return handler

    async def rulesets(request: Request) -> Response:
        return _ok([info for _r, info in server.rulesets().values()])

    async def agents_route(request: Request) -> Response:
        registry = installed_agents()
        return _ok([{"name": n, "help": registry.help(n)} for n in registry.names() if n != HUMAN])

    async def create(request: Request) -> Response:
        body = await read_json(request)
        server.store.make_room(strict=True)
        table = await to_thread.run_sync(server.create, body)
        server.store.add(table)
        await server.bots_of(table)  # up to the first human decision
        return _ok(
            {
                "id": table.id,
                "host": table.host,
                "links": table.links(),
                "url": f"/table/{table.id}",
            },
            201,
        )

    async def state(request: Request) -> Response:
        async with server.using(request.path_params["id"]) as table:
            return _ok(table.state_for(_token(request)))

    async def act(request: Request) -> Response:
        async with server.using(request.path_params["id"]) as table:
            body = await read_json(request)
            if not isinstance(body, dict):
                raise TableError("expected a JSON object")
            action = parse_action(table, body.get("action"))
            version = body.get("version")
            if version is not None and (not isinstance(version, int) or isinstance(version, bool)):
                raise TableError("version: expected an integer")
            await to_thread.run_sync(table.act, _token(request), action, version)
            await server.after_move(table)
            return _ok(table.state_for(_token(request)))

    async def explain(request: Request) -> Response:
        async with server.using(request.path_params["id"]) as table:
            body = await read_json(request)
            if not isinstance(body, dict):
                raise TableError("expected a JSON object")
            action = parse_action(table, body.get("action"))
            reason = await to_thread.run_sync(table.explain, action)
            return _ok({"legal": reason is None, "reason": reason})

    async def undo(request: Request) -> Response:
        async with server.using(request.path_params["id"]) as table:
            await to_thread.run_sync(table.undo, _token(request))
            await server.after_move(table)
            return _ok(table.state_for(_token(request)))

    async def links(request: Request) -> Response:
        async with server.using(request.path_params["id"]) as table:
            if not secrets.compare_digest(_token(request), table.host):
                raise TableError("only the table's host sees its links", 403)
            return _ok({"links": table.links()})

    async def download(request: Request) -> Response:
        async with server.using(request.path_params["id"]) as table:
            host = secrets.compare_digest(_token(request), table.host)
            if not table.game.is_terminal() and (not host or table.hides):
                raise TableError(_too_soon("save", table), 403)
            return Response(
                table.save_text(),
                media_type="application/json",
                headers={
                    **SECURITY_HEADERS,
                    "Content-Disposition": f'attachment; filename="kd-{table.id}.json"',
                },
            )

    async def table_replay(request: Request) -> Response:
        async with server.using(request.path_params["id"]) as table:
            host = secrets.compare_digest(_token(request), table.host)
            if not table.game.is_terminal() and (not host or table.hides):
                raise TableError(_too_soon("replay", table), 403)
            replay_id = server.replays.add_saved(
                table.saved(), f"table {table.id}", table.game.engine
            )
            return _ok(server.replays.info(replay_id), 201)

    async def upload(request: Request) -> Response:
        body = await read_body(request, MAX_UPLOAD)
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError:
            raise TableError("a save is UTF-8 JSON text") from None
        replay_id = await to_thread.run_sync(server.replays.add_text, text)
        return _ok(server.replays.info(replay_id), 201)

    async def replay_move(request: Request) -> Response:
        replay_id = request.path_params["id"]
        try:
            move = int(request.query_params.get("move", "0"))
        except ValueError:
            raise TableError("move: expected a whole number") from None
        data = await to_thread.run_sync(server.replays.view, replay_id, move)
        return _ok(data)

    async def channel(ws: WebSocket) -> None:
        table_id = ws.path_params["id"]  # another site's page was refused (guard.py)
        try:
            table = await server.open(table_id)
        except TableError as exc:
            await ws.close(code=4000 + exc.status)  # 4404: no such table, 4403, 4503
            return
        server.store.hold(table)  # in memory while its page is open
        try:
            await live(ws, table)
        finally:
            server.store.release(table)

    async def live(ws: WebSocket, table: Table) -> None:
        await ws.accept()
        token = ""
        registered = False
        try:
            try:
                hello = parse_json(await _receive(ws))
            except TableError:
                hello = None
            if not isinstance(hello, dict) or hello.get("type") != "hello":
                await ws.close(code=4400)
                return
            token = token_of(hello.get("token"))
            server.channels.setdefault(table.id, set()).add((ws, token))
            registered = True
            await ws.send_text(json.dumps(table.state_for(token)))
            while True:
                text = await _receive(ws)
                await _message(server, table, ws, token, text)
        except (WebSocketDisconnect, _TooLarge):
            pass
        finally:
            if registered:
                server.channels.get(table.id, set()).discard((ws, token))

    async def on_table_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, TableError)
        return _error(str(exc), exc.status)

    routes = [
        Route("/", page("lobby.html")),
        Route("/table/{id}", page("table.html")),
        Route("/replay", page("replay.html")),
        Route("/api/rulesets", rulesets),
        Route("/api/agents", agents_route),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/tables/{id}", state),
        Route("/api/tables/{id}/act", act, methods=["POST"]),
        Route("/api/tables/{id}/explain", explain, methods=["POST"]),
        Route("/api/tables/{id}/undo", undo, methods=["POST"]),
        Route("/api/tables/{id}/links", links),
        Route("/api/tables/{id}/save", download),
        Route("/api/tables/{id}/replay", table_replay, methods=["POST"]),
        Route("/api/replays", upload, methods=["POST"]),
        Route("/api/replays/{id}", replay_move),
        WebSocketRoute("/ws/tables/{id}", channel),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]

    async def sweep() -> None:
        """Let the tables nobody used for a while leave memory (store.py)."""
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            server.store.sweep()

    from contextlib import asynccontextmanager

    @asynccontextmanager
    async def lifespan(app: Starlette):  # type: ignore[no-untyped-def]
        for table in list(server.tables.values()):  # tables given before start
            if table.bots_to_move():
                server.spawn(server.bots_of(table))
        sweeper = asyncio.get_running_loop().create_task(sweep())
        try:
            yield
        finally:
            sweeper.cancel()

    return Starlette(
        routes=routes,
        middleware=[Middleware(Guard, policy=hosts or HostPolicy(), headers=SECURITY_HEADERS)],
        exception_handlers={TableError: on_table_error},
        lifespan=lifespan,
    )


class _TooLarge(Exception):
    """The channel was closed for a message it does not take (too big, not text)."""


async def _receive(ws: WebSocket) -> str:
    """The next text message; a binary one closes the channel (1003), as does one
    over :data:`MAX_MESSAGE` (1009)."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is None:
        await ws.close(code=1003)  # the protocol is JSON text
        raise _TooLarge()
    if len(text) > MAX_MESSAGE:
        await ws.close(code=1009)
        raise _TooLarge()
    return str(text)


async def _message(server: Server, table: Table, ws: WebSocket, token: str, text: str) -> None:
    """One message from a table page."""
    try:
        msg = parse_json(text)
    except TableError as exc:
        await ws.send_text(json.dumps({"type": "error", "reason": f"not JSON: {exc}"}))
        return
    if not isinstance(msg, dict):
        await ws.send_text(json.dumps({"type": "error", "reason": "expected an object"}))
        return
    kind = msg.get("type")
    try:
        if kind == "act":
            action = parse_action(table, msg.get("action"))
            version = msg.get("version")
            if version is not None and (not isinstance(version, int) or isinstance(version, bool)):
                raise TableError("version: expected an integer")
            await to_thread.run_sync(partial(table.act, token, action, version))
            await server.after_move(table)
        elif kind == "explain":
            action = parse_action(table, msg.get("action"))
            reason = await to_thread.run_sync(table.explain, action)
            await ws.send_text(
                json.dumps({"type": "explained", "legal": reason is None, "reason": reason})
            )
        elif kind == "undo":
            await to_thread.run_sync(table.undo, token)
            await server.after_move(table)
        else:
            await ws.send_text(json.dumps({"type": "error", "reason": f"unknown type {kind!r}"}))
    except TableError as exc:
        await ws.send_text(
            json.dumps({"type": "refused", "reason": str(exc), "status": exc.status})
        )
