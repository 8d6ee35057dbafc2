"""Ruleset files: lookup, ``extends`` merging, and every problem located as file:line.

The format is the one agreed in the briefing (docs/rulesets.md); the expected line
numbers below are counted by hand in the texts written by each test.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kingdomino_core import Engine, RulesetError
from kingdomino_core.hooks.plugins import default_catalogue
from kingdomino_core.inputs.trust import Trust
from kingdomino_core.rulesets.files import (
    ENV_VAR,
    allowed_players,
    find_ruleset,
    list_rulesets,
    load_ruleset,
    locate_problems,
    resolved_toml,
    validate_ruleset,
)
from kingdomino_core.rulesets.toml_lines import KeyLines

SHIPPED_DIR = Path(__file__).resolve().parents[2] / "rulesets"


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


def problems_of(arg: str | Path) -> list[str]:
    with pytest.raises(RulesetError) as info:
        load_ruleset(str(arg))
    return list(info.value.problems)


@pytest.fixture(autouse=True)
def _no_user_rulesets(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV_VAR, raising=False)


# -- the key locator ------------------------------------------------------------------------


def test_key_lines_follow_tables_dotted_keys_and_array_elements() -> None:
    text = textwrap.dedent(
        """\
        # comment
        [ruleset]
        name = "x"
        plugins = [
          "base",   # first
          "xl", "teamdomino",
        ]
        description = \"\"\"two
        [not.a.table]
        \"\"\"
        players = 4

        [options.base]
        harmony = true
        "quoted.key" = 1
        [options]
        xl.first_box = 2
        court = { a = 1, b = [2, 3] }
        """
    )
    lines = KeyLines(text)
    assert lines.line(("ruleset",)) == 2
    assert lines.line(("ruleset", "plugins")) == 4
    assert lines.line(("ruleset", "plugins", 0)) == 5
    assert lines.line(("ruleset", "plugins", 1)) == 6
    assert lines.line(("ruleset", "plugins", 2)) == 6
    assert lines.line(("ruleset", "players")) == 11
    assert not lines.has(("not", "a", "table"))
    assert lines.line(("options", "base", "harmony")) == 14
    assert lines.line(("options", "base", "quoted.key")) == 15
    assert lines.line(("options", "xl", "first_box")) == 17
    # A key inside an inline table falls back to the line of the table.
    assert lines.line(("options", "court", "a")) == 18
    assert lines.line(("options", "base", "not_there")) == 13
    assert lines.line(("elsewhere",)) is None


# -- shipped rulesets -------------------------------------------------------------------------


@pytest.mark.parametrize("entry", list_rulesets(), ids=lambda e: e.name)
def test_every_shipped_ruleset_loads_and_validates_for_every_player_count(entry) -> None:
    ruleset = load_ruleset(entry.name)
    assert ruleset.name == entry.name
    assert ruleset.description, f"{entry.path} has no description"
    assert validate_ruleset(ruleset) == []
    if ruleset.default_players is not None:
        assert ruleset.default_players in allowed_players(ruleset)


def test_base_is_the_default_with_2_to_4_players() -> None:
    """docs/rules/base.md: the base game is for 2, 3 or 4 players."""
    ruleset = load_ruleset(None)
    assert ruleset.name == "base"
    assert ruleset.plugins == ("base",)
    assert ruleset.options == {}
    assert allowed_players(ruleset) == (2, 3, 4)
    assert Path(ruleset.source).resolve() == (SHIPPED_DIR / "base.toml").resolve()


def test_grand_duel_extends_base_two_players_7x7() -> None:
    """docs/rules/base.md, Grand Duel: 2 players, 7x7 kingdoms, all 48 dominoes."""
    ruleset = load_ruleset("grand-duel")
    assert ruleset.plugins == ("base", "grand_duel")
    assert ruleset.default_players == 2
    assert allowed_players(ruleset) == (2,)
    engine = Engine(ruleset, 2)
    assert engine.config.kingdom_size == 7
    assert len(engine.deck) == 48


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("middle-kingdom", {"middle_kingdom": True}),
        ("harmony", {"harmony": True}),
        ("dynasty", {"dynasty": True, "dynasty_games": 3}),
        ("base-3p-variant", {"three_player_all_dominoes": True}),
        ("classic-bonuses", {"middle_kingdom": True, "harmony": True}),
    ],
)
def test_optional_rules_rulesets_set_base_options(name: str, options: dict) -> None:
    """docs/rules/base.md, optional rules: each shipped ruleset turns on its rule."""
    ruleset = load_ruleset(name)
    assert ruleset.plugins == ("base",)
    assert ruleset.options == {"base": options}


def test_dynasty_ruleset_plays_three_games() -> None:
    """docs/rules/base.md, Dynasty: 3 games in a row."""
    assert Engine(load_ruleset("dynasty"), 2).config.games == 3


# -- lookup -------------------------------------------------------------------------------------


def test_name_and_file_name_work_from_any_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    by_name = find_ruleset("grand-duel")
    by_file = find_ruleset("grand-duel.toml")
    assert by_name.resolve() == by_file.resolve() == (SHIPPED_DIR / "grand-duel.toml").resolve()


def test_a_bare_name_never_finds_a_file_of_the_current_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 12 (security): a file named like a shipped ruleset must not replace it."""
    write(tmp_path, "base.toml", '[ruleset]\nplugins = ["base"]\ndescription = "mine"\n')
    write(tmp_path, "base", '[ruleset]\nplugins = ["base"]\ndescription = "mine"\n')
    monkeypatch.chdir(tmp_path)
    assert load_ruleset("base.toml").description != "mine"
    assert load_ruleset("base").description != "mine"
    assert load_ruleset(None).description != "mine"
    assert load_ruleset("./base.toml").description == "mine"  # a path is a path
    assert load_ruleset("./base").description == "mine"


def test_ruleset_path_env_var_adds_directories(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    write(folder, "lakes-night.toml", '[ruleset]\nextends = "base"\ndescription = "night"\n')
    monkeypatch.setenv(ENV_VAR, str(folder))
    monkeypatch.chdir(tmp_path)
    assert load_ruleset("lakes-night").description == "night"
    assert "lakes-night" in {e.name for e in list_rulesets()}


def test_a_name_found_in_two_places_is_an_error_listing_both(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(tmp_path, "harmony.toml", '[ruleset]\nplugins = ["base"]\n')
    monkeypatch.setenv(ENV_VAR, str(tmp_path))
    monkeypatch.chdir(SHIPPED_DIR.parent)
    (problem,) = problems_of("harmony")
    assert "ambiguous" in problem
    assert str(tmp_path / "harmony.toml") in problem
    assert "harmony.toml" in problem.split(" and ")[0]


def test_a_missing_ruleset_names_the_known_ones(tmp_path: Path) -> None:
    (problem,) = problems_of("no-such-ruleset")
    assert "no ruleset named 'no-such-ruleset'" in problem
    assert "grand-duel" in problem
    (problem,) = problems_of(tmp_path / "nope.toml")
    assert "no such ruleset file" in problem


# -- extends and merging ------------------------------------------------------------------------


def test_extends_appends_plugins_once_and_merges_options_deeply(tmp_path: Path) -> None:
    write(
        tmp_path,
        "parent.toml",
        """
        [ruleset]
        description = "parent"
        extends = "base"
        plugins = ["base"]
        players = 3

        [options.base]
        harmony = true
        harmony_points = 7
        """,
    )
    write(
        tmp_path,
        "child.toml",
        """
        [ruleset]
        extends = "./parent.toml"
        plugins = ["base"]

        [options.base]
        harmony_points = 9
        middle_kingdom = true
        """,
    )
    ruleset = load_ruleset(str(tmp_path / "child.toml"))
    assert ruleset.name == "child"  # the file stem: a name is not inherited
    assert ruleset.plugins == ("base",)
    assert ruleset.description == "parent"
    assert ruleset.default_players == 3
    assert ruleset.options == {
        "base": {"harmony": True, "harmony_points": 9, "middle_kingdom": True}
    }


def test_plugin_files_are_relative_to_the_file_that_names_them(tmp_path: Path) -> None:
    sub = tmp_path / "sub"
    sub.mkdir()
    write(
        sub,
        "lakes_double.py",
        """
        from kingdomino_core import hookimpl
        NAME = "lakes_double_test"
        HOOK_API = 1
        """,
    )
    write(
        sub,
        "parent.toml",
        '[ruleset]\nextends = "base"\nplugin_files = ["lakes_double.py"]\n'
        'plugins = ["lakes_double_test"]\n',
    )
    write(tmp_path, "child.toml", '[ruleset]\nextends = "sub/parent.toml"\n')
    # The plugin file comes from a parent: it runs only when allowed (docs/trust.md).
    allowed = Trust(files=[sub / "lakes_double.py"])
    ruleset = load_ruleset(str(tmp_path / "child.toml"), trust=allowed)
    assert ruleset.plugins == ("base", "lakes_double_test")
    assert [p.resolve() for p in ruleset.plugin_files] == [(sub / "lakes_double.py").resolve()]
    assert Engine(ruleset, 4).plugin("lakes_double_test") is not None


def test_resolved_toml_loads_back_to_the_same_ruleset(tmp_path: Path) -> None:
    original = load_ruleset("classic-bonuses")
    path = tmp_path / "resolved.toml"
    path.write_text(resolved_toml(original), encoding="utf-8")
    again = load_ruleset(str(path))
    assert (again.name, again.plugins, again.options, again.default_players) == (
        original.name,
        original.plugins,
        original.options,
        original.default_players,
    )
    assert "extends" not in path.read_text()


def test_resolved_toml_with_defaults_lists_every_option() -> None:
    import tomllib

    doc = tomllib.loads(resolved_toml(load_ruleset("middle-kingdom"), defaults=True))
    base = doc["options"]["base"]
    assert base["middle_kingdom"] is True
    assert base["harmony"] is False
    assert base["middle_kingdom_points"] == 10


# -- problems, each as file:line: key.path: message ----------------------------------------------


def test_toml_syntax_error_names_line_and_column(tmp_path: Path) -> None:
    path = write(tmp_path, "bad.toml", '[ruleset]\nname = "x" y\n')
    (problem,) = problems_of(path)
    assert problem.startswith(f"{path}:2:12: TOML syntax error")


def test_every_problem_is_reported_at_once_with_its_line(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "bad.toml",
        """
        [ruleset]
        nmae = "typo"
        extends = "base"
        plugins = [
          "base",
          "no_such_plugin",
        ]
        players = "four"

        [options.base]
        harmony = "no"
        bogus = 1
        """,
    )
    found = problems_of(path)
    p = str(path)
    expected_starts = [
        f"{p}:2: ruleset.nmae: unknown key",
        f"{p}:6: ruleset.plugins: unknown plugin 'no_such_plugin'",
        f"{p}:8: ruleset.players: expected an integer, not the string 'four'",
        f"{p}:11: options.base.harmony: expected a boolean, not the string 'no'",
        f"{p}:12: options.base.bogus: unknown key",
    ]
    for start in expected_starts:
        assert any(f.startswith(start) for f in found), (start, found)
    assert len(found) == len(expected_starts)


def test_unknown_plugin_lists_the_available_ones(tmp_path: Path) -> None:
    path = write(tmp_path, "r.toml", '[ruleset]\nplugins = ["base", "lakes"]\n')
    (problem,) = problems_of(path)
    assert problem.startswith(f"{path}:2: ruleset.plugins: unknown plugin 'lakes'; available: ")
    listed = problem.split("available: ")[1].split(", ")
    assert listed == default_catalogue().names()


def test_a_bad_option_set_in_a_parent_points_at_the_parent(tmp_path: Path) -> None:
    parent = write(tmp_path, "parent.toml", '[ruleset]\nextends = "base"\n\n[options.base]\n'
                   "dynasty = true\ndynasty_games = 0\n")  # fmt: skip
    child = write(tmp_path, "child.toml", '[ruleset]\nextends = "./parent.toml"\n')
    found = problems_of(child)
    assert f"{parent}:6: options.base.dynasty_games: must be at least 1, not 0" in found


def test_options_for_a_plugin_that_is_not_active(tmp_path: Path) -> None:
    path = write(tmp_path, "r.toml", '[ruleset]\nextends = "base"\n[options.xl]\nfirst_box = 2\n')
    (problem,) = problems_of(path)
    assert problem.startswith(f"{path}:3: options.xl: plugin 'xl' is installed but not active")


def test_a_player_count_the_ruleset_does_not_allow(tmp_path: Path) -> None:
    """docs/rules/base.md: the base game is for 2-4 players; the Grand Duel for 2."""
    five = write(tmp_path, "five.toml", '[ruleset]\nextends = "base"\nplayers = 5\n')
    (problem,) = problems_of(five)
    assert problem == (
        f"{five}:3: ruleset.players: 5 players is not allowed by ruleset 'five'; allowed: 2, 3, 4"
    )
    duel4 = write(tmp_path, "duel4.toml", '[ruleset]\nextends = "grand-duel"\nplayers = 4\n')
    (problem,) = problems_of(duel4)
    assert problem.startswith(f"{duel4}:3: ruleset.players: 4 players is not allowed")
    assert problem.endswith("allowed: 2")


def test_extends_cycle_is_an_error(tmp_path: Path) -> None:
    a = write(tmp_path, "a.toml", '[ruleset]\nextends = "./b.toml"\n')
    b = write(tmp_path, "b.toml", '[ruleset]\nplugins = ["base"]\nextends = "./a.toml"\n')
    (problem,) = problems_of(a)
    assert problem == f"{b}:3: ruleset.extends: extends cycle: {a} -> {b} -> {a}"


def test_extends_a_missing_file(tmp_path: Path) -> None:
    path = write(tmp_path, "r.toml", '[ruleset]\nextends = "missing/parent.toml"\n')
    (problem,) = problems_of(path)
    assert problem.startswith(f"{path}:2: ruleset.extends: no ruleset file")


def test_a_ruleset_without_plugins(tmp_path: Path) -> None:
    path = write(tmp_path, "r.toml", '[ruleset]\ndescription = "empty"\n')
    (problem,) = problems_of(path)
    assert problem.startswith(f"{path}:1: ruleset.plugins: no plugins")


def test_missing_and_broken_plugin_files(tmp_path: Path) -> None:
    write(tmp_path, "broken.py", "def oops(:\n")
    path = write(
        tmp_path,
        "r.toml",
        '[ruleset]\nextends = "base"\nplugin_files = [\n  "gone.py",\n  "broken.py",\n]\n',
    )
    found = problems_of(path)
    assert found[0].startswith(f"{path}:4: ruleset.plugin_files: no such file")
    assert found[1].startswith(f"{path}:5: ruleset.plugin_files: ")
    assert "syntax error" in found[1]


def test_count_specific_problems_are_found_by_validate_and_located(tmp_path: Path) -> None:
    write(
        tmp_path,
        "no_three.py",
        """
        from kingdomino_core import hookimpl
        NAME = "no_three"
        HOOK_API = 1

        @hookimpl
        def kd_validate(config):
            return ["three players are not supported"] if config.players == 3 else []
        """,
    )
    path = write(
        tmp_path,
        "r.toml",
        '[ruleset]\nextends = "base"\nplugin_files = ["no_three.py"]\nplugins = ["no_three"]\n',
    )
    ruleset = load_ruleset(str(path))  # the default 4 players are fine
    assert validate_ruleset(ruleset) == [
        f"{path}:4: ruleset.plugins: three players are not supported (with 3 players)"
    ]


def test_locate_problems_leaves_rulesets_built_in_code_alone() -> None:
    from kingdomino_core import Ruleset

    ruleset = Ruleset(name="code", plugins=["base"])
    assert locate_problems(ruleset, ["options.base.x: bad"]) == ["options.base.x: bad"]


# -- the locator over generated TOML ----------------------------------------------------------

_keys = st.text(alphabet="abcxyz_-. 09", min_size=1, max_size=6)
_scalars = st.one_of(
    st.integers(-5, 5),
    st.booleans(),
    st.text(alphabet="ab[]{}#'\"\\\n =,.", max_size=8),
)
_values = st.one_of(_scalars, st.lists(_scalars, max_size=4))
_tables = st.recursive(
    st.dictionaries(_keys, _values, max_size=4),
    lambda inner: st.dictionaries(_keys, st.one_of(_values, inner), max_size=4),
    max_leaves=12,
)


def _leaves(table: dict, path: tuple = ()) -> list[tuple[tuple, object]]:
    out = []
    for key, value in table.items():
        if isinstance(value, dict):
            out.extend(_leaves(value, (*path, key)))
        else:
            out.append(((*path, key), value))
    return out


@settings(max_examples=150, deadline=None)
@given(doc=_tables, multiline=st.booleans())
def test_key_lines_find_the_line_of_every_key_tomli_w_writes(doc: dict, multiline: bool) -> None:
    """Whatever tomli-w writes (quoted keys, nested tables, multi-line arrays and
    strings holding brackets and quotes), each key is found on a line that holds it,
    and each array element on a line at or after its key's line."""
    import tomli_w

    text = tomli_w.dumps(doc, multiline_strings=multiline)
    rows = text.splitlines()
    lines = KeyLines(text)
    for path, value in _leaves(doc):
        assert lines.has(path), (path, text)
        line = lines.line(path)
        assert line is not None
        key = str(path[-1])
        assert key in rows[line - 1] or tomli_w.dumps({key: 0}).split(" = ")[0] in rows[line - 1], (
            path,
            line,
            text,
        )
        if isinstance(value, list):
            for i, item in enumerate(value):
                element = lines.line((*path, i))
                assert element is not None and element >= line
                written = tomli_w.dumps({"k": item}, multiline_strings=multiline)
                first = written.split(" = ", 1)[1].splitlines()[0]
                assert first in rows[element - 1], (path, i, element, text)


def test_problems_come_in_line_order(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "r.toml",
        '[ruleset]\nplugins = ["base", "nope"]\nplayers = "x"\ncolour = 1\n'
        "[options.base]\nharmony = 1\n",
    )
    lines = [int(p.split(":")[1]) for p in problems_of(path)]
    assert lines == [2, 3, 4, 6]


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("ruleset = 3\n", ":1: ruleset: expected a table, not the number 3"),
        ('[ruleset]\nplugins = "base"\n', ":2: ruleset.plugins: expected an array, not the string"),
        ('[ruleset]\nextends = 5\nplugins = ["base"]\n', ":2: ruleset.extends: expected a string"),
        ('[ruleset]\nextends = "base"\n[options]\nbase = 3\n', ":4: options.base: expected a"),
        (
            '[ruleset]\nextends = "base"\n[options.base]\ntiebreaks = ["crowns", "age"]\n',
            ":4: options.base.tiebreaks[1]: expected one of 'largest_property', 'crowns', "
            "not the string 'age'",
        ),
    ],
    ids=["ruleset-not-table", "plugins-not-array", "extends-not-string", "options-not-table",
         "literal"],
)  # fmt: skip
def test_wrong_types_are_one_clear_problem_each(tmp_path: Path, text: str, problem: str) -> None:
    path = write(tmp_path, "r.toml", text)
    (found,) = problems_of(path)
    assert found.startswith(f"{path}{problem}"), found
