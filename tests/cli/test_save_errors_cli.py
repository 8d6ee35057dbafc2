"""Tampered saves: one named error and the documented status, the file left alone (issue 12)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from play_support import kd


@pytest.fixture
def finished(tmp_path: Path, capsys, monkeypatch) -> Path:
    save = tmp_path / "game.json"
    r = kd(capsys, monkeypatch, "play", "-p", "random,random", "--seed", "5", "--save", str(save))
    assert r.code == 0, r.err
    return save


def tamper(save: Path, change: Callable[[dict[str, Any]], None]) -> Path:
    data = json.loads(save.read_text())
    change(data)
    save.write_text(json.dumps(data))
    return save


def text_tamper(save: Path, old: str, new: str) -> Path:
    save.write_text(save.read_text().replace(old, new, 1))
    return save


CASES: dict[str, tuple[Callable[[Path], Path], str, int, int]] = {
    # name: (tamper, message, status of replay --verify, status of play --resume)
    "huge-integer": (
        lambda s: text_tamper(s, '"seed": ', '"seed": ' + "7" * 5000 + ', "x": '),
        "an integer of more than 4300 digits",
        4,
        4,
    ),
    "deep-nesting": (
        lambda s: text_tamper(
            s, '"result": ', '"result": ' + "[" * 100000 + "]" * 100000 + ', "x": '
        ),
        "nested more than 32 levels deep",
        4,
        4,
    ),
    "kind-is-a-list": (
        lambda s: tamper(s, lambda d: d["log"][0].__setitem__("kind", [])),
        "log entry 1: an action's 'kind' must be a string, not []",
        4,
        4,
    ),
    "kind-is-an-object": (
        lambda s: tamper(s, lambda d: d["log"][0].__setitem__("kind", {})),
        "log entry 1: an action's 'kind' must be a string, not {}",
        4,
        4,
    ),
    "agent-is-a-number": (
        lambda s: tamper(s, lambda d: d["players"][1].__setitem__("agent", 5)),
        "players[1].agent: expected a string, not the number 5",
        4,
        4,
    ),
    "stale-result": (
        lambda s: tamper(s, lambda d: d.__setitem__("log", d["log"][:30])),
        "the save records a final result, but the game is not over after its 30 moves",
        5,
        5,
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_tampered_save_is_one_named_error(case: str, finished: Path, capsys, monkeypatch) -> None:
    change, message, verify_status, resume_status = CASES[case]
    save = change(finished)
    before = save.read_bytes()
    r = kd(capsys, monkeypatch, "replay", str(save), "--verify")
    assert (r.code, r.out) == (verify_status, "")
    (line,) = r.err.strip().splitlines()
    assert line.startswith(f"kd: error: {save}") and message in line
    r = kd(capsys, monkeypatch, "play", "--resume", str(save), "--json")
    assert r.code == resume_status, r.err
    assert message in r.err and "Traceback" not in r.err
    assert save.read_bytes() == before  # refused: the save is not overwritten


def test_an_unknown_agent_in_a_save_names_the_file(finished: Path, capsys, monkeypatch) -> None:
    save = tamper(finished, lambda d: d["players"][1].__setitem__("agent", "nosuchbot"))
    before = save.read_bytes()
    r = kd(capsys, monkeypatch, "play", "--resume", str(save))
    assert r.code == 4
    assert f"kd: error: {save}: players[1].agent: unknown agent 'nosuchbot'" in r.err
    assert save.read_bytes() == before
    # --players replaces the stored agents: then it is a usage question again.
    r = kd(capsys, monkeypatch, "play", "--resume", str(save), "-p", "random,nosuchbot")
    assert r.code == 2


def test_a_finished_game_without_a_stored_result_verifies(
    finished: Path, capsys, monkeypatch
) -> None:
    save = tamper(finished, lambda d: d.__setitem__("result", None))
    r = kd(capsys, monkeypatch, "replay", str(save), "--verify")
    assert r.code == 0, r.err
    assert "the game is over; the save records no final result" in r.out
    assert "not finished" not in r.out


def test_a_save_with_a_byte_order_mark_reads(finished: Path, capsys, monkeypatch) -> None:
    finished.write_bytes(b"\xef\xbb\xbf" + finished.read_bytes())
    r = kd(capsys, monkeypatch, "replay", str(finished), "--verify")
    assert r.code == 0, r.err


def test_a_huge_save_is_not_read(tmp_path: Path, capsys, monkeypatch) -> None:
    from kingdomino_core.inputs.limits import MAX_SAVE_BYTES

    save = tmp_path / "huge.json"
    with save.open("w") as fh:
        fh.write('{"format": "kingdomino-save", "pad": "')
        fh.write("x" * MAX_SAVE_BYTES)
        fh.write('"}')
    r = kd(capsys, monkeypatch, "replay", str(save))
    assert r.code == 4
    assert f"larger than {MAX_SAVE_BYTES} bytes" in r.err
