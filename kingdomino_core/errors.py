"""The exception tree. Every error the engine raises on bad input is one of these.

Each carries a one-line message that names the bad value and what was expected, so
the CLI can print it as it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from attrs import evolve, frozen

from .i18n import get_translation

_ = get_translation("kingdomino_core")

#: A key path in a table: ``("options", "base", "tiebreaks", 1)``.
KeyPath = tuple[str | int, ...]


def dotted(path: KeyPath) -> str:
    """``("options", "base", "tiebreaks", 1)`` -> ``options.base.tiebreaks[1]``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


@frozen(kw_only=True, slots=True)
class Problem:
    """One thing wrong with a ruleset: the key it is about, what is wrong, and once
    located, where the key is written.

    Every check of a ruleset (the loader's schema and plugin checks, the engine's own,
    each plugin's ``kd_validate``) reports problems as these values, so the line of a
    problem is found from its ``key`` in the file (never by reading the message), and
    the problems of a whole ``extends`` chain sort by file and line. ``str(problem)``
    is the line a user reads: ``file:line: key.path: message``, each part present
    only when known (``file:line:column`` for a TOML syntax error).
    """

    #: What is wrong and what was expected, in words (no key, no location).
    message: str
    #: The key path the problem is about (``("options", "base", "harmony_points")``);
    #: empty when it is about no one key (then it is located at the plugin list).
    key: KeyPath = ()
    #: The bad value, when there is one (None: none to show or not known).
    value: Any = None
    #: The file it is in, once located ("" until then, or for a ruleset made in code).
    file: str = ""
    #: The 1-based line in ``file`` (0: not known).
    line: int = 0
    #: The 1-based column in ``line`` (0: not known; TOML syntax errors have one).
    column: int = 0

    @classmethod
    def option(cls, plugin: str, name: str | KeyPath, message: str, value: Any = None) -> Problem:
        """A problem with option ``name`` of ``plugin`` (``[options.PLUGIN] name``; a
        tuple for a key inside it): what ``kd_validate`` returns, so the line that
        sets the option is found from its key.
        ``Problem.option("base", "dynasty_games", "at most 100, not 500", 500)``."""
        inner = (name,) if isinstance(name, str) else tuple(name)
        return cls(key=("options", plugin, *inner), message=message, value=value)

    def at(self, file: str, line: int = 0, column: int = 0) -> Problem:
        """This problem located at ``file:line`` (``column`` if known)."""
        return evolve(self, file=str(file), line=line, column=column)

    @property
    def located(self) -> bool:
        """Whether the problem names its file."""
        return bool(self.file)

    def __str__(self) -> str:
        parts = []
        if self.file:
            where = self.file
            if self.line:
                where += f":{self.line}"
                if self.column:
                    where += f":{self.column}"
            parts.append(where)
        if self.key:
            parts.append(dotted(self.key))
        parts.append(self.message)
        return ": ".join(parts)


def key_path(text: str) -> KeyPath | None:
    """The key path ``text`` spells (``options.base.tiebreaks[1]``: the inverse of
    :func:`dotted`) if it is one of a ruleset (it starts at ``ruleset`` or
    ``options``), else None."""
    parts: list[str | int] = []
    for piece in text.split("."):
        name, bracket, rest = piece.partition("[")
        if not name or not all(c.isalnum() or c in "_-" for c in name):
            return None
        parts.append(name)
        while bracket:
            index, closed, rest = rest.partition("]")
            if not closed or not index.isdigit():
                return None
            parts.append(int(index))
            if not rest:
                break
            bracket, rest = rest[:1], rest[1:]
            if bracket != "[":
                return None
    return tuple(parts) if parts[0] in ("ruleset", "options") else None


def as_problem(found: Problem | str) -> Problem:
    """``found`` as a :class:`Problem`.

    A plain string is the form ``kd_validate`` and ``RulesetError`` took before
    problems had keys, still accepted: one that starts with a ruleset key path and
    ``": "`` (``"options.lakes.factor: must be 1 or more"``, as the documentation
    asked plugins to write them) is a problem about that key; any other, about no
    one key (located at the ruleset's plugin list), its text kept whole.
    """
    if isinstance(found, Problem):
        return found
    text = str(found)
    head, sep, message = text.partition(": ")
    key = key_path(head) if sep else None
    return Problem(message=text) if key is None else Problem(key=key, message=message)


class KingdominoError(Exception):
    """Base class of every error this project raises on purpose."""


class PluginError(KingdominoError):
    """A plugin cannot be found, loaded or combined with the others."""


class UnknownPluginError(PluginError):
    """A ruleset names a plugin that is not installed."""

    def __init__(self, name: str, available: Sequence[str]) -> None:
        #: The name asked for.
        self.name = name
        #: The names that are installed.
        self.available = tuple(available)
        super().__init__(
            _("unknown plugin {name!r}; available: {names}").format(
                name=name, names=", ".join(self.available) or _("(none)")
            )
        )


class PluginHookError(PluginError):
    """A plugin raised inside one of its hooks."""

    def __init__(self, plugin: str, hook: str, exc: BaseException) -> None:
        #: The plugin to blame.
        self.plugin = plugin
        #: The hook (or step) it failed in.
        self.hook = hook
        #: The exception it raised.
        self.original = exc
        where = hook if hook.startswith("agent ") else f"hook {hook}"
        super().__init__(f"plugin {plugin!r} failed in {where}: {type(exc).__name__}: {exc}")


class ConfigError(KingdominoError):
    """The game configuration is invalid (bad option, conflicting plugins, ...)."""


class ConfigConflictError(ConfigError):
    """Two plugins set the same configuration key to different values."""


class RulesetError(KingdominoError):
    """A ruleset is invalid. ``found`` holds every problem found, as
    :class:`Problem` values; ``problems``, the same as one line each.

    It may be raised with problems or with plain strings (the older form: each is
    a problem about no one key, its text kept whole).
    """

    def __init__(self, problems: Sequence[Problem | str]) -> None:
        #: Every problem, as a value: its key, message and, once located, file and line.
        self.found: tuple[Problem, ...] = tuple(as_problem(p) for p in problems)
        #: One line per problem, naming file, key and expected value where known.
        self.problems: tuple[str, ...] = tuple(str(p) for p in self.found)
        super().__init__("\n".join(self.problems))


class PlayerCountError(ConfigError):
    """The number of players is not one the ruleset allows."""

    def __init__(
        self, players: int, allowed: Sequence[int], ruleset: str = "", *, limit: int = 0
    ) -> None:
        #: The player count asked for.
        self.players = players
        #: The player counts the ruleset allows (empty when ``limit`` refused it first).
        self.allowed = tuple(allowed)
        where = f" by ruleset {ruleset!r}" if ruleset else ""
        if limit:
            super().__init__(
                f"{players} players is over the limit of {limit} seats (see docs/trust.md, Limits)"
            )
            return
        super().__init__(
            f"{players} players is not allowed{where}; allowed: "
            + ", ".join(str(n) for n in self.allowed)
        )


class IllegalActionError(KingdominoError):
    """An action is not legal now. ``rule`` names the rule it breaks.

    ``message`` is what players are shown: the rules' words, never an id; the ids
    are for programs and logs (``rule``, ``rules``, and ``str(error)``, which
    names them).
    """

    def __init__(self, rule: str, message: str, *, rules: tuple[str, ...] = ()) -> None:
        #: The id of the broken rule (``"base.connects"``, ``"claim.choices"``): the
        #: first one, when several are broken.
        self.rule = rule
        #: The ids of every rule broken, in the order of ``message``'s reasons.
        self.rules = rules or (rule,)
        #: Why, in words, without the rule id.
        self.message = message
        super().__init__(f"illegal action ({', '.join(self.rules)}): {message}")


class GameOverError(IllegalActionError):
    """An action was applied to a finished game."""

    def __init__(self) -> None:
        super().__init__("game.over", "the game is over")


class KingdomFormatError(KingdominoError):
    """A kingdom text file is malformed. Carries the line and column (1-based)."""

    def __init__(self, message: str, *, line: int = 0, column: int = 0, source: str = "") -> None:
        #: The 1-based line of the problem (0: unknown).
        self.line = line
        #: The 1-based column of the problem (0: unknown).
        self.column = column
        #: The file (or other source) read; empty when unknown.
        self.source = source
        #: What is wrong, without the location.
        self.message = message
        where = source or "<kingdom>"
        if line:
            where += f":{line}"
            if column:
                where += f":{column}"
        super().__init__(f"{where}: {message}")


class ReplayError(KingdominoError):
    """A saved game is corrupt or does not reproduce."""
