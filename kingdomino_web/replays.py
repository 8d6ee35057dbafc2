"""The replay viewer's games: saves uploaded or taken from a table, stepped move by move.

An uploaded save is read with the same strict reader as ``kd replay`` and never runs
code: its engine is built under the trust model's ``UNTRUSTED`` rules, so a save whose
ruleset names local plugin files (house-rule ``.py`` files) is refused. Only a bounded
number of replays is kept, in memory.
"""

from __future__ import annotations

import bisect
import secrets
import threading
from collections import OrderedDict
from typing import Any

from attrs import define, field

from kingdomino_core import (
    Action,
    CodeNotAllowedError,
    Engine,
    Game,
    KingdominoError,
)
from kingdomino_core.inputs.trust import UNTRUSTED
from kingdomino_core.saves.savegame import (
    CHANCE_SEED,
    SavedGame,
    apply_logged,
    engine_for_save,
    parse_save,
    read_actions,
)
from kingdomino_play import name_seats

from .seats import TableError, _l
from .views import public_view, table_move_words

#: Replays kept in memory; the oldest is dropped beyond this.
MAX_REPLAYS = 64


@define
class Replay:
    saved: SavedGame
    source: str
    actions: list[Action]
    #: The last game shown and its move number (stepping forward reuses it).
    game: Game
    at: int = 0
    #: The words of move ``at`` (shown again when the same move is asked for twice).
    last: str = ""
    #: The words of the latest decision before move ``at`` (the viewer's step).
    decided: str = ""
    #: The moves that are decisions (index in ``actions``; the others are chance's).
    decisions: list[int] = field(factory=list)


class ReplayStore:
    def __init__(self) -> None:
        self._replays: OrderedDict[str, Replay] = OrderedDict()
        self._lock = threading.Lock()

    def add_text(self, text: str) -> str:
        """Read an uploaded save; refuse it (``TableError``) if it is not one or would
        run code (the engine is built with the trust model's ``UNTRUSTED``)."""
        try:
            saved = parse_save(text, "upload")
            engine = engine_for_save(saved, "upload", trust=UNTRUSTED)
        except CodeNotAllowedError as exc:
            files = ", ".join(str(path) for path, _why in exc.files)
            raise TableError(
                _l(
                    "upload: the save's ruleset {ruleset!r} loads plugin files ({files}); an "
                    "uploaded game never runs code: replay it with kd replay where you trust them"
                ).format(ruleset=exc.what, files=files),
                422,
            ) from None
        except KingdominoError as exc:
            raise TableError(str(exc), 422) from None
        return self.add_saved(saved, "upload", engine)

    def add_saved(self, saved: SavedGame, source: str, engine: Engine) -> str:
        """Keep a save for the viewer, replayed with ``engine`` (the table's own, or one
        built under the upload trust rules)."""
        try:
            actions = read_actions(saved, engine, source)
        except KingdominoError as exc:
            raise TableError(str(exc), 422) from None
        replay_id = secrets.token_urlsafe(12)
        with self._lock:
            self._replays[replay_id] = Replay(
                saved=saved,
                source=source,
                actions=actions,
                game=engine.new_game(saved.seed),
                decisions=_decisions(engine.new_game(saved.seed), actions),
            )
            while len(self._replays) > MAX_REPLAYS:
                self._replays.popitem(last=False)
        return replay_id

    def _get(self, replay_id: str) -> Replay:
        found = self._replays.get(replay_id)
        if found is None:
            raise TableError(_l("no such replay (replays are kept for a while only)"), 404)
        return found

    def info(self, replay_id: str) -> dict[str, Any]:
        replay = self._get(replay_id)
        return {
            "id": replay_id,
            "moves": len(replay.actions),
            "stops": stops(replay),
            "ruleset": replay.saved.ruleset.name,
            "players": [p.name for p in replay.saved.players],
        }

    def view(self, replay_id: str, move: int) -> dict[str, Any]:
        """The table after ``move`` moves (0: the start) and that move in words."""
        with self._lock:
            replay = self._get(replay_id)
            total = len(replay.actions)
            move = max(0, min(move, total))
            if move < replay.at:
                replay.game = replay.game.engine.new_game(replay.saved.seed)
                replay.at = 0
                replay.last = replay.decided = ""
            check = replay.saved.chance == CHANCE_SEED
            try:
                while replay.at < move:
                    n = replay.at + 1
                    action = replay.actions[replay.at]
                    seat = replay.game.current_seat
                    words = ""
                    if _before(replay, move):  # the decision this step of the viewer shows
                        who = replay.saved.players[seat or 0].name
                        replay.decided = f"{who}: {_named(replay, action)}"
                    if n == move:  # in the plugin's words, before the move changes the game
                        who = (
                            _l("chance")
                            if seat is None or seat < 0
                            else replay.saved.players[seat].name
                        )
                        words = f"{who}: {_named(replay, action)}"
                    apply_logged(replay.game, action, n, replay.source, check_chance=check)
                    replay.at, replay.last = n, words
            except KingdominoError as exc:
                raise TableError(str(exc), 422) from None
            view = public_view(replay.game, list(replay.saved.players))
            return {
                "id": replay_id,
                "move": move,
                "moves": total,
                "stops": stops(replay),
                "last": replay.last,
                "decided": replay.decided,
                "view": view,
            }


def _decisions(game: Game, actions: list[Action]) -> list[int]:
    """Which of ``actions`` a player decided (the others are chance's draws): played
    once on a fresh game; past a move that does not replay, every move counts."""
    found = []
    for i, action in enumerate(actions):
        seat = game.current_seat
        if seat is not None and seat >= 0:
            found.append(i)
        try:
            game.apply(action)
        except KingdominoError:
            return found + list(range(i + 1, len(actions)))
    return found


def stops(replay: Replay) -> list[int]:
    """Where the viewer steps: before each decision (chance's draws that come before
    it already played), then the end. Step ``k`` shows the table after ``k`` decisions."""
    return sorted({*(replay.decisions or [0]), len(replay.actions)})


def _before(replay: Replay, move: int) -> bool:
    """Whether the move being played is the last decision before ``move`` (its words are
    what the viewer shows for that step)."""
    i = bisect.bisect_left(replay.decisions, move)
    return i > 0 and replay.decisions[i - 1] == replay.at


def _named(replay: Replay, action: Action) -> str:
    """The move's words, the seats the rules' words number (``to P2``) named by the
    save's players, as the table's moves list names them."""
    names = [p.name for p in replay.saved.players]
    return name_seats(table_move_words(replay.game, action), names)
