"""Fuzz (issue 21): options that name files, numbers at their extremes and player names
with odd Unicode. See fuzz_support for the invariant (no exit 1, no traceback, stderr
lines from ``kd``, refused inputs leave their files unchanged); each target adds its own:
a save that names a file gets the same message whatever the file is."""

from __future__ import annotations

import json
import os
import shutil
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from fuzz_support import FUZZ, fresh_dir, run_kd, snapshot
from hypothesis import given
from hypothesis import strategies as st

SHIPPED = resources.files("kd_origins").joinpath("data", "origins_dominoes.csv")

#: Kinds of file an option may name, made fresh in each example's folder.
FILE_KINDS = [
    "regular", "garbage", "empty", "big", "missing", "directory", "fifo", "dev-zero",
    "dev-stdin", "dev-null", "symlink", "symlink-loop", "dangling", "nul", "long-part",
    "not-utf8", "relative", "parent",
]  # fmt: skip


def make_file(folder: Path, kind: str) -> str:
    """A path of ``kind`` under ``folder`` (the file made if it is one)."""
    target = folder / f"{kind}.csv"
    if kind in ("regular", "symlink", "relative", "parent"):
        shutil.copyfile(str(SHIPPED), folder / "regular.csv")
    match kind:
        case "regular":
            return str(folder / "regular.csv")
        case "garbage":
            target.write_text("number,left\n1,lake\nnot,a,domino,list\n")
        case "empty":
            target.touch()
        case "big":
            with target.open("wb") as fh:
                fh.truncate(5_000_000)
        case "directory":
            target.mkdir()
        case "fifo":
            os.mkfifo(target)
        case "dev-zero" | "dev-stdin" | "dev-null":
            return "/dev/" + kind.removeprefix("dev-")
        case "symlink":
            os.symlink(folder / "regular.csv", target)
        case "symlink-loop":
            os.symlink(folder / "loop.csv", target)
            os.symlink(target, folder / "loop.csv")
        case "dangling":
            os.symlink(folder / "nowhere" / "x.csv", target)
        case "nul":
            return str(folder / "a\0b.csv")
        case "long-part":
            return str(folder / ("x" * 300))
        case "not-utf8":
            target.write_bytes(b"number,left_terrain\n\xff\xfe\n")
        case "relative":
            return "regular.csv"
        case "parent":
            return f"../{folder.name}/regular.csv"
    return str(target)


def origins_ruleset(folder: Path, dominoes: str) -> Path:
    path = folder / "mine.toml"
    head = '[ruleset]\nextends = "origins-discovery"\n[options.origins]\n'
    path.write_text(f"{head}dominoes = {json.dumps(dominoes)}\n")
    return path


@pytest.fixture(scope="module")
def origins_save(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A finished save of an Origins ruleset reading its own domino list, as data."""
    folder = tmp_path_factory.mktemp("origins-save")
    shutil.copyfile(str(SHIPPED), folder / "d.csv")
    save = folder / "game.json"
    ruleset = origins_ruleset(folder, "d.csv")
    run_kd("file-option-play", "play", "-r", str(ruleset), "-p", "random,random", "--seed", "4",
           "--save", str(save))  # fmt: skip
    return json.loads(save.read_text())


@FUZZ
@given(kind=st.sampled_from(FILE_KINDS), command=st.sampled_from(["validate", "show", "score"]))
def test_fuzz_a_file_option_in_a_ruleset(tmp_path: Path, kind: str, command: str) -> None:
    folder = fresh_dir(tmp_path)
    target = make_file(folder, kind)
    ruleset = origins_ruleset(folder, target)
    before = snapshot([ruleset])
    args = {
        "validate": ("ruleset", "validate", str(ruleset)),
        "show": ("ruleset", "show", str(ruleset), "--resolved"),
        "score": ("score", "-r", str(ruleset), "-"),
    }[command]
    result = run_kd("file-option-ruleset", *args, allowed=(0, 3, 4))
    if kind in ("regular", "symlink", "relative", "parent"):
        assert result.code in (0, 4), result.err  # score: '-' is empty standard input
    else:
        assert result.code == 3, result.err
        # The option, or (a readable file that is no domino list) the file, is named.
        assert "options.origins.dominoes" in result.err or target in result.err
    assert snapshot([ruleset]) == before


@FUZZ
@given(
    kind=st.sampled_from(FILE_KINDS),
    command=st.sampled_from([("replay",), ("replay", "--verify"), ("replay", "--json"),
                             ("play", "--resume")]),
    trusted=st.booleans(),
)  # fmt: skip
def test_fuzz_a_file_option_in_a_save(
    tmp_path: Path, origins_save: dict[str, Any], kind: str, command: tuple[str, ...],
    trusted: bool,
) -> None:  # fmt: skip
    folder = fresh_dir(tmp_path)
    target = make_file(folder, kind)
    data = json.loads(json.dumps(origins_save))
    data["ruleset"]["options"]["origins"]["dominoes"] = target
    save = folder / "game.json"
    save.write_text(json.dumps(data))
    before = snapshot([save])
    extra = ("--trust",) if trusted else ()
    result = run_kd("file-option-save", *command, str(save), *extra, allowed=(0, 2, 3, 4, 7))
    if not trusted:
        if kind in ("nul", "long-part"):
            assert result.code == 4, result.err  # refused by name: nothing to reveal
        else:
            # The same words whatever the file is: nothing tells whether it exists.
            assert result.code == 7, result.err
            assert result.err.replace(target, "FILE").strip().splitlines()[-1] == (
                f"kd: error: the saved game {save} would read files you did not allow: FILE "
                "(options.origins.dominoes in the saved game); read them, and if you trust "
                "them run again with --allow-code FILE (or --trust); see docs/trust.md"
            )
    if result.code != 0:
        assert snapshot([save]) == before


#: Integers at the edges: around 0, the 32- and 64-bit limits, and far beyond.
EXTREMES = st.one_of(
    st.sampled_from([0, -1, 1, 2, 3, 65, 2**31 - 1, 2**31, 2**63 - 1, 2**63, 2**64, -(2**63),
                     10**100, 1_000_001]),
    st.integers(min_value=1_000_001, max_value=2**200),
    st.integers(max_value=0, min_value=-(2**200)),
    st.integers(min_value=1, max_value=3),
)  # fmt: skip


@FUZZ
@given(
    value=EXTREMES,
    where=st.sampled_from(["score-players", "simulate-n", "simulate-rotate", "tournament-n",
                           "play-seed", "ruleset-players", "team-players", "dynasty-games",
                           "neolithic-size"]),
)  # fmt: skip
def test_fuzz_numbers_at_their_extremes(tmp_path: Path, value: int, where: str) -> None:
    folder = fresh_dir(tmp_path)
    n = str(value)
    out = str(folder / "t.jsonl")

    def ruleset(body: str) -> str:
        path = folder / "r.toml"
        path.write_text(body)
        return str(path)

    args = {
        "score-players": ("score", "-r", "teamdomino", "--players", n, "-"),
        "simulate-n": ("simulate", "-n", n, "-p", "random,random", "--seed", "1"),
        "simulate-rotate": ("simulate", "-n", n, "-p", "random,greedy", "--rotate", "--seed", "1"),
        "tournament-n": ("tournament", "-a", "random,greedy", "-n", n, "-o", out, "--seed", "1"),
        "play-seed": ("play", "-p", "random,random", "--seed", n),
        "ruleset-players": (
            "ruleset", "validate", ruleset(f'[ruleset]\nextends = "base"\nplayers = {n}\n'),
        ),
        "team-players": (
            "play", "-r", ruleset(f'[ruleset]\nextends = "teamdomino"\nplayers = {n}\n'),
        ),
        "dynasty-games": (
            "ruleset", "validate",
            ruleset(f'[ruleset]\nextends = "dynasty"\n[options.base]\ndynasty_games = {n}\n'),
        ),
        "neolithic-size": (
            "ruleset", "validate",
            ruleset(f'[ruleset]\nextends = "origins-discovery"\n[options.origins]\n'
                    f"neolithic_kingdom_size = {n}\n"),
        ),
    }[where]  # fmt: skip
    result = run_kd("numbers", *args, allowed=(0, 2, 3, 4))
    if abs(value) > 2**64:
        assert result.code in (2, 3), result.err


#: Names a stranger may type: every plane of Unicode, lone surrogates, NUL, controls,
#: bidirectional overrides, very long ones.
ODD_NAMES = st.one_of(
    st.text(st.characters(codec=None, exclude_categories=()), min_size=0, max_size=50),
    st.sampled_from(["\udcff", "a\ud800b", "\x00", "\x1b[2J", "\u202eevil", "\u2066x\u2069",
                     "\u200f", "x" * 41, "y" * 5000, "\ufeff", " ", "Ann", "李", "👑"]),
    st.text(st.sampled_from(["a", "\u202e", "\x00", "\udcff", "\n", "é", "\u0301"]), max_size=8),
)  # fmt: skip


@FUZZ
@given(name=ODD_NAMES)
def test_fuzz_player_names_on_the_command_line(tmp_path: Path, name: str) -> None:
    save = fresh_dir(tmp_path) / "g.json"
    result = run_kd("names-cli", "play", "-p", "random,random", "--names", f"{name},Bob",
                    "--seed", "2", "--save", str(save), allowed=(0, 2))  # fmt: skip
    if result.code == 0:
        assert save.exists()
        json.loads(save.read_text(encoding="utf-8"))  # a name saved is UTF-8 text
    else:
        assert "--names" in result.err
        assert not save.exists()


@pytest.fixture(scope="module")
def base_save(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    save = tmp_path_factory.mktemp("names-save") / "g.json"
    run_kd("names-save-play", "play", "-p", "random,random", "--seed", "3", "--save", str(save))
    return json.loads(save.read_text())


@FUZZ
@given(
    name=ODD_NAMES,
    command=st.sampled_from([("replay",), ("replay", "--verify"), ("replay", "--json"),
                             ("replay", "--step"), ("play", "--resume")]),
)  # fmt: skip
def test_fuzz_player_names_in_a_save(
    tmp_path: Path, base_save: dict[str, Any], name: str, command: tuple[str, ...]
) -> None:
    data = json.loads(json.dumps(base_save))
    data["players"][1]["name"] = name
    save = fresh_dir(tmp_path) / "g.json"
    save.write_text(json.dumps(data))  # "\udcff" is written escaped, as JSON allows
    before = snapshot([save])
    result = run_kd("names-save", *command, str(save), allowed=(0, 4))
    if result.code == 4:
        assert "players[1].name" in result.err
        assert snapshot([save]) == before
