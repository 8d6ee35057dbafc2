"""Kingdomino: Age of Giants as a plugin (docs/rules/age-of-giants.md).

Built on ``base`` and ``quests``, through public hooks only:

* Set-up (``kd_configure``): 2 to 5 players, the 12 extra dominoes shuffled in
  (60), five dominoes drawn every round; 2 players in 5x5 draw 6 lines, i.e. a
  random 30 of the 60 (I-G1); with ``grand_duel`` (2 players, 7x7) all 60 in 12
  lines (I-G12). Two quests are revealed by the ``quests`` plugin.
* The line: giant dominoes A-F are numbers -6..-1, so the base game's ascending
  order puts them first (:mod:`.dominoes`); the I-G3 positions are discarded
  before anyone chooses (:mod:`.market`).
* Giants (:mod:`.giants`): a placed giant domino makes its owner cover a crown; a
  placed footprint domino lets its owner send a giant to an opponent, who chooses
  the crown it covers (``kd_after_place`` inserts the decisions).
* Covered crowns score nothing: a giant lowers its square's crown count, so the
  base scoring, the tie-breaks (I-G8) and the quests all read it.

``docs/plugins/age-of-giants.md`` documents the rules as implemented, the options,
the kingdom text notation and the refused combinations.
"""

from __future__ import annotations

from attrs import evolve
from kd_base.api import BaseOptions, match_keys

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
    domino_name,
    hookimpl,
    rank_by,
)
from kingdomino_core.engine.registry import Piece
from kingdomino_core.engine.words import kingdom_name
from kingdomino_core.i18n import package_translation

from .dominoes import SET_NAME, aog_dominoes, footprint_dominoes, giant_dominoes
from .giants import (
    ACTIONS,
    FOOTPRINT_STEP,
    GIANT_STEP,
    AogState,
    FootprintHandler,
    GiantHandler,
    ReceiveHandler,
    coverable,
    giants_layer,
    senders,
    standing,
    state,
    targets,
)
from .market import discard_positions, discarded
from .notation import giant_annotations, giant_piece
from .observation import register_observations
from .options import AgeOfGiantsOptions
from .setups import setups

_ = package_translation("kd_age_of_giants")
_l = _.lazy
_n = _.ngettext

NAME = "age_of_giants"
HOOK_API = 1
REQUIRES = ("base", "quests")
Options = AgeOfGiantsOptions

LINE_SIZE = 5

#: Modes Age of Giants does not combine with, and why (shown when refused).
REFUSED = {
    "xl": _l(
        "Kingdomino XL plays two boxes in 7x7 kingdoms with 3-4 players; Age of "
        "Giants defines no XL game (one set of 12 dominoes, a 5-domino line)"
    ),
    "teamdomino": _l(
        "Teamdomino shares kingdoms between teammates; Age of Giants defines "
        "no team game (who is an opponent for a footprint, two boxes, 6-8 players)"
    ),
    "court": _l(
        "no published rule combines The Court with Age of Giants (giants on "
        "building crowns, 5 players at the Court)"
    ),
}


# -- build hooks --------------------------------------------------------------------------


@hookimpl
def kd_configure(config: ConfigBuilder) -> None:
    if any(config.option(mode) is not None for mode in REFUSED):
        return  # kd_validate refuses the combination with its reason
    options = config.option(NAME, AgeOfGiantsOptions)
    size = config.get("kingdom_size", 5)
    players = config.players
    setup = setups().get((players, size)) or setups()[4, 5]
    config.set("allowed_players", (2,) if size == 7 else (2, 3, 4, 5), override=True)
    config.set("kings_per_seat", setup.kings_per_seat, override=True)
    config.set("line_size", LINE_SIZE, override=True)
    lines = setup.lines_total
    if players == 2 and size == 5:
        lines = options.two_player_dominoes // LINE_SIZE  # I-G1
    config.set("lines_total", lines, override=True)
    config.set("deck", (*config.get("deck", ()), (SET_NAME, 1)), override=True)


@hookimpl
def kd_register_components(registry: Registry, config: GameConfig) -> None:
    registry.add_domino_set(aog_dominoes())
    for cls in ACTIONS:
        registry.add_action(cls)
    options = config.option(NAME, AgeOfGiantsOptions)
    register_observations(registry, options)
    for ann in giant_annotations(registry, options):
        registry.add_annotation(ann)


@hookimpl
def kd_register_rules(rules: RuleBook, config: GameConfig) -> None:
    options = config.option(NAME, AgeOfGiantsOptions)
    rules.add_state(NAME, lambda: AogState(supply=options.giants))
    rules.add_step_handler(GiantHandler(options))
    rules.add_step_handler(FootprintHandler(options))
    rules.add_step_handler(ReceiveHandler(options))
    # The giants line scores nothing; kd_rank: base's match keys, covered crowns counted.
    rules.add_fast_scoring(total=lambda game, kingdom: 0, total_first=True)


@hookimpl
def kd_validate(config: GameConfig) -> list[Problem | str]:
    for mode, why in REFUSED.items():
        if mode in config.options:
            return [
                _("age_of_giants cannot be combined with {mode}: {why}").format(mode=mode, why=why)
            ]
    options = config.option(NAME, AgeOfGiantsOptions)
    problems: list[Problem | str] = []
    base = config.option("base", BaseOptions)
    for bonus in ("middle_kingdom", "harmony"):
        if getattr(base, bonus):
            problems.append(
                Problem.option(
                    "base",
                    bonus,
                    _(
                        "with Age of Giants, Middle Kingdom and Harmony are quest tiles, not "
                        "separate bonuses: turn it off (name the quest in options.quests.fixed "
                        "to always play it)"
                    ),
                )
            )
    if base.three_player_all_dominoes:
        problems.append(
            Problem.option(
                "base",
                "three_player_all_dominoes",
                _(
                    "Age of Giants always draws 5 dominoes "
                    "and discards positions 2 and 4 with 3 players (I-G16): turn it off"
                ),
            )
        )
    if config.line_size != LINE_SIZE:
        problems.append(
            _(
                "age_of_giants: the line holds {n} dominoes, not 5: list "
                "age_of_giants after the plugins that set up the table (grand_duel)"
            ).format(n=config.line_size)
        )
    n = options.two_player_dominoes
    if n % LINE_SIZE or not LINE_SIZE <= n <= 30:
        problems.append(
            Problem.option(
                "age_of_giants",
                "two_player_dominoes",
                _(
                    "a multiple of 5 from 5 to 30 (5x5 kingdoms hold 12 dominoes each), not {n}"
                ).format(n=n),
            )
        )
    for players in (2, 3, 4, 5):
        positions = discard_positions(options, players)
        key = f"discards_{players}p"
        if any(not 1 <= p <= LINE_SIZE for p in positions) or len(set(positions)) != len(positions):
            problems.append(
                Problem.option(
                    NAME,
                    key,
                    _("distinct line positions from 1 to 5, not {positions}").format(
                        positions=list(positions)
                    ),
                )
            )
        elif players == config.players and LINE_SIZE - len(positions) < config.kings:
            problems.append(
                Problem.option(
                    NAME,
                    key,
                    _("{n} discarded leaves {left} dominoes for {kings} kings").format(
                        n=len(positions), left=LINE_SIZE - len(positions), kings=config.kings
                    ),
                )
            )
    if options.giants < 0:
        problems.append(
            Problem.option(
                "age_of_giants", "giants", _("0 or more, not {n}").format(n=options.giants)
            )
        )
    return problems


# -- game hooks ---------------------------------------------------------------------------


@hookimpl
def kd_line_discards(game: Game, dominoes: list[DominoId]) -> list[DominoId]:
    """I-G3: the dominoes at the discarded positions leave before anyone picks."""
    positions = discard_positions(game.config.option(NAME, AgeOfGiantsOptions), game.config.players)
    gone = discarded(dominoes, positions)
    game.ext[NAME] = evolve(state(game), market_discards=tuple(gone))
    return gone


@hookimpl
def kd_after_place(game: Game, seat: int, action: Place | Discard) -> None:
    """Giant and footprint effects, right after the domino is added (I-G11)."""
    options = game.config.option(NAME, AgeOfGiantsOptions)
    domino = action.domino
    placed = isinstance(action, Place)
    if domino in giant_dominoes() and (placed or options.giant_from_discarded_domino):
        st = state(game)
        if st.supply > 0 and coverable(game.kingdom_of(seat), options):
            game.insert_steps([Step(kind=GIANT_STEP, seat=seat, domino=domino)])
        else:  # no crown, or (I-G4) no giant left: the effect is dismissed
            game.ext[NAME] = evolve(st, dismissed=st.dismissed + 1)
    elif (
        domino in footprint_dominoes()
        and placed
        and senders(game.kingdom_of(seat), options)
        and targets(game, seat, options)
    ):
        game.insert_steps([Step(kind=FOOTPRINT_STEP, seat=seat, domino=domino)])


@hookimpl
def kd_score_kingdom(game: Game, kingdom: int) -> list[ScoreLine]:
    """A zero-point line counting the crowns giants cover (for displays and I-G8)."""
    k = game.kingdoms[kingdom]
    covered = sum(n for cell, n in giants_layer(k).items() if cell != k.board.castle)
    if not covered:
        return []
    return [
        ScoreLine(
            kind="giants",
            name=(
                _l("{n} crowns covered by giants")
                if covered > 1
                else _l("{n} crown covered by giants")
            ).format(n=covered),
            points=0,
            crowns=covered,
            source=NAME,
        )
    ]


def _crowns_with_covered(sheet: ScoreSheet) -> int:
    return sheet.crowns + sum(x.crowns for x in sheet.others if x.source == NAME)


@hookimpl
def kd_rank(game: Game, sheets: list[ScoreSheet]) -> Ranking | None:
    """I-G8 ``covered_crowns_in_tiebreak``: covered crowns count as crowns again."""
    if not game.config.option(NAME, AgeOfGiantsOptions).covered_crowns_in_tiebreak:
        return None  # the base game's ranking, where covered crowns count as none
    base = game.config.option("base", BaseOptions)
    tiebreaks = base.dynasty_tiebreaks if game.match_sheets else base.tiebreaks
    keys = match_keys(game, sheets, tiebreaks, crowns=_crowns_with_covered)
    return rank_by(keys, ("total", *tiebreaks))


def giant_domino() -> Piece:
    """The mark of a giant domino on the lines, as a picture (I-G11), in the player's words."""
    return Piece(
        symbol="Ω",
        words=_("a giant domino: whoever places it stands a giant on one of their crowns"),
        shape="figure",
        label=_("G"),
    )


def footprints() -> Piece:
    """The mark of a footprint domino on the lines, as a picture, in the player's words."""
    return Piece(
        symbol="∴",
        words=_("footprints: whoever places it may send one of their giants to an opponent"),
        shape="footprints",
    )


@hookimpl
def kd_describe_game(game: Game) -> list[str | TableNote]:
    """The giants' supply (as giants), where they stand, the giant and footprint
    dominoes of the lines (marked on them), and the market's discards; kingdoms by
    their players (``P2's kingdom``), never by number."""
    st = state(game)
    kingdoms = _(", ").join(
        _("{kingdom}: {giants}").format(kingdom=kingdom_name(game, i), giants=standing(k))
        for i, k in enumerate(game.kingdoms)
    )
    text = _("giants: {supply} in the supply; standing in {kingdoms}").format(
        supply=st.supply, kingdoms=kingdoms
    )
    if st.travelling:
        text += _("; {n} on its way to an opponent").format(n=st.travelling)
    if st.dismissed:
        text += _("; {n} dismissed (no crown to cover)").format(n=st.dismissed)
    in_supply = evolve(giant_piece(None), words=_("a giant in the supply"))
    supply = (in_supply,) * st.supply
    lines: list[str | TableNote] = [TableNote(words=text, pieces=supply)]
    shown = [
        d
        for d in (*game.line, *game.next_line)
        if d in giant_dominoes() or d in footprint_dominoes()
    ]
    marked = [
        _("giant domino {domino}").format(domino=domino_name(game, d))
        if d in giant_dominoes()
        else _("{domino} has footprints").format(domino=domino_name(game, d))
        for d in shown
    ]
    if marked:
        giant, steps = giant_domino(), footprints()
        lying = tuple(
            OnDomino(domino=d, whole=giant if d in giant_dominoes() else steps) for d in shown
        )
        words = _("on the lines: {dominoes}").format(dominoes=_("; ").join(marked))
        lines.append(TableNote(words=words, on_dominoes=lying))
    if st.market_discards:
        gone = _(", ").join(domino_name(game, d) for d in st.market_discards)
        lines.append(
            _("market: discarded from the last line before anyone chose: {dominoes}").format(
                dominoes=gone
            )
        )
    return lines
