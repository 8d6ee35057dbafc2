"""Exit statuses of ``kd``, one per kind of failure (documented in docs/cli-reference.md)."""

from __future__ import annotations

import enum

from kingdomino_core.i18n import package_translation

_ = package_translation("kingdomino_cli")


class ExitCode(enum.IntEnum):
    OK = 0
    #: Something unexpected (a bug): please report it, with ``--debug`` output.
    INTERNAL = 1
    #: Bad command-line usage (typer/click's own status).
    USAGE = 2
    #: The ruleset is invalid, or a plugin cannot be loaded.
    RULESET = 3
    #: An input file (kingdom text, saved game) is malformed.
    INPUT = 4
    #: A saved game does not replay (``kd replay --verify``).
    REPLAY = 5
    #: A plugin raised inside a hook during a game.
    PLUGIN = 6
    #: Refused to run plugin files the user did not allow (docs/trust.md).
    CODE_NOT_ALLOWED = 7
    #: ``--backend ray`` could not start a local Ray instance or reach the cluster.
    BACKEND = 8
    #: Interrupted by the user (Ctrl-C).
    INTERRUPTED = 130
    #: Stopped by SIGTERM during a run of games (``kd simulate``, ``kd tournament``):
    #: its workers are stopped, a tournament keeps the games it saved.
    TERMINATED = 143


#: The command being run (``kd play``), for the hint under a usage error; set by ``main``.
COMMAND = {"path": "kd"}


def usage_hint() -> str:
    """The line printed under every usage error."""
    return _("kd: hint: '{command} --help' lists the options").format(command=COMMAND["path"])


def error_line(message: object) -> str:
    """One error as ``kd`` prints it on stderr (``kd: error: ...``), in the language
    of the moment; ``message`` is already in it."""
    return _("kd: error: {message}").format(message=message)
