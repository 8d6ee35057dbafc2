"""The sample kingdoms of ``examples/kingdoms/``: `kd score` accepts each with its ruleset
and scores exactly what the rules say.

Each expected breakdown below was worked out by hand from the file's grid and the
rules it names (docs/rules/), never by running the code under test. Properties are
compared as (terrain, squares, crowns, points) in any order.
"""

from __future__ import annotations

import json
import os
import re
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
    # docs/rules/grand-duel.md: a 7x7 kingdom scored as in the base game; the
    # grand-duel ruleset turns no bonus on. The two lone wheat squares touch no wheat.
    "grand-duel.txt": Expected(
        ruleset="grand-duel",
        properties=(
            ("wheat", 13, 3, 39),  # top-left block, along row 4 and down the right edge
            ("wheat", 1, 0, 0),  # bottom-right corner
            ("wheat", 1, 0, 0),  # left edge, between forests
            ("forest", 16, 6, 96),  # the whole bottom-left area
            ("lake", 3, 0, 0),  # right edge, top
            ("lake", 1, 0, 0),  # left edge, between two swamps
            ("lake", 2, 1, 2),  # L1 L0 left of the forest crown
            ("grassland", 5, 3, 15),  # top right: G0 G1 / G0 G2 / G0
            ("grassland", 2, 2, 4),  # G0 G2 bottom right
            ("swamp", 1, 2, 2),
            ("swamp", 1, 1, 1),
        ),
        bonuses={},
        total=39 + 96 + 2 + 15 + 4 + 2 + 1,
        largest_property=16,
        crowns=3 + 6 + 1 + 3 + 2 + 2 + 1,
    ),
    # docs/rules/xl.md: two boxes, so domino 48 (wheat + mine with 3 crowns) is there
    # twice; scoring is the base game's.
    "xl.txt": Expected(
        ruleset="xl",
        properties=(
            ("wheat", 1, 0, 0),  # top-left corner
            ("wheat", 2, 0, 0),  # top row, between lake and mine
            ("wheat", 13, 4, 52),  # right edge and the bottom rows
            ("forest", 4, 2, 8),
            ("lake", 6, 1, 6),
            ("lake", 1, 0, 0),  # left edge, between forest and grassland
            ("grassland", 9, 3, 27),
            ("swamp", 4, 2, 8),
            ("mine", 5, 10, 50),  # M0 M3 M2 M2 M3 around the castle's right side
            ("mine", 1, 0, 0),  # bottom-right corner
        ),
        bonuses={},
        total=52 + 8 + 6 + 27 + 8 + 50,
        largest_property=13,
        crowns=4 + 2 + 1 + 3 + 2 + 10,
    ),
    # docs/rules/teamdomino.md: one shared 7x7 kingdom per team, scored once, as in the
    # base game (I-X2).
    "teamdomino.txt": Expected(
        ruleset="teamdomino",
        properties=(
            ("wheat", 10, 3, 30),
            ("wheat", 1, 0, 0),  # bottom row, between lakes
            ("forest", 12, 6, 72),  # the left side
            ("forest", 3, 0, 0),  # bottom right
            ("lake", 1, 0, 0),  # top row, next to the mine
            ("lake", 2, 0, 0),  # left edge
            ("lake", 7, 5, 35),
            ("grassland", 3, 0, 0),
            ("swamp", 3, 0, 0),
            ("mine", 2, 4, 8),
        ),
        bonuses={},
        total=30 + 72 + 35 + 8,
        largest_property=12,
        crowns=3 + 6 + 5 + 4,
    ),
    # docs/rules/court.md: building crowns count in their property (I-C2): the forest
    # F1+building=1 and the grassland G2+building=2 carry only building crowns.
    # Characters score from their 8 neighbours: the Lumberjack 3 + 3 x 2 wood tokens;
    # the Merchant 2 + 2 x 1 token (one wood; the wheat token is 2 columns away); the
    # Captain 1 + 3 x 1 warrior (the sword warrior); the Queen 2 + 2 x 3 characters
    # (merchant, captain, heavy archer); warriors their value. Leftover tokens: 0 (I-C8).
    "court.txt": Expected(
        ruleset="court",
        properties=(
            ("wheat", 1, 0, 0),  # top-left corner
            ("wheat", 1, 0, 0),  # left edge, next to the lake
            ("wheat", 2, 0, 0),  # bottom row: W0+wheat W0+captain
            ("wheat", 1, 0, 0),  # bottom-right corner
            ("forest", 8, 2, 16),  # 1 building crown + 1 printed crown
            ("lake", 1, 0, 0),
            ("grassland", 7, 5, 35),  # G2 (building) + G1 + G2
            ("grassland", 1, 2, 2),  # bottom-left corner
            ("grassland", 1, 0, 0),  # under the queen
            ("swamp", 1, 2, 2),
        ),
        bonuses={},
        other=(
            ("character", 3 + 3 * 2),  # lumberjack
            ("character", 3),  # sword warrior
            ("character", 2 + 2 * 1),  # merchant
            ("character", 1 + 3 * 1),  # captain
            ("character", 2 + 2 * 3),  # queen
            ("character", 4),  # heavy archer
        ),
        total=16 + 35 + 2 + 2 + 9 + 3 + 4 + 4 + 8 + 4,
        largest_property=8,
        crowns=2 + 5 + 2 + 2,
    ),
    # docs/rules/origins.md, Discovery scoring: squares x fire (printed + tokens);
    # volcano regions never score and are not listed.
    "origins-discovery.txt": Expected(
        ruleset="origins-discovery",
        properties=(
            ("desert", 7, 1 + 2 + 1 + 3 + 0 + 0 + 1, 56),  # every fire token landed here
            ("desert", 1, 0, 0),  # right edge
            ("grassland", 2, 0, 0),  # left of the hut
            ("grassland", 2, 1, 2),
            ("lake", 1, 0, 0),
            ("jungle", 3, 1, 3),
            ("quarry", 1, 0, 0),
        ),
        bonuses={},
        total=56 + 2 + 3,
        largest_property=7,
        crowns=8 + 1 + 1,
    ),
    # docs/rules/origins.md, Totem mode: Discovery score + 1 per wooden resource left
    # (3 mammoths, 3 fish, 2 flints, 1 mushroom) + the totems held (fish 4, flint 6).
    "origins-totem.txt": Expected(
        ruleset="origins-totem",
        properties=(
            ("desert", 4, 2 + 1 + 3 + 0, 24),
            ("desert", 1, 0, 0),
            ("grassland", 3, 0, 0),
            ("lake", 6, 1 + 1 + 2, 24),
            ("jungle", 2, 1, 2),
            ("quarry", 1, 0, 0),
            ("quarry", 1, 0, 0),
        ),
        bonuses={},
        other=(("resources", 9), ("totem", 4), ("totem", 6)),
        total=24 + 24 + 2 + 9 + 4 + 6,
        largest_property=6,
        crowns=6 + 4 + 1,
    ),
    # docs/rules/origins.md, Tribe mode: Discovery score + cro-magnons over their 8
    # neighbours: the Shaman 2 x 2 cro-magnons (small warrior, amazon); the Fishing
    # Child 3 x 1 fish (the other fish is 2 rows away); the Gatherer 4 x 0 mushrooms.
    # Warriors by horde (orthogonal groups): the small warrior alone 1 x 1, the amazon
    # alone 1 x 2. The small warrior stands on a volcano (I-O5). Resources score 0.
    "origins-tribe.txt": Expected(
        ruleset="origins-tribe",
        properties=(
            ("desert", 2, 1, 2),  # top row
            ("desert", 1, 0, 0),  # under the amazon
            ("desert", 1, 0, 0),  # under the gatherer
            ("grassland", 3, 1, 3),
            ("lake", 6, 2, 12),
            ("lake", 1, 0, 0),  # bottom-right corner
            ("jungle", 7, 1 + 1 + 2, 28),
        ),
        bonuses={},
        other=(
            ("caveman", 2 * 2),
            ("caveman", 3 * 1),
            ("caveman", 4 * 0),
            ("horde", 1 * 1),
            ("horde", 1 * 2),
        ),
        total=2 + 3 + 12 + 28 + 4 + 3 + 0 + 1 + 2,
        largest_property=7,
        crowns=1 + 1 + 2 + 4,
    ),
    # docs/rules/age-of-giants.md: a crown covered by a giant does not score (the
    # printed G2 under two giants, I-G6, leaves its grassland without a crown; the
    # printed M2 under one giant counts 1). Quests: Local Business (lake) 5 for each of
    # the 6 lake squares among the castle's 8 neighbours; The Lost Corner 0 (the castle
    # is not on a corner of the kingdom, I-G9). Crowns for the tie-break leave the
    # covered ones out (I-G8).
    "age-of-giants.txt": Expected(
        ruleset="age-of-giants",
        properties=(
            ("wheat", 3, 0, 0),
            ("wheat", 1, 0, 0),
            ("forest", 1, 0, 0),
            ("forest", 1, 0, 0),
            ("lake", 1, 0, 0),  # top row
            ("lake", 6, 1, 6),  # around the castle
            ("grassland", 5, 0, 0),
            ("swamp", 1, 0, 0),
            ("mine", 3, 1 + 0 + 3, 12),
        ),
        bonuses={},
        other=(("giants", 0), ("quest", 5 * 6), ("quest", 0)),
        total=6 + 12 + 30,
        largest_property=6,
        crowns=1 + 4,
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


CLI_REFERENCE = KINGDOMS.parents[1] / "docs" / "cli-reference.md"


def test_the_command_reference_lists_every_sample_with_its_ruleset_and_total() -> None:
    rows = re.findall(
        r"^\| `examples/kingdoms/([\w.-]+)` \| `([\w-]+)` \| (\d+) \|$",
        CLI_REFERENCE.read_text("utf-8"),
        re.M,
    )
    assert {name: (ruleset, int(total)) for name, ruleset, total in rows} == {
        name: (e.ruleset, e.total) for name, e in EXPECTED.items()
    }


def test_the_command_reference_shows_the_real_output_of_kd_score() -> None:
    """The `kd score` example in docs/cli-reference.md is what kd prints for the sample."""
    text = CLI_REFERENCE.read_text("utf-8")
    shown = re.search(r"```text\n\$ (kd score examples/kingdoms/\S+ [^\n]*)\n(.*?)```", text, re.S)
    assert shown, "docs/cli-reference.md shows `kd score` on a sample kingdom"
    command, output = shown.groups()
    done = subprocess.run(
        [sys.executable, "-m", "kingdomino_cli.app", *command.split()[1:]],
        cwd=KINGDOMS.parents[1],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "NO_COLOR": "1", "COLUMNS": "100"},
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == output
