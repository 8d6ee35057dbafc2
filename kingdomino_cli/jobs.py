"""What a job of ``kd simulate`` / ``kd tournament`` is, and how one is played.

A :class:`Job` is one game: a deal number and the agent spec of every seat. The
game's seed depends only on the run's seed and the deal (``game_seed``), so every
seating of a deal plays the same dominoes in the same order of draws, and a job
gives the same result wherever it runs: in this process, in worker processes or on
a Ray cluster. :func:`play_jobs` is the function every backend runs; it takes only
picklable values (the ruleset, the run seed, the jobs) and builds its own engine,
so it works with ``fork``, ``spawn`` and Ray. Where the jobs run is
:mod:`kingdomino_cli.runner`'s business.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

from attrs import frozen

from kingdomino_core import Engine, Game, Ruleset, match_totals, ranked_places
from kingdomino_core.rulesets.files import checked_engine
from kingdomino_core.saves.savegame import PlayerEntry, derive_seed
from kingdomino_play import Seat
from kingdomino_play.decision_random import prepare_streams

from .players import make_seats


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

    Moves of agents that declare ``legal_moves_only`` (the built-in bots: they pick
    from the engine's own legal list) are not checked again; every other agent's
    moves are, and an illegal one raises ``IllegalActionError``. The game hooks are
    not checked either (``check_hooks=False``): a job plays the same plugins game
    after game; ``kd play`` and the testing kit's ``conformance`` check them.
    """
    game = engine.new_game(seed=seed, check_hooks=False)
    checks = [not seat.legal_moves_only for seat in seats]
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
    if game.engine.total_first_ranking:  # the first place wins
        won = {k for k, place in place_of.items() if place == 0}
    else:  # the rules may decide the winners themselves: none, or not the first
        won = set(game.ranking().winners)
    return Result(
        index=index,
        scores=tuple([totals[k] for k in kingdom_of]),
        places=tuple([place_of[k] for k in kingdom_of]),
        winners=tuple([s for s, k in enumerate(kingdom_of) if k in won]),
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
        for index, scores, places, winners in fast_results(compiled, seeds, jobs):
            yield Result(index=index, scores=scores, places=places, winners=winners)
        return
    for start in range(0, len(jobs), BLOCK):
        block = jobs[start : start + BLOCK]
        seeds = [game_seed(seed, job.deal) for job in block]
        prepare_streams(seeds)
        for job, job_seed in zip(block, seeds, strict=True):
            game_engine, seats = _table(ruleset, job.specs, tables)
            yield result_of(job.index, play_one(game_engine, seats, job_seed))


def _table(ruleset: Ruleset, specs: tuple[str, ...], tables: Tables) -> tuple[Engine, list[Seat]]:
    """The engine and seats of a job, made once per run and process."""
    engine = tables.engines.get(len(specs))
    if engine is None:
        key = repr((ruleset, len(specs)))
        engine = _ENGINES.get(key)
        if engine is None:
            # the engine the ruleset's check built, in the process that loaded it
            checked = checked_engine(ruleset, len(specs))
            engine = _ENGINES[key] = checked or Engine(ruleset, len(specs))
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
