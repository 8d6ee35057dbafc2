"""What the kernel covers, and an engine turned into the kernel's arrays.

:func:`covers` answers exactly: the kernel plays an engine only when its plugins,
options, rule objects, step handlers and game hooks are exactly those of a covered
ruleset (base 2-4 players with any of its options, the Grand Duel, XL), and only
the built-in ``random`` and ``greedy`` agents without options. Anything else (a
third-party plugin, a plugin file, a house rule that adds or replaces a rule, an
extra step) makes it answer False, and the Python engine plays as before.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from attrs import frozen
from kd_base.api import BaseOptions, Connects, ForcedPlacement, WithinSize
from kd_xl.api import XlOptions

from kingdomino_core import Engine
from kingdomino_core.engine.steps import (
    ClaimHandler,
    DrawKingHandler,
    PlaceHandler,
    RevealHandler,
)
from kingdomino_core.hooks.plugins import BUILT_IN
from kingdomino_core.hooks.specs import hook_names, tier

from . import kernel as K

#: The agent specs the kernel plays, with their kernel codes.
AGENTS = {"random": K.AGENT_RANDOM, "greedy": K.AGENT_GREEDY}

#: Covered plugin sets, and the game hooks each leaves implemented.
_COVERED = {
    frozenset({"base"}): frozenset({"kd_order_line", "kd_score_kingdom", "kd_rank"}),
    frozenset({"base", "grand_duel"}): frozenset({"kd_order_line", "kd_score_kingdom", "kd_rank"}),
    frozenset({"base", "xl"}): frozenset(
        {"kd_order_line", "kd_score_kingdom", "kd_rank", "kd_draw_pool", "kd_describe_game"}
    ),
}
_HANDLERS = {
    "reveal": RevealHandler,
    "draw_king": DrawKingHandler,
    "place": PlaceHandler,
    "claim": ClaimHandler,
}
_TIEBREAKS = {"largest_property": 0, "crowns": 1}


@frozen(kw_only=True)
class Tables:
    """An engine as the kernel's arrays (see ``kingdomino_fast.loop.play_batch``)."""

    params: np.ndarray
    #: Per domino, in the engine's pile order: terrain a, crowns a, terrain b,
    #: crowns b, symmetric.
    deck: np.ndarray
    order_key: np.ndarray
    box: np.ndarray
    scoring: np.ndarray
    king_owner: np.ndarray
    seat_kingdom: np.ndarray
    tiebreaks: np.ndarray
    dynasty_tiebreaks: np.ndarray
    #: The domino ids, by kernel index (the engine's pile order).
    ids: tuple[Any, ...]


def engine_problem(engine: Engine) -> str | None:
    """Why the kernel cannot play ``engine`` (None: it can)."""
    names = frozenset(p.name for p in engine.plugins)
    hooks = _COVERED.get(names)
    if hooks is None:
        return f"plugins {sorted(names)} are not covered"
    if any(p.source != BUILT_IN for p in engine.plugins) or engine.ruleset.plugin_files:
        return "a plugin is not the built-in one"
    implemented = frozenset(
        n for n in hook_names() if tier(n) == "game" and engine.hooks.implements(n)
    )
    if implemented != hooks:
        return f"game hooks {sorted(implemented)} differ from the covered ones"
    rules = engine.rules
    kinds = [type(r) for r in rules.placement_rules]
    if kinds != [WithinSize, Connects]:
        return f"placement rules {[r.id for r in rules.placement_rules]} are not the base game's"
    if [type(r) for r in rules.discard_rules] != [ForcedPlacement] or not engine.must_place:
        return "discard rules are not the base game's"
    if rules.claim_rules or rules.voluntary_discard or rules.state or rules.extra_actions:
        return "extra rules, state or actions"
    if set(rules.handlers) != set(_HANDLERS) or any(
        type(rules.handlers[k]) is not h for k, h in _HANDLERS.items()
    ):
        return "step handlers are not the core's"
    cfg = engine.config
    if not engine.board.square or not cfg.castle_at_start:
        return "kingdoms other than a square around a castle placed at the start"
    if cfg.kingdom_size > 8:  # a board row's cells are the bits of a 16-bit integer
        return "kingdoms larger than 8 x 8"
    if cfg.lookahead_lines or (
        cfg.seat_kingdom and list(cfg.seat_kingdom) != list(range(cfg.players))
    ):
        return "lookahead lines or shared kingdoms"
    if engine.score_totals is None or not engine.total_first_ranking:
        return "scoring is not the base game's"
    if "xl" in names:
        xl = cfg.option("xl", XlOptions)
        if tuple(xl.boxes) != ("base", "base"):
            return "xl boxes other than two base sets"
    for d in engine.deck.values():
        if max(d.crowns_a, d.crowns_b) > 100 or len(engine.registry.terrains) > 100:
            return "more crowns or terrains than the kernel holds"
    return None


def agents_problem(specs: Sequence[str]) -> str | None:
    """Why the kernel cannot play these agent specs (None: it can)."""
    for spec in specs:
        if spec not in AGENTS:
            return f"agent {spec!r} is not covered"
    return None


def covers(engine: Engine, specs: Sequence[str]) -> bool:
    """Whether the kernel plays ``engine`` with these agents exactly as the Python
    engine does (``docs/fast.md``): every plugin, option, rule and agent covered."""
    return engine_problem(engine) is None and agents_problem(specs) is None


def tables(engine: Engine) -> Tables:
    """The kernel's arrays for ``engine`` (``covers`` must have said yes)."""
    cfg = engine.config
    base = cfg.option("base", BaseOptions)
    ids = tuple(engine.pile)
    deck = np.zeros((len(ids), 5), np.int64)
    for i, d in enumerate(ids):
        p = engine.deck[d]
        deck[i] = (p.terrain_a, p.crowns_a, p.terrain_b, p.crowns_b, int(p.symmetric))
    by_line = sorted(range(len(ids)), key=lambda i: (ids[i].number, ids[i].box))
    order_key = np.zeros(len(ids), np.int64)
    for rank, i in enumerate(by_line):
        order_key[i] = rank
    frame = base.middle_kingdom_frame or cfg.kingdom_size
    first_box = cfg.option("xl", XlOptions).first_box if engine.plugin("xl") else 0
    kingdoms = cfg.kingdoms
    lines, size, kings = cfg.lines_total, cfg.line_size, cfg.kings
    per_game = lines * size + kings + 2 * lines * kings
    params = np.zeros(K.N_PARAMS, np.int64)
    params[K.P_SIZE] = cfg.kingdom_size
    params[K.P_WIDTH] = 2 * cfg.kingdom_size - 1
    params[K.P_KINGDOMS] = kingdoms
    params[K.P_PLAYERS] = cfg.players
    params[K.P_KINGS] = kings
    params[K.P_LINE_SIZE] = size
    params[K.P_LINES_TOTAL] = lines
    params[K.P_GAMES] = cfg.games
    params[K.P_DECK] = len(ids)
    params[K.P_MIDDLE_POINTS] = base.middle_kingdom_points if base.middle_kingdom else 0
    params[K.P_MIDDLE_HALF] = (frame - 1) // 2 if frame % 2 == 1 else -1
    params[K.P_HARMONY_POINTS] = base.harmony_points if base.harmony else 0
    params[K.P_HARMONY_NO_DISCARD] = int(base.harmony_requires_no_discard)
    params[K.P_FIRST_BOX] = first_box
    params[K.P_MAX_MOVES] = cfg.games * per_game + 1
    return Tables(
        params=params,
        deck=deck,
        order_key=order_key,
        box=np.array([d.box for d in ids], np.int64),
        scoring=np.array([t.scores for t in engine.registry.terrains], np.bool_),
        king_owner=np.array(engine.king_owner, np.int64),
        seat_kingdom=np.array(engine.seat_kingdom, np.int64),
        tiebreaks=np.array([_TIEBREAKS[n] for n in base.tiebreaks], np.int64),
        dynasty_tiebreaks=np.array([_TIEBREAKS[n] for n in base.dynasty_tiebreaks], np.int64),
        ids=ids,
    )
