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
from kingdomino_core.i18n import package_translation

_ = package_translation("kingdomino_cli")

ENGINES = ("python", "fast", "auto")

#: auto: the Python engine's estimated CPU seconds above which loading the kernel
#: from numba's cache pays (importing numba and loading it cost about 1 s of CPU).
WARM_SECONDS = 2.0
#: auto: the same on a cold cache (compiling takes 5 to 60 s, by the host's load).
COLD_SECONDS = 120.0
#: The Python engine's CPU seconds per game (measured on 4-player base games, see
#: docs/performance.md): the loop and random seats, plus this per greedy seat.
PYTHON_GAME = 0.0012
PYTHON_GREEDY_SEAT = 0.0035
#: Games per kernel call: big enough to amortise the call, small enough for progress.
BLOCK = 2048


def unavailable() -> str | None:
    """Why the kernel cannot run here (None: numba and numpy import)."""
    try:
        import kingdomino_fast.loop  # noqa: F401
    except ImportError as exc:
        return _(
            "the fast engine needs numba and numpy (pip install -e '.[fast]'): {error}"
        ).format(error=exc)
    return None


def _cache_warm() -> bool:
    """Whether numba's disk cache holds the compiled match loop already (wherever
    numba keeps it: next to the module, or its user-wide or NUMBA_CACHE_DIR folder)."""
    try:
        from kingdomino_fast.loop import play_batch

        folder = Path(play_batch._cache._cache_path)  # type: ignore[attr-defined]
    except (ImportError, AttributeError):
        return False
    return any(folder.glob("loop.play_batch-*.nbi"))


def problem(engine: Engine, specs: Sequence[str]) -> str | None:
    """Why the kernel cannot play this run (None: it can, exactly)."""
    missing = unavailable()
    if missing is not None:
        return missing
    from kingdomino_fast.tables import agents_problem, engine_problem

    return engine_problem(engine) or agents_problem(specs)


def python_seconds(engine: Engine, specs: Sequence[Sequence[str]]) -> float:
    """The Python engine's estimated CPU time for games seated ``specs`` (7x7
    kingdoms count double)."""
    seconds = sum(PYTHON_GAME + PYTHON_GREEDY_SEAT * row.count("greedy") for row in specs)
    return seconds * (2.0 if engine.config.kingdom_size > 5 else 1.0)


def resolve(choice: str, engine: Engine, specs: Sequence[Sequence[str]]) -> str:
    """``python`` or ``fast`` for ``--engine choice`` and the games seated ``specs``;
    ``ValueError`` with the reason when ``fast`` was asked for and cannot run."""
    if choice == "python":
        return "python"
    seconds = python_seconds(engine, specs)
    if choice == "auto" and seconds < WARM_SECONDS:
        return "python"  # a small run: not even numba is imported
    agents = sorted({spec for row in specs for spec in row})
    why = problem(engine, agents)
    if choice == "fast":
        if why is not None:
            raise ValueError(_("--engine fast: {reason}").format(reason=why))
        return "fast"
    if why is not None or (seconds < COLD_SECONDS and not _cache_warm()):
        return "python"
    return "fast"


def fast_results(
    engine: Engine, seeds: Sequence[int], jobs: Sequence[Any]
) -> Iterator[tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]]:
    """The results of ``jobs`` (whose game seeds are ``seeds``) from the kernel, in
    order, a block at a time: per job ``(index, scores, places, winners)``, the
    fields of the ``jobs.Result`` that the Python path gives (:mod:`kingdomino_cli.jobs`
    makes them into one; this module does not import it, which would be a cycle)."""
    from kingdomino_fast.batch import play

    kingdom_of = engine.seat_kingdom
    for start in range(0, len(jobs), BLOCK):
        block = jobs[start : start + BLOCK]
        played = play(engine, seeds[start : start + BLOCK], [job.specs for job in block])
        totals = played.totals.tolist()
        places = played.places.tolist()
        for g, job in enumerate(block):
            place = [places[g][k] for k in kingdom_of]
            yield (
                job.index,
                tuple([totals[g][k] for k in kingdom_of]),
                tuple(place),
                tuple([s for s, p in enumerate(place) if p == 0]),
            )
