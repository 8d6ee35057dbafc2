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
* **Game hooks** run a few times per round or per turn. The engine resolves their
  implementations once per engine into a plain list of functions, so a hook that no
  active plugin implements costs nothing.

Order: every hook runs in pluggy's order: ``tryfirst`` implementations first,
then the plain ones, then ``trylast``. Within a group, build hooks run in the
ruleset's ``plugins`` order (base first, so the variants listed after it see and
may change what it set: the engine registers them for pluggy in reverse), and game
hooks in the reverse order (pluggy is last-in, first-out), so a plugin listed later
(a variant, a house rule) runs before the plugins it builds on and wins
``firstresult`` hooks. Build hooks take no wrappers. (Before this was documented and
tested, build hooks ran ``trylast``, plain, ``tryfirst``: a plugin that relied on
that reversed order must swap its marks; nothing else changes, so ``HOOK_API`` stays 1.)

A function named ``kd_*`` in a plugin must carry ``@hookimpl``: one without it is
reported when the plugin is loaded (pluggy would never call it).

Faults: what a hook returns is checked where it returns it (a list where a list is
documented, dominoes that are in the pile, a ``Ranking`` that ranks every kingdom:
``kingdomino_core.hooks.results``), and a game hook must leave the core's own state
alone (the number of kingdoms, the draw pile, the action log). A bad result, such a
change, an exception or ``SystemExit`` in a hook stops the game with a
``PluginHookError`` naming the plugin and the hook (``kd`` exit status 6, the save
keeping every move played). A hook documented as returning nothing may return
anything: the value is ignored. The plugins shipped with kingdomino are held to
these rules by its test suite (``conformance`` checks every hook call) and are not
re-checked at each call of a game; every other plugin is.

The flow of a round and where a plugin changes it:

* **Market**: ``kd_draw_pool`` (what a line is drawn from), ``kd_order_line``,
  ``kd_line_discards`` (dominoes removed before anyone picks), ``kd_line_laid_out``;
  the configuration keys ``line_size`` (dominoes drawn per line), ``lines_total``
  and ``lookahead_lines`` (lines shown ahead of the one being picked).
* **Turn order**: ``kd_turn_order``.
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

from typing import TYPE_CHECKING

from ..model.actions import Discard, Place, Step
from ..model.components import DominoId
from ..model.scoring import Ranking, ScoreLine, ScoreSheet
from .markers import hookspec

if TYPE_CHECKING:  # the contract names what the engine passes; the engine calls it
    from ..engine.agents import AgentRegistry
    from ..engine.config import ConfigBuilder, GameConfig
    from ..engine.game import Game
    from ..engine.registry import Registry
    from ..engine.rules import RuleBook


# -- build hooks: once per engine ------------------------------------------------


@hookspec
def kd_configure(config: ConfigBuilder) -> None:
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


@hookspec
def kd_register_components(registry: Registry, config: GameConfig) -> None:
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


@hookspec
def kd_register_rules(rules: RuleBook, config: GameConfig, registry: Registry) -> None:
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


@hookspec
def kd_validate(config: GameConfig, registry: Registry) -> list[str] | None:
    """Check that the configuration makes sense for this plugin.

    When: once per engine, after the build hooks, before any game starts.
    Receives: the frozen ``config`` and the ``registry``.
    Returns: a list of problems, each one line naming the bad value and what was
    expected (or None / an empty list when all is well).
    Combination: the problems of all plugins are gathered and raised together as
    one ``RulesetError``, so a user sees every problem at once.
    """


@hookspec
def kd_register_agents(agents: AgentRegistry) -> None:
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


@hookspec
def kd_setup_game(game: Game) -> None:
    """Prepare plugin state at the start of a game.

    When: when a game starts (and at the start of each game of a Dynasty match),
    after the kingdoms and the draw pile exist and before the first line is drawn.
    Receives: ``game`` (:class:`~kingdomino_core.engine.game.Game`); plugin state lives in
    ``game.ext[name]`` (declared with ``rules.add_state``).
    Returns: nothing.
    Combination: every implementation runs.
    """


@hookspec(firstresult=True)
def kd_draw_pool(game: Game, line_number: int) -> list[DominoId] | None:
    """Which dominoes the next line may be drawn from.

    When: once per line, before its dominoes are drawn (``line_number`` counts
    from 1 within the game).
    Receives: ``game`` and ``line_number``; ``game.pile`` holds the undrawn ids.
    Returns: the ids the line is drawn from, a subset of ``game.pile`` (the two-box
    variants return one box), or None to defer.
    Combination: the first non-None result wins; the default is the whole pile.
    """


@hookspec(firstresult=True)
def kd_order_line(game: Game, dominoes: list[DominoId]) -> list[DominoId] | None:
    """Order a freshly drawn line.

    When: once per line, after its dominoes are drawn.
    Receives: ``game`` and the drawn ``dominoes`` in draw order.
    Returns: the same ids in line order (the base game sorts by number, lowest
    first), or None to defer.
    Combination: the first non-None result wins; the default is draw order.
    """


@hookspec
def kd_line_discards(
    game: Game, line_number: int, dominoes: list[DominoId]
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


@hookspec
def kd_line_laid_out(game: Game, line_number: int, dominoes: list[DominoId]) -> None:
    """React to a new line in the market (put tokens on it, refill a display).

    When: once per line, after it is ordered and before any king is put on it.
    Receives: ``game``, ``line_number`` and the ordered ``dominoes``.
    Returns: nothing; may change plugin state and insert steps with
    ``game.insert_steps``.
    Combination: every implementation runs.
    """


@hookspec(firstresult=True)
def kd_turn_order(game: Game, kings: list[int]) -> list[int] | None:
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


@hookspec
def kd_after_place(game: Game, seat: int, action: Place | Discard) -> None:
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


@hookspec
def kd_end_of_turn(game: Game, seat: int, king: int, final: bool) -> list[Step] | None:
    """Offer extra decisions at the end of a king's turn.

    When: after a king has placed its domino and (except in the final round)
    claimed its next one. ``final`` is true in the last, place-only round.
    Receives: ``game``, the acting ``seat`` and ``king``, and ``final``.
    Returns: steps to play now (each handled by a registered step handler), e.g.
    an optional Court purchase, or None.
    Combination: every implementation runs; the steps are played in the order the
    plugins were called.
    """


@hookspec
def kd_score_kingdom(game: Game, kingdom: int) -> list[ScoreLine] | None:
    """Score one kingdom: properties, bonuses and anything else that scores.

    When: whenever scores are asked for (at the end of a game, and on demand for
    display), once per kingdom.
    Receives: ``game`` and the ``kingdom`` index (``game.kingdoms[kingdom]``).
    Returns: the score lines this plugin contributes, or None.
    Combination: every implementation runs; the lines of all plugins together
    form the kingdom's :class:`~kingdomino_core.model.scoring.ScoreSheet`, whose total is
    their sum.
    """


@hookspec
def kd_describe_game(game: Game) -> list[str] | None:
    """Lines of text about this plugin's part of the table, for displays.

    When: whenever a display (``kd play``, ``kd replay``) draws the table.
    Receives: ``game``.
    Returns: short lines such as ``"court: visible farmer, mill, queen; 19 in the pile"``,
    or None. Things on squares are shown through the kingdom text annotations
    (``Registry.add_annotation``) instead.
    Combination: every implementation runs; the display prints all lines in order.
    """


@hookspec(firstresult=True)
def kd_rank(game: Game, sheets: list[ScoreSheet]) -> Ranking | None:
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
    ``rules.rank_by_total_first()``; it may then receive the sheets of just the
    kingdoms tied on a total (``kd simulate`` and the bots rank that way). With
    ``tiebreak=`` (a kingdom's tie-break values without its sheet) and no other
    plugin implementing this hook, ties are broken without any sheet.
    """
