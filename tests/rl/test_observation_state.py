"""Observations show every piece of public state: a change in it changes the observation.

For each shipped ruleset (and the option variants that turn on more state), random
games are played through the environment; at positions along the way one piece of
state is changed in a clone of the game, and the observation of the clone must
differ from the game's. Checked pieces:

* every kingdom layer holding something (tokens, tiles, fire, giants, ...): one
  of its entries is removed (generic: a new plugin's layer is checked too);
* every field of every plugin state slice (``game.ext``), with one change per field
  declared below; a field neither changed here nor listed in ``NOT_OBSERVED`` (with
  the reason the plugin's observation module gives) fails the test, so state added
  later must be observed or explained;
* the lines laid out ahead by a ``lookahead_lines`` house rule (``game.upcoming``).

The hidden order of the pile is the one thing that must not show (tested last).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from kingdomino_core import Engine, Game
from kingdomino_core.rulesets.lookup import list_rulesets
from kingdomino_core.testing import make_engine
from kingdomino_rl import KingdominoEnv

SHIPPED = sorted(e.name for e in list_rulesets() if e.where == "shipped")
LOOKAHEAD = str(Path(__file__).resolve().parents[2] / "examples" / "lookahead" / "lookahead.toml")

#: (ruleset, plugin options): every shipped ruleset, and variants whose options
#: add state to observe.
CASES: list[tuple[str, dict[str, dict[str, Any]]]] = [
    *((name, {}) for name in SHIPPED),
    ("court", {"court": {"spent_tokens": "discard"}}),
    ("age-of-giants", {"age_of_giants": {"send_received_giants": False}}),
    (LOOKAHEAD, {}),
]

#: Kingdom layers that copy state observed elsewhere (changing only the copy is not
#: a change of the game): quests on every castle (``quests.revealed``), totems on
#: their holders' castles (``origins.totems``).
MIRRORS = {"quests", "origins.totems"}

#: Plugin state fields deliberately not observed; the reasons are in the plugins'
#: observation modules (and docs/rl.md).
NOT_OBSERVED = {
    "court": {"spent", "bought"},
    "origins": {
        "fire_taken",
        "fire_discarded",
        "res_laid",
        "res_destroyed",
        "res_spent",
        "res_discarded",
        "cavemen_destroyed",
    },
    "age_of_giants": {"market_discards", "dismissed"},
}

#: A change of one field in a clone: True if made, False if impossible at this
#: position, None if the field plays no part in this configuration.
Change = Callable[[Game], "bool | None"]


def _line_dominoes(game: Game) -> list[Any]:
    return [*game.line, *game.next_line]


def _court_visible(game: Game) -> bool:
    st = game.ext["court"]
    st.visible = (*st.visible, st.pile[0] if st.pile else "farmer")
    return True


def _court_pile(game: Game) -> bool:
    st = game.ext["court"]
    if not st.pile:
        return False
    st.pile = st.pile[1:]
    return True


def _court_on_dominoes(game: Game) -> bool:
    st = game.ext["court"]
    dominoes = _line_dominoes(game)
    if not dominoes:
        return False
    domino = dominoes[0]
    if st.on_dominoes.get(domino, (None, None))[0] is None:
        st.on_dominoes[domino] = ("wheat", None)
    else:
        st.on_dominoes[domino] = (None, None)
    return True


def _court_laid_out(game: Game) -> bool | None:
    if game.config.option("court").spent_tokens != "discard":
        return None  # an unlimited supply: nothing to count
    st = game.ext["court"]
    st.laid_out = (st.laid_out[0] + 1, *st.laid_out[1:])
    return True


def _origins_market(game: Game) -> bool | None:
    if game.config.option("origins").mode == "discovery":
        return None
    st = game.ext["origins"]
    dominoes = _line_dominoes(game)
    if not dominoes:
        return False
    domino = dominoes[0]
    first = st.market.get(domino, (None, None))[0]
    st.market[domino] = ("fish" if first != "fish" else "flint", None)
    return True


def _origins_totems(game: Game) -> bool | None:
    st = game.ext["origins"]
    if game.config.option("origins").mode != "totem":
        return None
    holder = st.totems["mammoth"]
    st.totems["mammoth"] = 0 if holder is None else None
    return True


def _origins_cave_visible(game: Game) -> bool | None:
    st = game.ext["origins"]
    if game.config.option("origins").mode != "tribe":
        return None
    if st.cave_visible:
        st.cave_visible.pop()
    else:
        st.cave_visible.append(next(iter(st.cave_pile)))
    return True


def _origins_cave_pile(game: Game) -> bool | None:
    st = game.ext["origins"]
    if game.config.option("origins").mode != "tribe":
        return None
    kind = next(iter(st.cave_pile))
    st.cave_pile[kind] += 1
    return True


def _aog(field: str) -> Change:
    def change(game: Game) -> bool:
        st = game.ext["age_of_giants"]
        game.ext["age_of_giants"] = attrs.evolve(st, **{field: getattr(st, field) + 1})
        return True

    return change


def _quests(game: Game) -> bool:
    from kd_quests.quests import all_quests

    shown = game.ext["quests"]
    if shown:
        game.ext["quests"] = shown[1:]
    else:
        game.ext["quests"] = (next(iter(all_quests())),)
    return True


CHANGES: dict[str, dict[str, Change]] = {
    "court": {
        "visible": _court_visible,
        "pile": _court_pile,
        "on_dominoes": _court_on_dominoes,
        "laid_out": _court_laid_out,
    },
    "origins": {
        "market": _origins_market,
        "totems": _origins_totems,
        "cave_visible": _origins_cave_visible,
        "cave_pile": _origins_cave_pile,
    },
    "age_of_giants": {"supply": _aog("supply"), "travelling": _aog("travelling")},
    "quests": {"": _quests},
}


def _upcoming(game: Game) -> bool | None:
    if game.config.lookahead_lines == 0:
        return None
    if not game.upcoming or not game.pile:
        return False
    game.upcoming[0][0], game.pile[0] = game.pile[0], game.upcoming[0][0]
    return True


def fields_of(value: Any) -> list[str]:
    """The fields of a state slice: slots, attrs fields, or "" for a plain value."""
    if attrs.has(type(value)):
        return [f.name for f in attrs.fields(type(value))]
    slots = getattr(type(value), "__slots__", None)
    return list(slots) if slots else [""]


def positions(engine: Engine, games: int, every: int) -> list[Game]:
    """Clones of positions (every ``every``-th decision) of random masked games."""
    env = KingdominoEnv(engine)
    rng = np.random.default_rng(0)
    out = []
    for seed in range(games):
        env.reset(seed=seed)
        step = 0
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            game = env.game
            assert game is not None
            if step % every == 0:
                out.append(game.clone())
            step += 1
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return out


def seen(env: KingdominoEnv, game: Game) -> np.ndarray:
    seat = game.pending[0].seat if game.pending and game.pending[0].seat >= 0 else 0
    return env.observer.flat(game, seat)


@pytest.mark.parametrize(
    ("ruleset", "options"),
    CASES,
    ids=[f"{Path(r).stem}{'-' + '-'.join(map(str, o.values())) if o else ''}" for r, o in CASES],
)
def test_a_change_of_public_state_changes_the_observation(
    ruleset: str, options: dict[str, dict[str, Any]]
) -> None:
    engine = make_engine(ruleset, None, **options)
    env = KingdominoEnv(engine)
    made: dict[str, bool | None] = {}
    layers: set[str] = set()
    for game in positions(engine, games=2, every=3):
        before = seen(env, game)
        checks: list[tuple[str, Change]] = [("upcoming", _upcoming)]
        for name, value in game.ext.items():
            changes = CHANGES.get(name, {})
            for field in fields_of(value):
                if field in NOT_OBSERVED.get(name, ()):
                    continue
                assert field in changes, (
                    f"state {name}.{field or '(value)'} is neither observed by a test change "
                    "nor listed in NOT_OBSERVED: observe it (Registry.add_observation) "
                    "or say why not"
                )
                checks.append((f"{name}.{field}" if field else name, changes[field]))
        for label, change in checks:
            clone = game.clone()
            result = change(clone)
            if result is None:
                made.setdefault(label, None)
                continue
            made[label] = made.get(label) or result
            if result:
                assert not np.array_equal(seen(env, clone), before), f"{label} changed unseen"
        for k, kingdom in enumerate(game.kingdoms):
            for layer_name, layer in kingdom.layers.items():
                if not layer or layer_name in MIRRORS:
                    continue
                layers.add(layer_name)
                clone = game.clone()
                del clone.kingdoms[k].layers[layer_name][next(iter(layer))]
                after = seen(env, clone)
                assert not np.array_equal(after, before), f"layer {layer_name} changed unseen"
    never = sorted(label for label, result in made.items() if result is False)
    assert never == [], f"no position of the games allowed changing {never}"
    # The variants exist to reach their state: make sure they did.
    if "laid_out" in str(options) or "discard" in str(options):
        assert made["court.laid_out"]
    if ruleset == LOOKAHEAD:
        assert made["upcoming"]


def test_the_order_of_the_pile_is_never_seen() -> None:
    engine = make_engine("court", 2)
    env = KingdominoEnv(engine)
    for game in positions(engine, games=1, every=7):
        if len(game.pile) < 2:
            continue
        clone = game.clone()
        clone.pile.reverse()
        assert np.array_equal(seen(env, clone), seen(env, game))
