"""What each hook may return: one check per hook, applied to every plugin's result.

A plugin that returns the wrong thing (a string where a list is expected, a domino
that is not in the pile, a :class:`~kingdomino_core.model.scoring.Ranking` that leaves a
kingdom out) is refused right where it returned it, naming the plugin and the hook,
instead of failing later somewhere in the core with nobody named. The checks run
once per hook call and per plugin (never in an inner loop), and only on results that
are not None: None always means "nothing to add" or "defer".

A hook documented as returning nothing may return anything: the value is ignored.

Game hooks must also leave the core's own state alone: the list of kingdoms, the
draw pile, the action log (a cleared log would make the save unplayable) and the
table of plugin state slices (another plugin's slice removed would make that plugin
fail, blamed for nothing). Their
sizes are compared before and after each plugin's call; a change is refused like a
bad result.

Both are made for every plugin, the built-in ones included, unless the caller turns
them off for a whole game (``Engine.new_game(check_hooks=False)``: ``kd simulate``,
a bot's search); ``hooks.table`` applies them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..errors import PluginHookError, Problem
from ..model.actions import Step
from ..model.components import DominoId, domino_order
from ..model.market import offer_problem
from ..model.pieces import TableNote
from ..model.scoring import Ranking, ScoreLine

#: ``check(result, hook arguments)`` -> the problem, or None if the result is fine.
Check = Callable[[Any, Mapping[str, Any]], str | None]


class PluginResultError(PluginHookError):
    """A plugin's hook returned a value of the wrong type or content."""

    def __init__(self, plugin: str, hook: str, problem: str, *, did: str = "") -> None:
        self.problem = problem
        super().__init__(plugin, hook, TypeError(problem))
        did = did or f"returned a bad result from hook {hook}"
        self.args = (f"plugin {plugin!r} {did}: {problem}",)

    def __str__(self) -> str:
        return str(self.args[0])


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _list_of(value: Any, kind: type | tuple[type, ...], what: str) -> str | None:
    if not isinstance(value, list | tuple):
        return f"expected a list of {what}, got {_shown(value)}"
    for item in value:
        if not isinstance(item, kind) or isinstance(item, bool):
            return f"expected a list of {what}, got an item {_shown(item)}"
    return None


def _problems(result: Any, kw: Mapping[str, Any]) -> str | None:
    return _list_of(result, (Problem, str), "problems (Problem values or strings)")


def _domino_ids(result: Any, what: str) -> str | None:
    bad = _list_of(result, DominoId, "domino ids")
    if bad is not None:
        return bad
    if len(set(map(domino_order, result))) != len(result):  # (no Python hash per id)
        return f"{what} lists a domino twice: {_shown(result)}"
    return None


def _draw_pool(result: Any, kw: Mapping[str, Any]) -> str | None:
    bad = _domino_ids(result, "the pool")
    if bad is not None:
        return bad
    game = kw["game"]
    pile = set(map(domino_order, game.pile))
    stray = [str(d) for d in result if domino_order(d) not in pile]
    if stray:
        return f"dominoes not in the pile: {', '.join(stray)}"
    need = min(game.config.line_size, len(game.pile))
    if len(result) < need:
        return f"{len(result)} dominoes, but a line needs {need} (the pile holds {len(pile)})"
    return None


def _order_line(result: Any, kw: Mapping[str, Any]) -> str | None:
    drawn = kw["dominoes"]
    # The usual answer, checked in C (every round of a checked game): a list of
    # DominoId that sorts to the drawn dominoes (which are distinct, so no domino is
    # twice in it). Anything else gets the full checks below and their message.
    if (
        type(result) is list
        and set(map(type, result)) <= {DominoId}
        and sorted(map(domino_order, result)) == sorted(map(domino_order, drawn))
    ):
        return None
    bad = _domino_ids(result, "the line")
    if bad is not None:
        return bad
    if sorted(map(domino_order, result)) != sorted(map(domino_order, drawn)):
        return (
            "expected the drawn dominoes "
            f"({', '.join(str(d) for d in drawn)}) reordered, got {_shown(result)}"
        )
    return None


def _steps(result: Any, kw: Mapping[str, Any]) -> str | None:
    bad = _list_of(result, Step, "steps")
    if bad is not None:
        return bad
    handlers = kw["game"].engine.rules.handlers
    unknown = sorted({s.kind for s in result if s.kind not in handlers})
    if unknown:
        return f"steps no plugin handles: {', '.join(repr(k) for k in unknown)}"
    return None


def _score_lines(result: Any, kw: Mapping[str, Any]) -> str | None:
    bad = _list_of(result, ScoreLine, "ScoreLine")
    if bad is not None:
        return bad
    for line in result:
        for name in ("points", "squares", "crowns"):
            value = getattr(line, name)
            if not isinstance(value, int) or isinstance(value, bool):
                return f"ScoreLine {line.name!r}: {name} must be an integer, not {_shown(value)}"
    return None


def _ranking(result: Any, kw: Mapping[str, Any]) -> str | None:
    if not isinstance(result, Ranking):
        return f"expected a Ranking, got {_shown(result)}"
    places = result.places
    if not isinstance(places, tuple | list) or not all(
        isinstance(p, tuple | list) and p for p in places
    ):
        return f"Ranking.places must be non-empty groups of kingdoms, not {_shown(places)}"
    ranked = [k for place in places for k in place]
    kingdoms = sorted(sheet.kingdom for sheet in kw["sheets"])
    if (
        not all(isinstance(k, int) and not isinstance(k, bool) for k in ranked)
        or sorted(ranked) != kingdoms
    ):
        return (
            f"Ranking.places must rank every kingdom {kingdoms} exactly once, not {_shown(places)}"
        )
    won = result.won
    if won is not None and (
        not isinstance(won, tuple | list)
        or not all(isinstance(k, int) and not isinstance(k, bool) and k in kingdoms for k in won)
    ):
        return f"Ranking.won must be None or kingdoms of {kingdoms}, not {_shown(won)}"
    if not isinstance(result.verdict, str):
        return f"Ranking.verdict must be text, not {_shown(result.verdict)}"
    return None


def _offers(result: Any, kw: Mapping[str, Any]) -> str | None:
    return offer_problem(result, kw["dominoes"])


def _plan(result: Any, kw: Mapping[str, Any]) -> str | None:
    bad = _list_of(result, Step, "steps")
    if bad is not None:
        return bad
    given = [s for turn in kw["turns"] for s in turn]
    if len(result) != len(given) or any(result.count(s) != given.count(s) for s in given):
        return "expected the steps of the round's turns, each once, reordered"
    return None


def _verdict(result: Any, kw: Mapping[str, Any]) -> str | None:
    return (
        None if isinstance(result, bool) else f"expected True, False or None, got {_shown(result)}"
    )


def _lines(result: Any, kw: Mapping[str, Any]) -> str | None:
    bad = _list_of(result, (str, TableNote), "strings or TableNotes")
    if bad is not None:
        return bad
    for note in result:
        if isinstance(note, TableNote) and not isinstance(note.words, str):
            return f"TableNote: words must be a string, not {_shown(note.words)}"
    return None


#: The check of each hook's result (hooks returning nothing have none).
CHECKS: dict[str, Check] = {
    "kd_validate": _problems,
    "kd_draw_pool": _draw_pool,
    "kd_order_line": _order_line,
    "kd_offer_line": _offers,
    "kd_plan_round": _plan,
    "kd_game_over": _verdict,
    "kd_end_of_turn": _steps,
    "kd_score_kingdom": _score_lines,
    "kd_rank": _ranking,
    "kd_describe_game": _lines,
}


def check_result(plugin: str, hook: str, result: Any, kw: Mapping[str, Any]) -> None:
    """Raise :class:`PluginResultError` if ``result`` is not what ``hook`` may return."""
    check = CHECKS.get(hook)
    if check is None or result is None:
        return
    problem = check(result, kw)
    if problem is not None:
        raise PluginResultError(plugin, hook, problem)


def core_state(game: Any) -> tuple[int, int, int, int]:
    """What no game hook may change: how many kingdoms, undrawn dominoes, logged actions
    and plugin state slices (each plugin changes its own slice, never removes one)."""
    return (len(game.kingdoms), len(game.pile), len(game.log), len(game.ext))


_STATE_NAMES = ("game.kingdoms", "game.pile", "game.log", "game.ext")


def check_core_state(plugin: str, hook: str, before: tuple[int, int, int, int], game: Any) -> None:
    """Raise :class:`PluginResultError` if ``plugin`` changed the core's state in ``hook``."""
    after = core_state(game)
    if after != before:
        changed = [
            f"{name} from {a} to {b} entries"
            for name, a, b in zip(_STATE_NAMES, before, after, strict=True)
            if a != b
        ]
        raise PluginResultError(
            plugin,
            hook,
            ", ".join(changed) + " (only the core changes them)",
            did=f"changed the core's own state in hook {hook}",
        )
