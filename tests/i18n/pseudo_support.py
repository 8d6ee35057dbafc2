"""A pseudo-language in which every translated message is marked, and the check that
shown text holds nothing else: text shown without a translation is unmarked text.

Names and numbers aside (player names, ``P1``, domino numbers and labels, coordinates,
the one-letter terrain codes of the grids), everything left once the marked messages
are taken out is reported.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

from kingdomino_core import default_catalogue, i18n
from kingdomino_core.testing.catalogs import PSEUDO_MARKS, write_pseudo_catalogs

ROOT = Path(__file__).resolve().parents[2]
PSEUDO = "qps"
OPEN, CLOSE = PSEUDO_MARKS

# Packages whose words are shown: the front ends and every shipped plugin.
FRONT_ENDS = ("kingdomino_play", "kingdomino_cli", "kingdomino_web")


def shipped_domains() -> dict[str, Path]:
    """Every domain this repository ships, with its package folder."""
    for name in FRONT_ENDS:
        importlib.import_module(name)
    default_catalogue().all()  # imports every installed plugin
    found = {}
    for domain, dirs in i18n.message_catalogs().items():
        for folder in dirs:
            package = folder.parent
            if package.is_relative_to(ROOT) and (package / "__init__.py").is_file():
                found[domain] = package
    return found


def pseudo_locale(target: Path, *, open_fields: bool = False) -> Path:
    """The pseudo-language's catalogs, for ``KD_LOCALE_PATH`` (``open_fields``: a
    message's ``{fields}`` left unmarked, so what fills them is checked too)."""
    return write_pseudo_catalogs(shipped_domains(), target, PSEUDO, open_fields=open_fields)


# A marked message, innermost first; then one cut short by its display (typer shows a
# command's first paragraph in a list) runs to the next mark.
_MARKED = re.compile(OPEN + "[^" + OPEN + CLOSE + "]*" + CLOSE)
_CUT_SHORT = re.compile(OPEN + "[^" + OPEN + CLOSE + "]*(?=" + OPEN + "|$)")
# What may be shown untranslated: player names (P1, Ann...), numbers, coordinates,
# domino labels (one or two capitals), the grids' terrain letters, ANSI codes, punctuation.
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def unmarked_words(text: str, allowed: set[str] = frozenset()) -> list[str]:
    """The words of ``text`` outside every marked message (innermost first), less the
    ``allowed`` names and the tokens every language writes the same."""
    text = _ANSI.sub("", text)
    for pattern in (_MARKED, _CUT_SHORT):
        while True:
            stripped = pattern.sub(" ", text)
            if stripped == text:
                break
            text = stripped
    words = re.findall(r"[^\W\d_][\w'’-]*", text)
    return [w for w in words if w not in allowed and not _neutral(w)]


def _neutral(word: str) -> bool:
    # P1, P2 (seats), A..ZZ (domino labels), one letter (a grid's terrain, a direction),
    # a grid's squares (W1, F1F1L1, m3w: terrain letters and crowns), kd itself
    return bool(re.fullmatch(r"P\d*|[A-Z]{1,2}|[A-Za-z]|(?:[A-Za-z]\d)+[A-Za-z]?|kd", word))
