"""DecisionRandom: cheap per-decision reseeding that stays a pure function of the seed."""

from __future__ import annotations

import statistics

from kingdomino_cli.decision_random import DecisionRandom


def draws(seed: int, n: int) -> list[float]:
    rng = DecisionRandom(0)
    rng.seed(seed)
    return [rng.random() for _ in range(n)]


def test_same_seed_same_numbers_past_the_fast_draws() -> None:
    assert draws(2**90 + 17, 12) == draws(2**90 + 17, 12)
    assert draws(1, 12) != draws(2, 12)


def test_other_methods_are_deterministic_too() -> None:
    a, b = DecisionRandom(5), DecisionRandom(5)
    assert [a.randrange(100) for _ in range(10)] == [b.randrange(100) for _ in range(10)]
    a.seed(9)
    b.seed(9)
    a.random()
    b.random()
    assert a.choice("abcdef") == b.choice("abcdef")
    assert a.random() == b.random()


def test_numbers_look_uniform() -> None:
    values = [x for seed in range(5000) for x in draws(seed * 7919, 3)]
    assert all(0.0 <= x < 1.0 for x in values)
    assert abs(statistics.mean(values) - 0.5) < 0.01
    assert abs(statistics.pvariance(values) - 1 / 12) < 0.003
    # The first draw of nearby seeds is not correlated with the seed.
    firsts = [draws(s, 1)[0] for s in range(2000)]
    assert abs(statistics.correlation(firsts, [float(s) for s in range(2000)])) < 0.1
