"""Origins scoring (docs/rules/origins.md).

- Regions: squares x fire icons, printed plus tokens (tokens are added to the
  square's crowns when they land). Volcano regions never score and are not
  regions for the tie-breaks either (the volcano terrain has ``scores=False``).
- Totem mode: + ``resource_points`` per wooden resource + the totems held.
- Tribe mode: + the cro-magnons: a hunter-gatherer scores per unit on its 8
  surrounding squares; warriors score per horde (orthogonal group): warriors x
  total power. Resources score nothing.
- Empire of Fire and Homo Habilis: Middle Kingdom and Harmony under their Origins
  names (the base game's tests of them are reused).
- Ranking: total, then the largest region, then the most fire (I-O3), then shared.
"""

from __future__ import annotations

from kd_base.api import bonus_line, is_harmony, is_middle_kingdom, property_lines

from kingdomino_core import Game, Kingdom, Ranking, ScoreLine, ScoreSheet, match_total, rank_by
from kingdomino_core.i18n import package_translation

from .data import RESOURCE_WORDS, cavemen, totem_points
from .options import OriginsOptions
from .state import CAVEMAN, RESOURCE, TOTEMS

_l = package_translation("kd_origins").lazy

#: The cro-magnons as score sheets name them (their ids, the same in every language's
#: data), shown as their names.
CAVEMAN_IDS = {
    # TRANSLATORS: a cro-magnon's id in score sheets ("hunter at 1,0: 2 x 3"): its name.
    "hunter": _l("hunter"),
    "fishing_child": _l("fishing_child"),
    "gatherer": _l("gatherer"),
    "sculptor": _l("sculptor"),
    "painter": _l("painter"),
    "fire_lady": _l("fire_lady"),
    "shaman": _l("shaman"),
    "small_warrior": _l("small_warrior"),
    "amazon": _l("amazon"),
    "oafish_warrior": _l("oafish_warrior"),
}

SOURCE = "origins"
_AROUND = tuple((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy)


def bonus_lines(game: Game, kingdom: Kingdom, options: OriginsOptions) -> list[ScoreLine]:
    """A line for every bonus played with, 0 points when the kingdom missed it."""
    lines = []
    if options.empire_of_fire:
        frame = options.empire_of_fire_frame or game.config.kingdom_size
        earned = is_middle_kingdom(kingdom, frame)
        name = _l("empire_of_fire")
        lines.append(bonus_line(name, earned, options.empire_of_fire_points, SOURCE))
    if options.homo_habilis:
        earned = is_harmony(kingdom, True)
        lines.append(bonus_line(_l("homo_habilis"), earned, options.homo_habilis_points, SOURCE))
    return lines


def totem_lines(game: Game, index: int, options: OriginsOptions) -> list[ScoreLine]:
    """Totem mode: the resources left and the totems this kingdom holds."""
    layer = game.kingdoms[index].layers.get(RESOURCE) or {}
    lines = [
        ScoreLine(
            kind="resources",
            name=_l("{n} wooden resources").format(n=len(layer)),
            points=len(layer) * options.resource_points,
            source=SOURCE,
        )
    ]
    kingdom = game.kingdoms[index]
    held = (kingdom.layers.get(TOTEMS) or {}).get(kingdom.board.castle, ())
    for res, points in totem_points().items():
        if res in held:
            name = _l("{resource} totem").format(resource=RESOURCE_WORDS.get(res, res))
            lines.append(ScoreLine(kind="totem", name=name, points=points, source=SOURCE))
    return lines


def _around(kingdom: Kingdom, cell: int) -> list[int]:
    board = kingdom.board
    x, y = board.xy(cell)
    return [board.cell(x + dx, y + dy) for dx, dy in _AROUND if board.on_board(x + dx, y + dy)]


def caveman_lines(kingdom: Kingdom) -> list[ScoreLine]:
    """Tribe mode: each hunter-gatherer, then each horde of warriors."""
    people = kingdom.layers.get(CAVEMAN) or {}
    resources = kingdom.layers.get(RESOURCE) or {}
    kinds = cavemen()
    board = kingdom.board
    lines = []
    warriors = []
    for cell in sorted(people):
        cm = kinds[people[cell]]
        if cm.warrior:
            warriors.append(cell)
            continue
        units = 0
        for near in _around(kingdom, cell):
            if cm.unit == "fire":
                units += kingdom.crowns_at[near]
            elif cm.unit == "caveman":
                units += near in people
            elif cm.unit == "resource":
                units += near in resources
            else:
                units += resources.get(near) == cm.unit
        x, y = board.xy(cell)
        lines.append(
            ScoreLine(
                kind="caveman",
                name=_l("{caveman} at {x},{y}: {units} x {per}").format(
                    caveman=CAVEMAN_IDS.get(cm.id, cm.id),
                    x=x,
                    y=y,
                    units=units,
                    per=cm.points_per_unit,
                ),
                points=units * cm.points_per_unit,
                source=SOURCE,
            )
        )
    seen: set[int] = set()
    for start in warriors:
        if start in seen:
            continue
        seen.add(start)
        horde, todo = [], [start]
        while todo:
            cell = todo.pop()
            horde.append(cell)
            for near in board.cells_of(board.neighbours[cell]):
                if near not in seen and near in people and kinds[people[near]].warrior:
                    seen.add(near)
                    todo.append(near)
        power = sum(kinds[people[c]].power for c in horde)
        x, y = board.xy(start)
        lines.append(
            ScoreLine(
                kind="horde",
                name=(
                    _l("horde at {x},{y}: {n} warriors x power {power}")
                    if len(horde) > 1
                    else _l("horde at {x},{y}: {n} warrior x power {power}")
                ).format(x=x, y=y, n=len(horde), power=power),
                points=len(horde) * power,
                source=SOURCE,
            )
        )
    return lines


def kingdom_lines(game: Game, index: int, options: OriginsOptions) -> list[ScoreLine]:
    kingdom = game.kingdoms[index]
    lines = property_lines(game, kingdom, SOURCE)  # regions: squares x fire
    if options.mode == "totem":
        lines += totem_lines(game, index, options)
    elif options.mode == "tribe":
        lines += caveman_lines(kingdom)
    return lines + bonus_lines(game, kingdom, options)


def rank(game: Game, sheets: list[ScoreSheet], options: OriginsOptions) -> Ranking:
    """Match total (the total: Origins plays no match), then the configured
    tie-breaks (I-O3), then a shared victory. Values come from each kingdom's own
    sheet (``RuleBook.add_fast_scoring(total_first=True)``)."""
    keys = {}
    for sheet in sheets:
        values = [match_total(game, sheet.kingdom, sheet.total)]
        for name in options.tiebreaks:
            values.append(sheet.largest_property if name == "largest_region" else sheet.crowns)
        keys[sheet.kingdom] = tuple(values)
    return rank_by(keys, ("total", *options.tiebreaks))
