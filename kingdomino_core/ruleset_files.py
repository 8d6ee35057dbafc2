"""Finding and reading rulesets (TOML files in ``rulesets/``).

PROVISIONAL: this first version knows the shipped rulesets by name only; the TOML
loader with ``extends`` and file:line errors replaces it.
"""

from __future__ import annotations

from .ruleset import Ruleset

_BUILTIN = {
    "base": Ruleset(name="base", plugins=("base",), default_players=4),
    "grand-duel": Ruleset(name="grand-duel", plugins=("base", "grand_duel"), default_players=2),
}


def load_ruleset(arg: str | None) -> Ruleset:
    """The ruleset named or located by ``arg`` (None: the base game)."""
    name = (arg or "base").removesuffix(".toml")
    return _BUILTIN[name]
