"""``kd replay``: show a saved game move by move or at the end; verify that it reproduces."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from kingdomino_core import Game, describe_action
from kingdomino_core.i18n import current_language, package_translation, use_language
from kingdomino_core.inputs.trust import SAVED_GAME, Trust
from kingdomino_core.saves.savegame import (
    CHANCE_SEED,
    SavedGame,
    apply_logged,
    engine_for_save,
    read_actions,
    read_save,
    replay,
    verify,
)
from kingdomino_play import game_json, kingdoms_svg, name_seats

from .common import AllowCode, TrustAll, emit_json, trust_of
from .display import table_text
from .exit_codes import ExitCode, error_line
from .results import summary_lines
from .terminal import is_terminal, screen_width, use_colour

_ = package_translation("kingdomino_cli")
_l = _.lazy


def replay_command(
    file: Annotated[Path, typer.Argument(help=_l("A game saved with kd play --save."))],
    verify_: Annotated[
        bool,
        typer.Option(
            "--verify",
            help=_l("Replay and fail (exit 5) at the first move that does not reproduce."),
        ),
    ] = False,
    step: Annotated[
        bool,
        typer.Option("--step", help=_l("Show every move, and the table after each round.")),
    ] = False,
    svg: Annotated[
        Path | None, typer.Option("--svg", help=_l("Draw the final kingdoms as an SVG picture."))
    ] = None,
    json_out: Annotated[
        bool, typer.Option("--json", help=_l("Print the result as one JSON object on stdout."))
    ] = False,
    allow_code: AllowCode = None,
    trust_all: TrustAll = False,
) -> None:
    """The command; its help is the text it is registered with (translated)."""
    source = str(file)
    saved = read_save(file)
    trust = trust_of(allow_code, trust_all, SAVED_GAME)
    engine = engine_for_save(saved, source, trust=trust)  # refuses code before anything runs
    if verify_:
        _verify(saved, source, json_out, trust)
        return
    names = [p.name for p in saved.players]
    game = (
        _step_through(saved, source, names, trust) if step else replay(saved, source, engine=engine)
    )
    if svg is not None:
        _write_svg(game, names, svg)
    result = game_json(game, saved.players)
    if json_out:
        emit_json(result)
        return
    width = screen_width(sys.stdout)
    lines = [table_text(game, names, width=width, colour=use_colour(sys.stdout), window=False)]
    lines += ["", *summary_lines(result)]
    if not game.is_terminal():
        lines.append(
            _("Not finished after {n} moves: kd play --resume {file}").format(
                n=len(game.log), file=source
            )
        )
    print("\n".join(lines))


def _verify(saved: SavedGame, source: str, json_out: bool, trust: Trust) -> None:
    report = verify(saved, source, trust=trust)
    if json_out:
        problem = report.problem
        if problem and current_language() != "en":  # JSON is the same in every language
            with use_language("en"):
                problem = verify(saved, source, trust=trust).problem
        emit_json(
            {
                "file": source,
                "ok": report.ok,
                "moves": report.moves,
                "finished": report.finished,
                "bad_move": report.bad_move,
                "problem": problem or None,
            }
        )
    if not report.ok:
        print(error_line(report.problem), file=sys.stderr)
        raise typer.Exit(int(ExitCode.REPLAY))
    if not json_out:
        seeded = saved.chance == CHANCE_SEED
        if saved.finished:
            end = _("the final result matches")
        elif report.finished:
            end = _("the game is over; the save records no final result")
        else:
            end = _("the game is not finished")
        words = (
            _("{file}: ok: {n} moves reproduce (every draw follows the seed, {end})")
            if seeded
            else _("{file}: ok: {n} moves reproduce ({end})")
        )
        print(words.format(file=source, n=report.moves, end=end))


def _step_through(saved: SavedGame, source: str, names: list[str], trust: Trust) -> Game:
    """Replay printing each move; the table after each round (waits for Enter at a terminal)."""
    engine = engine_for_save(saved, source, trust=trust)
    actions = read_actions(saved, engine, source)
    game = engine.new_game(seed=saved.seed)
    pause = is_terminal(sys.stdin) and is_terminal(sys.stdout)
    colour = use_colour(sys.stdout)
    width = screen_width(sys.stdout)
    shown: tuple[object, ...] = ()
    for n, action in enumerate(actions, start=1):
        seat = game.current_seat
        who = _("chance") if seat is None or seat < 0 else f"{names[seat]}"
        try:
            words = describe_action(game, action)
        except Exception:  # a move the log got wrong: apply_logged explains it
            words = action.describe()
        apply_logged(game, action, n, source, check_chance=saved.chance == CHANCE_SEED)
        print(f"{n:>4}. {who}: {name_seats(words, names)}")
        # The table once per round, when its new line is laid out and a player decides.
        if game.next_line and not game.is_chance() and tuple(game.next_line) != shown:
            shown = tuple(game.next_line)
            board = table_text(game, names, width=width, colour=colour, window=False)
            print(f"\n{board}\n")
            if pause and not _wait():
                pause = False
    return game


def _wait() -> bool:
    sys.stderr.write(_("-- Enter: next round, q: no more pauses -- "))
    sys.stderr.flush()
    line = sys.stdin.readline()
    return bool(line) and line.strip().lower() != "q"


def _write_svg(game: Game, names: list[str], out: Path) -> None:
    entries: list[Any] = []
    for k, sheet in enumerate(game.scores()):
        title = " + ".join(names[s] for s in game.config.seats_of(k))
        entries.append((title, game.kingdoms[k], sheet))
    text = kingdoms_svg(game.engine, entries)
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as exc:
        message = _("cannot write {file}: {reason}").format(file=out, reason=exc.strerror or exc)
        print(error_line(message), file=sys.stderr)
        raise typer.Exit(int(ExitCode.INPUT)) from None
    print(_("kd: wrote {file}").format(file=out), file=sys.stderr)


def register(app: typer.Typer) -> None:
    app.command(
        "replay",
        help=_l("Show a saved game (at the end, or move by move with --step)."),
    )(replay_command)
