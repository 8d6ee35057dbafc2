"""Requests and replies of the JSON API: bodies read within limits, JSON within the
input limits, seat tokens, actions, and the replies with the pages' security headers.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse

from kingdomino_core import Action
from kingdomino_core.errors import ReplayError
from kingdomino_core.inputs.limits import InputLimitError, loads_json
from kingdomino_core.saves.serialize import action_from_dict

from .seats import TOKEN_RE, TableError, _l
from .tables import Table

#: Largest JSON body accepted by the API, and largest save upload.
MAX_BODY = 64 * 1024
MAX_UPLOAD = 2 * 1024 * 1024
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; connect-src 'self' ws: wss:; "
        "object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def error(message: str, status: int = 400) -> JSONResponse:
    """A refusal as the API gives it: ``{"error": message}`` with its status."""
    return JSONResponse({"error": message}, status_code=status, headers=SECURITY_HEADERS)


def ok(data: Any, status: int = 200) -> JSONResponse:
    """An answer of the API: ``data`` as JSON, with the security headers."""
    return JSONResponse(data, status_code=status, headers=SECURITY_HEADERS)


async def read_body(request: Request, limit: int) -> bytes:
    """The request body, refused (413) beyond ``limit`` bytes, declared or not."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > limit):
        raise TableError(_l("request too large (at most {n} bytes)").format(n=limit), 413)
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise TableError(_l("request too large (at most {n} bytes)").format(n=limit), 413)
        chunks.append(chunk)
    return b"".join(chunks)


async def read_json(request: Request, limit: int = MAX_BODY) -> Any:
    body = await read_body(request, limit)
    try:
        text = body.decode("utf-8") if body else "{}"
    except UnicodeDecodeError:
        raise TableError(_l("expected a JSON body (UTF-8 text)")) from None
    return parse_json(text)


def parse_json(text: str) -> Any:
    """A request's or message's JSON, within the input limits (nesting, digits);
    ``TableError`` (400) says what is wrong. (Strings are checked where they are
    used: a seat name, say, must be printable text.)"""
    try:
        return loads_json(text)
    except InputLimitError as exc:
        raise TableError(_l("expected a JSON body: {problem}").format(problem=exc)) from None
    except ValueError:  # json.JSONDecodeError
        raise TableError(_l("expected a JSON body")) from None


def request_token(request: Request) -> str:
    """The seat token a request carries (``X-KD-Token``), or "" (a spectator)."""
    return token_of(request.headers.get("x-kd-token", ""))


def token_of(value: Any) -> str:
    """A seat token as sent, or "" (a spectator) if it cannot be one of ours."""
    return value if isinstance(value, str) and TOKEN_RE.match(value) else ""


def parse_action(table: Table, data: Any) -> Action:
    """An action as saves write it, for ``table``'s game (``TableError`` 422 if not)."""
    try:
        return action_from_dict(data, table.game.engine.registry)
    except ReplayError as exc:
        raise TableError(_l("not a move: {problem}").format(problem=exc), 422) from None
