"""``kd play``: the contract JSON, determinism, defaults and error statuses."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from play_support import ScriptedStdin, kd, kd_process

from kingdomino_core import Engine, Ruleset
from kingdomino_core.inputs.trust import Trust
from kingdomino_core.saves.kingdom_text import parse_kingdom
from kingdomino_core.saves.savegame import read_save, replay, verify

#: These tests wrote the plugin files themselves.
OWN_CODE = Trust(everything=True)

PLAYERS = "greedy,random,greedy,random"


def test_json_has_every_contract_key(capsys, monkeypatch) -> None:
    """docs/formats.md `kd play`: ruleset, seed, players, kingdoms (players, grid, score,
    discarded) and winners."""
    r = kd(capsys, monkeypatch, "play", "--players", PLAYERS, "--seed", "7", "--json")
    assert r.code == 0, r.err
    data = r.json()
    assert data["ruleset"] == "base"
    assert data["seed"] == 7
    assert data["players"] == [
        {"name": f"P{i + 1}", "agent": a} for i, a in enumerate(PLAYERS.split(","))
    ]
    assert [k["players"] for k in data["kingdoms"]] == [[0], [1], [2], [3]]
    for kingdom in data["kingdoms"]:
        assert set(kingdom) >= {"players", "grid", "score", "discarded"}
        assert isinstance(kingdom["discarded"], int) and kingdom["discarded"] >= 0
        score = kingdom["score"]
        assert set(score) >= {"total", "properties", "bonuses", "largest_property", "crowns"}
        for prop in score["properties"]:
            assert set(prop) >= {"terrain", "squares", "crowns", "points"}
        assert all(isinstance(row, str) for row in kingdom["grid"])
    assert data["winners"] and all(0 <= w < 4 for w in data["winners"])
    assert data["finished"] is True


def test_score_is_the_score_of_the_grid(capsys, monkeypatch) -> None:
    """Each kingdom's `score` is what scoring its `grid` gives (recomputed from the text)."""
    r = kd(capsys, monkeypatch, "play", "-p", PLAYERS, "--seed", "12", "--json")
    data = r.json()
    engine = Engine(Ruleset(name="base", plugins=["base"]), 4)
    game = engine.new_game(seed=0)
    totals = []
    for k, kingdom in enumerate(data["kingdoms"]):
        game.kingdoms[k] = parse_kingdom("\n".join(kingdom["grid"]), engine)
        assert game.score_sheet(k).as_dict() == kingdom["score"]
        placed = sum(tok != "." and tok != "C" for row in kingdom["grid"] for tok in row.split())
        assert placed + 2 * kingdom["discarded"] == 24  # 12 dominoes each in a 4-player game
        totals.append(kingdom["score"]["total"])
    best = max(totals)
    assert all(totals[w] == best for w in data["winners"])


def test_same_seed_same_game_in_process_and_in_a_subprocess(capsys, monkeypatch) -> None:
    args = ("play", "-p", "greedy,random,mcts:playouts=4", "--seed", "99", "--json")
    first = kd(capsys, monkeypatch, *args)
    second = kd(capsys, monkeypatch, *args)
    assert first.out == second.out
    proc = kd_process(*args)
    assert proc.code == 0, proc.err
    assert proc.json() == first.json()
    other = kd(
        capsys, monkeypatch, "play", "-p", "greedy,random,mcts:playouts=4", "--seed", "98", "--json"
    )
    assert other.json()["kingdoms"] != first.json()["kingdoms"]


def test_random_seed_is_printed_and_replays_the_game(capsys, monkeypatch) -> None:
    r = kd(capsys, monkeypatch, "play", "-p", "greedy,random", "--json")
    m = re.search(r"seed (\d+)", r.err)
    assert m, r.err
    assert r.json()["seed"] == int(m.group(1))
    again = kd(capsys, monkeypatch, "play", "-p", "greedy,random", "--seed", m.group(1), "--json")
    assert again.json() == r.json()


def test_json_stdout_is_only_the_object_and_text_mode_prints_the_table(capsys, monkeypatch) -> None:
    r = kd(capsys, monkeypatch, "play", "-p", "greedy,greedy", "--seed", "3", "--json")
    assert r.out.count("\n") == 1 and r.out.startswith("{")
    text = kd(capsys, monkeypatch, "play", "-p", "greedy,greedy", "--seed", "3")
    assert text.code == 0
    titles = text.out.splitlines()[0]  # the kingdoms side by side, titled by player
    assert re.match(r"P1 \d+ points?", titles) and re.search(r" P2 \d+ points?", titles)
    assert "\x1b[" not in text.out  # not a terminal: no colour
    winners = [r.json()["players"][w]["name"] for w in r.json()["winners"]]
    assert any(line.startswith(" and ".join(winners)) for line in text.out.splitlines())


def test_names_and_agent_options(capsys, monkeypatch) -> None:
    r = kd(
        capsys,
        monkeypatch,
        "play",
        "-p",
        "greedy,mcts:playouts=3",
        "--names",
        "ann,bot",
        "--seed",
        "1",
        "--json",
    )
    assert r.code == 0, r.err
    assert r.json()["players"] == [
        {"name": "ann", "agent": "greedy"},
        {"name": "bot", "agent": "mcts:playouts=3"},
    ]


def test_no_players_and_no_terminal_means_bots_only(capsys, monkeypatch) -> None:
    r = kd(capsys, monkeypatch, "play", "--seed", "4", "--json")
    assert r.code == 0, r.err
    assert [p["agent"] for p in r.json()["players"]] == ["greedy"] * 4  # base.toml: 4 players
    duel = kd(capsys, monkeypatch, "play", "-r", "grand-duel", "--seed", "4", "--json")
    assert [p["agent"] for p in duel.json()["players"]] == ["greedy"] * 2


def test_no_players_at_a_terminal_seats_one_human(capsys, monkeypatch, tmp_path: Path) -> None:
    """At a terminal: you against greedy bots. Input ends at once: the game is saved."""
    monkeypatch.chdir(tmp_path)
    r = kd(capsys, monkeypatch, "play", "--seed", "8", stdin=ScriptedStdin(tty=True))
    assert r.code == 130
    saved = read_save(tmp_path / "kd-game-8.json")
    assert [p.agent for p in saved.players] == ["human", "greedy", "greedy", "greedy"]
    assert "kd play --resume kd-game-8.json" in r.err


def test_teams_share_kingdoms(capsys, monkeypatch, tmp_path: Path) -> None:
    """Teamdomino (docs/rules/xl.md): `kingdoms[].players` lists both teammates."""
    ruleset = tmp_path / "teams.toml"
    ruleset.write_text('[ruleset]\nname = "teams"\nplugins = ["base", "teamdomino"]\nplayers = 6\n')
    r = kd(capsys, monkeypatch, "play", "-r", str(ruleset), "--seed", "2", "--json")
    assert r.code == 0, r.err
    data = r.json()
    assert [k["players"] for k in data["kingdoms"]] == [[0, 1], [2, 3], [4, 5]]
    assert len(data["winners"]) % 2 == 0  # a team wins together
    assert data["ranking"][0]["seats"] == data["winners"]


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (("-p", "greedy,wizard"), 2, "unknown agent 'wizard'; available:"),
        (("-p", "greedy,,greedy"), 2, "empty entry"),
        (("-p", "greedy,greedy,greedy,greedy,greedy"), 3, "5 players is not allowed"),
        (("-p", "greedy"), 3, "1 players is not allowed"),
        (("-r", "no-such-ruleset", "-p", "greedy,greedy"), 3, "no-such-ruleset"),
        (("-p", "greedy,greedy", "--names", "only-one"), 2, "--names"),
        (("--resume", "x.json", "--seed", "3"), 2, "drop --ruleset and --seed"),
        (("--resume", "missing.json"), 4, "cannot read the saved game"),
        (("-p", "greedy,greedy", "--save", "/no/such/dir/g.json"), 2, "does not exist"),
    ],
)
def test_errors_are_one_line_with_their_status(capsys, monkeypatch, args, code, message) -> None:
    r = (
        kd(capsys, monkeypatch, "play", "--seed", "1", *args)
        if "--resume" not in args
        else kd(capsys, monkeypatch, "play", *args)
    )
    assert r.code == code, r.err
    assert message in r.err
    assert r.out == ""
    assert "Traceback" not in r.err


def test_errors_in_a_subprocess(tmp_path: Path) -> None:
    bad = kd_process("play", "-p", "greedy,wizard", "--seed", "1", "--json")
    assert bad.code == 2 and "unknown agent 'wizard'" in bad.err and bad.out == ""
    count = kd_process("play", "-p", "greedy", "--seed", "1")
    assert count.code == 3 and "not allowed" in count.err
    corrupt = tmp_path / "c.json"
    corrupt.write_text('{"format": "kingdomino-save", "version": 1, "seed": 1}')
    resumed = kd_process("play", "--resume", str(corrupt))
    assert resumed.code == 4 and "required key missing" in resumed.err
    assert len(resumed.err.strip().splitlines()) == 1


def test_save_at_the_end_verifies(capsys, monkeypatch, tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    r = kd(
        capsys,
        monkeypatch,
        "play",
        "-p",
        "greedy,random",
        "--seed",
        "6",
        "--save",
        str(save),
        "--json",
    )
    saved = read_save(save)
    assert saved.finished
    assert saved.result is not None
    assert saved.result["winners"] == r.json()["winners"]
    assert saved.result["kingdoms"] == r.json()["kingdoms"]
    assert verify(saved, trust=OWN_CODE).ok


def test_plugin_failure_keeps_the_log(capsys, monkeypatch, tmp_path: Path) -> None:
    """A plugin raising in a hook stops the game (exit 6) naming plugin and hook; the save
    keeps every move up to the failure."""
    (tmp_path / "boom.py").write_text(
        "from kingdomino_core import hookimpl\nNAME = 'boom'\nHOOK_API = 1\n\n"
        "@hookimpl\ndef kd_after_place(game, seat, action):\n"
        "    if len(game.log) > 30:\n        raise RuntimeError('the volcano erupted')\n"
    )
    (tmp_path / "boom.toml").write_text(
        '[ruleset]\nname = "boom"\nplugins = ["base", "boom"]\nplugin_files = ["boom.py"]\n'
    )
    save = tmp_path / "b.json"
    r = kd(
        capsys,
        monkeypatch,
        "play",
        "-r",
        str(tmp_path / "boom.toml"),
        "-p",
        "greedy,greedy",
        "--seed",
        "1",
        "--save",
        str(save),
    )
    assert r.code == 6
    assert "plugin 'boom' failed in hook kd_after_place" in r.err
    saved = read_save(save)
    assert not saved.finished and len(saved.log) >= 30
    assert verify(saved, trust=OWN_CODE).ok


def test_plugin_failing_in_the_final_scoring_keeps_the_log(
    capsys, monkeypatch, tmp_path: Path
) -> None:
    """The final scoring raising still leaves a save with every move (and no result)."""
    (tmp_path / "sour.py").write_text(
        "from kingdomino_core import hookimpl\nNAME = 'sour'\nHOOK_API = 1\n\n"
        "@hookimpl\ndef kd_score_kingdom(game, kingdom):\n"
        "    if game.is_terminal():\n        raise RuntimeError('sour grapes')\n"
    )
    (tmp_path / "sour.toml").write_text(
        '[ruleset]\nname = "sour"\nplugins = ["base", "sour"]\nplugin_files = ["sour.py"]\n'
    )
    save = tmp_path / "s.json"
    r = kd(
        capsys,
        monkeypatch,
        "play",
        "-r",
        str(tmp_path / "sour.toml"),
        "-p",
        "random,random",
        "--seed",
        "1",
        "--save",
        str(save),
        "--json",
    )
    assert r.code == 6 and r.out == ""
    assert "plugin 'sour' failed in hook kd_score_kingdom" in r.err
    saved = read_save(save)
    assert saved.result is None
    assert replay(saved, trust=OWN_CODE).is_terminal()  # every move is there


def test_resume_of_a_finished_game_prints_its_result(capsys, monkeypatch, tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    first = kd(
        capsys,
        monkeypatch,
        "play",
        "-p",
        "random,random",
        "--seed",
        "2",
        "--save",
        str(save),
        "--json",
    )
    again = kd(capsys, monkeypatch, "play", "--resume", str(save), "--json")
    assert again.code == 0
    assert again.json() == first.json()
    assert "the game is over" in again.err
