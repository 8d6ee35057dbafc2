"""Where scores are asked again for one state (issue 22 item 4): the core's cache
of score sheets and rankings (kingdomino_core/engine/scores.py). Prints figures in
CPU time; asserts nothing.

Usage (any venv: a version without the cache computes every time)::

    python benchmarks/score_cache.py            # with the cache
    KD_NO_SCORE_CACHE=1 python benchmarks/score_cache.py   # the same code, cache off

Each row starts from a new state (``game.changed()`` where the game has it), then
asks what a front end asks: ``kd serve`` builds a table's state once per language
(three), the terminal reads each kingdom's total twice, a finished game's JSON and
winners rank it, ``greedy`` values a placement (no gain expected: it scores trial
kingdoms, from the fast totals).
"""

from __future__ import annotations

import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench  # the engines and positions of bench.py
from kd_bots.greedy import GreedyAgent

from kingdomino_core import Game
from kingdomino_core.i18n import use_language
from kingdomino_play.results import game_json
from kingdomino_play.seats import PlayerEntry
from kingdomino_web.views import public_view

if os.environ.get("KD_NO_SCORE_CACHE"):
    from kingdomino_core.engine import scores

    scores.GameScores._scored = lambda self: None  # type: ignore[method-assign,assignment]


def new_state(game: Game) -> None:
    """Forget what was computed for this state (a version without a cache has none)."""
    changed = getattr(game, "changed", None)
    if changed is not None:
        changed()


def timed(fn: Callable[[], None], repeat: int) -> float:
    fn()
    start = time.process_time()
    for _ in range(repeat):
        fn()
    return (time.process_time() - start) / repeat


def measure(label: str, plugins: tuple[str, ...]) -> None:
    """Print the rows of one ruleset (4 players)."""
    engine = bench.engine_for(plugins, 4, {})
    games = bench.positions(engine, 40)
    rng = random.Random(3)
    finished = []
    for i in range(20):
        done = engine.new_game(seed=i)
        done.play(lambda g: g.sample_action(rng.random()))
        finished.append(done)
    entries = [PlayerEntry(name=f"P{i + 1}", agent="random") for i in range(4)]
    agent = GreedyAgent(random.Random(1))
    places = [g for g in games if g.step is not None and g.step.kind == "place"][:20]

    def serve_scores() -> None:
        for g in games:
            new_state(g)
            for _language in range(3):
                g.scores()

    def serve_views() -> None:
        for g in games[:10]:
            new_state(g)
            for language in ("en", "fr", "zh-Hant"):
                with use_language(language):
                    public_view(g, entries)

    def display() -> None:
        for g in games:
            new_state(g)
            for _twice in range(2):
                [g.score_sheet(k).total for k in range(len(g.kingdoms))]

    def end() -> None:
        for g in finished:
            new_state(g)
            game_json(g, entries)
            g.winners()

    def greedy() -> None:
        for g in places:
            agent.act(g)

    print(f"  {label}:")
    rows = (
        ("kd serve: scores, 3 languages", serve_scores, 5, len(games)),
        ("kd serve: public_view, 3 languages", serve_views, 2, 10),
        ("terminal: each total twice", display, 5, len(games)),
        ("game end: game_json + winners", end, 5, len(finished)),
        ("greedy: a placement decision", greedy, 3, len(places)),
    )
    for name, fn, repeat, states in rows:
        print(f"    {name:36s} {timed(fn, repeat) / states * 1e6:9.1f} us per state")


def main() -> None:
    measure("base 4p", ("base",))
    measure("age of giants 4p", ("base", "quests", "age_of_giants"))


if __name__ == "__main__":
    main()
