"""The conformance check any plugin can run over random games."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from ..actions import Reveal
from ..components import DominoId
from ..engine import Engine
from ..errors import IllegalActionError
from ..game import Game
from ..kingdom import Kingdom
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
