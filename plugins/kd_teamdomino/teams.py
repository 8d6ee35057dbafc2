"""Team assignment: which seats share a kingdom, and what is wrong with a given list."""

from __future__ import annotations

from collections.abc import Sequence

from kingdomino_core import Problem
from kingdomino_core.i18n import package_translation

_ = package_translation("kd_teamdomino")
_n = _.ngettext

#: The option these problems are about: ``[options.teamdomino] teams``.
KEY = ("teamdomino", "teams")


def default_teams(players: int) -> tuple[tuple[int, ...], ...]:
    """Seats 0+1, 2+3, ...: players 1+2, 3+4, ... in ``--players`` order."""
    return tuple((s, s + 1) for s in range(0, players - 1, 2))


def resolve(teams: Sequence[Sequence[int]], players: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(t) for t in teams) if teams else default_teams(players)


def _show(teams: Sequence[Sequence[int]]) -> str:
    return "[" + ", ".join("[" + ", ".join(str(s) for s in t) + "]" for t in teams) + "]"


def problems(teams: Sequence[Sequence[int]], players: int) -> list[Problem | str]:
    """Every way ``teams`` fails to split ``players`` seats into teams of exactly two.

    Each is a problem with ``[options.teamdomino] teams`` (so the ruleset loader can
    point at its line), its message ending with the whole value given.
    """
    if not teams:
        return []
    value = _("(teams = {teams})").format(teams=_show(teams))
    found: list[str] = []
    seen: dict[int, Sequence[int]] = {}
    for team in teams:
        if len(team) != 2:
            found.append(
                _("team {team} has {n} seats, expected exactly 2 {value}").format(
                    team=_show([team])[1:-1], n=len(team), value=value
                )
            )
        for seat in team:
            if not 0 <= seat < players:
                found.append(
                    _(
                        "seat {seat} does not exist; with {players} players the seats "
                        "are 0 to {last} {value}"
                    ).format(seat=seat, players=players, last=players - 1, value=value)
                )
            elif seen.get(seat) is team:
                found.append(
                    _("team {team} names seat {seat} twice {value}").format(
                        team=_show([team])[1:-1], seat=seat, value=value
                    )
                )
            elif seat in seen:
                found.append(
                    _("seat {seat} is in two teams, {one} and {other} {value}").format(
                        seat=seat,
                        one=_show([seen[seat]])[1:-1],
                        other=_show([team])[1:-1],
                        value=value,
                    )
                )
            else:
                seen[seat] = team
    missing = [s for s in range(players) if s not in seen]
    if missing:
        found.append(
            _n(
                "seat {seats} in no team; the teams must cover every seat 0 to {last} {value}",
                "seats {seats} in no team; the teams must cover every seat 0 to {last} {value}",
                len(missing),
            ).format(seats=", ".join(str(s) for s in missing), last=players - 1, value=value)
        )
    shown = [list(team) for team in teams]
    return [Problem.option(*KEY, message, shown) for message in found]


def players_for(teams: Sequence[Sequence[int]]) -> int:
    """The player count a team list is written for (two seats per team)."""
    return 2 * len(teams)


def seat_kingdom(teams: Sequence[Sequence[int]], players: int) -> tuple[int, ...]:
    """The kingdom of each seat: the index of its team (teams must be valid)."""
    out = [0] * players
    for kingdom, team in enumerate(teams):
        for seat in team:
            out[seat] = kingdom
    return tuple(out)
