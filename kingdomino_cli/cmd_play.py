"""``kd play``: a full game at the terminal for any mix of humans and bots."""

from __future__ import annotations

import secrets
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from kingdomino_core import Game
from kingdomino_core.i18n import package_translation
from kingdomino_core.inputs.files import path_problem, shown
from kingdomino_core.inputs.trust import DEFAULT, SAVED_GAME, Trust
from kingdomino_core.saves.save_file import save_target
from kingdomino_core.saves.savegame import (
    CHANCE_SEED,
    PlayerEntry,
    ReplayMismatchError,
    read_save,
    replay,
    result_problem,
)
from kingdomino_core.saves.savegame import engine_for_save as saved_engine
from kingdomino_play import game_json

from .common import (
    AllowCode,
    TrustAll,
    build_engine,
    emit_json,
    resolve_ruleset,
    seat_count,
    seed_problem,
    trust_of,
)
from .display import table_text
from .exit_codes import ExitCode
from .players import (
    default_players,
    entries,
    make_seats,
    parse_names,
    parse_players,
    usage_error,
)
from .results import summary_lines
from .session import GameInterrupted, Session
from .terminal import is_terminal, screen_width, use_colour

_ = package_translation("kingdomino_cli")
_l = _.lazy


def play(
    ruleset: Annotated[
        str | None,
        typer.Option(
            "--ruleset", "-r", help=_l("Ruleset name, file name or path (default: base).")
        ),
    ] = None,
    players: Annotated[
        str | None,
        typer.Option(
            "--players",
            "-p",
            help=_l(
                "Comma-separated agents, one per seat: human, random, greedy, ... "
                "(options as mcts:time=1.0). Default: you against greedy bots at a "
                "terminal, bots only otherwise."
            ),
        ),
    ] = None,
    names: Annotated[
        str | None,
        typer.Option("--names", help=_l("Comma-separated player names (default P1, P2...).")),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option("--seed", "-s", help=_l("Seed of the draws (default: random, printed).")),
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(
            "--save", help=_l("Save the game to FILE (after each of your moves and at the end).")
        ),
    ] = None,
    json_out: Annotated[
        bool, typer.Option("--json", help=_l("Print the result as one JSON object on stdout."))
    ] = False,
    resume: Annotated[
        Path | None, typer.Option("--resume", help=_l("Continue a game saved with --save."))
    ] = None,
    ask_forced: Annotated[
        bool,
        typer.Option(
            "--ask-forced",
            help=_l(
                "Ask a human even for a decision with a single legal action "
                "(by default it is played for you, with a note)."
            ),
        ),
    ] = False,
    allow_code: AllowCode = None,
    trust_all: TrustAll = False,
) -> None:
    """The command; its help is the text it is registered with (translated)."""
    if (problem := seed_problem(seed)) is not None:
        usage_error(problem)
    if resume is not None:
        if ruleset is not None or seed is not None:
            usage_error(
                "--resume continues a saved game with its own ruleset and seed; "
                "drop --ruleset and --seed"
            )
        game, table, chance = _resume(
            resume, players, names, trust_of(allow_code, trust_all, SAVED_GAME)
        )
        save = save or resume
    else:
        chance = CHANCE_SEED
        game, table = _new_game(
            ruleset, players, names, seed, trust_of(allow_code, trust_all, DEFAULT)
        )
    if save is not None:
        check_save_path(save)
    # Agents read from a save (not replaced by --players) are the save's problem.
    saved_in = str(resume) if resume is not None and players is None else None
    seats = make_seats(table, saved_in=saved_in)
    session = Session(game, seats, save_path=save, chance=chance, ask_forced=ask_forced)
    try:
        game = session.run()
    except GameInterrupted:
        raise typer.Exit(int(ExitCode.INTERRUPTED)) from None
    _report(game, table, json_out)
    if session.unsaved is not None:
        # The result is shown, but the file asked for is not there: say so, exit 4.
        reason = session.unsaved.strerror or session.unsaved
        print(f"kd: error: cannot write the save {save}: {reason}", file=sys.stderr)
        raise typer.Exit(int(ExitCode.INPUT))


def _new_game(
    ruleset_arg: str | None,
    players: str | None,
    names: str | None,
    seed: int | None,
    trust: Trust,
) -> tuple[Game, list[PlayerEntry]]:
    ruleset = resolve_ruleset(ruleset_arg, trust, seat_count(players))
    specs = parse_players(players)
    if specs is not None:
        make_seats(entries(specs, parse_names(names, len(specs))))  # unknown agents: usage
    engine = build_engine(ruleset, len(specs) if specs else None)
    if specs is None:
        specs = default_players(engine.config.players, is_terminal(sys.stdin))
    if seed is None:
        seed = secrets.randbits(63)
        print(
            _("kd: seed {seed} (play the same game again with --seed {seed})").format(seed=seed),
            file=sys.stderr,
        )
    return engine.new_game(seed=seed), entries(specs, parse_names(names, len(specs)))


def check_save_path(save: Path) -> None:
    """A usage error, before the game starts, for a ``--save`` that :func:`write_save`
    would refuse: a missing directory, a directory, FIFO, device or socket (a symlink
    to a regular file is written through)."""
    if path_problem(str(save)) is None and not save.parent.is_dir():
        usage_error(
            _("--save {file}: directory {folder} does not exist").format(
                file=save, folder=save.parent
            )
        )
    try:
        save_target(save)
    except OSError as exc:
        usage_error(
            _("--save {file}: {reason}; give a file name").format(
                file=shown(save), reason=exc.strerror or exc
            )
        )


def _resume(
    path: Path, players: str | None, names: str | None, trust: Trust
) -> tuple[Game, list[PlayerEntry], str]:
    """The saved game replayed, its seats (as ``--players``/``--names`` change them)
    and how its chance was drawn, which the resumed game's saves keep."""
    saved = read_save(path)
    source = str(path)
    game = replay(saved, source, engine=saved_engine(saved, source, trust=trust))
    # A stored result that does not match (a truncated log, say) means a tampered
    # save: refuse it rather than overwrite it (kd replay --verify says the same).
    problem = result_problem(saved, game, source)
    if problem is not None:
        raise ReplayMismatchError(problem, move=len(saved.log))
    table = list(saved.players)
    specs = parse_players(players)
    if specs is not None:
        if len(specs) != len(table):
            usage_error(
                _("--players gives {n} players, but the saved game has {saved}").format(
                    n=len(specs), saved=len(table)
                )
            )
        table = [PlayerEntry(name=e.name, agent=s) for e, s in zip(table, specs, strict=True)]
    if names is not None:
        table = entries([e.agent for e in table], parse_names(names, len(table)))
    words = (
        _("kd: resuming {file}: {n} moves played, the game is over")
        if game.is_terminal()
        else _("kd: resuming {file}: {n} moves played")
    )
    print(words.format(file=source, n=len(game.log)), file=sys.stderr)
    return game, table, saved.chance


def _report(game: Game, table: list[PlayerEntry], json_out: bool) -> None:
    result: dict[str, Any] = game_json(game, table)
    if json_out:
        emit_json(result)
        return
    names = [p.name for p in table]
    width = screen_width(sys.stdout)
    out = table_text(game, names, width=width, colour=use_colour(sys.stdout), window=False)
    print("\n".join([out, "", *summary_lines(result)]))


def register(app: typer.Typer) -> None:
    app.command(
        "play",
        help=_l("Play a full game: humans at the terminal, bots straight through."),
    )(play)
