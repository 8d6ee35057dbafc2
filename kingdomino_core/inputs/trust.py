"""What may run code: the trust model of rulesets and saves (docs/trust.md).

A ruleset's ``plugin_files`` are Python files: loading them runs them. The rule:

- the plugin files listed in **the ruleset file you named** (``--ruleset
  ./mine.toml``, or a name found in ``KD_RULESET_PATH``) run: you chose that file;
- plugin files reached any other way (listed by a parent reached only through
  ``extends``, or stored in a saved game someone sent you) run only when allowed
  explicitly, file by file (``--allow-code FILE``) or all at once (``--trust``);
  otherwise loading stops with :class:`CodeNotAllowedError` naming every file;
- data files that a saved game's options name (``[options.origins] dominoes``) are
  read under the same permission as its plugin files: a save may come from anyone,
  and what it could read is anyone's guess;
- an upload (the web server) runs no code at all and reaches no file by path:
  :data:`UNTRUSTED`.

Embedding programs pass a :class:`Trust` to the loaders
(:func:`~kingdomino_core.rulesets.files.load_ruleset`,
:func:`~kingdomino_core.rulesets.files.load_ruleset_text`,
:func:`~kingdomino_core.saves.savegame.engine_for_save`); a :class:`Ruleset` built in code
is the program's own and is never checked.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from attrs import field, frozen

from ..errors import KingdominoError
from .files import resolved


def _paths(value: Iterable[Path | str]) -> frozenset[Path]:
    return frozenset(resolved(str(p)) for p in value)


@frozen(kw_only=True)
class Trust:
    """Which plugin files may run, and whether ruleset files may name other files."""

    #: The plugin files of the ruleset file the caller named run without asking.
    named_file: bool = True
    #: Plugin files allowed explicitly (compared after resolving symlinks and ``..``);
    #: also the data files a saved game names.
    files: frozenset[Path] = field(default=frozenset(), converter=_paths)
    #: Every plugin file runs (``--trust``).
    everything: bool = False
    #: Ruleset files may name files by path (``extends = "./parent.toml"``,
    #: ``plugin_files``, path options). False for uploads: only ruleset names.
    local_paths: bool = True

    def allows(self, path: Path, *, named: bool) -> bool:
        """May ``path`` run? ``named``: it is listed by the file the caller named."""
        if self.everything or (named and self.named_file):
            return True
        return resolved(str(path)) in self.files

    def reads(self, path: Path | str) -> bool:
        """May a saved game read the data file ``path`` (an option naming a file)?
        Only where it may name files at all, and only a file allowed like a plugin
        file stored in a save (``--allow-code FILE``, ``--trust``)."""
        return self.local_paths and self.allows(Path(path), named=False)


#: The default for rulesets: the named file's own plugin files run, nothing else.
DEFAULT = Trust()
#: For saved games: no plugin file runs unless allowed (a save is not a file you wrote).
SAVED_GAME = Trust(named_file=False)
#: For uploads and other input from strangers: no code, no file reached by path.
UNTRUSTED = Trust(named_file=False, local_paths=False)


class CodeNotAllowedError(KingdominoError):
    """Loading would run plugin files the caller did not allow. ``files`` lists them."""

    def __init__(
        self,
        what: str,
        files: Iterable[tuple[Path, str]],
        *,
        hint: str = "",
        reads: Iterable[tuple[Path, str]] = (),
    ) -> None:
        #: ``(file, why it was reached)`` pairs.
        self.files = tuple(files)
        #: ``(data file, why it was reached)`` pairs: files it would read (a save's
        #: file options), refused like code.
        self.reads = tuple(reads)
        #: What was being loaded, for the message (``"ruleset FILE"``).
        self.what = what
        parts = []
        if self.files:
            listed = "; ".join(f"{path} ({why})" for path, why in self.files)
            parts.append(f"would run code you did not allow: {listed}")
        if self.reads:
            listed = "; ".join(f"{path} ({why})" for path, why in self.reads)
            parts.append(f"would read files you did not allow: {listed}")
        flags = " ".join(f"--allow-code {path}" for path, _ in (*self.files, *self.reads))
        hint = hint or (
            f"read them, and if you trust them run again with {flags} (or --trust); "
            "see docs/trust.md"
        )
        super().__init__(f"{what} {' and '.join(parts)}; {hint}")
