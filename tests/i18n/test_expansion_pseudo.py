"""Every word the expansions show at the terminal comes from a catalog: whole games of
The Court, Origins (Totem and Tribe), Age of Giants, the quests, Teamdomino, the Grand
Duel and XL, in the
pseudo-language (every translated message marked): only names, numbers and the grids'
squares are unmarked."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pseudo_support import PSEUDO, unmarked_words
from test_terminal_languages import kd_in_process

from kingdomino_core import i18n

RULESETS = ("court", "origins-totem", "origins-tribe", "age-of-giants", "quests")
# The other expansions, each with the table it needs (Teamdomino: teams of two).
TABLES = {
    **{ruleset: "human,greedy" for ruleset in RULESETS},
    "teamdomino": "human," + ",".join(["greedy"] * 5),
    "grand-duel": "human,greedy",
    "xl": "human,greedy,greedy",
}


def _grid_square(word: str) -> bool:
    """A square of a terminal grid: terrain letters, crowns and the pieces' one-column
    symbols (``L1T``, ``J2²V``, ``ΩF``), written the same in every language."""
    return bool(re.fullmatch(r"[A-Z\d¹²³Ω]+", word))


@pytest.mark.parametrize("ruleset", TABLES)
def test_a_whole_expansion_game_in_the_pseudo_language_shows_only_translated_text(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    pseudo_dir: Path,
    ruleset: str,
) -> None:
    """A person plays every decision of the expansion (purchases, recruits, fire,
    totems, giants, footprints) by taking the first choice; the table, its notes,
    the key, the bots' moves and the ranking are all marked."""
    monkeypatch.setenv(i18n.LOCALE_PATH_VARIABLE, str(pseudo_dir))
    code, text = kd_in_process(
        capsys, monkeypatch, "--lang", PSEUDO, "play", "-r", ruleset,
        "-p", TABLES[ruleset], "--seed", "3",
    )  # fmt: skip
    assert code == 0, text
    assert "⟦" in text
    left = [w for w in unmarked_words(text, {"greedy"}) if not _grid_square(w)]
    assert left == [], sorted(set(left))
