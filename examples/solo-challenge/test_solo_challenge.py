"""Tests of the solo-challenge house rule: ``pytest examples/solo-challenge``."""

from pathlib import Path

import pytest

from kingdomino_core import CodeNotAllowedError, RulesetError, Trust
from kingdomino_core.testing import conformance, make_engine, make_game

RULESET = str(Path(__file__).with_name("solo-challenge.toml"))


def finished(seed: int, last: bool) -> tuple[int, tuple[int, ...], str]:
    """A game played with the first (or last) legal choice: its points, winners and
    the ranking's verdict."""
    game = make_game(RULESET, 1, seed=seed)
    game.play(lambda g: g.legal_actions()[-1 if last else 0])
    ranking = game.ranking()
    assert ranking.places == ((0,),)
    return game.score_total(0), game.winners(), ranking.verdict


def test_one_player_one_king_twelve_rounds() -> None:
    engine = make_engine(RULESET, 1)
    assert engine.config.players == 1 and engine.config.kings == 1
    game = engine.new_game(seed=2)
    game.play(lambda g: g.legal_actions()[0])
    placed = [a for a in game.log if a.kind in ("place", "discard")]
    assert len(placed) == 12
    with pytest.raises(Exception, match="player"):
        make_engine(RULESET, 2)


def test_the_challenge_is_won_only_at_the_target() -> None:
    seen = set()
    for seed in range(30):
        for last in (False, True):
            points, winners, verdict = finished(seed, last)
            if points >= 50:
                assert (
                    winners == (0,)
                    and verdict == f"the target of 50 points is reached with {points}"
                )
            else:
                assert (
                    winners == ()
                    and verdict == f"the target of 50 points is missed by {50 - points}"
                )
            seen.add(bool(winners))
    assert seen == {True, False}


def test_the_target_is_an_option_and_is_checked(tmp_path: Path) -> None:
    """A ruleset extending this one sets its own target; the rule's plugin file is
    then reached through ``extends``, so it runs only when trusted (``trust=``)."""
    plugin = Path(RULESET).with_name("solo_challenge.py")
    easy = tmp_path / "easy.toml"
    easy.write_text(
        f'[ruleset]\nname = "easy"\nextends = "{Path(RULESET).as_posix()}"\n'
        "[options.solo_challenge]\ntarget = 5\n"
    )
    with pytest.raises(CodeNotAllowedError):
        make_engine(str(easy), 1)
    trusted = Trust(files=[plugin])
    game = make_game(str(easy), 1, seed=1, trust=trusted)
    game.play(lambda g: g.legal_actions()[0])
    assert game.winners() == (0,)
    bad = tmp_path / "bad.toml"
    bad.write_text(easy.read_text().replace("target = 5", "target = 0"))
    with pytest.raises(RulesetError, match=r"options\.solo_challenge\.target"):
        conformance(str(bad), 1, trust=trusted)


def test_plays_whole_games_correctly() -> None:
    conformance(make_engine(RULESET, 1), seeds=range(3)).raise_for_problems()
