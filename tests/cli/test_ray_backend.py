"""``--backend ray``: the same seeds give exactly the same results as local workers.

Against a real local Ray instance with 2 CPUs, started once for this module (Ray
takes seconds to start). In-process runs find it initialised and use it; one run in
a subprocess joins it with ``--address``, as a user joins a cluster.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from play_support import kd, kd_process

ray = pytest.importorskip("ray")

AGENTS = "random,greedy,mcts:playouts=3+width=3,mcts:playouts=6+width=3"


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """A local Ray instance with two CPUs; yields its address."""
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield ray.get_runtime_context().gcs_address
    finally:
        ray.shutdown()


def tournament(capsys, monkeypatch, out: Path, *extra: str) -> dict:  # type: ignore[no-untyped-def]
    r = kd(
        capsys, monkeypatch, "tournament", "--agents", AGENTS, "-n", "1", "--seed", "9",
        "--out", str(out), "--json", *extra,
    )  # fmt: skip
    assert r.code == 0, r.err
    return r.json()


def test_a_tournament_on_ray_equals_the_local_one(cluster, capsys, monkeypatch, tmp_path):
    local = tournament(capsys, monkeypatch, tmp_path / "local.jsonl")
    on_ray = tournament(capsys, monkeypatch, tmp_path / "ray.jsonl", "--backend", "ray")
    assert on_ray["games"] == local["games"] == 12  # 6 pairs x 2 seatings
    assert on_ray["ratings"] == local["ratings"]
    assert on_ray["head_to_head"] == local["head_to_head"]

    def games(path: Path) -> list[dict]:
        lines = path.read_text().splitlines()[1:]
        return sorted((json.loads(line) for line in lines), key=lambda g: g["job"])

    assert games(tmp_path / "ray.jsonl") == games(tmp_path / "local.jsonl")


def test_simulate_on_ray_equals_local_with_rotation(cluster, capsys, monkeypatch):
    args = ("simulate", "-p", "greedy,random,random", "-n", "6", "--seed", "4", "--rotate")
    local = kd(capsys, monkeypatch, *args, "--json").json()
    on_ray = kd(capsys, monkeypatch, *args, "--json", "--backend", "ray").json()
    assert on_ray["backend"] == "ray" and on_ray["games"] == 18
    assert on_ray["seats"] == local["seats"]
    assert on_ray["agents"] == local["agents"]


def test_a_subprocess_joins_the_cluster_by_address(cluster, capsys, monkeypatch):
    args = ("simulate", "-p", "greedy,random", "-n", "4", "--seed", "2", "--json")
    local = kd(capsys, monkeypatch, *args).json()
    joined = kd_process(*args, "--backend", "ray", "--address", cluster, timeout=300)
    assert joined.code == 0, joined.err
    assert json.loads(joined.out)["seats"] == local["seats"]


def test_ctrl_c_of_a_run_joined_to_a_cluster_cancels_its_tasks_and_leaves_the_cluster_up(
    cluster,
):
    """A user's Ctrl-C stops their run, not the shared cluster: the run's tasks stop
    (the cluster's CPUs come back) and the cluster still takes work."""
    import os
    import signal
    import subprocess
    import sys
    import time

    proc = subprocess.Popen(
        [sys.executable, "-m", "kingdomino_cli.app", "simulate", "-p", "greedy,greedy",
         "-n", "100000", "--seed", "1", "--backend", "ray", "--address", cluster],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
        env=dict(os.environ, NO_COLOR="1"),
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 240
        while proc.poll() is None and time.monotonic() < deadline:
            if ray.available_resources().get("CPU", 0) < 1:  # its tasks hold the CPUs
                break
            time.sleep(0.2)
        assert proc.poll() is None, proc.communicate()[1]
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130, err
    assert err.strip().splitlines()[-1] == "kd: interrupted" and "Traceback" not in err
    deadline = time.monotonic() + 30
    while ray.available_resources().get("CPU", 0) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
    assert ray.available_resources().get("CPU", 0) == 2
    assert ray.get(ray.remote(lambda: 42).remote()) == 42


def test_what_ray_prints_goes_to_stderr_and_json_stays_valid(cluster, tmp_path):
    """Issue 21: the Ray driver prints the cluster's error messages and warnings on
    standard output (``(raylet) ...``), which broke ``--json``. A message published
    to every driver while a joined ``kd`` runs must land on its standard error."""
    import os
    import subprocess
    import sys
    import time

    from ray._private.utils import publish_error_to_driver
    from ray._private.worker import global_worker

    proc = subprocess.Popen(
        [sys.executable, "-m", "kingdomino_cli.app", "simulate", "-p", "greedy,greedy",
         "-n", "30", "--seed", "1", "--json", "--backend", "ray", "--address", cluster],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=dict(os.environ, NO_COLOR="1", RAY_DEDUP_LOGS="0"),
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 240
        while proc.poll() is None and time.monotonic() < deadline:
            publish_error_to_driver("kd_test", "a word from the cluster", global_worker.gcs_client)
            time.sleep(0.25)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    assert json.loads(out)["games"] == 30  # exactly one JSON document
    assert "a word from the cluster" in err and "a word from the cluster" not in out


def test_a_ray_that_cannot_start_is_one_message_with_status_8(tmp_path):
    """Before: ``kd: internal error: FileNotFoundError ...`` and status 1, or, at an
    address where nothing answers, minutes of retries before status 1."""
    import os
    import subprocess
    import sys
    import time

    def run(*extra: str, **env: str) -> tuple[subprocess.CompletedProcess[str], float]:
        start = time.monotonic()
        done = subprocess.run(
            [sys.executable, "-m", "kingdomino_cli.app", "simulate", "-p", "greedy,random",
             "-n", "2", "--seed", "1", "--json", "--backend", "ray", *extra],
            capture_output=True, text=True, timeout=240, env=dict(os.environ, **env),
        )  # fmt: skip
        return done, time.monotonic() - start

    refused, seconds = run("--address", "127.0.0.1:1")
    assert refused.returncode == 8 and refused.stdout == "", refused.stderr
    assert refused.stderr.splitlines() == [
        "kd: error: --backend ray: nothing answers at --address '127.0.0.1:1' "
        "(Connection refused); is the cluster started (ray start --head)?"
    ]
    assert seconds < 60
    broken, _ = run(RAY_TMPDIR=str(tmp_path / "missing" / "dir"), RAY_ADDRESS="")
    assert broken.returncode == 8 and broken.stdout == "", broken.stderr
    last = broken.stderr.strip().splitlines()[-1]
    assert last.startswith("kd: error: --backend ray: could not start a local Ray instance: ")
    assert "Traceback" not in broken.stderr and "internal error" not in broken.stderr
