"""The gallery of house rules (examples/, issue 11 item 8): every rule is played by the
three built-in bots and passes the testing kit's ``conformance`` unchanged, and no
example touches a private name of kingdomino_core or anything the API reference does
not document.
"""

from __future__ import annotations

import ast
import random
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from example_support import (
    CASTLE_LATER,
    DRAFT,
    EXAMPLES,
    FIRST_BLOCK,
    FOUR_BY_SIX,
    JOKER,
    LAKES,
    LAKES_PACKAGE,
    LAST_SWAP,
    LONG_LINES,
    LOOKAHEAD,
    REDRAW,
    REVERSE_ORDER,
    SIX_BY_SIX,
    TWO_LINES,
    fake_install,
)

from kingdomino_core import Engine, Game
from kingdomino_core.engine.agents import installed_agents
from kingdomino_core.hooks.plugins import default_catalogue
from kingdomino_core.testing import conformance, make_engine

ROOT = EXAMPLES.parent
REFERENCE = ROOT / "docs" / "reference"
BOTS = ("random", "greedy", "mcts:playouts=20")


@pytest.fixture
def installed(rule: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The installable example (lakes-double) "installed" for this test, as
    test_lakes_double_example does; the single-file examples need nothing."""
    if rule != "lakes_double":
        yield
        return
    fake_install(LAKES_PACKAGE, tmp_path)
    monkeypatch.syspath_prepend(str(LAKES_PACKAGE / "src"))
    monkeypatch.syspath_prepend(str(tmp_path))
    default_catalogue.cache_clear()
    yield
    default_catalogue.cache_clear()
    for name in [m for m in sys.modules if m.split(".")[0] == "kd_lakes_double"]:
        del sys.modules[name]


#: rule -> its ruleset file
GALLERY: dict[str, Path] = {
    "joker": JOKER,
    "long_lines": LONG_LINES,
    "lakes_double": LAKES,
    "first_block": FIRST_BLOCK,
    "six_by_six": SIX_BY_SIX,
    "reverse_order": REVERSE_ORDER,
    "lookahead": LOOKAHEAD,
    "redraw": REDRAW,
    "four_by_six": FOUR_BY_SIX,
    "castle_later": CASTLE_LATER,
    "two_lines": TWO_LINES,
    "draft": DRAFT,
    "last_swap": LAST_SWAP,
}

#: Options some rules need with more players than their ruleset is for (the deck
#: holds 48 dominoes), by rule and player count.
OPTIONS: dict[str, dict[int, dict[str, object]]] = {
    "two_lines": {3: {"rounds": 8}, 4: {"rounds": 6}},
    "draft": {3: {"hand": 2, "rounds": 8}, 4: {"hand": 2, "rounds": 6}},
}


def engine_for(rule: str, players: int = 3) -> Engine:
    options = OPTIONS.get(rule, {}).get(players)
    extra = {rule: options} if options else {}
    return make_engine(str(GALLERY[rule]), players, **extra)


@pytest.mark.parametrize("rule", sorted(GALLERY))
@pytest.mark.usefixtures("installed")
def test_random_greedy_and_mcts_play_it(rule: str) -> None:
    """One game with the three bots at one table: every move they choose is legal
    (``apply`` checks it), and the scores they play for are the rule's."""
    engine = engine_for(rule)
    agents = [installed_agents().make(spec, random.Random(i)) for i, spec in enumerate(BOTS)]
    game: Game = engine.new_game(seed=11)
    moves = {spec: 0 for spec in BOTS}

    def choose(g: Game):  # type: ignore[no-untyped-def]
        seat = g.current_seat
        assert seat is not None
        moves[BOTS[seat]] += 1
        return agents[seat].act(g)

    game.play(choose)
    assert game.is_terminal()
    assert all(n > 10 for n in moves.values()), moves
    for sheet in game.scores():
        assert game.score_total(sheet.kingdom) == sheet.total


@pytest.mark.parametrize("rule", sorted(GALLERY))
@pytest.mark.usefixtures("installed")
def test_conformance(rule: str) -> None:
    for players in (2, 4) if rule != "long_lines" else (2, 3):
        conformance(engine_for(rule, players), seeds=range(2)).raise_for_problems()


# -- documented API only ------------------------------------------------------------


def documented() -> set[str]:
    """Dotted names the API reference documents (its ``::: NAME`` lines)."""
    found = set()
    for page in REFERENCE.glob("*.md"):
        found.update(re.findall(r"^::: ([\w.]+)\s*$", page.read_text("utf-8"), flags=re.M))
    return found


def private_uses(path: Path, documented: set[str]) -> list[str]:
    """Where ``path`` reaches past kingdomino_core's documented API: an underscore
    attribute of anything but its own ``self``/``cls``, an underscore name imported,
    or a name imported from kingdomino_core that the reference does not document."""
    tree = ast.parse(path.read_text("utf-8"), str(path))
    found = []
    for node in ast.walk(tree):
        where = f"{path.name}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.Attribute) and node.attr.startswith("_"):
            if node.attr.startswith("__") and node.attr.endswith("__"):
                continue
            if isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
                continue
            found.append(f"{where}: .{node.attr}")
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("kingdomino_core"):
            for alias in node.names:
                name = f"{node.module}.{alias.name}"
                if alias.name.startswith("_") or name not in documented:
                    found.append(f"{where}: {name} is not documented API")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("kingdomino_core.") and alias.name not in (
                    "kingdomino_core.testing",
                ):
                    found.append(f"{where}: import {alias.name}")
    return found


def test_examples_use_only_documented_api() -> None:
    docs = documented()
    files = sorted(p for p in EXAMPLES.rglob("*.py") if "test" not in p.name)
    assert len(files) >= 6
    problems = [problem for path in files for problem in private_uses(path, docs)]
    assert problems == []


def test_the_private_check_catches_private_access(tmp_path: Path) -> None:
    bad = tmp_path / "probe.py"
    bad.write_text(
        "from kingdomino_core import Game\n"
        "from kingdomino_core.engine.steps import placement_violations\n"
        "from kingdomino_core.engine.game import _AUTO\n"
        "def f(game: Game, self=None):\n"
        "    self._mine = 1\n"
        "    return game._placement_cache, game.__class__\n",
        "utf-8",
    )
    found = private_uses(bad, documented())
    assert [p.split(": ", 1)[1] for p in found] == [
        "kingdomino_core.engine.steps.placement_violations is not documented API",
        "kingdomino_core.engine.game._AUTO is not documented API",
        "._placement_cache",
    ]


def test_every_example_plugin_is_in_the_gallery() -> None:
    names = set()
    for path in EXAMPLES.rglob("*.py"):
        names.update(re.findall(r'^NAME = "(\w+)"', path.read_text("utf-8"), flags=re.M))
    assert names == set(GALLERY)


@pytest.mark.parametrize("rule", sorted(GALLERY))
def test_every_rule_has_a_docs_page(rule: str) -> None:
    page = f"{rule.replace('_', '-')}.md"
    docs = ROOT / "docs"
    assert (docs / "gallery" / page).is_file()
    assert f"]({page})" in (docs / "gallery" / "index.md").read_text("utf-8")
    assert f"gallery/{page}" in (ROOT / "mkdocs.yml").read_text("utf-8")
    assert GALLERY[rule].parent.name.replace("-package", "") in (docs / "house-rules.md").read_text(
        "utf-8"
    )
