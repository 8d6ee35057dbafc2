"""Kingdom text notation for giants (docs/plugins/age-of-giants.md).

The digit after the terrain letter counts the crowns that still show, as scored
(like Court buildings and Origins fire); ``+giant`` says a giant stands on the
square covering one more printed crown, ``+giant=2`` two giants. So a printed
2-crown wheat square with one giant is ``W1+giant`` (it scores as 1 crown), and a
1-crown square with its crown covered is ``W0+giant``. A square that no domino
prints (``W2+giant`` would be a 3-crown wheat) is refused with the reason.

With ``footprint_needs_crown = false`` (I-G15) a giant sent to a kingdom without
a crown stands on its castle: ``C+giant``.
"""

from __future__ import annotations

from collections.abc import Callable

from kd_quests.api import GIANTS_LAYER

from kingdomino_core import Annotation, Kingdom, Registry
from kingdomino_core.engine.registry import Piece
from kingdomino_core.i18n import package_translation

from .giants import standing
from .options import AgeOfGiantsOptions

_ = package_translation("kd_age_of_giants")
_n = _.ngettext


def _count(value: str | None, most: int) -> int:
    if value is None:
        return 1
    if not value.isdigit() or not 1 <= int(value) <= most:
        raise ValueError(
            _("+giant=N takes a number of giants from 1 to {most}, not {value!r}").format(
                most=most, value=value
            )
        )
    return int(value)


def _printed_crowns(registry: Registry) -> Callable[[str], set[int]]:
    """Crown counts printed on squares of each terrain, over every registered domino."""
    cache: dict[str, set[int]] = {}

    def of(terrain: str) -> set[int]:
        if not cache:
            for dset in registry.domino_sets.values():
                for domino in dset.dominoes:
                    for square in domino.squares:
                        cache.setdefault(square.terrain, set()).add(square.crowns)
        return cache.get(terrain, set())

    return of


def giant_piece(value: str | None) -> Piece:
    """How displays show ``+giant`` / ``+giant=N``: a figure, ``G`` (``G2`` for two)."""
    n = int(value) if value and value.isdigit() else 1
    return Piece(
        symbol="Ω",  # not G: that letter is grassland
        words=_n("{n} giant (covering {n} crown)", "{n} giants (covering {n} crowns)", n).format(
            n=n
        ),
        # TRANSLATORS: the letter drawn on a giant in pictures (G2 for two giants).
        label=_("G") if n == 1 else _("G{n}").format(n=n),
        shape="figure",
    )


def giant_annotations(registry: Registry, options: AgeOfGiantsOptions) -> list[Annotation]:
    """``+giant`` on squares, and ``+giant`` on the castle when I-G15 allows it."""
    printed = _printed_crowns(registry)
    per_square = 1 if options.giants_per_square == "one" else options.giants

    def add(kingdom: Kingdom, cell: int, n: int) -> None:
        if standing(kingdom) + n > options.giants:
            raise ValueError(_("the box holds only {n} giants").format(n=options.giants))
        layer = kingdom.layer(GIANTS_LAYER)
        layer[cell] = layer.get(cell, 0) + n

    def parse(kingdom: Kingdom, cell: int, value: str | None) -> None:
        n = _count(value, options.giants)
        if kingdom.layers.get(GIANTS_LAYER, {}).get(cell, 0) + n > per_square:
            raise ValueError(_("one giant per square (giants_per_square = 'one', I-G6)"))
        terrain = registry.terrains[kingdom.terrain_at[cell]]
        showing = kingdom.crowns_at[cell]
        crowns = sorted(c for c in printed(terrain.name) if c)
        if showing + n not in crowns:
            raise ValueError(
                _(
                    "a giant covers a printed crown: the digit counts the crowns still "
                    "showing, so {square} would be a {n}-crown {terrain} square, which no "
                    "domino prints ({terrain} squares print {crowns} crowns)"
                ).format(
                    square=f"{terrain.letter}{showing}+giant{'' if n == 1 else f'={n}'}",
                    n=showing + n,
                    terrain=terrain.name,
                    crowns=crowns or _("no"),
                )
            )
        add(kingdom, cell, n)

    def render(kingdom: Kingdom, cell: int) -> list[str]:
        n = (kingdom.layers.get(GIANTS_LAYER) or {}).get(cell, 0)
        if not n or cell == kingdom.board.castle:
            return []
        return ["giant" if n == 1 else f"giant={n}"]

    found = [
        Annotation(
            key="giant",
            parse=parse,
            render=render,
            piece=giant_piece,
            help="a giant covering one printed crown (Age of Giants): W1+giant is a "
            "2-crown wheat square with one crown covered; +giant=2 for two giants",
        )
    ]
    if not options.footprint_needs_crown:

        def parse_castle(kingdom: Kingdom, cell: int, value: str | None) -> None:
            add(kingdom, cell, _count(value, options.giants))

        def render_castle(kingdom: Kingdom, cell: int) -> list[str]:
            if cell != kingdom.board.castle:
                return []
            n = (kingdom.layers.get(GIANTS_LAYER) or {}).get(cell, 0)
            return [] if not n else ["castle_giant" if n == 1 else f"castle_giant={n}"]

        found.append(
            Annotation(
                key="castle_giant",
                parse=parse_castle,
                render=render_castle,
                help="a giant standing on the castle, covering nothing (I-G15)",
                on_castle=True,
                piece=giant_piece,
            )
        )
    return found
