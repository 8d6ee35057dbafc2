"""The 48 Origins dominoes: the shipped reconstruction and list files (docs/rules/origins.md)."""

from __future__ import annotations

import csv
from collections import Counter
from importlib import resources
from pathlib import Path

import pytest
from origins_checks import origins

from kingdomino_core import RulesetError

#: docs/rules/origins.md, restated: (terrain, printed fire, craters) -> squares.
OFFICIAL = {
    ("desert", 0, 0): 20,
    ("desert", 1, 0): 2,
    ("grassland", 0, 0): 16,
    ("grassland", 1, 0): 3,
    ("lake", 0, 0): 13,
    ("lake", 1, 0): 4,
    ("quarry", 0, 0): 9,
    ("quarry", 1, 0): 2,
    ("quarry", 2, 0): 2,
    ("jungle", 0, 0): 11,
    ("jungle", 1, 0): 3,
    ("jungle", 2, 0): 1,
    ("volcano", 0, 1): 5,
    ("volcano", 0, 2): 4,
    ("volcano", 0, 3): 1,
}
#: Fire a volcano's token brings (docs/rules/origins.md, volcanoes and fire).
TOKEN_FIRE = {0: 0, 1: 1, 2: 2, 3: 3}


def shipped_text() -> str:
    return resources.files("kd_origins").joinpath("data/origins_dominoes.csv").read_text("utf-8")


def rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(line for line in text.splitlines() if not line.startswith("#")))


def test_the_shipped_list_reproduces_the_official_distribution_exactly() -> None:
    found: Counter[tuple[str, int, int]] = Counter()
    numbers = []
    for row in rows(shipped_text()):
        numbers.append(int(row["number"]))
        for side in ("left", "right"):
            found[
                (row[f"{side}_terrain"], int(row[f"{side}_fire"]), int(row[f"{side}_craters"]))
            ] += 1
    assert sorted(numbers) == list(range(1, 49))
    assert dict(found) == OFFICIAL
    assert sum(f * n for (_t, f, _c), n in found.items()) == 20  # printed fire icons


def test_the_shipped_list_says_it_is_a_reconstruction() -> None:
    assert "RECONSTRUCTION" in shipped_text().splitlines()[0]


def test_numbers_go_from_weakest_to_strongest() -> None:
    """A domino's fire (printed + its volcano's token) never falls as the number rises,
    and a domino with nothing beats no other domino with fire."""
    values = []
    for row in sorted(rows(shipped_text()), key=lambda r: int(r["number"])):
        fire = sum(
            int(row[f"{s}_fire"]) + TOKEN_FIRE[int(row[f"{s}_craters"])] for s in ("left", "right")
        )
        values.append(fire)
    assert values == sorted(values)
    assert values[0] == 0 and values[-1] == 3


def test_the_engine_plays_the_shipped_list() -> None:
    engine = origins(4)
    assert len(engine.deck) == 48
    volcano = engine.deck[next(d for d in engine.deck if d.number == 48)]
    assert volcano.domino.squares[0].mark("craters") == 3


def packaged_rows(name: str) -> list[dict[str, str]]:
    text = resources.files("kd_origins").joinpath("data", name).read_text("utf-8")
    return list(csv.DictReader(line for line in text.splitlines() if not line.startswith("#")))


def test_packaged_square_distribution_is_the_published_one() -> None:
    """docs/rules/origins.md, components: the 96 squares by terrain, fire and craters."""
    found = {
        (r["terrain_en"], int(r["fire_icons"]), int(r["volcano_craters"])): int(r["square_count"])
        for r in packaged_rows("origins_square_distribution.csv")
    }
    assert found == OFFICIAL
    assert sum(found.values()) == 96


def test_packaged_fire_tokens_are_the_published_ones() -> None:
    """docs/rules/origins.md, volcanoes and fire: craters -> (fire, tokens, reach)."""
    found = {
        int(r["craters"]): (
            int(r["token_fires"]),
            int(r["token_count"]),
            int(r["min_distance"]),
            int(r["max_distance"]),
        )
        for r in packaged_rows("origins_fire_tokens.csv")
    }
    assert found == {1: (1, 5, 1, 3), 2: (2, 4, 1, 2), 3: (3, 1, 1, 1)}


def test_packaged_totems_are_the_published_ones() -> None:
    """docs/rules/origins.md, Totem mode: mammoth 3, fish 4, mushroom 5, flint 6."""
    found = {
        r["totem"]: (r["terrain"], int(r["points"])) for r in packaged_rows("origins_totems.csv")
    }
    assert found == {
        "mammoth": ("grassland", 3),
        "fish": ("lake", 4),
        "mushroom": ("jungle", 5),
        "flint": ("quarry", 6),
    }


def test_packaged_cavemen_are_the_published_ones() -> None:
    """docs/rules/origins.md, Tribe mode: 22 cro-magnons, their copies and values."""
    found = {
        r["caveman_id"]: (int(r["count"]), r["points_per_unit"] or r["power"])
        for r in packaged_rows("origins_cavemen.csv")
    }
    assert found == {
        "hunter": (2, "3"),
        "fishing_child": (2, "3"),
        "gatherer": (2, "4"),
        "sculptor": (2, "5"),
        "painter": (2, "2"),
        "fire_lady": (2, "1"),
        "shaman": (2, "2"),
        "small_warrior": (4, "1"),
        "amazon": (3, "2"),
        "oafish_warrior": (1, "3"),
    }
    assert sum(count for count, _ in found.values()) == 22


# -- list files given by a ruleset -------------------------------------------------------------


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "dominoes.csv"
    path.write_text(text, encoding="utf-8")
    return str(path)


def renumbered(text: str) -> str:
    """The shipped squares with the numbers reversed: another valid list."""
    lines = [line for line in text.splitlines() if not line.startswith("#")]
    body = [line.split(",", 1)[1] for line in lines[1:]]
    return "\n".join([lines[0], *(f"{49 - i},{b}" for i, b in enumerate(body, start=1))])


def test_a_valid_list_file_is_used(tmp_path: Path) -> None:
    engine = origins(4, dominoes=write(tmp_path, renumbered(shipped_text())))
    first = engine.deck[next(d for d in engine.deck if d.number == 1)]
    assert first.domino.squares[0].mark("craters") == 3  # the old 48


def test_a_list_that_breaks_the_distribution_is_refused(tmp_path: Path) -> None:
    text = shipped_text().replace("1,desert,0,0,desert,0,0", "1,desert,0,0,lake,0,0", 1)
    with pytest.raises(RulesetError) as err:
        origins(4, dominoes=write(tmp_path, text))
    problems = "\n".join(err.value.problems)
    assert "19 squares of desert with 0 fire, the official distribution has 20" in problems
    assert "14 squares of lake with 0 fire, the official distribution has 13" in problems


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("2,desert", "1,desert"), "domino number 1 repeats line"),
        (("1,desert,0,0", "1,sand,0,0"), "unknown terrain 'sand'"),
        (("1,desert,0,0", "1,desert,0,2"), "only a volcano has craters"),
        (("48,volcano,0,3", "48,volcano,1,3"), "a volcano has 1 to 3 craters and no fire"),
        (("1,desert,0,0", "1,desert,x,0"), "column 'left_fire' must be a whole number"),
    ],
)
def test_bad_rows_are_refused_naming_the_line(tmp_path: Path, change, message) -> None:
    text = shipped_text().replace(*change, 1)
    with pytest.raises(RulesetError) as err:
        origins(4, dominoes=write(tmp_path, text))
    assert message in str(err.value)
    assert "dominoes.csv:" in str(err.value)


def test_a_missing_row_is_refused(tmp_path: Path) -> None:
    text = "\n".join(line for line in shipped_text().splitlines() if not line.startswith("48,"))
    with pytest.raises(RulesetError) as err:
        origins(4, dominoes=write(tmp_path, text))
    assert "expected 48 dominoes numbered 1 to 48, found 47" in str(err.value)


def test_a_missing_file_or_column_is_refused(tmp_path: Path) -> None:
    with pytest.raises(RulesetError) as err:
        origins(4, dominoes=str(tmp_path / "nope.csv"))
    assert "cannot read" in str(err.value) and "nope.csv" in str(err.value)
    with pytest.raises(RulesetError) as err:
        origins(4, dominoes=write(tmp_path, "number,left\n1,desert\n"))
    assert "missing column(s)" in str(err.value)


def test_a_valid_list_saved_with_a_byte_order_mark_is_used(tmp_path: Path) -> None:
    """docs/rules/origins.md: a list that meets the invariants is accepted; spreadsheet
    programs save CSV as UTF-8 with a byte order mark, which is not part of the
    first column's name."""
    path = tmp_path / "bom.csv"
    path.write_bytes(b"\xef\xbb\xbf" + renumbered(shipped_text()).encode("utf-8"))
    engine = origins(4, dominoes=str(path))
    first = engine.deck[next(d for d in engine.deck if d.number == 1)]
    assert first.domino.squares[0].mark("craters") == 3
