"""Saved games: write, read, replay and verify a game from its log.

A save *is* the game's log: every action, chance draws included, stored by value
(``serialize.action_to_dict``), with what is needed to rebuild the engine (the
resolved ruleset as a table, the players, the seed) and, for a finished game, its
final result. Replaying applies the logged actions to a new game of the same
ruleset and seed. ``Game.apply`` consumes one random number per chance step, so a
replayed game continues exactly like the uninterrupted one.

Agents seeded with :func:`decision_seed` (a fresh seed per decision, from the game
seed, the seat and the move number) choose the same moves whether a game was played
in one go or saved and resumed, since nothing depends on how many numbers an agent
drew before.
"""

from __future__ import annotations

import contextlib
import glob
import hashlib
import json
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from attrs import field, frozen

from .. import __version__
from ..engine.engine import Engine
from ..engine.game import Game
from ..engine.words import seat_name
from ..errors import IllegalActionError, KingdominoError, ReplayError
from ..inputs.limits import MAX_SAVE_BYTES, InputLimitError, loads_json
from ..inputs.strict import dotted, strict_converter
from ..inputs.strict import problems as structure_problems
from ..inputs.trust import SAVED_GAME, CodeNotAllowedError, Trust
from ..model.actions import Action
from ..model.ruleset import Ruleset
from .kingdom_text import format_kingdom
from .serialize import action_from_dict, action_to_dict

FORMAT = "kingdomino-save"
VERSION = 1
#: Chance outcomes follow the game's seed (``verify`` checks every draw).
CHANCE_SEED = "seed"
#: Chance outcomes were scripted or recorded at a real table (not checked).
CHANCE_SCRIPTED = "scripted"


class SaveFormatError(ReplayError):
    """A save file cannot be read: missing, not JSON, another format, bad fields."""


class ReplayMismatchError(ReplayError):
    """A saved game does not reproduce. ``move`` is the 1-based index of the bad move."""

    def __init__(self, message: str, *, move: int = 0) -> None:
        self.move = move
        super().__init__(message)


def derive_seed(*parts: object) -> int:
    """A 63-bit seed derived from ``parts`` (stable across Python versions and runs)."""
    text = "\x1f".join(str(p) for p in parts)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def decision_seed(game_seed: int, seat: int, move: int) -> int:
    """The seed of an agent's generator for the decision at log position ``move``.

    Plain integer packing (``random.Random.seed`` mixes it), distinct for every
    (seed, seat, move) with seat < 4096 and move < 2**20; cheap enough per decision.
    """
    if not (0 <= seat < 4096 and 0 <= move < 1 << 20):
        return derive_seed("agent", game_seed, seat, move)
    zigzag = 2 * game_seed if game_seed >= 0 else -2 * game_seed - 1
    return (((zigzag << 12) | seat) << 20) | move


@frozen(kw_only=True, slots=True)
class PlayerEntry:
    """One seat: a display name and the agent spec that plays it (``greedy``, ``human``)."""

    #: The name shown for the seat.
    name: str
    #: The agent spec that plays it (``"greedy"``, ``"mcts:playouts=50"``, ``"human"``).
    agent: str


@frozen(kw_only=True, slots=True)
class RulesetTable:
    """The resolved ruleset as stored in a save (independent of the TOML it came from)."""

    name: str
    plugins: list[str]
    options: dict[str, dict[str, Any]] = field(factory=dict)
    plugin_files: list[str] = field(factory=list)
    description: str = ""
    default_players: int | None = None

    @classmethod
    def of(cls, ruleset: Ruleset) -> RulesetTable:
        return cls(
            name=ruleset.name,
            plugins=list(ruleset.plugins),
            options={k: dict(v) for k, v in ruleset.options.items()},
            plugin_files=[str(Path(p).resolve()) for p in ruleset.plugin_files],
            description=ruleset.description,
            default_players=ruleset.default_players,
        )

    def to_ruleset(self, source: str = "") -> Ruleset:
        return Ruleset(
            name=self.name,
            plugins=tuple(self.plugins),
            options=self.options,
            plugin_files=tuple(self.plugin_files),
            description=self.description,
            source=source,
            default_players=self.default_players,
        )


@frozen(kw_only=True, slots=True)
class SavedGame:
    """The content of a save file. ``log`` holds actions as dicts (read them with an engine)."""

    #: The format's name, checked when read (a save is not any JSON file).
    format: str = FORMAT
    #: The format's version, checked when read.
    version: int = VERSION
    #: Version of kingdomino_core that wrote the save (provenance only).
    engine: str = ""
    #: The resolved ruleset (plugins and options), independent of the TOML it came from.
    ruleset: RulesetTable
    #: The seats, in order.
    players: tuple[PlayerEntry, ...]
    #: The game's seed: with the log, it reproduces the game exactly.
    seed: int
    #: How chance is drawn from the seed (checked when read).
    chance: str = CHANCE_SEED
    #: Active plugins and their versions when the game was saved (provenance only).
    plugins: dict[str, str] = field(factory=dict)
    #: Every action played, chance included, as dicts (``action_from_dict`` reads them).
    log: tuple[dict[str, Any], ...] = ()
    #: :func:`final_result` of a finished game, None while it is in progress.
    result: dict[str, Any] | None = None

    @property
    def finished(self) -> bool:
        """True when the saved game is over (it has a result)."""
        return self.result is not None


def final_result(game: Game) -> dict[str, Any]:
    """Kingdoms (seats, grid, score, discards) and winners of a finished game, as JSON data.

    The ``kingdoms`` and ``winners`` keys of the command-line contract.
    """
    config = game.config
    kingdoms = []
    for k, sheet in enumerate(game.scores()):
        kingdom = game.kingdoms[k]
        kingdoms.append(
            {
                "players": list(config.seats_of(k)),
                "grid": format_kingdom(kingdom, game.engine),
                "score": sheet.as_dict(),
                "discarded": len(kingdom.discards),
            }
        )
    return {"kingdoms": kingdoms, "winners": list(game.winners())}


def save_of(
    game: Game,
    players: Sequence[PlayerEntry],
    *,
    chance: str = CHANCE_SEED,
    result: bool = True,
    log: Sequence[Action] | None = None,
) -> SavedGame:
    """The save of ``game`` as it stands (with its result if it is over).

    ``result=False`` stores the log only: what to keep when the final scoring itself
    fails (a plugin raising in ``kd_score_kingdom``). ``log`` replaces ``game.log``:
    the moves a caller recorded itself, when a faulty plugin may have touched the
    game's own log."""
    engine = game.engine
    if len(players) != engine.config.players:
        raise ReplayError(
            f"a save needs one player entry per seat: {len(players)} given, "
            f"{engine.config.players} seats"
        )
    return SavedGame(
        engine=__version__,
        ruleset=RulesetTable.of(engine.ruleset),
        players=tuple(players),
        seed=game.seed,
        chance=chance,
        plugins={p.name: p.version for p in engine.plugins},
        log=tuple(action_to_dict(a) for a in (game.log if log is None else log)),
        result=final_result(game) if result and game.is_terminal() else None,
    )


# -- files ------------------------------------------------------------------------------

#: Strict like ruleset files: ``"agent": 5`` is corrupt, not the agent ``"5"``.
_converter = strict_converter()


def to_json(saved: SavedGame) -> str:
    """The save as JSON text: header keys first, one logged action per line."""
    data = _converter.unstructure(saved)
    log = data.pop("log")
    result = data.pop("result")
    head = ",\n ".join(f"{json.dumps(k)}: {json.dumps(v, sort_keys=True)}" for k, v in data.items())
    actions = ",\n  ".join(json.dumps(a, sort_keys=True) for a in log)
    body = f"[\n  {actions}\n ]" if log else "[]"
    return f'{{{head},\n "log": {body},\n "result": {json.dumps(result, sort_keys=True)}}}\n'


def write_save(path: str | os.PathLike[str], saved: SavedGame) -> None:
    """Write atomically (temporary file, then rename), so a crash keeps the old save."""
    target = Path(path)
    text = to_json(saved)
    directory = target.parent if str(target.parent) else Path(".")
    _remove_leftovers(directory, target.name)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    try:
        os.chmod(tmp, _file_mode(target))
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _remove_leftovers(directory: Path, name: str) -> None:
    """Delete temporary files a killed write of this save left behind (``kill -9``
    between writing and renaming): saves of one game are not written concurrently."""
    for leftover in directory.glob(f".{glob.escape(name)}.????????.tmp"):
        with contextlib.suppress(OSError):
            leftover.unlink()


def _file_mode(target: Path) -> int:
    """Keep an existing save's permissions; a new one gets the usual ``0o666 & ~umask``."""
    try:
        return target.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def parse_save(text: str, source: str = "<save>") -> SavedGame:
    """Read a save from JSON text; raise ``SaveFormatError`` naming the problem."""
    if len(text) > MAX_SAVE_BYTES:
        raise SaveFormatError(
            f"{source}: larger than {MAX_SAVE_BYTES} bytes: not a saved game "
            "(see docs/trust.md, Limits)"
        )
    try:
        data = loads_json(text.removeprefix("\ufeff"))
    except InputLimitError as exc:
        raise SaveFormatError(f"{source}: {exc} (see docs/trust.md, Limits)") from None
    except json.JSONDecodeError as exc:
        raise SaveFormatError(
            f"{source}:{exc.lineno}:{exc.colno}: not valid JSON ({exc.msg}); "
            f"expected a game saved by 'kd play --save'"
        ) from None
    if not isinstance(data, dict):
        raise SaveFormatError(
            f"{source}: expected a JSON object (a game saved by 'kd play --save'), "
            f"found {type(data).__name__}"
        )
    fmt = data.get("format")
    if fmt != FORMAT:
        raise SaveFormatError(f"{source}: format is {fmt!r}, expected {FORMAT!r}: not a saved game")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or not 1 <= version <= VERSION:
        raise SaveFormatError(
            f"{source}: save format version {version!r} is not supported; "
            f"this kd reads versions 1 to {VERSION}"
        )
    problems = _type_problems(data)
    if problems:
        raise SaveFormatError(f"{source}: {'; '.join(problems)}")
    try:
        saved = _converter.structure(data, SavedGame)
    except Exception as exc:
        found = "; ".join(f"{dotted(path)}: {message}" for path, message in structure_problems(exc))
        raise SaveFormatError(f"{source}: {found or exc}") from None
    if saved.chance not in (CHANCE_SEED, CHANCE_SCRIPTED):
        raise SaveFormatError(
            f"{source}: chance is {saved.chance!r}, expected {CHANCE_SEED!r} or {CHANCE_SCRIPTED!r}"
        )
    return saved


def _type_problems(data: dict[str, Any]) -> list[str]:
    """Strict checks cattrs would coerce silently (a seed "7" or players given as a string)."""
    out = []
    seed = data.get("seed")
    if "seed" in data and (not isinstance(seed, int) or isinstance(seed, bool)):
        out.append(f"seed: expected an integer, found {seed!r}")
    for key in ("players", "log"):
        if key in data and not isinstance(data[key], list):
            out.append(f"{key}: expected a list, found {type(data[key]).__name__}")
    if "ruleset" in data and not isinstance(data["ruleset"], dict):
        out.append(f"ruleset: expected an object, found {type(data['ruleset']).__name__}")
    return out


def read_save(path: str | os.PathLike[str]) -> SavedGame:
    """Read a save file; raise ``SaveFormatError`` (file, problem, expectation) on failure."""
    try:
        with open(path, "rb") as fh:
            raw = fh.read(MAX_SAVE_BYTES + 1)
        if len(raw) > MAX_SAVE_BYTES:
            raise SaveFormatError(
                f"{path}: larger than {MAX_SAVE_BYTES} bytes: not a saved game "
                "(see docs/trust.md, Limits)"
            )
        text = raw.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise SaveFormatError(f"{path}: cannot read the saved game: {reason}") from None
    return parse_save(text, str(path))


# -- replaying --------------------------------------------------------------------------


def build_engine(saved: SavedGame, source: str = "<save>", *, trust: Trust = SAVED_GAME) -> Engine:
    """The engine of a saved game: its stored ruleset for its number of players.

    The save's ``plugin_files`` run only if ``trust`` allows each one (by default
    none does: a save may come from anyone); otherwise
    :class:`~kingdomino_core.inputs.trust.CodeNotAllowedError` names them before any runs.
    """

    refused = [
        (Path(p), "stored in the saved game")
        for p in saved.ruleset.plugin_files
        if not trust.allows(Path(p), named=False)
    ]
    if refused:
        raise CodeNotAllowedError(f"the saved game {source}", refused)
    try:
        return Engine(saved.ruleset.to_ruleset(source), len(saved.players))
    except KingdominoError as exc:
        raise SaveFormatError(
            f"{source}: the saved ruleset {saved.ruleset.name!r} cannot be built here: {exc}"
        ) from None


def read_actions(saved: SavedGame, engine: Engine, source: str = "<save>") -> list[Action]:
    """The logged actions as action objects; ``SaveFormatError`` names a bad entry."""
    out = []
    for n, data in enumerate(saved.log, start=1):
        try:
            out.append(action_from_dict(data, engine.registry))
        except ReplayError as exc:
            raise SaveFormatError(f"{source}: log entry {n}: {exc}") from None
    return out


def replay(
    saved: SavedGame,
    source: str = "<save>",
    *,
    engine: Engine | None = None,
    check_chance: bool | None = None,
    upto: int | None = None,
    trust: Trust = SAVED_GAME,
) -> Game:
    """A new game with every logged action (or the first ``upto``) applied.

    Raises ``ReplayMismatchError`` at the first action that is illegal where it
    stands or, with ``check_chance`` (default: when the save says chance came from
    the seed), a draw the seed would not have made.
    """
    engine = engine or build_engine(saved, source, trust=trust)
    actions = read_actions(saved, engine, source)
    if check_chance is None:
        check_chance = saved.chance == CHANCE_SEED
    game = engine.new_game(seed=saved.seed)
    for n, action in enumerate(actions[:upto], start=1):
        apply_logged(game, action, n, source, check_chance=check_chance)
    return game


def apply_logged(
    game: Game, action: Action, n: int, source: str = "<save>", *, check_chance: bool = False
) -> None:
    """Apply logged action number ``n``; a ``ReplayMismatchError`` names it if it fails."""
    what = _describe(game, action)
    if game.is_terminal():
        raise ReplayMismatchError(
            f"{source}: move {n} ({what}) comes after the end of the game", move=n
        )
    if check_chance and game.is_chance():
        expected = game.clone().resolve_chance()
        if expected != action:
            raise ReplayMismatchError(
                f"{source}: move {n} ({what}) does not reproduce: seed {game.seed} "
                f"gives {expected.describe()!r} here",
                move=n,
            )
    try:
        game.apply(action)
    except IllegalActionError as exc:
        raise ReplayMismatchError(
            f"{source}: move {n} ({what}) does not reproduce: illegal there: {exc.message}",
            move=n,
        ) from None


def _describe(game: Game, action: Action) -> str:
    seat = game.current_seat
    who = "chance" if seat is None or seat < 0 else seat_name(seat)
    return f"{who}: {action.describe()}"


@frozen(kw_only=True, slots=True)
class Verification:
    """The outcome of :func:`verify`: ``ok``, the moves replayed and the first problem."""

    #: True when every move and the result reproduce.
    ok: bool
    #: Moves replayed.
    moves: int
    #: Whether the replayed game reached its end.
    finished: bool
    #: Index in the log of the first move that does not reproduce, if any.
    bad_move: int | None = None
    #: What went wrong, in words (empty when ``ok``).
    problem: str = ""


def verify(saved: SavedGame, source: str = "<save>", *, trust: Trust = SAVED_GAME) -> Verification:
    """Replay a save and report the first move that does not reproduce, or a changed result."""
    try:
        game = replay(saved, source, trust=trust)
    except ReplayMismatchError as exc:
        return Verification(
            ok=False, moves=len(saved.log), finished=False, bad_move=exc.move, problem=str(exc)
        )
    finished = game.is_terminal()
    problem = result_problem(saved, game, source)
    if problem is not None:
        return Verification(
            ok=False, moves=len(saved.log), finished=finished, bad_move=len(saved.log),
            problem=problem,
        )  # fmt: skip
    return Verification(ok=True, moves=len(saved.log), finished=finished)


def result_problem(saved: SavedGame, game: Game, source: str = "<save>") -> str | None:
    """Why the result stored in ``saved`` does not belong to ``game`` (its replay), or
    None. A save without a result is fine: a game in progress, or one whose final
    scoring failed (see :func:`save_of`)."""
    if saved.result is None:
        return None
    if not game.is_terminal():
        return (
            f"{source}: the save records a final result, but the game is not "
            f"over after its {len(saved.log)} moves"
        )
    found = final_result(game)
    if found != saved.result:
        return f"{source}: the final result does not reproduce: " + _diff(saved.result, found)
    return None


def _diff(stored: dict[str, Any], found: dict[str, Any]) -> str:
    if stored.get("winners") != found.get("winners"):
        return f"stored winners {stored.get('winners')}, replayed winners {found['winners']}"
    old, new = stored.get("kingdoms") or [], found["kingdoms"]
    if len(old) != len(new):
        return f"stored {len(old)} kingdoms, replayed {len(new)}"
    for k, (a, b) in enumerate(zip(old, new, strict=True)):
        for key in ("grid", "score", "discarded", "players"):
            if not isinstance(a, dict) or a.get(key) != b[key]:
                shown = a.get(key) if isinstance(a, dict) else a
                return f"kingdom {k} {key}: stored {shown!r}, replayed {b[key]!r}"
    return "stored result differs from the replayed one"
