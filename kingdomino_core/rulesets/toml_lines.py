"""Where a key is defined in a TOML text: dotted key paths mapped to line numbers.

``tomllib`` gives values but no positions, and error messages must say
``file:line``. This scanner reads the text line by line, following tables
(``[a.b]``, ``[[a]]``), dotted and quoted keys, multi-line arrays and strings, and
records the line of each key and of each element of an array. It only runs on text
that ``tomllib`` has already accepted, so it need not report syntax errors itself.
"""

from __future__ import annotations

import tomllib

Path = tuple[str | int, ...]

#: The characters of a bare TOML key.
_BARE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")


def _bare_end(text: str, pos: int) -> int:
    """The position after the bare key starting at ``pos`` (``pos``: none there)."""
    n = len(text)
    while pos < n and text[pos] in _BARE:
        pos += 1
    return pos


def _parse_key(text: str, pos: int) -> tuple[list[str], int]:
    """Parse a dotted key starting at ``pos``; return its parts and the position after."""
    parts: list[str] = []
    n = len(text)
    while True:
        while pos < n and text[pos] in " \t":
            pos += 1
        if pos < n and text[pos] in "\"'":
            quote = text[pos]
            end = pos + 1
            while end < n and text[end] != quote:
                end += 2 if quote == '"' and text[end] == "\\" else 1
            raw = text[pos : end + 1]
            try:
                parts.append(str(tomllib.loads(f"k = {raw}")["k"]))
            except tomllib.TOMLDecodeError:
                parts.append(raw.strip(quote))
            pos = end + 1
        else:
            end = _bare_end(text, pos)
            if end == pos:
                return parts, pos
            parts.append(text[pos:end])
            pos = end
        while pos < n and text[pos] in " \t":
            pos += 1
        if pos < n and text[pos] == ".":
            pos += 1
            continue
        return parts, pos


class KeyLines:
    """The line (1-based) where each key path of a TOML text is defined.

    Paths are tuples of keys; array elements add their index (an ``int``).
    """

    def __init__(self, text: str) -> None:
        self.lines: dict[Path, int] = {}
        self._scan(text.splitlines())

    def line(self, path: Path) -> int | None:
        """The line of ``path``, or of its longest prefix defined here (None: not here)."""
        path = tuple(path)
        while path:
            found = self.lines.get(path)
            if found is not None:
                return found
            path = path[:-1]
        return None

    def has(self, path: Path) -> bool:
        return tuple(path) in self.lines

    # -- scanning ------------------------------------------------------------------

    def _scan(self, lines: list[str]) -> None:
        table: tuple[str, ...] = ()
        arrays: dict[tuple[str, ...], int] = {}
        # State of a value that spans lines.
        self._stack: list[str] = []
        self._string: str | None = None
        self._value: Path | None = None
        self._index = 0
        self._expect = False
        for lineno, line in enumerate(lines, start=1):
            if self._stack or self._string:
                self._scan_value(line, 0, lineno)
                continue
            stripped = line.strip()
            if not stripped or stripped.startswith("#"):
                continue
            start = len(line) - len(line.lstrip())
            if stripped.startswith("[["):
                parts, _ = _parse_key(line, start + 2)
                key = tuple(parts)
                index = arrays.get(key, -1) + 1
                arrays[key] = index
                table = (*key, str(index))
                self.lines.setdefault(key, lineno)
                self.lines[table] = lineno
                continue
            if stripped.startswith("["):
                parts, _ = _parse_key(line, start + 1)
                table = tuple(parts)
                for i in range(1, len(table)):
                    self.lines.setdefault(table[:i], lineno)
                self.lines[table] = lineno
                continue
            parts, pos = _parse_key(line, start)
            if not parts:
                continue
            path = (*table, *parts)
            for i in range(len(table) + 1, len(path) + 1):
                self.lines.setdefault(path[:i], lineno)
            self.lines[path] = lineno
            eq = line.find("=", pos)
            if eq >= 0:
                self._value = path
                self._index = 0
                self._expect = False
                self._scan_value(line, eq + 1, lineno)

    def _scan_value(self, line: str, i: int, lineno: int) -> None:
        """Follow brackets and strings; record the line of each top-level array element."""
        n = len(line)
        while i < n:
            c = line[i]
            if self._string:
                s = self._string
                if s in ('"', '"""') and c == "\\":
                    i += 2
                    continue
                if line.startswith(s, i):
                    self._string = None
                    i += len(s)
                    continue
                i += 1
                continue
            if c == "#":
                break
            if c in " \t\r":
                i += 1
                continue
            in_array = self._stack == ["["]
            if in_array and self._expect and c not in ",]":
                self._element(lineno)
            if line.startswith('"""', i) or line.startswith("'''", i):
                self._string = line[i : i + 3]
                i += 3
                continue
            if c in "\"'":
                self._string = c
            elif c in "[{":
                self._stack.append(c)
                if self._stack == ["["]:
                    self._expect = True
            elif c in "]}":
                if self._stack:
                    self._stack.pop()
            elif c == "," and in_array:
                self._expect = True
            i += 1
        if self._string in ('"', "'"):
            self._string = None  # single-line strings end with their line

    def _element(self, lineno: int) -> None:
        if self._value is not None:
            self.lines[(*self._value, self._index)] = lineno
        self._index += 1
        self._expect = False
