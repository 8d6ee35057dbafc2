"""docs/rl.md: its quick-start snippets run, and its figures match the code."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")

from kingdomino_core.engine.encoding import DEFAULT_SLOTS, ActionSpace
from kingdomino_core.testing.build import make_engine

PAGE = Path(__file__).resolve().parents[2] / "docs" / "rl.md"
TEXT = PAGE.read_text("utf-8")
BLOCKS = re.findall(r"```python\n(.*?)```", TEXT, re.S)
# Snippets for libraries that are not dependencies are documentation only.
RUNNABLE = [b for b in BLOCKS if "sb3_contrib" not in b and "ray." not in b and "BuyTile" not in b]
try:  # the batched environment's snippet needs the fast extra (numba)
    import numba  # noqa: F401
except ImportError:
    RUNNABLE = [b for b in RUNNABLE if "BatchedEnv" not in b]


@pytest.mark.parametrize("code", RUNNABLE, ids=[f"block{i}" for i in range(len(RUNNABLE))])
def test_snippet_runs(code: str) -> None:
    exec(compile(code, str(PAGE), "exec"), {})


def test_the_quick_starts_are_among_the_runnable_snippets() -> None:
    assert len(RUNNABLE) >= 2


@pytest.mark.parametrize("library", ["sb3_contrib", "ray.rllib"])
def test_the_training_library_snippets_compile(library: str) -> None:
    """They were run once by hand (docs/rl.md names the versions); here they must at
    least be valid Python, with the imports the page describes."""
    found = [b for b in BLOCKS if library in b]
    assert len(found) == 1
    compile(found[0], str(PAGE), "exec")
    assert "from kingdomino_rl import" in found[0]


@pytest.mark.parametrize(
    ("ruleset", "players", "size"),
    [
        ("base", 2, 330),
        ("xl", 4, 682),
        ("grand-duel", 2, 682),
        ("court", 2, 3732),
        ("origins-tribe", 4, 8689),
        ("origins-tribe", 2, 32969),
    ],
)
def test_documented_action_space_sizes(ruleset: str, players: int, size: int) -> None:
    assert f"{size:,}" in TEXT or str(size) in TEXT
    assert ActionSpace(make_engine(ruleset, players)).size == size


def test_documented_default_slots() -> None:
    assert f"`DEFAULT_SLOTS` ({DEFAULT_SLOTS})" in TEXT
