"""Every Origins cro-magnon has a symbol of its own in the terminal grids (the
hunter-gatherers all shared ``@``, the warriors ``!``), named by the key."""

from __future__ import annotations

from kd_origins.data import cavemen
from kd_origins.notation import CAVEMAN_SYMBOLS
from rich.cells import cell_len

from kingdomino_core.testing import make_engine


def test_each_cro_magnon_has_its_own_one_column_symbol() -> None:
    engine = make_engine("origins-tribe", 2)
    registry = engine.registry
    piece = registry.annotations["caveman"].piece
    assert set(CAVEMAN_SYMBOLS) == set(cavemen())  # every cro-magnon of the data file
    symbols = [piece(cid).symbol for cid in cavemen()]
    assert len(set(symbols)) == len(symbols), symbols
    others = {"fire": "1", "res": "fish", "craters": "2"}
    taken = {t.letter for t in registry.terrains} | {"C"}
    taken |= {registry.annotations[k].piece(v).symbol for k, v in others.items()}
    for symbol in symbols:
        assert cell_len(symbol) == 1 and symbol not in taken, symbol
