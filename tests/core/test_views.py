"""Player views (issue 23 item 4): what each seat may see, the same view for every
consumer. The secret-objective example hides each seat's card from the others; a
bot's or a learning agent's decisions must not change when a card its seat may not
see changes, and with no secret in play the view is the game itself.
"""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from kingdomino_core import SPECTATOR, Action, Game, determinize, view_of
from kingdomino_core.engine.agents import installed_agents
from kingdomino_core.engine.views import action_words, describe_game
from kingdomino_core.testing import make_engine, make_game

ROOT = Path(__file__).resolve().parents[2]
SECRET = str(ROOT / "examples" / "secret-objective" / "secret-objective.toml")
CARDS = "secret_objective"


def twin_games(seed: int, moves: int) -> tuple[Game, Game]:
    """Two games that differ only in P2's hidden card: the first played ``moves``
    moves by random choices, the second the same moves with another card dealt to P2
    (one nobody else holds)."""
    engine = make_engine(SECRET, 3)
    a = engine.new_game(seed=seed)
    rng = random.Random(seed)
    while len(a.log) < moves and not a.is_terminal():
        if a.is_chance():
            a.resolve_chance()
        else:
            actions = a.legal_actions()
            a.apply(actions[int(rng.random() * len(actions))])
    held = a.ext[CARDS]
    other = next(c for c in range(6) if c not in held)
    b = engine.new_game(seed=seed)
    for action in a.log:
        if action.kind == "secret_objective.deal" and action.seat == 1:  # type: ignore[attr-defined]
            action = type(action)(seat=1, card=other)  # type: ignore[call-arg]
        b.apply(action)
    assert b.ext[CARDS][1] != a.ext[CARDS][1] and b.ext[CARDS][0] == a.ext[CARDS][0]
    return a, b


def seat0_decisions(seed: int) -> list[tuple[Game, Game]]:
    """Pairs of twin games at several decisions of seat 0."""
    found = []
    for moves in (12, 30, 50, 70):
        a, b = twin_games(seed, moves)
        while not a.is_terminal() and a.current_seat != 0:
            action = a.legal_actions()[0] if not a.is_chance() else a.chance_outcomes()[0][0]
            a.apply(action)
            b.apply(action)
        if not a.is_terminal():
            found.append((a, b))
    return found


def test_with_no_secret_the_view_is_the_game() -> None:
    game = make_game("base", 3, seed=1)
    assert view_of(game, 0) is game and view_of(game, SPECTATOR) is game
    rng = random.Random(5)
    copy = determinize(game, 0, rng)
    assert copy is not game and copy.rng is rng and copy.pile == game.pile


def test_each_seat_sees_its_own_card_and_nobody_elses() -> None:
    game = make_game(SECRET, 3, seed=4)
    game.play_chance()
    real = game.ext[CARDS]
    assert all(c >= 0 for c in real) and len(set(real)) == 3
    for seat in range(3):
        seen = view_of(game, seat).ext[CARDS]
        assert seen[seat] == real[seat]
        assert all(c == -2 for s, c in enumerate(seen) if s != seat)
        lines = describe_game(view_of(game, seat), seat)
        assert sum("Your objective" in line for line in lines) == 1
        assert sum("hidden until the end" in line for line in lines) == 2
    assert view_of(game, SPECTATOR).ext[CARDS] == (-2, -2, -2)
    assert game.ext[CARDS] == real  # views are copies
    # A view's log keeps the viewer's own deal only.
    deals = [a for a in view_of(game, 0).log if a.kind == "secret_objective.deal"]
    assert [d.card for d in deals] == [real[0], -2, -2]  # type: ignore[attr-defined]


def test_the_cards_are_shown_at_the_end() -> None:
    game = make_game(SECRET, 3, seed=4)
    game.play(lambda g: g.legal_actions()[0])
    assert view_of(game, 1).ext[CARDS] == game.ext[CARDS]
    assert not any("hidden" in line for line in describe_game(view_of(game, 1), 1))


def test_a_view_scores_only_the_objectives_its_seat_sees() -> None:
    for seed in range(40):
        game = make_game(SECRET, 3, seed=seed)
        game.play(lambda g: g.legal_actions()[-1])
        lines = [(k, s.others) for k, s in enumerate(game.scores()) if s.others]
        if not lines:
            continue
        k = lines[0][0]
        # Just before the end: the others' view of kingdom k lacks its objective.
        almost = make_game(SECRET, 3, seed=seed)
        for action in game.log[:-1]:
            almost.apply(action)
        owner = almost.config.seats_of(k)[0]
        other = (owner + 1) % 3
        if not any(line.kind == "objective" for line in almost.score_sheet(k).lines):
            continue
        own_view, other_view = view_of(almost, owner), view_of(almost, other)
        assert own_view.score_total(k) == almost.score_total(k)
        assert other_view.score_total(k) == almost.score_total(k) - 10
        return
    pytest.fail("no game met an objective before its last move")


def test_a_hidden_deal_is_worded_for_the_others() -> None:
    game = make_game(SECRET, 3, seed=2)
    game.play_chance()
    deal = game.log[1]  # P2's card
    engine_game = make_game(SECRET, 3, seed=2)
    assert action_words(engine_game, deal, 1) is None
    assert action_words(engine_game, deal, 0) == "is dealt a secret objective"
    assert action_words(engine_game, deal, SPECTATOR) == "is dealt a secret objective"


def test_determinized_copies_depend_only_on_what_the_seat_sees() -> None:
    for a, b in seat0_decisions(seed=3):
        ca, cb = determinize(a, 0, random.Random(9)), determinize(b, 0, random.Random(9))
        assert ca.ext[CARDS] == cb.ext[CARDS]
        assert ca.ext[CARDS][0] == a.ext[CARDS][0]


@pytest.mark.parametrize("spec", ["random", "greedy", "mcts:playouts=24+width=6"])
def test_a_bots_decisions_ignore_what_its_seat_may_not_see(spec: str) -> None:
    """Twin games that differ only in P2's card: seat 0's bot, seeded the same, makes
    the same decision in both, at every decision tried."""
    registry = installed_agents()
    pairs = seat0_decisions(seed=3) + seat0_decisions(seed=8)
    assert len(pairs) >= 6
    for a, b in pairs:
        first: Action = registry.make(spec, random.Random(1)).act(a)
        second: Action = registry.make(spec, random.Random(1)).act(b)
        assert first == second


def test_an_agents_observation_ignores_what_its_seat_may_not_see() -> None:
    pytest.importorskip("gymnasium")
    from kingdomino_rl.observation import Observer

    differ = 0
    for a, b in seat0_decisions(seed=3) + seat0_decisions(seed=8):
        observer = Observer(a.engine)
        assert np.array_equal(observer.flat(a, 0), observer.flat(b, 0))
        differ += not np.array_equal(observer.flat(a, 1), observer.flat(b, 1))
    assert differ  # P2's own observation does see its card's points
