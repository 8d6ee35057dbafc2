"""Bots' numbers in real games: the same game however it is played.

``kd simulate`` (``runner.play_one``: each seat's generator follows the game once),
``kd play`` (``Seat.choose`` at every decision) and a game resumed from its log at
any move (new seats, as ``kd play --resume`` builds them) must play the same moves:
a decision's numbers depend on (game seed, seat, move) alone. Over every shipped
ruleset, with agents that draw no number, one, or thousands (mcts) a decision.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kingdomino_cli.common import build_engine, resolve_ruleset
from kingdomino_cli.players import make_seats
from kingdomino_cli.runner import play_one
from kingdomino_core import Engine, Game
from kingdomino_core.rulesets.lookup import list_rulesets
from kingdomino_core.saves.savegame import PlayerEntry
from kingdomino_play import DecisionRandom, Seat

SHIPPED = sorted(e.name for e in list_rulesets() if e.where == "shipped")
AGENTS = ["random", "greedy", "mcts:playouts=2+width=2"]


def engine_for(name: str) -> Engine:
    return build_engine(resolve_ruleset(name), None)


def seats_for(specs: list[str]):  # type: ignore[no-untyped-def]
    return make_seats([PlayerEntry(name=f"P{i}", agent=s) for i, s in enumerate(specs)])


def play_by_choose(game: Game, specs: list[str], stop: int | None = None) -> Game:
    """``kd play``'s way: ``Seat.choose`` at each decision, up to log length ``stop``."""
    seats = seats_for(specs)
    while game.pending and (stop is None or len(game.log) < stop):
        if game.is_chance():
            game.resolve_chance()
        else:
            game.apply(seats[game.current_seat or 0].choose(game))
    return game


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    ruleset=st.sampled_from(SHIPPED),
    seed=st.integers(0, 2**63 - 1),
    agents=st.lists(st.sampled_from(AGENTS), min_size=8, max_size=8),
    cut=st.floats(0.05, 0.95),
)
def test_simulate_play_and_resume_play_the_same_moves(
    ruleset: str, seed: int, agents: list[str], cut: float
) -> None:
    engine = engine_for(ruleset)
    assert engine.config.players <= len(agents)
    specs = agents[: engine.config.players]
    simulated = play_one(engine, seats_for(specs), seed)
    played = play_by_choose(engine.new_game(seed=seed), specs)
    assert played.log == simulated.log
    # Stopped at a move and resumed with new seats from the log (kd play --resume).
    stop = int(len(simulated.log) * cut)
    first = play_by_choose(engine.new_game(seed=seed), specs, stop)
    resumed = engine.new_game(seed=seed)
    for action in first.log:
        resumed.apply(action)
    assert play_by_choose(resumed, specs).log == simulated.log


def test_same_seed_same_game_other_seed_other_game() -> None:
    engine = engine_for("base")
    one = play_one(engine, seats_for(["random"] * 4), 5)
    two = play_one(engine, seats_for(["random"] * 4), 5)
    assert one.log == two.log
    other = play_one(engine, seats_for(["random"] * 4), 6)
    assert other.log != one.log


class Fussy:
    """A third-party agent using the generator every way: gauss (which keeps a value
    between calls), getstate/setstate to replay numbers, seed, random."""

    def __init__(self, rng) -> None:  # type: ignore[no-untyped-def]
        self.rng = rng

    def act(self, game: Game):  # type: ignore[no-untyped-def]
        legal = game.legal_actions()
        rng = self.rng
        state = rng.getstate()
        rng.gauss()
        rng.setstate(state)
        x = rng.gauss() + rng.random()
        if len(game.log) % 7 == 0:
            rng.seed(len(legal))
            x += rng.random()
        return legal[int(abs(x) * 1000) % len(legal)]


def fussy_seats(n: int) -> list[Seat]:
    seats = []
    for i in range(n):
        rng = DecisionRandom(i)
        entry = PlayerEntry(name=f"P{i}", agent="fussy")
        seats.append(Seat(index=i, entry=entry, agent=Fussy(rng), rng=rng))
    return seats


def test_an_agent_using_gauss_state_and_seed_plays_the_same_game_every_way() -> None:
    """gauss' kept value, getstate/setstate and the agent's own seed last one decision
    at most: a game is the same after other games, alone, through Seat.choose, and
    resumed from its log."""
    engine = engine_for("base")
    seats = fussy_seats(engine.config.players)
    for seed in range(1, 4):
        play_one(engine, seats, seed)  # other games first, with the same seats
    after_others = play_one(engine, seats, 7)
    alone = play_one(engine, fussy_seats(len(seats)), 7)
    assert after_others.log == alone.log
    chosen = engine.new_game(seed=7)
    fresh = fussy_seats(len(seats))
    while chosen.pending:
        if chosen.is_chance():
            chosen.resolve_chance()
        else:
            chosen.apply(fresh[chosen.current_seat or 0].choose(chosen))
    assert chosen.log == alone.log
    resumed = engine.new_game(seed=7)
    for action in alone.log[: len(alone.log) // 2]:
        resumed.apply(action)
    assert play_one_from(resumed, fussy_seats(len(seats))).log == alone.log


def play_one_from(game: Game, seats: list[Seat]) -> Game:
    decide = [seat.decider(game) for seat in seats]
    while game.pending:
        if game.is_chance():
            game.resolve_chance()
        else:
            game.apply(decide[game.current_seat or 0](game))
    return game
