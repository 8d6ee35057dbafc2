"""Rounds on the terminal counted as the rules count them (docs/rules/): one round per
line, the first line picked during the set-up, the last round placing only."""

from __future__ import annotations

import re

import pytest

from kingdomino_cli.panels import round_text
from kingdomino_core.testing import make_engine

#: (plugins, players, options) -> the rounds the rules page's set-up table gives.
RULES = [
    (["base"], 2, {}, 6),  # docs/rules/base.md: 6 lines of 4
    (["base"], 3, {}, 12),
    (["base"], 4, {}, 12),
    (["base", "grand_duel"], 2, {}, 12),  # docs/rules/grand-duel.md
    (["base", "xl"], 3, {}, 24),  # docs/rules/xl.md
    (["base", "xl"], 4, {}, 24),
    (["base", "teamdomino"], 8, {}, 12),  # docs/rules/teamdomino.md
    (["base", "quests", "age_of_giants"], 2, {}, 6),  # docs/rules/age-of-giants.md
    (["base", "quests", "age_of_giants"], 4, {}, 12),
    (["base", "court"], 4, {}, 12),
    (["origins"], 2, {}, 12),  # docs/rules/origins.md
    (["origins"], 4, {}, 12),
]


def _rounds_seen(plugins: list[str], players: int, options: dict) -> list[str]:
    game = make_engine(plugins, players, **options).new_game(seed=2)
    seen: list[str] = []
    while not game.is_terminal():
        if game.is_chance():
            game.resolve_chance()
            continue
        text = round_text(game)
        if not seen or seen[-1] != text:
            seen.append(text)
        game.apply(game.legal_actions()[0])
    return seen


@pytest.mark.parametrize(("plugins", "players", "options", "rounds"), RULES)
def test_a_game_has_as_many_rounds_as_the_rules_say(plugins, players, options, rounds) -> None:
    seen = _rounds_seen(plugins, players, options)
    assert seen[0].startswith(f"Set-up before round 1 of {rounds}, ")
    numbers = [int(m[1]) for text in seen[1:] if (m := re.match(r"Round (\d+) of (\d+)", text))]
    assert numbers == list(range(1, rounds + 1)), seen
    assert all(f" of {rounds}, " in text for text in seen)
    assert seen[-1] == f"Round {rounds} of {rounds}, 0 dominoes left"


def test_the_last_round_of_a_4_player_game_is_round_12_of_12() -> None:
    """The issue's case: the final round (places only) was shown as 'Round 13 of 13'."""
    seen = _rounds_seen(["base"], 4, {})
    assert "Round 13 of 13" not in " ".join(seen)
    assert seen[-1] == "Round 12 of 12, 0 dominoes left"


def test_the_status_line_of_a_bot_gives_the_round_and_the_scores() -> None:
    from kingdomino_cli.panels import thinking_text

    game = make_engine(["base"], 2).new_game(seed=2)
    while game.lines_drawn < 3 or game.is_chance():
        if game.is_chance():
            game.resolve_chance()
        else:
            game.apply(game.legal_actions()[0])
    totals = [game.score_sheet(k).total for k in range(2)]
    assert thinking_text(game, ["Ann", "Bob"], "Bob (greedy)") == (
        f"Bob (greedy) is thinking... (Round 2 of 6; Ann {totals[0]}, Bob {totals[1]} points;"
        " Ctrl-C stops)"
    )
    assert thinking_text(game, ["Ann", "Bob"], "Bob (greedy)", scores=False) == (
        "Bob (greedy) is thinking... (Round 2 of 6; Ctrl-C stops)"
    )
