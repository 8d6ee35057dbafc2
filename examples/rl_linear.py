"""Train and evaluate a linear policy through the PettingZoo environment, numpy only.

The policy scores every action with a linear function of the observation and plays
the softmax over the legal ones (the mask). It learns with REINFORCE (the policy
gradient with a running-average baseline) from the final reward of games against
uniformly random players, then is evaluated against fresh random players::

    pip install -e '.[rl]'        # from a checkout of the repository
    python examples/rl_linear.py --games 300 --eval 200

Nothing here is specific to this policy: replace ``LinearPolicy`` with any function
of ``(observation, mask)`` and ``play`` evaluates it.
"""

from __future__ import annotations

import argparse

import numpy as np

from kingdomino_rl import KingdominoEnv


class LinearPolicy:
    """Softmax over the legal actions of ``W @ observation + b``."""

    def __init__(self, observations: int, actions: int, seed: int = 0, lr: float = 0.01) -> None:
        self.rng = np.random.default_rng(seed)
        self.W = np.zeros((actions, observations), dtype=np.float32)
        self.b = np.zeros(actions, dtype=np.float32)
        self.lr = lr
        self.baseline = 0.0

    def probabilities(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        legal = mask.astype(bool)
        logits = np.full(len(mask), -np.inf)
        logits[legal] = self.W[legal] @ obs + self.b[legal]
        logits -= logits[legal].max()
        p = np.exp(logits)
        return p / p.sum()

    def act(self, obs: np.ndarray, mask: np.ndarray) -> int:
        p = self.probabilities(obs, mask)
        return int(self.rng.choice(len(p), p=p))

    def learn(self, episode: list[tuple[np.ndarray, np.ndarray, int]], reward: float) -> None:
        """One REINFORCE update: raise the log-probability of the moves played in
        proportion to how much better than usual the game went."""
        advantage = reward - self.baseline
        self.baseline += 0.05 * (reward - self.baseline)
        for obs, mask, action in episode:
            p = self.probabilities(obs, mask)
            grad = -p
            grad[action] += 1.0  # d log softmax / d logits
            legal = mask.astype(bool)
            self.W[legal] += self.lr * advantage * np.outer(grad[legal], obs)
            self.b[legal] += self.lr * advantage * grad[legal]


def play(
    env: KingdominoEnv,
    policy: LinearPolicy,
    seed: int,
    *,
    learner: str = "player_0",
    learn: bool = False,
) -> float:
    """One game: ``learner`` follows the policy, the others play uniformly at random.
    Returns the learner's reward (1 for a win, 1/k shared, else 0)."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    episode: list[tuple[np.ndarray, np.ndarray, int]] = []
    reward = 0.0
    for agent in env.agent_iter():
        obs, r, term, trunc, _ = env.last()
        if agent == learner:
            reward += r
        if term or trunc:
            env.step(None)
            continue
        mask = obs["action_mask"]
        if agent == learner:
            action = policy.act(obs["observation"], mask)
            episode.append((obs["observation"], mask, action))
        else:
            action = int(rng.choice(np.flatnonzero(mask)))
        env.step(action)
    if learn:
        policy.learn(episode, reward)
    return reward


def train_and_evaluate(games: int, evaluate: int, seed: int = 0) -> tuple[float, float]:
    """Win rate against one random player before and after ``games`` training games."""
    env = KingdominoEnv("base", 2)
    space = env.observation_space("player_0")["observation"]
    policy = LinearPolicy(space.shape[0], int(env.action_space("player_0").n), seed=seed)
    before = np.mean([play(env, policy, 10_000 + i) for i in range(evaluate)])
    for i in range(games):
        play(env, policy, seed + i, learn=True)
    after = np.mean([play(env, policy, 10_000 + i) for i in range(evaluate)])
    return float(before), float(after)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="training games")
    parser.add_argument("--eval", type=int, default=200, help="evaluation games")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    before, after = train_and_evaluate(args.games, args.eval, args.seed)
    print(f"win rate against random, 2-player base game, {args.eval} games each:")
    print(f"  untrained {before:.1%}   after {args.games} training games {after:.1%}")


if __name__ == "__main__":
    main()
