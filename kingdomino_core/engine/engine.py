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
from ..model.actions import PlaceCastle, Step
from ..model.geometry import Board
from ..model.ruleset import Ruleset
from . import castle, steps
from .conditions import PlacementRule
from .config import ConfigBuilder, GameConfig
from .game import Game
from .registry import PlayDomino, Registry
from .rounds import Flow
from .rules import RuleBook
from .validation import (
    combination_problems,
    config_problems,
    option_problems,
    plugin_problems,
    structure_options,
)
from .views import Secret

__all__ = ["Engine", "structure_options"]


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
        options = self._options(ruleset, catalogue)
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
        steps.register(rules, hooks.implemented)
        if not config.castle_at_start:  # the castle is a decision (engine/castle.py)
            registry._plugin = "core"
            registry.add_action(PlaceCastle)
            castle.register(rules)
        hooks.kd_register_rules(rules=rules, config=config, registry=registry)
        rules.compile_steps()
        #: The automatic steps of this engine's games, made for the hooks its plugins
        #: implement (``rounds.Flow``).
        self.flow = Flow(hooks.implemented)
        # One check, the loader's too (engine.validation): the plugins' own problems,
        # then the core's (a plugin that explains its own option says it better).
        problems = plugin_problems(hooks.kd_validate(config=config, registry=registry))
        if not problems:
            problems = config_problems(config)
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
        fast = rules.fast_scoring
        scorers = hooks.implementers("kd_score_kingdom")
        #: Fast totals of every scoring plugin (``RuleBook.add_fast_scoring``), or
        #: None when one of them has none.
        self.score_totals: tuple[Any, ...] | None = (
            tuple(fast[name].total for name in scorers)
            if all(name in fast and fast[name].total is not None for name in scorers)
            else None
        )
        rankers = hooks.implementers("kd_rank")
        #: True when every plugin implementing ``kd_rank`` declared a total-first
        #: ranking (``RuleBook.add_fast_scoring``; see ``match.ranked_places``).
        self.total_first_ranking: bool = all(
            name in fast and fast[name].total_first for name in rankers
        )
        #: The only ranking plugin's fast tie-break values, if it declared them.
        self.rank_tiebreak: Callable[[Game, int], tuple[int, ...]] | None = (
            fast[rankers[0]].tiebreak if len(rankers) == 1 and rankers[0] in fast else None
        )
        #: What plugins hide from some seats (``RuleBook.add_secret``); empty, as in
        #: every shipped ruleset, when everyone sees the whole table.
        self.secrets: tuple[Secret, ...] = tuple(rules.secrets)
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
        """The active plugins, loaded (an unknown or broken one raises its
        ``PluginError``), checked together like the loader checks them."""
        infos = {name: catalogue.get(name) for name in ruleset.plugins}
        wrong = combination_problems(ruleset.plugins, infos)
        if wrong:
            raise PluginError("\n".join(problem.message for problem in wrong))
        return list(infos.values())

    def _options(self, ruleset: Ruleset, catalogue: Catalogue) -> dict[str, Any]:
        options, wrong = option_problems(self.plugins, ruleset.options, catalogue.names())
        if wrong:
            raise RulesetError(wrong)
        return options
