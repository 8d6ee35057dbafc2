"""``kd plugins list``: the installed plugins, where each comes from, and its hooks.

Installed is not active: a plugin only takes part in a game when the ruleset names
it. With ``--ruleset`` the list also shows the ruleset's local plugin files and
marks which plugins that ruleset activates.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from kingdomino_core import PluginError
from kingdomino_core.hooks.plugins import default_catalogue
from kingdomino_core.i18n import package_translation
from kingdomino_core.inputs.trust import DEFAULT, Trust

from .common import AllowCode, TrustAll, emit_json, resolve_ruleset, trust_of

_ = package_translation("kingdomino_cli")
_l = _.lazy

plugins_app = typer.Typer(
    name="plugins",
    help=_l("The installed plugins (built in, entry points, local files)."),
    no_args_is_help=True,
)


def plugin_rows(ruleset_arg: str | None = None, trust: Trust = DEFAULT) -> list[dict[str, Any]]:
    """One row per plugin: name, source, origin, version, hooks, options, active.

    A plugin that fails to load gets a row with its ``error`` instead of crashing
    the list: a broken third-party package must not hide the others.
    """
    catalogue = default_catalogue().copy()
    active: tuple[str, ...] = ()
    if ruleset_arg is not None:
        ruleset = resolve_ruleset(ruleset_arg, trust)
        active = ruleset.plugins
        for path in ruleset.plugin_files:
            catalogue.add_file(path)
    rows: list[dict[str, Any]] = []
    for name in catalogue.names():
        row: dict[str, Any] = {"name": name}
        try:
            info = catalogue.get(name)
        except PluginError as exc:
            row.update(source="unknown", origin="", version="", hooks=[], error=str(exc))
        else:
            row.update(
                source=info.source,
                origin=info.origin,
                version=info.version,
                hooks=info.hooks(),
                options=info.options_class is not None,
                requires=list(info.requires),
            )
        if ruleset_arg is not None:
            row["active"] = name in active
        rows.append(row)
    return rows


@plugins_app.command(
    "list",
    help=_l("Each installed plugin: its source, version and the hooks it implements."),
)
def list_command(
    ruleset: Annotated[
        str | None,
        typer.Option(
            "--ruleset",
            "-r",
            help=_l("Also list this ruleset's local plugin files and mark the active plugins."),
        ),
    ] = None,
    json_output: Annotated[bool, typer.Option("--json", help=_l("Print one JSON object."))] = False,
    allow_code: AllowCode = None,
    trust_all: TrustAll = False,
) -> None:
    """The command; its help is the text it is registered with (translated)."""
    rows = plugin_rows(ruleset, trust_of(allow_code, trust_all))
    if json_output:
        emit_json({"plugins": rows})
        return
    for row in rows:
        mark = ""
        if "active" in row:
            mark = "  " + (_("[active]") if row["active"] else _("[inactive]"))
        version = f" {row['version']}" if row["version"] else ""
        source = _SOURCES.get(row["source"], row["source"])
        print(f"{row['name']}{version}  ({source}: {row['origin']}){mark}")
        if "error" in row:
            print("    " + _("error: {message}").format(message=row["error"]))
            continue
        hooks = ", ".join(row["hooks"]) or _("(none)")
        print("    " + _("hooks: {hooks}").format(hooks=hooks))
        if row.get("requires"):
            print("    " + _("requires: {plugins}").format(plugins=", ".join(row["requires"])))


# Where a plugin comes from (the JSON's ids), in words.
_SOURCES = {
    "built in": _l("built in"),
    "entry point": _l("entry point"),
    "local file": _l("local file"),
    "module": _l("module"),
    "unknown": _l("unknown"),
}


def register(app: typer.Typer) -> None:
    app.add_typer(plugins_app)
