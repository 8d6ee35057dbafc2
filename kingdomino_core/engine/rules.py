"""Rule objects: the per-candidate checks and the decision handlers.

Hooks run a few times per game or per decision; the checks that run once per
candidate placement are plain objects registered in ``kd_register_rules`` and
called directly by the engine. A rule object has an ``id`` (``"base.connects"``) so a
ruleset or a house rule can replace or remove it by name.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import TYPE_CHECKING, Any

import attrs

from ..errors import ConfigError

if TYPE_CHECKING:
    from ..model.actions import Action, Step
    from ..model.geometry import Direction
    from ..model.kingdom import Kingdom
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
        from ..errors import IllegalActionError

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

    # -- words for the people at the table (terminal and browser alike) ------------

    def describe(self, game: Game, step: Step) -> str:
        """The decision ``step`` in words for the player who makes it.

        One sentence saying what is decided, with the costs and the choices'
        general effect, addressed to the deciding player ("your kingdom"), e.g.
        "Buy a building or character (2 different resources for a visible tile,
        4 for one from the pile), or pass". Name other players ``P1``, ``P2``
        (:func:`kingdomino_core.engine.words.seat_name`), squares ``x,y``; never an
        internal id. The default is generic (from ``step.kind``): override it.
        """
        from .words import generic_step_words

        return generic_step_words(step)

    def describe_action(self, game: Game, step: Step, action: Action) -> str:
        """One legal choice ``action`` of ``step`` in words, with its cost and effect.

        Shown in the numbered list of choices, e.g. "buy the Farmer (3 + 3 per wheat
        token around it: 6 points there now) from the board onto 1,1". The default
        is ``action.describe()``.
        """
        return action.describe()


class StepWrapper(StepHandler):
    """A handler that replaces the one registered for its step and delegates to it.

    Like a pytest hook wrapper: subclass it, set ``kind`` to the step to take over,
    override the methods whose behaviour changes and call ``self.inner`` (the
    handler replaced) for the rest; every method not overridden delegates. Register
    it with :meth:`RuleBook.wrap_step_handler`. Several plugins may wrap the same
    step: each wraps whatever was registered before it.

    A wrapper that overrides :meth:`legal_actions` is sampled from its own list
    (random players stay uniform over it); one that narrows the list must also
    refuse the rest in :meth:`check`, which by default delegates.
    """

    #: The handler this one replaced (set by :meth:`RuleBook.wrap_step_handler`).
    inner: StepHandler

    def legal_actions(self, game: Game, step: Step) -> list[Action]:
        return self.inner.legal_actions(game, step)

    def outcomes(self, game: Game, step: Step) -> list[tuple[Action, float]]:
        return self.inner.outcomes(game, step)

    def sample(self, game: Game, step: Step, r: float) -> Action:
        return self.inner.sample(game, step, r)

    def sample_action(self, game: Game, step: Step, r: float) -> Action:
        # A wrapper that changes the list must not sample from the inner one.
        if type(self).legal_actions is StepWrapper.legal_actions:
            return self.inner.sample_action(game, step, r)
        actions = self.legal_actions(game, step)
        return actions[int(r * len(actions))]

    def check(self, game: Game, step: Step, action: Action) -> None:
        self.inner.check(game, step, action)

    def apply(self, game: Game, step: Step, action: Action) -> None:
        self.inner.apply(game, step, action)

    def describe(self, game: Game, step: Step) -> str:
        return self.inner.describe(game, step)

    def describe_action(self, game: Game, step: Step, action: Action) -> str:
        return self.inner.describe_action(game, step, action)


class ExtraActions:
    """More choices offered in the decision of an existing step (core steps included).

    Register with ``rules.add_actions(step_kind, extra)``. The step's handler keeps
    offering its own actions; this object adds its own after them, whenever
    :meth:`actions` lists any. The engine asks it about an action only if
    :meth:`handles` says the action is its own, so the step's handler never sees it.
    Example: "once per game, give up the drawn domino and take another from the
    pile" is an ``ExtraActions`` on the ``place`` step.
    """

    #: A name for messages and ``kd plugins list`` (``"redraw.give_up"``).
    id: str = ""
    #: The action classes this object offers (they must be registered with
    #: ``registry.add_action`` to appear in logs and saves).
    action_types: tuple[type[Action], ...] = ()

    def actions(self, game: Game, step: Step) -> list[Action]:
        """The extra legal actions of ``step`` now (often none), deterministic order."""
        raise NotImplementedError

    def handles(self, action: Action) -> bool:
        """Whether ``action`` is one of this object's (default: by ``action_types``)."""
        return isinstance(action, self.action_types)

    def check(self, game: Game, step: Step, action: Action) -> None:
        """Raise :class:`IllegalActionError` if ``action`` is not legal now.

        The default accepts exactly what :meth:`actions` lists.
        """
        from ..errors import IllegalActionError

        if action not in self.actions(game, step):
            raise IllegalActionError(
                self.id or f"{step.kind}.choices",
                f"{action.describe()} is not one of the legal choices now",
            )

    def describe_action(self, game: Game, step: Step, action: Action) -> str:
        """One of this object's actions in words, with its cost and effect, for the
        list of choices (see ``StepHandler.describe_action``). Default:
        ``action.describe()``."""
        return action.describe()

    def apply(self, game: Game, step: Step, action: Action) -> None:
        """Carry out a legal ``action``. The step is already removed from the queue:
        insert the steps that must follow (``game.insert_steps``), for example a new
        ``place`` step for a domino drawn instead."""
        raise NotImplementedError


class WithExtraActions(StepWrapper):
    """The handler the engine builds for a step that has :class:`ExtraActions`."""

    def __init__(self, inner: StepHandler, extras: tuple[ExtraActions, ...]) -> None:
        self.kind = inner.kind
        self.chance = inner.chance
        self.inner = inner
        self.extras = extras

    def _extra(self, game: Game, step: Step) -> list[Action]:
        return [a for extra in self.extras for a in extra.actions(game, step)]

    def _owner(self, action: Action) -> ExtraActions | None:
        for extra in self.extras:
            if extra.handles(action):
                return extra
        return None

    def legal_actions(self, game: Game, step: Step) -> list[Action]:
        return [*self.inner.legal_actions(game, step), *self._extra(game, step)]

    def sample_action(self, game: Game, step: Step, r: float) -> Action:
        if not self._extra(game, step):
            return self.inner.sample_action(game, step, r)
        actions = self.legal_actions(game, step)
        return actions[int(r * len(actions))]

    def check(self, game: Game, step: Step, action: Action) -> None:
        extra = self._owner(action)
        if extra is None:
            self.inner.check(game, step, action)
        else:
            extra.check(game, step, action)

    def apply(self, game: Game, step: Step, action: Action) -> None:
        extra = self._owner(action)
        if extra is None:
            self.inner.apply(game, step, action)
        else:
            extra.apply(game, step, action)

    def describe_action(self, game: Game, step: Step, action: Action) -> str:
        extra = self._owner(action)
        if extra is None:
            return self.inner.describe_action(game, step, action)
        return extra.describe_action(game, step, action)


def _same(value: Any) -> Any:
    return value


_IMMUTABLE = (int, float, complex, str, bytes, bool, type(None), range, Enum)


def is_immutable(value: Any, depth: int = 4) -> bool:
    """Whether ``value`` cannot change in place: numbers, strings, enums, and tuples,
    frozensets and frozen attrs instances made of such values (``depth`` levels)."""
    if isinstance(value, _IMMUTABLE):
        return True
    if depth <= 0:
        return False
    if isinstance(value, tuple | frozenset):
        return all(is_immutable(v, depth - 1) for v in value)
    cls = type(value)
    if attrs.has(cls) and getattr(cls.__setattr__, "__name__", "") == "_frozen_setattrs":
        return all(is_immutable(getattr(value, f.name), depth - 1) for f in attrs.fields(cls))
    return False


@attrs.frozen(kw_only=True)
class StateSlice:
    """A plugin state slice as declared with :meth:`RuleBook.add_state`."""

    #: Makes the value of a new game.
    factory: Callable[[], Any]
    #: Copies a value for ``game.clone()`` (identity for immutable values).
    copy: Callable[[Any], Any]
    #: What two values are compared by (identity function: the value itself).
    key: Callable[[Any], Any]
    #: The plugin that declared it.
    plugin: str


class RuleBook:
    """What ``kd_register_rules`` fills; compiled once per engine."""

    def __init__(self) -> None:
        #: Placement rules, in registration order (all must pass).
        self.placement_rules: list[PlacementRule] = []
        #: Claim rules, in registration order (all must pass).
        self.claim_rules: list[ClaimRule] = []
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
          itself is compared with ``==`` (attrs classes, dicts, lists, tuples do).

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
        if key is None and type(sample).__eq__ is object.__eq__:
            raise ConfigError(
                f"{where}: {type(sample).__name__} compares by identity, so two equal states "
                "would differ: pass key= (a function returning the values to compare, e.g. a "
                "tuple of the fields), or make it an attrs class"
            )
        self.state[name] = StateSlice(
            factory=factory, copy=copy or _same, key=key or _same, plugin=self._plugin
        )
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
