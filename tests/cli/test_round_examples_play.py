"""The market and round examples (examples/two-lines, draft, last-swap) are playable in
``kd play``: a scripted person plays each to its end against a bot, sees the market
offer by offer under its names and the rule's own decision in words, and the save
verifies."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from play_support import ScriptedStdin, kd

from kingdomino_core import Trust
from kingdomino_core.saves.savegame import parse_save, verify

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

#: ruleset file, players, what the person must have been shown
CASES = {
    "two-lines": (
        EXAMPLES / "two-lines" / "two-lines.toml",
        "human,greedy",
        ["Picking (next round), left line:", "Picking (next round), right line:"],
    ),
    "draft": (
        EXAMPLES / "draft" / "draft.toml",
        "human,greedy",
        # P2's hand is private: shown by its count of dominoes nobody picked yet.
        [
            "Picking (next round), hand A (yours):",
            "Picking (next round), hand A, 2 hidden (P2 picks):",
            "your only choice, played",
        ],
    ),
    "last-swap": (
        EXAMPLES / "last-swap" / "last-swap.toml",
        "human,greedy,random",
        ["End of the round, you acted last"],
    ),
}


@pytest.mark.parametrize("rule", sorted(CASES))
def test_a_person_plays_it_to_the_end_at_the_terminal(
    rule: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    ruleset, players, shown = CASES[rule]
    save = tmp_path / "game.json"
    result = kd(
        capsys,
        monkeypatch,
        "play",
        "--ruleset",
        str(ruleset),
        "-p",
        players,
        "--seed",
        "3",
        "--trust",
        "--save",
        str(save),
        "--json",
        stdin=ScriptedStdin(["2", "1"] * 400),
    )
    assert result.code == 0, result.err[-2000:]
    assert result.json()["ruleset"] == ruleset.stem
    for words in shown:
        assert words in result.err, (words, result.err[-3000:])
    saved = parse_save(save.read_text("utf-8"))
    assert verify(
        saved, trust=Trust(files=[ruleset.parent / f"{ruleset.stem.replace('-', '_')}.py"])
    ).ok
    assert json.loads(save.read_text("utf-8"))["players"][0]["agent"] == "human"
