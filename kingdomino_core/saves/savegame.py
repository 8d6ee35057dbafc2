"""Saved games: record a game into a save, replay and verify a game from its log.

A save *is* the game's log: every action, chance draws included, stored by value
(``serialize.action_to_dict``), with what is needed to rebuild the engine (the
resolved ruleset as a table, the players, the seed) and, for a finished game, its
final result. Replaying applies the logged actions to a new game of the same
ruleset and seed. ``Game.apply`` consumes one random number per chance step, so a
replayed game continues exactly like the uninterrupted one.

Agents whose numbers at each decision depend only on the game seed, the seat and the
move number (``kd``'s seats: ``kingdomino_play.decision_random``, which seeds with
:func:`decision_seed`) choose the same moves whether a game was played in one go or
saved and resumed, since nothing depends on how many numbers an agent drew before.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from attrs import frozen

from .. import __version__
from ..engine.engine import Engine
from ..engine.game import Game
from ..engine.words import seat_name
from ..errors import IllegalActionError, KingdominoError, ReplayError
from ..hooks.plugins import default_catalogue
from ..i18n import get_translation
from ..inputs.files import is_regular_file, path_options, path_problem, shown
from ..inputs.trust import SAVED_GAME, CodeNotAllowedError, Trust
from ..model.actions import Action
from .kingdom_text import format_kingdom
from .save_file import (
    CHANCE_SCRIPTED,
    CHANCE_SEED,
    FORMAT,
    VERSION,
    PlayerEntry,
    RulesetTable,
    SavedGame,
    SaveFormatError,
    parse_save,
    read_save,
    to_json,
    write_save,
)
from .serialize import action_from_dict, action_to_dict

_ = get_translation("kingdomino_core")

#: The save file's own names (``save_file``) are exported here too, as before.
__all__ = [
    "CHANCE_SCRIPTED",
    "CHANCE_SEED",
    "FORMAT",
    "VERSION",
    "PlayerEntry",
    "ReplayMismatchError",
    "RulesetTable",
    "SaveFormatError",
    "SavedGame",
    "Verification",
    "apply_logged",
    "decision_seed",
    "derive_seed",
    "engine_for_save",
    "final_result",
    "parse_save",
    "read_actions",
    "read_save",
    "replay",
    "result_problem",
    "save_of",
    "to_json",
    "verify",
    "write_save",
]


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
            _("a save needs one player entry per seat: {given} given, {seats} seats").format(
                given=len(players), seats=engine.config.players
            )
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


# -- replaying --------------------------------------------------------------------------


def engine_for_save(
    saved: SavedGame, source: str = "<save>", *, trust: Trust = SAVED_GAME
) -> Engine:
    """The engine of a saved game: its stored ruleset for its number of players.

    The save's ``plugin_files`` run, and the data files its options name are read,
    only if ``trust`` allows each one (by default none is: a save may come from
    anyone); otherwise :class:`~kingdomino_core.inputs.trust.CodeNotAllowedError`
    names them before any runs or is read. Under a ``trust`` that may name no file
    (``UNTRUSTED``) a file option is a :class:`SaveFormatError` that says nothing
    about the file.
    """
    for i, name in enumerate(saved.ruleset.plugin_files):
        problem = path_problem(name)
        if problem is not None:
            raise SaveFormatError(f"{source}: ruleset.plugin_files[{i}]: {problem}")
    refused = [
        (Path(p), _("stored in the saved game"))
        for p in saved.ruleset.plugin_files
        if not trust.allows(Path(p), named=False)
    ]
    reads = _refused_reads(saved, source, trust)
    if refused or reads:
        raise CodeNotAllowedError(
            _("the saved game {file}").format(file=source), refused, reads=reads
        )
    for i, name in enumerate(saved.ruleset.plugin_files):
        if not is_regular_file(name):  # allowed to run: the message may say what it is
            raise SaveFormatError(
                _(
                    "{file}: {key}: {name} is not a regular file "
                    "(missing, a directory, a device or a symlink loop)"
                ).format(file=source, key=f"ruleset.plugin_files[{i}]", name=shown(name))
            )
    try:
        return Engine(saved.ruleset.to_ruleset(source), len(saved.players))
    except KingdominoError as exc:
        raise SaveFormatError(
            _("{file}: the saved ruleset {name!r} cannot be built here: {problem}").format(
                file=source, name=saved.ruleset.name, problem=exc
            )
        ) from None


def _refused_reads(saved: SavedGame, source: str, trust: Trust) -> list[tuple[Path, str]]:
    """The data files the save's options name that ``trust`` does not let it read
    (options of installed plugins marked ``metadata={"path": True}``)."""
    catalogue = default_catalogue()
    out = []
    for plugin in saved.ruleset.plugins:
        raw = saved.ruleset.options.get(plugin)
        if not isinstance(raw, dict) or plugin not in catalogue.names():
            continue
        try:
            cls = catalogue.get(plugin).options_class
        except KingdominoError:
            continue  # reported when the engine is built
        for key, value in path_options(cls, raw) if cls is not None else ():
            where = f"options.{plugin}.{key}"
            if not trust.local_paths:
                raise SaveFormatError(
                    _("{file}: {key}: this saved game may not name files").format(
                        file=source, key=where
                    )
                )
            problem = path_problem(value)
            if problem is not None:
                raise SaveFormatError(f"{source}: {where}: {problem}")
            if not trust.reads(value):
                out.append((Path(value), _("{key} in the saved game").format(key=where)))
    return out


def read_actions(saved: SavedGame, engine: Engine, source: str = "<save>") -> list[Action]:
    """The logged actions as action objects; ``SaveFormatError`` names a bad entry."""
    out = []
    for n, data in enumerate(saved.log, start=1):
        try:
            out.append(action_from_dict(data, engine.registry))
        except ReplayError as exc:
            raise SaveFormatError(
                _("{file}: log entry {n}: {problem}").format(file=source, n=n, problem=exc)
            ) from None
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
    engine = engine or engine_for_save(saved, source, trust=trust)
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
            _("{file}: move {n} ({move}) comes after the end of the game").format(
                file=source, n=n, move=what
            ),
            move=n,
        )
    if check_chance and game.is_chance():
        expected = game.clone().resolve_chance()
        if expected != action:
            raise ReplayMismatchError(
                _(
                    "{file}: move {n} ({move}) does not reproduce: "
                    "seed {seed} gives {expected} here"
                ).format(
                    file=source,
                    n=n,
                    move=what,
                    seed=game.seed,
                    expected=repr(str(expected.describe())),
                ),
                move=n,
            )
    try:
        game.apply(action)
    except IllegalActionError as exc:
        raise ReplayMismatchError(
            _("{file}: move {n} ({move}) does not reproduce: illegal there: {problem}").format(
                file=source, n=n, move=what, problem=exc.message
            ),
            move=n,
        ) from None


def _describe(game: Game, action: Action) -> str:
    seat = game.current_seat
    who = _("chance") if seat is None or seat < 0 else seat_name(seat)
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
        return _(
            "{file}: the save records a final result, but the game is not over after its {n} moves"
        ).format(file=source, n=len(saved.log))
    found = final_result(game)
    if found != saved.result:
        return _("{file}: the final result does not reproduce: {difference}").format(
            file=source, difference=_diff(saved.result, found)
        )
    return None


def _diff(stored: dict[str, Any], found: dict[str, Any]) -> str:
    if stored.get("winners") != found.get("winners"):
        return _("stored winners {stored}, replayed winners {replayed}").format(
            stored=stored.get("winners"), replayed=found["winners"]
        )
    old, new = stored.get("kingdoms") or [], found["kingdoms"]
    if len(old) != len(new):
        return _("stored {stored} kingdoms, replayed {replayed}").format(
            stored=len(old), replayed=len(new)
        )
    for k, (a, b) in enumerate(zip(old, new, strict=True)):
        for key in ("grid", "score", "discarded", "players"):
            if not isinstance(a, dict) or a.get(key) != b[key]:
                shown = a.get(key) if isinstance(a, dict) else a
                return _("kingdom {k} {key}: stored {stored!r}, replayed {replayed!r}").format(
                    k=k, key=key, stored=shown, replayed=b[key]
                )
    return _("stored result differs from the replayed one")
