"""Actions as integers: the fixed action space of a ruleset, for learning agents.

Reinforcement-learning libraries want a fixed set of actions numbered ``0 .. n-1``
and a mask of the legal ones. :class:`ActionSpace` builds that space for an engine:
one contiguous slice per kind of player action (``place``, ``claim``, a plugin's
``court.buy``, ...), in the order the kinds were registered (core actions first,
then each plugin's in plugin order). Chance actions are not in it: an environment
resolves chance itself.

How the actions of one kind map onto their slice is declared by the plugin that
registers the action class, with an :class:`ActionEncoder`::

    registry.add_action(BuyTile, encoder=ProductEncoder(
        Choice("source", ("visible", "pile")), Choice("tile", tile_names), Position("x", "y")))

A kind registered without an encoder gets the documented default: its slice has
``DEFAULT_SLOTS`` positions and an action is numbered by its position among the
legal actions of its kind, in the order the step handler lists them. That always
works (if a decision never offers more than ``DEFAULT_SLOTS`` actions of the kind)
but the same number means different moves in different states; an explicit encoder
gives each number one meaning, which learns better.

Everything here is plain Python (no numpy): ``kingdomino_rl`` builds its arrays on
top of it, and other programs can use it directly.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..errors import KingdominoError
from ..model.actions import Action, Place
from ..model.components import DominoId
from ..model.geometry import DIRECTIONS
from .steps import PlaceHandler, _step_masks, discard_refusal

if TYPE_CHECKING:  # games and engines use this module (through the registry)
    from .engine import Engine
    from .game import Game

#: Size of the slice of a kind of action registered without an encoder.
DEFAULT_SLOTS = 64


class EncodingError(KingdominoError):
    """An action could not be numbered: outside its slice, or sharing its number."""


class ActionEncoder:
    """How the actions of one kind map onto ``0 .. size(engine) - 1``.

    Subclass it and implement both methods; register an instance with
    ``Registry.add_action(cls, encoder=...)`` or ``Registry.set_encoder(kind, ...)``.
    Two legal actions of a decision must never get the same number (the action
    space reports such a collision as an :class:`EncodingError`).
    """

    def size(self, engine: Engine) -> int:
        """How many numbers the kind needs for this engine (fixed for its lifetime)."""
        raise NotImplementedError

    def encode(self, game: Game, action: Action) -> int:
        """The number of ``action``, legal in ``game``'s current decision."""
        raise NotImplementedError

    def encode_many(self, game: Game, actions: Sequence[Action]) -> list[int]:
        """The numbers of several legal actions of the kind; override only for speed."""
        return [self.encode(game, a) for a in actions]


class Single(ActionEncoder):
    """A kind with one move per decision (``pass``, ``discard``): always 0."""

    def size(self, engine: Engine) -> int:
        return 1

    def encode(self, game: Game, action: Action) -> int:
        return 0


class Dimension:
    """One factor of a :class:`ProductEncoder`: how many values, and which one an
    action has."""

    def count(self, engine: Engine) -> int:
        """How many values the dimension has for this engine."""
        raise NotImplementedError

    def index(self, game: Game, action: Action) -> int:
        """The value ``action`` has, in ``0 .. count - 1``."""
        raise NotImplementedError


class Choice(Dimension):
    """A field taking one of a known list of values (a tile name, a resource, True/False)."""

    def __init__(self, field: str, values: Sequence[Any]) -> None:
        #: The action's field.
        self.field = field
        #: Its possible values, in the order numbered.
        self.values = tuple(values)
        self._index = {v: i for i, v in enumerate(self.values)}

    def count(self, engine: Engine) -> int:
        return len(self.values)

    def index(self, game: Game, action: Action) -> int:
        value = getattr(action, self.field)
        try:
            return self._index[value]
        except KeyError:
            raise EncodingError(
                f"{action.kind}: {self.field}={value!r} is not among the encoded values"
            ) from None


class Position(Dimension):
    """Two fields giving a castle-relative square ``(x, y)`` of the kingdom board."""

    def __init__(self, x: str = "x", y: str = "y") -> None:
        #: The action's field holding the square's x (east) coordinate.
        self.x = x
        #: The action's field holding the square's y (south) coordinate.
        self.y = y

    def count(self, engine: Engine) -> int:
        return engine.board.width**2

    def index(self, game: Game, action: Action) -> int:
        board = game.engine.board
        x, y = getattr(action, self.x), getattr(action, self.y)
        if not board.on_board(x, y):
            raise EncodingError(f"{action.kind}: square {x},{y} is off the board")
        return (y + board.reach) * board.width + (x + board.reach)


class Number(Dimension):
    """An integer field in ``0 .. count - 1`` (``count`` may depend on the engine)."""

    def __init__(self, field: str, count: int | Any) -> None:
        #: The action's integer field.
        self.field = field
        self._count = count

    def count(self, engine: Engine) -> int:
        return int(self._count(engine) if callable(self._count) else self._count)

    def index(self, game: Game, action: Action) -> int:
        return int(getattr(action, self.field))


class ProductEncoder(ActionEncoder):
    """Number an action by several fields at once (mixed radix, first field slowest)."""

    def __init__(self, *dimensions: Dimension) -> None:
        #: The factors, the first varying slowest.
        self.dimensions = dimensions

    def size(self, engine: Engine) -> int:
        total = 1
        for d in self.dimensions:
            total *= d.count(engine)
        return total

    def encode(self, game: Game, action: Action) -> int:
        engine = game.engine
        out = 0
        for d in self.dimensions:
            n = d.count(engine)
            i = d.index(game, action)
            if not 0 <= i < n:
                raise EncodingError(f"{action.kind}: value {i} outside 0..{n - 1}")
            out = out * n + i
        return out


class PlaceEncoder(ActionEncoder):
    """``place``: first square and direction, ``(cell * 4 + direction)`` over the board.

    The seat and the domino are those of the decision, so they are not encoded.
    """

    def size(self, engine: Engine) -> int:
        return engine.board.width**2 * 4

    def encode(self, game: Game, action: Action) -> int:
        return self.encode_many(game, [action])[0]

    def encode_many(self, game: Game, actions: Sequence[Action]) -> list[int]:
        board = game.engine.board
        reach, width = board.reach, board.width
        direction = {d: i for i, d in enumerate(DIRECTIONS)}
        out = []
        for a in actions:
            x, y = a.x + reach, a.y + reach  # type: ignore[attr-defined]
            if not (0 <= x < width and 0 <= y < width):
                raise EncodingError(f"place: square {a.x},{a.y} is off the board")  # type: ignore[attr-defined]
            out.append((y * width + x) * 4 + direction[a.direction])  # type: ignore[attr-defined]
        return out


class ClaimEncoder(ActionEncoder):
    """``claim``: the position of the claimed domino in the line being picked from."""

    def size(self, engine: Engine) -> int:
        return engine.config.line_size

    def encode(self, game: Game, action: Action) -> int:
        return game.next_line.index(action.domino)  # type: ignore[attr-defined]


def core_encoders() -> dict[str, ActionEncoder]:
    """The encoders of the core's player actions (``Registry`` starts with these)."""
    return {
        "place": PlaceEncoder(),
        "discard": Single(),
        "claim": ClaimEncoder(),
        "pass": Single(),
    }


class StateEncoder:
    """Numbers describing a plugin's state, for learning agents' observations.

    Register one with ``Registry.add_observation(name, encoder)`` in
    ``kd_register_components``; environments put the numbers of every registered
    encoder, in registration order, into the observation's ``plugin`` part.
    :class:`LayerPlanes` (things on kingdom squares) and :class:`LineDominoes` (things
    on the dominoes of the lines) cover the common cases.

    Default: a plugin that registers none adds nothing there. Its effects on
    kingdoms, lines, scores and the action mask are still observed, but state of
    its own (a kingdom layer, a ``game.ext`` slice) is not.
    """

    def size(self, engine: Engine) -> int:
        """How many numbers :meth:`encode` returns (fixed for the engine's lifetime)."""
        raise NotImplementedError

    def encode(self, game: Game, seat: int) -> Sequence[float]:
        """The numbers as ``seat`` sees them: only what a player at the table knows,
        kingdoms in the order ``seat``'s own first, then the following ones. ``game``
        is ``seat``'s view of the game (``view_of``): what a plugin's ``Secret``
        hides from the seat is already hidden there."""
        raise NotImplementedError


def market_lines(game: Game) -> list[list[DominoId]]:
    """The lines an observation shows, in its order: the line being placed, the line
    being picked from, then the lines laid out ahead (``lookahead_lines``)."""
    return [game.line, game.next_line, *game.upcoming]


def market_rows(engine: Engine) -> int:
    """How many lines :func:`market_lines` gives at most: 2 + ``lookahead_lines``."""
    return 2 + engine.config.lookahead_lines


class LineDominoes(StateEncoder):
    """Numbers about each domino on the lines (things lying on it, say), slot by slot.

    For every line of :func:`market_lines` and every slot of it, ``width`` numbers:
    ``values(game, domino)`` for the domino in the slot, zeros for an empty slot.
    The rows match the observation's ``lines`` part (line being placed, line being
    picked from, lines laid out ahead), so a learner sees which domino carries what.
    """

    def __init__(self, width: int, values: Callable[[Game, DominoId], Sequence[float]]) -> None:
        #: Numbers per slot.
        self.width = width
        #: The numbers of one domino (``width`` of them).
        self.values = values

    def size(self, engine: Engine) -> int:
        return market_rows(engine) * engine.config.line_size * self.width

    def encode(self, game: Game, seat: int) -> Sequence[float]:
        line_size, width = game.config.line_size, self.width
        out = [0.0] * self.size(game.engine)
        for row, line in enumerate(market_lines(game)):
            for slot, domino in enumerate(line[:line_size]):
                found = self.values(game, domino)
                if len(found) != width:
                    raise EncodingError(
                        f"LineDominoes: {len(found)} numbers for domino {domino}, not {width}"
                    )
                start = (row * line_size + slot) * width
                out[start : start + width] = found
        return out


class LayerPlanes(StateEncoder):
    """A kingdom layer (``kingdom.layer(name)``: things on squares) as board planes.

    With ``values``: one plane per value, 1 where the layer holds that value (resource
    tokens by kind, tiles by type). Without: one plane holding the value where it is
    a number, else 1. Kingdoms in the observer's order (its own first); each plane
    is ``W x W`` (the board), row = y, column = x, like the observation's kingdoms.
    """

    def __init__(self, layer: str, values: Sequence[Any] | None = None) -> None:
        #: The kingdom layer's name.
        self.layer = layer
        #: The values given a plane each (None: one plane holding the values).
        self.values = tuple(values) if values is not None else None
        self._index = {v: i for i, v in enumerate(self.values or ())}

    def size(self, engine: Engine) -> int:
        planes = len(self.values) if self.values is not None else 1
        return engine.config.kingdoms * planes * engine.board.width**2

    def encode(self, game: Game, seat: int) -> Sequence[float]:
        board = game.engine.board
        w, stride = board.width, board.stride
        plane = w * w
        planes = len(self.values) if self.values is not None else 1
        count = len(game.kingdoms)
        out = [0.0] * (count * planes * plane)
        own = game.config.kingdom_of(seat)
        for i in range(count):
            layer = game.kingdoms[(own + i) % count].layers.get(self.layer)
            if not layer:
                continue
            base = i * planes * plane
            for cell, value in layer.items():
                j, x = divmod(cell, stride)
                square = j * w + x
                if not (0 <= x < w and 0 <= j < w):
                    continue
                if self.values is None:
                    number = value if isinstance(value, int | float) else 1.0
                    out[base + square] = float(number)
                else:
                    k = self._index.get(value)
                    if k is not None:
                        out[base + k * plane + square] = 1.0
        return out


class ActionSpace:
    """The fixed action space of an engine: slices per action kind, masks, decoding.

    ``size`` is the number of actions. ``legal(game)`` maps the number of every legal
    action of the current decision to the action; ``encode``/``decode`` convert one.
    """

    def __init__(self, engine: Engine, *, default_slots: int = DEFAULT_SLOTS) -> None:
        #: The engine whose actions are numbered.
        self.engine = engine
        registry = engine.registry
        #: ``kind -> (offset, size, encoder or None for the default)``.
        self.slices: dict[str, tuple[int, int, ActionEncoder | None]] = {}
        offset = 0
        for kind, cls in registry.actions.items():
            if cls.chance:
                continue
            encoder = registry.encoders.get(kind)
            size = encoder.size(engine) if encoder is not None else default_slots
            if size < 1:
                raise EncodingError(f"the encoder of {kind!r} declares {size} actions")
            self.slices[kind] = (offset, size, encoder)
            offset += size
        #: The number of actions: every number is in ``0 .. size - 1``.
        self.size = offset
        #: The core's placements are numbered straight from its legal masks when both
        #: the place handler and its encoder are the core's own.
        self._fast_place = (
            type(engine.rules.handlers.get("place")) is PlaceHandler
            and "place" in self.slices
            and "discard" in self.slices
            and type(self.slices["place"][2]) is PlaceEncoder
            and type(self.slices["discard"][2]) is Single
        )

    def legal(self, game: Game) -> dict[int, Action]:
        """Number -> action for every legal action of the current decision."""
        by_kind: dict[str, list[Action]] = {}
        for action in game.legal_actions():
            found = by_kind.get(action.kind)
            if found is None:
                by_kind[action.kind] = [action]
            else:
                found.append(action)
        out: dict[int, Action] = {}
        for kind, actions in by_kind.items():
            try:
                offset, size, encoder = self.slices[kind]
            except KeyError:
                raise EncodingError(
                    f"action kind {kind!r} is not registered with the registry"
                ) from None
            numbers = range(len(actions)) if encoder is None else encoder.encode_many(game, actions)
            for i, action in zip(numbers, actions, strict=True):
                if not 0 <= i < size:
                    hint = (
                        f"; declare an encoder for {kind!r} (Registry.add_action(..., encoder=))"
                        if encoder is None
                        else ""
                    )
                    raise EncodingError(
                        f"{action.describe()}: number {i} is outside the {size} of {kind!r}{hint}"
                    )
                if offset + i in out:
                    raise EncodingError(
                        f"{action.describe()} and {out[offset + i].describe()} get the same "
                        f"number {offset + i}: the encoder of {kind!r} must tell them apart"
                    )
                out[offset + i] = action
        return out

    def numbers(self, game: Game) -> list[int]:
        """The numbers of the legal actions now: the keys of :meth:`legal`, computed
        without building the actions where the core can (its own placements)."""
        fast = self.place_numbers(game)
        return fast if fast is not None else list(self.legal(game))

    def encode(self, game: Game, action: Action) -> int:
        """The number of ``action``, which must be legal now."""
        for index, legal in self.legal(game).items():
            if legal == action:
                return index
        raise EncodingError(f"{action.describe()} is not a legal action now")

    def decode(self, game: Game, index: int) -> Action:
        """The legal action numbered ``index`` now (``EncodingError`` if none is)."""
        found = self._place_action(game, index)
        if found is None:
            found = self.legal(game).get(index)
        if found is None:
            raise EncodingError(f"action {index} ({self.name(index)}) is not legal now")
        return found

    def name(self, index: int) -> str:
        """Which kind a number belongs to, for messages: ``"place #17"``."""
        for kind, (offset, size, _) in self.slices.items():
            if offset <= index < offset + size:
                return f"{kind} #{index - offset}"
        return f"out of range 0..{self.size - 1}"

    # -- the core's placements, straight from its legal masks ------------------------

    def _core_place_step(self, game: Game) -> Any:
        """The pending step if it is a core placement numbered by the core encoder."""
        step = game.pending[0] if self._fast_place and game.pending else None
        if step is None or step.kind != "place" or step.domino is None:
            return None
        return step

    def place_numbers(self, game: Game) -> list[int] | None:
        """The numbers of the legal actions if the decision is one of the core's own
        placements (read from its legal masks, no action built); None otherwise."""
        step = self._core_place_step(game)
        if step is None:
            return None
        board = self.engine.board
        stride, width = board.stride, board.width
        offset = self.slices["place"][0]
        out = []
        for d, mask in _step_masks(game, step):
            di = offset + DIRECTIONS.index(d)
            while mask:
                low = mask & -mask
                j, i = divmod(low.bit_length() - 1, stride)
                out.append((j * width + i) * 4 + di)
                mask ^= low
        if not out or (
            not self.engine.must_place and discard_refusal(game, step.seat, step.domino) is None
        ):
            out.append(self.slices["discard"][0])
        return out

    def _place_action(self, game: Game, index: int) -> Action | None:
        """The legal placement numbered ``index`` (None: not a core placement now)."""
        step = self._core_place_step(game)
        if step is None:
            return None
        offset, size, _ = self.slices["place"]
        if not offset <= index < offset + size:
            return None
        board = self.engine.board
        square, di = divmod(index - offset, 4)
        j, i = divmod(square, board.width)
        cell = j * board.stride + i
        direction = DIRECTIONS[di]
        for d, mask in _step_masks(game, step):
            if d is direction and mask >> cell & 1:
                x, y = board.xy(cell)
                return Place(seat=step.seat, domino=step.domino, x=x, y=y, direction=d)
        return None
