"""Quest tiles as a plugin: Age of Giants' 17 quests, usable with any base-game ruleset.

At set-up, ``count`` quests are revealed at random (a chance step each, so a bot
copying the game cannot know them in advance) or the ruleset names them
(``fixed``). At the end every kingdom scores every revealed quest, one score line
each (kind ``"quest"``). The conditions are pure functions in :mod:`.scorers`.

Age of Giants (``age_of_giants``) builds on this plugin; ``rulesets/quests.toml``
plays a plain base game with quests. ``docs/plugins/age-of-giants.md`` documents
the quests and the options.
"""

from __future__ import annotations

from typing import ClassVar

from attrs import evolve, frozen

from kingdomino_core import (
    Action,
    Annotation,
    Engine,
    Game,
    GameConfig,
    Kingdom,
    Problem,
    Registry,
    RuleBook,
    ScoreLine,
    Step,
    TableNote,
    hookimpl,
)
from kingdomino_core.engine.encoding import StateEncoder
from kingdomino_core.engine.registry import Piece
from kingdomino_core.i18n import package_translation
from kingdomino_core.mechanics import RevealFromPile

from .options import QuestsOptions
from .quests import Quest, QuestContext, all_quests, find, point_functions, points

_ = package_translation("kd_quests")

NAME = "quests"
HOOK_API = 1
REQUIRES = ("base",)
Options = QuestsOptions

#: The kingdom layer of giants, ``{cell: crowns covered}`` (Age of Giants writes it;
#: the quests read it only for option ``folie_covered_crowns``, I-G7).
GIANTS_LAYER = "giants"
#: The quests a kingdom is scored with, on its castle: ``{castle cell: (quest ids)}``.
#: Every kingdom of a game holds the revealed quests, so a kingdom written as text
#: (``C+quest=lost_corner+quest=harmony``) scores the same outside its game.
QUESTS_LAYER = "quests"
REVEAL_STEP = "quests.reveal"


def revealed(game: Game) -> tuple[Quest, ...]:
    """The quests of the current game, in the order they were revealed."""
    quests = all_quests()
    return tuple(quests[q] for q in game.ext[NAME])


def quests_of(game: Game, kingdom: Kingdom) -> tuple[str, ...]:
    """Ids of the quests ``kingdom`` is scored with: those written on its castle, else
    the game's (a kingdom read from text without quests, in a fixed-quests ruleset)."""
    layer = kingdom.layers.get(QUESTS_LAYER)
    if layer:
        return tuple(layer[kingdom.board.castle])
    found: tuple[str, ...] = game.ext[NAME]
    return found


def _reveal(game: Game, quests: tuple[str, ...]) -> None:
    """Make ``quests`` the game's quests, written on every kingdom's castle."""
    game.ext[NAME] = quests
    for kingdom in game.kingdoms:
        kingdom.layer(QUESTS_LAYER)[kingdom.board.castle] = quests


@frozen(kw_only=True, slots=True)
class RevealQuest(Action):
    """Chance: quest tile ``quest`` is revealed at set-up."""

    kind: ClassVar[str] = "quests.reveal"
    chance: ClassVar[bool] = True
    quest: str

    def describe(self) -> str:
        found = all_quests().get(self.quest)
        return _("quest revealed: {quest}").format(quest=found.words if found else self.quest)


class RevealHandler(RevealFromPile):
    """Chance: one of the quests not yet revealed, each equally likely."""

    kind = REVEAL_STEP
    action = RevealQuest
    field = "quest"

    def counts(self, game: Game) -> dict[str, int]:
        shown = game.ext[NAME]
        return {q: 1 for q in all_quests() if q not in shown}

    def turn_up(self, game: Game, item: str) -> None:
        _reveal(game, (*game.ext[NAME], item))


def context(config: GameConfig, registry: Registry) -> QuestContext:
    options = config.option(NAME, QuestsOptions)
    return QuestContext(
        terrains={t.name: i for i, t in enumerate(registry.terrains)},
        frame=options.frame or config.kingdom_size,
        folie_covered_crowns=options.folie_covered_crowns,
        covered_layer=GIANTS_LAYER,
    )


# -- hooks ---------------------------------------------------------------------------


class Revealed(StateEncoder):
    """Learning agents' observation of the quests (``quests.revealed``, docs/rl.md):
    1 for each revealed quest, over the 17 quests in the data file's order. (The
    ``quests`` layer on every castle holds the same quests.)"""

    def __init__(self) -> None:
        #: Quest id -> its number in the observation.
        self.positions = {q: i for i, q in enumerate(all_quests())}

    def size(self, engine: Engine) -> int:
        return len(self.positions)

    def encode(self, game: Game, seat: int) -> list[float]:
        out = [0.0] * len(self.positions)
        for quest in game.ext[NAME]:
            out[self.positions[quest]] = 1.0
        return out


@hookimpl
def kd_register_components(registry: Registry) -> None:
    registry.add_action(RevealQuest)
    registry.add_annotation(quest_annotation())
    registry.add_observation("quests.revealed", Revealed())


def quest_piece(value: str | None) -> Piece:
    """How displays show ``C+quest=<id>``: a tile named after the quest."""
    quest = find(value or "")
    words = _("quest: {quest}").format(quest=quest.describe() if quest else value)
    # TRANSLATORS: the letter drawn on a quest tile in pictures.
    return Piece(symbol="Q", words=words, label=_("Q"), shape="tile")


def quest_annotation() -> Annotation:
    """``C+quest=<id>`` on the castle, once per quest the kingdom is scored with."""

    def parse(kingdom: Kingdom, cell: int, value: str | None) -> None:
        quest = find(value or "")
        if quest is None:
            raise ValueError(
                f"+quest=<id> names a quest tile, not {value!r}; known: {', '.join(all_quests())}"
            )
        layer = kingdom.layer(QUESTS_LAYER)
        held = layer.get(cell, ())
        if quest.id in held:
            raise ValueError(f"quest {quest.id!r} is named twice")
        layer[cell] = (*held, quest.id)

    def render(kingdom: Kingdom, cell: int) -> list[str]:
        layer = kingdom.layers.get(QUESTS_LAYER)
        held = layer.get(cell, ()) if layer else ()
        return [f"quest={q}" for q in held]

    return Annotation(
        key="quest",
        parse=parse,
        render=render,
        help="a quest tile the kingdom is scored with, on the castle: C+quest=lost_corner",
        on_castle=True,
        piece=quest_piece,
    )


@hookimpl
def kd_register_rules(rules: RuleBook, config: GameConfig, registry: Registry) -> None:
    rules.add_state(NAME, tuple)  # the revealed quest ids: an immutable tuple
    rules.add_step_handler(RevealHandler())
    scored = point_functions(context(config, registry))

    def total(game: Game, index: int) -> int:
        kingdom = game.kingdoms[index]
        return sum(scored[q](kingdom) for q in quests_of(game, kingdom))

    rules.add_fast_scoring(total=total)


@hookimpl
def kd_validate(config: GameConfig, registry: Registry) -> list[Problem | str]:
    options = config.option(NAME, QuestsOptions)
    problems: list[Problem | str] = []
    known = {t.name for t in registry.terrains}
    missing = sorted({"wheat", "forest", "lake", "grassland", "swamp", "mine"} - known)
    if missing:
        problems.append(
            _("quests: the active rules have no terrain {missing}").format(
                missing=", ".join(missing)
            )
        )
    ids = []
    for name in options.fixed:
        quest = find(name)
        if quest is None:
            problems.append(
                Problem.option(
                    "quests",
                    "fixed",
                    _("unknown quest {name!r}; known: {known}").format(
                        name=name, known=", ".join(all_quests())
                    ),
                )
            )
        elif quest.id in ids:
            problems.append(
                Problem.option("quests", "fixed", _("{name!r} is named twice").format(name=name))
            )
        else:
            ids.append(quest.id)
    if not 0 <= options.count <= len(all_quests()):
        problems.append(
            Problem.option(
                "quests",
                "count",
                _("from 0 to {most} quests, not {n}").format(
                    most=len(all_quests()), n=options.count
                ),
            )
        )
    if options.frame < 0 or (options.frame and options.frame % 2 == 0):
        problems.append(
            Problem.option(
                "quests",
                "frame",
                _("0 (the kingdom size) or an odd size, not {n}").format(n=options.frame),
            )
        )
    elif options.frame and options.frame < config.kingdom_size:
        problems.append(
            Problem.option(
                "quests",
                "frame",
                _("at least the kingdom size {size}, not {n}").format(
                    size=config.kingdom_size, n=options.frame
                ),
            )
        )
    return problems


@hookimpl
def kd_setup_game(game: Game) -> None:
    options = game.config.option(NAME, QuestsOptions)
    if options.fixed:
        _reveal(game, tuple(q.id for q in map(find, options.fixed) if q is not None))
        return
    game.insert_steps([Step(kind=REVEAL_STEP)] * options.count)


@hookimpl
def kd_score_kingdom(game: Game, kingdom: int) -> list[ScoreLine]:
    ctx = context(game.config, game.engine.registry)
    k = game.kingdoms[kingdom]
    quests = all_quests()
    return [
        ScoreLine(kind="quest", name=quests[q].words, points=points(quests[q], k, ctx), source=NAME)
        for q in quests_of(game, k)
    ]


@hookimpl
def kd_describe_game(game: Game) -> list[str | TableNote]:
    """The quests in play, in words and as their tiles (pictures)."""
    shown = revealed(game)
    options = game.config.option(NAME, QuestsOptions)
    wanted = len(options.fixed) or options.count
    text = _("; ").join(q.describe() for q in shown) or _("none yet")
    if len(shown) < wanted:
        text += " " + _("({n} to reveal)").format(n=wanted - len(shown))
    tiles = tuple(evolve(quest_piece(q.id), words=q.describe()) for q in shown)
    return [TableNote(words=_("quests: {quests}").format(quests=text), pieces=tiles)]
