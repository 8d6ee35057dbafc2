"""Ctrl-C, noted where long loops can see it.

Python may swallow the ``KeyboardInterrupt`` that a Ctrl-C raises when it lands
inside a finalizer run by the garbage collector ("Exception ignored in ..."): the
program would then go on as if nothing happened. ``kd``'s handler notes every
Ctrl-C here as well, and the loops that run many games (``kd simulate``,
``kd tournament``) call :func:`check` between games, so an interruption always
stops them.
"""

from __future__ import annotations

_noted: list[bool] = []


def note() -> None:
    """Record that Ctrl-C was pressed."""
    _noted.append(True)


def reset() -> None:
    """Forget earlier interruptions (a new command starts)."""
    _noted.clear()


def requested() -> bool:
    """True once Ctrl-C was pressed since the last :func:`reset`."""
    return bool(_noted)


def check() -> None:
    """Raise ``KeyboardInterrupt`` if Ctrl-C was pressed and not yet acted on."""
    if _noted:
        raise KeyboardInterrupt
