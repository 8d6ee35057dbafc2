"""Tables: a game, who sits at each seat, their tokens, undo, and the files on disk.

A table is kept as two files in the data directory, named by its id:

- ``<id>.save.json``: the game in the project's save format (``kd replay`` and
  ``kd play --resume`` read it as is), rewritten atomically after every move;
- ``<id>.table.json``: the seats (name, agent, how a human joins) and their tokens,
  readable only by the server's user.

Tokens are random (``secrets``, 192 bits); a token lets its holder act only for the
seats it was issued for. The "host" token, given to whoever created the table,
covers the seats played on that device (hot seat) and shows the seat links. The
game itself is played by the play layer (:class:`kingdomino_play.Table`): bots
seeded per decision exactly as in ``kd play``, so a table resumed after a restart
continues as if it never stopped; undo, kept only where it is allowed. A move is
written to disk before any page is shown it.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from attrs import define, field, frozen

from kingdomino_core import Action, Game, IllegalActionError, KingdominoError, Ruleset, i18n
from kingdomino_core.engine.views import SPECTATOR, hides
from kingdomino_core.inputs.trust import SAVED_GAME, Trust
from kingdomino_core.saves.savegame import (
    PlayerEntry,
    SavedGame,
    engine_for_save,
    read_save,
    replay,
    to_json,
    write_save,
)
from kingdomino_play import Table as GameTable
from kingdomino_play import engine_for

from .languages import named_move_words
from .seats import HERE, LINK, SeatSpec, TableError, new_id, new_token
from .views import decision_view, public_view, undo_notice

META_FORMAT = "kingdomino-web-table"

_ = i18n.get_translation("kingdomino_web")
_l = _.lazy


@frozen
class Shown:
    """What the table's pages may see: the state as saved (nothing a page is shown
    is missing from the save on disk, whatever happens to the server after)."""

    version: int
    #: The public view and the decision in each language (:attr:`view`: the request's).
    views: dict[str, dict[str, Any]]
    decisions: dict[str, dict[str, Any] | None]
    #: The seat that may take its decision back (undo): the one that decided last,
    #: while no one else has decided since (empty before the first decision).
    undoable: frozenset[int]
    saved: SavedGame
    #: What each seat sees, by language, when a plugin hides something from some
    #: seats (``Secret``); empty otherwise (every seat sees :attr:`view`).
    seat_views_by_language: dict[str, dict[int, dict[str, Any]]] = field(factory=dict)

    @property
    def view(self) -> dict[str, Any]:
        return i18n.for_now(self.views)

    @property
    def decision(self) -> dict[str, Any] | None:
        return i18n.for_now(self.decisions)

    @property
    def seat_views(self) -> dict[int, dict[str, Any]]:
        return i18n.for_now(self.seat_views_by_language) if self.seat_views_by_language else {}


@define
class Table:
    """One game at one table of the server: the play layer's :class:`GameTable` (the
    game, its seats and bots, undo, the moves in words) plus what is the server's: the
    seats' kinds and tokens, a lock, a version for stale moves, the files on disk.

    All changes go through :meth:`act`, :meth:`undo` and :meth:`run_bots`, under the
    table's lock; each ends by writing the save, then publishing what pages see
    (:meth:`publish`), so the state is on disk before anyone is told of it."""

    id: str
    play: GameTable
    seats: list[SeatSpec]
    #: token -> seats it may act for.
    tokens: dict[str, frozenset[int]]
    host: str
    path: Path | None = None
    created: float = field(factory=time.time)
    version: int = 0
    lock: threading.Lock = field(factory=threading.Lock)
    _saved_version: int = -1
    _svgs: dict[int, Any] = field(factory=dict)
    _shown: Shown | None = None
    #: What the last undo took back, in words, shown to everyone until the next move.
    _notice: str = ""
    #: The languages this table's pages read: its state is made in each at every change
    #: (:meth:`speak` adds one), not in every language the server speaks.
    languages: set[str] = field(factory=lambda: {i18n.SOURCE_LANGUAGE})

    # -- who is who -------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.play.game

    @property
    def players(self) -> list[PlayerEntry]:
        return self.play.players

    @property
    def failure(self) -> str:
        """Why the table stopped (a bot or plugin failed), shown to everyone."""
        return self.play.failure

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
        """Whether the table keeps undo points (always, at a table of this server:
        a person takes back their last decision until someone else has decided)."""
        return self.play.undo_enabled

    # -- views ------------------------------------------------------------------

    def shown(self) -> Shown:
        """The state pages see: the last one published (after its save)."""
        shown = self._shown
        if shown is None:
            with self.lock:
                self.publish()
                shown = self._shown
                assert shown is not None
        return shown

    def view(self, token: str | None = None) -> dict[str, Any]:
        """The state as saved, as the holder of ``token`` may see it: the view of
        their seat (the deciding one, if the link holds several) when a plugin hides
        something from some seats, else the one view everybody gets."""
        shown = self.shown()
        if not shown.seat_views:
            return shown.view
        seats = self.seats_of(token)
        seat = self.viewer_of(seats)
        return shown.view if seat is None else shown.seat_views[seat]

    @property
    def hides(self) -> bool:
        """Whether a plugin hides something from some seats (each sees its own view)."""
        return hides(self.game)

    def viewer_of(self, seats: frozenset[int]) -> int | None:
        """Whose eyes a page holding ``seats`` looks with: its one seat; of several
        (people sharing a device), the one deciding now, else none (a spectator's)."""
        if len(seats) == 1:
            return next(iter(seats))
        current = self.game.current_seat
        return current if current in seats else None

    def decision_for(self, token: str | None) -> dict[str, Any] | None:
        """The legal choices, if the token's holder decides now."""
        shown = self.shown()
        found = shown.decision
        if found is None or found["seat"] not in self.seats_of(token):
            return None
        return dict(found, undo=self.can_undo(token))

    def can_undo(self, token: str | None) -> bool:
        """Whether the token's holder may take back their last decision now: they
        decided last and no one else has decided since (bots and chance may have), and
        the game is not over (its end is final: the ranking is out)."""
        return self.undo_allowed and bool(self.seats_of(token) & self.shown().undoable)

    def personal(self, token: str | None) -> dict[str, Any]:
        """What the token's holder sees besides the public view: their seats, whether
        they are the host, their decision, whether they may undo."""
        return {
            "you": sorted(self.seats_of(token)),
            "host": bool(token) and token == self.host,
            "decision": self.decision_for(token),
            "undo": self.can_undo(token),
        }

    def state_for(self, token: str | None) -> dict[str, Any]:
        return {"type": "state", "view": self.view(token), **self.personal(token)}

    # -- playing ----------------------------------------------------------------

    def act(self, token: str | None, action: Action, version: int | None = None) -> None:
        """Play ``action`` for the holder of ``token``. Raise ``TableError`` (nothing
        changes) when it is not theirs to play, is stale, or is illegal (with the
        engine's reason). The move is saved before this returns."""
        with self.lock:
            game = self.game
            seat = game.current_seat
            if seat is None:
                raise TableError(_l("the game is over"), 409)
            seats = self.seats_of(token)
            if not seats:
                raise TableError(_l("this link does not hold a seat at this table"), 403)
            if seat < 0 or seat not in seats:
                raise TableError(_l("it is not your turn"), 409)
            if version is not None and version != self.version:
                raise TableError(_l("the table has changed since you chose: look again"), 409)
            actor = getattr(action, "seat", seat)
            if actor != seat:
                raise TableError(
                    _l("this move is for seat {actor}, but seat {seat} decides").format(
                        actor=actor, seat=seat
                    ),
                    403,
                )
            try:
                self.play.act(action)  # checked: the canonical form is logged
            except IllegalActionError as exc:
                raise TableError(exc.message, 422) from None
            except KingdominoError as exc:  # a plugin failed: the table is as it was
                raise TableError(
                    _l("the move could not be played: {problem}").format(problem=exc), 500
                ) from None
            self.version += 1
            self._notice = ""
            self.publish()

    def explain(self, action: Action) -> str | None:
        """Why ``action`` would be refused now (the engine's words), None if legal."""
        with self.lock:
            return self.play.explain(action)

    def run_bots(self, limit: int | None = None) -> int:
        """Play chance and bots until a human decides or the game ends (at most
        ``limit`` moves); save, publish and return the number of moves."""
        with self.lock:
            moved = len(self.play.advance(limit))
            if moved or self.failure:
                self.version += 1
            if moved:
                self._notice = ""
            self.publish()
        return moved

    def bots_to_move(self) -> bool:
        return self.play.automatic_next()

    def undo(self, token: str | None) -> None:
        """Take back the token holder's last decision (and the bots' and chance's moves
        since, which replay identically), while no one else has decided since; every
        page is told who took back what."""
        with self.lock:
            seats = self.seats_of(token)
            if not seats:
                raise TableError(_l("this link does not hold a seat at this table"), 403)
            play = self.play
            if self.game.is_terminal():
                raise TableError(_l("the game is over"), 409)
            if not self.undo_allowed or not play.can_undo(seats):
                raise TableError(_l("nothing to undo: this is your first decision"), 409)
            seat, at = play.undo_points[-1]
            if seat not in seats:
                who = self.seats[seat].name
                late = _l("too late to undo: {name} has decided since").format(name=who)
                raise TableError(late, 409)
            taken = [words for index, words in play.history if index >= at]
            if not play.undo(seats, latest=True):  # pragma: no cover - checked above
                raise TableError(_l("nothing to undo: this is your first decision"), 409)
            self.version += 1
            name = self.seats[seat].name
            # said to every page, each in its language
            self._notice = i18n.in_every_language(lambda: undo_notice(name, taken))
            self.publish()

    # -- files ------------------------------------------------------------------

    def saved(self) -> SavedGame:
        """The game as saved (what is on disk)."""
        return self.shown().saved

    def save_text(self) -> str:
        return to_json(self.saved())

    def publish(self) -> None:
        """Under the lock, after a change: write the save (if the game changed since
        the last write), then make the new state what pages see. A failed write
        raises (``OSError``) and shows nothing new."""
        saved = self._save()
        if self._shown is not None and self._shown.version == self.version:
            return
        points = self.play.undo_points
        over = self.game.is_terminal()  # nothing is taken back after the end
        undoable = frozenset({points[-1][0]}) if points and not over else frozenset()
        shown = Shown(self.version, {}, {}, undoable, saved, {})
        for language in sorted(self.languages):
            self._make_in(shown, language)
        self._shown = shown

    def speak(self, language: str) -> None:
        """Make what pages see in ``language`` too, now and at every change from now on
        (a page in a language no page of this table read before). Takes the lock: call
        it from a worker thread; until it is done such a page would read English."""
        shown = self._shown
        if language in self.languages and shown is not None and language in shown.views:
            return
        with self.lock:
            self.languages.add(language)
            shown = self._shown  # under the lock: the state of the game as it stands
            if shown is None:
                self.publish()
            elif language not in shown.views and shown.version == self.version:
                self._make_in(shown, language)  # (not over a save that failed: stale)

    def _make_in(self, shown: Shown, language: str) -> None:
        """Under the lock: ``shown``'s views and decision in ``language`` (the words
        differ; the game is the one of ``shown``'s version)."""
        game = self.game
        seat = game.current_seat
        # No decision to show while the table itself plays a person's forced move.
        asked = seat is not None and seat >= 0 and self.play.forced_move() is None
        with i18n.use_language(language):
            if hides(game):  # a plugin hides something: each seat its own view
                seats = range(game.config.players)
                seat_views = {s: i18n.shown_json(self._view_for(s)) for s in seats}
                shown.seat_views_by_language[language] = seat_views
            decision = decision_view(game, self.play.names) if asked else None
            shown.decisions[language] = i18n.shown_json(decision)
            shown.views[language] = i18n.shown_json(self._view_for(SPECTATOR))

    def _view_for(self, viewer: int | None) -> dict[str, Any]:
        """What ``viewer`` sees of the table (see :func:`public_view`)."""
        game = self.game
        hidden = hides(game)
        view = public_view(game, self.players, None if hidden else self._svgs, viewer)
        view["table"] = self.id
        view["version"] = self.version
        # The whole move list, numbered by decision (the table's history, undo applied),
        # as the viewer may read it.
        view["history"] = self.play.history_for(viewer)
        view["recent"] = view["history"][-12:] if hidden else self.play.recent[-12:]
        view["failure"] = self.failure
        view["notice"] = self._notice
        view["seats"] = [{"name": s.name, "kind": s.kind} for s in self.seats]
        return view

    def persist(self) -> None:
        """Write the save if the game changed since the last write (every change
        already does, before it is shown: kept for callers)."""
        with self.lock:
            self._save()

    def _save(self) -> SavedGame:
        """The save of the game as it stands, written to disk if it changed."""
        shown = self._shown
        if shown is not None and self._saved_version == self.version:
            return shown.saved
        try:
            saved = self.play.saved()
        except KingdominoError:  # the final scoring failed: keep the moves at least
            saved = self.play.saved(result=False)
        if self.path is not None and self._saved_version != self.version:
            write_save(self.path / f"{self.id}.save.json", saved)
        self._saved_version = self.version
        return saved

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
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)


def remove_leftovers(path: Path) -> list[Path]:
    """Delete the temporary files that writes killed half-way left in ``path`` (the
    server calls it at start-up, before any table is written); return them."""
    found = sorted(path.glob(".*.save.json.*.tmp")) + sorted(path.glob("*.table.tmp"))
    for leftover in found:
        with contextlib.suppress(OSError):
            leftover.unlink()
    return found


def game_table(game: Game, seats: Sequence[SeatSpec]) -> GameTable:
    """The play layer's table for ``seats``, keeping undo points (two integers per
    decision): a person may take back their last decision until someone else decides.
    Its moves list names the players where the rules' words number seats.
    A person's decision with a single legal action is played for them, as ``kd play``
    does (``kingdomino_play.forced``)."""
    players = [PlayerEntry(name=s.name, agent=s.agent) for s in seats]
    words = named_move_words([p.name for p in players])
    return GameTable(game, players, undo=True, words=words, forced=True)


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
    table = Table(
        id=new_id(), play=game_table(game, seats), seats=seats, tokens=tokens, host=host, path=path
    )
    table.languages.add(i18n.current_language())  # the lobby's, its host's
    table.write_meta()
    with table.lock:
        table.publish()
    return table


def load_table(path: Path, table_id: str, trust: Trust = SAVED_GAME) -> Table:
    """A table from its two files (the game replayed from its save; its plugin files
    run only as ``trust`` allows)."""
    meta = json.loads((path / f"{table_id}.table.json").read_text(encoding="utf-8"))
    if meta.get("format") != META_FORMAT or meta.get("id") != table_id:
        raise TableError(
            _l("{file}: not a table of this server").format(file=f"{table_id}.table.json")
        )
    seats = [SeatSpec(name=s["name"], kind=s["kind"], agent=s["agent"]) for s in meta["seats"]]
    tokens = {t: frozenset(s) for t, s in meta["tokens"].items()}
    source = str(path / f"{table_id}.save.json")
    saved = read_save(source)
    game = replay(saved, source, engine=engine_for_save(saved, source, trust=trust))
    table = Table(
        id=table_id,
        play=game_table(game, seats),
        seats=seats,
        tokens=tokens,
        host=meta["host"],
        path=path,
        created=float(meta.get("created", time.time())),
    )
    table._saved_version = table.version  # its save is the file just read
    if table.bots_to_move():
        # Its bots will soon hold the lock while they think: what pages see is ready
        # before (a table waiting for a person is published when first looked at).
        with table.lock:
            table.publish()
    return table
