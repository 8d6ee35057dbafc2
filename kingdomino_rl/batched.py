"""A batched environment: ``batch`` games stepped in one compiled call (docs/rl.md).

Needs the ``fast`` extra (numba) besides ``rl``. It covers what the compiled
kernel covers (``kingdomino_fast.tables.engine_problem``: the base game 2-4 players
with its options, the Grand Duel, XL); any other ruleset is refused with the
reason. Observations and action masks are those of :class:`~kingdomino_rl.KingdominoEnv`
with ``observation="flat"``, number for number: their layout, the numbers of each
domino and the action numbers come from this package's
:class:`~kingdomino_rl.observation.Observer` and the core's
:class:`~kingdomino_core.engine.encoding.ActionSpace`, not from a copy.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from kingdomino_core import Engine, Ruleset
from kingdomino_core.engine.encoding import ActionSpace
from kingdomino_core.saves.savegame import derive_seed

from . import checks
from .aec import REWARDS, make_engine
from .observation import Observer

#: What a seat can be: played by the caller, or one of the kernel's bots.
SEATS = ("learner", "random", "greedy")


def _kernel() -> Any:
    """The compiled modules, or an ImportError that says how to install them."""
    try:
        from kingdomino_fast import batch, kernel, observe, tables, twister, vector
    except ImportError as error:
        raise ImportError(f"BatchedEnv needs numba ({error}): pip install -e '.[fast]'") from None
    return batch, kernel, observe, tables, twister, vector


class BatchedEnv:
    """``batch`` games of one ruleset stepped together, as numpy arrays.

    ``seats``: one entry per seat, ``"learner"`` (the caller chooses its moves) or
    a bot of the kernel, ``"random"`` or ``"greedy"`` (default: every seat a
    learner, self-play). Each slot of the batch waits at the decision of a learner
    seat (``info["seat"]``); bots' decisions and chance are played inside
    :meth:`step`. ``reward``: ``"win"`` or ``"margin"``, as in
    :class:`~kingdomino_rl.KingdominoEnv`. ``seed`` (for :meth:`reset` without
    one): match ``e`` of a run (``info["episode"]``, counted from 0 in the order
    slots start them) is the game seeded ``derive_seed("game", seed, e)``, which is
    ``kd simulate``'s ``game_seed(seed, e)``, so ``kd play --seed`` replays it.

    The arrays returned are the environment's own buffers (read-only views: the
    observation rows are kept up to date in place, see ``kingdomino_fast.observe``),
    overwritten by the next call: copy what you keep, or pass ``copy=True`` to get
    fresh arrays from every call (a copy of each, about 12 KB a game in the 2-player
    game: the observation, the final observation and the mask).
    """

    def __init__(
        self,
        ruleset: str | Ruleset | Engine = "base",
        players: int | None = None,
        *,
        batch: int = 1024,
        seats: Sequence[str] | None = None,
        reward: str = "win",
        seed: int | None = None,
        copy: bool = False,
    ) -> None:
        fast_batch, kernel, observe, tables, _, vector = _kernel()
        self._vector = vector
        checks.choice("reward", reward, REWARDS)
        size = checks.count("batch", batch)
        if size is None or size < 1:
            raise ValueError(f"batch must be at least 1, not {batch!r}")
        #: Games stepped together (the arrays' first dimension).
        self.batch: int = size
        self.engine = engine = make_engine(ruleset, checks.count("players", players, optional=True))
        cfg = engine.config
        n = cfg.players
        if seats is not None and (
            isinstance(seats, str) or not all(isinstance(s, str) for s in seats)
        ):
            raise TypeError(f"seats must be a sequence of strings, not {seats!r}")
        specs = tuple(seats) if seats is not None else ("learner",) * n
        if len(specs) != n or any(s not in SEATS for s in specs):
            raise ValueError(f"seats must be {n} of {', '.join(SEATS)}, not {seats!r}")
        if "learner" not in specs:
            raise ValueError("seats: at least one seat must be a learner")
        problem = tables.engine_problem(engine)
        observer = Observer(engine)
        if problem is None and observer.shapes["plugin"][0]:
            problem = "plugins add observation numbers"
        if problem is None and observer.R != 2:
            problem = "lines laid out ahead"
        if problem is not None:
            raise ValueError(f"BatchedEnv does not cover this ruleset: {problem}")
        self.observer = observer
        self.action_space_map = space = ActionSpace(engine)
        self.seats = specs
        self.reward_kind = reward
        self._seed = seed
        #: Whether each call returns fresh copies rather than the env's own buffers.
        self.copy: bool = bool(copy)
        self._t = fast_batch.tables_of(engine)
        self._agents = np.array(
            [vector.LEARNER if s == "learner" else tables.AGENTS[s] for s in specs], np.int64
        )
        self._bots = any(s != "learner" for s in specs)
        self._layout = self._make_layout(observer, space, observe)
        # One row per domino (kernel index = pile order = the observer's rank).
        self._table = np.array(observer.domino_table, dtype=np.float32)  # a writeable copy
        self._allocate(kernel, observe)
        self._started = False

    @staticmethod
    def _make_layout(observer: Observer, space: ActionSpace, v: Any) -> np.ndarray:
        layout = np.zeros(v.N_LAYOUT, np.int64)
        for name, index in (
            ("kingdoms", v.L_KINGDOMS),
            ("lines", v.L_LINES),
            ("scores", v.L_SCORES),
            ("decision", v.L_DECISION),
        ):
            layout[index] = observer.offsets[name][0]
        layout[v.L_NKINDS] = len(observer.kinds)
        layout[v.L_CLAIM_KIND] = observer.kinds.index("claim")
        layout[v.L_PLACE_KIND] = observer.kinds.index("place")
        layout[v.L_KINGS_PER_SEAT] = observer.kings_per_seat
        layout[v.L_D] = observer.D
        layout[v.L_ROWS] = observer.R
        layout[v.L_PLANE] = (observer.T + 2) * observer.W * observer.W
        layout[v.L_T] = observer.T
        layout[v.L_PLACE_OFF] = space.slices["place"][0]
        layout[v.L_DISCARD_OFF] = space.slices["discard"][0]
        layout[v.L_CLAIM_OFF] = space.slices["claim"][0]
        layout[v.L_ACTIONS] = space.size
        return layout

    def _allocate(self, kernel: Any, observe: Any) -> None:
        t, b, cfg = self._t, self.batch, self.engine.config
        nk, width = cfg.kingdoms, 2 * cfg.kingdom_size - 1
        if width != self.observer.W:
            raise ValueError("BatchedEnv: the board is not 2 x kingdom size - 1 wide")
        nt = len(self.engine.registry.terrains)
        ndeck, size, kings = len(t.ids), cfg.line_size, cfg.kings
        rows = b * nk  # slot g's kingdom q is row g * nk + q
        self._kst = kernel.kingdom_arrays(rows, nt, width)  # filled as each match starts
        self._view = np.zeros((b, 2), np.int64)  # each row's seat and its kingdom
        self._occ = np.zeros((rows, 3, width * width), np.int16)  # kingdoms' squares (list_square)
        self._in_pile = np.zeros((b, ndeck), np.bool_)
        self._pool = np.zeros((b, ndeck), np.int64)
        self._drawn = np.zeros((b, size), np.int64)
        self._lines = [np.full((b, size), -1, np.int64) for _ in range(4)]
        self._undrawn = np.zeros((b, kings), np.int64)
        room = 4 * (kings + size) + 16
        self._pending = np.zeros((b, room, 4), np.int64)
        self._ints = np.zeros((b, observe.N_V), np.int64)
        self._past = np.zeros((b, nk, 3), np.int64)
        # each match's chance numbers, drawn ahead when it is queued (see _fill)
        self._chance_count = _kernel()[4].chance_count(t.params)
        self._chance = np.zeros((b, self._chance_count), np.float64)
        self._max_moves = int(t.params[kernel.P_MAX_MOVES])
        self._streams = np.zeros((b, self._max_moves) if self._bots else (1, 1), np.int64)
        self._slot_ids = np.zeros((b, 4), np.int64)  # episode, seed; the ended match's
        self._qnext = np.zeros(1, np.int64)
        self._queue_rows = 2 * b
        self._ob = np.zeros((b, self.observer.flat_size), np.float32)
        self._mask = np.zeros((b, self.action_space_map.size), np.int8)
        self._rewards = np.zeros((b, cfg.players), np.float32)
        self._terminated = np.zeros(b, np.bool_)
        self._truncated = np.zeros(b, np.bool_)
        self._final = np.zeros((b, self.observer.flat_size), np.float32)
        self._seat = np.zeros(b, np.int64)
        self._q_ids: np.ndarray = np.zeros((0, 2), np.int64)
        # What the caller gets: read-only views (the rows are the kernel's state).
        self._obs: dict[str, np.ndarray] = {
            "observation": _read_only(self._ob),
            "action_mask": _read_only(self._mask),
        }
        self._out = (
            _read_only(self._rewards),
            _read_only(self._terminated),
            _read_only(self._truncated),
        )
        self._info: dict[str, Any] = {
            "seat": _read_only(self._seat),
            "final_observation": _read_only(self._final),
            "episode": _read_only(self._slot_ids[:, 0]),
            "seed": _read_only(self._slot_ids[:, 1]),
            "final_episode": _read_only(self._slot_ids[:, 2]),
            "final_seed": _read_only(self._slot_ids[:, 3]),
        }

    # -- the queue of prepared matches ---------------------------------------------

    def _fill(self, fresh: bool) -> None:
        """Keep at least ``batch`` prepared matches (seed words, decision streams)."""
        fast_batch = _kernel()[0]
        if fresh:
            start, rows = 0, self._queue_rows
            kept_ids = np.zeros((0, 2), np.int64)
            kept = None
        else:
            start = int(self._qnext[0])
            if self._queue_rows - start >= self.batch:
                return
            rows = start
            kept_ids = self._q_ids[start:]
            kept = start
        first = self._next_episode
        episodes = list(range(first, first + rows))
        self._next_episode += rows
        seeds = [derive_seed("game", self._run_seed, e) for e in episodes]
        keys, keylens = fast_batch.seed_words(seeds)
        chance = _kernel()[4].first_numbers(keys, keylens, self._chance_count)
        ids = np.array([[e, s] for e, s in zip(episodes, seeds, strict=True)], np.int64)
        streams = (
            fast_batch.decision_words(seeds, self._max_moves) if self._bots else np.zeros((1, 1))
        )
        if kept is None:
            self._q_chance, self._q_ids = chance, ids
            self._q_streams = streams.astype(np.int64)
        else:
            self._q_chance = np.concatenate([self._q_chance[kept:], chance])
            self._q_ids = np.concatenate([kept_ids, ids])
            if self._bots:
                self._q_streams = np.concatenate([self._q_streams[kept:], streams])
        self._qnext[0] = 0

    # -- the API ----------------------------------------------------------------------

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Start a match in every slot; ``seed`` (None: the constructor's, else a
        random one) fixes the run; ``options``, as in the other environments, a dict
        whose keys are not used. Returns ``(observation, info)``: see :meth:`step`."""
        checks.options_value(options)
        number = checks.seed_value(seed if seed is not None else self._seed)
        if number is None:
            number = int(np.random.SeedSequence().generate_state(2, np.uint64)[0] >> 1)
        self._run_seed = number
        self._next_episode = 0
        self._fill(fresh=True)
        self._call(np.zeros(self.batch, np.int64), reset=True)
        self._started = True
        if self.copy:
            return _copied(self._obs), _copied(self._info)
        return self._obs, self._info

    def step(
        self, actions: Any
    ) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Play ``actions[g]`` (an action number legal in ``action_mask[g]``) in every
        slot ``g``. Returns ``(observation, rewards, terminated, truncated, info)``:

        - ``observation``: ``{"observation": (batch, F) float32, "action_mask":
          (batch, A) int8}``, for the learner seat ``info["seat"][g]`` now to decide;
        - ``rewards``: ``(batch, players)`` float32, every seat's reward, non-zero only
          where the slot's match ended in this step;
        - ``terminated``: ``(batch,)`` bool, the match ended in this step and the slot
          started the next one (its observation is the new match's first decision);
          ``truncated``: always False;
        - ``info``: ``"seat"``, ``"final_observation"`` (``(batch, F)``: where
          terminated, the ended match seen by the seat that made this step's move),
          ``"episode"`` and ``"seed"`` of the match now in each slot (where terminated,
          the next one's), ``"final_episode"`` and ``"final_seed"`` (where
          terminated: the ended match's; ``kd play --seed`` replays it).

        An action that is not legal raises ``ValueError`` and changes nothing."""
        if not self._started:
            raise RuntimeError("call reset() before step()")
        array = np.asarray(actions)
        if array.shape != (self.batch,) or not np.issubdtype(array.dtype, np.integer):
            raise TypeError(
                f"actions must be {self.batch} integers (an array of shape ({self.batch},)), "
                f"not {array.dtype} of shape {array.shape}"
            )
        self._call(array.astype(np.int64, copy=False), reset=False)
        if self.copy:
            rewards, terminated, truncated = (a.copy() for a in self._out)
            return _copied(self._obs), rewards, terminated, truncated, _copied(self._info)
        return self._obs, *self._out, self._info

    def _call(self, actions: np.ndarray, *, reset: bool) -> None:
        self._fill(fresh=False)
        t, v = self._t, self._vector
        bad = v.step_batch(
            t.params, self._layout, self._table, t.deck, t.order_key, t.box, t.scoring,
            t.king_owner, t.seat_kingdom, t.tiebreaks, t.dynasty_tiebreaks, self._agents,
            v.REWARD_WIN if self.reward_kind == "win" else v.REWARD_MARGIN, self._kst,
            self._ob, self._view, self._occ, self._in_pile, self._pool, self._drawn,
            *self._lines, self._undrawn, self._pending, self._ints, self._past, self._chance,
            self._streams, self._q_chance, self._q_streams, self._q_ids,
            self._slot_ids, self._qnext, actions, self._mask, self._rewards, self._terminated,
            self._final, self._seat, reset,
        )  # fmt: skip
        if bad == v.OUT_OF_CHANCE:
            raise RuntimeError("BatchedEnv: a match drew more chance numbers than its bound")
        if bad >= 0:
            number = int(actions[bad])
            name = self.action_space_map.name(number)
            raise ValueError(
                f"slot {bad}: action {number} ({name}) is not legal now; choose one where "
                f"action_mask[{bad}] is 1"
            )


def _copied(arrays: dict[str, Any]) -> dict[str, Any]:
    """The same dictionary of arrays, each a fresh (writeable) copy."""
    return {name: array.copy() for name, array in arrays.items()}


def _read_only(array: np.ndarray) -> np.ndarray:
    """A view of ``array`` that cannot be written through."""
    view = array.view()
    view.flags.writeable = False
    return view
