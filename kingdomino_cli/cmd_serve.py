"""``kd serve``: the browser table (the ``kingdomino_web`` package, the ``web`` extra).

Imported lazily: ``kd`` works without Starlette and uvicorn, and ``kd serve`` says
how to install them when they are missing.
"""

from __future__ import annotations

import socket
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from kingdomino_core.i18n import package_translation

from .exit_codes import error_line
from .players import usage_error

_ = package_translation("kingdomino_cli")
_l = _.lazy

#: ``kd serve --allow-code FILE``: as on the command line, one plugin file allowed to run.
ServeAllowCode = Annotated[
    list[Path] | None,
    typer.Option(
        "--allow-code",
        metavar="FILE",
        help=_l(
            "Let this plugin file run: the rulesets of KD_RULESET_PATH that need it are "
            "offered, and kept tables that use it resume; repeat for several. See docs/trust.md."
        ),
    ),
]
#: ``kd serve --trust``: every ruleset of ``KD_RULESET_PATH`` may run its plugin files.
ServeTrust = Annotated[
    bool,
    typer.Option(
        "--trust",
        help=_l(
            "Offer every ruleset of KD_RULESET_PATH, whatever plugin files it runs "
            "(see docs/trust.md)."
        ),
    ),
]

INSTALL_HINT = _l("kd serve needs the web extra (Starlette and uvicorn): pip install -e '.[web]'")


def serve(
    host: Annotated[
        str,
        typer.Option(
            "--host",
            help=_l(
                "Address to listen on. 127.0.0.1 (default): this computer only; "
                "0.0.0.0: every device on your local network."
            ),
        ),
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help=_l("Port to listen on."))] = 8000,
    data: Annotated[
        Path | None,
        typer.Option(
            "--data",
            help=_l(
                "Folder where tables are kept (default: kingdomino/tables in your "
                "user data folder)."
            ),
        ),
    ] = None,
    ruleset: Annotated[
        list[Path] | None,
        typer.Option(
            "--ruleset",
            "-r",
            help=_l(
                "A ruleset file to offer in the lobby besides the shipped ones and "
                "KD_RULESET_PATH (repeatable)."
            ),
        ),
    ] = None,
    allow_host: Annotated[
        list[str] | None,
        typer.Option(
            "--allow-host",
            metavar="NAME",
            help=_l(
                "Also answer to this host name (a name your network gives this computer); "
                "repeatable. The served address and this computer's names are always allowed."
            ),
        ),
    ] = None,
    allow_code: ServeAllowCode = None,
    trust_all: ServeTrust = False,
) -> None:
    """The command; its help is the text it is registered with (translated)."""
    try:
        import uvicorn

        from kingdomino_web import default_data_dir, make_app
        from kingdomino_web.guard import HostPolicy
    except ModuleNotFoundError as exc:
        message = _("{hint} (missing: {module})").format(hint=INSTALL_HINT, module=exc.name)
        print(error_line(message), file=sys.stderr)
        raise typer.Exit(2) from None
    if not 0 < port < 65536:
        usage_error(_("--port {port}: expected 1 to 65535").format(port=port))
    for path in ruleset or []:
        if not path.is_file():
            usage_error(_("--ruleset {file}: no such file").format(file=path))
    folder = data if data is not None else default_data_dir()
    from kingdomino_core.inputs.trust import SAVED_GAME

    from .common import trust_of

    # Nobody names a ruleset of KD_RULESET_PATH by starting a server: no plugin file
    # runs unless allowed here (docs/trust.md, "kd serve").
    trust = trust_of(allow_code, trust_all, base=SAVED_GAME)
    base = base_url(host, port)

    def announce(table: Any) -> None:
        print("\n".join(seat_lines(table, base)), flush=True)

    try:
        app = make_app(
            folder,
            rulesets=list(ruleset or []),
            announce=announce,
            trust=trust,
            hosts=HostPolicy.serving(host, allow_host or ()),
        )
    except OSError as exc:
        usage_error(
            _("--data {folder}: {reason}").format(folder=folder, reason=exc.strerror or exc)
        )
    server = app.state.server
    for problem in server.resume_problems:
        print(_("kd: warning: {message}").format(message=problem), file=sys.stderr)
    for kept in server.store.kept.values():
        if not kept.finished:  # kept on disk: its links again (it opens when asked for)
            print("\n".join(link_lines(kept.id, kept.ruleset, kept.links(), kept.host, base)))
    print(
        _("kd: serving on {address}/ (tables kept in {folder}; Ctrl-C stops)").format(
            address=base, folder=folder
        ),
        flush=True,
    )
    # Messages are small JSON on a local network: compressing each costs more than it saves.
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="warning",
        ws_max_size=64 * 1024,
        ws_per_message_deflate=False,
    )


def lan_address() -> str:
    """This machine's address on the local network (its hostname if it has none)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.255.255.255", 1))  # no packet is sent: picks the LAN interface
            return str(s.getsockname()[0])
    except OSError:
        return socket.gethostname()


def base_url(host: str, port: int, lan: Callable[[], str] | None = None) -> str:
    """The address to print for ``--host``: listening on every interface (``0.0.0.0``,
    ``::``) prints this machine's LAN address (``lan()``, default ``lan_address()``),
    which other devices can open; an IPv6 address is bracketed as URLs require."""
    shown = (lan or lan_address)() if host in ("0.0.0.0", "::", "") else host
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}"


def seat_lines(table: Any, base: str) -> list[str]:
    """What ``kd serve`` prints for a table: a heading, then one link per human seat
    (its unguessable token after ``#t=``); the host's seats are marked "this device"."""
    return link_lines(table.id, table.game.engine.ruleset.name, table.links(), table.host, base)


def link_lines(
    table_id: str, ruleset: str, links: list[dict[str, Any]], host: str, base: str
) -> list[str]:
    """:func:`seat_lines` of a table known by its id, ruleset name, links and host."""
    lines = [_("kd: table {table} ({ruleset}):").format(table=table_id, ruleset=ruleset)]
    for link in links:
        who = _("host (this device)") if link["token"] == host else link["name"]
        address = f"{base}/table/{table_id}#t={link['token']}"
        seat = _("seat {n} {who}: {address}").format(n=link["seat"] + 1, who=who, address=address)
        lines.append("  " + seat)
    return lines


def register(app: typer.Typer) -> None:
    app.command(
        "serve",
        help=_l("Serve the lobby and tables in the browser; print the address (Ctrl-C stops)."),
    )(serve)
