"""Step handlers: list, check, apply and describe the actions of one kind of step.

A plugin adds a decision or a chance event with its own :class:`StepHandler`,
changes an existing step with a :class:`StepWrapper` that delegates to the handler
it replaced, or offers more choices in a step with :class:`ExtraActions`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import IllegalActionError
from ..model.actions import Action, Step
from .words import generic_step_words

if TYPE_CHECKING:  # handlers receive the game they run in (the game uses them)
    from .game import Game


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
