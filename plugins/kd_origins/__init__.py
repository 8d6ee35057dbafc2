"""Kingdomino Origins as a plugin (docs/rules/origins.md).

A standalone game: it does not build on ``base`` (they cannot be active together)
but reuses the base game's placement rules and bonus tests by import. Its own
terrains, the 48 dominoes (a reconstruction, see ``data/origins_dominoes.csv``),
fire icons as crowns, volcanoes that throw fire tokens, and the Totem and Tribe
modes (option ``mode``).
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import evolve
from kd_base.api import Connects, ForcedPlacement, WithinSize

from kingdomino_core import (
    ConfigBuilder,
    Discard,
    DominoId,
    Game,
    GameConfig,
    OnDomino,
    Place,
    Problem,
    Ranking,
    Registry,
    RuleBook,
    ScoreLine,
    ScoreSheet,
    Step,
    TableNote,
    hookimpl,
)
from kingdomino_core.engine.encoding import Choice, Number, Position, ProductEncoder
from kingdomino_core.engine.words import kingdom_name
from kingdomino_core.i18n import package_translation
from kingdomino_core.inputs.limits import MAX_KINGDOM_SIZE
from kingdomino_core.mechanics import ChooseStep, line_tokens, put_tokens
from kingdomino_core.model.pieces import Piece

from . import scoring
from .data import (
    RESOURCE_OF_TERRAIN,
    RESOURCES,
    VOLCANO,
    cavemen,
    load_dominoes,
    resource_words,
    totem_points,
)
from .fire import FIRE_STEP, FireHandler, FireLost, FireThrow, Volcanoes
from .notation import _caveman_piece as caveman_piece
from .notation import _resource_piece as resource_piece
from .notation import _totem_piece as totem_piece
from .notation import crater_mark, text_annotations
from .observation import register_observations
from .options import OriginsOptions
from .setup import LINE_SIZE, LINES, TERRAINS, NeolithicOpening
from .state import RESOURCE, STATE, OriginsState, bump
from .totems import GiveTotem, TotemHandler, recheck
from .tribe import (
    DRAW_STEP,
    RECRUIT_STEP,
    Cave,
    CaveDraw,
    CaveDrawHandler,
    Recruit,
    Spend,
    unit_words,
)

_ = package_translation("kd_origins")
_l = _.lazy
_n = _.ngettext

NAME = "origins"
HOOK_API = 1
CONFLICTS = ("base",)
Options = OriginsOptions


def _options(game: Game) -> OriginsOptions:
    return game.config.option(NAME, OriginsOptions)


# -- build hooks --------------------------------------------------------------------


@hookimpl
def kd_configure(config: ConfigBuilder) -> None:
    options = config.option(NAME, OriginsOptions)
    neolithic = config.players == 2
    config.set("allowed_players", (2, 3, 4))
    config.set("kingdom_size", options.neolithic_kingdom_size if neolithic else 5)
    config.set("kings_per_seat", 2 if neolithic else 1)
    config.set("line_size", LINE_SIZE)
    config.set("lines_total", LINES)
    config.set("deck", (("origins", 1),))


@hookimpl
def kd_register_components(registry: Registry, config: GameConfig) -> None:
    options = config.option(NAME, OriginsOptions)
    for terrain in TERRAINS:
        registry.add_terrain(terrain)
    registry.icon_words = (_l("fire"), _l("fire"))  # Origins' scoring icons are fire
    registry.add_domino_set(load_dominoes(options.dominoes))
    # Numbered for learning agents (kingdomino_core.engine.encoding): every field but the seat.
    encoders = {
        FireThrow: ProductEncoder(Position("x", "y"), Position("tx", "ty")),
        FireLost: ProductEncoder(Position()),
        GiveTotem: ProductEncoder(
            Choice("totem", RESOURCES), Number("kingdom", lambda e: e.config.kingdoms)
        ),
        Recruit: ProductEncoder(
            Choice("caveman", tuple(cavemen())), Choice("pile", (False, True)), Position()
        ),
        Spend: ProductEncoder(Position()),
    }
    for cls in (FireThrow, FireLost, GiveTotem, CaveDraw, Recruit, Spend):
        registry.add_action(cls, encoder=encoders.get(cls))
    register_observations(registry, options)
    for ann in text_annotations(registry, options.mode):
        registry.add_annotation(ann)
    registry.add_mark("craters", crater_mark)  # shown on dominoes before placement


@hookimpl
def kd_register_rules(rules: RuleBook, config: GameConfig, registry: Registry) -> None:
    options = config.option(NAME, OriginsOptions)
    volcano = registry.terrain_index(VOLCANO)
    rules.add_placement_rule(WithinSize())
    rules.add_placement_rule(Connects())
    rules.add_discard_rule(ForcedPlacement())
    if config.players == 2 and options.neolithic_opening:
        rules.add_claim_rule(NeolithicOpening())
    after = (lambda game: recheck(game, options)) if options.mode == "totem" else None
    rules.add_step_handler(FireHandler(options, volcano, after))
    if options.mode == "totem":
        rules.add_step_handler(TotemHandler())
    if options.mode == "tribe":
        rules.add_step_handler(CaveDrawHandler())
        for handler in Cave(options, volcano).handlers():  # origins.recruit, origins.pay
            rules.add_step_handler(handler)
    rules.add_state(STATE, OriginsState, OriginsState.copy)
    rules.add_fast_scoring(total_first=True)  # scoring.rank: match total, then the tie-breaks


@hookimpl
def kd_validate(config: GameConfig) -> list[Problem | str]:
    options = config.option(NAME, OriginsOptions)
    problems: list[Problem | str] = []
    if not 5 <= options.neolithic_kingdom_size <= MAX_KINGDOM_SIZE:
        problems.append(
            Problem.option(
                "origins",
                "neolithic_kingdom_size",
                _("from 5 to {most}, not {n}").format(
                    most=MAX_KINGDOM_SIZE, n=options.neolithic_kingdom_size
                ),
            )
        )
    if options.recruits_per_turn < 0:
        problems.append(
            Problem.option(
                "origins",
                "recruits_per_turn",
                _("0 or more, not {n}").format(n=options.recruits_per_turn),
            )
        )
    if options.empire_of_fire_frame < 0:
        problems.append(
            Problem.option(
                "origins",
                "empire_of_fire_frame",
                _("0 or positive, not {n}").format(n=options.empire_of_fire_frame),
            )
        )
    if len(set(options.tiebreaks)) != len(options.tiebreaks):
        problems.append(
            Problem.option(
                "origins",
                "tiebreaks",
                _("repeated criterion in {tiebreaks}").format(tiebreaks=options.tiebreaks),
            )
        )
    return problems


# -- game hooks -----------------------------------------------------------------------


@hookimpl
def kd_setup_game(game: Game) -> None:
    state: OriginsState = game.ext[STATE]
    mode = _options(game).mode
    if mode == "totem":
        state.totems = dict.fromkeys(RESOURCES)
    if mode == "tribe":
        state.cave_pile = {cid: cm.count for cid, cm in cavemen().items()}


@hookimpl
def kd_order_line(dominoes: list[DominoId]) -> list[DominoId]:
    """Lines are laid out in ascending number order (docs/rules/origins.md)."""
    return sorted(dominoes, key=lambda d: (d.number, d.box))


def _sweep_unpicked(game: Game, state: OriginsState) -> None:
    """Resources on dominoes nobody picked (3 players) leave with their domino."""
    if not state.market:
        return
    for domino in game.unpicked:
        found = state.market.pop(domino, None)
        for res in found or ():
            if res is not None:
                bump(state.res_discarded, res)


@hookimpl
def kd_line_laid_out(game: Game, dominoes: list[DominoId]) -> None:
    mode = _options(game).mode
    if mode == "discovery":
        return
    state: OriginsState = game.ext[STATE]
    _sweep_unpicked(game, state)

    def take(resource: str) -> bool:
        bump(state.res_laid, resource)
        return True

    for d in dominoes:
        state.market[d] = line_tokens(game, d, RESOURCE_OF_TERRAIN, take)
    if mode == "tribe":
        draw = game.engine.rules.handler(DRAW_STEP)
        assert isinstance(draw, CaveDrawHandler)
        game.insert_steps(draw.refill(game))


@hookimpl
def kd_after_place(game: Game, seat: int, action: Place | Discard) -> None:
    options = _options(game)
    state: OriginsState = game.ext[STATE]
    _sweep_unpicked(game, state)
    pieces = state.market.pop(action.domino, None)
    if isinstance(action, Discard):
        for res in pieces or ():
            if res is not None:
                bump(state.res_discarded, res)
        return
    kingdom = game.kingdom_of(seat)
    board = kingdom.board
    x2, y2 = action.second
    cells = (board.cell(action.x, action.y), board.cell(x2, y2))
    if pieces:
        put_tokens(kingdom, RESOURCE, action, pieces)
    steps: list[Step] = recheck(game, options) if options.mode == "totem" else []
    volcano = game.engine.registry.terrain_index(VOLCANO)
    pending = tuple(board.xy(c) for c in cells if kingdom.terrain_at[c] == volcano)
    if pending:
        steps.append(Step(kind=FIRE_STEP, seat=seat, data=Volcanoes(squares=pending)))
    if steps:
        game.insert_steps(steps)


@hookimpl
def kd_end_of_turn(game: Game, seat: int, king: int, final: bool) -> list[Step] | None:
    options = _options(game)
    if options.mode != "tribe" or options.recruits_per_turn <= 0:
        return None
    if final and not options.recruit_on_final_turn:
        return None
    handler = game.engine.rules.handler(RECRUIT_STEP)
    assert isinstance(handler, ChooseStep) and isinstance(handler.shop, Cave)
    if not handler.shop.can_buy(game, seat):
        return None  # nothing to recruit: no decision to ask for
    return [handler.shop.step(seat, king, options.recruits_per_turn)]


@hookimpl
def kd_score_kingdom(game: Game, kingdom: int) -> list[ScoreLine]:
    return scoring.kingdom_lines(game, kingdom, _options(game))


@hookimpl
def kd_rank(game: Game, sheets: list[ScoreSheet]) -> Ranking:
    return scoring.rank(game, sheets, _options(game))


@hookimpl
def kd_describe_game(game: Game) -> list[str | TableNote]:
    """Only what there is to see: totems, the cave, fire tokens lost (when any were);
    the totems, the cave's cro-magnons and the resources on the lines as pictures."""
    options = _options(game)
    state: OriginsState = game.ext[STATE]
    lines: list[str | TableNote] = []
    if options.mode == "totem":
        points = totem_points()
        where = {
            res: _("in the middle")
            if k is None
            else _("held by {kingdom}").format(kingdom=kingdom_name(game, k))
            for res, k in state.totems.items()
        }
        held = _(", ").join(
            _("{totem} ({n} points) {where}").format(
                totem=resource_words(res), n=points[res], where=where[res]
            )
            for res in where
        )
        totems = tuple(
            evolve(
                totem_piece(res),
                words=_("{resource} totem ({n} points), {where}").format(
                    resource=resource_words(res), n=points[res], where=where[res]
                ),
            )
            for res in where
        )
        lines.append(TableNote(words=_("Totems: {held}").format(held=held), pieces=totems))
    if options.mode == "tribe":
        visible = _(", ").join(_caveman_words(c) for c in state.cave_visible) or _("empty")
        left = sum(state.cave_pile.values())
        lines.append(
            TableNote(
                words=_n(
                    "Cave: {visible}; {n} cro-magnon in the pile; a recruit costs 2 "
                    "resources of different kinds (4, one of each, from the pile)",
                    "Cave: {visible}; {n} cro-magnons in the pile; a recruit costs 2 "
                    "resources of different kinds (4, one of each, from the pile)",
                    left,
                ).format(visible=visible, n=left),
                pieces=tuple(caveman_piece(c) for c in state.cave_visible),
            )
        )
    if options.mode in ("totem", "tribe"):
        on_line = [
            f"{domino} {'|'.join(resource_words(r) if r else '-' for r in pieces)}"
            for domino in (*game.line, *game.next_line)
            if (pieces := state.market.get(domino)) and any(pieces)
        ]
        lying = tuple(
            OnDomino(domino=domino, **_halves(pieces))
            for domino in (*game.line, *game.next_line)
            if (pieces := state.market.get(domino)) and any(pieces)
        )
        if on_line:
            lines.append(
                TableNote(
                    words=_("Resources on the lines' dominoes: {dominoes}").format(
                        dominoes=_(", ").join(on_line)
                    ),
                    on_dominoes=lying,
                )
            )
    lost = sum(state.fire_discarded.values())
    if lost:
        lines.append(
            _n(
                "Fire: {n} fire token discarded for want of a square",
                "Fire: {n} fire tokens discarded for want of a square",
                lost,
            ).format(n=lost)
        )
    return lines


def _halves(resources: Sequence[str | None]) -> dict[str, Piece | None]:
    """The resource pieces on a domino's first and second half (None: none there)."""
    first, second = (resource_piece(r) if r else None for r in resources)
    return {"first": first, "second": second}


def _caveman_words(cid: str) -> str:
    cm = cavemen()[cid]
    if cm.warrior:
        return _("{name} (power {power})").format(name=cm.words, power=cm.power)
    return _("{name} ({per} per {unit} around)").format(
        name=cm.words, per=cm.points_per_unit, unit=unit_words(cm.unit)
    )
