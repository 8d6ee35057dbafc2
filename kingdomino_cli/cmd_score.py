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
from kingdomino_core.i18n import package_translation, source_text
from kingdomino_core.inputs.limits import MAX_KINGDOM_BYTES
from kingdomino_core.saves.kingdom_text import check_kingdom_rules, parse_kingdom

from .common import AllowCode, TrustAll, build_engine, emit_json, resolve_ruleset, trust_of
from .exit_codes import ExitCode, error_line
from .terminal import pad, width_of

_ = package_translation("kingdomino_cli")
_l = _.lazy
_n = _.ngettext


def read_kingdom_text(file: str) -> tuple[str, str]:
    """The text of ``file`` (``-``: standard input) and the name to show in messages."""
    # One byte more than the limit is read, so parse_kingdom reports the limit (a
    # never-ending stdin or /dev/zero is not read to the end).
    if file == "-":
        try:
            return sys.stdin.read(MAX_KINGDOM_BYTES + 1), "<stdin>"
        except UnicodeDecodeError as exc:
            raise KingdomFormatError(
                _("not UTF-8 text: {reason}").format(reason=exc.reason), source="<stdin>"
            ) from None
    try:
        with open(file, encoding="utf-8") as fh:
            return fh.read(MAX_KINGDOM_BYTES + 1), file
    except UnicodeDecodeError as exc:
        raise KingdomFormatError(
            _("not UTF-8 text: {reason}").format(reason=exc.reason), source=file
        ) from None
    except OSError as exc:
        raise KingdomFormatError(
            _("cannot read: {reason}").format(reason=exc.strerror or exc), source=file
        ) from None


def score_kingdom(engine: Engine, kingdom: Kingdom) -> ScoreSheet:
    """The score sheet of ``kingdom`` under ``engine``'s rules (as kingdom 0 of a new game)."""
    game = engine.new_game(seed=0)
    game.kingdoms[0] = kingdom
    return game.score_sheet(0)


def format_sheet(sheet: ScoreSheet, icons: str = "crowns") -> list[str]:
    """The human score table: one row per property, every bonus of the rules (0 when
    missed) and other line, then the total. ``icons``: what the rules call crowns.

    Every word is shown in the language of the moment and the columns are aligned by
    the width text takes on a terminal (a Chinese character takes two columns)."""
    icons = str(icons)
    head = (_("property"), _("squares"), icons, _("points"))
    rows: list[tuple[str, str, str, str]] = []
    for line in sheet.properties:
        rows.append((str(line.name), str(line.squares), str(line.crowns), str(line.points)))
    for line in (*sheet.bonuses, *sheet.others):
        rows.append((line_label(line.kind, line.name), "", "", str(line.points)))
    total = _("total")
    width = max([width_of(r[0]) for r in rows] + [width_of(head[0]), width_of(total)])
    widths = [max(width_of(head[1]), 7), max(width_of(icons), 6), max(width_of(head[3]), 6)]

    def fmt(row: tuple[str, str, str, str]) -> str:
        cells = [pad(text, room, ">") for text, room in zip(row[1:], widths, strict=True)]
        return "  ".join([pad(row[0], width), *cells])

    out = [fmt(head)]
    out += [fmt(row) for row in rows]
    out.append("-" * width_of(out[0]))
    out.append(fmt((total, "", "", str(sheet.total))))
    largest = sheet.largest_property
    out.append(
        _n(
            "largest property: {n} square; {icons}: {crowns}",
            "largest property: {n} squares; {icons}: {crowns}",
            largest,
        ).format(n=largest, icons=icons, crowns=sheet.crowns)
    )
    return out


#: The kinds of score line the shipped plugins write (ids in the JSON), in words;
#: another plugin's kind is shown as it is written.
KIND_WORDS = {
    "bonus": _l("bonus"),
    "character": _l("character"),
    "resources": _l("resources"),
    "totem": _l("totem"),
    "caveman": _l("caveman"),
    "horde": _l("horde"),
    "quest": _l("quest"),
    "giants": _l("giants"),
}


def line_label(kind: str, name: str) -> str:
    """A score line's label as shown: its name (the plugin's words, translated when
    shown), after its kind unless the name already says it (``horde at 1,2``)."""
    english = source_text(name).replace("_", " ")
    shown_name = str(name)
    if shown_name == source_text(name):  # not translated: an id (middle_kingdom) in words
        shown_name = english
    if english.startswith(kind.replace("_", " ")):
        return shown_name
    kind_words = str(KIND_WORDS.get(kind, kind.replace("_", " ")))
    return _("{kind}: {name}").format(kind=kind_words, name=shown_name)


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
            message = _("cannot write {file}: {reason}").format(
                file=svg, reason=exc.strerror or exc
            )
            print(error_line(message), file=sys.stderr)
            raise typer.Exit(int(ExitCode.INPUT)) from None
        print(_("kd: wrote {file}").format(file=svg), file=sys.stderr)
    if json_output:
        emit_json(sheet.as_dict())
        return
    print(_("{file} (ruleset {name})").format(file=source, name=rules.name))
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
