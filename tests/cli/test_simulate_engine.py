"""``kd simulate --engine python|fast|auto``: the kernel changes the speed, never the
report; a run it cannot play exactly is refused (``fast``) or runs in Python
(``auto``); without numba, ``kd simulate`` is what it was (docs/fast.md)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from play_support import kd

from kingdomino_cli import fast_engine

pytest.importorskip("numba")


def report(text: str) -> dict[str, object]:
    data = json.loads(text)
    data.pop("seconds")
    data.pop("games_per_second")
    return data


def text_report(text: str) -> list[str]:
    """The text report without its first line's timings."""
    lines = text.splitlines()
    return [lines[0].split(":")[0], *lines[1:]]


@pytest.mark.parametrize(
    "args",
    [
        ("-p", "random,greedy,random,random", "-n", "300", "--seed", "4"),
        ("-p", "greedy,random", "-n", "60", "--seed", "9", "--rotate", "-r", "grand-duel"),
        ("-p", "random,greedy,random", "-n", "40", "--seed", "2", "-r", "dynasty", "--rotate"),
        ("-p", "random,random,greedy", "-n", "40", "--seed", "8", "-r", "xl"),
    ],
)
def test_fast_and_python_give_the_same_report(capsys, monkeypatch, args) -> None:
    python = kd(capsys, monkeypatch, "simulate", *args, "--engine", "python", "--json")
    fast = kd(capsys, monkeypatch, "simulate", *args, "--engine", "fast", "--json")
    assert python.code == fast.code == 0, fast.err
    assert report(fast.out) == report(python.out)
    python = kd(capsys, monkeypatch, "simulate", *args, "--engine", "python")
    fast = kd(capsys, monkeypatch, "simulate", *args, "--engine", "fast")
    assert text_report(fast.out) == text_report(python.out)


def test_workers_play_in_the_kernel_too(capsys, monkeypatch) -> None:
    args = ("simulate", "-p", "random,greedy", "-n", "80", "--seed", "3", "--json")
    one = kd(capsys, monkeypatch, *args, "--engine", "python")
    two = kd(capsys, monkeypatch, *args, "--engine", "fast", "--workers", "2")
    assert two.code == 0, two.err
    assert {**report(two.out), "workers": 1} == report(one.out)


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (("-p", "mcts:playouts=4,random"), "agent 'mcts:playouts=4' is not covered"),
        (("-p", "random,random", "-r", "court"), "plugins ['base', 'court'] are not covered"),
        (("-p", ",".join(["random"] * 6), "-r", "teamdomino"), "teamdomino"),
    ],
)
def test_fast_refuses_what_it_does_not_cover(capsys, monkeypatch, args, reason) -> None:
    r = kd(capsys, monkeypatch, "simulate", *args, "-n", "2", "--seed", "1", "--engine", "fast")
    assert r.code == 2
    assert "--engine fast:" in r.err and reason in r.err


def test_auto_runs_an_uncovered_run_in_python(capsys, monkeypatch) -> None:
    calls: list[int] = []
    real = fast_engine.fast_results

    def counted(*a, **k):
        calls.append(1)
        return real(*a, **k)

    monkeypatch.setattr(fast_engine, "fast_results", counted)
    monkeypatch.setattr(fast_engine, "WARM_SECONDS", 0.0)
    monkeypatch.setattr(fast_engine, "COLD_SECONDS", 0.0)
    args = ("simulate", "-n", "3", "--seed", "1", "--json")
    assert kd(capsys, monkeypatch, *args, "-p", "mcts:playouts=2,random").code == 0
    assert calls == []
    assert kd(capsys, monkeypatch, *args, "-p", "greedy,random").code == 0
    assert calls == [1]  # covered, and big enough (the thresholds set to 0 here)


def test_auto_leaves_small_runs_to_python(capsys, monkeypatch) -> None:
    calls: list[int] = []
    real = fast_engine.fast_results
    monkeypatch.setattr(fast_engine, "fast_results", lambda *a: calls.append(1) or real(*a))
    r = kd(capsys, monkeypatch, "simulate", "-p", "random,random", "-n", "5", "--seed", "1")
    assert r.code == 0 and calls == []


def test_a_bad_engine_name_is_a_usage_error(capsys, monkeypatch) -> None:
    r = kd(capsys, monkeypatch, "simulate", "-n", "1", "--engine", "numba")
    assert r.code == 2 and "--engine must be one of python, fast, auto" in r.err


def test_without_numba_simulate_is_what_it_was(capsys, monkeypatch) -> None:
    """The extra not installed: importing numba fails; auto is the Python engine, and
    fast says how to install it."""
    for name in [m for m in sys.modules if m.startswith("kingdomino_fast")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "numba", None)  # import numba raises ImportError
    monkeypatch.setattr(fast_engine, "WARM_SECONDS", 0.0)
    monkeypatch.setattr(fast_engine, "COLD_SECONDS", 0.0)
    args = ("simulate", "-p", "random,greedy", "-n", "20", "--seed", "6", "--json")
    auto = kd(capsys, monkeypatch, *args)
    python = kd(capsys, monkeypatch, *args, "--engine", "python")
    assert auto.code == python.code == 0, auto.err
    assert report(auto.out) == report(python.out)
    assert "kingdomino_fast.loop" not in sys.modules
    fast = kd(capsys, monkeypatch, *args, "--engine", "fast")
    assert fast.code == 2 and "pip install -e '.[fast]'" in fast.err


def test_tournament_fast_writes_the_same_results_file(capsys, monkeypatch, tmp_path) -> None:
    files = {}
    for engine in ("python", "fast"):
        out = tmp_path / f"{engine}.jsonl"
        args = ("tournament", "-a", "random,greedy", "-n", "30", "--seed", "5")
        r = kd(capsys, monkeypatch, *args, "-o", str(out), "--engine", engine)
        assert r.code == 0, r.err
        files[engine] = out.read_bytes()
    assert files["fast"] == files["python"]
    r = kd(capsys, monkeypatch, "tournament", "-a", "random,mcts:playouts=2", "-n", "1",
           "-o", str(tmp_path / "m.jsonl"), "--engine", "fast")  # fmt: skip
    assert r.code == 2 and "agent 'mcts:playouts=2' is not covered" in r.err


def test_a_small_auto_run_does_not_even_import_numba() -> None:
    """Small runs stay as fast as before: numba's import alone costs about 0.4 s."""
    code = (
        "import sys; from kingdomino_cli.app import main; "
        "main(['simulate', '-p', 'random,greedy', '-n', '20', '--seed', '1']); "
        "print('numba' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.splitlines()[-1] == "False"
