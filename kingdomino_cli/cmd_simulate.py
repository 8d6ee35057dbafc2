"""``kd simulate``: many bot games, wins and scores per seat, games per second.

Game ``i`` uses the seed ``derive_seed("game", seed, i)`` and its agents are seeded
per decision, so a run gives the same results whatever the number of worker
processes. Workers receive only picklable values (the ruleset, the agent specs, the
game indices) and build their own engine, so the design works with both the
``fork`` and the ``spawn`` start methods.

A shared victory counts as a fraction of a win for each winner (two winners: half a
win each), so the ``wins`` of all seats add up to the number of games; the
``outright_wins`` and ``shared_wins`` counts are given as well.
"""

from __future__ import annotations

import math
import multiprocessing
import secrets
import signal
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Annotated, Any

import typer

from kingdomino_core import Engine, Game, Ruleset
from kingdomino_core.savegame import PlayerEntry, derive_seed

from .common import (
    AllowCode,
    TrustAll,
    build_engine,
    emit_json,
    resolve_ruleset,
    seed_problem,
    trust_of,
)
from .players import make_seats, parse_players, usage_error

#: Per game: each seat's score (match total in a Dynasty match) and the winning seats.
Outcome = tuple[tuple[int, ...], tuple[int, ...]]

_ENGINES: dict[str, Engine] = {}


def game_seed(seed: int, index: int) -> int:
    return derive_seed("game", seed, index)


def play_one(engine: Engine, seats: Sequence[Any], seed: int) -> Game:
    """One bot game to the end (agents seeded per decision)."""
    game = engine.new_game(seed=seed)
    while not game.is_terminal():
        if game.is_chance():
            game.resolve_chance()
        else:
            game.apply(seats[game.current_seat or 0].choose(game))
    return game


def outcome(game: Game) -> Outcome:
    config = game.config
    sheets = game.scores()
    totals = [s.total for s in sheets]
    for past in game.match_sheets:
        totals = [t + s.total for t, s in zip(totals, past, strict=True)]
    scores = tuple(totals[config.kingdom_of(seat)] for seat in range(config.players))
    return scores, tuple(game.winners(game.ranking(sheets)))


def run_games(
    ruleset: Ruleset, specs: tuple[str, ...], seed: int, indices: list[int]
) -> list[Outcome]:
    """Play games ``indices`` of a run (the worker function: picklable arguments only)."""
    key = repr((ruleset, len(specs)))
    engine = _ENGINES.get(key)
    if engine is None:
        engine = _ENGINES[key] = Engine(ruleset, len(specs))
    seats = make_seats(
        [PlayerEntry(name=f"P{i + 1}", agent=s) for i, s in enumerate(specs)], allow_human=False
    )
    return [outcome(play_one(engine, seats, game_seed(seed, i))) for i in indices]


def run(
    ruleset: Ruleset,
    specs: tuple[str, ...],
    seed: int,
    games: int,
    workers: int = 1,
    *,
    progress: Callable[[int], None] | None = None,
    start_method: str | None = None,
) -> list[Outcome]:
    """Outcomes of games ``0 .. games-1``, in order, whatever the number of workers."""
    if workers <= 1 or games <= 1:
        out = []
        step = max(1, min(50, games // 100 or 1))
        for start in range(0, games, step):
            out.extend(
                run_games(ruleset, specs, seed, list(range(start, min(games, start + step))))
            )
            if progress:
                progress(len(out))
        return out
    size = max(1, min(200, math.ceil(games / (workers * 8))))
    chunks = [list(range(s, min(games, s + size))) for s in range(0, games, size)]
    results: dict[int, list[Outcome]] = {}
    context = multiprocessing.get_context(start_method)
    done = 0
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_worker_init)
    try:
        futures = {pool.submit(run_games, ruleset, specs, seed, c): c[0] for c in chunks}
        for future in as_completed(futures):
            chunk = future.result()
            results[futures[future]] = chunk
            done += len(chunk)
            if progress:
                progress(done)
    except BaseException:
        # Ctrl-C (or a failure): stop now. Waiting would play every queued game first.
        _stop(pool)
        raise
    pool.shutdown()
    return [o for start in sorted(results) for o in results[start]]


def _worker_init() -> None:
    """Workers leave Ctrl-C to the main process, which stops them (no traceback each)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop(pool: ProcessPoolExecutor) -> None:
    """Cancel queued games and end the workers at once."""
    processes = list(getattr(pool, "_processes", {}).values())  # no public way in 3.11
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(timeout=5)


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


class Progress:
    """A one-line progress bar on stderr, only when stderr is a terminal."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.start = time.perf_counter()
        self.enabled = _isatty(sys.stderr)

    def __call__(self, done: int) -> None:
        if not self.enabled:
            return
        width = 30
        filled = int(width * done / max(1, self.total))
        rate = done / max(1e-9, time.perf_counter() - self.start)
        sys.stderr.write(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{self.total} {rate:.1f} games/s"
        )
        sys.stderr.flush()

    def close(self) -> None:
        if self.enabled:
            sys.stderr.write("\n")


def simulate(
    ruleset: Annotated[
        str | None, typer.Option("--ruleset", "-r", help="Ruleset name, file name or path.")
    ] = None,
    players: Annotated[
        str | None,
        typer.Option(
            "--players", "-p", help="Comma-separated bots, one per seat (default greedy)."
        ),
    ] = None,
    games: Annotated[int, typer.Option("-n", "--games", help="Number of games.")] = 100,
    seed: Annotated[
        int | None, typer.Option("--seed", "-s", help="Seed of the run (default: random, printed).")
    ] = None,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Parallel processes.")] = 1,
    json_out: Annotated[bool, typer.Option("--json", help="One JSON object on stdout.")] = False,
    profile: Annotated[
        bool, typer.Option("--profile", help="Print where the time went (cProfile) on stderr.")
    ] = False,
    allow_code: AllowCode = None,
    trust_all: TrustAll = False,
) -> None:
    """Play N bot games; report wins and scores per seat and games per second."""
    if games < 1:
        usage_error(f"-n must be at least 1, not {games}")
    if workers < 1:
        usage_error(f"--workers must be at least 1, not {workers}")
    if (problem := seed_problem(seed)) is not None:
        usage_error(problem)
    rs = resolve_ruleset(ruleset, trust_of(allow_code, trust_all))
    specs = parse_players(players)
    engine = build_engine(rs, len(specs) if specs else None)  # player count errors: exit 3
    specs = specs or ["greedy"] * engine.config.players
    make_seats([PlayerEntry(name="", agent=s) for s in specs], allow_human=False)
    if seed is None:
        seed = secrets.randbits(63)
        print(f"kd: seed {seed} (same run again with --seed {seed})", file=sys.stderr)
    if profile and workers > 1:
        print("kd: --profile runs the games in this process (--workers 1)", file=sys.stderr)
        workers = 1
    bar = Progress(games)
    profiler = None
    if profile:
        import cProfile

        profiler = cProfile.Profile()
        profiler.enable()
    start = time.perf_counter()
    try:
        outcomes = run(rs, tuple(specs), seed, games, workers, progress=bar)
    finally:
        bar.close()
    seconds = time.perf_counter() - start
    if profiler is not None:
        profiler.disable()
        _print_profile(profiler)
    report = {
        "ruleset": rs.name,
        "players": len(specs),
        "seed": seed,
        "workers": workers,
        "games": games,
        "seconds": round(seconds, 6),
        "games_per_second": round(games / seconds, 3) if seconds > 0 else None,
        "shared_victories": sum(1 for o in outcomes if len(o[1]) > 1),
        "seats": summarise(outcomes, specs),
    }
    if json_out:
        emit_json(report)
    else:
        print("\n".join(_text(report)))


def _text(report: dict[str, Any]) -> list[str]:
    lines = [
        f"{report['games']} games of {report['ruleset']} with {report['players']} players, "
        f"seed {report['seed']}, {report['workers']} worker(s): {report['seconds']:.2f} s, "
        f"{report['games_per_second']} games/s",
        f"{'seat':>4}  {'agent':<16} {'wins':>9} {'rate':>6} {'outright':>8} {'shared':>6}"
        f" {'mean':>7} {'min':>4} {'max':>4}",
    ]
    for s in report["seats"]:
        lines.append(
            f"{s['seat']:>4}  {s['agent']:<16} {s['wins']:>9.2f} {s['win_rate']:>6.1%}"
            f" {s['outright_wins']:>8} {s['shared_wins']:>6} {s['mean_score']:>7.2f}"
            f" {s['min_score']:>4} {s['max_score']:>4}"
        )
    lines.append(
        f"{report['shared_victories']} shared victories "
        "(a shared win counts 1/k for each of its k winners)."
    )
    return lines


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
    app.command("simulate")(simulate)
