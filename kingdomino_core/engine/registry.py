"""The registry: components that plugins add in ``kd_register_components``.

Terrains get a dense index (their position in registration order) that kingdoms use
for their per-terrain masks. Registering the same id twice is an error unless the
second registration says ``replace=True`` (a house rule redefining a component).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from attrs import frozen

from ..errors import ConfigError
from ..i18n import get_translation
from ..model.actions import CORE_ACTIONS, Action
from ..model.components import Domino, DominoId, DominoSet, Terrain
from ..model.kingdom import Kingdom
from ..model.pieces import Piece
from .encoding import ActionEncoder, StateEncoder, core_encoders

_l = get_translation("kingdomino_core").lazy


@frozen(kw_only=True, slots=True)
class Annotation:
    """A plugin's notation on squares in the kingdom text format: ``+key`` or ``+key=value``.

    ``parse(kingdom, cell, value)`` puts the thing on the square (raise ValueError
    with a message on a bad value); ``render(kingdom, cell)`` returns the
    annotations (``"key"`` or ``"key=value"``) to write for that square.
    """

    #: The key written after ``+`` (``"totem"``), unique per engine.
    key: str
    #: ``parse(kingdom, cell, value)``: put the thing on the square (``value`` None
    #: for a bare ``+key``); raise ``ValueError`` with a message on a bad value.
    parse: Callable[[Kingdom, int, str | None], None]
    #: ``render(kingdom, cell)``: the annotations to write for that square.
    render: Callable[[Kingdom, int], list[str]]
    #: What the annotation means, in one line, for people reading the plugin.
    help: str = ""
    #: True for something the kingdom holds as a whole, written on its castle
    #: (``C+totem=fish``); False for things on squares. Each is refused on the other.
    on_castle: bool = False
    #: How displays show a value (``None`` for a bare ``+key``); None: shown as text.
    piece: Callable[[str | None], Piece] | None = None


@frozen(kw_only=True, slots=True)
class PlayDomino:
    """A domino compiled for play: terrain indices instead of names."""

    #: Its identity.
    id: DominoId
    #: The printed domino (squares with terrain names, marks).
    domino: Domino
    #: Terrain index (``Registry.terrain_index``) of the first half.
    terrain_a: int
    #: Crowns of the first half.
    crowns_a: int
    #: Terrain index of the second half.
    terrain_b: int
    #: Crowns of the second half.
    crowns_b: int
    #: Both halves identical: two directions suffice to list its placements.
    symmetric: bool


class Registry:
    """Terrains, domino sets and action classes of one engine."""

    def __init__(self) -> None:
        #: Registered terrains; a terrain's index is its position here.
        self.terrains: list[Terrain] = []
        self._terrain_index: dict[str, int] = {}
        #: Domino sets by name (``config.deck`` picks from them).
        self.domino_sets: dict[str, DominoSet] = {}
        #: Action classes by ``kind``, the core's included (saves read actions back).
        self.actions: dict[str, type[Action]] = {a.kind: a for a in CORE_ACTIONS}
        #: How player actions map to numbers for learning agents, by kind (see
        #: :mod:`kingdomino_core.engine.encoding`); kinds without one get the default.
        self.encoders: dict[str, ActionEncoder] = core_encoders()
        #: Plugin state as numbers for learning agents' observations, by name.
        self.observations: dict[str, StateEncoder] = {}
        #: Kingdom text annotations by key (``+key=value``).
        self.annotations: dict[str, Annotation] = {}
        #: How displays show a printed mark of a domino's square (``Square.marks``) by
        #: mark name: ``piece(value)`` (see :meth:`add_mark`).
        self.marks: dict[str, Callable[[int], Piece]] = {}
        #: Which plugin registered what: ``"terrain:NAME"`` -> plugin name.
        self.provenance: dict[str, str] = {}
        #: The scoring icon in words, singular and plural: crowns in the base game;
        #: a plugin may set its own (Origins: ``("fire", "fire")``).
        self.icon_words: tuple[str, str] = (_l("crown"), _l("crowns"))
        self._plugin = ""

    # -- terrains --------------------------------------------------------------

    def add_terrain(self, terrain: Terrain, *, replace: bool = False) -> None:
        """Register a terrain; its letter must be unique too (the text format reads it)."""
        if terrain.name in self._terrain_index:
            if not replace:
                raise ConfigError(
                    f"terrain {terrain.name!r} registered twice "
                    f"(by {self.provenance.get('terrain:' + terrain.name)!r} and {self._plugin!r})"
                )
            self.terrains[self._terrain_index[terrain.name]] = terrain
        else:
            for other in self.terrains:
                if other.letter == terrain.letter:
                    raise ConfigError(
                        f"terrain {terrain.name!r} uses letter {terrain.letter!r}, "
                        f"already used by {other.name!r}"
                    )
            self._terrain_index[terrain.name] = len(self.terrains)
            self.terrains.append(terrain)
        self.provenance["terrain:" + terrain.name] = self._plugin

    def terrain_index(self, name: str) -> int:
        """The index of terrain ``name`` (its bit-mask plane in a ``Kingdom``)."""
        try:
            return self._terrain_index[name]
        except KeyError:
            raise ConfigError(
                f"unknown terrain {name!r}; known: {', '.join(self._terrain_index)}"
            ) from None

    def terrain_by_letter(self, letter: str) -> Terrain | None:
        """The terrain written ``letter`` in the kingdom text format, or None."""
        for t in self.terrains:
            if t.letter == letter:
                return t
        return None

    # -- dominoes --------------------------------------------------------------

    def add_domino_set(self, dominoes: DominoSet, *, replace: bool = False) -> None:
        """Register a domino set; ``replace=True`` redefines one of the same name."""
        name = dominoes.name
        self._put(self.domino_sets, name, dominoes, "dominoes", f"domino set {name!r}", replace)

    def deck(self, spec: tuple[tuple[str, int], ...]) -> dict[DominoId, PlayDomino]:
        """Compile the dominoes of ``(set name, box)`` pairs, keyed by id."""
        out: dict[DominoId, PlayDomino] = {}
        labels: dict[str, DominoId] = {}
        for set_name, box in spec:
            dset = self.domino_sets.get(set_name)
            if dset is None:
                raise ConfigError(
                    f"unknown domino set {set_name!r}; known: {', '.join(self.domino_sets)}"
                )
            for d in dset.in_box(box):
                if d.id in out:
                    raise ConfigError(f"domino {d.id} is in the deck twice")
                if d.label and d.name in labels:
                    raise ConfigError(
                        f"dominoes {labels[d.name]} and {d.id} are both labelled {d.label!r}"
                    )
                labels[d.name] = d.id
                a, b = d.squares
                out[d.id] = PlayDomino(
                    id=d.id,
                    domino=d,
                    terrain_a=self.terrain_index(a.terrain),
                    crowns_a=a.crowns,
                    terrain_b=self.terrain_index(b.terrain),
                    crowns_b=b.crowns,
                    symmetric=d.symmetric,
                )
        return out

    # -- actions ---------------------------------------------------------------

    def add_action(self, cls: type[Action], *, encoder: ActionEncoder | None = None) -> None:
        """Register a plugin's action class so logs and saves can read it back.

        ``encoder`` numbers its actions in a fixed action space for learning agents
        (:class:`~kingdomino_core.engine.encoding.ActionEncoder`); without one the documented
        default of :mod:`kingdomino_core.engine.encoding` applies.
        """
        if not cls.kind:
            raise ConfigError(f"action class {cls.__name__} has no kind")
        if cls.kind in self.actions and self.actions[cls.kind] is not cls:
            raise ConfigError(
                f"action kind {cls.kind!r} registered twice "
                f"(by {self._by('action:' + cls.kind)!r} and {self._plugin!r})"
            )
        self.actions[cls.kind] = cls
        self.provenance["action:" + cls.kind] = self._plugin
        if encoder is not None:
            self.set_encoder(cls.kind, encoder)

    def set_encoder(self, kind: str, encoder: ActionEncoder) -> None:
        """Declare (or replace, e.g. in a house rule) how actions of ``kind`` are numbered."""
        if kind not in self.actions:
            raise ConfigError(f"set_encoder: no action kind {kind!r} is registered")
        self.encoders[kind] = encoder
        self.provenance["encoder:" + kind] = self._plugin

    def add_observation(self, name: str, encoder: StateEncoder) -> None:
        """Declare numbers describing this plugin's state in learning agents'
        observations (see :class:`~kingdomino_core.engine.encoding.StateEncoder`)."""
        self._put(self.observations, name, encoder, "observation", f"observation {name!r}")

    # -- text format -------------------------------------------------------------

    def add_annotation(self, annotation: Annotation) -> None:
        """Register a square annotation of the kingdom text format."""
        key = annotation.key
        self._put(self.annotations, key, annotation, "annotation", f"annotation '+{key}'")

    def add_mark(self, name: str, piece: Callable[[int], Piece]) -> None:
        """Show the printed mark ``name`` of dominoes' squares (``Square.marks``) as
        ``piece(value)`` wherever a domino is shown before it is placed: its words
        follow the square's in every decision (``volcano 2 craters``), its symbol
        stands after the terrain letter in the terminal (``V²``), the browser draws
        it. A mark with no piece registered is not shown.
        """
        self._put(self.marks, name, piece, "mark", f"mark {name!r}")

    def _put(
        self,
        table: dict[str, Any],
        key: str,
        value: Any,
        kind: str,
        what: str,
        replace: bool = False,
    ) -> None:
        """``table[key] = value``, recorded as this plugin's (``provenance[kind:key]``);
        ``what`` registered already is refused naming both plugins, unless ``replace``."""
        if key in table and not replace:
            raise ConfigError(
                f"{what} registered twice (by {self._by(kind + ':' + key)!r} and {self._plugin!r})"
            )
        table[key] = value
        self.provenance[kind + ":" + key] = self._plugin

    def _by(self, key: str) -> str:
        """Which plugin registered ``key`` (``"core"`` for the core's own actions)."""
        return self.provenance.get(key, "core")
