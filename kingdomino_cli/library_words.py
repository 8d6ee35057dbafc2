"""The words typer and click write for ``kd`` (help screens, usage errors), in kd's catalog.

typer marks its own words with the standard library's ``gettext.gettext`` (default
domain ``messages``): ``typer.core`` calls it as ``_`` when it formats help and
usage errors, ``typer.rich_utils`` once, at import, for the titles of its help panels.
Changing the process's gettext domain would change every other library's words too
(and an embedding program's), so ``kd`` does not: inside :func:`speaking_kd`, and only
there, ``typer.core``'s ``_`` looks its messages up in the ``kingdomino_cli`` catalog
(the same msgids, listed in :data:`TYPER_MESSAGES` so the catalog tool extracts them),
and the panel titles are that catalog's; both are put back on the way out.

typer runs its own copy of click (``typer._click``), whose words are plain English,
not marked for gettext: its help option, the ``Usage:`` of the usage line and its
usage errors. ``kd`` writes those in its own words: the help option's text and the
usage line's prefix where kd builds its commands (:func:`translate_click_words`), and
a usage error from its kind and parts (:func:`usage_error_text`): the option named,
the value refused, matched in click's English messages by :data:`_CLICK_MESSAGES`.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from typing import Any

import typer.core
import typer.rich_utils
from typer._click import exceptions as click_errors
from typer._click.core import Context
from typer._click.formatting import HelpFormatter

from kingdomino_core.i18n import package_translation

_ = package_translation("kingdomino_cli")
_l = _.lazy

#: typer's own gettext messages (``typer.core``), as it writes them: the catalog
#: tool extracts them from here, and :func:`speaking_kd` looks them up.
TYPER_MESSAGES = (
    _l("(dynamic)"),
    _l("Aborted!"),
    _l("default: {default}"),
    _l("required"),
    _l("env var: {var}"),
    _l("Arguments"),
    _l("Options"),
    _l("Commands"),
    _l("Missing command."),
    _l("No such command {name!r}."),
)

#: The titles and marks of typer's help panels (``typer.rich_utils``, read at import).
PANEL_WORDS = {
    "ARGUMENTS_PANEL_TITLE": _l("Arguments"),
    "OPTIONS_PANEL_TITLE": _l("Options"),
    "COMMANDS_PANEL_TITLE": _l("Commands"),
    "ERRORS_PANEL_TITLE": _l("Error"),
    "REQUIRED_LONG_STRING": _l("[required]"),
    "DEFAULT_STRING": _l("[default: {}]"),
    "ENVVAR_STRING": _l("[env var: {}]"),
    "DEPRECATED_STRING": _l("(deprecated) "),
    "ABORTED_TEXT": _l("Aborted."),
}

#: click's help option, as kd shows it.
HELP_OPTION = _l("Show this message and exit.")
#: The start of a usage line (click writes ``"Usage: "``).
USAGE_PREFIX = _l("Usage: ")


def _kd_gettext(message: str) -> str:
    return _(message)


@contextlib.contextmanager
def speaking_kd() -> Iterator[None]:
    """typer's words from kd's catalog inside the block, as they were after it."""
    saved = {name: getattr(typer.rich_utils, name) for name in PANEL_WORDS}
    saved_gettext = typer.core.__dict__.get("_")
    for name, text in PANEL_WORDS.items():
        setattr(typer.rich_utils, name, str(text))
    setattr(typer.core, "_", _kd_gettext)  # noqa: B010 (typer.core's own gettext)
    try:
        yield
    finally:
        for name, value in saved.items():
            setattr(typer.rich_utils, name, value)
        setattr(typer.core, "_", saved_gettext)  # noqa: B010


class _KdHelpFormatter(HelpFormatter):
    """click's formatter with the usage line's prefix in kd's language."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, args, str(USAGE_PREFIX) if prefix is None else prefix)


class _KdContext(Context):
    formatter_class = _KdHelpFormatter


def translate_click_words(command: Any) -> None:
    """The help option and the usage line of ``command`` (a click command kd built)
    in the language of the moment."""
    command.context_class = _KdContext
    option = command.get_help_option(Context(command))
    if option is not None:
        option.help = str(HELP_OPTION)


# click's usage errors, matched in its English: (pattern, kd's words with the same fields).
_CLICK_MESSAGES = (
    (r"No such option: (?P<option>.*)", _l("No such option: {option}")),
    (r"(?P<value>.*) is not a valid int( range)?\.", _l("{value} is not a valid integer.")),
    (r"(?P<value>.*) is not a valid float( range)?\.", _l("{value} is not a valid number.")),
    (r"(?P<value>.*) is not a valid UUID\.", _l("{value} is not a valid UUID.")),
    (
        r"(?P<value>.*) is not a valid boolean\. Recognized values: (?P<values>.*)",
        _l("{value} is not a valid boolean. Recognized values: {values}"),
    ),
    (
        r"(?P<value>.*) is not in the range (?P<range>.*)\.",
        _l("{value} is not in the range {range}."),
    ),
    (r"Option (?P<option>.*) requires an argument\.", _l("Option {option} requires an argument.")),
    (
        r"Option (?P<option>.*) requires (?P<count>\d+) arguments\.",
        _l("Option {option} requires {count} arguments."),
    ),
    (
        r"Option (?P<option>.*) does not take a value\.",
        _l("Option {option} does not take a value."),
    ),
    (
        r"Got unexpected extra argument\(s\) \((?P<arguments>.*)\)",
        _l("Got unexpected extra argument(s) ({arguments})"),
    ),
    (
        r"Argument (?P<name>.*) takes (?P<count>\d+) values\.",
        _l("Argument {name} takes {count} values."),
    ),
    (
        r"(?P<wanted>\d+) values are required, but (?P<given>\d+) given\.",
        _l("{wanted} values are required, but {given} given."),
    ),
    (
        r"Takes (?P<wanted>\d+) values but (?P<given>\d+) given\.",
        _l("Takes {wanted} values but {given} given."),
    ),
    (
        r"(?P<value>.*) does not match the formats (?P<formats>.*)\.",
        _l("{value} does not match the formats {formats}."),
    ),
)
_MATCHERS = tuple((re.compile(pattern, re.DOTALL), words) for pattern, words in _CLICK_MESSAGES)

_MISSING = {
    "argument": _l("Missing argument {name}."),
    "option": _l("Missing option {name}."),
    "parameter": _l("Missing parameter {name}."),
}


def click_text(message: str) -> str:
    """One of click's messages in kd's words (any other message, kd's or typer's
    already translated, as it is)."""
    for pattern, words in _MATCHERS:
        found = pattern.fullmatch(message)
        if found:
            fields = {k: v for k, v in found.groupdict().items() if v is not None}
            return str(words.format(**fields))
    return message


def _hint(exc: click_errors.BadParameter) -> str | None:
    hint = exc.param_hint
    if hint is None and exc.param is not None:
        hint = exc.param.get_error_hint(exc.ctx)  # type: ignore[arg-type]
    if hint is None:
        return None
    return " / ".join(repr(h) for h in hint) if not isinstance(hint, str) else hint


def usage_error_text(exc: Exception) -> str:
    """A usage error of click in kd's words, in the language of the moment."""
    if isinstance(exc, click_errors.MissingParameter):
        kind = exc.param_type or (exc.param.param_type_name if exc.param else "parameter")
        words = _MISSING.get(kind, _MISSING["parameter"])
        text = str(words.format(name=_hint(exc) or ""))
        return f"{text} {click_text(exc.message)}" if exc.message else text
    if isinstance(exc, click_errors.BadParameter):
        hint = _hint(exc)
        message = click_text(exc.message)
        if hint is None:
            return _("Invalid value: {message}").format(message=message)
        return _("Invalid value for {name}: {message}").format(name=hint, message=message)
    if isinstance(exc, click_errors.NoSuchOption):
        text = click_text(exc.message)
        if exc.possibilities:
            options = ", ".join(sorted(exc.possibilities))
            text = _("{message} (Possible options: {options})").format(
                message=text, options=options
            )
        return text
    if isinstance(exc, click_errors.UsageError):
        return click_text(exc.message)
    format_message = getattr(exc, "format_message", None)
    return format_message() if callable(format_message) else str(exc)
