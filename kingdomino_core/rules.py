"""Rule objects: the per-candidate checks and the decision handlers.

Hooks run a few times per game or per decision; the checks that run once per
candidate placement are plain objects registered in ``kd_register_rules`` and
called directly by the engine. A rule object has an ``id`` (``"base.connects"``) so a
ruleset or a house rule can replace or remove it by name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .errors import ConfigError

if TYPE_CHECKING:
    from .actions import Action, Step
    from .game import Game
    from .geometry import Direction
    from .kingdom import Kingdom
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


class ClaimRule:
    """A condition on which domino of the line a king may take."""

    #: Unique rule id (``"teamdomino.claims"``), as for placement rules.
    id: str = ""
    #: The rule in words, for players.
    description: str = ""

    def check(self, game: Game, seat: int, king: int, slot: int) -> str | None:
        """Why ``king`` may not take slot ``slot`` of the line being picked; None if it may."""
        raise NotImplementedError


class StepHandler:
    """Lists and applies the actions of one kind of :class:`Step`.

    The core registers handlers for ``reveal``, ``draw_king``, ``place`` and ``claim``;
    plugins register handlers for the steps they add (a Court purchase, an Origins
    fire throw). A chance handler sets ``chance = True`` and implements
    :meth:`outcomes` instead of :meth:`legal_actions`.
    """

    #: The ``Step.kind`` it handles.
    kind: str = ""
    #: True for chance steps (draws): it lists ``outcomes``, not ``legal_actions``.
    chance: bool = False

    def legal_actions(self, game: Game, step: Step) -> list[Action]:
        """Every legal action for ``step``, in a deterministic order. Never empty."""
        raise NotImplementedError

    def outcomes(self, game: Game, step: Step) -> list[tuple[Action, float]]:
        """Chance steps: every outcome with its probability (summing to 1)."""
        raise NotImplementedError

    def sample(self, game: Game, step: Step, r: float) -> Action:
        """Chance steps: the outcome selected by a uniform draw ``r`` in [0, 1).

        The default walks the cumulative probabilities of :meth:`outcomes`; uniform
        handlers may override it to avoid building every outcome.
        """
        outcomes = self.outcomes(game, step)
        acc = 0.0
        for action, p in outcomes:
            acc += p
            if r < acc:
                return action
        return outcomes[-1][0]

    def sample_action(self, game: Game, step: Step, r: float) -> Action:
        """Decision steps: the legal action a uniform draw ``r`` selects (random players).

        Must equal ``legal_actions(game, step)[int(r * n)]`` for the n legal actions;
        override only to compute it faster.
        """
        actions = self.legal_actions(game, step)
        return actions[int(r * len(actions))]

    def check(self, game: Game, step: Step, action: Action) -> None:
        """Raise :class:`IllegalActionError` naming the broken rule if ``action`` is illegal.

        The default accepts exactly what :meth:`legal_actions` lists.
        """
        from .errors import IllegalActionError

        options = (
            [a for a, _ in self.outcomes(game, step)]
            if self.chance
            else self.legal_actions(game, step)
        )
        if action not in options:
            raise IllegalActionError(
                f"{self.kind}.choices", f"{action.describe()} is not one of the legal choices"
            )

    def apply(self, game: Game, step: Step, action: Action) -> None:
        """Carry out a legal ``action`` (already checked) on ``game``."""
        raise NotImplementedError


class RuleBook:
    """What ``kd_register_rules`` fills; compiled once per engine."""

    def __init__(self) -> None:
        #: Placement rules, in registration order (all must pass).
        self.placement_rules: list[PlacementRule] = []
        #: Claim rules, in registration order (all must pass).
        self.claim_rules: list[ClaimRule] = []
        #: The handler of each step kind: the core's ``reveal``, ``draw_king``,
        #: ``place`` and ``claim``, and the plugins' own. Read it to find the handler a
        #: plugin's replacement delegates to; register with ``add_step_handler``.
        self.handlers: dict[str, StepHandler] = {}
        #: Plugin state slices: name -> (factory, copier).
        self.state: dict[str, tuple[Callable[[], Any], Callable[[Any], Any]]] = {}
        #: Which plugin registered what: rule id, ``"step:KIND"`` or ``"state:NAME"``
        #: -> plugin name (error messages name it).
        self.provenance: dict[str, str] = {}
        #: Fast score totals by plugin name (see :meth:`add_score_total`).
        self.score_totals: dict[str, Callable[[Game, int], int]] = {}
        #: True lets a player discard a domino that fits (house rules); the base game
        #: forbids it (docs/rules/base.md, forced placement).
        self.voluntary_discard = False
        self._plugin = ""

    def add_placement_rule(self, rule: PlacementRule, *, replace: bool = False) -> None:
        """Add a placement rule; ``replace=True`` swaps out the rule with the same id."""
        self._add(self.placement_rules, rule, replace)

    def add_claim_rule(self, rule: ClaimRule, *, replace: bool = False) -> None:
        """Add a claim rule; ``replace=True`` swaps out the rule with the same id."""
        self._add(self.claim_rules, rule, replace)

    def remove(self, rule_id: str) -> None:
        """Remove the placement or claim rule ``rule_id``."""
        groups: tuple[list[Any], ...] = (self.placement_rules, self.claim_rules)
        for rules in groups:
            for i, r in enumerate(rules):
                if r.id == rule_id:
                    del rules[i]
                    return
        known = [r.id for rules in groups for r in rules]
        raise ConfigError(f"no rule {rule_id!r} to remove; known: {', '.join(known)}")

    def add_score_total(self, total: Callable[[Game, int], int]) -> None:
        """Declare a fast function giving the points this plugin's ``kd_score_kingdom``
        lines add up to for a kingdom index, without building the lines.

        ``Game.score_total`` uses these when every plugin that scores has one (bots
        score millions of kingdoms); otherwise it sums the full score sheet. The two
        must agree; ``kingdomino_core.testing`` checks it.
        """
        self.score_totals[self._plugin] = total

    def add_step_handler(self, handler: StepHandler, *, replace: bool = False) -> None:
        """Handle steps of ``handler.kind``; a kind already handled needs
        ``replace=True`` (the later plugin in the ruleset wins)."""
        if handler.kind in self.handlers and not replace:
            raise ConfigError(
                f"step {handler.kind!r} handled twice: by "
                f"{self.provenance.get('step:' + handler.kind)!r} and {self._plugin!r}"
            )
        self.handlers[handler.kind] = handler
        self.provenance["step:" + handler.kind] = self._plugin

    def add_state(
        self, name: str, factory: Callable[[], Any], copy: Callable[[Any], Any] | None = None
    ) -> None:
        """Declare a plugin state slice, created per game and copied on clone.

        ``copy`` defaults to returning the same object, which is right only for
        immutable values.
        """
        if name in self.state:
            raise ConfigError(
                f"state slice {name!r} declared twice "
                f"(by {self.provenance.get('state:' + name)!r} and {self._plugin!r})"
            )
        self.state[name] = (factory, copy or (lambda v: v))
        self.provenance["state:" + name] = self._plugin

    def _add(self, rules: list[Any], rule: Any, replace: bool) -> None:
        if not rule.id:
            raise ConfigError(f"rule {type(rule).__name__} has no id")
        for i, r in enumerate(rules):
            if r.id == rule.id:
                if not replace:
                    raise ConfigError(
                        f"rule {rule.id!r} registered twice (by "
                        f"{self.provenance.get(rule.id)!r} and {self._plugin!r})"
                    )
                rules[i] = rule
                self.provenance[rule.id] = self._plugin
                return
        rules.append(rule)
        self.provenance[rule.id] = self._plugin
