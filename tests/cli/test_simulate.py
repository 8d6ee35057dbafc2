"""``kd simulate``: contract JSON, determinism, workers, errors, profile."""

from __future__ import annotations

import pytest
from play_support import kd, kd_process

from kingdomino_cli.cmd_simulate import game_seed, run
from kingdomino_cli.common import resolve_ruleset

RANDOM4 = "random,random,random,random"


def test_json_has_the_contract_keys_and_consistent_figures(capsys, monkeypatch) -> None:
    """docs/formats.md `kd simulate`: games, seconds, games_per_second, seats[agent, wins,
    mean_score]."""
    r = kd(
        capsys,
        monkeypatch,
        "simulate",
        "-p",
        "greedy,random,random",
        "-n",
        "12",
        "--seed",
        "3",
        "--json",
    )
    assert r.code == 0, r.err
    data = r.json()
    assert data["games"] == 12
    assert data["seconds"] > 0 and data["games_per_second"] > 0
    assert [s["agent"] for s in data["seats"]] == ["greedy", "random", "random"]
    assert sum(s["wins"] for s in data["seats"]) == pytest.approx(12)
    for seat in data["seats"]:
        assert set(seat) >= {"agent", "wins", "mean_score"}
        assert seat["min_score"] <= seat["mean_score"] <= seat["max_score"]
        assert seat["outright_wins"] + seat["shared_wins"] >= seat["wins"] - 1e-9
    shared = sum(s["shared_wins"] for s in data["seats"])
    assert (shared == 0) == (data["shared_victories"] == 0)


def test_a_simulated_game_is_the_same_game_as_kd_play(capsys, monkeypatch) -> None:
    """Game i of a run is `kd play` with seed game_seed(seed, i): same agents, same seeding."""
    sim = kd(
        capsys, monkeypatch, "simulate", "-p", "greedy,random", "-n", "1", "--seed", "5", "--json"
    ).json()
    play = kd(
        capsys, monkeypatch, "play", "-p", "greedy,random", "--seed", str(game_seed(5, 0)), "--json"
    ).json()
    totals = [k["score"]["total"] for k in play["kingdoms"]]
    assert [s["mean_score"] for s in sim["seats"]] == totals
    assert [s["seat"] for s in sim["seats"] if s["wins"] > 0] == play["winners"]


def test_same_seed_same_results_and_workers_do_not_change_them(capsys, monkeypatch) -> None:
    args = ("simulate", "-p", RANDOM4, "-n", "30", "--seed", "11", "--json")
    one = kd(capsys, monkeypatch, *args).json()
    again = kd(capsys, monkeypatch, *args).json()
    two = kd(capsys, monkeypatch, *args, "--workers", "2").json()
    assert one["seats"] == again["seats"] == two["seats"]
    assert two["workers"] == 2
    other = kd(
        capsys, monkeypatch, "simulate", "-p", RANDOM4, "-n", "30", "--seed", "12", "--json"
    ).json()
    assert other["seats"] != one["seats"]


def test_spawned_workers_give_the_same_outcomes() -> None:
    """The worker design is spawn-safe (only picklable arguments), not just fork-safe."""
    ruleset = resolve_ruleset("grand-duel")
    specs = ("greedy", "random")
    serial = run(ruleset, specs, 4, 6, workers=1)
    spawned = run(ruleset, specs, 4, 6, workers=2, start_method="spawn")
    assert spawned == serial


def test_subprocess_text_and_json(tmp_path) -> None:
    text = kd_process("simulate", "-p", "greedy,random", "-n", "4", "--seed", "1")
    assert text.code == 0, text.err
    assert "4 games of base with 2 players" in text.out and "games/s" in text.out
    js = kd_process(
        "simulate", "-p", "greedy,random", "-n", "4", "--seed", "1", "--json", "--workers", "2"
    )
    assert js.code == 0 and js.json()["games"] == 4


def test_random_seed_is_printed(capsys, monkeypatch) -> None:
    r = kd(capsys, monkeypatch, "simulate", "-p", "random,random", "-n", "2", "--json")
    assert "kd: seed " in r.err
    assert str(r.json()["seed"]) in r.err


def test_profile_goes_to_stderr(capsys, monkeypatch) -> None:
    r = kd(
        capsys,
        monkeypatch,
        "simulate",
        "-p",
        "random,random",
        "-n",
        "3",
        "--seed",
        "1",
        "--json",
        "--profile",
        "--workers",
        "2",
    )
    assert r.code == 0
    assert "function calls" in r.err and "cumulative" in r.err
    assert r.json()["games"] == 3  # stdout still exactly one JSON object
    assert r.json()["workers"] == 1


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (("-p", "random,wizard"), 2, "unknown agent 'wizard'"),
        (("-p", "human,random"), 2, "'human' cannot play here"),
        (("-p", "random"), 3, "1 players is not allowed"),
        (("-p", "random,random", "-n", "0"), 2, "-n must be at least 1"),
        (("-p", "random,random", "--workers", "0"), 2, "--workers must be at least 1"),
    ],
)
def test_errors(capsys, monkeypatch, args, code, message) -> None:
    r = kd(capsys, monkeypatch, "simulate", "--seed", "1", *args)
    assert r.code == code, r.err
    assert message in r.err and r.out == ""
