"""The result of a game as the contract JSON (``kd play --json``, ``kd replay --json``,
the browser's end of game).

Contract keys (docs/formats.md): ``ruleset``, ``seed``, ``players``,
``kingdoms`` and ``winners``. Added keys: ``finished``, ``moves``, ``ranking`` (places
from first to last with each kingdom's seats, ranking values, and the criterion that
separated a place from the next), ``match`` (per-game totals of a Dynasty match).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kingdomino_core import Game, match_games, match_totals
from kingdomino_core.saves.savegame import PlayerEntry, final_result


def game_json(game: Game, players: Sequence[PlayerEntry]) -> dict[str, Any]:
    """The contract object for ``game`` (finished or not: see ``finished``)."""
    out: dict[str, Any] = {
        "ruleset": game.engine.ruleset.name,
        "seed": game.seed,
        "players": [{"name": p.name, "agent": p.agent} for p in players],
    }
    out.update(final_result(game))
    out["finished"] = game.is_terminal()
    out["moves"] = len(game.log)
    out["ranking"] = ranking_json(game)
    if game.match_sheets:
        current = [k["score"]["total"] for k in out["kingdoms"]]
        out["match"] = {
            "games": match_games(game, current),
            "totals": match_totals(game, current),
        }
    return out


def ranking_json(game: Game) -> list[dict[str, Any]]:
    """Places from first to last; ``decided_by`` is what separated a place from the next."""
    ranking = game.ranking()
    keys = dict(ranking.keys)
    places = []
    for i, kingdoms in enumerate(ranking.places):
        entry: dict[str, Any] = {
            "place": i + 1,
            "kingdoms": list(kingdoms),
            "seats": [s for k in kingdoms for s in game.config.seats_of(k)],
        }
        if ranking.criteria and kingdoms and kingdoms[0] in keys:
            entry["values"] = dict(zip(ranking.criteria, keys[kingdoms[0]], strict=False))
        if i < len(ranking.decided_by):
            entry["decided_by"] = ranking.decided_by[i]
        places.append(entry)
    return places
