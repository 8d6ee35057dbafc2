"""The result of a game as the contract JSON (``kd play --json``, ``kd replay --json``).

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


def summary_lines(result: dict[str, Any]) -> list[str]:
    """The end of a game in words: ranking with tie-breaks, winners."""
    names = [p["name"] for p in result["players"]]
    teams = [
        "+".join(names[s] for s in kingdom["players"]) for kingdom in result.get("kingdoms", ())
    ]
    lines = []
    for place in result["ranking"]:
        # A team (Teamdomino) is written P1+P2; kingdoms tied for a place "P1 and P2 tie".
        if teams and place.get("kingdoms"):
            tied = [teams[k] for k in place["kingdoms"]]
        else:
            tied = [names[s] for s in place["seats"]]
        who = " and ".join(tied) + (" tie" if len(tied) > 1 else "")
        values = place.get("values") or {}
        shown = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in values.items())
        line = f"{place['place']}. {who}" + (f" ({shown})" if shown else "")
        if "decided_by" in place and place["decided_by"] != "total":
            line += f" (ahead of the next on {place['decided_by'].replace('_', ' ')})"
        lines.append(line)
    winners = [names[s] for s in result["winners"]]
    if teams and len(teams) < len(names):  # teams: the winning kingdoms, as teams
        won = set(result["winners"])
        winners = [t for k, t in enumerate(teams) if won & set(result["kingdoms"][k]["players"])]
    verb = "wins" if len(winners) == 1 else "share the victory"
    status = "" if result.get("finished", True) else " (game not finished: leading)"
    lines.append(f"{' and '.join(winners)} {verb}{status}.")
    return lines
