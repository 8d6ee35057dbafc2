"""Actions to and from JSON-ready dicts (logs, saves, replays), through cattrs.

An action becomes ``{"kind": "place", "seat": 0, "domino": "17", "x": 1, "y": 0,
"direction": "E"}``. Domino ids are written ``"17"`` (box 1) or ``"2:17"``; the
``kind`` tag selects the class among the registered action classes, so plugin
actions round-trip too.
"""

from __future__ import annotations

from typing import Any

import cattrs

from ..engine.registry import Registry
from ..errors import ReplayError
from ..i18n import get_translation
from ..inputs.strict import TypeMismatch, dotted, problems, strict_converter
from ..model.actions import Action
from ..model.components import DominoId
from ..model.geometry import Direction

_ = get_translation("kingdomino_core")


def make_converter() -> cattrs.Converter:
    # Strict: a save saying "x": 0.6 or "seat": true is corrupt, not x=0 or seat 1.
    conv = strict_converter()
    conv.register_unstructure_hook(DominoId, str)
    conv.register_structure_hook(DominoId, lambda v, _: _domino_id(v))
    conv.register_unstructure_hook(Direction, lambda d: d.name)
    conv.register_structure_hook(Direction, lambda v, _: _direction(v))
    return conv


def _direction(value: Any) -> Direction:
    if isinstance(value, str) and value in Direction.__members__:
        return Direction[value]
    raise TypeMismatch(_("expected one of E, S, W, N, not {value!r}").format(value=value))


def _domino_id(value: Any) -> DominoId:
    if isinstance(value, int) and not isinstance(value, bool):
        return DominoId(number=value)
    if isinstance(value, str):
        try:
            return DominoId.parse(value)
        except ValueError:
            pass
    raise TypeMismatch(
        _("expected a domino id such as '17' or '2:17', not {value!r}").format(value=value)
    )


_converter = make_converter()


def action_to_dict(action: Action) -> dict[str, Any]:
    """``action`` as a JSON-ready dict: its ``kind`` and its fields (saves, the JSON log)."""
    data = _converter.unstructure(action)
    return {"kind": action.kind, **data}


def action_from_dict(data: Any, registry: Registry) -> Action:
    """Read an action back; raise ``ReplayError`` naming the problem on bad data."""
    if not isinstance(data, dict) or "kind" not in data:
        raise ReplayError(
            _("an action must be an object with a 'kind', not {value!r}").format(value=data)
        )
    kind = data["kind"]
    if not isinstance(kind, str):
        raise ReplayError(
            _("an action's 'kind' must be a string, not {value!r}").format(value=kind)
        )
    cls = registry.actions.get(kind)
    if cls is None:
        raise ReplayError(
            _("unknown action kind {kind!r}; known: {known}").format(
                kind=kind, known=", ".join(sorted(registry.actions))
            )
        )
    fields = {k: v for k, v in data.items() if k != "kind"}
    try:
        return _converter.structure(fields, cls)
    except Exception as exc:
        found = "; ".join(f"{dotted(path)}: {msg}" for path, msg in problems(exc, (kind,)))
        raise ReplayError(
            _("bad {kind!r} action {action!r}: {problem}").format(
                kind=kind, action=data, problem=found
            )
        ) from None
