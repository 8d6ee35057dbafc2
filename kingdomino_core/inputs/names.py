"""Player names: what a seat may be called, checked the same way at every door.

A name is shown on terminals and web pages and written into saves. A lone surrogate
(``"\\udcff"``, what Python makes of a non-UTF-8 byte on the command line) cannot be
written as UTF-8 at all: before this check it crashed ``kd replay``, answered 500 in
the server after the table was saved, and stopped ``kd serve`` from starting again.
Control characters (NUL, newline, escape sequences) would rewrite the terminal, and
bidirectional controls would show one name as another. So ``kd play --names``, the
server's lobby and every save read (``saves.save_file.parse_save``) refuse them with
:func:`name_problem`'s message.
"""

from __future__ import annotations

import unicodedata

from ..i18n import get_translation

_ = get_translation("kingdomino_core")

#: Longest player name (characters).
MAX_PLAYER_NAME = 40

#: Bidirectional controls: embeddings, overrides, isolates and marks (Unicode UAX #9).
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def name_problem(name: object, *, longest: int = MAX_PLAYER_NAME) -> str | None:
    """Why ``name`` cannot be a player's name (None: it can).

    A name is text of 1 to ``longest`` characters (:data:`MAX_PLAYER_NAME` for a new
    seat; saves, which may be older than the limit, pass more), not only spaces, that
    can be written as UTF-8 (no lone surrogate), without control characters (category
    ``Cc``: NUL, newline, escape) or bidirectional controls."""
    if not isinstance(name, str):
        return _("expected a name (text), not {type}").format(type=type(name).__name__)
    if not name.strip():
        return _("an empty name")
    if len(name) > longest:
        return _("a name of {n} characters; at most {most}").format(n=len(name), most=longest)
    for char in name:
        if "\ud800" <= char <= "\udfff":
            return _("a name that is not valid text (a lone surrogate, such as a non-UTF-8 byte)")
        if unicodedata.category(char) == "Cc":
            return _("a name with a control character ({code})").format(code=f"U+{ord(char):04X}")
        if char in _BIDI:
            return _("a name with a bidirectional control character ({code})").format(
                code=f"U+{ord(char):04X}"
            )
    return None


def shown_name(name: str) -> str:
    """``name`` quoted for a message about it, whatever it holds."""
    return repr(name[:60] + ("..." if len(name) > 60 else ""))  # repr escapes the odd ones
