"""Seats at the table: who sits there, the agent that decides, its seeded generator.

Each seat's agent gets its own generator, a
:class:`~kingdomino_play.decision_random.DecisionRandom`. Before every decision it
takes the numbers of (game seed, seat, move number), so the same ruleset, players and
seed give the same game move for move, and a game saved and resumed (or undone and
replayed) continues exactly as if it had never stopped. Every front end (``kd play``,
``kd simulate``, ``kd serve``) seats its players here, so a seed means the same game
in all of them. :func:`name_seats` puts the players' names where the rules' words
name seats by number, as every table shows them.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence

from attrs import define

from kingdomino_core import Action, Agent, AgentRegistry, ConfigError, Game
from kingdomino_core.engine.agents import installed_agents
from kingdomino_core.i18n import get_translation
from kingdomino_core.saves.savegame import PlayerEntry, decision_seed

from .decision_random import DecisionRandom

_ = get_translation("kingdomino_play")

#: The agent spec of a person: a seat where someone at the table decides (at the
#: terminal, in the browser); :class:`~kingdomino_play.Table` stops there.
HUMAN = "human"


def is_human(spec: str) -> bool:
    """Whether the agent spec ``spec`` (``"human"``, ``"greedy"``, ``"mcts:time=1"``)
    names a person rather than a bot."""
    return spec.partition(":")[0] == HUMAN


@define
class Seat:
    """One seat: who sits there, the agent that decides and its private generator.

    ``agent`` is None for a person who decides through :meth:`Table.act
    <kingdomino_play.Table.act>` (the browser's seats); a front end that asks its
    people itself (the terminal) gives them an agent of its own.
    """

    #: The seat's number (0 for the first player).
    index: int
    #: The player's name and agent spec, as saves record them.
    entry: PlayerEntry
    #: What decides for the seat (None: a person acting through the table).
    agent: Agent | None
    #: The agent's generator (a :class:`DecisionRandom` that follows the game).
    rng: random.Random

    @property
    def human(self) -> bool:
        """Whether a person sits here (the agent spec is ``human``)."""
        return is_human(self.entry.agent)

    @property
    def legal_moves_only(self) -> bool:
        """The agent declares it picks only from the engine's legal list
        (``legal_moves_only = True``), so its moves need no legality check."""
        return getattr(self.agent, "legal_moves_only", False) is True

    def choose(self, game: Game) -> Action:
        """The agent's action, its generator first set to this decision's numbers."""
        return self.decider(game)(game)

    def decider(self, game: Game) -> Callable[[Game], Action]:
        """What decides for this seat in ``game`` (the agent's ``act``), its generator
        set to follow the game: each decision draws its own numbers (a plain
        ``random.Random`` is reseeded with ``decision_seed`` at each call instead)."""
        if self.agent is None:
            raise ConfigError(
                _("seat {n} ({name}) has no agent").format(n=self.index + 1, name=self.entry.name)
            )
        rng = self.rng
        if isinstance(rng, DecisionRandom):
            rng.follow(game, self.index)
            return self.agent.act
        return self._reseed_and_act

    def _reseed_and_act(self, game: Game) -> Action:
        assert self.agent is not None
        self.rng.seed(decision_seed(game.seed, self.index, len(game.log)))
        return self.agent.act(game)


def build_seat(index: int, entry: PlayerEntry, registry: AgentRegistry | None = None) -> Seat:
    """One seat with its agent, from ``registry`` (default: every installed plugin's
    agents). An unknown agent or a bad option raises ``ConfigError``. A person's seat
    gets an agent only from a ``registry`` given with one named ``human`` (the
    terminal's); otherwise the person acts through the table."""
    rng = DecisionRandom(decision_seed(0, index, 0))
    if is_human(entry.agent) and (registry is None or not registry.registered(HUMAN)):
        return Seat(index=index, entry=entry, agent=None, rng=rng)
    registry = registry or installed_agents()
    try:
        agent = registry.make(entry.agent, rng)
    except (TypeError, ValueError) as exc:
        raise ConfigError(
            _("bad options in agent {agent!r}: {problem}").format(agent=entry.agent, problem=exc)
        ) from None
    return Seat(index=index, entry=entry, agent=agent, rng=rng)


#: A seat as the rules' words name it (``P2``, :func:`kingdomino_core.engine.words.seat_name`);
#: ASCII word boundaries, so ``P2的王國`` is found as well as ``P2's kingdom``.
_SEAT = re.compile(r"\bP([1-9][0-9]?)\b", re.ASCII)


def name_seats(text: str, names: Sequence[str]) -> str:
    """``text`` as a table shows it: where the words of the core or a plugin name a
    seat by number (``P2's kingdom``, ``it is P1's turn``), the name of the player
    sitting there (``Bea's kingdom``); a number with no player stays as it is.

    The rules word seats by number (saves, logs and JSON keep those words as they
    are); ``kd play`` and ``kd serve`` name the players on the screen through this
    one function. ``text`` is shown in the language of the moment (a lazy or
    translated text is turned into that language first).
    """

    def one(match: re.Match[str]) -> str:
        seat = int(match[1]) - 1
        return names[seat] if seat < len(names) else match[0]

    return _SEAT.sub(one, str(text))
