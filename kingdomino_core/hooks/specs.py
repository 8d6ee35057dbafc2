"""The hook contract between the core and every plugin, the base game included.

Each docstring is the plugin author's reference: when the hook is called, what it
receives, what it returns and how the results of several plugins combine.
``tests/docs/test_docs.py`` fails if a hook here is missing from ``docs/hooks.md``
(which ``docs/gen_hooks.py`` generates from these docstrings).

Hooks come in two tiers:

* **Build hooks** run once when an engine is built from a ruleset. They configure
  the game and register components and rule objects (placement rules, step
  handlers). The per-candidate checks of the inner loop are those rule objects,
  called directly by the engine: never a hook call per candidate.
* **Game hooks** run a few times per round or per turn, never per candidate move.
  The engine resolves their implementations once per engine, so a hook that no
  active plugin implements costs nothing.

Order, one rule for every hook: the plugin listed later in the ruleset has the last
word. Implementations run in pluggy's groups (wrappers around the rest, then
``tryfirst``, the plain ones, ``trylast``); within a group a build hook runs the
plugins in the ruleset's ``plugins`` order (base first, so a variant listed after it
sees and may change what it set) and a game hook in the reverse order (a variant
first, so it wins ``firstresult`` hooks and its score lines come first). Build hooks
take no wrappers. ``HookTable.order`` is where the engine applies this rule; it
has not changed since it was first documented, so ``HOOK_API`` is still 1.

A function named ``kd_*`` in a plugin must carry ``@hookimpl``: one without it is
reported when the plugin is loaded (pluggy would never call it).

Faults: what a hook returns is checked where it returns it (a list where a list is
documented, dominoes that are in the pile, a ``Ranking`` that ranks every kingdom:
``kingdomino_core.hooks.results``), wrappers' results included, and a game hook must
leave the core's own state alone (the number of kingdoms, the draw pile, the action
log). A bad result, such a change, or any exception a hook raises (``SystemExit``,
``KeyboardInterrupt`` and ``GeneratorExit`` included) stops the game with a
``PluginHookError`` naming the plugin and the hook (``kd`` exit status 6, the save
keeping every move played). A hook documented as returning nothing may return
anything: the value is ignored. Every plugin is checked the same way, the built-in
ones included; a caller that plays many games of code it knows (``kd simulate``,
a bot's search) turns the checks off for its games as a whole
(``Engine.new_game(check_hooks=False)``, ``Game.clone(check_hooks=False)``).

How to add a hook: write its specification here, in :class:`HookSpecs` (a method
decorated with :func:`build_hook`, :func:`collected` or :func:`first_result`), and
call it where it happens, ``game.hooks.kd_new_hook(game=game, ...)``: the hook table
(``kingdomino_core.hooks.table``) is made from this class, and type checkers read a
call's arguments and result from the decorated method.

The flow of a round and where a plugin changes it:

* **Market**: ``kd_draw_pool`` (what a line is drawn from), ``kd_order_line``,
  ``kd_line_discards`` (dominoes removed before anyone picks), ``kd_line_laid_out``;
  the configuration keys ``line_size`` (dominoes drawn per line), ``lines_total``
  and ``lookahead_lines`` (lines shown ahead of the one being picked).
* **Offers**: ``kd_offer_line`` (two lines, a hand per seat), ``kd_after_claim``.
* **Rounds**: ``kd_turn_order``, ``kd_plan_round`` (phases), ``kd_start_round``,
  ``kd_end_round`` (``game.round_order``), ``kd_game_over``, ``kd_end_game``.
* **Decisions**: every step, core steps included (``place``, ``claim``), is played
  by a :class:`~kingdomino_core.engine.rules.StepHandler`. In ``kd_register_rules`` a
  plugin adds actions to a step's decision (``rules.add_actions``), replaces a
  handler while delegating to it (``rules.wrap_step_handler``) or adds its own steps
  (``rules.add_step_handler``); at play time hooks and handlers insert steps with
  ``game.insert_steps`` and take dominoes out of play with ``game.discard``.

Every hook is called with keyword arguments; an implementation may accept any
subset of them. All hooks are part of hook API version 1 (``HOOK_API``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, ParamSpec, TypeVar

from ..errors import Problem
from ..model.actions import Claim, Discard, Place, Step
from ..model.components import DominoId
from ..model.market import Offer
from ..model.pieces import TableNote
from ..model.scoring import Ranking, ScoreLine, ScoreSheet
from .markers import hookspec

if TYPE_CHECKING:  # the contract names what the engine passes; the engine calls it
    from ..engine.agents import AgentRegistry
    from ..engine.config import ConfigBuilder, GameConfig
    from ..engine.game import Game
    from ..engine.registry import Registry
    from ..engine.rules import RuleBook


P = ParamSpec("P")
R = TypeVar("R")

#: Marks a specification as a build hook (``HookSpecs.__dict__[name].kd_tier``).
_TIER = "kd_tier"


def build_hook(spec: Callable[P, R | None]) -> Callable[P, list[R]]:
    """A build hook: called once per engine, every implementation in ruleset order;
    a call returns the list of the implementations' non-None results."""
    setattr(spec, _TIER, "build")
    return hookspec(spec)  # type: ignore[return-value]  # a call collects the results


def collected(spec: Callable[P, R | None]) -> Callable[P, list[R]]:
    """A game hook whose implementations all run; a call returns the list of their
    non-None results."""
    setattr(spec, _TIER, "game")
    return hookspec(spec)  # type: ignore[return-value]  # a call collects the results


def first_result(spec: Callable[P, R | None]) -> Callable[P, R | None]:
    """A game hook whose first non-None result wins (the rest are not called)."""
    setattr(spec, _TIER, "game")
    return hookspec(firstresult=True)(spec)


def tier(name: str) -> str:
    """``"build"`` or ``"game"``: when hook ``name`` runs (its decorator says)."""
    return str(getattr(getattr(HookSpecs, name), _TIER))


def hook_names() -> tuple[str, ...]:
    """Every hook, in the order of :class:`HookSpecs`."""
    return tuple(name for name in vars(HookSpecs) if name.startswith("kd_"))


class HookSpecs:
    """Every hook, one method each: the plugin author's reference and, decorated, the
    type of each call through the hook table (``Game.hooks``, ``Engine.hooks``).

    The methods are specifications only (pluggy reads their names, arguments and
    markers); implementations are the plugins' ``@hookimpl`` functions.
    """

    # -- build hooks: once per engine ------------------------------------------------

    @build_hook
    def kd_configure(self, config: ConfigBuilder) -> None:
        """Set the game parameters of this plugin's rules.

        When: first, once per engine, in ruleset order (base first, variants after).
        Receives: ``config``, a :class:`~kingdomino_core.engine.config.ConfigBuilder` with
        ``config.players`` (the seat count asked for) and
        ``config.option(name, Options)`` (a plugin's validated options, typed). Set
        keys with ``config.set(key, value)``: the allowed player counts, kingdom size,
        kings per seat, seat-to-kingdom mapping, line size, lines per game, deck, games
        per match.
        Returns: nothing.
        Combination: every implementation runs; setting a key that another plugin
        already set to a different value raises ``ConfigConflictError`` naming both
        plugins, unless the later one passes ``override=True`` (a variant that
        deliberately changes the base game, such as the Grand Duel's 7x7 kingdoms).
        """

    @build_hook
    def kd_register_components(self, registry: Registry, config: GameConfig) -> None:
        """Register terrains, domino sets and action classes.

        When: once per engine, after ``kd_configure``.
        Receives: ``registry`` (:class:`~kingdomino_core.engine.registry.Registry`) and the
        frozen ``config``.
        Returns: nothing; call ``registry.add_terrain``, ``registry.add_domino_set``,
        ``registry.add_action`` (with an ``encoder`` numbering the actions for learning
        agents) and ``registry.add_observation`` (the plugin's state in learning agents'
        observations; without it, state of the plugin's own is not observed).
        Combination: every implementation runs. A duplicate id is an error unless the
        later registration passes ``replace=True``.
        """

    @build_hook
    def kd_adjust_config(self, config: ConfigBuilder, registry: Registry) -> None:
        """Fit game parameters to the registered components.

        When: once per engine, after ``kd_register_components`` and before
        ``kd_register_rules``, in ruleset order.
        Receives: ``config``, the :class:`~kingdomino_core.engine.config.ConfigBuilder`
        of ``kd_configure`` with every value set so far (``config.get(key)``), and
        ``registry``, every terrain and domino set registered: a rule can fit the
        number of rounds to its deck (``len(registry.deck(config.get("deck")))``).
        Returns: nothing; set keys with ``config.set`` as in ``kd_configure`` (the same
        conflict rule). The config is frozen again afterwards: ``kd_register_rules``,
        ``kd_validate`` and every game see the adjusted one, ``kd_register_components``
        saw it before.
        Combination: every implementation runs.
        """

    @build_hook
    def kd_register_rules(self, rules: RuleBook, config: GameConfig, registry: Registry) -> None:
        """Register rule objects: placement rules, claim rules, step handlers, state slices.

        When: once per engine, after ``kd_register_components``. This is where placement
        legality is composed: the engine calls the registered
        :class:`~kingdomino_core.engine.rules.PlacementRule` objects directly for every
        candidate, never a hook.
        Receives: ``rules`` (:class:`~kingdomino_core.engine.rules.RuleBook`), ``config``,
        ``registry``.
        Returns: nothing; call ``rules.add_placement_rule``, ``rules.add_claim_rule``,
        ``rules.add_step_handler``, ``rules.add_state`` or ``rules.remove(rule_id)``.
        Combination: every implementation runs, base first; a rule id registered twice
        is an error unless ``replace=True``.
        """

    @build_hook
    def kd_validate(self, config: GameConfig, registry: Registry) -> Sequence[Problem | str] | None:
        """Check that the configuration makes sense for this plugin.

        When: once per engine, after the build hooks, before any game starts.
        Receives: the frozen ``config`` and the ``registry``.
        Returns: a list of problems (or None / an empty list when all is well), each
        a :class:`~kingdomino_core.errors.Problem` naming the key it is about, what
        is wrong and what was expected: ``Problem.option("lakes", "factor", f"must be
        1 or more, not {factor}", factor)`` for ``[options.lakes] factor``. The
        loader finds the line of the key in the ruleset file, so the user reads
        ``rules.toml:4: options.lakes.factor: must be 1 or more, not 0``. A plain
        string is still accepted (the form before problems had keys): it is shown as
        written, at the line of the ruleset's plugin list.
        Combination: the problems of all plugins are gathered and raised together as
        one ``RulesetError``, so a user sees every problem at once; the core's own
        checks of the configuration follow only when no plugin found one.
        """

    @build_hook
    def kd_register_agents(self, agents: AgentRegistry) -> None:
        """Register players (bots) by name, usable in ``kd play --players``.

        When: when a program asks for an agent by name (or for the list of agents);
        called for installed plugins, active in the ruleset or not (installing a bot
        makes it available), one plugin at a time (the built-in ``bots`` first) until
        one registers the name asked for: a broken plugin nobody asks for changes
        nothing.
        Receives: ``agents`` (:class:`~kingdomino_core.engine.agents.AgentRegistry`).
        Returns: nothing; call ``agents.add(name, factory, help)``.
        Combination: every implementation runs; a name registered twice is an error.
        """

    # -- game hooks: a few times per game or per turn ---------------------------------

    @collected
    def kd_setup_game(self, game: Game) -> None:
        """Prepare plugin state at the start of a game.

        When: when a game starts (and at the start of each game of a Dynasty match),
        after the kingdoms and the draw pile exist and before the first line is drawn.
        Receives: ``game`` (:class:`~kingdomino_core.engine.game.Game`); plugin state lives in
        ``game.ext[name]`` (declared with ``rules.add_state``).
        Returns: nothing.
        Combination: every implementation runs.
        """

    @first_result
    def kd_draw_pool(self, game: Game, line_number: int) -> list[DominoId] | None:
        """Which dominoes the next line may be drawn from.

        When: once per line, before its dominoes are drawn (``line_number`` counts
        from 1 within the game).
        Receives: ``game`` and ``line_number``; ``game.pile`` holds the undrawn ids.
        Returns: the ids the line is drawn from, a subset of ``game.pile`` (the two-box
        variants return one box), or None to defer.
        Combination: the first non-None result wins; the default is the whole pile.
        """

    @first_result
    def kd_order_line(self, game: Game, dominoes: list[DominoId]) -> list[DominoId] | None:
        """Order a freshly drawn line.

        When: once per line, after its dominoes are drawn.
        Receives: ``game`` and the drawn ``dominoes`` in draw order.
        Returns: the same ids in line order (the base game sorts by number, lowest
        first), or None to defer.
        Combination: the first non-None result wins; the default is draw order.
        """

    @collected
    def kd_line_discards(
        self, game: Game, line_number: int, dominoes: list[DominoId]
    ) -> list[DominoId] | None:
        """Discard dominoes from a new line before anyone picks (Age of Giants: 5 drawn,
        the middle one discarded with 2 or 4 players).

        When: once per line, after ``kd_order_line`` and before ``kd_line_laid_out``.
        Receives: ``game``, ``line_number`` and the ordered ``dominoes``.
        Returns: the ids to discard (a subset of ``dominoes``), or None. The core takes
        them off the line and out of play with :meth:`~kingdomino_core.engine.game.Game.discard`
        (nobody's discard: they go to ``game.unpicked``); the rest keep their order.
        The line must keep at least as many dominoes as there are kings to pick, so a
        plugin that discards sets ``line_size`` (``kd_configure``) to what is drawn.
        Combination: every implementation runs; the union of their results is
        discarded.
        """

    @first_result
    def kd_offer_line(
        self, game: Game, line_number: int, dominoes: list[DominoId], drawn: list[DominoId]
    ) -> list[Offer] | None:
        """The market's offers of a new line (two lines to pick from; hands to pass on).

        When: once per line, after ``kd_line_discards`` and before ``kd_line_laid_out``.
        Receives: ``game``, ``line_number``, the line's ``dominoes`` in line order and
        in ``drawn`` order (as chance turned them up: split that to deal hands).
        Returns: a list of :class:`~kingdomino_core.model.market.Offer` holding the
        line's dominoes between them, each once (an offer with ``seat`` is that seat's
        alone: rule ``core.offer``), or None to defer. Their dominoes, offer after
        offer, become ``game.next_line`` and the offers ``game.offers``; a claim names
        its domino, whichever offer holds it; a domino nobody picks leaves play when
        the round starts (``Game.discard``). A plugin may later replace
        ``game.offers`` by the same offers passed on (``Offer.passed_to``).
        Combination: the first non-None result wins; the default is one offer named
        ``"line"``: the whole line (the base game's market).
        """

    @collected
    def kd_line_laid_out(self, game: Game, line_number: int, dominoes: list[DominoId]) -> None:
        """React to a new line in the market (put tokens on it, refill a display).

        When: once per line, after it is ordered and before any king is put on it.
        Receives: ``game``, ``line_number`` and the ordered ``dominoes``.
        Returns: nothing; may change plugin state and insert steps with
        ``game.insert_steps``.
        Combination: every implementation runs.
        """

    @first_result
    def kd_turn_order(self, game: Game, kings: list[int]) -> list[int] | None:
        """The order in which the kings act this round (place, then pick).

        When: at the start of each round, once the line to place is known (not for
        the first picks, made in the order the kings are drawn).
        Receives: ``game`` (``game.line`` and ``game.line_kings`` hold the line and
        the king on each of its dominoes) and ``kings``: the kings on the line, in
        line order.
        Returns: the same kings reordered, or None to defer. Each king's turn is a
        ``place`` step, a ``claim`` step (except in the final round) and the end of
        turn (``kd_end_of_turn``); turns follow the order returned.
        Combination: the first non-None result wins; the default is line order, the
        published rule (the king on the first domino of the line acts first: turn
        order comes from the picks). Compute the order from the state, as boardgame.io's
        ``turn.order`` does: e.g. reverse score order is ``sorted(kings, key=...)``.
        """

    @first_result
    def kd_plan_round(self, game: Game, turns: list[tuple[Step, ...]]) -> list[Step] | None:
        """Arrange the round's steps: turn by turn, or in phases (placements, then picks).

        When: at the start of each round, after ``kd_turn_order``.
        Receives: ``game`` and ``turns``: each king's turn (in ``game.round_order``) as
        its steps: ``place``, ``claim`` (not in the final round), its end of turn
        (when a plugin implements ``kd_end_of_turn``).
        Returns: the same steps, each once, in the order to play them (placements,
        then claims: ``[t[0] for t in turns] + [s for t in turns for s in t[1:]]``),
        or None to defer: reorder the core's steps, never build or change them.
        Combination: the first non-None result wins; the default is turn by turn
        (the published rule).
        """

    @collected
    def kd_start_round(self, game: Game, round: int) -> None:
        """React to the start of a round (a decision before anyone places).

        When: at the start of each round (from 1: the first picks are round 0, with
        no start), once its turns are queued, before the next line is laid out.
        Receives: ``game`` (``game.line``, ``game.line_kings``, ``game.round_order``:
        the kings in the order they will act) and ``round``.
        Returns: nothing; may change plugin state and insert steps with
        ``game.insert_steps``: they are played before the round's first turn.
        Combination: every implementation runs.
        """

    @collected
    def kd_after_claim(self, game: Game, seat: int, action: Claim) -> None:
        """React to a king put on a domino of the market (a draft passes hands on).

        When: right after the core's ``claim`` step applied a ``Claim`` (first picks
        included).
        Receives: ``game``, the acting ``seat`` and the ``action``.
        Returns: nothing; may change plugin state, replace ``game.offers`` by the same
        offers passed on (``Offer.passed_to``) and insert steps.
        Combination: every implementation runs.
        """

    @collected
    def kd_after_place(self, game: Game, seat: int, action: Place | Discard) -> None:
        """React to a domino being placed or discarded in the ``place`` step.

        When: right after the core's ``place`` step applied a ``Place`` or ``Discard``:
        still within the king's turn, before its claim on the next line (if any) and
        before ``kd_end_of_turn``, whatever the turn order. Not called for an action a
        plugin added to the step (:class:`~kingdomino_core.engine.rules.ExtraActions`).
        Receives: ``game``, the acting ``seat`` and the ``action``.
        Returns: nothing; may change the kingdom and plugin state, and insert steps
        with ``game.insert_steps``: they are played next, before the claim (a fire
        throw; a decision by another seat, such as an opponent choosing which crown a
        giant covers).
        Combination: every implementation runs.
        """

    @collected
    def kd_end_of_turn(self, game: Game, seat: int, king: int, final: bool) -> list[Step] | None:
        """Offer extra decisions at the end of a king's turn.

        When: after a king has placed its domino and (except in the final round)
        claimed its next one. ``final`` is true in the last, place-only round.
        Receives: ``game``, the acting ``seat`` and ``king``, and ``final``.
        Returns: steps to play now (each handled by a registered step handler), e.g.
        an optional Court purchase, or None.
        Combination: every implementation runs; the steps are played in the order the
        plugins were called.
        """

    @first_result
    def kd_game_over(self, game: Game, round: int) -> bool | None:
        """Whether the game ends after this round (a score reached, a deck run out).

        When: at the end of each round that leaves a line to place, before
        ``kd_end_round``.
        Receives: ``game`` and ``round``.
        Returns: True to end the game now, or None (or False) to defer; the market
        left then, picked or not, leaves play (``Game.discard``).
        Combination: the first non-None result wins; the default ends the game when
        no line is left to place.
        """

    @collected
    def kd_end_round(self, game: Game, round: int, final: bool) -> None:
        """React to the end of a round (a decision by its last player, a tax on its leader).

        When: after every turn of the round (and ``kd_game_over``), before the next
        round or the end; ``final``: the game ends now.
        Receives: ``game``, ``round``, ``final``. ``game.round_order``: the kings in
        the order they really acted, whatever the turn order (the last player is
        ``game.owner(game.round_order[-1])``); ``game.next_kings``: their picks.
        Returns: nothing; may change plugin state and insert steps with
        ``game.insert_steps``: they are played before the next round (or the end).
        Combination: every implementation runs.
        """

    @collected
    def kd_end_game(self, game: Game) -> None:
        """React to the end of a game (a last decision, a final bonus of one's own).

        When: once per game, after its last round (and ``kd_end_round``), before the
        next game of a match.
        Receives: ``game``.
        Returns: nothing; may insert steps (``game.insert_steps``): played last.
        Combination: every implementation runs.
        """

    @collected
    def kd_score_kingdom(self, game: Game, kingdom: int) -> list[ScoreLine] | None:
        """Score one kingdom: properties, bonuses and anything else that scores.

        When: whenever scores are asked for (at the end of a game, and on demand for
        display), once per kingdom.
        Receives: ``game`` and the ``kingdom`` index (``game.kingdoms[kingdom]``).
        Returns: the score lines this plugin contributes, or None.
        Combination: every implementation runs; the lines of all plugins together
        form the kingdom's :class:`~kingdomino_core.model.scoring.ScoreSheet`, whose total is
        their sum.
        Careful: do not ask for the score of the kingdom being scored from here
        (``game.score_total(kingdom)``, ``game.score_sheet(kingdom)``, ``game.scores()``):
        unless every scoring rule has a fast total (``RuleBook.add_fast_scoring``), that
        asks this hook again, without end. The engine refuses it at once with a
        ``RuntimeError``, reported as your plugin's failure (``kd`` exits 6). Compute
        your lines from ``game.kingdoms[kingdom]`` instead.
        """

    @collected
    def kd_describe_game(self, game: Game, viewer: int | None) -> list[str | TableNote] | None:
        """Lines of text about this plugin's part of the table, for displays.

        When: whenever a display (``kd play``, ``kd replay``, the browser) draws the table.
        Receives: ``game``, already the ``viewer``'s view of it (``engine.views.view_of``:
        the game itself when nothing is hidden), and ``viewer``: the seat looking, or
        None for a spectator. An implementation may take ``game`` alone.
        Returns: short lines such as ``"court: visible farmer, mill, queen; 19 in the pile"``,
        or None. A line may be a :class:`~kingdomino_core.model.pieces.TableNote`: its
        words, with the pieces picture displays draw; text displays print its words.
        Things on squares are shown through ``Registry.add_annotation`` instead.
        Combination: every implementation runs; the display prints all lines in order.
        """

    @first_result
    def kd_rank(self, game: Game, sheets: list[ScoreSheet]) -> Ranking | None:
        """Rank the kingdoms at the end, with the tie-breaks of the rules.

        When: when the ranking is asked for (normally at the end of the game).
        Receives: ``game`` and the score ``sheets`` (one per kingdom, index order).
        Returns: a :class:`~kingdomino_core.model.scoring.Ranking` (use
        :func:`~kingdomino_core.model.scoring.rank_by`) or None to defer.
        Combination: the first non-None result wins; the default ranks by match total
        alone (:func:`~kingdomino_core.engine.match.match_totals`: the total, summed over
        the games of a Dynasty match).
        Fast path: a plugin whose ranking is by match total first, ties broken from the
        tied kingdoms' own sheets, declares it in ``kd_register_rules`` with
        ``rules.add_fast_scoring(total_first=True)``; it may then get the sheets of just the
        kingdoms tied on a total (``kd simulate`` and the bots rank that way). With
        ``tiebreak=`` (a kingdom's tie-break values without its sheet) and no other
        plugin implementing this hook, ties are broken without any sheet.
        """
