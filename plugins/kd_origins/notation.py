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

from attrs import evolve

from kingdomino_core import Kingdom, Registry
from kingdomino_core.engine.registry import Annotation
from kingdomino_core.engine.words import plural
from kingdomino_core.model.pieces import Piece

from .data import RESOURCE_OF_TERRAIN, RESOURCES, VOLCANO, cavemen
from .state import CAVEMAN, FIRE, RESOURCE, TOTEMS


def _int(value: str | None, low: int, high: int, what: str) -> int:
    try:
        n = int(value or "")
    except ValueError:
        raise ValueError(f"{what} must be a number from {low} to {high}, not {value!r}") from None
    if not low <= n <= high:
        raise ValueError(f"{what} must be from {low} to {high}, not {n}")
    return n


def text_annotations(registry: Registry, mode: str) -> list[Annotation]:
    """The annotations of ``mode`` (resources only in Totem/Tribe, cavemen only in Tribe)."""
    volcano = registry.terrain_index(VOLCANO)
    terrains = registry.terrains

    def terrain_name(kingdom: Kingdom, cell: int) -> str:
        return terrains[kingdom.terrain_at[cell]].name

    def parse_fire(kingdom: Kingdom, cell: int, value: str | None) -> None:
        n = _int(value, 1, 3, "a fire token")
        if kingdom.terrain_at[cell] == volcano:
            raise ValueError("a fire token never lies on a volcano")
        if kingdom.crowns_at[cell] not in (0, n):
            raise ValueError(
                f"a fire token lies only on a square without printed fire, so the square "
                f"shows {n} fire, not {kingdom.crowns_at[cell]}"
            )
        _no_piece(kingdom, cell, "a fire token")
        kingdom.layer(FIRE)[cell] = n
        kingdom.set_crowns(cell, n)

    def render_fire(kingdom: Kingdom, cell: int) -> list[str]:
        layer = kingdom.layers.get(FIRE)
        return [f"fire={layer[cell]}"] if layer and cell in layer else []

    def parse_craters(kingdom: Kingdom, cell: int, value: str | None) -> None:
        if kingdom.terrain_at[cell] != volcano:
            raise ValueError("only a volcano (V) has craters")
        n = _int(value, 1, 3, "craters")
        kingdom.marks[cell] = (("craters", n),)

    def render_craters(kingdom: Kingdom, cell: int) -> list[str]:
        if kingdom.terrain_at[cell] != volcano:
            return []
        return [f"craters={v}" for k, v in kingdom.marks.get(cell, ()) if k == "craters"]

    def parse_res(kingdom: Kingdom, cell: int, value: str | None) -> None:
        if value not in RESOURCES:
            raise ValueError(f"a resource is one of {', '.join(RESOURCES)}, not {value!r}")
        terrain = terrain_name(kingdom, cell)
        if RESOURCE_OF_TERRAIN.get(terrain) != value:
            raise ValueError(f"a {value} lies only on its own terrain, not on {terrain}")
        if kingdom.crowns_at[cell]:
            raise ValueError("a resource lies only on a square without fire")
        _no_piece(kingdom, cell, "a resource")
        kingdom.layer(RESOURCE)[cell] = value

    def render_res(kingdom: Kingdom, cell: int) -> list[str]:
        layer = kingdom.layers.get(RESOURCE)
        return [f"res={layer[cell]}"] if layer and cell in layer else []

    def parse_caveman(kingdom: Kingdom, cell: int, value: str | None) -> None:
        if value not in cavemen():
            raise ValueError(f"a cro-magnon is one of {', '.join(cavemen())}, not {value!r}")
        if kingdom.crowns_at[cell]:
            raise ValueError("a cro-magnon stands only on a square without fire")
        _no_piece(kingdom, cell, "a cro-magnon")
        kingdom.layer(CAVEMAN)[cell] = value

    def render_caveman(kingdom: Kingdom, cell: int) -> list[str]:
        layer = kingdom.layers.get(CAVEMAN)
        return [f"caveman={layer[cell]}"] if layer and cell in layer else []

    def parse_totem(kingdom: Kingdom, cell: int, value: str | None) -> None:
        if value not in RESOURCES:
            raise ValueError(f"a totem is one of {', '.join(RESOURCES)}, not {value!r}")
        layer = kingdom.layer(TOTEMS)
        held = layer.get(cell, ())
        if value in held:
            raise ValueError(f"the {value} totem is written twice")
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
    return Piece(symbol="*", words=f"fire token ({value} fire)", label=value or "", shape="fire")


def _crater_piece(value: str | None) -> Piece:
    n = value or "1"
    craters = "crater" if n == "1" else "craters"
    return Piece(
        symbol=_SUPERSCRIPT.get(n, "^"), words=f"{n} {craters} (volcano)", label=n, shape="crater"
    )


def crater_mark(craters: int) -> Piece:
    """A volcano's printed craters on a domino not yet placed (``Registry.add_mark``):
    ``V²`` in the terminal's lines, ``volcano 2 craters`` in words."""
    return evolve(_crater_piece(str(craters)), words=plural(craters, "crater"))


def _resource_piece(value: str | None) -> Piece:
    res = value or "resource"
    return Piece(symbol="•", words=res, label=res[:2].title())


def _totem_piece(value: str | None) -> Piece:
    res = value or "?"
    return Piece(symbol="T", words=f"{res} totem", label=res[:2].title(), shape="tile")


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
        return Piece(symbol="@", words=value or "cro-magnon", shape="figure")
    name = cm.name.removeprefix("The ")
    words = name.split()
    label = "".join(w[0].upper() for w in words) if len(words) > 1 else name[:2]
    symbol = CAVEMAN_SYMBOLS.get(cm.id, "!" if cm.warrior else "@")
    if cm.warrior:
        return Piece(symbol=symbol, words=f"{name} (power {cm.power})", label=label, shape="figure")
    return Piece(symbol=symbol, words=name, label=label, shape="figure")


def _no_piece(kingdom: Kingdom, cell: int, what: str) -> None:
    for name in (FIRE, RESOURCE, CAVEMAN):
        layer = kingdom.layers.get(name)
        if layer and cell in layer:
            raise ValueError(f"{what} cannot share a square with {layer[cell]!r} ({name})")
