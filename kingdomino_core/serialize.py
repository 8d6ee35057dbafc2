"""Actions to and from JSON-ready dicts (logs, saves, replays), through cattrs.

An action becomes ``{"kind": "place", "seat": 0, "domino": "17", "x": 1, "y": 0,
"direction": "E"}``. Domino ids are written ``"17"`` (box 1) or ``"2:17"``; the
``kind`` tag selects the class among the registered action classes, so plugin
actions round-trip too.
"""

from __future__ import annotations

from typing import Any

import cattrs

from .actions import Action
from .components import DominoId
from .errors import ReplayError
from .geometry import Direction
from .registry import Registry


def make_converter() -> cattrs.Converter:
    conv = cattrs.Converter(forbid_extra_keys=True)
    conv.register_unstructure_hook(DominoId, str)
    conv.register_structure_hook(DominoId, lambda v, _: _domino_id(v))
    conv.register_unstructure_hook(Direction, lambda d: d.name)
    conv.register_structure_hook(Direction, lambda v, _: Direction[v])
    return conv


def _domino_id(value: Any) -> DominoId:
    if isinstance(value, int) and not isinstance(value, bool):
        return DominoId(number=value)
    if isinstance(value, str):
        try:
            return DominoId.parse(value)
        except ValueError:
            pass
    raise ValueError(f"expected a domino id such as '17' or '2:17', not {value!r}")


_converter = make_converter()


def action_to_dict(action: Action) -> dict[str, Any]:
    data = _converter.unstructure(action)
    return {"kind": action.kind, **data}


def action_from_dict(data: Any, registry: Registry) -> Action:
    """Read an action back; raise ``ReplayError`` naming the problem on bad data."""
    if not isinstance(data, dict) or "kind" not in data:
        raise ReplayError(f"an action must be an object with a 'kind', not {data!r}")
    kind = data["kind"]
    cls = registry.actions.get(kind)
    if cls is None:
        raise ReplayError(
            f"unknown action kind {kind!r}; known: {', '.join(sorted(registry.actions))}"
        )
    fields = {k: v for k, v in data.items() if k != "kind"}
    try:
        return _converter.structure(fields, cls)
    except Exception as exc:
        msgs = cattrs.transform_error(exc, path=kind) if isinstance(exc, Exception) else [str(exc)]
        raise ReplayError(f"bad {kind!r} action {data!r}: {'; '.join(msgs)}") from None
