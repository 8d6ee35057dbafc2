"""Where tables are: on disk, all of them; in memory, only those in play.

Every table is kept in the data folder (tables.py: its save and its seats). The
server knows them all from a scan at start-up that reads each table's files but
replays nothing and runs no plugin code (:func:`scan`); a table is opened (its game
replayed) when someone asks for it, and leaves memory again when nobody uses it:

- a table in use (a request being answered, an open table page, bots thinking) is
  never closed;
- a finished table leaves memory :data:`FINISHED_GRACE` seconds after its last use,
  any other :data:`IDLE_SECONDS` after it (its save is on disk; the undo history
  is not kept, as after a restart);
- at most :data:`MAX_OPEN` tables are in memory: opening one more closes the least
  recently used table not in use, and only when every open table is in use is the
  request refused (503, try again).

So a server that created any number of tables answers as one that created none,
after a restart too.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections import Counter, OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from attrs import frozen

from kingdomino_core import KingdominoError
from kingdomino_core.inputs.trust import Trust
from kingdomino_core.saves.savegame import read_save
from kingdomino_play.budgets import SERVER_MOVE, budget_problem, table_problem

from .seats import BOT, ID_RE, TableError, _l
from .tables import META_FORMAT, Table

#: Most tables in memory at once.
MAX_OPEN = 200
#: A finished table not in use leaves memory after this many seconds.
FINISHED_GRACE = 60.0
#: Any other table not in use leaves memory after this many seconds.
IDLE_SECONDS = 600.0
#: Largest table file read (its seats and tokens: a few KB).
MAX_META = 64 * 1024


@frozen(kw_only=True)
class Kept:
    """What the server knows of a table on disk without opening it."""

    id: str
    ruleset: str
    host: str
    #: ``(name, kind)`` of each seat.
    seats: tuple[tuple[str, str], ...]
    #: token -> the seats it acts for.
    tokens: tuple[tuple[str, tuple[int, ...]], ...]
    finished: bool

    def links(self) -> list[dict[str, Any]]:
        """Each human seat with the token of its link, as :meth:`Table.links`."""
        out = [
            {"seat": seat, "name": self.seats[seat][0], "kind": self.seats[seat][1], "token": t}
            for t, seats in self.tokens
            for seat in seats
        ]
        return sorted(out, key=lambda e: e["seat"])

    @classmethod
    def of(cls, table: Table) -> Kept:
        return cls(
            id=table.id,
            ruleset=table.game.engine.ruleset.name,
            host=table.host,
            seats=tuple((s.name, s.kind) for s in table.seats),
            tokens=tuple((t, tuple(sorted(s))) for t, s in table.tokens.items()),
            finished=table.game.is_terminal(),
        )


def scan(data: Path, trust: Trust) -> tuple[dict[str, Kept], dict[str, str], list[str]]:
    """The tables of ``data``: those that can be opened, those that may not (and
    why, for their pages), and the problems to tell the operator. Replays nothing."""
    kept: dict[str, Kept] = {}
    closed: dict[str, str] = {}
    problems: list[str] = []
    for meta_path in sorted(data.glob("*.table.json")):
        table_id = meta_path.name.removesuffix(".table.json")
        if not ID_RE.match(table_id):
            continue
        try:
            found = _read(data, table_id)
        except (KingdominoError, OSError, ValueError, KeyError, TypeError, TableError) as exc:
            problems.append(f"{meta_path}: not resumed: {exc}")
            continue
        entry, plugin_files, agents = found
        why = _refusal(plugin_files, agents, trust)
        if why is not None:
            closed[table_id] = why
            problems.append(f"{meta_path}: not resumed: {why}")
            continue
        kept[table_id] = entry
    return kept, closed, problems


def _read(data: Path, table_id: str) -> tuple[Kept, tuple[str, ...], list[str]]:
    """A table's entry, the plugin files of its save and its bots' agents."""
    meta_path = data / f"{table_id}.table.json"
    with meta_path.open("rb") as fh:
        raw = fh.read(MAX_META + 1)
    if len(raw) > MAX_META:
        raise TableError(_l("larger than {n} bytes").format(n=MAX_META))
    meta = json.loads(raw.decode("utf-8"))
    if not isinstance(meta, dict) or meta.get("format") != META_FORMAT:
        raise TableError(_l("not a table of this server"))
    if meta.get("id") != table_id:
        raise TableError(_l("not a table of this server"))
    saved = read_save(str(data / f"{table_id}.save.json"))
    seats = tuple((str(s["name"]), str(s["kind"])) for s in meta["seats"])
    agents = [str(s["agent"]) for s in meta["seats"] if s["kind"] == BOT]
    tokens = tuple((str(t), tuple(int(i) for i in s)) for t, s in meta["tokens"].items())
    entry = Kept(
        id=table_id,
        ruleset=saved.ruleset.name,
        host=str(meta["host"]),
        seats=seats,
        tokens=tokens,
        finished=saved.finished,
    )
    return entry, tuple(saved.ruleset.plugin_files), agents


def _refusal(plugin_files: tuple[str, ...], agents: list[str], trust: Trust) -> str | None:
    """Why a kept table may not be opened here: code not allowed, bots over budget."""
    refused = [p for p in plugin_files if not trust.allows(Path(p), named=False)]
    if refused:
        return _l(
            "this table needs code this server may not run: {files} "
            "(start kd serve with --allow-code FILE for each; see docs/trust.md)"
        ).format(files=", ".join(refused))
    for agent in agents:
        problem = budget_problem(agent, SERVER_MOVE)
        if problem is not None:
            return _l("this table's bot {agent!r} cannot play here: {problem}").format(
                agent=agent, problem=problem
            )
    problem = table_problem(agents)
    if problem is not None:
        return _l("this table cannot play here: {problem}").format(problem=problem)
    return None


class TableStore:
    """The tables of one server: all of them known, the ones in play in memory.

    Used from the event loop only (loading runs in a worker thread, awaited).
    ``load(id)`` opens a table from disk.
    """

    def __init__(
        self, load: Callable[[str], Table], max_open: int = MAX_OPEN, *, disk: bool = True
    ) -> None:
        self._load = load
        self.max_open = max_open
        #: Tables are on disk: one may leave memory (else every table stays).
        self.disk = disk
        #: Tables in memory, least recently used first.
        self.open: OrderedDict[str, Table] = OrderedDict()
        self.kept: dict[str, Kept] = {}
        #: Tables that may not be opened here, and why (shown on their pages).
        self.closed: dict[str, str] = {}
        self._users: Counter[str] = Counter()
        self._used: dict[str, float] = {}
        self._loading: dict[str, asyncio.Future[Table]] = {}

    def hold(self, table: Table) -> None:
        self._users[table.id] += 1
        self._used[table.id] = time.monotonic()
        if table.id in self.open:
            self.open.move_to_end(table.id)

    def release(self, table: Table) -> None:
        self._users[table.id] -= 1
        if self._users[table.id] <= 0:
            del self._users[table.id]
        self._used[table.id] = time.monotonic()

    def in_use(self, table_id: str) -> bool:
        return self._users.get(table_id, 0) > 0

    def add(self, table: Table) -> None:
        """A new table: in memory and known (room is made first, if possible)."""
        self.make_room(strict=False)
        self.open[table.id] = table
        self._used[table.id] = time.monotonic()
        self.kept[table.id] = Kept.of(table)

    async def get(self, table_id: str, opened: Callable[[Table], None]) -> Table:
        """The table, opened from disk if needed (``opened`` is told of a table just
        opened); ``TableError`` 404 for an unknown id, 403 for a table not allowed."""
        found = self.open.get(table_id)
        if found is not None:
            return found
        if table_id in self.closed:
            raise TableError(self.closed[table_id], 403)
        if table_id not in self.kept or not ID_RE.match(table_id):
            raise TableError(_l("no such table"), 404)
        waiting = self._loading.get(table_id)
        if waiting is not None:
            return await asyncio.shield(waiting)
        self.make_room(strict=True)
        future: asyncio.Future[Table] = asyncio.get_running_loop().create_future()
        self._loading[table_id] = future
        try:
            from anyio import to_thread

            table = await to_thread.run_sync(self._load, table_id)
        except TableError as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: no "never retrieved" warning
            raise
        except Exception as exc:  # the files were damaged since the scan
            why = _l("this table's files cannot be read: {problem}").format(problem=exc)
            self.closed[table_id] = why
            error = TableError(why, 409)
            future.set_exception(error)
            future.exception()
            raise error from None
        finally:
            del self._loading[table_id]
        self.open[table_id] = table
        self._used[table_id] = time.monotonic()
        future.set_result(table)
        opened(table)
        return table

    def make_room(self, *, strict: bool) -> None:
        """Close least recently used tables not in use until one more fits; if every
        open table is in use, refuse (``strict``) or let the count pass the limit."""
        while len(self.open) >= self.max_open:
            idle = next((t for t in self.open if not self.in_use(t)), None) if self.disk else None
            if idle is None:
                if strict:
                    raise TableError(
                        _l(
                            "this server has {n} tables in play, its most: try again in a moment"
                        ).format(n=len(self.open)),
                        503,
                    )
                return
            self.close(idle)

    def close(self, table_id: str) -> None:
        """Let a table leave memory (its save is written first if it changed)."""
        table = self.open.pop(table_id)
        table.persist()
        self._used.pop(table_id, None)
        self.kept[table_id] = Kept.of(table)

    def sweep(self, now: float | None = None) -> list[str]:
        """Close the tables not in use for long enough; return their ids."""
        now = time.monotonic() if now is None else now
        gone: list[str] = []
        if not self.disk:
            return gone
        for table_id, table in list(self.open.items()):
            if self.in_use(table_id):
                continue
            idle = now - self._used.get(table_id, now)
            grace = FINISHED_GRACE if table.game.is_terminal() else IDLE_SECONDS
            if idle >= grace:
                self.close(table_id)
                gone.append(table_id)
        return gone
