"""``--engine python|fast|auto``: whether a run's games go through the compiled kernel.

The kernel (``kingdomino_fast``, the ``fast`` extra, docs/fast.md) plays the
covered rulesets and agents exactly as the Python engine does, so the choice
changes only the speed, never a result. ``auto`` (the default) takes the kernel
when it is installed, covers the ruleset and every agent, its compiled code is in
numba's disk cache (loading it takes about half a second) and the run is big
enough to repay that; on a cold cache (the first run after installing, compiling
takes 5 to 60 seconds) only a very big run takes it. Without numba, ``auto`` is the
Python engine, exactly as before the kernel existed.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from kingdomino_core import Engine

ENGINES = ("python", "fast", "auto")

#: auto: the fewest games worth loading the kernel from its cache (about 0.5 s, the
#: time the Python engine takes for about 500 random or 70 greedy 4-player games).
WARM_GAMES = 500
#: auto: the fewest games worth compiling it first (up to a minute on a loaded host).
COLD_GAMES = 100_000
#: Games per kernel call: big enough to amortise the call, small enough for progress.
BLOCK = 2048


def unavailable() -> str | None:
    """Why the kernel cannot run here (None: numba and numpy import)."""
    try:
        import kingdomino_fast.loop  # noqa: F401
    except ImportError as exc:
        return f"the fast engine needs numba and numpy (pip install 'kingdomino[fast]'): {exc}"
    return None


def _cache_warm() -> bool:
    """Whether numba's disk cache holds the compiled match loop already."""
    try:
        import kingdomino_fast
    except ImportError:
        return False
    folder = Path(kingdomino_fast.__file__).parent / "__pycache__"
    return any(folder.glob("loop.play_batch-*.nbi"))


def problem(engine: Engine, specs: Sequence[str]) -> str | None:
    """Why the kernel cannot play this run (None: it can, exactly)."""
    missing = unavailable()
    if missing is not None:
        return missing
    from kingdomino_fast.tables import agents_problem, engine_problem

    return engine_problem(engine) or agents_problem(specs)


def resolve(choice: str, engine: Engine, specs: Sequence[Sequence[str]], games: int) -> str:
    """``python`` or ``fast`` for ``--engine choice``; ``ValueError`` with the reason
    when ``fast`` was asked for and cannot run."""
    if choice == "python":
        return "python"
    agents = sorted({spec for row in specs for spec in row})
    why = problem(engine, agents)
    if choice == "fast":
        if why is not None:
            raise ValueError(f"--engine fast: {why}")
        return "fast"
    if why is not None:
        return "python"
    return "fast" if games >= (WARM_GAMES if _cache_warm() else COLD_GAMES) else "python"


def fast_results(engine: Engine, seeds: Sequence[int], jobs: Sequence[Any]) -> Iterator[Any]:
    """The results of ``jobs`` (whose game seeds are ``seeds``) from the kernel, in
    order, a block at a time (``runner.Result`` values, as the Python path gives)."""
    from kingdomino_fast.batch import play

    from .runner import Result

    kingdom_of = engine.seat_kingdom
    for start in range(0, len(jobs), BLOCK):
        block = jobs[start : start + BLOCK]
        played = play(engine, seeds[start : start + BLOCK], [job.specs for job in block])
        totals = played.totals.tolist()
        places = played.places.tolist()
        for g, job in enumerate(block):
            place = [places[g][k] for k in kingdom_of]
            yield Result(
                index=job.index,
                scores=tuple([totals[g][k] for k in kingdom_of]),
                places=tuple(place),
                winners=tuple([s for s, p in enumerate(place) if p == 0]),
            )
