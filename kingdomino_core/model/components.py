"""Value objects for the physical components: terrains, squares and dominoes.

Terrains are data: plugins register them (the base game registers six, Origins adds
its own). A domino is identified by ``(box, number)`` so two boxes can coexist.
"""

from __future__ import annotations

from operator import attrgetter

from attrs import field, frozen


@frozen(kw_only=True, slots=True)
class Terrain:
    """A kind of land. ``letter`` is its one-letter code in the kingdom text format."""

    #: Unique name (``"wheat"``): domino data and score lines refer to it.
    name: str
    #: One letter, unique, used in the kingdom text format (``"W"``).
    letter: str
    #: CSS colour of its squares in pictures (SVG, the browser).
    colour: str = "#888888"
    #: ANSI 256-colour index used by the terminal display.
    ansi: int = 250
    #: False for land that never forms a scoring property (Origins volcanoes).
    scores: bool = True


@frozen(kw_only=True, slots=True)
class Square:
    """One printed half of a domino.

    ``crowns`` counts the printed scoring icons (Origins calls them fire).
    ``marks`` holds any other printed feature as sorted ``(name, value)`` pairs,
    e.g. ``(("craters", 2),)`` for an Origins volcano.
    """

    #: Name of its terrain (a registered ``Terrain.name``).
    terrain: str
    #: Printed crowns (scoring icons).
    crowns: int = 0
    #: Other printed features, sorted ``(name, value)`` pairs.
    marks: tuple[tuple[str, int], ...] = ()

    def mark(self, name: str, default: int = 0) -> int:
        """The value of the printed mark ``name``, or ``default`` when absent."""
        for key, value in self.marks:
            if key == name:
                return value
        return default


@frozen(kw_only=True, slots=True, cache_hash=True)
class DominoId:
    """Identity of a domino: ``box`` (1 or 2 when two boxes mix) and printed ``number``.

    Ids order by box, then number. (Comparisons are written by hand: the engine sorts
    and searches ids in its hot path, and attrs' generic ordering is several times
    slower.)
    """

    #: The box (1 unless two boxes are mixed, as in Kingdomino XL).
    box: int = 1
    #: The number printed on the back.
    number: int

    def __lt__(self, other: DominoId) -> bool:
        return (self.box, self.number) < (other.box, other.number)

    def __le__(self, other: DominoId) -> bool:
        return (self.box, self.number) <= (other.box, other.number)

    def __gt__(self, other: DominoId) -> bool:
        return (self.box, self.number) > (other.box, other.number)

    def __ge__(self, other: DominoId) -> bool:
        return (self.box, self.number) >= (other.box, other.number)

    def __str__(self) -> str:
        return f"{self.number}" if self.box == 1 else f"{self.box}:{self.number}"

    @classmethod
    def parse(cls, text: str) -> DominoId:
        """Read ``"17"`` or ``"2:17"`` (box 2, number 17)."""
        box, _, number = text.rpartition(":")
        return cls(box=int(box) if box else 1, number=int(number))


#: The sort key of a :class:`DominoId` (``(box, number)``), computed in C: for
#: ``sorted(ids, key=domino_order)`` and ``bisect(ids, key, key=domino_order)`` in
#: the engine's hot path, where ``DominoId.__lt__`` would cost a Python call per
#: comparison. Orders exactly as ``<`` does.
domino_order = attrgetter("box", "number")


@frozen(kw_only=True, slots=True)
class Domino:
    """A domino: its identity, its two squares in printed order, and its printed label.

    ``label`` is what the back shows when it is not the number: Age of Giants' giant
    dominoes are lettered A to F (identified as numbers -6 to -1 so they sort first).
    Displays show :attr:`name`; saves, JSON and logs always keep the id's number.
    """

    #: Its identity (box and number).
    id: DominoId
    #: Its two halves, in printed order (first = left of the printed number).
    squares: tuple[Square, Square] = field()
    #: Printed on the back instead of the number (``"A"``); empty: the number is.
    #: Letters only, so a typed ``A`` never reads as a number.
    label: str = field(default="")

    @label.validator
    def _check_label(self, _attribute: object, value: str) -> None:
        if value and not (value.isascii() and value.isalpha()):
            raise ValueError(f"domino {self.id}: label {value!r} must be letters only")

    @property
    def symmetric(self) -> bool:
        """True when both halves are identical, so a half-turn gives the same placement."""
        return self.squares[0] == self.squares[1]

    @property
    def name(self) -> str:
        """How people see it named: the label (``A``), else the id (``17``, ``2:17``).

        A labelled domino of a second box is ``2:A``, as ids of a second box are.
        """
        if not self.label:
            return str(self.id)
        return self.label if self.id.box == 1 else f"{self.id.box}:{self.label}"


@frozen(kw_only=True, slots=True)
class DominoSet:
    """A named list of dominoes as printed in one box (numbers unique within the set)."""

    #: Unique name; ``config`` key ``deck`` lists sets by name and box.
    name: str
    #: The dominoes, in number order.
    dominoes: tuple[Domino, ...]

    def in_box(self, box: int) -> tuple[Domino, ...]:
        """The same dominoes, identified as belonging to ``box``."""
        return tuple(
            Domino(id=DominoId(box=box, number=d.id.number), squares=d.squares, label=d.label)
            for d in self.dominoes
        )
