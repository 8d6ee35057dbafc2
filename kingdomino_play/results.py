"""The result of a game as the contract JSON (``kd play --json``, ``kd replay --json``,
the browser's end of game).

Contract keys (docs/formats.md): ``ruleset``, ``seed``, ``players``,
``kingdoms`` and ``winners``. Added keys: ``finished``, ``moves``, ``ranking`` (places
from first to last with each kingdom's seats, ranking values, and the criterion that
separated a place from the next), ``match`` (per-game totals of a Dynasty match),
and, when the rules decide the winners themselves (a solo challenge: ``winners`` is
``[]`` when its target is missed) or word the result, ``outcome``: the result in
words (:func:`outcome_words`), and ``verdict``: the rules' own words.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kingdomino_core import Game, Ranking, match_games, match_totals
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
    ranking = game.ranking()
    out["ranking"] = ranking_json(game, ranking)
    if ranking.won is not None or ranking.verdict:  # absent otherwise: same JSON as before
        out["outcome"] = outcome_words(game, [p.name for p in players], ranking)
        out["verdict"] = ranking.verdict
    if game.match_sheets:
        current = [k["score"]["total"] for k in out["kingdoms"]]
        out["match"] = {
            "games": match_games(game, current),
            "totals": match_totals(game, current),
        }
    return out


def outcome_words(game: Game, names: Sequence[str], ranking: Ranking | None = None) -> str:
    """Who won, in words: ``"Ann wins."``, ``"Ann and Bob share the victory."``,
    ``"Nobody wins."`` (a solo target missed), then the rules' verdict if they give
    one (``"Nobody wins: the target of 60 points was missed by 12."``)."""
    ranking = ranking or game.ranking()
    won = set(ranking.winners)
    teams = ["+".join(names[s] for s in game.config.seats_of(k)) for k in range(len(game.kingdoms))]
    winners = [team for k, team in enumerate(teams) if k in won]
    if not winners:
        said = "Nobody wins"
    elif len(winners) == 1:
        said = f"{winners[0]} wins"
    else:
        said = f"{' and '.join(winners)} share the victory"
    return f"{said}: {ranking.verdict}." if ranking.verdict else f"{said}."


def ranking_json(game: Game, ranking: Ranking | None = None) -> list[dict[str, Any]]:
    """Places from first to last; ``decided_by`` is what separated a place from the
    next (``ranking``: ``game.ranking()`` if already computed)."""
    ranking = ranking or game.ranking()
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
