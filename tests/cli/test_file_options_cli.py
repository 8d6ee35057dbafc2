"""Options that name a file (``[options.origins] dominoes``) under the trust model and the
input limits, from a ruleset file and from a save (docs/trust.md, "Files an input
names"): regular files only, a size limit, nothing that blocks, and a save that names
a file is refused like a save that names code, with a message that says nothing about
the file."""

from __future__ import annotations

import json
import os
import shutil
from importlib import resources
from pathlib import Path

import pytest
from play_support import kd, kd_process

from kingdomino_core.inputs.trust import UNTRUSTED
from kingdomino_core.saves.savegame import SaveFormatError, engine_for_save, read_save

RULESET = 3
INPUT = 4
NOT_ALLOWED = 7
SHIPPED = resources.files("kd_origins").joinpath("data", "origins_dominoes.csv")


def special_files(tmp_path: Path) -> dict[str, str]:
    """Every kind of name that is not a regular file the option may read."""
    fifo = tmp_path / "fifo.csv"
    os.mkfifo(fifo)
    folder = tmp_path / "folder.csv"
    folder.mkdir()
    return {
        "dev-zero": "/dev/zero",
        "dev-stdin": "/dev/stdin",
        "fifo": str(fifo),
        "directory": str(folder),
        "missing": str(tmp_path / "missing.csv"),
    }


KINDS = ["dev-zero", "dev-stdin", "fifo", "directory", "missing"]
REASONS = {
    "dev-zero": "not a regular file (a device)",
    "dev-stdin": "not a regular file",
    "fifo": "not a regular file (a FIFO)",
    "directory": "not a regular file (a directory)",
    "missing": "no such file",
}


def origins_ruleset(folder: Path, dominoes: str) -> Path:
    path = folder / "mine.toml"
    head = '[ruleset]\nextends = "origins-discovery"\n[options.origins]\n'
    path.write_text(f"{head}dominoes = {json.dumps(dominoes)}\n")
    return path


@pytest.mark.parametrize("kind", KINDS)
def test_a_ruleset_option_naming_a_special_file_is_refused_without_reading_it(
    tmp_path: Path, kind: str
) -> None:
    target = special_files(tmp_path)[kind]
    ruleset = origins_ruleset(tmp_path, target)
    # A real process with a bound: before the fix /dev/zero filled memory and a FIFO
    # or /dev/stdin (a pipe here) blocked for ever.
    r = kd_process("ruleset", "validate", str(ruleset), timeout=60)
    assert r.code == RULESET, r.err
    assert "options.origins.dominoes: cannot read" in r.err
    assert REASONS[kind] in r.err
    assert "Traceback" not in r.err


def test_a_ruleset_option_over_the_size_limit_is_refused(
    tmp_path: Path, capsys, monkeypatch
) -> None:
    big = tmp_path / "big.csv"
    with big.open("wb") as fh:
        fh.truncate(2_000_000)  # sparse: no disk used
    r = kd(capsys, monkeypatch, "ruleset", "validate", str(origins_ruleset(tmp_path, str(big))))
    assert r.code == RULESET
    assert "larger than 1000000 bytes" in r.err


def test_a_ruleset_option_naming_a_regular_file_still_works(
    tmp_path: Path, capsys, monkeypatch
) -> None:
    shutil.copyfile(str(SHIPPED), tmp_path / "d.csv")
    r = kd(capsys, monkeypatch, "ruleset", "validate", str(origins_ruleset(tmp_path, "d.csv")))
    assert r.code == 0, r.err


@pytest.fixture
def origins_save(tmp_path: Path, capsys, monkeypatch) -> Path:
    """A finished save of a ruleset reading its own domino list."""
    shutil.copyfile(str(SHIPPED), tmp_path / "d.csv")
    save = tmp_path / "game.json"
    r = kd(
        capsys, monkeypatch, "play", "-r", str(origins_ruleset(tmp_path, "d.csv")),
        "-p", "random,random", "--seed", "2", "--save", str(save),
    )  # fmt: skip
    assert r.code == 0, r.err
    return save


def with_dominoes(save: Path, value: str) -> Path:
    data = json.loads(save.read_text())
    data["ruleset"]["options"]["origins"]["dominoes"] = value
    save.write_text(json.dumps(data))
    return save


@pytest.mark.parametrize("kind", ["regular", *KINDS])
@pytest.mark.parametrize("command", ["replay", "verify", "resume"])
def test_a_save_naming_a_file_is_refused_without_touching_it(
    origins_save: Path, tmp_path: Path, kind: str, command: str
) -> None:
    target = str(tmp_path / "d.csv") if kind == "regular" else special_files(tmp_path)[kind]
    save = with_dominoes(origins_save, target)
    args = {"replay": ["replay"], "verify": ["replay", "--verify"], "resume": ["play", "--resume"]}
    r = kd_process(*args[command], str(save), timeout=60)
    assert r.code == NOT_ALLOWED, r.err
    # One message whatever the file is: nothing tells whether it exists.
    expected = (
        f"kd: error: the saved game {save} would read files you did not allow: {target} "
        f"(options.origins.dominoes in the saved game); read them, and if you trust them "
        f"run again with --allow-code {target} (or --trust); see docs/trust.md"
    )
    assert r.err.strip().splitlines()[-1] == expected


@pytest.mark.parametrize("kind", KINDS)
def test_a_trusted_save_still_reads_only_a_regular_file(
    origins_save: Path, tmp_path: Path, kind: str
) -> None:
    target = special_files(tmp_path)[kind]
    save = with_dominoes(origins_save, target)
    r = kd_process("replay", "--verify", str(save), "--allow-code", target, timeout=60)
    assert r.code == INPUT, r.err  # the save cannot be used
    assert REASONS[kind] in r.err
    assert "Traceback" not in r.err


def test_a_save_reads_its_file_when_allowed(origins_save: Path, capsys, monkeypatch) -> None:
    data = origins_save.parent / "d.csv"
    r = kd(capsys, monkeypatch, "replay", "--verify", str(origins_save))
    assert r.code == NOT_ALLOWED
    for allow in (["--allow-code", str(data)], ["--trust"]):
        r = kd(capsys, monkeypatch, "replay", "--verify", str(origins_save), *allow)
        assert r.code == 0, r.err


@pytest.mark.parametrize("kind", ["regular", *KINDS])
def test_an_uploaded_save_may_name_no_file(origins_save: Path, tmp_path: Path, kind: str) -> None:
    """The server's door (``UNTRUSTED``): the same message for every file."""
    target = str(tmp_path / "d.csv") if kind == "regular" else special_files(tmp_path)[kind]
    saved = read_save(with_dominoes(origins_save, target))
    with pytest.raises(SaveFormatError) as info:
        engine_for_save(saved, "upload", trust=UNTRUSTED)
    assert str(info.value) == "upload: options.origins.dominoes: this saved game may not name files"
