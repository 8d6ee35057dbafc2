"""Issue 21: inputs that crashed (exit 1, a traceback), filled memory or hung, each now one
message and a documented exit status (docs/cli-reference.md); ``--save`` never replaces
anything but a regular file; a scripted-chance save stays scripted when resumed."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from play_support import Result, kd, kd_process

from kingdomino_core.saves.savegame import CHANCE_SCRIPTED, read_save

USAGE, RULESET, INPUT = 2, 3, 4
BIG = str(2**63 - 1)


def clean(r: Result) -> None:
    """No exit 1 (an internal error), no traceback."""
    assert r.code != 1
    assert "Traceback" not in r.err and "internal error" not in r.err


# -- plugin_files entries the system cannot use ------------------------------------------------


def odd_plugin_file(tmp_path: Path, kind: str) -> str:
    if kind == "loop":
        os.symlink(tmp_path / "b.py", tmp_path / "a.py")
        os.symlink(tmp_path / "a.py", tmp_path / "b.py")
        return str(tmp_path / "a.py")
    return {"nul": "a\0b.py", "long": "x" * 300 + ".py"}[kind]


@pytest.mark.parametrize("kind", ["loop", "nul", "long"])
def test_a_plugin_file_the_system_cannot_use_in_a_ruleset(
    tmp_path: Path, capsys, monkeypatch, kind: str
) -> None:
    ruleset = tmp_path / "r.toml"
    entry = json.dumps(odd_plugin_file(tmp_path, kind))
    ruleset.write_text(f'[ruleset]\nextends = "base"\nplugin_files = [{entry}]\n')
    for args in (("ruleset", "validate"), ("play", "-p", "random,random", "-r")):
        r = kd(capsys, monkeypatch, *args, str(ruleset))
        assert r.code == RULESET, r.err
        clean(r)
        assert "ruleset.plugin_files" in r.err


@pytest.mark.parametrize("kind", ["loop", "nul", "long"])
def test_a_plugin_file_the_system_cannot_use_in_a_save(
    tmp_path: Path, capsys, monkeypatch, kind: str
) -> None:
    save = tmp_path / "g.json"
    assert kd(capsys, monkeypatch, "play", "-p", "random,random", "--save", str(save)).code == 0
    data = json.loads(save.read_text())
    data["ruleset"]["plugin_files"] = [odd_plugin_file(tmp_path, kind)]
    save.write_text(json.dumps(data))
    r = kd(capsys, monkeypatch, "replay", "--verify", "--trust", str(save))
    assert r.code == INPUT, r.err
    clean(r)
    assert "ruleset.plugin_files[0]" in r.err


# -- numbers too large to plan for -------------------------------------------------------------


def test_a_huge_player_count_in_a_teamdomino_ruleset(tmp_path: Path) -> None:
    ruleset = tmp_path / "t.toml"
    ruleset.write_text(f'[ruleset]\nextends = "teamdomino"\nplayers = {BIG}\n')
    for args in (("ruleset", "validate", str(ruleset)), ("play", "-r", str(ruleset))):
        r = kd_process(*args, timeout=60)  # before: a loop over 2**63 seats, for ever
        assert r.code == RULESET, r.err
        clean(r)
        assert f"t.toml:3: ruleset.players: {BIG} players is over the limit of 64 seats" in r.err


def test_score_with_a_huge_player_count() -> None:
    r = kd_process("score", "-r", "teamdomino", "--players", BIG, "-", input="C\n", timeout=60)
    assert r.code == RULESET, r.err
    clean(r)
    assert "over the limit of 64 seats" in r.err


@pytest.mark.parametrize(
    "args",
    [
        ("simulate", "-n", str(2**63), "-p", "random,random"),
        ("simulate", "-n", "600000", "-p", "random,random", "--rotate"),
        ("tournament", "-a", "random,greedy", "-n", str(2**63), "-o", "{tmp}/t.jsonl"),
    ],
    ids=["simulate", "simulate-rotate", "tournament"],
)
def test_a_run_of_too_many_games_is_a_usage_error(tmp_path: Path, args: tuple[str, ...]) -> None:
    r = kd_process(*(a.format(tmp=tmp_path) for a in args), timeout=60)  # before: memory
    assert r.code == USAGE, r.err
    clean(r)
    assert "at most 1,000,000 games in one run" in r.err


# -- tournament results files, new-plugin folders --------------------------------------------------


@pytest.mark.parametrize("kind", ["missing-dir", "directory", "long"])
def test_tournament_out_that_cannot_hold_results(
    tmp_path: Path, capsys, monkeypatch, kind: str
) -> None:
    out = {"missing-dir": tmp_path / "missing" / "x.jsonl", "directory": tmp_path,
           "long": tmp_path / ("x" * 300)}[kind]  # fmt: skip
    r = kd(capsys, monkeypatch, "tournament", "-a", "random,greedy", "-n", "1", "-o", str(out))
    assert r.code == USAGE, r.err
    clean(r)
    assert "--out" in r.err


def test_an_empty_results_file_starts_a_tournament_that_resumes(
    tmp_path: Path, capsys, monkeypatch
) -> None:
    out = tmp_path / "t.jsonl"
    out.touch()
    args = ("tournament", "-a", "random,greedy", "-n", "1", "--seed", "5", "-o", str(out), "--json")
    first = kd(capsys, monkeypatch, *args)
    assert first.code == 0, first.err
    assert json.loads(out.read_text().splitlines()[0])["tournament"]["seed"] == 5  # a header
    again = kd(capsys, monkeypatch, *args)
    assert again.code == 0, again.err
    assert "resuming" in again.err
    assert again.json()["ratings"] == first.json()["ratings"]


def test_new_plugin_with_an_overlong_folder_name(tmp_path: Path, capsys, monkeypatch) -> None:
    r = kd(capsys, monkeypatch, "new-plugin", "--dir", str(tmp_path / ("d" * 300)), "my-lakes")
    assert r.code == USAGE, r.err
    clean(r)
    assert "--dir" in r.err and "255 characters" in r.err
    assert list(tmp_path.iterdir()) == []


# -- rulesets that are not files, an empty ruleset name -----------------------------------------


def test_ruleset_validate_dev_zero_is_not_called_a_directory(capsys, monkeypatch) -> None:
    r = kd(capsys, monkeypatch, "ruleset", "validate", "/dev/zero")
    assert r.code == RULESET
    assert "is a directory" not in r.err
    assert "not a regular file" in r.err


def test_a_fifo_extended_by_a_ruleset_does_not_hang(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "parent.toml")
    (tmp_path / "r.toml").write_text('[ruleset]\nextends = "./parent.toml"\n')
    r = kd_process("ruleset", "validate", str(tmp_path / "r.toml"), timeout=60)
    assert r.code == RULESET, r.err
    assert "not a regular file" in r.err


def test_an_empty_ruleset_name_is_not_the_base_game(capsys, monkeypatch) -> None:
    r = kd(capsys, monkeypatch, "play", "--ruleset", "", "-p", "random,random", "--seed", "1")
    assert r.code == RULESET, r.err
    assert "an empty ruleset name" in r.err


# -- --save never replaces what is not a regular file --------------------------------------------


def special_save_targets(tmp_path: Path) -> dict[str, Path]:
    os.mkfifo(tmp_path / "fifo.json")
    (tmp_path / "folder").mkdir()
    os.symlink("/dev/null", tmp_path / "devlink.json")
    os.symlink(tmp_path / "loop2.json", tmp_path / "loop1.json")
    os.symlink(tmp_path / "loop1.json", tmp_path / "loop2.json")
    os.symlink(tmp_path / "nowhere" / "x.json", tmp_path / "dangling.json")
    return {
        "fifo": tmp_path / "fifo.json",
        "symlink-to-device": tmp_path / "devlink.json",
        "directory": tmp_path / "folder",
        "symlink-loop": tmp_path / "loop1.json",
        "dangling-symlink": tmp_path / "dangling.json",
    }


@pytest.mark.parametrize(
    "kind",
    ["fifo", "symlink-to-device", "directory", "symlink-loop", "dangling-symlink"],
)  # never /dev/null itself: were the fix undone, a test run as root would replace it
def test_save_refuses_what_is_not_a_regular_file(
    tmp_path: Path, capsys, monkeypatch, kind: str
) -> None:
    target = special_save_targets(tmp_path)[kind]
    before = os.lstat(target)
    r = kd(capsys, monkeypatch, "play", "-p", "random,random", "--seed", "1", "--save", str(target))
    assert r.code == USAGE, r.err
    clean(r)
    assert "--save" in r.err
    after = os.lstat(target)  # not replaced: same inode, same kind
    assert (after.st_ino, after.st_mode) == (before.st_ino, before.st_mode)


def test_save_writes_through_a_symlink_to_a_regular_file(
    tmp_path: Path, capsys, monkeypatch
) -> None:
    real = tmp_path / "real.json"
    real.write_text("old")
    link = tmp_path / "link.json"
    os.symlink(real, link)
    r = kd(capsys, monkeypatch, "play", "-p", "random,random", "--seed", "1", "--save", str(link))
    assert r.code == 0, r.err
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert read_save(real).seed == 1
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


# -- a scripted-chance save stays scripted when resumed ---------------------------------------


def test_a_resumed_scripted_save_round_trips(tmp_path: Path, capsys, monkeypatch) -> None:
    done = tmp_path / "done.json"
    assert kd(capsys, monkeypatch, "play", "-p", "random,random", "--seed", "8",
              "--save", str(done)).code == 0  # fmt: skip
    data = json.loads(done.read_text())
    log = data["log"][:12]
    # Chance at a real table: the first two dominoes revealed in the other order.
    assert log[0]["kind"] == log[1]["kind"] == "reveal"
    log[0], log[1] = log[1], log[0]
    data.update(log=log, result=None, chance=CHANCE_SCRIPTED)
    save = tmp_path / "scripted.json"
    save.write_text(json.dumps(data))
    r = kd(capsys, monkeypatch, "play", "--resume", str(save))
    assert r.code == 0, r.err
    resumed = read_save(save)
    assert resumed.chance == CHANCE_SCRIPTED  # before: rewritten as "seed"
    assert resumed.finished and list(resumed.log[:12]) == log
    assert kd(capsys, monkeypatch, "replay", "--verify", str(save)).code == 0
    r = kd(capsys, monkeypatch, "play", "--resume", str(save))
    assert r.code == 0, r.err
    assert "the game is over" in r.err


@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "directory"])
@pytest.mark.parametrize("command", [("replay",), ("play", "--resume"), ("ruleset", "validate")])
def test_a_save_or_ruleset_that_is_not_a_regular_file(
    tmp_path: Path, kind: str, command: tuple[str, ...]
) -> None:
    target = {"fifo": tmp_path / "x.json", "dev-zero": Path("/dev/zero"), "directory": tmp_path}
    if kind == "fifo":
        os.mkfifo(target["fifo"])
    r = kd_process(*command, str(target[kind]), timeout=60)  # before: a FIFO blocked for ever
    assert r.code == (RULESET if command[0] == "ruleset" else INPUT), r.err
    clean(r)
    assert "not a regular file" in r.err or "is a directory" in r.err
