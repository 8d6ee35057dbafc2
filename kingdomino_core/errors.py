"""The exception tree. Every error the engine raises on bad input is one of these.

Each carries a one-line message that names the bad value and what was expected, so
the CLI can print it as it is.
"""

from __future__ import annotations

from collections.abc import Sequence


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
            f"unknown plugin {name!r}; available: {', '.join(self.available) or '(none)'}"
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
    """A ruleset is invalid. ``problems`` lists every problem found, each one line."""

    def __init__(self, problems: Sequence[str]) -> None:
        #: One line per problem, naming file, key and expected value where known.
        self.problems = tuple(problems)
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
    """An action is not legal now. ``rule`` names the rule it breaks."""

    def __init__(self, rule: str, message: str) -> None:
        #: The id of the broken rule (``"base.connects"``, ``"claim.choices"``).
        self.rule = rule
        #: Why, in words, without the rule id.
        self.message = message
        super().__init__(f"illegal action ({rule}): {message}")


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
