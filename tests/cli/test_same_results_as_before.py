"""Determinism across versions: the same seed gives the same games and the same results
files as the reference outputs in ``data/same_results/``.

Those outputs were first made by the code before ``kd simulate`` was made faster
(issue 16, item 5) and match totals were computed in one place (issue 11, item 6),
commit 7ede29d, and matched byte for byte through that work. They were made again
once, when bots' numbers became the decision stream (``kingdomino_cli.decision_random``:
a decision's first number is number ``move`` of the game's stream; the change of
numbers is the only change, every other code path being the one that matched the
old outputs). Each command of ``cases.json`` is run again here and must give the same
output (timing figures blanked): per-decision numbers, results from fast totals
and fast tie-breaks (``ranked_places``), match totals and places in Dynasty (I-B1),
Teamdomino kingdoms, the Origins and Age of Giants rankings (I-G8 on, in a match),
``kd play``'s JSON and its "(match N)" titles, and a tournament's results file.
To make them again after a deliberate change, run each command of ``cases.json`` and
write its normalised output (``normalised``) over the file it names.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from play_support import kd

HERE = Path(__file__).parent / "data" / "same_results"
CASES = json.loads((HERE / "cases.json").read_text())


def normalised(name: str, text: str) -> str:
    """Outputs without the figures that depend on the machine (seconds, games/s)."""
    if name.endswith(".json"):
        data = json.loads(text)
        for key in ("seconds", "games_per_second"):
            if key in data:
                data[key] = None
        return json.dumps(data, indent=1, sort_keys=True) + "\n"
    if name.startswith("simulate"):
        return re.sub(r": [0-9.]+ s, [0-9.]+ games/s", ": (time)", text)
    return text


@pytest.mark.parametrize(("name", "args"), CASES, ids=[c[0] for c in CASES])
def test_same_seed_same_output_as_before(
    name: str, args: list[str], tmp_path: Path, capsys, monkeypatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    target = tmp_path / name
    argv = [a.replace("{here}", str(HERE)).replace("{out}", str(target)) for a in args]
    result = kd(capsys, monkeypatch, *argv)
    assert result.code == 0, result.err
    got = target.read_text() if name.endswith(".jsonl") else normalised(name, result.out)
    assert got == (HERE / name).read_text()
