"""``kd score FILE``: score a kingdom written in the kingdom text format.

For a family that just played on a real table: copy the kingdom into a text file
(docs/formats.md, "Kingdom text format") and get the breakdown per property
and bonus under the ruleset's own scoring. The kingdom is scored as kingdom 0 of a
fresh game of the ruleset, so every scoring hook of the active plugins applies.
It cannot know about discards (there are none in a text file), so Harmony is
decided by completeness alone.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from kingdomino_core import Engine, Kingdom, KingdomFormatError, ScoreSheet
from kingdomino_core.i18n import package_translation
from kingdomino_core.inputs.limits import MAX_KINGDOM_BYTES
from kingdomino_core.saves.kingdom_text import check_kingdom_rules, parse_kingdom

from .common import AllowCode, TrustAll, build_engine, emit_json, resolve_ruleset, trust_of
from .exit_codes import ExitCode

_ = package_translation("kingdomino_cli")
_l = _.lazy


def read_kingdom_text(file: str) -> tuple[str, str]:
    """The text of ``file`` (``-``: standard input) and the name to show in messages."""
    # One byte more than the limit is read, so parse_kingdom reports the limit (a
    # never-ending stdin or /dev/zero is not read to the end).
    if file == "-":
        try:
            return sys.stdin.read(MAX_KINGDOM_BYTES + 1), "<stdin>"
        except UnicodeDecodeError as exc:
            raise KingdomFormatError(f"not UTF-8 text: {exc.reason}", source="<stdin>") from None
    try:
        with open(file, encoding="utf-8") as fh:
            return fh.read(MAX_KINGDOM_BYTES + 1), file
    except UnicodeDecodeError as exc:
        raise KingdomFormatError(f"not UTF-8 text: {exc.reason}", source=file) from None
    except OSError as exc:
        raise KingdomFormatError(f"cannot read: {exc.strerror or exc}", source=file) from None


def score_kingdom(engine: Engine, kingdom: Kingdom) -> ScoreSheet:
    """The score sheet of ``kingdom`` under ``engine``'s rules (as kingdom 0 of a new game)."""
    game = engine.new_game(seed=0)
    game.kingdoms[0] = kingdom
    return game.score_sheet(0)


def format_sheet(sheet: ScoreSheet, icons: str = "crowns") -> list[str]:
    """The human score table: one row per property, every bonus of the rules (0 when
    missed) and other line, then the total. ``icons``: what the rules call crowns."""
    rows: list[tuple[str, str, str, str]] = [("", "squares", icons, "points")]
    for line in sheet.properties:
        rows.append((line.name, str(line.squares), str(line.crowns), str(line.points)))
    for line in (*sheet.bonuses, *sheet.others):
        name = line.name.replace("_", " ")
        label = name if name.startswith(line.kind) else f"{line.kind}: {name}"
        rows.append((label, "", "", str(line.points)))
    width = max(len(r[0]) for r in rows)
    width = max(width, len("total"))
    wide = max(6, len(icons))

    def fmt(row: tuple[str, str, str, str]) -> str:
        return f"{row[0]:<{width}}  {row[1]:>7}  {row[2]:>{wide}}  {row[3]:>6}"

    out = [fmt(("property", *rows[0][1:]))]
    out += [fmt(row) for row in rows[1:]]
    out.append("-" * len(out[0]))
    out.append(fmt(("total", "", "", str(sheet.total))))
    squares = "square" if sheet.largest_property == 1 else "squares"
    out.append(f"largest property: {sheet.largest_property} {squares}; {icons}: {sheet.crowns}")
    return out


def score_command(
    file: Annotated[
        str, typer.Argument(help=_l("Kingdom text file (format above); '-' reads stdin."))
    ],
    ruleset: Annotated[
        str | None,
        typer.Option(
            "--ruleset",
            "-r",
            help=_l(
                "Ruleset name, file name or path (default: base). Decides the kingdom "
                "size and which bonuses apply."
            ),
        ),
    ] = None,
    json_output: Annotated[
        bool,
        typer.Option("--json", help=_l("Print exactly one JSON object (keys: docs/formats.md).")),
    ] = False,
    svg: Annotated[
        Path | None,
        typer.Option("--svg", metavar="OUT", help=_l("Also draw the kingdom as an SVG file.")),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option(
            "--players",
            "-p",
            min=1,
            help=_l(
                "Player count whose set-up applies (kingdom size: a 2-player Origins "
                "game is 7x7); default: the ruleset's."
            ),
        ),
    ] = None,
    allow_code: AllowCode = None,
    trust_all: TrustAll = False,
) -> None:
    """The command; its help is the text it is registered with (translated)."""
    rules = resolve_ruleset(ruleset, trust_of(allow_code, trust_all), players)
    engine = build_engine(rules, players)
    text, source = read_kingdom_text(file)
    kingdom = parse_kingdom(text, engine, source=source, connected=True)
    check_kingdom_rules(engine, kingdom, source=source)
    sheet = score_kingdom(engine, kingdom)
    if svg is not None:
        from kingdomino_play import kingdoms_svg

        title = "stdin" if file == "-" else Path(file).name
        try:
            svg.write_text(kingdoms_svg(engine, [(title, kingdom, sheet)]), encoding="utf-8")
        except OSError as exc:
            print(f"kd: error: cannot write {svg}: {exc.strerror or exc}", file=sys.stderr)
            raise typer.Exit(int(ExitCode.INPUT)) from None
        print(f"kd: wrote {svg}", file=sys.stderr)
    if json_output:
        emit_json(sheet.as_dict())
        return
    print(f"{source} (ruleset {rules.name})")
    for line in format_sheet(sheet, engine.registry.icon_words[1]):
        print(line)


def register(app: typer.Typer) -> None:
    app.command(
        "score",
        help=_l(
            "Score a kingdom written in the kingdom text format, per property and bonus.\n"
            "\n"
            "The format: one row of the kingdom per line, squares separated by spaces. A\n"
            "square is a terrain letter and its crowns (W wheat, F forest, L lake, G "
            "grassland,\n"
            "S swamp, M mine: W1 is wheat with one crown); C is the castle, . an empty "
            "square;\n"
            "lines starting with # are comments. Example row: W1 F0 C L0 L0. The expansions'\n"
            "notations are in docs/formats.md; sample kingdoms for every mode are in\n"
            "examples/kingdoms/."
        ),
    )(score_command)
