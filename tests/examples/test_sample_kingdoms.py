"""The sample kingdoms of ``examples/kingdoms/``: `kd score` accepts each with its ruleset
and scores exactly what the rules say.

Each expected breakdown below was worked out by hand from the file's grid and the
rules it names (docs/rules/), never by running the code under test. Properties are
compared as (terrain, squares, crowns, points) in any order.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from attrs import frozen

KINGDOMS = Path(__file__).resolve().parents[2] / "examples" / "kingdoms"


@frozen(kw_only=True)
class Expected:
    ruleset: str
    properties: tuple[tuple[str, int, int, int], ...]
    bonuses: dict[str, int]
    #: Plugin score lines (kd score --json ``other``): (kind, points) each.
    other: tuple[tuple[str, int], ...] = ()
    total: int
    largest_property: int
    crowns: int
    players: int | None = None


EXPECTED = {
    # docs/rules/base.md, scoring: squares x crowns per property; a property without a
    # crown scores 0 (the 5 wheat squares). Middle Kingdom (I-B2): the castle is the
    # middle square of a complete 5x5: +10. Harmony (I-B3): all 25 squares filled and a
    # text file records no discard: +5.
    "base.txt": Expected(
        ruleset="classic-bonuses",
        properties=(
            ("forest", 5, 3, 15),  # the top row: F0 F1 F1 F1 F0
            ("wheat", 5, 0, 0),
            ("wheat", 1, 1, 1),  # W1 in the corner, touching no other wheat
            ("lake", 1, 0, 0),  # L0 above the castle, cut off from the other lakes
            ("lake", 6, 1, 6),  # down the left side and along the bottom
            ("grassland", 3, 0, 0),
            ("swamp", 3, 2, 6),
        ),
        bonuses={"middle_kingdom": 10, "harmony": 5},
        total=15 + 1 + 6 + 6 + 10 + 5,
        largest_property=6,
        crowns=7,
    ),
}


def kd_score(path: Path, expected: Expected) -> subprocess.CompletedProcess[str]:
    args = ["score", str(path), "--ruleset", expected.ruleset, "--json"]
    if expected.players is not None:
        args += ["--players", str(expected.players)]
    return subprocess.run(
        [sys.executable, "-m", "kingdomino_cli.app", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_every_sample_file_has_its_expected_score() -> None:
    assert sorted(p.name for p in KINGDOMS.glob("*.txt")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_sample_scores_as_the_rules_say(name: str) -> None:
    expected = EXPECTED[name]
    done = kd_score(KINGDOMS / name, expected)
    assert done.returncode == 0, done.stderr
    score = json.loads(done.stdout)
    found = Counter(
        (p["terrain"], p["squares"], p["crowns"], p["points"]) for p in score["properties"]
    )
    assert found == Counter(expected.properties)
    assert {b["name"]: b["points"] for b in score["bonuses"]} == expected.bonuses
    assert Counter((o["kind"], o["points"]) for o in score.get("other", [])) == Counter(
        expected.other
    )
    assert score["total"] == expected.total
    assert (
        sum(p[3] for p in expected.properties)
        + sum(expected.bonuses.values())
        + sum(o[1] for o in expected.other)
        == expected.total
    )
    assert (score["largest_property"], score["crowns"]) == (
        expected.largest_property,
        expected.crowns,
    )


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_sample_names_its_ruleset_and_the_rules_page(name: str) -> None:
    """Each file says how to score it and where its rules are, in its comment lines."""
    comments = [
        line for line in (KINGDOMS / name).read_text("utf-8").splitlines() if line.startswith("#")
    ]
    text = "\n".join(comments)
    assert f"--ruleset {EXPECTED[name].ruleset}" in text
    assert "docs/rules/" in text and "docs/formats.md" in text
