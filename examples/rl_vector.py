"""Masked random play in a Gymnasium vector environment, handling the final observation.

``gym.make_vec`` runs several games side by side and, by default, resets a game on
the step *after* it ended (Gymnasium's "next step" autoreset): the step that ends a
game returns its final observation, whose action mask is all zeros (the game is over:
no action is legal), and the action given for that game on the next step is ignored
while it resets. A masked sampler must not choose from an empty mask there::

    pip install -e '.[rl]'        # from a checkout of the repository
    python examples/rl_vector.py --envs 4 --episodes 20

Replace ``sample`` with your policy; the handling of a finished game stays the same.
"""

from __future__ import annotations

import argparse

import gymnasium as gym
import numpy as np

import kingdomino_rl  # noqa: F401 (registers the "kingdomino/..." ids with Gymnasium)


def sample(mask: np.ndarray, rng: np.random.Generator) -> int:
    """A legal action at random; any action (0) when the mask is empty: the game has
    ended and the vector environment ignores this action while it resets the game."""
    legal = np.flatnonzero(mask)
    return int(rng.choice(legal)) if len(legal) else 0


def run(envs: int, episodes: int, seed: int = 0) -> dict[str, float]:
    """Play until ``episodes`` games have ended; the win rate against random bots and
    how many final observations (empty masks) were met and skipped."""
    vec = gym.make_vec(
        "kingdomino/base-v0",
        num_envs=envs,
        vectorization_mode="sync",
        players=2,
        opponents="random",
    )
    rng = np.random.default_rng(seed)
    obs, _info = vec.reset(seed=seed)
    ended, wins, empty_masks = 0, 0.0, 0
    while ended < episodes:
        masks = obs["action_mask"]
        empty_masks += int((masks.sum(axis=1) == 0).sum())
        actions = np.array([sample(mask, rng) for mask in masks])
        obs, rewards, terminated, truncated, _info = vec.step(actions)
        done = terminated | truncated
        ended += int(done.sum())
        wins += float(rewards[done].sum())
    vec.close()
    return {"episodes": ended, "win_rate": wins / ended, "final_observations": empty_masks}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--envs", type=int, default=4, help="games side by side")
    parser.add_argument("--episodes", type=int, default=20, help="games to finish")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    found = run(args.envs, args.episodes, args.seed)
    print(
        f"{found['episodes']} games, win rate {found['win_rate']:.2f} against random; "
        f"{found['final_observations']} final observations (empty masks) skipped"
    )


if __name__ == "__main__":
    main()
