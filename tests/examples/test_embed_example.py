"""examples/embed.py: a program using kingdomino_core without the CLI."""

from __future__ import annotations

import subprocess
import sys

from example_support import EXAMPLES, load_example

from kingdomino_core.testing import recount

embed = load_example(EXAMPLES / "embed.py")


def test_the_variant_scores_properties_harmony_and_big_estates() -> None:
    for seed in range(3):
        game = embed.play(seed, ["greedy", "random", "random"])
        assert game.is_terminal()
        for sheet in game.scores():
            kingdom = game.kingdoms[sheet.kingdom]
            props = recount(kingdom, game.engine)
            estates = sum(1 for p in props if p.squares >= embed.ESTATE)
            harmony = 5 if kingdom.squares == 24 and not kingdom.discards else 0
            expected = sum(p.points for p in props) + embed.ESTATE_BONUS * estates + harmony
            assert sheet.total == expected
            assert game.score_total(sheet.kingdom) == expected


def test_same_seed_same_game() -> None:
    assert embed.play(4, ["greedy", "random"]).log == embed.play(4, ["greedy", "random"]).log


def test_runs_as_a_script_and_prints_scores_and_ranking() -> None:
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / "embed.py"), "--seed", "2", "--players", "greedy,random"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "harmony-estates, seed 2"
    game = embed.play(2, ["greedy", "random"])
    for sheet in game.scores():
        assert f"P{sheet.kingdom + 1} " in lines[1 + sheet.kingdom]
        assert f": {sheet.total} points" in lines[1 + sheet.kingdom]
    winners = " = ".join(f"P{k + 1}" for k in game.ranking().winners)
    assert lines[3] == f"  1. {winners}"
