"""``kd`` in French, traditional Chinese and a pseudo-language: whole games at the
terminal, the help, and output that stays the same in every language."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from pseudo_support import PSEUDO, unmarked_words

from kingdomino_cli.app import main
from kingdomino_core import i18n

ONES = "1\n" * 400


class _Stdin(io.StringIO):
    def isatty(self) -> bool:
        return False


def kd_in_process(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *args: str
) -> tuple[int, str]:
    """``kd`` in this process with 400 answers of "1"; stdout and stderr together."""
    capsys.readouterr()
    monkeypatch.setattr(sys, "stdin", _Stdin(ONES))
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out + out.err


def kd_process(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """``kd`` as a real process, its language from ``env`` alone."""
    clean = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    return subprocess.run(
        [sys.executable, "-m", "kingdomino_cli.app", *args],
        input=ONES,
        capture_output=True,
        text=True,
        env={**clean, "NO_COLOR": "1", **env},
        timeout=120,
    )


def test_a_whole_game_in_the_pseudo_language_shows_only_translated_text(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, pseudo_dir: Path
) -> None:
    """Every word of a whole base game at the terminal (the table, the lines, the key,
    every decision and choice, the bots' moves, forced moves, the scores, the ranking)
    comes from a catalog: in the pseudo-language, only names and numbers are unmarked."""
    monkeypatch.setenv(i18n.LOCALE_PATH_VARIABLE, str(pseudo_dir))
    code, text = kd_in_process(
        capsys, monkeypatch, "--lang", PSEUDO, "play", "-p", "human,greedy", "--seed", "3"
    )
    assert code == 0, text
    assert "⟦" in text
    assert unmarked_words(text, {"greedy"}) == []


def test_typed_commands_and_refusals_in_the_pseudo_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, pseudo_dir: Path
) -> None:
    """``help``, ``key``, a refused placement and its ``why``, a bad number, a word not
    understood: all translated."""
    monkeypatch.setenv(i18n.LOCALE_PATH_VARIABLE, str(pseudo_dir))
    capsys.readouterr()
    script = ["help", "key", "garbage", "99", "1", "1", "9 9 E", "why", "why 1", "undo", "quit"]
    monkeypatch.setattr(sys, "stdin", _Stdin("\n".join(script) + "\n"))
    code = main(["--lang", PSEUDO, "play", "-p", "human,greedy", "--seed", "3"])
    out = capsys.readouterr()
    text = out.out + out.err
    assert code != 0 or "⟦" in text
    # what the person typed is echoed back as typed
    commands = {"pick", "why", "list", "board", "key", "undo", "save", "quit", "help"}
    assert unmarked_words(text, {"greedy", "garbage", *commands}) == []


@pytest.mark.parametrize("command", [[], ["play"], ["score"], ["serve"], ["simulate"]])
def test_the_help_in_the_pseudo_language(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    pseudo_dir: Path,
    command: list[str],
) -> None:
    """Our help texts are translated; what is left is option names, metavars and the
    few words click itself writes."""
    monkeypatch.setenv(i18n.LOCALE_PATH_VARIABLE, str(pseudo_dir))
    monkeypatch.setenv("COLUMNS", "100")
    code, text = kd_in_process(capsys, monkeypatch, "--lang", PSEUDO, *command, "--help")
    assert code == 0, text
    option_words = {token.strip("-,") for token in text.split() if token.startswith("-")}
    # click's usage line and help option (the program name is the test runner's)
    click_words = {"Usage", "Show", "this", "message", "and", "exit", "python", "pytest", "m"}
    # names: commands, the argument, the value types
    names = {"play", "replay", "score", "simulate", "tournament", "new-plugin", "serve", "file"}
    names |= {"ruleset", "plugins", "str", "int", "float", "path", "range", "text"}
    leftover = [w for w in unmarked_words(text) if w not in option_words | click_words | names]
    assert [w for w in leftover if not w.isupper()] == []


def test_lang_fr_from_the_environment_plays_a_whole_game_in_french() -> None:
    done = kd_process("play", "-p", "human,greedy", "--seed", "3", env={"LANG": "fr_FR.UTF-8"})
    assert done.returncode == 0, done.stderr
    text = done.stdout + done.stderr
    for french in ("à vous de décider", "Placez le domino", "champ de blé", "couronne", "gagne."):
        assert french in text
    for english in ("your decision", "Place domino", "wheat", "crown", " wins."):
        assert english not in text


def test_lang_option_plays_a_whole_game_in_traditional_chinese() -> None:
    done = kd_process(
        "--lang", "zh-Hant", "play", "-p", "human,greedy", "--seed", "3", env={"LANG": "fr_FR"}
    )
    assert done.returncode == 0, done.stderr
    text = done.stdout + done.stderr
    for chinese in ("輪到你決定", "把多米諾", "麥田", "皇冠", "獲勝"):
        assert chinese in text
    for other in ("your decision", "Placez", "wheat", "champ de blé"):
        assert other not in text


def test_language_variables_follow_gettexts_order() -> None:
    """``LANGUAGE`` first, then ``LC_ALL``, ``LC_MESSAGES``, ``LANG``; ``--lang`` wins."""
    env = {"LANG": "fr_FR.UTF-8", "LANGUAGE": "zh_TW:fr"}
    text = kd_process("score", "-", env=env).stderr
    assert text
    done = kd_process("--lang", "en", "play", "-p", "human,greedy", "--seed", "3", env=env)
    assert "your decision" in done.stderr
    done = kd_process("play", "-p", "human,greedy", "--seed", "3", env=env)
    assert "輪到你決定" in done.stderr


def test_an_unknown_language_is_a_usage_error() -> None:
    done = kd_process("--lang", "tlh", "play", env={})
    assert done.returncode == 2
    assert "'tlh' is not a language kd speaks (one of: en, fr, zh-Hant)" in done.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["play", "-p", "greedy,random", "--seed", "4", "--json"],
        ["play", "-r", "base", "-p", "human,greedy", "--seed", "3", "--json"],
    ],
)
def test_json_output_and_saves_are_the_same_in_every_language(
    tmp_path: Path, args: list[str]
) -> None:
    """The contract JSON and the save are byte for byte the same in every language."""
    outputs = {}
    for tag in ("en", "fr", "zh-Hant"):
        save = tmp_path / f"{tag}.json"
        done = kd_process("--lang", tag, *args, "--save", str(save), env={})
        assert done.returncode == 0, done.stderr
        outputs[tag] = (done.stdout, save.read_bytes())
    assert outputs["fr"] == outputs["en"] == outputs["zh-Hant"]
