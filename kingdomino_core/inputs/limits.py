"""Limits on input, so no file or option can make ``kd`` work without end.

Each number is documented in docs/trust.md ("Limits"). Input over a limit is refused
with a message naming the limit, like any other malformed input.
"""

from __future__ import annotations

import json
import tomllib
from typing import Any

from ..i18n import get_translation

_ = get_translation("kingdomino_core")

#: Largest ruleset file read (bytes).
MAX_RULESET_BYTES = 1_000_000
#: Longest ``extends`` chain: the named file and its ancestors.
MAX_EXTENDS = 32
#: Largest kingdom text file read (bytes): a 15x15 kingdom is about 1 KB.
MAX_KINGDOM_BYTES = 100_000
#: Largest saved game read (bytes): a Dynasty match of The Court is about 100 KB.
MAX_SAVE_BYTES = 16_000_000
#: Deepest nesting of arrays and tables (TOML) or arrays and objects (JSON).
MAX_DEPTH = 32
#: Most digits in one integer (Python's own limit for converting text to int).
MAX_INT_DIGITS = 4300
#: Largest kingdom a ruleset may set up (squares per side), whatever its options say.
MAX_KINGDOM_SIZE = 15
#: Most seats of one game, whatever a ruleset, a save or ``--players`` asks (the
#: largest shipped game, Teamdomino, has 8).
MAX_PLAYERS = 64
#: Most games in one match (Dynasty), whatever the options say.
MAX_GAMES = 100
#: Most crowns one square may carry (the kingdom text format: 0 to 3).
MAX_CROWNS = 3


class InputLimitError(ValueError):
    """Input over one of the limits above, or text the parsers refuse to convert."""


def too_deep(data: Any, limit: int = MAX_DEPTH) -> bool:
    """True if ``data`` nests lists/dicts more than ``limit`` levels (no recursion)."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            children: Any = value.values()
        elif isinstance(value, list | tuple):
            children = value
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


def loads_toml(text: str) -> dict[str, Any]:
    """``tomllib.loads`` that refuses excessive nesting and integers with a clear error.

    Raises ``tomllib.TOMLDecodeError`` for syntax errors, :class:`InputLimitError`
    for input over the limits.
    """
    data = _try(lambda: tomllib.loads(text))
    if too_deep(data, MAX_DEPTH + 1):
        raise InputLimitError(
            _("arrays or tables nested more than {n} levels deep").format(n=MAX_DEPTH)
        )
    return data


def loads_json(text: str) -> Any:
    """``json.loads`` with the same limits (``json.JSONDecodeError`` for syntax)."""
    data = _try(lambda: json.loads(text))
    if too_deep(data, MAX_DEPTH + 1):
        raise InputLimitError(
            _("arrays or objects nested more than {n} levels deep").format(n=MAX_DEPTH)
        )
    return data


def _try(parse: Any) -> Any:
    try:
        return parse()
    except RecursionError:
        raise InputLimitError(_("nested more than {n} levels deep").format(n=MAX_DEPTH)) from None
    except ValueError as exc:
        if "digits" in str(exc) and "integer" in str(exc):
            raise InputLimitError(
                _("an integer of more than {n} digits").format(n=MAX_INT_DIGITS)
            ) from None
        raise
