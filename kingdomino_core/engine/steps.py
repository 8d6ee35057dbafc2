"""The core's step handlers: drawing dominoes and kings, placing, claiming.

These are the turn mechanics every member of the family shares (kings on lines,
dominoes into kingdoms). What makes a placement legal is decided by the placement
rules plugins register; the core only knows that two squares cannot share a cell and
that a kingdom has a board.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Collection
from typing import TYPE_CHECKING

from ..errors import IllegalActionError
from ..i18n import get_translation
from ..model.actions import Action, Claim, Discard, DrawKing, Place, Reveal, Step
from ..model.components import DominoId, domino_order
from ..model.geometry import Direction
from ..model.kingdom import Kingdom
from .conditions import ClaimRule
from .handlers import StepHandler
from .rules import RuleBook
from .words import domino_name, domino_words, ordinal, seat_name, square_words

_ = get_translation("kingdomino_core")


def refuse(rule: str, message: str, **fields: object) -> IllegalActionError:
    """The refusal of rule ``rule``: its translated ``message`` with its fields filled."""
    return IllegalActionError(rule, message.format(**fields))


if TYPE_CHECKING:  # handlers receive the game they run in (the game uses them)
    from .game import Game
    from .registry import PlayDomino


def register(rules: RuleBook, implemented: Collection[str]) -> None:
    """Register the core handlers (called by the engine before any plugin's), made for
    the hooks the engine's plugins implement (``implemented``): a placement or claim
    reports to ``kd_after_place`` / ``kd_after_claim`` only where a plugin listens, and
    a market of offers (``kd_offer_line``) gets the claim rule of offers held by a seat."""
    place, claim = PlaceHandler(), ClaimHandler()
    if "kd_after_place" in implemented:
        place.apply = place.apply_and_report  # type: ignore[method-assign]
    if "kd_after_claim" in implemented:
        claim.apply = claim.apply_and_report  # type: ignore[method-assign]
    for handler in (RevealHandler(), DrawKingHandler(), place, claim):
        rules.add_step_handler(handler)
    if "kd_offer_line" in implemented:
        rules.add_claim_rule(OfferHolder())


# -- chance ---------------------------------------------------------------------------


class RevealHandler(StepHandler):
    kind = "reveal"
    chance = True

    def describe(self, game: Game, step: Step) -> str:
        return _("A domino is drawn for the next line")

    def describe_action(self, game: Game, step: Step, action: Action) -> str:
        assert isinstance(action, Reveal)
        return _("domino {domino} drawn").format(domino=domino_words(game, action.domino))

    def sample(self, game: Game, step: Step, r: float) -> Action:
        return Reveal(domino=game.pool[int(r * len(game.pool))])

    def outcomes(self, game: Game, step: Step) -> list[tuple[Action, float]]:
        p = 1.0 / len(game.pool)
        return [(Reveal(domino=d), p) for d in game.pool]

    def check(self, game: Game, step: Step, action: Action) -> None:
        if not isinstance(action, Reveal) or action.domino not in game.pool:
            raise IllegalActionError("core.reveal", f"{action.describe()} cannot be drawn now")

    def apply(self, game: Game, step: Step, action: Action) -> None:
        assert isinstance(action, Reveal)
        domino = action.domino
        key = domino_order(domino)
        for ids in (game.pool, game.pile):  # both sorted: bisection, every draw
            i = bisect_left(ids, key, key=domino_order)
            if i < len(ids) and (ids[i] is domino or ids[i] == domino):
                del ids[i]
            else:
                ids.remove(domino)  # not sorted after all: a plugin reordered it
        game.drawn.append(action.domino)


class DrawKingHandler(StepHandler):
    kind = "draw_king"
    chance = True

    def describe(self, game: Game, step: Step) -> str:
        return _("A king is drawn to choose from the first line")

    def sample(self, game: Game, step: Step, r: float) -> Action:
        return DrawKing(king=game.undrawn_kings[int(r * len(game.undrawn_kings))])

    def outcomes(self, game: Game, step: Step) -> list[tuple[Action, float]]:
        p = 1.0 / len(game.undrawn_kings)
        return [(DrawKing(king=k), p) for k in game.undrawn_kings]

    def check(self, game: Game, step: Step, action: Action) -> None:
        if not isinstance(action, DrawKing) or action.king not in game.undrawn_kings:
            raise IllegalActionError("core.draw_king", f"{action.describe()} cannot happen now")

    def apply(self, game: Game, step: Step, action: Action) -> None:
        assert isinstance(action, DrawKing)
        game.undrawn_kings.remove(action.king)
        game.insert_steps([game.engine.claim_steps[action.king]])


# -- placing ------------------------------------------------------------------------


def anchor_masks(game: Game, kingdom: Kingdom, dom: PlayDomino) -> list[tuple[Direction, int]]:
    """Per direction, the mask of first-square cells where ``dom`` may legally go.

    Placement rules with a mask version filter all candidates at once; the others
    are checked per candidate.
    """
    engine = game.engine
    board = kingdom.board
    # Rules whose two squares must both qualify fold into one pair of masks; rules
    # where either square may qualify are applied per direction.
    first_ok = second_ok = board.valid & ~kingdom.occupied  # kingdom.empty
    either = []
    for rule in engine.square_rules:
        found = rule.square_masks(game, kingdom, dom)
        if found is None:
            continue
        if rule.any_square:
            either.append(found)
        else:
            first_ok &= found[0]
            second_ok &= found[1]
    out = []
    for d, delta in board.symmetric_steps if dom.symmetric else board.steps:
        # Shifting a mask by -delta maps each second square onto its first square.
        mask = first_ok & ((second_ok >> delta) if delta > 0 else (second_ok << -delta))
        for a, b in either:
            if not mask:
                break
            mask &= a | ((b >> delta) if delta > 0 else (b << -delta))
        for rule in engine.mask_rules:
            if not mask:
                break
            allowed = rule.allowed(game, kingdom, dom, d)
            if allowed is not None:
                mask &= allowed
        if mask and engine.check_rules:
            for cell in board.cells_of(mask):
                for rule in engine.check_rules:
                    if rule.check(game, kingdom, dom, cell, cell + delta) is not None:
                        mask &= ~(1 << cell)
                        break
        if mask:
            out.append((d, mask))
    return out


def legal_placements(game: Game, seat: int, domino: DominoId) -> list[Place]:
    """Every legal placement of ``domino`` in ``seat``'s kingdom, in canonical order."""
    kingdom = game.kingdom_of(seat)
    return _places(kingdom, seat, domino, anchor_masks(game, kingdom, game.domino(domino)))


def _places(
    kingdom: Kingdom, seat: int, domino: DominoId, masks: list[tuple[Direction, int]]
) -> list[Place]:
    board = kingdom.board
    stride, reach = board.stride, board.reach
    out = []
    for d, mask in masks:
        while mask:  # board.cells_of and board.xy, inlined: bots list placements often
            low = mask & -mask
            mask ^= low
            row, col = divmod(low.bit_length() - 1, stride)
            out.append(Place(seat=seat, domino=domino, x=col - reach, y=row - reach, direction=d))
    return out


def placement_violations(game: Game, action: Place) -> list[tuple[str, str]]:
    """Every rule ``action`` breaks, as ``(rule id, message)``; empty if it is legal."""
    kingdom = game.kingdom_of(action.seat)
    board = kingdom.board
    x2, y2 = action.second
    off = [(x, y) for x, y in ((action.x, action.y), (x2, y2)) if not board.on_board(x, y)]
    if off:
        far = _("square {x},{y} is more than {n} squares from the castle")
        return [("core.on_board", far.format(x=off[0][0], y=off[0][1], n=board.reach))]
    first, second = board.cell(action.x, action.y), board.cell(x2, y2)
    out = []
    taken = [
        (x, y)
        for x, y, c in ((action.x, action.y, first), (x2, y2, second))
        if kingdom.occupied >> c & 1
    ]
    if taken:
        occupied = _("square {x},{y} is already occupied").format(x=taken[0][0], y=taken[0][1])
        out.append(("core.free", occupied))
    dom = game.domino(action.domino)
    for rule in game.engine.rules.placement_rules:
        msg = rule.check(game, kingdom, dom, first, second)
        if msg is not None:
            out.append((rule.id, msg))
    return out


def put_domino(kingdom: Kingdom, dom: PlayDomino, first: int, second: int) -> None:
    """Put a domino's two squares on a kingdom (no checks)."""
    a, b = dom.domino.squares
    kingdom.put(first, dom.terrain_a, dom.crowns_a, a.marks)
    kingdom.put(second, dom.terrain_b, dom.crowns_b, b.marks)


def discard_refusal(game: Game, seat: int, domino: DominoId) -> tuple[str, str] | None:
    """The first discard rule refusing to let ``seat`` discard ``domino``, which fits
    in its kingdom, as ``(rule id, message)``; None when it may be discarded."""
    rules = game.engine.rules
    if rules.voluntary_discard:
        return None
    for rule in rules.discard_rules:
        message = rule.check(game, seat, domino)
        if message is not None:
            return rule.id, message
    return None


def _step_masks(
    game: Game, step: Step, kingdom: Kingdom | None = None
) -> list[tuple[Direction, int]]:
    """``anchor_masks`` for the domino of the pending place ``step``, computed once
    (``kingdom``: the seat's, when the caller has it already)."""
    if kingdom is None:
        kingdom = game.kingdom_of(step.seat)
    cache = game._placement_cache
    if cache is not None and cache[0] is step and cache[1] == kingdom.occupied:
        masks: list[tuple[Direction, int]] = cache[2]
        return masks
    assert step.domino is not None
    masks = anchor_masks(game, kingdom, game.engine.deck[step.domino])
    game._placement_cache = (step, kingdom.occupied, masks)
    return masks


class PlaceHandler(StepHandler):
    kind = "place"

    def describe(self, game: Game, step: Step) -> str:
        assert step.domino is not None
        what = domino_words(game, step.domino)
        if not any(mask for _m, mask in _step_masks(game, step)):
            return _("Discard domino {d}: it fits nowhere in your kingdom").format(d=what)
        return _(
            "Place domino {domino} in your kingdom: its first half at x y (the castle is 0 0), "
            "its second half towards E, S, W or N"
        ).format(domino=what)

    def describe_action(self, game: Game, step: Step, action: Action) -> str:
        dom = game.domino(action.domino) if isinstance(action, Place | Discard) else None
        if isinstance(action, Place) and dom is not None:
            x2, y2 = action.second
            a = square_words(game, dom.terrain_a, dom.crowns_a)
            b = square_words(game, dom.terrain_b, dom.crowns_b)
            where = _("{a} at {x},{y}, {b} at {x2},{y2}")
            return where.format(a=a, x=action.x, y=action.y, b=b, x2=x2, y2=y2)
        if isinstance(action, Discard):
            fits = any(mask for _d, mask in _step_masks(game, step))
            why = _("instead of placing it") if fits else _("it fits nowhere")
            name = domino_name(game, action.domino)
            return _("discard domino {d} ({why})").format(d=name, why=why)
        return action.describe()

    def sample_action(self, game: Game, step: Step, r: float) -> Action:
        assert step.domino is not None
        kingdom = game.kingdom_of(step.seat)
        masks = _step_masks(game, step, kingdom)
        total = 0
        for _d, mask in masks:  # a loop, not sum() over a generator: this runs per move
            total += mask.bit_count()
        # must_place: known when the engine was built (no discard rule to ask per move)
        may_discard = not total or (
            not game.engine.must_place and discard_refusal(game, step.seat, step.domino) is None
        )
        extra = 1 if may_discard else 0
        k = int(r * (total + extra))
        for d, mask in masks:
            n = mask.bit_count()
            if k < n:
                cell = kingdom.board.cells_of(mask)[k]
                x, y = kingdom.board.xy(cell)
                return Place(seat=step.seat, domino=step.domino, x=x, y=y, direction=d)
            k -= n
        return Discard(seat=step.seat, domino=step.domino)

    def legal_actions(self, game: Game, step: Step) -> list[Action]:
        assert step.domino is not None
        kingdom = game.kingdom_of(step.seat)
        masks = _step_masks(game, step, kingdom)
        found: list[Action] = [*_places(kingdom, step.seat, step.domino, masks)]
        if not found or (
            not game.engine.must_place and discard_refusal(game, step.seat, step.domino) is None
        ):
            found.append(Discard(seat=step.seat, domino=step.domino))
        return found

    def check(self, game: Game, step: Step, action: Action) -> None:
        if not isinstance(action, Place | Discard):
            raise refuse("core.step", _("expected a placement, not {a}"), a=action.describe())
        if action.seat != step.seat:
            turn = _("it is {seat}'s turn, not {other}'s")
            raise refuse("core.turn", turn, seat=seat_name(step.seat), other=seat_name(action.seat))
        if action.domino != step.domino:
            which = _("the domino to place is {domino}, not {other}")
            raise refuse("core.domino", which, domino=step.domino, other=action.domino)
        if isinstance(action, Discard):
            if any(mask for _d, mask in _step_masks(game, step)):
                refused = discard_refusal(game, step.seat, step.domino)
                if refused is not None:
                    raise IllegalActionError(*refused)
            return
        # The legal placements are usually known already (a bot chose from them):
        # a set bit there means legal. Otherwise every rule is asked, for the reasons.
        board = game.kingdom_of(step.seat).board
        if board.on_board(action.x, action.y):
            cell = board.cell(action.x, action.y)
            for d, mask in _step_masks(game, step):
                if d is action.direction and mask >> cell & 1:
                    return
        broken = placement_violations(game, action)
        if broken:
            # The players' words only: the ids are the error's (rule, rules, str()).
            ids = tuple(r for r, _m in broken)
            raise IllegalActionError(ids[0], "; ".join(m for _r, m in broken), rules=ids)

    def apply(self, game: Game, step: Step, action: Action) -> None:
        kingdom = game.kingdom_of(step.seat)
        if isinstance(action, Place):
            board = kingdom.board
            first = board.cell(action.x, action.y)
            dx, dy = action.direction._value_  # (not .dx/.dy: enum properties cost calls)
            second = first + dx + dy * board.stride
            put_domino(kingdom, game.engine.deck[action.domino], first, second)
            kingdom.placements.append((action.seat, action.domino, first, second))
        else:
            assert isinstance(action, Discard)
            game.discard(action.domino, seat=action.seat)

    def apply_and_report(self, game: Game, step: Step, action: Action) -> None:
        """``apply``, then ``kd_after_place`` (the engine's ``apply`` when a plugin
        implements it: chosen when the engine is built, never tested per move; its
        body repeated, not called: this runs at every placement)."""
        kingdom = game.kingdom_of(step.seat)
        if isinstance(action, Place):
            board = kingdom.board
            first = board.cell(action.x, action.y)
            dx, dy = action.direction._value_
            second = first + dx + dy * board.stride
            put_domino(kingdom, game.engine.deck[action.domino], first, second)
            kingdom.placements.append((action.seat, action.domino, first, second))
        else:
            assert isinstance(action, Discard)
            game.discard(action.domino, seat=action.seat)
        game.hooks.kd_after_place(game=game, seat=step.seat, action=action)


# -- the canonical form of a placement ---------------------------------------------


_W, _N = Direction.W, Direction.N
_OPPOSITE = {_W: Direction.E, _N: Direction.S}


def canonical(game: Game, action: Action) -> Action:
    """A domino with two identical halves placed facing W or N is the same placement as
    the one facing E or S from its other square: the form ``legal_actions`` lists,
    and the one logged (docs/api.md, "Symmetric dominoes")."""
    if (
        type(action) is Place
        and (action.direction is _W or action.direction is _N)  # (no enum hash call)
        and game.engine.deck[action.domino].symmetric
    ):
        x, y = action.second
        return Place(
            seat=action.seat, domino=action.domino, x=x, y=y,
            direction=_OPPOSITE[action.direction],
        )  # fmt: skip
    return action


# -- claiming ---------------------------------------------------------------------------


class ClaimHandler(StepHandler):
    kind = "claim"

    def describe(self, game: Game, step: Step) -> str:
        mine = [k for k in range(game.config.kings) if game.owner(k) == step.seat]
        king = _("your king") if len(mine) < 2 else _("one of your {n} kings").format(n=len(mine))
        return _(
            "Choose a domino to place next round: put {king} on a free domino of the next line "
            "(the first domino of the line is placed first)"
        ).format(king=king)

    def describe_action(self, game: Game, step: Step, action: Action) -> str:
        offer = game.offer_of(action.domino) if isinstance(action, Claim) else None
        if offer is None or not isinstance(action, Claim):
            return action.describe()
        slot = offer.dominoes.index(action.domino)
        return _("take {domino}, {ordinal} in the {offer}").format(
            domino=domino_words(game, action.domino), ordinal=ordinal(slot + 1), offer=offer.name
        )

    @staticmethod
    def _free_slots(game: Game, step: Step) -> list[int]:
        rules = game.engine.rules.claim_rules
        free = []
        for slot, king in enumerate(game.next_kings):  # a loop: runs every claim
            if king is None and not (
                rules and any(r.check(game, step.seat, step.king, slot) for r in rules)
            ):
                free.append(slot)
        return free

    def legal_actions(self, game: Game, step: Step) -> list[Action]:
        line = game.next_line
        return [
            Claim(seat=step.seat, king=step.king, domino=line[slot])
            for slot in self._free_slots(game, step)
        ]

    def sample_action(self, game: Game, step: Step, r: float) -> Action:
        free = self._free_slots(game, step)
        slot = free[int(r * len(free))]
        return Claim(seat=step.seat, king=step.king, domino=game.next_line[slot])

    def check(self, game: Game, step: Step, action: Action) -> None:
        if not isinstance(action, Claim):
            raise refuse("core.step", _("expected a claim, not {a}"), a=action.describe())
        if action.seat != step.seat or action.king != step.king:
            turn = _("it is {seat}'s {n} king to claim, not {other}'s {m} king")
            seats = {"seat": seat_name(step.seat), "other": seat_name(action.seat)}
            n, m = ordinal(step.king + 1), ordinal(action.king + 1)
            raise refuse("core.turn", turn, n=n, m=m, **seats)
        if action.domino not in game.next_line:
            absent = _("domino {d} is not in the line being picked")
            raise refuse("core.claim", absent, d=action.domino)
        slot = game.next_line.index(action.domino)
        if game.next_kings[slot] is not None:
            held = _("domino {d} already has king {king}")
            raise refuse("core.claim", held, d=action.domino, king=game.next_kings[slot])
        for rule in game.engine.rules.claim_rules:
            msg = rule.check(game, step.seat, step.king, slot)
            if msg:
                raise IllegalActionError(rule.id, msg)

    def apply(self, game: Game, step: Step, action: Action) -> None:
        assert isinstance(action, Claim)
        line, domino = game.next_line, action.domino
        # line.index(domino), by identity first: a line holds the deck's own id objects,
        # and list.index would call DominoId.__eq__ on every one before the match.
        slot = 0
        for found in line:
            if found is domino:
                break
            slot += 1
        else:
            slot = line.index(domino)
        game.next_kings[slot] = action.king

    def apply_and_report(self, game: Game, step: Step, action: Action) -> None:
        """``apply``, then ``kd_after_claim`` (see ``PlaceHandler.apply_and_report``)."""
        ClaimHandler.apply(self, game, step, action)
        assert isinstance(action, Claim)
        game.hooks.kd_after_claim(game=game, seat=step.seat, action=action)


class OfferHolder(ClaimRule):
    """A king takes a domino only from an offer open to its seat (a hand is its
    holder's alone): the core's claim rule of every market of offers."""

    id = "core.offer"
    description = "A king picks only from the offers open to its seat."

    def check(self, game: Game, seat: int, king: int, slot: int) -> str | None:
        offer = game.offer_of(game.next_line[slot])
        if offer is None or offer.seat is None or offer.seat == seat:
            return None
        return (
            f"domino {domino_name(game, game.next_line[slot])} is in the {offer.name}, which "
            f"{seat_name(offer.seat)} picks from, not {seat_name(seat)}"
        )
