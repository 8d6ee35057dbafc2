"""What the browser shows: a game turned into JSON-ready data.

Two parts. :func:`public_view` is what everyone at the table (and a spectator) sees:
each kingdom drawn as SVG by the same code as ``kd score --svg``, the two lines with
their kings, the scores, whose decision it is in words, the plugins' own table lines
(``kd_describe_game``) and, at the end, every score sheet and the ranking with its
tie-break. :func:`decision_view` is for the seat that decides: the legal actions with
their words and, for each, what to click (a square, a domino, a kingdom).

Words come from the same places as the terminal's (the decision's handler and the
action's ``describe()``), so a house rule's decisions appear here without browser
code. Nothing hidden is sent: not the seed, not the draw pile's order, not the
options of a seat that does not decide, and of what a plugin hides (a ``Secret``: a
hand, an objective) only what the page's seat may see: each seat gets the view of
its own seat (``public_view(..., viewer=seat)``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from kingdomino_core import (
    Action,
    Discard,
    Game,
    Place,
    PlaceCastle,
    Step,
    describe_action,
    domino_name,
    match_games,
    match_total,
    match_totals,
    view_of,
)
from kingdomino_core.engine.views import SPECTATOR, describe_game
from kingdomino_core.engine.words import describe_step, half_words, icons, mark_pieces
from kingdomino_core.i18n import package_translation
from kingdomino_core.model.components import DominoId
from kingdomino_core.model.pieces import OnDomino, Piece, TableNote, note_words
from kingdomino_core.saves.savegame import PlayerEntry
from kingdomino_core.saves.serialize import action_to_dict
from kingdomino_play import SEAT_COLOURS, game_kingdom_svg, move_words, name_seats, ranking_json

_ = package_translation("kingdomino_web")
_n = _.ngettext
_l = _.lazy

#: The words of the score lines' kinds and of the ranking's values and tie-breaks the
#: shipped rules use (ids in the JSON); another plugin's id is shown as it is written.
KIND_WORDS = {
    "property": _l("property"),
    "bonus": _l("bonus"),
    "caveman": _l("cro-magnon"),
    "character": _l("character"),
    "giants": _l("giants"),
    "horde": _l("horde"),
    "quest": _l("quest"),
    "resources": _l("resources"),
    "totem": _l("totem"),
}
VALUE_WORDS = {
    "total": _l("total"),
    "largest_property": _l("largest property"),
    "crowns": _l("crowns"),
    "match_total": _l("match total"),
}


def id_words(words: dict[str, Any], key: str) -> str:
    """An id of the rules (a score line's kind, a tie-break) in the reader's words."""
    return str(words.get(key, key.replace("_", " ")))


def step_words(game: Game, step: Step, names: Sequence[str]) -> str:
    """The current decision in words, as the terminal says it: who, then the step
    handler's ``describe(game, step)`` (the plugin's own words, seats named by their
    players)."""
    who = names[step.seat] if 0 <= step.seat < len(names) else _("chance")
    return f"{who}: {name_seats(describe_step(game, step), names)}"


def action_words(game: Game, step: Step, action: Action) -> str:
    """One choice in words: the handler's ``describe_action`` (as at the table)."""
    return describe_action(game, action, step)


def where_words(x: int, y: int, origin: str | None = None) -> str:
    """A square as the player sees it on the board, from the castle: ``2 left of the
    castle``, ``1 right, 1 below the castle`` (the boards show no coordinates);
    ``origin``: what ``0,0`` is (before a castle placed later: the first domino)."""
    origin = _("the castle") if origin is None else origin
    parts = []
    if x:
        parts.append((_("{n} right") if x > 0 else _("{n} left")).format(n=abs(x)))
    if y:
        parts.append((_("{n} below") if y > 0 else _("{n} above")).format(n=abs(y)))
    if not parts:
        return _("on {origin}").format(origin=origin)
    where = _("{parts} of {origin}") if not y else _("{parts} {origin}")
    return where.format(parts=", ".join(parts), origin=origin)


def squares_in_words(action: Action, words: str) -> str:
    """``words`` with the square an action names (its ``x, y`` or ``tx, ty``: Court
    tiles, Origins' cro-magnons and resources) said as the player sees it: ``onto 1,1
    (wheat)`` becomes ``onto the square 1 right, 1 below the castle (wheat)``."""
    # A castle placed later is placed from the first domino's first square (0,0).
    first = isinstance(action, PlaceCastle)
    origin = _("the first domino's first square") if first else _("the castle")
    for fx, fy in (("x", "y"), ("tx", "ty")):
        x, y = getattr(action, fx, None), getattr(action, fy, None)
        if isinstance(x, int) and isinstance(y, int):
            where = _("the square {where}").format(where=where_words(x, y, origin))
            words = re.sub(rf"(?<![\d-]){x},{y}(?!\d)", where, words)
    return words


def table_move_words(game: Game, action: Action) -> str:
    """A move for the browser's move list, in what the player sees: a placement by
    the domino's name, its halves and where each lies from the castle (``places 12:
    swamp (1 left, 1 below the castle), swamp (1 below the castle)``); any other move
    in its handler's words, as at the terminal (:func:`kingdomino_play.move_words`)."""
    if not isinstance(action, Place):
        return squares_in_words(action, move_words(game, action))
    try:
        if not game.config.castle_at_start and _before_castle(game, action):
            halves = f"{half_words(game, action.domino, 0)}, {half_words(game, action.domino, 1)}"
            said = _("places {domino}: {halves} (before the castle)")
            return said.format(domino=domino_name(game, action.domino), halves=halves)
        d = action.direction
        first = f"{half_words(game, action.domino, 0)} ({where_words(action.x, action.y)})"
        second = half_words(game, action.domino, 1)
        second += f" ({where_words(action.x + d.dx, action.y + d.dy)})"
        said = _("places {domino}: {first}, {second}")
        return said.format(domino=domino_name(game, action.domino), first=first, second=second)
    except Exception:  # words must never stop a move
        return move_words(game, action)


def _before_castle(game: Game, action: Place) -> bool:
    """Whether ``action`` is (or was) played before its seat's castle was placed (a
    house rule placing castles later: its coordinates are not from a castle)."""
    kingdom = game.config.kingdom_of(action.seat)
    for done in game.log:
        if done == action:
            return True
        if isinstance(done, PlaceCastle) and game.config.kingdom_of(done.seat) == kingdom:
            return False
    return not game.kingdoms[kingdom].has_castle  # being played now


def domino_view(game: Game, domino: DominoId) -> dict[str, Any]:
    """A domino: its ``id`` (as in saves and actions), the ``name`` people see (its
    printed label, such as Age of Giants' ``A``, else the number) and its two halves:
    terrain name, colour, letter, crowns, printed ``marks`` as pieces (Origins'
    craters) and the half in ``words``."""
    dom = game.domino(domino)
    terrains = game.engine.registry.terrains
    halves = []
    pairs = ((dom.terrain_a, dom.crowns_a), (dom.terrain_b, dom.crowns_b))
    for half, ((t, crowns), square) in enumerate(zip(pairs, dom.domino.squares, strict=True)):
        terrain = terrains[t]
        marks = mark_pieces(game.engine, square)
        halves.append(
            {
                "terrain": terrain.name,
                "colour": terrain.colour,
                "letter": terrain.letter,
                "crowns": crowns,
                "marks": [
                    {"symbol": m.symbol, "words": m.words, "label": m.label, "shape": m.shape}
                    for m in marks
                ],
                "words": half_words(game, domino, half),
            }
        )
    return {"id": str(domino), "name": dom.domino.name, "halves": halves}


def _line(
    game: Game,
    dominoes: Sequence[DominoId],
    kings: Sequence[int | None],
    on: dict[str, OnDomino] | None = None,
) -> list[dict[str, Any]]:
    out = []
    for domino, king in zip(dominoes, kings, strict=True):
        entry = domino_view(game, domino)
        entry["king"] = king
        entry["seat"] = None if king is None else game.owner(king)
        lying = (on or {}).get(str(domino))
        if lying is not None:  # tokens on its halves, a mark on the whole (TableNote)
            entry["on"] = {
                "halves": [
                    None if p is None else piece_view(p) for p in (lying.first, lying.second)
                ],
                "whole": None if lying.whole is None else piece_view(lying.whole),
            }
        out.append(entry)
    return out


def piece_view(piece: Piece) -> dict[str, str]:
    """A piece as the page draws it: its shape, the label written on it, its words."""
    return {"shape": piece.shape, "label": piece.label, "words": piece.words}


def _on_dominoes(notes: Sequence[str | TableNote]) -> dict[str, OnDomino]:
    """The pieces the plugins' notes lay on dominoes of the lines, by domino id."""
    found: dict[str, OnDomino] = {}
    for note in notes:
        if isinstance(note, TableNote):
            for lying in note.on_dominoes:
                found.setdefault(str(lying.domino), lying)
    return found


def _drawn_on_dominoes(note: TableNote, on: dict[str, OnDomino], shown: set[str]) -> bool:
    """Whether every piece ``note`` lays on dominoes is drawn on one the page shows
    (``shown``, by id), as :func:`_line` draws them (``on``: the first note's pieces
    on each domino): then the pictures say it all, and the note is not listed."""
    return bool(note.on_dominoes) and all(
        str(lying.domino) in shown and on.get(str(lying.domino)) is lying
        for lying in note.on_dominoes
    )


def public_view(
    game: Game,
    players: Sequence[PlayerEntry],
    svg_cache: dict[int, Any] | None = None,
    viewer: int | None = SPECTATOR,
) -> dict[str, Any]:
    """Everything on the table that ``viewer`` may see (a seat, or ``SPECTATOR``:
    the public information): drawn from the viewer's view of the game (``view_of``),
    which is the game itself, the same for everyone, when no plugin hides anything.
    ``svg_cache``: a dict kept between calls for one game and viewer, so unchanged
    kingdoms are not redrawn."""
    game = view_of(game, viewer)
    names = [p.name for p in players]
    config = game.config
    sheets = game.scores()
    kingdoms = []
    for k, sheet in enumerate(sheets):
        kingdom = game.kingdoms[k]
        kingdoms.append(
            {
                "index": k,
                "seats": list(config.seats_of(k)),
                "score": sheet.total,
                "score_words": _n("{n} point", "{n} points", sheet.total).format(n=sheet.total),
                "match_score": match_total(game, k, sheet.total) if game.match_sheets else None,
                "discarded": [str(d) for _s, d in kingdom.discards],
                "discarded_names": [domino_name(game, d) for _s, d in kingdom.discards],
                "svg": game_kingdom_svg(game, k, sheet, svg_cache),
                # Each domino placed, on which squares (the page moves it there).
                "placed": [
                    {"domino": str(d), "squares": [list(kingdom.board.xy(c)) for c in (a, b)]}
                    for _seat, d, a, b in kingdom.placements
                ],
            }
        )
    step = game.step
    current = None
    if step is not None and step.seat >= 0:
        current = {
            "seat": step.seat,
            "kind": step.kind,
            "king": step.king if step.king >= 0 else None,
            "domino": None if step.domino is None else domino_view(game, step.domino),
            "kingdom": config.kingdom_of(step.seat),
            "words": step_words(game, step, names),
        }
    notes = describe_game(game, viewer)
    info = [name_seats(note_words(note), names) for note in notes]
    on_line = _on_dominoes(notes)
    shown = {str(d) for d in (*game.line, *game.next_line)}
    view: dict[str, Any] = {
        "ruleset": game.engine.ruleset.name,
        "description": game.engine.ruleset.description,
        "players": [
            {"name": p.name, "agent": p.agent, "colour": SEAT_COLOURS[i % len(SEAT_COLOURS)]}
            for i, p in enumerate(players)
        ],
        "game_number": game.game_number,
        "games": config.games,
        "moves": len(game.log),
        "kingdoms": kingdoms,
        "line": _line(game, game.line, game.line_kings, on_line),
        "next_line": _line(game, game.next_line, game.next_kings, on_line),
        "offers": offers_view(game, on_line),
        "current": current,
        "info": info,
        # The plugins' notes as pictures (TableNote): their pieces, each with its words,
        # in a row; or laid on the lines' dominoes, where each piece is drawn (and its
        # words shown on hover or tap): the page lists such a note no more.
        "notes": [
            {
                "words": text,
                "pieces": [piece_view(p) for p in note.pieces],
                "on_dominoes": _drawn_on_dominoes(note, on_line, shown),
            }
            for note, text in zip(notes, info, strict=True)
            if isinstance(note, TableNote)
            and (note.pieces or _drawn_on_dominoes(note, on_line, shown))
        ],
        # What the rules call a crown ("crown", or Origins' "fire"): drawn the same as
        # in the kingdoms' boards.
        "icon": game.engine.registry.icon_words[0],
        "finished": game.is_terminal(),
        "result": end_view(game, sheets) if game.is_terminal() else None,
    }
    return view


def offers_view(game: Game, on: dict[str, OnDomino] | None = None) -> list[dict[str, Any]]:
    """The market offer by offer (``Game.offers``): its name in the players' words,
    the seat that alone picks from it (a hand) or None, and its dominoes with their
    kings and what lies on them (``on``), as ``next_line`` shows them: the page draws
    each offer as its own row."""
    out, start = [], 0
    for offer in game.offers:
        end = start + len(offer.dominoes)
        dominoes = _line(game, game.next_line[start:end], game.next_kings[start:end], on)
        out.append({"name": offer.name, "seat": offer.seat, "dominoes": dominoes})
        start = end
    return out


def end_view(game: Game, sheets: Sequence[Any]) -> dict[str, Any]:
    """Score sheets with their breakdown, the ranking with the deciding tie-breaks,
    the winners (none when the rules say nobody won) and the rules' ``verdict``."""
    ranking = game.ranking(list(sheets))
    out: dict[str, Any] = {
        "sheets": [
            {
                "kingdom": s.kingdom,
                "total": s.total,
                "lines": [
                    {
                        "kind": line.kind,
                        "name": line.name,
                        "terrain": line.terrain,
                        "squares": line.squares,
                        "crowns": line.crowns,
                        "points": line.points,
                        "words": _line_words(game, line),
                        "kind_words": id_words(KIND_WORDS, line.kind),
                    }
                    for line in s.lines
                ],
            }
            for s in sheets
        ],
        "ranking": [_place_words(place) for place in ranking_json(game, ranking)],
        # Empty when nobody won (a solo target missed); the rules' words in "verdict".
        "winners": list(game.winners(ranking)),
        "verdict": ranking.verdict,
        "seed": game.seed,
    }
    if game.match_sheets:
        current = [s.total for s in sheets]
        out["match"] = {"games": match_games(game, current), "totals": match_totals(game, current)}
    return out


def _line_words(game: Game, line: Any) -> str:
    """A score sheet line in words, in the rules' own words for the icons: ``lake:
    3 squares × 2 crowns``, ``desert: 7 squares × 8 fire`` (Origins); other lines by
    name."""
    if line.kind != "property":
        return str(line.name)
    return _n(
        "{terrain}: {n} square × {icons}", "{terrain}: {n} squares × {icons}", line.squares
    ).format(terrain=line.terrain, n=line.squares, icons=icons(game, line.crowns))


def _place_words(place: dict[str, Any]) -> dict[str, Any]:
    """A place of the ranking (its ids as the JSON has them) and its values and
    tie-break in words: ``values_words`` ("total 52, largest property 9"),
    ``decided_by_words``."""
    values = place.get("values") or {}
    place["values_words"] = _(", ").join(
        _("{what} {value}").format(what=id_words(VALUE_WORDS, k), value=v)
        for k, v in values.items()
    )
    if "decided_by" in place:
        place["decided_by_words"] = id_words(VALUE_WORDS, place["decided_by"])
    return place


def _target(action: Action, step: Step, game: Game) -> dict[str, Any] | None:
    """What to click for ``action``: a square of a kingdom, a domino or a kingdom."""
    seat = step.seat
    kingdom = game.config.kingdom_of(seat) if seat >= 0 else None
    fields = getattr(type(action), "__attrs_attrs__", ())
    names = {f.name for f in fields}
    if isinstance(action, Place):
        return None  # placements have their own control
    if action.kind == "claim":
        return {"domino": str(action.domino)}  # type: ignore[attr-defined]
    if {"tx", "ty"} <= names:
        return {"kingdom": kingdom, "x": action.tx, "y": action.ty}  # type: ignore[attr-defined]
    if {"x", "y"} <= names:
        return {"kingdom": kingdom, "x": action.x, "y": action.y}  # type: ignore[attr-defined]
    if "kingdom" in names and isinstance(getattr(action, "kingdom", None), int):
        return {"kingdom": action.kingdom}  # type: ignore[attr-defined]
    return None


def decision_view(game: Game, names: Sequence[str] = ()) -> dict[str, Any] | None:
    """The legal choices of the seat deciding now (None when chance or the end);
    ``names``: the players', put where the plugins' words name seats (``P2's kingdom``)."""
    step = game.step
    if step is None or step.seat < 0:
        return None
    actions = game.legal_actions()
    choices = []
    placements: dict[str, list[list[int]]] = {}
    for i, action in enumerate(actions):
        if isinstance(action, Place):
            placements.setdefault(action.direction.name, []).append([action.x, action.y])
            continue
        entry: dict[str, Any] = {
            "i": i,
            "words": name_seats(squares_in_words(action, action_words(game, step, action)), names),
            "action": action_to_dict(action),
            "target": _target(action, step, game),
        }
        if isinstance(action, Discard):
            entry["discard"] = True
        choices.append(entry)
    out: dict[str, Any] = {"seat": step.seat, "kind": step.kind, "choices": choices}
    if step.kind == "place" and step.domino is not None:
        out["place"] = {
            "domino": domino_view(game, step.domino),
            "kingdom": game.config.kingdom_of(step.seat),
            "placements": placements,
            # Two identical halves: the engine lists its placements facing E and S only
            # (facing W or N is the same placement, docs/api.md "Symmetric dominoes").
            "symmetric": game.engine.deck[step.domino].symmetric,
        }
    return out


def decision_moves(decision: dict[str, Any]) -> list[dict[str, Any]]:
    """Every move a ``decision`` view (:func:`decision_view`, as the API sends it)
    offers, as the action dicts ``act`` takes: its choices, then each placement.

    For scripts that play over the API (the load benchmark, the tests' scripted
    humans): any of these is legal.
    """
    moves: list[dict[str, Any]] = [c["action"] for c in decision["choices"]]
    place = decision.get("place")
    if place:
        for direction, squares in place["placements"].items():
            for x, y in squares:
                moves.append(
                    {
                        "kind": "place",
                        "seat": decision["seat"],
                        "domino": place["domino"]["id"],
                        "x": x,
                        "y": y,
                        "direction": direction,
                    }
                )
    return moves


def undo_notice(name: str, taken: Sequence[str]) -> str:
    """What every page says after an undo: who took back which decision (its words,
    as the move list had them), and how many moves played since went with it; in the
    language of the moment (the move list's words are shown in it too)."""
    if not taken:
        return _("{name} took back their last decision.").format(name=name)
    first = str(taken[0]).removeprefix(f"{name}: ")
    since = len(taken) - 1
    if not since:
        return _("{name} took back their last decision: {move}.").format(name=name, move=first)
    return _n(
        "{name} took back their last decision: {move} (and the {n} move played since).",
        "{name} took back their last decision: {move} (and the {n} moves played since).",
        since,
    ).format(name=name, move=first, n=since)
