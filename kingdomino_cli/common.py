"""Helpers shared by the ``kd`` commands: rulesets, engines, agents, JSON output."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import attrs
import typer

from kingdomino_core import AgentRegistry, Ruleset
from kingdomino_core.i18n import package_translation
from kingdomino_core.inputs.trust import DEFAULT, Trust
from kingdomino_core.rulesets.files import load_ruleset
from kingdomino_play.engines import engine_for

_ = package_translation("kingdomino_cli")
_l = _.lazy

#: ``--allow-code FILE`` (repeatable): one plugin file allowed to run (docs/trust.md).
AllowCode = Annotated[
    list[Path] | None,
    typer.Option(
        "--allow-code",
        metavar="FILE",
        help=_l(
            "Let this plugin file run although you did not name it (inherited through "
            "extends, or stored in a save); repeat for several. See docs/trust.md."
        ),
    ),
]
#: ``--trust``: every plugin file the ruleset or save names may run.
TrustAll = Annotated[
    bool,
    typer.Option(
        "--trust",
        help=_l("Let every plugin file the ruleset or saved game names run (see docs/trust.md)."),
    ),
]


def trust_of(allow_code: list[Path] | None, trust_all: bool, base: Trust = DEFAULT) -> Trust:
    """The :class:`Trust` that ``--allow-code`` and ``--trust`` ask for."""
    return attrs.evolve(base, files=frozenset(allow_code or ()), everything=trust_all)


def resolve_ruleset(arg: str | None, trust: Trust = DEFAULT, players: int | None = None) -> Ruleset:
    """The ruleset named or located by ``--ruleset`` (None: the base game).

    ``players``: the count the command will play, if known: the loader checks the
    ruleset with that engine, which :data:`build_engine` then returns (one engine
    build per command).
    """
    return load_ruleset(arg, trust=trust, players=players)


def seat_count(players: str | None) -> int | None:
    """How many seats ``--players`` lists (None if not given), before it is parsed:
    a hint for :func:`resolve_ruleset` (a bad list is reported by its parser)."""
    return None if players is None else len(players.split(","))


#: An engine for a ruleset and a player count (the play layer's, shared by every command).
build_engine = engine_for


def agent_registry() -> AgentRegistry:
    """Agents registered by every installed plugin (active in the ruleset or not),
    loaded lazily by name: a broken plugin nobody asks for changes nothing."""
    from kingdomino_core.engine.agents import installed_agents

    return installed_agents()


#: Seeds ``kd`` accepts: the 63-bit seeds it draws itself. Python's generator seeds ``n``
#: and ``-n`` alike, so a negative seed would deal the same game as its opposite.
MAX_SEED = 2**63 - 1


def seed_problem(seed: int | None) -> str | None:
    """Why ``--seed seed`` is refused (None: it is fine)."""
    if seed is None or 0 <= seed <= MAX_SEED:
        return None
    return _("--seed {seed}: expected an integer from 0 to 2**63-1 ({most})").format(
        seed=seed, most=MAX_SEED
    )


def emit_json(obj: Any) -> None:
    """Write exactly one JSON document on stdout."""
    json.dump(obj, sys.stdout, sort_keys=False)
    sys.stdout.write("\n")
