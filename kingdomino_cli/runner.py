"""Running many bot games: jobs, seat rotations, worker processes or a Ray cluster.

A :class:`Job` is one game: a deal number and the agent spec of every seat. The
game's seed depends only on the run's seed and the deal (``game_seed``), so every
seating of a deal plays the same dominoes in the same order of draws, and a job
gives the same result wherever it runs: in this process, in worker processes
(``workers``) or on a Ray cluster (``backend="ray"``). Results are returned in job
order whatever order they finish in.

Workers receive only picklable values (the ruleset, the run seed, the jobs) and
build their own engine, so the design works with ``fork``, ``spawn`` and Ray.
"""

from __future__ import annotations

import math
import multiprocessing
import signal
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from typing import Any

from attrs import frozen

from kingdomino_core import Engine, Game, Ruleset, match_totals, ranked_places
from kingdomino_core.saves.savegame import PlayerEntry, derive_seed
from kingdomino_play import Seat
from kingdomino_play.decision_random import prepare_streams

from . import interrupts
from .players import make_seats

BACKENDS = ("local", "ray")


@frozen(kw_only=True, slots=True)
class Job:
    """One game of a run: job number, deal number, and the agent spec of each seat."""

    index: int
    deal: int
    specs: tuple[str, ...]


@frozen(kw_only=True, slots=True)
class Result:
    """What a job gave: per seat its score (match total in Dynasty) and its place
    (0 = first; seats of one kingdom share it), and the winning seats."""

    index: int
    scores: tuple[int, ...]
    places: tuple[int, ...]
    winners: tuple[int, ...]


def game_seed(seed: int, deal: int) -> int:
    """The seed of deal ``deal`` of a run seeded ``seed``."""
    return derive_seed("game", seed, deal)


def rotations(specs: Sequence[str]) -> list[tuple[str, ...]]:
    """The distinct cyclic seatings of ``specs``: each agent sits in every seat once.

    ``(a, b, c)`` gives ``(a, b, c), (b, c, a), (c, a, b)``; seatings that repeat
    (``greedy`` in every seat) are played once.
    """
    out: list[tuple[str, ...]] = []
    for shift in range(len(specs)):
        seating = tuple(specs[shift:]) + tuple(specs[:shift])
        if seating not in out:
            out.append(seating)
    return out


def play_one(engine: Engine, seats: Sequence[Seat], seed: int) -> Game:
    """One bot game to the end (agents seeded per decision).

    Moves of agents that declare themselves ``trusted`` (the built-in bots: they pick
    from the engine's own legal list) are not checked again; every other agent's
    moves are, and an illegal one raises ``IllegalActionError``.
    """
    game = engine.new_game(seed=seed)
    checks = [not seat.trusted for seat in seats]
    decide = [seat.decider(game) for seat in seats]
    pending = game.pending
    while pending:
        seat = pending[0].seat
        if seat < 0:
            game.resolve_chance()
        else:
            game.apply(decide[seat](game), check=checks[seat])
    return game


def result_of(index: int, game: Game) -> Result:
    """The result of a finished game: match totals and places from the fast totals
    (``ranked_places``: tie-breaks only for tied kingdoms), never full breakdowns."""
    current = [game.score_total(k) for k in range(len(game.kingdoms))]
    totals = match_totals(game, current)
    place_of = {}
    for place, kingdoms in enumerate(ranked_places(game, current)):
        for k in kingdoms:
            place_of[k] = place
    kingdom_of = game.engine.seat_kingdom  # seat -> kingdom
    return Result(
        index=index,
        scores=tuple([totals[k] for k in kingdom_of]),
        places=tuple([place_of[k] for k in kingdom_of]),
        winners=tuple([s for s, k in enumerate(kingdom_of) if place_of[k] == 0]),
    )


_ENGINES: dict[str, Engine] = {}


@frozen(kw_only=True, slots=True)
class Tables:
    """What the jobs of one run share in one process: engines by player count and
    seats by agent specs (agents keep nothing from one game to the next: each
    decision draws its own numbers)."""

    engines: dict[int, Engine]
    seats: dict[tuple[str, ...], list[Seat]]


def play_jobs(
    ruleset: Ruleset,
    seed: int,
    jobs: Sequence[Job],
    tables: Tables | None = None,
    kernel: str = "python",
) -> list[Result]:
    """Play ``jobs`` (the worker function: picklable arguments only). ``tables``:
    engines and seats kept from earlier calls of the same run in this process;
    ``kernel``: ``"fast"`` plays them in the compiled kernel (``fast_engine``)."""
    return list(iter_results(ruleset, seed, jobs, tables, kernel))


#: Games whose seeds and decision streams are computed together (see iter_results).
BLOCK = 32


def iter_results(
    ruleset: Ruleset,
    seed: int,
    jobs: Sequence[Job],
    tables: Tables | None = None,
    kernel: str = "python",
) -> Iterator[Result]:
    """Play ``jobs`` in order, each result given as soon as its game ends.

    The seeds and decision streams of a block of games are hashed together, before
    the block is played: between two games the hash's code has left the CPU caches,
    and hashing there costs about twice as much (a few per cent of a random game).
    ``kernel="fast"``: the compiled kernel plays them (the same games, docs/fast.md).
    """
    tables = tables or Tables(engines={}, seats={})
    if kernel == "fast" and jobs:
        from .fast_engine import fast_results

        compiled, _ = _table(ruleset, jobs[0].specs, tables)
        seeds = [game_seed(seed, job.deal) for job in jobs]
        yield from fast_results(compiled, seeds, jobs)
        return
    for start in range(0, len(jobs), BLOCK):
        block = jobs[start : start + BLOCK]
        seeds = [game_seed(seed, job.deal) for job in block]
        prepare_streams(seeds)
        for job, job_seed in zip(block, seeds, strict=True):
            engine, seats = _table(ruleset, job.specs, tables)
            yield result_of(job.index, play_one(engine, seats, job_seed))


def _table(ruleset: Ruleset, specs: tuple[str, ...], tables: Tables) -> tuple[Engine, list[Seat]]:
    """The engine and seats of a job, made once per run and process."""
    engine = tables.engines.get(len(specs))
    if engine is None:
        key = repr((ruleset, len(specs)))
        engine = _ENGINES.get(key)
        if engine is None:
            engine = _ENGINES[key] = Engine(ruleset, len(specs))
        tables.engines[len(specs)] = engine
    seats = tables.seats.get(specs)
    if seats is None:
        entries = [PlayerEntry(name=f"P{i + 1}", agent=s) for i, s in enumerate(specs)]
        seats = tables.seats[specs] = make_seats(entries, allow_human=False)
    return engine, seats


def chunks(jobs: Sequence[Job], workers: int) -> list[list[Job]]:
    """Jobs in chunks: big enough to amortise sending them, small enough to balance."""
    size = max(1, min(200, math.ceil(len(jobs) / (max(1, workers) * 8))))
    return [list(jobs[s : s + size]) for s in range(0, len(jobs), size)]


def run_jobs(
    ruleset: Ruleset,
    seed: int,
    jobs: Sequence[Job],
    *,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    progress: Callable[[int], None] | None = None,
    on_results: Callable[[list[Result]], None] | None = None,
    start_method: str | None = None,
    engine: str = "python",
) -> list[Result]:
    """Play every job; results in job order. ``engine``: ``"fast"`` plays them in the
    compiled kernel (``fast_engine.resolve`` decides; the Ray backend always runs
    the Python engine). ``on_results`` sees each finished chunk
    as soon as it arrives (to save it), ``progress`` the number of games done.

    An interruption (Ctrl-C) stops the workers and propagates; the chunks already
    passed to ``on_results`` are kept by the caller.
    """
    found: list[Result] = []

    def arrived(chunk: list[Result]) -> None:
        found.extend(chunk)
        if on_results:
            on_results(chunk)
        if progress:
            progress(len(found))
        # A Ctrl-C whose KeyboardInterrupt Python swallowed still stops the run.
        interrupts.check()

    if backend == "ray":
        from .ray_backend import run_on_ray

        run_on_ray(ruleset, seed, jobs, address=address, workers=workers, arrived=arrived)
    elif workers <= 1 or len(jobs) <= 1:
        step = max(1, min(50, len(jobs) // 100 or 1))  # games between two reports
        done: list[Result] = []
        for result in iter_results(ruleset, seed, jobs, kernel=engine):
            done.append(result)
            if len(done) == step:
                arrived(done)
                done = []
        if done:
            arrived(done)
    else:
        _run_pool(ruleset, seed, jobs, workers, arrived, start_method, engine)
    return sorted(found, key=lambda r: r.index)


def _run_pool(
    ruleset: Ruleset,
    seed: int,
    jobs: Sequence[Job],
    workers: int,
    arrived: Callable[[list[Result]], None],
    start_method: str | None,
    engine: str = "python",
) -> None:
    context = multiprocessing.get_context(start_method)
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_worker_init)
    try:
        pending: set[Any] = {
            pool.submit(play_jobs, ruleset, seed, c, None, engine) for c in chunks(jobs, workers)
        }
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                arrived(future.result())
    except BaseException:
        # Ctrl-C (or a failure): stop now. Waiting would finish every running chunk.
        _stop(pool)
        raise
    pool.shutdown()


def _worker_init() -> None:
    """Workers leave Ctrl-C to the main process, which stops them (no traceback each)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop(pool: ProcessPoolExecutor) -> None:
    """Cancel queued work and end the workers at once."""
    processes = list((getattr(pool, "_processes", None) or {}).values())  # no public way in 3.11
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(timeout=5)
    # The pool's manager thread closes its wake-up pipe once it sees the workers gone;
    # Python 3.11's exit hook writes to that pipe without a lock, and losing that race
    # printed "OSError: [Errno 9] Bad file descriptor" after "kd: interrupted".
    # Waiting for the thread here closes the pipe before the exit hook runs.
    if manager is not None:
        manager.join(timeout=5)
