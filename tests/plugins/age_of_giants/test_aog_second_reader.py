"""A second, independent reading of Age of Giants scoring and legality (issue #14).

Nothing here imports the plugins' scorers: every quest, the property points with
giants, the crowns tie-break (I-G8) and the giant/footprint/receive decisions are
recomputed by brute force from the printed dominoes (docs/rules/age-of-giants.md)
and compared with what the plugins report, over seeded games (2-5 players,
random and greedy seats, the 7x7 duel) and over random hand-built kingdoms.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable

import attrs
import kd_bots
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kd_age_of_giants import NAME as AOG
from kd_age_of_giants.options import AgeOfGiantsOptions
from kd_quests import context, revealed
from kd_quests.quests import all_quests, point_functions

from kingdomino_core import AgentRegistry, Discard, Engine, Game, Kingdom, Pass, Place, Reveal
from kingdomino_core.testing import make_engine, random_choice, set_kingdom

Cell = tuple[int, int]
BLEAK = {"wheat", "forest", "lake", "grassland"}
TERRAINS = ("wheat", "forest", "lake", "grassland", "swamp", "mine")
AROUND = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


class Model:
    """A kingdom as the rules describe it: squares with printed crowns and giants."""

    def __init__(
        self,
        squares: dict[Cell, tuple[str, int]],
        giants: dict[Cell, int],
        discarded: bool,
        size: int,
    ) -> None:
        self.squares = squares  # (x, y) -> (terrain name, printed crowns); castle excluded
        self.giants = giants
        self.discarded = discarded
        self.size = size

    def showing(self, cell: Cell) -> int:
        return max(0, self.squares[cell][1] - self.giants.get(cell, 0))

    def frames(self) -> list[Cell]:
        """Top-left corners of every size x size frame holding castle and squares (I-G9)."""
        xs = [0] + [x for x, _ in self.squares]
        ys = [0] + [y for _, y in self.squares]
        n = self.size
        return [
            (x0, y0)
            for x0 in range(max(xs) - n + 1, min(xs) + 1)
            for y0 in range(max(ys) - n + 1, min(ys) + 1)
        ]

    def corners(self, x0: int, y0: int) -> list[Cell]:
        n = self.size - 1
        return [(x0, y0), (x0 + n, y0), (x0, y0 + n), (x0 + n, y0 + n)]

    def regions(self) -> list[tuple[str, list[Cell]]]:
        seen: set[Cell] = set()
        found = []
        for start in sorted(self.squares):
            if start in seen:
                continue
            terrain = self.squares[start][0]
            region, todo = [], [start]
            seen.add(start)
            while todo:
                x, y = todo.pop()
                region.append((x, y))
                for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    other = (x + dx, y + dy)
                    if other not in seen and self.squares.get(other, ("",))[0] == terrain:
                        seen.add(other)
                        todo.append(other)
            found.append((terrain, region))
        return found

    # -- the quests, read from the tiles ------------------------------------------------

    def local_business(self, terrain: str) -> int:
        return 5 * sum(self.squares.get(c, ("",))[0] == terrain for c in AROUND)

    def four_corners(self, terrain: str) -> int:
        return 5 * max(
            sum(self.squares.get(c, ("",))[0] == terrain for c in self.corners(*f))
            for f in self.frames()
        )

    def harmony(self) -> int:
        return 5 * (len(self.squares) == self.size**2 - 1 and not self.discarded)

    def middle_kingdom(self) -> int:
        half = self.size // 2
        return 10 * any((x0 + half, y0 + half) == (0, 0) for x0, y0 in self.frames())

    def lost_corner(self) -> int:
        return 20 * any((0, 0) in self.corners(*f) for f in self.frames())

    def folie(self, covered_count: bool = False) -> int:
        crowned = {
            c
            for c, (_t, printed) in self.squares.items()
            if (printed if covered_count else self.showing(c)) > 0
        }
        lines = [
            frozenset((x + i * dx, y + i * dy) for i in range(3))
            for (x, y) in crowned
            for dx, dy in DIRECTIONS
            if all((x + i * dx, y + i * dy) in crowned for i in range(3))
        ]
        return 10 * max_compatible(lines)

    def bleak_king(self) -> int:
        return 10 * sum(
            1
            for terrain, region in self.regions()
            if terrain in BLEAK and len(region) >= 5 and not any(self.showing(c) for c in region)
        )

    def quest(self, quest_id: str) -> int:
        for prefix in ("local_business_", "four_corners_"):
            if quest_id.startswith(prefix):
                return getattr(self, prefix[:-1])(quest_id[len(prefix) :])
        return {
            "harmony": self.harmony,
            "middle_kingdom": self.middle_kingdom,
            "lost_corner": self.lost_corner,
            "folie_des_grandeurs": self.folie,
            "bleak_king": self.bleak_king,
        }[quest_id]()

    # -- property scoring and tie-break ------------------------------------------------

    def properties(self) -> int:
        return sum(len(r) * sum(self.showing(c) for c in r) for _t, r in self.regions())

    def largest(self) -> int:
        return max((len(r) for _t, r in self.regions()), default=0)

    def crowns(self, covered_count: bool = False) -> int:
        return sum(
            printed if covered_count else self.showing(c)
            for c, (_t, printed) in self.squares.items()
        )


def max_compatible(lines: list[frozenset[Cell]]) -> int:
    """Most lines no two of which share two squares: brute force per conflict component."""
    conflicts = {
        i: {j for j in range(len(lines)) if j != i and len(lines[i] & lines[j]) >= 2}
        for i in range(len(lines))
    }
    seen: set[int] = set()
    total = 0
    for start in range(len(lines)):
        if start in seen:
            continue
        component, todo = [], [start]
        seen.add(start)
        while todo:
            i = todo.pop()
            component.append(i)
            for j in conflicts[i] - seen:
                seen.add(j)
                todo.append(j)
        best = 0
        for r in range(len(component), 0, -1):
            if any(
                all(b not in conflicts[a] for a, b in itertools.combinations(chosen, 2))
                for chosen in itertools.combinations(component, r)
            ):
                best = r
                break
        total += best
    return total


def model_of(game: Game, index: int) -> Model:
    """The model of a played kingdom, from its placements and printed dominoes only."""
    kingdom = game.kingdoms[index]
    board = kingdom.board
    names = [t.name for t in game.engine.registry.terrains]
    squares: dict[Cell, tuple[str, int]] = {}
    for _seat, domino, first, second in kingdom.placements:
        played = game.domino(domino)
        a, b = played.domino.squares
        squares[board.xy(first)] = (names[played.terrain_a], a.crowns)
        squares[board.xy(second)] = (names[played.terrain_b], b.crowns)
    giants = {board.xy(c): n for c, n in (kingdom.layers.get("giants") or {}).items()}
    return Model(squares, giants, bool(kingdom.discards), board.size)


# -- seeded games ----------------------------------------------------------------------


def agents(seed: int, kinds: Iterable[str]) -> list:
    registry = AgentRegistry()
    kd_bots.kd_register_agents(agents=registry)
    return [
        registry.make(kind, random.Random(seed + i)) if kind != "random" else None
        for i, kind in enumerate(kinds)
    ]


def own_cover_actions(game: Game, seat: int) -> list[tuple[int, int]]:
    """The squares a giant may cover: every square still showing a crown; with
    ``giants_per_square = "one"`` (I-G6) only squares without a giant."""
    model = model_of(game, game.config.kingdom_of(seat))
    one = game.config.option(AOG, AgeOfGiantsOptions).giants_per_square == "one"
    return sorted(
        c for c in model.squares if model.showing(c) > 0 and not (one and model.giants.get(c))
    )


def may_target(game: Game, seat: int) -> bool:
    """I-G15: by default only an opponent with a crown to cover may be sent a giant."""
    return (
        bool(own_cover_actions(game, seat))
        or not game.config.option(AOG, AgeOfGiantsOptions).footprint_needs_crown
    )


def check_decision(game: Game) -> int:
    """The legal list of an AoG decision equals our own enumeration; 1 if one was checked."""
    step = game.step
    assert step is not None
    seat = step.seat
    legal = game.legal_actions()
    key = lambda c: (c[1], c[0])  # noqa: E731  (cell order: row by row)
    if step.kind == "aog.giant":
        mine = sorted(own_cover_actions(game, seat), key=key)
        assert mine, "a giant step with no crown to cover (I-G4: dismissed)"
        assert [(a.x, a.y) for a in legal] == mine
        assert game.ext["age_of_giants"].supply > 0
        return 1
    if step.kind == "aog.receive":
        mine = sorted(own_cover_actions(game, seat), key=key) or [(0, 0)]
        assert [(a.x, a.y) for a in legal] == mine
        assert all(a.seat == seat for a in legal)  # the receiver chooses
        return 1
    if step.kind == "aog.footprint":
        cfg = game.config
        own = cfg.kingdom_of(seat)
        model = model_of(game, own)
        holders = sorted((c for c, n in model.giants.items() if n), key=key)
        opponents = [
            s
            for s in range(cfg.players)
            if cfg.kingdom_of(s) != own and may_target(game, s)  # I-G15
        ]
        expected = {(x, y, t) for (x, y) in holders for t in opponents}
        sends = [a for a in legal if not isinstance(a, Pass)]
        assert {(a.x, a.y, a.to) for a in sends} == expected
        assert len(sends) == len(expected)
        assert sum(isinstance(a, Pass) for a in legal) == 1  # optional
        return 1
    return 0


def expected_places(game: Game, models: list[Model]) -> list[tuple[int, ...]]:
    quests = [q.id for q in revealed(game)]
    keys = {}
    for k, m in enumerate(models):
        total = m.properties() + sum(m.quest(q) for q in quests)
        keys[k] = (total, m.largest(), m.crowns())
    order = sorted(set(keys.values()), reverse=True)
    return [tuple(k for k in keys if keys[k] == v) for v in order]


def play(engine: Engine, seed: int, kinds: list[str]) -> tuple[Game, int]:
    game = engine.new_game(seed=seed)
    bots = agents(seed, kinds)
    rng = random_choice(random.Random(seed))
    checked = 0
    while not game.is_terminal():
        if game.is_chance():
            game.resolve_chance()
            continue
        checked += check_decision(game)
        bot = bots[game.current_seat]
        action = bot.act(game) if bot is not None else rng(game)
        seat = game.current_seat
        game.apply(action)
        check_trigger(game, seat, action)
    return game, checked


def check_trigger(game: Game, seat: int, action) -> None:
    """A giant domino added to a kingdom with a crown brings a giant (I-G4: else
    dismissed); a footprint domino offers a send when there is a giant and a target."""
    if not isinstance(action, Place | Discard):
        return
    kind = game.step.kind if game.step is not None else None
    number = action.domino.number
    model = model_of(game, game.config.kingdom_of(seat))
    if number < 0:
        supply = game.ext["age_of_giants"].supply
        crowned = bool(own_cover_actions(game, seat))  # a crown a giant may stand on
        expected = isinstance(action, Place) and crowned and supply > 0
        assert (kind == "aog.giant" and game.step.seat == seat) == expected
    elif number >= 49:
        cfg = game.config
        own = cfg.kingdom_of(seat)
        target = any(may_target(game, s) for s in range(cfg.players) if cfg.kingdom_of(s) != own)
        expected = isinstance(action, Place) and bool(model.giants) and target
        assert (kind == "aog.footprint" and game.step.seat == seat) == expected


def check_final(game: Game) -> None:
    models = [model_of(game, k) for k in range(len(game.kingdoms))]
    names = {q.name: q.id for q in all_quests().values()}
    sheets = game.scores()
    for k, sheet in enumerate(sheets):
        m = models[k]
        quest_lines = [line for line in sheet.lines if line.kind == "quest"]
        assert len(quest_lines) == 2
        for line in quest_lines:
            assert line.points == m.quest(names[line.name]), (k, line.name)
        assert sum(line.points for line in sheet.properties) == m.properties()
        assert sheet.total == m.properties() + sum(line.points for line in quest_lines)
        assert sheet.total == game.score_total(k)
        printed = sum(p for _t, p in m.squares.values())
        assert sum(m.giants.get(c, 0) for c in m.squares) <= printed
    ranking = game.ranking(sheets)
    assert list(ranking.places) == expected_places(game, models)


ENGINES = {n: make_engine("age-of-giants", n) for n in (2, 3, 4, 5)}
DUEL = make_engine(["base", "grand_duel", "quests", "age_of_giants"], 2)
KINDS = st.sampled_from(["random", "greedy"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 5), seed=st.integers(0, 2**31), data=st.data())
def test_seeded_games_match_the_second_reading(players: int, seed: int, data) -> None:
    kinds = data.draw(st.lists(KINDS, min_size=players, max_size=players))
    game, _checked = play(ENGINES[players], seed, kinds)
    check_final(game)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), kinds=st.lists(KINDS, min_size=2, max_size=2))
def test_seeded_7x7_duels_match_the_second_reading(seed: int, kinds: list[str]) -> None:
    """I-G12: the 7x7 game's quests use the 7x7 frame."""
    game, _ = play(DUEL, seed, kinds)
    assert game.kingdoms[0].board.size == 7
    check_final(game)


def test_the_seeded_games_do_meet_giants_and_footprints() -> None:
    """The property tests above are not vacuous: decisions are checked in real games."""
    checked = sum(play(ENGINES[n], seed, ["greedy"] * n)[1] for n in (2, 4, 5) for seed in (1, 2))
    assert checked >= 6


# -- hand-built kingdoms ------------------------------------------------------------------


@st.composite
def hand_built(draw, size: int = 5) -> Model:
    """A random kingdom inside a size x size frame holding the castle (any shape)."""
    x0 = draw(st.integers(-(size - 1), 0))
    y0 = draw(st.integers(-(size - 1), 0))
    cells = [(x, y) for x in range(x0, x0 + size) for y in range(y0, y0 + size) if (x, y) != (0, 0)]
    full = draw(st.booleans())
    chosen = cells if full else draw(st.lists(st.sampled_from(cells), unique=True))
    squares, giants = {}, {}
    for cell in chosen:
        terrain = draw(st.sampled_from(TERRAINS[:4] if draw(st.booleans()) else TERRAINS))
        printed = draw(st.sampled_from([0, 0, 0, 1, 1, 2, 3]))
        squares[cell] = (terrain, printed)
        if printed and draw(st.integers(0, 3)) == 0:
            giants[cell] = draw(st.integers(1, printed))
    return Model(squares, giants, draw(st.booleans()), size)


def kingdom_of(model: Model, engine: Engine) -> Kingdom:
    """The same kingdom in the engine's terms: crowns showing, the giants layer."""
    board = engine.board
    names = [t.name for t in engine.registry.terrains]
    kingdom = Kingdom(board, len(names))
    for (x, y), (terrain, _printed) in sorted(model.squares.items()):
        kingdom.put(board.cell(x, y), names.index(terrain), model.showing((x, y)))
    layer = kingdom.layer("giants")
    for (x, y), n in model.giants.items():
        layer[board.cell(x, y)] = n
    if model.discarded:
        kingdom.discards.append((0, next(iter(engine.pile))))
    return kingdom


@settings(max_examples=400, deadline=None)
@given(model=hand_built())
def test_every_quest_on_hand_built_kingdoms(model: Model) -> None:
    engine = ENGINES[4]
    scored = point_functions(context(engine.config, engine.registry))
    kingdom = kingdom_of(model, engine)
    assert len(scored) == 17
    for quest_id, function in scored.items():
        assert function(kingdom) == model.quest(quest_id), quest_id


@settings(max_examples=150, deadline=None)
@given(model=hand_built(size=7))
def test_every_quest_on_hand_built_7x7_kingdoms(model: Model) -> None:
    scored = point_functions(context(DUEL.config, DUEL.registry))
    kingdom = kingdom_of(model, DUEL)
    for quest_id, function in scored.items():
        assert function(kingdom) == model.quest(quest_id), quest_id


# -- hand-computed examples from the tiles' texts ---------------------------------------


def grid(rows: list[str], crowns: dict[Cell, int] | None = None, giants=None) -> Model:
    """Rows of terrain letters (w f l g s m, C castle, . empty); castle at (0, 0)."""
    letters = dict(zip("wflgsm", TERRAINS, strict=True))
    cy = next(i for i, r in enumerate(rows) if "C" in r)
    cx = rows[cy].index("C")
    squares = {
        (x - cx, y - cy): (letters[ch], (crowns or {}).get((x - cx, y - cy), 0))
        for y, row in enumerate(rows)
        for x, ch in enumerate(row)
        if ch in letters
    }
    return Model(squares, giants or {}, False, 5)


def both(model: Model, quest_id: str) -> tuple[int, int]:
    engine = ENGINES[4]
    scored = point_functions(context(engine.config, engine.registry))
    return scored[quest_id](kingdom_of(model, engine)), model.quest(quest_id)


FULL = ["wwfff", "wlCff", "lllgg", "ssmgg", "mmmgg"]


@pytest.mark.parametrize(
    ("quest_id", "rows", "crowns", "giants", "points"),
    [
        # Local Business: 5 per square of the terrain among the 8 around the castle.
        ("local_business_lake", FULL, {}, {}, 5 * 3),  # (-1,0) (-1,1) (0,1)
        ("local_business_forest", FULL, {}, {}, 5 * 3),
        ("local_business_mine", FULL, {}, {}, 0),
        # Four Corners: 5 per corner square of the terrain.
        ("four_corners_grassland", FULL, {}, {}, 5),
        ("four_corners_wheat", FULL, {}, {}, 5),
        ("four_corners_mine", FULL, {}, {}, 5),
        ("four_corners_forest", FULL, {}, {}, 5),
        ("four_corners_lake", FULL, {}, {}, 0),
        # Harmony: complete 5x5, nothing discarded.
        ("harmony", FULL, {}, {}, 5),
        ("harmony", ["wwfff", "wlCff", "lllgg", "ssmgg", "mmmg."], {}, {}, 0),
        # Middle Kingdom: castle in the centre; an incomplete kingdom may still score.
        ("middle_kingdom", ["..f..", "..C..", "....."], {}, {}, 10),
        ("middle_kingdom", FULL, {}, {}, 0),
        # Lost Corner: castle on a corner of the grid.
        ("lost_corner", ["Cwwww", "fffff", "lllll", "ggggg", "sssss"], {}, {}, 20),
        ("lost_corner", ["Cw", "f."], {}, {}, 20),
        ("lost_corner", FULL, {}, {}, 0),
        # Folie des Grandeurs: runs of 3 = 1 line, 4 = 1, 5 = 2 (share one square).
        ("folie_des_grandeurs", ["wwwC."], {(-3, 0): 1, (-2, 0): 1, (-1, 0): 2}, {}, 10),
        (
            "folie_des_grandeurs",
            ["wwwwC"],
            {(-4, 0): 1, (-3, 0): 1, (-2, 0): 1, (-1, 0): 1},
            {},
            10,
        ),
        (
            "folie_des_grandeurs",
            ["wwwww", "..C.."],
            {(x, -1): 1 for x in range(-2, 3)},
            {},
            20,
        ),
        # A row and a column crossing on one square: 2 lines.
        (
            "folie_des_grandeurs",
            [".w.", "wwwC", ".w."],
            {(-3, 0): 1, (-2, 0): 1, (-1, 0): 1, (-2, -1): 1, (-2, 1): 1},
            {},
            20,
        ),
        # Diagonal line; a giant covering the middle crown breaks it (I-G7).
        (
            "folie_des_grandeurs",
            ["w..", ".w.", "..wC"],
            {(-3, -2): 1, (-2, -1): 1, (-1, 0): 1},
            {},
            10,
        ),
        (
            "folie_des_grandeurs",
            ["w..", ".w.", "..wC"],
            {(-3, -2): 1, (-2, -1): 1, (-1, 0): 1},
            {(-2, -1): 1},
            0,
        ),
        # Bleak King: crownless wheat/forest/lake/grassland property of 5+: 10 each, once.
        ("bleak_king", ["wwwwC", "wwwww"], {}, {}, 10),  # 9 squares: once
        ("bleak_king", ["ssssC", "s...."], {}, {}, 0),  # swamp never counts
        ("bleak_king", ["ffffC", "f...."], {(-4, 0): 1}, {}, 0),
        ("bleak_king", ["ffffC", "f...."], {(-4, 0): 1}, {(-4, 0): 1}, 10),  # covered = none
        ("bleak_king", ["ffffC", "f...."], {(-4, 0): 2}, {(-4, 0): 1}, 0),  # one still shows
        ("bleak_king", ["ffffC", "..."], {}, {}, 0),  # 4 squares
    ],
)
def test_hand_computed_examples(quest_id, rows, crowns, giants, points) -> None:
    plugin, mine = both(grid(rows, crowns, giants), quest_id)
    assert mine == points  # the second reading agrees with the hand count
    assert plugin == points


# -- the 12 dominoes, the deck and the line (I-G1, I-G2, I-G3) ----------------------------

#: The 12 Age of Giants dominoes as printed: (left terrain, crowns, right terrain, crowns).
AOG_DOMINOES = {
    -6: ("forest", 0, "wheat", 0),  # A
    -5: ("forest", 0, "wheat", 0),  # B
    -4: ("lake", 0, "wheat", 0),  # C
    -3: ("mine", 0, "grassland", 0),  # D
    -2: ("swamp", 0, "grassland", 0),  # E
    -1: ("lake", 0, "grassland", 0),  # F
    49: ("wheat", 2, "forest", 1),
    50: ("forest", 2, "lake", 1),
    51: ("lake", 2, "grassland", 1),
    52: ("grassland", 2, "swamp", 1),
    53: ("swamp", 2, "mine", 1),
    54: ("mine", 2, "swamp", 1),
}


def test_the_twelve_dominoes_square_by_square() -> None:
    engine = ENGINES[4]
    game = engine.new_game(seed=0)
    found = {}
    for domino in engine.pile:
        if domino.number < 1 or domino.number > 48:
            a, b = game.domino(domino).domino.squares
            found[domino.number] = (a.terrain, a.crowns, b.terrain, b.crowns)
    assert found == AOG_DOMINOES
    assert len(engine.pile) == 60


@pytest.mark.parametrize(
    ("players", "drawn", "positions", "duel"),
    [
        (2, 30, (3,), False),
        (3, 60, (2, 4), False),
        (4, 60, (3,), False),
        (5, 60, (), False),
        (2, 60, (3,), True),  # I-G12: the 7x7 duel plays every domino
    ],
)
@pytest.mark.parametrize("seed", [3, 11])
def test_lines_of_five_sorted_letters_first_and_the_discards(players, drawn, positions, duel, seed):
    """I-G1 deck size, lines of 5 with A-F above every number, I-G3 discarded positions."""
    game, _ = play(DUEL if duel else ENGINES[players], seed, ["random"] * players)
    reveals = [a.domino for a in game.log if isinstance(a, Reveal)]
    assert len(reveals) == drawn and len(set(reveals)) == drawn
    expected = []
    for i in range(0, drawn, 5):
        line = sorted(reveals[i : i + 5], key=lambda d: d.number)  # -6..-1 are A..F
        expected += [line[p - 1] for p in positions]
    assert list(game.unpicked) == expected
    for k in game.kingdoms:
        assert len(k.placements) + len(k.discards) == (24 if duel else 12)


@pytest.mark.parametrize(("covered_count", "places"), [(False, [(0, 1)]), (True, [(1,), (0,)])])
def test_covered_crowns_and_the_crowns_tie_break(covered_count: bool, places) -> None:
    """I-G8: equal totals and largest property; kingdom 2's extra crown is covered."""
    engine = make_engine(
        "age-of-giants",
        2,
        quests={"fixed": ["four_corners_mine", "local_business_mine"]},
        age_of_giants={"covered_crowns_in_tiebreak": covered_count},
    )
    game = engine.new_game(seed=1)
    set_kingdom(game, 0, "C L1 L0 W0 W0")
    set_kingdom(game, 1, "C L1 L0 W0+giant W0")
    sheets = game.scores()
    assert [s.total for s in sheets] == [2, 2]  # a covered crown scores nothing
    assert list(game.ranking(sheets).places) == places


@settings(max_examples=150, deadline=None)
@given(model=hand_built())
def test_folie_counting_covered_crowns_reading(model: Model) -> None:
    """I-G7's other reading (``folie_covered_crowns``): printed crowns make a square crowned."""
    engine = ENGINES[4]
    ctx = attrs.evolve(context(engine.config, engine.registry), folie_covered_crowns=True)
    scored = point_functions(ctx)["folie_des_grandeurs"]
    assert scored(kingdom_of(model, engine)) == model.folie(covered_count=True)


READINGS = [
    {"giants_per_square": "one"},
    {"footprint_needs_crown": False},
    {"giants_per_square": "one", "footprint_needs_crown": False},
]


@pytest.mark.parametrize("reading", READINGS, ids=str)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 5), seed=st.integers(0, 2**31))
def test_seeded_games_under_other_readings(reading: dict, players: int, seed: int) -> None:
    """I-G6 / I-G15 alternatives: legal lists, triggers and scores still match."""
    engine = make_engine("age-of-giants", players, age_of_giants=reading)
    game, _ = play(engine, seed, ["greedy", "random"] * 3)
    check_final(game)
