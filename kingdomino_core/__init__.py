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
"""

from .actions import CHANCE, Action, Claim, Discard, DrawKing, Pass, Place, Reveal, Step
from .agents import Agent, AgentRegistry
from .components import Domino, DominoId, DominoSet, Square, Terrain
from .config import ConfigBuilder, GameConfig
from .engine import Engine
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
    ReplayError,
    RulesetError,
    UnknownPluginError,
)
from .game import Game
from .geometry import DIRECTIONS, Board, Direction
from .kingdom import Kingdom
from .markers import HOOK_API, hookimpl, hookspec
from .plugins import Catalogue, PluginInfo, default_catalogue
from .registry import Annotation, PlayDomino, Registry
from .rules import ClaimRule, ExtraActions, PlacementRule, RuleBook, StepHandler, StepWrapper
from .ruleset import Ruleset
from .scoring import Ranking, ScoreLine, ScoreSheet, rank_by
from .trust import CodeNotAllowedError, Trust
from .words import describe_action, describe_step, domino_name, find_domino

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "DIRECTIONS",
    "HOOK_API",
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
    "Domino",
    "DominoId",
    "DominoSet",
    "DrawKing",
    "Engine",
    "ExtraActions",
    "Game",
    "GameConfig",
    "GameOverError",
    "IllegalActionError",
    "Kingdom",
    "KingdomFormatError",
    "KingdominoError",
    "Pass",
    "Place",
    "PlacementRule",
    "PlayDomino",
    "PlayerCountError",
    "PluginError",
    "PluginHookError",
    "PluginInfo",
    "Ranking",
    "Registry",
    "ReplayError",
    "Reveal",
    "RuleBook",
    "Ruleset",
    "RulesetError",
    "ScoreLine",
    "ScoreSheet",
    "Square",
    "Step",
    "StepHandler",
    "StepWrapper",
    "Terrain",
    "Trust",
    "UnknownPluginError",
    "default_catalogue",
    "describe_action",
    "describe_step",
    "domino_name",
    "find_domino",
    "hookimpl",
    "hookspec",
    "rank_by",
]
