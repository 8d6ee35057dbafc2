"""Score lines, score sheets and rankings: what end-of-game scoring produces."""

from __future__ import annotations

from attrs import frozen


@frozen(kw_only=True, slots=True)
class ScoreLine:
    """One scored item of a kingdom.

    ``kind`` is ``"property"`` (a connected region of one terrain), ``"bonus"`` (an
    optional rule such as Middle Kingdom) or any other word a plugin uses (e.g.
    ``"character"``). ``name`` identifies the item within its kind.
    """

    #: ``"property"``, ``"bonus"`` or a plugin's own word; ``ScoreSheet`` groups by it.
    kind: str
    #: What the line is (a terrain for a property, ``"middle kingdom"`` for a bonus).
    name: str
    #: Points it adds (may be negative).
    points: int
    #: Properties: the terrain's name.
    terrain: str | None = None
    #: Properties: its number of squares.
    squares: int = 0
    #: Properties: its number of crowns.
    crowns: int = 0
    #: The plugin that produced this line.
    source: str = ""


@frozen(kw_only=True, slots=True)
class ScoreSheet:
    """The score of one kingdom with its breakdown."""

    #: The kingdom index scored.
    kingdom: int
    #: Every line every scoring plugin contributed, in hook order.
    lines: tuple[ScoreLine, ...]

    @property
    def total(self) -> int:
        """The kingdom's points: the sum of every line."""
        return sum(line.points for line in self.lines)

    @property
    def properties(self) -> tuple[ScoreLine, ...]:
        """The ``"property"`` lines."""
        return tuple(line for line in self.lines if line.kind == "property")

    @property
    def bonuses(self) -> tuple[ScoreLine, ...]:
        """The ``"bonus"`` lines."""
        return tuple(line for line in self.lines if line.kind == "bonus")

    @property
    def others(self) -> tuple[ScoreLine, ...]:
        """Lines of any other kind (a plugin's own)."""
        return tuple(line for line in self.lines if line.kind not in ("property", "bonus"))

    @property
    def largest_property(self) -> int:
        """Squares of the largest property (the base game's first tie-break)."""
        return max((line.squares for line in self.properties), default=0)

    @property
    def crowns(self) -> int:
        """Crowns in all properties (the base game's second tie-break)."""
        return sum(line.crowns for line in self.properties)

    def as_dict(self) -> dict[str, object]:
        """The ``score`` object of the command-line contract."""

        def prop(line: ScoreLine) -> dict[str, object]:
            return {
                "terrain": line.terrain,
                "squares": line.squares,
                "crowns": line.crowns,
                "points": line.points,
            }

        out: dict[str, object] = {
            "total": self.total,
            "properties": [prop(p) for p in self.properties],
            "bonuses": [{"name": b.name, "points": b.points} for b in self.bonuses],
            "largest_property": self.largest_property,
            "crowns": self.crowns,
        }
        if self.others:
            out["other"] = [
                {"kind": o.kind, "name": o.name, "points": o.points} for o in self.others
            ]
        return out


@frozen(kw_only=True, slots=True)
class Ranking:
    """Kingdoms from first to last place, with ties grouped.

    ``places[0]`` holds the winning kingdom(s), unless the rules decide the winners
    otherwise (``won``: a solo challenge whose target was missed has no winner; a
    rule may crown a kingdom that is not first in score). ``decided_by[i]`` names
    the criterion that separated place ``i`` from place ``i + 1`` (``"total"``,
    ``"largest_property"``, ``"crowns"``, ...).
    """

    #: Kingdom indices by place, ties sharing a place.
    places: tuple[tuple[int, ...], ...]
    #: The criterion that separated each place from the next.
    decided_by: tuple[str, ...] = ()
    #: The value of each criterion per kingdom, for display: ``{kingdom: (total, ...)}``.
    keys: tuple[tuple[int, tuple[int, ...]], ...] = ()
    #: The criteria names, in comparison order (``("total", "largest_property")``).
    criteria: tuple[str, ...] = ()
    #: The winning kingdoms when the rules decide them otherwise than by first place:
    #: ``()`` for a game nobody won (a solo target missed), or kingdoms that need not
    #: be first. None (the default): the kingdoms of the first place win. A ranking
    #: that sets it is not total-first (do not declare it: ``RuleBook.add_fast_scoring``).
    won: tuple[int, ...] | None = None
    #: The result in the rules' words, shown with the winners ("the target of 60
    #: points was missed by 12"); empty when the winners say it all.
    verdict: str = ""

    @property
    def winners(self) -> tuple[int, ...]:
        """Winning kingdom indices (several only for a shared victory; none when
        nobody won): ``won`` if the rules set it, else the first place."""
        if self.won is not None:
            return self.won
        return self.places[0] if self.places else ()


def rank_by(keys: dict[int, tuple[int, ...]], criteria: tuple[str, ...]) -> Ranking:
    """Rank kingdoms by descending ``keys`` compared criterion by criterion."""
    order = sorted(keys, key=lambda k: (*tuple(-v for v in keys[k]), k))
    places: list[list[int]] = []
    decided: list[str] = []
    for k in order:
        if places and keys[places[-1][0]] == keys[k]:
            places[-1].append(k)
            continue
        if places:
            prev = keys[places[-1][0]]
            pairs = zip(prev, keys[k], strict=True)
            first_diff = next(i for i, (a, b) in enumerate(pairs) if a != b)
            decided.append(criteria[first_diff])
        places.append([k])
    return Ranking(
        places=tuple(tuple(p) for p in places),
        decided_by=tuple(decided),
        keys=tuple(sorted(keys.items())),
        criteria=criteria,
    )
