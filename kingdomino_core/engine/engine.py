"""The engine: a ruleset compiled for a player count, from which games are made.

Building an engine runs the build hooks once: plugins configure the game, register
components and rule objects, and validate the result. Every hook is called through
the engine's hook table (``hooks.table``): one plugin manager, one call loop.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import ConfigError, PlayerCountError, PluginError, RulesetError
from ..hooks.plugins import Catalogue, PluginInfo, default_catalogue, make_plugin_manager
from ..hooks.table import HookTable
from ..inputs.limits import MAX_GAMES, MAX_KINGDOM_SIZE
from ..inputs.strict import dotted, problems, strict_converter
from ..model.actions import PlaceCastle, Step
from ..model.geometry import Board
from ..model.ruleset import Ruleset
from . import castle, steps
from .conditions import PlacementRule
from .config import ConfigBuilder, GameConfig
from .game import Game
from .registry import PlayDomino, Registry
from .rules import RuleBook

#: The same strict converter as ruleset files: no coercion ("no" is not a boolean),
#: no unknown keys, every problem reported with its key path.
_options_converter = strict_converter()


def structure_options(info: PluginInfo, raw: dict[str, Any]) -> tuple[Any, list[str]]:
    """Validate a plugin's option table into its ``Options`` class; return problems."""
    cls = info.options_class
    if cls is None:
        if raw:
            return None, [f"options.{info.name}: plugin {info.name!r} takes no options"]
        return None, []
    try:
        return _options_converter.structure(raw, cls), []
    except Exception as exc:
        return None, [
            f"{dotted(path)}: {message}" for path, message in problems(exc, ("options", info.name))
        ]


class Engine:
    """A compiled ruleset. Immutable after construction; make games with :meth:`new_game`."""

    #: The game parameters the plugins set in ``kd_configure``.
    config: GameConfig
    #: Terrains, domino sets and action classes from ``kd_register_components``.
    registry: Registry
    #: Rule objects and step handlers from ``kd_register_rules``.
    rules: RuleBook
    #: The geometry shared by every kingdom of this engine.
    board: Board
    #: Every domino in play, compiled for play, by id.
    deck: dict[Any, PlayDomino]

    def __init__(
        self, ruleset: Ruleset, players: int, *, catalogue: Catalogue | None = None
    ) -> None:
        #: The ruleset this engine was built from.
        self.ruleset = ruleset
        catalogue = catalogue if catalogue is not None else default_catalogue()
        if ruleset.plugin_files:
            catalogue = catalogue.copy()
            for path in ruleset.plugin_files:
                catalogue.add_file(path)
        #: The active plugins, in the ruleset's order.
        self.plugins = self._resolve_plugins(ruleset, catalogue)
        options = self._options(ruleset)
        #: The pluggy plugin manager of the active plugins, in the ruleset's order.
        self.pm = make_plugin_manager(self.plugins)
        builder = ConfigBuilder(players, options)
        self.registry = registry = Registry()
        self.rules = rules = RuleBook()

        def announce(plugin: str) -> None:  # the builders record who set what
            builder._plugin = registry._plugin = rules._plugin = plugin

        #: Every hook of the active plugins, checked (the default of every game):
        #: ``game.hooks.kd_score_kingdom(game=game, kingdom=0)``.
        self.hooks = hooks = HookTable(self.pm, announce=announce)
        #: The same hooks, game hooks unchecked (``new_game(check_hooks=False)``).
        self.unchecked_hooks = HookTable(self.pm, check=False)
        hooks.kd_configure(config=builder)
        self.config = config = builder.build()
        if (
            not isinstance(players, int)
            or isinstance(players, bool)
            or players not in config.allowed_players
        ):
            raise PlayerCountError(players, config.allowed_players, ruleset.name)

        hooks.kd_register_components(registry=registry, config=config)
        if hooks.implements("kd_adjust_config"):
            hooks.kd_adjust_config(config=builder, registry=registry)
            self.config = config = builder.build()
        rules._plugin = "core"
        steps.register(rules)
        if not config.castle_at_start:  # the castle is a decision (engine/castle.py)
            registry._plugin = "core"
            registry.add_action(PlaceCastle)
            castle.register(rules)
        hooks.kd_register_rules(rules=rules, config=config, registry=registry)
        rules.compile_steps()
        problems: list[str] = []
        for found in hooks.kd_validate(config=config, registry=registry):
            problems.extend(found)
        if not problems:  # a plugin that explains its own option says it better
            problems.extend(self._check_config(config))
        if problems:
            raise RulesetError(problems)

        self.deck = registry.deck(config.deck)
        if not self.deck:
            raise ConfigError("no dominoes in play: no active plugin chose a deck")
        #: Every domino in play, sorted: the draw pile of a new game.
        self.pile: tuple[Any, ...] = tuple(sorted(self.deck))
        #: The geometry of every kingdom (:class:`~kingdomino_core.model.geometry.Board`).
        self.board = config.board
        # Sort the placement rules by how they can be evaluated (see PlacementRule).
        base = PlacementRule
        #: Placement rules with ``square_masks``, ``allowed`` only, and ``check`` only.
        self.square_rules: tuple[PlacementRule, ...] = tuple(
            r for r in rules.placement_rules if type(r).square_masks is not base.square_masks
        )
        #: Placement rules evaluated with ``allowed`` (see ``square_rules``).
        self.mask_rules: tuple[PlacementRule, ...] = tuple(
            r
            for r in rules.placement_rules
            if type(r).square_masks is base.square_masks and type(r).allowed is not base.allowed
        )
        #: Placement rules evaluated per candidate with ``check`` (see ``square_rules``).
        self.check_rules: tuple[PlacementRule, ...] = tuple(
            r
            for r in rules.placement_rules
            if type(r).square_masks is base.square_masks and type(r).allowed is base.allowed
        )
        scorers = hooks.implementers("kd_score_kingdom")
        #: Fast totals of every scoring plugin, or None when one of them has none.
        self.score_totals: tuple[Any, ...] | None = (
            tuple(rules.score_totals[name] for name in scorers)
            if all(name in rules.score_totals for name in scorers)
            else None
        )
        rankers = hooks.implementers("kd_rank")
        #: True when every plugin implementing ``kd_rank`` declared a total-first
        #: ranking (``RuleBook.rank_by_total_first``; see ``match.ranked_places``).
        self.total_first_ranking: bool = all(name in rules.total_first_rankers for name in rankers)
        #: The only ranking plugin's fast tie-break values, if it declared them.
        self.rank_tiebreak: Callable[[Game, int], tuple[int, ...]] | None = (
            rules.tiebreaks.get(rankers[0]) if len(rankers) == 1 else None
        )
        #: The seat owning each king, by king number.
        self.king_owner: tuple[int, ...] = tuple(
            k // config.kings_per_seat for k in range(config.kings)
        )
        #: The kingdom index of each seat (``config.kingdom_of``, as a table).
        self.seat_kingdom: tuple[int, ...] = tuple(
            config.kingdom_of(s) for s in range(config.players)
        )
        #: Each king's claim step (steps are frozen values: every game shares them).
        self.claim_steps: tuple[Step, ...] = tuple(
            Step(kind="claim", seat=self.king_owner[k], king=k) for k in range(config.kings)
        )
        #: True when a domino that fits may never be discarded (a discard rule says it
        #: refuses them all: ``DiscardRule.unconditional``), so moves need not ask.
        self.must_place: bool = not rules.voluntary_discard and any(
            rule.unconditional for rule in rules.discard_rules
        )

    @property
    def players(self) -> int:
        """The number of seats (``config.players``)."""
        return self.config.players

    def new_game(self, seed: int | None = None, *, check_hooks: bool = True) -> Game:
        """A new game; ``seed`` fixes every chance event (a random one if None).

        ``check_hooks=False`` plays it without checking what the game hooks return or
        change (``hooks.results``): for callers that play many games of plugins they
        know, as ``kd simulate`` does. Faults are still named after their plugin.
        """
        return Game(self, seed, check_hooks=check_hooks)

    def hook_table(self, check: bool) -> HookTable:
        """The hook table whose game hooks are checked (``check``) or not."""
        return self.hooks if check else self.unchecked_hooks

    def plugin(self, name: str) -> PluginInfo | None:
        """The active plugin ``name``, or None when the ruleset does not activate it."""
        for info in self.plugins:
            if info.name == name:
                return info
        return None

    # -- building --------------------------------------------------------------

    @staticmethod
    def _resolve_plugins(ruleset: Ruleset, catalogue: Catalogue) -> list[PluginInfo]:
        seen: set[str] = set()
        infos = []
        for name in ruleset.plugins:
            if name in seen:
                raise PluginError(f"plugin {name!r} is listed twice in ruleset {ruleset.name!r}")
            seen.add(name)
            infos.append(catalogue.get(name))
        for info in infos:
            for needed in info.requires:
                if needed not in seen:
                    raise PluginError(
                        f"plugin {info.name!r} requires plugin {needed!r}, which the "
                        f"ruleset {ruleset.name!r} does not activate"
                    )
            for other in info.conflicts:
                if other in seen:
                    raise PluginError(
                        f"plugins {info.name!r} and {other!r} cannot be active together"
                    )
        return infos

    def _options(self, ruleset: Ruleset) -> dict[str, Any]:
        problems = []
        options: dict[str, Any] = {}
        active = {p.name for p in self.plugins}
        for name in ruleset.options:
            if name not in active:
                problems.append(
                    f"options.{name}: plugin {name!r} is not active "
                    f"(active: {', '.join(sorted(active))})"
                )
        for info in self.plugins:
            value, found = structure_options(info, ruleset.options.get(info.name, {}))
            options[info.name] = value
            problems.extend(found)
        if problems:
            raise RulesetError(problems)
        return options

    @staticmethod
    def _check_config(config: GameConfig) -> list[str]:
        problems = []
        if config.line_size < config.kings:
            problems.append(
                f"line_size {config.line_size} is smaller than the {config.kings} kings in play"
            )
        if config.seat_kingdom:
            if len(config.seat_kingdom) != config.players:
                problems.append(
                    f"seat_kingdom maps {len(config.seat_kingdom)} seats, "
                    f"but there are {config.players} players"
                )
            elif sorted(set(config.seat_kingdom)) != list(range(config.kingdoms)):
                problems.append(f"seat_kingdom {config.seat_kingdom} leaves a kingdom unused")
        if not 1 <= config.kingdom_size <= MAX_KINGDOM_SIZE:
            problems.append(
                f"kingdom_size must be from 1 to {MAX_KINGDOM_SIZE} (docs/trust.md, Limits), "
                f"not {config.kingdom_size}"
            )
        for key in ("kingdom_rows", "kingdom_columns"):
            value = getattr(config, key)
            if (
                not isinstance(value, int)
                or isinstance(value, bool)
                or not (0 <= value <= MAX_KINGDOM_SIZE)
            ):
                problems.append(
                    f"{key} must be from 1 to {MAX_KINGDOM_SIZE} (0: kingdom_size), not {value!r}"
                )
        if config.lookahead_lines < 0:
            problems.append(f"lookahead_lines must be 0 or more, not {config.lookahead_lines}")
        if not 1 <= config.games <= MAX_GAMES:
            problems.append(f"games must be from 1 to {MAX_GAMES}, not {config.games}")
        return problems
