"""DecisionRandom: each decision's numbers, a pure function of (game seed, seat, move).

The definition (kingdomino_play/decision_random.py): a following generator's first
``random()`` of the decision at log position ``move`` is number ``move`` of the
game's decision stream; every other draw comes from a Mersenne Twister seeded with
``decision_seed(game seed, seat, move)``. These tests check the definition against
plain ``random.Random`` and the stream, and that nothing else (earlier draws, an
undo, the cache, threads) changes a number.
"""

from __future__ import annotations

import random
import statistics
import threading
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from kingdomino_core import Engine, Ruleset
from kingdomino_core.saves.savegame import PlayerEntry, decision_seed
from kingdomino_play import Seat, decision_random
from kingdomino_play.decision_random import DecisionRandom, DecisionStream, stream_numbers


class FakeGame:
    """What a following generator reads of a game: its seed and its log."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.log: list[Any] = []


def first_number(game_seed: int, move: int) -> float:
    return stream_numbers(game_seed, move + 1)[move] - 1.0


def test_the_first_draw_is_the_stream_and_the_rest_the_decisions_twister() -> None:
    game = FakeGame(123456789)
    game.log = [None] * 40
    rng = DecisionRandom(0)
    rng.follow(game, 2)  # type: ignore[arg-type]
    twister = random.Random(decision_seed(123456789, 2, 40))
    assert rng.random() == first_number(123456789, 40)
    assert [rng.random() for _ in range(5)] == [twister.random() for _ in range(5)]
    assert rng.randrange(1000) == twister.randrange(1000)
    game.log.append(None)  # the next decision
    assert rng.random() == first_number(123456789, 41)
    assert rng.random() == random.Random(decision_seed(123456789, 2, 41)).random()


def test_other_draws_first_leave_the_first_random_to_the_stream() -> None:
    game = FakeGame(7)
    game.log = [None] * 3
    rng = DecisionRandom(0)
    rng.follow(game, 1)  # type: ignore[arg-type]
    twister = random.Random(decision_seed(7, 1, 3))
    assert rng.choice(range(100)) == twister.choice(range(100))
    assert rng.randbytes(4) == twister.randbytes(4)
    assert rng.random() == first_number(7, 3)
    assert rng.random() == twister.random()


@settings(max_examples=150, deadline=None)
@given(
    game_seed=st.one_of(st.integers(0, 2**63 - 1), st.integers(-(2**70), 2**130)),
    seat=st.integers(0, 5000),
    history=st.lists(st.tuples(st.integers(1, 3), st.integers(0, 4)), max_size=12),
    draws=st.integers(1, 6),
)
def test_a_decisions_numbers_do_not_depend_on_what_was_drawn_before(
    game_seed: int, seat: int, history: list[tuple[int, int]], draws: int
) -> None:
    """A generator that followed the whole game and one that starts at this decision
    (a resumed game) draw the same numbers: numbers are a function of the decision."""
    game = FakeGame(game_seed)
    played = DecisionRandom(0)
    played.follow(game, seat)  # type: ignore[arg-type]
    for moves, count in history:
        game.log.extend([None] * moves)
        for i in range(count):
            played.random() if i % 2 else played.getrandbits(7)
    game.log.append(None)
    resumed = DecisionRandom(99)
    resumed.follow(game, seat)  # type: ignore[arg-type]
    assert [played.random() for _ in range(draws)] == [resumed.random() for _ in range(draws)]
    assert played.getrandbits(64) == resumed.getrandbits(64)


def test_following_again_starts_the_decision_afresh_as_after_an_undo() -> None:
    game = FakeGame(3)
    game.log = [None] * 10
    rng = DecisionRandom(0)
    rng.follow(game, 0)  # type: ignore[arg-type]
    before = [rng.random() for _ in range(3)]
    rng.follow(game, 0)  # type: ignore[arg-type]
    assert [rng.random() for _ in range(3)] == before


def test_numbers_are_in_the_unit_interval_and_look_uniform() -> None:
    values = [x - 1.0 for seed in range(400) for x in stream_numbers(seed, 160)]
    assert all(0.0 <= x < 1.0 for x in values)
    assert abs(statistics.mean(values) - 0.5) < 0.005
    assert abs(statistics.pvariance(values) - 1 / 12) < 0.002
    # Neighbouring moves and neighbouring seeds are not correlated.
    firsts = [first_number(s, 0) for s in range(3000)]
    assert abs(statistics.correlation(firsts, [float(s) for s in range(3000)])) < 0.1
    assert abs(statistics.correlation(values[:-1], values[1:])) < 0.02


def test_the_stream_extends_without_changing_its_start() -> None:
    assert list(stream_numbers(5, 1000)[:160]) == list(stream_numbers(5, 160))
    stream = DecisionStream(5)
    assert stream.upto(900)[900] == stream_numbers(5, 901)[900]
    game = FakeGame(5)
    game.log = [None] * 2000  # beyond what the stream had computed
    rng = DecisionRandom(0)
    rng.follow(game, 0)  # type: ignore[arg-type]
    assert rng.random() == first_number(5, 2000)


def test_numbers_are_pinned() -> None:
    """The stream's definition is fixed from this version on: a saved game's bots keep
    drawing the same numbers, so it resumes exactly as before (on any platform)."""
    assert [round(x - 1.0, 12) for x in stream_numbers(123456789, 3)] == [
        0.592540525251,
        0.035967211875,
        0.005450863456,
    ]


def test_the_cache_and_threads_change_no_number(monkeypatch) -> None:
    monkeypatch.setattr(decision_random, "_CACHED_STREAMS", 2)
    expected = {seed: stream_numbers(seed, 600).tolist() for seed in range(8)}
    got: dict[tuple[int, int], list[float]] = {}

    def play(worker: int) -> None:
        for seed in range(8):
            game = FakeGame(seed)
            rng = DecisionRandom(worker)
            rng.follow(game, worker)  # type: ignore[arg-type]
            row = []
            for _ in range(600):
                row.append(rng.random() + 1.0)
                game.log.append(None)
            got[worker, seed] = row

    threads = [threading.Thread(target=play, args=(w,)) for w in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for (_, seed), row in got.items():
        assert row == expected[seed]


def test_seed_and_setstate_are_plain_until_followed_then_last_one_decision() -> None:
    assert DecisionRandom(5).random() == random.Random(5).random()
    game = FakeGame(1)
    game.log = [None] * 4
    rng = DecisionRandom(0)
    rng.follow(game, 0)  # type: ignore[arg-type]
    rng.seed(8)  # the agent's own seed: the rest of this decision
    plain = random.Random(8)
    assert [rng.random() for _ in range(3)] == [plain.random() for _ in range(3)]
    state = rng.getstate()
    drawn = [rng.random() for _ in range(3)]
    rng.setstate(state)  # replaying the same numbers within a decision
    assert [rng.random() for _ in range(3)] == drawn
    assert rng.following is game
    game.log.append(None)  # the next decision: its own numbers again
    assert rng.random() == first_number(1, 5)
    assert rng.random() == random.Random(decision_seed(1, 0, 5)).random()


def test_gauss_keeps_nothing_from_one_decision_to_the_next() -> None:
    """``random.Random.gauss`` keeps a second value for its next call; a decision's
    gauss() must not get one from an earlier decision (or an earlier game)."""
    game = FakeGame(2)
    game.log = [None] * 10
    played = DecisionRandom(0)
    played.follow(game, 1)  # type: ignore[arg-type]
    played.gauss()
    game.log.append(None)
    fresh = DecisionRandom(0)
    fresh.follow(game, 1)  # type: ignore[arg-type]
    assert played.gauss() == fresh.gauss()
    other = FakeGame(3)
    played.follow(other, 1)  # type: ignore[arg-type]
    fresh.follow(other, 1)  # type: ignore[arg-type]
    fresh.gauss()
    new = DecisionRandom(0)
    new.follow(other, 1)  # type: ignore[arg-type]
    assert played.gauss() == new.gauss()


def test_a_seat_with_a_plain_generator_reseeds_it_with_decision_seed() -> None:
    """Seat.decider: a DecisionRandom follows the game; a plain ``random.Random`` is
    reseeded per decision with ``decision_seed`` (the same twister numbers)."""
    from kd_bots.random_agent import RandomAgent

    engine = Engine(Ruleset(name="base", plugins=("base",)), 2)
    game = engine.new_game(seed=11)
    game.play_chance()
    plain = random.Random(0)
    seat = Seat(index=game.current_seat or 0, entry=PlayerEntry(name="P", agent="random"),
                agent=RandomAgent(plain), rng=plain)  # fmt: skip
    seat.choose(game)
    expected = random.Random(decision_seed(game.seed, seat.index, len(game.log)))
    assert plain.getstate() != expected.getstate()  # one number drawn since
    expected.random()
    assert plain.getstate() == expected.getstate()
