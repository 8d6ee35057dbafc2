"""The Court (La Cour) as a plugin: resources, buildings and characters (docs/rules/court.md).

* Tokens: when a line is laid out, each crownless square producing a resource gets
  a token (``kd_line_laid_out``); placing the domino moves them into the kingdom's
  ``court.resource`` layer (``kd_after_place``); a discarded or unpicked domino keeps
  them.
* Court board: the tiles start face down; when a line is laid out, chance steps
  turn tiles up until ``visible_tiles`` are showing or the pile is empty (I-C6).
* Purchase: at the end of each king's turn (``kd_end_of_turn``) a ``court.buy``
  decision, offered only when a purchase is possible; see :mod:`.purchase`.
* Scoring: buildings add crowns to their square (I-C2), so the base game's
  properties count them; characters score in :mod:`.scoring`.

``docs/plugins/court.md`` documents the rules as implemented, the options and the
kingdom text notation.
"""

from __future__ import annotations

from collections.abc import Mapping

from attrs import evolve

from kingdomino_core import (
    Annotation,
    Discard,
    DominoId,
    Game,
    GameConfig,
    OnDomino,
    Place,
    Problem,
    Registry,
    RuleBook,
    ScoreLine,
    Step,
    TableNote,
    hookimpl,
)
from kingdomino_core.engine.encoding import Choice, Position, ProductEncoder
from kingdomino_core.i18n import package_translation
from kingdomino_core.mechanics import ChooseStep, line_tokens, put_tokens
from kingdomino_core.model.pieces import Piece

from . import scoring
from .actions import ACTIONS, BuyTile, PayToken
from .notation import court_annotations
from .observation import register_observations
from .options import CourtOptions
from .purchase import Court, RevealHandler
from .state import RESOURCE_LAYER, CourtState, bump
from .tiles import TileType, court_data, resource_words

_ = package_translation("kd_court")
_n = _.ngettext

NAME = "court"
HOOK_API = 1
REQUIRES = ("base",)
Options = CourtOptions


def court_of(game: Game) -> Court:
    """The engine's shared :class:`Court` (the shop of its ``court.buy`` handler)."""
    handler = game.engine.rules.handler(Court.choose_step)
    assert isinstance(handler, ChooseStep) and isinstance(handler.shop, Court)
    return handler.shop


@hookimpl
def kd_register_components(registry: Registry, config: GameConfig) -> None:
    data = court_data()
    # Numbered for learning agents (kingdomino_core.engine.encoding): every field but the seat.
    encoders = {
        BuyTile: ProductEncoder(
            Choice("source", ("visible", "pile")), Choice("tile", sorted(data.tiles)), Position()
        ),
        PayToken: ProductEncoder(Choice("resource", data.resources), Position()),
    }
    for cls in ACTIONS:
        registry.add_action(cls, encoder=encoders.get(cls))
    register_observations(registry, data, config.option(NAME, CourtOptions))
    for ann in court_annotations(registry, data):
        registry.add_annotation(ann)


@hookimpl
def kd_register_rules(rules: RuleBook, config: GameConfig, registry: Registry) -> None:
    data = court_data()
    options = config.option(NAME, CourtOptions)
    court = Court(data, options, registry)
    full = data.full_set()
    n = len(data.resources)
    rules.add_state(NAME, lambda: CourtState(full, n), CourtState.copy, key=CourtState.key)
    for handler in court.handlers():  # court.buy, court.pay
        rules.add_step_handler(handler)
    rules.add_step_handler(RevealHandler(court))
    rules.add_fast_scoring(total=lambda game, k: scoring.total(game.kingdoms[k], data, options))


@hookimpl
def kd_validate(config: GameConfig, registry: Registry) -> list[Problem | str]:
    options = config.option(NAME, CourtOptions)
    problems: list[Problem | str] = []
    if options.visible_tiles < 0:
        problems.append(
            Problem.option(
                "court",
                "visible_tiles",
                _("must be 0 or more, not {n}").format(n=options.visible_tiles),
            )
        )
    data = court_data()
    known = {t.name for t in registry.terrains}
    needed = {t.terrain for t in data.tiles.values() if t.terrain} | set(data.resource_of_terrain)
    missing = sorted(needed - known)
    if missing:
        problems.append(
            _(
                "court: the active rules have no terrain {missing}; "
                "the Court needs the base game's terrains"
            ).format(missing=", ".join(missing))
        )
    return problems


@hookimpl
def kd_line_laid_out(game: Game, dominoes: list[DominoId]) -> None:
    """Tokens on every crownless producing square of the new line; refill the board."""
    court = court_of(game)
    st = court.state(game)
    of_terrain = court.data.resource_of_terrain
    limited = court.options.spent_tokens == "discard"
    counts = court.data.token_counts
    index = court.resource_index

    def take(resource: str) -> bool:
        i = index[resource]
        if limited and st.laid_out[i] >= counts[resource]:
            return False  # I-C5 discard: this kind's supply has run out
        st.laid_out = bump(st.laid_out, i)
        return True

    for domino in dominoes:
        tokens = line_tokens(game, domino, of_terrain, take)
        if tokens != (None, None):
            st.on_dominoes[domino] = tokens
    reveal = game.engine.rules.handler("court.reveal")
    assert isinstance(reveal, RevealHandler)
    game.insert_steps(reveal.steps(game, court.options.visible_tiles - len(st.visible)))


@hookimpl
def kd_after_place(game: Game, seat: int, action: Place | Discard) -> None:
    """A placed domino's tokens move into the kingdom; a discarded one keeps them."""
    if not isinstance(action, Place):
        return
    st: CourtState = game.ext[NAME]
    tokens = st.on_dominoes.pop(action.domino, None)
    if tokens is not None:
        put_tokens(game.kingdom_of(seat), RESOURCE_LAYER, action, tokens)


@hookimpl
def kd_end_of_turn(game: Game, seat: int, king: int, final: bool) -> list[Step] | None:
    """Offer the purchase when one is possible (I-C3 final turn, I-C4 per round)."""
    court = court_of(game)
    options = court.options
    if final and not options.buy_on_final_turn:
        return None
    if options.two_king_purchases == "per_round" and court.state(game).bought.get(
        seat
    ) == court.round_key(game):
        return None
    if not court.can_buy(game, seat):
        return None
    return [court.step(seat, king)]


@hookimpl
def kd_score_kingdom(game: Game, kingdom: int) -> list[ScoreLine]:
    return scoring.score_lines(
        game.kingdoms[kingdom], court_data(), game.config.option(NAME, CourtOptions)
    )


@hookimpl
def kd_describe_game(game: Game) -> list[str | TableNote]:
    """The Court board (its tiles face up as pictures) and the resource tokens on the
    lines' dominoes (drawn on their halves), in words for text displays."""
    court = court_of(game)
    st = court.state(game)
    tiles = court.data.tiles
    annotations = game.engine.registry.annotations
    shown = _(", ").join(_tile_words(tiles[t]) for t in st.visible) or _("no tile face up")
    pieces = tuple(_tile_piece(annotations, tiles[t]) for t in st.visible)
    left = len(st.pile)
    lines: list[str | TableNote] = [
        TableNote(
            words=_n(
                "Court board: {shown}; {n} tile face down; "
                "a tile costs 2 different resources (4 for one from the pile)",
                "Court board: {shown}; {n} tiles face down; "
                "a tile costs 2 different resources (4 for one from the pile)",
                left,
            ).format(shown=shown, n=left),
            pieces=pieces,
        )
    ]
    on_line = []
    lying = []
    for domino in (*game.line, *game.next_line):
        tokens = st.on_dominoes.get(domino)
        if tokens is not None:
            words = "|".join(resource_words(t) if t else "-" for t in tokens)
            on_line.append(f"{domino} {words}")
            first, second = (_piece(annotations, t, None) if t else None for t in tokens)
            lying.append(OnDomino(domino=domino, first=first, second=second))
    if on_line:
        lines.append(
            TableNote(
                words=_("Resource tokens on the lines' dominoes: {dominoes}").format(
                    dominoes=_(", ").join(on_line)
                ),
                on_dominoes=tuple(lying),
            )
        )
    return lines


def _tile_piece(annotations: Mapping[str, Annotation], tile: TileType) -> Piece:
    """A tile of the Court board as the kingdoms draw it, named as the board names it."""
    if tile.is_building:
        piece = _piece(annotations, "building", str(tile.crowns))
    else:
        piece = _piece(annotations, tile.id, None)
    return evolve(piece, words=_tile_words(tile))


def _piece(annotations: Mapping[str, Annotation], key: str, value: str | None) -> Piece:
    """The piece the kingdoms draw for annotation ``key`` (every Court one has one)."""
    make = annotations[key].piece
    assert make is not None, key
    return make(value)


def _tile_words(tile: TileType) -> str:
    if tile.is_building:
        return tile.describe()
    return _("{name} ({effect})").format(name=tile.name, effect=tile.effect(it=False))
