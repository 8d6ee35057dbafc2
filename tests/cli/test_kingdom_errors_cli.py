"""Kingdom text files: every malformed one is one located error, exit 4 (issue 12)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from play_support import kd

from kingdomino_core.inputs.limits import MAX_KINGDOM_BYTES


@pytest.mark.parametrize(
    ("text", "where", "message"),
    [
        ("C W9 W9\n", ":1:3", "'W9': crowns must be one digit from 0 to 3"),
        ("C W4\n", ":1:3", "'W4': crowns must be one digit from 0 to 3"),
        ("C W\u0663\n", ":1:3", "unknown square 'W\u0663'"),
        ("C L" + "9" * 5000 + "\n", ":1:3", "'L9999999999999999999...': crowns must be one digit"),
        ("C . W1\n", ":1:5", "square 'W1' is connected to nothing"),
        ("W1 .\n. C\n", ":1:1", "square 'W1' is connected to nothing"),
        ("C W1\n" + "W1 W1\n" * 10, ":6", "larger than the ruleset's 5x5 kingdom (too many rows)"),
        ("C " + "W1 " * 50 + "\n", ":1", "larger than the ruleset's 5x5 kingdom (51 cells"),
        ("C W1\nW1 W1 W1\n", ":2:7", "ragged rows"),
    ],
    ids=["W9", "W4", "arabic-digit", "5000-digits", "gap", "diagonal", "rows", "wide", "ragged"],
)
def test_a_bad_kingdom_file_is_one_located_error(
    tmp_path: Path, capsys, monkeypatch, text: str, where: str, message: str
) -> None:
    path = tmp_path / "k.txt"
    path.write_text(text, encoding="utf-8")
    r = kd(capsys, monkeypatch, "score", str(path), "--json", "--svg", str(tmp_path / "k.svg"))
    assert (r.code, r.out) == (4, "")
    (line,) = r.err.strip().splitlines()
    assert line.startswith(f"kd: error: {path}{where}: ")
    assert message in line
    assert not (tmp_path / "k.svg").exists()


def test_a_byte_order_mark_is_accepted(tmp_path: Path, capsys, monkeypatch) -> None:
    path = tmp_path / "k.txt"
    path.write_bytes(b"\xef\xbb\xbfC W1 W1\n")
    r = kd(capsys, monkeypatch, "score", str(path), "--json")
    assert r.code == 0, r.err
    assert r.json()["total"] == 4  # 2 squares x 2 crowns


def test_a_huge_kingdom_file_stops_at_the_limit(tmp_path: Path, capsys, monkeypatch) -> None:
    path = tmp_path / "k.txt"
    path.write_text("C W1\n" + "W1 W1 W1\n" * 2_000_000)
    start = time.perf_counter()
    r = kd(capsys, monkeypatch, "score", str(path))
    assert time.perf_counter() - start < 5
    assert r.code == 4
    assert f"larger than {MAX_KINGDOM_BYTES} bytes" in r.err


def test_a_never_ending_stdin_is_not_read_to_the_end(capsys, monkeypatch) -> None:
    import io

    class Endless(io.TextIOBase):
        def read(self, size: int | None = -1) -> str:
            assert size is not None and size > 0, "read everything"
            return "W1 " * (size // 3 + 1)

        def isatty(self) -> bool:
            return False

    r = kd(capsys, monkeypatch, "score", "-", stdin=Endless())  # type: ignore[arg-type]
    assert r.code == 4
    assert "larger than" in r.err


def test_crowns_beyond_three_with_an_annotation_that_adds_them(
    tmp_path: Path, capsys, monkeypatch
) -> None:
    """The Court: a building's crowns are in the digit (docs/formats.md)."""
    path = tmp_path / "k.txt"
    path.write_text("C W1+building=1\n")
    r = kd(capsys, monkeypatch, "score", str(path), "-r", "court", "--json")
    assert r.code == 0, r.err
