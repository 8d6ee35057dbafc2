"""What the quests plugin offers other plugins (docs/plugins/age-of-giants.md).

Age of Giants puts giants on squares through the layer the quests plugin scores
around (a square under a giant does not count for its crowns); it names that layer
from here, never from the modules behind it.
"""

from __future__ import annotations

from . import GIANTS_LAYER

__all__ = ["GIANTS_LAYER"]
