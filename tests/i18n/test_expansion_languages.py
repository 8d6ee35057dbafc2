"""The shipped expansions in French and traditional Chinese: The Court, Origins, Age of
Giants and the quests each ship their own catalogs (their own gettext domain), complete
in both languages, in the game's own words; whole games of them at the terminal; and
what they write (score sheets as JSON, saves) stays English whatever the language."""

from __future__ import annotations

import csv
import gettext
import importlib
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from kd_court.tiles import court_data
from kd_origins.data import cavemen
from kd_quests.quests import all_quests

from kingdomino_core import Game, i18n
from kingdomino_core.engine.words import describe_action, describe_step, pieces_at
from kingdomino_core.i18n import use_language
from kingdomino_core.testing import make_engine
from kingdomino_core.testing.catalogs import catalog_problems

ROOT = Path(__file__).resolve().parents[2]
EXPANSIONS = ("kd_court", "kd_origins", "kd_age_of_giants", "kd_quests")
#: The expansions' rule sets, with the plugins and options they play.
GAMES = {
    "court": (["base", "court"], {}),
    "origins-totem": (["origins"], {"origins": {"mode": "totem"}}),
    "origins-tribe": (["origins"], {"origins": {"mode": "tribe"}}),
    "age-of-giants": (["base", "quests", "age_of_giants"], {}),
}
ONES = "1\n" * 600


def catalog(domain: str, language: str) -> gettext.GNUTranslations:
    path = ROOT / "plugins" / domain / "locales" / language / "LC_MESSAGES" / f"{domain}.mo"
    with path.open("rb") as stream:
        return gettext.GNUTranslations(stream)


@pytest.mark.parametrize("domain", EXPANSIONS)
def test_each_expansion_ships_its_own_complete_catalogs(domain: str) -> None:
    """Every marked message of the plugin is translated in fr and zh_Hant, in the
    plugin's own ``locales`` folder, and each ``.mo`` is its ``.po`` compiled."""
    package = ROOT / "plugins" / domain
    importlib.import_module(domain)
    assert catalog_problems(package) == []
    assert (package / "locales" / f"{domain}.pot").is_file()
    assert package / "locales" in i18n.message_catalogs()[domain]


def test_the_data_files_names_are_in_the_catalogs() -> None:
    """Names read from data files (characters, cro-magnons, quests) reach the screen
    through their catalog: each one has a French and a Chinese translation."""
    names = {
        "kd_court": [str.__str__(t.name) for t in court_data().tiles.values() if not t.is_building],
        "kd_origins": [
            row["name_en"].removeprefix("The ")
            for row in _rows("kd_origins", "origins_cavemen.csv")
        ],
    }
    for domain, found in names.items():
        for language in ("fr", "zh_Hant"):
            words = catalog(domain, language)
            for name in found:
                assert words.gettext(name) != name, name


def _rows(domain: str, name: str) -> list[dict[str, str]]:
    text = (ROOT / "plugins" / domain / "data" / name).read_text("utf-8")
    return list(csv.DictReader(line for line in text.splitlines() if not line.startswith("#")))


def test_the_translated_names_are_the_data_files_names_in_english() -> None:
    """The quests' and cro-magnons' words are their printed names (as data and in
    English), so saves and JSON keep them."""
    printed = {row["name"] for row in _rows("kd_quests", "quests.csv")}
    assert {str.__str__(q.words) for q in all_quests().values()} == printed
    assert {str(q.words) for q in all_quests().values()} == printed
    for row in _rows("kd_origins", "origins_cavemen.csv"):
        assert cavemen()[row["caveman_id"]].words == row["name_en"].removeprefix("The ")


def test_the_game_s_own_terms() -> None:
    """The published rules' words: the Court's blé/bois/poisson/mouton and bâtiments,
    Origins' steppe, carrière, feu and cro-magnons, the giants and their footprints."""
    court, origins = catalog("kd_court", "fr"), catalog("kd_origins", "fr")
    giants, quests = catalog("kd_age_of_giants", "fr"), catalog("kd_quests", "fr")
    assert [court.gettext(w) for w in ("wheat", "wood", "fish", "sheep")] == [
        "blé",
        "bois",
        "poisson",
        "mouton",
    ]
    assert [origins.gettext(w) for w in ("grassland", "quarry", "volcano", "fire")] == [
        "steppe",
        "carrière",
        "volcan",
        "feu",
    ]
    assert origins.gettext("cro-magnon") == "cro-magnon"
    assert "traces de pas" in giants.gettext("{domino} has footprints")
    assert quests.gettext("La Folie des Grandeurs (Megalomania)") == "La Folie des grandeurs"
    chinese = catalog("kd_origins", "zh_Hant")
    assert [chinese.gettext(w) for w in ("volcano", "fire", "mammoth")] == ["火山", "火", "長毛象"]
    assert catalog("kd_age_of_giants", "zh_Hant").gettext("G") == "巨"


def play(name: str, seed: int = 3) -> Game:
    """A whole game of ``name`` with random moves (chance and decisions alike)."""
    plugins, options = GAMES[name]
    engine = make_engine(plugins, 3 if name == "court" else 2, **options)
    game = engine.new_game(seed=seed)
    rng = random.Random(seed)
    while game.step is not None:
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("name", sorted(GAMES))
def test_score_sheets_stay_english_as_data_in_every_language(name: str) -> None:
    """A score sheet's JSON (``kd score --json``, results files) is the same whatever
    the language, while its lines are shown translated."""
    game = play(name)
    english = [game.score_sheet(k).as_dict() for k in range(len(game.kingdoms))]
    for language in ("fr", "zh-Hant"):
        with use_language(language):
            assert [game.score_sheet(k).as_dict() for k in range(len(game.kingdoms))] == english


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_decision_and_piece_of_a_game_reads_in_french_and_chinese(name: str) -> None:
    """Replaying a whole game, each expansion decision, each of its choices and each piece
    on the kingdoms reads differently in French and in Chinese than in English."""
    game = play(name)
    engine = game.engine
    replay = engine.new_game(seed=game.seed)
    checked = 0
    for action in game.log:
        step = replay.step
        assert step is not None
        if step.kind.partition(".")[0] in ("court", "origins", "aog"):
            words = {}
            for language in ("en", "fr", "zh-Hant"):
                with use_language(language):
                    words[language] = (
                        str(describe_step(replay)),
                        str(describe_action(replay, action)),
                    )
            assert words["fr"][0] != words["en"][0] != words["zh-Hant"][0], words
            assert words["fr"][1] != words["en"][1] != words["zh-Hant"][1], words
            checked += 1
        replay.apply(action)
    assert checked > 0
    shown = {}
    for language in ("en", "fr", "zh-Hant"):
        with use_language(language):
            shown[language] = [
                piece.words
                for kingdom in replay.kingdoms
                for cell in range(kingdom.board.cells)
                for piece in pieces_at(engine, kingdom, cell)
            ]
    assert shown["en"]
    for english, french, chinese in zip(shown["en"], shown["fr"], shown["zh-Hant"], strict=True):
        assert english != french and english != chinese and french != chinese, english


def kd_process(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """``kd`` as a real process answering "1" to every question, its language from ``env``."""
    keep = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    return subprocess.run(
        [sys.executable, "-m", "kingdomino_cli.app", *args],
        input=ONES,
        capture_output=True,
        text=True,
        env={**keep, "NO_COLOR": "1", **env},
        timeout=180,
    )


@pytest.mark.parametrize(
    ("ruleset", "french", "english"),
    [
        (
            "court",
            [
                "Plateau de la Cour",
                "jeton blé",
                "Construisez un bâtiment ou recrutez un personnage",
            ],
            ["Court board", "wheat token", "Buy a building or character"],
        ),
        (
            "origins-tribe",
            ["Grotte :", "cro-magnon", "jeton Feu", "steppe"],
            ["Cave:", "fire token", "grassland"],
        ),
        (
            "age-of-giants",
            ["géants :", "dans la réserve", "quêtes :"],
            ["giants:", "in the supply", "quests:"],
        ),
    ],
)
def test_a_whole_game_of_an_expansion_in_french_from_lang(
    ruleset: str, french: list[str], english: list[str]
) -> None:
    """``LANG=fr_FR.UTF-8 kd play --ruleset ...``: a whole game with a person at the
    terminal (answering the first choice each time) shows the expansion in French."""
    done = kd_process(
        "play", "--ruleset", ruleset, "-p", "human,greedy", "--seed", "3",
        env={"LANG": "fr_FR.UTF-8"},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    text = done.stdout + done.stderr
    for words in french:
        assert words in text, words
    for words in english:
        assert words not in text, words


def test_a_whole_age_of_giants_game_in_traditional_chinese_from_lang_option() -> None:
    done = kd_process(
        "--lang", "zh-Hant", "play", "--ruleset", "age-of-giants", "-p", "human,greedy",
        "--seed", "3", env={},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    text = done.stdout + done.stderr
    for words in ("巨人：", "供應區", "任務："):
        assert words in text, words
    assert "giants:" not in text


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_expansions_score_lines_are_shown_in_french_and_chinese(name: str) -> None:
    """Each line an expansion adds to a score sheet (characters, totems, resources,
    cro-magnons, hordes, quests, covered crowns) reads in French and in Chinese."""
    game = play(name)
    lines = [
        line
        for k in range(len(game.kingdoms))
        for line in game.score_sheet(k).lines
        if line.kind != "property" and line.source != "base"
    ]
    assert lines
    for line in lines:
        english = str(line.name)
        with use_language("fr"):
            french = str(line.name)
        with use_language("zh-Hant"):
            chinese = str(line.name)
        assert english != french and english != chinese and french != chinese, english
