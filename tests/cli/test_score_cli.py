"""``kd score``: the kingdom text format scored per property and bonus (docs/formats.md).

Expected scores are computed by hand from docs/rules/base.md (the rulebook's worked
examples, Middle Kingdom I-B2, Harmony I-B3), never by the code under test.
"""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from play_support import ScriptedStdin, kd, kd_process
from typer.testing import CliRunner

from kingdomino_cli.app import app
from kingdomino_core import Engine
from kingdomino_core.rulesets.files import ENV_VAR, load_ruleset
from kingdomino_core.saves.kingdom_text import format_kingdom
from kingdomino_core.testing import play_random_game, recount

ROOT = Path(__file__).resolve().parents[2]

#: docs/rules/base.md, worked example: 6 forests with 2 crowns = 12,
#: 3 wheat with 1 crown = 3, 4 lakes with no crown = 0; total 15.
WORKED = """\
# docs/rules/base.md worked example
W1 W0 W0 .  .
F1 F0 C  L0 L0
F1 F0 F0 L0 L0
F0 .  .  .  .
"""

#: The same kingdom before its last crownless forest: 5 forests with 2 crowns = 10.
FIVE_FORESTS = "\n".join(WORKED.splitlines()[:-1]) + "\n"

#: A complete 5x5 kingdom, castle in the centre: 24 forests with 1 crown = 24.
COMPLETE = "\n".join(
    ["F1 F0 F0 F0 F0", "F0 F0 F0 F0 F0", "F0 F0 C  F0 F0", "F0 F0 F0 F0 F0", "F0 F0 F0 F0 F0"]
)


@pytest.fixture(autouse=True)
def _no_user_rulesets(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV_VAR, raising=False)


def kingdom_file(tmp_path: Path, text: str, name: str = "kingdom.txt") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def score_json(capsys, monkeypatch, *args: str) -> dict:
    result = kd(capsys, monkeypatch, "score", *args, "--json")
    assert result.code == 0, result.err
    return result.json()


def test_rules_worked_example_scores_15(tmp_path, capsys, monkeypatch) -> None:
    """docs/rules/base.md worked example: 12 + 3 + 0 = 15."""
    out = score_json(capsys, monkeypatch, kingdom_file(tmp_path, WORKED))
    by_terrain = {p["terrain"]: p for p in out["properties"]}
    assert by_terrain["forest"] == {"terrain": "forest", "squares": 6, "crowns": 2, "points": 12}
    assert by_terrain["wheat"] == {"terrain": "wheat", "squares": 3, "crowns": 1, "points": 3}
    assert by_terrain["lake"] == {"terrain": "lake", "squares": 4, "crowns": 0, "points": 0}
    assert out["total"] == 15
    assert out["bonuses"] == []


def test_every_contract_key_of_score_json(tmp_path, capsys, monkeypatch) -> None:
    """docs/formats.md: total, properties (every one, crowned or not), bonuses,
    largest_property (squares), crowns."""
    out = score_json(
        capsys, monkeypatch, kingdom_file(tmp_path, WORKED), "--ruleset", "middle-kingdom"
    )
    assert {"total", "properties", "bonuses", "largest_property", "crowns"} <= set(out)
    assert len(out["properties"]) == 3  # the crownless lake is listed too
    for prop in out["properties"]:
        assert set(prop) >= {"terrain", "squares", "crowns", "points"}
    assert out["bonuses"] == [{"name": "middle_kingdom", "points": 10}]
    assert out["largest_property"] == 6
    assert out["crowns"] == 3
    assert out["total"] == 25


def test_a_crownless_square_grows_a_property(tmp_path, capsys, monkeypatch) -> None:
    """docs/rules/base.md: 5 forests with 2 crowns (10) grown by a crownless one = 6 x 2."""
    five = score_json(capsys, monkeypatch, kingdom_file(tmp_path, FIVE_FORESTS, "five.txt"))
    six = score_json(capsys, monkeypatch, kingdom_file(tmp_path, WORKED, "six.txt"))
    forest = [p for p in five["properties"] if p["terrain"] == "forest"]
    assert [p["points"] for p in forest] == [10]
    assert [p["points"] for p in six["properties"] if p["terrain"] == "forest"] == [12]


def test_separate_properties_of_one_terrain_score_separately(tmp_path, capsys, monkeypatch):
    """docs/rules/base.md: diagonal contact does not connect; the castle does not connect."""
    text = "W1 L0 W1\nL0 W1 C\n"  # the wheat squares touch only diagonally
    out = score_json(capsys, monkeypatch, kingdom_file(tmp_path, text))
    wheat = [p for p in out["properties"] if p["terrain"] == "wheat"]
    assert sorted((p["squares"], p["points"]) for p in wheat) == [(1, 1)] * 3
    assert out["total"] == 3


def test_middle_kingdom_only_when_the_castle_is_central(tmp_path, capsys, monkeypatch) -> None:
    """Middle Kingdom +10, I-B2: the castle is the centre of a 5x5 frame holding every
    square (the incomplete worked example qualifies; a 4-wide row east of it does not)."""
    centred = score_json(
        capsys, monkeypatch, kingdom_file(tmp_path, WORKED), "-r", "middle-kingdom"
    )
    assert centred["bonuses"] == [{"name": "middle_kingdom", "points": 10}]
    off = score_json(
        capsys, monkeypatch, kingdom_file(tmp_path, "C F1 F1 F0\n", "off.txt"), "-r",
        "middle-kingdom",
    )  # fmt: skip
    assert off["bonuses"] == [{"name": "middle_kingdom", "points": 0}]  # checked, missed
    assert off["total"] == 6


def test_harmony_needs_a_complete_kingdom(tmp_path, capsys, monkeypatch) -> None:
    """Harmony +5 for a complete kingdom (docs/rules/base.md, I-B3: no discards in a file)."""
    complete = kingdom_file(tmp_path, COMPLETE, "complete.txt")
    assert score_json(capsys, monkeypatch, complete)["total"] == 24
    out = score_json(capsys, monkeypatch, complete, "-r", "harmony")
    assert out["bonuses"] == [{"name": "harmony", "points": 5}]
    assert out["total"] == 29
    both = score_json(capsys, monkeypatch, complete, "-r", "classic-bonuses")
    assert sorted(b["name"] for b in both["bonuses"]) == ["harmony", "middle_kingdom"]
    assert both["total"] == 39
    incomplete = score_json(capsys, monkeypatch, kingdom_file(tmp_path, WORKED), "-r", "harmony")
    assert incomplete["bonuses"] == [{"name": "harmony", "points": 0}]  # checked, missed
    plain = score_json(capsys, monkeypatch, kingdom_file(tmp_path, WORKED))
    assert plain["bonuses"] == []  # the base game plays with no bonus


def test_grand_duel_accepts_a_7x7_grid(tmp_path, capsys, monkeypatch) -> None:
    """Grand Duel kingdoms are 7x7 (docs/rules/base.md); base kingdoms 5x5."""
    wide = kingdom_file(tmp_path, "C F1 F1 F1 F1 F1 F0\n")
    # 6 forest squares with 5 crowns: 6 x 5 = 30.
    assert score_json(capsys, monkeypatch, wide, "-r", "grand-duel")["total"] == 30
    result = kd(capsys, monkeypatch, "score", wide)
    assert result.code == 4
    assert "larger than the ruleset's 5x5 kingdom" in result.err


def test_human_table_lists_properties_bonuses_and_total(tmp_path, capsys, monkeypatch) -> None:
    path = kingdom_file(tmp_path, WORKED)
    result = kd(capsys, monkeypatch, "score", path, "--ruleset", "middle-kingdom")
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert lines[0] == f"{path} (ruleset middle-kingdom)"
    rows = {line.split()[0]: line.split()[-3:] for line in lines[2:5]}
    assert rows == {"wheat": ["3", "1", "3"], "forest": ["6", "2", "12"], "lake": ["4", "0", "0"]}
    assert any(line.startswith("bonus: middle kingdom") and line.endswith("10") for line in lines)
    total = next(line for line in lines if line.startswith("total"))
    assert total.split() == ["total", "25"]
    assert "largest property: 6 squares; crowns: 3" in lines


def test_standard_input(capsys, monkeypatch) -> None:
    result = kd(capsys, monkeypatch, "score", "-", "--json", stdin=ScriptedStdin([WORKED]))
    assert result.code == 0, result.err
    assert result.json()["total"] == 15


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    seed=st.integers(0, 2**31),
    name=st.sampled_from(["base", "middle-kingdom", "grand-duel"]),
)
def test_kd_score_of_each_finished_kingdom_matches_the_game(capsys, monkeypatch, seed, name):
    """docs/formats.md: the ``score`` of ``kd play --json`` is what ``kd score --json`` prints
    for that grid. Over seeded random games, every final grid written in the text
    format scores as in the game, and its properties match an independent flood-fill
    recount (docs/rules/base.md, Scoring). Harmony is left out: it depends on
    discards, which a text file does not record."""
    ruleset = load_ruleset(name)
    engine = Engine(ruleset, ruleset.default_players or 4)
    game = play_random_game(engine, seed=seed)
    for k, kingdom in enumerate(game.kingdoms):
        grid = "\n".join(format_kingdom(kingdom, engine)) + "\n"
        result = kd(capsys, monkeypatch, "score", "-", "-r", name, "--json",
                    stdin=ScriptedStdin([grid]))  # fmt: skip
        assert result.code == 0, (result.err, grid)
        out = result.json()
        assert out == game.score_sheet(k).as_dict()
        expected = recount(kingdom, engine)
        found = sorted((p["terrain"], p["squares"], p["crowns"]) for p in out["properties"])
        assert found == [(p.terrain, p.squares, p.crowns) for p in expected]
        # Middle Kingdom, I-B2: the castle is the centre of a 5x5 frame holding the grid.
        rows = [row.split() for row in grid.splitlines()]
        cr = next(r for r, row in enumerate(rows) if "C" in row)
        cc = rows[cr].index("C")
        reach = max(cc, len(rows[0]) - 1 - cc, cr, len(rows) - 1 - cr)
        centred = name == "middle-kingdom" and reach <= 2
        bonus = [{"name": "middle_kingdom", "points": 10 * centred}]
        assert out["bonuses"] == (bonus if name == "middle-kingdom" else [])
        assert out["total"] == sum(p.points for p in expected) + 10 * centred


# -- malformed files: one line on stderr naming file:line:column, exit 4, no stdout ----------


@pytest.mark.parametrize(
    ("text", "where", "what"),
    [
        ("W1 X2\nC  .\n", "1:4", "unknown square 'X2'"),
        ("W1 W0\n# comment\nC\n", "3:1", "ragged rows"),
        ("W1 W0\nF0 F0\n", "1", "no castle"),
        ("C  W0\nW0 C\n", "2:4", "two castles"),
        ("C F1 F1 F1 F1 F1\n", "1", "larger than the ruleset's 5x5 kingdom"),
        ("# only a comment\n", "", "no rows"),
    ],
    ids=["unknown-token", "ragged", "no-castle", "two-castles", "too-large", "empty"],
)
def test_malformed_kingdom_files(tmp_path, capsys, monkeypatch, text, where, what) -> None:
    path = kingdom_file(tmp_path, text)
    for extra in ([], ["--json"]):
        result = kd(capsys, monkeypatch, "score", path, *extra)
        assert result.code == 4
        assert result.out == ""
        (line,) = result.err.splitlines()
        prefix = f"kd: error: {path}:{where}: " if where else f"kd: error: {path}: "
        assert line.startswith(prefix), line
        assert what in line


def test_missing_kingdom_file(tmp_path, capsys, monkeypatch) -> None:
    missing = str(tmp_path / "nope.txt")
    result = kd(capsys, monkeypatch, "score", missing)
    assert (result.code, result.out) == (4, "")
    assert result.err == f"kd: error: {missing}: cannot read: No such file or directory\n"


def test_an_invalid_ruleset_scores_nothing(tmp_path, capsys, monkeypatch) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('[ruleset]\nextends = "base"\n[options.base]\nharmony = "yes"\n')
    result = kd(capsys, monkeypatch, "score", kingdom_file(tmp_path, WORKED), "-r", str(bad))
    assert (result.code, result.out) == (3, "")
    assert result.err == (
        f"kd: error: {bad}:4: options.base.harmony: expected a boolean, not the string 'yes'\n"
    )


def test_missing_argument_is_a_usage_error(capsys, monkeypatch) -> None:
    result = kd(capsys, monkeypatch, "score")
    assert result.code == 2
    assert result.out == ""


# -- SVG ----------------------------------------------------------------------------------------

SVG = "{http://www.w3.org/2000/svg}"


def test_svg_draws_terrains_crowns_castle_and_scores(tmp_path, capsys, monkeypatch) -> None:
    out = tmp_path / "k.svg"
    path = kingdom_file(tmp_path, WORKED)
    result = kd(capsys, monkeypatch, "score", path, "--svg", str(out), "--json")
    assert result.code == 0, result.err
    assert json.loads(result.out)["total"] == 15  # stdout stays one JSON object
    root = ET.parse(out).getroot()
    engine = Engine(load_ruleset("base"), 4)
    colour = {t.name: t.colour for t in engine.registry.terrains}
    squares = [e for e in root.iter(f"{SVG}rect") if e.get("class") == "square"]
    by_terrain: dict[str, int] = {}
    for square in squares:
        terrain = square.get("data-terrain")
        assert square.get("fill") == colour[terrain]
        by_terrain[terrain] = by_terrain.get(terrain, 0) + 1
    assert by_terrain == {"wheat": 3, "forest": 6, "lake": 4}
    assert len([e for e in root.iter(f"{SVG}path") if e.get("class") == "crown"]) == 3
    assert len([e for e in root.iter(f"{SVG}rect") if e.get("class") == "castle"]) == 1
    assert len([e for e in root.iter(f"{SVG}rect") if e.get("class") == "empty"]) == 20 - 14
    texts = ["".join(e.itertext()) for e in root.iter(f"{SVG}text")]
    assert "forest: 6 squares × 2 crowns = 12" in texts
    assert "wheat: 3 squares × 1 crown = 3" in texts
    assert "total: 15" in texts
    badges = {"".join(g.itertext()) for g in root.iter(f"{SVG}g") if g.get("class") == "points"}
    assert badges == {"12", "3"}


def _pieces(root: ET.Element) -> dict[str, list[str]]:
    """Icons drawn on squares and in the legend: shape -> their tooltips (titles)."""
    found: dict[str, list[str]] = {}
    for g in root.iter(f"{SVG}g"):
        cls = (g.get("class") or "").split()
        if cls[:1] == ["piece"]:
            title = g.find(f"{SVG}title")
            found.setdefault(cls[1], []).append("" if title is None else title.text or "")
    return found


def _texts(root: ET.Element) -> list[str]:
    return ["".join(e.itertext()) for e in root.iter(f"{SVG}text")]


def test_svg_of_a_court_kingdom_shows_tokens_buildings_characters_as_icons(
    tmp_path, capsys, monkeypatch
) -> None:
    out = tmp_path / "k.svg"
    path = kingdom_file(tmp_path, "W0+wheat G0+farmer F0+wood\nC W1+building=1 L0+fish\n")
    result = kd(capsys, monkeypatch, "score", path, "--ruleset", "court", "--svg", str(out))
    assert result.code == 0, result.err
    root = ET.parse(out).getroot()
    pieces = _pieces(root)
    # Each piece twice: on its square and in the legend.
    assert sorted(pieces["token"]) == sorted(["wheat token", "wood token", "fish token"] * 2)
    assert pieces["figure"] == ["Farmer", "Farmer"]
    assert pieces["tile"] == ["building (+1 crown)"] * 2
    texts = _texts(root)
    assert not [t for t in texts if "+" in t and "=" in t], "raw annotation text drawn"
    assert {"Farmer", "wheat token", "building (+1 crown)"} <= set(texts)  # the legend
    assert len([e for e in root.iter(f"{SVG}path") if e.get("class") == "crown"]) == 1


def test_svg_of_an_origins_kingdom_speaks_of_fire_and_draws_its_pieces(
    tmp_path, capsys, monkeypatch
) -> None:
    out = tmp_path / "k.svg"
    text = "G0+res=mammoth L0+caveman=amazon J2+fire=2\nC Q0+res=flint V0+craters=2\n"
    path = kingdom_file(tmp_path, text)
    result = kd(capsys, monkeypatch, "score", path, "--ruleset", "origins-tribe", "--svg", str(out))
    assert result.code == 0, result.err
    root = ET.parse(out).getroot()
    pieces = _pieces(root)
    assert pieces["figure"] == ["Amazon warrior (power 2)"] * 2
    assert pieces["fire"] == ["fire token (2 fire)"] * 2
    assert pieces["crater"] == ["2 craters (volcano)"] * 2
    assert sorted(pieces["token"]) == ["flint", "flint", "mammoth", "mammoth"]
    texts = _texts(root)
    assert "jungle: 1 square × 2 fire = 2" in texts
    assert not [t for t in texts if "crown" in t], "Origins has fire, not crowns"
    assert not [t for t in texts if "horde horde" in t or "+caveman" in t or "+res" in t]
    assert "horde at 1,-1: 1 warrior x power 2: +2" in texts
    # The fire is the token's: no printed fire icon is drawn on the jungle square.
    assert not [e for e in root.iter(f"{SVG}path") if e.get("class") in ("crown", "flame")]


def test_svg_unwritable_output(tmp_path, capsys, monkeypatch) -> None:
    path = kingdom_file(tmp_path, WORKED)
    result = kd(capsys, monkeypatch, "score", path, "--svg", str(tmp_path / "no" / "k.svg"))
    assert result.code == 4
    assert "cannot write" in result.err


# -- typer's runner and real processes ------------------------------------------------------------


def test_typer_runner(tmp_path) -> None:
    result = CliRunner().invoke(app, ["score", kingdom_file(tmp_path, WORKED), "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["total"] == 15


def test_subprocess_kd_script_and_module(tmp_path) -> None:
    import subprocess

    path = kingdom_file(tmp_path, WORKED)
    kd_script = Path(sys.executable).parent / "kd"
    proc = subprocess.run(
        [str(kd_script), "score", path, "--json", "--ruleset", "middle-kingdom.toml"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["total"] == 25
    piped = kd_process("score", "-", "--json", input=WORKED, cwd=str(ROOT))
    assert piped.code == 0, piped.err
    assert piped.json()["total"] == 15
    bad = kd_process("score", "-", input="C X1\n", cwd=str(ROOT))
    assert (bad.code, bad.out) == (4, "")
    assert bad.err.startswith("kd: error: <stdin>:1:3: unknown square 'X1'")


def test_players_picks_the_set_up_whose_kingdom_size_applies(tmp_path, capsys) -> None:
    """docs/rules/origins.md: a 2-player Origins (Neolithic) territory is 7x7."""
    import json

    from kingdomino_cli.app import main

    land = tmp_path / "land.txt"
    land.write_text("G0 G1 . . . .\nC  D0 D1 D0 D0 D0\n")
    assert main(["score", str(land), "-r", "origins-discovery"]) == 4
    capsys.readouterr()
    assert main(["score", str(land), "-r", "origins-discovery", "--players", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["total"] == 5 * 1 + 2 * 1
    assert main(["score", str(land), "-r", "origins-discovery", "--players", "5"]) == 3


def test_score_help_shows_the_format_and_where_it_is_documented() -> None:
    """A newcomer learns the format from ``kd score --help``, citing only repository files."""
    done = CliRunner().invoke(app, ["score", "--help"], env={"COLUMNS": "100"})
    assert done.exit_code == 0
    words = " ".join(done.output.split())
    assert "W wheat, F forest, L lake, G grassland, S swamp, M mine" in words
    assert "C is the castle" in words
    assert "docs/formats.md" in words and "examples/kingdoms/" in words
    assert (ROOT / "docs" / "formats.md").is_file()
    assert (ROOT / "examples" / "kingdoms").is_dir()
