"""``kd ruleset list | show NAME | validate FILE``: find, read and check rulesets."""

from __future__ import annotations

import sys
from typing import Annotated, Any

import typer
from kingdomino_rulesets import shown_description

from kingdomino_core import RulesetError
from kingdomino_core.i18n import package_translation
from kingdomino_core.inputs.trust import CodeNotAllowedError, Trust
from kingdomino_core.rulesets.files import (
    allowed_players,
    find_ruleset,
    list_rulesets,
    load_ruleset,
    load_ruleset_file,
    resolved_toml,
    validate_ruleset,
)

from .common import AllowCode, TrustAll, emit_json, trust_of
from .exit_codes import ExitCode, error_line
from .terminal import pad, width_of, wrap_cells, wrap_width

_ = package_translation("kingdomino_cli")
_l = _.lazy
_n = _.ngettext

#: ``kd ruleset list`` checks each ruleset without running any plugin file.
LIST_ONLY = Trust(named_file=False)

ruleset_app = typer.Typer(
    name="ruleset",
    help=_l("List, show and validate rulesets (TOML files; see docs/rulesets.md)."),
    no_args_is_help=True,
)


@ruleset_app.command(
    "list",
    help=_l("Every ruleset found by name: shipped ones and those in KD_RULESET_PATH."),
)
def list_command(
    json_output: Annotated[bool, typer.Option("--json", help=_l("Print one JSON object."))] = False,
) -> None:
    """The command; its help is the text it is registered with (translated)."""
    entries = list_rulesets()
    counts: dict[str, int] = {}
    for entry in entries:
        counts[entry.name] = counts.get(entry.name, 0) + 1
    rows: list[dict[str, Any]] = []
    for entry in entries:
        valid: bool | None
        try:
            # Listing names no ruleset: no plugin file runs (docs/trust.md).
            ruleset = load_ruleset_file(entry.path, trust=LIST_ONLY)
            description: str = shown_description(ruleset.description)
            valid = True
        except CodeNotAllowedError as exc:
            files = ", ".join(str(path) for path, _why in exc.files)
            description, valid = _l("not checked (runs code: {files})").format(files=files), None
        except RulesetError as exc:
            description = _l("INVALID ({count} problems; kd ruleset validate {path})").format(
                count=len(exc.problems), path=str(entry.path)
            )
            valid = False
        source: str = _l("shipped") if entry.where == "shipped" else str(entry.path)
        if counts[entry.name] > 1:
            source = _l("{source} (ambiguous name: give a path)").format(source=source)
        rows.append(
            {
                "name": entry.name,
                "description": description,
                "source": source,
                "path": str(entry.path),
                "valid": valid,
            }
        )
    if json_output:
        emit_json({"rulesets": rows})
        return
    for line in table_lines(rows, wrap_width(sys.stdout)):
        print(line)


def table_lines(rows: list[dict[str, Any]], width: int | None) -> list[str]:
    """``name  description  source`` in columns; with a ``width`` (a terminal's) the
    descriptions wrap in their column, and when even that leaves too little room
    each ruleset's source goes on a line of its own under its description."""
    name, described, source = _("name"), _("description"), _("source")
    nwidth = max([width_of(r["name"]) for r in rows] + [width_of(name)])
    swidth = max([width_of(str(r["source"])) for r in rows] + [width_of(source)])
    dwidth = max([width_of(str(r["description"])) for r in rows] + [width_of(described)])
    if width is not None:
        dwidth = min(dwidth, width - nwidth - swidth - 4)
    if dwidth >= 24:
        out = [f"{pad(name, nwidth)}  {pad(described, dwidth)}  {source}".rstrip()]
        for r in rows:
            wrapped = wrap_cells(str(r["description"]), dwidth) or [""]
            out.append(f"{pad(r['name'], nwidth)}  {pad(wrapped[0], dwidth)}  {r['source']}")
            out += [f"{pad('', nwidth)}  {line}" for line in wrapped[1:]]
        return out
    assert width is not None  # without a width the description column is never short
    dwidth = max(20, width - nwidth - 2)
    out = [f"{pad(name, nwidth)}  " + _("description (source)")]
    for r in rows:
        wrapped = wrap_cells(str(r["description"]), dwidth) or [""]
        wrapped += wrap_cells(_("({source})").format(source=r["source"]), dwidth)
        out.append(f"{pad(r['name'], nwidth)}  {wrapped[0]}")
        out += [f"{pad('', nwidth)}  {line}" for line in wrapped[1:]]
    return out


@ruleset_app.command(
    "show",
    help=_l("Print a ruleset file, or with --resolved the ruleset it resolves to."),
)
def show_command(
    name: Annotated[str, typer.Argument(help=_l("Ruleset name, file name or path."))],
    resolved: Annotated[
        bool,
        typer.Option(
            "--resolved",
            help=_l(
                "Print the merged ruleset (extends applied, checked) as TOML instead of the file."
            ),
        ),
    ] = False,
    defaults: Annotated[
        bool,
        typer.Option(
            "--defaults", help=_l("With --resolved: list every plugin option, set or not.")
        ),
    ] = False,
    allow_code: AllowCode = None,
    trust_all: TrustAll = False,
) -> None:
    """The command; its help is the text it is registered with (translated)."""
    if defaults and not resolved:
        raise typer.BadParameter(_("--defaults needs --resolved"), param_hint="--defaults")
    if resolved:
        sys.stdout.write(
            resolved_toml(
                load_ruleset(name, trust=trust_of(allow_code, trust_all)), defaults=defaults
            )
        )
        return
    path = find_ruleset(name)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RulesetError(
            [_("{path}: cannot read: {reason}").format(path=path, reason=exc)]
        ) from None
    print(f"# {path}", file=sys.stderr)
    sys.stdout.write(text if text.endswith("\n") or not text else text + "\n")


@ruleset_app.command(
    "validate",
    help=_l(
        "Check a ruleset: its files, plugins, options and every player count it allows.\n"
        "\n"
        "Prints OK, or every problem as file:line: key.path: message (exit status 3)."
    ),
)
def validate_command(
    file: Annotated[str, typer.Argument(help=_l("Ruleset file (or name) to check."))],
    allow_code: AllowCode = None,
    trust_all: TrustAll = False,
) -> None:
    """The command; its help is the text it is registered with (translated)."""
    try:
        ruleset = load_ruleset(file, trust=trust_of(allow_code, trust_all))
    except RulesetError as exc:
        _fail(file, list(exc.problems))
    problems = validate_ruleset(ruleset)
    if problems:
        _fail(file, problems)
    counts = ", ".join(str(n) for n in allowed_players(ruleset))
    plugins = ", ".join(ruleset.plugins)
    print(
        _("OK: {file}: ruleset {name!r}; plugins {plugins}; players {counts}").format(
            file=ruleset.source, name=ruleset.name, plugins=plugins, counts=counts
        )
    )


def _fail(file: str, problems: list[str]) -> None:
    for problem in problems:
        print(problem, file=sys.stderr)
    n = len(problems)
    count = _n("{file}: {n} problem", "{file}: {n} problems", n).format(file=file, n=n)
    print(error_line(count), file=sys.stderr)
    raise typer.Exit(int(ExitCode.RULESET))


def register(app: typer.Typer) -> None:
    app.add_typer(ruleset_app)
