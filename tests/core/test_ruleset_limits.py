"""Rulesets over the documented limits (docs/trust.md, Limits) are refused, located (issue 12)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from kingdomino_core import RulesetError
from kingdomino_core.inputs.limits import MAX_DEPTH, MAX_EXTENDS, MAX_RULESET_BYTES
from kingdomino_core.rulesets.files import load_ruleset


def problems_of(path: Path) -> list[str]:
    with pytest.raises(RulesetError) as info:
        load_ruleset(str(path))
    return list(info.value.problems)


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("x = " + "[" * 5000 + "]" * 5000 + "\n", f"nested more than {MAX_DEPTH} levels"),
        ("x = " + "[" * (MAX_DEPTH + 2) + "]" * (MAX_DEPTH + 2) + "\n", "nested more than"),
        ("x = " + "{a = " * 2000 + "1" + "}" * 2000 + "\n", "nested more than"),
        ("players = " + "7" * 5000 + "\n", "an integer of more than 4300 digits"),
    ],
    ids=["array-5000", "array-just-over", "inline-tables", "huge-integer"],
)
def test_pathological_toml_is_a_located_error(tmp_path: Path, body: str, expected: str) -> None:
    path = tmp_path / "r.toml"
    path.write_text("[ruleset]\n" + body)
    (problem,) = problems_of(path)
    assert problem.startswith(f"{path}: ")
    assert expected in problem


def test_a_huge_ruleset_file_is_not_read(tmp_path: Path) -> None:
    path = tmp_path / "r.toml"
    path.write_text("[ruleset]\n" + "# padding\n" * (MAX_RULESET_BYTES // 10 + 1))
    (problem,) = problems_of(path)
    assert f"larger than {MAX_RULESET_BYTES} bytes" in problem


def test_a_long_extends_chain_stops_at_the_limit_quickly(tmp_path: Path) -> None:
    n = 1500
    for i in range(n):
        parent = f'extends = "./r{i + 1}.toml"\n' if i + 1 < n else 'plugins = ["base"]\n'
        (tmp_path / f"r{i}.toml").write_text("[ruleset]\n" + parent)
    start = time.perf_counter()
    (problem,) = problems_of(tmp_path / "r0.toml")
    assert time.perf_counter() - start < 10
    assert f"longer than {MAX_EXTENDS} files" in problem
    assert problem.startswith(f"{tmp_path / f'r{MAX_EXTENDS - 1}.toml'}:2: ruleset.extends: ")


def test_a_chain_at_the_limit_loads(tmp_path: Path) -> None:
    n = MAX_EXTENDS - 1  # and the shipped base at the end of the chain
    for i in range(n):
        parent = f'extends = "./r{i + 1}.toml"\n' if i + 1 < n else 'extends = "base"\n'
        (tmp_path / f"r{i}.toml").write_text("[ruleset]\n" + parent)
    (tmp_path / "top.toml").write_text('[ruleset]\nextends = "./r0.toml"\n')
    assert load_ruleset(str(tmp_path / "r0.toml")).plugins == ("base",)
    assert "longer than" in problems_of(tmp_path / "top.toml")[0]


def test_a_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "r.toml"
    path.write_bytes(b"\xef\xbb\xbf" + b'[ruleset]\nplugins = ["base"]\n')
    assert load_ruleset(str(path)).plugins == ("base",)


@pytest.mark.parametrize(
    ("parent", "table", "key", "value", "message"),
    [
        ("origins-discovery", "origins", "neolithic_kingdom_size", 201, "from 5 to 15, not 201"),
        ("origins-discovery", "origins", "neolithic_kingdom_size", 2**31, "from 5 to 15"),
        ("dynasty", "base", "dynasty_games", 2**31, "at most 100, not 2147483648"),
    ],
)
def test_options_that_size_the_work_are_bounded(
    tmp_path: Path, parent: str, table: str, key: str, value: int, message: str
) -> None:
    """Issue 12: neolithic_kingdom_size 201 took 21 s and 1.7 GB; 2**31 never answered."""
    path = tmp_path / "r.toml"
    path.write_text(f'[ruleset]\nextends = "{parent}"\n[options.{table}]\n{key} = {value}\n')
    start = time.perf_counter()
    (problem,) = problems_of(path)
    assert time.perf_counter() - start < 10
    assert problem.startswith(f"{path}:4: options.{table}.{key}: {message}")


def test_the_core_bounds_the_kingdom_of_any_plugin() -> None:
    from kingdomino_core import ConfigBuilder, Engine, Ruleset, hookimpl
    from kingdomino_core.hooks.plugins import default_catalogue
    from kingdomino_core.inputs.limits import MAX_KINGDOM_SIZE

    class Huge:
        NAME = "huge"

        @staticmethod
        @hookimpl
        def kd_configure(config: ConfigBuilder) -> None:
            config.set("kingdom_size", 10**6, override=True)

    catalogue = default_catalogue().copy()
    catalogue.add_module(Huge, "huge")
    with pytest.raises(RulesetError, match=f"kingdom_size must be from 1 to {MAX_KINGDOM_SIZE}"):
        Engine(Ruleset(name="t", plugins=("base", "huge")), 2, catalogue=catalogue)
