"""What the base game offers other plugins: the one module of ``kd_base`` they import.

A variant or a house rule that builds on the base game (or replaces it, as Origins
does, which conflicts with ``base`` yet places and scores the same way) imports
these names from here, never from the modules behind them: everything here is
documented (docs/plugins/base.md, "For other plugins") and kept stable like the
core's own exports; the rest of ``kd_base`` may change. Importing this module
activates nothing: a ruleset still activates ``base`` by name.
"""

from __future__ import annotations

from .options import BaseOptions
from .placement import Connects, ForcedPlacement, WithinSize
from .scoring import bonus_line, is_harmony, is_middle_kingdom, match_keys, property_lines

__all__ = [
    "BaseOptions",
    "Connects",
    "ForcedPlacement",
    "WithinSize",
    "bonus_line",
    "is_harmony",
    "is_middle_kingdom",
    "match_keys",
    "property_lines",
]
