"""Fuzz: plugin hook results and faults, and illegal API actions (issue 12).

A generated plugin returns an odd value from one hook (or does an odd thing in it)
from some move on; ``kd play --save`` must end with 0, 3 (a build hook) or 6 naming
the plugin, and the save must hold every move played and replay.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from fuzz_support import EXAMPLES, FUZZ, TALLY, forget_plugin_modules, fresh_dir, run_kd
from hypothesis import given, settings
from hypothesis import strategies as st

from kingdomino_core import Claim, DominoId, Engine, IllegalActionError, Place, Ruleset
from kingdomino_core.inputs.trust import Trust
from kingdomino_core.model.geometry import Direction
from kingdomino_core.saves.savegame import read_save, replay

ANY = ["None", "0", "-1", "'x'", "[]", "[None]", "[1]", "{}", "[[]]", "object()", "10**100",
       "[{}]", "True", "(1, 2)", "float('nan')"]  # fmt: skip

#: hook -> (signature, values it may return: Python expressions over its arguments)
HOOKS: dict[str, tuple[str, list[str]]] = {
    "kd_draw_pool": (
        "game, line_number",
        [
            *ANY,
            "list(game.pile)",
            "list(game.pile)[:1]",
            "list(game.pile)[::-1]",
            "list(game.pile) + [DominoId(number=999)]",
            "list(game.pile)[:2] * 2",
            "[DominoId(number=-1)]",
            "[str(d) for d in game.pile]",
        ],
    ),
    "kd_order_line": (
        "game, dominoes",
        [
            *ANY,
            "dominoes[::-1]",
            "dominoes[:1]",
            "dominoes + dominoes",
            "sorted(dominoes)",
            "[DominoId(number=999)] + dominoes[1:]",
        ],
    ),
    "kd_end_of_turn": (
        "game, seat, king, final",
        [
            *ANY,
            "[Step(kind='nope', seat=seat)]",
            "[Step(kind='claim', seat=seat, king=king)]",
            "[Step(kind='place', seat=seat)]",
            "[Step(kind='reveal')]",
            "[5]",
            "Step(kind='claim')",
        ],
    ),
    "kd_score_kingdom": (
        "game, kingdom",
        [
            *ANY,
            "[ScoreLine(kind='bonus', name='x', points=7)]",
            "[ScoreLine(kind='bonus', name='x', points=10**100)]",
            "[ScoreLine(kind='bonus', name='x', points='7')]",
            "[ScoreLine(kind='property', name='x', points=1, squares=None)]",
        ],
    ),
    "kd_rank": (
        "game, sheets",
        [
            *ANY,
            "Ranking(places=())",
            "Ranking(places=((0,),))",
            "Ranking(places=((1,), (0,)))",
            "Ranking(places=((0, 1),))",
            "Ranking(places=((0,), (0,)))",
            "Ranking(places=((0,), (1,), (2,)))",
            "Ranking(places=(('a',), (1,)))",
            "Ranking(places=((), (0, 1)))",
        ],
    ),
    "kd_describe_game": ("game", [*ANY, "['ok']", "['a', 1]"]),
    "kd_validate": ("config, registry", [*ANY, "['bad']", "'bad'", "[1]"]),
}

#: Statements run inside a hook that returns nothing.
ACTS = ["raise SystemExit(3)", "raise SystemExit", "raise KeyError('k')", "game.kingdoms.clear()",
        "game.pile.clear()", "game.log.clear()", "game.log.append(None)", "del game.pile[0]",
        "game.kingdoms.append(game.kingdoms[0])", "game.pending.clear()",
        "game.line.clear()", "import sys; sys.exit(0)", "game.ext.clear()",
        "from kingdomino_core import IllegalActionError; raise IllegalActionError('x', 'y')",
        "from kingdomino_core import ConfigError; raise ConfigError('c')"]  # fmt: skip
STATEMENT_HOOKS = {
    "kd_after_place": "game, seat, action",
    "kd_line_laid_out": "game, line_number, dominoes",
    "kd_setup_game": "game",
}

PRELUDE = (
    "from kingdomino_core import DominoId, Ranking, ScoreLine, Step, hookimpl\n"
    "NAME = 'fuzzed'\nHOOK_API = 1\n"
)


@st.composite
def plugins(draw: Any) -> tuple[str, str]:
    """(hook, plugin source)."""
    after = draw(st.sampled_from([0, 5, 20, 60]))
    if draw(st.integers(0, 3)) == 0:
        hook = draw(st.sampled_from(sorted(STATEMENT_HOOKS)))
        act = draw(st.sampled_from(ACTS))
        guard = "len(game.log) >= AFTER"
        body = f"    if {guard}:\n        {act}\n"
        source = f"@hookimpl\ndef {hook}({STATEMENT_HOOKS[hook]}):\n{body}"
    else:
        hook = draw(st.sampled_from(sorted(HOOKS)))
        args, values = HOOKS[hook]
        value = draw(st.sampled_from(values))
        guard = "True" if hook == "kd_validate" else "len(game.log) >= AFTER"
        source = (
            f"@hookimpl\ndef {hook}({args}):\n"
            f"    if {guard}:\n        return {value}\n    return None\n"
        )
    return hook, PRELUDE + source.replace("AFTER", str(after))


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz-plugins")


@settings(FUZZ, max_examples=max(5, EXAMPLES // 2))  # a whole game each: the slowest
@given(
    plugin=plugins(),
    parent=st.sampled_from(["base", "court", "xl", "origins-discovery", "dynasty"]),
    seed=st.integers(0, 3),
)
def test_fuzz_plugin_hook_results(
    root: Path, plugin: tuple[str, str], parent: str, seed: int
) -> None:
    hook, source = plugin
    folder = fresh_dir(root)
    (folder / "fuzzed.py").write_text(source)
    toml = folder / "f.toml"
    toml.write_text(f'[ruleset]\nextends = "{parent}"\nplugins = ["fuzzed"]\n'
                    'plugin_files = ["fuzzed.py"]\n')  # fmt: skip
    players = "random,random,random" if parent in ("xl", "origins-discovery") else "random,random"
    save = folder / "game.json"
    args = ["play", "-r", str(toml), "-p", players, "--seed", str(seed), "--save", str(save)]
    result = run_kd(f"plugins: {hook}", *args, "--json", allowed=(0, 3, 6))
    forget_plugin_modules()
    if result.code == 6:
        assert "plugin 'fuzzed'" in result.err
    if result.code in (0, 6) and save.exists():
        saved = read_save(save)
        assert (saved.result is not None) == (result.code == 0)
        game = replay(saved, str(save), trust=Trust(everything=True))
        assert len(game.log) == len(saved.log)  # every stored move replays
        forget_plugin_modules()
    if result.code == 0:
        assert json.loads(result.out)["winners"]


# -- illegal actions through the API ----------------------------------------------------------


def _state(game: Any) -> tuple[Any, ...]:
    return (
        tuple(game.log), tuple(game.pending), tuple(game.pile), tuple(game.line),
        tuple(game.next_line), tuple(game.line_kings), tuple(game.next_kings),
        tuple((k.terrain_at[:], k.crowns_at[:]) for k in game.kingdoms),
        game.rng.getstate(), repr(game.ext),
    )  # fmt: skip


ENGINES = {name: Engine(Ruleset(name=name, plugins=plugins), players) for name, plugins, players
           in (("base", ("base",), 2), ("xl", ("base", "xl"), 3),
               ("court", ("base", "court"), 2))}  # fmt: skip

DOMINOES = st.builds(DominoId, number=st.integers(-2, 60))
ODD = st.one_of(
    st.builds(Place, seat=st.integers(-2, 5), domino=DOMINOES, x=st.integers(-9, 9),
              y=st.integers(-9, 9), direction=st.sampled_from(list(Direction))),
    st.builds(Claim, seat=st.integers(-2, 5), king=st.integers(-2, 8), domino=DOMINOES),
    st.sampled_from([None, "place", 0, object()]),
)  # fmt: skip


@FUZZ
@given(name=st.sampled_from(sorted(ENGINES)), seed=st.integers(0, 2**32),
       tries=st.lists(st.tuples(st.integers(0, 200), ODD), min_size=1, max_size=20))  # fmt: skip
def test_fuzz_illegal_actions_change_nothing(name: str, seed: int, tries: list[Any]) -> None:
    """An action refused by ``apply`` leaves the game exactly as it was; an accepted one
    is logged as an action ``legal_actions`` listed (a symmetric domino's other
    orientation included)."""
    game = ENGINES[name].new_game(seed=seed)
    rng = random.Random(seed)
    moves = 0
    for at, action in sorted(tries, key=lambda t: t[0]):
        while moves < at and not game.is_terminal():
            if game.is_chance():
                game.resolve_chance()
            else:
                game.apply(rng.choice(game.legal_actions()))
            moves += 1
        if game.is_terminal():
            break
        before = _state(game)
        listed = [] if game.is_chance() else game.legal_actions()
        try:
            game.apply(action)
        except IllegalActionError:
            TALLY[("api actions", 4)] += 1  # refused: counted like an input error
            assert _state(game) == before
        else:
            TALLY[("api actions", 0)] += 1
            assert game.log[-1] in listed  # what is logged is what legal_actions listed
        moves = len(game.log)
