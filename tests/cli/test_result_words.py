"""The end of a game reads in words: the ranking names its criteria as a player
would ("largest property 7"), never by their JSON keys ("largest_property")."""

from __future__ import annotations

import re

import pytest
from play_support import kd


@pytest.mark.parametrize("ruleset", ["court", "origins-tribe"])
def test_ranking_criteria_in_words(
    ruleset: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    run = kd(capsys, monkeypatch, "play", "--ruleset", ruleset, "--players", "greedy,greedy",
             "--seed", "3")  # fmt: skip
    assert run.code == 0, run.err
    text = run.out + run.err
    assert re.search(r"^1\. P\d \(total \d+, ", text, re.M), text[-2000:]
    assert re.search(r"\((total \d+, )?largest (property|region) \d+", text), text[-2000:]
    assert "largest_" not in text
