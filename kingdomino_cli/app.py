"""The ``kd`` application: the typer app, error handling and exit statuses.

Each command lives in its own module and adds itself to :data:`app` through a
``register(app)`` function; this module only wires them and turns our exceptions
into one clear line on stderr and a documented exit status.
"""

from __future__ import annotations

import contextlib
import errno
import os
import signal
import sys
import threading
from collections.abc import Iterator
from typing import Annotated, Any

import typer
import typer.main

from kingdomino_core import KingdominoError, i18n
from kingdomino_core.errors import (
    ConfigError,
    KingdomFormatError,
    PluginError,
    PluginHookError,
    ReplayError,
    RulesetError,
)
from kingdomino_core.i18n import package_translation
from kingdomino_core.inputs.trust import CodeNotAllowedError
from kingdomino_core.saves.savegame import SaveFormatError

from . import interrupts
from .exit_codes import COMMAND, ExitCode, error_line, usage_hint
from .library_words import speaking_kd, translate_click_words, usage_error_text
from .ray_backend import RayStartError

_ = package_translation("kingdomino_cli")
_l = _.lazy

app = typer.Typer(
    name="kd",
    help=_l("Play, score, simulate and replay games of the Kingdomino family."),
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)

_state = {"debug": False}


def _check_language(value: str | None) -> str | None:
    if value is not None and i18n.normalize_language(value) not in i18n.available_languages():
        known = ", ".join(i18n.public_tag(lang) for lang in i18n.available_languages())
        raise typer.BadParameter(
            _("{value!r} is not a language kd speaks (one of: {known})").format(
                value=value, known=known
            )
        )
    return value


@app.callback()
def _root(
    debug: Annotated[
        bool, typer.Option("--debug", help=_l("Show full tracebacks on errors."))
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            metavar="LANG",
            callback=_check_language,
            help=_l(
                "Language of what kd shows: en, fr or zh-Hant (default: from LANGUAGE, "
                "LC_ALL, LC_MESSAGES or LANG)."
            ),
        ),
    ] = None,
) -> None:
    _state["debug"] = debug
    if lang is not None:
        i18n.set_language(lang)


def _language_option(args: list[str]) -> str | None:
    """The ``--lang`` given before the command, read before typer parses (so help and
    usage errors are in that language too)."""
    for position, arg in enumerate(args):
        if arg == "--lang" and position + 1 < len(args):
            return args[position + 1]
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
        if not arg.startswith("-"):
            return None
    return None


def translated_command() -> Any:
    """The click command of :data:`app` with every help text in the language of the
    moment. The help strings are marked (``_l``) where they are written, but typer
    copies them into click's objects as plain text: they are looked up again here, by
    their English text, in this package's catalog."""
    command = typer.main.get_command(app)
    _translate_help(command)
    return command


def _translate_help(command: Any) -> None:
    for attr in ("help", "short_help", "epilog"):
        value = getattr(command, attr, None)
        if isinstance(value, str):
            setattr(command, attr, _(i18n.source_text(value)))
    if command.short_help is not None and command.short_help == command.help:
        command.short_help = None  # made from the help: made again from its translation
    for param in command.params:
        value = getattr(param, "help", None)
        if isinstance(value, str):
            param.help = _(i18n.source_text(value))
    translate_click_words(command)
    for sub in getattr(command, "commands", {}).values():
        _translate_help(sub)


def exit_code_for(exc: KingdominoError) -> ExitCode:
    if isinstance(exc, RayStartError):
        return ExitCode.BACKEND
    if isinstance(exc, CodeNotAllowedError):
        return ExitCode.CODE_NOT_ALLOWED
    if isinstance(exc, PluginHookError):
        return ExitCode.PLUGIN
    if isinstance(exc, RulesetError | PluginError | ConfigError):
        return ExitCode.RULESET
    if isinstance(exc, KingdomFormatError | SaveFormatError):
        return ExitCode.INPUT
    if isinstance(exc, ReplayError):
        return ExitCode.REPLAY
    return ExitCode.INPUT


def _load_commands() -> None:
    import importlib

    for name in _COMMAND_MODULES:
        try:
            module = importlib.import_module(f"kingdomino_cli.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"kingdomino_cli.{name}":
                continue  # not written yet
            raise
        module.register(app)


#: Command modules, each with ``register(app)``.
_COMMAND_MODULES = (
    "cmd_play",
    "cmd_replay",
    "cmd_score",
    "cmd_simulate",
    "cmd_tournament",
    "cmd_ruleset",
    "cmd_plugins",
    "cmd_new_plugin",
    "cmd_serve",
)

_load_commands()


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``kd`` script."""
    args = list(sys.argv[1:] if argv is None else argv)
    debug = "--debug" in args
    COMMAND["path"] = _command_path(args)
    i18n.set_language(_language_option(args))
    try:
        # Without standalone mode, click returns typer.Exit's status instead of raising.
        with _noting_interrupts() as interrupted, speaking_kd():
            status = translated_command()(args=args, standalone_mode=False)
        if status == ExitCode.INTERRUPTED and interrupted:
            # typer turns Ctrl-C into a silent status 130: say what happened.
            print(_("kd: interrupted"), file=sys.stderr)
        if status == ExitCode.TERMINATED and interrupts.terminated():
            print(_("kd: terminated"), file=sys.stderr)
        sys.stdout.flush()  # an output that cannot be written fails here, not at exit
    except KingdominoError as exc:
        if debug:
            raise
        # A ruleset reports every problem at once: one line each.
        lines = exc.problems if isinstance(exc, RulesetError) and exc.problems else (exc,)
        for line in lines:
            print(error_line(line), file=sys.stderr)
        return int(exit_code_for(exc))
    except SystemExit as exc:
        # click ends the program with status 1 on a broken pipe; say what happened.
        cause = exc.__context__
        if isinstance(cause, OSError) and _output_failed(cause):
            return _output_error(cause)
        raise
    except KeyboardInterrupt:
        print(_("kd: interrupted"), file=sys.stderr)
        return int(ExitCode.INTERRUPTED)
    except interrupts.Terminated:
        print(_("kd: terminated"), file=sys.stderr)
        return int(ExitCode.TERMINATED)
    except typer.Exit as exc:
        return int(exc.exit_code)
    except Exception as exc:
        if isinstance(exc, OSError) and _output_failed(exc):
            return _output_error(exc)
        # typer vendors its own copy of click: its exceptions are not click's.
        import click

        click_errors = tuple(
            {click.ClickException}
            | {c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException"}
        )
        if isinstance(exc, click.exceptions.Abort | typer.Abort):
            print(_("kd: aborted"), file=sys.stderr)
            return int(ExitCode.INTERRUPTED)
        if isinstance(exc, click_errors):
            usage_message(exc)
            return int(ExitCode.USAGE)
        if debug:
            raise
        print(
            _("kd: internal error: {error} (run with --debug for details)").format(
                error=f"{type(exc).__name__}: {exc}"
            ),
            file=sys.stderr,
        )
        return int(ExitCode.INTERNAL)
    return status if isinstance(status, int) else 0


@contextlib.contextmanager
def _noting_interrupts() -> Iterator[list[bool]]:
    """Ctrl-C behaves as usual (``KeyboardInterrupt``), and the list yielded becomes
    non-empty when it happened, so ``main`` can report it whoever caught it."""
    seen: list[bool] = []
    interrupts.reset()
    if threading.current_thread() is not threading.main_thread() or (
        signal.getsignal(signal.SIGINT) is not signal.default_int_handler
    ):
        yield seen
        return

    def on_interrupt(signum: int, frame: Any) -> None:
        seen.append(True)
        interrupts.note()
        raise KeyboardInterrupt

    signal.signal(signal.SIGINT, on_interrupt)
    try:
        yield seen
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)


#: Errors of writing to a stream: the reader went away, or the disk is full.
_OUTPUT_ERRNOS = frozenset(
    {errno.EPIPE, errno.ENOSPC, errno.EIO, errno.EFBIG, errno.EDQUOT, errno.EBADF}
)


def _output_failed(exc: OSError) -> bool:
    """True for a failed write to standard output (no file name: a stream, not a path)."""
    return isinstance(exc, BrokenPipeError) or (
        exc.errno in _OUTPUT_ERRNOS and exc.filename is None
    )


def _output_error(exc: OSError) -> int:
    """Exit 4 for output that cannot be written (``kd ... | head -1``, ``> /dev/full``)."""
    reason = _("the reader closed it") if isinstance(exc, BrokenPipeError) else exc.strerror
    with contextlib.suppress(OSError):
        message = _("cannot write the output: {reason}").format(reason=reason)
        print(error_line(message), file=sys.stderr)
    # Python flushes stdout again at exit: point it at /dev/null so that flush is quiet.
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass  # not a real file (tests capture it)
    return int(ExitCode.INPUT)


def _command_path(args: list[str]) -> str:
    """``kd ruleset validate`` from the arguments: the command and sub-command words."""
    words = ["kd"]
    group: typer.Typer | None = app
    lang = _language_option(args)
    if lang is not None and "--lang" in args:
        args = [a for i, a in enumerate(args) if not (a == lang and args[i - 1] == "--lang")]
    for arg in (a for a in args if not a.startswith("-")):
        if group is None:
            break
        groups = {}
        for info in group.registered_groups:
            sub = info.typer_instance
            name = info.name or (sub.info.name if sub is not None else None)
            if isinstance(name, str):
                groups[name] = sub
        if arg in groups:
            group = groups[arg]
        elif arg in {c.name for c in group.registered_commands}:
            group = None
        else:
            break
        words.append(arg)
    return " ".join(words)


def usage_message(exc: Exception) -> None:
    """A usage error as the docs promise: one ``kd: error:`` line, then a hint."""
    message = " ".join(usage_error_text(exc).split())
    if not message:  # a group run with no command: its help was shown instead
        return
    print(error_line(message), file=sys.stderr)
    print(usage_hint(), file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
