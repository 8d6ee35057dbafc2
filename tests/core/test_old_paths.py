"""Issue 11 item 6: every module path of the flat core (before the sub-packages)
still imports, as the very same module, with a DeprecationWarning naming the new
path; nothing a plugin imported from an old path is lost or copied."""

from __future__ import annotations

import importlib
import subprocess
import sys
import warnings

import pytest

import kingdomino_core
from kingdomino_core._old_paths import OLD_PATHS

# What each old module defined itself (its own classes, functions and constants),
# read from the source of the last flat layout: a plugin may have imported any of
# these from the old path.
OLD_NAMES: dict[str, tuple[str, ...]] = {
    "actions": (
        "Action",
        "CHANCE",
        "CORE_ACTIONS",
        "Claim",
        "Discard",
        "DrawKing",
        "Pass",
        "Place",
        "Reveal",
        "Step",
        "field_problems",
    ),
    "agents": ("Agent", "AgentFactory", "AgentRegistry", "installed_agents"),
    "components": ("Domino", "DominoId", "DominoSet", "Square", "Terrain"),
    "config": ("ConfigBuilder", "GameConfig", "T", "typed_option"),
    "core_steps": (
        "ClaimHandler",
        "DrawKingHandler",
        "PlaceHandler",
        "RevealHandler",
        "anchor_masks",
        "legal_placements",
        "placement_violations",
        "put_domino",
        "register",
    ),
    "encoding": (
        "ActionEncoder",
        "ActionSpace",
        "Choice",
        "ClaimEncoder",
        "DEFAULT_SLOTS",
        "Dimension",
        "EncodingError",
        "LayerPlanes",
        "Number",
        "PlaceEncoder",
        "ProductEncoder",
        "Single",
        "Square",
        "StateEncoder",
        "core_encoders",
    ),
    "engine": ("Engine", "Hooks", "structure_options"),
    "game": ("Game",),
    "geometry": ("Board", "DIRECTIONS", "Direction", "board"),
    "hook_results": (
        "CHECKS",
        "Check",
        "PluginResultError",
        "check_core_state",
        "check_result",
        "core_state",
    ),
    "hookspecs": (
        "kd_after_place",
        "kd_configure",
        "kd_describe_game",
        "kd_draw_pool",
        "kd_end_of_turn",
        "kd_line_discards",
        "kd_line_laid_out",
        "kd_order_line",
        "kd_rank",
        "kd_register_agents",
        "kd_register_components",
        "kd_register_rules",
        "kd_score_kingdom",
        "kd_setup_game",
        "kd_turn_order",
        "kd_validate",
    ),
    "kingdom": ("CASTLE", "EMPTY", "Kingdom"),
    "kingdom_text": ("format_kingdom", "format_square", "max_crowns", "parse_kingdom"),
    "limits": (
        "InputLimitError",
        "MAX_CROWNS",
        "MAX_DEPTH",
        "MAX_EXTENDS",
        "MAX_GAMES",
        "MAX_INT_DIGITS",
        "MAX_KINGDOM_BYTES",
        "MAX_KINGDOM_SIZE",
        "MAX_RULESET_BYTES",
        "MAX_SAVE_BYTES",
        "loads_json",
        "loads_toml",
        "too_deep",
    ),
    "markers": ("HOOK_API", "PROJECT", "hookimpl", "hookspec"),
    "plugins": (
        "Catalogue",
        "ENTRY_POINT_GROUP",
        "HookCaller",
        "PLUGIN_FAULTS",
        "PluginInfo",
        "blame",
        "build_plugin_manager",
        "call_each",
        "compile_hook",
        "default_catalogue",
        "load_file",
        "make_plugin_manager",
        "unmarked_hooks",
    ),
    "registry": ("Annotation", "Piece", "PlayDomino", "Registry"),
    "rules": (
        "ClaimRule",
        "ExtraActions",
        "PlacementRule",
        "RuleBook",
        "StateSlice",
        "StepHandler",
        "StepWrapper",
        "WithExtraActions",
        "is_immutable",
    ),
    "ruleset": ("Ruleset",),
    "ruleset_chain": (
        "Merged",
        "RulesetDocument",
        "RulesetTable",
        "Source",
        "chain_complete",
        "check_plugins",
        "check_trust",
        "converter",
        "copy_value",
        "merge",
        "read_chain",
    ),
    "ruleset_files": (
        "DEFAULT_RULESET",
        "allowed_players",
        "load_ruleset",
        "load_ruleset_file",
        "load_ruleset_text",
        "locate_problems",
        "resolved_document",
        "resolved_toml",
        "validate_ruleset",
    ),
    "ruleset_lookup": (
        "ENV_VAR",
        "MAX_NAME",
        "RulesetEntry",
        "SHIPPED_PACKAGE",
        "file_kind",
        "find_ruleset",
        "list_rulesets",
        "looks_like_path",
        "not_found",
        "search_dirs",
    ),
    "savegame": (
        "CHANCE_SCRIPTED",
        "CHANCE_SEED",
        "FORMAT",
        "PlayerEntry",
        "ReplayMismatchError",
        "RulesetTable",
        "SaveFormatError",
        "SavedGame",
        "VERSION",
        "Verification",
        "apply_logged",
        "build_engine",
        "decision_seed",
        "derive_seed",
        "final_result",
        "parse_save",
        "read_actions",
        "read_save",
        "replay",
        "result_problem",
        "save_of",
        "to_json",
        "verify",
        "write_save",
    ),
    "scoring": ("Ranking", "ScoreLine", "ScoreSheet", "rank_by"),
    "serialize": ("action_from_dict", "action_to_dict", "make_converter"),
    "strict": ("KeyPath", "TypeMismatch", "describe", "dotted", "problems", "strict_converter"),
    "toml_lines": ("KeyLines", "Path"),
    "trust": ("CodeNotAllowedError", "DEFAULT", "SAVED_GAME", "Trust", "UNTRUSTED"),
    "words": (
        "cell_words",
        "describe_action",
        "describe_step",
        "domino_words",
        "generic_step_words",
        "icons",
        "kingdom_name",
        "ordinal",
        "pieces_at",
        "plural",
        "seat_name",
        "square_words",
    ),
}


def test_the_table_covers_every_old_module() -> None:
    # ``engine`` is now the engine package and ``errors`` did not move.
    assert set(OLD_NAMES) == set(OLD_PATHS) | {"engine"}
    assert len(OLD_NAMES) == 29


@pytest.mark.parametrize("old", sorted(OLD_PATHS))
def test_an_old_path_imports_as_the_same_module_and_warns(old: str) -> None:
    new = importlib.import_module(f"kingdomino_core.{OLD_PATHS[old]}")
    sys.modules.pop(f"kingdomino_core.{old}", None)  # as in a fresh process
    with pytest.warns(DeprecationWarning, match=rf"kingdomino_core\.{old} moved to "):
        module = importlib.import_module(f"kingdomino_core.{old}")
    assert module is new
    assert module.__name__ == module.__spec__.name == f"kingdomino_core.{OLD_PATHS[old]}"
    for name in OLD_NAMES[old]:
        assert getattr(module, name) is getattr(new, name), f"{old}.{name}"


@pytest.mark.parametrize("old", sorted(OLD_PATHS))
def test_an_old_path_works_as_an_attribute_of_the_package(old: str) -> None:
    sys.modules.pop(f"kingdomino_core.{old}", None)
    vars(kingdomino_core).pop(old, None)  # set by an import of the old path
    with pytest.warns(DeprecationWarning) as caught:
        module = getattr(kingdomino_core, old)
    assert module is importlib.import_module(f"kingdomino_core.{OLD_PATHS[old]}")
    # the warning points at the code that asked, not at the import machinery
    assert caught[0].filename == __file__


def test_the_engine_package_keeps_what_the_engine_module_defined() -> None:
    import kingdomino_core.engine as engine
    from kingdomino_core.engine import engine as module

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for name in OLD_NAMES["engine"]:
            assert getattr(engine, name) is getattr(module, name)


def test_old_paths_share_classes_and_markers() -> None:
    """isinstance across old and new paths, and a plugin marked with the old path's
    ``hookimpl`` is still seen as implementing a hook."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        from kingdomino_core.actions import Place as OldPlace
        from kingdomino_core.markers import hookimpl as old_hookimpl
        from kingdomino_core.plugins import Catalogue
    from kingdomino_core.model.actions import Place
    from kingdomino_core.model.geometry import Direction

    place = Place(seat=0, domino=1, x=1, y=0, direction=Direction.E)
    assert isinstance(place, OldPlace) and OldPlace is Place

    class Plugin:
        @old_hookimpl
        def kd_validate(self) -> list[str]:
            return []

    catalogue = Catalogue(entry_points=False)
    assert catalogue.get(catalogue.add_module(Plugin(), "old")).hooks() == ["kd_validate"]


def test_an_unknown_name_is_still_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="has no attribute 'nothing'"):
        _ = kingdomino_core.nothing  # type: ignore[attr-defined]
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("kingdomino_core.nothing")


def test_a_fresh_process_imports_every_old_path() -> None:
    """The way a third-party plugin meets them: first import, in a new interpreter,
    with DeprecationWarnings turned into errors except the old paths' own."""
    code = "; ".join(
        [
            "import warnings",
            "warnings.simplefilter('error')",
            "warnings.filterwarnings('default', message='kingdomino_core[.]\\\\w+ moved to')",
            *(f"import kingdomino_core.{old}" for old in sorted(OLD_PATHS)),
            "from kingdomino_core.savegame import replay",
            "from kingdomino_core.core_steps import PlaceHandler",
            "print('ok')",
        ]
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "ok\n"
    assert done.stderr.count("DeprecationWarning") == len(OLD_PATHS)
