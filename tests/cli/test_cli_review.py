"""Found in review by using ``kd`` as its users do: seed range, the save offered after
Ctrl-C, the ``wins`` type of ``kd simulate --json``, the display's plurals, and the
docs/formats.md round trip of every shipped ruleset's grids through ``kd score``."""

from __future__ import annotations

import io
import re

import pytest
from play_support import ScriptedStdin, kd

from kingdomino_core.rulesets.lookup import list_rulesets
from kingdomino_core.saves.savegame import read_save, verify

# -- seeds ------------------------------------------------------------------------------


@pytest.mark.parametrize("command", [["play", "-p", "greedy,greedy"], ["simulate", "-n", "1"]])
@pytest.mark.parametrize("seed", ["-5", str(2**63), "99999999999999999999999"])
def test_seed_outside_0_to_2_63_is_a_usage_error(capsys, monkeypatch, command, seed) -> None:
    """Seeds are 0 .. 2**63-1, the seeds kd itself draws: Python's generator seeds n and
    -n alike (two seeds, one deal), and a wider integer is no 64-bit integer for the
    programs that read the ``seed`` key."""
    r = kd(capsys, monkeypatch, *command, "--seed", seed, "--json")
    assert r.code == 2
    assert r.out == ""
    lines = r.err.strip().splitlines()
    assert len(lines) == 2 and seed in lines[0] and "2**63" in lines[0], r.err
    assert lines[0].startswith("kd: error: --seed ")
    assert lines[1] == f"kd: hint: 'kd {command[0]} --help' lists the options"


def test_seed_bounds_are_accepted(capsys, monkeypatch) -> None:
    for seed in ("0", str(2**63 - 1)):
        r = kd(capsys, monkeypatch, "play", "-p", "random,random", "--seed", seed, "--json")
        assert r.code == 0, r.err
        assert r.json()["seed"] == int(seed)


# -- Ctrl-C: the save offered must not lose the game -------------------------------------


class InterruptThenAnswer(io.StringIO):
    """Ctrl-C at the first prompt, then the given answers to the save prompt."""

    def __init__(self, answers: list[str]) -> None:
        super().__init__("".join(a + "\n" for a in answers))
        self.interrupted = False

    def readline(self, size: int = -1) -> str:  # type: ignore[override]
        if not self.interrupted:
            self.interrupted = True
            raise KeyboardInterrupt
        return super().readline(size)

    def isatty(self) -> bool:
        return False


def test_ctrl_c_save_to_an_unwritable_path_asks_again(capsys, monkeypatch, tmp_path) -> None:
    monkeypatch.chdir(tmp_path)
    stdin = InterruptThenAnswer([str(tmp_path / "missing" / "x.json"), "good.json"])
    r = kd(capsys, monkeypatch, "play", "-p", "human,greedy", "--seed", "9", stdin=stdin)
    assert r.code == 130
    assert "could not save" in r.err
    assert r.err.count("Save the game to") == 2
    assert verify(read_save(tmp_path / "good.json")).ok


def test_ctrl_c_save_failure_then_no_gives_up(capsys, monkeypatch, tmp_path) -> None:
    monkeypatch.chdir(tmp_path)
    stdin = InterruptThenAnswer([str(tmp_path / "missing" / "x.json"), "n"])
    r = kd(capsys, monkeypatch, "play", "-p", "human,greedy", "--seed", "9", stdin=stdin)
    assert r.code == 130
    assert "Not saved." in r.err
    assert list(tmp_path.iterdir()) == []


# -- kd simulate --json: one type per key -------------------------------------------------


def test_simulate_wins_are_always_fractional_numbers(capsys, monkeypatch) -> None:
    """``wins`` counts shared victories as fractions: a seat that never wins reports 0.0,
    not the integer 0 (a typed reader must not see two types for one key)."""
    r = kd(capsys, monkeypatch, "simulate", "-p", "greedy,random", "-n", "3", "--seed", "1",
           "--json")  # fmt: skip
    assert r.code == 0, r.err
    seats = r.json()["seats"]
    assert any(s["wins"] == 0 for s in seats)  # the case that used to print 0
    for s in seats:
        assert type(s["wins"]) is float and type(s["win_rate"]) is float
        assert type(s["mean_score"]) is float


# -- display ----------------------------------------------------------------------------


def test_kingdom_header_says_1_point_not_1_points(capsys, monkeypatch) -> None:
    from kingdomino_cli.display import table_lines
    from kingdomino_core import Engine, Ruleset

    engine = Engine(Ruleset(name="b", plugins=["base"]), 2)
    game = engine.new_game(seed=3)
    while not any(s.total == 1 for s in game.scores()):
        if game.is_chance():
            game.resolve_chance()
            continue
        actions = game.legal_actions()
        # a crowned square next to nothing of its terrain: 1 point
        game.apply(actions[0])
        assert not game.is_terminal()
    text = "\n".join(table_lines(game, ["A", "B"], colour=False))
    assert "1 points" not in text and "1 point" in text


# -- docs/formats.md: kd score of kd play's grid is kd play's score, in every shipped ruleset -


PLAYERS = {"teamdomino": "greedy,random,greedy,random,greedy,random", "grand-duel": "greedy,random"}


@pytest.mark.parametrize("name", sorted(e.name for e in list_rulesets() if e.where == "shipped"))
@pytest.mark.parametrize("seed", [1, 2])
def test_play_json_grid_scores_the_same_with_kd_score(capsys, monkeypatch, name, seed) -> None:
    players = PLAYERS.get(name, "greedy,random,greedy")
    r = kd(capsys, monkeypatch, "play", "-r", name, "-p", players, "--seed", str(seed), "--json")
    assert r.code == 0, r.err
    result = r.json()
    seats = sorted(s for k in result["kingdoms"] for s in k["players"])
    assert seats == list(range(len(players.split(","))))
    for kingdom in result["kingdoms"]:
        grid = "\n".join(kingdom["grid"]) + "\n"
        s = kd(capsys, monkeypatch, "score", "-", "-r", name, "--json", stdin=ScriptedStdin([grid]))
        assert s.code == 0, (s.err, grid)
        assert s.json() == kingdom["score"], (name, seed, kingdom["players"])


def test_ctrl_c_save_failure_then_end_of_input_stops_asking(capsys, monkeypatch, tmp_path) -> None:
    monkeypatch.chdir(tmp_path)
    stdin = InterruptThenAnswer([str(tmp_path / "missing" / "x.json")])
    r = kd(capsys, monkeypatch, "play", "-p", "human,greedy", "--seed", "9", stdin=stdin)
    assert r.code == 130
    assert r.err.count("Save the game to") == 2 and "Not saved." in r.err


@pytest.mark.parametrize("spec", ["greedy:x=1", "random:tim=2"])
def test_options_to_agents_without_options_are_a_usage_error(capsys, monkeypatch, spec) -> None:
    """A typo such as ``greedy:depth=2`` must not silently play plain greedy."""
    r = kd(capsys, monkeypatch, "play", "-p", f"{spec},greedy", "--seed", "1", "--json")
    assert r.code == 2 and r.out == ""
    assert spec.split(":")[0] in r.err and spec.split(":")[1].split("=")[0] in r.err


# -- help and usage errors in one style (docs/cli-reference.md) ---------------------------


@pytest.mark.parametrize(
    ("args", "message", "command"),
    [
        (["play", "--seed", "abc"], "Invalid value for '--seed'", "kd play"),
        (["play", "--jsn"], "No such option: --jsn", "kd play"),
        (["score"], "Missing argument", "kd score"),
        (["ruleset", "validate", "--x"], "No such option: --x", "kd ruleset validate"),
        (["simulate", "-n", "0"], "-n must be at least 1, not 0", "kd simulate"),
        (["nosuch"], "No such command 'nosuch'", "kd"),
    ],
)
def test_usage_errors_are_one_error_line_and_a_hint(capsys, monkeypatch, args, message, command):
    r = kd(capsys, monkeypatch, *args)
    assert r.code == 2 and r.out == ""
    lines = r.err.splitlines()
    assert len(lines) == 2, r.err
    assert lines[0].startswith("kd: error: ") and message in lines[0]
    assert lines[1] == f"kd: hint: '{command} --help' lists the options"
    assert "╭" not in r.err and "Usage:" not in r.err  # no click box


@pytest.mark.parametrize("command", ["play", "simulate", "score", "replay"])
def test_help_shows_flags_as_flags(capsys, monkeypatch, command) -> None:
    """``--json`` takes no value, so its help must not show one (``--json <bool>``)."""
    r = kd(capsys, monkeypatch, command, "--help")
    assert r.code == 0
    assert "<bool>" not in r.out and "BOOLEAN" not in r.out
    flag = next(line for line in r.out.splitlines() if "--json" in line)
    assert re.search(r"--json\s{2,}\S", flag) and "--help" in r.out
