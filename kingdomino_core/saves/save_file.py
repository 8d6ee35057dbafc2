"""The save file: what a saved game holds (``SavedGame``) and its JSON on disk.

Written atomically (a crash never loses the previous save), read strictly (a
corrupt or foreign file gives one message naming the file and the problem, never a
traceback), within the size limits of ``inputs.limits``. Recording a game into a
``SavedGame`` and replaying it are ``saves.savegame``'s.
"""

from __future__ import annotations

import contextlib
import errno
import glob
import json
import os
import stat
import tempfile
from pathlib import Path
from typing import Any

from attrs import field, frozen

from ..errors import ReplayError
from ..i18n import get_translation
from ..inputs.files import file_kind_of, path_problem, read_regular_file
from ..inputs.limits import MAX_SAVE_BYTES, InputLimitError, loads_json
from ..inputs.names import name_problem, shown_name
from ..inputs.strict import dotted, strict_converter
from ..inputs.strict import problems as structure_problems
from ..model.ruleset import Ruleset

FORMAT = "kingdomino-save"
VERSION = 1
#: Longest player name a save may hold (new seats: ``inputs.names.MAX_PLAYER_NAME``;
#: saves written before that limit may hold longer ones).
MAX_SAVED_NAME = 1000
#: Chance outcomes follow the game's seed (``verify`` checks every draw).
CHANCE_SEED = "seed"
#: Chance outcomes were scripted or recorded at a real table (not checked).
CHANCE_SCRIPTED = "scripted"

_ = get_translation("kingdomino_core")


class SaveFormatError(ReplayError):
    """A save file cannot be read: missing, not JSON, another format, bad fields."""


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
    #: ``savegame.final_result`` of a finished game, None while it is in progress.
    result: dict[str, Any] | None = None

    @property
    def finished(self) -> bool:
        """True when the saved game is over (it has a result)."""
        return self.result is not None


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


def save_target(path: str | os.PathLike[str]) -> Path:
    """The file :func:`write_save` replaces for ``path``: ``path`` itself, or the file a
    symbolic link at ``path`` points to (written through, the link kept: docs/playing.md).

    Raises ``OSError`` (``strerror`` says why) for anything but a regular file or a
    new name in an existing directory: a directory, FIFO, device or socket is never
    replaced by a regular file, nor is a symlink to one, or a symlink loop."""
    name = os.fspath(path)
    problem = path_problem(name)
    if problem is not None:
        raise OSError(errno.EINVAL, problem)
    target = Path(os.path.realpath(name)) if os.path.islink(name) else Path(name)
    try:
        info = os.stat(target)
    except FileNotFoundError:
        if os.path.islink(target):  # realpath stopped at a loop
            raise OSError(errno.ELOOP, _("a symbolic link loop")) from None
        if not (target.parent if str(target.parent) else Path(".")).is_dir():
            raise OSError(
                errno.ENOENT, _("no directory {name!r}").format(name=str(target.parent))
            ) from None
        return target
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror or str(exc)) from None
    if not stat.S_ISREG(info.st_mode):
        kind = file_kind_of(info.st_mode)
        raise OSError(errno.EINVAL, _("not a regular file ({kind})").format(kind=kind))
    return target


def write_save(path: str | os.PathLike[str], saved: SavedGame) -> None:
    """Write atomically (temporary file, then rename), so a crash keeps the old save.

    A symbolic link is written through (the file it points to is replaced, the link
    stays); a directory, FIFO, device or socket is refused (``OSError``), never
    replaced: :func:`save_target`."""
    target = save_target(path)
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
            _(
                "{file}: larger than {limit} bytes: not a saved game (see docs/trust.md, Limits)"
            ).format(file=source, limit=MAX_SAVE_BYTES)
        )
    try:
        data = loads_json(text.removeprefix("\ufeff"))
    except InputLimitError as exc:
        raise SaveFormatError(
            _("{file}: {problem} (see docs/trust.md, Limits)").format(file=source, problem=exc)
        ) from None
    except json.JSONDecodeError as exc:
        raise SaveFormatError(
            _(
                "{file}:{line}:{column}: not valid JSON ({reason}); "
                "expected a game saved by 'kd play --save'"
            ).format(file=source, line=exc.lineno, column=exc.colno, reason=exc.msg)
        ) from None
    if not isinstance(data, dict):
        raise SaveFormatError(
            _(
                "{file}: expected a JSON object (a game saved by 'kd play --save'), found {type}"
            ).format(file=source, type=type(data).__name__)
        )
    fmt = data.get("format")
    if fmt != FORMAT:
        raise SaveFormatError(
            _("{file}: format is {found!r}, expected {format!r}: not a saved game").format(
                file=source, found=fmt, format=FORMAT
            )
        )
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or not 1 <= version <= VERSION:
        raise SaveFormatError(
            _(
                "{file}: save format version {version!r} is not supported; "
                "this kd reads versions 1 to {latest}"
            ).format(file=source, version=version, latest=VERSION)
        )
    problems = _type_problems(data)
    if problems:
        raise SaveFormatError(f"{source}: {'; '.join(problems)}")
    try:
        saved = _converter.structure(data, SavedGame)
    except Exception as exc:
        found = "; ".join(f"{dotted(path)}: {message}" for path, message in structure_problems(exc))
        raise SaveFormatError(f"{source}: {found or exc}") from None
    for i, player in enumerate(saved.players):
        problem = name_problem(player.name, longest=MAX_SAVED_NAME)
        if problem is not None:
            raise SaveFormatError(
                f"{source}: players[{i}].name: {shown_name(player.name)}: {problem}"
            )  # the file, key and name are data; the problem is translated
    if saved.chance not in (CHANCE_SEED, CHANCE_SCRIPTED):
        raise SaveFormatError(
            _("{file}: chance is {found!r}, expected {seed!r} or {scripted!r}").format(
                file=source, found=saved.chance, seed=CHANCE_SEED, scripted=CHANCE_SCRIPTED
            )
        )
    return saved


def _type_problems(data: dict[str, Any]) -> list[str]:
    """Strict checks cattrs would coerce silently (a seed "7" or players given as a string)."""
    out = []
    seed = data.get("seed")
    if "seed" in data and (not isinstance(seed, int) or isinstance(seed, bool)):
        out.append(_("{key}: expected an integer, found {value!r}").format(key="seed", value=seed))
    for key in ("players", "log"):
        if key in data and not isinstance(data[key], list):
            found = type(data[key]).__name__
            out.append(_("{key}: expected a list, found {type}").format(key=key, type=found))
    if "ruleset" in data and not isinstance(data["ruleset"], dict):
        found = type(data["ruleset"]).__name__
        out.append(_("{key}: expected an object, found {type}").format(key="ruleset", type=found))
    return out


def read_save(path: str | os.PathLike[str]) -> SavedGame:
    """Read a save file; raise ``SaveFormatError`` (file, problem, expectation) on failure.

    Only a regular file of at most ``MAX_SAVE_BYTES`` is read (a FIFO or a device is
    refused without blocking: ``inputs.files.read_regular_file``)."""
    try:
        raw = read_regular_file(path, MAX_SAVE_BYTES)
        text = raw.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise SaveFormatError(
            _("{file}: cannot read the saved game: {reason}").format(file=path, reason=reason)
        ) from None
    return parse_save(text, str(path))
