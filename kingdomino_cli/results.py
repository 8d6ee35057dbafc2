"""The result of a game in words, for the terminal (the contract JSON it is read
from is :func:`kingdomino_play.game_json`)."""

from __future__ import annotations

from typing import Any

from kingdomino_core.i18n import package_translation

_ = package_translation("kingdomino_cli")
_l = _.lazy

#: The words of the ranking's values and tie-breaks the shipped rules use (ids in the
#: JSON); another plugin's id is shown as it is written.
VALUE_WORDS = {
    "total": _l("total"),
    "largest_property": _l("largest property"),
    "crowns": _l("crowns"),
    "match_total": _l("match total"),
}


def _value_words(key: str) -> str:
    return str(VALUE_WORDS.get(key, key.replace("_", " ")))


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
        who = _(" and ").join(tied)
        if len(tied) > 1:
            who = _("{names} tie").format(names=who)
        values = place.get("values") or {}
        shown = ", ".join(f"{_value_words(k)} {v}" for k, v in values.items())
        line = f"{place['place']}. {who}" + (f" ({shown})" if shown else "")
        if "decided_by" in place and place["decided_by"] != "total":
            line += " " + _("(ahead of the next on {what})").format(
                what=_value_words(place["decided_by"])
            )
        lines.append(line)
    winners = [names[s] for s in result["winners"]]
    if teams and len(teams) < len(names):  # teams: the winning kingdoms, as teams
        won = set(result["winners"])
        winners = [t for k, t in enumerate(teams) if won & set(result["kingdoms"][k]["players"])]
    finished = result.get("finished", True)
    verdict = result.get("verdict") or ""
    lines.append(_outcome_words(winners, finished, verdict))
    return lines


def _outcome_words(winners: list[str], finished: bool, verdict: str) -> str:
    """The result's sentence: who won (or that nobody did, a solo target missed), with
    the rules' verdict when they give one and the game is over."""
    if not winners:
        if not finished:
            return _("Nobody would win (game not finished).")
        if verdict:
            return _("Nobody wins: {verdict}.").format(verdict=verdict)
        return _("Nobody wins.")
    who = _(" and ").join(winners)
    one = len(winners) == 1
    if not finished:
        if one:
            return _("{names} wins (game not finished: leading).").format(names=who)
        return _("{names} share the victory (game not finished: leading).").format(names=who)
    if verdict:
        said = _("{names} wins: {verdict}.") if one else _("{names} share the victory: {verdict}.")
        return said.format(names=who, verdict=verdict)
    return (_("{names} wins.") if one else _("{names} share the victory.")).format(names=who)
