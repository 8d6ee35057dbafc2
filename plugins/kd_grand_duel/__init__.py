"""The Grand Duel (the English rulebook's "Mighty Duel") as a plugin (docs/rules/grand-duel.md).

2 players with 2 kings each, all 48 dominoes in 12 lines of 4, 7x7 kingdoms of 24
dominoes. It builds on ``base`` and changes only the set-up; Middle Kingdom then
uses the 7x7 centre by itself (I-B4), since its frame defaults to the kingdom size.
"""

from __future__ import annotations

from kingdomino_core import ConfigBuilder, hookimpl
from kingdomino_core.i18n import package_translation

_ = package_translation("kd_grand_duel")  # its catalogs: kd_grand_duel/locales

NAME = "grand_duel"
HOOK_API = 1
REQUIRES = ("base",)


@hookimpl
def kd_configure(config: ConfigBuilder) -> None:
    config.set("allowed_players", (2,), override=True)
    config.set("kingdom_size", 7, override=True)
    config.set("kings_per_seat", 2, override=True)
    config.set("line_size", 4, override=True)
    config.set("lines_total", 12, override=True)
