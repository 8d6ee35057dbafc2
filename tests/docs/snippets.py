"""Reading the code blocks of the docs pages (shared by the docs tests)."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

from attrs import frozen

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"

_FENCE = re.compile(
    r"^(?:[ \t]*<!-- (?P<how>file|as): (?P<file>[^ ]+) -->\n)?"
    r"(?P<indent>[ \t]*)```(?P<lang>\w*)\n(?P<body>.*?)^(?P=indent)```[ \t]*$",
    re.M | re.S,
)


@frozen
class Block:
    page: str
    line: int
    lang: str
    code: str
    #: The repository file (relative to docs/) this block must reproduce, if marked
    #: with ``<!-- file: PATH -->`` on the line before the fence.
    file: str | None
    #: The file name a reader saves this block as (``<!-- as: NAME -->``), for the
    #: commands of the page that use it.
    save_as: str | None = None

    def __str__(self) -> str:
        return f"docs/{self.page}:{self.line}"


def blocks(page: str, lang: str | None = None) -> list[Block]:
    text = (DOCS / page).read_text(encoding="utf-8")
    found = []
    for m in _FENCE.finditer(text):
        if lang is not None and m["lang"] != lang:
            continue
        line = text.count("\n", 0, m.start("indent")) + 1
        code = textwrap.dedent(m["body"])
        marked = m["file"] if m["how"] == "file" else None
        save_as = m["file"] if m["how"] == "as" else None
        found.append(Block(page, line, m["lang"], code, marked, save_as))
    return found
