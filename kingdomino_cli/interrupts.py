"""Ctrl-C and SIGTERM, noted where long loops can see it.

Python may swallow the ``KeyboardInterrupt`` that a Ctrl-C raises when it lands
inside a finalizer run by the garbage collector ("Exception ignored in ..."): the
program would then go on as if nothing happened. ``kd``'s handler notes every
Ctrl-C here as well, and the loops that run many games (``kd simulate``,
``kd tournament``) call :func:`check` between games, so an interruption always
stops them.

SIGTERM (what ``kill``, ``timeout`` and job schedulers send) stops those loops the
same way, through :func:`terminating`: the run's worker processes are stopped, a
tournament keeps the games it saved, and ``kd`` exits with status 143
(``ExitCode.TERMINATED``) after "kd: terminated".
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from typing import Any

_noted: list[type[BaseException]] = []


class Terminated(BaseException):
    """Raised in the main thread when ``kd`` gets SIGTERM during a run of games.

    A ``BaseException``, like ``KeyboardInterrupt``, so that no ``except Exception``
    on the way takes it for an error; ``kd`` exits with status 143.
    """


def note(kind: type[BaseException] = KeyboardInterrupt) -> None:
    """Record that Ctrl-C was pressed (or, with ``Terminated``, that SIGTERM came)."""
    _noted.append(kind)


def reset() -> None:
    """Forget earlier interruptions (a new command starts)."""
    _noted.clear()


def requested() -> bool:
    """True once Ctrl-C was pressed (or SIGTERM came) since the last :func:`reset`."""
    return bool(_noted)


def terminated() -> bool:
    """True once SIGTERM came during a run since the last :func:`reset`."""
    return Terminated in _noted


def check() -> None:
    """Raise ``KeyboardInterrupt`` (``Terminated`` after SIGTERM) if an interruption
    came and was not yet acted on."""
    if _noted:
        raise _noted[-1]()


@contextlib.contextmanager
def terminating(raised: type[BaseException] = Terminated) -> Iterator[None]:
    """While the block runs, SIGTERM raises :class:`Terminated` in the main thread
    (so the code stopping the workers runs), instead of ending the process at once.
    Outside the main thread nothing changes (Python lets only it handle signals).

    ``raised=KeyboardInterrupt`` raises that instead (and :func:`terminated` tells
    them apart), for code that handles only Ctrl-C well: Ray's waits turn any other
    exception raised by a signal handler into a ``SystemError``.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def on_term(signum: int, frame: Any) -> None:
        note(Terminated)
        raise raised

    previous = signal.signal(signal.SIGTERM, on_term)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL if previous is None else previous)
