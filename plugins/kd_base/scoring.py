"""Base scoring: properties, the optional bonuses, and ranking with tie-breaks.

docs/rules/base.md, "Scoring" and "Optional rules".
"""

from __future__ import annotations

from collections.abc import Callable

from kingdomino_core import (
    Game,
    GameConfig,
    Kingdom,
    Ranking,
    Registry,
    ScoreLine,
    ScoreSheet,
    match_total,
    rank_by,
)
from kingdomino_core.i18n import package_translation

from .options import BaseOptions

SOURCE = "base"

_l = package_translation("kd_base").lazy


#: Property names by (terrain name, x, y), each with the name object it was made
#: from: two terrains may be named alike in English and translated otherwise.
_NAMES: dict[tuple[str, int, int], tuple[str, str]] = {}


def property_lines(game: Game, kingdom: Kingdom, source: str = SOURCE) -> list[ScoreLine]:
    """One line per property: squares x crowns (no crowns, no points), in terrain
    order, each named by its terrain and first square (``forest at 1,0``).

    Terrains registered with ``scores=False`` (Origins volcanoes) form no property.
    ``source`` names the plugin scoring them (Origins scores its regions the same
    way, fire counting as crowns).
    """
    terrains = game.engine.registry.terrains
    board = kingdom.board
    stride, reach = board.stride, board.reach
    planes = kingdom.planes
    found = []
    for terrain, mask in kingdom.regions:
        t = terrains[terrain]
        if not t.scores:
            continue
        # kingdom.crowns_in(mask) and board.xy(lowest), inlined: bots score often.
        crowns = 0
        weight = 1
        for plane in planes:
            crowns += weight * (plane & mask).bit_count()
            weight <<= 1
        lowest = (mask & -mask).bit_length() - 1
        row, col = divmod(lowest, stride)
        found.append((terrain, lowest, t.name, mask.bit_count(), crowns, col - reach, row - reach))
    found.sort()
    lines = []
    names = _NAMES
    for _t, _c, name, squares, crowns, x, y in found:
        # _l("{terrain} at {x},{y}").format(terrain=name, x=x, y=y), made once per
        # terrain name and square (a translated text costs more than the whole line).
        known = names.get((name, x, y))
        if known is None or known[0] is not name:
            if len(names) >= 4096:
                names.clear()
            known = names[name, x, y] = (
                name,
                _l("{terrain} at {x},{y}").format(terrain=name, x=x, y=y),
            )
        lines.append(
            ScoreLine(
                kind="property",
                name=known[1],
                terrain=name,
                squares=squares,
                crowns=crowns,
                points=squares * crowns,
                source=source,
            )
        )
    return lines


def fast_total(config: GameConfig, registry: Registry) -> Callable[[Game, int], int]:
    """The points of ``kd_score_kingdom``'s lines, without building them (for bots)."""
    options = config.option("base", BaseOptions)
    scoring = tuple(t.scores for t in registry.terrains)
    frame = middle_frame(config, options)
    middle = options.middle_kingdom_points if options.middle_kingdom else 0
    harmony = options.harmony_points if options.harmony else 0
    no_discard = options.harmony_requires_no_discard

    def total(game: Game, index: int) -> int:
        kingdom = game.kingdoms[index]
        planes = kingdom.planes
        points = 0
        if len(planes) == 2:  # crowns 0-3 (the printed dominoes): no loop over planes
            ones, twos = planes
            crowned = ones | twos
            for terrain, mask in kingdom.regions:
                if mask & crowned and scoring[terrain]:
                    crowns = (ones & mask).bit_count() + 2 * (twos & mask).bit_count()
                    points += mask.bit_count() * crowns
        else:
            for terrain, mask in kingdom.regions:
                if not scoring[terrain]:
                    continue
                crowns = 0
                weight = 1
                for plane in planes:
                    crowns += weight * (plane & mask).bit_count()
                    weight <<= 1
                if crowns:
                    points += mask.bit_count() * crowns
        if middle and is_middle_kingdom(kingdom, *frame):
            points += middle
        if harmony and is_harmony(kingdom, no_discard):
            points += harmony
        return points

    return total


def fast_tiebreak(config: GameConfig, registry: Registry) -> Callable[[Game, int], tuple[int, ...]]:
    """The values :func:`rank` compares after the match total (:func:`match_keys`:
    largest property, crowns, over the match in Dynasty), from the kingdom's regions
    without building its sheet (``RuleBook.add_fast_scoring``). It counts base's
    own properties: a plugin adding property lines beside base's must rank itself."""
    options = config.option("base", BaseOptions)
    scoring = tuple(t.scores for t in registry.terrains)

    def tiebreak(game: Game, index: int) -> tuple[int, ...]:
        kingdom = game.kingdoms[index]
        largest = scored = 0  # scored: every square of a property
        for terrain, mask in kingdom.regions:
            if scoring[terrain]:
                scored |= mask
                squares = mask.bit_count()
                if squares > largest:
                    largest = squares
        crowns = kingdom.crowns_in(scored)
        past = game.match_sheets
        names = options.dynasty_tiebreaks if past else options.tiebreaks
        for sheets in past:
            largest = max(largest, sheets[index].largest_property)
            crowns += sheets[index].crowns
        return tuple(largest if name == "largest_property" else crowns for name in names)

    return tiebreak


def is_middle_kingdom(
    kingdom: Kingdom, frame: int, columns: int = 0, either_way: bool = False
) -> bool:
    """I-B2: the castle is the centre of a ``frame x frame`` square holding every square
    (of a ``frame`` rows by ``columns`` frame when given, turned either way round with
    ``either_way``: a rectangular kingdom's own shape)."""
    if not columns or columns == frame:
        if frame % 2 == 0:
            return False
        half = (frame - 1) // 2
        return max(-kingdom.minx, kingdom.maxx, -kingdom.miny, kingdom.maxy) <= half
    if frame % 2 == 0 or columns % 2 == 0:
        return False
    east_west = max(-kingdom.minx, kingdom.maxx)
    north_south = max(-kingdom.miny, kingdom.maxy)
    rows_half, columns_half = (frame - 1) // 2, (columns - 1) // 2
    if east_west <= columns_half and north_south <= rows_half:
        return True
    return either_way and east_west <= rows_half and north_south <= columns_half


def middle_frame(config: GameConfig, options: BaseOptions) -> tuple[int, int, bool]:
    """The Middle Kingdom's frame as ``is_middle_kingdom``'s ``(frame, columns,
    either_way)``: ``middle_kingdom_frame`` squared, else the kingdom's own shape."""
    if options.middle_kingdom_frame:
        return options.middle_kingdom_frame, options.middle_kingdom_frame, False
    rows, columns = config.kingdom_shape
    return rows, columns, config.kingdom_either_way


def is_harmony(kingdom: Kingdom, require_no_discard: bool) -> bool:
    """I-B3: the kingdom fills its square and (by default) none of its seats discarded."""
    board = kingdom.board
    complete = kingdom.squares == board.rows * board.columns - 1
    return complete and not (require_no_discard and kingdom.discards)


def bonus_line(name: str, earned: bool, points: int, source: str = SOURCE) -> ScoreLine:
    """The score line of bonus ``name``: ``points`` if ``earned``, else 0 (a sheet shows
    every bonus the rules play with, so a missed one reads as checked, not forgotten)."""
    return ScoreLine(kind="bonus", name=name, points=points if earned else 0, source=source)


def bonus_lines(game: Game, kingdom: Kingdom, options: BaseOptions) -> list[ScoreLine]:
    """A line for every bonus the rules play with, 0 points when the kingdom missed it
    (so a score sheet shows that Middle Kingdom and Harmony were checked)."""
    lines = []
    if options.middle_kingdom:
        earned = is_middle_kingdom(kingdom, *middle_frame(game.config, options))
        lines.append(bonus_line(_l("middle_kingdom"), earned, options.middle_kingdom_points))
    if options.harmony:
        earned = is_harmony(kingdom, options.harmony_requires_no_discard)
        lines.append(bonus_line(_l("harmony"), earned, options.harmony_points))
    return lines


def match_keys(
    game: Game,
    sheets: list[ScoreSheet],
    tiebreaks: tuple[str, ...],
    crowns: Callable[[ScoreSheet], int] = lambda s: s.crowns,
) -> dict[int, tuple[int, ...]]:
    """Each kingdom's ranking values: its match total, then ``tiebreaks``.

    In a Dynasty match (I-B1) the total is the match total
    (:func:`~kingdomino_core.match.match_total`), the largest property is the
    largest of any single game and crowns (``crowns``: a sheet's crowns for the
    tie-break) are summed over the games. Only the kingdoms of ``sheets`` are valued,
    from their own sheets, so a subset of kingdoms (those tied on a total) can be
    ranked alone (``RuleBook.add_fast_scoring(total_first=True)``).
    """
    keys = {}
    for sheet in sheets:
        k = sheet.kingdom
        per_game = [*(past[k] for past in game.match_sheets), sheet]
        values = [match_total(game, k, sheet.total)]
        for name in tiebreaks:
            if name == "largest_property":
                values.append(max(s.largest_property for s in per_game))
            else:
                values.append(sum(crowns(s) for s in per_game))
        keys[k] = tuple(values)
    return keys


def rank(game: Game, sheets: list[ScoreSheet], options: BaseOptions) -> Ranking:
    """Highest total wins; ties broken by the configured criteria, then shared (section 1).

    In a Dynasty match (I-B1) the values are over the match (:func:`match_keys`).
    """
    tiebreaks = options.dynasty_tiebreaks if game.match_sheets else options.tiebreaks
    return rank_by(match_keys(game, sheets, tiebreaks), ("total", *tiebreaks))
