"""Every code snippet of the docs runs: Python blocks are executed, plugins are played.

- A block preceded by ``<!-- file: PATH -->`` must equal ``docs/PATH`` (the tutorial's
  files, which ``test_tutorial.py`` runs).
- A Python block of the plugin guide that defines ``NAME`` is a plugin: it is loaded
  as a local plugin file and must pass the testing kit's conformance check next to
  ``base``. Other Python blocks must run without error.
- The Python blocks of ``api.md`` form one program, run top to bottom.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kingdomino_core import Engine, Ruleset
from kingdomino_core.testing import conformance

from .snippets import DOCS, Block, blocks

PAGES = sorted(str(p.relative_to(DOCS)) for p in DOCS.rglob("*.md"))
MARKED = [b for page in PAGES for b in blocks(page) if b.file is not None]
GUIDE = [b for b in blocks("plugin-guide.md", "python") if b.file is None]
PLUGINS = [b for b in GUIDE if re.search(r"^NAME = ", b.code, re.M)]
OTHERS = [b for b in GUIDE if b not in PLUGINS]


def test_the_guide_has_plugin_snippets() -> None:
    assert len(PLUGINS) >= 3 and MARKED, "the snippet parser found nothing to test"


@pytest.mark.parametrize("block", MARKED, ids=str)
def test_file_blocks_show_the_real_file(block: Block) -> None:
    assert block.file is not None
    real = (DOCS / block.file).read_text(encoding="utf-8")
    assert block.code == real, f"{block} differs from docs/{block.file}: copy the file in"


@pytest.mark.parametrize("block", PLUGINS, ids=str)
def test_plugin_snippets_play_whole_games(block: Block, tmp_path: Path) -> None:
    name = re.search(r'^NAME = "(\w+)"', block.code, re.M)
    assert name, f"{block}: NAME must be a string literal"
    path = tmp_path / f"{name[1]}.py"
    path.write_text(block.code, encoding="utf-8")
    ruleset = Ruleset(name=name[1], plugins=["base", name[1]], plugin_files=[path])
    for players, seeds in ((2, range(2)), (4, range(1))):
        engine = Engine(ruleset, players)
        conformance(engine, seeds=seeds).raise_for_problems()


@pytest.mark.parametrize("block", OTHERS, ids=str)
def test_other_guide_snippets_run(block: Block) -> None:
    exec(compile(block.code, str(block), "exec"), {"__name__": "snippet"})


def test_api_page_runs_top_to_bottom(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # the page writes a save file
    namespace: dict[str, object] = {"__name__": "api_page"}
    code = blocks("api.md", "python")
    assert len(code) >= 5
    for block in code:
        exec(compile(block.code, str(block), "exec"), namespace)
