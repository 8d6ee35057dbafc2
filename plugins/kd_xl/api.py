"""What the XL plugin offers other plugins: playing with two boxes of dominoes.

Teamdomino draws its lines from two boxes as XL does; it imports the two-box rules
from here (documented in docs/plugins/xl.md, "For other plugins"), never from the
modules behind them. Importing this module activates nothing.
"""

from __future__ import annotations

from . import two_boxes
from .two_boxes import TwoBoxOptions

__all__ = ["TwoBoxOptions", "two_boxes"]
