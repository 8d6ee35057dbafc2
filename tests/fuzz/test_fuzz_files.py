"""Fuzz: kingdom text files and saved games (issue 12). See fuzz_support for the invariant."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from fuzz_support import FUZZ, fresh_dir, run_kd, snapshot
from hypothesis import given
from hypothesis import strategies as st

# -- kingdom text files -------------------------------------------------------------------

TOKENS = st.one_of(
    st.sampled_from([".", ".", "C", "W1", "F0", "L2", "G0", "S1", "M3", "W0", "M2", "A0", "V1"]),
    st.sampled_from(["W9", "W\u0663", "L" + "9" * 5000, "C+totem=fish", "W1+building=1",
                     "J2+fire=2", "W0+wheat", "W1+x", "w1", "W-1", "W01", "Z3", "CC", "#", "W1+",
                     "W1++a"]),
    st.text(alphabet="WFLGSMCJV0123.+=#\u0663x", min_size=1, max_size=5),
)  # fmt: skip


# The shapes of issue 23: 4x6 either way round, 4x6 rows fixed, a castle placed later.
_EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
FOUR_BY_SIX = str(_EXAMPLES / "four-by-six" / "four-by-six.toml")
CASTLE_LATER = str(_EXAMPLES / "castle-later" / "castle-later.toml")
FOUR_BY_SIX_FIXED = str(Path(__file__).with_name("four-by-six-fixed.toml"))


def _real_grids() -> list[tuple[str, list[str]]]:
    """Final kingdoms of a few real games: fuzzing starts from valid files too."""
    from kingdomino_core import Engine, Trust
    from kingdomino_core.rulesets.files import load_ruleset
    from kingdomino_core.saves.kingdom_text import format_kingdom

    grids = []
    trust = Trust(everything=True)
    for name, players in (("base", 2), ("court", 2), ("origins-discovery", 3), ("xl", 3),
                          (FOUR_BY_SIX, 3), (FOUR_BY_SIX_FIXED, 2), (CASTLE_LATER, 2)):  # fmt: skip
        engine = Engine(load_ruleset(name, trust=trust), players)
        game = engine.new_game(seed=11)
        game.play(lambda g: g.legal_actions()[0])
        grids += [(name, format_kingdom(k, engine)) for k in game.kingdoms]
    return grids


REAL_GRIDS = _real_grids()


RULESETS = st.sampled_from(
    ["base", "court", "origins-discovery", "xl", "middle-kingdom", FOUR_BY_SIX, FOUR_BY_SIX_FIXED,
     CASTLE_LATER]
)  # fmt: skip


@st.composite
def kingdom_texts(draw: Any) -> tuple[str, bytes]:
    """(ruleset, file content): a real kingdom perhaps with a token or two changed, or
    a grid of tokens good and bad."""
    if draw(st.booleans()):
        ruleset, grid = draw(st.sampled_from(REAL_GRIDS))
        rows = [row.split(" ") for row in grid]
        for _ in range(draw(st.integers(0, 2))):
            r = draw(st.integers(0, len(rows) - 1))
            rows[r][draw(st.integers(0, len(rows[r]) - 1))] = draw(TOKENS)
        return ruleset, "\n".join(" ".join(row) for row in rows).encode("utf-8")
    return draw(RULESETS), draw(grids())


@st.composite
def grids(draw: Any) -> bytes:
    width = draw(st.integers(0, 8))
    rows = [
        " ".join(draw(st.lists(TOKENS, min_size=width, max_size=width + draw(st.integers(0, 1)))))
        for _ in range(draw(st.integers(0, 9)))
    ]  # fmt: skip
    if rows and draw(st.booleans()):  # put one castle somewhere
        r = draw(st.integers(0, len(rows) - 1))
        cells = rows[r].split(" ") if rows[r] else []
        if cells:
            cells[draw(st.integers(0, len(cells) - 1))] = "C"
            rows[r] = " ".join(cells)
    if draw(st.booleans()):
        rows.insert(draw(st.integers(0, len(rows))), draw(st.sampled_from(["", "# note", "   "])))
    text = draw(st.sampled_from(["\n", "\r\n"])).join(rows)
    raw = text.encode("utf-8")
    if draw(st.integers(0, 5)) == 0:
        raw = b"\xef\xbb\xbf" + raw
    if draw(st.integers(0, 8)) == 0:
        at = draw(st.integers(0, len(raw)))
        raw = raw[:at] + draw(st.binary(max_size=3)) + raw[at:]
    return raw


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz-files")


@FUZZ
@given(case=kingdom_texts(), svg=st.booleans())
def test_fuzz_kingdom_files(root: Path, case: tuple[str, bytes], svg: bool) -> None:
    ruleset, text = case
    folder = fresh_dir(root)
    path = folder / "k.txt"
    path.write_bytes(text)
    extra = ["--svg", str(folder / "k.svg")] if svg else []
    if ruleset.endswith(".toml"):  # an example's plugin file
        extra.append("--trust")
    result = run_kd("kingdom files", "score", str(path), "-r", ruleset, "--json", *extra,
                    allowed=(0, 4))  # fmt: skip
    if result.code == 4 and "must fit in" in result.err:  # refused by the shape, in words
        assert "within_size" not in result.err
    if result.code == 0:
        assert json.loads(result.out)["total"] >= -(10**6)
    assert path.read_bytes() == text


# -- saved games -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def saves(root: Path) -> list[Path]:
    """Real saves to tamper with: finished games and one in progress."""
    made = []
    for ruleset, players, seed in (("base", "random,random", "1"), ("court", "greedy,random", "2"),
                                   ("origins-discovery", "random,random,random", "3")):  # fmt: skip
        path = root / f"{ruleset}.json"
        run_kd("saves (setup)", "play", "-r", ruleset, "-p", players, "--seed", seed,
               "--save", str(path), "--json")  # fmt: skip
        made.append(path)
    partial = json.loads(made[0].read_text())
    partial["log"] = partial["log"][:25]
    partial["result"] = None
    (root / "partial.json").write_text(json.dumps(partial))
    return [*made, root / "partial.json"]


JSON_VALUES = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.sampled_from([0, -1, 2**63, 10**30]),
              st.text(max_size=8), st.sampled_from(["place", "claim", "E", "17", "2:17", "human"])),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=5,
)  # fmt: skip


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value[:40]):
            out += _paths(v, (*prefix, i))
    return out


@st.composite
def tampered(draw: Any, data: Any) -> bytes:
    """One to three changes to a save: a value replaced or removed, a list cut or
    shuffled, or the text itself cut or garbled."""
    if draw(st.integers(0, 4)) == 0:  # a change the format allows: a player's name
        data["players"][0]["name"] = draw(st.text(max_size=10))
        return json.dumps(data).encode()
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(data)[1:]
        if not paths:
            break
        where = draw(st.sampled_from(paths))
        parent = data
        for key in where[:-1]:
            parent = parent[key]
        key = where[-1]
        action = draw(st.integers(0, 4))
        if action == 0:
            del parent[key]
        elif action == 1 and isinstance(parent[key], list):
            parent[key] = parent[key][: draw(st.integers(0, len(parent[key])))]
        elif action == 2 and isinstance(parent[key], list) and len(parent[key]) > 1:
            i, j = (
                draw(st.integers(0, len(parent[key]) - 1)),
                draw(st.integers(0, len(parent[key]) - 1)),
            )
            parent[key][i], parent[key][j] = parent[key][j], parent[key][i]
        else:
            parent[key] = draw(JSON_VALUES)
    raw = json.dumps(data).encode()
    if draw(st.integers(0, 6)) == 0:
        at = draw(st.integers(0, len(raw)))
        raw = raw[:at] if draw(st.booleans()) else raw[:at] + draw(st.binary(max_size=3)) + raw[at:]
    return raw


@FUZZ
@given(data=st.data(), which=st.integers(0, 3))
def test_fuzz_saves(root: Path, saves: list[Path], data: Any, which: int) -> None:
    original = json.loads(saves[which].read_text())
    raw = data.draw(tampered(original))
    folder = fresh_dir(root)
    path = folder / "s.json"
    path.write_bytes(raw)
    before = snapshot([path])
    verified = run_kd("saves: replay --verify", "replay", str(path), "--verify",
                      allowed=(0, 4, 5, 7))  # fmt: skip
    assert snapshot([path]) == before
    copy = folder / "resume.json"
    shutil.copy(path, copy)
    resumed = run_kd("saves: play --resume", "play", "--resume", str(copy), "--json",
                     allowed=(0, 2, 4, 5, 6, 7, 130))  # fmt: skip
    if resumed.code not in (0, 130):
        assert copy.read_bytes() == raw, "a refused save was changed"
    if verified.code == 0 and resumed.code == 0:
        assert json.loads(copy.read_text())["result"] is not None
