"""The market: the offers kings are put on, each round.

The market of a round is a tuple of :class:`Offer` values. In the base game it is a
single offer, the line (``Offer(name="line", dominoes=...)``); a house rule makes
several of its own from each line laid out (``kd_offer_line``): two lines to choose
from, or one hand per seat that a draft passes on. Every domino of every offer is in
``Game.next_line``, offer after offer, so a claim names its domino whichever offer
holds it, and a domino nobody picked leaves play the one way (``Game.discard``).
"""

from __future__ import annotations

import attrs
from attrs import frozen

from ..i18n import get_translation
from .components import DominoId, domino_order

_l = get_translation("kingdomino_core").lazy


@frozen(kw_only=True, slots=True)
class Offer:
    """One pickable offer: dominoes kings may be put on, shown under one name."""

    #: What the displays call it, in the players' words: ``"line"``, ``"left line"``,
    #: ``"hand A"``. Never a rule id.
    name: str
    #: Its dominoes, in the order they are shown (and placed, by default).
    dominoes: tuple[DominoId, ...]
    #: The only seat whose kings may pick from it (a hand), or None: every seat.
    seat: int | None = None

    def passed_to(self, seat: int | None, *, name: str | None = None) -> Offer:
        """The same offer, now pickable by ``seat`` (a draft passes its hands on),
        renamed to ``name`` if given."""
        return attrs.evolve(self, seat=seat, name=self.name if name is None else name)

    def without(self, dominoes: tuple[DominoId, ...]) -> Offer:
        """The same offer less ``dominoes`` (those a plugin took out of the market)."""
        return attrs.evolve(self, dominoes=tuple(d for d in self.dominoes if d not in dominoes))


def line_offer(dominoes: list[DominoId]) -> tuple[Offer]:
    """The base game's market: the whole line as one offer named ``"line"``."""
    return (Offer(name=_l("line"), dominoes=tuple(dominoes)),)


def offer_problem(offers: object, line: list[DominoId]) -> str | None:
    """Why ``offers`` (what ``kd_offer_line`` returned) is not a market of ``line``:
    a list of :class:`Offer` whose dominoes are those of the line, each once."""
    if not isinstance(offers, list | tuple) or not offers:
        return f"expected a non-empty list of Offer, got {offers!r}"[:160]
    if not all(isinstance(o, Offer) for o in offers):
        return "expected a list of Offer, got an item of another type"
    found = [d for o in offers for d in o.dominoes]
    keys = sorted(map(domino_order, found))
    if keys != sorted(map(domino_order, line)) or len(set(keys)) != len(keys):
        return (
            f"the offers must hold the line's dominoes ({', '.join(map(str, line))}), each "
            f"once, not {', '.join(map(str, found))}"
        )
    return None
