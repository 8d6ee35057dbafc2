"""Building games for tests: engines, kingdoms from text, scripted chance, random play."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs

from ..engine.engine import Engine
from ..engine.game import Game
from ..errors import ConfigError, IllegalActionError
from ..inputs.trust import DEFAULT, Trust
from ..model.actions import Action, Claim, DrawKing, Reveal
from ..model.components import DominoId
from ..model.kingdom import Kingdom
from ..model.ruleset import Ruleset
from ..rulesets.files import load_ruleset
from ..saves.kingdom_text import parse_kingdom

#: What the kit accepts as a ruleset: a ``Ruleset``, a shipped ruleset name or TOML
#: path, or plugin names in activation order.
RulesetLike = Ruleset | str | Sequence[str]


# -- building games ---------------------------------------------------------------------


def make_engine(
    ruleset: RulesetLike,
    players: int | None = None,
    *,
    catalogue: Any = None,
    trust: Trust | None = None,
    **options: Any,
) -> Engine:
    """An engine in one line.

    ``ruleset``: a :class:`Ruleset`; a list of plugin names in activation order
    (``["base", "grand_duel"]``); or a string, read as a shipped ruleset name or a
    TOML path by ``kingdomino_core.rulesets.files.load_ruleset``, with ``trust``:
    what code the file may run (default: the plugin files the file itself lists;
    a plugin file reached through ``extends`` needs ``Trust(files=[...])``, as on
    the command line it needs ``--allow-code``; docs/trust.md).
    ``options``: option tables by plugin name, merged over the ruleset's
    (``make_engine(["base"], 4, base={"harmony": True})``).
    ``players``: defaults to the ruleset's default player count.
    """
    if isinstance(ruleset, str):
        ruleset = load_ruleset(ruleset, trust=DEFAULT if trust is None else trust)
    elif not isinstance(ruleset, Ruleset):
        names = list(ruleset)
        ruleset = Ruleset(name="+".join(names) or "empty", plugins=names)
    if options:
        merged = {k: dict(v) for k, v in ruleset.options.items()}
        for plugin, table in options.items():
            merged.setdefault(plugin, {}).update(table)
        ruleset = attrs.evolve(ruleset, options=merged)
    if players is None:
        players = ruleset.default_players
        if players is None:
            raise ConfigError(f"ruleset {ruleset.name!r} has no default player count; pass one")
    return Engine(ruleset, players, catalogue=catalogue)


def make_game(
    ruleset: RulesetLike | Engine,
    players: int | None = None,
    seed: int = 0,
    *,
    trust: Trust | None = None,
    **options: Any,
) -> Game:
    """A new game in one line (``make_game(["base"], 3, seed=7)``; ``trust``: as for
    :func:`make_engine`)."""
    engine = (
        ruleset
        if isinstance(ruleset, Engine)
        else make_engine(ruleset, players, trust=trust, **options)
    )
    game: Game = engine.new_game(seed=seed)
    return game


def kingdom_from_text(engine: Engine, text: str) -> Kingdom:
    """A kingdom from the kingdom text format (indentation and blank lines ignored)."""
    return parse_kingdom(text, engine, source="<test>")


def set_kingdom(game: Game, kingdom: int, text: str) -> Kingdom:
    """Replace kingdom ``kingdom`` of ``game`` by the one ``text`` describes (and say
    so: ``game.changed()``, as any edit of a game outside actions must)."""
    found = kingdom_from_text(game.engine, text)
    game.kingdoms[kingdom] = found
    game.changed()
    return found


def domino_id(value: int | str | DominoId) -> DominoId:
    """``17``, ``"17"``, ``"2:17"`` or a :class:`DominoId` as a :class:`DominoId`."""
    if isinstance(value, DominoId):
        return value
    if isinstance(value, int):
        return DominoId(number=value)
    return DominoId.parse(value)


# -- scripted chance ----------------------------------------------------------------------


class ScriptedChance:
    """Resolves a game's chance steps from a script instead of its generator.

    ``dominoes``: the dominoes revealed, in drawing order (a flat list, or one list
    per line). ``kings``: the kings drawn for the first line, in order. Each is
    applied as ``game.apply(Reveal(...))`` / ``game.apply(DrawKing(...))``, so a
    scripted draw that is not possible raises ``IllegalActionError``. When a script
    runs out (or for a chance step of another kind) the game's own generator decides,
    unless ``strict`` is true, which raises instead.
    """

    def __init__(
        self,
        dominoes: Iterable[int | str | DominoId | Iterable[int | str | DominoId]] = (),
        kings: Iterable[int] = (),
        *,
        strict: bool = False,
    ) -> None:
        flat: list[DominoId] = []
        for item in dominoes:
            if isinstance(item, int | str | DominoId):
                flat.append(domino_id(item))
            else:
                flat.extend(domino_id(d) for d in item)
        #: Dominoes still to reveal, in order (consumed as they are drawn).
        self.dominoes = flat
        #: Kings still to draw, in order.
        self.kings = list(kings)
        #: Raise when the script does not say how to resolve a chance step.
        self.strict = strict

    def resolve(self, game: Game) -> Action:
        """Resolve the current chance step (scripted if the script says how)."""
        kind = game.step.kind if game.step is not None else None
        action: Action | None = None
        if kind == "reveal" and self.dominoes:
            action = Reveal(domino=self.dominoes.pop(0))
        elif kind == "draw_king" and self.kings:
            action = DrawKing(king=self.kings.pop(0))
        if action is None:
            if self.strict:
                raise IllegalActionError("testing.script", f"no scripted outcome for {kind!r}")
            return game.resolve_chance()
        game.apply(action)
        return action

    def advance(self, game: Game) -> Game:
        """Resolve chance steps until a player must decide or the game ends."""
        while game.is_chance():
            self.resolve(game)
        return game

    def new_game(self, engine: Engine, seed: int = 0) -> Game:
        """A new game advanced with this script to its first decision."""
        return self.advance(engine.new_game(seed=seed))

    def play(self, game: Game, choose: Callable[[Game], Action]) -> Game:
        """Play to the end: this script for chance, ``choose`` for decisions."""
        while not game.is_terminal():
            if game.is_chance():
                self.resolve(game)
            else:
                game.apply(choose(game))
        return game


def game_with_draws(
    engine: Engine,
    dominoes: Iterable[Any] = (),
    kings: Iterable[int] = (),
    seed: int = 0,
) -> Game:
    """A new game whose first draws are scripted, advanced to its first decision.

    Only the draws up to that decision are scripted; keep a :class:`ScriptedChance`
    to script later lines too.
    """
    return ScriptedChance(dominoes, kings).new_game(engine, seed)


def place_step_game(
    engine: Engine,
    domino: int | str | DominoId,
    seat: int = 0,
    kingdom: str | None = None,
    seed: int = 0,
) -> Game:
    """A game whose current decision is ``seat`` placing ``domino`` (in round 1).

    ``domino`` is drawn in the first line and claimed by the seat's first king; the
    dominoes placed before it get the first legal action. ``kingdom``: text for the
    seat's kingdom, set just before the decision. Handy to test placement rules.
    """
    target = domino_id(domino)
    cfg = engine.config
    others = [d for d in engine.pile if d != target][: cfg.line_size - 1]
    king = engine.king_owner.index(seat)
    kings = [king, *(k for k in range(cfg.kings) if k != king)]
    script = ScriptedChance(dominoes=[target, *others], kings=kings)
    game = engine.new_game(seed=seed)
    for _ in range(10_000):
        step = game.step
        if step is None:
            break
        if step.kind == "place" and step.domino == target:
            if kingdom is not None:
                set_kingdom(game, cfg.kingdom_of(seat), kingdom)
            return game
        if game.is_chance():
            script.resolve(game)
        elif step.kind == "claim" and step.king == king and game.lines_drawn == 1:
            game.apply(Claim(seat=seat, king=king, domino=target))
        else:
            game.apply(game.legal_actions()[0])
    raise ConfigError(f"domino {target} never came to seat {seat} to place")


# -- random play --------------------------------------------------------------------------


def random_choice(rng: random.Random) -> Callable[[Game], Action]:
    """A chooser picking uniformly among the legal actions with ``rng``."""

    def choose(game: Game) -> Action:
        actions = game.legal_actions()
        return actions[int(rng.random() * len(actions))]

    return choose


def play_random_game(
    engine: Engine,
    seed: int = 0,
    agent_seed: int | None = None,
    *,
    on_decision: Callable[[Game], None] | None = None,
    max_actions: int = 100_000,
) -> Game:
    """Play a whole game (match) with uniformly random legal choices.

    ``seed`` fixes chance; ``agent_seed`` (default: ``seed``) fixes the choices.
    ``on_decision(game)`` is called before every decision (to run checks).
    """
    game: Game = engine.new_game(seed=seed)
    choose = random_choice(random.Random(seed if agent_seed is None else agent_seed))
    for _ in range(max_actions):
        if game.is_terminal():
            return game
        if game.is_chance():
            game.resolve_chance()
            continue
        if on_decision is not None:
            on_decision(game)
        game.apply(choose(game))
    raise RuntimeError(f"game with seed {seed} did not end within {max_actions} actions")


def replay(engine: Engine, seed: int, log: Iterable[Action]) -> Game:
    """A new game with ``seed`` on which every action of ``log`` is applied."""
    game: Game = engine.new_game(seed=seed)
    for action in log:
        game.apply(action)
    return game
