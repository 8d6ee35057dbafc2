"""The two-box component shared by Kingdomino XL and Teamdomino (docs/rules/xl.md).

Two boxes are in play, each a full domino set; a domino is identified by
``DominoId(box, number)`` (``2:17`` is number 17 of box 2), so every number exists
twice. Each line is drawn from one box and the boxes alternate: line 1 from the
first box, line 2 from the other, and so on (docs/rules/xl.md), so a line
never mixes boxes and never holds two dominoes of one number.

Setting dominoes aside unseen (12 per box in 3-player XL and 6-player Teamdomino)
is done by drawing only the lines the game needs: every line is drawn at random
from the undrawn dominoes of its box, so the dominoes drawn from a box over the
game are a uniformly random subset in a uniformly random order, exactly as if the
rest had been returned to the box unseen before the first line. Only the dominoes
actually drawn are "in play".

``kd_teamdomino`` imports this module; neither plugin copies it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from attrs import frozen

from kingdomino_core import Problem
from kingdomino_core.i18n import package_translation

_ = package_translation("kd_xl")

if TYPE_CHECKING:
    from kingdomino_core import ConfigBuilder, DominoId, Game, GameConfig, Registry

BOXES = (1, 2)


@frozen(kw_only=True)
class TwoBoxOptions:
    """Options every two-box mode shares (``[options.xl]``, ``[options.teamdomino]``)."""

    #: The domino set in each box, box 1 then box 2 (two copies of the base game).
    boxes: tuple[str, ...] = ("base", "base")
    #: The box the first line of each game is drawn from; the boxes then alternate.
    first_box: int = 1


def deck(options: TwoBoxOptions) -> tuple[tuple[str, int], ...]:
    """The ``deck`` configuration key: each box's set, identified by its box."""
    return tuple((name, box) for box, name in zip(BOXES, options.boxes, strict=False))


def box_of_line(line_number: int, first_box: int) -> int:
    """The box line ``line_number`` (from 1) is drawn from: alternating from ``first_box``."""
    other = 3 - first_box
    return first_box if line_number % 2 == 1 else other


def draw_pool(game: Game, line_number: int, first_box: int) -> list[DominoId]:
    """The undrawn dominoes of the box that line ``line_number`` comes from."""
    box = box_of_line(line_number, first_box)
    return [d for d in game.pile if d.box == box]


def configure(config: ConfigBuilder, options: TwoBoxOptions) -> None:
    """Set the deck to the two boxes (on top of the base game's single box)."""
    if _boxes_ok(options):
        config.set("deck", deck(options), override=True)


def _boxes_ok(options: TwoBoxOptions) -> bool:
    return len(options.boxes) == len(BOXES) and options.first_box in BOXES


def problems(
    plugin: str, options: TwoBoxOptions, config: GameConfig, registry: Registry
) -> list[Problem | str]:
    """What is wrong with the two-box options, each message naming the bad value."""
    found: list[Problem | str] = []
    if len(options.boxes) != len(BOXES):
        found.append(
            Problem.option(
                plugin,
                "boxes",
                _(
                    'expected the domino sets of exactly 2 boxes, such as ["base", "base"], '
                    "not {boxes!r}"
                ).format(boxes=list(options.boxes)),
                list(options.boxes),
            )
        )
    if options.first_box not in BOXES:
        found.append(
            Problem.option(
                plugin,
                "first_box",
                _("must be 1 or 2, not {value!r}").format(value=options.first_box),
                options.first_box,
            )
        )
    if found:
        return found
    lines_per_box = {box: 0 for box in BOXES}
    for n in range(1, config.lines_total + 1):
        lines_per_box[box_of_line(n, options.first_box)] += 1
    for box, name in zip(BOXES, options.boxes, strict=True):
        dset = registry.domino_sets.get(name)
        if dset is None:
            known = ", ".join(sorted(registry.domino_sets)) or _("(none)")
            found.append(
                Problem.option(
                    plugin,
                    "boxes",
                    _("unknown domino set {name!r} for box {box}; known: {known}").format(
                        name=name, box=box, known=known
                    ),
                )
            )
            continue
        needed = lines_per_box[box] * config.line_size
        if len(dset.dominoes) < needed:
            found.append(
                Problem.option(
                    plugin,
                    "boxes",
                    _(
                        "box {box} ({name!r}) holds {n} dominoes, but {lines} lines of {size} "
                        "need {needed}"
                    ).format(
                        box=box,
                        name=name,
                        n=len(dset.dominoes),
                        lines=lines_per_box[box],
                        size=config.line_size,
                        needed=needed,
                    ),
                )
            )
    return found


def describe(game: Game, first_box: int) -> str:
    """One display line: which box the lines come from and what is left in each box."""
    left = {box: 0 for box in BOXES}
    for d in game.pile:
        left[d.box] = left.get(d.box, 0) + 1
    total = game.config.lines_total
    drawn = game.lines_drawn
    if drawn < total:
        nxt = _("line {line} of {total} from box {box}").format(
            line=drawn + 1, total=total, box=box_of_line(drawn + 1, first_box)
        )
    else:
        nxt = _("all {total} lines drawn").format(total=total)
    boxes = _(", ").join(
        _("box {box}: {n} left").format(box=box, n=n) for box, n in sorted(left.items())
    )
    return _("two boxes: {next}; {boxes}").format(next=nxt, boxes=boxes)
