"""The live channel of a table page: one WebSocket per open page.

The protocol:

- client -> server: ``{"type": "hello", "token": T}`` first (T may be empty for a
  spectator); then ``{"type": "act", "action": {...}, "version": V}``,
  ``{"type": "explain", "action": {...}}``, ``{"type": "undo"}``.
- server -> client: ``{"type": "state", "view": ..., "you": [seats], "host": bool,
  "decision": ... | null, "undo": bool}`` after every change (``undo``: whether this
  page's holder may take back their last decision now); ``{"type": "refused", "reason": ...}`` for a
  move that was not played (with the engine's reason for an illegal one);
  ``{"type": "explained", "legal": bool, "reason": ...}``; ``{"type": "error"}``.
"""

from __future__ import annotations

import json
from functools import partial

from anyio import to_thread
from starlette.websockets import WebSocket, WebSocketDisconnect

from kingdomino_core import i18n

from .replies import parse_action, parse_json, token_of
from .seats import TableError, _, _l
from .server import Server
from .tables import Table

#: Largest WebSocket message accepted.
MAX_MESSAGE = 64 * 1024


async def channel(server: Server, ws: WebSocket) -> None:
    """A page's channel to its table (another site's page was refused: guard.py)."""
    table_id = ws.path_params["id"]
    try:
        table = await server.open(table_id)
    except TableError as exc:
        await ws.close(code=4000 + exc.status)  # 4404: no such table, 4403, 4503
        return
    server.store.hold(table)  # in memory while its page is open
    try:
        await live(server, ws, table)
    finally:
        server.store.release(table)


async def live(server: Server, ws: WebSocket, table: Table) -> None:
    """Greet the page, send it the state, then answer its messages until it goes."""
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
        # the table's state made in this page's language too, from now on
        await to_thread.run_sync(table.speak, i18n.current_language())
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
        bad = _("not JSON: {problem}").format(problem=exc)
        await ws.send_text(json.dumps({"type": "error", "reason": bad}))
        return
    if not isinstance(msg, dict):
        await ws.send_text(json.dumps({"type": "error", "reason": _("expected an object")}))
        return
    kind = msg.get("type")
    try:
        if kind == "act":
            action = parse_action(table, msg.get("action"))
            version = msg.get("version")
            if version is not None and (not isinstance(version, int) or isinstance(version, bool)):
                raise TableError(_l("version: expected an integer"))
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
            unknown = _("unknown type {kind!r}").format(kind=kind)
            await ws.send_text(json.dumps({"type": "error", "reason": unknown}))
    except TableError as exc:
        await ws.send_text(
            json.dumps({"type": "refused", "reason": str(exc), "status": exc.status})
        )
