"""The players of a ``kd`` command: ``--players`` and ``--names``, seats with agents.

Seats themselves (agents seeded per decision) are the play layer's
(:mod:`kingdomino_play.seats`); this module reads the command line into them and
turns a bad agent into a usage error. ``human`` here is the person at the terminal
(:class:`~kingdomino_cli.human.HumanAgent`).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import NoReturn

import typer

from kingdomino_core import AgentRegistry, ConfigError
from kingdomino_core.i18n import package_translation
from kingdomino_core.inputs.names import name_problem, shown_name
from kingdomino_core.saves.savegame import PlayerEntry, SaveFormatError
from kingdomino_play import HUMAN, Seat, build_seat, is_human
from kingdomino_play.budgets import SAVED_MOVE, budget_problem

from .common import agent_registry
from .exit_codes import ExitCode, error_line, usage_hint

_ = package_translation("kingdomino_cli")
_l = _.lazy


def usage_error(message: str) -> NoReturn:
    """Print the error line and a hint on stderr; exit with the bad-usage status."""
    print(error_line(message), file=sys.stderr)
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
            _l("you, at the terminal: pick from a numbered list or type a placement"),
        )
    return registry


def parse_players(text: str | None) -> list[str] | None:
    """Agent specs from a comma-separated ``--players`` value (None if not given)."""
    if text is None:
        return None
    specs = [s.strip() for s in text.split(",")]
    if not all(specs):
        usage_error(
            _(
                "--players {value!r} has an empty entry; expected names such as greedy,random"
            ).format(value=text)
        )
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
        usage_error(
            _("--names {value} must give {count} non-empty names, one per player").format(
                value=shown_name(text), count=count
            )
        )
    for name in names:
        problem = name_problem(name)
        if problem is not None:
            usage_error(
                _("--names: {name}: {problem}").format(name=shown_name(name), problem=problem)
            )
    return names


def make_seats(
    entries: Sequence[PlayerEntry], *, allow_human: bool = True, saved_in: str | None = None
) -> list[Seat]:
    """Build each seat's agent; an unknown agent or bad option is a usage error, or,
    for agents read from the save ``saved_in``, a bad input file naming it."""

    def fail(index: int, message: str) -> NoReturn:
        if saved_in is not None:
            raise SaveFormatError(f"{saved_in}: players[{index}].agent: {message}")
        usage_error(_("player {n}: {message}").format(n=index + 1, message=message))

    registry = agents()
    seats = []
    for index, entry in enumerate(entries):
        if not allow_human and is_human(entry.agent):
            usage_error(
                _("player {n}: 'human' cannot play here; use bots such as greedy").format(
                    n=index + 1
                )
            )
        # A budget stored in a save is not the user's choice: bounded (kingdomino_play/budgets.py).
        problem = budget_problem(entry.agent, SAVED_MOVE) if saved_in is not None else None
        if problem is not None:
            fail(
                index,
                _("{agent!r}: {problem} (choose the bots with --players)").format(
                    agent=entry.agent, problem=problem
                ),
            )
        try:
            seats.append(build_seat(index, entry, registry))
        except ConfigError as exc:
            fail(index, str(exc))
    return seats


def entries(specs: Sequence[str], names: Sequence[str]) -> list[PlayerEntry]:
    return [PlayerEntry(name=n, agent=a) for n, a in zip(names, specs, strict=True)]
