"""Kingdom text notation for Origins squares (docs/plugins/origins.md).

Terrain letters: ``D`` desert, ``G`` grassland, ``L`` lake, ``J`` jungle, ``Q``
quarry, ``V`` volcano (``G`` and ``L`` are the base game's grassland and lake; the
others are unused by the base game). The digit after the letter counts all fire
icons on the square, printed plus token, as crowns do in the base game.
Annotations:

- ``+fire=N``: N of the square's fire is a fire token (N from 1 to 3; the square
  has no printed fire, so the digit is N; ``J0+fire=2`` is read as ``J2+fire=2``);
- ``+craters=N``: a volcano's craters (1 to 3);
- ``+res=R``: a wooden resource (mammoth, fish, mushroom, flint) on a square of its
  terrain without fire (Totem and Tribe modes);
- ``+caveman=C``: a cro-magnon (Tribe mode), e.g. ``D0+caveman=fire_lady``.
"""

from __future__ import annotations

from collections.abc import Mapping

from attrs import evolve

from kingdomino_core import Kingdom, Registry
from kingdomino_core.engine.registry import Annotation
from kingdomino_core.i18n import package_translation
from kingdomino_core.model.pieces import Piece

from .data import RESOURCE_OF_TERRAIN, RESOURCES, VOLCANO, cavemen, resource_words
from .state import CAVEMAN, FIRE, RESOURCE, TOTEMS

_ = package_translation("kd_origins")
_l = _.lazy
_n = _.ngettext

#: The letters drawn on each resource and totem in pictures (at most 3).
RESOURCE_LABELS = {
    # TRANSLATORS: the letters (at most 3) drawn on a resource or a totem in pictures.
    "mammoth": _l("Ma"),
    "fish": _l("Fi"),
    "mushroom": _l("Mu"),
    "flint": _l("Fl"),
}

#: The letters drawn on each cro-magnon in pictures (at most 3).
CAVEMAN_LABELS = {
    # TRANSLATORS: the letters (at most 3) drawn on a cro-magnon in pictures.
    "hunter": _l("Hu"),
    "fishing_child": _l("FC"),
    "gatherer": _l("Ga"),
    "sculptor": _l("Sc"),
    "painter": _l("Pa"),
    "fire_lady": _l("FL"),
    "shaman": _l("Sh"),
    "small_warrior": _l("SW"),
    "amazon": _l("AW"),
    "oafish_warrior": _l("OW"),
}


def _int(value: str | None, low: int, high: int, what: str) -> int:
    try:
        n = int(value or "")
    except ValueError:
        raise ValueError(
            _("{what} must be a number from {low} to {high}, not {value!r}").format(
                what=what, low=low, high=high, value=value
            )
        ) from None
    if not low <= n <= high:
        raise ValueError(
            _("{what} must be from {low} to {high}, not {n}").format(
                what=what, low=low, high=high, n=n
            )
        )
    return n


def text_annotations(registry: Registry, mode: str) -> list[Annotation]:
    """The annotations of ``mode`` (resources only in Totem/Tribe, cavemen only in Tribe)."""
    volcano = registry.terrain_index(VOLCANO)
    terrains = registry.terrains

    def terrain_name(kingdom: Kingdom, cell: int) -> str:
        return terrains[kingdom.terrain_at[cell]].name

    def parse_fire(kingdom: Kingdom, cell: int, value: str | None) -> None:
        n = _int(value, 1, 3, _("a fire token"))
        if kingdom.terrain_at[cell] == volcano:
            raise ValueError(_("a fire token never lies on a volcano"))
        if kingdom.crowns_at[cell] not in (0, n):
            raise ValueError(
                _(
                    "a fire token lies only on a square without printed fire, so the square "
                    "shows {n} fire, not {shown}"
                ).format(n=n, shown=kingdom.crowns_at[cell])
            )
        _no_piece(kingdom, cell, _("a fire token"))
        kingdom.layer(FIRE)[cell] = n
        kingdom.set_crowns(cell, n)

    def render_fire(kingdom: Kingdom, cell: int) -> list[str]:
        layer = kingdom.layers.get(FIRE)
        return [f"fire={layer[cell]}"] if layer and cell in layer else []

    def parse_craters(kingdom: Kingdom, cell: int, value: str | None) -> None:
        if kingdom.terrain_at[cell] != volcano:
            raise ValueError(_("only a volcano (V) has craters"))
        n = _int(value, 1, 3, _("craters"))
        kingdom.marks[cell] = (("craters", n),)

    def render_craters(kingdom: Kingdom, cell: int) -> list[str]:
        if kingdom.terrain_at[cell] != volcano:
            return []
        return [f"craters={v}" for k, v in kingdom.marks.get(cell, ()) if k == "craters"]

    def parse_res(kingdom: Kingdom, cell: int, value: str | None) -> None:
        if value not in RESOURCES:
            raise ValueError(
                _("a resource is one of {known}, not {value!r}").format(
                    known=", ".join(RESOURCES), value=value
                )
            )
        terrain = terrain_name(kingdom, cell)
        if RESOURCE_OF_TERRAIN.get(terrain) != value:
            raise ValueError(
                _("a {resource} lies only on its own terrain, not on {terrain}").format(
                    resource=resource_words(value), terrain=terrain
                )
            )
        if kingdom.crowns_at[cell]:
            raise ValueError(_("a resource lies only on a square without fire"))
        _no_piece(kingdom, cell, _("a resource"))
        kingdom.layer(RESOURCE)[cell] = value

    def render_res(kingdom: Kingdom, cell: int) -> list[str]:
        layer = kingdom.layers.get(RESOURCE)
        return [f"res={layer[cell]}"] if layer and cell in layer else []

    def parse_caveman(kingdom: Kingdom, cell: int, value: str | None) -> None:
        if value not in cavemen():
            raise ValueError(
                _("a cro-magnon is one of {known}, not {value!r}").format(
                    known=", ".join(cavemen()), value=value
                )
            )
        if kingdom.crowns_at[cell]:
            raise ValueError(_("a cro-magnon stands only on a square without fire"))
        _no_piece(kingdom, cell, _("a cro-magnon"))
        kingdom.layer(CAVEMAN)[cell] = value

    def render_caveman(kingdom: Kingdom, cell: int) -> list[str]:
        layer = kingdom.layers.get(CAVEMAN)
        return [f"caveman={layer[cell]}"] if layer and cell in layer else []

    def parse_totem(kingdom: Kingdom, cell: int, value: str | None) -> None:
        if value not in RESOURCES:
            raise ValueError(
                _("a totem is one of {known}, not {value!r}").format(
                    known=", ".join(RESOURCES), value=value
                )
            )
        layer = kingdom.layer(TOTEMS)
        held = layer.get(cell, ())
        if value in held:
            raise ValueError(
                _("the {resource} totem is written twice").format(resource=resource_words(value))
            )
        layer[cell] = tuple(sorted((*held, value)))

    def render_totem(kingdom: Kingdom, cell: int) -> list[str]:
        layer = kingdom.layers.get(TOTEMS)
        return [f"totem={res}" for res in layer.get(cell, ())] if layer else []

    out = [
        Annotation(
            key="fire",
            parse=parse_fire,
            render=render_fire,
            help="a fire token of N fire on the square (+fire=2)",
            piece=_fire_piece,
        ),
        Annotation(
            key="craters",
            parse=parse_craters,
            render=render_craters,
            help="the craters of a volcano (+craters=1..3)",
            piece=_crater_piece,
        ),
    ]
    if mode in ("totem", "tribe"):
        out.append(
            Annotation(
                key="res",
                parse=parse_res,
                render=render_res,
                help="a wooden resource: mammoth, fish, mushroom or flint (+res=fish)",
                piece=_resource_piece,
            )
        )
    if mode == "totem":
        out.append(
            Annotation(
                key="totem",
                parse=parse_totem,
                render=render_totem,
                help="a totem the kingdom holds, on its castle (C+totem=fish)",
                piece=_totem_piece,
                on_castle=True,
            )
        )
    if mode == "tribe":
        out.append(
            Annotation(
                key="caveman",
                parse=parse_caveman,
                render=render_caveman,
                help="a cro-magnon tile (+caveman=hunter)",
                piece=_caveman_piece,
            )
        )
    return out


_SUPERSCRIPT = {"1": "¹", "2": "²", "3": "³"}


def _fire_piece(value: str | None) -> Piece:
    words = _("fire token ({n} fire)").format(n=value)
    return Piece(symbol="*", words=words, label=value or "", shape="fire")


def _crater_piece(value: str | None) -> Piece:
    n = value or "1"
    count = int(n) if n.isdigit() else 1
    words = _n("{n} crater (volcano)", "{n} craters (volcano)", count).format(n=n)
    return Piece(symbol=_SUPERSCRIPT.get(n, "^"), words=words, label=n, shape="crater")


def crater_mark(craters: int) -> Piece:
    """A volcano's printed craters on a domino not yet placed (``Registry.add_mark``):
    ``V²`` in the terminal's lines, ``volcano 2 craters`` in words."""
    words = _n("{n} crater", "{n} craters", craters).format(n=craters)
    return evolve(_crater_piece(str(craters)), words=words)


def _label(labels: Mapping[str, str], key: str) -> str:
    found = labels.get(key)
    return str(found) if found is not None else key[:2].title()


def _resource_piece(value: str | None) -> Piece:
    if value is None:
        return Piece(symbol="•", words=_("resource"), label="Re")
    return Piece(symbol="•", words=resource_words(value), label=_label(RESOURCE_LABELS, value))


def _totem_piece(value: str | None) -> Piece:
    res = value or "?"
    words = _("{resource} totem").format(resource=resource_words(res))
    return Piece(symbol="T", words=words, label=_label(RESOURCE_LABELS, res), shape="tile")


#: Each cro-magnon's symbol in terminal grids, one column each and all different (the
#: key names them; they all shared ``@``, the warriors ``!``): none is a terrain letter,
#: the castle's ``C`` or another Origins piece's symbol (``*`` fire, ``•`` resources,
#: ``T`` totems, ``¹²³`` craters). A cro-magnon of a data file not listed here is
#: ``@`` (``!`` for a warrior).
CAVEMAN_SYMBOLS = {
    "hunter": ">",  # a spear
    "fishing_child": "~",  # the water
    "gatherer": "%",  # berries
    "sculptor": "#",  # a carved block
    "painter": "/",  # a brush
    "fire_lady": "&",
    "shaman": "§",
    "small_warrior": "!",
    "amazon": "†",
    "oafish_warrior": "¡",
}


def _caveman_piece(value: str | None) -> Piece:
    cm = cavemen().get(value or "")
    if cm is None:
        return Piece(symbol="@", words=value or _("cro-magnon"), shape="figure")
    label = _label(CAVEMAN_LABELS, cm.id)
    symbol = CAVEMAN_SYMBOLS.get(cm.id, "!" if cm.warrior else "@")
    if cm.warrior:
        words = _("{name} (power {power})").format(name=cm.words, power=cm.power)
        return Piece(symbol=symbol, words=words, label=label, shape="figure")
    return Piece(symbol=symbol, words=cm.words, label=label, shape="figure")


def _no_piece(kingdom: Kingdom, cell: int, what: str) -> None:
    for name in (FIRE, RESOURCE, CAVEMAN):
        layer = kingdom.layers.get(name)
        if layer and cell in layer:
            raise ValueError(
                _("{what} cannot share a square with {piece!r} ({layer})").format(
                    what=what, piece=layer[cell], layer=name
                )
            )
