"""The result of a game in words, for the terminal (the contract JSON it is read
from is :func:`kingdomino_play.game_json`)."""

from __future__ import annotations

from typing import Any


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
    status = "" if result.get("finished", True) else " (game not finished: leading)"
    if not winners:  # the rules decided nobody won (a solo target missed)
        said = "Nobody wins" if result.get("finished", True) else "Nobody would win"
    else:
        verb = "wins" if len(winners) == 1 else "share the victory"
        said = f"{' and '.join(winners)} {verb}"
    verdict = result.get("verdict") or ""
    lines.append(f"{said}{status}: {verdict}." if verdict else f"{said}{status}.")
    return lines
