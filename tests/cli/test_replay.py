"""``kd replay FILE [--verify] [--step] [--svg OUT] [--json]`` (docs/formats.md `kd replay`)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from play_support import kd, kd_process

from kingdomino_core import describe_action
from kingdomino_core.saves.savegame import read_save, replay


@pytest.fixture
def saved_game(capsys, monkeypatch, tmp_path: Path) -> tuple[Path, dict]:
    save = tmp_path / "g.json"
    r = kd(
        capsys,
        monkeypatch,
        "play",
        "-p",
        "greedy,random,greedy",
        "--seed",
        "13",
        "--save",
        str(save),
        "--json",
    )
    assert r.code == 0, r.err
    return save, r.json()


def _tamper(save: Path, change) -> Path:
    data = json.loads(save.read_text())
    change(data)
    out = save.with_name("tampered.json")
    out.write_text(json.dumps(data))
    return out


def test_verify_ok(capsys, monkeypatch, saved_game) -> None:
    save, _ = saved_game
    r = kd(capsys, monkeypatch, "replay", str(save), "--verify")
    assert r.code == 0
    assert "ok" in r.out and "moves reproduce" in r.out
    j = kd(capsys, monkeypatch, "replay", str(save), "--verify", "--json").json()
    assert j["ok"] is True and j["finished"] is True and j["bad_move"] is None
    assert j["moves"] == len(read_save(save).log)


def test_verify_fails_at_the_tampered_move(capsys, monkeypatch, saved_game) -> None:
    save, _ = saved_game
    data = json.loads(save.read_text())
    index = next(i for i, a in enumerate(data["log"]) if a["kind"] == "place")

    def far_away(d: dict) -> None:
        d["log"][index]["x"] = 4
        d["log"][index]["y"] = -4

    bad = _tamper(save, far_away)
    r = kd(capsys, monkeypatch, "replay", str(bad), "--verify")
    assert r.code == 5
    assert f"move {index + 1} (" in r.err and "does not reproduce" in r.err
    assert r.out == ""
    j = kd(capsys, monkeypatch, "replay", str(bad), "--verify", "--json")
    assert j.code == 5 and j.json()["ok"] is False and j.json()["bad_move"] == index + 1
    proc = kd_process("replay", str(bad), "--verify")
    assert proc.code == 5 and f"move {index + 1}" in proc.err


def test_verify_fails_on_a_changed_result(capsys, monkeypatch, saved_game) -> None:
    save, _ = saved_game
    bad = _tamper(save, lambda d: d["result"]["kingdoms"][1]["score"].update(total=999))
    r = kd(capsys, monkeypatch, "replay", str(bad), "--verify")
    assert r.code == 5 and "final result does not reproduce" in r.err


def test_showing_a_game_that_does_not_replay_is_status_5(capsys, monkeypatch, saved_game) -> None:
    save, _ = saved_game
    bad = _tamper(save, lambda d: d["log"].insert(0, {"kind": "draw_king", "king": 9}))
    r = kd(capsys, monkeypatch, "replay", str(bad))
    assert r.code == 5 and "move 1 (" in r.err


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json at all", "not valid JSON"),
        ('{"format": "kingdomino-log", "version": 1}', "expected 'kingdomino-save'"),
        ('{"format": "kingdomino-save", "version": 1, "seed": 3}', "required key missing"),
    ],
)
def test_corrupt_saves_are_status_4(capsys, monkeypatch, tmp_path: Path, content, message) -> None:
    path = tmp_path / "corrupt.json"
    path.write_text(content)
    for args in (("replay", str(path)), ("replay", str(path), "--verify")):
        r = kd(capsys, monkeypatch, *args)
        assert r.code == 4 and message in r.err and str(path) in r.err
        assert r.out == "" and "Traceback" not in r.err


def test_replay_json_is_the_play_json(capsys, monkeypatch, saved_game) -> None:
    save, played = saved_game
    r = kd(capsys, monkeypatch, "replay", str(save), "--json")
    assert r.code == 0
    assert r.json() == played
    proc = kd_process("replay", str(save), "--json")
    assert proc.code == 0 and proc.json() == played


def test_step_shows_every_move_and_the_end(capsys, monkeypatch, saved_game) -> None:
    save, played = saved_game
    r = kd(capsys, monkeypatch, "replay", str(save), "--step")
    assert r.code == 0
    game = replay(read_save(save))
    numbered = [line for line in r.out.splitlines() if re.match(r"^ *\d+\. (chance|P\d+): ", line)]
    assert len(numbered) == len(game.log)
    again = replay(read_save(save), upto=0)
    for line, action in zip(numbered, game.log, strict=True):
        assert line.endswith(": " + describe_action(again, action))  # in words
        again.apply(action)
    assert r.out.count("Picking (next round):") >= 10  # the table after each round
    names = [played["players"][w]["name"] for w in played["winners"]]
    assert " and ".join(names) in r.out.splitlines()[-1]


def test_unfinished_game_says_how_to_resume(capsys, monkeypatch, saved_game) -> None:
    save, _ = saved_game

    def cut(d: dict) -> None:
        d["log"] = d["log"][:40]
        d["result"] = None

    part = _tamper(save, cut)
    r = kd(capsys, monkeypatch, "replay", str(part))
    assert r.code == 0
    assert f"kd play --resume {part}" in r.out
    j = kd(capsys, monkeypatch, "replay", str(part), "--json").json()
    assert j["finished"] is False and j["moves"] == 40


def test_svg_picture(capsys, monkeypatch, saved_game, tmp_path: Path) -> None:
    """--svg draws every kingdom, titled with its player, through kingdomino_play.svg."""
    save, played = saved_game
    out = tmp_path / "g.svg"
    r = kd(capsys, monkeypatch, "replay", str(save), "--svg", str(out))
    assert r.code == 0, r.err
    text = out.read_text()
    assert text.lstrip().startswith(("<svg", "<?xml")) and "</svg>" in text
    for player in played["players"]:
        assert player["name"] in text
    assert f"wrote {out}" in r.err
    assert len(re.findall(r"\bP\d \d+ points?", r.out.splitlines()[0])) == 3
