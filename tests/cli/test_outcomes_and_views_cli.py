"""Outcomes and player views at the command line (issue 23 items 4 and 5), with the
examples' rules: a solo challenge whose target is missed has no winner, in words and
JSON, in ``kd play``, ``kd simulate`` and ``kd tournament``; at a scripted terminal
the person of a secret-objective game sees their own card and never a bot's.
"""

from __future__ import annotations

import json
from pathlib import Path

from play_support import ScriptedStdin, kd

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SOLO = str(EXAMPLES / "solo-challenge" / "solo-challenge.toml")
SECRET = str(EXAMPLES / "secret-objective" / "secret-objective.toml")
CARDS = (
    "a wheat property of 7 squares",
    "a forest property of 6 squares",
    "a lake property of 6 squares",
    "a grassland property of 5 squares",
    "a swamp property of 4 squares",
    "a mine property of 3 squares",
)
ONES = ["1"] * 400


def test_a_missed_target_is_nobodys_win_in_words_and_json(capsys, monkeypatch) -> None:
    args = ("play", "--ruleset", SOLO, "-p", "human", "--seed", "3", "--ask-forced")
    r = kd(capsys, monkeypatch, *args, stdin=ScriptedStdin(ONES))
    assert r.code == 0, r.err
    last = r.out.strip().splitlines()[-1]
    assert last.startswith("Nobody wins: the target of 50 points is missed by "), r.out
    assert "P1 wins" not in r.out + r.err
    r = kd(capsys, monkeypatch, *args, "--json", stdin=ScriptedStdin(ONES))
    data = r.json()
    assert data["winners"] == [] and data["finished"]
    missed = 50 - data["kingdoms"][0]["score"]["total"]
    assert data["verdict"] == f"the target of 50 points is missed by {missed}"
    assert data["outcome"] == f"Nobody wins: {data['verdict']}."
    assert data["ranking"][0]["seats"] == [0]  # still ranked first, alone


def test_a_reached_target_is_a_win(capsys, monkeypatch) -> None:
    r = kd(capsys, monkeypatch, "play", "--ruleset", SOLO, "-p", "greedy", "--seed", "1", "--json")
    data = r.json()
    assert data["kingdoms"][0]["score"]["total"] == 71
    assert data["winners"] == [0]
    assert data["outcome"] == "P1 wins: the target of 50 points is reached with 71."


def test_simulate_counts_the_games_nobody_won(capsys, monkeypatch) -> None:
    r = kd(
        capsys,
        monkeypatch,
        "simulate",
        "--ruleset",
        SOLO,
        "-p",
        "random",
        "-n",
        "6",
        "--seed",
        "1",
        "--json",
    )
    assert r.code == 0, r.err
    report = r.json()
    assert 0 < report["games_without_winner"] <= 6
    assert report["seats"][0]["wins"] == 6 - report["games_without_winner"]
    r = kd(
        capsys, monkeypatch, "simulate", "--ruleset", SOLO, "-p", "random", "-n", "6", "--seed", "1"
    )
    assert f"{report['games_without_winner']} of 6 games had no winner" in r.out


def test_simulate_json_of_a_shipped_ruleset_has_no_new_key(capsys, monkeypatch) -> None:
    r = kd(
        capsys, monkeypatch, "simulate", "-p", "random,random", "-n", "3", "--seed", "1", "--json"
    )
    assert "games_without_winner" not in r.json()
    r = kd(capsys, monkeypatch, "play", "-p", "random,random", "--seed", "1", "--json")
    assert "outcome" not in r.json() and "verdict" not in r.json()


def test_tournament_refuses_the_solo_challenge_up_front(
    capsys, monkeypatch, tmp_path: Path
) -> None:
    out = tmp_path / "t.jsonl"
    r = kd(
        capsys,
        monkeypatch,
        "tournament",
        "--ruleset",
        SOLO,
        "--agents",
        "random,greedy",
        "--out",
        str(out),
    )
    assert r.code == 2
    assert "at least 2" in r.err and "played alone" in r.err and "kd simulate" in r.err
    assert not out.exists()


def test_the_person_sees_their_own_card_and_never_the_bots(capsys, monkeypatch) -> None:
    args = (
        "play",
        "--ruleset",
        SECRET,
        "-p",
        "human,greedy,greedy",
        "--seed",
        "3",
        "--json",
        "--ask-forced",
    )
    r = kd(capsys, monkeypatch, *args, stdin=ScriptedStdin(ONES))
    assert r.code == 0, r.err
    data = r.json()
    screens = r.err
    mine = [card for card in CARDS if f"Your objective: {card}" in screens]
    assert len(mine) == 1
    assert [card for card in CARDS if card in screens] == mine  # no other card, ever
    assert screens.count("P2's objective: hidden until the end") > 5
    assert "is dealt" not in screens or "P2 is dealt a secret objective" in screens
    assert json.dumps(data)  # the result after the game names every card it scored
