"""The conformance check any plugin can run over random games."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from ..engine.engine import Engine
from ..engine.game import Game
from ..engine.match import ranked_places
from ..errors import IllegalActionError
from ..inputs.trust import Trust
from ..model.components import DominoId
from ..model.kingdom import Kingdom
from .build import RulesetLike, make_engine, play_random_game, random_choice, replay
from .checks import (
    check_placement_consistency,
    digest,
    kingdom_problems,
    recount,
    reported_properties,
)

# -- conformance ----------------------------------------------------------------------------


@attrs.define
class ConformanceReport:
    """What :func:`conformance` found. ``problems`` is empty when all is well."""

    #: Games played and checked.
    games: int = 0
    #: One line per problem, naming the seed and the check.
    problems: list[str] = attrs.field(factory=list)
    #: Checks run (four per seed: play, same seed, replay, clone); none is skipped.
    checks: int = 0

    @property
    def ok(self) -> bool:
        """True when no problem was found."""
        return not self.problems

    def raise_for_problems(self) -> None:
        """Raise ``AssertionError`` listing every problem (a one-line test assertion)."""
        if self.problems:
            raise AssertionError("conformance problems:\n" + "\n".join(self.problems))


def _check_finished_game(
    engine: Engine,
    kingdoms: list[Kingdom],
    unpicked: list[DominoId],
    pile: list[DominoId],
    sheets: Sequence[Any],
    where: str,
) -> list[str]:
    problems = []
    # Every domino of the game is accounted for exactly once: placed, discarded
    # (Game.discard, by a seat or nobody's) or still in the pile. Nothing else is
    # assumed: how many a king takes, or how dominoes leave the pile, is the rules'.
    accounted = Counter(
        [d for k in kingdoms for _, d, _, _ in k.placements]
        + [d for k in kingdoms for _, d in k.discards]
        + list(unpicked)
        + list(pile)
    )
    expected = Counter(engine.pile)
    lost = sorted(str(d) for d in expected - accounted)
    if lost:
        problems.append(
            f"{where}: dominoes left play without being placed or discarded "
            f"(take them out with game.discard): {', '.join(lost)}"
        )
    twice = sorted(str(d) for d in accounted - expected)
    if twice:
        problems.append(f"{where}: dominoes placed or discarded more than once: {', '.join(twice)}")
    for i, k in enumerate(kingdoms):
        problems.extend(f"{where}, kingdom {i}: {p}" for p in kingdom_problems(k, engine))
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
    for _ in range(100_000):
        if game.is_terminal():
            break
        kingdoms, unpicked, pile = game.kingdoms, game.unpicked, game.pile
        number, drawn = game.game_number, game.lines_drawn
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
        if game.lines_drawn != drawn and not game.is_terminal():
            # a new round: the fast paths against the plain ones, mid-game
            problems += fast_path_problems(game, f"{where}, move {len(game.log)}")
        if game.game_number != number:  # a Dynasty game just ended
            problems += _check_finished_game(
                engine, kingdoms, unpicked, pile, game.match_sheets[-1], f"{where} g{number}"
            )
    else:
        return game, [f"{where}: the game did not end within 100000 actions"]
    sheets = game.scores()
    problems += _check_finished_game(engine, game.kingdoms, game.unpicked, game.pile, sheets, where)
    problems += fast_path_problems(game, where)
    return game, problems


def fast_path_problems(game: Game, where: str) -> list[str]:
    """Where the optional fast paths a ruleset declared (``RuleBook.add_fast_scoring``,
    or its older spellings ``add_score_total`` and ``rank_by_total_first``) or the
    core's cache of scores disagree with the plain ones, in ``game`` as it is now:
    each plugin's fast total with its own ``kd_score_kingdom`` lines, the game's fast
    totals with the score sheets; the fast ranking (``ranked_places``, tie-break
    values included) with ``kd_rank`` on every sheet, and the only ranking plugin's
    tie-break values with the values its ranking reports (``Ranking.keys``, after
    the total), tied or not; the sheets, totals and ranking the game gives (cached
    for its state, engine/scores.py) with ones computed afresh on a copy.

    :func:`conformance` runs it at every new round of every game, not only at the end:
    bots use the fast paths in the middle of games, where totals are often tied
    (so the tie-break values are checked far more often than by final scores alone).
    """
    problems = _plugin_total_problems(game, where)
    fresh = game.clone(log=False)  # a copy has no cached score: all computed now
    sheets = fresh.scores()
    totals = game.engine.score_totals
    for i, sheet in enumerate(sheets):
        fast = sum(total(fresh, i) for total in totals) if totals is not None else sheet.total
        if fast != sheet.total:
            problems.append(
                f"{where}, kingdom {i}: fast total {fast} but score sheet "
                f"total {sheet.total} (a fast total declared with add_fast_scoring or "
                "add_score_total disagrees with its lines)"
            )
    ranking = fresh.ranking(sheets)
    problems += _cache_problems(game, sheets, ranking, where)
    if not game.engine.total_first_ranking:
        return problems
    full, fast_places = ranking.places, ranked_places(game.clone(log=False))
    if full != fast_places:
        problems.append(
            f"{where}: ranked_places gave {fast_places} but the ranking {full} (a plugin "
            "declared a total-first kd_rank, add_fast_scoring(total_first=True) or "
            "rank_by_total_first, but its kd_rank is not by match total first, or not on "
            "the tied kingdoms' sheets alone)"
        )
    tiebreak = game.engine.rank_tiebreak
    if tiebreak is None:
        return problems
    for kingdom, values in ranking.keys:
        mine = tuple(tiebreak(fresh, kingdom))
        if mine != tuple(values[1:]):
            problems.append(
                f"{where}, kingdom {kingdom}: fast tie-break values {mine} but kd_rank "
                f"compares {tuple(values[1:])} after the total (a tiebreak declared with "
                "add_fast_scoring disagrees with the ranking)"
            )
    return problems


def _cache_problems(game: Game, sheets: list[Any], ranking: Any, where: str) -> list[str]:
    """The game's scores, asked twice (the second time from its cache), against
    ``sheets`` and ``ranking`` computed afresh on a copy of it."""
    problems = []
    for asked in ("first", "again"):
        if game.scores() != sheets:
            problems.append(f"{where}: the score sheets asked {asked} differ from fresh ones")
        if [game.score_total(k) for k in range(len(sheets))] != [s.total for s in sheets]:
            problems.append(f"{where}: the totals asked {asked} differ from fresh ones")
        if game.ranking() != ranking:
            problems.append(f"{where}: the ranking asked {asked} differs from a fresh one")
    return problems


def _plugin_total_problems(game: Game, where: str) -> list[str]:
    """Each plugin's declared fast total against the lines of its own
    ``kd_score_kingdom`` (none: 0 points), whether or not the game uses it (it
    does only when every scoring plugin declared one)."""
    engine = game.engine
    own = {
        impl.plugin_name: impl
        for impl in engine.pm.hook.kd_score_kingdom.get_hookimpls()
        if not (impl.wrapper or impl.hookwrapper)
    }
    problems = []
    for plugin, fast in engine.rules.fast_scoring.items():
        if fast.total is None:
            continue
        impl = own.get(plugin)
        for kingdom in range(len(game.kingdoms)):
            lines: list[Any] = []
            if impl is not None:
                given = {"game": game, "kingdom": kingdom}
                found: Any = impl.function(
                    *[given[a] for a in impl.argnames],
                    **{k: given[k] for k in impl.kwargnames if k in given},
                )
                lines = list(found or [])
            points = sum(line.points for line in lines)
            total = fast.total(game, kingdom)
            if total != points:
                problems.append(
                    f"{where}, kingdom {kingdom}: plugin {plugin!r}: fast total {total} but "
                    f"its own lines add up to {points} (add_fast_scoring(total=...) "
                    "disagrees with its kd_score_kingdom)"
                )
    return problems


def conformance(
    ruleset: RulesetLike | Engine,
    players: int | None = None,
    seeds: Iterable[int] = range(3),
    *,
    placements: bool = True,
    trust: Trust | None = None,
    **options: Any,
) -> ConformanceReport:
    """Check that a ruleset (with your plugin in it) plays correctly over random games.

    For each seed, every check runs (a check that raises is reported, never
    skipped): the game plays to the end with every listed action accepted; every
    domino of the game is placed, discarded (``Game.discard``) or left in the pile
    exactly once; kingdoms stay within their size; reported properties equal
    :func:`recount`; every fast path declared (``RuleBook.add_fast_scoring``) agrees
    with its hook (:func:`fast_path_problems`); the same seed gives
    the same log; the log replays to the same state; a clone is independent of its
    original; ``placements``: the legal placement list matches the rule checks at
    every placement; every game hook's result passes its check and leaves the
    core's state alone (``hooks.results``), built-in plugins included. Nothing
    about how many dominoes a king takes or where they come from is assumed: that
    is the rules'. ``trust``: what code a ruleset file may run (as for
    :func:`make_engine`).
    """
    engine = (
        ruleset
        if isinstance(ruleset, Engine)
        else make_engine(ruleset, players, trust=trust, **options)
    )
    report = ConformanceReport()
    for seed in seeds:
        report.games += 1
        found: list[Game] = []

        def play(seed: int = seed, found: list[Game] = found) -> list[str]:
            game, problems = check_game(engine, seed, placements=placements)
            found.append(game)
            return problems

        def same_seed(seed: int = seed, found: list[Game] = found) -> list[str]:
            again = play_random_game(engine, seed)
            if found and again.log != found[0].log:
                return [f"seed {seed}: the same seed gave a different log"]
            return []

        def replays(seed: int = seed, found: list[Game] = found) -> list[str]:
            if not found:
                return [f"seed {seed}: replay: no game was played to replay"]
            game = found[0]
            try:
                replayed = digest(replay(engine, seed, game.log))
            except IllegalActionError as exc:
                return [f"seed {seed}: replaying the log failed: {exc}"]
            if replayed != digest(game):
                return [f"seed {seed}: replaying the log gave a different state"]
            return []

        for name, check in (
            ("play", play),
            ("same seed", same_seed),
            ("replay", replays),
            ("clone", lambda seed=seed: _clone_problems(engine, seed)),
        ):
            report.checks += 1
            try:
                report.problems.extend(check())
            except Exception as exc:
                report.problems.append(
                    f"seed {seed}: the {name} check raised {type(exc).__name__}: {exc}"
                )
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
