"""Rule objects checked per candidate: placement, claim and discard rules.

Hooks run a few times per game or per decision; the checks that run once per
candidate (a placement, a claim, a discard) are plain objects registered in
``kd_register_rules`` and called directly by the engine. A rule object has an
``id`` (``"base.connects"``) so a ruleset or a house rule can replace or remove it
by name (``RuleBook.remove``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..model.components import DominoId
from ..model.geometry import Direction
from ..model.kingdom import Kingdom

if TYPE_CHECKING:  # rules receive the game they judge (games use the rules)
    from .game import Game
    from .registry import PlayDomino


class PlacementRule:
    """A condition every placed domino must meet.

    Subclasses implement :meth:`check` (used to explain a refusal) and, for speed,
    may implement :meth:`square_masks` (preferred) or :meth:`allowed` to filter all
    candidates at once with bit masks. The engine ANDs the masks of all rules, then
    runs :meth:`check` only for rules that have no mask version. The mask version and
    :meth:`check` must agree; ``kingdomino_core.testing`` has a check for that.
    """

    #: Unique rule id (``"base.connects"``): ``IllegalActionError.rule`` names it, and
    #: ``RuleBook.add_placement_rule(replace=True)`` / ``RuleBook.remove`` find it.
    id: str = ""
    #: The rule in words, for players (``kd ruleset show``).
    description: str = ""
    #: How the two masks of :meth:`square_masks` combine: False means both squares
    #: must lie in their masks, True means at least one must.
    any_square: bool = False

    def square_masks(
        self, game: Game, kingdom: Kingdom, domino: PlayDomino
    ) -> tuple[int, int] | None:
        """Cells allowed for the domino's first and for its second square, whatever the
        direction; combined per ``any_square``. None: use :meth:`allowed` or :meth:`check`.
        """
        return None

    def allowed(
        self, game: Game, kingdom: Kingdom, domino: PlayDomino, direction: Direction
    ) -> int | None:
        """Mask of first-square cells this rule allows for ``direction``; None: use check."""
        return None

    def check(
        self, game: Game, kingdom: Kingdom, domino: PlayDomino, first: int, second: int
    ) -> str | None:
        """Why putting the domino's squares on cells ``first``/``second`` breaks the rule.

        Return None when it does not.
        """
        raise NotImplementedError

    def check_kingdom(self, game: Game, kingdom: Kingdom) -> str | None:
        """Why a whole kingdom, built elsewhere, breaks this rule (a kingdom file ``kd
        score`` reads: ``base.within_size`` refuses one larger than the ruleset's
        shape). None when it does not, or when the rule cannot tell from the finished
        kingdom (the default: a rule on the order of placements)."""
        return None


class ClaimRule:
    """A condition on which domino of the line a king may take."""

    #: Unique rule id (``"teamdomino.claims"``), as for placement rules.
    id: str = ""
    #: The rule in words, for players.
    description: str = ""

    def check(self, game: Game, seat: int, king: int, slot: int) -> str | None:
        """Why ``king`` may not take slot ``slot`` of the line being picked; None if it may."""
        raise NotImplementedError


class DiscardRule:
    """A condition on discarding the domino to place when it could be placed.

    When the domino fits nowhere, discarding it is always legal (these rules are not
    asked), so a player is never left without a choice. When it fits, the core lets
    the player discard it unless a discard rule refuses: the base game's forced
    placement (``base.forced_placement``, in ``kd_base``) is one, and a house rule
    allowing voluntary discards removes it (``rules.remove("base.forced_placement")``).
    """

    #: Unique rule id (``"base.forced_placement"``), as for placement rules.
    id: str = ""
    #: The rule in words, for players.
    description: str = ""
    #: True when :meth:`check` refuses every discard of a domino that fits (the base
    #: game's forced placement): the engine then knows the answer on the path every
    #: move takes, and asks :meth:`check` only for the message of a refusal.
    unconditional: bool = False

    def check(self, game: Game, seat: int, domino: DominoId) -> str | None:
        """Why ``seat`` may not discard ``domino``, which fits in its kingdom; None if
        it may."""
        raise NotImplementedError
