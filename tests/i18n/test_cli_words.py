"""Every word ``kd`` prints besides a game: its errors and hints, click's and typer's
words (help screens, usage errors), the ruleset and plugin lists, ``kd score``'s sheet,
the shipped plugins' ruleset problems. In the pseudo-language only data is unmarked;
in French and Chinese the columns stay aligned; the JSON stays English."""

from __future__ import annotations

import gettext
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import typer.core
import typer.main
import typer.rich_utils
from babel.messages.extract import extract_from_file
from pseudo_support import PSEUDO, unmarked_words
from rich.cells import cell_len
from test_terminal_languages import kd_in_process

from kingdomino_cli.app import app
from kingdomino_cli.cmd_score import format_sheet, score_kingdom
from kingdomino_core import default_catalogue, i18n
from kingdomino_core.saves.kingdom_text import parse_kingdom
from kingdomino_core.testing import catalogs, make_engine


def _command_paths() -> list[list[str]]:
    """Every command and sub-command of ``kd`` (``[]`` is ``kd`` itself)."""
    paths: list[list[str]] = []

    def walk(command: object, path: list[str]) -> None:
        paths.append(path)
        for name, sub in sorted(getattr(command, "commands", {}).items()):
            walk(sub, [*path, name])

    walk(typer.main.get_command(app), [])
    return paths


def _leftover(text: str, data: tuple[str, ...] = ()) -> list[str]:
    """The unmarked words of ``text`` once the data it quotes is taken out: the values
    given (``data``), option names (``--seed``), values in quotes (``'x'``), metavars
    (``INTEGER``) and kd's command words."""
    for quoted in data:
        text = text.replace(quoted, " ")
    text = re.sub(r"'[^'\n]{0,40}'", " ", text)
    text = re.sub(r"⟦\[default: ⟧[^⟦\n]*⟦\]⟧", " ", text)  # an option's default value
    options = set(re.findall(r"(?<![\w])--?([A-Za-z][\w-]*)", text))
    allowed = options | {word for option in options for word in option.split("-")}
    found = unmarked_words(text, allowed | _COMMANDS)
    return [w for w in found if not w.isupper()]


# The command words themselves, typed by the user and shown as typed.
_COMMANDS = {"play", "replay", "score", "simulate", "tournament", "new", "plugin", "serve"}
_COMMANDS |= {"ruleset", "plugins", "list", "show", "validate", "kd", "file", "name", "new-plugin"}
# The value types typer writes as metavars (<int>, <path>), as click writes INTEGER.
_COMMANDS |= {"str", "int", "float", "path", "range", "text", "choice", "boolean"}


@pytest.mark.parametrize("path", _command_paths(), ids=lambda p: " ".join(p) or "kd")
def test_every_help_screen_in_the_pseudo_language(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    open_fields_dir: Path,
    path: list[str],
) -> None:
    """Every command's help: ours and click's and typer's words (``Usage:``, the help
    option, the panels' titles) all translated; only option names, metavars and
    command names are left."""
    monkeypatch.setenv(i18n.LOCALE_PATH_VARIABLE, str(open_fields_dir))
    monkeypatch.setenv("COLUMNS", "120")
    code, text = kd_in_process(capsys, monkeypatch, "--lang", PSEUDO, *path, "--help")
    assert code == 0, text
    # the program name is the test runner's in-process (kd in a real process)
    runner = {"python", "pytest", "m", "app", "kingdomino_cli"}
    assert [w for w in _leftover(text) if w not in _COMMANDS | runner] == []


def _ruleset(tmp_path: Path, name: str, body: str) -> str:
    path = tmp_path / f"{name}.toml"
    path.write_text(f'[ruleset]\nname = "{name}"\n{body}', encoding="utf-8")
    return str(path)


# kd's own refusals, one per kind: (arguments, the data they quote).
_ERRORS = {
    "no-such-option": (["play", "--bogus"], ()),
    "not-an-integer": (["play", "--seed", "x"], ()),
    "needs-a-value": (["play", "--seed"], ()),
    "extra-argument": (["play", "extra"], ("extra",)),
    "no-such-command": (["nosuch"], ("nosuch",)),
    "missing-argument": (["score"], ()),
    "seed-range": (["play", "--seed", "-1"], ()),
    "empty-player": (["play", "-p", "greedy,,random"], ("greedy,,random", "greedy,random")),
    "names-count": (["play", "-p", "greedy,random", "--names", "Ann"], ("Ann",)),
    "human-in-simulate": (["simulate", "-n", "1", "-p", "human,greedy"], ("human", "greedy")),
    "defaults-alone": (["ruleset", "show", "base", "--defaults"], ()),
    "game-count": (["simulate", "-n", "0"], ()),
    "too-many-games": (["simulate", "-n", "2000000"], ()),
    "workers": (["simulate", "--workers", "0"], ()),
    "backend": (["simulate", "--backend", "carrier-pigeon"], ("carrier-pigeon", "local", "ray")),
    "engine": (["simulate", "--engine", "warp"], ("warp", "auto", "python", "fast")),
    "address": (["simulate", "--address", "x:1"], ()),
    "one-entrant": (["tournament", "--agents", "greedy"], ()),
    "entrant-twice": (["tournament", "--agents", "greedy,greedy"], ()),
    "plugin-name": (["new-plugin", "Bad Name"], ("Bad Name", "lakes-double", "lakes_double")),
    "plugin-keyword": (["new-plugin", "class"], ("class",)),
    "plugin-taken": (["new-plugin", "base"], ("base", "kingdomino")),
}


@pytest.mark.parametrize("case", sorted(_ERRORS))
def test_kds_refusals_in_the_pseudo_language(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    open_fields_dir: Path,
    case: str,
) -> None:
    """Each refusal of kd (usage errors, its own checks of options and names) and its
    hint are translated, click's usage errors too; only the data quoted is not."""
    monkeypatch.setenv(i18n.LOCALE_PATH_VARIABLE, str(open_fields_dir))
    args, data = _ERRORS[case]
    code, text = kd_in_process(capsys, monkeypatch, "--lang", PSEUDO, *args)
    assert code != 0, text
    assert "⟦" in text
    assert _leftover(text, data) == []


@pytest.mark.parametrize(
    ("name", "body", "data"),
    [
        (
            "dynasty-500",
            'plugins = ["base"]\n[options.base]\ndynasty = true\ndynasty_games = 500\n',
            ("options.base.dynasty_games",),
        ),
        (
            "frame-4",
            'plugins = ["base"]\n[options.base]\nmiddle_kingdom_frame = 4\n',
            ("options.base.middle_kingdom_frame",),
        ),
        (
            "teams-of-three",
            'plugins = ["base", "teamdomino"]\nplayers = 6\n'
            "[options.teamdomino]\nteams = [[0, 1, 2], [3, 4], [5, 5]]\n",
            ("options.teamdomino.teams",),
        ),
        (
            "one-box",
            'plugins = ["base", "xl"]\n[options.xl]\nboxes = ["base"]\n',
            ("options.xl.boxes", '["base", "base"]', "['base']", "base"),
        ),
    ],
)
def test_plugins_ruleset_problems_in_the_pseudo_language(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    open_fields_dir: Path,
    tmp_path: Path,
    name: str,
    body: str,
    data: tuple[str, ...],
) -> None:
    """``kd ruleset validate``: each problem a shipped plugin's ``kd_validate`` finds,
    and the count under them, are translated; the file, line and key are data."""
    monkeypatch.setenv(i18n.LOCALE_PATH_VARIABLE, str(open_fields_dir))
    path = _ruleset(tmp_path, name, body)
    code, text = kd_in_process(capsys, monkeypatch, "--lang", PSEUDO, "ruleset", "validate", path)
    assert code == 3, text
    assert "⟦" in text
    assert _leftover(text, (path, *data)) == []


# Ruleset files the loader refuses: (file's text, data quoted besides keys and file).
_BROKEN_RULESETS = {
    # tomllib's and the codec's own reasons are quoted as they give them (in English)
    "syntax": ('[ruleset\nname = "x"\n', ("Expected ']' at the end of a table declaration",)),
    "unknown-key": (
        '[ruleset]\nname = "x"\nplugins = ["base"]\nnmae = "y"\n',
        ("nmae", "name, description, extends, plugins, plugin_files, players"),
    ),
    "wrong-type": ('[ruleset]\nname = "x"\nplugins = ["base"]\nplayers = "four"\n', ()),
    "option-type": (
        '[ruleset]\nname = "x"\nplugins = ["base"]\n[options.base]\nharmony = "yes"\n',
        (),
    ),
    "unknown-plugin": ('[ruleset]\nname = "x"\nplugins = ["base", "nope"]\n', ("nope",)),
    "no-plugins": ('[ruleset]\nname = "x"\nplugins = []\n', ()),
    "extends-missing": ('[ruleset]\nname = "x"\nextends = "./gone.toml"\n', ("gone.toml",)),
    "extends-tilde": ('[ruleset]\nname = "x"\nextends = "~/x.toml"\n', ("~/x.toml",)),
    "not-utf8": (b"[ruleset]\nname = '\xff'\n", ("invalid start byte",)),
}


@pytest.mark.parametrize("case", sorted(_BROKEN_RULESETS))
def test_ruleset_file_errors_in_the_pseudo_language(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    open_fields_dir: Path,
    tmp_path: Path,
    case: str,
) -> None:
    """``kd ruleset validate`` of a broken file: the loader's words are translated; the
    file, line, key path, the value and the ids it quotes are data."""
    monkeypatch.setenv(i18n.LOCALE_PATH_VARIABLE, str(open_fields_dir))
    text, data = _BROKEN_RULESETS[case]
    path = tmp_path / "broken.toml"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    code, shown = kd_in_process(
        capsys, monkeypatch, "--lang", PSEUDO, "ruleset", "validate", str(path)
    )
    assert code == 3, shown
    assert "⟦" in shown
    keys = tuple(
        sorted(
            set(re.findall(r"(?:ruleset|options)(?:\.[\w-]+|\[\d+\])+", shown)),
            key=len,
            reverse=True,
        )
    )
    types = ("int | None", "bool")  # the option's Python type, as its class declares it
    assert _leftover(shown, (str(path), str(tmp_path), *keys, *data, *types, *_PLUGIN_NAMES)) == []


def test_the_ruleset_and_plugin_lists_in_the_pseudo_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, open_fields_dir: Path
) -> None:
    """``kd ruleset list``: headings, shipped descriptions and sources translated;
    ``kd plugins list``: sources and labels (names, origins and hooks are ids)."""
    monkeypatch.setenv(i18n.LOCALE_PATH_VARIABLE, str(open_fields_dir))
    monkeypatch.delenv("KD_RULESET_PATH", raising=False)
    monkeypatch.setenv("COLUMNS", "200")
    code, text = kd_in_process(capsys, monkeypatch, "--lang", PSEUDO, "ruleset", "list")
    assert code == 0, text
    names = {part for line in text.splitlines()[1:] for part in line.split()[:1]}
    assert _leftover(text, tuple(sorted(names, key=len, reverse=True))) == []
    code, text = kd_in_process(capsys, monkeypatch, "--lang", PSEUDO, "plugins", "list")
    assert code == 0, text
    ids = set()
    for line in text.splitlines():
        if not line.startswith(" "):
            ids.add(line.split()[0])  # the plugin's name
        elif "⟦hooks" in line:
            ids.update(h.strip(",⟧") for h in line.split(":", 1)[1].split())
    ids.update(("kingdomino", "base", "quests"))  # origins and requirements
    assert _leftover(text, tuple(sorted(ids, key=len, reverse=True))) == []


def test_kd_score_in_the_pseudo_language(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    open_fields_dir: Path,
    tmp_path: Path,
) -> None:
    """The sheet's headings, bonus lines, total and summary line are translated."""
    monkeypatch.setenv(i18n.LOCALE_PATH_VARIABLE, str(open_fields_dir))
    kingdom = tmp_path / "k.txt"
    kingdom.write_text("W1 F0 C L0 L0\n", encoding="utf-8")
    args = ("score", str(kingdom), "-r", "classic-bonuses")
    code, text = kd_in_process(capsys, monkeypatch, "--lang", PSEUDO, *args)
    assert code == 0, text
    assert _leftover(text, (str(kingdom), "classic-bonuses")) == []


# The names of the installed plugins (ids, listed when one is unknown).
_PLUGIN_NAMES = tuple(sorted(default_catalogue().names(), key=len, reverse=True))

# The annotations of the Court's kingdom files (ids, listed when one is unknown).
_COURT_NOTES = tuple(sorted(make_engine("court").registry.annotations, key=len, reverse=True))

# Kingdom files kd score refuses, one per kind of mistake: (ruleset, text, data quoted).
_KINGDOMS = {
    "ragged": ("base", "C W1\nW1 W1 W1\n", ()),
    "too-many-rows": ("base", "C W1\n" + "W1 W1\n" * 10, ()),
    "too-wide": ("base", "C " + "W1 " * 50 + "\n", ()),
    "empty": ("base", "# nothing\n", ()),
    "two-castles": ("base", "C C\n", ()),
    "no-castle": ("base", "W1 W1\n", ()),
    "unknown-square": ("base", "C Q1\n", ("Q1",)),
    "crowns": ("base", "C W9\n", ("W9",)),
    "connected": ("base", "C . W1\n", ("W1",)),
    "no-annotations": ("base", "C W1+x\n", ("W1+x",)),
    "unknown-annotation": ("court", "C W1+nope\n", ("W1+nope", "nope", *_COURT_NOTES)),
    "annotation-on-castle": ("age-of-giants", "C W1+quest=1\n", ("W1+quest=1", "quest")),
    "too-large": ("base", "C W1\n" + "#" * 100_001 + "\n", ()),
}


@pytest.mark.parametrize("case", sorted(_KINGDOMS))
def test_kingdom_file_errors_in_the_pseudo_language(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    open_fields_dir: Path,
    tmp_path: Path,
    case: str,
) -> None:
    """``kd score`` of a malformed kingdom: the one located error is translated; the
    file, line, column and the square quoted are data."""
    monkeypatch.setenv(i18n.LOCALE_PATH_VARIABLE, str(open_fields_dir))
    ruleset, text, data = _KINGDOMS[case]
    kingdom = tmp_path / "k.txt"
    kingdom.write_text(text, encoding="utf-8")
    args = ("score", str(kingdom), "-r", ruleset)
    code, shown = kd_in_process(capsys, monkeypatch, "--lang", PSEUDO, *args)
    assert code == 4, shown
    assert "⟦" in shown
    assert _leftover(shown, (str(kingdom), *data)) == []


@pytest.mark.parametrize(
    ("args", "data"),
    [
        (["play", "-r", "nosuch"], ("nosuch",)),
        (["play", "-r", ""], ()),
        (["play", "-r", "./missing.toml"], ("./missing.toml",)),
        (["play", "-r", "/"], ()),
    ],
)
def test_ruleset_lookup_errors_in_the_pseudo_language(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    open_fields_dir: Path,
    args: list[str],
    data: tuple[str, ...],
) -> None:
    """A ruleset name or path that finds no ruleset: translated around the name, the
    folders searched and the rulesets known."""
    monkeypatch.setenv(i18n.LOCALE_PATH_VARIABLE, str(open_fields_dir))
    monkeypatch.delenv("KD_RULESET_PATH", raising=False)
    code, shown = kd_in_process(capsys, monkeypatch, "--lang", PSEUDO, *args)
    assert code == 3, shown
    known = tuple(
        sorted(
            (p.stem for p in Path(i18n.__file__).parents[1].glob("rulesets/*.toml")),
            key=len,
            reverse=True,
        )
    )
    folder = str(Path(i18n.__file__).parents[1] / "rulesets")
    assert _leftover(shown, (folder, *data, *known)) == []


def _sheet_lines(language: str, ruleset: str, text: str) -> list[str]:
    engine = make_engine(ruleset)
    sheet = score_kingdom(engine, parse_kingdom(text, engine, source="k", connected=True))
    with i18n.use_language(language):
        return format_sheet(sheet, engine.registry.icon_words[1])


@pytest.mark.parametrize("language", ["en", "fr", "zh_Hant"])
def test_the_score_sheet_columns_line_up_in_every_language(language: str) -> None:
    """Rendered in a fixed-width font, every row of the sheet ends in the same column and
    each number ends under the end of its column's heading, Chinese characters taking
    two columns."""
    lines = _sheet_lines(language, "classic-bonuses", "W1 F0 C L0 L0\nW2 . . . .\n")
    table = lines[:-1]  # the summary line under the total is a sentence
    assert len({cell_len(line) for line in table}) == 1, "\n".join(table)
    heading = _column_ends(table[0])[-3:]
    properties = [line for line in table[1:] if "," in line]  # "wheat at -2,0"
    assert len(properties) == 3
    for line in properties:
        assert _column_ends(line)[-3:] == heading, "\n".join(table)
    if language == "zh_Hant":
        assert "麥田" in "\n".join(lines) and "中央王國" in "\n".join(lines)


def _column_ends(line: str) -> list[int]:
    """The display columns where each run of non-spaces ends."""
    ends, width, inside = [], 0, False
    for char in line:
        if char == " " and inside:
            ends.append(width)
        inside = char != " "
        width += cell_len(char)
    if inside:
        ends.append(width)
    return ends


def test_ruleset_descriptions_are_translated_shown_and_english_in_json(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    """A shipped ruleset's description is shown in the player's language; a ruleset of
    one's own is shown as written; ``--json`` is the same in every language."""
    own = tmp_path / "family.toml"
    own.write_text(
        '[ruleset]\nname = "family"\ndescription = "Notre règle de famille"\nplugins = ["base"]\n',
        encoding="utf-8",
    )
    monkeypatch.setenv("KD_RULESET_PATH", str(tmp_path))
    monkeypatch.setenv("COLUMNS", "200")
    _, chinese = kd_in_process(capsys, monkeypatch, "--lang", "zh-Hant", "ruleset", "list")
    assert "巨人時代：巨人、腳印與 2 個任務" in chinese
    assert "Notre règle de famille" in chinese
    assert "Age of Giants:" not in chinese
    _, french = kd_in_process(capsys, monkeypatch, "--lang", "fr", "ruleset", "list")
    assert "Kingdomino : 2 à 4 joueurs, royaumes de 5x5" in french
    outputs = set()
    for tag in ("en", "fr", "zh-Hant"):
        code, out = kd_in_process(capsys, monkeypatch, "--lang", tag, "ruleset", "list", "--json")
        assert code == 0
        outputs.add(out)
    (english,) = outputs
    rows = {row["name"]: row for row in json.loads(english)["rulesets"]}
    assert rows["base"]["description"] == "Kingdomino: 2-4 players, 5x5 kingdoms"
    assert rows["base"]["source"] == "shipped"


def test_a_ruleset_authors_description_translated_by_its_own_catalog(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    """The documented way: the catalog tool extracts a folder's ruleset descriptions into
    a ``kingdomino_rulesets`` catalog, the author translates it, ``KD_LOCALE_PATH``
    points at it and ``kd ruleset list`` shows the translation."""
    folder = tmp_path / "my-rulesets"
    folder.mkdir()
    (folder / "family.toml").write_text(
        '[ruleset]\nname = "family"\ndescription = "Our family rules"\nplugins = ["base"]\n',
        encoding="utf-8",
    )
    assert catalogs.main(["update", "--domain", "kingdomino_rulesets", str(folder)]) == 1
    po = folder / "locales" / "fr" / "LC_MESSAGES" / "kingdomino_rulesets.po"
    text = po.read_text(encoding="utf-8")
    assert 'msgid "Our family rules"' in text
    po.write_text(
        text.replace(
            'msgid "Our family rules"\nmsgstr ""', 'msgid "Our family rules"\nmsgstr "Nos règles"'
        ),
        encoding="utf-8",
    )
    assert catalogs.main(["update", str(folder)]) == 1  # zh_Hant is still to translate
    monkeypatch.setenv("KD_RULESET_PATH", str(folder))
    monkeypatch.setenv(i18n.LOCALE_PATH_VARIABLE, str(folder / "locales"))
    monkeypatch.setenv("COLUMNS", "200")
    code, shown = kd_in_process(capsys, monkeypatch, "--lang", "fr", "ruleset", "list")
    assert code == 0
    (line,) = [line for line in shown.splitlines() if line.startswith("family ")]
    assert "Nos règles" in line
    _, shown = kd_in_process(capsys, monkeypatch, "--lang", "zh-Hant", "ruleset", "list")
    assert "Our family rules" in shown


def test_typers_gettext_messages_are_all_in_kds_catalog() -> None:
    """typer marks its words with ``gettext``: each of them (extracted from typer's own
    sources with Babel, as a catalog tool would) is in kd's list, so a typer upgrade
    that adds one fails here instead of showing English."""
    from kingdomino_cli import library_words

    found = set()
    for module in (typer.core, typer.rich_utils):
        assert module.__file__ is not None
        for _line, message, _comments, _context in extract_from_file("python", module.__file__):
            found.add(message if isinstance(message, str) else message[0])
    ours = {i18n.source_text(m) for m in library_words.TYPER_MESSAGES}
    ours |= {i18n.source_text(m) for m in library_words.PANEL_WORDS.values()}
    # RICH_HELP is shown by typer's own error panel, which kd never prints
    # (kd writes usage errors itself, with its own hint).
    skipped = {"Try [blue]'{command_path} {help_option}'[/] for help."}
    assert found - skipped <= ours


def test_kd_leaves_an_embedding_programs_gettext_alone(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """kd's words are kd's only while it runs: after ``main`` returns, typer's own
    ``_``, its panel titles and the process's gettext domain are what they were."""
    domain = gettext.textdomain()
    titles = (typer.rich_utils.OPTIONS_PANEL_TITLE, typer.rich_utils.COMMANDS_PANEL_TITLE)
    code, text = kd_in_process(capsys, monkeypatch, "--lang", "fr", "--help")
    assert code == 0 and "Commandes" in text
    assert typer.core._ is gettext.gettext  # type: ignore[attr-defined]
    assert titles == (typer.rich_utils.OPTIONS_PANEL_TITLE, typer.rich_utils.COMMANDS_PANEL_TITLE)
    assert gettext.textdomain() == domain


def _kd_process(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    return subprocess.run(
        [sys.executable, "-m", "kingdomino_cli.app", *args],
        capture_output=True,
        text=True,
        env={**clean, "NO_COLOR": "1", "COLUMNS": "100", **env},
        timeout=120,
    )


def test_help_and_usage_errors_of_a_real_kd_in_french_and_chinese() -> None:
    """A real ``kd`` process: its help screen and usage errors in the language of the
    environment or of ``--lang``, click's and typer's words included."""
    done = _kd_process("--help", env={"LANG": "fr_FR.UTF-8"})
    assert done.returncode == 0, done.stderr
    for french in ("Utilisation : ", "Afficher ce message et quitter.", "Commandes"):
        assert french in done.stdout
    for english in ("Usage:", "Show this message", "Commands"):
        assert english not in done.stdout
    done = _kd_process("--lang", "zh-Hant", "play", "--help", env={"LANG": "fr_FR.UTF-8"})
    assert "用法：" in done.stdout and "選項" in done.stdout
    done = _kd_process("play", "--seed", "x", env={"LANG": "fr_FR.UTF-8"})
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "kd : erreur : Valeur invalide pour '--seed' / '-s' : 'x' n'est pas un entier valide.",
        "kd : astuce : 'kd play --help' liste les options",
    ]
    done = _kd_process("--lang", "zh-Hant", "score", env={})
    assert done.returncode == 2
    assert done.stderr.splitlines()[0] == "kd：錯誤：缺少參數 'file'。"
    done = _kd_process("--lang", "zh-Hant", "simulate", "--workers", "0", env={})
    assert done.stderr.splitlines()[0] == "kd：錯誤：--workers 至少要是 1，而不是 0"
