"""Game mechanics that more than one rule set uses, written once for every plugin.

* :mod:`.purchase`: choose something offered, then pay for it in tokens of
  different kinds taken from the kingdom (The Court's tiles, Origins' cro-magnons,
  a house rule's own wares).
* :mod:`.tokens`: resource tokens laid on a new line's crownless producing squares,
  moved into the kingdom with the domino (The Court, Origins).
* :mod:`.pile`: a face-down pile with no order, turned up one item at a time by
  chance (The Court's tiles, Origins' cave, the quest tiles).

A plugin imports what it needs from here (``from kingdomino_core.mechanics import
Shop``); the core itself never uses these modules.
"""

from __future__ import annotations

from .pile import RevealFromPile
from .purchase import (
    ChooseStep,
    Choosing,
    Offer,
    Payment,
    PayStep,
    PurchaseRefusals,
    PurchaseWords,
    Shop,
)
from .shop_words import ShopWords
from .tokens import Tokens, line_tokens, put_tokens

__all__ = [
    "ChooseStep",
    "Choosing",
    "Offer",
    "PayStep",
    "Payment",
    "PurchaseRefusals",
    "PurchaseWords",
    "RevealFromPile",
    "Shop",
    "ShopWords",
    "Tokens",
    "line_tokens",
    "put_tokens",
]
