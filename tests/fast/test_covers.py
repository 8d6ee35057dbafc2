"""``covers(engine, agents)`` answers exactly: what it accepts plays the same games in
the kernel (checked here for option values the shipped rulesets do not use), and any
plugin, rule or agent outside its coverage is refused (docs/fast.md)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

pytest.importorskip("numba")

from test_differential import compare

from kingdomino_cli.runner import game_seed
from kingdomino_core import Engine
from kingdomino_core.inputs.trust import Trust
from kingdomino_core.rulesets.files import load_ruleset, load_ruleset_text
from kingdomino_fast.tables import agents_problem, covers, engine_problem

COVERED = [
    ("base", 2), ("base", 3), ("base", 4), ("middle-kingdom", 4), ("harmony", 3),
    ("classic-bonuses", 2), ("dynasty", 4), ("base-3p-variant", 3), ("grand-duel", 2),
    ("xl", 3), ("xl", 4),
]  # fmt: skip
NOT_COVERED = [
    ("court", 4), ("origins-discovery", 4), ("quests", 4), ("teamdomino", 6),
    ("age-of-giants", 4),
]  # fmt: skip


@pytest.mark.parametrize(("name", "players"), COVERED)
def test_the_covered_rulesets(name: str, players: int) -> None:
    engine = Engine(load_ruleset(name), players)
    assert engine_problem(engine) is None
    assert covers(engine, ["random", "greedy"])


@pytest.mark.parametrize(("name", "players"), NOT_COVERED)
def test_other_rulesets_run_in_python(name: str, players: int) -> None:
    engine = Engine(load_ruleset(name), players)
    assert "not covered" in (engine_problem(engine) or "")
    assert not covers(engine, ["random"])


@pytest.mark.parametrize("spec", ["mcts", "mcts:playouts=5", "greedy:x=1", "human", "Random"])
def test_other_agents_run_in_python(spec: str) -> None:
    assert agents_problem(["random", spec]) == f"agent {spec!r} is not covered"
    assert not covers(Engine(load_ruleset("base"), 2), ["random", spec])


def plugin_ruleset(tmp_path: Path, body: str) -> Engine:
    """The base game with a local plugin file (a house rule)."""
    (tmp_path / "house.py").write_text(
        "from kingdomino_core import hookimpl\nNAME = 'house'\nHOOK_API = 1\n"
        + textwrap.dedent(body)
    )
    (tmp_path / "house.toml").write_text(
        '[ruleset]\nextends = "base"\nplugin_files = ["house.py"]\nplugins = ["house"]\n'
    )
    trust = Trust(files=[tmp_path / "house.py"])
    return Engine(load_ruleset(str(tmp_path / "house.toml"), trust=trust), 4)


@pytest.mark.parametrize(
    "body",
    [
        "",  # a plugin that does nothing is still not one the kernel knows
        """
        @hookimpl
        def kd_register_rules(rules):
            rules.remove("base.connects")
        """,
        """
        @hookimpl
        def kd_after_place(game, seat, action):
            pass
        """,
    ],
)
def test_a_house_rule_runs_in_python(tmp_path: Path, body: str) -> None:
    assert not covers(plugin_ruleset(tmp_path, body), ["random"])


OPTIONS = [
    (4, 'tiebreaks = ["crowns"]'),
    (3, "tiebreaks = []\nmiddle_kingdom = true\nmiddle_kingdom_frame = 3"),
    (2, "harmony = true\nharmony_requires_no_discard = false\nharmony_points = 7"),
    (3, 'dynasty = true\ndynasty_games = 2\ndynasty_tiebreaks = ["crowns", "largest_property"]'),
    (4, "middle_kingdom = true\nmiddle_kingdom_points = -3\nharmony = true"),
]


@pytest.mark.parametrize(("players", "options"), OPTIONS)
def test_option_values_are_played_exactly(players: int, options: str) -> None:
    text = f'[ruleset]\nname = "t"\nextends = "base"\n\n[options.base]\n{options}\n'
    ruleset = load_ruleset_text(text)
    assert covers(Engine(ruleset, players), ["random", "greedy"])
    seeds = [game_seed(99, i) for i in range(150)]
    compare(ruleset, players, ("greedy", "random"), seeds)


EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.mark.parametrize(
    "example", ["four-by-six/four-by-six.toml", "castle-later/castle-later.toml"]
)
def test_other_kingdom_geometries_run_in_python(example: str) -> None:
    """The kernel assumes square kingdoms around a castle there from the start: a 4x6
    kingdom or a castle placed later is played by the Python engine (issue 23)."""
    ruleset = load_ruleset(str(EXAMPLES / example), trust=Trust(everything=True))
    assert not covers(Engine(ruleset, 2), ["random", "greedy"])


def test_the_geometry_itself_is_checked() -> None:
    """Even with only built-in plugins: a board other than the square, or kingdoms
    without their castle, are not the kernel's."""
    import attrs

    from kingdomino_core.model.geometry import board

    engine = Engine(load_ruleset("base"), 2)
    engine.board = board(6, 4, 6)
    assert "square around a castle" in (engine_problem(engine) or "")
    engine = Engine(load_ruleset("base"), 2)
    engine.config = attrs.evolve(engine.config, castle_at_start=False)
    assert "square around a castle" in (engine_problem(engine) or "")


def test_kingdoms_beyond_the_kernels_integers_run_in_python() -> None:
    """A board row's cells are the bits of a 16-bit integer in the kernel: kingdoms
    up to 8 x 8 are its, larger ones are played by the Python engine."""
    import attrs

    engine = Engine(load_ruleset("base"), 2)
    engine.config = attrs.evolve(engine.config, kingdom_size=8)
    assert "larger than" not in (engine_problem(engine) or "")
    engine.config = attrs.evolve(engine.config, kingdom_size=9)
    assert engine_problem(engine) == "kingdoms larger than 8 x 8"
