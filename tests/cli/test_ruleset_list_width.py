"""``kd ruleset list`` wraps its descriptions to the terminal's width (``COLUMNS``),
and keeps one line per ruleset for a pipe or a file."""

from __future__ import annotations

import re

from play_support import kd


def _rulesets(text: str) -> dict[str, str]:
    """Name -> description, read back from the columns (continuation lines joined)."""
    lines = text.splitlines()
    start = lines[0].index("description")
    found: dict[str, str] = {}
    name = ""
    for line in lines[1:]:
        if line[:start].strip():
            name = line[:start].strip()
            found[name] = ""
        words = re.sub(r"\s+shipped$", "", line[start:]).strip()
        found[name] = (found[name] + " " + words).strip()
    return found


def test_ruleset_list_fits_the_terminal_width(capsys, monkeypatch) -> None:
    monkeypatch.delenv("COLUMNS", raising=False)
    piped = kd(capsys, monkeypatch, "ruleset", "list")
    assert piped.code == 0
    whole = _rulesets(piped.out)
    assert max(len(line) for line in piped.out.splitlines()) > 80  # one line per ruleset
    for columns in (80, 60, 44):
        monkeypatch.setenv("COLUMNS", str(columns))
        shown = kd(capsys, monkeypatch, "ruleset", "list")
        assert shown.code == 0
        assert max(len(line) for line in shown.out.splitlines()) <= columns, shown.out
        if columns >= 60:
            assert _rulesets(shown.out) == whole  # the same words, wrapped in their column
        else:
            for description in whole.values():  # the source goes under the description
                assert description.split()[0] in shown.out
            assert "(shipped)" in shown.out
