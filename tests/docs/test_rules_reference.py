"""The rules reference (docs/rules/) covers every rule id the project uses, and every
option it names for a rule id is a real option of that plugin.
"""

from __future__ import annotations

import importlib
import re

import attrs
import pytest

from .snippets import DOCS
from .test_self_contained import FILES

INDEX = DOCS / "rules" / "index.md"
RULE_ID = re.compile(r"\bI-[A-Z]\d+\b")
#: A row of the index table: | I-xx | default | options | page |
ROW = re.compile(r"^\| (I-[A-Z]\d+) \| ([^|]+) \| ([^|]+) \| ([^|]+) \|$", re.M)


def index_rows() -> dict[str, tuple[str, str, str]]:
    return {m[1]: (m[2], m[3], m[4]) for m in ROW.finditer(INDEX.read_text("utf-8"))}


def options_named(cell: str) -> list[tuple[str, str]]:
    """(plugin, option) pairs of a cell: `[options.P] a`, `b` (b is P's too)."""
    found, plugin = [], None
    for token in re.findall(r"`([^`]+)`", cell):
        head = re.match(r"\[options\.(\w+)\] (\w+)", token)
        if head:
            plugin = head[1]
            found.append((plugin, head[2]))
        elif plugin is not None and re.fullmatch(r"\w+", token):
            found.append((plugin, token))
    return found


def test_the_index_has_a_row_per_rule_id() -> None:
    rows = index_rows()
    assert len(rows) >= 30
    for family in ("I-B1", "I-X1", "I-C1", "I-O1", "I-G1"):
        assert family in rows


def test_every_rule_id_used_in_the_project_is_in_the_index() -> None:
    index = INDEX.read_text("utf-8")
    used = {i for _, text in FILES for i in RULE_ID.findall(text)}
    missing = sorted(i for i in used if i not in index)
    assert not missing, f"rule ids used but not in docs/rules/index.md: {missing}"


@pytest.mark.parametrize("rule_id", sorted(index_rows()))
def test_each_rule_id_links_to_its_page_and_names_real_options(rule_id: str) -> None:
    default, cell, page = index_rows()[rule_id]
    assert default.strip()
    link = re.search(r"\]\(([\w-]+\.md)(#[\w-]+)?\)", page)
    assert link and (DOCS / "rules" / link[1]).is_file(), page
    assert rule_id in (DOCS / "rules" / link[1]).read_text("utf-8"), (
        f"{rule_id} is not stated on {link[1]}"
    )
    for plugin, option in options_named(cell):
        options_class = importlib.import_module(f"kd_{plugin}").Options
        assert option in attrs.fields_dict(options_class), (
            f"{rule_id}: [options.{plugin}] has no option {option!r}"
        )


def test_the_cell_parser_reads_every_form() -> None:
    cell = "`[options.origins] neolithic_kingdom_size`, `neolithic_opening` (Harmony part)"
    assert options_named(cell) == [
        ("origins", "neolithic_kingdom_size"),
        ("origins", "neolithic_opening"),
    ]
    assert options_named("data, not an option") == []
