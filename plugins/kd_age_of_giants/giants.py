"""Giants: covering crowns and sending giants to opponents (docs/plugins/age-of-giants.md).

Giants stand in the kingdom layer ``giants`` (``{cell: giants on it}``; from the
``quests`` plugin, which reads it for I-G7). A giant covers one crown: the
square's crown count, which every scorer reads, is lowered by one, so covered
crowns score nothing and count as no crown in tie-breaks and quests (I-G8). Taking
the giant away puts the crown back.

Three decisions, each a step with its own handler:

* ``aog.giant`` (the owner of a placed giant domino, mandatory): which of their
  crowns a giant from the supply covers (:class:`CoverCrown`).
* ``aog.footprint`` (the owner of a placed footprint domino, optional): which of
  their giants goes to which opponent (:class:`SendGiant`), or ``Pass``.
* ``aog.receive`` (that opponent): which of their crowns the giant covers.

Between a send and its receipt the giant is *travelling* (``AogState.travelling``):
supply + standing + travelling is always the number of giants in the box.
"""

from __future__ import annotations

from typing import ClassVar

from attrs import evolve, frozen
from kd_quests.api import GIANTS_LAYER

from kingdomino_core import (
    Action,
    DominoId,
    Game,
    IllegalActionError,
    Kingdom,
    Pass,
    Step,
    StepHandler,
)
from kingdomino_core.i18n import package_translation

from .options import AgeOfGiantsOptions

_ = package_translation("kd_age_of_giants")
_n = _.ngettext

NAME = "age_of_giants"
GIANT_STEP = "aog.giant"
FOOTPRINT_STEP = "aog.footprint"
RECEIVE_STEP = "aog.receive"
#: Giants a kingdom received from an opponent, ``{cell: count}``; kept only when
#: received giants may not be sent on (I-G5 ``send_received_giants = false``).
RECEIVED_LAYER = "giants.received"


@frozen(kw_only=True, slots=True)
class GiantSent:
    """Payload of an ``aog.receive`` step: who sent the giant being received."""

    #: The seat that sent it.
    sender: int


@frozen(kw_only=True, slots=True)
class AogState:
    """Per-game state (``game.ext["age_of_giants"]``); immutable, replaced on change."""

    #: Giants in the supply.
    supply: int
    #: Giants sent by a footprint and not yet placed by the receiving opponent.
    travelling: int = 0
    #: Giant effects dismissed because the kingdom had no crown (or the supply was
    #: empty), for displays.
    dismissed: int = 0
    #: The dominoes discarded from the last line before anyone picked (I-G3).
    market_discards: tuple[DominoId, ...] = ()


@frozen(kw_only=True, slots=True)
class CoverCrown(Action):
    """Stand a giant on the crowned square ``(x, y)`` of the acting seat's kingdom."""

    kind: ClassVar[str] = "aog.cover"
    seat: int
    x: int
    y: int

    def describe(self) -> str:
        if (self.x, self.y) == (0, 0):
            return _("stand the giant on the castle (no crown to cover)")
        return _("stand a giant on the crown at {x},{y}").format(x=self.x, y=self.y)


@frozen(kw_only=True, slots=True)
class SendGiant(Action):
    """Send the giant standing on ``(x, y)`` to seat ``to``, who chooses the crown it covers."""

    kind: ClassVar[str] = "aog.send"
    seat: int
    x: int
    y: int
    to: int

    def describe(self) -> str:
        return _("send the giant at {x},{y} to player {n}").format(
            x=self.x, y=self.y, n=self.to + 1
        )


ACTIONS: tuple[type[Action], ...] = (CoverCrown, SendGiant)


# -- reading a kingdom ----------------------------------------------------------------


def giants_layer(kingdom: Kingdom) -> dict[int, int]:
    return kingdom.layers.get(GIANTS_LAYER) or {}


def standing(kingdom: Kingdom) -> int:
    """Giants standing in ``kingdom``."""
    return sum(giants_layer(kingdom).values())


def coverable(kingdom: Kingdom, options: AgeOfGiantsOptions) -> list[int]:
    """Cells with a crown a new giant may cover, in cell order (I-G6)."""
    crowned = 0
    for plane in kingdom.planes:
        crowned |= plane
    cells = kingdom.board.cells_of(crowned)
    if options.giants_per_square == "one":
        layer = giants_layer(kingdom)
        cells = [c for c in cells if not layer.get(c)]
    return cells


def senders(kingdom: Kingdom, options: AgeOfGiantsOptions) -> list[int]:
    """Cells holding a giant its kingdom may send away, in cell order (I-G5)."""
    layer = giants_layer(kingdom)
    received = kingdom.layers.get(RECEIVED_LAYER) or {}
    if options.send_received_giants:
        return sorted(c for c, n in layer.items() if n)
    return sorted(c for c, n in layer.items() if n > received.get(c, 0))


def cover(kingdom: Kingdom, cell: int, *, received: bool = False) -> None:
    """Stand a giant on ``cell``: one crown fewer shows (none on the castle)."""
    layer = kingdom.layer(GIANTS_LAYER)
    layer[cell] = layer.get(cell, 0) + 1
    if received:
        got = kingdom.layer(RECEIVED_LAYER)
        got[cell] = got.get(cell, 0) + 1
    if cell != kingdom.board.castle:
        kingdom.set_crowns(cell, kingdom.crowns_at[cell] - 1)


def uncover(kingdom: Kingdom, cell: int) -> None:
    """Take a giant off ``cell``: its crown shows again. Received giants leave last."""
    layer = kingdom.layer(GIANTS_LAYER)
    left = layer[cell] - 1
    if left:
        layer[cell] = left
    else:
        del layer[cell]
    got = kingdom.layers.get(RECEIVED_LAYER)
    if got and got.get(cell, 0) > left:
        # The giant leaving is a received one only when no other can leave.
        if left:
            got[cell] = left
        else:
            del got[cell]
    if cell != kingdom.board.castle:
        kingdom.set_crowns(cell, kingdom.crowns_at[cell] + 1)


def targets(game: Game, seat: int, options: AgeOfGiantsOptions) -> list[int]:
    """Opponent seats a giant of ``seat`` may be sent to (I-G15)."""
    config = game.config
    mine = config.kingdom_of(seat)
    return [
        s
        for s in range(config.players)
        if config.kingdom_of(s) != mine
        and (not options.footprint_needs_crown or coverable(game.kingdom_of(s), options))
    ]


def state(game: Game) -> AogState:
    found: AogState = game.ext[NAME]
    return found


# -- the three decisions -----------------------------------------------------------------


def _covers(game: Game, seat: int, options: AgeOfGiantsOptions) -> list[Action]:
    kingdom = game.kingdom_of(seat)
    board = kingdom.board
    found: list[Action] = []
    for cell in coverable(kingdom, options):
        x, y = board.xy(cell)
        found.append(CoverCrown(seat=seat, x=x, y=y))
    return found


def player(seat: int) -> str:
    """How players are named to each other: ``P1``, ``P2``, ..."""
    return f"P{seat + 1}"


def points_change(game: Game, step: Step, action: Action) -> int:
    """How many points ``action`` gains (or loses) the deciding seat's kingdom now."""
    kingdom = game.config.kingdom_of(step.seat)
    trial = game.clone(log=False)
    trial.apply(action, check=False)
    return trial.score_total(kingdom) - game.score_total(kingdom)


def _signed(points: int) -> str:
    if not points:
        return _("no change in points")
    return _n("{n} point", "{n} points", abs(points)).format(n=f"{points:+d}")


def _cover_words(game: Game, step: Step, action: Action) -> str:
    if not isinstance(action, CoverCrown):
        return action.describe()
    kingdom = game.kingdom_of(step.seat)
    if (action.x, action.y) == (0, 0):
        return _("stand the giant on the castle (no crown to cover)")
    cell = kingdom.board.cell(action.x, action.y)
    terrain = game.engine.registry.terrains[kingdom.terrain_at[cell]].name
    showing = kingdom.crowns_at[cell]
    return _n(
        "cover a crown at {x},{y} ({terrain}, {n} crown showing): {change}",
        "cover a crown at {x},{y} ({terrain}, {n} crowns showing): {change}",
        showing,
    ).format(
        x=action.x,
        y=action.y,
        terrain=terrain,
        n=showing,
        change=_signed(points_change(game, step, action)),
    )


def _cell_of(game: Game, seat: int, action: Action) -> int:
    assert isinstance(action, CoverCrown | SendGiant)
    return game.kingdom_of(seat).board.cell(action.x, action.y)


class GiantHandler(StepHandler):
    """A placed giant domino: its owner covers one of their own crowns (mandatory)."""

    kind = GIANT_STEP

    def __init__(self, options: AgeOfGiantsOptions) -> None:
        self.options = options

    def legal_actions(self, game: Game, step: Step) -> list[Action]:
        return _covers(game, step.seat, self.options)

    def describe(self, game: Game, step: Step) -> str:
        supply = state(game).supply
        return _n(
            "You placed a giant domino: stand a giant from the supply on one of your "
            "crowns; the crown it covers scores nothing ({n} giant in the supply)",
            "You placed a giant domino: stand a giant from the supply on one of your "
            "crowns; the crown it covers scores nothing ({n} giants in the supply)",
            supply,
        ).format(n=supply)

    def describe_action(self, game: Game, step: Step, action: Action) -> str:
        return _cover_words(game, step, action)

    def apply(self, game: Game, step: Step, action: Action) -> None:
        cover(game.kingdom_of(step.seat), _cell_of(game, step.seat, action))
        st = state(game)
        game.ext[NAME] = evolve(st, supply=st.supply - 1)


class FootprintHandler(StepHandler):
    """A placed footprint domino: send one of your giants to an opponent, or pass."""

    kind = FOOTPRINT_STEP

    def __init__(self, options: AgeOfGiantsOptions) -> None:
        self.options = options

    def legal_actions(self, game: Game, step: Step) -> list[Action]:
        seat = step.seat
        board = game.kingdom_of(seat).board
        to = targets(game, seat, self.options)
        found: list[Action] = []
        for cell in senders(game.kingdom_of(seat), self.options):
            x, y = board.xy(cell)
            found.extend(SendGiant(seat=seat, x=x, y=y, to=t) for t in to)
        found.append(Pass(seat=seat))
        return found

    def describe(self, game: Game, step: Step) -> str:
        return _(
            "You placed a footprint domino: you may send one of your giants to an "
            "opponent, who chooses which of their crowns it covers; or pass"
        )

    def describe_action(self, game: Game, step: Step, action: Action) -> str:
        if isinstance(action, Pass):
            return _("pass: the giants stay where they stand")
        if not isinstance(action, SendGiant):
            return action.describe()
        gain = _signed(points_change(game, step, action))
        return _(
            "send the giant at {x},{y} to {player} (the crown there shows again: {gain})"
        ).format(x=action.x, y=action.y, player=player(action.to), gain=gain)

    def apply(self, game: Game, step: Step, action: Action) -> None:
        if isinstance(action, Pass):
            return
        assert isinstance(action, SendGiant)
        uncover(game.kingdom_of(step.seat), _cell_of(game, step.seat, action))
        st = state(game)
        game.ext[NAME] = evolve(st, travelling=st.travelling + 1)
        sent = GiantSent(sender=step.seat)
        game.insert_steps([Step(kind=RECEIVE_STEP, seat=action.to, data=sent)])


class ReceiveHandler(StepHandler):
    """The opponent a giant was sent to chooses which of their crowns it covers."""

    kind = RECEIVE_STEP

    def __init__(self, options: AgeOfGiantsOptions) -> None:
        self.options = options

    def legal_actions(self, game: Game, step: Step) -> list[Action]:
        found = _covers(game, step.seat, self.options)
        # I-G15 (footprint_needs_crown = false): with no crown, the castle.
        return found or [CoverCrown(seat=step.seat, x=0, y=0)]

    def describe(self, game: Game, step: Step) -> str:
        sender = step.payload(GiantSent).sender
        return _(
            "{player} sends you a giant: choose which of your crowns it "
            "covers (that crown scores nothing)"
        ).format(player=player(sender))

    def describe_action(self, game: Game, step: Step, action: Action) -> str:
        return _cover_words(game, step, action)

    def check(self, game: Game, step: Step, action: Action) -> None:
        if isinstance(action, CoverCrown) and action.seat != step.seat:
            raise IllegalActionError(
                "aog.receiver",
                _(
                    "the opponent who received the giant (player {n}) chooses the crown it covers"
                ).format(n=step.seat + 1),
            )
        super().check(game, step, action)

    def apply(self, game: Game, step: Step, action: Action) -> None:
        cover(
            game.kingdom_of(step.seat),
            _cell_of(game, step.seat, action),
            received=not self.options.send_received_giants,
        )
        st = state(game)
        game.ext[NAME] = evolve(st, travelling=st.travelling - 1)
