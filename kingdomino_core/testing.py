"""The testing kit for plugin authors (and for the project's own tests).

Everything here is plain Python, free of pytest, so embedders can use it too::

    from kingdomino_core.testing import make_engine, kingdom_from_text, recount, conformance

    engine = make_engine(["base"], 4, base={"harmony": True})   # plugins + options
    k = kingdom_from_text(engine, "C F1 F0\\n. . .")            # a kingdom from text
    game = ScriptedChance(dominoes=[1, 2, 3, 4], kings=[3, 2, 1, 0]).new_game(engine)
    conformance(["base", "my_rule"], 4, seeds=range(5)).raise_for_problems()

The checks are independent of the code they check: :func:`recount` scores a
kingdom by its own flood fill over the per-cell data, :func:`brute_force_placements`
tries every cell and direction with ``placement_violations`` instead of the
bit-mask generator.
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs

from .actions import Action, Claim, Discard, DrawKing, Place, Reveal
from .components import DominoId
from .core_steps import legal_placements, placement_violations
from .engine import Engine
from .errors import ConfigError, IllegalActionError
from .game import Game
from .geometry import DIRECTIONS
from .kingdom import CASTLE, EMPTY, Kingdom
from .kingdom_text import parse_kingdom
from .ruleset import Ruleset

__all__ = [
    "ConformanceReport",
    "Property",
    "ScriptedChance",
    "brute_force_placements",
    "check_game",
    "check_placement_consistency",
    "conformance",
    "digest",
    "domino_id",
    "game_with_draws",
    "kingdom_from_text",
    "kingdom_problems",
    "make_engine",
    "make_game",
    "place_step_game",
    "play_random_game",
    "random_choice",
    "recount",
    "replay",
    "reported_properties",
    "set_kingdom",
]

RulesetLike = Ruleset | str | Sequence[str]


# -- building games ---------------------------------------------------------------------


def make_engine(
    ruleset: RulesetLike, players: int | None = None, *, catalogue: Any = None, **options: Any
) -> Engine:
    """An engine in one line.

    ``ruleset``: a :class:`Ruleset`; a list of plugin names in activation order
    (``["base", "grand_duel"]``); or a string, read as a shipped ruleset name or a
    TOML path by ``kingdomino_core.ruleset_files.load_ruleset``.
    ``options``: option tables by plugin name, merged over the ruleset's
    (``make_engine(["base"], 4, base={"harmony": True})``).
    ``players``: defaults to the ruleset's default player count.
    """
    if isinstance(ruleset, str):
        from .ruleset_files import load_ruleset

        ruleset = load_ruleset(ruleset)
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
    ruleset: RulesetLike | Engine, players: int | None = None, seed: int = 0, **options: Any
) -> Game:
    """A new game in one line (``make_game(["base"], 3, seed=7)``)."""
    engine = ruleset if isinstance(ruleset, Engine) else make_engine(ruleset, players, **options)
    game: Game = engine.new_game(seed=seed)
    return game


def kingdom_from_text(engine: Engine, text: str) -> Kingdom:
    """A kingdom from the kingdom text format (indentation and blank lines ignored)."""
    return parse_kingdom(text, engine, source="<test>")


def set_kingdom(game: Game, kingdom: int, text: str) -> Kingdom:
    """Replace kingdom ``kingdom`` of ``game`` by the one ``text`` describes."""
    found = kingdom_from_text(game.engine, text)
    game.kingdoms[kingdom] = found
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
        self.dominoes = flat
        self.kings = list(kings)
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


# -- state digest ---------------------------------------------------------------------------


def _kingdom_state(k: Kingdom) -> tuple[Any, ...]:
    return (
        tuple(k.terrain_at),
        tuple(k.crowns_at),
        (k.minx, k.maxx, k.miny, k.maxy),
        tuple(sorted(k.regions)),
        tuple(k.placements),
        tuple(k.discards),
        tuple(sorted(k.marks.items())),
        tuple(sorted((n, tuple(sorted(v.items(), key=repr))) for n, v in k.layers.items())),
    )


def digest(game: Game) -> str:
    """A fingerprint of the whole game state: equal digests, equal games.

    Covers the generator state, kingdoms, pile, lines, kings, pending steps, log,
    match scores and plugin state (by ``repr``). Compare it before and after an
    illegal action to prove the state is unchanged.
    """
    state = (
        game.seed,
        game.rng.getstate(),
        game.game_number,
        [_kingdom_state(k) for k in game.kingdoms],
        game.pile,
        game.pool,
        game.drawn,
        game.line,
        game.line_kings,
        game.next_line,
        game.next_kings,
        game.lines_drawn,
        game.undrawn_kings,
        game.unpicked,
        game.pending,
        game.log,
        game.match_sheets,
        sorted((name, repr(value)) for name, value in game.ext.items()),
    )
    return hashlib.sha256(repr(state).encode()).hexdigest()


# -- independent scoring ------------------------------------------------------------------


@attrs.frozen(kw_only=True, order=True)
class Property:
    """A property found by :func:`recount`."""

    terrain: str
    squares: int
    crowns: int

    @property
    def points(self) -> int:
        return self.squares * self.crowns


def recount(kingdom: Kingdom, engine: Engine) -> list[Property]:
    """The properties of ``kingdom``, found by a flood fill of its per-cell data.

    Uses only ``terrain_at`` and ``crowns_at`` with (x, y) coordinates (not the bit
    masks, not ``kingdom.regions``, not any plugin's scoring). Terrains registered
    with ``scores=False`` form no property. Sorted, so two lists compare directly.
    """
    board = kingdom.board
    terrains = engine.registry.terrains
    squares: dict[tuple[int, int], tuple[int, int]] = {}
    for cell in range(board.cells):
        t = kingdom.terrain_at[cell]
        if t in (EMPTY, CASTLE):
            continue
        squares[board.xy(cell)] = (t, kingdom.crowns_at[cell])
    seen: set[tuple[int, int]] = set()
    found = []
    for start in sorted(squares):
        if start in seen:
            continue
        terrain = squares[start][0]
        seen.add(start)
        todo, size, crowns = [start], 0, 0
        while todo:
            x, y = todo.pop()
            size += 1
            crowns += squares[(x, y)][1]
            for nxt in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if nxt not in seen and nxt in squares and squares[nxt][0] == terrain:
                    seen.add(nxt)
                    todo.append(nxt)
        if terrains[terrain].scores:
            found.append(Property(terrain=terrains[terrain].name, squares=size, crowns=crowns))
    return sorted(found)


def reported_properties(sheet: Any) -> list[Property]:
    """The property lines of a score sheet as :class:`Property` values, sorted."""
    return sorted(
        Property(terrain=str(p.terrain), squares=p.squares, crowns=p.crowns)
        for p in sheet.properties
    )


def kingdom_problems(kingdom: Kingdom, engine: Engine) -> list[str]:
    """What is wrong with a kingdom's shape, from its per-cell data (empty if nothing)."""
    board = kingdom.board
    problems = []
    if kingdom.terrain_at[board.castle] != CASTLE:
        problems.append("the castle is missing from its square")
    cells = [board.xy(c) for c in range(board.cells) if kingdom.terrain_at[c] != EMPTY]
    xs, ys = [x for x, _ in cells], [y for _, y in cells]
    size = engine.config.kingdom_size
    width, height = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    if width > size or height > size:
        problems.append(f"the kingdom spans {width}x{height}, more than {size}x{size}")
    if (min(xs), max(xs), min(ys), max(ys)) != (
        kingdom.minx,
        kingdom.maxx,
        kingdom.miny,
        kingdom.maxy,
    ):
        problems.append("the kingdom's recorded bounding box differs from its squares")
    if len(cells) - 1 != 2 * len(kingdom.placements):
        problems.append(f"{len(cells) - 1} squares for {len(kingdom.placements)} dominoes placed")
    return problems


# -- placement consistency -----------------------------------------------------------------


def _canonical(place: Place, symmetric: bool) -> tuple[Any, ...]:
    """A placement as the set of (cell, half) it fills; a symmetric domino's halves match."""
    second = place.second
    if symmetric:
        return (frozenset({(place.x, place.y), second}),)
    return ((place.x, place.y), second)


def brute_force_placements(game: Game, seat: int, domino: DominoId) -> set[tuple[Any, ...]]:
    """Every placement with no rule violation, tried cell by cell, direction by direction."""
    board = game.kingdom_of(seat).board
    symmetric = game.domino(domino).symmetric
    out = set()
    r = board.reach
    for y in range(-r, r + 1):
        for x in range(-r, r + 1):
            for d in DIRECTIONS:
                place = Place(seat=seat, domino=domino, x=x, y=y, direction=d)
                if not placement_violations(game, place):
                    out.add(_canonical(place, symmetric))
    return out


def check_placement_consistency(game: Game) -> list[str]:
    """At a ``place`` step: the fast legal list equals the brute-force one, no duplicates.

    So ``legal_actions``, ``check`` and ``explain`` never disagree.
    """
    step = game.step
    if step is None or step.kind != "place" or step.domino is None:
        return []
    fast = legal_placements(game, step.seat, step.domino)
    symmetric = game.domino(step.domino).symmetric
    fast_set = {_canonical(p, symmetric) for p in fast}
    problems = []
    if len(fast_set) != len(fast):
        problems.append(f"domino {step.domino}: the legal list repeats a placement")
    slow = brute_force_placements(game, step.seat, step.domino)
    if fast_set != slow:
        problems.append(
            f"domino {step.domino} for seat {step.seat}: legal list and rule checks differ: "
            f"only listed {sorted(fast_set - slow)[:3]}, only allowed {sorted(slow - fast_set)[:3]}"
        )
    discard = Discard(seat=step.seat, domino=step.domino)
    listed = discard in game.legal_actions()
    if listed != (game.explain(discard) is None):
        problems.append(f"domino {step.domino}: legal list and check disagree on discarding")
    return problems


# -- conformance ----------------------------------------------------------------------------


@attrs.define
class ConformanceReport:
    """What :func:`conformance` found. ``problems`` is empty when all is well."""

    games: int = 0
    problems: list[str] = attrs.field(factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def raise_for_problems(self) -> None:
        if self.problems:
            raise AssertionError("conformance problems:\n" + "\n".join(self.problems))


def _check_finished_game(
    engine: Engine,
    kingdoms: list[Kingdom],
    unpicked: list[DominoId],
    revealed: list[DominoId],
    sheets: Sequence[Any],
    where: str,
) -> list[str]:
    problems = []
    counts = Counter(revealed)
    twice = [str(d) for d, n in counts.items() if n > 1]
    if twice:
        problems.append(f"{where}: drawn more than once: {', '.join(twice)}")
    used = Counter(
        [d for k in kingdoms for _, d, _, _ in k.placements]
        + [d for k in kingdoms for _, d in k.discards]
        + list(unpicked)
    )
    if used != counts:
        problems.append(
            f"{where}: drawn but not placed/discarded/unpicked once: "
            f"{sorted(str(d) for d in (counts - used) + (used - counts))}"
        )
    cfg = engine.config
    full_lines = cfg.lines_total * cfg.line_size <= len(engine.deck)
    for i, k in enumerate(kingdoms):
        problems.extend(f"{where}, kingdom {i}: {p}" for p in kingdom_problems(k, engine))
        if full_lines:
            kings = len(cfg.seats_of(i)) * cfg.kings_per_seat
            expected = kings * cfg.lines_total
            got = len(k.placements) + len(k.discards)
            if got != expected:
                problems.append(
                    f"{where}, kingdom {i}: {got} dominoes placed or discarded, expected {expected}"
                )
        mine, theirs = recount(k, engine), reported_properties(sheets[i])
        if mine != theirs:
            problems.append(
                f"{where}, kingdom {i}: reported properties {theirs} but recount {mine}"
            )
        if sheets[i].total != sum(line.points for line in sheets[i].lines):
            problems.append(f"{where}, kingdom {i}: total is not the sum of its lines")
    return problems


def check_game(
    engine: Engine, seed: int, agent_seed: int | None = None, *, placements: bool = True
) -> tuple[Game, list[str]]:
    """Play one random game checking every invariant along the way; return it and problems."""
    problems: list[str] = []
    game: Game = engine.new_game(seed=seed)
    choose = random_choice(random.Random(seed if agent_seed is None else agent_seed))
    where = f"seed {seed}"
    start = 0
    for _ in range(100_000):
        if game.is_terminal():
            break
        kingdoms, unpicked, number = game.kingdoms, game.unpicked, game.game_number
        if game.is_chance():
            game.resolve_chance()
        else:
            if placements:
                problems.extend(f"{where}: {p}" for p in check_placement_consistency(game))
            action = choose(game)
            try:
                game.apply(action)
            except IllegalActionError as exc:
                problems.append(f"{where}: listed action {action.describe()} was refused: {exc}")
                return game, problems
        if game.game_number != number:  # a Dynasty game just ended
            revealed = [a.domino for a in game.log[start:] if isinstance(a, Reveal)]
            start = len(game.log)
            problems += _check_finished_game(
                engine, kingdoms, unpicked, revealed, game.match_sheets[-1], f"{where} g{number}"
            )
    else:
        return game, [f"{where}: the game did not end within 100000 actions"]
    revealed = [a.domino for a in game.log[start:] if isinstance(a, Reveal)]
    sheets = game.scores()
    problems += _check_finished_game(engine, game.kingdoms, game.unpicked, revealed, sheets, where)
    for i, sheet in enumerate(sheets):
        if game.score_total(i) != sheet.total:
            problems.append(
                f"{where}, kingdom {i}: fast total {game.score_total(i)} but score sheet "
                f"total {sheet.total} (a plugin's add_score_total disagrees with its lines)"
            )
    return game, problems


def conformance(
    ruleset: RulesetLike | Engine,
    players: int | None = None,
    seeds: Iterable[int] = range(3),
    *,
    placements: bool = True,
    **options: Any,
) -> ConformanceReport:
    """Check that a ruleset (with your plugin in it) plays correctly over random games.

    For each seed: the game plays to the end; every domino drawn is placed, discarded
    or left unpicked exactly once; kingdoms stay within their size; each kingdom gets
    one domino per king per line; reported properties equal :func:`recount`; the same
    seed gives the same log and the log replays to the same state; a clone is
    independent of its original; fast score totals equal the score sheets;
    ``placements``: the legal placement list matches the rule checks at every placement.
    """
    engine = ruleset if isinstance(ruleset, Engine) else make_engine(ruleset, players, **options)
    report = ConformanceReport()
    for seed in seeds:
        report.games += 1
        game, problems = check_game(engine, seed, placements=placements)
        report.problems.extend(problems)
        if problems:
            continue
        again = play_random_game(engine, seed)
        if again.log != game.log:
            report.problems.append(f"seed {seed}: the same seed gave a different log")
        try:
            replayed = digest(replay(engine, seed, game.log))
        except IllegalActionError as exc:
            report.problems.append(f"seed {seed}: replaying the log failed: {exc}")
        else:
            if replayed != digest(game):
                report.problems.append(f"seed {seed}: replaying the log gave a different state")
        report.problems.extend(_clone_problems(engine, seed))
    return report


def _clone_problems(engine: Engine, seed: int) -> list[str]:
    """Clone mid-game: playing the clone leaves the original alone; same choices, same game."""
    game: Game = engine.new_game(seed=seed)
    choose = random_choice(random.Random(seed))
    for _ in range(len(game.kingdoms) * 7):
        if game.is_terminal():
            break
        if game.is_chance():
            game.resolve_chance()
        else:
            game.apply(choose(game))
    before = digest(game)
    twin = game.clone()
    if digest(twin) != before:
        return [f"seed {seed}: a fresh clone differs from its original"]
    twin.play(random_choice(random.Random(seed + 1)))
    if digest(game) != before:
        return [f"seed {seed}: playing on a clone changed the original"]
    a, b = game.clone(), game.clone()
    a.play(random_choice(random.Random(seed + 2)))
    b.play(random_choice(random.Random(seed + 2)))
    if digest(a) != digest(b):
        return [f"seed {seed}: two clones played with the same choices differ"]
    return []
