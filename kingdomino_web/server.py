"""The server's state: its tables (in memory and on disk), rulesets, replays, bots.

:class:`Server` is what every route and live channel works on (``app.py`` builds the
routes, ``live.py`` the channels): it opens tables on demand, creates them from the
lobby's request, publishes each new state to the open pages of a table and plays its
bots, each table's in one of two lanes so that thinking bots never delay quick ones.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import attrs
from anyio import CapacityLimiter, to_thread
from kingdomino_rulesets import shown_description
from starlette.websockets import WebSocket

from kingdomino_core import KingdominoError, Ruleset, i18n
from kingdomino_core.inputs.trust import CodeNotAllowedError, Trust
from kingdomino_core.rulesets.files import allowed_players, load_ruleset_file
from kingdomino_core.rulesets.lookup import list_rulesets
from kingdomino_play.budgets import SERVER_MOVE, budget_problem, move_seconds, table_problem

from .languages import SCOPE_KEY
from .replays import ReplayStore
from .seats import ID_RE, SeatSpec, TableError, _l, check_seats
from .store import MAX_OPEN, TableStore, scan
from .tables import Table, load_table, new_table, remove_leftovers

#: Bot threads: one for the bots that answer at once, one for those that think
#: (``mcts``, any installed bot whose budget is unknown): a table whose bots think
#: never makes the quick ones of another table wait.
QUICK, THINKING = "quick", "thinking"
#: A bot thinking at least this long a move (its budget) plays in the thinking lane.
QUICK_SECONDS = 0.1


class Server:
    """The tables, rulesets and replays of one server process, and its live channels."""

    def __init__(
        self,
        data: Path | None,
        *,
        rulesets: list[Path] | None = None,
        announce: Callable[[Table], None] | None = None,
        trust: Trust | None = None,
        max_open: int = MAX_OPEN,
    ) -> None:
        self.data = data
        #: What the operator allowed to run (``kd serve --allow-code FILE``, ``--trust``):
        #: nothing else does, neither a ruleset of ``KD_RULESET_PATH`` nor a kept table.
        self.trust = trust if trust is not None else Trust(named_file=False)
        if data is not None:
            data.mkdir(parents=True, exist_ok=True, mode=0o700)
        self.extra_rulesets = list(rulesets or [])
        self.announce = announce
        self.store = TableStore(self._load, max_open, disk=data is not None)
        self.channels: dict[str, set[tuple[WebSocket, str]]] = {}
        self.replays = ReplayStore()
        self._rulesets: dict[str, tuple[Ruleset, dict[str, Any]]] | None = None
        self.resume_problems: list[str] = []
        self.tasks: set[asyncio.Task[None]] = set()
        #: One bot thread per lane (with the GIL, more threads would not think faster,
        #: and would starve the event loop that shows humans their moves). In the
        #: thinking lane a table plays one bot move, then waits its turn behind the
        #: other tables waiting (first come, first served): no table's bots wait more
        #: than one move of each other table's (each at most the budget per move).
        self.limiters = {QUICK: CapacityLimiter(1), THINKING: CapacityLimiter(1)}

    # -- rulesets ---------------------------------------------------------------

    def rulesets(self) -> dict[str, tuple[Ruleset, dict[str, Any]]]:
        """Rulesets the lobby offers, by key: shipped, ``KD_RULESET_PATH``, command line.

        Nobody named a ruleset of ``KD_RULESET_PATH`` by starting the server: its
        plugin files run only if the operator allowed them (``--allow-code``,
        ``--trust``); one that needs others is listed, marked, and not offered. A
        ``--ruleset FILE`` is named: its own plugin files run, as in ``kd play -r``.
        """
        if self._rulesets is None:
            found: dict[str, tuple[Ruleset, dict[str, Any]]] = {}
            listed = attrs.evolve(self.trust, named_file=False)
            named = attrs.evolve(self.trust, named_file=True)
            entries = [(e.name, e.path, e.where, listed) for e in list_rulesets()]
            entries += [(p.stem, p, "command line", named) for p in self.extra_rulesets]
            for name, path, where, trust in entries:
                key = name if name not in found else f"{name} ({path})"
                found[key] = _offer(key, name, path, where, trust)
            self._rulesets = found
        return self._rulesets

    def allowed_code(self) -> Trust:
        """The trust of a kept table: the plugin files of the rulesets offered, and the
        files the operator allowed (a table's save cannot ask for more)."""
        offered = [p for ruleset, _info in self.rulesets().values() for p in ruleset.plugin_files]
        return Trust(named_file=False, files=[*offered, *self.trust.files])

    # -- tables -----------------------------------------------------------------

    @property
    def tables(self) -> dict[str, Table]:
        """The tables in memory (the others are on disk: :class:`TableStore`)."""
        return self.store.open

    def resume(self) -> None:
        """Know every table kept in the data directory, without opening any: a table
        is opened (its game replayed) when someone asks for it (:meth:`using`).

        A kept table's plugin files run only if a ruleset this server offers names
        them, or the operator allowed them (:meth:`allowed_code`); a table needing
        others is not opened, and says why.
        """
        if self.data is None:
            return
        remove_leftovers(self.data)  # writes a crash cut short: the old files stand
        kept, closed, problems = scan(self.data, self.allowed_code())
        self.store.kept.update(kept)
        self.store.closed.update(closed)
        self.resume_problems.extend(problems)

    def _load(self, table_id: str) -> Table:
        assert self.data is not None
        return load_table(self.data, table_id, self.allowed_code())

    def table(self, table_id: str) -> Table:
        """A table in memory (``TableError`` 404 if it is not open)."""
        found = self.tables.get(table_id) if ID_RE.match(table_id) else None
        if found is None:
            raise TableError(_l("no such table"), 404)
        return found

    async def open(self, table_id: str) -> Table:
        """The table, opened if it is on disk only (``TableError``: 404, 403, 503)."""
        return await self.store.get(table_id, self._opened)

    @contextlib.asynccontextmanager
    async def using(self, table_id: str) -> AsyncIterator[Table]:
        """The table, opened if it is on disk only, kept in memory while in use."""
        table = await self.open(table_id)
        self.store.hold(table)
        try:
            yield table
        finally:
            self.store.release(table)

    def _opened(self, table: Table) -> None:
        """A table just opened from disk: its bots carry on if it is their turn."""
        if table.bots_to_move():
            self.spawn(self.bots_of(table))

    def spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)  # keep a reference until it is done
        task.add_done_callback(self.tasks.discard)

    async def bots_of(self, table: Table) -> None:
        """Play a table's bots, holding it in memory meanwhile."""
        self.store.hold(table)
        try:
            await self.play_bots(table)
        finally:
            self.store.release(table)

    def create(self, body: Any) -> Table:
        if not isinstance(body, dict):
            raise TableError(_l("expected a JSON object"))
        key = body.get("ruleset", "base")
        known = self.rulesets()
        if not isinstance(key, str) or key not in known:
            raise TableError(_l("ruleset: unknown ruleset {key!r}").format(key=key), 404)
        ruleset, info = known[key]
        if "runs_code" in info:
            raise TableError(
                _l("ruleset {key!r} is not offered: {problem}").format(
                    key=key, problem=info["error"]
                ),
                403,
            )
        if "error" in info:
            raise TableError(
                _l("ruleset {key!r} cannot be played: {problem}").format(
                    key=key, problem=info["error"]
                )
            )
        seats = check_seats(body.get("seats"), info["players"])
        check_budgets(seats)
        seed = body.get("seed")
        if seed is not None and (
            not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63
        ):
            raise TableError(_l("seed: expected an integer from 0 to 2**63-1"))
        table = new_table(ruleset, seats, seed, self.data)
        if self.announce is not None:
            self.announce(table)
        return table

    # -- live channel -----------------------------------------------------------

    async def broadcast(self, table: Table) -> None:
        """Send the new state to every open page of the table."""
        channels = list(self.channels.get(table.id, ()))
        if not channels:
            return
        shared: dict[str, str] = {}
        for ws, token in channels:
            with i18n.use_language(ws.scope.get(SCOPE_KEY, i18n.SOURCE_LANGUAGE)):
                language = i18n.current_language()
                if table.hides:  # each seat its own view when a plugin hides something
                    view = json.dumps(table.view(token))
                else:
                    view = shared.setdefault(language, json.dumps(table.view()))
                personal = json.dumps(table.personal(token))[1:]  # "you": ..., "undo": ...}
            text = f'{{"type": "state", "view": {view}, {personal}'
            # A page that went away is dropped by its own handler.
            with contextlib.suppress(Exception):
                await ws.send_text(text)

    async def after_move(self, table: Table) -> None:
        """Show the move (already saved: a table writes every change to disk before
        publishing it), then let the bots play and show theirs."""
        await self.broadcast(table)
        await self.play_bots(table)

    async def play_bots(self, table: Table) -> None:
        lane = lane_of(table)
        limit = 1 if lane == THINKING else None
        while table.bots_to_move():
            moved = await to_thread.run_sync(table.run_bots, limit, limiter=self.limiters[lane])
            await self.broadcast(table)
            if not moved:
                break


def lane_of(table: Table) -> str:
    """The bot lane of a table: thinking if any of its bots thinks (or may: an
    installed bot whose budget is unknown), else quick."""
    for seat in table.seats:
        if not seat.human:
            seconds = move_seconds(seat.agent)
            if seconds is None or seconds >= QUICK_SECONDS:
                return THINKING
    return QUICK


def check_budgets(seats: list[SeatSpec]) -> None:
    """Refuse bots that would think longer than this server allows (per move, and
    the table's bots together per round: kingdomino_play/budgets.py)."""
    bots = [(i, s.agent) for i, s in enumerate(seats) if not s.human]
    for i, agent in bots:
        problem = budget_problem(agent, SERVER_MOVE)
        if problem is not None:
            raise TableError(_l("seats[{i}].agent: {problem}").format(i=i, problem=problem))
    problem = table_problem([agent for _i, agent in bots])
    if problem is not None:
        raise TableError(_l("seats: {problem}").format(problem=problem))


def _offer(
    key: str, name: str, path: Path, where: str, trust: Trust
) -> tuple[Ruleset, dict[str, Any]]:
    """One lobby entry: the ruleset and what the lobby shows of it (``error``: why it
    cannot be played; ``runs_code``: the plugin files it would run, not allowed)."""
    try:
        ruleset = load_ruleset_file(path, trust=trust)
        counts = allowed_players(ruleset)
    except CodeNotAllowedError as exc:
        files = [str(p) for p, _why in exc.files]
        flags = " ".join(f"--allow-code {p}" for p in files)
        return (
            Ruleset(name=name, plugins=()),
            {
                "key": key,
                "where": where,
                "runs_code": files,
                "error": _l(
                    "not checked (runs code: {files}); to offer it, start kd serve with "
                    "{flags} (or --trust); see docs/trust.md"
                ).format(files=", ".join(files), flags=flags),
            },
        )
    except KingdominoError as exc:
        return Ruleset(name=name, plugins=()), {"key": key, "where": where, "error": str(exc)}
    info = {
        "key": key,
        "name": ruleset.name,
        "where": where,
        # shown in the page's language (the rulesets' catalog), as kd ruleset list does
        "description": shown_description(ruleset.description),
        "players": list(counts),
        "default_players": ruleset.default_players or counts[-1],
        "plugins": list(ruleset.plugins),
    }
    return ruleset, info
