"""``kd simulate``: many bot games, wins and scores per seat, games per second.

Game ``i`` uses the seed ``derive_seed("game", seed, i)`` and its agents are seeded
per decision, so a run gives the same results whatever the number of worker
processes, and on a Ray cluster (``--backend ray``): the games are run by
:mod:`kingdomino_cli.runner`.

``--rotate`` plays every deal in every rotation of the seats (each agent in every
seat, the same seed for every seating), so a comparison of bots is not biased by
seat order or by the luck of the deal; the ``agents`` part of the report then sums
each agent over the seats it played.

A shared victory counts as a fraction of a win for each winner (two winners: half a
win each), so the ``wins`` of all seats add up to the number of games; the
``outright_wins`` and ``shared_wins`` counts are given as well.
"""

from __future__ import annotations

import secrets
import sys
import time
from collections.abc import Callable, Sequence
from typing import Annotated, Any

import typer

from kingdomino_core import Engine, Game, Ruleset
from kingdomino_core.i18n import package_translation
from kingdomino_core.saves.savegame import PlayerEntry

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
from .fast_engine import ENGINES, resolve
from .players import make_seats, parse_players, usage_error
from .runner import BACKENDS, Job, Result, rotations, run_jobs
from .runner import game_seed as game_seed
from .runner import play_one as play_one
from .terminal import pad
from .tournament import wilson

_ = package_translation("kingdomino_cli")
_l = _.lazy

#: Per game: each seat's score (match total in a Dynasty match) and the winning seats.
Outcome = tuple[tuple[int, ...], tuple[int, ...]]


def outcome(game: Game) -> Outcome:
    """Each seat's score (match total in Dynasty) and the winning seats."""
    from .runner import result_of

    found = result_of(0, game)
    return found.scores, found.winners


def jobs_for(specs: Sequence[str], games: int, *, rotate: bool = False) -> list[Job]:
    """The games of a run: deal ``i`` once, or (``rotate``) once per seat rotation."""
    seatings = rotations(specs) if rotate else [tuple(specs)]
    return [
        Job(index=deal * len(seatings) + k, deal=deal, specs=seating)
        for deal in range(games)
        for k, seating in enumerate(seatings)
    ]


def run(
    ruleset: Ruleset,
    specs: tuple[str, ...],
    seed: int,
    games: int,
    workers: int = 1,
    *,
    progress: Callable[[int], None] | None = None,
    start_method: str | None = None,
    backend: str = "local",
    address: str | None = None,
) -> list[Outcome]:
    """Outcomes of games ``0 .. games-1``, in order, whatever the number of workers."""
    results = run_jobs(
        ruleset,
        seed,
        jobs_for(specs, games),
        workers=workers,
        backend=backend,
        address=address,
        progress=progress,
        start_method=start_method,
    )
    return [(r.scores, r.winners) for r in results]


def summarise(outcomes: Sequence[Outcome], specs: Sequence[str]) -> list[dict[str, Any]]:
    seats = []
    for seat, agent in enumerate(specs):
        scores = [o[0][seat] for o in outcomes]
        wins = sum((1 / len(o[1]) for o in outcomes if seat in o[1]), 0.0)
        outright = sum(1 for o in outcomes if o[1] == (seat,))
        shared = sum(1 for o in outcomes if seat in o[1] and len(o[1]) > 1)
        seats.append(
            {
                "seat": seat,
                "agent": agent,
                "wins": round(wins, 6),
                "outright_wins": outright,
                "shared_wins": shared,
                "win_rate": round(wins / len(outcomes), 6) if outcomes else 0.0,
                "mean_score": round(sum(scores) / len(scores), 4) if scores else 0.0,
                "min_score": min(scores, default=0),
                "max_score": max(scores, default=0),
            }
        )
    return seats


def summarise_agents(results: Sequence[Result], jobs: Sequence[Job]) -> list[dict[str, Any]]:
    """Per distinct agent spec, over every seat it played: games, wins (shared: 1/k)
    with a 95% Wilson interval on the win rate, and scores."""
    specs = {j.index: j.specs for j in jobs}
    order: list[str] = []
    games: dict[str, int] = {}
    wins: dict[str, float] = {}
    scores: dict[str, list[int]] = {}
    for r in results:
        for seat, agent in enumerate(specs[r.index]):
            if agent not in games:
                order.append(agent)
                games[agent], wins[agent], scores[agent] = 0, 0.0, []
            games[agent] += 1
            scores[agent].append(r.scores[seat])
            if seat in r.winners:
                wins[agent] += 1 / len(r.winners)
    out = []
    for agent in order:
        low, high = wilson(wins[agent], games[agent])
        out.append(
            {
                "agent": agent,
                "games": games[agent],
                "wins": round(wins[agent], 6),
                "win_rate": round(wins[agent] / games[agent], 6),
                "win_rate_low": round(low, 6),
                "win_rate_high": round(high, 6),
                "mean_score": round(sum(scores[agent]) / games[agent], 4),
            }
        )
    return out


class Progress:
    """Games played so far: rich's progress bar on stderr, only when stderr is a terminal."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.enabled = _isatty(sys.stderr)
        self._bar: Any = None
        if self.enabled:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                TextColumn,
                TimeRemainingColumn,
            )
            from rich.progress import (
                Progress as Bar,
            )

            self._bar = Bar(
                TextColumn(_("games")),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn("{task.fields[rate]}"),
                TimeRemainingColumn(),
                console=Console(file=sys.stderr),
            )
            self._task = self._bar.add_task("games", total=total, rate="")
            self._start = time.perf_counter()
            self._bar.start()

    def __call__(self, done: int) -> None:
        if self._bar is not None:
            rate = done / max(1e-9, time.perf_counter() - self._start)
            self._bar.update(
                self._task, completed=done, rate=_("{rate} games/s").format(rate=f"{rate:.1f}")
            )

    def close(self) -> None:
        if self._bar is not None:
            self._bar.stop()


def simulate(
    ruleset: Annotated[
        str | None, typer.Option("--ruleset", "-r", help=_l("Ruleset name, file name or path."))
    ] = None,
    players: Annotated[
        str | None,
        typer.Option(
            "--players", "-p", help=_l("Comma-separated bots, one per seat (default greedy).")
        ),
    ] = None,
    games: Annotated[int, typer.Option("-n", "--games", help=_l("Number of games."))] = 100,
    seed: Annotated[
        int | None,
        typer.Option("--seed", "-s", help=_l("Seed of the run (default: random, printed).")),
    ] = None,
    workers: Annotated[int, typer.Option("--workers", "-w", help=_l("Parallel processes."))] = 1,
    json_out: Annotated[
        bool, typer.Option("--json", help=_l("One JSON object on stdout."))
    ] = False,
    profile: Annotated[
        bool, typer.Option("--profile", help=_l("Print where the time went (cProfile) on stderr."))
    ] = False,
    allow_code: AllowCode = None,
    trust_all: TrustAll = False,
    rotate: Annotated[
        bool,
        typer.Option(
            "--rotate",
            help=_l("Play every deal in every rotation of the seats (fair comparisons)."),
        ),
    ] = False,
    backend: Annotated[
        str, typer.Option("--backend", help=_l("Where games run: local (processes) or ray."))
    ] = "local",
    address: Annotated[
        str | None,
        typer.Option("--address", help=_l("Ray cluster to join (default: start a local one).")),
    ] = None,
    engine_choice: Annotated[
        str,
        typer.Option(
            "--engine",
            help=_l(
                "python, fast (the compiled kernel, docs/fast.md) or auto (fast when "
                "installed, covering the run and worth its start-up)."
            ),
        ),
    ] = "auto",
) -> None:
    """The command; its help is the text it is registered with (translated)."""
    check_game_count("-n", games)
    check_run_options(workers, backend, address, seed)
    rs = resolve_ruleset(ruleset, trust_of(allow_code, trust_all), seat_count(players))
    specs = parse_players(players)
    engine = build_engine(rs, len(specs) if specs else None)  # player count errors: exit 3
    specs = specs or ["greedy"] * engine.config.players
    if rotate:
        check_game_count("-n", games, len(specs))
    make_seats([PlayerEntry(name="", agent=s) for s in specs], allow_human=False)
    if seed is None:
        seed = secrets.randbits(63)
        print(
            _("kd: seed {seed} (same run again with --seed {seed})").format(seed=seed),
            file=sys.stderr,
        )
    if profile and (workers > 1 or backend != "local"):
        print(_("kd: --profile runs the games in this process (--workers 1)"), file=sys.stderr)
        workers, backend, address = 1, "local", None
    jobs = jobs_for(specs, games, rotate=rotate)
    kernel = choose_engine(engine_choice, engine, jobs, backend)
    bar = Progress(len(jobs))
    profiler = None
    if profile:
        import cProfile

        profiler = cProfile.Profile()
        profiler.enable()
    start = time.perf_counter()
    try:
        results = run_jobs(
            rs,
            seed,
            jobs,
            workers=workers,
            backend=backend,
            address=address,
            progress=bar,
            engine=kernel,
        )
    finally:
        bar.close()
    outcomes = [(r.scores, r.winners) for r in results]
    seconds = time.perf_counter() - start
    if profiler is not None:
        profiler.disable()
        _print_profile(profiler)
    report = {
        "ruleset": rs.name,
        "players": len(specs),
        "seed": seed,
        "workers": workers,
        "backend": backend,
        "rotate": rotate,
        "deals": games,
        "games": len(jobs),
        "seconds": round(seconds, 6),
        "games_per_second": round(len(jobs) / seconds, 3) if seconds > 0 else None,
        "shared_victories": sum(1 for o in outcomes if len(o[1]) > 1),
        "seats": summarise(outcomes, ["(rotated)"] * len(specs) if rotate else specs),
        "agents": summarise_agents(results, jobs),
    }
    nobody = sum(1 for o in outcomes if not o[1])
    if nobody:  # the rules decided nobody won (a solo target missed); absent otherwise
        report["games_without_winner"] = nobody
    if json_out:
        emit_json(report)
    else:
        print("\n".join(_text(report)))


def _text(report: dict[str, Any]) -> list[str]:
    lines = [
        _(
            "{games} games of {ruleset} with {players} players, seed {seed}, "
            "{workers} worker(s): {seconds} s, {speed} games/s"
        ).format(
            games=report["games"],
            ruleset=report["ruleset"],
            players=report["players"],
            seed=report["seed"],
            workers=report["workers"],
            seconds=f"{report['seconds']:.2f}",
            speed=report["games_per_second"],
        ),
        _columns(
            [
                (_("seat"), 4, ">"),
                (_("agent"), 16, "<"),
                (_("wins"), 9, ">"),
                (_("rate"), 6, ">"),
                (_("outright"), 8, ">"),
                (_("shared"), 6, ">"),
                (_("mean"), 7, ">"),
                (_("min"), 4, ">"),
                (_("max"), 4, ">"),
            ],
            "  ",
        ),
    ]
    for s in report["seats"]:
        lines.append(
            f"{s['seat']:>4}  {s['agent']:<16} {s['wins']:>9.2f} {s['win_rate']:>6.1%}"
            f" {s['outright_wins']:>8} {s['shared_wins']:>6} {s['mean_score']:>7.2f}"
            f" {s['min_score']:>4} {s['max_score']:>4}"
        )
    if report["rotate"]:
        lines.append(
            _("Agents over every seat ({deals} deals x each rotation of the seats):").format(
                deals=report["deals"]
            )
        )
        header = [
            (_("agent"), 16, "<"),
            (_("games"), 6, ">"),
            (_("wins"), 9, ">"),
            (_("rate"), 6, ">"),
            (_("95% interval"), 14, ">"),
            (_("mean"), 7, ">"),
        ]
        lines.append("      " + _columns(header))
        for a in report["agents"]:
            lines.append(
                f"      {a['agent']:<16} {a['games']:>6} {a['wins']:>9.2f} {a['win_rate']:>6.1%}"
                f" {a['win_rate_low']:>6.1%}-{a['win_rate_high']:<7.1%} {a['mean_score']:>7.2f}"
            )
    lines.append(
        _("{n} shared victories (a shared win counts 1/k for each of its k winners).").format(
            n=report["shared_victories"]
        )
    )
    if report.get("games_without_winner"):
        lines.append(
            _(
                "{n} of {games} games had no winner (the rules' own result, such as a solo "
                "target missed)."
            ).format(n=report["games_without_winner"], games=report["games"])
        )
    return lines


def _columns(headings: list[tuple[str, int, str]], first_gap: str = " ") -> str:
    """A table's headings, each padded to its column's width (``<`` or ``>``), the
    first gap ``first_gap`` and the others one space."""
    cells = [pad(text, width, align) for text, width, align in headings]
    return cells[0] + first_gap + " ".join(cells[1:]) if cells else ""


def _print_profile(profiler: Any) -> None:
    import io
    import pstats

    buffer = io.StringIO()
    stats = pstats.Stats(profiler, stream=buffer)
    stats.sort_stats("cumulative").print_stats(25)
    sys.stderr.write(buffer.getvalue())


def _isatty(stream: Any) -> bool:
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except ValueError:
        return False


def register(app: typer.Typer) -> None:
    app.command(
        "simulate",
        help=_l("Play N bot games; report wins and scores per seat and games per second."),
    )(simulate)


#: Most games one ``kd simulate`` or ``kd tournament`` run plays (each game is planned
#: before the first is played: ``-n 2**63`` would fill memory). docs/cli-reference.md.
MAX_RUN_GAMES = 1_000_000


def check_game_count(option: str, value: int, per_unit: int = 1) -> None:
    """A usage error for a count below 1, or more than :data:`MAX_RUN_GAMES` games."""
    if value < 1:
        usage_error(
            _("{option} must be at least 1, not {value}").format(option=option, value=value)
        )
    if value * per_unit > MAX_RUN_GAMES:
        given = f"{option} {value}"
        if per_unit > 1:
            given = _("{given} ({n} games each)").format(given=given, n=per_unit)
        usage_error(
            _(
                "{given}: at most {most} games in one run; split it into several runs "
                "(each with its own --seed)"
            ).format(given=given, most=f"{MAX_RUN_GAMES:,}")
        )


def choose_engine(choice: str, engine: Engine, jobs: Sequence[Job], backend: str) -> str:
    """``python`` or ``fast`` for ``--engine choice`` (a usage error when ``fast``
    cannot play this run; the Ray backend runs the Python engine)."""
    if choice not in ENGINES:
        usage_error(
            _("--engine must be one of {choices}, not {value!r}").format(
                choices=", ".join(ENGINES), value=choice
            )
        )
    if backend != "local":
        if choice == "fast":
            usage_error(_("--engine fast runs with --backend local"))
        return "python"
    try:
        return resolve(choice, engine, [job.specs for job in jobs])
    except ValueError as exc:
        usage_error(str(exc))


def check_run_options(workers: int, backend: str, address: str | None, seed: int | None) -> None:
    """Usage errors for the options ``kd simulate`` and ``kd tournament`` share."""
    if workers < 1:
        usage_error(_("--workers must be at least 1, not {value}").format(value=workers))
    if backend not in BACKENDS:
        usage_error(
            _("--backend must be one of {choices}, not {value!r}").format(
                choices=", ".join(BACKENDS), value=backend
            )
        )
    if address is not None and backend != "ray":
        usage_error(_("--address needs --backend ray"))
    if (problem := seed_problem(seed)) is not None:
        usage_error(problem)
