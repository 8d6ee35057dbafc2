"""Game configuration: the parameters plugins set in ``kd_configure``.

Plugins write through a :class:`ConfigBuilder`, which records who set each key and
refuses a second plugin silently changing it (:class:`ConfigConflictError`) unless it
says ``override=True``. The result is a frozen :class:`GameConfig`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, overload

from attrs import field, fields, frozen

from ..errors import ConfigConflictError, ConfigError, PlayerCountError
from ..inputs.limits import MAX_PLAYERS
from ..model.geometry import Board, board

T = TypeVar("T")


@frozen(kw_only=True)
class GameConfig:
    """Everything the core needs to run one game (or one Dynasty match)."""

    #: Number of seats (players) at the table.
    players: int
    #: Player counts the active rules allow.
    allowed_players: tuple[int, ...] = (2, 3, 4)
    #: Kingdoms fit in ``kingdom_size x kingdom_size`` (5, or 7 for the larger variants);
    #: for a rectangular kingdom, its longer side (set from ``kingdom_rows`` and
    #: ``kingdom_columns`` when a plugin sets them).
    kingdom_size: int = 5
    #: Rows of a rectangular kingdom (4 for 4x6); 0: ``kingdom_size`` (a square).
    kingdom_rows: int = 0
    #: Columns of a rectangular kingdom (6 for 4x6); 0: ``kingdom_size`` (a square).
    kingdom_columns: int = 0
    #: A rectangular kingdom may be built either way round (4x6 or 6x4, as the
    #: table turns it) instead of with its rows running east to west.
    kingdom_either_way: bool = False
    #: Kingdoms start with their castle on the table (every published game). False:
    #: they start empty and a plugin inserts a ``place_castle`` step for each seat
    #: (docs/house-rules.md, "Kingdom geometry").
    castle_at_start: bool = True
    #: Kings per seat (2 in the 2-player game and the Grand Duel).
    kings_per_seat: int = 1
    #: Which kingdom each seat builds (Teamdomino teammates share one). Empty: one each.
    seat_kingdom: tuple[int, ...] = ()
    #: Dominoes per line; more than the kings means the unpicked ones are discarded.
    line_size: int = 0
    #: Lines drawn over the game (each line gives one round with a pick).
    lines_total: int = 12
    #: Lines laid out face up ahead of the line being picked, so players see what
    #: comes next (0 in every published game: only the line being picked is shown).
    lookahead_lines: int = 0
    #: The dominoes in play: ``(domino set name, box)`` pairs.
    deck: tuple[tuple[str, int], ...] = ()
    #: Games in a match whose scores are summed (3 for Dynasty).
    games: int = 1
    #: Validated plugin options by plugin name.
    options: Mapping[str, Any] = field(factory=dict)
    #: Which plugin set each key (for messages and ``kd ruleset show``).
    provenance: Mapping[str, str] = field(factory=dict)

    @property
    def kingdom_shape(self) -> tuple[int, int]:
        """``(rows, columns)`` of a kingdom: ``(5, 5)`` in the base game, ``(4, 6)`` for 4x6."""
        return self.kingdom_rows or self.kingdom_size, self.kingdom_columns or self.kingdom_size

    @property
    def board(self) -> Board:
        """The shared :class:`~kingdomino_core.model.geometry.Board` of kingdoms of this
        shape (``Engine.board``; a rule registered before the engine exists reads it here)."""
        rows, columns = self.kingdom_shape
        return board(self.kingdom_size, rows, columns, self.kingdom_either_way)

    @property
    def kings(self) -> int:
        """Kings in play: seats times ``kings_per_seat``."""
        return self.players * self.kings_per_seat

    @property
    def kingdoms(self) -> int:
        """Kingdoms built (fewer than the seats when teammates share one)."""
        return max(self.seat_kingdom) + 1 if self.seat_kingdom else self.players

    def kingdom_of(self, seat: int) -> int:
        """The kingdom index seat ``seat`` builds."""
        return self.seat_kingdom[seat] if self.seat_kingdom else seat

    def seats_of(self, kingdom: int) -> tuple[int, ...]:
        """The seats building kingdom ``kingdom``."""
        return tuple(s for s in range(self.players) if self.kingdom_of(s) == kingdom)

    @overload
    def option(self, plugin: str) -> Any: ...
    @overload
    def option(self, plugin: str, cls: type[T]) -> T: ...
    def option(self, plugin: str, cls: type[T] | None = None) -> Any:
        """The validated options of ``plugin``.

        With ``cls`` (the plugin's ``Options`` class), typed: an instance of ``cls``,
        its defaults when the plugin is not active (``config.option(NAME, MyOptions)``
        needs no helper). Without, the stored object or None.
        """
        return typed_option(self.options, plugin, cls)


def typed_option(options: Mapping[str, Any], plugin: str, cls: type[T] | None) -> Any:
    """``options[plugin]``, checked to be a ``cls`` (``cls()`` if absent) when given."""
    found = options.get(plugin)
    if cls is None:
        return found
    if found is None:
        return cls()
    if not isinstance(found, cls):
        raise ConfigError(
            f"the options of plugin {plugin!r} are a {type(found).__name__}, not a {cls.__name__}"
        )
    return found


_KEYS = tuple(
    f.name for f in fields(GameConfig) if f.name not in ("players", "options", "provenance")
)


class ConfigBuilder:
    """Mutable view handed to ``kd_configure``; frozen into :class:`GameConfig`."""

    def __init__(self, players: int, options: Mapping[str, Any]) -> None:
        if isinstance(players, int) and players > MAX_PLAYERS:
            # Before any plugin sees it: a plugin may loop over the seats.
            raise PlayerCountError(players, (), limit=MAX_PLAYERS)
        #: Number of seats (read-only: the ruleset's player count).
        self.players = players
        self._options = dict(options)
        self._values: dict[str, Any] = {}
        self._by: dict[str, str] = {}
        self._plugin = ""

    @overload
    def option(self, plugin: str) -> Any: ...
    @overload
    def option(self, plugin: str, cls: type[T]) -> T: ...
    def option(self, plugin: str, cls: type[T] | None = None) -> Any:
        """The validated options of ``plugin``, typed as for :meth:`GameConfig.option`."""
        return typed_option(self._options, plugin, cls)

    def get(self, key: str, default: Any = None) -> Any:
        """The value a plugin set for ``key`` so far (a ``GameConfig`` field name)."""
        self._check_key(key)
        return self._values.get(key, default)

    def set(self, key: str, value: Any, *, override: bool = False) -> None:
        """Set ``key``; a different value already set by another plugin needs ``override``."""
        self._check_key(key)
        if isinstance(value, list):
            value = tuple(value)
        old_by = self._by.get(key)
        if (
            old_by is not None
            and old_by != self._plugin
            and self._values[key] != value
            and not override
        ):
            raise ConfigConflictError(
                f"plugins {old_by!r} and {self._plugin!r} both set {key}: "
                f"{self._values[key]!r} vs {value!r}"
            )
        self._values[key] = value
        self._by[key] = self._plugin

    def _check_key(self, key: str) -> None:
        if key not in _KEYS:
            raise ConfigError(f"unknown configuration key {key!r}; known: {', '.join(_KEYS)}")

    def build(self) -> GameConfig:
        """The frozen config (``line_size`` defaults to the number of kings)."""
        values = dict(self._values)
        values.setdefault("line_size", 0)
        if values.get("kingdom_rows") or values.get("kingdom_columns"):
            size = values.get("kingdom_size", 5)
            rows, columns = (
                values.get("kingdom_rows") or size,
                values.get("kingdom_columns") or size,
            )
            if isinstance(rows, int) and isinstance(columns, int):  # (else: _check_config says)
                values["kingdom_size"] = max(rows, columns)
        config = GameConfig(
            players=self.players, options=self._options, provenance=dict(self._by), **values
        )
        if not config.line_size:
            config = _evolve(config, line_size=config.kings)
        return config


def _evolve(config: GameConfig, **changes: Any) -> GameConfig:
    import attrs

    return attrs.evolve(config, **changes)
