"""Who may talk to the server: the Host allow-list and the same-site rules.

Two attacks from an ordinary web page the player happens to open, while ``kd serve``
runs on their computer or network (docs/serve.md, "Cross-site and host safety"):

- **cross-site requests**: a page of another site posts to ``http://127.0.0.1:8000``
  (a form, or ``fetch`` with ``text/plain``, which needs no permission). Refused: a
  request that changes anything (any method but GET, HEAD, OPTIONS) must come from
  the server's own pages (``Sec-Fetch-Site`` is ``same-origin`` or ``none`` when the
  browser sends it; ``Origin``, when sent, is this server) and carry its body as
  ``application/json``, which no other site can send without the server's leave (a
  CORS preflight this server never grants). The live channel's ``Origin`` is checked
  the same way. Scripts, which send neither header, are not affected.
- **DNS rebinding**: a name of the attacker's made to point at the player's own
  address, so that the browser treats the server as that site. Refused by the
  ``Host`` allow-list: the server answers only to the names it is served under
  (:class:`HostPolicy`), on every request and WebSocket.

Refusals are 400 (unknown host), 403 (another site), 415 (not JSON) with a short
reason, and WebSocket close code 4403, before any route runs.
"""

from __future__ import annotations

import ipaddress
import json
import socket
from collections.abc import Iterable

from attrs import field, frozen
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

from kingdomino_core import i18n

from .languages import language_of

_ = i18n.get_translation("kingdomino_web")
_l = _.lazy

#: Names of this computer seen from itself.
LOOPBACK = ("127.0.0.1", "localhost", "::1")
#: Methods that change nothing: not checked for their origin.
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
#: ``Sec-Fetch-Site`` values of a request the server's own pages (or the user) made.
SAME_SITE = frozenset({"same-origin", "none"})
#: WebSocket close code of a refused handshake.
WS_FORBIDDEN = 4403


def _names(value: Iterable[str]) -> frozenset[str]:
    return frozenset(n for n in (normal_host(v) for v in value) if n)


def normal_host(name: str) -> str:
    """A host name as compared: lower case, no brackets, no final dot."""
    name = name.strip().lower()
    if name.startswith("[") and name.endswith("]"):
        name = name[1:-1]
    return name.rstrip(".")


def split_host(header: str) -> str | None:
    """The host name of a ``Host`` header (its port dropped); None if malformed."""
    header = header.strip()
    if not header or any(c.isspace() or c in "/\\@?#" for c in header):
        return None
    if header.startswith("["):
        end = header.find("]")
        if end < 0:
            return None
        rest = header[end + 1 :]
        if rest and not (rest.startswith(":") and rest[1:].isdigit()):
            return None
        return normal_host(header[: end + 1])
    name, colon, port = header.rpartition(":")
    if not colon:
        return normal_host(header)
    if not port.isdigit() or ":" in name:
        return None
    return normal_host(name)


def is_address(name: str) -> bool:
    """True for an IP address literal (no DNS name: nothing to rebind)."""
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


@frozen(kw_only=True)
class HostPolicy:
    """The names the server answers to (``Host``), compared after :func:`normal_host`."""

    names: frozenset[str] = field(default=frozenset(LOOPBACK), converter=_names)
    #: Every IP address literal too (a server listening on every interface): an
    #: address is not a name an attacker's DNS could point elsewhere.
    any_address: bool = False

    def allows(self, host: str) -> bool:
        return host in self.names or (self.any_address and is_address(host))

    @classmethod
    def serving(cls, host: str, extra: Iterable[str] = ()) -> HostPolicy:
        """The policy of ``kd serve --host host``: that address and the loopback names;
        listening on every interface (``0.0.0.0``, ``::``), any address of this
        computer's and its host names (``name``, ``name.local``, the full name);
        plus the ``extra`` names (``--allow-host``)."""
        names = {host, *LOOPBACK, *extra}
        every = host in ("0.0.0.0", "::", "")
        if every:
            names |= machine_names()
        return cls(names=names, any_address=every)


def machine_names() -> set[str]:
    """This computer's host names, as other devices of the network may know it."""
    found: set[str] = set()
    try:
        name = socket.gethostname()
    except OSError:
        return found
    if name:
        short = name.split(".")[0]
        found |= {name, short, f"{short}.local"}
    try:
        fqdn = socket.getfqdn()
    except OSError:
        fqdn = ""
    if fqdn and "." in fqdn:
        found.add(fqdn)
    return found


def json_type(content_type: str) -> bool:
    """True for ``application/json`` (any parameters, any case)."""
    return content_type.split(";", 1)[0].strip().lower() == "application/json"


def same_origin(origin: str, host: str) -> bool:
    """True if ``origin`` (an ``Origin`` header) is this server's, as the browser
    reached it under ``host`` (the ``Host`` header)."""
    scheme, sep, rest = origin.strip().partition("://")
    return bool(sep) and scheme.lower() in ("http", "https") and rest.lower() == host.lower()


def refusal(scope: Scope, policy: HostPolicy) -> tuple[int, str] | None:
    """Why this request or WebSocket is refused (status, reason), None if it is not
    (the reason as lazy text: shown in the requester's language)."""
    headers = Headers(scope=scope)
    raw_host = headers.get("host", "")
    host = split_host(raw_host)
    if host is None or not policy.allows(host):
        return 400, _l(
            "unknown host: this server answers only to the addresses it serves "
            "(see kd serve --allow-host in docs/serve.md)"
        )
    origin = headers.get("origin")
    site = headers.get("sec-fetch-site")
    changes = scope["type"] == "websocket" or scope.get("method", "GET") not in SAFE_METHODS
    if not changes:
        return None
    if site is not None and site.strip().lower() not in SAME_SITE:
        return 403, _l("refused: this request comes from another site's page")
    if origin is not None and not same_origin(origin, raw_host):
        return 403, _l("refused: this request comes from another site's page")
    if (
        scope["type"] == "http"
        and _has_body(headers)
        and not json_type(headers.get("content-type", ""))
    ):
        return 415, _l("expected a JSON body (Content-Type: application/json)")
    return None


def _has_body(headers: Headers) -> bool:
    length = headers.get("content-length")
    return (length is not None and length.strip() not in ("", "0")) or (
        "transfer-encoding" in headers or "content-type" in headers
    )


class Guard:
    """ASGI middleware: applies :func:`refusal` before the application sees anything."""

    def __init__(self, app: ASGIApp, policy: HostPolicy, headers: dict[str, str]) -> None:
        self.app = app
        self.policy = policy
        self.headers = [(k.lower().encode(), v.encode()) for k, v in headers.items()]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        refused = refusal(scope, self.policy)
        if refused is None:
            await self.app(scope, receive, send)
        elif scope["type"] == "websocket":
            await receive()  # websocket.connect
            # A close reason holds 123 bytes at most: the English one (the code is 4403).
            reason = i18n.source_text(refused[1])
            await send({"type": "websocket.close", "code": WS_FORBIDDEN, "reason": reason})
        else:
            status, reason = refused
            with i18n.use_language(language_of(scope)):  # the requester's language
                body = json.dumps({"error": str(reason)}, ensure_ascii=False).encode()
            await send(
                {
                    "type": "http.response.start",
                    "status": status,
                    "headers": [
                        (b"content-type", b"application/json"),
                        (b"content-length", str(len(body)).encode()),
                        *self.headers,
                    ],
                }
            )
            await send({"type": "http.response.body", "body": body})
