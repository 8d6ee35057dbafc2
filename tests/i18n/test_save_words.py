"""``kd replay`` and ``kd play --resume`` of a save that cannot be used: the reason inside
``kd: error: {message}`` is translated, so a French player does not read English.
In the pseudo-language with each message's ``{fields}`` unmarked, only the data the
message quotes (file, key, value, ids, the JSON library's own reason) is left."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pseudo_support import PSEUDO, unmarked_words
from test_terminal_languages import kd_in_process

from kingdomino_cli.app import main
from kingdomino_core import default_catalogue, i18n
from kingdomino_core.inputs.limits import MAX_RULESET_BYTES, MAX_SAVE_BYTES
from kingdomino_core.saves.save_file import PlayerEntry, to_json
from kingdomino_core.saves.savegame import save_of
from kingdomino_core.testing import make_engine


def _good_save() -> dict[str, Any]:
    """A 2-player base game, its first moves played (lowest legal action each time)."""
    engine = make_engine("base", players=2)
    game = engine.new_game(seed=3)
    for _ in range(12):
        if game.is_chance():
            game.apply(game.clone().resolve_chance())
        else:
            game.apply(game.legal_actions()[0])
    players = [PlayerEntry(name=f"P{i + 1}", agent="greedy") for i in range(2)]
    data: dict[str, Any] = json.loads(to_json(save_of(game, players)))
    return data


def _with(change: Callable[[dict[str, Any]], object]) -> str:
    data = _good_save()
    change(data)
    return json.dumps(data)


def _set(key: str, value: object) -> Callable[[dict[str, Any]], object]:
    return lambda data: data.__setitem__(key, value)


def _log(n: int, entry: object) -> Callable[[dict[str, Any]], object]:
    return lambda data: data["log"].__setitem__(n, entry)


def _reorder(data: dict[str, Any]) -> None:
    data["log"][5], data["log"][4] = data["log"][4], data["log"][5]


_CODEC = "'utf-8' codec can't decode byte 0xff in position 12: invalid start byte"
_SAVE_KEYS = "format, version, engine, ruleset, players, seed, chance, plugins, log, result"
_KINDS = "claim, discard, draw_king, pass, place, reveal"
_PLUGINS = ", ".join(sorted(default_catalogue().names()))

# Saves kd refuses: (the file's text, the data its message quotes).
_SAVES: dict[str, tuple[Callable[[], str | bytes], tuple[str, ...]]] = {
    "truncated": (lambda: _with(lambda d: None)[:300], ("Expecting value",)),
    "not-json": (lambda: "hello\n", ("Expecting value",)),
    "not-an-object": (lambda: "[1, 2]\n", ("list",)),
    "other-format": (lambda: _with(_set("format", "chess")), ("chess", "kingdomino-save")),
    "version": (lambda: _with(_set("version", 99)), ()),
    "seed-type": (lambda: _with(_set("seed", "7")), ("seed",)),
    "players-type": (lambda: _with(_set("players", "P1")), ("players", "str")),
    "ruleset-type": (lambda: _with(_set("ruleset", 3)), ("ruleset", "int")),
    "unknown-key": (lambda: _with(_set("colour", 1)), ("colour", _SAVE_KEYS)),
    "bad-name": (lambda: _with(lambda d: d["players"][0].update(name="")), ("players",)),
    "chance": (lambda: _with(_set("chance", "dice")), ("dice", "seed", "scripted")),
    "not-utf8": (lambda: b'{"format": "\xff"}', (_CODEC,)),
    "oversized": (lambda: " " * (MAX_SAVE_BYTES + 1), ()),
    "too-deep": (lambda: "[" * 200_000 + "]" * 200_000, ()),
    "entry-not-object": (lambda: _with(_log(0, 5)), ()),
    "entry-kind-type": (lambda: _with(_log(0, {"kind": 5})), ()),
    "entry-kind-unknown": (lambda: _with(_log(0, {"kind": "fly"})), ("fly", _KINDS)),
    "entry-field": (
        lambda: _with(_log(0, {"kind": "reveal", "domino": "x"})),
        ("reveal", "domino"),
    ),
    "direction": (
        lambda: _with(_log(8, {"kind": "place", "domino": "12", "x": 1, "y": 0, "direction": "Q"})),
        ("place", "direction"),
    ),
    # an action's notation (Action.describe) is the log's, the same in every language
    "reorder": (lambda: _with(_reorder), ("king 2 takes 12", "king 2 drawn")),
    "illegal": (
        lambda: _with(_log(4, {"kind": "draw_king", "king": 9})),
        ("king 9 drawn", "king 2 drawn"),
    ),
    "result-too-early": (lambda: _with(_set("result", {"winners": [0]})), ()),
    "unknown-plugin": (
        lambda: _with(lambda d: d["ruleset"].update(plugins=["nope"])),
        ("nope", _PLUGINS),
    ),
}


def _leftover(text: str, data: tuple[str, ...]) -> list[str]:
    for quoted in sorted(data, key=len, reverse=True):
        text = text.replace(quoted, " ")
    text = re.sub(r"'[^'\n]{0,80}'", " ", text)  # a value quoted
    text = re.sub(r"\{[^\n]*\}", " ", text)  # an action quoted as JSON data
    keys = set(re.findall(r"(?<![\w])([a-z_]+)(?=\[\d+\]|\.|:)", text))
    return [w for w in unmarked_words(text, keys | {"kd", "play", "save"}) if not w.isupper()]


@pytest.mark.parametrize("command", ["replay", "resume"])
@pytest.mark.parametrize("case", sorted(_SAVES))
def test_save_errors_in_the_pseudo_language(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    open_fields_dir: Path,
    tmp_path: Path,
    case: str,
    command: str,
) -> None:
    """The one message about a save that cannot be replayed is translated around the
    data it quotes, by ``kd replay --verify`` and ``kd play --resume`` alike."""
    monkeypatch.setenv(i18n.LOCALE_PATH_VARIABLE, str(open_fields_dir))
    make, data = _SAVES[case]
    content = make()
    path = tmp_path / "game.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    args = (
        ["replay", "--verify", str(path)]
        if command == "replay"
        else ["play", "--resume", str(path)]
    )
    code, shown = kd_in_process(capsys, monkeypatch, "--lang", PSEUDO, *args)
    assert code in (4, 5), shown
    assert "⟦" in shown
    assert _leftover(shown, (str(path), str(tmp_path), *data)) == [], shown


# Data files a ruleset option names that cannot be read: (how to make it, data quoted).
_DATA_FILES: dict[str, Callable[[Path], None]] = {
    "directory": lambda path: path.mkdir(),
    "fifo": lambda path: os.mkfifo(path),
    "missing": lambda path: None,
    "not-utf8": lambda path: path.write_bytes(b"\xff\xfe\xff"),
    "oversized": lambda path: path.write_text(" " * (MAX_RULESET_BYTES * 20), encoding="utf-8"),
}


@pytest.mark.parametrize("case", sorted(_DATA_FILES))
def test_data_file_errors_in_the_pseudo_language(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    open_fields_dir: Path,
    tmp_path: Path,
    case: str,
) -> None:
    """``[options.origins] dominoes = "..."`` naming a file that is not one kd can read
    (a directory, a FIFO, missing, not text, too large): the reason is translated."""
    monkeypatch.setenv(i18n.LOCALE_PATH_VARIABLE, str(open_fields_dir))
    data_file = tmp_path / "dominoes.csv"
    _DATA_FILES[case](data_file)
    ruleset = tmp_path / "mine.toml"
    ruleset.write_text(
        '[ruleset]\nname = "mine"\nplugins = ["origins"]\n'
        '[options.origins]\ndominoes = "dominoes.csv"\n',
        encoding="utf-8",
    )
    args = ("ruleset", "validate", str(ruleset))
    code, shown = kd_in_process(capsys, monkeypatch, "--lang", PSEUDO, *args)
    assert code == 3, shown
    assert "⟦" in shown
    quoted = (str(ruleset), str(data_file), "options.origins.dominoes")
    assert _leftover(shown, quoted) == [], shown


# Rulesets the engine's own checks refuse (engine/validation.py): (body, data quoted).
_COMBINATIONS = {
    "conflict": ('plugins = ["base", "origins"]\n', ("origins", "base")),
    "requires": ('plugins = ["xl"]\n', ("xl", "base")),
    "inactive-options": ('plugins = ["base"]\n[options.xl]\nboxes = ["base"]\n', ("xl",)),
    "unknown-options": ('plugins = ["base"]\n[options.nosuch]\nx = 1\n', ("nosuch", _PLUGINS)),
}


@pytest.mark.parametrize("case", sorted(_COMBINATIONS))
def test_engine_ruleset_checks_in_the_pseudo_language(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    open_fields_dir: Path,
    tmp_path: Path,
    case: str,
) -> None:
    """An impossible plugin combination, a plugin needed and missing, options of a
    plugin that is not active: the engine's problems are translated around the ids."""
    monkeypatch.setenv(i18n.LOCALE_PATH_VARIABLE, str(open_fields_dir))
    body, data = _COMBINATIONS[case]
    ruleset = tmp_path / "mine.toml"
    ruleset.write_text(f'[ruleset]\nname = "mine"\n{body}', encoding="utf-8")
    args = ("ruleset", "validate", str(ruleset))
    code, shown = kd_in_process(capsys, monkeypatch, "--lang", PSEUDO, *args)
    assert code == 3, shown
    assert "⟦" in shown
    assert _leftover(shown, (str(ruleset), *data)) == [], shown


def test_replay_json_keeps_its_problem_in_english(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``kd replay --verify --json`` in French: the person reads the reason in French
    (stderr), the JSON a program reads holds it in English, as in every language."""
    path = tmp_path / "game.json"
    path.write_text(_with(_reorder), encoding="utf-8")
    args = ["replay", "--verify", "--json", str(path)]
    found = {}
    for lang in ("en", "fr", "zh-Hant"):
        capsys.readouterr()
        assert main(["--lang", lang, *args]) == 5  # ExitCode.REPLAY
        out = capsys.readouterr()
        found[lang] = (json.loads(out.out), out.err)
    assert found["fr"][0] == found["en"][0] == found["zh-Hant"][0]
    assert "does not reproduce" in found["en"][0]["problem"]
    assert found["fr"][1] != found["en"][1] and "kd : erreur" in found["fr"][1]
