"""Running jobs on a Ray cluster (``--backend ray``; ``pip install -e '.[ray]'``).

Each chunk of jobs is one Ray task running :func:`kingdomino_cli.jobs.play_jobs`,
the same function local workers run, so a seed gives exactly the same results on
both backends. ``address`` joins an existing cluster (``"auto"``, ``"ray://host:10001"``
or ``"host:6379"``); without it a local Ray instance is started for the run with
``workers`` CPUs. Ctrl-C stops that instance, or on a joined cluster cancels the
tasks still pending.

Standard output is ``kd``'s alone (``--json`` is one JSON document): while Ray runs,
whatever it writes there (the driver prints the cluster's error messages and
warnings to ``sys.stdout``; its processes inherit file descriptor 1) goes to
standard error instead. A Ray that cannot start, or a cluster that cannot be
reached, is one :class:`RayStartError` (``kd`` exits 8), never a traceback.

Every node needs this package (and any plugin the ruleset uses) installed; local
plugin files must exist at the same path on every node.
"""

from __future__ import annotations

import contextlib
import os
import socket
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from kingdomino_core import KingdominoError, Ruleset
from kingdomino_core.i18n import package_translation

from . import interrupts
from .jobs import Job, Result, chunks, play_jobs

_ = package_translation("kingdomino_cli")

#: Seconds to wait for a cluster's address to answer before giving up.
CONNECT_SECONDS = 10.0


class RayStartError(KingdominoError):
    """``--backend ray`` could not start a local Ray instance or reach the cluster
    (``kd`` exits with status 8, ``ExitCode.BACKEND``)."""


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise RayStartError(_("--backend ray needs Ray: pip install -e '.[ray]'")) from None
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
    with stdout_to_stderr():
        started = False
        if not ray.is_initialized():
            _start(ray, address, workers)
            started = True
        try:
            # ray.init sets its own SIGTERM handler (exit status 15): SIGTERM must
            # stop the run as Ctrl-C does, and kd exit 143 (interrupts.Terminated).
            # Ray's waits take only a KeyboardInterrupt well from a signal handler.
            with interrupts.terminating(KeyboardInterrupt):
                _run(ray, ruleset, seed, jobs, workers, arrived, started)
        except KeyboardInterrupt:
            if interrupts.terminated():
                raise interrupts.Terminated from None
            raise
        finally:
            if started:
                ray.shutdown()


def _start(ray: Any, address: str | None, workers: int) -> None:
    """Start a local Ray instance, or join the cluster at ``address``."""
    if address is not None:
        reachable(address)
    try:
        if address is None:
            ray.init(
                num_cpus=max(1, workers),
                include_dashboard=False,
                log_to_driver=False,
                configure_logging=False,
            )
        else:
            ray.init(address=address, log_to_driver=False, configure_logging=False)
    except Exception as exc:
        with contextlib.suppress(Exception):
            ray.shutdown()  # a half-started instance stops here, not at exit
        reason = " ".join(str(exc).split()) or type(exc).__name__
        words = (
            _("--backend ray: could not start a local Ray instance: {reason}")
            if address is None
            else _("--backend ray: could not join {address!r}: {reason}")
        )
        raise RayStartError(words.format(address=address, reason=reason)) from exc


def reachable(address: str) -> None:
    """Refuse at once a ``host:port`` address where nothing answers (Ray itself
    retries for minutes); ``auto`` and ``ray://`` addresses are left to Ray."""
    if address == "auto" or "://" in address:
        return
    host, _sep, port = address.rpartition(":")
    if not host or not port.isdigit():
        raise RayStartError(
            _(
                "--backend ray: --address {address!r}: expected auto, ray://HOST:PORT or HOST:PORT"
            ).format(address=address)
        )
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_SECONDS).close()
    except (OSError, OverflowError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise RayStartError(
            _(
                "--backend ray: nothing answers at --address {address!r} ({reason}); "
                "is the cluster started (ray start --head)?"
            ).format(address=address, reason=reason)
        ) from None


def _run(
    ray: Any,
    ruleset: Ruleset,
    seed: int,
    jobs: Sequence[Job],
    workers: int,
    arrived: Callable[[list[Result]], None],
    started: bool,
) -> None:
    cpus = int(ray.cluster_resources().get("CPU", workers)) or 1
    task = ray.remote(num_cpus=1, max_retries=2)(play_jobs)
    pending = [task.remote(ruleset, seed, chunk) for chunk in chunks(jobs, cpus)]
    try:
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                arrived(ray.get(ref))
    except BaseException:
        # A Ray instance started for the run stops with it (shutdown in run_on_ray). On
        # a cluster we joined, our tasks are cancelled, not force-killed: killing a
        # worker while its reply is on the way can abort this process inside Ray
        # ("Tried to complete task that was not pending"), seen in CI.
        if not started:
            for ref in pending:
                ray.cancel(ref)
        raise


@contextlib.contextmanager
def stdout_to_stderr() -> Iterator[None]:
    """While the block runs, what is written to standard output, by Python code
    (``sys.stdout``) or at the file descriptor (child processes, C++ logging), goes
    to standard error; standard output is restored after."""
    sys.stdout.flush()
    saved = None
    with contextlib.suppress(OSError, ValueError):
        out, err = sys.__stdout__, sys.__stderr__
        if out is not None and err is not None:
            out.flush()
            saved = os.dup(out.fileno())
            os.dup2(err.fileno(), out.fileno())
    try:
        with contextlib.redirect_stdout(sys.stderr):
            yield
    finally:
        if saved is not None:
            with contextlib.suppress(OSError, ValueError):
                assert sys.__stdout__ is not None
                sys.__stdout__.flush()
                os.dup2(saved, sys.__stdout__.fileno())
            os.close(saved)
