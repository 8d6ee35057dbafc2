"""What the XL plugin offers other plugins: playing with two boxes of dominoes.

Teamdomino draws its lines from two boxes as XL does; it imports the two-box rules
from here (documented in docs/plugins/xl.md, "For other plugins"), never from the
modules behind them; the compiled kernel (``kingdomino_fast``) reads XL's options.
Importing this module activates nothing.
"""

from __future__ import annotations

from . import two_boxes
from .options import XlOptions
from .two_boxes import TwoBoxOptions

__all__ = ["TwoBoxOptions", "XlOptions", "two_boxes"]
