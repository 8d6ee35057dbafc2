"""kingdomino_web: ``kd serve``, a table in the browser for humans and bots.

Install with the ``web`` extra (``pip install -e '.[web]'``): Starlette for the
routes and uvicorn for the server. Every page, script and style ships in this
package (``static/``); nothing is fetched from the network.

Embedding::

    from kingdomino_web import make_app
    app = make_app(data=Path("tables"))   # any ASGI server can run it
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kingdomino_core.i18n import package_translation

package_translation("kingdomino_web")  # its catalogs: kingdomino_web/locales

__all__ = ["default_data_dir", "make_app"]


def default_data_dir() -> Path:
    """Where ``kd serve`` keeps its tables unless ``--data`` says otherwise: the
    user's data folder (``$XDG_DATA_HOME`` or ``~/.local/share`` on Linux,
    ``~/Library/Application Support`` on macOS, ``%LOCALAPPDATA%`` on Windows)."""
    import os
    import sys

    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "kingdomino" / "tables"


def make_app(
    data: Path | None = None,
    *,
    rulesets: list[Path] | None = None,
    hosts: Any = None,
    **kw: Any,
) -> Any:
    """A Starlette app serving the lobby and tables, resuming the tables kept in
    ``data`` (None: keep nothing on disk).

    ``hosts``: the :class:`kingdomino_web.guard.HostPolicy` of the names the app
    answers to (default: ``127.0.0.1``, ``localhost`` and ``::1`` only; ``kd serve``
    passes the addresses it serves). ``trust``: the
    :class:`~kingdomino_core.inputs.trust.Trust` of the plugin files that may run
    (default: none but those of the ``rulesets`` files given).
    """
    from .app import Server, create_app

    server = Server(data, rulesets=rulesets, **kw)
    server.resume()
    app = create_app(server, hosts)
    app.state.server = server
    return app
