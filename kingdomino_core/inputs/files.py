"""Reading a file that an input names: the one door plugins read their data files by.

A ruleset option such as ``[options.origins] dominoes = "mine.csv"`` names a file. Such
a name may come from a ruleset you wrote, from a parent it extends, from a save someone
sent you or from an upload: reading it blindly would let ``/dev/zero`` fill memory, a
FIFO or ``/dev/stdin`` hang ``kd`` for ever, and the messages tell a stranger which
files exist on your machine. So:

- **what** may be named is decided by the loaders before any file is touched
  (docs/trust.md): a save's or upload's file options are refused unless trusted,
  with a message that says nothing about the file (:func:`path_options` finds them:
  plugins mark them ``metadata={"path": True}``);
- **how** a named file is read is :func:`read_data_file`'s: a regular file only
  (never a directory, device, FIFO or socket, which are refused without being
  read: opened non-blocking, checked with ``fstat``), at most a size limit, UTF-8
  text, a name the system can use (no NUL, no part over 255 characters). Every
  refusal is one :class:`DataFileError` naming the option and the file.

Ruleset files and saves are read by the same function (:func:`read_regular_file`).
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import attrs

from ..errors import RulesetError
from ..i18n import get_translation

#: Largest data file a plugin reads through :func:`read_data_file` (bytes): a domino
#: list of 48 lines is about 2 KB.
MAX_DATA_BYTES = 1_000_000
#: Longest part of a path (between two ``/``) the system accepts (``NAME_MAX``).
MAX_PATH_PART = 255
#: Longest path accepted (``PATH_MAX``).
MAX_PATH = 4096

_ = get_translation("kingdomino_core")
_l = _.lazy


class DataFileError(RulesetError):
    """A file an option names cannot be used; ``problems`` holds one line naming it.

    A :class:`~kingdomino_core.errors.RulesetError`, so the command line reports it
    like any other ruleset problem (exit status 3)."""


def path_problem(path: str) -> str | None:
    """Why ``path`` is not a file name the system can use (None: it may be).

    Checked before any system call, so a NUL byte or an overlong name gives one
    message instead of a ``ValueError`` or an ``ENAMETOOLONG`` from deep inside."""
    if not path.strip():
        return _("an empty file name")
    if "\0" in path:
        return _("a file name with a NUL byte")
    if len(path) > MAX_PATH or any(len(part) > MAX_PATH_PART for part in path.split("/")):
        return _("a file name with a part over {part} characters (or over {most} in all)").format(
            part=MAX_PATH_PART, most=MAX_PATH
        )
    try:
        path.encode("utf-8")
    except UnicodeEncodeError:
        return _("a file name that is not valid text")
    return None


def shown(path: str | os.PathLike[str]) -> str:
    """``path`` quoted for a message, shortened and with control characters escaped."""
    text = str(path)
    short = text[:120] + ("..." if len(text) > 120 else "")
    return repr(short.encode("utf-8", "backslashreplace").decode("utf-8"))


_REASONS = {
    errno.ENOENT: _l("no such file"),
    errno.ENOTDIR: _l("no such file"),
    errno.EACCES: _l("permission denied"),
    errno.EPERM: _l("permission denied"),
    errno.ELOOP: _l("too many levels of symbolic links"),
    errno.ENAMETOOLONG: _l("file name too long"),
    errno.EISDIR: _l("a directory, not a regular file"),
}


def read_regular_file(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of the regular file ``path``, if it has at most ``limit`` of them.

    Raises ``OSError`` with a short ``strerror`` ("no such file", "not a regular file
    (a FIFO)", "larger than N bytes") for anything else. A FIFO, device or socket is
    refused without blocking and without reading a byte."""
    problem = path_problem(os.fspath(path))
    if problem is not None:
        raise OSError(errno.EINVAL, problem)
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise OSError(
            exc.errno, str(_REASONS.get(exc.errno or 0, exc.strerror or _("cannot open")))
        ) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = file_kind_of(info.st_mode)
            raise OSError(errno.EINVAL, _("not a regular file ({kind})").format(kind=kind))
        if info.st_size > limit:
            raise OSError(errno.EFBIG, _too_large(limit))
        os.set_blocking(fd, True)
        chunks = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(fd)
    if size > limit:  # the file grew while being read
        raise OSError(errno.EFBIG, _too_large(limit))
    return b"".join(chunks)


def _too_large(limit: int) -> str:
    return _("larger than {limit} bytes (see docs/trust.md, Limits)").format(limit=limit)


def is_regular_file(path: str | os.PathLike[str]) -> bool:
    """True if ``path`` is (or links to) a regular file; False for anything else,
    a missing file, a symlink loop or a name the system refuses (never raises)."""
    if path_problem(os.fspath(path)) is not None:
        return False
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def file_kind_of(mode: int) -> str:
    """What a file that is not a regular file is, for a message (``"a FIFO"``)."""
    if stat.S_ISDIR(mode):
        return _("a directory")
    if stat.S_ISFIFO(mode):
        return _("a FIFO")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("a device")
    if stat.S_ISSOCK(mode):
        return _("a socket")
    return _("not a file")


def read_data_file(path: str | os.PathLike[str], *, key: str, limit: int = MAX_DATA_BYTES) -> str:
    """The text of the data file an option names: what plugins read their files with.

    ``key`` names the option in messages (``"options.origins.dominoes"``). The file must
    be a regular file (not a directory, device, FIFO or socket: those are refused
    without blocking), of at most ``limit`` bytes (:data:`MAX_DATA_BYTES`), in UTF-8
    (a byte order mark is dropped: spreadsheets write one). Anything else raises
    :class:`DataFileError` with one line: the option, the file and what is wrong.

    Mark the option ``metadata={"path": True}`` too: the loaders then resolve it
    relative to the ruleset file that sets it, and refuse it in saves and uploads
    that may not name files (docs/trust.md), before this function ever runs.
    """
    try:
        raw = read_regular_file(path, limit)
    except OSError as exc:
        reason = exc.strerror or exc
        raise DataFileError(
            [
                _("{key}: cannot read {file}: {reason}").format(
                    key=key, file=shown(path), reason=reason
                )
            ]
        ) from None
    try:
        return raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        raise DataFileError(
            [_("{key}: {file} is not UTF-8 text").format(key=key, file=shown(path))]
        ) from None


def path_options(options_class: type, raw: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    """``(field name, value)`` of each option of ``raw`` that names a file: the fields
    of ``options_class`` marked ``metadata={"path": True}``, set to a non-empty string."""
    if not attrs.has(options_class):
        return
    for f in attrs.fields(options_class):
        value = raw.get(f.name)
        if f.metadata.get("path") and isinstance(value, str) and value:
            yield f.name, value


def resolved(path: str) -> Path:
    """``path`` made absolute, symlinks and ``..`` resolved as far as they exist; a
    symlink loop or an unusable name gives the absolute path unresolved."""
    try:
        return Path(path).resolve()
    except (OSError, RuntimeError, ValueError):
        return Path(os.path.abspath(path))
