"""``kd tournament``: rate several bots against each other, fairly.

A duplicate round robin with seat rotation (see :mod:`kingdomino_cli.tournament`),
rated with openskill, head-to-head win rates with Wilson intervals; results are
written to a file as games finish, and the same command resumes an interrupted
tournament.
"""

from __future__ import annotations

import math
import secrets
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from kingdomino_core.i18n import package_translation
from kingdomino_core.inputs.files import path_problem
from kingdomino_core.inputs.files import shown as shown_path
from kingdomino_core.rulesets.files import allowed_players
from kingdomino_core.saves.savegame import PlayerEntry

from . import interrupts
from .cmd_simulate import Progress, check_game_count, check_run_options, choose_engine
from .common import (
    AllowCode,
    TrustAll,
    build_engine,
    emit_json,
    resolve_ruleset,
    trust_of,
)
from .exit_codes import ExitCode, error_line
from .players import make_seats, parse_players, usage_error
from .runner import Result, run_jobs
from .tournament import (
    ResultsFileError,
    Setup,
    game_line,
    head_to_head,
    load,
    open_for_append,
    ratings,
    report_lines,
    schedule,
)

_ = package_translation("kingdomino_cli")
_l = _.lazy


def tournament(
    agents: Annotated[
        str,
        typer.Option(
            "--agents",
            "-a",
            help=_l("Comma-separated entrants (bot specs), e.g. random,greedy,mcts:playouts=200."),
        ),
    ],
    ruleset: Annotated[
        str | None, typer.Option("--ruleset", "-r", help=_l("Ruleset name, file name or path."))
    ] = None,
    players: Annotated[
        int | None,
        typer.Option(
            "--players", "-p", help=_l("Seats per game (default: 2, or the ruleset's only count).")
        ),
    ] = None,
    rounds: Annotated[
        int,
        typer.Option("-n", "--rounds", help=_l("Deals; each group plays each in every seating.")),
    ] = 10,
    seed: Annotated[
        int | None,
        typer.Option("--seed", "-s", help=_l("Seed of the tournament (default: random).")),
    ] = None,
    out: Annotated[
        Path,
        typer.Option("--out", "-o", help=_l("Results file (JSON lines); an existing one resumes.")),
    ] = Path("tournament.jsonl"),
    restart: Annotated[
        bool, typer.Option("--restart", help=_l("Discard the results file's games and start over."))
    ] = False,
    workers: Annotated[int, typer.Option("--workers", "-w", help=_l("Parallel processes."))] = 1,
    backend: Annotated[
        str, typer.Option("--backend", help=_l("Where games run: local (processes) or ray."))
    ] = "local",
    address: Annotated[
        str | None,
        typer.Option("--address", help=_l("Ray cluster to join (default: start a local one).")),
    ] = None,
    json_out: Annotated[
        bool, typer.Option("--json", help=_l("One JSON object on stdout."))
    ] = False,
    allow_code: AllowCode = None,
    trust_all: TrustAll = False,
    engine_choice: Annotated[
        str,
        typer.Option(
            "--engine",
            help=_l(
                "python, fast (the compiled kernel, docs/fast.md) or auto (fast when "
                "installed, covering every game and worth its start-up)."
            ),
        ),
    ] = "auto",
) -> None:
    """The command; its help is the text it is registered with (translated)."""
    specs = parse_players(agents) or []
    if len(specs) < 2:
        usage_error(_("--agents needs at least two entrants"))
    if len(set(specs)) != len(specs):
        usage_error(_("--agents lists an entrant twice; give each entrant once"))
    check_game_count("-n", rounds)
    check_run_options(workers, backend, address, seed)
    check_results_file(out)
    rs = resolve_ruleset(ruleset, trust_of(allow_code, trust_all), players)
    counts = allowed_players(rs)
    if players is None:
        players = 2 if 2 in counts else counts[0]
    if players < 2:
        message = _(
            "kd tournament rates entrants against each other, so a game needs at least 2 "
            "players, not {n}"
        ).format(n=players)
        if counts == (1,):
            message = _("{message} (ruleset {name!r} is played alone)").format(
                message=message, name=rs.name
            )
        if players == 1:
            message = _("{message}; compare bots playing alone with kd simulate").format(
                message=message
            )
        usage_error(message)
    if players > len(specs):
        usage_error(
            _("--players {n} needs at least {n} entrants, not {given}").format(
                n=players, given=len(specs)
            )
        )
    engine = build_engine(rs, players)  # an impossible player count is reported here (exit 3)
    if engine.config.kingdoms < 2:
        usage_error(
            _(
                "kd tournament rates entrants against each other, but ruleset {name!r} with "
                "{n} players builds one kingdom that every player shares: nothing to rate"
            ).format(name=rs.name, n=players)
        )
    check_game_count("-n", rounds, math.comb(len(specs), players) * players)
    make_seats([PlayerEntry(name="", agent=s) for s in specs], allow_human=False)
    if seed is None:
        seed = secrets.randbits(63)
        print(
            _("kd: seed {seed} (same tournament again with --seed {seed})").format(seed=seed),
            file=sys.stderr,
        )
    setup = Setup(ruleset=rs.name, agents=tuple(specs), players=players, rounds=rounds, seed=seed)
    jobs = schedule(setup)
    try:
        done = {} if restart else load(out, setup)
    except ResultsFileError as exc:
        print(error_line(exc), file=sys.stderr)
        raise typer.Exit(int(ExitCode.USAGE)) from None
    todo = [j for j in jobs if j.index not in done]
    kernel = choose_engine(engine_choice, engine, todo, backend)
    if done:
        print(
            _("kd: resuming {file}: {n} of {total} games done").format(
                file=out, n=len(done), total=len(jobs)
            ),
            file=sys.stderr,
        )
    by_index = {j.index: j for j in jobs}
    fresh = restart or not out.exists() or out.stat().st_size == 0  # empty: nothing to resume
    try:
        handle = open_for_append(out, setup, fresh=fresh)
    except OSError as exc:
        usage_error(
            _("--out {file}: cannot write it: {reason}").format(
                file=out, reason=exc.strerror or exc
            )
        )
    bar: Progress | None = Progress(len(todo))

    def save(chunk: list[Result]) -> None:
        for result in chunk:
            line = game_line(setup, by_index[result.index], result)
            done[result.index] = line
            handle.write(_dumps(line) + "\n")
        handle.flush()

    try:
        run_jobs(
            rs,
            seed,
            todo,
            workers=workers,
            backend=backend,
            address=address,
            progress=bar,
            on_results=save,
            engine=kernel,
        )
    except (KeyboardInterrupt, interrupts.Terminated) as stop:
        if bar is not None:
            bar.close()
        bar = None
        handle.close()
        print(
            _("kd: {n} of {total} games saved in {file}; run the same command to resume").format(
                n=len(done), total=len(jobs), file=out
            ),
            file=sys.stderr,
        )
        # main then says "interrupted" (Ctrl-C, 130) or "terminated" (SIGTERM, 143)
        code = ExitCode.TERMINATED if isinstance(stop, interrupts.Terminated) else None
        raise typer.Exit(int(code or ExitCode.INTERRUPTED)) from None
    finally:
        if bar is not None:
            bar.close()
        handle.close()
    games = list(done.values())
    table = ratings(setup, games)
    pairs = head_to_head(setup, games)
    nobody = sum(1 for g in games if not g["winners"])  # the rules' own result
    if json_out:
        found = {
            **setup.header()["tournament"],
            "games": len(games),
            "results_file": str(out),
            "ratings": table,
            "head_to_head": pairs,
        }
        if nobody:  # absent when every game had a winner, as before
            found["games_without_winner"] = nobody
        emit_json(found)
    else:
        lines = report_lines(setup, table, pairs, len(jobs))
        if nobody:
            lines.append(
                _("{n} of {games} games had no winner (the rules' own result).").format(
                    n=nobody, games=len(games)
                )
            )
        print("\n".join(lines))


def check_results_file(out: Path) -> None:
    """Usage errors for an ``--out`` that cannot hold results, before any game is played:
    a missing directory, or something else than a regular file (a FIFO would block)."""
    shown = shown_path(out)
    problem = path_problem(str(out))
    if problem is not None:
        usage_error(_("--out {file}: {problem}").format(file=shown, problem=problem))
    if out.exists() or out.is_symlink():
        if not out.is_file():
            usage_error(
                _("--out {file}: not a regular file; give a results file (.jsonl)").format(
                    file=shown
                )
            )
        return
    parent = out.parent
    if not parent.is_dir():
        usage_error(
            _("--out {file}: no directory {folder}; create it first").format(
                file=shown, folder=shown_path(parent)
            )
        )


def _dumps(obj: Any) -> str:
    import json

    return json.dumps(obj, separators=(",", ":"))


def register(app: typer.Typer) -> None:
    app.command(
        "tournament",
        help=_l(
            "Round robin among bots with seat rotation; openskill ratings and head-to-head rates."
        ),
    )(tournament)
