"""Tournaments: schedule, results file, ratings and head-to-head win rates.

Format (duplicate round robin): each round deals one game seed; every group of
``players`` agents (every combination of the entrants) plays that deal in every
rotation of its seats. So each agent meets each other agent equally often, in every
seat, on the same dominoes: luck of the deal and seat advantage cancel out.

The results file is JSON lines: a header line ``{"tournament": {...}}`` describing
the tournament, then one line per game ``{"job", "deal", "seats", "scores",
"places", "winners"}`` (``seats``: the entrant index in each seat). It is written
as games finish, so an interrupted tournament resumes by running the same command:
games already in the file are not played again. A truncated last line (the
process killed mid-write) is ignored and its game replayed.

Ratings: openskill's Plackett-Luce model (a maintained Bayesian rating library for
multiplayer games, the open counterpart of TrueSkill), updated with the games in
job order, so the ratings do not depend on which worker finished first. Each seat
is a team; seats sharing a kingdom (Teamdomino) share its place.
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from attrs import frozen

from kingdomino_core.i18n import package_translation

from .runner import Job, Result, rotations
from .terminal import pad

_ = package_translation("kingdomino_cli")

#: Bump when the results-file format changes incompatibly.
FORMAT = 1


@frozen(kw_only=True)
class Setup:
    """What identifies a tournament (the results file's header)."""

    ruleset: str
    agents: tuple[str, ...]
    players: int
    rounds: int
    seed: int

    def header(self) -> dict[str, Any]:
        return {
            "tournament": {
                "format": FORMAT,
                "ruleset": self.ruleset,
                "agents": list(self.agents),
                "players": self.players,
                "rounds": self.rounds,
                "seed": self.seed,
            }
        }


class ResultsFileError(Exception):
    """The results file cannot be used for this tournament (message says why)."""


def schedule(setup: Setup) -> list[Job]:
    """Every game of the tournament, in a fixed order (see the module docstring)."""
    jobs: list[Job] = []
    groups = list(itertools.combinations(range(len(setup.agents)), setup.players))
    for deal in range(setup.rounds):
        for group in groups:
            for seating in rotations([str(i) for i in group]):
                jobs.append(
                    Job(
                        index=len(jobs),
                        deal=deal,
                        specs=tuple(setup.agents[int(i)] for i in seating),
                    )
                )
    return jobs


def seat_indices(setup: Setup, job: Job) -> list[int]:
    """The entrant index in each seat of ``job`` (entrants are distinct specs)."""
    return [setup.agents.index(spec) for spec in job.specs]


def game_line(setup: Setup, job: Job, result: Result) -> dict[str, Any]:
    return {
        "job": job.index,
        "deal": job.deal,
        "seats": seat_indices(setup, job),
        "scores": list(result.scores),
        "places": list(result.places),
        "winners": list(result.winners),
    }


def load(path: Path, setup: Setup) -> dict[int, dict[str, Any]]:
    """Games already in ``path`` by job number (empty if it does not exist).

    Raises :class:`ResultsFileError` when the file belongs to another tournament or
    is not a results file.
    """
    if not path.exists():
        return {}
    try:
        text = path.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ResultsFileError(
            _("{file}: cannot read it: {reason}").format(file=path, reason=exc)
        ) from None
    lines = text.splitlines()
    if not lines:
        return {}
    try:
        header = json.loads(lines[0])
    except json.JSONDecodeError:
        raise ResultsFileError(
            _("{file}:{line}: not a kd tournament results file").format(file=path, line=1)
        ) from None
    if not isinstance(header, dict) or header != setup.header():
        found = header.get("tournament") if isinstance(header, dict) else None
        raise ResultsFileError(
            _(
                "{file}: holds the results of another tournament ({found}); "
                "use another --out file, or the same options to resume it"
            ).format(file=path, found=json.dumps(found))
        )
    games: dict[int, dict[str, Any]] = {}
    for number, line in enumerate(lines[1:], start=2):
        try:
            game = json.loads(line)
            games[int(game["job"])] = game
        except (json.JSONDecodeError, KeyError, TypeError, ValueError):
            if number == len(lines) and not text.endswith("\n"):
                break  # cut off mid-write: that game is played again
            raise ResultsFileError(
                _("{file}:{line}: not a game result line").format(file=path, line=number)
            ) from None
    return games


def open_for_append(path: Path, setup: Setup, *, fresh: bool) -> Any:
    """Open the results file to append games (writing the header if ``fresh``)."""
    if not fresh:
        data = path.read_bytes()
        if data and not data.endswith(b"\n"):
            # Cut off mid-write: drop the partial line (its game is played again).
            with path.open("r+b") as f:
                f.truncate(data.rfind(b"\n") + 1)
    handle = path.open("w" if fresh else "a", encoding="utf-8")
    if fresh:
        handle.write(json.dumps(setup.header()) + "\n")
    handle.flush()
    return handle


# -- statistics -------------------------------------------------------------------------


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion (``wins`` may count halves)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def ratings(setup: Setup, games: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """openskill Plackett-Luce ratings, games applied in job order; best first.

    Each entry: ``agent``, ``mu``, ``sigma``, ``low``/``high`` (mu -/+ 1.96 sigma, a
    95% interval), ``ordinal`` (mu - 3 sigma, the conservative estimate used to sort),
    ``games``, ``wins`` (shared wins count 1/k) and ``mean_score``.
    """
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    current = [model.rating(name=a) for a in setup.agents]
    played = [0] * len(setup.agents)
    wins = [0.0] * len(setup.agents)
    points = [0] * len(setup.agents)
    for game in sorted(games, key=lambda g: g["job"]):
        seats = game["seats"]
        teams = [[current[i]] for i in seats]
        new = model.rate(teams, ranks=[p + 1 for p in game["places"]])
        winners = game["winners"]
        for seat, agent in enumerate(seats):
            current[agent] = new[seat][0]
            played[agent] += 1
            points[agent] += game["scores"][seat]
            if seat in winners:
                wins[agent] += 1 / len(winners)
    out = []
    for i, agent in enumerate(setup.agents):
        r = current[i]
        out.append(
            {
                "agent": agent,
                "mu": round(r.mu, 3),
                "sigma": round(r.sigma, 3),
                "low": round(r.mu - 1.96 * r.sigma, 3),
                "high": round(r.mu + 1.96 * r.sigma, 3),
                "ordinal": round(r.mu - 3 * r.sigma, 3),
                "games": played[i],
                "wins": round(wins[i], 6),
                "mean_score": round(points[i] / played[i], 3) if played[i] else 0.0,
            }
        )
    return sorted(out, key=lambda e: (-e["ordinal"], e["agent"]))


def head_to_head(setup: Setup, games: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """For each pair of entrants that met: how often the first finished ahead of the
    second (a tie on place counts half), with a 95% Wilson interval."""
    n = len(setup.agents)
    ahead = [[0.0] * n for _ in range(n)]
    met = [[0] * n for _ in range(n)]
    for game in games:
        seats, places = game["seats"], game["places"]
        for s, t in itertools.permutations(range(len(seats)), 2):
            a, b = seats[s], seats[t]
            if a == b:
                continue
            met[a][b] += 1
            if places[s] < places[t]:
                ahead[a][b] += 1.0
            elif places[s] == places[t]:
                ahead[a][b] += 0.5
    out = []
    for a, b in itertools.permutations(range(n), 2):
        if met[a][b]:
            low, high = wilson(ahead[a][b], met[a][b])
            out.append(
                {
                    "agent": setup.agents[a],
                    "opponent": setup.agents[b],
                    "games": met[a][b],
                    "win_rate": round(ahead[a][b] / met[a][b], 6),
                    "low": round(low, 6),
                    "high": round(high, 6),
                }
            )
    return out


def report_lines(
    setup: Setup, table: Sequence[dict[str, Any]], pairs: Sequence[dict[str, Any]], total: int
) -> list[str]:
    played = sum(e["games"] for e in table) // max(1, setup.players)
    headings = [
        pad(_("agent"), 24),
        pad("mu", 7, ">"),
        pad(_("95% interval"), 17, ">"),
        pad(_("games"), 6, ">"),
        pad(_("win rate"), 8, ">"),
        pad(_("mean"), 7, ">"),
    ]
    lines = [
        _(
            "Tournament of {agents} agents, {players} per game, {ruleset}, seed {seed}: "
            "{played}/{total} games"
        ).format(
            agents=len(setup.agents),
            players=setup.players,
            ruleset=setup.ruleset,
            seed=setup.seed,
            played=played,
            total=total,
        ),
        _(
            "Ratings (openskill Plackett-Luce; 95% interval mu +/- 1.96 sigma; sorted by "
            "mu - 3 sigma):"
        ),
        "  " + " ".join(headings),
    ]
    for e in table:
        rate = e["wins"] / e["games"] if e["games"] else 0.0
        lines.append(
            f"  {e['agent']:<24} {e['mu']:>7.2f} {e['low']:>8.2f}-{e['high']:<8.2f}"
            f" {e['games']:>6} {rate:>8.1%} {e['mean_score']:>7.2f}"
        )
    lines.append(_("Head to head (how often the agent finished ahead; 95% Wilson interval):"))
    for p in pairs:
        lines.append(
            "  "
            + _("{agent} vs {opponent} {rate} ({low}-{high}) over {n} games").format(
                agent=f"{p['agent']:<24}",
                opponent=f"{p['opponent']:<24}",
                rate=f"{p['win_rate']:>6.1%}",
                low=f"{p['low']:.1%}",
                high=f"{p['high']:.1%}",
                n=p["games"],
            )
        )
    return lines
