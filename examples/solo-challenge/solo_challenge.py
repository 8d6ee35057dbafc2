"""House rule "solo challenge": play alone and try to reach a target score.

A one-player game shipped as a single file: ``solo-challenge.toml`` beside it names
it in ``plugin_files``.

The rule, as we play it:

* One player, one king. Each round three dominoes are laid out; the king takes one
  and the other two leave the game. Twelve rounds: twelve dominoes, a full 5x5
  kingdom if every one fits.
* The kingdom is scored as in the base game (with the ruleset's bonuses). The
  challenge is won by reaching the target (``[options.solo_challenge] target``, 50
  points by default) and lost otherwise: then nobody wins, and the result says by
  how much the target was missed.

Hooks used: ``kd_configure`` (one player, one king, lines of three), ``kd_validate``
(the target), ``kd_rank`` (the ranking's ``won`` and ``verdict``: a result with no
winner), ``kd_describe_game`` (the target and the score so far).
"""

from __future__ import annotations

from attrs import frozen

from kingdomino_core import ConfigBuilder, Game, GameConfig, Ranking, Registry, ScoreSheet, hookimpl

NAME = "solo_challenge"
HOOK_API = 1
REQUIRES = ("base",)


@frozen(kw_only=True)
class Options:
    """``[options.solo_challenge]`` in a ruleset."""

    #: Points to reach to win.
    target: int = 50


@hookimpl(trylast=True)
def kd_configure(config: ConfigBuilder) -> None:
    config.set("allowed_players", (1,), override=True)
    config.set("kings_per_seat", 1, override=True)
    config.set("line_size", 3, override=True)
    config.set("lines_total", 12, override=True)


@hookimpl
def kd_validate(config: GameConfig, registry: Registry) -> list[str]:
    target = config.option(NAME, Options).target
    if not 1 <= target <= 500:
        return [f"options.solo_challenge.target: must be 1 to 500 points, not {target}"]
    return []


def verdict(points: int, target: int) -> str:
    """The result in words: ``target of 50 points reached with 53`` or missed by how much."""
    if points >= target:
        return f"the target of {target} points is reached with {points}"
    return f"the target of {target} points is missed by {target - points}"


@hookimpl
def kd_rank(game: Game, sheets: list[ScoreSheet]) -> Ranking:
    """One kingdom, first and alone; it wins only if it reached the target."""
    points = sum(sheet.total for sheet in sheets)
    target = game.config.option(NAME, Options).target
    return Ranking(
        places=((sheets[0].kingdom,),),
        decided_by=(),
        keys=((sheets[0].kingdom, (points,)),),
        criteria=("total",),
        won=(sheets[0].kingdom,) if points >= target else (),
        verdict=verdict(points, target),
    )


@hookimpl
def kd_describe_game(game: Game) -> list[str]:
    target = game.config.option(NAME, Options).target
    points = game.score_total(0)
    if game.is_terminal():
        return [f"Solo challenge: {verdict(points, target)}"]
    return [f"Solo challenge: reach {target} points ({points} so far)"]
