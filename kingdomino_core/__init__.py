"""kingdomino_core: the rules engine of the Kingdomino family, built as a plugin framework.

Typical use::

    from kingdomino_core import Engine, Ruleset
    engine = Engine(Ruleset(name="base", plugins=["base"]), players=4)
    game = engine.new_game(seed=7)
    while not game.is_terminal():
        if game.is_chance():
            game.resolve_chance()
        else:
            game.apply(game.legal_actions()[0])
    print(game.ranking())

The core is laid out by idea (docs/architecture.md): ``model`` (the things on the
table), ``hooks`` (the plugin contract), ``engine`` (running games), ``inputs``
(reading user input safely), ``rulesets``, ``saves`` and ``testing``. What a plugin
or an embedding program needs is exported here; the rest by its module path.
"""

from .engine.agents import Agent, AgentRegistry
from .engine.conditions import ClaimRule, DiscardRule, PlacementRule
from .engine.config import ConfigBuilder, GameConfig
from .engine.engine import Engine
from .engine.game import Game
from .engine.handlers import ExtraActions, StepHandler, StepWrapper
from .engine.match import (
    match_games,
    match_total,
    match_totals,
    ranked_places,
    winning_kingdoms,
)
from .engine.registry import Annotation, PlayDomino, Registry
from .engine.rules import FastScoring, RuleBook
from .engine.views import SPECTATOR, Secret, determinize, view_of
from .engine.words import describe_action, describe_step, domino_name, find_domino
from .errors import (
    ConfigConflictError,
    ConfigError,
    GameOverError,
    IllegalActionError,
    KingdomFormatError,
    KingdominoError,
    PlayerCountError,
    PluginError,
    PluginHookError,
    Problem,
    ReplayError,
    RulesetError,
    UnknownPluginError,
)
from .hooks.markers import HOOK_API, hookimpl, hookspec
from .hooks.plugins import Catalogue, PluginInfo, default_catalogue
from .inputs.trust import CodeNotAllowedError, Trust
from .model.actions import (
    CHANCE,
    Action,
    Claim,
    Discard,
    DrawKing,
    Pass,
    Place,
    PlaceCastle,
    Reveal,
    Step,
)
from .model.components import Domino, DominoId, DominoSet, Square, Terrain
from .model.geometry import DIRECTIONS, Board, Direction, shape_words
from .model.kingdom import Kingdom
from .model.market import Offer
from .model.pieces import OnDomino, TableNote
from .model.ruleset import Ruleset
from .model.scoring import Ranking, ScoreLine, ScoreSheet, rank_by

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "DIRECTIONS",
    "HOOK_API",
    "SPECTATOR",
    "Action",
    "Agent",
    "AgentRegistry",
    "Annotation",
    "Board",
    "Catalogue",
    "Claim",
    "ClaimRule",
    "CodeNotAllowedError",
    "ConfigBuilder",
    "ConfigConflictError",
    "ConfigError",
    "Direction",
    "Discard",
    "DiscardRule",
    "Domino",
    "DominoId",
    "DominoSet",
    "DrawKing",
    "Engine",
    "ExtraActions",
    "FastScoring",
    "Game",
    "GameConfig",
    "GameOverError",
    "IllegalActionError",
    "Kingdom",
    "KingdomFormatError",
    "KingdominoError",
    "Offer",
    "OnDomino",
    "Pass",
    "Place",
    "PlaceCastle",
    "PlacementRule",
    "PlayDomino",
    "PlayerCountError",
    "PluginError",
    "PluginHookError",
    "PluginInfo",
    "Problem",
    "Ranking",
    "Registry",
    "ReplayError",
    "Reveal",
    "RuleBook",
    "Ruleset",
    "RulesetError",
    "ScoreLine",
    "ScoreSheet",
    "Secret",
    "Square",
    "Step",
    "StepHandler",
    "StepWrapper",
    "TableNote",
    "Terrain",
    "Trust",
    "UnknownPluginError",
    "default_catalogue",
    "describe_action",
    "describe_step",
    "determinize",
    "domino_name",
    "find_domino",
    "hookimpl",
    "hookspec",
    "match_games",
    "match_total",
    "match_totals",
    "rank_by",
    "ranked_places",
    "shape_words",
    "view_of",
    "winning_kingdoms",
]
