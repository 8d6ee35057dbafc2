"""Seats at the table: agents from ``--players`` specs, seeded per decision.

Each seat's agent gets its own generator, a
:class:`~kingdomino_cli.decision_random.DecisionRandom`. Before every decision it
takes the numbers of (game seed, seat, move number), so the same ruleset, players and
seed give the same game move for move, and a game saved and resumed (or undone and
replayed) continues exactly as if it had never stopped.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

import typer
from attrs import define

from kingdomino_core import Action, Agent, AgentRegistry, ConfigError, Game
from kingdomino_core.inputs.names import name_problem, shown_name
from kingdomino_core.saves.savegame import PlayerEntry, SaveFormatError, decision_seed

from .budgets import SAVED_MOVE, budget_problem
from .common import agent_registry
from .decision_random import DecisionRandom
from .exit_codes import ExitCode, usage_hint

HUMAN = "human"


def usage_error(message: str) -> NoReturn:
    """Print the error line and a hint on stderr; exit with the bad-usage status."""
    print(f"kd: error: {message}", file=sys.stderr)
    print(usage_hint(), file=sys.stderr)
    raise typer.Exit(int(ExitCode.USAGE))


def agents() -> AgentRegistry:
    """The agent registry of every installed plugin, plus the interactive ``human``."""
    registry = agent_registry()
    if not registry.registered(HUMAN):
        from .human import HumanAgent

        registry.add(
            HUMAN,
            lambda options, rng: HumanAgent(),
            "you, at the terminal: pick from a numbered list or type a placement",
        )
    return registry


def parse_players(text: str | None) -> list[str] | None:
    """Agent specs from a comma-separated ``--players`` value (None if not given)."""
    if text is None:
        return None
    specs = [s.strip() for s in text.split(",")]
    if not all(specs):
        usage_error(f"--players {text!r} has an empty entry; expected names such as greedy,random")
    return specs


def default_players(count: int, interactive: bool) -> list[str]:
    """One human against greedy bots at a terminal; bots only otherwise."""
    if interactive:
        return [HUMAN] + ["greedy"] * (count - 1)
    return ["greedy"] * count


def parse_names(text: str | None, count: int) -> list[str]:
    if text is None:
        return [f"P{i + 1}" for i in range(count)]
    names = [s.strip() for s in text.split(",")]
    if len(names) != count or not all(names):
        usage_error(f"--names {shown_name(text)} must give {count} non-empty names, one per player")
    for name in names:
        problem = name_problem(name)
        if problem is not None:
            usage_error(f"--names: {shown_name(name)}: {problem}")
    return names


@define
class Seat:
    """One seat: who sits there, the agent that decides and its private generator."""

    index: int
    entry: PlayerEntry
    agent: Agent
    rng: random.Random

    @property
    def human(self) -> bool:
        return self.entry.agent.partition(":")[0] == HUMAN

    @property
    def trusted(self) -> bool:
        """The agent declares it picks only from the engine's legal list (``trusted``)."""
        return getattr(self.agent, "trusted", False) is True

    def choose(self, game: Game) -> Action:
        """The agent's action, its generator first set to this decision's numbers."""
        return self.decider(game)(game)

    def decider(self, game: Game) -> Callable[[Game], Action]:
        """What decides for this seat in ``game`` (the agent's ``act``), its generator
        set to follow the game: each decision draws its own numbers (a plain
        ``random.Random`` is reseeded with ``decision_seed`` at each call instead)."""
        rng = self.rng
        if isinstance(rng, DecisionRandom):
            rng.follow(game, self.index)
            return self.agent.act
        return self._reseed_and_act

    def _reseed_and_act(self, game: Game) -> Action:
        self.rng.seed(decision_seed(game.seed, self.index, len(game.log)))
        return self.agent.act(game)


def build_seat(index: int, entry: PlayerEntry, registry: AgentRegistry | None = None) -> Seat:
    """One seat's agent; an unknown agent or bad option raises ``ConfigError``
    (for programs such as ``kd serve``; ``make_seats`` turns it into a usage error)."""
    registry = registry or agents()
    rng = DecisionRandom(decision_seed(0, index, 0))
    try:
        agent = registry.make(entry.agent, rng)
    except (TypeError, ValueError) as exc:
        raise ConfigError(f"bad options in agent {entry.agent!r}: {exc}") from None
    return Seat(index=index, entry=entry, agent=agent, rng=rng)


def make_seats(
    entries: Sequence[PlayerEntry], *, allow_human: bool = True, saved_in: str | None = None
) -> list[Seat]:
    """Build each seat's agent; an unknown agent or bad option is a usage error, or,
    for agents read from the save ``saved_in``, a bad input file naming it."""

    def fail(index: int, message: str) -> NoReturn:
        if saved_in is not None:
            raise SaveFormatError(f"{saved_in}: players[{index}].agent: {message}")
        usage_error(f"player {index + 1}: {message}")

    registry = agents()
    seats = []
    for index, entry in enumerate(entries):
        if not allow_human and entry.agent.partition(":")[0] == HUMAN:
            usage_error(f"player {index + 1}: 'human' cannot play here; use bots such as greedy")
        # A budget stored in a save is not the user's choice: bounded (kingdomino_cli/budgets.py).
        problem = budget_problem(entry.agent, SAVED_MOVE) if saved_in is not None else None
        if problem is not None:
            fail(index, f"{entry.agent!r}: {problem} (choose the bots with --players)")
        try:
            seats.append(build_seat(index, entry, registry))
        except ConfigError as exc:
            fail(index, str(exc))
    return seats


def entries(specs: Sequence[str], names: Sequence[str]) -> list[PlayerEntry]:
    return [PlayerEntry(name=n, agent=a) for n, a in zip(names, specs, strict=True)]
