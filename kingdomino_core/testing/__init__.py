"""The testing kit for plugin authors (and for the project's own tests).

Everything here is plain Python, free of pytest, so embedders can use it too::

    from kingdomino_core.testing import make_engine, kingdom_from_text, recount, conformance

    engine = make_engine(["base"], 4, base={"harmony": True})   # plugins + options
    k = kingdom_from_text(engine, "C F1 F0\\n. . .")            # a kingdom from text
    game = ScriptedChance(dominoes=[1, 2, 3, 4], kings=[3, 2, 1, 0]).new_game(engine)
    conformance(["base", "my_rule"], 4, seeds=range(5)).raise_for_problems()

The checks are independent of the code they check: :func:`recount` scores a
kingdom by its own flood fill over the per-cell data, :func:`brute_force_placements`
tries every cell and direction with ``placement_violations`` instead of the
bit-mask generator.
"""

from __future__ import annotations

from .build import (
    RulesetLike,
    ScriptedChance,
    domino_id,
    game_with_draws,
    kingdom_from_text,
    make_engine,
    make_game,
    place_step_game,
    play_random_game,
    random_choice,
    replay,
    set_kingdom,
)
from .checks import (
    Digest,
    Property,
    brute_force_placements,
    check_placement_consistency,
    digest,
    kingdom_problems,
    recount,
    reported_properties,
)
from .conformance import ConformanceReport, check_game, conformance

__all__ = [
    "ConformanceReport",
    "Digest",
    "Property",
    "RulesetLike",
    "ScriptedChance",
    "brute_force_placements",
    "check_game",
    "check_placement_consistency",
    "conformance",
    "digest",
    "domino_id",
    "game_with_draws",
    "kingdom_from_text",
    "kingdom_problems",
    "make_engine",
    "make_game",
    "place_step_game",
    "play_random_game",
    "random_choice",
    "recount",
    "replay",
    "reported_properties",
    "set_kingdom",
]
