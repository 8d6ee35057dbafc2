"""The six terrains of the base game (docs/rules/index.md, terrain key)."""

from kingdomino_core import Terrain
from kingdomino_core.i18n import package_translation

_l = package_translation("kd_base").lazy

TERRAINS = (
    Terrain(name=_l("wheat"), letter="W", colour="#e8c547", ansi=220),
    Terrain(name=_l("forest"), letter="F", colour="#2e7d32", ansi=28),
    Terrain(name=_l("lake"), letter="L", colour="#1e88e5", ansi=33),
    Terrain(name=_l("grassland"), letter="G", colour="#9ccc65", ansi=113),
    Terrain(name=_l("swamp"), letter="S", colour="#8d6e63", ansi=137),
    Terrain(name=_l("mine"), letter="M", colour="#616161", ansi=240),
)
