"""Benchmarks: engine speed and bot strength. Prints figures; asserts nothing.

Usage::

    python benchmarks/bench.py                 # everything, default sizes
    python benchmarks/bench.py speed           # games per second per ruleset, micro-benchmarks
    python benchmarks/bench.py speed --cpu     # the same timed in CPU time (shared machines)
    python benchmarks/bench.py simulate -n 1000 --rounds 5  # kd simulate vs the bare loop
    python benchmarks/bench.py strength -n 200 # bot win rates with 95% confidence intervals
    python benchmarks/bench.py strength --mcts mcts:time=1.0 -n 200
    python benchmarks/bench.py env -n 200      # the PettingZoo environment's steps per second
    python benchmarks/bench.py fast -n 200 --rounds 5  # the compiled kernel vs kd simulate
    python benchmarks/bench.py fast-mcts -n 100 --budgets 0.1,0.3  # mcts with/without it
    python benchmarks/bench.py fast-mcts -n 50 --first 50 --arms kernel  # games 50-99, kernel only

These machines are shared and noisy: compare figures taken in one run, and repeat.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from kingdomino_cli.tournament import wilson
from kingdomino_core import Engine, Game, Ruleset
from kingdomino_core.engine.steps import legal_placements

# Shipped rulesets are benchmarked when the TOML loader can find them.
RULESETS: list[tuple[str, tuple[str, ...], int, dict[str, dict[str, object]]]] = [
    ("base 2p", ("base",), 2, {}),
    ("base 3p", ("base",), 3, {}),
    ("base 4p", ("base",), 4, {}),
    ("grand duel", ("base", "grand_duel"), 2, {}),
    ("quests 4p", ("base", "quests"), 4, {}),
    ("age of giants 4p", ("base", "quests", "age_of_giants"), 4, {}),
    ("age of giants 5p", ("base", "quests", "age_of_giants"), 5, {}),
]


def engine_for(plugins: tuple[str, ...], players: int, options: dict) -> Engine:
    return Engine(Ruleset(name="+".join(plugins), plugins=plugins, options=options), players)


#: The clock of the engine rows and micro-benchmarks: wall time, or with ``--cpu`` this
#: process's CPU time (steadier on a shared machine; compare like with like).
clock: Callable[[], float] = time.perf_counter


def random_games(engine: Engine, n: int, seed: int = 0) -> float:
    """Complete games per second with uniformly random players."""
    rng = random.Random(seed)
    start = clock()
    for i in range(n):
        game = engine.new_game(seed=seed + i)
        while game.pending:
            if game.pending[0].seat == -1:
                game.resolve_chance()
            else:
                game.apply(game.sample_action(rng.random()), check=False)
    return n / (clock() - start)


def calls_per_decision(engine: Engine, n: int) -> float:
    """Python function calls per player decision in ``n`` random games (new game, chance
    and the automatic steps between decisions included). A count, not a time: load
    does not change it, so it compares two versions of the engine exactly."""
    seeds = list(range(n))
    return count_calls(lambda: bare_games(engine, seeds)) / decisions_in(engine, seeds)


def positions(engine: Engine, count: int, seed: int = 1) -> list[Game]:
    """Mid-game positions waiting for a placement, from random games."""
    rng = random.Random(seed)
    found: list[Game] = []
    i = 0
    while len(found) < count:
        game = engine.new_game(seed=seed + i)
        i += 1
        stop = rng.randrange(4, 40)
        moves = 0
        while game.pending:
            step = game.pending[0]
            if step.seat == -1:
                game.resolve_chance()
                continue
            if step.kind == "place" and moves >= stop:
                found.append(game.clone())
                break
            game.apply(game.sample_action(rng.random()), check=False)
            moves += 1
    return found


def per_call(fn: Callable[[], object], repeat: int) -> float:
    start = clock()
    for _ in range(repeat):
        fn()
    return (clock() - start) / repeat * 1e6


def micro(engine: Engine, label: str) -> None:
    games = positions(engine, 200)
    steps = [g.pending[0] for g in games]

    def gen() -> None:
        for g, s in zip(games, steps, strict=True):
            assert s.domino is not None
            legal_placements(g, s.seat, s.domino)

    def clone() -> None:
        for g in games:
            g.clone(log=False)

    def score() -> None:
        for g in games:
            g.changed()  # a new state: the sheet is built, not taken from the cache
            g.score_sheet(0)

    def score_again() -> None:
        for g in games:
            g.score_sheet(0)  # the same state: the game's cache (engine/scores.py)

    def total() -> None:
        for g in finished:
            for k in range(len(g.kingdoms)):
                g.score_total(k)

    first = [g.legal_actions()[0] for g in games]
    rng = random.Random(3)
    finished = []
    for i in range(50):
        done = engine.new_game(seed=i)
        done.play(lambda g: g.sample_action(rng.random()))
        finished.append(done)
    kingdoms = sum(len(g.kingdoms) for g in finished)

    def apply() -> None:
        for g, a in zip(games, first, strict=True):
            g.clone(log=False).apply(a, check=False)

    n = len(games)
    rows = [
        ("legal placements (full list)", per_call(gen, 5) / n),
        ("clone a game", per_call(clone, 5) / n),
        ("score a kingdom (full breakdown)", per_call(score, 5) / n),
        ("score a kingdom again (cached)", per_call(score_again, 5) / n),
        ("score a finished kingdom (total)", per_call(total, 20) / kingdoms),
        ("apply a placement (incl. clone)", per_call(apply, 5) / n),
    ]
    print(f"  {label}:")
    for name, us in rows:
        print(f"    {name:36s} {us:8.1f} us   ({1e6 / us:10,.0f} per second)")


def speed(args: argparse.Namespace) -> None:
    timed = "CPU time" if clock is time.process_time else "wall time"
    print(
        f"Random games per second, one process (n={args.n}, {timed}), and Python calls per "
        "decision (a count: load does not change it):"
    )
    for label, plugins, players, options in RULESETS:
        engine = engine_for(plugins, players, options)
        random_games(engine, max(5, args.n // 10))  # warm up
        rate = random_games(engine, args.n)
        calls = calls_per_decision(engine, max(5, args.n // 10))
        print(f"  {label:24s} {rate:8.0f} games/s   {calls:6.1f} calls/decision")
    simulate_vs_bare(args.n, args.rounds)
    print("Micro-benchmarks (mid-game positions):")
    micro(engine_for(("base",), 4, {}), "base 4p")
    micro(engine_for(("base", "quests", "age_of_giants"), 4, {}), "age of giants 4p")


def bare_games(
    engine: Engine, seeds: list[int], numbers: dict[int, list[float]] | None = None
) -> float:
    """The bare engine loop of ``random_games`` over the games seeded ``seeds``: CPU
    seconds (this process only, so other work on a shared machine counts less).

    ``numbers``: per game seed, the number each decision draws, by log position (the
    games of ``kd simulate``'s random players, move for move); by default one
    generator's numbers in turn.
    """
    rng = random.Random(0)
    start = time.process_time()
    for seed in seeds:
        game = engine.new_game(seed=seed)
        pending = game.pending
        if numbers is None:
            draw = rng.random
            while pending:
                if pending[0].seat == -1:
                    game.resolve_chance()
                else:
                    game.apply(game.sample_action(draw()), check=False)
        else:
            mine, log = numbers[seed], game.log
            while pending:
                if pending[0].seat == -1:
                    game.resolve_chance()
                else:
                    game.apply(game.sample_action(mine[len(log)]), check=False)
    return time.process_time() - start


def simulate_vs_bare(n: int, rounds: int = 5, slice_size: int = 50) -> None:
    """``kd simulate``'s game loop (``runner.run_jobs``, as ``cmd_simulate.run`` calls
    it: seats, agents drawing per decision, results) against the bare engine loop,
    4 random players, on the same games.

    Fair comparison: both play the games seeded ``game_seed(1, i)`` with the same
    moves (the bare loop draws each decision's number from the game's decision
    stream, computed before the clock starts; ``kd simulate`` computes it as it
    plays), and in both a random player's work is one number and
    ``game.sample_action``; what ``kd simulate`` adds is its own machinery. Measured
    in CPU time, alternating slices of ``slice_size`` games (so a change of load on
    the machine hits both alike); a round is ``n // rounds`` games each, the ratio
    the median of the rounds' ratios. Python calls per decision are counted too (a
    count: load cannot change it).
    """
    from kingdomino_cli.cmd_simulate import jobs_for
    from kingdomino_cli.runner import game_seed, run_jobs
    from kingdomino_core.rulesets.files import load_ruleset
    from kingdomino_play.decision_random import stream_numbers

    ruleset = load_ruleset("base")
    engine = engine_for(("base",), 4, {})
    specs = ("random",) * 4
    per_round = max(slice_size, n // rounds)
    jobs = jobs_for(specs, per_round)
    seeds = [game_seed(1, job.deal) for job in jobs]
    numbers = {seed: [x - 1.0 for x in stream_numbers(seed, 1000)] for seed in seeds}
    run_jobs(ruleset, 1, jobs[:slice_size])  # warm up
    bare_games(engine, seeds[:slice_size], numbers)
    ratios, sim_rates, bare_rates = [], [], []
    for _ in range(rounds):
        bare = sim = 0.0
        for at in range(0, per_round, slice_size):
            bare += bare_games(engine, seeds[at : at + slice_size], numbers)
            start = time.process_time()
            run_jobs(ruleset, 1, jobs[at : at + slice_size])
            sim += time.process_time() - start
        sim_rates.append(per_round / sim)
        bare_rates.append(per_round / bare)
        ratios.append(bare / sim)
    few = max(3, per_round // 20)
    sim_calls = count_calls(lambda: run_jobs(ruleset, 1, jobs[:few]))
    bare_calls = count_calls(lambda: bare_games(engine, seeds[:few], numbers))
    decisions = decisions_in(engine, seeds[:few])
    print(
        f"  kd simulate, base 4p random   {statistics.median(sim_rates):8.0f} games/s   "
        f"bare engine loop {statistics.median(bare_rates):8.0f} games/s   "
        f"ratio {statistics.median(ratios):.2f} (median of {rounds} rounds of "
        f"{per_round} games, CPU time, the same games; rounds {min(ratios):.2f}-"
        f"{max(ratios):.2f})"
    )
    print(
        f"  kd simulate, base 4p random   {sim_calls / decisions:8.1f} calls/decision "
        f"bare engine loop {bare_calls / decisions:8.1f} calls/decision"
    )


def count_calls(fn: Callable[[], object]) -> int:
    """Python function calls made by ``fn()``."""
    calls = 0

    def count(frame: Any, event: str, arg: Any) -> None:
        nonlocal calls
        if event == "call":
            calls += 1

    sys.setprofile(count)
    try:
        fn()
    finally:
        sys.setprofile(None)
    return calls


def decisions_in(engine: Engine, seeds: list[int]) -> int:
    """Player decisions in random games seeded ``seeds`` (the same for any player)."""
    rng = random.Random(0)
    decisions = 0
    for seed in seeds:
        game = engine.new_game(seed=seed)
        while game.pending:
            if game.pending[0].seat == -1:
                game.resolve_chance()
            else:
                game.apply(game.sample_action(rng.random()), check=False)
                decisions += 1
    return decisions


def one_game(hero: str, villain: str, i: int, seed: int) -> float:
    """Game ``i`` of :func:`match`: the hero's share of the win (seat ``i % 4``)."""
    from kingdomino_core.engine.agents import installed_agents

    registry = installed_agents()
    engine = engine_for(("base",), 4, {})
    seat = i % 4
    specs = [villain] * 4
    specs[seat] = hero
    agents = [
        registry.make(s, random.Random(seed * 1000 + i * 10 + k)) for k, s in enumerate(specs)
    ]
    game = engine.new_game(seed=seed + i)
    game.play(lambda g, agents=agents: agents[g.current_seat].act(g))  # type: ignore[index,misc]
    winners = game.winners()
    return 1 / len(winners) if seat in winners else 0.0


def mcts_playout_rates() -> None:
    """Playouts per CPU second of ``mcts`` at positions of two seeded greedy games
    (4-player base game, every sixth decision): in the kernel with each policy, and
    in Python (its default there, the sampled policy)."""
    from kd_bots.greedy import GreedyAgent
    from kd_bots.mcts import MctsAgent

    engine = engine_for(("base",), 4, {})
    positions = []
    for seed in (5, 6):
        game = engine.new_game(seed=seed)
        bot = GreedyAgent(random.Random(seed))
        k = 0
        while not game.is_terminal():
            if game.is_chance():
                game.resolve_chance()
                continue
            if k % 6 == 0 and len(game.legal_actions()) > 1:
                positions.append(game.clone())
            game.apply(bot.act(game))
            k += 1
    arms = {
        "kernel, policy=greedy (the default, and auto)": {"greedy": True},
        "kernel, policy=sample": {"greedy": False},
        "Python, policy=greedy (the default)": {"kernel": False},
    }
    for label, options in arms.items():
        agent = MctsAgent(random.Random(1), cpu=0.05, **options)  # type: ignore[arg-type]
        agent.act(positions[0])  # load the kernel
        playouts = 0
        start = time.process_time()
        for game in positions:
            agent.act(game)
            playouts += agent.last_playouts
        rate = playouts / (time.process_time() - start)
        print(f"  {label}: {rate:,.0f} playouts per CPU s ({len(positions)} positions)")


def mcts_kernel_strength(args: argparse.Namespace) -> None:
    """``mcts:cpu=B`` against three greedy with its playouts in the kernel and in
    Python (``kernel=off``), the same seeds, games interleaved so both see the same
    load; CPU-time budgets, so the figures hold on a loaded machine."""
    from kd_bots.fast_playouts import kernel_available

    if not kernel_available():
        print("  (numba is not installed: pip install -e '.[fast]')")
        return
    one_game("mcts:playouts=2", "greedy", 0, args.seed)  # load (or compile) the kernel
    mcts_playout_rates()
    chosen = args.arms.split(",")
    for budget in [float(b) for b in args.budgets.split(",")]:
        spec = f"mcts:cpu={budget}+policy={args.policy}"
        arms = {"kernel": spec, "python": f"{spec}+kernel=off"}
        arms = {arm: spec for arm, spec in arms.items() if arm in chosen}
        wins = dict.fromkeys(arms, 0.0)
        cpu = dict.fromkeys(arms, 0.0)
        for i in range(args.first, args.first + args.n):
            for arm, hero in arms.items():
                start = time.process_time()
                wins[arm] += one_game(hero, "greedy", i, args.seed)
                cpu[arm] += time.process_time() - start
            if args_verbose:
                tally = ", ".join(f"{arm} {wins[arm]:.1f}" for arm in arms)
                print(f"    game {i + 1}: {tally}", file=sys.stderr, flush=True)
        row = []
        for arm in arms:
            lo, hi = wilson(wins[arm], args.n)
            row.append(
                f"{arm} {wins[arm]:.1f}/{args.n} = {wins[arm] / args.n:.1%} "
                f"(95% CI {lo:.1%}-{hi:.1%}, {cpu[arm] / args.n:.1f} CPU s a game)"
            )
        print(f"  mcts:cpu={budget} vs 3x greedy: " + "; ".join(row))


def match(hero: str, villain: str, n: int, seed: int) -> tuple[float, int]:
    """``hero`` against three ``villain`` in the 4-player base game, seats rotated.

    Returns the hero's wins (a shared win counts as 1/k) and the number of games.
    """
    from kingdomino_core.engine.agents import installed_agents

    registry = installed_agents()
    engine = engine_for(("base",), 4, {})
    wins = 0.0
    for i in range(n):
        seat = i % 4
        specs = [villain] * 4
        specs[seat] = hero
        agents = [
            registry.make(s, random.Random(seed * 1000 + i * 10 + k)) for k, s in enumerate(specs)
        ]
        game = engine.new_game(seed=seed + i)
        game.play(lambda g, agents=agents: agents[g.current_seat].act(g))  # type: ignore[index,misc]
        winners = game.winners()
        if seat in winners:
            wins += 1 / len(winners)
        if args_verbose:
            print(f"    game {i + 1}/{n}: hero seat {seat}, winners {winners}", file=sys.stderr)
    return wins, n


args_verbose = False


def strength(args: argparse.Namespace) -> None:
    pairs = [("greedy", "random")]
    if args.mcts:
        pairs.append((args.mcts, "greedy"))
    for hero, villain in pairs:
        start = time.perf_counter()
        wins, n = match(hero, villain, args.n, args.seed)
        lo, hi = wilson(wins, n)
        print(
            f"  {hero} vs 3x {villain}: won {wins:.1f}/{n} = {wins / n:.1%} "
            f"(95% CI {lo:.1%}-{hi:.1%}), {time.perf_counter() - start:.0f} s"
        )


def env_speed(args: argparse.Namespace) -> None:
    """Random masked play through the PettingZoo AEC env, observation included, with
    the bare engine's decisions per second on the same games beside it. Steps per CPU
    second (this process's CPU time) show what an idle core would do on a loaded
    machine."""
    try:
        import numpy as np

        from kingdomino_rl import KingdominoEnv
    except ImportError:
        print("  (kingdomino_rl needs the rl extra: pip install -e '.[rl]')")
        return
    for label, ruleset, players in (("base 2p", "base", 2), ("base 4p", "base", 4)):
        env = KingdominoEnv(ruleset, players)
        rng = np.random.default_rng(0)

        def run(games: int, env: KingdominoEnv = env, rng: Any = rng) -> tuple[int, float, float]:
            steps = 0
            start, cpu = time.perf_counter(), time.process_time()
            for i in range(games):
                env.reset(seed=i)
                for _agent in env.agent_iter():
                    obs, _, term, trunc, _ = env.last()
                    if term or trunc:
                        env.step(None)
                        continue
                    legal = np.flatnonzero(obs["action_mask"])
                    env.step(int(legal[int(rng.random() * len(legal))]))
                    steps += 1
            return steps, time.perf_counter() - start, time.process_time() - cpu

        run(max(2, args.n // 10))  # warm up
        steps, seconds, cpu_seconds = run(args.n)
        engine = env.engine
        bare = random_games(engine, args.n)
        per_game = steps / args.n
        print(
            f"  {label:10s} env {steps / seconds:8.0f} steps/s, "
            f"{steps / cpu_seconds:6.0f} per CPU s (observation + mask)   "
            f"bare engine {bare * per_game:8.0f} decisions/s ({per_game:.0f} decisions/game)"
        )


def random_legal(mask: Any, u: Any) -> Any:
    """Per row of ``mask``, its ``int(u * n)``-th legal action (``n`` legal ones)."""
    import numpy as np

    counts = mask.sum(1)
    k = (u * counts).astype(np.int64)
    return (np.cumsum(mask, 1) <= k[:, None]).sum(1)


def batched_vs_pettingzoo(args: argparse.Namespace, batch: int = 1024) -> None:
    """Steps per CPU second of the batched environment (``kingdomino_rl.batched``,
    ``batch`` games, every seat a learner) against the PettingZoo AEC env, random
    masked play, observation and mask computed at every step, interleaved in
    rounds: each round plays ``n`` PettingZoo games, then ``n`` batched steps
    (``n x batch`` games' steps). Batched figures: the environment's ``step`` alone,
    and with the numpy choice of random legal actions (the agent's side) added."""
    try:
        import numpy as np

        from kingdomino_rl import KingdominoEnv
        from kingdomino_rl.batched import BatchedEnv
    except ImportError as error:
        print(f"  (needs the rl and fast extras: pip install -e '.[rl,fast]'; {error})")
        return
    for label, ruleset, players in (("base 2p", "base", 2), ("base 4p", "base", 4)):
        aec = KingdominoEnv(ruleset, players)
        env = BatchedEnv(ruleset, players, batch=batch, seed=args.seed)
        rng = np.random.default_rng(args.seed)
        obs, _ = env.reset()
        for _ in range(5):  # load the compiled code
            obs = env.step(random_legal(obs["action_mask"], rng.random(batch)))[0]
        seed = 0
        pz_rates, env_rates, all_rates = [], [], []
        for _ in range(args.rounds):
            steps, start = 0, time.process_time()
            for _ in range(args.n):
                aec.reset(seed=seed)
                seed += 1
                for _agent in aec.agent_iter():
                    o, _, term, trunc, _ = aec.last()
                    if term or trunc:
                        aec.step(None)
                        continue
                    legal = np.flatnonzero(o["action_mask"])
                    aec.step(int(legal[int(rng.random() * len(legal))]))
                    steps += 1
            pz_rates.append(steps / (time.process_time() - start))
            in_step = picking = 0.0
            for _ in range(args.n):
                start = time.process_time()
                actions = random_legal(obs["action_mask"], rng.random(batch))
                mid = time.process_time()
                obs = env.step(actions)[0]
                in_step += time.process_time() - mid
                picking += mid - start
            env_rates.append(args.n * batch / in_step)
            all_rates.append(args.n * batch / (in_step + picking))
        pz, fast, both = (statistics.median(r) for r in (pz_rates, env_rates, all_rates))
        ratios = [e / p for e, p in zip(env_rates, pz_rates, strict=True)]
        print(
            f"  {label}: batched env (batch {batch}) {fast:10,.0f} steps/CPU s "
            f"({both:,.0f} with the numpy choice of actions)   PettingZoo env "
            f"{pz:7,.0f} steps/CPU s   ratio {statistics.median(ratios):5.1f}x "
            f"(median of {args.rounds} rounds; {min(ratios):.1f}-{max(ratios):.1f})"
        )


#: (label, ruleset, seat agents): the kernel's rows (``bench.py fast``).
FAST_ROWS = (
    ("base 4p random", "base", ("random",) * 4),
    ("base 4p greedy", "base", ("greedy",) * 4),
    ("base 2p random", "base", ("random",) * 2),
    ("grand duel random", "grand-duel", ("random",) * 2),
    ("xl 4p random", "xl", ("random",) * 4),
)


def fast_vs_python(n: int, rounds: int) -> None:
    """The compiled kernel (``kd simulate --engine fast``'s loop) against ``kd
    simulate``'s Python path on the same games, games per CPU second, interleaved:
    each round plays ``n`` games in Python then 20 x ``n`` in the kernel (the kernel
    needs more to be timed), and the ratio is the median of the rounds' ratios. The
    kernel's results are checked equal to Python's on the games both played."""
    try:
        from kingdomino_fast.batch import play  # noqa: F401
    except ImportError:
        print("  (the kernel needs the fast extra: pip install -e '.[fast]')")
        return
    from kingdomino_cli.cmd_simulate import jobs_for
    from kingdomino_cli.runner import run_jobs
    from kingdomino_core.rulesets.files import load_ruleset

    for label, name, specs in FAST_ROWS:
        ruleset = load_ruleset(name)
        python_n = n if "greedy" not in specs else max(10, n // 5)
        jobs = jobs_for(specs, python_n * 20)
        run_jobs(ruleset, 1, jobs[:5], engine="fast")  # load the compiled code
        ratios, py_rates, fast_rates = [], [], []
        for r in range(rounds):
            part = jobs[r * python_n : (r + 1) * python_n] if r * python_n < len(jobs) else jobs
            start = time.process_time()
            slow = run_jobs(ruleset, 1, part)
            py = time.process_time() - start
            start = time.process_time()
            quick = run_jobs(ruleset, 1, jobs, engine="fast")
            fast = time.process_time() - start
            by_index = {q.index: q for q in quick}
            assert all(by_index[s.index] == s for s in slow), f"{label}: results differ"
            py_rates.append(len(part) / py)
            fast_rates.append(len(jobs) / fast)
            ratios.append(fast_rates[-1] / py_rates[-1])
        print(
            f"  {label:18s} kernel {statistics.median(fast_rates):8.0f} games/CPU s   "
            f"kd simulate (Python) {statistics.median(py_rates):6.0f} games/CPU s   "
            f"ratio {statistics.median(ratios):5.1f}x (median of {rounds} rounds; "
            f"{min(ratios):.1f}-{max(ratios):.1f})"
        )


def fast_memory(games: int = 100_000) -> None:
    """Peak RSS of ``kd simulate -n GAMES --engine fast`` (a child process)."""
    import resource
    import subprocess

    command = [sys.executable, "-m", "kingdomino_cli.app", "simulate", "-p",
               "random,random,random,random", "-n", str(games), "--seed", "1",
               "--engine", "fast"]  # fmt: skip
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True)
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(
        f"  kd simulate -n {games} --engine fast (base 4p random): peak RSS {peak:.0f} MB, "
        f"{time.perf_counter() - start:.1f} s wall"
    )


def main() -> None:
    global args_verbose, clock
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "what",
        nargs="?",
        choices=["speed", "simulate", "strength", "env", "batched", "fast", "fast-mcts", "all"],
        default="all",
    )
    parser.add_argument("-n", type=int, default=200, help="games per measurement")
    parser.add_argument(
        "--rounds", type=int, default=5, help="alternating rounds of kd simulate vs the loop"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--mcts", default="", help="also play this Monte Carlo agent against 3 greedy"
    )
    parser.add_argument(
        "--budgets", default="0.1,0.3", help="fast-mcts: mcts CPU seconds a move, comma-separated"
    )
    parser.add_argument(
        "--arms", default="kernel,python", help="fast-mcts: kernel, python or both (comma)"
    )
    parser.add_argument(
        "--first", type=int, default=0, help="fast-mcts: the first game's index (split a run)"
    )
    parser.add_argument(
        "--policy", default="auto", help="fast-mcts: mcts's playout policy (auto, greedy, sample)"
    )
    parser.add_argument("-v", "--verbose", action="store_true")
    parser.add_argument(
        "--cpu",
        action="store_true",
        help="time the engine rows and micro-benchmarks in this process's CPU time",
    )
    args = parser.parse_args()
    args_verbose = args.verbose
    if args.cpu:
        clock = time.process_time
    if args.what in ("speed", "all"):
        speed(args)
    if args.what == "simulate":
        print(f"kd simulate against the bare engine loop (n={args.n} games each):")
        simulate_vs_bare(args.n, args.rounds)
    if args.what in ("fast", "all"):
        print(f"The compiled kernel against kd simulate's Python path (n={args.n}):")
        fast_vs_python(args.n, args.rounds)
        fast_memory()
    if args.what in ("env", "all"):
        print(f"Reinforcement-learning environment, random masked play (n={args.n} games):")
        env_speed(args)
    if args.what in ("batched", "all"):
        print(f"The batched environment against the PettingZoo env (n={args.n}):")
        batched_vs_pettingzoo(args)
    if args.what in ("fast-mcts", "all"):
        print(f"mcts with its playouts in the kernel and in Python (n={args.n} each):")
        mcts_kernel_strength(args)
    if args.what in ("strength", "all"):
        print("Bot strength, 4-player base game, seats rotated:")
        strength(args)


if __name__ == "__main__":
    main()
