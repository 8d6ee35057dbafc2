"""The gallery of house rules (examples/, issue 11 item 8): every rule is played by the
three built-in bots and passes the testing kit's ``conformance`` unchanged, and no
example touches a private name of kingdomino_core or anything the API reference does
not document.
"""

from __future__ import annotations

import ast
import importlib
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
    SECRET_OBJECTIVE,
    SIX_BY_SIX,
    SOLO_CHALLENGE,
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
    "secret_objective": SECRET_OBJECTIVE,
    "solo_challenge": SOLO_CHALLENGE,
}

#: Options some rules need with more players than their ruleset is for (the deck
#: holds 48 dominoes), by rule and player count.
OPTIONS: dict[str, dict[int, dict[str, object]]] = {
    "two_lines": {3: {"rounds": 8}, 4: {"rounds": 6}},
    "draft": {3: {"hand": 2, "rounds": 8}, 4: {"hand": 2, "rounds": 6}},
}
#: Rules played alone: each bot plays its own game.
SOLO = {"solo_challenge"}


def engine_for(rule: str, players: int = 3) -> Engine:
    options = OPTIONS.get(rule, {}).get(players)
    extra = {rule: options} if options else {}
    return make_engine(str(GALLERY[rule]), players, **extra)


@pytest.mark.parametrize("rule", sorted(GALLERY))
@pytest.mark.usefixtures("installed")
def test_random_greedy_and_mcts_play_it(rule: str) -> None:
    """One game with the three bots at one table: every move they choose is legal
    (``apply`` checks it), and the scores they play for are the rule's."""
    if rule in SOLO:
        for i, spec in enumerate(BOTS):
            alone: Game = engine_for(rule, 1).new_game(seed=11)
            agent = installed_agents().make(spec, random.Random(i))
            alone.play(agent.act)
            assert alone.is_terminal() and len(alone.log) > 20
            assert alone.score_total(0) == alone.scores()[0].total
        return
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
    counts = {"long_lines": (2, 3), "solo_challenge": (1,)}.get(rule, (2, 4))
    for players in counts:
        conformance(engine_for(rule, players), seeds=range(2)).raise_for_problems()


# -- documented API only ------------------------------------------------------------


def documented() -> set[str]:
    """Dotted names the API reference documents (its ``::: NAME`` lines)."""
    found = set()
    for page in REFERENCE.glob("*.md"):
        found.update(re.findall(r"^::: ([\w.]+)\s*$", page.read_text("utf-8"), flags=re.M))
    return found


#: The packages whose names an example may use only as the reference documents them.
API_PACKAGES = ("kingdomino_core", "kingdomino_play")


def _ours(module: str) -> bool:
    return any(module == p or module.startswith(p + ".") for p in API_PACKAGES)


def _runtime(dotted: str) -> object | None:
    """The object a dotted name of our packages names at run time (None: not found)."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for part in parts[cut:]:
            if not hasattr(found, part):
                return None
            found = getattr(found, part)
        return found
    return None


def _member_documented(owner: str, attr: str, documented: set[str]) -> bool:
    """``owner.attr`` is part of the reference: documented itself, or a public member
    of a documented class (a class's page documents its public members, and
    tests/docs/test_api_reference.py holds each of them to a docstring)."""
    if f"{owner}.{attr}" in documented:
        return True
    cls = _runtime(owner)
    if owner not in documented or not isinstance(cls, type) or attr.startswith("_"):
        return False
    return any(
        attr in vars(k)
        or attr in getattr(k, "__slots__", ())
        or attr in vars(k).get("__annotations__", {})
        for k in cls.__mro__
        if _ours(k.__module__)
    )


def private_uses(path: Path, documented: set[str]) -> list[str]:
    """Where ``path`` reaches past the documented API of kingdomino_core and
    kingdomino_play: an underscore attribute of anything but its own ``self``/``cls``;
    a name imported from them, or a module of theirs imported, that the reference
    does not document; an attribute of such an imported name (``Game.apply``,
    ``kingdomino_core.testing.conformance``) that is not documented either."""
    tree = ast.parse(path.read_text("utf-8"), str(path))
    found = []
    bound: dict[str, str] = {}  # local name -> the dotted name it was imported as
    for node in ast.walk(tree):
        where = f"{path.name}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.ImportFrom) and _ours(node.module or ""):
            for alias in node.names:
                name = f"{node.module}.{alias.name}"
                bound[alias.asname or alias.name] = name
                if alias.name.startswith("_") or name not in documented:
                    found.append(f"{where}: {name} is not documented API")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if not _ours(alias.name):
                    continue
                # "import a.b" binds a; "import a.b as x" binds x to a.b
                local = alias.asname or alias.name.split(".")[0]
                bound[local] = alias.name if alias.asname else local
                documents = any(d.startswith(alias.name + ".") for d in documented)
                if alias.name not in API_PACKAGES and not documents:
                    found.append(f"{where}: import {alias.name}")
    for node in ast.walk(tree):
        where = f"{path.name}:{getattr(node, 'lineno', 0)}"
        if not isinstance(node, ast.Attribute):
            continue
        if node.attr.startswith("_"):
            if node.attr.startswith("__") and node.attr.endswith("__"):
                continue
            if isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
                continue
            found.append(f"{where}: .{node.attr}")
            continue
        chain = []
        value: ast.expr = node
        while isinstance(value, ast.Attribute):
            chain.append(value.attr)
            value = value.value
        if (
            not isinstance(value, ast.Name)
            or value.id not in bound
            or node is not _outer(tree, node)
        ):
            continue
        owner = bound[value.id]
        for attr in reversed(chain):
            if isinstance(_runtime(owner), type) or f"{owner}.{attr}" in documented:
                if not _member_documented(owner, attr, documented):
                    found.append(f"{where}: {owner}.{attr} is not documented API")
                break
            owner = f"{owner}.{attr}"
            if owner not in documented and not any(d.startswith(owner + ".") for d in documented):
                found.append(f"{where}: {owner} is not documented API")
                break
    return found


def _outer(tree: ast.AST, node: ast.Attribute) -> ast.Attribute:
    """``node`` itself when it is the outermost attribute of its chain (each chain is
    checked once, from its root name)."""
    return _OUTERMOST.setdefault(id(tree), _outermost(tree)).get(id(node), node)


_OUTERMOST: dict[int, dict[int, ast.Attribute]] = {}


def _outermost(tree: ast.AST) -> dict[int, ast.Attribute]:
    """Inner attribute nodes of a chain -> the chain's outermost node."""
    inner: dict[int, ast.Attribute] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and id(node) not in inner:
            value = node.value
            while isinstance(value, ast.Attribute):
                inner[id(value)] = node
                value = value.value
    return inner


def test_examples_use_only_documented_api() -> None:
    """The done-criterion of issue 23: no example, its tests included, uses a name of
    kingdomino_core or kingdomino_play outside the API reference."""
    docs = documented()
    files = sorted(EXAMPLES.rglob("*.py"))
    assert len(files) >= 20 and any("test" in p.name for p in files)
    problems = [problem for path in files for problem in private_uses(path, docs)]
    assert problems == []


def test_the_private_check_catches_private_access(tmp_path: Path) -> None:
    bad = tmp_path / "probe.py"
    bad.write_text(
        "import kingdomino_core\n"
        "import kingdomino_core.engine.steps as steps\n"
        "from kingdomino_core import Game\n"
        "from kingdomino_core.engine.steps import placement_violations\n"
        "from kingdomino_core.engine.game import _AUTO\n"
        "from kingdomino_play.table import Move\n"
        "def f(game: Game, self=None):\n"
        "    self._mine = 1\n"
        "    game.apply(None)\n"
        "    Game.secret_helper(game)\n"
        "    kingdomino_core.testing.conformance('base')\n"
        "    kingdomino_core.engine.rounds.start_game(game)\n"
        "    return game._placement_cache, game.__class__\n",
        "utf-8",
    )
    found = private_uses(bad, documented())
    assert sorted(p.split(": ", 1)[1] for p in found) == sorted(
        [
            "import kingdomino_core.engine.steps",
            "kingdomino_core.engine.steps.placement_violations is not documented API",
            "kingdomino_core.engine.game._AUTO is not documented API",
            "kingdomino_play.table.Move is not documented API",
            "._placement_cache",
            "kingdomino_core.Game.secret_helper is not documented API",
            "kingdomino_core.engine.rounds is not documented API",
        ]
    )


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
