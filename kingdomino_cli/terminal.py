"""The terminal itself: whether to colour, how wide to draw, and rich renderables
turned into text; plus the styles the table and the decision share.

Colour only for a terminal, and never when ``NO_COLOR`` is set
(https://no-color.org): plain text then, with no escape codes.
"""

from __future__ import annotations

import io
import os
import shutil
from typing import TextIO

from rich.cells import cell_len
from rich.console import Console, RenderableType
from rich.style import Style

#: Rulers, the key and other notes: dim.
RULER = Style(color="grey50")
#: The player's own name and kingdom title.
MINE = Style(bold=True, color="bright_cyan")
#: Free room: a kingdom's empty squares, a domino nobody has taken yet.
ROOM = Style(color="grey42")


def is_terminal(stream: object) -> bool:
    """Whether ``stream`` is a terminal; a closed stream, or an object with no
    ``isatty`` (a test's stand-in), is not."""
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except ValueError:  # a closed stream
        return False


def use_colour(stream: TextIO) -> bool:
    """Colour only for a terminal, and never when ``NO_COLOR`` is set."""
    return not os.environ.get("NO_COLOR") and is_terminal(stream)


def screen_width(stream: TextIO) -> int:
    """The width to draw for: the terminal's, else ``COLUMNS``, else 100."""
    if is_terminal(stream) or os.environ.get("COLUMNS"):
        return max(40, shutil.get_terminal_size((100, 40)).columns)
    return 100


def wrap_width(stream: TextIO) -> int | None:
    """The width to wrap text for: the terminal's (or ``COLUMNS``); None when
    ``stream`` is a file or a pipe, whose lines are for programs (one entry a line)."""
    if is_terminal(stream) or os.environ.get("COLUMNS"):
        return max(40, shutil.get_terminal_size((100, 40)).columns)
    return None


def render(renderable: RenderableType, width: int, *, colour: bool = False) -> str:
    """``renderable`` as text ``width`` columns wide; ANSI styles only if ``colour``."""
    console = Console(
        file=io.StringIO(),
        record=True,
        width=width,
        color_system="256" if colour else None,
        force_terminal=colour,
        no_color=not colour,
        legacy_windows=False,
        soft_wrap=False,
    )
    console.print(renderable)
    text = console.export_text(styles=colour)
    return "\n".join(line.rstrip() for line in text.splitlines())


def width_of(text: str) -> int:
    """How many columns ``text`` takes on a terminal (a Chinese character takes two)."""
    return cell_len(text)


def pad(text: str, width: int, align: str = "<") -> str:
    """``text`` padded with spaces to ``width`` columns (``align``: ``<`` or ``>``), as
    ``f"{text:<{width}}"`` does for text whose every character takes one column."""
    room = " " * max(0, width - cell_len(text))
    return room + text if align == ">" else text + room


def wrap_cells(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` columns: broken at spaces, and a word
    wider than a line (a Chinese sentence has no spaces) broken between characters."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        candidate = f"{line} {word}" if line else word
        if cell_len(candidate) <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
            line = ""
        while cell_len(word) > width:
            cut = 0
            while cut < len(word) and cell_len(word[: cut + 1]) <= width:
                cut += 1
            cut = max(cut, 1)
            lines.append(word[:cut])
            word = word[cut:]
        line = word
    if line:
        lines.append(line)
    return lines
