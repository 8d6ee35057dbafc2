"""The web server's routes: the lobby, the tables and the replay viewer as a Starlette app.

Pages are static files shipped in the package (``static/``); everything else is
JSON over HTTP (``/api/...``, read and answered by ``replies.py``) and one WebSocket
per open table page (``/ws/tables/{id}``, ``live.py``) that pushes every new state
and takes moves. The tables, rulesets and bots are the :class:`Server`'s
(``server.py``).

The same moves can be posted over HTTP (``POST /api/tables/{id}/act``), which is
what the API tests and simple scripts use.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any

from anyio import to_thread
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

from kingdomino_core import i18n
from kingdomino_core.engine.agents import installed_agents
from kingdomino_play import HUMAN

from . import live
from .guard import Guard, HostPolicy
from .languages import COOKIE, SCOPE_KEY, LanguageChoice, page_words
from .replies import (
    MAX_UPLOAD,
    SECURITY_HEADERS,
    error,
    ok,
    parse_action,
    read_body,
    read_json,
    request_token,
)
from .seats import TableError, _, _l
from .server import Server
from .tables import Table

__all__ = ["Server", "create_app"]

#: How often tables not in use are looked for, to leave memory.
SWEEP_SECONDS = 30.0

STATIC = Path(str(resources.files("kingdomino_web") / "static"))


def too_soon(what: str, table: Table) -> str:
    """Why the save or replay of a game in progress is refused: it holds every move,
    so what the rules hide from the seats too (even the host's own seat)."""
    if what == "save":
        if table.hides:
            return _l(
                "this game hides things from its players: the save is available once it is over"
            )
        return _l("the save is available once the game is over")
    if table.hides:
        return _l(
            "this game hides things from its players: the replay is available once it is over"
        )
    return _l("the replay is available once the game is over")


def http_words(status: int, detail: str) -> str:
    """An HTTP error of a route or a file that does not exist, as a person reads it."""
    if status == 404:
        return _("no such page: check the address (the lobby is at /)")
    if status == 405:
        return _("this address does not take that kind of request")
    return detail


def create_app(server: Server, hosts: HostPolicy | None = None) -> Starlette:
    """The Starlette application serving ``server``'s tables, answering only to the
    names of ``hosts`` (default: this computer's loopback names) and only to its own
    pages for anything that changes a table (:mod:`kingdomino_web.guard`)."""

    def page(name: str) -> Callable[[Request], Any]:
        async def handler(request: Request) -> Response:
            response = FileResponse(STATIC / name, headers=SECURITY_HEADERS)
            if "lang" in request.query_params:  # ?lang= is kept, as the selector's choice
                tag = i18n.public_tag(request.scope.get(SCOPE_KEY, i18n.SOURCE_LANGUAGE))
                response.set_cookie(COOKIE, tag, max_age=31536000, samesite="strict")
            return response

        return handler

    async def words(request: Request) -> Response:
        return ok(page_words(request.scope.get(SCOPE_KEY, i18n.SOURCE_LANGUAGE)))

    async def words_script(request: Request) -> Response:
        # the pages' words as a script the page loads before its own (no inline script)
        found = page_words(request.scope.get(SCOPE_KEY, i18n.SOURCE_LANGUAGE))
        body = "window.KD_WORDS = " + json.dumps(found, ensure_ascii=False) + ";\n"
        headers = {
            **SECURITY_HEADERS,
            "Cache-Control": "no-store",
            "Vary": "Cookie, Accept-Language",
        }
        return Response(body, media_type="text/javascript", headers=headers)

    async def rulesets(request: Request) -> Response:
        # the words of each entry (an error, a description) in the request's language
        return ok(i18n.shown_json([info for _r, info in server.rulesets().values()]))

    async def agents_route(request: Request) -> Response:
        registry = installed_agents()
        found = [{"name": n, "help": registry.help(n)} for n in registry.names() if n != HUMAN]
        return ok(i18n.shown_json(found))

    async def create(request: Request) -> Response:
        body = await read_json(request)
        server.store.make_room(strict=True)
        table = await to_thread.run_sync(server.create, body)
        server.store.add(table)
        await server.bots_of(table)  # up to the first human decision
        return ok(
            {
                "id": table.id,
                "host": table.host,
                "links": table.links(),
                "url": f"/table/{table.id}",
            },
            201,
        )

    async def state_of(table: Table, request: Request) -> Response:
        """The table as the request's token sees it, in the request's language."""
        await to_thread.run_sync(table.speak, i18n.current_language())
        return ok(table.state_for(request_token(request)))

    async def state(request: Request) -> Response:
        async with server.using(request.path_params["id"]) as table:
            return await state_of(table, request)

    async def act(request: Request) -> Response:
        async with server.using(request.path_params["id"]) as table:
            body = await read_json(request)
            if not isinstance(body, dict):
                raise TableError(_l("expected a JSON object"))
            action = parse_action(table, body.get("action"))
            version = body.get("version")
            if version is not None and (not isinstance(version, int) or isinstance(version, bool)):
                raise TableError(_l("version: expected an integer"))
            await to_thread.run_sync(table.act, request_token(request), action, version)
            await server.after_move(table)
            return await state_of(table, request)

    async def explain(request: Request) -> Response:
        async with server.using(request.path_params["id"]) as table:
            body = await read_json(request)
            if not isinstance(body, dict):
                raise TableError(_l("expected a JSON object"))
            action = parse_action(table, body.get("action"))
            reason = await to_thread.run_sync(table.explain, action)
            return ok({"legal": reason is None, "reason": reason})

    async def undo(request: Request) -> Response:
        async with server.using(request.path_params["id"]) as table:
            await to_thread.run_sync(table.undo, request_token(request))
            await server.after_move(table)
            return await state_of(table, request)

    async def links(request: Request) -> Response:
        async with server.using(request.path_params["id"]) as table:
            if not secrets.compare_digest(request_token(request), table.host):
                raise TableError(_l("only the table's host sees its links"), 403)
            return ok({"links": table.links()})

    async def download(request: Request) -> Response:
        async with server.using(request.path_params["id"]) as table:
            host = secrets.compare_digest(request_token(request), table.host)
            if not table.game.is_terminal() and (not host or table.hides):
                raise TableError(too_soon("save", table), 403)
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
            host = secrets.compare_digest(request_token(request), table.host)
            if not table.game.is_terminal() and (not host or table.hides):
                raise TableError(too_soon("replay", table), 403)
            replay_id = server.replays.add_saved(
                table.saved(), f"table {table.id}", table.game.engine
            )
            return ok(server.replays.info(replay_id), 201)

    async def upload(request: Request) -> Response:
        body = await read_body(request, MAX_UPLOAD)
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError:
            raise TableError(_l("a save is UTF-8 JSON text")) from None
        replay_id = await to_thread.run_sync(server.replays.add_text, text)
        return ok(server.replays.info(replay_id), 201)

    async def replay_move(request: Request) -> Response:
        replay_id = request.path_params["id"]
        try:
            move = int(request.query_params.get("move", "0"))
        except ValueError:
            raise TableError(_l("move: expected a whole number")) from None
        data = await to_thread.run_sync(server.replays.view, replay_id, move)
        return ok(data)

    async def channel(ws: WebSocket) -> None:
        await live.channel(server, ws)

    async def on_table_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, TableError)
        return error(str(exc), exc.status)  # in the request's language

    async def on_http_error(request: Request, exc: Exception) -> Response:
        """No such page or method, in the reader's words (JSON for the API)."""
        assert isinstance(exc, HTTPException)
        message = http_words(exc.status_code, str(exc.detail))
        if request.url.path.startswith("/api/"):
            return error(message, exc.status_code)
        return PlainTextResponse(message, exc.status_code, headers=SECURITY_HEADERS)

    routes = [
        Route("/", page("lobby.html")),
        Route("/table/{id}", page("table.html")),
        Route("/replay", page("replay.html")),
        Route("/api/rulesets", rulesets),
        Route("/api/words", words),
        Route("/words.js", words_script),
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

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
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
        middleware=[
            Middleware(Guard, policy=hosts or HostPolicy(), headers=SECURITY_HEADERS),
            Middleware(LanguageChoice),
        ],
        exception_handlers={TableError: on_table_error, HTTPException: on_http_error},
        lifespan=lifespan,
    )
