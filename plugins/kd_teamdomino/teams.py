"""Team assignment: which seats share a kingdom, and what is wrong with a given list."""

from __future__ import annotations

from collections.abc import Sequence

from kingdomino_core import Problem

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
    value = f"(teams = {_show(teams)})"
    found: list[str] = []
    seen: dict[int, Sequence[int]] = {}
    for team in teams:
        if len(team) != 2:
            found.append(
                f"team {_show([team])[1:-1]} has {len(team)} seats, expected exactly 2 {value}"
            )
        for seat in team:
            if not 0 <= seat < players:
                found.append(
                    f"seat {seat} does not exist; with {players} players the seats "
                    f"are 0 to {players - 1} {value}"
                )
            elif seen.get(seat) is team:
                found.append(f"team {_show([team])[1:-1]} names seat {seat} twice {value}")
            elif seat in seen:
                found.append(
                    f"seat {seat} is in two teams, "
                    f"{_show([seen[seat]])[1:-1]} and {_show([team])[1:-1]} {value}"
                )
            else:
                seen[seat] = team
    missing = [s for s in range(players) if s not in seen]
    if missing:
        found.append(
            f"seat{'s' if len(missing) > 1 else ''} "
            f"{', '.join(str(s) for s in missing)} in no team; "
            f"the teams must cover every seat 0 to {players - 1} {value}"
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
