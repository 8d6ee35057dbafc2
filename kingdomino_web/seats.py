"""Who sits where at a table: seats as the lobby asks for them (checked), table ids
and seat tokens, and :class:`TableError`, what a request that cannot be met raises.

Tokens are random (``secrets``, 192 bits); ids and tokens are URL-safe base64, and
nothing else ever names a file.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Sequence
from typing import Any

from attrs import frozen

from kingdomino_core import KingdominoError
from kingdomino_core.engine.agents import installed_agents
from kingdomino_core.i18n import get_translation
from kingdomino_core.inputs.names import name_problem
from kingdomino_core.saves.savegame import PlayerEntry
from kingdomino_play import HUMAN, build_seat, is_human

#: Table ids and tokens are URL-safe base64; nothing else names a file.
ID_RE = re.compile(r"^[A-Za-z0-9_-]{16}$")
TOKEN_RE = re.compile(r"^[A-Za-z0-9_-]{32}$")
#: How a seat is played: on the host's device, by its own link, or by a bot.
HERE, LINK, BOT = "here", "link", "bot"
SEAT_KINDS = (HERE, LINK, BOT)
MAX_NAME = 40

_ = get_translation("kingdomino_web")
#: Refusals are lazy text: English as data, the reader's language when shown
#: (``str(error)`` in a request or a page's live channel).
_l = _.lazy


class TableError(Exception):
    """A request about a table that cannot be met; ``status`` is the HTTP status.

    Its message is shown to a person: ``str(error)`` gives it in the language of the
    moment (the request's, the page's for a live channel) when it was made of lazy
    text (``_l("it is not your turn")``); the status never changes with the language.
    """

    def __init__(self, message: str, status: int = 400) -> None:
        self.status = status
        super().__init__(message)


def new_id() -> str:
    return secrets.token_urlsafe(12)  # 16 characters


def new_token() -> str:
    return secrets.token_urlsafe(24)  # 32 characters, 192 random bits


@frozen(kw_only=True)
class SeatSpec:
    """One seat as the lobby asked for it."""

    name: str
    kind: str  # HERE, LINK or BOT
    agent: str = HUMAN

    @property
    def human(self) -> bool:
        return self.kind != BOT


def check_seats(raw: Any, count_allowed: Sequence[int]) -> list[SeatSpec]:
    """The lobby's seat list, checked: kinds, names, agents (bots' options too)."""
    if not isinstance(raw, list) or not raw:
        raise TableError(_l("seats: expected a list of seats"))
    if len(raw) not in count_allowed:
        allowed = ", ".join(str(n) for n in count_allowed)
        raise TableError(
            _l("seats: this ruleset is played by {allowed} players, not {n}").format(
                allowed=allowed, n=len(raw)
            )
        )
    registry = installed_agents()
    out = []
    for i, entry in enumerate(raw):
        if not isinstance(entry, dict) or set(entry) - {"name", "kind", "agent"}:
            raise TableError(_l("seats[{i}]: expected {{name, kind, agent}}").format(i=i))
        kind = entry.get("kind")
        if kind not in SEAT_KINDS:
            raise TableError(
                _l("seats[{i}].kind: expected one of {kinds}").format(
                    i=i, kinds=", ".join(SEAT_KINDS)
                )
            )
        name = entry.get("name") or f"P{i + 1}"
        if not isinstance(name, str) or len(name) > MAX_NAME or not name.strip():
            raise TableError(
                _l("seats[{i}].name: expected a name of 1 to {most} characters").format(
                    i=i, most=MAX_NAME
                )
            )
        if (problem := name_problem(name)) is not None:
            raise TableError(_l("seats[{i}].name: {problem}").format(i=i, problem=problem))
        agent = entry.get("agent") or (HUMAN if kind != BOT else "greedy")
        if not isinstance(agent, str) or len(agent) > 200:
            raise TableError(_l("seats[{i}].agent: expected an agent such as greedy").format(i=i))
        if kind == BOT:
            if is_human(agent):
                raise TableError(_l("seats[{i}]: a bot seat needs a bot, not 'human'").format(i=i))
            try:
                build_seat(i, PlayerEntry(name=name, agent=agent), registry)
            except KingdominoError as exc:
                raise TableError(_l("seats[{i}]: {problem}").format(i=i, problem=exc)) from None
        else:
            agent = HUMAN
        out.append(SeatSpec(name=name.strip(), kind=kind, agent=agent))
    return out
