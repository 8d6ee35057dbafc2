"""The translation mechanism (kingdomino_core.i18n): the language chosen as gettext
programs choose it, one language per request in a server, lazy text that stays English
in JSON and saves, plugins' own catalogs, and the shipped catalogs complete."""

from __future__ import annotations

import json
import pickle
import sys
import threading
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po

from kingdomino_core import i18n
from kingdomino_core.i18n import (
    accepted_languages,
    add_message_catalog,
    choose_language,
    get_translation,
    languages_from_environment,
    normalize_language,
    package_translation,
    use_language,
)
from kingdomino_core.testing import make_engine
from kingdomino_core.testing.catalogs import catalog_problems, compiled, update_catalogs

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def english_process() -> object:
    """Each test starts from the process language the suite runs in (English)."""
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(
    ("environ", "wanted"),
    [
        ({"LANG": "fr_FR.UTF-8"}, ["fr_FR.UTF-8"]),
        ({"LANG": "fr_FR.UTF-8", "LC_MESSAGES": "zh_TW.UTF-8"}, ["zh_TW.UTF-8"]),
        ({"LANG": "fr_FR", "LC_ALL": "de_DE", "LANGUAGE": "zh_TW:fr"}, ["zh_TW", "fr"]),
        ({"LANGUAGE": "", "LANG": "C.UTF-8"}, ["C.UTF-8"]),
        ({}, []),
    ],
)
def test_the_environment_is_read_in_gettexts_order(
    environ: dict[str, str], wanted: list[str]
) -> None:
    assert languages_from_environment(environ) == wanted


@pytest.mark.parametrize(
    ("tag", "language"),
    [
        ("fr_FR.UTF-8", "fr"),
        ("fr-CA", "fr"),
        ("zh-Hant", "zh_Hant"),
        ("zh_TW.UTF-8", "zh_Hant"),
        ("zh-HK", "zh_Hant"),
        ("zh", "zh_Hant"),
        ("C", "en"),
        ("POSIX", "en"),
        ("en_GB", "en"),
        ("", None),
    ],
)
def test_language_tags_name_the_catalog_folders(tag: str, language: str | None) -> None:
    assert normalize_language(tag) == language


def test_the_first_language_with_catalogs_is_chosen_else_english() -> None:
    assert choose_language(["de_DE", "fr_BE"]) == "fr"
    assert choose_language(["de", "zh_CN"]) == "en"
    assert choose_language([]) == "en"


def test_accept_language_is_read_best_first() -> None:
    header = "en;q=0.5, fr-CH, zh-Hant;q=0.8, *;q=0.1, de;q=0, bad;q=x"
    assert accepted_languages(header) == ["fr-CH", "zh-Hant", "en"]


def test_the_environment_chooses_the_process_language(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert i18n.set_language(None) == "fr"
    monkeypatch.setenv("LANGUAGE", "zh_TW")
    assert i18n.set_language(None) == "zh_Hant"


def test_terrain_names_are_translated_when_shown_and_stay_english_as_data() -> None:
    engine = make_engine(["base"], 2)
    wheat = engine.registry.terrains[engine.registry.terrain_index("wheat")].name
    with use_language("fr"):
        assert f"{wheat}" == "champ de blé"
        assert str(wheat) == "champ de blé"
        assert json.dumps({"terrain": wheat}) == '{"terrain": "wheat"}'
        assert wheat == "wheat"
    with use_language("zh-Hant"):
        assert f"{wheat}" == "麥田"
    assert f"{wheat}" == "wheat"
    copy = pickle.loads(pickle.dumps(wheat))
    with use_language("fr"):
        assert f"{copy}" == "champ de blé"


def test_each_request_has_its_own_language() -> None:
    """A server thread per request: each sees its own language, none leaks to another."""
    _ = get_translation("kingdomino_core")
    seen: dict[str, str] = {}

    def request(tag: str) -> None:
        with use_language(tag):
            seen[tag] = _("The game is over.")

    threads = [threading.Thread(target=request, args=(tag,)) for tag in ("fr", "zh-Hant", "en")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert seen == {
        "fr": "La partie est terminée.",
        "zh-Hant": "遊戲結束。",
        "en": "The game is over.",
    }
    assert _("The game is over.") == "The game is over."


def test_a_plugin_ships_its_own_catalog(tmp_path: Path) -> None:
    """The documented way (docs/translations.md): a ``locales`` folder in the package,
    declared by ``package_translation``; ``update`` extracts, merges and compiles."""
    package = tmp_path / "kd_i18n_probe"
    package.mkdir()
    (package / "__init__.py").write_text(
        "from kingdomino_core.i18n import package_translation\n"
        "_ = package_translation('kd_i18n_probe')\n"
        "def words():\n    return _('joker')\n",
        "utf-8",
    )
    update_catalogs(package)
    assert catalog_problems(package) == [
        f"{package}/locales/fr/LC_MESSAGES/kd_i18n_probe.po: 'joker' has no translation",
        f"{package}/locales/zh_Hant/LC_MESSAGES/kd_i18n_probe.po: 'joker' has no translation",
    ]
    po = package / "locales" / "fr" / "LC_MESSAGES" / "kd_i18n_probe.po"
    with po.open("rb") as stream:
        catalog = read_po(stream, locale="fr")
    catalog["joker"].string = "joker (fr)"
    with po.open("wb") as stream:
        write_po(stream, catalog)
    assert any("not compiled" in line for line in catalog_problems(package))
    update_catalogs(package, languages=("fr",))
    assert catalog_problems(package, languages=("fr",)) == []
    sys.path.insert(0, str(tmp_path))
    try:
        import kd_i18n_probe  # type: ignore[import-not-found]

        with use_language("fr"):
            assert kd_i18n_probe.words() == "joker (fr)"
        assert kd_i18n_probe.words() == "joker"
        assert i18n.message_catalogs()["kd_i18n_probe"] == (package / "locales",)
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("kd_i18n_probe", None)


def test_a_catalog_dir_is_declared_once() -> None:
    before = i18n.message_catalogs()["kd_base"]
    add_message_catalog("kd_base", before[0])
    assert package_translation("kd_base") is get_translation("kd_base")
    assert i18n.message_catalogs()["kd_base"] == before


def shipped_packages() -> list[Path]:
    """Every package of this repository that declares a catalog."""
    make_engine(["base"], 2)
    folders = []
    for dirs in i18n.message_catalogs().values():
        for folder in dirs:
            if folder.parent.is_relative_to(ROOT) and (folder.parent / "__init__.py").is_file():
                folders.append(folder.parent)
    return folders


def test_every_shipped_catalog_is_complete_in_french_and_chinese_and_compiled() -> None:
    """Every marked message of every shipped domain has a translation in fr and zh_Hant,
    and each committed .mo is the compiled form of its .po (editable installs read them)."""
    packages = shipped_packages()
    assert {p.name for p in packages} >= {"kingdomino_core", "kd_base"}
    problems = [line for package in packages for line in catalog_problems(package)]
    assert problems == []


def test_a_mo_file_is_babels_compilation_of_its_po() -> None:
    po = ROOT / "plugins/kd_base/locales/fr/LC_MESSAGES/kd_base.po"
    with po.open("rb") as stream:
        catalog = read_po(stream, locale="fr")
    assert po.with_suffix(".mo").read_bytes() == compiled(catalog)


def test_a_formatted_text_is_made_once_and_shows_its_own_fields() -> None:
    """``LazyText.format`` gives back the text it made before from the same message
    and fields (score lines name every property so, and bots score often), but
    never for fields equal as ``str`` and shown otherwise: a word of another catalog,
    ``-0.0`` beside ``0.0``."""
    at = package_translation("kd_base").lazy("{terrain} at {x},{y}")
    ours = make_engine(["base"], 2).registry.terrains[0].name
    theirs = get_translation("kd_no_catalog_probe").lazy(str.__str__(ours))
    assert ours == theirs
    first = at.format(terrain=ours, x=1, y=0)
    assert at.format(terrain=ours, x=1, y=0) is first
    other = at.format(terrain=theirs, x=1, y=0)
    with use_language("fr"):
        assert str(first) != str(other)
        assert str(theirs) in str(other) and str(ours) in str(first)
        assert str(at.format(terrain=ours, x=1, y=0)) == str(first)
    assert str(at.format(terrain="a", x=-0.0, y=0)) == "a at -0.0,0"
    assert str(at.format(terrain="a", x=0.0, y=0)) == "a at 0.0,0"
    assert first == f"{str.__str__(ours)} at 1,0"
    assert json.dumps(first) == json.dumps(str.__str__(first))
