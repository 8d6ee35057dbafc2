"""The ``key`` command names the piece on each square: one symbol can stand for
several pieces (every Court resource token is ``•``, every Origins cro-magnon ``@``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from play_support import ScriptedStdin, kd


def test_key_lists_each_piece_with_its_square_in_a_court_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)  # any autosave lands here
    monkeypatch.setenv("COLUMNS", "60")  # a narrow terminal: the list wraps between pieces
    # P1 always takes the first choice (passes on purchases); greedy P2 buys.
    stdin = ScriptedStdin(["1", "key"] * 40)
    run = kd(
        capsys, monkeypatch, "play", "--ruleset", "court", "--players", "human,greedy",
        "--seed", "3", stdin=stdin,
    )  # fmt: skip
    pieces = [
        block.replace("\n  ", ", ").replace(",,", ",")
        for block in re.findall(r"^P2's kingdom: (.+(?:\n  .+)*)$", run.err, re.M)
    ]
    listed = re.findall(r"^(?:P\d's kingdom: .+|  .+ at -?\d+,-?\d+.*)$", run.err, re.M)
    assert all(len(line) <= 60 for line in listed), [ln for ln in listed if len(ln) > 60]
    assert pieces, run.err[-3000:]
    seen = [p for line in pieces for p in line.split(", ")]
    assert all(re.fullmatch(r"[A-Za-z ]+ at -?\d+,-?\d+", p) for p in seen), seen
    assert any(re.fullmatch(r"(wheat|wood|fish|sheep) token at .+", p) for p in seen), seen
    assert any("token" not in p for p in seen), "greedy P2 bought no character"
    if re.search(r"Key: .*[@!•] \w[\w ]*/", run.err):
        assert "('key' names the piece on each square)" in run.err
