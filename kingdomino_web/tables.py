"""Tables: a game, who sits at each seat, their tokens, undo, and the files on disk.

A table is kept as two files in the data directory, named by its id:

- ``<id>.save.json``: the game in the project's save format (``kd replay`` and
  ``kd play --resume`` read it as is), rewritten atomically after every move;
- ``<id>.table.json``: the seats (name, agent, how a human joins) and their tokens,
  readable only by the server's user.

Tokens are random (``secrets``, 192 bits); a token lets its holder act only for the
seats it was issued for. The "host" token, given to whoever created the table,
covers the seats played on that device (hot seat) and shows the seat links. Bots
are the CLI's agents, seeded per decision exactly as in ``kd play``, so a table
resumed after a restart continues as if it never stopped.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from attrs import define, field, frozen

from kingdomino_cli.common import build_engine as engine_for
from kingdomino_cli.players import HUMAN, Seat, agents, build_seat
from kingdomino_core import Action, Game, IllegalActionError, KingdominoError, Ruleset
from kingdomino_core.inputs.names import name_problem
from kingdomino_core.inputs.trust import SAVED_GAME, Trust
from kingdomino_core.saves.savegame import (
    PlayerEntry,
    SavedGame,
    build_engine,
    read_save,
    replay,
    save_of,
    to_json,
    write_save,
)

from .views import action_words, decision_view, public_view

#: Table ids and tokens are URL-safe base64; nothing else names a file.
ID_RE = re.compile(r"^[A-Za-z0-9_-]{16}$")
TOKEN_RE = re.compile(r"^[A-Za-z0-9_-]{32}$")
META_FORMAT = "kingdomino-web-table"
#: How a seat is played: on the host's device, by its own link, or by a bot.
HERE, LINK, BOT = "here", "link", "bot"
SEAT_KINDS = (HERE, LINK, BOT)
MAX_NAME = 40


class TableError(Exception):
    """A request about a table that cannot be met; ``status`` is the HTTP status."""

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


@define
class Table:
    """One game at one table. All changes go through :meth:`act` and :meth:`undo`,
    under the table's lock."""

    id: str
    game: Game
    seats: list[SeatSpec]
    #: token -> seats it may act for.
    tokens: dict[str, frozenset[int]]
    host: str
    path: Path | None = None
    created: float = field(factory=time.time)
    #: ``(seats of the token that decided, game before that decision)``, oldest first.
    history: list[tuple[frozenset[int], Game]] = field(factory=list)
    version: int = 0
    lock: threading.Lock = field(factory=threading.Lock)
    #: The last moves in words, newest last (for the table's move list).
    recent: list[str] = field(factory=list)
    #: Why the table stopped (a bot or plugin failed), shown to everyone.
    failure: str = ""
    _agents: dict[int, Seat] = field(factory=dict)
    _saved_version: int = 0
    _svgs: dict[int, Any] = field(factory=dict)
    _view: tuple[int, dict[str, Any]] | None = None
    _decision: tuple[int, dict[str, Any] | None] | None = None

    # -- who is who -------------------------------------------------------------

    @property
    def players(self) -> list[PlayerEntry]:
        return [PlayerEntry(name=s.name, agent=s.agent) for s in self.seats]

    def seats_of(self, token: str | None) -> frozenset[int]:
        """Seats ``token`` may act for (none for a spectator or a wrong token)."""
        if not token:
            return frozenset()
        for known, seats in self.tokens.items():
            if secrets.compare_digest(known, token):
                return seats
        return frozenset()

    def links(self) -> list[dict[str, Any]]:
        """Each human seat with the token of its link (host: the device's seats)."""
        out = []
        for token, seats in self.tokens.items():
            for seat in sorted(seats):
                spec = self.seats[seat]
                out.append({"seat": seat, "name": spec.name, "kind": spec.kind, "token": token})
        return sorted(out, key=lambda e: e["seat"])

    @property
    def undo_allowed(self) -> bool:
        """Undo as in ``kd play``: only when no human plays from another device."""
        return all(s.kind != LINK for s in self.seats)

    # -- views ------------------------------------------------------------------

    def view(self) -> dict[str, Any]:
        """The public view of the current state (computed once per version)."""
        if self._view is None or self._view[0] != self.version:
            data = public_view(self.game, self.players, self._svgs)
            data["table"] = self.id
            data["version"] = self.version
            data["recent"] = self.recent[-12:]
            data["failure"] = self.failure
            data["seats"] = [{"name": s.name, "kind": s.kind} for s in self.seats]
            self._view = (self.version, data)
        return self._view[1]

    def decision_for(self, token: str | None) -> dict[str, Any] | None:
        """The legal choices, if the token's holder decides now."""
        seat = self.game.current_seat
        if seat is None or seat < 0 or seat not in self.seats_of(token):
            return None
        if self._decision is None or self._decision[0] != self.version:
            self._decision = (self.version, decision_view(self.game))
        found = self._decision[1]
        if found is not None:
            found = dict(found, undo=self.undo_allowed and self._can_undo(token))
        return found

    def state_for(self, token: str | None) -> dict[str, Any]:
        seats = self.seats_of(token)
        return {
            "type": "state",
            "view": self.view(),
            "you": sorted(seats),
            "host": bool(token) and token == self.host,
            "decision": self.decision_for(token),
        }

    # -- playing ----------------------------------------------------------------

    def act(self, token: str | None, action: Action, version: int | None = None) -> None:
        """Play ``action`` for the holder of ``token``, then the bots up to the next
        human decision. Raise ``TableError`` (nothing changes) when it is not theirs
        to play, is stale, or is illegal (with the engine's reason)."""
        with self.lock:
            game = self.game
            seat = game.current_seat
            if seat is None:
                raise TableError("the game is over", 409)
            seats = self.seats_of(token)
            if not seats:
                raise TableError("this link does not hold a seat at this table", 403)
            if seat < 0 or seat not in seats:
                raise TableError("it is not your turn", 409)
            if version is not None and version != self.version:
                raise TableError("the table has changed since you chose: look again", 409)
            actor = getattr(action, "seat", seat)
            if actor != seat:
                raise TableError(f"this move is for seat {actor}, but seat {seat} decides", 403)
            reason = game.explain(action)
            if reason is not None:
                raise TableError(reason, 422)
            before = game.clone()
            words = self._words(action)
            try:
                game.apply(action, check=False)  # explain() just checked it
            except IllegalActionError as exc:
                self.game = before
                raise TableError(exc.message, 422) from None
            except KingdominoError as exc:  # a plugin failed: keep the table as it was
                self.game = before
                raise TableError(f"the move could not be played: {exc}", 500) from None
            self.history.append((seats, before))
            self._note(seat, words)
            self.version += 1

    def explain(self, action: Action) -> str | None:
        """Why ``action`` would be refused now (the engine's words), None if legal."""
        with self.lock:
            if self.game.is_terminal():
                return "the game is over"
            return self.game.explain(action)

    def run_bots(self, limit: int | None = None) -> int:
        """Play chance and bots until a human decides or the game ends; return moves."""
        moved = 0
        with self.lock:
            game = self.game
            while not game.is_terminal() and (limit is None or moved < limit):
                if game.is_chance():
                    game.resolve_chance()
                    moved += 1
                    continue
                seat = game.current_seat
                assert seat is not None
                if self.seats[seat].human:
                    break
                before = game.clone()
                try:
                    action = self._agent(seat).choose(game)
                    words = self._words(action)
                    game.apply(action)
                except (KingdominoError, ValueError, TypeError) as exc:
                    # A bot or plugin failed: stop before that move, keep all the others.
                    self.game = before
                    self.failure = f"{self.seats[seat].name} could not move: {exc}"
                    break
                self._note(seat, words)
                moved += 1
            if moved or self.failure:
                self.version += 1
        return moved

    def bots_to_move(self) -> bool:
        game = self.game
        if game.is_terminal() or self.failure:
            return False
        seat = game.current_seat
        return seat is not None and (seat < 0 or not self.seats[seat].human)

    def undo(self, token: str | None) -> None:
        """Back to the token holder's previous decision (bots' moves since are undone)."""
        with self.lock:
            seats = self.seats_of(token)
            if not seats:
                raise TableError("this link does not hold a seat at this table", 403)
            if not self.undo_allowed:
                raise TableError("undo is only for games against bots on one device", 409)
            for i in range(len(self.history) - 1, -1, -1):
                if self.history[i][0] == seats:
                    self.game = self.history[i][1]
                    del self.history[i:]
                    self.recent.append("(undone: back to your previous decision)")
                    self.version += 1
                    return
            raise TableError("nothing to undo: this is your first decision", 409)

    def _can_undo(self, token: str | None) -> bool:
        seats = self.seats_of(token)
        return any(s == seats for s, _g in self.history)

    def _agent(self, seat: int) -> Seat:
        found = self._agents.get(seat)
        if found is None:
            found = self._agents[seat] = build_seat(seat, self.players[seat])
        return found

    def _words(self, action: Action) -> str:
        """The move in the plugin's words, taken before it is played (they may
        describe its effect on the game as it stands)."""
        step = self.game.step
        try:
            return action_words(self.game, step, action) if step is not None else ""
        except Exception:  # a description must never stop a move
            return action.describe()

    def _note(self, seat: int, words: str) -> None:
        self.recent.append(f"{self.seats[seat].name}: {words}")
        del self.recent[:-50]

    # -- files ------------------------------------------------------------------

    def saved(self) -> SavedGame:
        return save_of(self.game, self.players)

    def save_text(self) -> str:
        return to_json(self.saved())

    def persist(self) -> None:
        """Write the save if the game changed since the last write.

        The server calls it right after showing a change (so the write, an fsync,
        is not in the way of the next state on screen)."""
        with self.lock:
            if self._saved_version != self.version:
                self._save()
                self._saved_version = self.version

    def _save(self) -> None:
        if self.path is None:
            return
        try:
            saved = self.saved()
        except KingdominoError:  # the final scoring failed: keep the moves at least
            saved = save_of(self.game, self.players, result=False)
        write_save(self.path / f"{self.id}.save.json", saved)

    def write_meta(self) -> None:
        if self.path is None:
            return
        meta = {
            "format": META_FORMAT,
            "version": 1,
            "id": self.id,
            "created": self.created,
            "host": self.host,
            "seats": [{"name": s.name, "kind": s.kind, "agent": s.agent} for s in self.seats],
            "tokens": {t: sorted(s) for t, s in self.tokens.items()},
        }
        target = self.path / f"{self.id}.table.json"
        tmp = target.with_suffix(".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(meta, fh, indent=1)
        os.replace(tmp, target)


def check_seats(raw: Any, count_allowed: Sequence[int]) -> list[SeatSpec]:
    """The lobby's seat list, checked: kinds, names, agents (bots' options too)."""
    if not isinstance(raw, list) or not raw:
        raise TableError("seats: expected a list of seats")
    if len(raw) not in count_allowed:
        allowed = ", ".join(str(n) for n in count_allowed)
        raise TableError(f"seats: this ruleset is played by {allowed} players, not {len(raw)}")
    registry = agents()
    out = []
    for i, entry in enumerate(raw):
        if not isinstance(entry, dict) or set(entry) - {"name", "kind", "agent"}:
            raise TableError(f"seats[{i}]: expected {{name, kind, agent}}")
        kind = entry.get("kind")
        if kind not in SEAT_KINDS:
            raise TableError(f"seats[{i}].kind: expected one of {', '.join(SEAT_KINDS)}")
        name = entry.get("name") or f"P{i + 1}"
        if not isinstance(name, str) or len(name) > MAX_NAME or not name.strip():
            raise TableError(f"seats[{i}].name: expected a name of 1 to {MAX_NAME} characters")
        if (problem := name_problem(name)) is not None:
            raise TableError(f"seats[{i}].name: {problem}")
        agent = entry.get("agent") or (HUMAN if kind != BOT else "greedy")
        if not isinstance(agent, str) or len(agent) > 200:
            raise TableError(f"seats[{i}].agent: expected an agent such as greedy")
        if kind == BOT:
            if agent.partition(":")[0] == HUMAN:
                raise TableError(f"seats[{i}]: a bot seat needs a bot, not 'human'")
            try:
                build_seat(i, PlayerEntry(name=name, agent=agent), registry)
            except KingdominoError as exc:
                raise TableError(f"seats[{i}]: {exc}") from None
        else:
            agent = HUMAN
        out.append(SeatSpec(name=name.strip(), kind=kind, agent=agent))
    return out


def new_table(
    ruleset: Ruleset, seats: list[SeatSpec], seed: int | None, path: Path | None
) -> Table:
    """A new table: the engine for the seats, the tokens, the first bot moves not yet run."""
    engine = engine_for(ruleset, len(seats))
    game = engine.new_game(seed=seed)
    host = new_token()
    here = frozenset(i for i, s in enumerate(seats) if s.kind == HERE)
    tokens = {host: here}
    for i, s in enumerate(seats):
        if s.kind == LINK:
            tokens[new_token()] = frozenset({i})
    table = Table(id=new_id(), game=game, seats=seats, tokens=tokens, host=host, path=path)
    table.write_meta()
    table._save()
    return table


def load_table(path: Path, table_id: str, trust: Trust = SAVED_GAME) -> Table:
    """A table from its two files (the game replayed from its save; its plugin files
    run only as ``trust`` allows)."""
    meta = json.loads((path / f"{table_id}.table.json").read_text(encoding="utf-8"))
    if meta.get("format") != META_FORMAT or meta.get("id") != table_id:
        raise TableError(f"{table_id}.table.json: not a table of this server")
    seats = [SeatSpec(name=s["name"], kind=s["kind"], agent=s["agent"]) for s in meta["seats"]]
    tokens = {t: frozenset(s) for t, s in meta["tokens"].items()}
    source = str(path / f"{table_id}.save.json")
    saved = read_save(source)
    game = replay(saved, source, engine=build_engine(saved, source, trust=trust))
    return Table(
        id=table_id,
        game=game,
        seats=seats,
        tokens=tokens,
        host=meta["host"],
        path=path,
        created=float(meta.get("created", time.time())),
    )
