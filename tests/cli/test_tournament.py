"""``kd tournament``: schedule, ratings, head-to-head, results file, resume."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from play_support import kd, kd_process

from kingdomino_cli.runner import Job, rotations
from kingdomino_cli.tournament import Setup, head_to_head, ratings, schedule, wilson

AGENTS = "random,greedy,mcts:playouts=3+width=3"


def test_rotations_put_every_agent_in_every_seat_once() -> None:
    assert rotations(["a", "b", "c"]) == [("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")]
    assert rotations(["g", "g"]) == [("g", "g")]


def test_schedule_is_a_duplicate_round_robin_with_rotation() -> None:
    setup = Setup(ruleset="base", agents=("a", "b", "c"), players=2, rounds=2, seed=1)
    jobs = schedule(setup)
    # 3 pairs x 2 seatings x 2 deals; each round deals one seed to every table.
    assert len(jobs) == 12
    assert [j.index for j in jobs] == list(range(12))
    assert {j.deal for j in jobs[:6]} == {0} and {j.deal for j in jobs[6:]} == {1}
    seats = [(j.specs[0], j.specs[1]) for j in jobs[:6]]
    assert sorted(seats) == sorted(
        [("a", "b"), ("b", "a"), ("a", "c"), ("c", "a"), ("b", "c"), ("c", "b")]
    )


def test_wilson_interval() -> None:
    low, high = wilson(8, 10)
    assert 0.49 < low < 0.5 and 0.94 < high < 0.95  # textbook values for 8/10
    assert wilson(0, 0) == (0.0, 1.0)


def test_ratings_and_head_to_head_follow_the_places() -> None:
    setup = Setup(ruleset="base", agents=("strong", "weak"), players=2, rounds=1, seed=1)
    games = [
        {"job": i, "deal": i, "seats": [i % 2, 1 - i % 2], "scores": [30, 10][:: 1 - 2 * (i % 2)]}
        for i in range(20)
    ]
    for g in games:
        strong_seat = g["seats"].index(0)
        g["places"] = [0 if s == strong_seat else 1 for s in range(2)]
        g["winners"] = [strong_seat]
    table = ratings(setup, games)
    assert [e["agent"] for e in table] == ["strong", "weak"]
    assert table[0]["low"] > table[1]["high"]  # clearly separated after 20 games
    assert table[0]["wins"] == 20 and table[1]["wins"] == 0
    pairs = {(p["agent"], p["opponent"]): p for p in head_to_head(setup, games)}
    assert pairs[("strong", "weak")]["win_rate"] == 1.0
    assert pairs[("weak", "strong")]["win_rate"] == 0.0
    assert pairs[("strong", "weak")]["low"] == pytest.approx(wilson(20, 20)[0], abs=1e-6)


def run_tournament(capsys, monkeypatch, out: Path, *extra: str):  # type: ignore[no-untyped-def]
    return kd(
        capsys,
        monkeypatch,
        "tournament",
        "--agents",
        AGENTS,
        "-n",
        "2",
        "--seed",
        "3",
        "--out",
        str(out),
        "--json",
        *extra,
    )


def test_a_tournament_writes_every_game_and_rates_the_agents(capsys, monkeypatch, tmp_path):
    out = tmp_path / "t.jsonl"
    r = run_tournament(capsys, monkeypatch, out)
    assert r.code == 0, r.err
    report = r.json()
    assert report["games"] == 12  # 3 pairs x 2 seatings x 2 deals
    assert {e["agent"] for e in report["ratings"]} == set(AGENTS.split(","))
    assert all(e["games"] == 8 for e in report["ratings"])
    lines = out.read_text().splitlines()
    assert json.loads(lines[0])["tournament"]["agents"] == AGENTS.split(",")
    assert len(lines) == 13
    assert {json.loads(line)["job"] for line in lines[1:]} == set(range(12))


def test_an_interrupted_tournament_resumes_to_the_same_result(capsys, monkeypatch, tmp_path):
    full = tmp_path / "full.jsonl"
    whole = run_tournament(capsys, monkeypatch, full).json()
    # Simulate an interruption: keep the header and 5 games, the last one cut mid-line.
    part = tmp_path / "part.jsonl"
    lines = full.read_text().splitlines()
    part.write_text("\n".join(lines[:6]) + "\n" + lines[6][:15])
    r = run_tournament(capsys, monkeypatch, part)
    assert r.code == 0, r.err
    assert "resuming" in r.err and "5 of 12 games done" in r.err
    resumed = r.json()
    assert resumed["ratings"] == whole["ratings"]
    assert resumed["head_to_head"] == whole["head_to_head"]
    games = [json.loads(line) for line in part.read_text().splitlines()[1:]]
    assert sorted(g["job"] for g in games) == list(range(12))  # the cut line is gone


def test_workers_give_the_same_results(capsys, monkeypatch, tmp_path):
    one = run_tournament(capsys, monkeypatch, tmp_path / "one.jsonl").json()
    two = run_tournament(capsys, monkeypatch, tmp_path / "two.jsonl", "--workers", "2").json()
    assert one["ratings"] == two["ratings"]


def test_a_results_file_of_another_tournament_is_refused(capsys, monkeypatch, tmp_path):
    out = tmp_path / "t.jsonl"
    assert run_tournament(capsys, monkeypatch, out).code == 0
    r = kd(
        capsys, monkeypatch, "tournament", "--agents", "random,greedy", "--seed", "3",
        "--out", str(out),
    )  # fmt: skip
    assert r.code == 2
    assert "another tournament" in r.err and "Traceback" not in r.err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--agents", "random"), "at least two"),
        (("--agents", "random,random"), "twice"),
        (("--agents", "random,nobody"), "unknown agent"),
        (("--agents", "random,greedy", "-n", "0"), "-n must be"),
        (("--agents", "random,greedy", "--backend", "cloud"), "--backend"),
        (("--agents", "random,greedy", "--address", "auto"), "needs --backend ray"),
        (("--agents", "random,greedy", "--players", "3"), "at least 3 entrants"),
    ],
)
def test_usage_errors(capsys, monkeypatch, tmp_path, args, message) -> None:
    r = kd(capsys, monkeypatch, "tournament", "--out", str(tmp_path / "t.jsonl"), *args)
    assert r.code == 2
    assert message in r.err and "Traceback" not in r.err


def test_text_report_in_a_subprocess(tmp_path) -> None:
    r = kd_process(
        "tournament", "--agents", "random,greedy", "-n", "2", "--seed", "1",
        "--out", str(tmp_path / "t.jsonl"),
    )  # fmt: skip
    assert r.code == 0, r.err
    assert "Ratings (openskill" in r.out and "Head to head" in r.out
    assert "greedy" in r.out.split("Ratings")[1].splitlines()[2]  # greedy rated first


def test_a_job_runs_the_same_seed_for_every_seating() -> None:
    from kingdomino_cli.common import resolve_ruleset
    from kingdomino_cli.runner import play_jobs

    jobs = [
        Job(index=0, deal=7, specs=("greedy", "random")),
        Job(index=1, deal=7, specs=("random", "greedy")),
    ]
    first, second = play_jobs(resolve_ruleset("base"), 5, jobs)
    assert (first.index, second.index) == (0, 1)
    assert play_jobs(resolve_ruleset("base"), 5, jobs[1:])[0] == second


def test_ctrl_c_keeps_the_finished_games_and_the_same_command_resumes(tmp_path) -> None:
    import os
    import signal
    import subprocess
    import sys
    import time

    out = tmp_path / "t.jsonl"
    args = [
        sys.executable, "-m", "kingdomino_cli.app", "tournament",
        "--agents", "greedy,mcts:playouts=30", "-n", "4", "--seed", "5", "--out", str(out),
    ]  # fmt: skip
    proc = subprocess.Popen(
        args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=dict(os.environ, NO_COLOR="1"),
    )  # fmt: skip
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline and proc.poll() is None:
        if out.exists() and len(out.read_text().splitlines()) >= 3:  # header + 2 games
            break
        time.sleep(0.2)
    if proc.poll() is not None:
        pytest.skip("the tournament finished before it could be interrupted")
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    assert "run the same command to resume" in err and "Traceback" not in err
    # Said once, last, as for every interrupted command.
    assert err.count("interrupted") == 1 and err.strip().splitlines()[-1] == "kd: interrupted"
    saved = len(out.read_text().splitlines()) - 1
    assert 2 <= saved < 8
    again = kd_process(*args[3:])
    assert again.code == 0, again.err
    assert f"resuming {out}: {saved} of 8 games done" in again.err
    assert len(out.read_text().splitlines()) == 9


def test_a_ctrl_c_python_swallowed_still_stops_the_run() -> None:
    # A KeyboardInterrupt raised inside a garbage-collector finalizer is printed and
    # dropped by Python; the run must stop anyway at the next finished game.
    from kingdomino_cli import interrupts
    from kingdomino_cli.common import resolve_ruleset
    from kingdomino_cli.runner import run_jobs

    jobs = [Job(index=i, deal=i, specs=("random", "random")) for i in range(6)]
    seen: list[int] = []

    def swallowed_ctrl_c(chunk: list) -> None:
        seen.extend(r.index for r in chunk)
        interrupts.note()  # what kd's Ctrl-C handler does before raising

    interrupts.reset()
    try:
        with pytest.raises(KeyboardInterrupt):
            run_jobs(resolve_ruleset("base"), 3, jobs, on_results=swallowed_ctrl_c)
    finally:
        interrupts.reset()
    assert seen == [0]


SOLO_PLUGIN = """from kingdomino_core import hookimpl
NAME = "solo"
HOOK_API = 1


@hookimpl(trylast=True)
def kd_configure(config):
    config.set("allowed_players", (1,), override=True)
    config.set("kings_per_seat", 1, override=True)
    config.set("line_size", 3, override=True)
"""


def test_a_one_player_ruleset_is_refused_up_front(capsys, monkeypatch, tmp_path) -> None:
    """Issue 23: before, every game was played, then openskill failed ("must have at
    least 2 teams") and kd exited 1. Now: status 2 at once, in words, no file."""
    (tmp_path / "solo.py").write_text(SOLO_PLUGIN)
    (tmp_path / "solo.toml").write_text(
        '[ruleset]\nname = "solo"\nplugins = ["base", "solo"]\nplugin_files = ["solo.py"]\n'
    )
    out = tmp_path / "t.jsonl"
    r = kd(capsys, monkeypatch, "tournament", "-r", str(tmp_path / "solo.toml"),
           "--agents", "random,greedy", "-n", "2", "--seed", "1", "--out", str(out))  # fmt: skip
    assert r.code == 2, r.err
    first = r.err.splitlines()[0]
    assert first == (
        "kd: error: kd tournament rates entrants against each other, so a game needs at "
        "least 2 players, not 1 (ruleset 'solo' is played alone); compare bots playing "
        "alone with kd simulate"
    )
    assert not out.exists()
    r = kd(capsys, monkeypatch, "tournament", "--agents", "random,greedy", "--players", "1",
           "--out", str(out))  # fmt: skip
    assert r.code == 2 and "needs at least 2 players, not 1;" in r.err and not out.exists()
