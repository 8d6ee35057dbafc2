"""The rule book: what ``kd_register_rules`` fills, compiled once per engine.

The rule objects it holds live beside it: placement, claim and discard rules in
``conditions``, step handlers, wrappers and extra actions in ``handlers``, plugin
state slices in ``state``; they are imported here too, so code written for the
flat core (``kingdomino_core.rules.StepHandler``) keeps working.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from attrs import evolve, frozen

from ..errors import ConfigError
from .conditions import ClaimRule, DiscardRule, PlacementRule
from .handlers import ExtraActions, StepHandler, StepWrapper, WithExtraActions
from .state import StateSlice, _same, is_immutable, is_singleton
from .views import Secret

if TYPE_CHECKING:  # score totals receive the game (the game uses the rule book)
    from .game import Game

__all__ = [
    "ClaimRule",
    "DiscardRule",
    "ExtraActions",
    "FastScoring",
    "PlacementRule",
    "RuleBook",
    "StateSlice",
    "StepHandler",
    "StepWrapper",
    "WithExtraActions",
    "is_immutable",
]


@frozen(kw_only=True, slots=True)
class FastScoring:
    """One plugin's optional fast scoring paths (:meth:`RuleBook.add_fast_scoring`):
    the same results as its hooks, for bots and ``kd simulate``. ``conformance``
    checks each declared piece against the hook it stands for."""

    #: Points its ``kd_score_kingdom`` lines add up to for a kingdom index, without
    #: building them (``fn(game, kingdom) -> int``); None: none declared.
    total: Callable[[Game, int], int] | None = None
    #: True: its ``kd_rank`` orders kingdoms by match total first and breaks a tie
    #: from the tied kingdoms' own sheets alone.
    total_first: bool = False
    #: A kingdom's tie-break values (what its ``kd_rank`` compares after the match
    #: total, highest first), without its sheet; None: none declared.
    tiebreak: Callable[[Game, int], tuple[int, ...]] | None = None


class RuleBook:
    """What ``kd_register_rules`` fills; compiled once per engine."""

    def __init__(self) -> None:
        #: Placement rules, in registration order (all must pass).
        self.placement_rules: list[PlacementRule] = []
        #: Claim rules, in registration order (all must pass).
        self.claim_rules: list[ClaimRule] = []
        #: Discard rules, in registration order: a domino that fits may be discarded
        #: only if none refuses (see :class:`DiscardRule`).
        self.discard_rules: list[DiscardRule] = []
        #: The handler of each step kind: the core's ``reveal``, ``draw_king``,
        #: ``place`` and ``claim``, and the plugins' own (wrappers and extra actions
        #: included; :meth:`handler` gives the one originally registered).
        self.handlers: dict[str, StepHandler] = {}
        #: Extra actions by step kind (see :meth:`add_actions`).
        self.extra_actions: dict[str, list[ExtraActions]] = {}
        #: Plugin state slices by name (see :meth:`add_state`).
        self.state: dict[str, StateSlice] = {}
        #: Which plugin registered what: rule id, ``"step:KIND"`` or ``"state:NAME"``
        #: -> plugin name (error messages name it).
        self.provenance: dict[str, str] = {}
        #: Each plugin's optional fast scoring paths, by plugin name (see
        #: :meth:`add_fast_scoring`).
        self.fast_scoring: dict[str, FastScoring] = {}
        #: True lets a player discard a domino that fits whatever the discard rules say
        #: (house rules; removing the rule ``base.forced_placement`` does the same).
        self.voluntary_discard = False
        #: What plugins hide from some seats, in registration order (see :meth:`add_secret`).
        self.secrets: list[Secret] = []
        self._plugin = ""

    def add_placement_rule(self, rule: PlacementRule, *, replace: bool = False) -> None:
        """Add a placement rule; ``replace=True`` swaps out the rule with the same id."""
        self._add(self.placement_rules, rule, replace)

    def add_claim_rule(self, rule: ClaimRule, *, replace: bool = False) -> None:
        """Add a claim rule; ``replace=True`` swaps out the rule with the same id."""
        self._add(self.claim_rules, rule, replace)

    def add_discard_rule(self, rule: DiscardRule, *, replace: bool = False) -> None:
        """Add a discard rule; ``replace=True`` swaps out the rule with the same id."""
        self._add(self.discard_rules, rule, replace)

    def remove(self, rule_id: str) -> None:
        """Remove the placement, claim or discard rule ``rule_id``."""
        groups: tuple[list[Any], ...] = (
            self.placement_rules,
            self.claim_rules,
            self.discard_rules,
        )
        for rules in groups:
            for i, r in enumerate(rules):
                if r.id == rule_id:
                    del rules[i]
                    return
        known = [r.id for rules in groups for r in rules]
        raise ConfigError(f"no rule {rule_id!r} to remove; known: {', '.join(known)}")

    def add_fast_scoring(
        self,
        *,
        total: Callable[[Game, int], int] | None = None,
        total_first: bool = False,
        tiebreak: Callable[[Game, int], tuple[int, ...]] | None = None,
    ) -> None:
        """Declare this plugin's optional fast scoring paths, all in one call: the
        same results as its hooks, faster (bots score millions of kingdoms). A rule
        is written once, in ``kd_score_kingdom`` and ``kd_rank``; declare these
        only where speed needs them. ``kingdomino_core.testing.conformance`` checks
        every piece declared against its hook, in the middle of games too.

        * ``total``: ``fn(game, kingdom) -> int``, the points this plugin's
          ``kd_score_kingdom`` lines add up to, without building them.
          ``Game.score_total`` uses the totals when every plugin that scores has
          one; otherwise it sums the score sheet.
        * ``total_first``: this plugin's ``kd_rank`` orders kingdoms by their match
          totals (:func:`~kingdomino_core.engine.match.match_totals`), highest
          first, and breaks a tie on the total with values of the tied kingdoms'
          own sheets only, so it may be called with the sheets of just those.
          :func:`~kingdomino_core.engine.match.ranked_places` (``kd simulate``,
          the bots) then ranks from the totals when every plugin implementing
          ``kd_rank`` declared it, and builds sheets only to break ties.
        * ``tiebreak``: ``fn(game, kingdom) -> tuple``, a kingdom's tie-break values
          (what ``kd_rank`` compares after the match total, highest first, over the
          match in a Dynasty match) without its sheet; it implies ``total_first``.
          When this plugin is the only one implementing ``kd_rank``, ties are
          broken with it and no sheet is built at all.

        Declaring again adds to (or replaces) what was declared before.
        """
        if total is None and not total_first and tiebreak is None:
            raise ConfigError(
                f"plugin {self._plugin!r}: add_fast_scoring declares nothing "
                "(give total=, total_first=True or tiebreak=)"
            )
        found = self.fast_scoring.get(self._plugin, FastScoring())
        self.fast_scoring[self._plugin] = evolve(
            found,
            total=total if total is not None else found.total,
            total_first=found.total_first or total_first or tiebreak is not None,
            tiebreak=tiebreak if tiebreak is not None else found.tiebreak,
        )

    def add_score_total(self, total: Callable[[Game, int], int]) -> None:
        """The older spelling of ``add_fast_scoring(total=total)`` (kept for plugins
        written before it; see :meth:`add_fast_scoring`)."""
        self.add_fast_scoring(total=total)

    def rank_by_total_first(
        self, *, tiebreak: Callable[[Game, int], tuple[int, ...]] | None = None
    ) -> None:
        """The older spelling of ``add_fast_scoring(total_first=True,
        tiebreak=tiebreak)`` (kept for plugins written before it; see
        :meth:`add_fast_scoring`)."""
        self.add_fast_scoring(total_first=True, tiebreak=tiebreak)

    @property
    def score_totals(self) -> dict[str, Callable[[Game, int], int]]:
        """The fast totals declared, by plugin name (read only: a view of
        :attr:`fast_scoring`)."""
        return {name: f.total for name, f in self.fast_scoring.items() if f.total is not None}

    @property
    def total_first_rankers(self) -> list[str]:
        """The plugins that declared a total-first ``kd_rank`` (read only: a view of
        :attr:`fast_scoring`)."""
        return [name for name, f in self.fast_scoring.items() if f.total_first]

    @property
    def tiebreaks(self) -> dict[str, Callable[[Game, int], tuple[int, ...]]]:
        """The fast tie-break values declared, by plugin name (read only: a view of
        :attr:`fast_scoring`)."""
        return {name: f.tiebreak for name, f in self.fast_scoring.items() if f.tiebreak is not None}

    def add_step_handler(self, handler: StepHandler, *, replace: bool = False) -> None:
        """Handle the steps of kind ``handler.kind``: a new step, or with
        ``replace=True`` a full replacement (to change a step but keep using the old
        handler, see :meth:`wrap_step_handler`)."""
        if handler.kind in self.handlers and not replace:
            raise ConfigError(
                f"step {handler.kind!r} handled twice: by "
                f"{self.provenance.get('step:' + handler.kind)!r} and {self._plugin!r}"
            )
        self.handlers[handler.kind] = handler
        self.provenance["step:" + handler.kind] = self._plugin

    def wrap_step_handler(self, wrapper: StepWrapper) -> StepHandler:
        """Replace the handler of step ``wrapper.kind`` by ``wrapper``, which delegates
        to the replaced handler through ``wrapper.inner``; returns the replaced one.

        Works for core steps (``place``, ``claim``, ``reveal``, ``draw_king``) and
        plugin steps alike. Raises ``ConfigError`` if no handler has that kind yet.
        """
        inner = self.handlers.get(wrapper.kind)
        if inner is None:
            raise ConfigError(
                f"{self._plugin!r} wraps step {wrapper.kind!r}, which no plugin handles "
                f"(known steps: {', '.join(sorted(self.handlers))})"
            )
        wrapper.inner = inner
        wrapper.chance = inner.chance
        self.handlers[wrapper.kind] = wrapper
        self.provenance["step:" + wrapper.kind] = self._plugin
        return inner

    def add_actions(self, kind: str, extra: ExtraActions) -> None:
        """Offer ``extra``'s actions in every decision of step ``kind`` (core or plugin
        step), after the handler's own.

        The engine combines the extras of a step once, when it is built, after every
        ``kd_register_rules`` has run: a step with no extra costs nothing more.
        """
        if not extra.id:
            raise ConfigError(f"extra actions {type(extra).__name__} have no id")
        self.extra_actions.setdefault(kind, []).append(extra)
        self.provenance[extra.id] = self._plugin

    def handler(self, kind: str) -> StepHandler:
        """The handler of step ``kind`` as registered, before any wrapper or extra
        actions (the object a plugin registered itself, to reach its own data)."""
        found: StepHandler = self.handlers[kind]
        while isinstance(found, StepWrapper):
            found = found.inner
        return found

    def compile_steps(self) -> None:
        """Fold the extra actions into the handlers (the engine calls this once)."""
        for kind, extras in self.extra_actions.items():
            inner = self.handlers.get(kind)
            if inner is None:
                owners = ", ".join(self.provenance.get(e.id, "?") for e in extras)
                raise ConfigError(
                    f"extra actions for step {kind!r} (from {owners}), which no plugin "
                    f"handles (known steps: {', '.join(sorted(self.handlers))})"
                )
            if inner.chance:
                raise ConfigError(f"step {kind!r} is chance: it takes no extra actions")
            self.handlers[kind] = WithExtraActions(inner, tuple(extras))

    def add_state(
        self,
        name: str,
        factory: Callable[[], Any],
        copy: Callable[[Any], Any] | None = None,
        *,
        key: Callable[[Any], Any] | None = None,
    ) -> None:
        """Declare a plugin state slice ``game.ext[name]``, created per game.

        The engine must be able to copy a slice (``game.clone()``, which bots call
        millions of times) and to compare two (the testing kit proves that a replay,
        a clone or a refused action gives the same state). So, checked here on one
        value from ``factory()``:

        * ``copy(value) -> value`` is required unless the value is immutable (a
          number, string, tuple or frozenset of immutable values, a frozen attrs
          class): then the engine shares it, and the plugin replaces it on change;
        * ``key(value)`` gives what is compared, for a value whose class compares
          by identity (a plain class without ``__eq__``); by default the value
          itself is compared with ``==`` (attrs classes, dicts, lists, tuples do;
          so do ``None`` and enum members, of which there is only one each, e.g. a
          ``None`` that means "nobody yet").

        A slice that breaks either rule is refused with a ``ConfigError`` that says
        what to pass.
        """
        if name in self.state:
            raise ConfigError(
                f"state slice {name!r} declared twice "
                f"(by {self.provenance.get('state:' + name)!r} and {self._plugin!r})"
            )
        sample = factory()
        where = f"state slice {name!r} of plugin {self._plugin!r}"
        if copy is None and not is_immutable(sample):
            raise ConfigError(
                f"{where}: {type(sample).__name__} values can change in place, so clones "
                "would share them: pass copy= (e.g. copy=dict.copy, or a method that copies "
                "the object), or use an immutable value (tuple, frozenset, frozen attrs class)"
            )
        if key is None and type(sample).__eq__ is object.__eq__ and not is_singleton(sample):
            raise ConfigError(
                f"{where}: {type(sample).__name__} compares by identity, so two equal states "
                "would differ: pass key= (a function returning the values to compare, e.g. a "
                "tuple of the fields), or make it an attrs class"
            )
        self.state[name] = StateSlice(
            factory=factory, copy=copy or _same, key=key or _same, plugin=self._plugin
        )
        self.provenance["state:" + name] = self._plugin

    def add_secret(self, secret: Secret) -> None:
        """Declare information some seats may not see (a hand, an objective): every
        display, the bots and the RL observation then read each seat's view of the
        game (:mod:`kingdomino_core.engine.views`, docs/plugin-guide.md "Hidden
        information")."""
        self._add(self.secrets, secret, False)

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
