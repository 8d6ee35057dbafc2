"""The engine for a ruleset at a table: the player count defaulted, problems located.

Every front end builds the engine of a game it deals here, so a problem a plugin
finds only for some player count reads the same everywhere.
"""

from __future__ import annotations

from kingdomino_core import Engine, Ruleset, RulesetError
from kingdomino_core.rulesets.files import allowed_players, checked_engine, locate


def engine_for(ruleset: Ruleset, players: int | None = None) -> Engine:
    """An engine for ``players`` seats (None: the ruleset's default player count).

    Problems a plugin finds only for this player count come back located in the
    ruleset file (``file:line: key.path: message``), like the loader's own. The
    engine the loader built to check this ruleset is reused when it has this player
    count (``checked_engine``): a command builds one engine.
    """
    if players is None:
        players = ruleset.default_players
    if players is None:
        players = allowed_players(ruleset)[-1]
    checked = checked_engine(ruleset, players)
    if checked is not None:
        return checked
    try:
        return Engine(ruleset, players)
    except RulesetError as exc:
        raise RulesetError(locate(ruleset, exc.found)) from exc
