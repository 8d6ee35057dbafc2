"""Running jobs on a Ray cluster (``--backend ray``; ``pip install 'kingdomino[ray]'``).

Each chunk of jobs is one Ray task running :func:`kingdomino_cli.jobs.play_jobs`,
the same function local workers run, so a seed gives exactly the same results on
both backends. ``address`` joins an existing cluster (``"auto"``, ``"ray://host:10001"``
or ``"host:6379"``); without it a local Ray instance is started for the run with
``workers`` CPUs. Ctrl-C stops that instance, or on a joined cluster cancels the
tasks still pending.

Every node needs this package (and any plugin the ruleset uses) installed; local
plugin files must exist at the same path on every node.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kingdomino_core import ConfigError, Ruleset

from .jobs import Job, Result, chunks, play_jobs


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ConfigError("--backend ray needs Ray: pip install 'kingdomino[ray]'") from None
    return ray


def run_on_ray(
    ruleset: Ruleset,
    seed: int,
    jobs: Sequence[Job],
    *,
    address: str | None,
    workers: int,
    arrived: Callable[[list[Result]], None],
) -> None:
    """Play ``jobs`` as Ray tasks; hand each finished chunk to ``arrived``."""
    ray = _ray()
    started = False
    if not ray.is_initialized():
        if address is None:
            ray.init(
                num_cpus=max(1, workers),
                include_dashboard=False,
                log_to_driver=False,
                configure_logging=False,
            )
        else:
            ray.init(address=address, log_to_driver=False, configure_logging=False)
        started = True
    try:
        cpus = int(ray.cluster_resources().get("CPU", workers)) or 1
        task = ray.remote(num_cpus=1, max_retries=2)(play_jobs)
        pending = [task.remote(ruleset, seed, chunk) for chunk in chunks(jobs, cpus)]
        try:
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                for ref in done:
                    arrived(ray.get(ref))
        except BaseException:
            # A Ray instance started for the run stops with it (shutdown below). On a
            # cluster we joined, our tasks are cancelled, not force-killed: killing a
            # worker while its reply is on the way can abort this process inside Ray
            # ("Tried to complete task that was not pending"), seen in CI.
            if not started:
                for ref in pending:
                    ray.cancel(ref)
            raise
    finally:
        if started:
            ray.shutdown()
